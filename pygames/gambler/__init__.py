"""Gambler (Breslow, Morrison & Terzian): push your luck with dice on yellow and black rows.

>>> from pygames.gambler import GAME
>>> GAME.title, GAME.min_players, GAME.max_players
('Gambler', 2, 6)
"""

from __future__ import annotations

from typing import Any

from ..core import Game, Option, register_game
from .data import LAYOUTS, TARGETS, LayoutError, load_layout, load_layouts, match_set
from .state import STACK_ORDERS, GamblerState, Phase
from .view import GamblerView


def _seat_at_table(value: Any, n_players: int) -> bool:
    """The youngest player must be one of the seats at the table (R28)."""
    return isinstance(value, int) and 0 <= value < n_players


GAME = register_game(
    Game(
        id="gambler",
        title="Gambler",
        min_players=2,
        max_players=6,
        state_class=GamblerState,
        options=(
            Option(
                name="beginner_first",
                values=(False, True),
                default=False,
                description="Beginner start: play the beginner tableau 1A first, then 1B.",
            ),
            Option(
                name="stack_order",
                values=STACK_ORDERS,
                default="flip",
                description=(
                    "Tableau order: flip each board before it goes under the stack, "
                    "board by board (all first sides, then all second sides), or fixed 1A…10B."
                ),
            ),
            Option(
                name="target",
                values=TARGETS,
                default=500,
                description="Points that end the game at a round end: 500, short 300 or long 750.",
            ),
            Option(
                name="youngest",
                values=(0, 1, 2, 3, 4, 5),
                default=0,
                description="Seat of the youngest player, who starts the first round.",
                allowed=_seat_at_table,
                seat_choice=True,
            ),
        ),
        description="Roll up to five dice, fill the rows of a tableau, and close the yellow ones.",
    )
)

__all__ = [
    "GAME",
    "LAYOUTS",
    "GamblerState",
    "GamblerView",
    "Phase",
    "LayoutError",
    "load_layout",
    "load_layouts",
    "match_set",
]
from . import bot  # noqa: E402,F401  (registers the computer player)
