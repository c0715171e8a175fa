"""What every game's table module gets to draw with, and what it must provide.

A table module (``royal_turf.py`` …) is a set of plain functions that together
satisfy :class:`Table`, checked by mypy where ``tables.py`` registers it. The
module draws its game's typed view; it never works out a rule for itself.

Clickable parts carry ``data-act="play"`` and ``data-arg`` = the index of the
action in ``ctx.legal``; only legal choices are ever drawn as controls.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from pygames.core.lens import Odds
from pygames.core.view import BaseView

from .html import Markup, classes, h
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
    paint: list[str] = field(default_factory=list)
    """Per seat, the classes that paint it (``pc<seat>`` plus the game's ``seat_class``)."""
    _index: dict[str, int] | None = field(default=None, repr=False)

    def seat_paint(self, seat: int) -> str:
        """The classes that give a seat its colour (its palette colour or a chosen one)."""
        return self.paint[seat] if 0 <= seat < len(self.paint) else f"pc{seat}"

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


ViewT = TypeVar("ViewT", bound=BaseView[Any], contravariant=True)


class Table(Protocol[ViewT]):
    """The hooks a game's table module provides; ``ViewT`` is its game's view type.

    The shell draws the frame (header, player strip, action bar, curtain, log,
    the private panel's frame) and asks the module for the game's own parts.
    """

    PEEK_KEY: str
    """Catalogue key of the button that shows a player their own secrets."""

    KEPT_CHOICES: tuple[str, ...]
    """Keys of the table's own picks (``ctx`` locals) that outlive a move while the same
    seat plays on: Finish Line's sheet keeps its horse, so "+100" can be pressed again."""

    def board(self, view: ViewT, ctx: GameContext) -> Markup:
        """The board (public, plus the viewer's own secrets when ``view["viewer"]``)."""

    def actions(self, view: ViewT, ctx: GameContext) -> Markup:
        """The choices of the player to act, drawn only from ``ctx.legal``."""

    def status_text(self, view: ViewT, ctx: GameContext) -> str:
        """One sentence: what is happening and who is to act."""

    def score_text(self, view: ViewT, seat: int, ctx: GameContext) -> str:
        """The seat's money or points for the player strip."""

    def player_extra(self, view: ViewT, seat: int, ctx: GameContext) -> Markup:
        """Anything else the player strip shows for this seat (may be empty)."""

    def private_panel(self, view: ViewT, seat: int, ctx: GameContext) -> Markup:
        """The inside of ``seat``'s private panel (the shell draws its frame)."""

    def describe(self, event: dict[str, Any], players: list[str], cat: Catalogue) -> str | None:
        """A log line for an engine event, or ``None`` for events the log leaves out."""

    def rules_summary(self, cat: Catalogue) -> Markup:
        """The short rules shown by the Rules button."""

    def results_detail(self, view: ViewT, ctx: GameContext) -> Markup:
        """What a finished race or game adds to the standings (payouts, sheets…)."""

    def seat_class(self, view: ViewT, seat: int) -> str:
        """A class that paints ``seat`` in a colour of the game's own (e.g. one its player
        chose), or "" for the seat's palette colour."""

    def first_turn_tip(self, view: ViewT, ctx: GameContext) -> str | None:
        """One sentence explaining the decision on screen (shown until tips are turned off)."""

    def thumbnail(self, cat: Catalogue) -> Markup:
        """A small picture of the game for its card on the home page, from its own data."""

    def how_to_play(self, cat: Catalogue) -> list[str]:
        """A few short sentences for the home card's "How to play"."""

    def meta(self, cat: Catalogue) -> str:
        """The game's length for the home card ("3 races · about 45 min")."""

    def lens_chart(self, view: ViewT, odds: Odds, cat: Catalogue) -> Markup | None:
        """The game's own part of the lens panel, or None: drawn from the estimates
        and the engine's exact ``odds["facts"]`` (Gambler's next roll, Homestretch's
        two-dice chart, Finish Line's chance of each finishing place)."""

    def lens_horse(self, view: ViewT, horse: str, cat: Catalogue) -> str:
        """A horse's name as players know it, for an id of ``State.race_placings``
        (the lens's race table)."""

    def card_words(self, view: ViewT, card: str, cat: Catalogue) -> str:
        """A card of an action as players know it (the advice names choices by it)."""


FSI, PDI = "\u2068", "\u2069"  # Unicode first-strong isolate … pop directional isolate


def seat_paints(table: Table[Any], view: Any) -> list[str]:
    """Each seat's colour classes: ``pc<seat>`` and the game's own (a chosen colour)."""
    return [classes(f"pc{s}", table.seat_class(view, s)) for s in range(len(view["players"]))]


def isolate(name: str) -> str:
    """A player's name set apart from the text around it.

    A name written right to left (or with a direction override in it) then cannot
    reverse the rest of a log line or the curtain's sentence.
    """
    return f"{FSI}{name}{PDI}"


def initial(name: str) -> str:
    """The first letter of a player's name (isolation marks are not letters)."""
    return name.strip(FSI + PDI).strip()[:1].upper()


def token_label(players: list[str], seat: int) -> str:
    """What a player's token shows: their initial, with their seat number when another
    player's name starts with the same letter (so no token relies on colour alone).

    >>> [token_label(["Ann", "Ben", "amy"], s) for s in range(3)]
    ['A1', 'B', 'A3']
    """
    letter = initial(players[seat])
    if sum(initial(p) == letter for p in players) > 1:
        return f"{letter}{seat + 1}"
    return letter


def seat_name(players: list[str], seat: Any) -> str:
    """The player at ``seat``, or "" when an event names no (valid) seat."""
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else ""


def numbered_texts(cat: Catalogue, prefix: str) -> list[str]:
    """The catalogue's ``<prefix>1``, ``<prefix>2``, … in order, as many as it has, so
    adding a line to a rules summary or a "How to play" needs no code change."""
    keys: list[str] = []
    while cat.has(f"{prefix}{len(keys) + 1}"):
        keys.append(f"{prefix}{len(keys) + 1}")
    return [cat.t(k) for k in keys]


def rules_paragraphs(cat: Catalogue, prefix: str) -> Markup:
    """A game's rules summary: its numbered paragraphs (``numbered_texts``)."""
    return h("div", {"class": "rules-text"}, [h("p", {}, p) for p in numbered_texts(cat, prefix)])
