"""Ask the computer's reasons for Finish Line say why in the game's facts: a bet by its
start place, odds and payout, a slip by its stake and best payout, betting nothing by the
money kept and the richest rival's, a die by the horse it acts on, whether the seat
backed it and where it ends up. Positions are played through ``State.apply`` with
forced chance outcomes (see ``play.py``); the facts are checked against the engine."""

from __future__ import annotations

import random
from typing import Any

from pygames.core import Action, SeatWindow
from pygames.core.advice import advise, reason_ids
from pygames.core.search import Arm
from pygames.finish_line.bot import _reason, slip_lines
from pygames.finish_line.data import FACES, SIDE_BET
from pygames.finish_line.state import ROLL_OUTCOMES, FinishLineState, Phase

from .play import (
    A,
    B,
    D,
    act,
    bet,
    betting_state,
    decide,
    draw,
    finish_race,
    home_stretch,
    idle,
    idle_until,
    last_race_betting,
    place,
    roll,
    win,
)

LINEUP = [8, 22, 3, 12, 18, 11, 20]
"""Back to front; 12 is a favourite (odds 5, place 4), the others are plain: 20 leads,
then 11, 18, 12, 3, 22, 8."""
SLIP = [win(18, 200), win(12, 300), place(12, 18, 100)]
"""On the seat's slip: 18 with 300 (win 200, place 100), 12 with 400; 11, 20, 3 not."""


def why(state: FinishLineState, action: Action, seat: int | None = None) -> dict[str, Any]:
    """The reason for ``action`` from the seat's own window, without the key's game and
    the chance to win every reason carries."""
    seat = state.current_player() if seat is None else seat
    window = SeatWindow(state, seat)
    assert window.is_legal(action), action
    arm = Arm(action)
    out = dict(_reason(window, arm, [arm]))
    game, _, rid = out.pop("key").partition(".")
    assert game == "finish_line" and rid in reason_ids("finish_line")
    out.pop("win")
    return {"id": rid, **out}


def backed_race(**options: bool) -> FinishLineState:
    """``LINEUP``; A, B and C hold ``SLIP``, D bet nothing; A takes the first dice."""
    state = betting_state(4, LINEUP, **options)
    bet(state, {A: SLIP, B: SLIP, 2: SLIP})
    assert state.phase == Phase.TAKE_FIRST and state.current_player() == A
    return state


def use_die(state: FinishLineState, colour: str, face: str, **targets: Any) -> Action:
    """The player to act rolls a ``colour`` die to ``face``: the use to ask about."""
    roll(state, (colour, face))
    return {"type": "use", "colour": colour, "face": face, **targets}


# --- betting -----------------------------------------------------------------------------
def test_a_win_bet_says_its_start_place_odds_and_payout() -> None:
    state = betting_state(4, [8, 4, 3, 12, 18, 11, 20])
    assert why(state, win(3, 200)) == {
        "id": "bet_win",
        "horse": 3,
        "place": 5,
        "odds": state.odds_of(3),
        "amount": 200,
        "money": 200 * state.odds_of(3),
    }
    assert state.odds_of(3) == 7
    favourite = why(state, win(12, 100))
    assert favourite["id"] == "bet_win_favourite" and favourite["place"] == 4
    assert favourite["money"] == 100 * state.odds_of(12) == 500
    sprinter = why(state, win(4, 300))
    assert sprinter["id"] == "bet_win_sprinter" and sprinter["place"] == 6
    assert sprinter["money"] == 300 * state.odds_of(4) == 2700
    # a second amount on the same horse tops the line up: the reason names the whole line
    decide(state, win(3, 200))
    topped = why(state, win(3, 100))
    assert topped["amount"] == 300 and topped["money"] == 300 * 7


def test_a_place_bet_says_both_start_places_and_the_pair_odds() -> None:
    state = betting_state(4, LINEUP)
    assert why(state, place(11, 18, 200)) == {
        "id": "bet_place",
        "place": 2,
        "other": 3,
        "odds": state.pair_odds(11, 18),
        "amount": 200,
        "money": 200 * state.pair_odds(11, 18),
    }
    assert state.pair_odds(11, 18) == 3 + 4


