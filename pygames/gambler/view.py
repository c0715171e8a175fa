"""Gambler's view: the table as every player sees it (spec §9), as typed data.

Nothing in Gambler is secret, so every ``viewer`` (``None`` for the public table too)
gets the same data apart from ``viewer``. Seats are 0-based; rows and boxes are
numbered from 1. The view is fresh data: changing it never changes the game.

>>> from pygames.gambler import GAME
>>> view = GAME.new_state(["Ann", "Ben"], {"stack_order": "fixed"}).view(None)
>>> view["layout"]["id"], view["rows"][0]["code"], view["can"]["roll"]
('1A', '66', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict

from ..core.view import BaseView
from .data import LAYOUTS, START_POINTS, TOTAL_DICE, chips_for, match_set

if TYPE_CHECKING:
    from .state import GamblerState

StackOrder = Literal["flip", "board_by_board", "fixed"]
Colour = Literal["yellow", "black"]
RowKind = Literal["pips", "stars", "full_house", "ascending", "descending"]


class GamblerOptions(TypedDict):
    """The setup options as chosen (§2, §5)."""

    beginner_first: bool  # V1: 1A, then 1B, come first
    stack_order: StackOrder  # R22 flip / V2 board by board / V4 fixed 1A…10B
    target: int  # points that end the game at a round end (V3)
    youngest: int  # seat of the youngest player, who starts round 1 (R28)


class LayoutInfo(TypedDict):
    """The layout in play (§1.6); the totals are the derived columns."""

    id: str  # "1A" … "10B"
    name: str  # the designed name (the table may translate it)
    board: int  # 1–10
    side: Literal["A", "B"]
    beginner: bool  # the beginner tableau 1A, marked with a dot
    boxes: int
    yellow_total: int
    black_total: int
    net: int


class _BoxHint(TypedDict, total=False):
    # One of these, by ``shows`` (total=False: NotRequired is not seen at run time
    # under postponed annotations on Python 3.11).
    pips: int  # pips rows: the value the box needs
    star: Literal["yellow", "black", "green", "red"]  # row colour; full house 1–3 / 4–5
    arrow: Literal["up", "down"]  # straights


class BoxPrint(_BoxHint):
    """What an empty box shows (§1.3, UI hint): ``pips``, ``star`` or ``arrow`` by kind."""

    box: int  # 1-based, left to right
    shows: Literal["pips", "star", "arrow"]


class BoxView(BoxPrint):
    """A box as it stands now."""

    value: int | None  # the die on it, None when empty
    pending: bool  # that die is only placed in this step, not yet confirmed


class RowView(TypedDict):
    """One row of the tableau, row 1 (top) first."""

    row: int  # 1–6
    code: str  # the §1.4 code, e.g. "66", "S3", "FH", "A5"
    kind: RowKind
    colour: Colour  # yellow: the closer collects; black: the closer pays
    sign: Literal["+", "-"]
    points: int  # the value circle
    length: int  # L, number of boxes
    boxes: list[BoxView]
    filled: list[int]  # values committed on the tableau
    pending: list[int]  # values placed in this step, not yet confirmed
    next_box: int | None  # 1-based; None when every box has a die (pending counted)
    accepts: list[int]  # M(row): values the next box takes now, pending dice counted
    closes_next: bool  # one more die closes the row (its next box is the last)
    closed: bool  # every box committed
    closed_by: int | None  # seat of the closer


class Chips(TypedDict):
    """Points drawn as chips, most valuable first (§1.1)."""

    blue: int  # 100 each
    yellow: int  # 50 each
    white: int  # 10 each


class SeatInfo(TypedDict):
    """One player at the table."""

    seat: int
    name: str
    points: int
    chips: Chips
    supply: int  # dice in the supply; for the player to move, his set-aside dice
    turn_dice: int  # dice taken for this turn (0 for everyone else)
    has_cup: bool  # this seat is to move
    out_of_dice: bool  # supply and turn dice 0: sits out the round (R13)


class PlacedDie(TypedDict):
    """A die placed in this step (not yet confirmed)."""

    die: int  # index in the roll
    value: int
    row: int
    box: int


class Choices(TypedDict):
    """What the player to move may do now (all empty or False for everyone else)."""

    roll: bool
    place: dict[str, list[int]]  # str(die index) -> rows that die fits now
    take_back: list[int]  # rows holding a die of this step
    confirm: bool
    roll_again: int | None  # number of dice a roll again would roll, or None
    stop: bool


class ClosedRow(TypedDict):
    """A row closed in a round, and who closed it."""

    seat: int
    row: int
    code: str
    colour: Colour
    points: int


class RoundResult(TypedDict):
    """One finished round (the game's ``results`` record)."""

    round: int
    layout: str
    name: str
    start_player: int
    closer: int  # seat that filled the tableau's last box
    turns: int
    closed: list[ClosedRow]  # in the order they were closed
    points: list[int]  # per seat after the round


class GamblerView(BaseView[RoundResult]):
    """The whole table (spec §9: the same for every viewer)."""

    options: GamblerOptions
    target: int  # points that end the game
    start_points: int  # every player's points before round 1 (80)
    cup: int  # seat holding the dice cup (the player whose turn it is)
    round: int  # from 1
    start_player: int  # who started this round
    dice_per_player: int  # D
    dice_out_of_play: int  # 2 with 4 players, else 0
    layout: LayoutInfo | None  # None while its board is being drawn
    next_layout: str | None  # id once publicly known (the board's other side…), else None
    played_layouts: list[str]  # ids of the finished rounds, in order
    rows: list[RowView]  # six, row 1 first ([] while the layout is being drawn)
    seats: list[SeatInfo]
    points: list[int]  # per seat, as in ``seats``
    supply: list[int]  # per seat, as in ``seats``
    turn_dice: int  # t of the player to move
    set_aside: int  # his supply dice not used this turn
    rolls: int  # rolls taken in this turn (0–5)
    roll: list[int]  # the current roll (die id = index); [] between rolls; grows while rolling
    placed: list[PlacedDie]  # dice placed in this step, in order
    free_dice: list[int]  # indices of the roll not placed in this step
    can: Choices
    winners: list[int]  # seats sharing the victory once over, else []


_KINDS: dict[str, RowKind] = {
    "P": "pips",
    "S": "stars",
    "FH": "full_house",
    "A": "ascending",
    "D": "descending",
}


def _row_prints(
    lid: str,
) -> tuple[tuple[int, str, RowKind, Colour, Literal["+", "-"], int, int, list[BoxPrint]], ...]:
    """Per row of layout ``lid``: what never changes in its view (row, code, kind,
    colour, sign, points, length, box prints), worked out once per layout."""
    return tuple(
        (
            i + 1,
            r.code,
            _KINDS[r.kind],
            r.colour,
            "+" if r.yellow else "-",
            r.points,
            r.length,
            r.boxes(),
        )
        for i, r in enumerate(LAYOUTS[lid].rows)
    )


_PRINTS = {lid: _row_prints(lid) for lid in LAYOUTS}


def _rows(state: GamblerState) -> list[RowView]:
    if state.layout is None:
        return []
    rows: list[RowView] = []
    for row, code, kind, colour, sign, points, length, prints in _PRINTS[state.layout]:
        values = state.row_values(row)
        committed = len(state.filled[row - 1])
        placed = len(values)
        boxes: list[BoxView] = [
            {
                **box,
                "value": values[k] if k < placed else None,
                "pending": committed <= k < placed,
            }
            for k, box in enumerate(prints)
        ]
        full = placed >= length
        rows.append(
            {
                "row": row,
                "code": code,
                "kind": kind,
                "colour": colour,
                "sign": sign,
                "points": points,
                "length": length,
                "boxes": boxes,
                "filled": list(state.filled[row - 1]),
                "pending": values[committed:],
                "next_box": None if full else placed + 1,
                "accepts": list(match_set(code, values)),
                "closes_next": placed == length - 1,
                "closed": committed == length,
                "closed_by": state.closers[row - 1],
            }
        )
    return rows


def _layout_info(state: GamblerState) -> LayoutInfo | None:
    if state.layout is None:
        return None
    lay = LAYOUTS[state.layout]
    return {
        "id": lay.id,
        "name": lay.name,
        "board": lay.board,
        "side": "A" if lay.side == "A" else "B",
        "beginner": lay.beginner,
        "boxes": lay.boxes,
        "yellow_total": lay.yellow_total,
        "black_total": lay.black_total,
        "net": lay.net,
    }


def build_view(state: GamblerState, viewer: int | None) -> GamblerView:
    """The table for ``viewer`` (the same for every seat: nothing is secret, §9)."""
    playing = state.in_turn()
    seats: list[SeatInfo] = [
        {
            "seat": s,
            "name": name,
            "points": state.points[s],
            "chips": chips_for(state.points[s]),
            "supply": state.supply[s],
            "turn_dice": state.turn_dice if playing and s == state.turn else 0,
            "has_cup": playing and s == state.turn,
            "out_of_dice": state.supply[s] == 0 and not (playing and s == state.turn),
        }
        for s, name in enumerate(state.players)
    ]
    place: dict[str, list[int]] = {}
    for die, row in state.placements():
        place.setdefault(str(die), []).append(row)
    decision = state.phase == "await_decision"
    options: GamblerOptions = dict(state.options)  # type: ignore[assignment]  # plain values
    return {
        **state.base_view(viewer),
        "options": options,
        "target": state.target,
        "start_points": START_POINTS,
        "cup": state.turn,
        "round": state.round,
        "start_player": state.start_player,
        "dice_per_player": state.dice,
        "dice_out_of_play": TOTAL_DICE - state.dice * state.n,
        "layout": _layout_info(state),
        "next_layout": None if state.phase == "over" else state.layout_of_round(state.round + 1),
        "played_layouts": [r["layout"] for r in state.results],
        "rows": _rows(state),
        "seats": seats,
        "points": list(state.points),
        "supply": list(state.supply),
        "turn_dice": state.turn_dice if playing else 0,
        "set_aside": state.supply[state.turn] if playing else 0,
        "rolls": state.rolls,
        "roll": list(state.roll),
        "placed": [
            {
                "die": d,
                "value": state.roll[d],
                "row": r,
                "box": len(state.filled[r - 1])
                + 1
                + sum(1 for _, r2 in state.pending[:k] if r2 == r),
            }
            for k, (d, r) in enumerate(state.pending)
        ],
        "free_dice": state.free_dice() if state.phase == "await_place" else [],
        "can": {
            "roll": state.phase == "await_roll",
            "place": place,
            "take_back": sorted({r for _, r in state.pending}),
            "confirm": state.phase == "await_place" and bool(state.pending),
            "roll_again": state.turn_dice if decision else None,
            "stop": decision,
        },
        "winners": state.winners() if state.phase == "over" else [],
    }
