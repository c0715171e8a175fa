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

from typing import TypedDict


class FinalResults(TypedDict):
    """The end of the game: score (money or points), rank (1 = best) and winners."""

    scores: list[float]
    ranking: list[int]
    winners: list[int]


class BaseView(TypedDict):
    """What every game's view says, whatever the game.

    ``private_turn``: the player to act is about to make a choice nobody else may see
    (the table passes the device behind a curtain first); decided from public
    information only. ``holds_secrets[seat]``: that seat has hidden information of its
    own it may look at again. ``results`` is set once the game is over.
    """

    game: str
    viewer: int | None
    players: list[str]
    phase: str
    current_player: int
    private_turn: bool
    holds_secrets: list[bool]
    results: FinalResults | None
