"""The Gambler heuristic bot: legal, window-only, sensible and far stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import RandomBot, SeatWindow, bot_for, sample_outcome
from pygames.core.bots import lead_for
from pygames.core.playout import play_with_bots
from pygames.core.search import search
from pygames.gambler import GAME
from pygames.gambler.bot import (
    FRIENDLY_SLACK,
    HEURISTIC,
    LEAD_ROLL_MARGIN,
    ROLL_MARGIN,
    GamblerBot,
    p_finish,
    read_table,
    roll_value,
)
from pygames.gambler.state import GamblerState, Phase

from .play import A, B, D, fill, new_game, place, roll, turn
from .test_scenarios import two_black_rows_left

BOT = GamblerBot()


def choose(state: GamblerState) -> dict[str, Any]:
    """The bot's choice, seeing what its seat may see (the real window)."""
    seat = state.current_player()
    return BOT.choose(SeatWindow(state, seat), seat, random.Random(0))


def bot_step(state: GamblerState) -> list[dict[str, Any]]:
    """Let the bot play its whole placement step; returns the actions it took."""
    taken = []
    while state.phase == Phase.AWAIT_PLACE:
        action = choose(state)
        taken.append(action)
        state.apply(action)
    return taken


def a_to_move(layout: str, *items: tuple[int, int]) -> GamblerState:
    """``layout`` with D (youngest) having placed ``items``; A (80 points) to move."""
    state = new_game(4, layout, youngest=D)
    turn(state, D, items)
    return state


def test_registered_as_the_gambler_bot() -> None:
    assert isinstance(bot_for("gambler"), GamblerBot) and bot_for("gambler").name == "heuristic"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_only_legal_actions(n: int) -> None:
    rng = random.Random(n)
    rand = RandomBot()
    choices = 0
    for g in range(3):
        state = GAME.new_state([f"P{i}" for i in range(n)], {"target": 300})
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            if seat == g % n:
                action = BOT.choose(SeatWindow(state, seat), seat, rng)
                choices += 1
                assert action in state.legal_actions(), action
            else:
                action = rand.choose(SeatWindow(state, seat), seat, rng)
            state.apply(action)
    assert choices > 0


def test_closes_a_yellow_row_when_it_can() -> None:
    state = a_to_move("2A", (6, 1), (6, 1), (6, 1), (6, 6))
    roll(state, [3, 6, 1, 2, 2])
    first = choose(state)
    assert first == {"type": "place", "die": 1, "row": 1}
    bot_step(state)
    assert state.points[A] == 160 and state.filled[5] == [6]


def test_closes_the_more_valuable_of_two_yellow_rows_first() -> None:
    state = a_to_move("1A", (6, 1), (4, 4), (4, 4))
    roll(state, [2, 2, 2, 2, 1])
    place(state, [(2, 5), (2, 5), (2, 5), (2, 5)])  # A closes r5 and keeps one die
    roll(state, [6])
    # only one die: +40 on r1 against +60 on r4 needs a 4, so r1 it is
    bot_step(state)
    assert state.filled[0] == [6, 6]
    state = a_to_move("1A", (6, 1), (4, 4), (4, 4))
    roll(state, [6, 4, 1, 2, 3])
    bot_step(state)
    assert state.filled[0] == [6, 6] and state.filled[3] == [4, 4, 4]
    assert state.points[A] == 180


def test_avoids_a_black_row_unless_forced() -> None:
    state = a_to_move("1A", (1, 6))
    roll(state, [1, 4, 3, 3, 3])
    actions = bot_step(state)
    assert all(a.get("row") != 6 for a in actions) and state.filled[5] == [1]
    assert state.filled[1] == [3, 3, 3] and state.points[A] == 120  # closed S3 instead
    # forced: the only fitting dice close black rows; it pays the cheaper one
    state = two_black_rows_left(B, 5, {3: [], 6: [6]})
    assert state.turn_dice == 2 and state.points[B] == 150
    roll(state, [4, 6])
    bot_step(state)
    assert state.filled[2] == [4] and state.filled[5] == [6] and state.points[B] == 120


def test_stops_when_the_next_roll_is_risky() -> None:
    # 2A: r2 (555, +60) needs one 5, but a 4 closes r3 (−30) and a 6 closes r6 (−40).
    state = two_black_rows_left(B, 5, {2: [5, 5], 3: [], 6: [6]})
    assert state.turn_dice == 2
    roll(state, [5, 1])
    bot_step(state)
    assert state.phase == "await_decision" and state.turn_dice == 1
    assert choose(state) == {"type": "stop"}


