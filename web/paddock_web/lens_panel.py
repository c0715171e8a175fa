"""The probability lens on the table: which estimate to ask for, and its panel.

The estimates come from a worker (``web/lens-worker.mjs``) with its own Python, so the
page never waits for them. The page sends it a state *resampled* from what the
viewer may know (the public table, or the seat whose private panel is open): the
worker never holds another seat's secret, and neither does the panel it feeds.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pygames.core import Action, SeatWindow
from pygames.core.lens import Odds, distinct_actions

from .html import Markup, classes, h
from .lens_numbers import number, pct
from .table import Table, seat_paints

if TYPE_CHECKING:
    from .app import App

LENS_KEY = "paddock.lens.on"
"""Local storage: "1" while the lens switch is on."""

MAX_HORSES_SHOWN = 12


@dataclass
class Lens:
    """What the lens asked for last, and what came back."""

    on: bool = False
    job: int = 0
    key: tuple[int, int, int | None] | None = None
    odds: Odds | None = None
    done: bool = False
    view: Any = None
    """The viewer's view of the position asked about (names, colours, horses), kept
    for the job's answers instead of being rebuilt for every worker message."""
    trend: dict[int | None, list[tuple[int, list[float]]]] = field(default_factory=dict)
    """Per viewer (None: the public table), the latest estimate of each position it was
    shown: (history length, win chance per seat). A seat's points are drawn only for
    that seat, since they come from what it alone knew; the public ones for everyone."""
    stale: bool = False
    """``odds`` (and ``view``) are still those of the position before: the same viewer
    moved on and the new figures are being worked out. Kept until they come, so that the
    panel neither collapses nor flickers at every move."""
    pending_view: Any = None
    """The view of the position now asked about, drawn once its first figures come."""
    reveal: bool = False
    """Just switched on: bring the panel into sight when its first figures are drawn (it
    may open below the fold of the side column, and is only its title until then)."""
    order: list[str] = field(default_factory=list)
    """The horses' rows, most likely winner first, as ranked by the job's first figures
    and again by its last: refinements in between keep the rows where they are, so a
    row does not jump while it is being read."""
    order_job: int = -1
    trend_match: int | None = None
    """The match ``trend`` belongs to (a new game starts a new line)."""


def allowed(app: App) -> bool:
    """Whether this game's players allowed the lens (a setup option can forbid it)."""
    return app.slot is None or not app.slot.lens_off


def wanted(app: App) -> tuple[int, int, int | None] | None:
    """(match, history length, viewer) to estimate now, or None when nothing is shown."""
    match = app.match
    if not app.lens.on or match is None or app.screen != "table" or match.is_over():
        return None
    if not allowed(app):
        return None
    if app.interlude or app.needs_curtain() is not None:
        return None
    return (id(match), len(match.history), app.unlocked)


def request(app: App) -> None:
    """Ask the worker for a fresh estimate when what is on screen has changed."""
    key = wanted(app)
    if key is None:
        stop(app)
        return
    if key == app.lens.key:
        return
    assert app.match is not None
    before = app.lens.key
    # Only the same viewer's older figures may stay on screen meanwhile: another seat's
    # would show what this one may not know.
    same_viewer = before is not None and before[0] == key[0] and before[2] == key[2]
    app.lens.key = key
    app.lens.job += 1
    app.lens.done = False
    viewer = key[2]
    app.lens.pending_view = app.match.state.view(viewer)
    app.lens.stale = same_viewer and app.lens.odds is not None
    if not app.lens.stale:
        app.lens.odds = None
        app.lens.view = app.lens.pending_view
    window = SeatWindow(app.match.state, viewer)
    # Drawn with the system's entropy: the page's own seeded generators stay untouched.
    rng = random.Random(random.SystemRandom().getrandbits(64))
    resample = window.resample(rng)
    app.b.lens_post(
        {
            "id": app.lens.job,
            "game": app.match.game_id,
            "state": json.dumps(resample.to_json()),  # text: one copy into the worker
            "seat": viewer,
            "actions": bool(valued_choices(app, window)),
            "seed": rng.getrandbits(31),
        }
    )


TREND_SAMPLES = 40
"""Games played ahead before a position's figures join the line over the game (about
±15 points at worst): the first answers come from a handful and swing widely."""

MAX_VALUED_CHOICES = 4
"""Each valued choice costs a rollout of its own per round: only a few are weighed."""


def valued_choices(app: App, window: SeatWindow[Any]) -> list[Action]:
    """The choices the lens weighs: a few, each with a name the panel can show."""
    choices = distinct_actions(window.choices(), window.choice_key)
    named = all(app.cat.has(f"lens_act_{a['type']}") for a in choices)
    # One choice is no choice; many would each cost a rollout per round.
    return choices if named and 2 <= len(choices) <= MAX_VALUED_CHOICES else []