def test_closing_the_slip_says_what_it_stakes_keeps_and_the_richest_rival_has() -> None:
    # Race 1: A backs the leader 20 at 2x and the row never changes, so 20 wins; with the
    # grant A holds 3500 before race 2, the others 3000, and A starts the betting.
    state = betting_state(4, LINEUP)
    bet(state, {A: [win(20, 500)]})
    finish_race(state)
    assert state.results[0]["money"] == [1500, 1000, 1000, 1000]
    draw(state, [1, 2, 5, 6, 9, 10, 13])
    assert state.current_player() == A and state.money == [3500, 3000, 3000, 3000]
    assert why(state, {"type": "bet_done"}) == {"id": "bet_nothing", "money": 3500, "amount": 3000}
    decide(state, win(13, 1000))
    assert why(state, {"type": "bet_done"}) == {
        "id": "bet_done",
        "stake": 1000,
        "money": 2500,
        "amount": 3000,
    }
    decide(state, {"type": "bet_done"})
    assert state.current_player() == B
    assert why(state, {"type": "bet_done"}) == {"id": "bet_nothing", "money": 3000, "amount": 3500}


def test_a_whole_slip_says_its_stake_and_the_finish_that_pays_it_most() -> None:
    state = betting_state(4, LINEUP)
    window = SeatWindow(state, A)
    lines = slip_lines(window)
    assert lines is not None
    seen = set()
    for line in lines:
        if len(line) == 1:
            continue  # betting nothing: see above
        arm = Arm(line[0], rest=line[1:])
        got = dict(_reason(window, arm, [arm]))
        places = [set(a["horses"]) for a in line if a["type"] == "bet_place"]

        def pays(first: int, second: int, line: tuple[Action, ...] = line) -> int:
            """What ``line`` pays if ``first`` wins and ``second`` comes second."""
            total = 0
            for a in line:
                if a["type"] == "bet_win" and a["horse"] == first:
                    total += a["amount"] * state.odds_of(first)
                elif a["type"] == "bet_place" and set(a["horses"]) == {first, second}:
                    total += a["amount"] * state.pair_odds(first, second)
            return total

        finishes = [(f, s) for f in LINEUP for s in LINEUP if f != s]
        best = max(pays(f, s) for f, s in finishes)
        tops = [(f, s) for f, s in finishes if pays(f, s) == best]
        kinds = {{f, s} in places for f, s in tops}
        assert len(kinds) == 1  # the best finishes all pay a place line, or none does
        placed = kinds.pop()
        assert got["key"] == ("finish_line.stake_slip" if placed else "finish_line.stake_slip_win")
        assert got["stake"] == sum(a.get("amount", 0) for a in line)
        assert got["amount"] == 1000 and got["money"] == best
        assert got["horse"] in {f for f, _ in tops}
        seen.add(got["key"])
    assert seen == {"finish_line.stake_slip", "finish_line.stake_slip_win"}


def test_a_leader_s_slips_in_the_last_race_say_what_the_others_can_stake() -> None:
    state = last_race_betting([win(8, 100)])
    window = SeatWindow(state, A)
    rival = state.view(A)["money"][B]
    lines = slip_lines(window)
    assert lines is not None and rival is not None
    keys, stakes = set(), set()
    for line in lines:
        if len(line) == 1:
            continue  # betting nothing: see above
        arm = Arm(line[0], rest=line[1:])
        got = dict(_reason(window, arm, [arm]))
        keys.add(got["key"])
        assert got["cap"] == rival and got["amount"] == 7000
        stakes.add(got["stake"])
    assert keys <= {"finish_line.stake_slip_lead", "finish_line.stake_slip_win_lead"} and keys
    assert max(stakes) == rival  # the friendly slip stakes no more than B can
    # B trails: its slips say only what they stake
    decide(state, {"type": "bet_done"})
    assert state.current_player() == B
    window = SeatWindow(state, B)
    lines = slip_lines(window)
    assert lines is not None
    for line in lines:
        if len(line) > 1:
            arm = Arm(line[0], rest=line[1:])
            assert "cap" not in dict(_reason(window, arm, [arm]))


# --- taking dice --------------------------------------------------------------------------
def chance_of(colour: str, face: str) -> float:
    return sum(p for o, p in ROLL_OUTCOMES[colour] if o["face"] == face)


