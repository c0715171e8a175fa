"""What a Finish Line player may see (spec §9), as typed data.

Horses are tile ids (1–24); colours are "white", "green", "black", "red", "yellow".
Secrets are hidden as ``None``: another seat's money during a race (R44), and every
slip but the viewer's own until settlement.

    >>> from pygames.finish_line import GAME
    >>> s = GAME.new_state(["Ann", "Ben"])
    >>> v = s.view(None)
    >>> v["phase"], v["race"], v["pool_size"], v["race_running"]
    ('start', 1, 23, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from ..core.view import BaseView, ViewParts, view_of_parts, whole_view
from .data import FACES, FIELDS, HORSES_PER_RACE, NAME, ODDS, RACES, TILE_IDS, TYPE

if TYPE_CHECKING:
    from .state import FinishLineState

Colour = Literal["white", "green", "black", "red", "yellow"]
HorseType = Literal["F", "S", ""]
"""Favourite, sprinter or plain (spec §1.2)."""


class DieOnTile(TypedDict):
    colour: Colour
    face: str  # a face id of spec §1.4, e.g. "HORSESHOE"


class HandDie(TypedDict):
    colour: Colour
    face: str | None  # None until rolled


class Horse(TypedDict):
    """A horse still in the race."""

    horse: int
    name: str
    type: HorseType
    fields: int  # free dice fields on the tile
    slot: int  # start slot 1–7 (s1 = back)
    odds: int  # win multiplier, fixed by the start slot (R2)
    rank: int  # 1 = leader; a level pair both have rank 1
    dice: list[DieOnTile]


class StartSlot(TypedDict):
    """A horse of the lineup by start slot (disqualified horses, results)."""

    horse: int
    slot: int
    odds: int


class WinLine(TypedDict):
    horse: int
    amount: int
    odds: int | None  # None until the lineup is complete


class PlaceLine(TypedDict):
    horses: list[int]  # [a, b], a < b
    amount: int
    odds: int | None  # sum of both horses' odds; None until the lineup is complete


class Slip(TypedDict):
    """The viewer's own bet slip of this race."""

    win: list[WinLine]
    place: list[PlaceLine]
    stake: int  # total on the slip
    left: int | None  # money still free to stake (betting only)


class SettledWin(TypedDict):
    horse: int
    amount: int
    odds: int
    payout: int


class SettledPlace(TypedDict):
    horses: list[int]
    amount: int
    odds: int
    payout: int


class Bonus(TypedDict):
    horse: int
    kind: Literal["win", "place"]
    amount: int


class SettledSlip(TypedDict):
    win: list[SettledWin]
    place: list[SettledPlace]
    bonuses: list[Bonus]
    stake: int
    payout: int


class Outsider(TypedDict):
    horse: int
    amount: int


class RaceResult(TypedDict):
    """One settled race (saved in the state as it is shown)."""

    race: int
    lineup: list[StartSlot]
    finish: list[int]  # horses first → last (disqualified ones not listed)
    winner: int
    second: int
    photo: list[list[int]]  # photo-finish rolls [upper, lower], in order
    outsiders: list[Outsider]
    slips: list[SettledSlip]  # per seat, revealed
    money: list[int]  # per seat after settlement
    grant: int  # paid to everyone before the next race (0 after race 3)