def stop(app: App) -> None:
    """Tell the worker to drop its job (the lens is off, a curtain is up, the game left):
    it would otherwise keep a core busy refining what nobody sees."""
    if app.lens.key is None:
        return
    app.lens.key = None
    app.lens.odds = None
    app.lens.view = app.lens.pending_view = None
    app.lens.stale = False
    app.lens.job += 1
    app.b.lens_post({"id": app.lens.job, "stop": True})


def receive(app: App, message: dict[str, Any]) -> None:
    """A worker's estimate: kept and drawn if it answers the latest request."""
    if message.get("id") != app.lens.job or wanted(app) != app.lens.key:
        return
    if "error" in message:
        app.lens.done = True
        app.b.set_html("#lens-body", Markup(h("p", {}, app.cat.t("lens_failed"))))
        return
    odds: Odds = message["odds"]
    app.lens.odds = odds
    app.lens.view = app.lens.pending_view
    app.lens.stale = False
    app.lens.done = bool(message.get("done"))
    race = odds.get("race") or {}
    if app.lens.done or app.lens.order_job != app.lens.job or set(app.lens.order) != set(race):
        app.lens.order = ranked(race)
        app.lens.order_job = app.lens.job
    if app.lens.key is not None and (app.lens.done or odds["samples"] >= TREND_SAMPLES):
        # The position's point refines with its figures: a player seldom waits for the
        # last of them (a Royal Turf estimate takes about a minute to reach ±2 points).
        chances = [odds["seats"][str(s)] for s in range(len(odds["seats"]))]
        match_id, step, viewer = app.lens.key
        if app.lens.trend_match != match_id:
            app.lens.trend, app.lens.trend_match = {}, match_id
        # Positions from here on are gone (an undo) for every viewer's line.
        for who, line in app.lens.trend.items():
            app.lens.trend[who] = [t for t in line if t[0] < step]
        app.lens.trend.setdefault(viewer, []).append((step, chances))
    app.b.set_html("#lens-body", body(app))
    if app.lens.reveal:
        app.lens.reveal = False
        # In sight, but under the choices: a player reads the odds to choose.
        app.b.scroll_into_view("main.table .lens", under=".action-bar")


def bar(share: float, cls: str) -> Markup:
    """A small horizontal bar (SVG) for a share between 0 and 1."""
    width = max(0.0, min(1.0, share)) * 100
    return h(
        "svg",
        {
            "class": "lens-bar",
            "viewBox": "0 0 100 8",
            "preserveAspectRatio": "none",
            "aria-hidden": "true",
            "focusable": "false",
        },
        h("rect", {"class": "lens-track", "x": 0, "y": 0, "width": 100, "height": 8}),
        h("rect", {"class": cls, "x": 0, "y": 0, "width": f"{width:.1f}", "height": 8}),
    )


def ranked(race: dict[str, Any]) -> list[str]:
    """The horses by their chance to win, then to show (then by id, for ties)."""
    return sorted(race, key=lambda horse: (-race[horse]["win"], -race[horse]["show"], horse))


def race_rows(app: App, odds: Odds, table: Table[Any], view: Any) -> Markup | None:
    race = odds.get("race")
    if not race:
        return None
    t = app.cat.t
    kept = app.lens.order if set(app.lens.order) == set(race) else ranked(race)
    order = [(horse, race[horse]) for horse in kept]
    rows = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, table.lens_horse(view, horse, app.cat)),
            h("td", {"class": "lens-num"}, pct(c["win"])),
            h("td", {"class": "lens-num"}, pct(c["place"])),
            h("td", {"class": "lens-num"}, pct(c["show"])),
            h("td", {"class": "lens-chart"}, bar(c["win"], "lens-win")),
        )
        for horse, c in order[:MAX_HORSES_SHOWN]
    ]
    return h(
        "table",
        {"class": "lens-race"},
        h("caption", {}, t("lens_race")),
        h(
            "thead",
            {},
            h(
                "tr",
                {},
                h("th", {"scope": "col"}, t("lens_horse")),
                h("th", {"scope": "col"}, t("lens_win")),
                h("th", {"scope": "col"}, t("lens_place")),
                h("th", {"scope": "col"}, t("lens_show")),
                h("th", {"scope": "col"}, h("span", {"class": "sr-only"}, t("lens_chart"))),
            ),
        ),
        h("tbody", {}, rows),
    )


