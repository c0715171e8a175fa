"""The Finish Line heuristic bot: legal, blind to secrets, sensible and stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import RandomBot, SeatWindow, bot_for, sample_outcome
from pygames.finish_line.bot import FinishLineBot
from pygames.finish_line.state import FinishLineState

from .play import B, act, bet, betting_state, idle, new_state, race_state, roll, win

BOT = FinishLineBot()


def choose(state: FinishLineState, seat: int | None = None) -> dict[str, Any]:
    """The bot's choice through the real window: its own view and legal actions only."""
    seat = state.current_player() if seat is None else seat
    return BOT.choose(SeatWindow(state, seat), seat, random.Random(0))


def test_registered_as_the_finish_line_bot() -> None:
    assert bot_for("finish_line").name == "heuristic"
    assert isinstance(bot_for("finish_line"), FinishLineBot)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_only_legal_actions(n: int) -> None:
    rng = random.Random(n)
    rand = RandomBot()
    for game in range(3):
        state = new_state(n, family_dice=game == 2)
        bot_seats = {s for s in range(n) if (s + game) % 2 == 0}
        choices = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            if seat in bot_seats:
                action = choose(state)  # the window offers only view() and legal_actions()
                assert action in state.legal_actions()
                choices += 1
            else:
                action = rand.choose(SeatWindow(state, seat), seat, rng)
            state.apply(action)
        assert choices > 0


def test_bot_slip_uses_all_money_and_backs_value() -> None:
    state = betting_state(4)
    while state.phase == "betting" and state.current_player() == 0:
        state.apply(choose(state))
    slip = state.slips[0]
    total = sum(a for _, a in slip["win"]) + sum(a for _, a in slip["place"])
    assert total == 1000
    assert 1 <= len(slip["win"]) <= 3 and len(slip["place"]) <= 2
    main = max(slip["win"], key=lambda line: line[1])[0]
    assert main != 20, "the seed-fixed 2x on the leader is a trap"


def test_bot_backs_a_favourite_at_long_odds() -> None:
    # 12 (F) starts in s2 at 9x: about twice the chance of a plain horse there.
    state = betting_state(4, [8, 12, 3, 5, 18, 11, 20])
    action = choose(state)
    assert action == {"type": "bet_win", "horse": 12, "amount": 500}


def backing_3() -> FinishLineState:
    """S1 lineup; B has 500 on horse 3 (7x), the others bet nothing."""
    state = betting_state(4)
    bet(state, {B: [win(3, 500)]})
    return state


def test_bot_pushes_its_own_horse() -> None:
    state = backing_3()
    act(state, "white", "HORSESHOE", horse=3)  # A; then B
    roll(state, ("white", "HORSESHOE"))
    assert choose(state) == {"type": "use", "colour": "white", "face": "HORSESHOE", "horse": 3}


def test_bot_hurts_a_rival_leader_rather_than_its_horse() -> None:
    state = backing_3()
    act(state, "red", "WHIP", horse=20)  # A; then B
    roll(state, ("red", "WHIP"))
    action = choose(state)
    assert action["type"] == "use" and action["horse"] != 3


def test_bot_takes_a_side_bet_when_nothing_better() -> None:
    state = race_state(4)
    idle(state, take=["white", "white", "red"], pass_on=("white", "red"))
    roll(state, ("green", "SIDE_BET"), ("white", "BLANK"), ("red", "BLANK"))
    assert choose(state) == {"type": "use", "colour": "green", "face": "SIDE_BET"}


def test_bot_drafts_two_colours_and_prefers_action_dice() -> None:
    state = race_state(4)
    action = choose(state)
    assert action["type"] == "take_first" and len(set(action["colours"])) >= 2
    assert "black" in action["colours"]


def play(bots: list[Any], seed: int) -> list[float]:
    state = new_state(len(bots))
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        state.apply(bots[seat].choose(SeatWindow(state, seat), seat, rng))
    return state.scores()


def test_beats_random_bots_clearly() -> None:
    """Fixed seeds: the bot wins far more often than its 1/n share."""
    wins = 0
    expected = 0.0
    games = 36
    for g in range(games):
        n = 2 + g % 3
        seat = g % n
        bots: list[Any] = [BOT if s == seat else RandomBot() for s in range(n)]
        scores = play(bots, 4242 + g)
        wins += scores[seat] == max(scores)
        expected += 1 / n
    assert wins >= 2 * expected and wins >= 0.75 * games
