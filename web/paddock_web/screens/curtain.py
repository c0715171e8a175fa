"""The hand-off curtain before a secret, and the settlement between races."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..html import Markup, classes, h
from ..table import GameContext, Table, token_label

if TYPE_CHECKING:
    from ..app import App


def interlude(app: App, table: Table[Any], ctx: GameContext) -> Markup:
    """The results card of the race just run, over the board, for everyone, before the
    next race: finishing order, what the bets were, what they paid; then Continue."""
    assert app.match is not None
    t = app.cat.t
    view = app.match.state.view(None)
    card_ctx = GameContext(
        cat=app.cat, players=ctx.players, seats=ctx.seats, legal=[], local={}, viewer=None
    )
    last = {**view, "results": view["results"][-1:]}
    return h(
        "div",
        # data-game: the game's stylesheet reaches its drawing only under it.
        {"class": "overlay race-card-overlay", "data-game": app.match.game_id},
        h(
            "section",
            {
                "class": "race-card",
                "role": "dialog",
                "aria-modal": "true",
                "aria-labelledby": "race-card-h",
                "data-testid": "interlude",
            },
            h(
                "h2",
                {"id": "race-card-h", "tabindex": "-1", "data-focus": True},
                t("race_over_heading", race=view["results"][-1].get("race", "")),
            ),
            table.results_detail(last, card_ctx),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary big",
                    "data-act": "continue",
                    "data-testid": "continue",
                },
                t("continue"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "stats", "data-testid": "interlude-stats"},
                t("stats_open"),
            ),
        ),
    )


def curtain(app: App, seat: int, table: Table[Any]) -> Markup:
    assert app.match is not None
    t = app.cat.t
    paint = classes(f"pc{seat}", table.seat_class(app.match.state.view(None), seat))
    letter = token_label(app.match.players, seat)
    name = app.names()[seat]
    return h(
        "main",
        {
            "class": classes("curtain", paint),
            "id": "main",
            "data-game": app.match.game_id,
            "data-testid": "curtain",
            "role": "dialog",
            "aria-modal": "true",
            "aria-labelledby": "curtain-h",
        },
        h(
            "div",
            {"class": "curtain-inner"},
            h(
                "span",
                {"class": classes("token", "big", paint), "aria-hidden": "true"},
                letter,
            ),
            # The heading, not the button, takes focus: a key press meant for the
            # last player's move must not confirm this curtain.
            h(
                "h1",
                {"id": "curtain-h", "tabindex": "-1", "data-focus": True},
                t("pass_device", name=name),
            ),
            h("p", {}, t("curtain_help", name=name)),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary huge",
                    "data-act": "unlock",
                    "data-arg": str(seat),
                    "data-testid": "curtain-confirm",
                },
                t("i_am", name=name),
            ),
        ),
    )
