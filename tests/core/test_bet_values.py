"""The lens's bet values: what each bet pays is what the engine pays when the race is
run to that finish, and over several finishes it is their chance-weighted sum.

Positions are reached by play (chance sampled from a seeded generator through
``apply``); a race is then run on with the same generator seed for every bet tried, so
each bet meets the same finish (no rule of the race reads the bets).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import pygames
from pygames.core import SeatWindow, State, sample_outcome
from pygames.core.lens import bet_values, odds
from pygames.homestretch.data import MARKER_VALUE
from pygames.royal_turf.state import Phase as RoyalTurfPhase

NAMES = ["Ann", "Ben", "Cy", "Dee"]


def play_until(state: State[Any], rng: random.Random, done: Callable[[State[Any]], bool]) -> None:
    """Random legal decisions and sampled chance until ``done``."""
    while not done(state):
        assert not state.is_terminal()
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def run_race(state: State[Any], race: int, seed: int) -> None:
    """Play on (trusted path, listed actions only) until race ``race`` is over."""
    rng = random.Random(seed)
    while state.finished_races() <= race:
        if state.is_chance():
            state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply_trusted(rng.choice(state.legal_actions()))


def values(state: State[Any], seat: int, finishes: list[tuple[Any, float]]) -> list[float]:
    return [b["value"] for b in bet_values(state, seat, finishes)]


def check_finishes(
    state: State[Any], seat: int, paid: list[list[float]], finishes: list[Any]
) -> None:
    """``paid[k][i]``: what the engine paid bet ``i`` when the race finished as
    ``finishes[k]``: one finish for sure gives exactly that, a mix its weighted sum."""
    assert finishes[0] != finishes[1], "the two seeds should give different finishes"
    assert paid[0] != paid[1], "some bet should pay differently in the two finishes"
    for finish, pays in zip(finishes, paid, strict=True):
        assert values(state, seat, [(finish, 1.0)]) == pays
    mixed = values(state, seat, [(finishes[0], 0.25), (finishes[1], 0.75)])
    expected = [0.25 * a + 0.75 * b for a, b in zip(paid[0], paid[1], strict=True)]
    assert mixed == pytest.approx(expected)


@pytest.mark.parametrize(
    ("n", "hidden", "seed", "race_no"), [(3, False, 1, 1), (4, True, 5, 1), (3, False, 7, 2)]
)
def test_royal_turf_chip_values_are_what_the_race_pays(
    n: int, hidden: bool, seed: int, race_no: int
) -> None:
    """Race 2 starts with money, so the last horse's penalty is capped by it."""
    state = pygames.get_game("royal_turf").new_state(NAMES[:n], {"hidden_bets": hidden})
    rng = random.Random(seed)
    # The last chip of the betting: no chip placed later changes its odds column.
    play_until(
        state,
        rng,
        lambda s: (
            s.race == race_no
            and s.phase is RoyalTurfPhase.BETTING
            and s.bets_placed == s.rounds * s.n - 1
        ),
    )
    seat, race = state.current_player(), state.finished_races()
    bets = state.lens_bets(seat)
    listed = [a for a in state.legal_actions() if a["chip"] > 0]
    assert [{"type": "place_chip", **b} for b in bets] == listed
    paid: list[list[float]] = [[], []]
    finishes = []
    for k, race_seed in enumerate((seed * 10, seed * 10 + 1)):
        for bet in bets:
            trial = state.clone()
            trial.apply({"type": "place_chip", **bet})
            run_race(trial, race, race_seed)
            payouts = trial.view()["results"][race]["payouts"]
            paid[k].append(
                sum(p["amount"] for p in payouts if (p["seat"], p["horse"]) == (seat, bet["horse"]))
            )
        finishes.append(trial.race_finish(race))
    check_finishes(state, seat, paid, finishes)