def test_the_first_take_says_how_often_a_horseshoe_of_either_kind_comes_up() -> None:
    state = backed_race()
    for colours in (
        ["white", "white", "red"],
        ["white", "green", "black"],
        ["black", "red", "red"],
    ):
        miss = 1.0
        for c in colours:
            miss *= 1 - chance_of(c, "HORSESHOE") - chance_of(c, "DOUBLE_HORSESHOE")
        got = why(state, {"type": "take_first", "colours": colours})
        assert got == {"id": "take_first", "chance": round(100 * (1 - miss))}
    assert why(state, {"type": "take_first", "colours": ["white", "white", "red"]})["chance"] == 93


def test_taking_a_die_names_the_backed_horse_its_best_face_would_move() -> None:
    state = backed_race()
    idle(state)  # A's first turn; B takes next, holding SLIP too
    assert state.phase == Phase.TAKE and state.current_player() == B
    takes = {a["colour"] for a in state.legal_actions()}
    # a horseshoe moves 12 (a favourite) from place 4 to 3 at once; 18 would only wait
    assert {"white", "red", "black", "green"} <= takes
    assert why(state, {"type": "take", "colour": "white"}) == {
        "id": "take_white_yours",
        "sides": 4,
        "horse": 12,
        "amount": 400,
        "place": 3,
    }
    # a double horseshoe moves 18 from place 3 to 2 (the best place a backed horse reaches)
    assert why(state, {"type": "take", "colour": "red"}) == {
        "id": "take_red_yours",
        "sides": 2,
        "whips": 2,
        "horse": 18,
        "amount": 300,
        "place": 2,
    }
    assert why(state, {"type": "take", "colour": "black"}) == {"id": "take_black", "sides": 4}
    assert why(state, {"type": "take", "colour": "green"}) == {
        "id": "take_green",
        "sides": 3,
        "bets": 1,
        "money": SIDE_BET,
    }
    assert dict(FACES["green"])["SIDE_BET"] == 1
    # D bet nothing: the same dice move none of its horses
    idle_until(state, D)
    assert why(state, {"type": "take", "colour": "white"}) == {"id": "take_white", "sides": 4}
    assert why(state, {"type": "take", "colour": "red"})["id"] == "take_red"


def test_a_yellow_die_names_where_its_helmet_takes_a_backed_favourite() -> None:
    state = backed_race()
    home_stretch(state, A, avoid=["yellow"])
    assert state.view()["home_stretch"] and state.row == LINEUP
    assert why(state, {"type": "take", "colour": "yellow"}) == {
        "id": "take_yellow_yours",
        "sides": 2,
        "horse": 12,
        "amount": 400,
        "place": 2,
    }
    idle_until(state, D)
    assert why(state, {"type": "take", "colour": "yellow"}) == {"id": "take_yellow", "sides": 2}


# --- using a die ---------------------------------------------------------------------------
def test_a_die_that_moves_a_horse_says_whose_it_is_and_its_new_place() -> None:
    state = backed_race()
    double = use_die(state, "red", "DOUBLE_HORSESHOE", horse=12)
    assert why(state, double) == {"id": "up_yours", "horse": 12, "amount": 400, "place": 3}
    assert why(state, {**double, "horse": 3}) == {"id": "up", "horse": 3, "place": 4}
    assert why(state, {**double, "horse": 11}) == {"id": "lead", "horse": 11}
    assert why(state, {**double, "horse": 20}) == {"id": "stays", "horse": 20}
    # the same die, played: 12 really is third now
    decide(state, double)
    assert state.ranks()[12] == 3


def test_a_white_horseshoe_moves_a_favourite_and_waits_on_a_plain_horse() -> None:
    state = backed_race()
    shoe = use_die(state, "white", "HORSESHOE", horse=12)
    assert why(state, shoe) == {"id": "up_yours", "horse": 12, "amount": 400, "place": 3}
    assert why(state, {**shoe, "horse": 18}) == {"id": "waits_yours", "horse": 18, "amount": 300}
    assert why(state, {**shoe, "horse": 3}) == {"id": "waits", "horse": 3}
    assert why(state, {**shoe, "horse": 20}) == {"id": "stays", "horse": 20}
    decide(state, {**shoe, "horse": 18})
    # the next horseshoe on 18 pairs with the waiting die: up to place 2
    idle_until(state, B)
    shoe = use_die(state, "white", "HORSESHOE", horse=18)
    assert why(state, shoe) == {"id": "up_yours", "horse": 18, "amount": 300, "place": 2}


