"""The engine contract every game implements.

A game is a :class:`Game` (static description plus a factory) and a :class:`State`
(one node of the game tree). Usage, for any game::

    >>> import random, pygames
    >>> game = pygames.get_game("royal_turf")
    >>> state = game.new_state(["Ann", "Ben", "Cy"])
    >>> rng = random.Random(1)
    >>> while not state.is_terminal():
    ...     if state.is_chance():
    ...         _ = state.apply(sample_outcome(state.chance_outcomes(), rng))
    ...     else:
    ...         _ = state.apply(rng.choice(state.legal_actions()))
    >>> len(state.ranking())
    3
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import pickle
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

from .view import BaseView, FinalResults

JSON = Any
Action = dict[str, Any]
Event = dict[str, Any]

MAX_NAME_LENGTH = 32
"""Longest player name (characters): names must fit the seat labels and score sheets."""

V = TypeVar("V", bound=BaseView[Any], covariant=True)
"""A game's view type (a ``TypedDict`` extending :class:`BaseView`)."""

CHANCE = -1
"""``current_player()`` at a chance node."""
TERMINAL = -2
"""``current_player()`` once the game is over."""


Bet = dict[str, Any]
"""One bet the lens values, named in the game's own terms (JSON)."""

RaceFinish = dict[str, Any]
"""How a race finished, as far as payouts go (JSON): see :meth:`State.race_finish`."""


class IllegalAction(ValueError):
    """Raised by :meth:`State.apply` for an action the rules do not allow.

    The message is a human-readable reason; the state is left exactly as it was.
    """


class BadSave(ValueError):
    """A saved game or link that cannot be loaded (damaged, foreign or tampered)."""


@dataclass(frozen=True)
class Option:
    """One variant switch of a game, as shown in the new-game form."""

    name: str
    values: tuple[Any, ...]
    default: Any
    description: str
    allowed: Callable[[Any, int], bool] | None = field(default=None, compare=False)
    """``allowed(value, n_players)``: whether a value fits a table of that size. With no
    ``values`` the option is free text (its default always allowed), checked by this."""
    per_seat: tuple[str, ...] = ()
    """A choice each seat makes (e.g. a colour): every seat picks a different one of
    these; the value is the picks in seat order joined by commas, ``""`` = by seat."""
    seat_choice: bool = False
    """The values are seat numbers (e.g. who starts): a form names them by the players."""

    def seat_picks(self, value: str, n_players: int) -> list[str]:
        """The pick of each seat for an option with :attr:`per_seat` (default: by seat).

        >>> Option("colours", (), "", "", per_seat=("red", "blue", "white")).seat_picks("", 2)
        ['red', 'blue']
        """
        if not value:
            return list(self.per_seat[:n_players])
        return value.split(",")

    def values_for(self, n_players: int) -> tuple[Any, ...]:
        """The values a table of ``n_players`` may choose (never an impossible one).

        >>> Option("youngest", (0, 1, 2), 0, "", lambda v, n: v < n).values_for(2)
        (0, 1)
        """
        if self.allowed is None:
            return self.values
        return tuple(v for v in self.values if self.allowed(v, n_players))

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "values": list(self.values),
            "default": self.default,
            "description": self.description,
        }


def _fair_picks(value: str, choices: tuple[str, ...], n_players: int) -> bool:
    """One different pick from ``choices`` for each of ``n_players`` seats."""
    picks = value.split(",")
    return len(picks) == n_players and len(set(picks)) == n_players and set(picks) <= set(choices)


