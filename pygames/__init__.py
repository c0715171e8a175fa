"""Paddock's rules engines.

>>> import pygames
>>> "royal_turf" in [g.id for g in pygames.games()]
True
>>> game = pygames.get_game("royal_turf")
>>> state = game.new_state(["Ann", "Ben"], {"hidden_bets": True})
>>> state.is_chance()
True
"""

# The games themselves are imported when first asked for (get_game, games), so that
# importing pygames stays cheap.
from .core import (
    CATALOGUE,
    BadSave,
    Game,
    IllegalAction,
    Match,
    State,
    games,
    get_game,
)

__all__ = [
    "CATALOGUE",
    "BadSave",
    "Game",
    "IllegalAction",
    "Match",
    "State",
    "games",
    "get_game",
]
__version__ = "0.1.0"
