"""Computer players.

A bot sees the game only through a :class:`SeatWindow`: the view of its own
seat and the legal actions. It never gets the full state, so it cannot read
another player's secrets.

    >>> import random, pygames
    >>> state = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
    >>> bot = RandomBot()
    >>> # bots are asked only at decision nodes, e.g. through Match.play_computer()
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .view import BaseView

if TYPE_CHECKING:
    from .state import Action, State

V = TypeVar("V", bound=BaseView[Any], covariant=True)


class SeatWindow(Generic[V]):
    """The part of a state one seat may look at: its own view and its legal actions.

    A game's bot is typed with its own view, e.g. ``SeatWindow[RoyalTurfView]``.
    ``seat=None`` is an onlooker at the public table (the lens there): the public
    view, no legal actions, resamples drawn from public information only.
    """

    seat: int | None

    def __init__(self, state: State[V], seat: int | None) -> None:
        self._state = state
        self.seat = seat
        self.game_id = state.game_id

    def view(self) -> V:
        """The seat's own view (fresh data: editing it changes nothing)."""
        return self._state.view(self.seat)

    def view_part(self, *keys: str) -> dict[str, Any]:
        """Only these entries of :meth:`view` (the same values, fresh data): for a bot
        that reads a few of them at every decision (:meth:`State.view_part`)."""
        return self._state.view_part(self.seat, keys)

    def legal_actions(self) -> list[Action]:
        if self.seat is None or self._state.current_player() != self.seat:
            return []
        return self._state.legal_actions()

    def is_legal(self, action: Action) -> bool:
        return (
            self.seat is not None
            and self._state.current_player() == self.seat
            and self._state.is_legal(action)
        )

    def public_choices(self) -> list[Action]:
        """The choices of the player to act when everyone sees them (a public turn):
        what an onlooker may weigh. Empty at a secret choice, chance or the end."""
        state = self._state
        if state.current_player() < 0 or state.private_turn():
            return []
        return state.legal_actions()

    def choices(self) -> list[Action]:
        """What the viewer may weigh now: the seat's legal actions or, for an onlooker,
        the public choices of whoever acts."""
        return self.legal_actions() if self.seat is not None else self.public_choices()

    def choice_key(self, action: Action) -> str:
        """What ``action`` does, as text (:meth:`State.choice_key`): a rule of the game,
        the same whatever is hidden."""
        return self._state.choice_key(action)

    def lens_facts(self) -> dict[str, float]:
        """The game's exact public chances for the lens (:meth:`State.lens_facts`)."""
        return self._state.lens_facts()

    def current_player(self) -> int:
        """Seat to act, ``CHANCE`` or ``TERMINAL`` (public: the same for every resample)."""
        return self._state.current_player()

    def resample(self, rng: random.Random) -> State[V]:
        """A full state this seat cannot tell from the real one (its own view is the
        same), everything hidden from it drawn anew: the only full states a search
        or the lens may look at (:meth:`State.resample_from_infostate`).

        >>> import random, pygames
        >>> state = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
        >>> window = SeatWindow(state, 0)
        >>> window.resample(random.Random(1)).view(0) == window.view()
        True
        """
        return self._state.resample_from_infostate(self.seat, rng)


class Bot(Protocol):
    """``choose`` returns one of ``window.legal_actions()``."""

    name: str

    def choose(self, state: SeatWindow[Any], seat: int, rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: SeatWindow[Any], seat: int, rng: random.Random) -> Action:
        return rng.choice(state.legal_actions())


LEVELS: tuple[str, ...] = ("friendly", "sharp")
"""The computer players' levels, weakest first: the heuristic with a little chance
among near-equal choices, and a search over what the seat may know."""

DEFAULT_THINK_MS = 1000
"""A sharp player's time per decision when neither budget is given."""

_BOTS: dict[str, Bot] = {}
_FRIENDLY: dict[str, Bot] = {}
_LEAD: dict[str, Bot] = {}


def register_bot(
    game_id: str, bot: Bot, friendly: Bot | None = None, *, lead: Bot | None = None
) -> None:
    """Make ``bot`` the game's heuristic computer player, ``friendly`` (the same
    heuristic with a little chance among near-equal choices) its friendly level, and
    ``lead`` (default: the friendly level) the player whose choice a sharp player's
    search starts from (:func:`lead_for`)."""
    _BOTS[game_id] = bot
    _FRIENDLY[game_id] = friendly if friendly is not None else bot
    _LEAD[game_id] = lead if lead is not None else _FRIENDLY[game_id]


def lead_for(game_id: str) -> Bot:
    """The computer player whose choice a sharp player's search starts from and keeps
    unless another choice wins clearly more often: the friendly level, unless the game
    registered a rule of thumb that wins more among friendly players (Gambler's rolls on
    more readily). The rollouts still play friendly, and where a game weighs whole lines
    (:func:`~pygames.core.search.register_lines`) its first line is the friendly one."""
    from .registry import load

    load(game_id)
    return _LEAD.get(game_id, RandomBot())


def heuristic_for(game_id: str) -> Bot:
    """The game's plain heuristic (deterministic), or the random bot if it has none."""
    from .registry import load  # the game's package registers its computer player

    load(game_id)
    return _BOTS.get(game_id, RandomBot())


def bot_for(
    game_id: str,
    level: str = "friendly",
    *,
    think_ms: int | None = None,
    iterations: int | None = None,
) -> Bot:
    """The game's computer player of ``level`` (the random bot if the game has none).

    A sharp player searches for ``iterations`` rollouts if given (repeatable: tests and
    benchmarks), else for ``think_ms`` milliseconds per decision.
    """
    from .registry import load

    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}; choose one of {', '.join(LEVELS)}")
    load(game_id)
    if level == "friendly":
        return _FRIENDLY.get(game_id, RandomBot())
    from .search import SharpBot  # search plays rollouts with the friendly level

    if iterations is None and think_ms is None:
        think_ms = DEFAULT_THINK_MS
    return SharpBot(think_ms=think_ms, iterations=iterations)


T = TypeVar("T")


def near_best(
    options: Sequence[T], score: Callable[[T], float], rng: random.Random | None, slack: float
) -> T:
    """The best-scoring option, or with ``rng`` one drawn evenly among those within
    ``slack`` of the best (a friendly player's chance among near-equal choices).

    >>> near_best([1, 5, 4], float, None, 2.0), near_best([1, 5, 4], float, random.Random(0), 0.0)
    (5, 5)
    """
    scored = [(score(o), i) for i, o in enumerate(options)]
    top = max(scored)[0]
    if rng is None or slack <= 0:
        return options[max(scored, key=lambda si: (si[0], -si[1]))[1]]
    close = [i for s, i in scored if s >= top - slack]
    return options[close[0] if len(close) == 1 else rng.choice(close)]
