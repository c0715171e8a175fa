"""A second window that mirrors the running game's public table, for a projector.

The table window publishes, after every render, only what the whole table may see:
the game, the players' names and seats, the public view (``view(None)``) and the last
public events, under ``paddock.projector.<slot>`` in the browser's storage. The
projector window (``#/projector/<slot>``) reads that key, never the saved game (which
holds the seed and every secret), and redraws when a ``storage`` event says the key
changed. Same browser, same origin, no server; it has no controls.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .html import Markup, classes, h, join
from .screens.replay import players as read_only_strip
from .table import GameContext, isolate
from .tables import TABLES

if TYPE_CHECKING:
    from .app import App

PREFIX = "paddock.projector."
EVENTS = 12  # the newest public events the projector's log shows


def key_of(slot_id: str) -> str:
    return PREFIX + slot_id


def public_payload(app: App) -> dict[str, Any]:
    """What the projector may know: nothing that is not on the public table."""
    assert app.match is not None
    match = app.match
    return {
        "game": match.game_id,
        "players": list(match.players),
        "seats": list(match.seats),
        "view": match.state.view(None),
        "events": [dict(e) for e in match.events[-EVENTS:]],
    }


def open_window(app: App) -> None:
    """The menu's "Open a table view for a projector": start publishing, open it."""
    if app.match is None or app.slot is None:
        return
    app.projecting = app.slot.id
    app.overlay = None
    publish(app)
    app.b.open_window(f"#/projector/{app.slot.id}")


def publish(app: App) -> None:
    """After a render of the table: the public table for an open projector window."""
    if app.match is None or app.slot is None or app.projecting != app.slot.id:
        return
    text = json.dumps(public_payload(app), separators=(",", ":"))
    if app.b.storage_get(key_of(app.slot.id)) != text:
        app.b.storage_set(key_of(app.slot.id), text)


def read(app: App, slot_id: str) -> dict[str, Any] | None:
    raw = app.b.storage_get(key_of(slot_id))
    try:
        data = json.loads(raw) if raw else None
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("game") not in TABLES:
        return None
    return data


def screen(app: App, slot_id: str) -> Markup:
    """The mirrored table in large type, or a line saying it waits for the game."""
    t = app.cat.t
    app._hand = "projector"
    data = read(app, slot_id)
    if data is None:
        return h(
            "main",
            {"class": "projector", "id": "main", "data-testid": "projector"},
            h("h1", {"tabindex": "-1", "data-focus": True}, t("projector_waiting")),
        )
    game = data["game"]
    table = TABLES[game]
    view = data["view"]
    names = [isolate(str(n)) for n in data["players"]]
    ctx = GameContext(
        cat=app.cat,
        players=names,
        seats=[str(s) for s in data["seats"]],
        legal=[],
        local={},
        viewer=None,
        motion=False,
        paint=[classes(f"pc{i}", table.seat_class(view, i)) for i in range(len(names))],
    )
    log = [table.describe(e, names, app.cat) for e in reversed(data["events"])]
    return h(
        "main",
        {
            "class": classes("table", "projector", f"game-{game}"),
            "id": "main",
            "data-game": game,
            "data-testid": "projector",
        },
        h(
            "section",
            {"class": "board-area", "aria-label": t("board")},
            table.board(view, ctx),
        ),
        h(
            "div",
            {"class": "side"},
            h("h1", {"tabindex": "-1", "data-focus": True}, t(f"game_{game}")),
            h("p", {"class": "turn-banner", "aria-live": "polite"}, table.status_text(view, ctx)),
            read_only_strip(view, table, ctx, names),
            h(
                "ol",
                {"class": "log projector-log", "aria-label": t("log")},
                join(*[h("li", {}, line) for line in log if line]),
            ),
        ),
    )
