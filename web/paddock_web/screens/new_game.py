"""The new-game form: player count, names, human or computer, options, seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygames
from pygames.core import Option

from .. import setup_link, teachers
from ..html import Markup, classes, h, join
from . import frame

if TYPE_CHECKING:
    from ..app import App

# The seat select's values (the form's "computer" is the friendly level) and their texts.
SEAT_CHOICES = (("human", "human"), ("computer", "level_friendly"), ("sharp", "level_sharp"))

# Delay before a computer seat moves (ms), by the speed chosen on this form.
SPEEDS = {"slow": 1200, "normal": 600, "fast": 150, "instant": 0}


def screen(app: App) -> Markup:
    t = app.cat.t
    game = pygames.get_game(app.setup["game"])
    n = len(app.setup["players"])
    counts = [
        h(
            "button",
            {
                "type": "button",
                "class": classes("count", k == n and "on"),
                "data-act": "count",
                "data-arg": str(k),
                "aria-pressed": "true" if k == n else "false",
            },
            str(k),
        )
        for k in range(game.min_players, game.max_players + 1)
    ]
    per_seat = [o for o in game.options if o.per_seat]
    picks = {
        o.name: o.seat_picks(str(app.setup["options"].get(o.name, o.default)), n) for o in per_seat
    }
    levels = app.setup.get("levels") or ["friendly"] * n
    rows = []
    for i, (name, seat) in enumerate(zip(app.setup["players"], app.setup["seats"], strict=True)):
        kind = "sharp" if seat == "computer" and levels[i] == "sharp" else seat
        rows.append(
            h(
                "li",
                {"class": f"seat-row pc{i}"},
                h("span", {"class": f"token pc{i}", "aria-hidden": "true"}, str(i + 1)),
                h("label", {"for": f"name{i}", "class": "sr-only"}, t("player_name", n=i + 1)),
                h(
                    "input",
                    {
                        "id": f"name{i}",
                        "name": f"name{i}",
                        "value": name,
                        "maxlength": "32",
                        "autocomplete": "off",
                        "data-live": str(i),
                    },
                ),
                h("label", {"for": f"seat{i}", "class": "sr-only"}, t("seat_kind")),
                # Who plays the seat, and for the computer how well: one choice.
                h(
                    "select",
                    {"id": f"seat{i}", "name": f"seat{i}", "data-testid": f"seat-kind-{i}"},
                    [
                        h("option", {"value": value, "selected": kind == value}, t(label))
                        for value, label in SEAT_CHOICES
                    ],
                ),
                [seat_pick(app, game.id, opt, i, picks[opt.name][i]) for opt in per_seat],
            )
        )
    options = []
    for opt in game.options:
        if not opt.values:
            continue  # free text: chosen per seat above
        if not isinstance(opt.default, bool):
            current = app.setup["options"].get(opt.name, opt.default)
            values = list(opt.values_for(n))  # e.g. only seats < n
            choices = [
                h(
                    "option",
                    {
                        "value": str(v),
                        "selected": v == current,
                        # A seat is named by its player (and follows the name as it is typed).
                        "data-seat": str(v) if opt.seat_choice else None,
                    },
                    app.setup["players"][v]
                    if opt.seat_choice and isinstance(v, int) and 0 <= v < n
                    else t(f"{game.id}_opt_{opt.name}_{v}")
                    if app.cat.has(f"{game.id}_opt_{opt.name}_{v}")
                    else str(v),
                )
                for v in values
            ]
            options.append(
                h(
                    "label",
                    {"class": "option"},
                    t(f"{game.id}_opt_{opt.name}"),
                    " ",
                    h("select", {"name": f"opt_{opt.name}"}, choices),
                    h("small", {}, t(f"{game.id}_opt_{opt.name}_help")),
                )
            )
            continue
        if isinstance(opt.default, bool):
            options.append(
                h(
                    "label",
                    {"class": "option"},
                    h(
                        "input",
                        {
                            "type": "checkbox",
                            "name": f"opt_{opt.name}",
                            "checked": bool(app.setup["options"].get(opt.name)),
                        },
                    ),
                    " ",
                    t(f"{game.id}_opt_{opt.name}"),
                    h("small", {}, t(f"{game.id}_opt_{opt.name}_help")),
                )
            )
    speeds = h(
        "select",
        {"name": "speed", "id": "speed"},
        [h("option", {"value": k, "selected": k == app.speed}, t(f"speed_{k}")) for k in SPEEDS],
    )
    seed = app.setup.get("seed")
    return join(
        frame.header(app, t(f"game_{game.id}")),
        h(
            "main",
            {"class": "setup", "id": "main"},
            h("h1", {}, t("new_game_of", game=t(f"game_{game.id}"))),
            h(
                "form",
                {"id": "setup-form", "data-form": "setup", "autocomplete": "off"},
                teachers.table_field(app),
                h(
                    "fieldset",
                    {},
                    h("legend", {}, t("player_count")),
                    h("div", {"class": "counts"}, counts),
                ),
                h(
                    "fieldset",
                    {},
                    h("legend", {}, t("players")),
                    h("ol", {"class": "seats"}, rows),
                ),
                h(
                    "fieldset",
                    {},
                    h("legend", {}, t("options")),
                    options or t("no_options"),
                    h("label", {"class": "option"}, t("computer_speed"), " ", speeds),
                    off_switch(app, "lens_off"),
                    off_switch(app, "advice_off"),
                    h(
                        "label",
                        {"class": "option"},
                        t("seed_label"),
                        " ",
                        h(
                            "input",
                            {
                                "name": "seed",
                                "inputmode": "numeric",
                                "value": "" if seed is None else str(seed),
                                "placeholder": t("seed_random"),
                                "aria-describedby": "seed-help",
                            },
                        ),
                        h("small", {"id": "seed-help"}, t("seed_help")),
                    ),
                ),
                app.error and h("p", {"class": "error", "role": "alert"}, app.error),
                h(
                    "div",
                    {"class": "form-actions"},
                    h("button", {"type": "button", "data-act": "home"}, t("back")),
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "primary big",
                            "data-act": "start",
                            "data-testid": "start-game",
                        },
                        t("start_game"),
                    ),
                ),
            ),
            h("div", {"id": "setup-links"}, links(app)),
        ),
    )


def links(app: App) -> Markup:
    """The links that share this setup, as the form now stands (redrawn as it changes:
    a teacher who copies one gets what the form shows)."""
    t = app.cat.t
    return join(
        h(
            "p",
            {"class": "share"},
            t("share_link"),
            " ",
            h(
                "a",
                {"href": setup_link.build(app.setup), "data-testid": "share-link"},
                t("share_link_text"),
            ),
        ),
        app.setup.get("seed") is not None
        and h(
            "p",
            {"class": "warning", "role": "note", "data-testid": "seed-warning"},
            t("seed_warning"),
        ),
        teachers.links(app),
    )


def seat_pick(app: App, game_id: str, opt: Option, seat: int, current: str) -> Markup:
    """A seat's own choice for an option such as Homestretch's colours."""
    t = app.cat.t
    field = f"opt_{opt.name}_{seat}"
    return join(
        h("label", {"for": field, "class": "sr-only"}, t(f"{game_id}_opt_{opt.name}")),
        h(
            "select",
            {"id": field, "name": field, "title": t(f"{game_id}_opt_{opt.name}")},
            [
                h(
                    "option",
                    {"value": v, "selected": v == current},
                    t(f"{game_id}_opt_{opt.name}_{v}"),
                )
                for v in opt.per_seat
            ],
        ),
    )


def off_switch(app: App, name: str) -> Markup:
    """A checkbox that turns a helper (the lens, the advice) off for this one game."""
    return h(
        "label",
        {"class": "option"},
        h("input", {"type": "checkbox", "name": name, "checked": app.setup.get(name) is True}),
        " ",
        app.cat.t(name),
        h("small", {}, app.cat.t(f"{name}_help")),
    )
