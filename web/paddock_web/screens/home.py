"""The home screen: the games, and "Your games" (resume or delete a saved game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pygames.core import CATALOGUE

from ..html import Markup, classes, h, join
from ..table import isolate
from ..tables import TABLES
from . import frame

if TYPE_CHECKING:
    from ..app import App


def screen(app: App) -> Markup:
    t = app.cat.t
    # A game is offered once both its engine and its table exist.
    playable = {entry.id for entry in CATALOGUE} & set(TABLES)  # no engine imported here
    cards = []
    for entry in CATALOGUE:
        ok = entry.id in playable
        table = TABLES[entry.id] if ok and app.home_pictures else None
        players = t("players_range", lo=entry.min_players, hi=entry.max_players)
        cards.append(
            h(
                "li",
                {"class": classes("game-card", not ok and "soon"), "data-game": entry.id},
                # The picture's place is kept while it is drawn, so nothing jumps.
                h("div", {"class": "thumb"}, table.thumbnail(app.cat) if table else None),
                h("h2", {"id": f"title-{entry.id}"}, t(f"game_{entry.id}")),
                h("p", {}, t(f"blurb_{entry.id}")),
                h(
                    "p",
                    {"class": "meta"},
                    f"{players} · {table.meta(app.cat)}" if table else players,
                ),
                (
                    h(
                        "details",
                        {"class": "how-to-play"},
                        h("summary", {}, t("how_to_play")),
                        h("ol", {}, [h("li", {}, line) for line in table.how_to_play(app.cat)]),
                    )
                    if table
                    else None
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "data-act": "choose",
                        "data-arg": entry.id,
                        "class": "primary",
                        # Read out as "Play Royal Turf": five "Play" buttons told apart.
                        "id": f"play-{entry.id}",
                        "aria-labelledby": f"play-{entry.id} title-{entry.id}",
                    },
                    t("play"),
                )
                if ok
                else h("p", {"class": "soon-note"}, t("not_built")),
            )
        )
    notice = None
    if app.notice:
        notice = h(
            "div",
            {"class": "notice", "role": "alert"},
            h("p", {}, app.notice),
            h("button", {"type": "button", "data-act": "fresh"}, t("start_fresh")),
        )
    return join(
        frame.header(app),
        h(
            "main",
            {"class": "home", "id": "main"},
            notice,
            h("h1", {}, t("home_heading")),
            h("p", {"class": "lead"}, t("home_lead")),
            your_games(app),
            h("ul", {"class": "game-list"}, cards),
            h(
                "p",
                {"class": "teachers-link"},
                h("a", {"href": "#/teachers", "data-testid": "teachers-link"}, t("teachers_link")),
            ),
        ),
        frame.confirm_dialog(app),
    )


def your_games(app: App) -> Markup | None:
    """Every saved game: resume it, or delete it after a confirmation."""
    t = app.cat.t
    slots = app.store.slots()
    if not slots:
        return None
    items = []
    for slot in slots:
        if slot.damaged or slot.game not in TABLES:
            title, who, state = t("damaged_save"), "", t("damaged_save_help")
        else:
            title = t(f"game_{slot.game}")
            who = ", ".join(isolate(p) for p in slot.players)
            state = t("game_finished") if slot.over else t("game_in_progress")
        items.append(
            h(
                "li",
                {
                    "class": classes("saved-game", slot.damaged and "damaged"),
                    "data-testid": f"saved-{slot.id}",
                },
                h("span", {"class": "sg-title"}, title),
                h("span", {"class": "sg-players"}, who),
                h("span", {"class": "sg-state"}, state),
                not slot.damaged
                and h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-act": "resume",
                        "data-arg": slot.id,
                        "data-testid": f"resume-{slot.id}",
                    },
                    t("view_results") if slot.over else t("resume"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "data-act": "ask",
                        "data-arg": "delete",
                        "value": slot.id,
                        "data-testid": f"delete-{slot.id}",
                    },
                    t("delete"),
                ),
            )
        )
    return h(
        "section",
        {"class": "your-games", "aria-labelledby": "your-games-h"},
        h("h2", {"id": "your-games-h"}, t("your_games")),
        h("ul", {}, items),
    )
