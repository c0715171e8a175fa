"""What frames every screen: the header, the dialogs (rules, menu, export, confirm)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import advice_panel, lens_about, lens_panel, setup_link
from ..html import Markup, classes, h
from ..i18n import LANGUAGES
from ..table import Table

if TYPE_CHECKING:
    from ..app import App


def header(
    app: App, title: str | None = None, behind_curtain: bool = False, behind_dialog: bool = False
) -> Markup:
    t = app.cat.t
    langs = [
        h(
            "button",
            {
                "type": "button",
                "class": classes("lang", code == app.cat.lang and "on"),
                "data-act": "lang",
                "data-arg": code,
                "aria-pressed": "true" if code == app.cat.lang else "false",
                "lang": code,
            },
            code.upper(),
        )
        for code in LANGUAGES
    ]
    tools: list[Markup | None] = []
    if app.screen == "table" and app.match is not None:
        lens = h(
            "button",
            {
                "type": "button",
                "class": classes("lens-toggle", app.lens.on and "on"),
                "data-act": "lens",
                "aria-pressed": "true" if app.lens.on else "false",
                "title": t("lens_help"),
            },
            t("lens"),
        )
        tools = [
            None if app.match.is_over() or not lens_panel.allowed(app) else lens,
            h(
                "button",
                {"type": "button", "data-act": "overlay", "data-arg": "rules"},
                t("rules"),
            ),
            None
            if not advice_panel.offered_in_public(app)
            else h(
                "button",
                {
                    "type": "button",
                    "class": "advice-toggle",
                    "data-act": "overlay",
                    "data-arg": "advice",
                    "aria-pressed": "true" if app.overlay == "advice" else "false",
                },
                t("advice_toggle"),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "log-toggle",
                    "data-act": "overlay",
                    "data-arg": "log",
                },
                t("log"),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "data-act": "overlay",
                    "data-arg": "menu",
                    "aria-haspopup": "true",
                },
                t("menu"),
            ),
        ]
    return h(
        "header",
        # Behind a curtain or a dialog nothing of the page can be reached, not even by Tab.
        {"class": "site-header", "inert": behind_curtain or behind_dialog},
        h("button", {"type": "button", "class": "brand", "data-act": "home"}, t("site_title")),
        # A table screen's top-level heading is its game.
        h("h1" if app.screen == "table" else "span", {"class": "game-title"}, title or ""),
        # The languages come before the tools in the page as on screen (Tab follows the
        # eye): beside the title on a wide screen; on a phone beside the brand, with
        # the tools on the row under them.
        h("span", {"class": "langs", "role": "group", "aria-label": t("language")}, langs),
        h("nav", {"class": "tools", "aria-label": t("tools")}, tools) if any(tools) else None,
    )


def confirm_dialog(app: App) -> Markup | None:
    """The question asked before a saved game is deleted or abandoned."""
    if app.confirm is None:
        return None
    t = app.cat.t
    kind = app.confirm[0]
    question = t("confirm_abandon") if kind == "abandon" else t("confirm_delete")
    return h(
        "div",
        {
            "class": "overlay",
            "role": "alertdialog",
            "aria-modal": "true",
            "aria-labelledby": "confirm-h",
            "data-testid": "confirm",
        },
        h(
            "div",
            {"class": "overlay-inner"},
            h("h2", {"id": "confirm-h", "tabindex": "-1", "data-focus": True}, question),
            h("p", {}, t("cannot_be_undone")),
            h(
                "div",
                {"class": "form-actions"},
                h(
                    "button",
                    {
                        "type": "button",
                        "data-act": "cancel",
                        "data-testid": "confirm-no",
                        "data-escape": True,
                    },
                    t("keep_game"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "danger",
                        "data-act": "delete",
                        "data-testid": "confirm-yes",
                    },
                    t("abandon_game") if kind == "abandon" else t("delete"),
                ),
            ),
        ),
    )


def overlay_panel(app: App, table: Table[Any]) -> Markup | None:
    t = app.cat.t
    if app.overlay == "rules":
        body = table.rules_summary(app.cat)
        title = t("rules")
    elif app.overlay == "menu":
        title = t("menu")
        body = h(
            "div",
            {"class": "menu-items"},
            h(
                "button",
                {"type": "button", "data-act": "export", "data-testid": "export"},
                t("export"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "import", "data-testid": "import"},
                t("import"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "replay", "data-testid": "menu-replay"},
                t("replay_watch"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "projector", "data-testid": "menu-projector"},
                t("projector_open"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "stats", "data-testid": "menu-stats"},
                t("stats_open"),
            ),
            h(
                "button",
                {"type": "button", "data-act": "csv", "data-testid": "menu-csv"},
                t("csv_download"),
            ),
            h("button", {"type": "button", "data-act": "home"}, t("home")),
            app.match is not None
            and not app.tips_on()
            and h(
                "button",
                {
                    "type": "button",
                    "data-act": "tips",
                    "data-arg": "on",
                    "data-testid": "tips-on",
                },
                t("tips_show_again"),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "data-act": "ask",
                    "data-arg": "abandon",
                    "data-testid": "abandon",
                },
                t("abandon_game"),
            ),
            app.match is not None
            and h(
                "p",
                {"class": "share"},
                t("share_link"),
                " ",
                h(
                    "a",
                    {"href": setup_link.build(app.share_setup()), "data-testid": "share-link"},
                    t("share_this_setup_seed")
                    if app.share_setup().get("seed") is not None
                    else t("share_this_setup"),
                ),
            ),
        )
    elif app.overlay == "lens_about":
        title = t("lens_about")
        body = h("div", {"class": "lens-about"}, lens_about.body(app))
    elif app.overlay == "export":
        title = t("export")
        body = h(
            "div",
            {"class": "menu-items"},
            h("p", {"class": "warning", "data-testid": "export-warning"}, t("export_warning")),
            h(
                "button",
                {
                    "type": "button",
                    "data-act": "export",
                    "data-arg": "anyway",
                    "data-testid": "export-anyway",
                },
                t("export_anyway"),
            ),
        )
    else:
        return None
    return h(
        "div",
        {
            "class": "overlay",
            "role": "dialog",
            "aria-modal": "true",
            "aria-label": title,
            "data-testid": f"overlay-{app.overlay}",
            "data-backdrop": "overlay:close",
            "data-game": app.match.game_id if app.match else None,
        },
        h(
            "div",
            {"class": "overlay-inner"},
            h("h2", {"tabindex": "-1", "data-focus": True}, title),
            body,
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-act": "overlay",
                    "data-arg": "close",
                    "data-escape": True,
                    "data-testid": "overlay-close",
                },
                t("close"),
            ),
        ),
    )
