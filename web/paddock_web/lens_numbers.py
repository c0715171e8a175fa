"""How the lens writes its figures: chances as whole percentages, sums in the page's
language (one place, so the panel and every table's own part agree)."""

from __future__ import annotations

from .i18n import Catalogue


def pct(p: float) -> str:
    """A chance as a whole percentage: 0.314 -> "31 %", the space one that never breaks
    (a number and its sign stay on one line)."""
    return f"{round(100 * p)}\u00a0%"


def number(cat: Catalogue, value: float, digits: int = 0) -> str:
    """A figure in the page's language: grouped thousands, ``digits`` decimals."""
    text = f"{value:,.{digits}f}"
    if cat.lang == "de":
        text = text.replace(",", " ").replace(".", ",").replace(" ", ".")
    return text