def test_finish_line_line_values_are_what_the_race_pays_per_100() -> None:
    state = pygames.get_game("finish_line").new_state(NAMES[:3])
    play_until(state, random.Random(2), lambda s: s.is_betting())
    seat, race = state.current_player(), state.finished_races()
    bets = state.lens_bets(seat)
    assert len(bets) == 7 + 21  # a win line per horse, a place line per pair
    paid: list[list[float]] = [[], []]
    finishes = []
    for k, race_seed in enumerate((20, 21)):
        for bet in bets:
            trial = state.clone()
            if bet["line"] == "win":
                trial.apply({"type": "bet_win", "horse": bet["horse"], "amount": 100})
            else:
                trial.apply({"type": "bet_place", "horses": bet["horses"], "amount": 100})
            while trial.is_betting():  # the other slips stay empty
                trial.apply({"type": "bet_done"})
            run_race(trial, race, race_seed)
            slip = trial.view(seat)["results"][race]["slips"][seat]
            (line,) = slip["win"] if bet["line"] == "win" else slip["place"]
            paid[k].append(line["payout"])
        finishes.append(trial.race_finish(race))
    check_finishes(state, seat, paid, finishes)


def test_homestretch_marker_and_share_values_are_what_the_race_pays() -> None:
    state = pygames.get_game("homestretch").new_state(NAMES[:3])
    play_until(state, random.Random(3), lambda s: bool(s.lens_bets(0)) and s.current_player() == 0)
    race = state.finished_races()
    bets = state.lens_bets(0)
    assert {"share": 7} in bets or any("share" in b for b in bets)
    paid: list[list[float]] = []
    finishes = []
    for race_seed in (30, 31):
        trial = state.clone()
        # Everyone's markers are placed at random, then the race is run.
        play_until(trial, random.Random(race_seed), lambda s: s.finished_races() > race)
        result = trial.view()["results"][race]
        finish = trial.race_finish(race)
        priced = {
            str(sorted(b["bet"].items())): b["value"] for b in bet_values(state, 0, [(finish, 1.0)])
        }
        # Any seat's marker pays the cell's value per point, whoever laid it.
        for line in result["bets"]:
            cell = str(sorted({"horse": line["horse"], "row": line["row"]}.items()))
            assert priced[cell] * MARKER_VALUE[line["marker"]] == line["amount"]
        for purse in result["purses"]:
            for owner in purse["paid"]:
                per_share = priced[str(sorted({"share": purse["horse"]}.items()))]
                assert per_share * owner["shares"] == owner["amount"]
        paid.append(values(state, 0, [(finish, 1.0)]))
        finishes.append(finish)
    check_finishes(state, 0, paid, finishes)


def test_hidden_chips_of_others_do_not_change_the_bet_values() -> None:
    """Twins that differ only in the value of the face-down chip the previous seat just
    placed: the lens's bet values for the next seat are identical (it prices its bets
    on resamples drawn from what that seat knows)."""
    twins = []
    for chip in (1, 2):
        state = pygames.get_game("royal_turf").new_state(NAMES[:3], {"hidden_bets": True})
        play_until(state, random.Random(4), lambda s: s.phase is RoyalTurfPhase.BETTING)
        state.apply({"type": "place_chip", "chip": chip, "horse": "othello"})
        twins.append(state)
    seat = twins[0].current_player()
    assert twins[0].view(seat) == twins[1].view(seat)
    assert twins[0].bets != twins[1].bets
    answers = [
        odds(SeatWindow(t, seat), 4, random.Random(9), with_actions=False)["bets"] for t in twins
    ]
    assert answers[0] == answers[1]
    assert len(answers[0]) == len(twins[0].lens_bets(seat))


def test_the_lens_averages_the_bets_over_the_same_rollouts_as_the_race() -> None:
    """A Finish Line win line pays odds × stake exactly when its horse wins, so its lens
    value is the stake times the odds times the horse's win chance from the same games."""
    state = pygames.get_game("finish_line").new_state(NAMES[:3])
    play_until(state, random.Random(2), lambda s: s.is_betting())
    seat = state.current_player()
    answer = odds(SeatWindow(state, seat), 12, random.Random(3), with_actions=False)
    wins = {b["bet"]["horse"]: b["value"] for b in answer["bets"] if b["bet"]["line"] == "win"}
    assert set(wins) == set(state.lineup)
    race = answer["race"]
    for horse, value in wins.items():
        chance = race[str(horse)]["win"] if str(horse) in race else 0.0
        assert value == pytest.approx(100 * state.odds_of(horse) * chance)
    assert any(v > 0 for v in wins.values())
