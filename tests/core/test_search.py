"""The search core, over every game: the trusted fast path and resampling.

Searching and the lens play thousands of games from positions drawn from what one
seat knows. Two promises make that both fast and fair:

- ``apply_trusted`` with actions taken from the state's own lists does exactly what
  the checked ``apply`` does (checked here step by step over 1,000 games per game);
- ``resample_from_infostate(seat, rng)`` keeps the seat's view, draws the rest anew,
  and cannot depend on what the seat cannot see: states the seat cannot tell apart
  (reached by different secret choices or draws, or made by resampling) give the
  same resample for the same ``rng``.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

import pygames
from pygames.core import SeatWindow, State, canonical, sample_outcome

from .test_every_game import NAMES, sample_games, walk

GAMES = [g.id for g in pygames.games()]
HIDDEN = {"finish_line", "homestretch", "royal_turf", "turfmaster"}
"""Games in which some seat cannot see everything at some point."""


# --- the trusted path --------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_the_trusted_path_plays_exactly_like_the_checked_one(game_id: str) -> None:
    """1,000 random games per game, played both ways in step: same events, same state."""
    game = pygames.get_game(game_id)
    setups = sample_games(game_id, 10_000, seed=5)
    steps = 0
    for i in range(1000):
        n, options = setups[i % len(setups)]
        checked = game.new_state(NAMES[:n], options)
        trusted = game.new_state(NAMES[:n], options)
        rng = random.Random(i)
        while not checked.is_terminal():
            if checked.is_chance():
                outcomes = checked.chance_outcomes()
                assert outcomes == trusted.chance_outcomes()
                action = sample_outcome(outcomes, rng)
            else:
                legal = checked.legal_actions()
                assert legal == trusted.legal_actions()
                action = rng.choice(legal)
            assert checked.apply(action) == trusted.apply_trusted(action)
            assert checked.__dict__ == trusted.__dict__, f"game {i} differs after {action}"
            steps += 1
        assert trusted.is_terminal() and trusted.scores() == checked.scores()
    assert steps > 1000


@pytest.mark.parametrize("game_id", GAMES)
def test_a_listed_action_applied_to_many_states_stays_as_listed(game_id: str) -> None:
    """The lens applies one listed action to many resampled states: none may keep and
    later change a part of it (which would change the action for the next state)."""
    game = pygames.get_game(game_id)
    for i, (n, options) in enumerate(sample_games(game_id, 3, seed=6)):
        rng = random.Random(i)
        state = game.new_state(NAMES[:n], options)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
                continue
            action = rng.choice(state.legal_actions())
            before = canonical(action)
            twin = state.clone()
            twin.apply_trusted(action)
            state.apply_trusted(action)
            for _ in range(3):  # play on in the twin: the action must not move
                if twin.is_terminal():
                    break
                if twin.is_chance():
                    twin.apply_trusted(sample_outcome(twin.chance_outcomes(), rng))
                else:
                    twin.apply_trusted(rng.choice(twin.legal_actions()))
            assert canonical(action) == before


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clone_is_equal_and_independent(game_id: str) -> None:
    game = pygames.get_game(game_id)
    n, options = sample_games(game_id, 1, seed=7)[0]
    rng = random.Random(7)
    state = game.new_state(NAMES[:n], options)
    while not state.is_terminal():
        copy = state.clone()
        assert copy == state and type(copy) is type(state)
        saved = canonical(state.to_json())
        if copy.is_chance():
            copy.apply(sample_outcome(copy.chance_outcomes(), rng))
        else:
            copy.apply(rng.choice(copy.legal_actions()))
        assert canonical(state.to_json()) == saved
        state = copy


# --- resampling ------------------------------------------------------------------------
def _positions(game_id: str, games: int, seed: int, share: float) -> list[State[Any]]:
    """Copies of about ``share`` of the positions met in random games (varied setups)."""
    game = pygames.get_game(game_id)
    found: list[State[Any]] = []
    for i, (n, options) in enumerate(sample_games(game_id, games, seed=seed)):
        rng = random.Random(seed * 100 + i)

        def visit(state: State[Any], rng: random.Random = rng) -> None:
            if rng.random() < share:
                found.append(state.clone())

        walk(game.new_state(NAMES[:n], options), rng, visit)
    return found


def _play_on_checked(state: State[Any], rng: random.Random) -> None:
    """Play to the end through the checked ``apply``: every step must be accepted."""
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_resample_looks_the_same_to_its_seat_and_plays_on(game_id: str) -> None:
    redrawn = 0
    for k, state in enumerate(_positions(game_id, 4, seed=8, share=0.08)):
        saved = canonical(state.to_json())
        for seat in range(len(state.players)):
            window = SeatWindow(state, seat)
            resample = window.resample(random.Random(k))
            assert type(resample) is type(state)
            assert resample.view(seat) == state.view(seat)
            assert resample.view(None) == state.view(None)
            assert resample.current_player() == state.current_player()
            assert resample.legal_actions() == state.legal_actions() or (
                state.current_player() != seat
            ), "the seat's own choices must stay as they are"
            if resample != state:
                redrawn += 1
            assert state.resample_from_infostate(seat, random.Random(k)) == resample
            if k % 5 == 0:
                _play_on_checked(resample, random.Random(k))
        assert canonical(state.to_json()) == saved, "resampling changed the real state"
    if game_id in HIDDEN:
        assert redrawn > 0, "resampling never drew anything anew"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_resample_never_depends_on_what_its_seat_cannot_see(game_id: str) -> None:
    """States that look the same to a seat give the same resample for the same rng.

    Twins are made two ways: by resampling (a full state the seat cannot tell from the
    real one), and by play: two different secret choices of another seat, or two
    different chance outcomes, that leave this seat's view the same.
    """
    played_twins = 0
    for k, state in enumerate(_positions(game_id, 4, seed=9, share=0.08)):
        n = len(state.players)
        for seat in range(n):
            twin = state.resample_from_infostate(seat, random.Random(1000 + k))
            for j in range(2):
                a = state.resample_from_infostate(seat, random.Random(j))
                b = twin.resample_from_infostate(seat, random.Random(j))
                assert a == b, f"seat {seat}'s resample depends on what it cannot see"
        if state.is_terminal():
            continue
        if state.is_chance():
            options = [o for o, _ in state.chance_outcomes()]
        else:
            options = state.legal_actions()
        rng = random.Random(k)
        afters = []
        for action in rng.sample(options, min(len(options), 8)):
            after = state.clone()
            after.apply(action)
            afters.append(after)
        mover = state.current_player()
        for a, b in itertools.combinations(afters, 2):
            for seat in range(n):
                if seat == mover or a.view(seat) != b.view(seat) or a == b:
                    continue
                played_twins += 1
                for j in range(2):
                    ra = a.resample_from_infostate(seat, random.Random(j))
                    rb = b.resample_from_infostate(seat, random.Random(j))
                    assert ra == rb, f"seat {seat}'s resample depends on a hidden choice or draw"
    if game_id in HIDDEN:
        assert played_twins > 0, "no pair of played states looked the same to a seat"


@pytest.mark.parametrize("game_id", GAMES)
def test_finished_races_name_their_placings(game_id: str) -> None:
    """The lens reads each finished race's order through ``race_placings``."""
    game = pygames.get_game(game_id)
    n, options = sample_games(game_id, 1, seed=10)[0]
    state = game.new_state(NAMES[:n], options)
    walk(state, random.Random(10), lambda s: None)
    for race in range(state.finished_races()):
        placings = state.race_placings(race)
        assert all(isinstance(h, str) for h in placings)
        assert len(set(placings)) == len(placings)
        if game_id != "gambler":  # Gambler plays rounds, not races
            assert len(placings) >= 3


