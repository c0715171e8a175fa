"""Gambler's computer player: a fast heuristic built on exact dice probabilities.

The bot reads only ``window.legal_actions()`` and the seat's resample of the table
(``window.resample``): nothing in Gambler is hidden, so that is a plain copy, the same
facts as ``window.view()`` at a fraction of its cost (:func:`read_table`).

Placement (one step at a time, re-planned from the table at every call):

1. **Close**: repeatedly close the most valuable yellow row the unplaced dice of the
   roll can complete.
2. **Push**: if nothing can be closed, fill as many boxes of one yellow row as the
   roll allows when the exact chance P of finishing that row with the dice left this
   turn is good (P ≥ 0.35 and P·v beats the gift it leaves behind otherwise).
3. **Minimal**: otherwise place exactly one die where it does the least harm:
   closing a black row is the last resort (the cheapest one), advancing a yellow row
   costs v·(filled after)/L (a gift to the next player), advancing a black row
   without closing it costs nothing.

Roll again or stop: the bot enumerates every roll of the dice it has left (as
multisets, with their exact probabilities) and scores what the roll would force on
it: yellow rows it could close (+v), a black row it would have to close (−v), a
yellow row it would have to open up for the next player (−gift), nothing if no die
fits (the dice come back). It adds the chance of finishing its best yellow row over
the whole rest of the turn, and rolls again only if the total is clearly positive.

    >>> import random
    >>> from pygames.core import SeatWindow
    >>> from pygames.gambler import GAME
    >>> s = GAME.new_state(["Ann", "Ben"], {"stack_order": "fixed"})
    >>> GamblerBot().choose(SeatWindow(s, 0), 0, random.Random(0))
    {'type': 'roll'}
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import partial
from itertools import combinations_with_replacement
from math import factorial
from typing import NamedTuple, TypeVar

from ..core.advice import Reason, generic_reason, reason, register_reasons
from ..core.bots import SeatWindow, register_bot
from ..core.search import Arm, Line, distinct_lines, register_lines
from ..core.state import Action
from .data import LAYOUTS, code_length, match_set
from .state import GamblerState, Phase
from .view import GamblerView

PUSH_THRESHOLD = 0.35
DIE_COST = 2.0  # a die kept in the supply is worth a little later in the round
ROLL_MARGIN = 3.0
LEAD_ROLL_MARGIN = -1.5
"""The sharp player's lead rolls on even when one more roll is expected to cost it up to
1.5 points: among friendly players it won 4-9 % more than with Friendly's margin (6,000
games on each of three sets of seeds)."""
FRIENDLY_SLACK = 1.5  # points: the friendly level's roll-again margin varies this much
GIFT_SHARE = 0.5  # how much of a gift to the next player we count against us

Counts = tuple[int, ...]  # counts[v] = dice showing v (index 0 unused)


def dice_counts(values: Iterable[int]) -> Counts:
    """How many dice show each face: ``counts[v]`` for v in 1..6."""
    counts = [0] * 7
    for v in values:
        counts[v] += 1
    return tuple(counts)


def _multisets(k: int) -> list[tuple[Counts, float]]:
    out = []
    for combo in combinations_with_replacement(range(1, 7), k):
        counts = dice_counts(combo)
        ways = factorial(k)
        for c in counts:
            ways //= factorial(c)
        out.append((counts, ways / 6**k))
    return out


MULTISETS: dict[int, list[tuple[Counts, float]]] = {k: _multisets(k) for k in range(1, 6)}


K = TypeVar("K")
T = TypeVar("T")


class Memo(dict[K, T]):
    """A memo table of a pure function of public facts that starts afresh once it holds
    ``limit`` entries (a long search in the browser must not grow without bound)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: T) -> T:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


_FILLS: Memo[tuple[str, tuple[int, ...], Counts], tuple[int, ...]] = Memo(10_000)


