"""The typed seam between the rules and everything that reads them.

Every game's ``State.view(viewer)`` returns a ``TypedDict`` that extends
:class:`BaseView` with the game's own fields (``pygames/<game>/view.py``). The
tables, the computer players and the tests read only views, never a state, and a
view is always fresh data: changing it never changes the game.

    >>> import pygames
    >>> state = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
    >>> view = state.view(None)
    >>> view["game"], view["players"], view["current_player"]
    ('royal_turf', ['Ann', 'Ben'], -1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, Protocol, TypedDict, TypeVar

R = TypeVar("R")
"""A game's record of one finished race (or round): its own TypedDict."""


class FinalResults(TypedDict):
    """The end of the game: score (money or points), rank (1 = best) and winners."""

    scores: list[float]
    ranking: list[int]
    winners: list[int]


class BaseView(TypedDict, Generic[R]):
    """What every game's view says, whatever the game.

    ``private_turn``: the player to act is about to make a choice nobody else may see
    (the table passes the device behind a curtain first); decided from public
    information only. ``holds_secrets[seat]``: that seat has hidden information of its
    own it may look at again. ``results``: one record per finished race (or round), in
    the game's own shape (``R``), each with at least ``"race"`` or ``"round"``;
    ``final``: the scores, ranks and winners once the game is over.

    A game's view extends it, e.g. ``class RoyalTurfView(BaseView[RaceResult])``.
    """

    game: str
    viewer: int | None
    players: list[str]
    phase: str
    current_player: int
    private_turn: bool
    holds_secrets: list[bool]
    results: list[R]
    final: FinalResults | None


AnyView = BaseView[Any]
"""A view of any game (what the shell and generic code read)."""


S = TypeVar("S", bound="Viewed")


class Viewed(Protocol):
    """A state whose view starts with :class:`BaseView`'s entries."""

    def base_view(self, viewer: int | None) -> BaseView[Any]: ...

    def base_view_part(self, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]: ...


ViewParts = Mapping[str, Callable[[S, int | None], Any]]
"""How a game builds each entry of its view after the :class:`BaseView` ones: key ->
``part(state, viewer)``. The whole view is all of them (:func:`whole_view`); a computer
player may ask for a few (:func:`view_of_parts`), built by the very same functions."""


def whole_view(state: S, viewer: int | None, parts: ViewParts[S]) -> dict[str, Any]:
    """The base entries, then every part in order."""
    view: dict[str, Any] = dict(state.base_view(viewer))
    for key, part in parts.items():
        view[key] = part(state, viewer)
    return view


def view_of_parts(
    state: S, viewer: int | None, parts: ViewParts[S], keys: Iterable[str]
) -> dict[str, Any]:
    """Only ``keys`` of :func:`whole_view`, each built alone (a base entry too)."""
    keys = list(keys)
    base = state.base_view_part(viewer, [key for key in keys if key not in parts])
    return {key: base[key] if key in base else parts[key](state, viewer) for key in keys}
