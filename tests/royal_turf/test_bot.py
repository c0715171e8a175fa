"""The Royal Turf heuristic bot: legal, blind to secrets, sensible and stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import RandomBot, SeatWindow, bot_for, sample_outcome
from pygames.royal_turf.bot import RoyalTurfBot
from pygames.royal_turf.state import RoyalTurfState

from .play import deal, new_state, race_position, roll

BOT = RoyalTurfBot()


def choose(state: RoyalTurfState, seat: int | None = None) -> dict[str, Any]:
    seat = state.current_player() if seat is None else seat
    return BOT.choose(SeatWindow(state, seat), seat, random.Random(0))


def test_registered_as_the_royal_turf_bot() -> None:
    assert bot_for("royal_turf").name == "heuristic"
    assert BOT.name == "heuristic"


@pytest.mark.parametrize("hidden", [False, True])
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_only_legal_actions(n: int, hidden: bool) -> None:
    rng = random.Random(n * 10 + hidden)
    rand = RandomBot()
    for game in range(2):
        state = new_state(n, hidden)
        heuristic_seats = {s for s in range(n) if (s + game) % 2 == 0}
        choices = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            window = SeatWindow(state, seat)
            if seat in heuristic_seats:
                action = BOT.choose(window, seat, rng)
                assert action in state.legal_actions()
                choices += 1
            else:
                action = rand.choose(window, seat, rng)
            state.apply(action)
        assert choices > 0


def test_plays_whole_games_through_its_seat_window() -> None:
    rng = random.Random(5)
    for hidden in (False, True):
        state = new_state(4, hidden)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            action = choose(state)
            assert action in state.legal_actions()
            state.apply(action)


def test_hidden_chip_values_of_others_do_not_change_its_choice() -> None:
    """Two positions that differ only in an opponent's face-down chip values."""
    decisions = []
    for b_chips in ({"othello": 2, "mocha": 0}, {"othello": 0, "mocha": 2}):
        state = race_position(
            3,
            hidden=True,
            fields={"earl_grey": 20, "albino": 21, "nougat": 22, "caramello": 23,
                    "red_fox": 24, "mocha": 25, "othello": 26},
            plan={0: {"nougat": 2, "albino": 1, "earl_grey": 1, "caramello": 0},
                  1: {**b_chips, "albino": 1, "nougat": 1},
                  2: {"red_fox": 1, "albino": 1, "mocha": 2, "othello": 0}},
            turn=0,
        )  # fmt: skip
        roll(state, "helmet")
        decisions.append(choose(state, 0))
    assert decisions[0] == decisions[1]


def test_finishes_its_own_horse_first() -> None:
    # Seat 0 backs othello (OT1: head 7) on field 3: moving it wins the race.
    state = race_position(
        4,
        fields={"othello": 3, "red_fox": 5, "albino": 8, "nougat": 10, "mocha": 11,
                "earl_grey": 14, "caramello": 16},
        cards={"othello": "OT1", "red_fox": "RF3"},
        pacemaker="othello",
        plan={0: {"othello": 2, "nougat": 1, "albino": 1},
              1: {"red_fox": 2, "mocha": 1, "caramello": 1},
              2: {"earl_grey": 1, "caramello": 1, "mocha": 2},
              3: {"earl_grey": 1, "caramello": 1, "mocha": 2}},
        turn=0,
    )  # fmt: skip
    roll(state, "head")
    assert choose(state) == {"type": "move_horse", "horse": "othello"}


def test_two_chip_on_the_front_horse_with_a_strong_card() -> None:
    # earl_grey on field 33 (EG3, volatile) ... red_fox on field 27 (RF1, the strongest card).
    state = deal(4, deck=["EG3", "AL1", "NO1", "CA1", "OT1", "MO1", "RF1"])
    assert state.fields["red_fox"] == 27 and state.fields["earl_grey"] == 33
    assert choose(state) == {"type": "place_chip", "chip": 2, "horse": "red_fox"}


def test_wastes_the_move_instead_of_helping_an_opponent() -> None:
    # Seat 0 backs only horses that have already moved; red_fox (RF1, helmet 14)
    # is backed by seat 1, mocha (MO2, helmet 1) by nobody. Roll: helmet.
    state = race_position(
        2,
        fields={"earl_grey": 20, "albino": 21, "nougat": 22, "caramello": 23, "red_fox": 28,
                "mocha": 26, "othello": 24},
        cards={"red_fox": "RF1", "mocha": "MO2"},
        moved=("earl_grey", "albino", "nougat", "caramello", "othello"),
        plan={0: {"earl_grey": 2, "albino": 1, "nougat": 1},
              1: {"red_fox": 2, "othello": 1, "caramello": 1}},
        turn=0,
    )  # fmt: skip
    roll(state, "helmet")
    assert {a["horse"] for a in state.legal_actions()} == {"red_fox", "mocha"}
    assert choose(state) == {"type": "move_horse", "horse": "mocha"}


def test_beats_random_seats_clearly() -> None:
    """100 four-player games, fixed seeds: one heuristic seat (rotating) vs three random."""
    rand = RandomBot()
    wins = 0
    games = 100
    for g in range(games):
        rng = random.Random(1000 + g)
        seat = g % 4
        state = new_state(4, hidden=g % 2 == 1)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            s = state.current_player()
            bot = BOT if s == seat else rand
            state.apply(bot.choose(SeatWindow(state, s), s, rng))
        money = state.scores()
        wins += money[seat] == max(money)
    # A random seat wins about 25%; the bot wins 96 of these 100 (deterministic seeds).
    assert wins / games > 0.75


@pytest.mark.parametrize(
    ("n", "deck", "chips", "near"),
    [
        # Three players, the first chip: 2 on Othello and 2 on Nougat are worth nearly the same.
        (3, ["EG1", "CA1", "RF1", "AL1", "MO1", "OT1", "NO1"], {}, {"othello", "nougat"}),
        # Two players: after Ann's 2 on Caramello, Ben's copy and 2 on Mocha are near, so
        # a friendly Ben does not always copy her.
        (
            2,
            ["NO1", "EG1", "OT1", "RF1", "MO1", "AL1", "CA1"],
            {"caramello": 2},
            {"caramello", "mocha"},
        ),
    ],
)
def test_friendly_draws_between_near_equal_bets(
    n: int, deck: list[str], chips: dict[str, int], near: set[str]
) -> None:
    state = deal(n, deck=deck)
    for horse, chip in chips.items():  # the first bettor's chips
        state.apply({"type": "place_chip", "chip": chip, "horse": horse})
    seat = state.current_player()
    window = SeatWindow(state, seat)
    friendly = bot_for("royal_turf", "friendly")
    drawn = {friendly.choose(window, seat, random.Random(k))["horse"] for k in range(16)}
    plain = {BOT.choose(window, seat, random.Random(k))["horse"] for k in range(16)}
    assert drawn == near
    assert len(plain) == 1 and plain < near  # the plain heuristic takes the first of the best
