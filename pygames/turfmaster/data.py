"""TurfMaster's designed components as plain data (spec §1).

The deck and the tables are checked at import time (that is cheap); each board side
is built and checked the first time it is used (``SIDES["A"]``), so importing the
game costs next to nothing. Both sides are built from their segment tables into a graph of squares
(``Board``): every square knows its lane, row, segment, whether it lies in a
bend or on a hurdle row, and its links (``straight`` = the square directly in
front, ``behind``, ``diag_in`` and ``diag_out`` = the next square of the
neighbouring lane). Squares are numbered 0… in (row, lane) order; their ids are
``"<lane>-<row>"``.

>>> SIDES["A"].n_squares, SIDES["B"].n_squares
(1008, 848)
>>> a = SIDES["A"]
>>> a.sid(a.straight[a.index["1-31"]]), a.sid(a.diag_in[a.index["2-14"]])
('1-34', '1-17')
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

# --- horses (spec §1.2) -------------------------------------------------------
HORSES: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8)
COLOURS: dict[int, str] = {
    1: "red",
    2: "blue",
    3: "yellow",
    4: "green",
    5: "black",
    6: "white",
    7: "orange",
    8: "violet",
}

# --- movement deck (spec §1.3) ------------------------------------------------
_NUMBER_COUNTS: tuple[tuple[int, int], ...] = (
    (3, 3),
    (4, 3),
    (7, 4),
    (8, 4),
    (9, 4),
    (10, 4),
    (11, 3),
    (12, 3),
)
JOKER_VALUES: tuple[int, ...] = (9, 10, 11, 12)
CARDS: tuple[str, ...] = tuple(
    f"{value}{'abcd'[i]}" for value, count in _NUMBER_COUNTS for i in range(count)
) + tuple(f"J{v}" for v in JOKER_VALUES)
"""The 32 card ids of one horse's deck, in canonical order (hands are kept sorted so)."""
CARD_VALUE: dict[str, int] = {c: int(c[1:] if c[0] == "J" else c[:-1]) for c in CARDS}
JOKERS: frozenset[str] = frozenset(c for c in CARDS if c[0] == "J")
CARD_INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
DECK_SIZE = 32
HAND_SIZE = 10
"""Cards 1–10 of the shuffled deck form the first hand; P20 refills 10 and keeps 10."""
PILE_SIZE = 20
BONUS_SIZE = 2

# --- handicap, points, meeting (spec §1.4, §1.5, §3) ---------------------------
HANDICAP: dict[int, int] = {1: 8, 2: 9, 3: 10}
"""Position -> highest number card / die value allowed; position 4 or worse: no limit."""
POINTS: tuple[int, ...] = (50, 30, 20, 10)
"""Race points for places 1–4; 5th or worse and eliminated horses score 0."""
RACES = 3
MAX_ROUNDS = 60
"""P17/R29 safety cap on rounds per race."""
HURDLE_COST = 4
"""V1/R31: a stride onto a hurdle square costs 4 movement points."""
LATE_CHANGE_FROM = 7
"""P11: stride 1 may change lane, strides 2–6 may not, from stride 7 one more change."""

# --- players and horses (spec §2.1) ---------------------------------------------
HORSES_ALLOWED: dict[int, tuple[int, ...]] = {
    2: (2, 3, 4),
    3: (2,),
    4: (1, 2),
    5: (1,),
    6: (1,),
    7: (1,),
    8: (1,),
}
HORSES_DEFAULT: dict[int, int] = {2: 3, 3: 2, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1}
MIN_HORSES, MAX_HORSES = 4, 8

# --- board (spec §1.6, §1.7) ----------------------------------------------------
LANES = 8
CURVE_ROWS = 24
CURVE_OFFSETS: dict[int, tuple[int, ...]] = {
    1: (0, 2, 4, 7, 9, 12, 14, 16, 19, 21),
    2: (0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22),
    3: (0, 1, 3, 5, 6, 8, 10, 12, 13, 15, 17, 18, 20, 22),
    4: (0, 1, 3, 4, 6, 7, 9, 10, 12, 13, 15, 16, 18, 19, 21, 22),
    5: (0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, 16, 17, 18, 20, 21, 22),
    6: (0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 18, 19, 20, 21, 22),
    7: tuple(r for r in range(23) if r != 11),
    8: tuple(range(24)),
}
"""Row offsets (from the bend's first row) at which each lane has a square in a bend."""

