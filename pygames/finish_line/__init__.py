"""Finish Line (Dan Glimne): bet on seven horses, then draft dice to push them home.

>>> from pygames.finish_line import GAME
>>> GAME.title, GAME.min_players, GAME.max_players
('Finish Line', 2, 4)
"""

from __future__ import annotations

from ..core import Game, Option, register_game
from .data import COLOURS, FACES, ODDS, TILES
from .state import FinishLineState

GAME = register_game(
    Game(
        id="finish_line",
        title="Finish Line",
        min_players=2,
        max_players=4,
        state_class=FinishLineState,
        options=(
            Option(
                name="strict_outsider",
                values=(False, True),
                default=False,
                description="Strict outsider: the half bonus goes only to winning place bets.",
            ),
            Option(
                name="rotating_start",
                values=(False, True),
                default=False,
                description="Rotating start: the start player passes to the left each race.",
            ),
            Option(
                name="family_dice",
                values=(False, True),
                default=False,
                description="Family dice: no side bets and no disqualifications.",
            ),
        ),
        description="Secret bets on seven horses, then three dice a turn to push them home.",
    )
)

__all__ = ["COLOURS", "FACES", "GAME", "ODDS", "TILES", "FinishLineState"]
from . import bot  # noqa: E402,F401  (registers the computer player)
