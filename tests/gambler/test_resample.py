"""Resampling Gambler for search: nothing is hidden, so a resample is the state itself.

Gambler has no secrets (every roll, die and score is public) and draws its stack of
boards lazily, so a state never holds a board nobody has seen. These tests check that
claim by play, and that the resample (a fast hand-written copy) is a faithful,
independent copy that plays on by the rules.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from pygames.core import SeatWindow, State, canonical, sample_outcome
from pygames.gambler import GAME, GamblerState, Phase

from .play import new_game, play_round, roll, steps, turn


def _mid_placement() -> GamblerState:
    """Round 2 of a three-player game, seat to move halfway through a placement step."""
    state = new_game(3, first="2B")
    play_round(state)
    assert state.round == 2 and state.layout == "2A"  # the back of board 2, now known
    seat = state.turn
    turn(state, seat, [(6, 1)])  # box 1 of row 1 ("6666")
    roll(state, [6] * state.turn_dice)  # the next seat
    steps(state, [(6, 1)])  # box 2, placed but not yet confirmed
    assert state.phase == Phase.AWAIT_PLACE and state.pending and state.results
    return state


def _random_positions(games: int, seed: int) -> list[GamblerState]:
    """Copies of every 7th position of seeded random games (2–6 players, all variants)."""
    options: list[dict[str, Any]] = [
        {},
        {"stack_order": "board_by_board", "beginner_first": True},
        {"target": 300},
    ]
    found: list[GamblerState] = []
    for i in range(games):
        rng = random.Random(seed + i)
        state = GAME.new_state(["A", "B", "C", "D", "E", "F"][: 2 + i % 5], options[i % 3])
        assert isinstance(state, GamblerState)
        step = 0
        while not state.is_terminal():
            if step % 7 == 0:
                found.append(state.clone())
            if state.is_chance():
                state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_trusted(rng.choice(state.legal_actions()))
            step += 1
        found.append(state)
    return found


def test_a_resample_is_the_state_itself_for_every_seat_and_uses_no_randomness() -> None:
    state = _mid_placement()
    saved = canonical(state.to_json())
    for seat in range(3):
        rng = random.Random(seat)
        before = rng.getstate()
        resample = state.resample_from_infostate(seat, rng)
        assert resample is not state
        assert canonical(resample.to_json()) == saved
        assert resample.view(seat) == state.view(seat) and resample.view(None) == state.view(None)
        assert resample.legal_actions() == state.legal_actions()
        assert rng.getstate() == before, "nothing is drawn, so the rng is not used"


def test_no_state_holds_a_board_nobody_has_seen() -> None:
    """What makes the copy right: every board in the stack has been shown on the table,
    and every seat sees the same view (the public one)."""
    for state in _random_positions(12, seed=40):
        shown = {int(layout[:-1]) for layout in state.view(None)["played_layouts"]}
        if state.layout is not None:
            shown.add(int(state.layout[:-1]))
        assert {board for board, _ in state.stack} == shown
        public = state.view(None)
        for seat in range(len(state.players)):
            assert {**state.view(seat), "viewer": None} == public


def test_a_resample_plays_on_by_the_rules_and_leaves_the_real_game_alone() -> None:
    state = _mid_placement()
    saved = canonical(state.to_json())
    for seat in range(3):
        resample = SeatWindow(state, seat).resample(random.Random(seat))
        rng = random.Random(seat)
        while not resample.is_terminal():  # the checked apply: every step must be legal
            if resample.is_chance():
                resample.apply(sample_outcome(resample.chance_outcomes(), rng))
            else:
                resample.apply(rng.choice(resample.legal_actions()))
        assert canonical(state.to_json()) == saved
        assert state.phase == Phase.AWAIT_PLACE


def _mutable_ids(value: Any) -> list[int]:
    """The ids of every list and dict inside ``value`` (itself included)."""
    if isinstance(value, dict):
        return [id(value), *(i for v in value.values() for i in _mutable_ids(v))]
    if isinstance(value, list):
        return [id(value), *(i for v in value for i in _mutable_ids(v))]
    return []


def test_the_fast_clone_equals_the_core_copy_and_shares_nothing() -> None:
    names = {f.name for f in fields(GamblerState)}
    positions = _random_positions(6, seed=70)
    assert any(s.results and s.round_log for s in positions), "no position with a log"
    for state in positions:
        copy = state.clone()
        assert names <= set(copy.__dict__), "the hand-written clone must copy every field"
        assert set(copy.__dict__) == set(state.__dict__), "and every unsaved cache"
        assert copy.__dict__ == State.clone(state).__dict__
        assert not set(_mutable_ids(copy.__dict__)) & set(_mutable_ids(state.__dict__))


def test_rounds_are_not_races() -> None:
    """Gambler plays rounds, so the lens finds no race placings (the core's default)."""
    state = new_game(2, first="7B")
    play_round(state)
    assert state.finished_races() == 1
    assert state.race_placings(0) == []