@dataclass(frozen=True)
class Game:
    """Static description of a game and the factory for its first state."""

    id: str
    title: str
    min_players: int
    max_players: int
    state_class: type[State[Any]]
    options: tuple[Option, ...] = ()
    description: str = ""
    player_names: tuple[str, ...] = field(default=())

    def resolve_options(
        self, options: Mapping[str, Any] | None, n_players: int | None = None
    ) -> dict[str, Any]:
        """Fill in defaults and refuse unknown names or values (``BadSave``-free).

        With ``n_players``, a value that table size cannot use is refused too.
        """
        given = dict(options or {})
        resolved: dict[str, Any] = {}
        for opt in self.options:
            value = given.pop(opt.name, opt.default)
            if not opt.values:  # free text (e.g. a colour per seat), checked by `allowed`
                ok = isinstance(value, str) and (
                    value == opt.default
                    or n_players is None
                    or (
                        (opt.allowed is None or opt.allowed(value, n_players))
                        and (not opt.per_seat or _fair_picks(value, opt.per_seat, n_players))
                    )
                )
                if not ok:
                    raise ValueError(f"option {opt.name!r} cannot be {value!r}")
                resolved[opt.name] = value
                continue
            values = opt.values if n_players is None else opt.values_for(n_players)
            # 1 == True in Python: compare types too, so only real values pass.
            if not any(type(value) is type(v) and value == v for v in values):
                raise ValueError(
                    f"option {opt.name!r} must be one of {list(values)}, not {value!r}"
                )
            resolved[opt.name] = value
        if given:
            raise ValueError(f"unknown option(s) for {self.title}: {', '.join(sorted(given))}")
        return resolved

    def check_players(self, players: Sequence[str]) -> list[str]:
        """The names as given; refuses a wrong count, empty, overlong or duplicate names.

        Duplicates are compared without surrounding spaces and case: "Ann" and "ann "
        would be indistinguishable on the table and in the results.
        """
        names = [str(p) for p in players]
        if not self.min_players <= len(names) <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, "
                f"not {len(names)}"
            )
        if any(not n.strip() for n in names):
            raise ValueError("every player needs a name")
        if any(len(n) > MAX_NAME_LENGTH for n in names):
            raise ValueError(f"a player's name has at most {MAX_NAME_LENGTH} characters")
        seen: set[str] = set()
        for n in names:
            key = n.strip().casefold()
            if key in seen:
                raise ValueError(f"two players are called {n.strip()!r}: every name must differ")
            seen.add(key)
        return names

    def new_state(
        self, players: Sequence[str], options: Mapping[str, Any] | None = None
    ) -> State[Any]:
        """The state before the first chance event or decision."""
        names = self.check_players(players)
        return self.state_class.initial(names, self.resolve_options(options, len(names)))

    def state_from_json(self, data: JSON) -> State[Any]:
        """Trusted input only, see :meth:`State.from_json`."""
        return self.state_class.from_json(data)

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [o.to_json() for o in self.options],
            "description": self.description,
        }


