"""Every game's table module, each checked against the :class:`~.table.Table` contract.

The assignments below are where mypy proves that a module provides every hook with
the right types for its game's view.
"""

from __future__ import annotations

from typing import Any

from pygames.finish_line.view import FinishLineView
from pygames.gambler.view import GamblerView
from pygames.homestretch.view import HomestretchView
from pygames.royal_turf.view import RoyalTurfView
from pygames.turfmaster.view import TurfMasterView

from . import finish_line, gambler, homestretch, royal_turf, turfmaster
from .table import Table

_finish_line: Table[FinishLineView] = finish_line
_gambler: Table[GamblerView] = gambler
_homestretch: Table[HomestretchView] = homestretch
_royal_turf: Table[RoyalTurfView] = royal_turf
_turfmaster: Table[TurfMasterView] = turfmaster

TABLES: dict[str, Table[Any]] = {
    "finish_line": _finish_line,
    "gambler": _gambler,
    "homestretch": _homestretch,
    "royal_turf": _royal_turf,
    "turfmaster": _turfmaster,
}
"""Table module by game id (a game is offered only when it has one)."""
