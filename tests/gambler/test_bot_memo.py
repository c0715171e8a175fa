"""The heuristic's memo tables (best fills, per-row roll outcomes, roll values) give the
same answers as working each one out afresh, and stay within their bound."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import SeatWindow, sample_outcome
from pygames.gambler import GAME, GamblerState, Phase
from pygames.gambler import bot as gambler_bot
from pygames.gambler.bot import read_table, roll_value


def _tables() -> list[dict[Any, Any]]:
    return [gambler_bot._FILLS, gambler_bot._ROW_ROLLS, gambler_bot._ROLL_VALUES]


def _decisions(games: int) -> list[tuple[GamblerState, int]]:
    """(state, dice) at every roll-again decision of a few seeded random games."""
    out = []
    for seed in range(games):
        rng = random.Random(900 + seed)
        state = GAME.new_state(["A", "B", "C"])
        assert isinstance(state, GamblerState)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
                continue
            if state.phase == Phase.AWAIT_DECISION:
                out.append((state.clone(), state.view(None)["turn_dice"]))
            state.apply_trusted(rng.choice(state.legal_actions()))
    return out


def test_remembered_roll_values_equal_fresh_ones() -> None:
    boards = [(read_table(SeatWindow(s, 0)).rows, dice) for s, dice in _decisions(4)]
    assert len(boards) > 50
    warm = [roll_value(rows, dice) for rows, dice in boards]  # later boards may hit the memo
    fresh = []
    for rows, dice in boards:
        for table in _tables():
            table.clear()
        fresh.append(roll_value(rows, dice))
    assert warm == fresh


def test_memo_tables_start_afresh_at_their_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    for table in _tables():
        monkeypatch.setattr(table, "limit", 5)
    for table in _tables():
        table.clear()
    for state, dice in _decisions(2):
        roll_value(read_table(SeatWindow(state, 0)).rows, dice)
        assert all(len(table) <= 5 for table in _tables())
