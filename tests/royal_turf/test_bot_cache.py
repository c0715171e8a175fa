"""The place odds the Royal Turf bot keeps for positions met before: the same numbers as
working them out anew, for as many positions as it may keep and no more."""

from __future__ import annotations

import random

from pygames.royal_turf import bot
from pygames.royal_turf.data import HORSES


def position(rng: random.Random) -> tuple[dict[str, float], dict[str, float]]:
    """Effective distances and variances of the horses still on the track."""
    horses = rng.sample(HORSES, rng.randint(2, len(HORSES)))
    remaining = {h: rng.randint(1, 33) - rng.choice((0.0, bot.MEAN_STEP)) for h in horses}
    return remaining, {h: rng.uniform(4.0, 30.0) for h in horses}


def test_kept_odds_are_the_odds_worked_out_anew() -> None:
    rng = random.Random(4)
    bot._ORDERS.clear()
    for _ in range(30):
        remaining, var = position(rng)
        fresh = bot._balance(bot._order_odds(remaining, var))
        assert bot._place_odds(remaining, var) == fresh  # worked out, then kept
        assert bot._place_odds(dict(remaining), dict(var)) == fresh  # from what is kept
    other, var = position(rng)
    moved = dict(other)
    moved[next(iter(moved))] -= 1.0  # one horse a square further: other odds
    assert bot._place_odds(moved, var) != bot._place_odds(other, var)


def test_no_more_positions_are_kept_than_the_limit() -> None:
    rng = random.Random(5)
    bot._ORDERS.clear()
    for _ in range(bot.ORDER_CACHE + 10):
        bot._place_odds(*position(rng))
        assert len(bot._ORDERS) <= bot.ORDER_CACHE
