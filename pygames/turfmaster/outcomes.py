"""TurfMaster's chance outcomes as shared, read-only lists (core: listed actions are
read-only). A random game lists some 2,500 outcomes; each equal one is built once.

>>> deal_outcomes(2, 32)[0]
({'type': 'deck_shuffle', 'horse': 2, 'position': 32, 'card': '3a'}, 1.0)
>>> len(ROLLS), ROLLS[7]
(36, ({'type': 'dice_roll', 'd1': 2, 'd2': 2}, 0.027777777777777776))
"""

from __future__ import annotations

from functools import cache

from ..core.state import Action
from .data import CARDS

Outcome = tuple[Action, float]
DICE_PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""The 36 equally likely rolls (d1, d2) of a dice round, in outcome order."""
ROLLS: tuple[Outcome, ...] = tuple(
    ({"type": "dice_roll", "d1": a, "d2": b}, 1 / 36) for a, b in DICE_PAIRS
)


@cache
def deal_outcomes(horse: int, position: int) -> tuple[Outcome, ...]:
    """Per card in deck order: that card as the ``position``-th of ``horse``'s shuffled
    deck, with the chance of each of the ``33 - position`` cards still to come."""
    p = 1 / (len(CARDS) + 1 - position)
    return tuple(
        ({"type": "deck_shuffle", "horse": horse, "position": position, "card": c}, p)
        for c in CARDS
    )
