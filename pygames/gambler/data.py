"""Gambler's designed data (spec §1): the 20 tableau layouts, checked at import time.

``LAYOUT_DATA`` mirrors the normative JSON of spec §1.7 entry by entry.
:func:`load_layout` is the §1.4 loader: it validates one layout object and returns a
:class:`Layout`; :func:`load_layouts` also checks the rules for the whole set.

>>> LAYOUTS["7B"].name, LAYOUTS["7B"].boxes
('Small Change', 12)
>>> row_code = LAYOUTS["3B"].rows[3]
>>> row_code.code, row_code.kind, row_code.length, row_code.first_values()
('A5', 'A', 5, (1, 2))
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from .view import BoxPrint, Chips

# --- dice and players (§1.2) -----------------------------------------------------------
TOTAL_DICE = 30
MAX_TURN_DICE = 5
START_POINTS = 80
TARGETS: tuple[int, ...] = (500, 300, 750)
DEFAULT_TARGET = 500
ChipColour = Literal["blue", "yellow", "white"]
CHIPS: tuple[tuple[ChipColour, int], ...] = (("blue", 100), ("yellow", 50), ("white", 10))


def dice_per_player(n: int) -> int:
    """D = floor(30 / n) (§1.2)."""
    return TOTAL_DICE // n


def chips_for(points: int) -> Chips:
    """Points drawn as chips: as many blue (100) as possible, then yellow (50), then white."""
    blue, points = divmod(points, 100)
    yellow, points = divmod(points, 50)
    return {"blue": blue, "yellow": yellow, "white": points // 10}


# --- the layouts (§1.7, normative) -----------------------------------------------------
LAYOUT_JSON = """\
[
{"id": "1A", "name": "Lucky Start", "beginner": true, "rows": [["66", "+", 40], ["S3", "+", 40], ["5", "+", 20], ["444", "+", 60], ["S4", "+", 60], ["11", "-", 40]]},
{"id": "1B", "name": "Twin Peaks", "beginner": false, "rows": [["S2", "+", 20], ["55", "+", 40], ["S2", "-", 30], ["2233", "+", 80], ["S4", "+", 60], ["44", "-", 40]]},
{"id": "2A", "name": "High Roller", "beginner": false, "rows": [["6666", "+", 80], ["555", "+", 60], ["4", "-", 30], ["S5", "+", 80], ["456", "+", 60], ["66", "-", 40]]},
{"id": "2B", "name": "Snake Eyes", "beginner": false, "rows": [["1111", "+", 90], ["1", "-", 30], ["S4", "+", 70], ["22", "-", 40], ["FH", "+", 80], ["12", "-", 40]]},
{"id": "3A", "name": "Full House", "beginner": false, "rows": [["FH", "+", 70], ["333", "+", 60], ["S2", "-", 30], ["FH", "+", 70], ["6", "+", 20], ["555", "-", 50]]},
{"id": "3B", "name": "Staircase", "beginner": false, "rows": [["A3", "+", 50], ["D3", "+", 50], ["A2", "-", 30], ["A5", "+", 90], ["D4", "+", 70], ["6", "-", 30]]},
{"id": "4A", "name": "Boxcars", "beginner": false, "rows": [["66", "+", 40], ["666", "+", 60], ["6", "-", 30], ["6666", "+", 80], ["S3", "-", 40], ["S2", "+", 20]]},
{"id": "4B", "name": "Pyramid", "beginner": false, "rows": [["3", "+", 20], ["25", "-", 40], ["146", "+", 60], ["S4", "+", 60], ["12345", "+", 100], ["S3", "-", 40]]},
{"id": "5A", "name": "Jackpot", "beginner": false, "rows": [["S5", "+", 100], ["2", "+", 20], ["33", "-", 40], ["44", "+", 40], ["15", "+", 40], ["S3", "-", 40]]},
{"id": "5B", "name": "Minefield", "beginner": false, "rows": [["6543", "+", 90], ["2", "-", 30], ["S4", "+", 70], ["5", "-", 30], ["FH", "+", 80], ["S3", "-", 40]]},
{"id": "6A", "name": "Odd Ones", "beginner": false, "rows": [["135", "+", 60], ["55", "+", 40], ["3", "-", 30], ["1155", "+", 80], ["S3", "+", 40], ["11", "-", 40]]},
{"id": "6B", "name": "Even Money", "beginner": false, "rows": [["246", "+", 60], ["44", "+", 40], ["2", "-", 30], ["6644", "+", 80], ["A4", "+", 70], ["66", "-", 40]]},
{"id": "7A", "name": "Poker Face", "beginner": false, "rows": [["S4", "+", 60], ["FH", "+", 70], ["S2", "-", 30], ["A5", "+", 90], ["4", "-", 30], ["S3", "+", 40]]},
{"id": "7B", "name": "Small Change", "beginner": false, "rows": [["6", "+", 20], ["555", "+", 60], ["1", "-", 30], ["S3", "+", 40], ["43", "+", 40], ["22", "-", 40]]},
{"id": "8A", "name": "Long Haul", "beginner": false, "rows": [["22333", "+", 100], ["S5", "+", 80], ["5555", "-", 60], ["D5", "+", 90], ["4", "+", 20], ["6", "-", 30]]},
{"id": "8B", "name": "The Ladder", "beginner": false, "rows": [["A4", "+", 70], ["D3", "-", 40], ["D5", "+", 90], ["3", "+", 20], ["A3", "+", 50], ["66", "-", 40]]},
{"id": "9A", "name": "All In", "beginner": false, "rows": [["S3", "+", 40], ["66", "+", 40], ["FH", "+", 70], ["111", "+", 60], ["5", "+", 20], ["S4", "-", 80]]},
{"id": "9B", "name": "Black Jack", "beginner": false, "rows": [["A5", "+", 100], ["1", "-", 30], ["66", "+", 50], ["S3", "-", 40], ["FH", "+", 80], ["33", "-", 40]]},
{"id": "10A", "name": "Royal Flush", "beginner": false, "rows": [["A5", "+", 90], ["D5", "+", 90], ["34", "-", 40], ["S2", "+", 20], ["6", "-", 30], ["2", "+", 20]]},
{"id": "10B", "name": "Last Chance", "beginner": false, "rows": [["6543", "+", 80], ["S4", "+", 60], ["FH", "-", 60], ["3", "+", 20], ["222", "+", 60], ["1", "-", 30]]}
]
"""  # noqa: E501
"""The normative JSON of spec §1.7, verbatim."""

LAYOUT_DATA: list[dict[str, Any]] = json.loads(LAYOUT_JSON)
"""The layouts as plain Python data (the parsed JSON)."""

LAYOUT_IDS: tuple[str, ...] = tuple(f"{b}{s}" for b in range(1, 11) for s in "AB")
"""1A, 1B, 2A, …, 10B: also the fixed order of variant V4."""

ROWS = 6
MAX_BOXES = 28  # smallest number of dice in play (§1.2, R26)
_ID_RE = re.compile(r"^(10|[1-9])[AB]$")
_CODE_RE = re.compile(r"^([1-6]{1,5}|S[2-5]|FH|A[2-5]|D[2-5])$")
KIND_NAMES = {
    "P": "pips",
    "S": "stars",
    "FH": "full_house",
    "A": "ascending",
    "D": "descending",
}
ALL_VALUES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)


class LayoutError(ValueError):
    """A layout that breaks the §1.4 loader rules."""


@dataclass(frozen=True)
class Row:
    """One row of a layout: its code, colour and the points in its value circle."""

    code: str
    sign: str  # "+" yellow (closer collects) or "-" black (closer pays)
    points: int

    @cached_property
    def kind(self) -> str:
        """``P`` (pips), ``S`` (stars), ``FH`` (full house), ``A`` or ``D`` (straights)."""
        if self.code.isdigit():
            return "P"
        return "FH" if self.code == "FH" else self.code[0]

    @cached_property
    def length(self) -> int:
        """L: number of boxes."""
        return code_length(self.code)

    @cached_property
    def yellow(self) -> bool:
        return self.sign == "+"

    @property
    def colour(self) -> Literal["yellow", "black"]:
        return "yellow" if self.yellow else "black"

    def first_values(self) -> tuple[int, ...]:
        """M for an empty row (§1.3)."""
        return match_set(self.code, ())

    def boxes(self) -> list[BoxPrint]:
        """What each box shows (UI hint of §1.3), box 1 first."""
        out: list[BoxPrint] = []
        for k in range(self.length):
            if self.kind == "P":
                out.append({"box": k + 1, "shows": "pips", "pips": int(self.code[k])})
            elif self.kind == "S":
                out.append({"box": k + 1, "shows": "star", "star": self.colour})
            elif self.kind == "FH":
                out.append({"box": k + 1, "shows": "star", "star": "green" if k < 3 else "red"})
            else:
                arrow: Literal["up", "down"] = "up" if self.kind == "A" else "down"
                out.append({"box": k + 1, "shows": "arrow", "arrow": arrow})
        return out


def code_length(code: str) -> int:
    """L, the number of boxes of a row with ``code`` (§1.4 derived fields)."""
    if code.isdigit():
        return len(code)
    return 5 if code == "FH" else int(code[1])


def match_set(code: str, filled: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """M(row): the values the next box of a row with ``code`` accepts (§1.3), sorted.

    ``filled`` holds the values already in the row, box 1 first; a full row gives ().
    """
    k = len(filled)  # 0-based index of the next box
    if code.isdigit():
        return (int(code[k]),) if k < len(code) else ()
    if code == "FH":
        if k == 0:
            return ALL_VALUES
        if k in (1, 2):
            return (filled[0],)
        if k == 3:
            return tuple(v for v in ALL_VALUES if v != filled[0])
        return (filled[3],) if k == 4 else ()
    kind, length = code[0], int(code[1])
    if k >= length:
        return ()
    if kind == "S":
        return ALL_VALUES if k == 0 else (filled[0],)
    if kind == "A":
        return tuple(range(1, 8 - length)) if k == 0 else (filled[-1] + 1,)
    return tuple(range(length, 7)) if k == 0 else (filled[-1] - 1,)  # "D"


MatchTable = dict[tuple[int, ...], tuple[int, ...]]
"""M(row) for every filling a row can reach, keyed by the values in it (box 1 first)."""


def match_table(code: str) -> MatchTable:
    """:func:`match_set` of a row with ``code`` for every reachable filling, looked up
    instead of worked out (the engine's hot path; the same answers by construction)."""
    table: MatchTable = {}

    def walk(filled: tuple[int, ...]) -> None:
        table[filled] = options = match_set(code, filled)
        for v in options:
            walk((*filled, v))

    walk(())
    return table


@dataclass(frozen=True)
class Layout:
    """One side of a board (§1.3–§1.6)."""

    id: str
    name: str
    beginner: bool
    rows: tuple[Row, ...]

    @property
    def board(self) -> int:
        return int(self.id[:-1])

    @property
    def side(self) -> str:
        return self.id[-1]

    @cached_property
    def boxes(self) -> int:
        return sum(r.length for r in self.rows)

    @property
    def yellow_total(self) -> int:
        return sum(r.points for r in self.rows if r.yellow)

    @property
    def black_total(self) -> int:
        return sum(r.points for r in self.rows if not r.yellow)

    @property
    def net(self) -> int:
        return self.yellow_total - self.black_total

    def to_json(self) -> dict[str, Any]:
        """The §1.4 JSON object of this layout."""
        return {
            "id": self.id,
            "name": self.name,
            "beginner": self.beginner,
            "rows": [[r.code, r.sign, r.points] for r in self.rows],
        }


def load_layout(data: Any) -> Layout:
    """Validate one §1.4 layout object and return it as a :class:`Layout`.

    Raises :class:`LayoutError` naming the first rule the data breaks.
    """
    if not isinstance(data, dict):
        raise LayoutError("a layout must be an object")
    if set(data) != {"id", "name", "beginner", "rows"}:
        raise LayoutError("a layout has exactly the keys id, name, beginner and rows")
    lid, name, beginner, rows = data["id"], data["name"], data["beginner"], data["rows"]
    if not isinstance(lid, str) or not _ID_RE.match(lid):
        raise LayoutError(f"layout id {lid!r} is not a board 1–10 with side A or B")
    if not isinstance(name, str) or not name.strip():
        raise LayoutError(f"layout {lid}: the name must be a non-empty string")
    if not isinstance(beginner, bool):
        raise LayoutError(f"layout {lid}: 'beginner' must be true or false")
    if not isinstance(rows, list) or len(rows) != ROWS:
        count = len(rows) if isinstance(rows, list) else "no list of"
        raise LayoutError(f"layout {lid}: needs exactly {ROWS} rows, not {count}")
    parsed: list[Row] = []
    for i, row in enumerate(rows, start=1):
        if not isinstance(row, list | tuple) or len(row) != 3:
            raise LayoutError(f"layout {lid} row {i}: a row is [code, sign, points]")
        code, sign, points = row
        if not isinstance(code, str) or not _CODE_RE.match(code):
            raise LayoutError(f"layout {lid} row {i}: {code!r} is not a row code")
        if sign not in ("+", "-"):
            raise LayoutError(f"layout {lid} row {i}: the sign must be '+' or '-', not {sign!r}")
        if type(points) is not int or points % 10 or not 10 <= points <= 100:
            raise LayoutError(
                f"layout {lid} row {i}: points must be a multiple of 10 from 10 to 100, "
                f"not {points!r}"
            )
        parsed.append(Row(code, sign, points))
    boxes = sum(r.length for r in parsed)
    if boxes > MAX_BOXES:
        raise LayoutError(f"layout {lid}: {boxes} boxes, more than the {MAX_BOXES} allowed")
    for sign, colour in (("+", "yellow"), ("-", "black")):
        if not any(r.sign == sign for r in parsed):
            raise LayoutError(f"layout {lid}: needs at least one {colour} row")
    return Layout(lid, name, beginner, tuple(parsed))


def load_layouts(data: Any) -> dict[str, Layout]:
    """Load the whole set: every layout valid, ids exactly 1A…10B, one beginner layout."""
    if not isinstance(data, list):
        raise LayoutError("the layout set must be a list")
    layouts = [load_layout(d) for d in data]
    ids = [lay.id for lay in layouts]
    if sorted(ids) != sorted(LAYOUT_IDS) or len(set(ids)) != len(ids):
        raise LayoutError("the layout ids must be exactly 1A…10B, each once")
    beginners = [lay.id for lay in layouts if lay.beginner]
    if len(beginners) != 1:
        raise LayoutError(f"exactly one layout must be the beginner tableau, not {len(beginners)}")
    return {lay.id: lay for lay in sorted(layouts, key=lambda x: LAYOUT_IDS.index(x.id))}


LAYOUTS: dict[str, Layout] = load_layouts(LAYOUT_DATA)
BEGINNER = "1A"

# §1.6 derived columns: id -> (Boxes, Yellow Σ, Black Σ, Net).
TABLE_TOTALS: dict[str, tuple[int, int, int, int]] = {
    "1A": (15, 220, 40, 180),
    "1B": (16, 200, 70, 130),
    "2A": (18, 280, 70, 210),
    "2B": (18, 240, 110, 130),
    "3A": (19, 220, 80, 140),
    "3B": (18, 260, 60, 200),
    "4A": (15, 200, 70, 130),
    "4B": (18, 240, 80, 160),
    "5A": (15, 200, 80, 120),
    "5B": (18, 240, 100, 140),
    "6A": (15, 220, 70, 150),
    "6B": (16, 250, 70, 180),
    "7A": (20, 260, 60, 200),
    "7B": (12, 160, 70, 90),
    "8A": (21, 290, 90, 200),
    "8B": (18, 230, 80, 150),
    "9A": (18, 230, 80, 150),
    "9B": (18, 230, 110, 120),
    "10A": (16, 220, 70, 150),
    "10B": (18, 220, 90, 130),
}


def _check() -> None:
    """The spec's own invariants of the designed data (§1.5–§1.6, §4.6, §7.1, R25, R26, R31)."""
    assert list(LAYOUTS) == list(LAYOUT_IDS)
    assert LAYOUTS[BEGINNER].beginner, "1A is the beginner tableau (§1.5)"
    for lid, lay in LAYOUTS.items():
        assert (lay.boxes, lay.yellow_total, lay.black_total, lay.net) == TABLE_TOTALS[lid], lid
        assert 12 <= lay.boxes <= 21, f"{lid}: 12–21 boxes (§7.1, R26)"
        assert lay.net >= 90, f"{lid}: Net ≥ 90 bounds the game (§4.6)"
        for row in lay.rows:
            assert 1 <= row.length <= 5, f"{lid}: 1–5 boxes a row (R31)"
            if row.yellow:
                assert 20 <= row.points <= 100, f"{lid}: yellow values 20–100 (§7.1)"
            else:
                assert 30 <= row.points <= 80, f"{lid}: black values 30–80 (§7.1)"
            # R25: every reachable row state of a straight/star/FH has a non-empty M.
            _check_never_stuck(row.code, ())
    assert LAYOUTS["1A"].rows and all(r.kind in ("P", "S") for r in LAYOUTS["1A"].rows)
    nets = [lay.net for lay in LAYOUTS.values()]
    assert min(nets) == 90 and max(nets) == 210


def _check_never_stuck(code: str, filled: tuple[int, ...]) -> None:
    options = match_set(code, filled)
    length = code_length(code)
    if len(filled) == length:
        return
    assert options, f"row {code} can get stuck at {filled} (R25)"
    for v in options:
        _check_never_stuck(code, (*filled, v))


_check()
