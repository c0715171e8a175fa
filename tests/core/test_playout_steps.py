"""The playout loop's own draws and the games' cached step data (issue #14)."""

from __future__ import annotations

import random

import pygames
from pygames.core.playout import random_playout
from pygames.core.state import sample_outcome

GAMES = [g.id for g in pygames.games()]


class PlainRandom(random.Random):
    """A ``Random`` subclass that draws exactly like ``Random``: the loop asks it."""


def test_the_inlined_draws_pick_as_choice_and_sample_outcome() -> None:
    """The loop's own draws for a ``random.Random`` give the same games as asking
    ``rng.choice`` and ``sample_outcome`` (its path for any other generator)."""
    for game_id in GAMES:
        game = pygames.get_game(game_id)
        n = min(4, game.max_players)
        names = [f"P{i}" for i in range(n)]
        for seed in range(3):
            fast = random_playout(game.new_state(names), random.Random(seed))
            asked = random_playout(game.new_state(names), PlainRandom(seed))
            assert fast == asked, f"{game_id} seed {seed}"


def test_cached_step_data_follows_the_state() -> None:
    """A game may keep unsaved data for its steps (Royal Turf's horses that may move,
    Gambler's packed rows): at every step a state lists and plays exactly as its
    reloaded copy, which starts without any."""
    for game_id in GAMES:
        game = pygames.get_game(game_id)
        for seed in range(2):
            rng = random.Random(seed)
            state = game.new_state(["A", "B", "C"][: max(2, min(3, game.max_players))])
            while not state.is_terminal():
                fresh = game.state_from_json(state.to_json())
                if state.is_chance():
                    assert state.chance_outcomes() == fresh.chance_outcomes()
                    action = sample_outcome(state.chance_outcomes(), rng)
                else:
                    assert state.legal_actions() == fresh.legal_actions(), game_id
                    action = rng.choice(state.legal_actions())
                assert state.apply_trusted(action) == fresh.apply_trusted(action)
                assert state == fresh
