"""Homestretch's exact lens figure: the two-dice chart of the race dice."""

from __future__ import annotations

import math

import pygames


def test_the_two_dice_chart_is_one_to_six_in_thirty_six() -> None:
    state = pygames.get_game("homestretch").new_state(["Ann", "Ben", "Cy"])
    facts = state.lens_facts()
    assert math.isclose(sum(facts.values()), 1.0)
    for n in range(2, 13):
        assert math.isclose(facts[f"sum_{n}"], (6 - abs(7 - n)) / 36)
