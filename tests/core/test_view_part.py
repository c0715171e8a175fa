"""A part of a seat's view (``SeatWindow.view_part``) is exactly those entries of its
whole view: the same values and nothing more, so a bot that reads a part sees only
what the seat may see, and a part follows the state as the game goes on."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pygames
from pygames.core import SeatWindow, State, canonical, sample_outcome

from .test_every_game import NAMES, sample_games, walk

GAMES = [g.id for g in pygames.games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_part_is_the_views_entries(game_id: str) -> None:
    """Over games with the variants that hide things (face-down chips, markers…)."""
    game = pygames.get_game(game_id)
    for k, (n, options) in enumerate(sample_games(game_id, 4, seed=8)):
        walk(game.new_state(NAMES[:n], options), random.Random(k), PartChecker(n, k))


class PartChecker:
    """Compares random parts with the whole view for every seat, every 11th step."""

    def __init__(self, n: int, seed: int) -> None:
        self.seats, self.rng, self.steps = (None, *range(n)), random.Random(seed), 0

    def __call__(self, state: State[Any]) -> None:
        self.steps += 1
        if self.steps % 11 != 1:  # a spread of phases, not every step (speed)
            return
        for seat in self.seats:
            view = state.view(seat)
            keys = self.rng.sample(sorted(view), 5)
            part = SeatWindow(state, seat).view_part(*keys)
            assert list(part) == keys
            assert canonical(part) == canonical({k: view[k] for k in keys})


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_part_is_fresh_and_follows_the_state(game_id: str) -> None:
    state = pygames.get_game(game_id).new_state(["Ann", "Ben"])
    window = SeatWindow(state, 0)
    keys = sorted(state.view(0))
    before = window.view_part(*keys)
    for entry in before.values():  # editing a part changes nothing in the game
        if isinstance(entry, list | dict):
            entry.clear()
    assert canonical(window.view_part(*keys)) == canonical(state.view(0))
    seen = canonical(state.view(0))
    rng = random.Random(1)
    while canonical(state.view(0)) == seen:  # on until the seat's view changes
        outcomes = state.chance_outcomes()
        state.apply(sample_outcome(outcomes, rng) if outcomes else state.legal_actions()[0])
    now = window.view_part(*keys)
    assert canonical(now) == canonical(state.view(0)) != seen


def test_an_unknown_entry_is_refused() -> None:
    state = pygames.get_game("homestretch").new_state(["Ann", "Ben"])
    with pytest.raises(KeyError):
        SeatWindow(state, 0).view_part("no_such_entry")
