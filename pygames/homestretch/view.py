"""What a Homestretch player may see (spec §9), as typed data.

Seats are 0-based indexes into ``players``; horses are the numbers 2–12; rows are
"WIN", "PLACE", "SHOW"; colours are the spec's player colours (§1.7); money is in k.
Secrets are hidden as ``None``: another seat's draft hand and kept cards, and the
value of a face-down bet marker.

    >>> from pygames.homestretch import GAME
    >>> s = GAME.new_state(["Ann", "Ben", "Cy"], {"colours": "red,white,black"})
    >>> v = s.view(None)
    >>> v["phase"], v["colours"], v["draft"]["hand"], v["private_turn"]
    ('deal', ['red', 'white', 'black'], None, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, TypedDict, cast

from ..core.view import BaseView, ViewParts, view_of_parts, whole_view
from .data import (
    CARD_COST,
    CARD_HORSE,
    CELLS,
    FINISH,
    GROUP,
    HANDICAP_COLOUR,
    HANDICAP_TYPES,
    HORSE_NAMES,
    HORSES,
    MARKER_VALUE,
    MARKERS,
    PAYOUT,
    PLACE_NAMES,
    RACE_CARDS,
    ROWS,
    SHARE_COST,
    SQUARES,
)

if TYPE_CHECKING:
    from .state import HomestretchState

Decision = Literal[
    "draft_pick",
    "bet_order_claim",
    "place_bets",  # a betting turn: place_marker / take_back_marker / confirm_bets
    "move_choice",
    "reroll_or_stop",
    "bonus_target",
    "buy_action",
]
TieStep = Literal["share_value", "long_shots", "middles", "favourites"]
"""The tie-break steps after money, in the order P38 applies them."""


class Options(TypedDict):
    fixed_betting_order: bool  # V1
    open_bets: bool  # V2
    short_game: bool  # V3
    literal_handicaps: bool  # V4
    colours: str  # the colours chosen at setup, comma-separated; "" = by seat


class Seat(TypedDict):
    seat: int
    name: str
    colour: str
    money: int
    rank: int  # P3
    marker_limit: int  # = rank (P17)
    shares: list[str]  # card ids, public after the draft reveal (else [])
    share_value: int  # total cost of the shares (tie-break step 1)
    hand_size: int  # draft hand
    kept_count: int  # cards kept this draft (the cards themselves are secret)
    picked: bool  # picked in this draft round
    bets_submitted: bool  # this race's betting turn is confirmed
    markers_on_board: int  # submitted markers


class Horse(TypedDict):
    horse: int
    name: str
    cost: int  # share cost
    group: str  # "long shot" | "middle" | "favourite"
    position: int
    finished: int | None  # place 1–3
    handicap: str | None  # "X" | "+2" | "+4" | "+6"
    handicap_colour: str | None
    shares: dict[str, int]  # str(seat) -> shares owned


class Track(TypedDict):
    squares: int
    finish: int  # a horse at this position or beyond has finished
    lanes: list[int]


class FinishingCircle(TypedDict):
    place: int
    row: str  # the row the place pays
    horse: int | None


class RaceCard(TypedDict):
    id: str
    colour: str  # "purple" | "green"
    name: str
    purse: list[int]  # WIN, PLACE, SHOW
    handicaps: dict[str, str]  # str(horse) -> marker type


class BoardMarker(TypedDict):
    seat: int
    colour: str
    marker: str | None  # None while face down to this viewer
    value: int | None  # None while face down to this viewer


class BoardCell(TypedDict):
    horse: int
    row: str
    payout: int  # k per marker point
    markers: list[BoardMarker]


class Claim(TypedDict):
    seat: int
    choice: str  # "KEEP" | "CUT_IN_BEFORE"
    target: int | None


class Betting(TypedDict):
    default_order: list[int]  # P15
    order: list[int]  # the working order during claims, then the betting order
    claims: list[Claim]
    claim_due: int | None
    bettor: int | None
    fixed_order: bool  # V1


class MyMarker(TypedDict):
    marker: str
    value: int
    horse: int | None  # None while in hand
    row: str | None


class Card(TypedDict):
    card: str
    horse: int
    cost: int


class Draft(TypedDict):
    round: int
    deal_size: int
    ghost: bool  # a 2-player game
    ghost_hand_size: int
    pool_size: int | None  # while drafting
    hand: list[Card] | None  # the viewer's current hand; None for the public table
    kept: list[Card] | None  # the viewer's kept cards; None for the public table


class Dice(TypedDict):
    a: int
    b: int
    sum: int
    difference: int


class Moves(TypedDict):
    """Squares the rolled horse would move for each MOVE_CHOICE (P22c, plus marker added)."""

    two: int
    one_and_reroll: int


class Turn(TypedDict):
    seat: int | None  # the roller while the race runs
    colour: str | None
    start_player: int | None
    start_by: str | None  # "money" | "roll_off"
    roll: int  # rolls made this turn, 0–2
    dice: Dice | None
    pending: str | None  # "move_choice" | "reroll_or_stop" | "bonus_target"
    bonus_targets: list[int]
    bonus_squares: int | None
    moves: Moves | None  # while a move_choice is due
    turns: int  # turns begun this race


class RollOffRoll(TypedDict):
    seat: int
    a: int
    b: int
    sum: int


class RollOff(TypedDict):
    seats: list[int]  # still tied
    rolls: list[RollOffRoll]  # this round
    rounds: list[list[RollOffRoll]]  # earlier rounds


class Purchase(TypedDict):
    round: int
    seat: int
    choice: str  # "BUY_FACEUP" | "BUY_BLIND" | "PASS"
    card: str | None  # None for PASS
    horse: int | None
    price: int | None


class Buying(TypedDict):
    round: int  # 1–2 (0 before)
    order: list[int]
    due: int | None
    display: list[Card]
    stack_size: int
    stack: list[str]  # sorted card ids still in the stack (public knowledge, §9)
    blind_price: int | None  # 3 + the highest stack cost
    purchases: list[Purchase]
    removed: list[str]  # cards that left the game after buying


class PaidShare(TypedDict):
    seat: int
    shares: int
    amount: int


class PursePaid(TypedDict):
    place: int
    row: str
    horse: int
    purse: int
    shares: int  # shares of the horse in play
    paid: list[PaidShare]
    unpaid: int  # stays with the bank (nobody owns the horse)


class BetResult(TypedDict):
    seat: int
    marker: str
    value: int
    horse: int
    row: str
    place: int | None
    rate: int
    amount: int


class Gain(TypedDict):
    purse: int
    bets: int
    total: int


class RaceResult(TypedDict):
    """One finished race, as the state keeps it."""

    race: int
    card: str
    name: str
    colour: str
    purse: list[int]
    places: list[int]
    positions: dict[str, int]  # str(horse) -> position at the end
    purses: list[PursePaid]
    bets: list[BetResult]
    gains: list[Gain]  # per seat
    money: list[int]  # per seat, after the payout


class Standing(TypedDict):
    """A seat's final-ranking key (P38/P39), in the order the steps apply."""

    seat: int
    money: int
    share_value: int
    long_shots: int
    middles: int
    favourites: int


