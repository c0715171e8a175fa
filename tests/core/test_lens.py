"""The probability lens, over every game: real chances, from the seat's knowledge only."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

import pygames
from pygames.core import SeatWindow, State, canonical, sample_outcome
from pygames.core.lens import LensRun, distinct_actions, margin_95, odds

from .test_every_game import NAMES, sample_games

GAMES = [g.id for g in pygames.games()]


def _decision_after(game_id: str, decisions: int, seed: int) -> State[Any]:
    """A decision point reached by ``decisions`` random decisions of a random setup."""
    game = pygames.get_game(game_id)
    n, options = sample_games(game_id, 1, seed=seed)[0]
    state = game.new_state(NAMES[:n], options)
    rng = random.Random(seed)
    made = 0
    while True:
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        elif made < decisions:
            state.apply(rng.choice(state.legal_actions()))
            made += 1
        else:
            return state
        assert not state.is_terminal()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_lens_gives_chances_and_values(game_id: str) -> None:
    state = _decision_after(game_id, 6, seed=1)
    seat = state.current_player()
    saved = canonical(state.to_json())
    result = odds(SeatWindow(state, seat), samples=3, rng=random.Random(1), with_actions=False)
    assert canonical(state.to_json()) == saved, "the lens changed the real state"
    assert json.loads(json.dumps(result)) == result
    assert result["samples"] == 3
    assert set(result["seats"]) == {str(s) for s in range(len(state.players))}
    assert math.isclose(sum(result["seats"].values()), 1.0)
    assert all(0.0 <= p <= 1.0 for p in result["seats"].values())
    if game_id != "gambler":
        race = result["race"]
        assert race, "a race game names its horses' chances"
        assert math.isclose(sum(h["win"] for h in race.values()), 1.0)
        assert all(0 <= h["win"] <= h["place"] <= h["show"] <= 1 for h in race.values())
    # Each choice plays a game of its own per round: one round is enough to check them.
    result = odds(SeatWindow(state, seat), samples=1, rng=random.Random(2))
    assert canonical(state.to_json()) == saved, "the lens changed the real state"
    listed = distinct_actions(state.legal_actions())
    valued = [a["action"] for a in result["actions"]]
    assert valued == listed, "every distinct choice of the seat is valued, in listed order"
    scores_seen = [a["value"] for a in result["actions"]]
    assert all(math.isfinite(v) for v in scores_seen)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_lens_cannot_see_what_its_seat_cannot_see(game_id: str) -> None:
    """Two states the seat cannot tell apart give the same lens for the same seed."""
    state = _decision_after(game_id, 9, seed=2)
    for seat in range(len(state.players)):
        twin = state.resample_from_infostate(seat, random.Random(50 + seat))
        a = odds(SeatWindow(state, seat), 2, random.Random(seat), with_actions=False)
        b = odds(SeatWindow(twin, seat), 2, random.Random(seat), with_actions=False)
        assert a == b


def test_more_rollouts_narrow_the_margin() -> None:
    state = _decision_after("royal_turf", 3, seed=3)
    run = LensRun(SeatWindow(state, state.current_player()), random.Random(3))
    run.step(4)
    wide = run.margin()
    run.step(12)
    assert run.samples == 16 and run.margin() < wide
    assert margin_95(0.5, 100) == pytest.approx(0.098, abs=0.001)
