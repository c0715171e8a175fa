"""The lens's bet values as a shaded grid of numbers, for the betting games' tables.

The values come priced from the engine (``odds["bets"]``: each bet the viewer can make
and its expected payout, see :meth:`pygames.core.State.lens_bets`); a table only
arranges them in rows and columns of its own terms.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pygames.core import canonical
from pygames.core.lens import Odds
from pygames.core.state import Bet

from .html import Markup, h

Cell = Bet | None
"""The bet a grid cell shows, or None for an empty cell."""


def priced(odds: Odds) -> dict[str, float]:
    """Each valued bet (as canonical JSON) -> its expected payout."""
    return {canonical(b["bet"]): b["value"] for b in odds.get("bets") or []}


def shade(value: float, top: float) -> str:
    """The shade class of a value against the grid's best (tenths, never below 0)."""
    tenth = round(10 * max(0.0, value) / top) if top > 0 else 0
    return f"lens-shade s{tenth}"


def bet_grid(
    caption: str,
    corner: str,
    columns: Sequence[str],
    rows: Sequence[tuple[str, Sequence[Cell]]],
    values: dict[str, float],
    show: Callable[[float], str],
) -> Markup | None:
    """A table of bets: a row per ``rows`` entry (its header and one bet per column),
    each cell its value as ``show`` writes it, shaded against the best on the grid."""
    found = [values.get(canonical(bet)) for _, bets in rows for bet in bets if bet is not None]
    if not any(v is not None for v in found):
        return None
    top = max(v for v in found if v is not None)

    def cell(bet: Cell) -> Markup:
        value = None if bet is None else values.get(canonical(bet))
        if value is None:
            return h("td", {"class": "lens-num"}, "–")
        return h("td", {"class": f"lens-num {shade(value, top)}"}, show(value))

    return h(
        "table",
        {"class": "lens-bets"},
        h("caption", {}, caption),
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                h("th", {"scope": "col"}, corner),
                [h("th", {"scope": "col", "class": "lens-num"}, c) for c in columns],
            ),
        ),
        h(
            "tbody",
            {},
            [
                h("tr", {}, h("th", {"scope": "row"}, head), [cell(b) for b in bets])
                for head, bets in rows
            ],
        ),
    )