# segment name, first row, last row, kind ("straight" or "curve")
SEGMENTS: dict[str, tuple[tuple[str, int, int, str], ...]] = {
    "A": (
        ("start_straight", 0, 9, "straight"),
        ("curve_1", 10, 33, "curve"),
        ("back_straight", 34, 71, "straight"),
        ("curve_2", 72, 95, "curve"),
        ("home_straight", 96, 127, "straight"),
        ("run_out", 128, 139, "straight"),
    ),
    "B": (
        ("start_straight", 0, 9, "straight"),
        ("curve_1", 10, 33, "curve"),
        ("back_straight", 34, 59, "straight"),
        ("curve_2", 60, 83, "curve"),
        ("home_straight", 84, 107, "straight"),
        ("run_out", 108, 119, "straight"),
    ),
}
SIDE_NAMES: dict[str, str] = {"A": "flat track", "B": "steeplechase track"}
FINISH: dict[str, int] = {"A": 128, "B": 108}
"""F: a horse on row >= F has crossed the finish line (between rows F-1 and F)."""
HURDLE_ROWS: dict[str, tuple[int, ...]] = {"A": (), "B": (38, 46, 54, 90, 98, 104)}
RUN_OUT = 12
RACE_DISTANCE: dict[str, tuple[int, ...]] = {
    "A": (100, 104, 108, 112, 116, 120, 124, 128),
    "B": (80, 84, 88, 92, 96, 100, 104, 108),
}
"""Strides needed to cross the line from row 0 staying in lane 1…8 (spec §1.6)."""
EXPECTED_SQUARES: dict[str, int] = {"A": 1008, "B": 848}

NONE = -1
"""Link value meaning "no such square"."""


@dataclass
class Board:
    """One side of the board as arrays indexed by square number."""

    side: str
    finish: int
    last_row: int
    hurdle_rows: tuple[int, ...]
    lane: list[int] = field(default_factory=list)
    row: list[int] = field(default_factory=list)
    segment: list[str] = field(default_factory=list)
    curve: list[bool] = field(default_factory=list)
    hurdle: list[bool] = field(default_factory=list)
    straight: list[int] = field(default_factory=list)
    behind: list[int] = field(default_factory=list)
    diag_in: list[int] = field(default_factory=list)
    diag_out: list[int] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    index: dict[str, int] = field(default_factory=dict)
    lane_rows: dict[int, list[int]] = field(default_factory=dict)
    togo: list[int] = field(default_factory=list)
    """Strides to cross the line staying in the square's lane (0 once across)."""
    lane_order: list[int] = field(default_factory=list)
    """A sort key per square: by lane, then row (end squares are listed so)."""
    place: list[int] = field(default_factory=list)
    """A sort key per square: further row first, inside lane first (P4, P16):
    ``(last row - row) * 16 + lane``."""
    block: list[tuple[int, ...]] = field(default_factory=list)
    """The squares a horse here forbids to the others (P12): its own, the one directly
    in front and the one directly behind (those that exist)."""
    layout: list[dict[str, Any]] = field(default_factory=list)
    """The drawable square records of :func:`_layout` (static: views hand out copies)."""

    @property
    def n_squares(self) -> int:
        return len(self.ids)

    def sid(self, i: int) -> str | None:
        return None if i == NONE else self.ids[i]

    def at(self, lane: int, row: int) -> int:
        return self.index.get(f"{lane}-{row}", NONE)

    def segment_of(self, row: int) -> tuple[str, int, int, str]:
        for seg in SEGMENTS[self.side]:
            if seg[1] <= row <= seg[2]:
                return seg
        raise ValueError(f"row {row} is not on side {self.side}")


