"""Random playouts, used by property tests and the benchmark."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .bots import Bot, SeatWindow
from .registry import get_game
from .state import State, sample_outcome


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector: a playout makes many short-lived dicts and lists
    (events, actions) but no cycles, which reference counting frees at once, so the
    collector's passes over them are pure cost (about a tenth of a playout)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def random_playout(state: State[Any], rng: random.Random, max_steps: int = 1_000_000) -> State[Any]:
    """Play ``state`` to the end with uniformly random decisions; returns it.

    Takes the trusted path (:meth:`State.apply_trusted`): every action comes verbatim
    from the state's own lists, so checking it again would only cost time.
    """
    with collector_paused():
        return _random_playout(state, rng, max_steps)


def _random_playout(state: State[Any], rng: random.Random, max_steps: int) -> State[Any]:
    # The game's own hooks: this loop has just asked what kind of node it is, so the
    # public methods' second check would only cost time.
    apply, chance, terminal = state.apply_trusted, state.is_chance, state.is_terminal
    outcomes, legal = state._chance_outcomes, state._legal_actions
    if type(rng) is not random.Random:  # a subclass may draw differently: ask it
        for _ in range(max_steps):
            if terminal():
                return state
            apply(sample_outcome(outcomes(), rng) if chance() else rng.choice(legal()))
        raise RuntimeError("the game did not end")
    # ``sample_outcome`` and ``Random.choice`` inlined, drawing exactly as they do (the
    # same game for the same seed): two calls less per step of a playout.
    uniform, getrandbits = rng.random, rng.getrandbits
    for _ in range(max_steps):
        if chance():
            r = uniform()
            acc = 0.0
            for outcome, p in outcomes():  # noqa: B007 (the one chosen is used after it)
                acc += p
                if r < acc:
                    break
            apply(outcome)  # past the end (rounding): the last outcome, as sample_outcome
        else:
            actions = legal()
            n = len(actions)
            if not n:  # the end: asked here, not at every step (nothing is legal there)
                if terminal():
                    return state
                raise RuntimeError("a decision with nothing legal")
            bits = n.bit_length()
            i = getrandbits(bits)
            while i >= n:
                i = getrandbits(bits)
            apply(actions[i])
    raise RuntimeError("the game did not end")


def random_games_per_second(
    game_id: str, seconds: float = 2.0, players: int | None = None, seed: int = 0
) -> float:
    """How many random full games of ``game_id`` CPython plays per second."""
    game = get_game(game_id)
    n = players or game.min_players
    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while True:
        state = game.new_state([f"P{i + 1}" for i in range(n)])
        random_playout(state, rng)
        done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def play_with_bots(
    state: State[Any],
    bots: Sequence[Bot],
    rng: random.Random,
    on_choice: Callable[[int, float], None] | None = None,
) -> State[Any]:
    """Play ``state`` to the end, seat ``i`` choosing with ``bots[i]`` (through its window).

    ``on_choice(seat, seconds)`` is told how long each choice took.
    """
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        start = time.perf_counter()
        action = bots[seat].choose(SeatWindow(state, seat), seat, rng)
        if on_choice is not None:
            on_choice(seat, time.perf_counter() - start)
        state.apply(action)
    return state
