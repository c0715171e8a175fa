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

import copy
import json
from typing import Any, Self

from ..core.state import JSON, Action, BadSave, Event, State
from .data import (
    DEFAULT_TARGET,
    LAYOUT_IDS,
    LAYOUTS,
    MAX_TURN_DICE,
    START_POINTS,
    TOTAL_DICE,
    Layout,
    chips_for,
    dice_per_player,
    match_set,
)

# Phases. Chance phases: "draw_layout" (C1, one board at a time) and "rolling" (C2,
# one die at a time). Decision phases: "await_roll", "await_place", "await_decision".
PHASES = ("draw_layout", "await_roll", "rolling", "await_place", "await_decision", "over")
STACK_ORDERS = ("flip", "board_by_board", "fixed")
FACES = (1, 2, 3, 4, 5, 6)
_DIE_OUTCOMES = tuple(({"type": "die", "value": v}, 1 / 6) for v in FACES)
_FIELDS = {
    "roll": set(),
    "place": {"die", "row"},
    "take_back": {"row"},
    "confirm": set(),
    "roll_again": set(),
    "stop": set(),
}


def layout_slot(round_no: int, stack_order: str) -> tuple[int, bool]:
    """Which stack position (0 = top) plays round ``round_no``, and whether its hidden
    side (the one not face up when drawn) is used (§2.2, R22; V2; V4)."""
    i = (round_no - 1) % 20
    if stack_order == "board_by_board":
        return i % 10, i >= 10
    return i // 2, i % 2 == 1


def layout_sequence(order: list[int], up: list[str], stack_order: str, rounds: int) -> list[str]:
    """The layouts of rounds 1…``rounds`` for a C1 outcome in the spec's format (§3.7)."""
    out = []
    for r in range(1, rounds + 1):
        slot, other = layout_slot(r, stack_order)
        side = up[slot] if not other else ("B" if up[slot] == "A" else "A")
        out.append(f"{order[slot]}{side}")
    return out


