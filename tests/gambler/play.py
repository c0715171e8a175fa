"""Reaching Gambler positions by play: forced chance outcomes and chosen decisions.

Every helper here drives the game through ``State.apply`` only: boards are drawn by
forcing the C1 outcome (``draw_board``), dice by forcing each C2 outcome (``die``),
and the players' decisions are the ones a script names. No helper ever writes to a
state attribute, so a position reached here is one the rules allow, and a planted
rule bug shows up on the way.

Two levels:

- :func:`turn` plays one whole turn as scripted: the roll (the placed values first,
  then filler dice the player leaves), the placement step, then ``stop`` if the
  player still has dice.
- :func:`fill` plays turn after turn, each seat in the order the rules give, until
  the tableau holds the wanted dice: each seat closes only the rows given to it
  (``closers``), otherwise advances some row without closing it, and passes with a
  roll that fits nowhere when it has nothing to do. :func:`play_round` fills the
  whole tableau, which ends the round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from pygames.core import IllegalAction
from pygames.gambler import GAME, GamblerState, Phase
from pygames.gambler.data import LAYOUTS, match_set

NAMES = ["A", "B", "C", "D", "E", "F"]
A, B, C, D, E, F = range(6)
Placement = tuple[int, int]  # (die value, row)
Events = list[dict[str, Any]]


# --- starting ------------------------------------------------------------------------
def new_game(n: int = 4, first: str | None = None, **options: Any) -> GamblerState:
    """A new game of ``n``; with ``first``, the first board is drawn showing that layout."""
    state = GAME.new_state(NAMES[:n], options)
    assert isinstance(state, GamblerState)
    if first is not None:
        draw(state, first)
    return state


def draw(state: GamblerState, layout: str) -> Events:
    """Force C1: the next board of the stack shows ``layout`` face up."""
    assert state.phase == Phase.DRAW_LAYOUT, "the next layout is already known"
    return state.apply({"type": "draw_board", "board": int(layout[:-1]), "side": layout[-1]})


# --- one roll, one placement step, one turn -------------------------------------------
def roll(state: GamblerState, values: Sequence[int]) -> Events:
    """ROLL (or ROLL_AGAIN), then force the C2 outcome die by die."""
    kind = "roll" if state.phase == Phase.AWAIT_ROLL else "roll_again"
    events = state.apply({"type": kind})
    for v in values:
        assert state.is_chance(), "more dice forced than the player rolls"
        events += state.apply({"type": "die", "value": v})
    assert not state.is_chance(), "fewer dice forced than the player rolls"
    return events


def steps(state: GamblerState, items: Sequence[Placement]) -> Events:
    """Place (value, row) items one die at a time, each with a free die of that value."""
    events: Events = []
    for value, row in items:
        die = next(i for i in state.free_dice() if state.roll[i] == value)
        events += state.apply({"type": "place", "die": die, "row": row})
    return events


def place(state: GamblerState, items: Sequence[Placement]) -> Events:
    """A spec PLACE list: the single steps, then ``confirm``."""
    events = steps(state, items)
    return events + state.apply({"type": "confirm"})


def misses(state: GamblerState) -> list[int]:
    """Die values that fit no open row of the tableau now (a roll of these ends the turn)."""
    fits: set[int] = set()
    for row in state.view(None)["rows"]:
        fits.update(row["accepts"])
    return [v for v in range(1, 7) if v not in fits]


def turn(
    state: GamblerState,
    seat: int,
    items: Sequence[Placement] = (),
    dice: Sequence[int] | None = None,
) -> Events:
    """``seat``'s whole turn: one roll (``dice``, or the placed values then filler),
    the placement ``items`` (none: the roll must fit nowhere), then ``stop`` if dice
    are left. Returns the events."""
    assert state.phase == Phase.AWAIT_ROLL, f"not a turn start but {state.phase}"
    assert state.turn == seat, f"seat {state.turn} is to move, not {seat}"
    if dice is None:
        values = [v for v, _ in items]
        if values:
            filler = values[0]
        else:
            nowhere = misses(state)
            assert nowhere, "every value fits somewhere: this seat cannot pass"
            filler = nowhere[0]
        dice = values + [filler] * (state.turn_dice - len(values))
    events = roll(state, dice)
    if items:
        events += place(state, items)
    if state.phase == Phase.AWAIT_DECISION:
        events += state.apply({"type": "stop"})
    return events


def play(state: GamblerState, script: Sequence[tuple[int, Sequence[Placement]]]) -> Events:
    """Several scripted turns in a row: ``[(seat, [(value, row), ...]), ...]``."""
    events: Events = []
    for seat, items in script:
        events += turn(state, seat, items)
    return events


def pass_to(state: GamblerState, seat: int) -> Events:
    """Every seat before ``seat`` passes (rolls dice that fit nowhere) until it moves."""
    events: Events = []
    for _ in range(len(state.players)):
        if state.turn == seat:
            return events
        events += turn(state, state.turn)
    assert state.turn == seat, f"seat {seat} never came to move"
    return events


# --- many turns: a planner ------------------------------------------------------------
def full_row(code: str, start: Sequence[int] = ()) -> list[int]:
    """``start`` completed to a whole legal row (the smallest fitting value each box)."""
    values = list(start)
    while m := match_set(code, values):
        values.append(m[0])
    return values


class _Plan:
    """What :func:`fill` aims at, and the choice of one turn's dice towards it."""

    def __init__(
        self,
        state: GamblerState,
        want: dict[int, list[int]],
        closers: dict[int, int] | None,
        budget: dict[int, int],
        last: int | None,
    ) -> None:
        self.state = state
        self.lay = state.current_layout()
        self.want = want
        self.closers = closers  # None: fair closing (see fill)
        self.budget = budget
        self.last = last
        self.spent = dict.fromkeys(range(state.n), 0)

    def done(self) -> bool:
        return all(self.state.filled[r - 1] == self.want[r] for r in range(1, 7))

    def closes(self, r: int) -> bool:
        """Row ``r`` is to be filled completely (so someone closes it)."""
        return len(self.want[r]) == self.lay.rows[r - 1].length

    def may_close(self, r: int, seat: int) -> bool:
        if self.closers is not None:
            return self.closers.get(r, seat) == seat
        # Fair: yellow rows to the poorest seat with dice, black ones to the richest.
        s = self.state
        with_dice = [x for x in range(s.n) if s.supply[x] or (x == s.turn and s.turn_dice)]
        pick = min if self.lay.rows[r - 1].yellow else max
        return s.points[seat] == pick(s.points[x] for x in with_dice)

    def choose(self, seat: int) -> list[Placement]:
        """The dice ``seat`` places this turn (none: it passes)."""
        s = self.state
        cur = {r: list(s.filled[r - 1]) for r in range(1, 7)}
        left = s.turn_dice  # dice still free this turn
        dice = s.supply[seat] + s.turn_dice  # dice it still has this round
        if seat in self.budget:
            left = min(left, self.budget[seat] - self.spent[seat])
            dice = min(dice, self.budget[seat] - self.spent[seat])
        chosen: list[Placement] = []

        def todo(r: int) -> list[int]:
            return self.want[r][len(cur[r]) :]

        def spare(extra: int, done: int = 0) -> bool:
            """After ``extra`` more dice (completing row ``done``), the seat keeps a die
            for each other row it must close."""
            if self.closers is None:
                return True
            mine = [
                r
                for r in range(1, 7)
                if r != done and self.closes(r) and todo(r) and self.closers.get(r) == seat
            ]
            return dice - len(chosen) - extra >= len(mine)

        # 1. Close its rows once the others have brought them to their last box (saves
        # this seat's dice); the ``last`` row only when all else is done.
        for r in range(1, 7):
            rest = todo(r)
            others_done = all(not todo(o) for o in range(1, 7) if o != r)
            if (
                len(rest) == 1
                and left > 0
                and self.closes(r)
                and self.may_close(r, seat)
                and (r != self.last or others_done)
                and spare(1, r)
            ):
                chosen.append((rest[0], r))
                cur[r] = cur[r] + rest
                left -= 1
        # 2. Else advance by one die, without closing it, the row with the longest way
        # to go, another seat's first (keeping dice for its own rows, unless it cannot
        # pass). A seat with a budget spends it as fast as it can (it must reach it).
        goal = left if seat in self.budget else 1
        while (not chosen or len(chosen) < goal) and left > 0:
            if not (spare(1) or not misses(s)):
                break
            order = sorted(range(1, 7), key=lambda r: (self.may_close(r, seat), -len(todo(r))))
            row = next((r for r in order if len(todo(r)) > (1 if self.closes(r) else 0)), None)
            if row is None:
                break
            chosen.append((todo(row)[0], row))
            cur[row] = cur[row] + todo(row)[:1]
            left -= 1
        # 3. Else it passes: a roll that fits nowhere (turn() checks that one exists).
        self.spent[seat] += len(chosen)
        return chosen


