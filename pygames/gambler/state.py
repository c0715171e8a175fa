"""Gambler's game state: rounds of push-your-luck dice on a tableau (spec §2–§6).

A turn is split into small steps by the player to move: ``roll``; then, after the
dice have landed, ``place`` one die into one row at a time (``take_back`` undoes the
last die of a row within the step) and ``confirm`` the placement step; then
``roll_again`` (all remaining turn dice) or ``stop``. Every die of a roll is its own
chance node (``{"type": "die", "value": v}``, 1/6 each), in roll order.

The stack of boards (C1) is drawn lazily: a board and its face-up side are drawn
(``{"type": "draw_board", "board": b, "side": s}``, uniform over the boards not yet
drawn and both sides) only when its first layout comes into play. This has exactly
the distribution of shuffling at setup, and no state ever holds an unrevealed layout.

>>> from pygames.gambler import GAME
>>> s = GAME.new_state(["Ann", "Ben", "Cy"], {"stack_order": "fixed"})
>>> s.layout, s.supply, s.turn_dice, s.current_player()   # seat 0 took 5 turn dice
('1A', [5, 10, 10], 5, 0)
>>> s.legal_actions()
[{'type': 'roll'}]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from operator import getitem
from typing import Any, Self

from ..core.state import Action, BadSave, Event, State, canonical
from .data import (
    DEFAULT_TARGET,
    LAYOUT_IDS,
    LAYOUTS,
    MAX_TURN_DICE,
    START_POINTS,
    Layout,
    MatchTable,
    dice_per_player,
    match_set,
    match_table,
)
from .view import ClosedRow, GamblerView, RoundResult, build_view


class Phase(StrEnum):
    """Every phase a Gambler state can be in (spec §3.6; the saved text is the value).

    Chance phases: ``draw_layout`` (C1, one board at a time) and ``rolling`` (C2, one
    die at a time). Decision phases: ``await_roll``, ``await_place``, ``await_decision``.
    The automatic steps of §3.6 (match check, settle, turn end, round end) happen
    inside one transition and are never a resting phase.
    """

    DRAW_LAYOUT = "draw_layout"
    AWAIT_ROLL = "await_roll"
    ROLLING = "rolling"
    AWAIT_PLACE = "await_place"
    AWAIT_DECISION = "await_decision"
    OVER = "over"


STACK_ORDERS = ("flip", "board_by_board", "fixed")
FACES = (1, 2, 3, 4, 5, 6)
_DIE_OUTCOMES = [({"type": "die", "value": v}, 1 / 6) for v in FACES]
# The phases as plain names: the hot paths test them by identity (a state's phase is
# always a Phase member, also after loading), which is faster than Phase.X lookups.
_DRAW_LAYOUT = Phase.DRAW_LAYOUT
_AWAIT_ROLL = Phase.AWAIT_ROLL
_ROLLING = Phase.ROLLING
_AWAIT_PLACE = Phase.AWAIT_PLACE
_AWAIT_DECISION = Phase.AWAIT_DECISION
_OVER = Phase.OVER
_IN_TURN = frozenset((_AWAIT_ROLL, _ROLLING, _AWAIT_PLACE, _AWAIT_DECISION))
# Per layout, row 1 first: M(row) for every filling (one table per distinct code) and
# the rows' lengths L, looked up instead of worked out (§1.3).
_TABLES = {
    code: match_table(code)
    for code in sorted({r.code for lay in LAYOUTS.values() for r in lay.rows})
}
_ROW_TABLES: dict[str | None, tuple[MatchTable, ...]] = {
    lid: tuple(_TABLES[r.code] for r in lay.rows) for lid, lay in LAYOUTS.items()
}
_ROW_LENGTHS: dict[str | None, tuple[int, ...]] = {
    lid: tuple(r.length for r in lay.rows) for lid, lay in LAYOUTS.items()
}
# The keys each action type carries besides "type" (for the reasons of a refusal).
_ACTION_KEYS: dict[str, set[str]] = {
    "roll": set(),
    "place": {"die", "row"},
    "take_back": {"row"},
    "confirm": set(),
    "roll_again": set(),
    "stop": set(),
}

# M packed for finding every (die, row) pair at once (the playouts' hot path): row r
# (1–6) of a layout maps each filling to an int with bit r − 1 of field v (6 bits
# each) set for every value v in M. OR-ing the six rows' ints gives, in field v, the
# set of rows that take a die showing v; _ROWS_OF lists the rows of such a 6-bit set,
# ascending.
_FIELD = 6


def _packed_table(code: str, row: int) -> dict[tuple[int, ...], int]:
    bit = 1 << (row - 1)
    return {filled: sum(bit << (_FIELD * v) for v in m) for filled, m in _TABLES[code].items()}


_ROW_PACKED: dict[str | None, tuple[dict[tuple[int, ...], int], ...]] = {
    lid: tuple(_packed_table(r.code, i) for i, r in enumerate(lay.rows, 1))
    for lid, lay in LAYOUTS.items()
}
_ROWS_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(r for r in range(1, 7) if bits >> (r - 1) & 1) for bits in range(1 << _FIELD)
)
_SET_MASK = (1 << _FIELD) - 1
_SHIFT = tuple(_FIELD * v for v in range(7))  # where field v starts
_ROW_MASK = (0, *(sum(1 << (row - 1) << shift for shift in _SHIFT) for row in range(1, 7)))
"""Row r's bit in every field: all that row r (1–6) can add to a packed M."""