class Tie(TypedDict):
    """Seats level on money at the end, and what settled their order."""

    seats: list[int]
    money: int
    decided_by: TieStep | None  # None: still level on every step, a shared place
    ahead: list[int]  # the group's best-ranked seats


class HomestretchView(BaseView[RaceResult]):
    colours: list[str]  # per seat
    options: Options
    decision: Decision | None  # what the player to act decides; None at chance / the end
    current_colour: str | None
    race: int  # 1–4 (0 before race 1)
    races: int  # 4 (2 in V3)
    seats: list[Seat]
    track: Track
    horses: list[Horse]
    finish_order: list[int]
    finishing_circles: list[FinishingCircle]
    handicap_supply: dict[str, int]
    race_card: RaceCard | None  # this race's card
    race_stack: int  # race cards still to come (never shown)
    betting_board: list[BoardCell]  # the 33 cells, horse-major
    payouts: dict[str, dict[str, int]]  # row -> str(horse) -> rate
    betting: Betting
    my_markers: list[MyMarker] | None  # the viewer's own 5; None for the public table
    draft: Draft
    turn: Turn
    roll_off: RollOff
    buying: Buying
    standings: list[Standing]  # per seat
    ties: list[Tie]  # once the game is over (else [])


def _cards(ids: list[str]) -> list[Card]:
    return [{"card": c, "horse": CARD_HORSE[c], "cost": CARD_COST[c]} for c in ids]


def _roll(seat: int, a: int, b: int) -> RollOffRoll:
    return {"seat": seat, "a": a, "b": b, "sum": a + b}


def _me(s: HomestretchState, viewer: int | None) -> int | None:
    return viewer if viewer is not None and 0 <= viewer < s.n else None


def _bettor(s: HomestretchState) -> int | None:
    return s.order[s.bettor_index] if s.phase == "betting" else None