class FinishLineView(BaseView[RaceResult]):
    options: dict[str, bool]  # the variant switches
    race: int  # 1–3
    races: int  # 3
    race_running: bool  # stakes are down and slips hidden: dice phase to photo finish
    start_player: int | None  # of this race (None before CH-START)
    money: list[int | None]  # per seat; another seat's is None while a race runs (R44)
    ledger: list[int]  # side-bet balance per seat (public)
    odds: list[int]  # this race's odds row by start slot s1…s7
    row: list[Horse]  # horses in the race, back → front
    ranks: dict[str, int]  # str(horse) → rank
    names: dict[str, str]  # str(horse) → name, every tile (results name past races' horses)
    nn: bool  # the last two horses of ``row`` are level (upper, lower)
    nn_used: bool  # neck and neck was resolved this race
    lineup: list[int]  # horses by start slot, disqualified ones included
    place_odds: dict[str, int]  # "a-b" (a < b) → what a place bet pays; {} before lineup
    disqualified: list[StartSlot]
    faces: dict[str, list[str]]  # colour → the six sides of its die (spec §1.3), in order
    pool: dict[str, int]  # colour → dice to take, in colour order
    removed: dict[str, int]  # colour → dice in the removed area
    out_of_game: dict[str, int]  # colour → dice out for the whole game (2 players)
    pool_size: int
    home_stretch: bool  # yellow may be taken now (pool of 7 or fewer)
    locked: list[Colour]  # colours the pool may not give out yet (R8: yellow before it)
    hand: list[HandDie]  # the passed or rolled dice
    hand_player: int | None  # the seat holding them (None when there are none)
    takeable: list[Colour]  # colours the player to act may take (T3 applied), else []
    held: list[int]  # EXTRA_TURN dice held per seat
    extra_queue: list[int]  # seat per extra-turn die still to resolve, in order
    turn_number: int  # turns begun this race
    last_turn: int | None  # seat of the final turn of the dice phase
    slip_open: int | None  # seat entering a slip (betting only)
    slips_done: int | None  # slips confirmed (betting only)
    slip_confirmed: list[bool]  # per seat, during betting
    slip: Slip | None  # the viewer's own slip (None for the public table and at the end)
    photo: list[list[int]]  # this race's photo-finish rolls [upper, lower]
    unused_tiles: int  # tiles never drawn so far
    totals: list[int] | None  # money + ledger per seat once the game is over


_NAMES = {str(h): NAME[h] for h in TILE_IDS}
_FACES = {c: [f for f, k in sides for _ in range(k)] for c, sides in FACES.items()}
_PLACE_ODDS: dict[tuple[int, tuple[int, ...]], dict[str, int]] = {}


def _place_odds(state: FinishLineState) -> dict[str, int]:
    """The odds of every place pair of a complete lineup, worked out once per lineup
    (a race's odds never change once its lineup is complete)."""
    key = (state.race, tuple(state.lineup))
    odds = _PLACE_ODDS.get(key)
    if odds is None:
        if len(_PLACE_ODDS) >= 1_000:  # bounds a long session's memory
            _PLACE_ODDS.clear()
        odds = _PLACE_ODDS[key] = {
            f"{a}-{b}": state.pair_odds(a, b) for a, b in combinations(sorted(state.lineup), 2)
        }
    return dict(odds)


def _money(state: FinishLineState, viewer: int | None) -> list[int | None]:
    running = state.race_running()
    return [m if not running or s == viewer else None for s, m in enumerate(state.money)]


def _row(state: FinishLineState, viewer: int | None) -> list[Horse]:
    ranks = state.ranks()
    odds = ODDS[state.race]
    slot = {h: i + 1 for i, h in enumerate(state.lineup)}
    return [
        {
            "horse": h,
            "name": NAME[h],
            "type": HORSE_TYPES[h],
            "fields": FIELDS[h],
            "slot": slot[h],
            "odds": odds[slot[h] - 1],  # as state.odds_of(h)
            "rank": ranks[h],
            "dice": [{"colour": colour(c), "face": f} for c, f in on],
        }
        for h, on in zip(state.row, state.dice, strict=True)
    ]


def _lineup_done(state: FinishLineState) -> bool:
    return len(state.lineup) == HORSES_PER_RACE


def _disqualified(state: FinishLineState, viewer: int | None) -> list[StartSlot]:
    if not _lineup_done(state):
        return []
    odds = ODDS[state.race]
    return [
        {"horse": h, "slot": i + 1, "odds": odds[i]}
        for i, h in enumerate(state.lineup)
        if h not in state.row
    ]