def test_a_disqualification_names_the_backed_horse_it_lifts() -> None:
    state = backed_race()
    out = use_die(state, "black", "DISQUALIFIED", horse=11)
    assert why(state, out) == {
        "id": "out_lifts",
        "horse": 11,
        "horses": 18,
        "amount": 300,
        "place": 2,
    }
    assert why(state, {**out, "horse": 18}) == {"id": "out_yours", "horse": 18, "amount": 300}
    assert why(state, {**out, "horse": 3}) == {"id": "out", "horse": 3}  # nothing of A's behind


def test_a_whip_says_a_second_one_puts_the_horse_out_only_where_it_can() -> None:
    state = backed_race()
    whip = use_die(state, "red", "WHIP", horse=3)
    assert why(state, whip) == {"id": "whip", "horse": 3}
    assert why(state, {**whip, "horse": 18}) == {"id": "whip_yours", "horse": 18, "amount": 300}
    family = backed_race(family_dice=True)
    whip = use_die(family, "red", "WHIP", horse=3)
    assert why(family, whip)["id"] not in {"whip", "whip_yours"}  # a second may not be laid


def test_an_outsider_die_names_its_bonus_and_whose_horse_carries_it() -> None:
    state = backed_race()
    bonus = use_die(state, "green", "OUTSIDER_2000", horse=3)
    assert why(state, bonus) == {"id": "bonus", "horse": 3, "money": 2000}
    # 12 is on a win line (300) and on the place line with 18 (100): if 12 wins with 18
    # second, the win bet takes the whole bonus and the place bet half of it
    assert why(state, {**bonus, "horse": 12}) == {
        "id": "bonus_yours",
        "horse": 12,
        "amount": 400,
        "money": 2000 + 1000,
    }
    decide(state, {**bonus, "horse": 12})
    idle_until(state, D)
    bonus = use_die(state, "green", "OUTSIDER_1000", horse=11)
    assert why(state, bonus) == {"id": "bonus", "horse": 11, "money": 1000}
    state = backed_race()
    side = use_die(state, "green", "SIDE_BET")
    assert why(state, side) == {"id": "side_bet", "money": SIDE_BET}


def test_the_home_stretch_dice_say_who_falls_back_and_who_draws_level() -> None:
    state = backed_race()
    home_stretch(state, A, avoid=["yellow"])
    slow = use_die(state, "yellow", "LOSS_OF_SPEED", horse=11)
    # 11 drops from 2 to 4, behind 18 (now 2) and 12
    assert why(state, slow) == {
        "id": "back_lifts",
        "horse": 11,
        "horses": 18,
        "amount": 300,
        "place": 2,
    }
    assert why(state, {**slow, "horse": 18}) == {
        "id": "back_yours",
        "horse": 18,
        "amount": 300,
        "place": 5,
    }
    decide(state, {**slow, "horse": 18})
    assert state.ranks()[18] == 5
    idle_until(state, B, avoid=["yellow"])
    level = use_die(state, "yellow", "NECK_AND_NECK")
    assert why(state, level) == {"id": "level", "horse": 11}


def test_interference_names_the_horse_that_gains_and_an_unchanged_row_its_leader() -> None:
    state = backed_race()
    home_stretch(state, A, avoid=["yellow"])
    shuffle = use_die(state, "yellow", "INTERFERENCE", order=[11, 20, 18])
    assert why(state, shuffle) == {"id": "lead_yours", "horse": 18, "amount": 300}
    assert why(state, {**shuffle, "order": [18, 20, 11]}) == {"id": "lead", "horse": 11}
    assert why(state, {**shuffle, "order": [18, 11, 20]}) == {"id": "keep_row", "horse": 20}
    discard = {"type": "discard", "colour": "yellow", "face": "INTERFERENCE"}
    assert why(state, discard) == {"id": "keep_row", "horse": 20}
    decide(state, shuffle)
    assert state.row[-1] == 18
    idle_until(state, B)
    roll(state)
    die = state.hand[0]
    discard = {"type": "discard", "colour": die[0], "face": die[1]}
    assert why(state, discard) == {"id": "keep_row_yours", "horse": 18, "amount": 300}