class GamblerState(State[Any]):
    game_id = "gambler"

    def __init__(self) -> None:
        self.players: list[str] = []
        self.options: dict[str, Any] = {}
        self.phase = "draw_layout"
        self.round = 1
        self.stack: list[list[Any]] = []  # [[board, side up], ...] drawn so far, top first
        self.layout: str | None = None  # layout in play (None while it is being drawn)
        self.filled: list[list[int]] = [[] for _ in range(6)]  # committed dice per row
        self.closers: list[int | None] = [None] * 6  # seat that closed each row
        self.pending: list[list[int]] = []  # [[die, row], ...] this placement step
        self.points: list[int] = []
        self.supply: list[int] = []
        self.turn = 0  # seat holding the cup
        self.start_player = 0  # start player of this round
        self.turn_dice = 0  # t
        self.roll: list[int] = []  # the current roll (partial while rolling)
        self.rolls = 0  # rolls taken this turn
        self.turns = 0  # turns taken this round
        self.round_log: list[dict[str, Any]] = []  # closed rows this round
        self.results: list[dict[str, Any]] = []  # one summary per finished round

    # --- construction -------------------------------------------------------
    @classmethod
    def initial(cls, players: list[str], options: dict[str, Any]) -> Self:
        s = cls()
        s.players = list(players)
        s.options = {
            "beginner_first": False,
            "stack_order": "flip",
            "target": DEFAULT_TARGET,
            "youngest": 0,
            **options,
        }
        youngest = s.options["youngest"]
        if not 0 <= youngest < len(players):
            raise ValueError(f"the youngest player must be one of the {len(players)} seats")
        s.points = [START_POINTS] * s.n
        s.supply = [s.dice] * s.n
        if s.stack_order == "fixed":
            s.stack = [[b, "A"] for b in range(1, 11)]
        elif s.options["beginner_first"]:
            s.stack = [[1, "A"]]
        s.start_player = s.turn = youngest
        s._reveal_layout([])
        return s

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

    def row_values(self, row: int) -> list[int]:
        """Row ``row`` (1–6) as it stands now: committed dice, then this step's dice."""
        values = list(self.filled[row - 1])
        for die, r in self.pending:
            if r == row:
                values.append(self.roll[die])
        return values

    def accepts(self, row: int) -> tuple[int, ...]:
        """M(row) for the row's next box, counting the dice placed in this step."""
        return match_set(self.current_layout().rows[row - 1].code, self.row_values(row))

    def free_dice(self) -> list[int]:
        """Indices of the current roll not yet placed in this step."""
        used = {d for d, _ in self.pending}
        return [i for i in range(len(self.roll)) if i not in used]

    def tableau_full(self) -> bool:
        lay = self.current_layout()
        return all(len(self.filled[i]) == r.length for i, r in enumerate(lay.rows))

    # --- queries ------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance(self) -> bool:
        return self.phase in ("draw_layout", "rolling")

    def _current_seat(self) -> int:
        return self.turn

    def _placements(self) -> list[Action]:
        lay = self.current_layout()
        rows = [(r, lay.rows[r - 1].code, self.row_values(r)) for r in range(1, 7)]
        sets = [(r, match_set(code, vals)) for r, code, vals in rows]
        return [
            {"type": "place", "die": i, "row": r}
            for i in self.free_dice()
            for r, m in sets
            if self.roll[i] in m
        ]

    def _legal_actions(self) -> list[Action]:
        if self.phase == "await_roll":
            return [{"type": "roll"}]
        if self.phase == "await_decision":
            return [{"type": "roll_again"}, {"type": "stop"}]
        if self.phase != "await_place":
            return []
        actions = self._placements()
        rows = sorted({r for _, r in self.pending})
        actions.extend({"type": "take_back", "row": r} for r in rows)
        if self.pending:
            actions.append({"type": "confirm"})
        return actions

    def _why_illegal(self, action: Action) -> str | None:
        kind = action["type"]
        if kind not in _FIELDS:
            return f"Gambler has no action {kind!r}"
        if set(action) - {"type"} != _FIELDS[kind]:
            need = ", ".join(sorted(_FIELDS[kind])) or "no fields"
            return f"a {kind} action takes {need}"
        phase = self.phase
        if kind == "roll":
            if phase == "await_roll":
                return None
            if phase == "await_place":
                return "you must place a matching die before anything else"
            return "you only roll with 'roll' at the start of your turn; now it is roll_again"
        if kind in ("roll_again", "stop"):
            if phase == "await_decision":
                return None
            if phase == "await_roll":
                return "you must roll once at the start of your turn"
            return "you may only roll again or stop after confirming a placement"
        if phase != "await_place":
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
        if self.phase == "rolling":
            return [(dict(o), p) for o, p in _DIE_OUTCOMES]
        drawn = {b for b, _ in self.stack}
        left = [b for b in range(1, 11) if b not in drawn]
        p = 1 / (2 * len(left))
        return [
            ({"type": "draw_board", "board": b, "side": side}, p) for b in left for side in "AB"
        ]

    # --- transitions ----------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = action["type"]
        seat = self.turn
        if kind == "draw_board":
            self.stack.append([action["board"], action["side"]])
            events.append(
                {
                    "type": "board_drawn",
                    "board": action["board"],
                    "side": action["side"],
                    "position": len(self.stack),
                }
            )
            self._reveal_layout(events)
        elif kind in ("roll", "roll_again"):
            self.phase = "rolling"
            self.roll = []
            self.pending = []
            self.rolls += 1
            events.append(
                {"type": "rolling", "seat": seat, "dice": self.turn_dice, "roll_number": self.rolls}
            )
        elif kind == "die":
            self.roll.append(action["value"])
            events.append(
                {
                    "type": "die_rolled",
                    "seat": seat,
                    "die": len(self.roll) - 1,
                    "value": action["value"],
                }
            )
            if len(self.roll) == self.turn_dice:
                self._match_check(events)
        elif kind == "place":
            row = action["row"]
            box = len(self.row_values(row)) + 1
            self.pending.append([action["die"], row])
            events.append(
                {
                    "type": "die_placed",
                    "seat": seat,
                    "die": action["die"],
                    "value": self.roll[action["die"]],
                    "row": row,
                    "box": box,
                }
            )
        elif kind == "take_back":
            row = action["row"]
            idx = max(i for i, (_, r) in enumerate(self.pending) if r == row)
            die, _ = self.pending.pop(idx)
            events.append(
                {
                    "type": "die_taken_back",
                    "seat": seat,
                    "die": die,
                    "value": self.roll[die],
                    "row": row,
                    "box": len(self.row_values(row)) + 1,
                }
            )
        elif kind == "confirm":
            self._confirm(events)
        elif kind == "stop":
            events.append({"type": "stopped", "seat": seat, "dice_left": self.turn_dice})
            self._end_turn("stopped", events)
        return events

    def _reveal_layout(self, events: list[Event]) -> None:
        """P10 / setup: put the round's layout into play, or wait for its board (C1)."""
        layout = self.layout_of_round(self.round)
        self.filled = [[] for _ in range(6)]
        self.closers = [None] * 6
        self.supply = [self.dice] * self.n  # R15: every supply is D again
        if layout is None:
            self.phase = "draw_layout"
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
        for k in range(self.n):
            s = (seat + k) % self.n
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
        self.phase = "await_roll"
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
        lay = self.current_layout()
        for row, filled in zip(lay.rows, self.filled, strict=True):
            m = match_set(row.code, filled)
            if any(v in m for v in self.roll):
                self.phase = "await_place"
                return
        events.append({"type": "no_match", "seat": seat, "roll": list(self.roll)})
        self._end_turn("no_match", events)

    def _confirm(self, events: list[Event]) -> None:
        """P5–P8: commit the step's dice, settle closed rows together, go on."""
        seat = self.turn
        lay = self.current_layout()
        placed = []
        closed = []
        for die, row in self.pending:
            was_open = len(self.filled[row - 1]) < lay.rows[row - 1].length
            self.filled[row - 1].append(self.roll[die])
            box = len(self.filled[row - 1])
            placed.append({"die": die, "value": self.roll[die], "row": row, "box": box})
            if was_open and box == lay.rows[row - 1].length:
                closed.append(row)
        self.turn_dice -= len(self.pending)
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
            gain = loss = 0
            for row in closed:
                r = lay.rows[row - 1]
                self.closers[row - 1] = seat
                if r.yellow:
                    gain += r.points
                else:
                    loss += r.points
                item = {"row": row, "code": r.code, "colour": r.colour, "points": r.points}
                self.round_log.append({"seat": seat, **item})
                events.append({"type": "row_closed", "seat": seat, **item})
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
        if self.tableau_full():
            self._end_round(seat, events)
        elif self.turn_dice == 0:
            self._end_turn("all_dice_placed", events)
        else:
            self.phase = "await_decision"

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
        self._start_turn((seat + 1) % self.n, events)

    def _end_round(self, closer: int, events: list[Event]) -> None:
        """P10: game end check (R20), else redistribute and reveal the next layout."""
        nxt = (closer + 1) % self.n
        over = max(self.points) >= self.target
        self.results.append(
            {
                "round": self.round,
                "layout": self.layout,
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
            self.phase = "over"
            self.supply = [self.dice] * self.n
            events.append(
                {"type": "game_over", "points": list(self.points), "winners": self.winners()}
            )
            return
        self.round += 1
        self.start_player = self.turn = nxt
        self._reveal_layout(events)

    # --- views, results -------------------------------------------------------
    def view(self, viewer: int | None = None) -> JSON:
        """The table as every player sees it (spec §9: nothing is secret, so every
        ``viewer``, including ``None`` for the public table, gets the same data apart
        from ``viewer``). Seats are 0-based; rows and boxes are numbered from 1.

        - ``game``: "gambler"; ``viewer``: the seat asked for, or None; ``players``: names.
        - ``options``: {beginner_first, stack_order ("flip" | "board_by_board" |
          "fixed"), target, youngest}; ``target``: points that end the game.
        - ``phase``: "draw_layout" | "await_roll" | "rolling" | "await_place" |
          "await_decision" | "over".
        - ``current_player``: seat to act, -1 at a chance node, -2 when over.
        - ``cup``: seat holding the dice cup (the player whose turn it is).
        - ``round``: round number from 1; ``start_player``: who started this round.
        - ``dice_per_player``: D; ``dice_out_of_play``: 2 with 4 players, else 0.
        - ``layout``: None while its board is being drawn, else {id, name, board,
          side, beginner, boxes, yellow_total, black_total, net}.
        - ``next_layout``: id of the next round's layout once it is publicly known
          (the other side of the board in play, or a repeat after 20 rounds), else None.
        - ``played_layouts``: layout ids of the finished rounds, in order.
        - ``rows``: six entries, row 1 (top) first, each {row, code, kind ("pips" |
          "stars" | "full_house" | "ascending" | "descending"), colour ("yellow" |
          "black"), sign ("+" | "-"), points (the value circle), length, boxes,
          filled (values committed on the tableau), pending (values placed in this
          step, not yet confirmed), next_box (1-based, None when full), accepts
          (M(row): values the next box takes now, counting pending dice), closed,
          closed_by (seat or None)}. ``boxes`` has one entry per box: {box, shows
          ("pips" | "star" | "arrow"), pips (1–6, pips only), star ("yellow" | "black"
          for stars, "green" boxes 1–3 / "red" boxes 4–5 for a full house), arrow
          ("up" | "down" for straights), value (die on it or None), pending (True if
          that die is only placed in this step)}.
        - ``seats``: per seat {seat, name, points, chips {blue, yellow, white} (the
          points as 100/50/10 chips, most valuable first), supply (dice in the supply;
          for the player to move these are his set-aside dice), turn_dice (dice
          taken for this turn, 0 for others), has_cup, out_of_dice (supply and turn
          dice 0: sits out R13)}.
        - ``points``, ``supply``: per seat, as in ``seats``.
        - ``turn_dice``: t of the player to move; ``set_aside``: his supply dice not
          used this turn; ``rolls``: rolls taken in this turn (0–5).
        - ``roll``: the current roll's values (die id = index), [] between rolls;
          while rolling it grows die by die.
        - ``placed``: dice placed in this step, in order: [{die, value, row, box}].
        - ``free_dice``: indices of the roll not placed in this step.
        - ``can``: what the player to move may do now: {roll (bool), place ({str(die):
          [rows it fits]}), take_back ([rows with a die of this step]), confirm
          (bool), roll_again (number of dice it would roll, or None), stop (bool)}.
        - ``results``: finished rounds [{round, layout, name, start_player, closer
          (seat of the last box), turns, closed: [{seat, row, code, colour, points}],
          points (per seat after the round)}].
        - ``winners``: seats sharing the victory once the game is over, else [].
        """
        lay = LAYOUTS[self.layout] if self.layout else None
        rows: list[dict[str, Any]] = []
        if lay is not None:
            for i, r in enumerate(lay.rows):
                values = self.row_values(i + 1)
                committed = len(self.filled[i])
                boxes = r.boxes()
                for k, box in enumerate(boxes):
                    box["value"] = values[k] if k < len(values) else None
                    box["pending"] = committed <= k < len(values)
                full = len(values) >= r.length
                rows.append(
                    {
                        "row": i + 1,
                        "code": r.code,
                        "kind": {
                            "P": "pips",
                            "S": "stars",
                            "FH": "full_house",
                            "A": "ascending",
                            "D": "descending",
                        }[r.kind],
                        "colour": r.colour,
                        "sign": r.sign,
                        "points": r.points,
                        "length": r.length,
                        "boxes": boxes,
                        "filled": list(self.filled[i]),
                        "pending": values[committed:],
                        "next_box": None if full else len(values) + 1,
                        "accepts": list(match_set(r.code, values)),
                        "closed": committed == r.length,
                        "closed_by": self.closers[i],
                    }
                )
        playing = self.phase in ("await_roll", "rolling", "await_place", "await_decision")
        seats = [
            {
                "seat": s,
                "name": name,
                "points": self.points[s],
                "chips": chips_for(self.points[s]),
                "supply": self.supply[s],
                "turn_dice": self.turn_dice if playing and s == self.turn else 0,
                "has_cup": playing and s == self.turn,
                "out_of_dice": self.supply[s] == 0 and not (playing and s == self.turn),
            }
            for s, name in enumerate(self.players)
        ]
        place: dict[str, list[int]] = {}
        if self.phase == "await_place":
            for a in self._placements():
                place.setdefault(str(a["die"]), []).append(a["row"])
        decision = self.phase == "await_decision"
        return {
            "game": self.game_id,
            "viewer": viewer,
            "players": list(self.players),
            "options": dict(self.options),
            "target": self.target,
            "phase": self.phase,
            "current_player": self.current_player(),
            "cup": self.turn,
            "round": self.round,
            "start_player": self.start_player,
            "dice_per_player": self.dice,
            "dice_out_of_play": TOTAL_DICE - self.dice * self.n,
            "layout": None
            if lay is None
            else {
                "id": lay.id,
                "name": lay.name,
                "board": lay.board,
                "side": lay.side,
                "beginner": lay.beginner,
                "boxes": lay.boxes,
                "yellow_total": lay.yellow_total,
                "black_total": lay.black_total,
                "net": lay.net,
            },
            "next_layout": None if self.phase == "over" else self.layout_of_round(self.round + 1),
            "played_layouts": [r["layout"] for r in self.results],
            "rows": rows,
            "seats": seats,
            "points": list(self.points),
            "supply": list(self.supply),
            "turn_dice": self.turn_dice if playing else 0,
            "set_aside": self.supply[self.turn] if playing else 0,
            "rolls": self.rolls,
            "roll": list(self.roll),
            "placed": [
                {
                    "die": d,
                    "value": self.roll[d],
                    "row": r,
                    "box": len(self.filled[r - 1])
                    + 1
                    + sum(1 for d2, r2 in self.pending[:k] if r2 == r),
                }
                for k, (d, r) in enumerate(self.pending)
            ],
            "free_dice": self.free_dice() if self.phase == "await_place" else [],
            "can": {
                "roll": self.phase == "await_roll",
                "place": place,
                "take_back": sorted({r for _, r in self.pending}),
                "confirm": self.phase == "await_place" and bool(self.pending),
                "roll_again": self.turn_dice if decision else None,
                "stop": decision,
            },
            "results": copy.deepcopy(self.results),
            "winners": self.winners() if self.phase == "over" else [],
        }

    def scores(self) -> list[float]:
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        return [float(p) for p in self.points]

    # --- saving ---------------------------------------------------------------
    _SAVED = (
        "players",
        "options",
        "phase",
        "round",
        "stack",
        "layout",
        "filled",
        "closers",
        "pending",
        "points",
        "supply",
        "turn",
        "start_player",
        "turn_dice",
        "roll",
        "rolls",
        "turns",
        "round_log",
        "results",
    )

    def to_json(self) -> JSON:
        data = {"game": self.game_id, **{k: getattr(self, k) for k in self._SAVED}}
        return json.loads(json.dumps(data))  # a deep copy of plain JSON data, fast

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        if not isinstance(data, dict) or data.get("game") != cls.game_id:
            raise BadSave("this is not a Gambler state")
        s = cls()
        try:
            copied = json.loads(json.dumps({k: data[k] for k in cls._SAVED}))
            for k in cls._SAVED:
                setattr(s, k, copied[k])
        except KeyError as exc:
            raise BadSave(f"the Gambler state lacks {exc}") from None
        except (TypeError, ValueError):
            raise BadSave("the Gambler state is not plain JSON data") from None
        if s.phase not in PHASES:
            raise BadSave("the Gambler state has an unknown phase")
        if s.layout is not None and s.layout not in LAYOUT_IDS:
            raise BadSave(f"the Gambler state names an unknown layout {s.layout!r}")
        if s.stack_order not in STACK_ORDERS:
            raise BadSave("the Gambler state has an unknown stack order")
        return s