# Every decision as one shared object, listed again and again instead of built anew
# (like the die outcomes): an action is data that nobody changes, and both apply
# paths read it without keeping it. _PLACES[die][rows] places the die in each of the
# 6-bit set of rows, ascending.
_PLACES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple({"type": "place", "die": die, "row": r} for r in rows) for rows in _ROWS_OF)
    for die in range(MAX_TURN_DICE)
)
_TAKE_BACK: tuple[Action, ...] = tuple({"type": "take_back", "row": r} for r in range(7))
_TAKE_BACKS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(_TAKE_BACK[r] for r in rows) for rows in _ROWS_OF
)  # by the 6-bit set of rows holding a die of this step, ascending
_CONFIRM: Action = {"type": "confirm"}
_ROLL: Action = {"type": "roll"}
_ROLL_AGAIN: Action = {"type": "roll_again"}
_STOP: Action = {"type": "stop"}


def layout_slot(round_no: int, stack_order: str) -> tuple[int, bool]:
    """Which stack position (0 = top) plays round ``round_no``, and whether its hidden
    side (the one not face up when drawn) is used (§2.2, R22; V2; V4)."""
    i = (round_no - 1) % 20
    if stack_order == "board_by_board":
        return i % 10, i >= 10
    return i // 2, i % 2 == 1


def layout_sequence(order: list[int], up: list[str], stack_order: str, rounds: int) -> list[str]:
    """The layouts of rounds 1…``rounds`` for a C1 outcome in the spec's format (§3.7)."""
    out: list[str] = []
    for r in range(1, rounds + 1):
        slot, other = layout_slot(r, stack_order)
        side = up[slot] if not other else ("B" if up[slot] == "A" else "A")
        out.append(f"{order[slot]}{side}")
    return out


