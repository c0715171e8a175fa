"""Which games exist. Each game package registers itself (and its computer player) when
it is imported, which happens the first time the game is asked for."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from .state import Game

_GAMES: dict[str, Game] = {}


@dataclass(frozen=True)
class CatalogueEntry:
    """A game of the Paddock box, built or not yet."""

    id: str
    title: str
    min_players: int
    max_players: int


# The five games of the site, in the order the home page lists them.
CATALOGUE: tuple[CatalogueEntry, ...] = (
    CatalogueEntry("finish_line", "Finish Line", 2, 4),
    CatalogueEntry("gambler", "Gambler", 2, 6),
    CatalogueEntry("homestretch", "Homestretch", 2, 6),
    CatalogueEntry("royal_turf", "Royal Turf", 2, 6),
    CatalogueEntry("turfmaster", "TurfMaster", 2, 8),
)


def register_game(game: Game) -> Game:
    _GAMES[game.id] = game
    return game


def load(game_id: str) -> None:
    """Import a catalogue game's package (it registers itself), if not done yet."""
    if game_id not in _GAMES and any(entry.id == game_id for entry in CATALOGUE):
        importlib.import_module(f"pygames.{game_id}")


def games() -> list[Game]:
    """The games that can be played, in catalogue order."""
    for entry in CATALOGUE:
        load(entry.id)
    order = {entry.id: i for i, entry in enumerate(CATALOGUE)}
    return sorted(_GAMES.values(), key=lambda g: order.get(g.id, len(order)))


def get_game(game_id: str) -> Game:
    """The game with this id; ``KeyError`` with a readable message if unknown."""
    load(game_id)
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"there is no playable game called {game_id!r}") from None