def _seats(s: HomestretchState, viewer: int | None) -> list[Seat]:
    ranks = s.ranks()
    return [
        {
            "seat": i,
            "name": s.players[i],
            "colour": s.colours[i],
            "money": s.money[i],
            "rank": ranks[i],
            "marker_limit": ranks[i],
            "shares": list(s.shares[i]),
            "share_value": s.share_value(i),
            "hand_size": len(s.hands[i]),
            "kept_count": len(s.kept[i]),
            "picked": s.picked[i] if s.phase in ("draft", "ghost") else False,
            "bets_submitted": s.submitted[i],
            "markers_on_board": len(s.bets[i]) if s.submitted[i] else 0,
        }
        for i in range(s.n)
    ]


def _horses(s: HomestretchState, viewer: int | None) -> list[Horse]:
    # Each seat's cards counted once, in seat order (the order of the owners' keys).
    owners_of: dict[int, dict[str, int]] = {h: {} for h in HORSES}
    for i, cards in enumerate(s.shares):
        seat = str(i)
        for c in cards:
            owners = owners_of[CARD_HORSE[c]]
            owners[seat] = owners.get(seat, 0) + 1
    horses: list[Horse] = []
    for h in HORSES:
        owners = owners_of[h]
        t = s.hcap[h]
        horses.append(
            {
                "horse": h,
                "name": HORSE_NAMES[h],
                "cost": SHARE_COST[h],
                "group": GROUP[h],
                "position": s.pos[h],
                "finished": s.place_of(h),
                "handicap": t,
                "handicap_colour": HANDICAP_COLOUR[t] if t else None,
                "shares": owners,
            }
        )
    return horses


def _board(s: HomestretchState, viewer: int | None) -> list[BoardCell]:
    # Each visible marker sorted to its cell once (seat order, then marker id), rather
    # than every cell scanning every seat's markers: the computer players ask for a
    # view at every decision of a rollout.
    me, bettor, open_bets = _me(s, viewer), _bettor(s), s.opt("open_bets")
    on_cell: dict[tuple[int, str], list[BoardMarker]] = {}
    for i in range(s.n):
        # Submitted turns are on the board for all; the bettor's own unconfirmed
        # markers only for himself.
        if not (s.submitted[i] or (i == me and i == bettor)):
            continue
        shown = open_bets or i == me
        for m, cell in sorted(s.bets[i].items()):
            on_cell.setdefault((cell[0], cell[1]), []).append(
                {
                    "seat": i,
                    "colour": s.colours[i],
                    "marker": m if shown else None,
                    "value": MARKER_VALUE[m] if shown else None,
                }
            )
    return [
        {"horse": h, "row": row, "payout": PAYOUT[row][h], "markers": on_cell.get((h, row), [])}
        for h, row in CELLS
    ]


def _my_markers(s: HomestretchState, viewer: int | None) -> list[MyMarker] | None:
    me = _me(s, viewer)
    if me is None:
        return None
    mine = s.bets[me]
    return [
        {
            "marker": m,
            "value": MARKER_VALUE[m],
            "horse": mine[m][0] if m in mine else None,
            "row": mine[m][1] if m in mine else None,
        }
        for m in MARKERS
    ]


def _race_card(s: HomestretchState, viewer: int | None) -> RaceCard | None:
    if not (s.race_cards and s.phase != "race_card" and len(s.race_cards) >= s.race):
        return None
    cid = s.race_cards[s.race - 1]
    rc = RACE_CARDS[cid]
    return {
        "id": cid,
        "colour": rc["colour"],
        "name": rc["name"],
        "purse": list(rc["purse"]),
        "handicaps": {str(h): t for h, t in rc["handicaps"].items()},
    }


def _turn(s: HomestretchState, viewer: int | None) -> Turn:
    racing = s.phase == "race"
    dice: Dice | None = None
    moves: Moves | None = None
    if s.dice is not None:
        a, b = s.dice
        dice = {"a": a, "b": b, "sum": a + b, "difference": abs(a - b)}
        if racing and s.pending == "move_choice":
            plus = s.plus_squares(a + b)
            moves = {"two": 2 + plus, "one_and_reroll": 1 + plus}
    return {
        "seat": s.turn if racing else None,
        "colour": s.colours[s.turn] if racing else None,
        "start_player": s.start_player,
        "start_by": s.start_by or None,
        "roll": s.roll_no,
        "dice": dice,
        "pending": s.pending if racing else None,
        "bonus_targets": list(s.bonus_targets),
        "bonus_squares": s.bonus_squares if s.bonus_targets else None,
        "moves": moves,
        "turns": s.turns,
    }


def _options(s: HomestretchState, viewer: int | None) -> Options:
    return {
        "fixed_betting_order": s.opt("fixed_betting_order"),
        "open_bets": s.opt("open_bets"),
        "short_game": s.opt("short_game"),
        "literal_handicaps": s.opt("literal_handicaps"),
        "colours": str(s.options.get("colours", "")),
    }


