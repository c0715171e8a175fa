"""Gambler's exact lens figure: the chance that the next roll has a die that fits."""

from __future__ import annotations

import math
import random
from typing import Any

import pygames
from pygames.core import State, sample_outcome


def fits_by_enumeration(state: State[Any], roll: dict[str, Any]) -> float:
    """Roll every die sequence the rules allow and add up those that leave a die to place."""

    def walk(s: State[Any], p: float) -> float:
        if not s.is_chance():
            return p if str(s.view(None)["phase"]) == "await_place" else 0.0
        total = 0.0
        for outcome, q in s.chance_outcomes():
            after = s.clone()
            after.apply(outcome)
            total += walk(after, p * q)
        return total

    after = state.clone()
    after.apply(roll)
    return walk(after, 1.0)


def test_the_fit_chance_is_what_rolling_every_die_gives() -> None:
    game = pygames.get_game("gambler")
    rng = random.Random(4)
    checked = 0
    for players in (2, 3, 4):
        state = game.new_state([f"P{i}" for i in range(players)])
        while not state.is_terminal() and checked < 12 * players:
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            rolls = [a for a in state.legal_actions() if a["type"] in ("roll", "roll_again")]
            facts = state.lens_facts()
            if rolls and rng.random() < 0.3 and state.view(None)["turn_dice"] <= 4:
                assert math.isclose(facts["fit"], fits_by_enumeration(state, rolls[0]))
                checked += 1
            elif not rolls:
                assert facts == {}, "the figure is only given before a roll"
            state.apply(rng.choice(state.legal_actions()))
    assert checked >= 20
