"""Royal Turf (Reiner Knizia): bet on seven horses, then race them together.

>>> from pygames.royal_turf import GAME
>>> GAME.title, GAME.min_players, GAME.max_players
('Royal Turf', 2, 6)
"""

from __future__ import annotations

from ..core import Game, Option, register_game
from .data import CARDS, HORSE_NAMES, HORSES, ODDS
from .state import RoyalTurfState

GAME = register_game(
    Game(
        id="royal_turf",
        title="Royal Turf",
        min_players=2,
        max_players=6,
        state_class=RoyalTurfState,
        options=(
            Option(
                name="hidden_bets",
                values=(False, True),
                default=False,
                description="Hidden bets: chips 0, 1, 1, 2 placed face down over four rounds.",
            ),
        ),
        description="Bet on seven horses, then race them together; three races at Ascot.",
    )
)

__all__ = ["CARDS", "GAME", "HORSES", "HORSE_NAMES", "ODDS", "RoyalTurfState"]
from . import bot  # noqa: E402,F401  (registers the computer player)
