"""The sharp computer player: a search over the states its seat cannot rule out.

Each iteration draws a full state from the seat's knowledge
(:meth:`SeatWindow.resample`, never the real state), picks one of the seat's
choices by UCB1 over what the earlier iterations found, plays it and lets the
friendly players finish the game. What counts is the seat's share of the win, not
its money: a sure small gain that cannot catch the leader is worth little, a long
shot that can is worth a lot (the lesson of push-your-luck games). This is
determinized Monte Carlo search with an information-set root (after Cowling,
Powley & Whitehouse, 2012), kept flat because the friendly rollouts, not a deep
tree, carry the game knowledge.

    >>> import random, pygames
    >>> from pygames.core import SeatWindow
    >>> s = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
    >>> while s.current_player() < 0: _ = s.apply(s.chance_outcomes()[0][0])
    >>> arms = search(SeatWindow(s, s.current_player()), random.Random(1), iterations=8)
    >>> sum(a.visits for a in arms)
    8
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any

from .bots import SeatWindow, bot_for
from .playout import collector_paused
from .state import Action, State, canonical, sample_outcome

EXPLORE = 0.7
"""UCB1's exploration weight: win shares lie in 0..1, so about 1/sqrt(2)."""

MAX_ARMS = 16
"""At most this many of the seat's choices are searched (the friendly choice first)."""


@dataclass
class Arm:
    """One of the seat's choices and what the iterations that tried it found."""

    action: Action
    visits: int = 0
    wins: float = 0.0
    money: float = 0.0

    @property
    def win(self) -> float:
        return self.wins / self.visits if self.visits else 0.0

    @property
    def value(self) -> float:
        return self.money / self.visits if self.visits else 0.0


def candidate_actions(window: SeatWindow[Any], rng: random.Random) -> list[Action]:
    """The seat's distinct choices, the friendly player's pick first; when there are
    more than :data:`MAX_ARMS`, the rest is a draw of the others."""
    seen: dict[str, Action] = {}
    for action in window.legal_actions():
        seen.setdefault(canonical(action), action)
    assert window.seat is not None and seen, "search needs a seat on its turn"
    friendly = bot_for(window.game_id).choose(window, window.seat, rng)
    first = seen.pop(canonical(friendly), friendly)
    others = list(seen.values())
    if len(others) >= MAX_ARMS:
        others = rng.sample(others, MAX_ARMS - 1)
    return [first, *others]


def _rollout(state: State[Any], seat: int, rng: random.Random) -> tuple[float, float]:
    """Play ``state`` to its end with the friendly players: the seat's share of the
    win and its final money or points."""
    bot = bot_for(state.game_id)
    apply, outcomes = state.apply_trusted, state.chance_outcomes
    while not state.is_terminal():
        if state.is_chance():
            apply(sample_outcome(outcomes(), rng))
        else:
            mover = state.current_player()
            apply(bot.choose(SeatWindow(state, mover), mover, rng))
    winners = state.winners()
    return (1.0 / len(winners) if seat in winners else 0.0), state.scores()[seat]


def search(
    window: SeatWindow[Any],
    rng: random.Random,
    *,
    iterations: int | None = None,
    think_ms: float | None = None,
) -> list[Arm]:
    """Search the seat's choices: ``iterations`` rollouts if given, else as many as fit
    in ``think_ms`` (at least one per choice). Returns the arms, best first (by win
    share, then visits, then expected money)."""
    seat = window.seat
    assert seat is not None
    arms = [Arm(a) for a in candidate_actions(window, rng)]
    if len(arms) > 1:
        deadline = time.perf_counter() + (think_ms or 0) / 1000
        with collector_paused():
            done = 0
            while _more(done, len(arms), iterations, deadline):
                arm = _pick(arms, done)
                state = window.resample(rng)
                state.apply_trusted(arm.action)
                share, money = _rollout(state, seat, rng)
                arm.visits += 1
                arm.wins += share
                arm.money += money
                done += 1
    return sorted(arms, key=lambda a: (-a.win, -a.visits, -a.value))


def _more(done: int, n_arms: int, iterations: int | None, deadline: float) -> bool:
    if iterations is not None:
        return done < iterations
    return done < n_arms or time.perf_counter() < deadline


def _pick(arms: list[Arm], done: int) -> Arm:
    """Each arm once, then UCB1 (ties to the earlier arm, the friendly pick first)."""
    if done < len(arms):
        return arms[done]
    log_n = math.log(done)
    return max(arms, key=lambda a: a.win + EXPLORE * math.sqrt(log_n / a.visits))


class SharpBot:
    """Searches the seat's choices by playouts from resampled states (see the module)."""

    name = "sharp"

    def __init__(self, *, think_ms: float | None = None, iterations: int | None = None) -> None:
        self.think_ms = think_ms
        self.iterations = iterations

    def choose(self, state: SeatWindow[Any], seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len({canonical(a) for a in legal}) == 1:
            return legal[0]
        arms = search(state, rng, iterations=self.iterations, think_ms=self.think_ms)
        # The most tried choice: UCB1 spends its rollouts where the win share holds up,
        # so this is the robust pick when a rarely tried one got lucky.
        return max(arms, key=lambda a: (a.visits, a.win)).action
