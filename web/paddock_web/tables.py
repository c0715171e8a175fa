"""Every game's table module, each checked against the :class:`~.table.Table` contract.

A table module (and its game's engine) is imported only when its game is opened: the
site starts without importing five games. The assignments under ``TYPE_CHECKING`` are
where mypy proves that each module provides every hook with the right types for its
game's view.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

from .table import Table

if TYPE_CHECKING:
    from pygames.finish_line.view import FinishLineView
    from pygames.gambler.view import GamblerView
    from pygames.homestretch.view import HomestretchView
    from pygames.royal_turf.view import RoyalTurfView
    from pygames.turfmaster.view import TurfMasterView

    from . import finish_line, gambler, homestretch, royal_turf, turfmaster

    _finish_line: Table[FinishLineView] = finish_line
    _gambler: Table[GamblerView] = gambler
    _homestretch: Table[HomestretchView] = homestretch
    _royal_turf: Table[RoyalTurfView] = royal_turf
    _turfmaster: Table[TurfMasterView] = turfmaster

TABLE_IDS = ("finish_line", "gambler", "homestretch", "royal_turf", "turfmaster")
"""The games that have a table (a game is offered only when it has one)."""


class _Tables(Mapping[str, Table[Any]]):
    """Table module by game id, imported on first use."""

    def __getitem__(self, game_id: str) -> Table[Any]:
        if game_id not in TABLE_IDS:
            raise KeyError(game_id)
        return cast(Table[Any], importlib.import_module(f"{__package__}.{game_id}"))

    def __iter__(self) -> Iterator[str]:
        return iter(TABLE_IDS)

    def __len__(self) -> int:
        return len(TABLE_IDS)

    def __contains__(self, game_id: object) -> bool:
        return game_id in TABLE_IDS


TABLES: Mapping[str, Table[Any]] = _Tables()
"""Table module by game id (a game is offered only when it has one)."""
