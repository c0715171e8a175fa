"""What every game's table module gets to draw with, and what it must provide.

A table module (``royal_turf.py`` …) is a set of plain functions:

``board(view, ctx)``, ``actions(view, ctx)``, ``status_text(view, ctx)``,
``score_text(view, seat, ctx)``, ``player_extra(view, seat, ctx)``,
``turn_is_secret(public_view)``, ``has_private(view, seat)``,
``private_panel(view, seat, ctx)``, ``describe(event, players, cat)``,
``rules_summary(cat)``, ``results_detail(view, ctx)``.

Clickable parts carry ``data-act="play"`` and ``data-arg`` = the index of the
action in ``ctx.legal``; only legal choices are ever drawn as controls.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .html import Markup, h
from .i18n import Catalogue


@dataclass
class GameContext:
    cat: Catalogue
    players: list[str]
    seats: list[str]
    legal: list[dict[str, Any]]
    local: dict[str, Any]
    viewer: int | None
    fresh: list[dict[str, Any]] = field(default_factory=list)
    motion: bool = True  # False under prefers-reduced-motion
    _index: dict[str, int] | None = field(default=None, repr=False)

    def t(self, key: str, **params: Any) -> str:
        return self.cat.t(key, **params)

    def index_of(self, action: dict[str, Any]) -> int | None:
        """Position of ``action`` among the legal actions (None if not legal)."""
        if self._index is None:
            self._index = {
                json.dumps(a, sort_keys=True): i for i, a in reversed(list(enumerate(self.legal)))
            }
        return self._index.get(json.dumps(action, sort_keys=True))

    def play_attrs(self, action: dict[str, Any]) -> dict[str, object] | None:
        """``data-act`` attributes that play ``action``, or None if it is not legal."""
        i = self.index_of(action)
        if i is None:
            return None
        return {"data-act": "play", "data-arg": str(i)}


FSI, PDI = "\u2068", "\u2069"  # Unicode first-strong isolate … pop directional isolate


def isolate(name: str) -> str:
    """A player's name set apart from the text around it.

    A name written right to left (or with a direction override in it) then cannot
    reverse the rest of a log line or the curtain's sentence.
    """
    return f"{FSI}{name}{PDI}"


def initial(name: str) -> str:
    """The letter on a player's token (isolation marks are not letters)."""
    return name.strip(FSI + PDI)[:1].upper()


def seat_name(players: list[str], seat: Any) -> str:
    """The player at ``seat``, or "" when an event names no (valid) seat."""
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else ""


def rules_paragraphs(cat: Catalogue, prefix: str) -> Markup:
    """A game's rules summary: the catalogue's ``<prefix>1``, ``<prefix>2``, … in order.

    Reads every numbered paragraph the catalogue has, so adding one needs no code change.
    """
    keys: list[str] = []
    while cat.has(f"{prefix}{len(keys) + 1}"):
        keys.append(f"{prefix}{len(keys) + 1}")
    return h("div", {"class": "rules-text"}, [h("p", {}, cat.t(k)) for k in keys])