def best_fill(code: str, values: tuple[int, ...], counts: Counts) -> tuple[int, ...]:
    """The longest run of dice from ``counts`` that can go into the row next (in order).

    Remembered per (row code, values in it, dice): rollouts ask the same few again and again.
    """
    key = (code, values, counts)
    hit = _FILLS.get(key)
    if hit is None:
        hit = _FILLS.keep(key, _search_fill(code, values, counts))
    return hit


def _search_fill(code: str, values: tuple[int, ...], counts: Counts) -> tuple[int, ...]:
    best: tuple[int, ...] = ()
    length = code_length(code)
    stack: list[tuple[tuple[int, ...], list[int]]] = [((), list(counts))]
    while stack:
        added, left = stack.pop()
        if len(added) > len(best):
            best = added
            if len(values) + len(best) == length:
                return best
        for v in match_set(code, values + added):
            if left[v]:
                nxt = list(left)
                nxt[v] -= 1
                stack.append(((*added, v), nxt))
    return best


def _key(code: str, values: tuple[int, ...]) -> tuple[str, str | int]:
    """A canonical form of what a row still needs (equal keys finish equally often)."""
    length = code_length(code)
    k = len(values)
    if code.isdigit():
        return ("P", code[k:])
    kind = code[0] if code != "FH" else "FH"
    if kind == "S":
        return ("P", "1" * (length - k)) if k else ("S", length)
    if kind in ("A", "D"):
        if not k:
            return ("A", length)
        step = 1 if kind == "A" else -1
        return ("P", "".join(str(values[-1] + step * (i + 1)) for i in range(length - k)))
    if k == 4:
        return ("P", "1")
    return ("FH", k)


_P_CACHE: dict[tuple[tuple[str, str | int], int], float] = {}


def p_finish(code: str, values: tuple[int, ...], dice: int) -> float:
    """Exact chance of completing the row this turn with ``dice`` dice, all of them
    dedicated to it (each roll places every die that fits, at least one, else stop)."""
    length = code_length(code)
    if len(values) >= length:
        return 1.0
    if dice <= 0:
        return 0.0
    key = (_key(code, values), dice)
    hit = _P_CACHE.get(key)
    if hit is not None:
        return hit
    total = 0.0
    for counts, p in MULTISETS[dice]:
        fill = best_fill(code, values, counts)
        if fill:
            total += p * p_finish(code, values + fill, dice - len(fill))
    _P_CACHE[key] = total
    return total


class _Row:
    __slots__ = ("row", "code", "yellow", "points", "length", "values")

    def __init__(
        self, row: int, code: str, yellow: bool, points: int, length: int, values: list[int]
    ) -> None:
        self.row = row
        self.code = code
        self.yellow = yellow
        self.points = points
        self.length = length
        self.values = tuple(values)

    @property
    def open(self) -> bool:
        return len(self.values) < self.length


class _Table(NamedTuple):
    """The public facts the bot decides on (in Gambler every fact is public)."""

    rows: list[_Row]  # row 1 first, committed dice only
    roll: list[int]  # the current roll (die id = index)
    placed: list[tuple[int, int]]  # (value, row) of each die placed in this step, in order
    free_dice: list[int]  # indices of the roll not placed in this step
    turn_dice: int  # dice the player to move has for this turn


_COPY_RNG = random.Random(0)
"""Handed to Gambler's resample, which draws nothing (every fact is public)."""


def read_table(window: SeatWindow[GamblerView]) -> _Table:
    """What the seat sees, read from its resample of the table: in Gambler that is a
    plain copy (nothing is hidden, see :meth:`GamblerState.resample_from_infostate`),
    which is far cheaper than building the seat's whole view at every decision."""
    state = window.resample(_COPY_RNG)
    assert isinstance(state, GamblerState)
    layout = LAYOUTS[state.layout].rows if state.layout is not None else ()
    roll = state.roll
    return _Table(
        rows=[
            _Row(i + 1, r.code, r.yellow, r.points, r.length, state.filled[i])
            for i, r in enumerate(layout)
        ],
        roll=roll,
        placed=[(roll[die], row) for die, row in state.pending],
        free_dice=state.free_dice() if state.phase == Phase.AWAIT_PLACE else [],
        turn_dice=state.turn_dice if state.in_turn() else 0,
    )


