"""Watching a game again, step by step, from its history (seed plus actions).

A :class:`Replay` rebuilds the states of a match through the rules, one history
entry at a time, and hands out only the public table (``view(None)``) of any step:
a secret appears in the replay exactly when the game revealed it to the table, so
the replay of a game that is not over shows no more than the table showed.

    >>> from pygames.core import Match
    >>> m = Match("royal_turf", ["Ann", "Ben"], seats=["computer", "computer"], seed=5)
    >>> _ = m.run_computers()
    >>> r = Replay(m)
    >>> r.view_at(r.last)["final"] == m.state.view(None)["final"]
    True
    >>> r.view_at(0)["results"]
    []
"""

from __future__ import annotations

from typing import Any

from .match import Match
from .state import Event, State
from .view import AnyView

CHECKPOINT_EVERY = 25
"""Steps between kept copies of the state: a jump replays at most this many steps."""


class Replay:
    """The public table at every step of a match (step ``n``: ``n`` entries applied)."""

    def __init__(self, match: Match) -> None:
        self.game_id = match.game_id
        self.players = list(match.players)
        self.history: list[dict[str, Any]] = [dict(e) for e in match.history]
        self.events: list[Event] = list(match.events)
        self.last = len(self.history)
        state = match.game.new_state(self.players, match.options)
        self._checkpoints: list[State[Any]] = []
        self.race_starts: list[int] = [0]
        """The step at which each race (or round) begins; race 1 at step 0."""
        races = 0
        for n, entry in enumerate(self.history):
            if n % CHECKPOINT_EVERY == 0:
                self._checkpoints.append(state.clone())
            state.apply(entry["action"])
            done = state.finished_races()
            if done > races and n + 1 < self.last:
                self.race_starts.append(n + 1)
            races = done
        if self.last % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(state.clone())

    def clamp(self, step: int) -> int:
        """A step inside the game (0 … :attr:`last`)."""
        return max(0, min(self.last, step))

    def state_at(self, step: int) -> State[Any]:
        """A fresh state after ``step`` history entries (never kept by the replay)."""
        step = self.clamp(step)
        base = step // CHECKPOINT_EVERY
        state = self._checkpoints[base].clone()
        for entry in self.history[base * CHECKPOINT_EVERY : step]:
            state.apply_trusted(entry["action"])
        return state

    def view_at(self, step: int) -> AnyView:
        """The public table after ``step`` entries: what everyone at the table saw."""
        view: AnyView = self.state_at(step).view(None)
        return view

    def events_until(self, step: int) -> list[Event]:
        """The events the game had told the table after ``step`` entries (for the log)."""
        step = self.clamp(step)
        return [e for e in self.events if e["step"] < step]

    def race_of(self, step: int) -> int:
        """Which race (or round), counted from 1, is on at ``step``."""
        step = self.clamp(step)
        return sum(1 for start in self.race_starts if start <= step)
