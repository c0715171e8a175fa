"""Charts drawn as SVG by the site, each with a table that says the same in numbers.

The SVG is built with :func:`html.h` like everything else (every label escaped) and
carries no style attribute (the CSP forbids them): colours come from classes. Each
chart is a ``<figure>``: its caption, the picture (``role="img"`` with a summary for
screen readers) and a table with every number the picture shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pygames.core.stats import DiceBar

from .html import Markup, h

WIDTH = 640
ROW = 22  # height of one bar of a bar chart
LABEL = 150  # room for the labels left of the bars
LABEL_GAP = 15  # least distance between two line labels
MAX_TICKS = 12  # labels under a line chart's points


@dataclass(frozen=True)
class Series:
    """One line of a line chart: its name, its colour class and a value per point."""

    name: str
    paint: str
    values: Sequence[float | None]


def _num(x: float) -> str:
    return str(int(round(x))) if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def figure(
    testid: str, caption: str, summary: str, picture: Markup, table: Markup, more: str
) -> Markup:
    return h(
        "figure",
        {"class": "chart", "data-testid": testid},
        h("figcaption", {}, caption),
        h(
            "div",
            {"class": "chart-picture", "role": "img", "aria-label": summary, "tabindex": "0"},
            picture,
        ),
        h("details", {"class": "chart-table"}, h("summary", {}, more), table),
    )


def dice_chart(
    bars: Sequence[DiceBar],
    labels: Sequence[str],
    caption: str,
    heads: tuple[str, str, str, str],
    summary: str,
    more: str,
) -> Markup:
    """Horizontal bars: how often each face fell; a tick where chance predicts."""
    top = max([b.seen for b in bars] + [b.expected for b in bars] + [1.0])
    scale = (WIDTH - LABEL - 40) / top
    height = ROW * len(bars) + 8
    rows = []
    for i, (bar, label) in enumerate(zip(bars, labels, strict=True)):
        y = 4 + i * ROW
        rows.append(
            h(
                "g",
                {"class": "dice-row"},
                h("text", {"x": LABEL - 6, "y": y + ROW * 0.7, "class": "chart-label end"}, label),
                h(
                    "rect",
                    {
                        "x": LABEL,
                        "y": y + 3,
                        "width": f"{bar.seen * scale:.1f}",
                        "height": ROW - 6,
                        "class": "bar-seen",
                    },
                ),
                h(
                    "line",
                    {
                        "x1": f"{LABEL + bar.expected * scale:.1f}",
                        "x2": f"{LABEL + bar.expected * scale:.1f}",
                        "y1": y,
                        "y2": y + ROW,
                        "class": "bar-expected",
                    },
                ),
                h(
                    "text",
                    {
                        "x": f"{LABEL + bar.seen * scale + 4:.1f}",
                        "y": y + ROW * 0.7,
                        "class": "chart-value",
                    },
                    str(bar.seen),
                ),
            )
        )
    svg = h(
        "svg",
        {"viewBox": f"0 0 {WIDTH} {height}", "class": "chart-svg", "aria-hidden": "true"},
        rows,
    )
    table = h(
        "table",
        {"class": "standings chart-numbers"},
        h("tr", {}, [h("th", {"scope": "col"}, x) for x in heads]),
        [
            h(
                "tr",
                {},
                h("th", {"scope": "row"}, label),
                h("td", {"class": "num"}, str(bar.seen)),
                h("td", {"class": "num"}, f"{bar.expected:.1f}"),
                h("td", {"class": "num"}, f"{bar.chance * 100:.1f} %"),
            )
            for bar, label in zip(bars, labels, strict=True)
        ],
    )
    return figure("dice-chart", caption, summary, svg, table, more)


def line_chart(
    testid: str,
    series: Sequence[Series],
    points: Sequence[str],
    caption: str,
    corner: str,
    summary: str,
    more: str,
    width: int = WIDTH,
    number: Callable[[float], str] = _num,
) -> Markup:
    """One line per series over the points (races, moves); a table of every value.
    ``width``: the picture's own width (its text keeps its size in it), less for a
    chart that must fit a phone without scrolling sideways; ``number`` writes a value
    (money grouped by thousands in the page's language, for one)."""
    values = [v for s in series for v in s.values if v is not None]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    hi = hi if hi > lo else lo + 1
    height, pad, right = 260, 24, 120
    span_x = max(1, len(points) - 1)

    def xy(i: int, v: float) -> str:
        x = pad + i * (width - pad - right) / span_x
        y = height - pad - (v - lo) * (height - 2 * pad) / (hi - lo)
        return f"{x:.1f},{y:.1f}"

    lines = []
    ends: list[tuple[float, float, str]] = []  # where each line ends: its label
    for s in series:
        known = [(i, v) for i, v in enumerate(s.values) if v is not None]
        if not known:
            continue
        x, y = (float(c) for c in xy(*known[-1]).split(","))
        ends.append((y, x, s.name))
        lines.append(
            h(
                "polyline",
                {"points": " ".join(xy(i, v) for i, v in known), "class": f"chart-line {s.paint}"},
            )
        )
    labels = []
    last_y = -1e9
    for end_y, x, name in sorted(ends):
        last_y = max(end_y + 4, last_y + LABEL_GAP)  # lines ending together: labels stack
        labels.append(
            h("text", {"x": f"{x + 6:.1f}", "y": f"{last_y:.1f}", "class": "chart-label"}, name)
        )
    height = max(height, int(last_y) + pad)
    step = len(points) // MAX_TICKS + 1
    ticks = [
        h(
            "text",
            {"x": xy(i, lo).split(",")[0], "y": height - 6, "class": "chart-value mid"},
            point,
        )
        for i, point in enumerate(points)
        if i % step == 0
    ]
    svg = h(
        "svg",
        {"viewBox": f"0 0 {width} {height}", "class": "chart-svg", "aria-hidden": "true"},
        h("line", {"x1": pad, "x2": pad, "y1": pad, "y2": height - pad, "class": "axis"}),
        h(
            "line",
            {
                "x1": pad,
                "x2": width - right,
                "y1": height - pad,
                "y2": height - pad,
                "class": "axis",
            },
        ),
        h("text", {"x": pad + 4, "y": pad - 8, "class": "chart-value"}, number(hi)),
        h("text", {"x": pad + 4, "y": height - pad - 4, "class": "chart-value"}, number(lo)),
        lines,
        labels,
        ticks,
    )
    table = h(
        "table",
        {"class": "standings chart-numbers"},
        h(
            "tr",
            {},
            h("th", {"scope": "col"}, corner),
            [h("th", {"scope": "col"}, s.name) for s in series],
        ),
        [
            h(
                "tr",
                {},
                h("th", {"scope": "row"}, point),
                [
                    h(
                        "td",
                        {"class": "num"},
                        "" if s.values[i] is None else number(s.values[i] or 0),
                    )
                    for s in series
                ],
            )
            for i, point in enumerate(points)
        ],
    )
    return figure(testid, caption, summary, svg, table, more)