def fill(
    state: GamblerState,
    rows: dict[int, Sequence[int]] | None = None,
    *,
    full: Sequence[int] | str = (),
    closers: dict[int, int] | None = None,
    budget: dict[int, int] | None = None,
    last: int | None = None,
    to_move: int | None = None,
    fair: bool = False,
) -> Events:
    """Play turns until the tableau holds the wanted dice, then pass to ``to_move``.

    ``rows``: row -> the values it must hold (a prefix of what it holds is fine);
    ``full``: rows to fill completely ("all": every row not in ``rows``). Rows named
    in neither stay as they are. A row that gets full is closed only by its seat in
    ``closers`` (anyone if not named); ``last`` is the row closed last. ``budget``
    is the number of dice a seat places in all (then it passes). With ``fair``, a
    yellow row is closed only by a seat with the fewest points among those with dice,
    a black row by one with the most (keeps long games from ending early). Every turn
    goes by the rules: seats move in order, roll, place at least one fitting die, stop.
    """
    lay = state.current_layout()
    rows = dict(rows or {})
    full_rows = [r for r in range(1, 7) if r not in rows] if full == "all" else list(full)
    want = {r: list(state.filled[r - 1]) for r in range(1, 7)}
    for r, values in rows.items():
        want[r] = list(values)
    for r in full_rows:
        want[r] = full_row(lay.rows[r - 1].code, want[r])
    for r in range(1, 7):
        assert want[r][: len(state.filled[r - 1])] == state.filled[r - 1], f"row {r} differs"
    plan = _Plan(state, want, None if fair else (closers or {}), budget or {}, last)
    events: Events = []
    round_no = state.round
    for _ in range(500):
        if state.round != round_no or state.is_terminal() or plan.done():
            break  # done, or the tableau got full and the round is over
        seat = state.turn
        events += turn(state, seat, plan.choose(seat))
    else:
        raise AssertionError("the planner made no progress")
    if to_move is not None and state.round == round_no:
        events += pass_to(state, to_move)
    return events


