"""Homestretch (Frank DiLorenzo): draft shares in eleven horses, bet, race four times.

>>> from pygames.homestretch import GAME
>>> GAME.title, GAME.min_players, GAME.max_players
('Homestretch', 2, 6)
>>> [o.name for o in GAME.options]
['colours', 'fixed_betting_order', 'open_bets', 'short_game', 'literal_handicaps']
"""

from __future__ import annotations

from ..core import Game, Option, register_game
from .data import HORSE_NAMES, HORSES, PAYOUT, RACE_CARDS, SHARE_COST
from .state import COLOUR_CHOICE, HomestretchState

GAME = register_game(
    Game(
        id="homestretch",
        title="Homestretch",
        min_players=2,
        max_players=6,
        state_class=HomestretchState,
        options=(
            COLOUR_CHOICE,
            Option(
                name="fixed_betting_order",
                values=(False, True),
                default=False,
                description="Fixed betting order: no early-bet claims; richest player bets first.",
            ),
            Option(
                name="open_bets",
                values=(False, True),
                default=False,
                description="Open bets (learning mode): marker values are shown once placed.",
            ),
            Option(
                name="short_game",
                values=(False, True),
                default=False,
                description="Short game: one purple race, share buying, then one green race.",
            ),
            Option(
                name="literal_handicaps",
                values=(False, True),
                default=False,
                description="Literal handicaps: bonus moves also trigger the target's marker.",
            ),
        ),
        description="Draft shares in eleven horses, bet free markers and run four dice races.",
    )
)

__all__ = [
    "GAME",
    "HORSES",
    "HORSE_NAMES",
    "PAYOUT",
    "RACE_CARDS",
    "SHARE_COST",
    "HomestretchState",
]
from . import bot  # noqa: E402,F401  (registers the computer player)