def _build(side: str) -> Board:
    segs = SEGMENTS[side]
    last = segs[-1][2]
    b = Board(side=side, finish=FINISH[side], last_row=last, hurdle_rows=HURDLE_ROWS[side])
    for r in range(last + 1):
        name, first, _, kind = next(s for s in segs if s[1] <= r <= s[2])
        for lane in range(1, LANES + 1):
            if kind == "curve" and (r - first) not in CURVE_OFFSETS[lane]:
                continue
            i = len(b.ids)
            sid = f"{lane}-{r}"
            b.ids.append(sid)
            b.index[sid] = i
            b.lane.append(lane)
            b.row.append(r)
            b.segment.append(name)
            b.curve.append(kind == "curve")
            b.hurdle.append(r in b.hurdle_rows)
            b.lane_rows.setdefault(lane, []).append(r)
    n = len(b.ids)
    b.straight = [NONE] * n
    b.behind = [NONE] * n
    b.diag_in = [NONE] * n
    b.diag_out = [NONE] * n
    b.togo = [0] * n
    for i in range(n):
        lane, r = b.lane[i], b.row[i]
        rows = b.lane_rows[lane]
        k = bisect_right(rows, r)
        if k < len(rows):
            b.straight[i] = b.index[f"{lane}-{rows[k]}"]
        if k >= 2:
            b.behind[i] = b.index[f"{lane}-{rows[k - 2]}"]
        for other, attr in ((lane - 1, b.diag_in), (lane + 1, b.diag_out)):
            if 1 <= other <= LANES:
                orows = b.lane_rows[other]
                j = bisect_right(orows, r)
                if j < len(orows):
                    attr[i] = b.index[f"{other}-{orows[j]}"]
        b.togo[i] = sum(1 for x in rows if r < x <= b.finish) if r < b.finish else 0
    b.lane_order = [b.lane[i] * 1000 + b.row[i] for i in range(n)]
    b.place = [(last - b.row[i]) * 16 + b.lane[i] for i in range(n)]
    b.block = [tuple(sq for sq in (i, b.straight[i], b.behind[i]) if sq != NONE) for i in range(n)]
    b.layout = _layout(b)
    return b


def _layout(b: Board) -> list[dict[str, Any]]:
    """Drawable records: the spec's square record plus oval coordinates.

    The oval is a stadium drawn out of scale: the bottom straight holds the home
    straight, run-out and start straight (running left to right), bend 1 turns
    at the right, the back straight runs right to left at the top and bend 2
    turns at the left. ``x``/``y`` are the square's centre (y grows downwards),
    ``lap`` its fraction of the lap (0 = start boxes), ``span`` the rows it covers.
    """
    segs = SEGMENTS[b.side]
    bottom = [s for s in segs if s[3] == "straight" and s[0] != "back_straight"]
    bottom_rows = [r for s in (bottom[1], bottom[2], bottom[0]) for r in range(s[1], s[2] + 1)]
    back = next(s for s in segs if s[0] == "back_straight")
    laps = b.last_row + 1
    half, rail, width = 0.5, 0.25, 0.03
    out: list[dict[str, Any]] = []
    for i, sid in enumerate(b.ids):
        lane, r = b.lane[i], b.row[i]
        nxt = b.straight[i]
        span = (b.row[nxt] - r) if nxt != NONE else 1
        radius = rail + (lane - 0.5) * width
        name, first, last, kind = b.segment_of(r)
        mid = r + span / 2
        if kind == "curve":
            t = (mid - first) / (last - first + 1)
            if name == "curve_1":
                phi, cx = math.pi / 2 - math.pi * t, half
            else:
                phi, cx = -math.pi / 2 - math.pi * t, -half
            x, y = cx + radius * math.cos(phi), radius * math.sin(phi)
        elif name == "back_straight":
            u = (mid - back[1]) / (back[2] - back[1] + 1)
            x, y = half - 2 * half * u, -radius
        else:
            u = (bottom_rows.index(r) + 0.5) / len(bottom_rows)
            x, y = -half + 2 * half * u, radius
        out.append(
            {
                "id": sid,
                "lane": lane,
                "row": r,
                "segment": name,
                "curve": b.curve[i],
                "hurdle": b.hurdle[i],
                "box": lane if r == 0 else None,
                "past_finish": r >= b.finish,
                "straight": b.sid(b.straight[i]),
                "behind": b.sid(b.behind[i]),
                "diag_in": b.sid(b.diag_in[i]),
                "diag_out": b.sid(b.diag_out[i]),
                "span": span,
                "lap": round(r / laps, 4),
                "x": round(x, 4),
                "y": round(y, 4),
            }
        )
    return out


@cache
def board_side(side: str) -> Board:
    """Side ``side`` ("A" or "B") built and checked, once (on first use)."""
    if side not in SEGMENTS:
        raise KeyError(side)
    b = _build(side)
    _check_side(b)
    return b


class _Sides(Mapping[str, Board]):
    """``SIDES["A"]`` / ``SIDES["B"]``: each side is built the first time it is asked for."""

    def __getitem__(self, side: str) -> Board:
        return board_side(side)

    def __iter__(self) -> Iterator[str]:
        return iter(SEGMENTS)

    def __len__(self) -> int:
        return len(SEGMENTS)


SIDES: Mapping[str, Board] = _Sides()


