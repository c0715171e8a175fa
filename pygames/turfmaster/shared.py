"""TurfMaster's chance outcomes and card plays as shared, read-only objects (core:
listed actions are read-only). A random game lists some 2,500 outcomes and 1,000
card plays; each equal one is built once.

>>> deal_outcomes(2, 32)[0]
({'type': 'deck_shuffle', 'horse': 2, 'position': 32, 'card': '3a'}, 1.0)
>>> nxt = dealt_next(2, ["3b", "3a"])
>>> len(nxt), nxt[0]
(30, ({'type': 'deck_shuffle', 'horse': 2, 'position': 3, 'card': '3c'}, 0.03333333333333333))
>>> plays(3, ["4a", "J9"])
[{'type': 'play_card', 'horse': 3, 'card': '4a'}, {'type': 'play_card', 'horse': 3, 'card': 'J9'}]
>>> len(ROLLS), ROLLS[7]
(36, ({'type': 'dice_roll', 'd1': 2, 'd2': 2}, 0.027777777777777776))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import compress

from ..core.state import Action
from .data import CARDS

CARD_SET = frozenset(CARDS)

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


def dealt_next(horse: int, deck: Sequence[str]) -> list[Outcome]:
    """The outcomes of dealing the next card of ``horse``'s deck (``deck``: the cards
    dealt so far): each card still to come, in deck order, equally likely."""
    outcomes = deal_outcomes(horse, len(deck) + 1)
    left = CARD_SET.difference(deck)
    return list(compress(outcomes, map(left.__contains__, CARDS)))


@cache
def _plays(horse: int) -> dict[str, Action]:
    return {c: {"type": "play_card", "horse": horse, "card": c} for c in CARDS}


def plays(horse: int, hand: Sequence[str]) -> list[Action]:
    """Playing each card of ``hand`` with ``horse`` (without a chosen joker value)."""
    return list(map(_plays(horse).__getitem__, hand))
