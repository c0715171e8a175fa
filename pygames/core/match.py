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
from dataclasses import dataclass
from typing import Any, NamedTuple

from .bots import LEVELS, Bot, SeatWindow, bot_for
from .registry import get_game
from .state import JSON, Action, BadSave, Event, IllegalAction, canonical, sample_outcome

SAVE_FORMAT = "paddock-match/1"
SEAT_KINDS = ("human", "computer")
MAX_SEED = 2**53 - 1
UNDO_REASONS = ("nothing", "chance", "secret", "other_seat")


@dataclass(frozen=True)
class UndoStatus:
    """Whether the last move can be taken back, and if not, why.

    ``seat`` is whose move would be taken back (the seat of the last action, also
    when undo is refused), ``None`` before any action. ``reason`` is ``None`` when
    undo is available, else one of :data:`UNDO_REASONS`: ``"nothing"`` (no action
    to take back), ``"chance"`` (a roll, draw or shuffle followed it), ``"secret"``
    (it committed or revealed a secret) or ``"other_seat"`` (another seat, human
    or computer, has acted since).
    """

    seat: int | None
    reason: str | None

    @property
    def available(self) -> bool:
        return self.reason is None


class _Step(NamedTuple):
    """What undo needs to know about one history entry, kept beside it (O(1) checks)."""

    barrier: bool  # for a human action: the game's undo_barrier, asked before it
    last_action: int | None  # index of the latest action entry up to this one