def play_round(
    state: GamblerState, closers: dict[int, int] | None = None, last: int | None = None
) -> Events:
    """Fill the whole tableau by play, rows closed by ``closers`` (else fairly, see
    :func:`fill`); the round ends."""
    round_no = state.round
    events = fill(state, full="all", closers=closers, last=last, fair=closers is None)
    assert state.round != round_no or state.is_terminal(), "the round did not end"
    return events


def closers_for(
    layouts: Sequence[str],
    start: Sequence[int],
    goals: Sequence[int],
    target: int = 500,
    closer: int | None = None,
) -> list[dict[int, int]]:
    """Who closes each row of ``layouts`` (one dict per round) so that the seats go from
    ``start`` to exactly ``goals`` points, nobody's points ever drop below 0 (so no debt
    is forgiven), nobody reaches ``target`` at a round end, nobody closes more than four
    rows a round (dice enough), and ``closer`` closes a row of the last layout. A seeded
    search: the same answer every time."""
    rows = [
        (i, r + 1, row.points if row.yellow else -row.points)
        for i, lay in enumerate(layouts)
        for r, row in enumerate(LAYOUTS[lay].rows)
    ]
    n = len(start)
    need = [g - s for g, s in zip(goals, start, strict=True)]
    assert sum(need) == sum(v for *_, v in rows), "the layouts' nets must add up to the goals"
    rng = random.Random(0)
    for _ in range(2_000):
        # Seat by seat, a random subset of the rows left that adds up to its need
        # (subset sums, first found in a shuffled order); the last seat takes the rest.
        left = rows[:]
        assign: dict[tuple[int, int], int] = {}
        for seat in range(n - 1):
            rng.shuffle(left)
            reach: dict[int, list[int]] = {0: []}
            for k, (*_, v) in enumerate(left):
                for total, picked in list(reach.items()):
                    reach.setdefault(total + v, [*picked, k])
            if need[seat] not in reach:
                break
            mine = set(reach[need[seat]])
            for k in mine:
                assign[left[k][0], left[k][1]] = seat
            left = [row for k, row in enumerate(left) if k not in mine]
        else:
            for i, r, _ in left:
                assign[i, r] = n - 1
        if len(assign) < len(rows):
            continue
        last_rows = {assign[len(layouts) - 1, r] for r in range(1, 7)}
        points, ok = list(start), closer is None or closer in last_rows
        for i in range(len(layouts)):
            for s in range(n):
                mine_now = [v for (j, r, v) in rows if j == i and assign[j, r] == s]
                ok &= points[s] + sum(v for v in mine_now if v < 0) >= 0 and len(mine_now) <= 4
                points[s] += sum(mine_now)
                ok &= points[s] < target
        if ok:
            return [{r: assign[i, r] for r in range(1, 7)} for i in range(len(layouts))]
    raise AssertionError("no way to share out those rows")


