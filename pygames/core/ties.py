"""Ranking by a tie-break chain, and which step of it told level players apart.

A game gives each seat a key: its total first, then the chain's steps, each larger
value better. Homestretch (money, share value, ...) and TurfMaster (points, place
counts, best finishes) rank and explain their final ties with these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

Key = tuple[int, ...]


def ranks(keys: Sequence[Key]) -> list[int]:
    """Rank per seat: 1 + how many keys are greater (equal keys share a rank)."""
    return [1 + sum(1 for other in keys if other > k) for k in keys]


class LevelGroup(NamedTuple):
    """Seats level on their total, and what ordered them."""

    total: int
    seats: list[int]
    step: int  # the first index of the key after the total where they differ; 0: none
    ahead: list[int]  # the group's best-ranked seats


def level_groups(keys: Sequence[Key]) -> list[LevelGroup]:
    """Each group of two or more seats with the same total (``key[0]``), highest first.

    >>> level_groups([(5, 1), (5, 2), (3, 0)])
    [LevelGroup(total=5, seats=[0, 1], step=1, ahead=[1])]
    """
    rank = ranks(keys)
    by_total: dict[int, list[int]] = {}
    for seat, key in enumerate(keys):
        by_total.setdefault(key[0], []).append(seat)
    out = []
    for total, seats in sorted(by_total.items(), reverse=True):
        if len(seats) < 2:
            continue
        steps = range(1, len(keys[seats[0]]))
        step = next((k for k in steps if len({keys[s][k] for s in seats}) > 1), 0)
        best = min(rank[s] for s in seats)
        out.append(LevelGroup(total, seats, step, [s for s in seats if rank[s] == best]))
    return out
