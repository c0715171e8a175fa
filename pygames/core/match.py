"""A match: one game being played, with its seats, seed and history.

The match resolves chance nodes from its seed, so the same seed and the same
decisions give the same game on CPython and in Pyodide::

    >>> m = Match("royal_turf", ["Ann", "Ben"], seats=["human", "computer"], seed=7)
    >>> m.state.current_player() in (0, 1)
    True
    >>> m.play(m.state.legal_actions()[0]) and None  # doctest: +SKIP
    >>> again = Match.from_json(m.to_json())
    >>> again.state == m.state
    True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .bots import Bot, SeatWindow, bot_for
from .registry import get_game
from .state import JSON, Action, BadSave, Event, IllegalAction, canonical, sample_outcome

SAVE_FORMAT = "paddock-match/1"
SEAT_KINDS = ("human", "computer")
MAX_SEED = 2**53 - 1


class Match:
    """Game id, players, options, seed, seats and the history of the game."""

    def __init__(
        self,
        game_id: str,
        players: Sequence[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
    ) -> None:
        self.game = get_game(game_id)
        self.state = self.game.new_state(list(players), options)
        self.players = list(self.state.players)
        self.options = dict(self.state.options)
        if seed is None:
            seed = random.SystemRandom().randrange(MAX_SEED)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"the seed must be a whole number from 0 to {MAX_SEED}")
        self.seed = seed
        seats = list(seats) if seats is not None else ["human"] * len(self.players)
        if len(seats) != len(self.players) or any(s not in SEAT_KINDS for s in seats):
            raise ValueError("each seat must be 'human' or 'computer'")
        self.seats = seats
        self.history: list[dict[str, Any]] = []
        self.events: list[Event] = []
        self._advance()

    # --- randomness -----------------------------------------------------------
    def _rng(self, purpose: str, step: int) -> random.Random:
        # One generator per step: replay, undo and reload need no hidden state.
        return random.Random(f"paddock:{self.seed}:{purpose}:{step}")

    def _record(self, kind: str, seat: int | None, action: Action) -> None:
        step = len(self.history)
        events = self.state.apply(action)
        self.history.append({"kind": kind, "seat": seat, "action": dict(action)})
        for event in events:
            self.events.append({**event, "step": step})

    def _advance(self) -> None:
        """Resolve chance nodes until a decision is due or the game ends."""
        while self.state.is_chance() and not self.state.is_terminal():
            outcome = sample_outcome(
                self.state.chance_outcomes(), self._rng("chance", len(self.history))
            )
            self._record("chance", None, outcome)

    # --- playing --------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.game.id

    def current_player(self) -> int:
        return self.state.current_player()

    def is_over(self) -> bool:
        return self.state.is_terminal()

    def is_computer_turn(self) -> bool:
        seat = self.state.current_player()
        return seat >= 0 and self.seats[seat] == "computer"

    def play(self, action: Action) -> list[Event]:
        """Play the current player's action; raises ``IllegalAction`` (no change)."""
        if self.state.is_terminal():
            raise IllegalAction("the game is over")
        before = len(self.events)
        self._record("action", self.state.current_player(), action)
        self._advance()
        return self.events[before:]

    def computer_action(self, bot: Bot | None = None) -> Action:
        """What the computer seat to act would play (deterministic per seed and step)."""
        seat = self.state.current_player()
        if seat < 0 or self.seats[seat] != "computer":
            raise IllegalAction("it is not a computer player's turn")
        bot = bot or bot_for(self.game_id)
        return bot.choose(SeatWindow(self.state, seat), seat, self._rng("bot", len(self.history)))

    def play_computer(self, bot: Bot | None = None) -> list[Event]:
        return self.play(self.computer_action(bot))

    def run_computers(self, limit: int = 100_000) -> list[Event]:
        """Let computer seats act until a human must act or the game ends."""
        before = len(self.events)
        for _ in range(limit):
            if not self.is_computer_turn():
                break
            self.play_computer()
        return self.events[before:]

    # --- undo -----------------------------------------------------------------
    def _undo_start(self) -> int | None:
        """Index of the history entry an undo would go back to, or None."""
        i = len(self.history) - 1
        # Computer moves after the human's last action are taken back with it.
        while i >= 0 and self.history[i]["kind"] == "action":
            seat = self.history[i]["seat"]
            if self.seats[seat] == "human":
                break
            i -= 1
        if i < 0 or self.history[i]["kind"] != "action":
            return None  # a chance event (or nothing) is in the way
        probe = self._replay_until(i)
        if probe.undo_barrier(self.history[i]["action"]):
            return None
        return i

    def can_undo(self) -> bool:
        return self._undo_start() is not None

    def undo(self) -> bool:
        """Take back the last human action (and computer moves after it).

        Never goes past a chance event or a committed secret. Returns False
        (and changes nothing) when there is nothing to take back.
        """
        start = self._undo_start()
        if start is None:
            return False
        self._rebuild(self.history[:start])
        return True

    def _replay_until(self, n: int) -> Any:
        state = self.game.new_state(self.players, self.options)
        for entry in self.history[:n]:
            state.apply(entry["action"])
        return state

    def _rebuild(self, history: list[dict[str, Any]]) -> None:
        self.state = self.game.new_state(self.players, self.options)
        self.history = []
        self.events = []
        for entry in history:
            self._record(entry["kind"], entry["seat"], entry["action"])

    # --- results --------------------------------------------------------------
    def scores(self) -> list[float]:
        return self.state.scores()

    def ranking(self) -> list[int]:
        return self.state.ranking()

    # --- saving ---------------------------------------------------------------
    def setup_json(self) -> JSON:
        """Everything needed to start this match again from scratch (share links)."""
        return {
            "game": self.game_id,
            "players": list(self.players),
            "seats": list(self.seats),
            "options": dict(self.options),
            "seed": self.seed,
        }

    def to_json(self) -> JSON:
        return {"format": SAVE_FORMAT, **self.setup_json(), "history": list(self.history)}

    @classmethod
    def from_setup(cls, data: Any) -> Match:
        """A new match from :meth:`setup_json` data; ``BadSave`` if it is not valid."""
        if not isinstance(data, dict):
            raise BadSave("this is not a Paddock game setup")
        try:
            return cls(
                data["game"],
                data["players"],
                options=data.get("options"),
                seed=data.get("seed"),
                seats=data.get("seats"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise BadSave(f"this game setup cannot be used: {exc}") from exc

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Rebuild a saved match by replaying its history.

        Every step is checked against the rules and every chance outcome
        against the seed, so a damaged or edited save is refused with ``BadSave``.
        """
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise BadSave("this is not a Paddock saved game")
        match = cls.from_setup(data)
        match._rebuild([])  # replay from the very first chance event
        history = data.get("history")
        if not isinstance(history, list):
            raise BadSave("the saved game has no history")
        for n, entry in enumerate(history, start=1):
            if not isinstance(entry, dict) or not isinstance(entry.get("action"), dict):
                raise BadSave(f"step {n} of the saved game is damaged")
            kind = entry.get("kind")
            if kind == "chance":
                if not match.state.is_chance():
                    raise BadSave(f"step {n}: a chance event where a player must act")
                expected = sample_outcome(
                    match.state.chance_outcomes(), match._rng("chance", len(match.history))
                )
                if canonical(expected) != canonical(entry["action"]):
                    raise BadSave(f"step {n}: the dice do not match this game's seed")
                match._record("chance", None, expected)
            elif kind == "action":
                seat = match.state.current_player()
                if entry.get("seat") != seat:
                    raise BadSave(f"step {n}: it was not that player's turn")
                try:
                    match._record("action", seat, entry["action"])
                except IllegalAction as exc:
                    raise BadSave(f"step {n} breaks the rules: {exc}") from exc
            else:
                raise BadSave(f"step {n} of the saved game is damaged")
        # A save always ends at a decision or at the end: finish pending chance.
        match._advance()
        return match
