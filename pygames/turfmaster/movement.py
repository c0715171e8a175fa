"""Movement on a board side: strides, lane-change limits, blocking, as far as possible.

:func:`reach` is the whole movement rule (spec P10–P14, V1 H2–H3) as a pure
function of the board, the mover's square, the movement value and the squares
forbidden by the other horses. The engine and the computer player share it.

>>> from pygames.turfmaster.data import SIDES
>>> a = SIDES["A"]
>>> cost, ends = reach(a, a.index["5-40"], 6, frozenset(), False)
>>> cost, [a.ids[e] for e in ends]
(6, ['4-46', '5-46', '6-46'])
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from .data import HURDLE_COST, LATE_CHANGE_FROM, NONE, Board

Move = tuple[int, tuple[int, ...], tuple[str, ...]]
"""``(C*, end squares, their ids)``: one move as :func:`moves` gives it."""
MAX_VALUE = 12
"""The largest movement value: a 12 card or joker, or a double six as the pace."""
BLOCKED_MEMO_LIMIT = 10_000
"""Moves near other horses remembered at most per side (then forgotten at once):
their keys vary with the field, so the table is bounded for the browser."""


def forbidden_squares(board: Board, others: Iterable[int]) -> set[int]:
    """P12: the squares of the other horses and those directly in front and behind."""
    out: set[int] = set()
    block = board.block
    for sq in others:
        out.update(block[sq])
    return out


def falls(board: Board, square: int, cost: int, card_round_hurdles: bool) -> bool:
    """V1 H3: a move of at least one stride that ends on a hurdle in a card round falls.

    Standing still on a hurdle (cost 0, R38) and a dice round (H4) never fall.
    """
    return card_round_hurdles and cost > 0 and board.hurdle[square]


def strides(board: Board, start: int, end: int, cost: int) -> int:
    """The strides (squares entered) of a move of ``cost`` points from ``start`` to ``end``.

    On a straight every stride enters the next row, and hurdles lie across all lanes of
    straight rows: whatever the path, each hurdle row after the start's, up to the end's,
    was entered once, for ``HURDLE_COST`` points instead of one (V1 H2)."""
    rows = range(board.row[start] + 1, board.row[end] + 1)
    return cost - (HURDLE_COST - 1) * sum(1 for r in board.hurdle_rows if r in rows)


def reach(
    board: Board,
    start: int,
    value: int,
    forbidden: Collection[int],
    card_round_hurdles: bool,
) -> tuple[int, list[int]]:
    """``(C*, end squares)`` of the maximal legal paths from ``start`` (P13, P14).

    ``card_round_hurdles`` applies V1 H3: a path of at least one stride may end on
    a hurdle square only if it uses the value exactly. The empty path (cost 0,
    end = ``start``) is always legal. Ends are sorted by lane.

    P11 leaves few path shapes: a first stride in one of three directions, straight
    on, and from stride 7 at most one more diagonal followed by straight strides.
    They are walked one by one (every prefix of a path is a path too).
    """
    if not board.hurdle_rows:
        return _reach_flat(board, start, value, forbidden)
    straight, din, dout, hurdle = board.straight, board.diag_in, board.diag_out, board.hurdle
    late_from = LATE_CHANGE_FROM
    best = 0
    ends = {start}

    def arrive(sq: int, cost: int) -> None:
        nonlocal best, ends
        if card_round_hurdles and hurdle[sq] and cost != value:
            return
        if cost > best:
            best = cost
            ends = {sq}
        elif cost == best:
            ends.add(sq)

    def run(sq: int, cost: int) -> list[tuple[int, int]]:
        """``(square, cost)`` after ``sq`` of the straight strides from it that fit."""
        out = []
        while cost < value:
            sq = straight[sq]
            if sq == NONE or sq in forbidden:
                break
            cost += HURDLE_COST if hurdle[sq] else 1
            if cost > value:
                break
            out.append((sq, cost))
        return out

    for first in (straight[start], din[start], dout[start]):
        if first == NONE or first in forbidden:
            continue
        cost = HURDLE_COST if hurdle[first] else 1
        if cost > value:
            continue
        # the path's strides: the first, then straight; after stride 6 or later the
        # one late lane change may branch off
        for strides, (sq, spent) in enumerate([(first, cost), *run(first, cost)], 1):
            arrive(sq, spent)
            if strides < late_from - 1 or spent >= value:
                continue
            for side in (din[sq], dout[sq]):
                if side == NONE or side in forbidden:
                    continue
                c = spent + (HURDLE_COST if hurdle[side] else 1)
                if c <= value:
                    arrive(side, c)
                    for sq2, c2 in run(side, c):
                        arrive(sq2, c2)
    lane, row = board.lane, board.row
    return best, sorted(ends, key=lambda i: (lane[i], row[i]))


def _reach_flat(
    board: Board, start: int, value: int, forbidden: Collection[int]
) -> tuple[int, list[int]]:
    """:func:`reach` on a side without hurdles: every stride costs 1, so along a
    straight run only its last square can be a farthest end."""
    straight, din, dout = board.straight, board.diag_in, board.diag_out
    blocked = forbidden if NONE in forbidden else {*forbidden, NONE}  # no square: blocked too
    late = LATE_CHANGE_FROM - 1  # strides done before the late lane change may come
    # straight runs still to walk: (square, cost so far, whether the late change is left)
    todo = [(sq, 1, True) for sq in (straight[start], din[start], dout[start]) if sq not in blocked]
    best, ends = 0, [start]
    while todo:
        sq, cost, change = todo.pop()
        while True:
            if change and late <= cost < value:
                for side in (din[sq], dout[sq]):
                    if side not in blocked:
                        todo.append((side, cost + 1, False))
            if cost >= value:
                break
            nxt = straight[sq]
            if nxt in blocked:
                break
            sq = nxt
            cost += 1
        if cost > best:
            best, ends = cost, [sq]
        elif cost == best:
            ends.append(sq)
    return best, sorted(set(ends), key=board.lane_order.__getitem__)


@dataclass
class _Memo:
    """One side's remembered moves (see :func:`moves`); squares sets are bit masks."""

    block: list[int]  # per square: the squares a horse there forbids (P12)
    zones: dict[int, list[int]] = field(default_factory=dict)  # start -> zones(board, start)
    free: dict[int, Move] = field(default_factory=dict)  # (start * 16 + value) * 2 + hurdles
    blocked: dict[tuple[int, int], Move] = field(default_factory=dict)  # (free key, near)