def _harm(row: _Row, value: int) -> float:
    """Cost of putting one die of ``value`` into ``row`` and no more (step 3)."""
    after = len(row.values) + 1
    if after == row.length:
        return -row.points if row.yellow else 1000.0 + row.points
    if row.yellow:
        return row.points * after / row.length
    return 0.0


def plan(
    rows: list[_Row], counts: Counts, dice_left_after: int | None = None
) -> list[tuple[int, int]]:
    """The placement step for a roll: [(value, row), ...] in a legal order."""
    left = list(counts)
    state = {r.row: r.values for r in rows}
    by_row = {r.row: r for r in rows}
    steps: list[tuple[int, int]] = []
    # 1. close yellow rows, most valuable first
    while True:
        best: tuple[int, int, tuple[int, ...]] | None = None
        for r in rows:
            vals = state[r.row]
            if not r.yellow or len(vals) >= r.length:
                continue
            fill = best_fill(r.code, vals, tuple(left))
            if len(vals) + len(fill) == r.length:
                cand = (r.points, -len(fill), fill)
                if best is None or cand[:2] > best[:2]:
                    best = (r.points, -len(fill), fill)
                    best_row = r.row
        if best is None:
            break
        for v in best[2]:
            left[v] -= 1
            steps.append((v, best_row))
        state[best_row] = state[best_row] + best[2]
    if steps:
        return steps
    total = sum(left)
    # 2. push one yellow row when it is likely to be finished this turn
    push: tuple[float, int, tuple[int, ...]] | None = None
    for r in rows:
        vals = state[r.row]
        if not r.yellow or len(vals) >= r.length:
            continue
        fill = best_fill(r.code, vals, tuple(left))
        if not fill:
            continue
        rest = total - len(fill)
        p = p_finish(r.code, vals + fill, rest)
        filled = len(vals) + len(fill)
        gain = p * r.points - (1 - p) * r.points * (filled / r.length) / 2
        if p >= PUSH_THRESHOLD and gain > 0 and (push is None or gain > push[0]):
            push = (gain, r.row, fill)
    if push is not None:
        return [(v, push[1]) for v in push[2]]
    # 3. one die, least harm
    options = [
        (_harm(by_row[row], v), row, v)
        for row, vals in state.items()
        for v in match_set(by_row[row].code, vals)
        if left[v]
    ]
    if not options:
        return []
    harm, row, v = min(options)
    return [(v, row)]


RowRoll = tuple[float | None, float | None]
"""What one roll does to one open row: the gain if the roll closes it (yellow rows
only) and the harm of one die put in it if any die fits (``None``: not so)."""

_ROW_ROLLS: Memo[tuple[str, bool, int, tuple[int, ...], int], tuple[RowRoll, ...]] = Memo(2_000)
_ROLL_VALUES: Memo[tuple[int, tuple[tuple[str, bool, int, tuple[int, ...]], ...]], float] = Memo(
    10_000
)


def _row_rolls(r: _Row, dice: int) -> tuple[RowRoll, ...]:
    """:data:`RowRoll` of ``r`` for each roll of ``MULTISETS[dice]``, remembered per row state."""
    key = (r.code, r.yellow, r.points, r.values, dice)
    hit = _ROW_ROLLS.get(key)
    if hit is not None:
        return hit
    fits = match_set(r.code, r.values)
    need = r.length - len(r.values)
    close = r.points - DIE_COST * need
    harm = _harm(r, fits[0]) if fits else 0.0  # the same for every die that fits
    # the four outcomes, shared by every roll (keeps the table small)
    kinds = {(c, h): (close if c else None, harm if h else None) for c in (0, 1) for h in (0, 1)}
    out: list[RowRoll] = []
    for counts, _ in MULTISETS[dice]:
        closes = r.yellow and len(best_fill(r.code, r.values, counts)) == need
        out.append(kinds[int(closes), int(any(counts[v] for v in fits))])
    return _ROW_ROLLS.keep(key, tuple(out))