class Match:
    """Game id, players, options, seed, seats and the history of the game."""

    def __init__(
        self,
        game_id: str,
        players: Sequence[str],
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        seats: Sequence[str] | None = None,
        levels: Sequence[str] | None = None,
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
        # Each seat's computer level; a human seat keeps one too (it is not used), so a
        # setup can switch a seat back to the computer without losing the choice.
        levels = list(levels) if levels is not None else [LEVELS[0]] * len(self.players)
        if len(levels) != len(self.players) or any(lv not in LEVELS for lv in levels):
            raise ValueError(f"each seat's level must be one of {', '.join(LEVELS)}")
        self.levels = levels
        self.history: list[dict[str, Any]] = []
        self.events: list[Event] = []
        self._steps: list[_Step] = []  # parallel to history; rebuilt, never saved
        # Entries below this index can no longer be taken back: a seat undid its own
        # move and left another seat's move last (that seat's chance has passed).
        self.undo_floor = 0
        # Grows with every step recorded (undo replays, so it grows then too): the same
        # number means the same position of this match, e.g. for an answer computed
        # elsewhere for it (never saved).
        self.position_id = 0
        self._advance()

    # --- randomness -----------------------------------------------------------
    def _rng(self, purpose: str, step: int) -> random.Random:
        # One generator per step: replay, undo and reload need no hidden state.
        return random.Random(f"paddock:{self.seed}:{purpose}:{step}")

    def _record(self, kind: str, seat: int | None, action: Action) -> None:
        step = len(self.history)
        self.position_id += 1
        barrier = False
        if kind == "action" and seat is not None and self.seats[seat] == "human":
            # The barrier is asked of the state before the move, which is at hand
            # only now; a computer's move is never offered for undo, so skip it.
            reason = self.state.why_illegal(action)
            if reason is not None:
                raise IllegalAction(reason)
            barrier = bool(self.state.undo_barrier(action))
        events = self.state.apply(action)
        previous = self._steps[-1].last_action if self._steps else None
        self.history.append({"kind": kind, "seat": seat, "action": dict(action)})
        self._steps.append(_Step(barrier, step if kind == "action" else previous))
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

    def computer_level(self) -> str:
        """The level of the computer seat to act (``IllegalAction`` if none is to act)."""
        seat = self.state.current_player()
        if seat < 0 or self.seats[seat] != "computer":
            raise IllegalAction("it is not a computer player's turn")
        return self.levels[seat]

    def computer_action(self, bot: Bot | None = None) -> Action:
        """What the computer seat to act would play, by its level unless ``bot`` is given
        (deterministic per seed and step for the friendly level)."""
        level = self.computer_level()
        seat = self.state.current_player()
        bot = bot or bot_for(self.game_id, level)
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
    def undo_status(self) -> UndoStatus:
        """Whether :meth:`undo` would take back the last move (O(1), no replay).

        Only the last entry of the history can be taken back, and only if it is a
        human seat's action without an undo barrier: undo never crosses a roll or
        draw, a committed secret or another seat's move.
        """
        last = self._steps[-1].last_action if self._steps else None
        if last is None:
            return UndoStatus(None, "nothing")
        seat: int = self.history[last]["seat"]
        if last != len(self.history) - 1:
            return UndoStatus(seat, "chance")
        if self.seats[seat] != "human" or last < self.undo_floor:
            return UndoStatus(seat, "other_seat")
        if self._steps[last].barrier:
            return UndoStatus(seat, "secret")
        return UndoStatus(seat, None)

    def can_undo(self) -> bool:
        return self.undo_status().available

    def undo(self) -> bool:
        """Take back the last action, if :meth:`undo_status` allows it.

        Repeated, it walks back a multi-step turn of the same seat step by step.
        Returns False (and changes nothing) when undo is not available.
        """
        status = self.undo_status()
        if not status.available:
            return False
        self._rebuild(self.history[:-1])
        if self.history:
            last = self.history[-1]
            if last["kind"] != "action" or last["seat"] != status.seat:
                # The undoing seat has acted since the move now last: closed for good.
                self.undo_floor = len(self.history)
        return True

    def _rebuild(self, history: list[dict[str, Any]]) -> None:
        self.state = self.game.new_state(self.players, self.options)
        self.history = []
        self.events = []
        self._steps = []
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
            # Only when a seat is not friendly: older saves (without it) read as friendly.
            **({"levels": list(self.levels)} if set(self.levels) != {LEVELS[0]} else {}),
        }

    def to_json(self) -> JSON:
        data = {"format": SAVE_FORMAT, **self.setup_json(), "history": list(self.history)}
        if self.undo_floor:
            data["undo_floor"] = self.undo_floor  # only after an undo: older saves lack it
        return data

    @classmethod
    def from_setup(cls, data: Any) -> Match:
        """A new match from :meth:`setup_json` data; ``BadSave`` if it is not valid."""
        if not isinstance(data, dict):
            raise BadSave("this is not a Paddock game setup")
        players, seats, options = data.get("players"), data.get("seats"), data.get("options")
        # Match() is lenient with Python callers (any sequence); saved data is JSON.
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise BadSave("this game setup cannot be used: the players must be a list of names")
        if seats is not None and not isinstance(seats, list):
            raise BadSave("this game setup cannot be used: the seats must be a list")
        if options is not None and not isinstance(options, dict):
            raise BadSave("this game setup cannot be used: the options must be an object")
        levels = data.get("levels")
        if levels is not None and not isinstance(levels, list):
            raise BadSave("this game setup cannot be used: the levels must be a list")
        try:
            return cls(
                data["game"],
                players,
                options=options,
                seed=data.get("seed"),
                seats=seats,
                levels=levels,
            )
        except Exception as exc:  # anything wrong in the data is a bad setup
            raise BadSave(f"this game setup cannot be used: {exc}") from exc

    @classmethod
    def from_json(cls, data: Any) -> Match:
        """Rebuild a saved match by replaying its history.

        Every step is checked against the rules and every chance outcome
        against the seed, so a damaged or edited save is refused with ``BadSave``,
        and with nothing else whatever the data.
        """
        try:
            return cls._load(data)
        except BadSave:
            raise
        except Exception as exc:
            # Untrusted data: any failure it provokes (wrong types, deep nesting…)
            # means it cannot be loaded, never a crash of the caller.
            raise BadSave(f"this saved game is damaged ({type(exc).__name__})") from exc

    @classmethod
    def _load(cls, data: Any) -> Match:
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
                given = entry.get("seat")
                if type(given) is not int or given != seat:
                    raise BadSave(f"step {n}: it was not that player's turn")
                try:
                    match._record("action", seat, entry["action"])
                except IllegalAction as exc:
                    raise BadSave(f"step {n} breaks the rules: {exc}") from exc
            else:
                raise BadSave(f"step {n} of the saved game is damaged")
        floor = data.get("undo_floor", 0)
        if type(floor) is not int or not 0 <= floor <= len(match.history):
            raise BadSave("the saved game's undo mark is damaged")
        match.undo_floor = floor
        # A save always ends at a decision or at the end: finish pending chance.
        match._advance()
        return match