def test_black_dice_say_what_they_keep_and_how_long_the_race_runs() -> None:
    state = backed_race()
    keep = use_die(state, "black", "EXTRA_TURN")
    assert why(state, keep) == {"id": "keep_extra"}
    state = backed_race()
    idle_until(state, B)
    idle_until(state, A)
    roll(state, ("black", "INSIDER_TIP"))
    tips = [a for a in state.legal_actions() if a.get("face") == "INSIDER_TIP"]
    tip = next(a for a in tips if len(a["colours"]) == 2)
    pool = state.pool_size()
    assert why(state, tip) == {"id": "insider", "before": pool, "after": pool + 2}
    decide(state, tip)
    assert state.pool_size() == pool + 2


def extra_phase(dice: int) -> FinishLineState:
    """``backed_race`` played out with A keeping ``dice`` extra-turn dice: A is to play
    the first of them."""
    state = backed_race()
    for i in range(dice):
        if i:
            idle_until(state, A)
        act(state, "black", "EXTRA_TURN")
    while state.phase != Phase.EXTRA:
        idle(state)
    assert state.view()["extra_queue"] == [A] * dice and state.row == LINEUP
    return state


def test_an_extra_turn_says_whether_anything_is_left_to_pair_with_it() -> None:
    state = extra_phase(1)
    assert why(state, {"type": "extra", "horse": 3}) == {"id": "no_partner", "horse": 3}
    assert why(state, {"type": "extra", "horse": 20}) == {"id": "stays", "horse": 20}
    assert why(state, {"type": "extra", "horse": 12}) == {
        "id": "up_yours",
        "horse": 12,
        "amount": 400,
        "place": 3,
    }
    assert why(state, {"type": "extra_decline"}) == {"id": "keep_row", "horse": 20}
    state = extra_phase(2)
    assert why(state, {"type": "extra", "horse": 18}) == {
        "id": "waits_yours",
        "horse": 18,
        "amount": 300,
    }
    decide(state, {"type": "extra", "horse": 18})
    assert why(state, {"type": "extra", "horse": 18}) == {
        "id": "up_yours",
        "horse": 18,
        "amount": 300,
        "place": 2,
    }


# --- the seat's view only ------------------------------------------------------------------
def test_states_the_seat_cannot_tell_apart_give_the_same_reasons() -> None:
    # B writes its slip while A's is hidden; later B rolls while every slip is hidden.
    state = betting_state(4, LINEUP)
    decide(state, win(11, 600))
    decide(state, {"type": "bet_done"})
    assert state.current_player() == B
    window = SeatWindow(state, B)
    choices = [win(3, 100), place(11, 20, 300), {"type": "bet_done"}]
    lines = slip_lines(window)
    assert lines is not None
    arms = [Arm(a) for a in choices] + [Arm(line[0], rest=line[1:]) for line in lines]
    for seed in (1, 2, 3):
        other = SeatWindow(window.resample(random.Random(seed)), B)
        for arm in arms:
            assert _reason(other, arm, [arm]) == _reason(window, arm, [arm])
    bet(state, {B: SLIP})
    idle(state)
    roll(state, ("black", "DISQUALIFIED"))
    window = SeatWindow(state, B)
    arms = [Arm(a) for a in state.legal_actions()]
    for seed in (1, 2, 3):
        other = SeatWindow(window.resample(random.Random(seed)), B)
        for arm in arms:
            assert _reason(other, arm, [arm]) == _reason(window, arm, [arm])


def test_the_advice_gives_each_searched_die_the_reason_of_its_own_horse() -> None:
    state = backed_race()
    roll(state, ("red", "DOUBLE_HORSESHOE"), ("white", "HORSESHOE"), take=["white", "red", "red"])
    tips = advise(SeatWindow(state, A), random.Random(1), iterations=8)
    assert tips
    for tip in tips:
        action, got = tip["action"], tip["reason"]
        assert got["key"].split(".")[1] in reason_ids("finish_line")
        if action["type"] == "use" and "horse" in action:
            assert got["horse"] == action["horse"]
            amount = {18: 300, 12: 400}.get(action["horse"])
            assert ("amount" in got) == (amount is not None) and got.get("amount") == amount