def roll_value(rows: list[_Row], dice: int) -> float:
    """Expected points of rolling ``dice`` dice once more (see the module docstring).

    Remembered per (dice, open rows' states): the same board comes up again and again.
    """
    open_rows = [r for r in rows if r.open]
    key = (dice, tuple((r.code, r.yellow, r.points, r.values) for r in open_rows))
    hit = _ROLL_VALUES.get(key)
    if hit is None:
        hit = _ROLL_VALUES.keep(key, _roll_value(open_rows, dice))
    return hit


def _roll_value(open_rows: list[_Row], dice: int) -> float:
    value = 0.0
    per_row = [_row_rolls(r, dice) for r in open_rows]
    for i, (_, p) in enumerate(MULTISETS[dice]):
        gain = 0.0
        for rolls in per_row:
            close = rolls[i][0]
            if close is not None:
                gain = max(gain, close)
        if gain > 0:
            value += p * gain
            continue
        harms = [h for rolls in per_row if (h := rolls[i][1]) is not None]
        if harms:
            harm = min(harms)
            if harm >= 1000:
                harm -= 1000
            elif harm > 0:
                harm *= GIFT_SHARE
            value -= p * (harm + DIE_COST)
    # pushing on over the rest of the turn: the best yellow row's chance of closing
    push = max(
        (
            p_finish(r.code, r.values, dice) * r.points
            for r in open_rows
            if r.yellow and len(r.values) > 0
        ),
        default=0.0,
    )
    return value + 0.25 * push


class GamblerBot:
    """Closes yellow rows, avoids black ones, and weighs each further roll's risk."""

    name = "heuristic"

    def __init__(self, slack: float = 0.0, roll_margin: float = ROLL_MARGIN) -> None:
        # 0: today's deterministic heuristic; more: the friendly level, whose
        # roll-again margin varies by up to ``slack`` points either way.
        self.slack = slack
        self.roll_margin = roll_margin

    def choose(self, window: SeatWindow[GamblerView], seat: int, rng: random.Random) -> Action:
        legal = window.legal_actions()
        kinds = {a["type"] for a in legal}
        if len(legal) == 1:
            return legal[0]
        table = read_table(window)
        if "roll_again" in kinds:
            margin = self.roll_margin + (rng.uniform(-1, 1) * self.slack if self.slack else 0.0)
            go = roll_value(table.rows, table.turn_dice) > margin
            return {"type": "roll_again" if go else "stop"}
        return self._place(table, legal)

    def _place(self, table: _Table, legal: list[Action]) -> Action:
        roll = table.roll
        steps = plan(table.rows, dice_counts(roll))
        # remove what is already placed in this step
        todo = list(steps)
        for item in table.placed:
            if item in todo:
                todo.remove(item)
            else:  # not ours: take it back
                return {"type": "take_back", "row": item[1]}
        if not todo:
            if any(a["type"] == "confirm" for a in legal):
                return {"type": "confirm"}
            return legal[0]
        value, row = todo[0]
        for die in table.free_dice:
            if roll[die] == value:
                action = {"type": "place", "die": die, "row": row}
                if action in legal:
                    return action
        return next((a for a in legal if a["type"] == "confirm"), legal[0])


HEURISTIC = GamblerBot()
register_bot(
    "gambler",
    HEURISTIC,
    friendly=GamblerBot(slack=FRIENDLY_SLACK),
    lead=GamblerBot(roll_margin=LEAD_ROLL_MARGIN),
)