def test_rolls_again_when_the_risk_is_low() -> None:
    state = new_game(4, "1A")
    roll(state, [6, 6, 1, 2, 3])
    bot_step(state)
    assert state.filled[0] == [6, 6] and state.turn_dice == 3
    assert choose(state) == {"type": "roll_again"}


def test_risk_comes_from_the_dice_left_and_the_open_rows() -> None:
    # Only r3 (`4`, −30) is open: one die closes it with chance 1/6 (cost 30 + a die).
    state = new_game(4, "2A")
    fill(state, {3: []}, full="all")
    rows = read_table(SeatWindow(state, A)).rows
    assert roll_value(rows, 1) == pytest.approx(-32 / 6)
    # With two dice a 4 still must go there: the risk is 1 − (5/6)².
    assert roll_value(rows, 2) == pytest.approx(-32 * (1 - (5 / 6) ** 2))
    # A yellow row worth 40 (r5 of 7B, `43`: only its 3 is missing) changes the sign.
    state = new_game(4, "7B")
    fill(state, {5: [4]}, full="all")
    rows = read_table(SeatWindow(state, A)).rows
    assert roll_value(rows, 3) > 0
    assert p_finish("6", (), 1) == pytest.approx(1 / 6)
    assert p_finish("66", (), 2) == pytest.approx(1 / 36 + 10 / 36 * 1 / 6)
    assert p_finish("S2", (3,), 1) == pytest.approx(1 / 6)


def test_plays_a_started_placement_step_to_the_end() -> None:
    state = a_to_move("1A", (6, 1))
    roll(state, [6, 6, 2, 2, 2])
    state.apply({"type": "place", "die": 2, "row": 5})  # a human-style start the bot dislikes
    bot_step(state)
    assert state.phase != "await_place" and state.filled[0] == [6, 6]


def test_clearly_beats_random_bots() -> None:
    rng = random.Random(2024)
    wins = games = 0
    for g in range(40):
        n = 2 + g % 5
        seat = g % n
        state = new_game(n, target=300)
        bots: list[Any] = [BOT if s == seat else RandomBot() for s in range(n)]
        play_with_bots(state, bots, rng)
        wins += seat in state.winners()
        games += 1
    assert wins / games >= 0.75, f"won {wins} of {games}"


class _CloseCallSpy:
    """Plays friendly and keeps (a copy of) the first roll-again decision where one more
    roll is worth less than Friendly's lowest margin but more than the sharp lead's."""

    name = "spy"

    def __init__(self) -> None:
        self.found: SeatWindow[Any] | None = None

    def choose(self, window: SeatWindow[Any], seat: int, rng: random.Random) -> dict[str, Any]:
        if self.found is None and any(a["type"] == "roll_again" for a in window.legal_actions()):
            table = read_table(window)
            if (
                LEAD_ROLL_MARGIN
                < roll_value(table.rows, table.turn_dice)
                < (ROLL_MARGIN - FRIENDLY_SLACK)
            ):  # nothing is hidden in Gambler: the resample is a plain copy
                self.found = SeatWindow(window.resample(random.Random(0)), seat)
        return bot_for("gambler").choose(window, seat, rng)


def test_the_sharp_players_lead_rolls_on_where_friendly_stops() -> None:
    spy = _CloseCallSpy()
    play_with_bots(GAME.new_state(["A", "B", "C"]), [spy] * 3, random.Random(1))
    assert spy.found is not None, "no close call in the game"
    window, seat = spy.found, spy.found.current_player()
    lead = lead_for("gambler")
    assert lead is not bot_for("gambler") and isinstance(lead, GamblerBot)
    assert lead.choose(window, seat, random.Random(0)) == {"type": "roll_again"}
    for r in range(5):  # Friendly's margin varies, but never down to this roll's worth
        assert bot_for("gambler").choose(window, seat, random.Random(r)) == {"type": "stop"}
    assert HEURISTIC.choose(window, seat, random.Random(0)) == {"type": "stop"}
    # the sharp player's search starts from the lead's choice: the one it keeps
    arms = search(window, random.Random(2), iterations=4)
    assert next(a for a in arms if a.lead).action == {"type": "roll_again"}
