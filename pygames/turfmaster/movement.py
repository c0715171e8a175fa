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

from collections.abc import Collection, Iterable

from .data import HURDLE_COST, LATE_CHANGE_FROM, NONE, Board


def forbidden_squares(board: Board, others: Iterable[int]) -> set[int]:
    """P12: the squares of the other horses and those directly in front and behind."""
    out: set[int] = set()
    straight, behind = board.straight, board.behind
    for sq in others:
        out.add(sq)
        out.add(straight[sq])
        out.add(behind[sq])
    out.discard(NONE)
    return out


def falls(board: Board, square: int, cost: int, card_round_hurdles: bool) -> bool:
    """V1 H3: a move of at least one stride that ends on a hurdle in a card round falls.

    Standing still on a hurdle (cost 0, R38) and a dice round (H4) never fall.
    """
    return card_round_hurdles and cost > 0 and board.hurdle[square]


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
    """
    straight, din, dout, hurdle = board.straight, board.diag_in, board.diag_out, board.hurdle
    best = 0
    ends = {start}
    seen: set[tuple[int, int, bool, int]] = set()
    stack: list[tuple[int, int, bool, int]] = [(start, 0, False, 0)]
    late_from = LATE_CHANGE_FROM
    while stack:
        sq, k, late, cost = stack.pop()
        nk = k + 1
        nexts: tuple[tuple[int, bool], ...]
        if nk == 1:
            nexts = ((straight[sq], False), (din[sq], False), (dout[sq], False))
        elif nk < late_from or late:
            nexts = ((straight[sq], late),)
        else:
            nexts = ((straight[sq], False), (din[sq], True), (dout[sq], True))
        for nxt, nlate in nexts:
            if nxt == NONE or nxt in forbidden:
                continue
            c = cost + (HURDLE_COST if hurdle[nxt] else 1)
            if c > value:
                continue
            key = (nxt, nk if nk < late_from - 1 else late_from - 1, nlate, c)
            if key in seen:
                continue
            seen.add(key)
            if not (card_round_hurdles and hurdle[nxt] and c != value):
                if c > best:
                    best = c
                    ends = {nxt}
                elif c == best:
                    ends.add(nxt)
            if c < value:
                stack.append((nxt, nk, nlate, c))
    lane, row = board.lane, board.row
    return best, sorted(ends, key=lambda i: (lane[i], row[i]))