def _check() -> None:
    """The deck and the tables (spec §1.3–§1.7, §2.1): cheap, run at import time."""
    # deck (§1.3)
    assert len(CARDS) == DECK_SIZE == 32 and len(set(CARDS)) == 32
    assert sum(CARD_VALUE.values()) == 268, "deck sums to 268"
    assert len(JOKERS) == 4 and sorted(CARD_VALUE[j] for j in JOKERS) == [9, 10, 11, 12]
    numbers = [CARD_VALUE[c] for c in CARDS if c not in JOKERS]
    assert {v: numbers.count(v) for v in set(numbers)} == dict(_NUMBER_COUNTS)
    assert not {5, 6} & set(numbers), "no 5s or 6s"
    assert HAND_SIZE + PILE_SIZE + BONUS_SIZE == DECK_SIZE == 3 * HAND_SIZE + BONUS_SIZE
    # handicap and points (§1.4, §1.5)
    assert HANDICAP == {1: 8, 2: 9, 3: 10} and POINTS == (50, 30, 20, 10)
    # leaders may use 18 cards, position 2 22 and position 3 26 (§7)
    for pos, usable in ((1, 18), (2, 22), (3, 26)):
        assert sum(1 for c in CARDS if c in JOKERS or CARD_VALUE[c] <= HANDICAP[pos]) == usable
    # setups (§2.1)
    for n, allowed in HORSES_ALLOWED.items():
        assert HORSES_DEFAULT[n] in allowed
        assert all(MIN_HORSES <= n * h <= MAX_HORSES for h in allowed), n
    assert len(COLOURS) == len(HORSES) == MAX_HORSES
    # curve squares (§1.6): n_k = 8 + 2k at floor(j * 24 / n_k)
    for lane, offsets in CURVE_OFFSETS.items():
        nk = 8 + 2 * lane
        assert offsets == tuple(j * CURVE_ROWS // nk for j in range(nk)), lane
    assert len(HURDLE_ROWS["B"]) == 6 and not HURDLE_ROWS["A"]


def _check_side(b: Board) -> None:
    """One built side against the spec (§1.6, §1.7): run once, when it is first built."""
    side = b.side
    assert b.n_squares == EXPECTED_SQUARES[side], side
    assert b.last_row == b.finish - 1 + RUN_OUT, "R36: the run-out holds any move"
    rows_seen = set(b.row)
    assert rows_seen == set(range(b.last_row + 1)), "every row has a square"
    for _name, first, last, kind in SEGMENTS[side]:
        for r in range(first, last + 1):
            lanes = [ln for ln in range(1, LANES + 1) if b.at(ln, r) != NONE]
            if kind == "straight":
                assert lanes == list(range(1, LANES + 1)), (side, r)
            if kind == "curve":
                assert last - first + 1 == CURVE_ROWS
    for lane in range(1, LANES + 1):
        bends = sum(1 for r in b.lane_rows[lane] if b.curve[b.at(lane, r)])
        assert bends == 2 * (8 + 2 * lane), "lane squares per bend"
        assert b.togo[b.at(lane, 0)] == RACE_DISTANCE[side][lane - 1], (side, lane)
        assert b.at(lane, 0) != NONE, "8 start boxes on row 0"
    # connectivity: straight/behind are inverse, every square but the last row
    # leads on, and diagonals go to the neighbouring lane further ahead
    for i in range(b.n_squares):
        s = b.straight[i]
        if b.row[i] == b.last_row:
            assert s == NONE
        else:
            assert s != NONE and b.behind[s] == i and b.row[s] > b.row[i]
        if b.row[i] == 0:
            assert b.behind[i] == NONE
        for d, dl in ((b.diag_in[i], -1), (b.diag_out[i], 1)):
            ok_lane = 1 <= b.lane[i] + dl <= LANES
            assert (d != NONE) == (ok_lane and b.row[i] < b.last_row)
            if d != NONE:
                assert b.lane[d] == b.lane[i] + dl and b.row[d] > b.row[i]
    # hurdles (§1.7, R34): straight rows spanning all 8 lanes
    assert sum(b.hurdle) == 8 * len(HURDLE_ROWS[side])
    for r in HURDLE_ROWS[side]:
        assert b.segment_of(r)[3] == "straight" and r < b.finish
    if side == "B":
        assert [b.segment_of(r)[0] for r in HURDLE_ROWS["B"]] == ["back_straight"] * 3 + [
            "home_straight"
        ] * 3
    else:  # the spec's link examples
        assert b.sid(b.straight[b.index["1-31"]]) == "1-34"
        assert b.sid(b.behind[b.index["1-34"]]) == "1-31"
        assert b.sid(b.diag_in[b.index["2-14"]]) == "1-17"
        assert b.sid(b.diag_out[b.index["1-14"]]) == "2-16"


_check()