def _slip(state: FinishLineState, viewer: int | None) -> Slip | None:
    if viewer is None or not 0 <= viewer < state.n or state.is_terminal():
        return None
    lineup_done = _lineup_done(state)
    own = state.slips[viewer]
    stake = sum(a for _, a in own["win"]) + sum(a for _, a in own["place"])
    return {
        "win": [
            {"horse": h, "amount": a, "odds": state.odds_of(h) if lineup_done else None}
            for h, a in own["win"]
        ],
        "place": [
            {
                "horses": list(p),
                "amount": a,
                "odds": state.pair_odds(p[0], p[1]) if lineup_done else None,
            }
            for p, a in own["place"]
        ],
        "stake": stake,
        "left": state.money[viewer] - stake if state.is_betting() else None,
    }


def _slip_confirmed(state: FinishLineState, viewer: int | None) -> list[bool]:
    betting, n = state.is_betting(), state.n
    return [betting and (s - state.start_player) % n < state.slips_done for s in range(n)]


PARTS: ViewParts[FinishLineState] = {
    "options": lambda s, v: {k: bool(x) for k, x in s.options.items()},
    "race": lambda s, v: s.race,
    "races": lambda s, v: RACES,
    "race_running": lambda s, v: s.race_running(),
    "start_player": lambda s, v: None if s.phase == "start" else s.start_player,
    "money": _money,
    "ledger": lambda s, v: list(s.ledger),
    "odds": lambda s, v: list(ODDS[s.race]),
    "row": _row,
    "ranks": lambda s, v: {str(h): r for h, r in s.ranks().items()},
    "names": lambda s, v: dict(_NAMES),
    "nn": lambda s, v: s.nn,
    "nn_used": lambda s, v: s.nn_used,
    "lineup": lambda s, v: list(s.lineup),
    "place_odds": lambda s, v: _place_odds(s) if _lineup_done(s) else {},
    "disqualified": _disqualified,
    "faces": lambda s, v: {c: list(faces) for c, faces in _FACES.items()},
    "pool": lambda s, v: dict(s.pool),
    "removed": lambda s, v: dict(s.removed),
    "out_of_game": lambda s, v: dict(s.out),
    "pool_size": lambda s, v: s.pool_size(),
    "home_stretch": lambda s, v: s.home_stretch(),
    "locked": lambda s, v: [colour(c) for c in s.locked_colours()],
    "hand": lambda s, v: [{"colour": colour(c), "face": f} for c, f in s.hand],
    "hand_player": lambda s, v: s.hand_seat if s.hand else None,
    "takeable": lambda s, v: [colour(c) for c in s.offered_colours()],
    "held": lambda s, v: list(s.held),
    "extra_queue": lambda s, v: list(s.extra_queue),
    "turn_number": lambda s, v: s.turns,
    "last_turn": lambda s, v: s.last_turn,
    "slip_open": lambda s, v: s.turn if s.is_betting() else None,
    "slips_done": lambda s, v: s.slips_done if s.is_betting() else None,
    "slip_confirmed": _slip_confirmed,
    "slip": _slip,
    "photo": lambda s, v: [list(rolls) for rolls in s.photo],
    "unused_tiles": lambda s, v: len(TILE_IDS) - len(s.drawn),
    "totals": lambda s, v: [int(t) for t in s.scores()] if s.is_terminal() else None,
}
"""How each entry of the view after :meth:`State.base_view`'s is built, so that a
computer player can ask for just the few it reads (:func:`view_part`)."""


def build_view(state: FinishLineState, viewer: int | None) -> FinishLineView:
    """``viewer``'s view of ``state`` (``None``: the public table); fresh data."""
    return cast("FinishLineView", whole_view(state, viewer, PARTS))


def view_part(state: FinishLineState, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
    """Only ``keys`` of ``build_view(state, viewer)``, built by the same parts."""
    return view_of_parts(state, viewer, PARTS, keys)


def colour(name: str | None) -> Colour:
    """A colour name as the view's literal type (the state keeps plain text)."""
    match name:
        case "white" | "green" | "black" | "red" | "yellow":
            return name
    raise ValueError(f"no dice colour {name!r}")


def horse_type(horse: int) -> HorseType:
    match TYPE[horse]:
        case "F":
            return "F"
        case "S":
            return "S"
    return ""


HORSE_TYPES: dict[int, HorseType] = {h: horse_type(h) for h in TILE_IDS}
"""Each tile's type as the view says it (the rows of a view are built often)."""
