"""Shared machinery of all games: the contract, matches, chance, bots, saving."""

from .bots import Bot, RandomBot, SeatWindow, bot_for, register_bot
from .match import SAVE_FORMAT, Match, UndoStatus
from .registry import CATALOGUE, CatalogueEntry, games, get_game, register_game
from .state import (
    CHANCE,
    TERMINAL,
    Action,
    BadSave,
    Event,
    Game,
    IllegalAction,
    Option,
    State,
    canonical,
    sample_outcome,
)

__all__ = [
    "CATALOGUE",
    "CHANCE",
    "SAVE_FORMAT",
    "TERMINAL",
    "Action",
    "BadSave",
    "Bot",
    "CatalogueEntry",
    "Event",
    "Game",
    "IllegalAction",
    "Match",
    "Option",
    "RandomBot",
    "SeatWindow",
    "State",
    "UndoStatus",
    "bot_for",
    "canonical",
    "games",
    "get_game",
    "register_bot",
    "register_game",
    "sample_outcome",
]