def sample_outcome(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """Pick one chance outcome by its probability (deterministic for a seeded rng)."""
    r = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if r < acc:
            return outcome
    return outcomes[-1][0]


def canonical(action: Any) -> str:
    """A stable text form of an action, for comparing and hashing."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def same_json(a: Any, b: Any) -> bool:
    """``a == b`` with JSON's types: ``7.0`` and ``True`` are not ``7`` (unlike in Python).

    Same answer as comparing :func:`canonical` texts, without encoding (speed).
    """
    if isinstance(a, dict):
        return (
            isinstance(b, dict)
            and a.keys() == b.keys()
            and all(same_json(v, b[k]) for k, v in a.items())
        )
    if isinstance(a, list | tuple):
        return isinstance(b, list | tuple) and len(a) == len(b) and all(map(same_json, a, b))
    return type(a) is type(b) and a == b


def is_listed(action: Any, listed: list[Action]) -> bool:
    """Whether ``action`` is exactly (as JSON) one of ``listed``."""
    start = 0
    while True:
        # list.index finds candidates at C speed (where 7.0 == 7 and True == 1);
        # same_json then confirms the exact one.
        try:
            i = listed.index(action, start)
        except ValueError:
            return False
        if same_json(listed[i], action):
            return True
        start = i + 1


def copy_plain(data: Any) -> Any:
    """A deep copy of plain data (lists, dicts, text, numbers); faster than ``deepcopy``."""
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


class State(ABC, Generic[V]):
    """One node of a game tree: chance node, decision node or terminal.

    Subclasses implement the ``_``-prefixed hooks; the public methods below
    give every game the same guarantees (atomic ``apply``, reasons for refusals).

    A game's state is a ``@dataclass(eq=False)`` whose fields are exactly what is
    saved: plain JSON data, plus ``enum.StrEnum`` values (the phase). Saving, loading
    and copying are derived from those fields here, once for every game; a cache
    that is not saved is set in ``__post_init__`` and is not a field.
    """

    game_id: ClassVar[str]
    UNLISTED_TYPES: ClassVar[frozenset[str]] = frozenset()
    """Action types accepted beyond the listed ones (e.g. Homestretch's whole betting
    turn ``place_bets``). For these the game's ``_why_illegal`` alone decides, so it
    must check every field's type itself."""

    players: list[str]
    options: dict[str, Any]

    # --- construction -------------------------------------------------------
    @classmethod
    @abstractmethod
    def initial(cls, players: list[str], options: dict[str, Any]) -> Self:
        """The first state for these players and resolved options."""

    # --- queries ------------------------------------------------------------
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def is_chance(self) -> bool: ...

    @abstractmethod
    def _current_seat(self) -> int:
        """Seat that must act at a decision node."""

    def current_player(self) -> int:
        """Seat index of the player to act, ``CHANCE`` or ``TERMINAL``."""
        if self.is_terminal():
            return TERMINAL
        if self.is_chance():
            return CHANCE
        return self._current_seat()

    @abstractmethod
    def _legal_actions(self) -> list[Action]: ...

    def legal_actions(self) -> list[Action]:
        """Concrete actions ``apply`` accepts as they are (empty at chance/terminal).

        Read-only: a game may hand out the same action objects again (playouts build
        millions); copy one before changing it.
        """
        if self.is_terminal() or self.is_chance():
            return []
        return self._legal_actions()

    @abstractmethod
    def _chance_outcomes(self) -> list[tuple[Action, float]]: ...

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: ``(outcome, probability)`` pairs summing to 1."""
        if not self.is_chance() or self.is_terminal():
            return []
        return self._chance_outcomes()

    def why_illegal(self, action: Any) -> str | None:
        """``None`` if ``apply(action)`` would be accepted, else the reason.

        Accepted are exactly the listed actions (``legal_actions()`` or, at a chance
        node, the outcomes), compared as canonical JSON: ``7.0`` or ``True`` is not
        the horse ``7``. Types in :attr:`UNLISTED_TYPES` are the one exception. Odd
        input (a dict where a card id belongs…) is refused, never an uncaught error.
        """
        if self.is_terminal():
            return "the game is over"
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return "an action must be an object with a 'type'"
        if self.is_chance():
            if is_listed(action, [o for o, _ in self._chance_outcomes()]):
                return None
            return "that is not a possible outcome of this chance event"
        if is_listed(action, self._legal_actions()):
            return None
        try:
            canonical(action)
        except (TypeError, ValueError, RecursionError):
            return "an action must be plain data: text, whole numbers, lists and objects"
        try:
            reason = self._why_illegal(action)
        except Exception:
            # A game's checks may assume well-formed fields (a hashable card id…):
            # whatever they trip over is a malformed action, not an engine failure.
            return f"that {action['type']} is malformed: a field has the wrong form"
        if reason is not None:
            return reason
        if action["type"] in self.UNLISTED_TYPES:
            return None
        return "that move is not allowed now (check the exact form of its fields)"

    def _why_illegal(self, action: Action) -> str | None:
        """The game's reason for refusing an action that is not listed, or ``None``.

        Only asked for actions that ``legal_actions()`` does not list, so that the
        player reads the game's own words; a ``None`` answer still refuses the
        action unless its type is in :attr:`UNLISTED_TYPES`.
        """
        return "that move is not allowed now"

    def is_legal(self, action: Any) -> bool:
        return self.why_illegal(action) is None

    # --- transitions ----------------------------------------------------------
    def apply(self, action: Action) -> list[Event]:
        """Apply a decision or chance outcome; return what happened as events.

        Raises :class:`IllegalAction` (state unchanged) when the rules refuse it.
        """
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)
        backup = pickle.dumps(self.__dict__, pickle.HIGHEST_PROTOCOL)
        try:
            return self._apply(dict(action))
        except Exception:
            # A bug must never leave a half-applied move behind.
            self.__dict__.clear()
            self.__dict__.update(pickle.loads(backup))
            raise

    def apply_trusted(self, action: Action) -> list[Event]:
        """Apply an action taken verbatim from this state's ``legal_actions()`` or
        ``chance_outcomes()``: no check, no backup (the fast path of search and playouts).

        Anything else is undefined behaviour: clicks, links and saves go through
        :meth:`apply`. The same listed action may be applied to many states (a
        game's ``_apply`` copies what it keeps of an action).

        >>> import random, pygames
        >>> state = pygames.get_game("gambler").new_state(["Ann", "Ben"])
        >>> outcome = state.chance_outcomes()[0][0]
        >>> events = state.apply_trusted(outcome)
        """
        return self._apply(dict(action))

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Perform an action already known to be legal."""

    # --- views, results -------------------------------------------------------
    @abstractmethod
    def view(self, viewer: int | None = None) -> V:
        """What ``viewer`` may see (``None``: the public table): fresh JSON-able data.

        Built on :meth:`base_view`; never shares a list or dict with the state.
        """

    def view_part(self, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """Only the entries ``keys`` of ``view(viewer)``, with the same values: a cheaper
        read for a computer player that needs a few of them at every decision of a
        rollout. A game may build just those; by default the whole view is built.

        >>> import pygames
        >>> state = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
        >>> state.view_part(0, ["race", "money"])
        {'race': 1, 'money': [0, 0]}
        """
        view: Mapping[str, Any] = self.view(viewer)
        return {key: view[key] for key in keys}

    def private_turn(self) -> bool:
        """Whether the player to act now makes a choice nobody else may see.

        The table then passes the device behind a curtain first. Decided from public
        information only (the same for every state with the same public view).
        """
        return False

    def holds_secrets(self, seat: int) -> bool:
        """Whether ``seat`` holds hidden information of its own it may look at again."""
        return False

    def finished_races(self) -> int:
        """How many races (or rounds) are over: the length of the view's ``results``."""
        return len(getattr(self, "results", ()))

    def base_view(self, viewer: int | None) -> BaseView[Any]:
        """The fields every game's view starts with (see :class:`BaseView`).

        ``results`` is a fresh copy of the state's ``results`` list (per race or round).
        """
        return typing.cast(BaseView[Any], self.base_view_part(viewer, BASE_PARTS))

    def base_view_part(self, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """Only the entries ``keys`` of :meth:`base_view`, each built alone: a computer
        player that reads the phase need not copy every past race's results."""
        return {key: BASE_PARTS[key](self, viewer) for key in keys}

    @abstractmethod
    def scores(self) -> list[float]:
        """Final score (money or points) per seat; only when terminal."""

    def ranking(self) -> list[int]:
        """Rank per seat (1 = best); tied seats share a rank. Only when terminal."""
        scores = self.scores()
        return [1 + sum(1 for other in scores if other > s) for s in scores]

    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranking()) if rank == 1]

    def undo_barrier(self, action: Action) -> bool:
        """True if taking back ``action`` would expose a committed secret."""
        return False

    def choice_key(self, action: Action) -> str:
        """What ``action`` does, as text: legal actions with one key are one choice in
        the game (TurfMaster's copies of one card value), so the search, the lens and
        the advice weigh only one of them. By default every action is its own choice."""
        return canonical(action)

    # --- copying and saving -------------------------------------------------
    @classmethod
    @functools.cache
    def _saved_fields(cls) -> tuple[tuple[str, type[enum.Enum] | None], ...]:
        """The dataclass fields, each with its enum type if it holds one (the phase)."""
        hints = typing.get_type_hints(cls)
        out: list[tuple[str, type[enum.Enum] | None]] = []
        for f in dataclasses.fields(cls):  # type: ignore[arg-type]
            kind = hints.get(f.name)
            is_enum = isinstance(kind, type) and issubclass(kind, enum.Enum)
            out.append((f.name, kind if is_enum else None))
        return tuple(out)

    def _saved_values(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name, _ in self._saved_fields()}

    @classmethod
    def _from_fields(cls, values: dict[str, Any]) -> Self:
        """A state from already-copied field values (enum fields still as text)."""
        for name, kind in cls._saved_fields():
            if kind is not None and not isinstance(values[name], kind):
                try:
                    values[name] = kind(values[name])
                except ValueError:
                    raise BadSave(f"the {cls.game_id} state has an unknown {name}") from None
        return cls(**values)

    def clone(self) -> Self:
        """An independent copy (the one way to copy a state).

        The saved fields are copied in one pickle round trip (enum values included),
        without re-checking them: a state's fields are always well formed.
        """
        copy = object.__new__(type(self))
        copy.__dict__.update(copy_plain(self.__dict__))
        return copy

    # --- search ----------------------------------------------------------------
    def resample_from_infostate(self, seat: int | None, rng: random.Random) -> Self:
        """A state that ``seat`` cannot tell from this one, its hidden parts drawn anew.

        The result has the same ``view(seat)``; everything that view does not show
        (other seats' secrets, the order of face-down decks…) is drawn with ``rng``
        from what ``seat`` knows, so it never depends on the hidden values: two states
        with the same ``view(seat)`` give the same result for equally seeded ``rng``.
        Search and the lens start from here (OpenSpiel's name for the same idea).
        ``seat=None``: an onlooker at the public table, who knows only ``view(None)``
        (every seat's secrets are drawn). Each game says how: its hidden parts are its own.
        """
        raise NotImplementedError(f"{self.game_id} cannot resample its hidden information")

    def lens_facts(self) -> dict[str, float]:
        """Exact chances the game itself can give the lens, from public information
        only (Gambler: ``"fit"``, the chance that the next roll has a die that fits)."""
        return {}

    def race_placings(self, race: int) -> list[str]:
        """Horse ids of finished race ``race`` (0-based) in finishing order, best first.

        Empty for a game without races (Gambler plays rounds).
        """
        return []

    def race_finish(self, race: int) -> RaceFinish:
        """What decided the payouts of finished race ``race`` (0-based):
        ``"places"`` as :meth:`race_placings`; a game adds what else it pays on."""
        return {"places": self.race_placings(race)}

    def lens_bets(self, seat: int) -> list[Bet]:
        """The bets ``seat`` can make in the current race, each named in the game's
        terms, that the lens values (see :meth:`bet_payouts`). Read only from what the
        seat knows. Empty when there is nothing to value."""
        return []

    def bet_payouts(self, seat: int, finish: RaceFinish) -> list[float]:
        """What each of :meth:`lens_bets` ``(seat)`` would pay ``seat`` if the current
        race finished as ``finish`` (a :meth:`race_finish` record), by the game's own
        payout rules, on the board as it is now."""
        return []

    def to_json(self) -> JSON:
        """The complete state (including secrets) as JSON-able data."""
        return {"game": self.game_id, **copy_plain(self._saved_values())}

    @classmethod
    def from_json(cls, data: JSON) -> Self:
        """Inverse of :meth:`to_json`, for trusted data only (this engine's own output).

        It refuses foreign data with ``BadSave`` where it notices, but it does not
        re-check the rules and may fail otherwise on damaged input. Anything from a
        user (saves, imports, links) goes through ``Match.from_json``, which replays
        the history through the rules instead.
        """
        if not isinstance(data, dict) or data.get("game") != cls.game_id:
            raise BadSave(f"this is not a {cls.game_id} state")
        names = [name for name, _ in cls._saved_fields()]
        missing = [name for name in names if name not in data]
        if missing:
            raise BadSave(f"the {cls.game_id} state lacks {', '.join(missing)}")
        state = cls._from_fields(copy_plain({name: data[name] for name in names}))
        state._check_loaded()
        return state

    def _check_loaded(self) -> None:
        """Raise ``BadSave`` if a loaded state is visibly inconsistent (a game's hook)."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and canonical(self.to_json()) == canonical(other.to_json())

    __hash__ = None  # type: ignore[assignment]


def _final(state: State[Any], viewer: int | None) -> FinalResults | None:
    if not state.is_terminal():
        return None
    return {"scores": list(state.scores()), "ranking": state.ranking(), "winners": state.winners()}


BASE_PARTS: dict[str, Callable[[State[Any], int | None], Any]] = {
    "game": lambda s, v: s.game_id,
    "viewer": lambda s, v: v,
    "players": lambda s, v: list(s.players),
    "phase": lambda s, v: str(getattr(s, "phase", "")),
    "current_player": lambda s, v: s.current_player(),
    "private_turn": lambda s, v: s.private_turn() and not s.is_chance(),
    "holds_secrets": lambda s, v: [s.holds_secrets(seat) for seat in range(len(s.players))],
    "results": lambda s, v: copy_plain(list(getattr(s, "results", []))),
    "final": _final,
}
"""How each entry of :meth:`State.base_view` is built, in the view's order."""