MAX_LINE = 12
"""More steps than any placement takes (five dice, then the confirmation)."""


def placement_lines(window: SeatWindow[GamblerView]) -> list[Line] | None:
    """The whole placements the sharp player and the advice weigh at a placement step:
    the friendly plan first, then for each open row every run of the free dice that can
    go into it next (one die, two, ... as many as fit), each ending with the
    confirmation. Once dice of the step are down, also confirming them as they lie, and
    taking back each row's last die followed by the friendly plan from there (weighed
    one action at a time, the friendly player finishing the step would put a die it did
    not plan straight back, so a lone step could not be judged). Lines that leave the
    rows alike are one choice. None at any other decision."""
    seat = window.seat
    start = window.resample(_COPY_RNG)
    assert isinstance(start, GamblerState) and seat is not None
    if start.phase != Phase.AWAIT_PLACE:
        return None
    lines = [_follow(start, seat, [])]
    if start.pending:
        lines.append(_follow(start, seat, [], friendly=False))  # confirm them as they lie
        for row in dict.fromkeys(r for _, r in reversed(start.pending)):
            take: Action = {"type": "take_back", "row": row}
            after = start.clone()
            after.apply_trusted(take)
            rest = _follow(after, seat, [])
            if rest:
                lines.append((take, *rest))
    counts = dice_counts(start.roll[d] for d in start.free_dice())
    for row, r in enumerate(LAYOUTS[start.layout].rows if start.layout else (), start=1):
        values = tuple(start.row_values(row))
        if len(values) >= r.length:
            continue
        fill = best_fill(r.code, values, counts)
        for k in range(1, len(fill) + 1):
            line = _follow(start, seat, [(v, row) for v in fill[:k]])
            if line:
                lines.append(line)
    return distinct_lines([line for line in lines if line], partial(_rows_after, start))


def _rows_after(start: GamblerState, line: Line) -> tuple[tuple[int, ...], ...]:
    """Every row's dice once ``line`` but its confirmation is played: lines that leave the
    rows alike (the same dice in the same order) are one choice."""
    after = start.clone()
    for action in line[:-1]:
        after.apply_trusted(action)
    return tuple(tuple(after.row_values(row)) for row in range(1, len(after.filled) + 1))


def _follow(
    start: GamblerState, seat: int, plan: list[tuple[int, int]], *, friendly: bool = True
) -> Line:
    """The actions that place ``plan``'s (value, row) dice and confirm; with an empty
    plan, the friendly player's own placement (``friendly=False``: the confirmation
    alone). Empty if the plan cannot be played."""
    state = start.clone()
    line: list[Action] = []
    player = HEURISTIC if friendly and not plan else None
    for value, row in plan:
        die = next((d for d in state.free_dice() if state.roll[d] == value), None)
        action: Action = {"type": "place", "die": die, "row": row}
        if die is None or not state.is_legal(action):
            return ()
        line.append(action)
        state.apply_trusted(action)
    while len(line) < MAX_LINE:
        action = {"type": "confirm"}
        if player is not None:
            action = player.choose(SeatWindow(state, seat), seat, _COPY_RNG)
        if not state.is_legal(action):
            return ()
        line.append(action)
        state.apply_trusted(action)
        if action["type"] == "confirm":
            return tuple(line)
    return ()


# The sharp player keeps the friendly placement and spends its time on rolling on or
# stopping: weighing whole placements with a second of rollouts, it found no placement
# better beyond luck, and playing the lucky ones it won less than the friendly players
# (24 games: 0.40 x its equal share, 95 % 0.15-0.93 x). The advice still weighs them.
register_lines("gambler", placement_lines, sharp=False)