@dataclass(eq=False)
class GamblerState(State[GamblerView]):
    """One moment of a Gambler game; the fields are exactly what a save holds."""

    game_id = "gambler"

    players: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    phase: Phase = Phase.DRAW_LAYOUT
    round: int = 1
    stack: list[list[Any]] = field(default_factory=list)  # [[board, side up], ...] drawn so far
    layout: str | None = None  # layout in play (None while it is being drawn)
    filled: list[list[int]] = field(default_factory=lambda: [[] for _ in range(6)])  # per row
    closers: list[int | None] = field(default_factory=lambda: [None] * 6)  # seat per row
    pending: list[list[int]] = field(default_factory=list)  # [[die, row], ...] this step
    points: list[int] = field(default_factory=list)
    supply: list[int] = field(default_factory=list)
    turn: int = 0  # seat holding the cup
    start_player: int = 0  # start player of this round
    turn_dice: int = 0  # t
    roll: list[int] = field(default_factory=list)  # the current roll (partial while rolling)
    rolls: int = 0  # rolls taken this turn
    turns: int = 0  # turns taken this round
    round_log: list[ClosedRow] = field(default_factory=list)  # closed rows this round
    results: list[RoundResult] = field(default_factory=list)  # one per finished round

    def __post_init__(self) -> None:
        # Not saved: M of the committed rows packed (see _ROW_PACKED), -1 until asked;
        # dropped whenever a row or the layout changes.
        self._packed = -1

    def _committed(self) -> int:
        """M of every row as committed (without this step's dice), packed."""
        packed = self._packed
        if packed < 0:
            tables = _ROW_PACKED[self.layout]
            packed = self._packed = sum(map(getitem, tables, map(tuple, self.filled)))
        return packed

    # --- construction -------------------------------------------------------
    @classmethod
    def initial(cls, players: list[str], options: dict[str, Any]) -> Self:
        s = cls(
            players=list(players),
            options={
                "beginner_first": False,
                "stack_order": "flip",
                "target": DEFAULT_TARGET,
                "youngest": 0,
                **options,
            },
        )
        # Game.new_state has refused a youngest seat the table does not have.
        youngest = int(s.options["youngest"])
        s.points = [START_POINTS] * s.n
        s.supply = [s.dice] * s.n
        if s.stack_order == "fixed":
            s.stack = [[b, "A"] for b in range(1, 11)]
        elif s.options["beginner_first"]:
            s.stack = [[1, "A"]]
        s.start_player = s.turn = youngest
        s._reveal_layout([])
        return s

    def _check_loaded(self) -> None:
        if self.layout is not None and self.layout not in LAYOUT_IDS:
            raise BadSave(f"the Gambler state names an unknown layout {self.layout!r}")
        if self.stack_order not in STACK_ORDERS:
            raise BadSave("the Gambler state has an unknown stack order")

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def dice(self) -> int:
        """D, the supply every player gets at each round start."""
        return dice_per_player(self.n)

    @property
    def stack_order(self) -> str:
        return str(self.options["stack_order"])

    @property
    def target(self) -> int:
        return int(self.options["target"])

    def current_layout(self) -> Layout:
        assert self.layout is not None
        return LAYOUTS[self.layout]

    def layout_of_round(self, round_no: int) -> str | None:
        """The layout of round ``round_no`` if it is already known to everyone."""
        slot, other = layout_slot(round_no, self.stack_order)
        if slot >= len(self.stack):
            return None
        board, side = self.stack[slot]
        if other:
            side = "B" if side == "A" else "A"
        return f"{board}{side}"

    def in_turn(self) -> bool:
        """A player holds the cup: a turn is under way (not between rounds, not over)."""
        return self.phase in _IN_TURN

    def row_values(self, row: int) -> list[int]:
        """Row ``row`` (1–6) as it stands now: committed dice, then this step's dice."""
        values = list(self.filled[row - 1])
        for die, r in self.pending:
            if r == row:
                values.append(self.roll[die])
        return values

    def accepts(self, row: int) -> tuple[int, ...]:
        """M(row) for the row's next box, counting the dice placed in this step."""
        return _ROW_TABLES[self.layout][row - 1][tuple(self.row_values(row))]

    def free_dice(self) -> list[int]:
        """Indices of the current roll not yet placed in this step."""
        used = {d for d, _ in self.pending}
        return [i for i in range(len(self.roll)) if i not in used]

    def placements(self) -> list[tuple[int, int]]:
        """Every (die, row) the player to move may place now (empty outside P4)."""
        return [(a["die"], a["row"]) for a in self._legal_actions() if a["type"] == "place"]

    def tableau_full(self) -> bool:
        return tuple(map(len, self.filled)) == _ROW_LENGTHS[self.layout]

    # --- queries ------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def is_chance(self) -> bool:
        phase = self.phase
        return phase is _ROLLING or phase is _DRAW_LAYOUT

    def _current_seat(self) -> int:
        return self.turn

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """As the core's, with one phase test instead of two queries (a hot path of the
        random playouts of search, like ``legal_actions`` and ``apply_trusted``)."""
        phase = self.phase
        if phase is _ROLLING:
            return list(_DIE_OUTCOMES)
        if phase is _DRAW_LAYOUT:
            return self._chance_outcomes()
        return []

    def private_turn(self) -> bool:
        """Never: every roll and placement is public (spec §9), a banner suffices."""
        return False

    def holds_secrets(self, seat: int) -> bool:
        """Never: no player holds hidden information (spec §9)."""
        return False

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _AWAIT_PLACE:  # P4: every (die, row) that fits, counting this step
            pending = self.pending
            roll = self.roll
            packed = self._packed
            if packed < 0:
                packed = self._committed()
            places = _PLACES
            actions: list[Action] = []
            if not pending:  # the step's first die
                for i, v in enumerate(roll):
                    actions += places[i][packed >> _SHIFT[v] & _SET_MASK]
                return actions
            # The rows this step touched, with its dice: each row has only its own bits.
            filled = self.filled
            tables = _ROW_PACKED[self.layout]
            if len(pending) == 1:  # the usual case, without the bookkeeping below
                die, row = pending[0]
                used, rows = 1 << die, 1 << (row - 1)  # bit sets of the step's dice and rows
                packed = packed & ~_ROW_MASK[row] | tables[row - 1][(*filled[row - 1], roll[die])]
            else:
                used = rows = 0
                touched: dict[int, tuple[int, ...]] = {}  # row -> its values with this step's
                for die, row in pending:
                    touched[row] = (*touched.get(row, filled[row - 1]), roll[die])
                    used |= 1 << die
                    rows |= 1 << (row - 1)
                for row, values in touched.items():
                    packed = packed & ~_ROW_MASK[row] | tables[row - 1][values]
            for i, v in enumerate(roll):
                if not used >> i & 1:
                    actions += places[i][packed >> _SHIFT[v] & _SET_MASK]
            actions += _TAKE_BACKS[rows]
            actions.append(_CONFIRM)
            return actions
        if phase is _AWAIT_ROLL:
            return [_ROLL]
        if phase is _AWAIT_DECISION:
            return [_ROLL_AGAIN, _STOP]
        return []

    # As the core's (``_legal_actions`` is already empty at chance nodes and the end),
    # without a second call.
    legal_actions = _legal_actions

    def _why_illegal(self, action: Action) -> str | None:
        kind = action["type"]
        if kind not in _ACTION_KEYS:
            return f"Gambler has no action {kind!r}"
        if set(action) - {"type"} != _ACTION_KEYS[kind]:
            need = ", ".join(sorted(_ACTION_KEYS[kind])) or "no fields"
            return f"a {kind} action takes {need}"
        phase = self.phase
        if kind == "roll":
            if phase == Phase.AWAIT_ROLL:
                return None
            if phase == Phase.AWAIT_PLACE:
                return "you must place a matching die before anything else"
            return "you only roll with 'roll' at the start of your turn; now it is roll_again"
        if kind in ("roll_again", "stop"):
            if phase == Phase.AWAIT_DECISION:
                return None
            if phase == Phase.AWAIT_ROLL:
                return "you must roll once at the start of your turn"
            return "you may only roll again or stop after confirming a placement"
        if phase != Phase.AWAIT_PLACE:
            return "dice are only placed after a roll, before confirming"
        if kind == "confirm":
            return None if self.pending else "place at least one matching die first"
        row = action["row"]
        if type(row) is not int or not 1 <= row <= 6:
            return f"there is no row {row!r}; rows are numbered 1–6"
        if kind == "take_back":
            if not any(r == row for _, r in self.pending):
                return f"you have placed no die in row {row} in this step"
            return None
        die = action["die"]
        if type(die) is not int or not 0 <= die < len(self.roll):
            return f"there is no die {die!r} in this roll of {len(self.roll)}"
        if any(d == die for d, _ in self.pending):
            return f"die {die} (a {self.roll[die]}) is already placed"
        code = self.current_layout().rows[row - 1].code
        values = self.row_values(row)
        m = match_set(code, values)
        if not m:
            return f"row {row} is already full"
        if self.roll[die] not in m:
            need = " or ".join(str(v) for v in m)
            return (
                f"box {len(values) + 1} of row {row} ({code}) needs {need}, not a {self.roll[die]}"
            )
        return None

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase is _ROLLING:
            # The shared list (the public ``chance_outcomes`` hands out a copy): the
            # playouts' most frequent step, and an outcome is data nobody changes.
            return _DIE_OUTCOMES
        drawn = {b for b, _ in self.stack}
        left = [b for b in range(1, 11) if b not in drawn]
        p = 1 / (2 * len(left))
        return [
            ({"type": "draw_board", "board": b, "side": side}, p) for b in left for side in "AB"
        ]

    # --- transitions ----------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "die":  # C2, the most frequent step: one die lands
            roll = self.roll
            die = len(roll)
            value = action["value"]
            roll.append(value)
            events: list[Event] = [
                {"type": "die_rolled", "seat": self.turn, "die": die, "value": value}
            ]
            if die + 1 == self.turn_dice:  # the last one: the match check (P3)
                self._match_check(events)
            return events
        events = []
        # The most frequent actions first: each case is one more comparison.
        match kind:
            case "place":
                self._place(action["die"], action["row"], events)
            case "take_back":
                self._take_back(action["row"], events)
            case "confirm":
                self._confirm(events)
            case "roll":
                self._roll(events)
            case "roll_again":
                self._roll(events)  # R8: always all remaining turn dice
            case "stop":
                self._stop(events)
            case "draw_board":
                self._draw_board(action["board"], action["side"], events)
            case _:
                raise AssertionError(f"unhandled action {action['type']!r}")
        return events

    # As the core's, without copying ``action``: ``_apply`` only reads numbers and
    # text from it, and never keeps or changes it.
    apply_trusted = _apply

    def _draw_board(self, board: int, side: str, events: list[Event]) -> None:
        """C1, drawn lazily: the next board of the stack and its face-up side."""
        self.stack.append([board, side])
        events.append(
            {"type": "board_drawn", "board": board, "side": side, "position": len(self.stack)}
        )
        self._reveal_layout(events)

    def _roll(self, events: list[Event]) -> None:
        """P2 / P8: all turn dice are rolled; C2 follows one die at a time."""
        self.phase = _ROLLING
        self.roll = []
        self.pending = []
        self.rolls += 1
        events.append(
            {
                "type": "rolling",
                "seat": self.turn,
                "dice": self.turn_dice,
                "roll_number": self.rolls,
            }
        )

    def _place(self, die: int, row: int, events: list[Event]) -> None:
        """P4, one die at a time: tentative until the step is confirmed (R4)."""
        pending = self.pending
        box = len(self.filled[row - 1]) + 1
        for _, r in pending:
            if r == row:
                box += 1
        pending.append([die, row])
        events.append(
            {
                "type": "die_placed",
                "seat": self.turn,
                "die": die,
                "value": self.roll[die],
                "row": row,
                "box": box,
            }
        )

    def _take_back(self, row: int, events: list[Event]) -> None:
        """Undo the last die placed in ``row`` in this step (R2: rows fill left to right)."""
        pending = self.pending
        idx = len(pending) - 1
        while pending[idx][1] != row:
            idx -= 1
        die = pending.pop(idx)[0]
        box = len(self.filled[row - 1]) + 1  # the box it leaves empty
        for _, r in pending:
            if r == row:
                box += 1
        events.append(
            {
                "type": "die_taken_back",
                "seat": self.turn,
                "die": die,
                "value": self.roll[die],
                "row": row,
                "box": box,
            }
        )

    def _stop(self, events: list[Event]) -> None:
        """P8 STOP: the turn ends; the unused turn dice go back to the supply."""
        events.append({"type": "stopped", "seat": self.turn, "dice_left": self.turn_dice})
        self._end_turn("stopped", events)

    def _reveal_layout(self, events: list[Event]) -> None:
        """P10 / setup: put the round's layout into play, or wait for its board (C1)."""
        layout = self.layout_of_round(self.round)
        self.filled = [[] for _ in range(6)]
        self._packed = -1
        self.closers = [None] * 6
        self.supply = [self.dice] * self.n  # R15: every supply is D again
        if layout is None:
            self.phase = _DRAW_LAYOUT
            self.layout = None
            return
        self.layout = layout
        self.turns = 0
        self.round_log = []
        events.append(
            {
                "type": "round_started",
                "round": self.round,
                "layout": layout,
                "name": LAYOUTS[layout].name,
                "start_player": self.start_player,
                "supply": self.dice,
            }
        )
        self._start_turn(self.start_player, events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        """P1: skip seats without dice (R13), then set the turn dice aside."""
        n = len(self.players)
        for k in range(n):
            s = (seat + k) % n
            if self.supply[s] > 0:
                break
            events.append({"type": "skipped", "seat": s})
        else:  # pragma: no cover - impossible by R26
            raise AssertionError("no player has dice left, but the tableau is not full")
        self.turn = s
        self.turn_dice = min(MAX_TURN_DICE, self.supply[s])
        self.supply[s] -= self.turn_dice
        self.roll = []
        self.pending = []
        self.rolls = 0
        self.turns += 1
        self.phase = _AWAIT_ROLL
        events.append(
            {
                "type": "turn_started",
                "seat": s,
                "turn_dice": self.turn_dice,
                "set_aside": self.supply[s],
            }
        )

    def _match_check(self, events: list[Event]) -> None:
        """P3: the turn ends at once if no die of the roll fits any open row."""
        seat = self.turn
        events.append(
            {"type": "rolled", "seat": seat, "roll": list(self.roll), "roll_number": self.rolls}
        )
        packed = self._packed
        if packed < 0:
            packed = self._committed()
        for v in self.roll:
            if packed >> _SHIFT[v] & _SET_MASK:  # some row takes v
                self.phase = _AWAIT_PLACE
                return
        events.append({"type": "no_match", "seat": seat, "roll": list(self.roll)})
        self._end_turn("no_match", events)

    def _confirm(self, events: list[Event]) -> None:
        """P5–P8: commit the step's dice, settle closed rows together, go on."""
        seat = self.turn
        lengths = _ROW_LENGTHS[self.layout]
        filled = self.filled
        roll = self.roll
        placed: list[dict[str, int]] = []
        closed: list[int] = []
        pending = self.pending
        for die, row in pending:
            values = filled[row - 1]
            values.append(roll[die])
            box = len(values)
            placed.append({"die": die, "value": roll[die], "row": row, "box": box})
            if box == lengths[row - 1]:  # only the die in the last box closes the row
                closed.append(row)
        packed = self._packed
        if packed >= 0:  # only the rows of this step changed: patch them in
            tables = _ROW_PACKED[self.layout]
            for _, row in pending:
                packed = packed & ~_ROW_MASK[row] | tables[row - 1][tuple(filled[row - 1])]
            self._packed = packed
        self.turn_dice -= len(pending)
        self.pending = []
        self.roll = []  # the dice not placed are rolled again or go back (R8)
        events.append(
            {
                "type": "placement_confirmed",
                "seat": seat,
                "placements": placed,
                "dice_left": self.turn_dice,
            }
        )
        if closed:
            lay = self.current_layout()
            gain = loss = 0
            for row in closed:
                r = lay.rows[row - 1]
                self.closers[row - 1] = seat
                if r.yellow:
                    gain += r.points
                else:
                    loss += r.points
                closed_row: ClosedRow = {
                    "seat": seat,
                    "row": row,
                    "code": r.code,
                    "colour": r.colour,
                    "points": r.points,
                }
                self.round_log.append(closed_row)
                events.append({"type": "row_closed", **closed_row})
            before = self.points[seat]
            after = max(0, before + gain - loss)
            self.points[seat] = after
            events.append(
                {
                    "type": "settled",
                    "seat": seat,
                    "collected": gain,
                    "owed": loss,
                    "paid": min(loss, before + gain),
                    "forgiven": loss - min(loss, before + gain),
                    "before": before,
                    "after": after,
                }
            )
        if closed and self.tableau_full():  # only a closed row can fill the tableau
            self._end_round(seat, events)
        elif self.turn_dice == 0:
            self._end_turn("all_dice_placed", events)
        else:
            self.phase = _AWAIT_DECISION

    def _end_turn(self, reason: str, events: list[Event]) -> None:
        """P9: unused turn dice go back to the supply; the next seat moves."""
        seat = self.turn
        back = self.turn_dice
        self.supply[seat] += back
        self.turn_dice = 0
        events.append(
            {
                "type": "turn_ended",
                "seat": seat,
                "reason": reason,
                "dice_back": back,
                "supply": self.supply[seat],
            }
        )
        self._start_turn((seat + 1) % len(self.players), events)

    def _end_round(self, closer: int, events: list[Event]) -> None:
        """P10: game end check (R20), else redistribute and reveal the next layout."""
        nxt = (closer + 1) % self.n
        over = max(self.points) >= self.target
        self.results.append(
            {
                "round": self.round,
                "layout": self.current_layout().id,
                "name": self.current_layout().name,
                "start_player": self.start_player,
                "closer": closer,
                "turns": self.turns,
                "closed": list(self.round_log),
                "points": list(self.points),
            }
        )
        events.append(
            {
                "type": "round_ended",
                "round": self.round,
                "layout": self.layout,
                "closer": closer,
                "points": list(self.points),
                "next_start_player": None if over else nxt,
            }
        )
        self.turn_dice = 0
        self.roll = []
        self.pending = []
        self.rolls = 0
        if over:
            self.phase = _OVER
            self.supply = [self.dice] * self.n
            events.append(
                {"type": "game_over", "points": list(self.points), "winners": self.winners()}
            )
            return
        self.round += 1
        self.start_player = self.turn = nxt
        self._reveal_layout(events)

    # --- views, results -------------------------------------------------------
    def view(self, viewer: int | None = None) -> GamblerView:
        """The table as every player sees it (see :class:`GamblerView`)."""
        return build_view(self, viewer)

    # --- copying, search --------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy, field by field: the same as the core's pickle round trip
        (numbers, text and the phase are shared, being immutable), a few times faster."""
        copy = object.__new__(type(self))
        fields = copy.__dict__
        fields.update(self.__dict__)
        fields["players"] = list(self.players)
        fields["options"] = dict(self.options)
        fields["stack"] = [list(entry) for entry in self.stack]
        fields["filled"] = [list(row) for row in self.filled]
        fields["closers"] = list(self.closers)
        fields["pending"] = [list(entry) for entry in self.pending]
        fields["points"] = list(self.points)
        fields["supply"] = list(self.supply)
        fields["roll"] = list(self.roll)
        fields["round_log"] = [closed.copy() for closed in self.round_log]
        results: list[RoundResult] = []
        for result in self.results:
            copied = result.copy()
            copied["closed"] = [closed.copy() for closed in result["closed"]]
            copied["points"] = list(result["points"])
            results.append(copied)
        fields["results"] = results
        return copy

    def choice_key(self, action: Action) -> str:
        """Placing either of two dice of one value into one row is one choice: dice
        differ only by the number they show."""
        die = action.get("die")
        if action.get("type") == "place" and type(die) is int and 0 <= die < len(self.roll):
            return canonical({"type": "place", "value": self.roll[die], "row": action.get("row")})
        return super().choice_key(action)

    def lens_facts(self) -> dict[str, float]:
        """Before a roll: the chance that at least one of its dice fits an open row.

        Whether a die fits depends only on its face (P3), so with ``f`` faces taken by
        some row and ``k`` dice to roll it is ``1 - ((6 - f) / 6) ** k``.
        """
        if self.phase not in (_AWAIT_ROLL, _AWAIT_DECISION) or self.turn_dice == 0:
            return {}
        packed = sum(map(getitem, _ROW_PACKED[self.layout], map(tuple, self.filled)))
        fitting = sum(1 for v in FACES if packed >> _SHIFT[v] & _SET_MASK)
        return {"fit": 1 - ((6 - fitting) / 6) ** self.turn_dice}

    def resample_from_infostate(self, seat: int | None, rng: random.Random) -> Self:
        """A copy of this state: nothing in Gambler is hidden from anyone (``rng`` unused).

        Every roll, placement and score is public, and the stack of boards is drawn
        lazily (a board is chosen by chance only when it comes into play), so a state
        holds nothing that any seat has not seen, and there is nothing to draw anew.
        """
        return self.clone()

    def scores(self) -> list[float]:
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        return [float(p) for p in self.points]
