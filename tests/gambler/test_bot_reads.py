"""Gambler's computer player reads its seat's resample of the table (a plain copy:
nothing is hidden) instead of building the whole view; the facts it reads are the view's."""

from __future__ import annotations

import random

from pygames.core import SeatWindow, sample_outcome
from pygames.gambler import GAME
from pygames.gambler.bot import read_table


def test_the_bot_reads_the_facts_its_seat_sees() -> None:
    """The table the bot reads from its seat's resample holds the facts of that seat's view."""
    checked = 0
    for seed in range(3):
        rng = random.Random(700 + seed)
        state = GAME.new_state(["A", "B", "C", "D"])
        while not state.is_terminal():
            if state.is_chance():
                state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            window = SeatWindow(state, seat)
            table, view = read_table(window), window.view()
            assert [
                (r.row, r.code, r.yellow, r.points, r.length, list(r.values)) for r in table.rows
            ] == [
                (
                    r["row"],
                    r["code"],
                    r["colour"] == "yellow",
                    r["points"],
                    r["length"],
                    r["filled"],
                )
                for r in view["rows"]
            ]
            assert table.roll == view["roll"] and table.free_dice == view["free_dice"]
            assert table.placed == [(p["value"], p["row"]) for p in view["placed"]]
            assert table.turn_dice == view["turn_dice"]
            checked += 1
            state.apply_trusted(rng.choice(state.legal_actions()))
    assert checked > 200
