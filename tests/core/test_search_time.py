"""A timed search (Sharp, the advice) stops on time inside a round, and a round cut
short counts for none of its arms. A fake clock that moves one millisecond per rollout
stands in for time, so nothing here depends on the machine's speed."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pygames
from pygames.core import Bot, SeatWindow, State, sample_outcome, search
from pygames.core.search import search as run_search


class Clock:
    """Stands still except when a rollout ends: then one millisecond passes."""

    def __init__(self) -> None:
        self.now = 0.0
        self.rollouts = 0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    real_rollout = search.rollout

    def counted(
        state: State[Any], seat: int, rng: random.Random, players: list[Bot] | None = None
    ) -> tuple[float, float, float]:
        fake.rollouts += 1
        fake.now += 0.001
        return real_rollout(state, seat, rng, players)

    monkeypatch.setattr(search, "clock", fake)
    monkeypatch.setattr(search, "rollout", counted)
    return fake


def betting_turn() -> SeatWindow[Any]:
    """Royal Turf's first bet: a seat with many choices (five arms are searched)."""
    state = pygames.get_game("royal_turf").new_state(["Ann", "Ben", "Cy"])
    rng = random.Random(3)
    while state.is_chance():
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    return SeatWindow(state, state.current_player())


def test_no_rollout_starts_after_the_time_is_up(clock: Clock) -> None:
    arms = run_search(betting_turn(), random.Random(1), think_ms=7)
    assert len(arms) == search.MAX_ARMS
    # the 7th rollout ends at 7 ms: round 2 stops there, before its 3rd arm
    assert clock.rollouts == 7
    # ...and round 2 counts for nothing: every arm has round 1 only
    assert [a.visits for a in arms] == [1] * search.MAX_ARMS


def test_full_rounds_count_and_a_cut_one_does_not(clock: Clock) -> None:
    arms = run_search(betting_turn(), random.Random(1), think_ms=12)
    # rounds 1 and 2 (5 arms each) end at 10 ms; round 3 plays 2 arms, then time is up
    assert clock.rollouts == 12
    assert sorted(a.visits for a in arms) == [2] * search.MAX_ARMS


def test_the_first_round_is_played_whatever_the_time(clock: Clock) -> None:
    arms = run_search(betting_turn(), random.Random(1), think_ms=1)
    assert clock.rollouts == search.MAX_ARMS
    assert [a.visits for a in arms] == [1] * search.MAX_ARMS


def test_a_counted_search_is_not_cut_by_time(clock: Clock) -> None:
    arms = run_search(betting_turn(), random.Random(1), iterations=13, think_ms=1)
    assert clock.rollouts == 13 == sum(a.visits for a in arms)
