"""Class links: one link sets up the same game at every table of a class.

A class link (``#class?…``) carries the game, its options, the player count and who
is a computer, never names. "Every table gets its own dice" (the default) carries no
seed; "every table gets the same dice" carries one, so tables can compare, and the
setup screen warns that the link then tells every die and hidden card in advance.
Opening a class link shows the setup form with the names blank and asks for the
table's name, which every row of the game's CSV then carries.

>>> setup = {"game": "royal_turf", "players": ["Ann", "Ben"], "seats": ["human", "computer"],
...          "options": {}, "seed": None}
>>> link = class_link(setup, seed=None)
>>> link.startswith("#class?") and "Ann" not in link
True
>>> parse_class(link)["players"]
['', '']
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from pygames.core.match import MAX_SEED

from . import setup_link
from .html import Markup, h, join

if TYPE_CHECKING:
    from .app import App

MAX_TABLE = 32


def class_link(setup: dict[str, Any], seed: int | None) -> str:
    """The setup without names; with ``seed`` every table gets the same dice."""
    blank = {**setup, "players": ["" for _ in setup["players"]], "seed": seed}
    return "#class?" + setup_link.build(blank).partition("?")[2]


def parse_class(link: str) -> dict[str, Any]:
    """The setup of a class link, names blank; ``ValueError`` if malformed."""
    return setup_link.parse(link)


def shared_seed(app: App) -> int:
    """The seed of the "same dice" link: the one typed, else one drawn for this form."""
    typed = app.setup.get("seed")
    if typed is not None:
        return int(typed)
    if "class_seed" not in app.setup:
        app.setup["class_seed"] = random.SystemRandom().randrange(MAX_SEED)
    return int(app.setup["class_seed"])


def links(app: App) -> Markup:
    """The setup screen's class links, the "same dice" one with its warning."""
    t = app.cat.t
    setup = {k: app.setup[k] for k in ("game", "players", "seats", "options")}
    setup["levels"] = app.setup.get("levels") or []  # a Sharp computer stays Sharp
    return h(
        "div",
        {"class": "share class-links", "data-testid": "class-links"},
        h("p", {}, t("class_link"), " ", t("class_link_help")),
        h(
            "ul",
            {},
            h(
                "li",
                {},
                h(
                    "a",
                    {"href": class_link(setup, None), "data-testid": "class-link-own"},
                    t("class_own_dice"),
                ),
            ),
            h(
                "li",
                {},
                h(
                    "a",
                    {
                        "href": class_link(setup, shared_seed(app)),
                        "data-testid": "class-link-same",
                    },
                    t("class_same_dice"),
                ),
                " ",
                h("small", {"class": "warning"}, t("seed_warning")),
            ),
        ),
    )


def table_field(app: App) -> Markup | None:
    """On a setup opened from a class link: the table's name, asked first."""
    if not app.setup.get("class"):
        return None
    t = app.cat.t
    return h(
        "fieldset",
        {"class": "class-table"},
        h("legend", {}, t("class_table")),
        join(
            h("label", {"for": "table"}, t("class_table_label")),
            h(
                "input",
                {
                    "id": "table",
                    "name": "table",
                    "maxlength": str(MAX_TABLE),
                    "required": True,
                    "value": app.setup.get("table", ""),
                    "data-testid": "table-name",
                },
            ),
        ),
    )
