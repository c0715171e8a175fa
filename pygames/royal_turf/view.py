"""What a Royal Turf player may see: the view's schema and the function that builds it.

The tables and the computer player read only this view. Everything in it is fresh
data: editing a view never changes the game.

>>> from pygames.royal_turf import GAME
>>> state = GAME.new_state(["Ann", "Ben"], {"hidden_bets": True})
>>> view = state.view(None)
>>> view["hidden_bets"], view["race"], view["betting_rounds"], view["horses"][0]["id"]
(True, 1, 4, 'earl_grey')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypedDict, cast

from ..core.view import BaseView, ViewParts, view_of_parts, whole_view
from .data import CARDS, HORSES, LAST_PENALTY, ODDS, PACE_BONUS, RACES, multiplier

if TYPE_CHECKING:
    from .state import RoyalTurfState


class Landing(TypedDict):
    """Where a horse would end up if it moved with the current roll (rule P12)."""

    value: int  # squares its card gives for the symbol rolled
    to: int | None  # the field it lands on; None: it crosses the finish line
    blocked: bool  # stopped short of its target by other horses (to == its field: it stays)


class HorseView(TypedDict):
    """One of the seven horses, in the canonical order."""

    id: str  # horse id, e.g. "earl_grey"
    card: str | None  # its card this race ("EG1"), None before it is revealed
    values: dict[str, int] | None  # squares per symbol on that card
    field: int | None  # field on the track; None before the reveal or once finished
    rank: int | None  # 1, 2 or 3 once it has finished this race
    moved: bool  # has had its move in the current cycle
    eligible: bool  # may be moved in this race turn (on the track, not yet moved)
    landing: Landing | None  # after a roll, for a horse that may move now
    odds_column: int | None  # odds-table column it pays from (1..5); None: no bets or hidden


class ChipView(TypedDict):
    """A chip on a horse's betting space; the value is hidden from others in the variant."""

    seat: int
    chip: int | None  # None: face down (hidden bets, someone else's chip)


class SupplyView(TypedDict):
    """The chips a seat still holds."""

    count: int
    chips: list[int] | None  # sorted values; None: hidden from this viewer


class PayoutRecord(TypedDict):
    """One payment to or from a seat at the end of a race."""

    seat: int
    horse: str
    reason: str  # "place1", "place2", "place3", "pacemaker" or "last"
    amount: int  # negative for the last horse's penalty
    chip: int


class RaceResult(TypedDict):
    """A finished race (kept in the state and shown to everyone)."""

    race: int
    places: list[str]  # the three finishers in order
    pacemaker: str
    last: str
    bets: dict[str, list[list[int]]]  # horse -> [[seat, chip], ...], revealed
    payouts: list[PayoutRecord]
    money: list[int]  # every seat's money after the payouts
    cards: dict[str, str]  # horse -> card it ran with


class RoyalTurfView(BaseView[RaceResult]):
    """The table as ``viewer`` sees it (``None``: the public table)."""

    hidden_bets: bool  # the hidden-bets variant is on
    race: int  # 1..races
    races: int
    multiplier: int  # 2 in the last race, else 1
    pace_bonus: int  # per bet on the pacemaker this race (multiplier included)
    last_penalty: int  # per bet on the last horse this race (multiplier included)
    start_player: int | None  # who bet first this race (during betting and racing)
    betting_round: int | None  # 1.. during betting
    betting_rounds: int
    money: list[int]
    horses: list[HorseView]
    pacemaker: str | None  # horse that took the pace tile this race
    roll: str | None  # symbol rolled this race turn, before the horse is moved
    bets: dict[str, list[ChipView]]  # horse -> chips in the order placed
    bet_totals: dict[str, int] | None  # bets per horse; None while chips are face down
    supply: list[SupplyView]
    unused_cards: list[str]  # cards not yet run with in this game
    odds: dict[str, list[int]]  # place "1".."3" -> payout per bet by column (before doubling)


def _horses(state: RoyalTurfState, viewer: int | None) -> list[HorseView]:
    show_values = not state.hidden
    totals = state.bet_totals() if show_values else {}
    movable = set(state.eligible()) if state.phase == "race" else set()
    horses: list[HorseView] = []
    for h in HORSES:
        card = state.cards.get(h)
        eligible = h in movable
        horses.append(
            {
                "id": h,
                "card": card,
                "values": dict(CARDS[card][1]) if card else None,
                "field": state.fields.get(h),
                "rank": state.finished.index(h) + 1 if h in state.finished else None,
                "moved": h in state.moved,
                "eligible": eligible,
                "landing": state.landing(h) if eligible and state.roll else None,
                "odds_column": state.odds_column(totals[h]) if show_values else None,
            }
        )
    return horses


def _bets(state: RoyalTurfState, viewer: int | None) -> dict[str, list[ChipView]]:
    show_values = not state.hidden
    return {
        h: [
            {"seat": seat, "chip": chip if show_values or seat == viewer else None}
            for seat, chip in state.bets[h]
        ]
        for h in HORSES
    }


def _supply(state: RoyalTurfState, viewer: int | None) -> list[SupplyView]:
    show_values = not state.hidden
    return [
        {"count": len(chips), "chips": sorted(chips) if show_values or s == viewer else None}
        for s, chips in enumerate(state.supply)
    ]


def _unused_cards(state: RoyalTurfState, viewer: int | None) -> list[str]:
    used = {c for r in state.results for c in r["cards"].values()} | set(state.cards.values())
    return sorted(set(CARDS) - used)


def _racing(state: RoyalTurfState) -> bool:
    return state.phase in ("betting", "race")


PARTS: ViewParts[RoyalTurfState] = {
    "hidden_bets": lambda s, v: s.hidden,
    "race": lambda s, v: s.race,
    "races": lambda s, v: RACES,
    "multiplier": lambda s, v: multiplier(s.race),
    "pace_bonus": lambda s, v: PACE_BONUS * multiplier(s.race),
    "last_penalty": lambda s, v: LAST_PENALTY * multiplier(s.race),
    "start_player": lambda s, v: s.start_player if _racing(s) else None,
    "betting_round": lambda s, v: s.bets_placed // s.n + 1 if s.phase == "betting" else None,
    "betting_rounds": lambda s, v: s.rounds,
    "money": lambda s, v: list(s.money),
    "horses": _horses,
    "pacemaker": lambda s, v: s.pacemaker,
    "roll": lambda s, v: s.roll,
    "bets": _bets,
    "bet_totals": lambda s, v: None if s.hidden else s.bet_totals(),
    "supply": _supply,
    "unused_cards": _unused_cards,
    "odds": lambda s, v: {str(k): list(row) for k, row in ODDS.items()},
}
"""How each entry of the view after :meth:`State.base_view`'s is built, so that a
computer player can ask for just the few it reads (:func:`view_part`)."""


def build_view(state: RoyalTurfState, viewer: int | None) -> RoyalTurfView:
    """``state`` as ``viewer`` sees it: in the hidden variant, only their own chip values."""
    return cast("RoyalTurfView", whole_view(state, viewer, PARTS))


def view_part(state: RoyalTurfState, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
    """Only ``keys`` of ``build_view(state, viewer)``, built by the same parts."""
    return view_of_parts(state, viewer, PARTS, keys)


__all__ = [
    "ChipView",
    "HorseView",
    "Landing",
    "PayoutRecord",
    "RaceResult",
    "RoyalTurfView",
    "SupplyView",
    "build_view",
    "view_part",
]