def earn(
    state: GamblerState,
    layouts: Sequence[str],
    goals: Sequence[int],
    closer: int | None = None,
) -> None:
    """Play whole rounds on ``layouts`` (drawn where the stack is not yet known) so that
    the seats end with exactly ``goals`` points; ``closer`` fills the last box of all."""
    plan = closers_for(layouts, state.points, goals, state.target, closer)
    for k, (layout, closers) in enumerate(zip(layouts, plan, strict=True)):
        if state.phase == Phase.DRAW_LAYOUT:
            draw(state, layout)
        assert state.layout == layout, f"round {state.round} is {state.layout}, not {layout}"
        last = None
        if closer is not None and k == len(layouts) - 1:
            last = next(r for r in range(1, 7) if closers[r] == closer)
        play_round(state, closers, last)
    assert state.points == list(goals)
    if closer is not None:
        assert state.results[-1]["closer"] == closer


# --- refusals --------------------------------------------------------------------------
def refused(state: GamblerState, action: dict[str, Any]) -> str:
    """The reason ``action`` is refused; the state is left exactly as it was."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before, "a refused action leaves the state unchanged"
    return str(info.value)


def rejected_whole(state: GamblerState, items: Sequence[Placement]) -> str:
    """Play ``items`` until a step is refused; show the list leaves the state as it was."""
    before = state.to_json()
    reason = ""
    for k, (value, row) in enumerate(items):
        die = next(i for i in state.free_dice() if state.roll[i] == value)
        try:
            state.apply({"type": "place", "die": die, "row": row})
        except IllegalAction as exc:
            reason = str(exc)
            assert state.filled == before["filled"], "the tableau is unchanged"
            for _, r in reversed(items[:k]):
                state.apply({"type": "take_back", "row": r})
            break
    else:
        raise AssertionError("the list was accepted")
    assert state.to_json() == before
    return reason


def event_types(events: Events) -> list[str]:
    return [e["type"] for e in events]