_MEMOS: dict[str, _Memo] = {}


def _memo(board: Board) -> _Memo:
    memo = _MEMOS.get(board.side)
    if memo is None:
        block = [sum(1 << sq for sq in squares) for squares in board.block]
        memo = _MEMOS[board.side] = _Memo(block)
    return memo


def zones(board: Board, start: int) -> list[int]:
    """Per value 0–12: the squares that some path shape of at most that many strides
    from ``start`` touches, blocked or not (a hurdle only makes a stride cost more,
    never reach further). Every prefix of a path shape is one too. A bit mask counted
    from ``start`` (bit ``sq - start``): the squares ahead are numbered above it."""
    straight, din, dout = board.straight, board.diag_in, board.diag_out
    late = LATE_CHANGE_FROM - 1
    fewest: dict[int, int] = {}  # square -> fewest strides
    todo = [(sq, 1, True) for sq in (straight[start], din[start], dout[start]) if sq != NONE]
    while todo:
        sq, strides, change = todo.pop()
        if fewest.get(sq, MAX_VALUE + 1) > strides:
            fewest[sq] = strides
        if strides >= MAX_VALUE:
            continue
        if change and strides >= late:
            todo += [(side, strides + 1, False) for side in (din[sq], dout[sq]) if side != NONE]
        if straight[sq] != NONE:
            todo.append((straight[sq], strides + 1, change))
    masks = [0] * (MAX_VALUE + 1)
    for sq, strides in fewest.items():
        masks[strides] |= 1 << (sq - start)
    for v in range(1, MAX_VALUE + 1):
        masks[v] |= masks[v - 1]
    return masks


def moves(
    board: Board, start: int, value: int, others: Sequence[int], card_round_hurdles: bool
) -> Move:
    """:func:`reach` from ``start`` with the other horses on ``others``, remembered.

    A move depends only on the squares the others forbid (P12) within its
    :func:`zones`, so those are its key: a move in open track is worked out once per
    side, start, value and kind of round; moves near other horses are remembered
    up to :data:`BLOCKED_MEMO_LIMIT`.
    """
    memo = _memo(board)
    block = memo.block
    forbidden = 0
    for sq in others:
        forbidden |= block[sq]
    touch = memo.zones.get(start)
    if touch is None:
        touch = memo.zones[start] = zones(board, start)
    key = (start * 16 + value) * 2 + (card_round_hurdles and bool(board.hurdle_rows))
    near = forbidden >> start & touch[value]
    if not near:
        move = memo.free.get(key)
        if move is None:
            move = memo.free[key] = _move(board, start, value, (), card_round_hurdles)
        return move
    move = memo.blocked.get((key, near))
    if move is None:
        if len(memo.blocked) >= BLOCKED_MEMO_LIMIT:
            memo.blocked.clear()
        move = memo.blocked[key, near] = _move(board, start, value, others, card_round_hurdles)
    return move


def _move(board: Board, start: int, value: int, others: Iterable[int], hurdles: bool) -> Move:
    cost, ends = reach(board, start, value, forbidden_squares(board, others), hurdles)
    ids = board.ids
    return cost, tuple(ends), tuple(ids[e] for e in ends)
