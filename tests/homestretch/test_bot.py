"""The Homestretch heuristic bot: legal, blind to secrets, sensible and stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import RandomBot, SeatWindow, bot_for, sample_outcome
from pygames.homestretch.bot import HomestretchBot
from pygames.homestretch.state import HomestretchState

from .test_scenarios import (
    act,
    bets_of,
    betting_state,
    buying_state,
    deal,
    new_state,
    race_state,
    roll,
    set_race,
)

BOT = HomestretchBot()


def choose(state: HomestretchState) -> dict[str, Any]:
    seat = state.current_player()
    return BOT.choose(SeatWindow(state, seat), seat, random.Random(0))


def test_registered_as_the_homestretch_bot() -> None:
    assert isinstance(bot_for("homestretch"), HomestretchBot)
    assert bot_for("homestretch").name == "heuristic"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_only_legal_actions(n: int) -> None:
    rng = random.Random(n)
    rand = RandomBot()
    choices = 0
    state = new_state(n, open_bets=n == 4, literal_handicaps=n == 5)
    bot_seats = {s for s in range(n) if s % 2 == 0}
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        if seat in bot_seats:
            action = choose(state)  # the window offers only view() and legal_actions()
            choices += 1
            assert action in state.legal_actions()
        else:
            action = rand.choose(SeatWindow(state, seat), seat, rng)
        state.apply(action)
    assert choices > 0


def test_draft_prefers_value_over_cost() -> None:
    state = new_state(3)
    deal(state, [["B7a", "B2a", "B12a", "B3a", "B11a"]])
    assert choose(state)["card"] == "B7a"


def test_bets_follow_the_race_card() -> None:
    # P5: +6 on 11 and 12, X on 6 and 8. The 3-marker goes on a plus-marker long shot.
    state = betting_state(3, "P5", [50, 40, 30])
    while state.current_player() == 0:
        state.apply(choose(state))
    cells = state.bets[0]
    assert len(cells) == 5 and state.submitted[0]
    assert cells["3"][0] in (11, 12)
    assert all(h not in (6, 8) for h, _ in cells.values())


def test_bot_respects_its_marker_limit_when_stacking() -> None:
    state = betting_state(3, "P5", [50, 40, 30], fixed_betting_order=True)
    for _ in range(2):
        act(
            state,
            "place_bets",
            bets=bets_of(
                [(1, "WIN", 2), (1, "WIN", 3), (2, "WIN", 4), (2, "WIN", 5), (3, "WIN", 6)]
            ),
        )
    while state.phase == "betting":
        state.apply(choose(state))
    cells = [tuple(c) for c in state.bets[2].values()]
    assert max(cells.count(c) for c in cells) >= 2  # rank 3 may stack on the best cell


def test_race_choice_pushes_own_horse_with_two() -> None:
    bets = {
        "black": bets_of(
            [(3, "WIN", 9), (2, "PLACE", 9), (2, "SHOW", 9), (1, "WIN", 3), (1, "WIN", 2)]
        )
    }
    state = race_state(3, "P1", shares=[["B9a", "B9b"], [], []], bets=bets)
    set_race(state, {h: 4 for h in range(2, 13)}, turn=0)
    roll(state, 4, 5)
    assert choose(state)["choice"] == "TWO"


def test_race_choice_rerolls_when_the_rolled_horse_helps_a_rival() -> None:
    bets = {
        "black": bets_of(
            [(3, "WIN", 9), (2, "PLACE", 9), (2, "SHOW", 9), (1, "WIN", 3), (1, "WIN", 2)]
        )
    }
    state = race_state(3, "P1", shares=[["B9a", "B9b"], ["B5a", "B5b"], []], bets=bets)
    set_race(state, {h: 4 for h in range(2, 13)}, turn=0)
    roll(state, 1, 4)  # horse 5 belongs to a rival
    assert choose(state)["choice"] == "ONE_AND_REROLL"


def test_bonus_target_prefers_own_horse() -> None:
    state = race_state(3, "P1", shares=[["B12a"], ["B2a"], []])
    set_race(state, {h: 5 for h in range(2, 13)} | {2: 0, 12: 0}, [7], turn=0)
    roll(state, 6, 1)
    assert choose(state) == {"type": "bonus_target", "player": "black", "horse": 12}


def test_buying_passes_on_poor_value_and_buys_good_value() -> None:
    state = buying_state(
        4,
        [20, 60, 60, 60],
        ["green", "red", "blue", "yellow"],
        ["B2a", "B12a", "R2", "R12"],
        ["B3a"],
        [[], ["B2b", "B12b", "B3b", "R3"], [], []],
    )
    assert choose(state)["choice"] == "PASS"
    state = buying_state(
        4,
        [20, 60, 60, 60],
        ["green", "red", "blue", "yellow"],
        ["B7a", "B2a", "B12a", "R2"],
        ["B3a"],
    )
    assert choose(state) == {
        "type": "buy_action",
        "player": "green",
        "choice": "BUY_FACEUP",
        "card": "B7a",
    }


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
    games = 30
    for g in range(games):
        n = 2 + g % 5
        seat = g % n
        bots: list[Any] = [BOT if s == seat else RandomBot() for s in range(n)]
        scores = play(bots, 777 + g)
        wins += scores[seat] == max(scores)
        expected += 1 / n
    assert wins >= 2 * expected and wins >= 0.6 * games