def _betting(s: HomestretchState, viewer: int | None) -> Betting:
    return {
        "default_order": list(s.default_order),
        "order": list(s.order),
        "claims": [
            {"seat": c["seat"], "choice": c["choice"], "target": c["target"]} for c in s.claims
        ],
        "claim_due": s.current_player() if s.phase == "claims" else None,
        "bettor": _bettor(s),
        "fixed_order": s.opt("fixed_betting_order"),
    }


def _draft(s: HomestretchState, viewer: int | None) -> Draft:
    me = _me(s, viewer)
    return {
        "round": s.draft_round,
        "deal_size": s.deal_size,
        "ghost": s.n == 2,
        "ghost_hand_size": len(s.ghost),
        "pool_size": len(s.pool) if s.phase in ("deal", "draft", "ghost") else None,
        "hand": _cards(sorted(s.hands[me])) if me is not None else None,
        "kept": _cards(sorted(s.kept[me])) if me is not None else None,
    }


def _buying(s: HomestretchState, viewer: int | None) -> Buying:
    buying_open = s.phase in ("display", "buying", "blind")
    return {
        "round": s.buy_round,
        "order": list(s.buy_order),
        "due": s.current_player() if s.phase == "buying" else None,
        "display": _cards(s.display),
        "stack_size": len(s.pool) if buying_open else 0,
        "stack": sorted(s.pool) if buying_open else [],
        "blind_price": s.blind_price() if buying_open else None,
        "purchases": [
            {
                "round": p["round"],
                "seat": p["seat"],
                "choice": p["choice"],
                "card": p.get("card"),
                "horse": p.get("horse"),
                "price": p.get("price"),
            }
            for p in s.purchases
        ],
        "removed": list(s.removed_after_buying),
    }


def _standings(s: HomestretchState, viewer: int | None) -> list[Standing]:
    return [
        {
            "seat": i,
            "money": key[0],
            "share_value": key[1],
            "long_shots": key[2],
            "middles": key[3],
            "favourites": key[4],
        }
        for i, key in enumerate(s.tie_keys())
    ]


def _current_colour(s: HomestretchState, viewer: int | None) -> str | None:
    current = s.current_player()
    return s.colours[current] if current >= 0 else None


def _circles(s: HomestretchState, viewer: int | None) -> list[FinishingCircle]:
    done = s.finished
    return [
        {"place": i + 1, "row": PLACE_NAMES[i], "horse": done[i] if i < len(done) else None}
        for i in range(3)
    ]


def _roll_off(s: HomestretchState, viewer: int | None) -> RollOff:
    return {
        "seats": list(s.rolloff),
        "rolls": [_roll(i, a, b) for i, a, b in s.rolloff_rolls],
        "rounds": [[_roll(i, a, b) for i, a, b in rnd] for rnd in s.rolloff_log],
    }


PARTS: ViewParts[HomestretchState] = {
    "colours": lambda s, v: list(s.colours),
    "options": _options,
    "decision": lambda s, v: s.decision(),
    "current_colour": _current_colour,
    "race": lambda s, v: s.race,
    "races": lambda s, v: s.races,
    "seats": _seats,
    "track": lambda s, v: {"squares": SQUARES, "finish": FINISH, "lanes": list(HORSES)},
    "horses": _horses,
    "finish_order": lambda s, v: list(s.finished),
    "finishing_circles": _circles,
    "handicap_supply": lambda s, v: {t: s.supply[t] for t in HANDICAP_TYPES},
    "race_card": _race_card,
    "race_stack": lambda s, v: s.races - len(s.race_cards),
    "betting_board": _board,
    "payouts": lambda s, v: {row: {str(h): PAYOUT[row][h] for h in HORSES} for row in ROWS},
    "betting": _betting,
    "my_markers": _my_markers,
    "draft": _draft,
    "turn": _turn,
    "roll_off": _roll_off,
    "buying": _buying,
    "standings": _standings,
    "ties": lambda s, v: s.ties() if s.is_terminal() else [],
}
"""How each entry of the view after :meth:`State.base_view`'s is built, so that a
computer player can ask for just the few it reads (:func:`view_part`)."""


def build_view(state: HomestretchState, viewer: int | None) -> HomestretchView:
    """What ``viewer`` may see; ``None`` is the public table. Fresh data throughout."""
    return cast("HomestretchView", whole_view(state, viewer, PARTS))


def view_part(state: HomestretchState, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
    """Only ``keys`` of ``build_view(state, viewer)``, built by the same parts."""
    return view_of_parts(state, viewer, PARTS, keys)
