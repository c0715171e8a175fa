""" "How good is the lens?": what a chance means, and how well the lens's chances held up.

The figures are measured by ``python3 build.py bench`` (benchmarks/lens_calibration.py),
which writes them beside this module; the page draws each game's reliability diagram
as a small SVG chart with a table of the same numbers for screen readers.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from .html import Markup, h, join
from .lens_numbers import number, pct

if TYPE_CHECKING:
    from .app import App

FIGURES = "lens_calibration.json"


@cache
def figures() -> dict[str, Any]:
    """The bench's calibration per game ({} when it has not been measured)."""
    try:
        text = resources.files("paddock_web").joinpath(FIGURES).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


def diagram(app: App, game_id: str, row: dict[str, Any]) -> Markup:
    """Predicted against happened, per tenth: on the diagonal means honest."""
    t = app.cat.t
    bins = row["reliability"]
    dots = [
        h(
            "circle",
            {
                "class": "calib-dot",
                "cx": f"{100 * b['predicted']:.1f}",
                "cy": f"{100 - 100 * b['happened']:.1f}",
                "r": f"{min(6.0, 1.5 + b['count'] ** 0.5 / 4):.1f}",
            },
        )
        for b in bins
    ]
    ticks = []
    for v in (0, 50, 100):
        label = f"{v}\u00a0%"
        ticks += [
            h("line", {"class": "calib-tick", "x1": v, "y1": 100, "x2": v, "y2": 102}),
            h("text", {"class": "calib-axis", "x": v, "y": 109, "text-anchor": "middle"}, label),
            h("line", {"class": "calib-tick", "x1": -2, "y1": 100 - v, "x2": 0, "y2": 100 - v}),
            h(
                "text",
                {"class": "calib-axis", "x": -3, "y": 102 - v, "text-anchor": "end"},
                label,
            ),
        ]
    chart = h(
        "svg",
        {
            "class": "calib-chart",
            "viewBox": "-28 -6 136 130",
            "role": "img",
            "aria-label": t("calib_chart", game=t(f"game_{game_id}")),
        },
        h("rect", {"class": "calib-frame", "x": 0, "y": 0, "width": 100, "height": 100}),
        h("line", {"class": "calib-diagonal", "x1": 0, "y1": 100, "x2": 100, "y2": 0}),
        ticks,
        dots,
        h(
            "text",
            {"class": "calib-axis calib-label", "x": 50, "y": 119, "text-anchor": "middle"},
            t("calib_said"),
        ),
        h(
            "text",
            {
                "class": "calib-axis calib-label",
                "x": -50,
                "y": -20,
                "transform": "rotate(-90)",
                "text-anchor": "middle",
            },
            t("calib_happened"),
        ),
    )
    rows = [
        h(
            "tr",
            {},
            h("td", {}, f"{round(100 * b['from'])}–{round(100 * b['to'])}\u00a0%"),
            h("td", {}, pct(b["predicted"])),
            h("td", {}, pct(b["happened"])),
            h("td", {}, b["count"]),
        )
        for b in bins
    ]
    table = h(
        "table",
        {"class": "calib-table"},
        h("caption", {}, t("calib_table", game=t(f"game_{game_id}"))),
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                [
                    h("th", {"scope": "col"}, t(k))
                    for k in ("calib_bin", "calib_said", "calib_happened", "calib_count")
                ],
            ),
        ),
        h("tbody", {}, rows),
    )
    summary = t(
        "calib_summary",
        predictions=row["predictions"],
        games=row["games"],
        brier=number(app.cat, row["brier"], 3),
        base=number(app.cat, row["brier_equal_share"], 3),
        skill=number(app.cat, 100 * row["brier_skill"]),
        ece=number(app.cat, 100 * row["expected_calibration_error"], 1),
    )
    return h(
        "section",
        {"class": "calib-game"},
        h("h3", {}, t(f"game_{game_id}")),
        chart,
        h("p", {}, summary),
        h("details", {}, h("summary", {}, t("calib_numbers")), table),
    )


def body(app: App) -> Markup:
    t = app.cat.t
    data = figures()
    intro = join(*[h("p", {}, t(f"lens_about_{i}")) for i in range(1, 6)])
    if not data:
        return join(intro, h("p", {}, t("calib_missing")))
    return join(
        intro,
        h("h2", {}, t("calib_heading")),
        h("p", {}, t("calib_how")),
        h("div", {"class": "calib-games"}, [diagram(app, g, row) for g, row in data.items()]),
    )