class RollFacts(NamedTuple):
    """What the next throw of the turn's dice may do, from the seat's view (P3, P4):
    chances as fractions of all throws, points as the rows' values."""

    dice: int  # the turn dice that would be rolled
    bust: float  # no die fits an open row (the lens's own figure): the turn just ends
    close: float  # the throw can close a yellow row
    money: int  # the most valuable yellow row some throw can close (0: none)
    black: float  # every die that fits goes only into a black row's last box
    stake: int  # the most such a forced black row can cost (0: none)


def roll_facts(state: GamblerState) -> RollFacts:
    """:class:`RollFacts` for the player holding the cup, before a throw: every throw of
    the turn dice (as a multiset, with its exact chance) against the open rows' next boxes
    as the engine takes them (:meth:`GamblerState.accepts`)."""
    dice = state.turn_dice
    rows = [
        (row, r, state.row_values(row))
        for row, r in enumerate(LAYOUTS[state.layout].rows if state.layout else (), start=1)
    ]
    open_rows = [(row, r, tuple(v), state.accepts(row)) for row, r, v in rows if len(v) < r.length]
    close = black = 0.0
    money = stake = 0
    for counts, p in MULTISETS.get(dice, []):
        closing = [
            r.points
            for _, r, values, _ in open_rows
            if r.yellow and len(values) + len(best_fill(r.code, values, counts)) == r.length
        ]
        if closing:
            close += p
            money = max(money, *closing)
            continue
        taking = [(r, values) for _, r, values, fits in open_rows if any(counts[v] for v in fits)]
        # forced: some die fits, and only into the last box of black rows (P4: one must go)
        if taking and all(not r.yellow and len(values) + 1 == r.length for r, values in taking):
            black += p
            stake = max(stake, min(r.points for r, _ in taking))  # the cheapest one is paid
    bust = 1 - state.lens_facts().get("fit", 1.0)
    return RollFacts(dice, bust, close, money, black, stake)


def _pct(p: float) -> int:
    """A chance in whole percent that says 'never' or 'always' only when it is so."""
    return min(99, max(1, round(100 * p))) if 0 < p < 1 else round(100 * p)


def _roll_reason(state: GamblerState, arm: Arm) -> Reason:
    """Roll on or stop, by what the next throw may bring or force (P3, P4, P9)."""
    f = roll_facts(state)
    close, black, bust = _pct(f.close), _pct(f.black), _pct(f.bust)
    if arm.action["type"] == "stop":
        if f.black:
            return reason("gambler", "stop_risk", arm, dice=f.dice, black=black, stake=f.stake)
        if f.close:
            return reason("gambler", "stop_now", arm, dice=f.dice, close=close, money=f.money)
        return reason("gambler", "stop_nothing", arm, dice=f.dice)
    if f.black and f.close:
        facts = {"close": close, "money": f.money, "black": black, "stake": f.stake}
        return reason("gambler", "roll_on_risk", arm, dice=f.dice, **facts)
    if f.black:
        return reason("gambler", "roll_on_black", arm, dice=f.dice, black=black, stake=f.stake)
    if f.close:
        return reason("gambler", "roll_on", arm, dice=f.dice, close=close, money=f.money, bust=bust)
    return reason("gambler", "roll_on_quiet", arm, dice=f.dice, bust=bust)