@pytest.mark.parametrize("game_id", GAMES)
def test_an_onlookers_resample_knows_only_the_public_table(game_id: str) -> None:
    """``seat=None`` (the lens on the public table): the public view is kept, every
    seat's secrets are drawn, and states the table cannot tell apart resample alike."""
    redrawn = played_twins = 0
    for k, state in enumerate(_positions(game_id, 4, seed=12, share=0.08)):
        resample = SeatWindow(state, None).resample(random.Random(k))
        assert resample.view(None) == state.view(None)
        redrawn += resample != state
        twin = state.resample_from_infostate(None, random.Random(500 + k))
        assert state.resample_from_infostate(None, random.Random(1)) == (
            twin.resample_from_infostate(None, random.Random(1))
        )
        if state.is_terminal() or state.is_chance() or not state.private_turn():
            continue
        legal = state.legal_actions()
        afters = []
        for action in random.Random(k).sample(legal, min(len(legal), 8)):
            after = state.clone()
            after.apply(action)
            afters.append(after)
        for a, b in itertools.combinations(afters, 2):
            if a.view(None) == b.view(None) and a != b:
                played_twins += 1
                assert a.resample_from_infostate(None, random.Random(3)) == (
                    b.resample_from_infostate(None, random.Random(3))
                ), "the public resample depends on a secret choice"
    if game_id in HIDDEN:
        assert redrawn > 0 and played_twins > 0