def trend_chart(app: App, paint: list[str]) -> Markup | None:
    """Each player's chance to win over the game so far, as this viewer's lens showed it
    (the public table's, or one seat's own), on a scale of 0 to 100 %."""
    key = app.lens.key
    if key is None or key[0] != app.lens.trend_match:
        return None
    # The public table's points are everyone's to see: they fill a seat's line where it
    # was not at the table (a lone player's seat is open only on its secret turns).
    by_step = dict(app.lens.trend.get(None, []))
    if key[2] is not None:
        by_step.update(app.lens.trend.get(key[2], []))
    points = sorted(by_step.items())
    if len(points) < 2:
        return None
    steps = [p[0] for p in points]
    lo, hi = steps[0], max(steps[-1], steps[0] + 1)
    lines = []
    for seat in range(len(points[0][1])):
        coords = " ".join(
            f"{100 * (step - lo) / (hi - lo):.1f},{40 - 38 * chances[seat]:.1f}"
            for step, chances in points
        )
        lines.append(h("polyline", {"class": f"lens-line {paint[seat]}", "points": coords}))
    half = h("line", {"class": "lens-half", "x1": 0, "x2": 100, "y1": 21, "y2": 21})
    svg = h(
        "svg",
        {
            "class": "lens-trend",
            "viewBox": "0 0 100 42",
            "preserveAspectRatio": "none",
            "role": "img",
            "aria-label": app.cat.t("lens_trend"),
        },
        half,
        lines,
    )
    scale = h(
        "span",
        {"class": "lens-scale", "aria-hidden": "true"},
        [h("span", {}, pct(p)) for p in (1.0, 0.5, 0.0)],
    )
    title = h("p", {"class": "lens-trend-title", "aria-hidden": "true"}, app.cat.t("lens_trend"))
    return h(
        "div", {"class": "lens-trend-box"}, title, h("div", {"class": "lens-plot"}, scale, svg)
    )


def body(app: App) -> Markup:
    """The panel's content: each player's chance to win, the race, how sure it is."""
    t = app.cat.t
    odds = app.lens.odds
    match = app.match
    if odds is None or match is None:
        return Markup(h("p", {"class": "lens-wait"}, t("lens_working")))
    from .tables import TABLES

    table = TABLES[match.game_id]
    view = app.lens.view
    if view is None:  # drawn before any job was asked
        view = match.state.view(app.lens.key[2] if app.lens.key else None)
    names = app.names()
    paint = seat_paints(table, view)
    seats = h(
        "table",
        {"class": "lens-seats"},
        h("caption", {}, t("lens_seats")),
        h(
            "tbody",
            {},
            [
                h(
                    "tr",
                    {},
                    h("th", {"scope": "row", "class": paint[s]}, names[s]),
                    h("td", {"class": "lens-num"}, pct(odds["seats"][str(s)])),
                    h(
                        "td",
                        {"class": "lens-chart"},
                        bar(odds["seats"][str(s)], f"lens-seat {paint[s]}"),
                    ),
                )
                for s in range(len(names))
            ],
        ),
    )
    own = table.lens_chart(view, odds, app.cat)
    choices = odds.get("actions") or []
    valued = (
        h(
            "table",
            {"class": "lens-choices"},
            h("caption", {}, t("lens_choices")),
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, t("lens_choice")),
                    h("th", {"scope": "col"}, t("lens_choice_win")),
                    h("th", {"scope": "col"}, t("lens_choice_value")),
                ),
            ),
            h(
                "tbody",
                {},
                [
                    h(
                        "tr",
                        {},
                        h("th", {"scope": "row"}, t(f"lens_act_{c['action']['type']}")),
                        h("td", {"class": "lens-num"}, pct(c["win"])),
                        h("td", {"class": "lens-num"}, number(app.cat, c["value"])),
                    )
                    for c in sorted(choices, key=lambda c: -c["win"])
                ],
            ),
        )
        if choices
        else None
    )
    games = odds["samples"]
    sure = t(
        "lens_updating"
        if app.lens.stale
        else "lens_margin"
        if app.lens.done
        else "lens_refining_one"
        if games == 1
        else "lens_refining",
        games=number(app.cat, games),
        margin=round(100 * odds["margin"]),
    )
    return Markup(
        h(
            "div",
            {
                "class": classes(
                    "lens-figures", not app.lens.done and "refining", app.lens.stale and "stale"
                )
            },
            own,
            valued,
            seats,
            trend_chart(app, paint),
            race_rows(app, odds, table, view),
            h("p", {"class": "lens-note"}, sure),
        )
    )


def panel(app: App) -> Markup | None:
    """The lens's box on the table (None while the lens is off or nothing is shown)."""
    if wanted(app) is None:
        return None
    t = app.cat.t
    whose = t("lens_public") if app.unlocked is None else t("lens_yours")
    return h(
        "section",
        {"class": "lens", "aria-label": t("lens"), "aria-live": "polite", "aria-busy": "false"},
        h("h2", {"class": "lens-title"}, t("lens"), " ", h("small", {}, whose)),
        h("div", {"id": "lens-body"}, body(app)),
        h(
            "button",
            {"type": "button", "class": "linkish", "data-act": "overlay", "data-arg": "lens_about"},
            t("lens_about"),
        ),
    )
