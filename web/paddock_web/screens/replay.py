"""The replay screen: the public table of one step, the scrubber and the log up to it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygames.core import Event
from pygames.core.view import AnyView

from ..html import Markup, classes, h, join
from ..parts import log_list
from ..table import GameContext, Table, isolate, token_label
from ..tables import TABLES
from . import frame

if TYPE_CHECKING:
    from ..app import App
    from ..replay import Watching


def screen(app: App) -> Markup:
    w = app.watching
    assert w is not None
    t = app.cat.t
    r = w.replay
    table = TABLES[r.game_id]
    view = r.view_at(w.step)
    names = [isolate(n) for n in r.players]
    # No legal actions: a table drawn from an empty list offers no controls.
    ctx = GameContext(
        cat=app.cat,
        players=names,
        seats=["human"] * len(names),
        legal=[],
        local={},
        viewer=None,
        motion=False,
        paint=[classes(f"pc{i}", table.seat_class(view, i)) for i in range(len(names))],
    )
    app._hand = "replay"
    return join(
        frame.header(app, t("replay_title", game=t(f"game_{r.game_id}"))),
        h(
            "main",
            {
                "class": classes("table", "replay", f"game-{r.game_id}"),
                "id": "main",
                "data-game": r.game_id,
                "data-testid": "replay",
            },
            h(
                "section",
                {"class": "board-area", "aria-label": t("board"), "tabindex": "0"},
                table.board(view, ctx),
            ),
            h(
                "div",
                {"class": "side"},
                controls(app, w),
                players(view, table, ctx, r.players),
                standings(app, view, ctx, r.players),
                log(app, table, w, names),
            ),
        ),
    )


def controls(app: App, w: Watching) -> Markup:
    t = app.cat.t
    r = w.replay

    def button(arg: str, label: str, disabled: bool = False) -> Markup:
        return h(
            "button",
            {
                "type": "button",
                "class": "small",
                "data-act": "rstep",
                "data-arg": arg,
                "data-testid": f"replay-{arg.replace(':', '-')}",
                "disabled": disabled,
            },
            label,
        )

    races = [
        button(f"race:{n}", app.cat.game_t(r.game_id, "replay_race", n=n))
        for n in range(1, len(r.race_starts) + 1)
    ]
    return h(
        "section",
        {"class": "replay-controls", "aria-label": t("replay_controls")},
        h(
            "h2",
            # Only where nothing else holds the focus (the replay just opened): a step
            # taken keeps it on its button or the scrubber, for the next one.
            {"tabindex": "-1", "data-focus": "fallback"},
            app.cat.game_t(
                r.game_id, "replay_step", step=w.step, last=r.last, race=r.race_of(w.step)
            ),
        ),
        h(
            "input",
            {
                "type": "range",
                "min": "0",
                "max": str(r.last),
                "value": str(w.step),
                "id": "replay-scrubber",
                "data-live": "replay",
                "aria-label": t("replay_scrubber"),
                "data-testid": "replay-scrubber",
            },
        ),
        h(
            "div",
            {"class": "replay-buttons"},
            button("first", t("replay_first"), w.step == 0),
            button("prev", t("replay_prev"), w.step == 0),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary small",
                    "data-act": "rplay",
                    "aria-pressed": "true" if w.playing else "false",
                    "data-testid": "replay-play",
                },
                t("replay_pause") if w.playing else t("replay_play"),
            ),
            button("next", t("replay_next"), w.step >= r.last),
            button("last", t("replay_last"), w.step >= r.last),
        ),
        len(races) > 1 and h("div", {"class": "replay-races"}, races),
        h(
            "div",
            {"class": "replay-buttons"},
            h(
                "button",
                {"type": "button", "class": "small", "data-act": "rclose"},
                t("replay_close"),
            ),
        ),
    )


def players(view: AnyView, table: Table[Any], ctx: GameContext, names: list[str]) -> Markup:
    """The players with their money or points, nothing to press (replay, projector)."""
    return h(
        "ol",
        {"class": "player-strip", "aria-label": ctx.t("players")},
        [
            h(
                "li",
                {
                    "class": classes(
                        "player", ctx.seat_paint(i), i == view["current_player"] and "active"
                    ),
                    "data-testid": f"replay-player-{i}",
                },
                h(
                    "span",
                    {"class": classes("token", ctx.seat_paint(i)), "aria-hidden": "true"},
                    token_label(names, i),
                ),
                h("bdi", {"class": "pname"}, name),
                h("span", {"class": "score num"}, table.score_text(view, i, ctx)),
            )
            for i, name in enumerate(names)
        ],
    )


def standings(app: App, view: AnyView, ctx: GameContext, names: list[str]) -> Markup | None:
    """At the last step of a finished game: the final standings, as the results showed."""
    final = view["final"]
    if final is None:
        return None
    t = app.cat.t
    order = sorted(range(len(names)), key=lambda i: (final["ranking"][i], i))
    return h(
        "table",
        {"class": "standings", "data-testid": "replay-standings"},
        h("caption", {}, t("replay_final")),
        h(
            "tr",
            {},
            h("th", {}, t("rank")),
            h("th", {}, t("player")),
            h("th", {}, app.game_text("score")),
        ),
        [
            h(
                "tr",
                {"data-testid": f"replay-result-{i}"},
                h("td", {"class": "num rank"}, str(final["ranking"][i])),
                h("td", {}, h("bdi", {}, names[i])),
                h(
                    "td",
                    {"class": "num score", "data-score": str(int(final["scores"][i]))},
                    str(int(final["scores"][i])),
                ),
            )
            for i in order
        ],
    )


def log(app: App, table: Table[Any], w: Watching, names: list[str]) -> Markup:
    def says(event: Event) -> str | None:
        return table.describe(event, names, app.cat)

    shown = w.replay.events_until(w.step)
    total = w.line_counts.upto(w.replay.events, len(shown), says)
    return h(
        "aside",
        {"class": "log", "aria-labelledby": "replay-log-h", "data-testid": "replay-log"},
        h("div", {"class": "log-head"}, h("h2", {"id": "replay-log-h"}, app.cat.t("log"))),
        log_list(shown, total, says, "replay-log-h"),
    )
