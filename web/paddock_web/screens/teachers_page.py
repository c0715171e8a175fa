"""The "For teachers" page (#/teachers): chance in each game, a lesson per game,
pooling the CSVs, class links, and that all money is play money."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygames.core import CATALOGUE

from ..html import Markup, h, join
from ..table import numbered_texts
from . import frame

if TYPE_CHECKING:
    from ..app import App


def screen(app: App) -> Markup:
    t = app.cat.t
    games = [
        h(
            "section",
            {"class": "teachers-game", "data-testid": f"teachers-{entry.id}"},
            h("h2", {}, t(f"game_{entry.id}")),
            h("h3", {}, t("teachers_shows")),
            h("p", {}, t(f"teachers_{entry.id}_shows")),
            h("h3", {}, t("teachers_lesson")),
            h(
                "ol",
                {},
                [
                    h("li", {}, line)
                    for line in numbered_texts(app.cat, f"teachers_{entry.id}_lesson")
                ],
            ),
        )
        for entry in CATALOGUE
    ]
    return join(
        frame.header(app, t("teachers_title")),
        h(
            "main",
            {"class": "teachers", "id": "main", "data-testid": "teachers"},
            h("h1", {"tabindex": "-1", "data-focus": True}, t("teachers_title")),
            h("p", {}, t("teachers_intro")),
            h("p", {"class": "notice", "role": "note"}, t("teachers_money")),
            games,
            h("h2", {}, t("teachers_pool_title")),
            h("ol", {}, [h("li", {}, line) for line in numbered_texts(app.cat, "teachers_pool")]),
            h("h2", {}, t("teachers_links_title")),
            [h("p", {}, line) for line in numbered_texts(app.cat, "teachers_links")],
            h(
                "div",
                {"class": "form-actions"},
                h("button", {"type": "button", "data-act": "home"}, t("teachers_back")),
            ),
        ),
    )
