"""TurfMaster (Albrecht Nolte): three one-lap races of cards, dice and handicaps.

>>> from pygames.turfmaster import GAME
>>> GAME.title, GAME.min_players, GAME.max_players
('TurfMaster', 2, 8)
"""

from __future__ import annotations

from typing import Any

from ..core import Game, Option, register_game
from .data import CARDS, COLOURS, HANDICAP, HORSES_ALLOWED, POINTS, SIDES
from .state import TurfMasterState


def horses_allowed(value: Any, n_players: int) -> bool:
    """0 (the table size's default) or a count that makes 4–8 horses (spec §2.1).

    >>> [v for v in (0, 1, 2, 3, 4) if horses_allowed(v, 2)]
    [0, 2, 3, 4]
    """
    return bool(value == 0 or value in HORSES_ALLOWED.get(n_players, ()))


GAME = register_game(
    Game(
        id="turfmaster",
        title="TurfMaster",
        min_players=2,
        max_players=8,
        state_class=TurfMasterState,
        options=(
            Option(
                name="horses_per_player",
                values=(0, 1, 2, 3, 4),
                default=0,
                allowed=horses_allowed,
                description=(
                    "Horses per player: 0 = standard (2 players 3, 3 players 2, else 1); "
                    "2 players may ride 2–4, 4 players 1–2."
                ),
            ),
            Option(
                name="grand_national",
                values=(False, True),
                default=False,
                description="Grand National: steeplechase side with six hurdles; landing on one "
                "in a card round is a fall.",
            ),
            Option(
                name="blind_cards",
                values=(False, True),
                default=False,
                description="Blind cards: riders pick cards face down, then all are revealed.",
            ),
            Option(
                name="free_jokers",
                values=(False, True),
                default=False,
                description="Free jokers: a joker's value is chosen (9–12) when it is played.",
            ),
            Option(
                name="quick_race",
                values=(False, True),
                default=False,
                description="Quick race: a single race instead of a three-race meeting.",
            ),
        ),
        description="Ride tin horses over three races: cards, dice and a handicap for the leaders.",
    )
)

__all__ = ["CARDS", "COLOURS", "GAME", "HANDICAP", "POINTS", "SIDES", "TurfMasterState"]
from . import bot  # noqa: E402,F401  (registers the computer player)
