"""The final standings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygames.core.stats import race_scores
from pygames.core.view import AnyView

from ..html import Markup, classes, h
from ..table import GameContext, Table, token_label
from .stats import money_chart

if TYPE_CHECKING:
    from ..app import App


def screen(app: App, view: AnyView, table: Table[Any], ctx: GameContext) -> Markup:
    assert app.match is not None
    t = app.cat.t
    scores = app.match.scores()
    ranks = app.match.ranking()
    order = sorted(range(len(scores)), key=lambda i: (ranks[i], i))
    winners = [app.names()[i] for i in order if ranks[i] == 1]
    rows = [
        h(
            "tr",
            {"class": ctx.seat_paint(i), "data-testid": f"result-{i}"},
            h("td", {"class": "num rank"}, str(ranks[i])),
            h(
                "td",
                {},
                h(
                    "span",
                    {"class": classes("token", ctx.seat_paint(i)), "aria-hidden": "true"},
                    token_label(app.match.players, i),
                ),
                " ",
                h("bdi", {}, app.match.players[i]),
            ),
            h(
                "td",
                {"class": "num score", "data-score": str(int(scores[i]))},
                table.score_text(view, i, ctx),
            ),
        )
        for i in order
    ]
    # How the standings came about, race by race: from the public events, no replay.
    match = app.match
    start = match.game.new_state(match.players, match.options).view(None)
    scores_now = race_scores(
        match.game_id, len(match.players), match.events, start, match.state.view(None)
    )
    # Narrower than the statistics' chart: it fits a phone's end screen as it is.
    chart = money_chart(app.cat, match.game_id, match.players, scores_now, width=420)
    headline = (
        t("winner_is", name=winners[0])
        if len(winners) == 1
        else t("shared_victory", names=", ".join(winners))
    )
    return h(
        "section",
        {"class": "results", "data-testid": "results"},
        h("h1", {}, app.game_text("game_over")),
        h("p", {"class": "headline"}, headline),
        h(
            "table",
            {"class": "standings"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {}, t("rank")),
                    h("th", {}, t("player")),
                    h("th", {}, app.game_text("score")),
                ),
            ),
            h("tbody", {}, rows),
        ),
        chart,
        h(
            "div",
            {"class": "form-actions"},
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary big",
                    "data-act": "again",
                    "data-testid": "play-again",
                },
                t("play_again"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "replay", "data-testid": "watch-replay"},
                t("replay_watch"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "stats", "data-testid": "results-stats"},
                t("stats_open"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "csv", "data-testid": "results-csv"},
                t("csv_download"),
            ),
            h("button", {"type": "button", "data-act": "fresh"}, t("new_game")),
        ),
        table.results_detail(view, ctx),
    )