def _place_reason(start: GamblerState, arm: Arm) -> Reason | None:
    """A placement by what it does to the rows it puts dice in: a yellow row closed (and
    collected), a black row closed (forced or not), a yellow row brought closer with the
    exact chance to finish it with the dice left this turn, or a black row filled further
    at no cost. Placing is public and certain, so it is played on a copy of the table."""
    assert start.layout is not None  # dice are placed only on a tableau in play
    lay = LAYOUTS[start.layout].rows
    # Forced: at the step's start every die that fits only closes a black row (P4: one
    # must go), and the choice is the step's first die or its confirmation. A further die
    # is never forced: the step could be confirmed without it.
    base = start
    if start.pending and arm.action["type"] == "confirm":
        base = start.clone()
        while base.pending:
            base.apply({"type": "take_back", "row": base.pending[-1][1]})
    forced = not base.pending and all(
        not (r := lay[row - 1]).yellow and len(base.row_values(row)) + 1 == r.length
        for _, row in base.placements()
    )
    after = start.clone()
    for action in (arm.action, *arm.rest):
        if action["type"] == "place":
            after.apply(action)
    ours = [a["row"] for a in (arm.action, *arm.rest) if a["type"] == "place"]
    if arm.action["type"] == "confirm":
        ours = [row for _, row in after.pending]
    if not ours:
        return None
    need = {row: lay[row - 1].length - len(after.row_values(row)) for row in ours}
    yellow = sorted({r for r in ours if lay[r - 1].yellow}, key=lambda r: -lay[r - 1].points)
    black = sorted({r for r in ours if not lay[r - 1].yellow}, key=lambda r: lay[r - 1].points)
    closed = [r for r in yellow if need[r] == 0]
    paid = [r for r in black if need[r] == 0]
    # A black row closed in the same step costs its points (P5): said with the gain.
    cost = {"black": paid[0], "stake": lay[paid[0] - 1].points} if paid else {}
    also = "_and_black" if paid else ""
    if len(closed) > 1:
        total = sum(lay[r - 1].points for r in closed)
        rid = "place_close_rows" + also
        return reason("gambler", rid, arm, count=len(closed), money=total, **cost)
    if closed:
        row = closed[0]
        rid = "place_close" + also
        return reason("gambler", rid, arm, row=row, money=lay[row - 1].points, **cost)
    if paid:
        rid = "place_black_forced" if forced else "place_black"
        return reason("gambler", rid, arm, row=paid[0], stake=lay[paid[0] - 1].points)
    if yellow:
        row = max(yellow, key=ours.count)  # the row the dice go into
        left = after.turn_dice - len(after.pending)  # dice for the turn's further throws
        money = lay[row - 1].points
        facts = {"money": money, "need": need[row], "left": left}
        if left < need[row]:  # too few dice to finish it this turn
            return reason("gambler", "place_gift", arm, row=row, **facts)
        chance = _pct(p_finish(lay[row - 1].code, tuple(after.row_values(row)), left))
        return reason("gambler", "place_push", arm, row=row, chance=chance, **facts)
    return reason("gambler", "place_black_open", arm, row=black[0])


def _reason(window: SeatWindow[GamblerView], arm: Arm, arms: list[Arm]) -> Reason:
    """Why: for rolling on or stopping, what the next throw may close, force or miss;
    for a placement, what it does to the rows it fills. Nothing in Gambler is hidden,
    so the seat's resample is the table itself."""
    state = window.resample(_COPY_RNG)
    assert isinstance(state, GamblerState)
    kind = arm.action["type"]
    if kind in ("roll_again", "stop"):
        return _roll_reason(state, arm)
    if kind in ("place", "confirm"):
        why = _place_reason(state, arm)
        if why is not None:
            return why
    if kind == "take_back" and arm.rest:  # a placement made over: told by what it places
        steps = (arm.action, *arm.rest)
        after, i = state.clone(), 0
        while steps[i]["type"] == "take_back":
            after.apply(steps[i])
            i += 1
        rest = Arm(steps[i], rest=steps[i + 1 :], visits=arm.visits, wins=arm.wins)
        why = _place_reason(after, rest)
        if why is not None:
            return why
    return generic_reason("gambler", arm, arms)


register_reasons(
    "gambler",
    _reason,
    (
        "roll_on",
        "roll_on_risk",
        "roll_on_black",
        "roll_on_quiet",
        "stop_now",
        "stop_risk",
        "stop_nothing",
        "place_close",
        "place_close_rows",
        "place_close_and_black",
        "place_close_rows_and_black",
        "place_black",
        "place_black_forced",
        "place_push",
        "place_gift",
        "place_black_open",
    ),
)
