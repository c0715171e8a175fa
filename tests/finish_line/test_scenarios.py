"""Acceptance scenarios S1–S25 of the Finish Line spec (§8), reached by play.

Every position is played to through ``State.apply`` (see ``play.py``): forced tile
draws, rolls and photo finishes, and chosen decisions. Rows with fewer horses are
reached by disqualifying the others, dice on tiles by placing them, the home stretch
by playing turns until the pool is small, money by the bets that pay it.
"""

from __future__ import annotations

from typing import Any

import pytest

from pygames.finish_line.data import COLOURS
from pygames.finish_line.state import PHOTO_OUTCOMES, FinishLineState, Phase

from .play import (
    A_SLIP,
    BLANKS,
    S1_TILES,
    A,
    B,
    C,
    D,
    W,
    a_slip_race,
    act,
    bet,
    betting_state,
    close_betting,
    decide,
    dice_on,
    discard,
    draw,
    finish_race,
    hand,
    home_stretch,
    horse_targets,
    idle,
    idle_until,
    level_pair,
    new_state,
    pass_to,
    photo,
    place,
    race_state,
    ranks,
    refused,
    removed,
    roll,
    steer,
    two_horses_left,
    use,
    whip_out,
    win,
)


# --- S1 -----------------------------------------------------------------------------
def test_s1_lineup_and_odds():
    state = betting_state(4)
    view = state.view()
    assert [r["horse"] for r in view["row"]] == S1_TILES
    assert ranks(state)[20] == 1
    assert {r["horse"]: r["odds"] for r in view["row"]} == {
        8: 12,
        22: 9,
        3: 7,
        5: 5,
        18: 4,
        11: 3,
        20: 2,
    }
    state.apply({"type": "bet_place", "horses": [11, 18], "amount": 100})
    state.apply({"type": "bet_place", "horses": [11, 20], "amount": 100})
    assert [p["odds"] for p in state.view(A)["slip"]["place"]] == [7, 5]


# --- S2 -----------------------------------------------------------------------------
def test_s2_bet_slip_accepted_and_deducted():
    state = betting_state(4)
    for action in A_SLIP:
        assert action in state.legal_actions()
        state.apply(action)
    slip = state.view(A)["slip"]
    assert [w["odds"] for w in slip["win"]] + [p["odds"] for p in slip["place"]] == [4, 7, 3, 7, 5]
    assert slip["stake"] == 1000 and slip["left"] == 0
    assert state.legal_actions() == [{"type": "bet_done"}]
    close_betting(state)
    assert state.money[A] == 0
    assert state.view(A)["money"][A] == 0
    assert state.view(B)["money"][A] is None


def test_s2_rejected_slips():
    state = betting_state(4)
    for action in A_SLIP[:3]:
        state.apply(action)
    # (a) a fourth win bet (300 still free, so money is not the reason)
    refused(state, {"type": "bet_win", "horse": 20, "amount": 100}, "at most 3 win bets")
    # (b) a stake of 150
    refused(state, {"type": "bet_place", "horses": [11, 18], "amount": 150}, "not a stake")
    # (d) the pair {11, 11}
    refused(state, {"type": "bet_place", "horses": [11, 11], "amount": 100}, "two different")
    for action in A_SLIP[3:]:
        state.apply(action)
    # (c) any slip totalling 1100
    refused(state, {"type": "bet_win", "horse": 11, "amount": 100}, "exceed your money")
    fresh = betting_state(4)
    fresh.apply({"type": "bet_win", "horse": 11, "amount": 1000})
    refused(fresh, {"type": "bet_place", "horses": [3, 5], "amount": 100}, "exceed")
    # (e) a third place bet
    third = betting_state(4)
    third.apply({"type": "bet_place", "horses": [11, 18], "amount": 100})
    third.apply({"type": "bet_place", "horses": [11, 20], "amount": 100})
    refused(third, {"type": "bet_place", "horses": [3, 5], "amount": 100}, "at most 2 place")


def test_s2_fg_repeated_lines_add_up():
    state = betting_state(4)
    state.apply({"type": "bet_win", "horse": 18, "amount": 200})
    state.apply({"type": "bet_win", "horse": 18, "amount": 100})  # (f)
    state.apply({"type": "bet_place", "horses": [11, 18], "amount": 200})
    state.apply({"type": "bet_place", "horses": [11, 18], "amount": 100})  # (g)
    assert state.slips[A] == {"win": [[18, 300]], "place": [[[11, 18], 300]]}


# --- S3 -----------------------------------------------------------------------------
def test_s3_white_pair_advances():
    # [18, 11, 5, 20]: 8, 22 and 3 leave the lineup, then a white die goes onto 11.
    state = race_state(4, [8, 22, 3, 18, 11, 5, 20])
    whip_out(state, 8)
    whip_out(state, 22)
    act(state, "black", "DISQUALIFIED", horse=3)
    act(state, "white", "HORSESHOE", horse=11)
    assert state.row == [18, 11, 5, 20] and dice_on(state, 11) == [W]
    idle_until(state, D)
    pass_to(state, "green", "red")  # D and A play; A passes red and green to B
    assert state.current_player() == B
    roll(state, *BLANKS[1:], W, take="white")
    before = removed(state)
    used = use(state, "white", "HORSESHOE", horse=11)
    assert state.row == [18, 5, 11, 20]
    assert (used[0]["before"], used[0]["row"]) == ([18, 11, 5, 20], [18, 5, 11, 20])
    assert removed(state)["white"] == before["white"] + 2
    assert dice_on(state, 11) == []
    assert state.current_player() == C and state.phase == Phase.TAKE
    assert hand(state) == ["green", "red"]


# --- S4 -----------------------------------------------------------------------------
def s4_state(white_on_5: bool = False) -> FinishLineState:
    """[18, 5, 11, 20] in the home stretch, B to take a die."""
    state = race_state(4, [8, 22, 3, 18, 5, 11, 20])
    whip_out(state, 8)
    whip_out(state, 22)
    act(state, "black", "DISQUALIFIED", horse=3)
    if white_on_5:
        act(state, "white", "HORSESHOE", horse=5)
    home_stretch(state, B, avoid=["white", "red"])  # kept for the turns after B's
    assert state.row == [18, 5, 11, 20] and not state.nn_used
    return state


def test_s4_neck_and_neck_then_broken():
    state = s4_state()
    act(state, "yellow", "NECK_AND_NECK")
    assert state.nn and state.nn_used and state.row == [18, 5, 11, 20]
    assert ranks(state) == {11: 1, 20: 1, 5: 2, 18: 3}
    assert state.current_player() == C
    roll(state, ("red", "DOUBLE_HORSESHOE"))
    red = removed(state)["red"]
    use(state, "red", "DOUBLE_HORSESHOE", horse=5)
    assert state.row == [18, 11, 20, 5] and not state.nn
    assert ranks(state) == {5: 1, 20: 2, 11: 3, 18: 4}
    assert removed(state)["red"] == red + 1
    # Later in the race NECK_AND_NECK can only be discarded.
    roll(state, ("yellow", "NECK_AND_NECK"))
    refused(state, {"type": "use", "colour": "yellow", "face": "NECK_AND_NECK"}, "already")
    discard(state, "yellow", "NECK_AND_NECK")


def test_s4_second_white_die_breaks_the_pair_too():
    state = s4_state(white_on_5=True)
    act(state, "yellow", "NECK_AND_NECK")
    assert dice_on(state, 5) == [W] and state.nn
    act(state, "white", "HORSESHOE", horse=5)
    assert state.row == [18, 11, 20, 5] and not state.nn and dice_on(state, 5) == []


# --- S5 -----------------------------------------------------------------------------
def test_s5_settlement_and_next_capital():
    state = a_slip_race()
    assert state.money[A] == 0
    act(state, "red", "DOUBLE_HORSESHOE", horse=11)
    act(state, "red", "DOUBLE_HORSESHOE", horse=5)
    act(state, "red", "DOUBLE_HORSESHOE", horse=5)
    assert state.row == [8, 22, 3, 18, 20, 5, 11]  # 11 first, 5 second, then 20 and 18
    finish_race(state)
    result = state.results[0]
    assert (result["winner"], result["second"]) == (11, 5)
    slip = result["slips"][A]
    assert [w["payout"] for w in slip["win"]] == [0, 0, 1200]
    assert [p["payout"] for p in slip["place"]] == [0, 0]
    assert slip["payout"] == 1200 and result["money"][A] == 1200
    assert state.race == 2 and state.money[A] == 3200  # +2000 before race 2


def test_s5_counterfactual_place_pays():
    state = a_slip_race()
    act(state, "red", "DOUBLE_HORSESHOE", horse=11)
    act(state, "red", "DOUBLE_HORSESHOE", horse=18)
    finish_race(state)
    assert state.results[0]["finish"][:2] == [11, 18]
    assert state.results[0]["slips"][A]["payout"] == 1200 + 1400
    assert state.results[0]["money"][A] == 2600


# --- S6, S7 -----------------------------------------------------------------------------
def test_s6_favourite_moves_with_one_horseshoe():
    state = race_state(4, [8, 22, 3, 12, 18, 11, 20])
    idle(state)
    roll(state, W, take="white")
    white = removed(state)["white"]
    use(state, "white", "HORSESHOE", horse=12)
    assert state.row == [8, 22, 3, 18, 12, 11, 20]
    assert dice_on(state, 12) == [] and removed(state)["white"] == white + 1


def test_s7_double_horseshoe_keeps_dice():
    state = race_state(4)
    act(state, "white", "HORSESHOE", horse=11)
    act(state, "green", "OUTSIDER_2000", horse=11)
    roll(state, ("red", "DOUBLE_HORSESHOE"))
    red = removed(state)["red"]
    use(state, "red", "DOUBLE_HORSESHOE", horse=11)
    assert state.row == [8, 22, 3, 5, 18, 20, 11]
    assert dice_on(state, 11) == [W, ("green", "OUTSIDER_2000")]
    assert removed(state)["red"] == red + 1


# --- S8 -----------------------------------------------------------------------------
def test_s8a_second_whip_disqualifies():
    state = a_slip_race()
    act(state, "red", "WHIP", horse=18)
    roll(state, ("red", "WHIP"))
    red = removed(state)["red"]
    use(state, "red", "WHIP", horse=18)
    assert state.row == [8, 22, 3, 5, 11, 20]
    assert removed(state)["red"] == red + 2
    assert state.view()["disqualified"] == [{"horse": 18, "slot": 5, "odds": 4}]
    finish_race(state)
    slip = state.results[0]["slips"][A]
    assert slip["win"][0] == {"horse": 18, "amount": 200, "odds": 4, "payout": 0}
    assert slip["place"][0]["payout"] == 0  # {11, 18} loses: 18 cannot finish


def test_s8b_no_whip_or_disqualification_on_a_sprinter():
    state = race_state(4, [8, 22, 3, 4, 18, 11, 20])
    roll(
        state,
        ("red", "WHIP"),
        ("black", "DISQUALIFIED"),
        ("green", "BLANK"),
        take=["green", "black", "red"],
    )
    assert 4 not in horse_targets(state, "red", "WHIP")
    assert 4 not in horse_targets(state, "black", "DISQUALIFIED")
    assert horse_targets(state, "red", "WHIP") == {8, 22, 3, 18, 11, 20}
    refused(state, {"type": "use", "colour": "red", "face": "WHIP", "horse": 4}, "sprinter")
    refused(
        state, {"type": "use", "colour": "black", "face": "DISQUALIFIED", "horse": 4}, "sprinter"
    )


def test_s8c_two_horses_left():
    state = two_horses_left(whip_on_11=True)
    assert dice_on(state, 11) == [("red", "WHIP")]
    pass_to(state, "black", "red")
    roll(state, ("red", "WHIP"), ("black", "DISQUALIFIED"))
    assert horse_targets(state, "red", "WHIP") == {20}
    assert horse_targets(state, "black", "DISQUALIFIED") == set()
    refused(state, {"type": "use", "colour": "red", "face": "WHIP", "horse": 11}, "fewer than 2")
    for h in (11, 20):
        refused(
            state,
            {"type": "use", "colour": "black", "face": "DISQUALIFIED", "horse": h},
            "fewer than 2",
        )
    use(state, "red", "WHIP", horse=20)
    assert state.row == [11, 20] and dice_on(state, 20) == [("red", "WHIP")]


# --- S9 -----------------------------------------------------------------------------
S9_TILES = [8, 22, 3, 5, 18, 12, 20]
HELMET = ("yellow", "HELMET")


def helmet_in_hand(tiles: list[int], *whites: int) -> FinishLineState:
    """A white die on each of ``whites``, then a HELMET rolled in the home stretch."""
    state = race_state(4, tiles)
    for horse in whites:
        act(state, "white", "HORSESHOE", horse=horse)
    home_stretch(state)
    roll(state, HELMET)
    return state


def test_s9a_helmet_on_rank_two_moves_one():
    state = helmet_in_hand(S9_TILES)
    yellow = removed(state)["yellow"]
    use(state, "yellow", "HELMET", horse=12)
    assert state.row == [8, 22, 3, 5, 18, 20, 12]
    assert removed(state)["yellow"] == yellow + 1


def test_s9b_helmet_targets():
    state = helmet_in_hand(S9_TILES)
    assert horse_targets(state, "yellow", "HELMET") == {12}
    refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": 18}, "favourite")
    refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": 20}, "leader")


def test_s9b_no_helmet_on_the_leader_even_with_a_white_die():
    # The leader 20 holds a white die (S25: it stays there), 18 holds one too: only
    # 18 and the favourite 12 may take the helmet, never the leader (P-Y1, R18).
    state = helmet_in_hand(S9_TILES, 20, 18)
    assert dice_on(state, 20) == [W] and ranks(state)[20] == 1
    assert horse_targets(state, "yellow", "HELMET") == {12, 18}
    refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": 20}, "leader")


def test_s9b_no_helmet_on_a_leading_favourite():
    state = helmet_in_hand([8, 22, 3, 5, 18, 20, 12], 18)
    assert ranks(state)[12] == 1
    assert horse_targets(state, "yellow", "HELMET") == {18}
    refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": 12}, "leader")


def test_s9cd_helmet_past_a_level_pair():
    state = level_pair((("white", "HORSESHOE", 3),))
    roll(state, HELMET)
    # (d) neither horse of the level pair
    assert horse_targets(state, "yellow", "HELMET") == {3}
    for h in (11, 20):
        refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": h}, "leader")
    before = removed(state)
    use(state, "yellow", "HELMET", horse=3)
    assert state.row == [8, 5, 11, 20, 3] and not state.nn
    assert ranks(state) == {3: 1, 20: 2, 11: 3, 5: 4, 8: 5}
    assert dice_on(state, 3) == []
    assert removed(state)["white"] == before["white"] + 1
    assert removed(state)["yellow"] == before["yellow"] + 1


def test_s9d_no_helmet_on_a_level_pair_holding_white_dice():
    # Both level horses could carry a helmet but for sharing the lead (R18).
    state = level_pair((("white", "HORSESHOE", 11), ("white", "HORSESHOE", 20)))
    roll(state, HELMET)
    assert dice_on(state, 11) == [W] and dice_on(state, 20) == [W]
    assert horse_targets(state, "yellow", "HELMET") == set()
    for h in (11, 20):
        refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": h}, "leader")


# --- S10 ----------------------------------------------------------------------------
def s10_state() -> FinishLineState:
    state = level_pair((("green", "OUTSIDER_3000", 11),))
    roll(state, ("yellow", "LOSS_OF_SPEED"))
    assert dice_on(state, 11) == [("green", "OUTSIDER_3000")]
    return state


def test_s10a_loss_of_speed_on_upper():
    state = s10_state()
    green = removed(state)["green"]
    use(state, "yellow", "LOSS_OF_SPEED", horse=11)
    assert state.row == [8, 3, 11, 5, 20] and not state.nn
    assert ranks(state)[20] == 1 and ranks(state)[5] == 2 and ranks(state)[11] == 3
    assert removed(state)["green"] == green + 1 and dice_on(state, 11) == []


def test_s10b_loss_of_speed_on_lower():
    state = s10_state()
    use(state, "yellow", "LOSS_OF_SPEED", horse=20)
    assert state.row == [8, 3, 20, 5, 11] and not state.nn
    assert (ranks(state)[11], ranks(state)[5], ranks(state)[20]) == (1, 2, 3)


def test_s10c_loss_of_speed_on_rank_two():
    state = s10_state()
    use(state, "yellow", "LOSS_OF_SPEED", horse=5)
    assert state.row == [5, 8, 3, 11, 20] and state.nn


def test_s10d_loss_of_speed_needs_two_behind():
    state = s10_state()
    assert horse_targets(state, "yellow", "LOSS_OF_SPEED") == {5, 11, 20}
    for h in (3, 8):
        refused(
            state, {"type": "use", "colour": "yellow", "face": "LOSS_OF_SPEED", "horse": h}, "2"
        )


# --- S11 ----------------------------------------------------------------------------
def test_s11_interference():
    state = level_pair()
    roll(state, ("yellow", "INTERFERENCE"))
    blocks = {
        frozenset(a["order"])
        for a in state.legal_actions()
        if a["type"] == "use" and a["face"] == "INTERFERENCE"
    }
    assert blocks == {frozenset({8, 3, 5}), frozenset({5, 11, 20})}
    refused(
        state,
        {"type": "use", "colour": "yellow", "face": "INTERFERENCE", "order": [3, 5, 11]},
        "adjacent",
    )
    use(state, "yellow", "INTERFERENCE", order=[20, 5, 11])
    assert state.row == [8, 3, 20, 5, 11] and not state.nn
    assert (ranks(state)[11], ranks(state)[5], ranks(state)[20]) == (1, 2, 3)


def test_s11_interference_with_two_horses():
    state = two_horses_left(whip_on_11=False)
    home_stretch(state)
    roll(state, ("yellow", "INTERFERENCE"))
    orders = [a["order"] for a in state.legal_actions() if a["type"] == "use"]
    assert orders == [[11, 20], [20, 11]]
    use(state, "yellow", "INTERFERENCE", order=[20, 11])
    assert state.row == [20, 11]


# --- S12 ----------------------------------------------------------------------------
def test_s12_insider_tip_on_the_final_turn():
    # B plays the race's 25th turn; the fillers before leave one white die in the pool
    # and pass B a black and a white die. (The removed area holds more than the spec's
    # 5 white, 1 red and 4 yellow: the fillers discarded where the spec placed dice.)
    state = race_state(4, start=B)
    steer(state, {"black": 1, "white": 2})
    pass_to(state, "black", "white")
    assert state.current_player() == B and hand(state) == ["white", "black"]
    assert state.view()["pool"] == {"white": 1, "green": 0, "black": 0, "red": 0, "yellow": 0}
    roll(state, ("black", "INSIDER_TIP"), ("white", "BLANK"), ("white", "BLANK"), take="white")
    assert state.pool_size() == 0
    before = removed(state)
    use(state, "black", "INSIDER_TIP", colours=["white", "red"])
    assert state.view()["pool"] == {"white": 1, "green": 0, "black": 0, "red": 1, "yellow": 0}
    after = removed(state)
    assert after["black"] == before["black"] + 1
    assert (after["white"], after["red"]) == (before["white"] - 1, before["red"] - 1)
    assert state.phase == Phase.TAKE and state.current_player() == C  # not over
    assert hand(state) == ["white", "white"]
    assert state.legal_actions() == [{"type": "take", "colour": "red"}]  # two-colour rule
    idle(state, take="red")
    assert state.view()["pool"] == {"white": 1, "green": 0, "black": 0, "red": 0, "yellow": 0}
    assert state.current_player() == D and state.phase == Phase.TAKE
    events = idle(state)
    assert any(e["type"] == "dice_phase_over" for e in events)
    assert len(state.results) == 1  # the dice phase ended after D's turn


def test_s12b_fewer_than_two_dice_to_return():
    # j = min(2, removed): on the first turn nothing lies in the removed area yet, on
    # the second exactly the one die the first turn discarded.
    state = race_state(4)
    roll(state, ("black", "INSIDER_TIP"), take=["white", "black", "red"])
    insider = [a for a in state.legal_actions() if a["type"] == "use"]
    assert {"type": "use", "colour": "black", "face": "INSIDER_TIP", "colours": []} in insider
    assert not [a for a in insider if a["face"] == "INSIDER_TIP" and a["colours"]]
    discard(state, "red", "BLANK")
    assert removed(state) == {"white": 0, "green": 0, "black": 0, "red": 1, "yellow": 0}
    roll(state, ("black", "INSIDER_TIP"))
    insider = [a for a in state.legal_actions() if a.get("face") == "INSIDER_TIP"]
    tip = {"type": "use", "colour": "black", "face": "INSIDER_TIP", "colours": ["red"]}
    assert insider[0] == tip
    pool = state.pool_size()
    use(state, "black", "INSIDER_TIP", colours=["red"])
    assert state.pool_size() == pool + 1 and removed(state)["red"] == 0


def test_s12b_empty_removed_area_on_the_final_turn():
    # The spec's own artificial fixture: a removed area with no die at the race's final
    # turn breaks dice conservation (the 24 dice used so far cannot all lie on tiles or
    # be held), so this position cannot be played to and is set directly.
    state = race_state(4)
    state.pool = {c: 0 for c in COLOURS}
    state.pool["white"] = 1
    state.removed = {c: 0 for c in COLOURS}
    state.turn = state.hand_seat = B
    state.turns = 20
    state.hand = [["white", None], ["black", None]]
    state.phase = Phase.TAKE
    state.apply({"type": "take", "colour": "white"})
    for colour, face in (("white", "BLANK"), ("white", "BLANK"), ("black", "INSIDER_TIP")):
        state.apply({"type": "roll", "colour": colour, "face": face})
    insider = [
        a for a in state.legal_actions() if a["type"] == "use" and a["face"] == "INSIDER_TIP"
    ]
    assert insider == [{"type": "use", "colour": "black", "face": "INSIDER_TIP", "colours": []}]
    events = use(state, "black", "INSIDER_TIP", colours=[])
    assert any(e["type"] == "dice_phase_over" for e in events)
    assert len(state.results) == 1 and state.race == 2


# --- S13 ----------------------------------------------------------------------------
def takes(pool: dict[str, int], passed: tuple[str, str]) -> list[str]:
    """The colours B may take with ``pool`` left and ``passed`` in hand, played to."""
    state = race_state(4)
    extra = dict(pool)
    for colour in passed:
        extra[colour] = extra.get(colour, 0) + 1
    steer(state, extra)  # the two fillers of pass_to take the passed dice
    pass_to(state, *passed)
    assert state.view()["pool"] == {c: pool.get(c, 0) for c in COLOURS}
    assert sorted(hand(state)) == sorted(passed)
    return [a["colour"] for a in state.legal_actions()]


def test_s13_taking_dice():
    assert takes({"white": 4, "yellow": 4, "red": 1}, ("white", "white")) == ["red"]  # (a)
    assert takes({"white": 5, "yellow": 4}, ("white", "white")) == ["white"]  # (b)
    assert takes({"white": 3, "yellow": 4}, ("white", "white")) == ["yellow"]  # (c)
    assert takes({"white": 3, "yellow": 4}, ("white", "red")) == ["white", "yellow"]  # (d)


def test_s13b_yellow_locked_reason():
    state = race_state(4)
    steer(state, {"white": 7, "yellow": 4})
    pass_to(state, "white", "white")
    refused(state, {"type": "take", "colour": "yellow"}, "home stretch")


def test_s13e_first_turn():
    state = race_state(4)
    refused(state, {"type": "take_first", "colours": ["white", "white", "white"]}, "2 different")
    refused(state, {"type": "take_first", "colours": ["white", "red", "yellow"]}, "yellow")
    refused(state, {"type": "take_first", "colours": ["white", "yellow", "yellow"]}, "yellow")
    assert {"type": "take_first", "colours": ["white", "white", "red"]} in state.legal_actions()
    assert all("yellow" not in a["colours"] for a in state.legal_actions())
    decide(state, {"type": "take_first", "colours": ["white", "white", "red"]})
    assert state.phase == Phase.ROLL and state.pool["white"] == 11 and state.pool["red"] == 5


# --- S14 ----------------------------------------------------------------------------
def test_s14a_side_bet_skips_the_next_player():
    state = race_state(4)
    idle(state, pass_on=("white", "red"))  # A passes white and red to B
    act(state, "green", "SIDE_BET")
    assert state.ledger == [0, 500, -500, 0]
    assert state.current_player() == D and state.hand_seat == D
    assert hand(state) == ["white", "red"]


def test_s14b_side_bet_with_two_players():
    state = race_state(2)
    roll(state, ("green", "SIDE_BET"), take=["white", "green", "red"])
    use(state, "green", "SIDE_BET")
    assert state.ledger == [500, -500]
    assert state.current_player() == A and state.phase == Phase.TAKE
    assert hand(state) == ["white", "red"]


def test_s14c_side_bet_on_the_final_turn():
    state = race_state(4)
    steer(state, {"green": 1})  # A's 25th turn takes the last die, a green one
    assert state.current_player() == A and state.turns == 25
    act(state, "green", "SIDE_BET")
    assert len(state.results) == 1 and state.ledger == [500, -500, 0, 0]


# --- S15 ----------------------------------------------------------------------------
def s15_state(b_holds_both: bool) -> FinishLineState:
    """S1 lineup, C starts (so C also takes the 25th, last turn); a white die on 5;
    B and D (or B alone) keep EXTRA_TURN dice; then the dice phase ends."""
    state = race_state(4, start=C)
    act(state, "white", "HORSESHOE", horse=5)  # C
    idle_until(state, B)
    act(state, "black", "EXTRA_TURN")
    if b_holds_both:
        idle_until(state, B)
    else:
        idle_until(state, D)
    act(state, "black", "EXTRA_TURN")
    finish = state.view()
    assert finish["held"] == ([0, 2, 0, 0] if b_holds_both else [0, 1, 0, 1])
    while state.phase != Phase.EXTRA:
        idle(state)
    assert state.last_turn == C and dice_on(state, 5) == [W]
    return state


def test_s15_extra_turns():
    state = s15_state(b_holds_both=False)
    assert state.view()["extra_queue"] == [D, B]  # D, A (none), B, C (none)
    assert state.current_player() == D
    before = removed(state)
    events = decide(state, {"type": "extra", "horse": 5})
    assert state.row == [8, 22, 3, 18, 5, 11, 20]
    # The event names the order before and after, so the table can slide the tiles.
    assert events[0]["before"] == [8, 22, 3, 5, 18, 11, 20]
    assert events[0]["row"] == state.row
    after = removed(state)
    assert (after["white"], after["black"]) == (before["white"] + 1, before["black"] + 1)
    assert dice_on(state, 5) == []
    assert state.current_player() == B
    events = decide(state, {"type": "extra", "horse": 22})
    assert events[0]["row"] == [8, 22, 3, 18, 5, 11, 20]  # 22 does not move
    result = state.results[0]
    assert (result["winner"], result["second"]) == (20, 11)
    assert result["finish"] == [20, 11, 5, 18, 3, 22, 8]


def test_s15_two_extra_dice_pair_up():
    state = s15_state(b_holds_both=True)
    assert state.view()["extra_queue"] == [B, B]
    decide(state, {"type": "extra", "horse": 11})
    assert dice_on(state, 11) == [("black", "EXTRA_TURN")]
    decide(state, {"type": "extra", "horse": 11})
    assert state.results[0]["finish"][:2] == [11, 20]


# --- S16 ----------------------------------------------------------------------------
def test_s16_photo_finish():
    state = race_state(4)
    home_stretch(state)
    act(state, "yellow", "NECK_AND_NECK")
    finish_race(state)
    assert state.phase == Phase.PHOTO and state.is_chance()
    photo(state, 4, 4)
    assert state.phase == Phase.PHOTO and state.view()["photo"] == [[4, 4]]
    photo(state, 3, 5)
    result = state.results[0]
    assert (result["winner"], result["second"]) == (20, 11)
    assert result["photo"] == [[4, 4], [3, 5]]
    upper = sum(p for a, b, p in PHOTO_OUTCOMES if a > b)
    lower = sum(p for a, b, p in PHOTO_OUTCOMES if b > a)
    assert upper == pytest.approx(lower) and upper / (upper + lower) == pytest.approx(0.5)


# --- S17 ----------------------------------------------------------------------------
S17_SLIPS = {
    A: [win(11, 100), place(5, 20, 100)],
    B: [place(5, 11, 100)],
    C: [win(5, 100), place(11, 20, 200), place(5, 18, 100)],
    D: [],
}


def s17_payouts(strict: bool = False, c_slip: list[dict[str, Any]] | None = None) -> list[int]:
    state = betting_state(4, strict_outsider=strict)
    slips = dict(S17_SLIPS)
    if c_slip is not None:
        slips[C] = c_slip
    bet(state, slips)
    act(state, "green", "OUTSIDER_3000", horse=11)
    act(state, "green", "OUTSIDER_1000", horse=5)
    act(state, "red", "DOUBLE_HORSESHOE", horse=11)
    act(state, "red", "DOUBLE_HORSESHOE", horse=5)
    act(state, "red", "DOUBLE_HORSESHOE", horse=5)
    assert state.row == [8, 22, 3, 18, 20, 5, 11]
    finish_race(state)
    assert state.results[0]["outsiders"] == [
        {"horse": 5, "amount": 1000},
        {"horse": 11, "amount": 3000},
    ]
    return [s["payout"] for s in state.results[0]["slips"]]


def test_s17_outsider_bonuses():
    assert s17_payouts() == [3800, 2800, 2000, 0]


def test_s17_bonus_once_per_player_per_die():
    c_slip = [place(11, 20, 100), place(11, 18, 100)]
    assert s17_payouts(c_slip=c_slip)[C] == 1500


def test_s17_strict_outsider_variant():
    payouts = s17_payouts(strict=True)
    assert payouts[A] == 3300 and payouts[C] == 0 and payouts[B] == 2800


# --- S18 ----------------------------------------------------------------------------
# Race 1 slips that leave the money of S18 once 11 (s6, 3x) has won: a win bet of x
# on it turns 1000 into 1000 + 2x; a bet on 8 is lost.
S18_SLIPS = {
    "a": {A: [win(11, 700)], B: [win(11, 100)], C: [win(8, 200)], D: [win(11, 700)]},
    "b": {B: [win(11, 700)], C: [win(8, 1000)], D: [win(11, 700)]},
    "c": {B: [win(11, 800)], C: [win(8, 1000)], D: [win(11, 700)]},
}
S18_MONEY = {"a": [2400, 1200, 800, 2400], "b": [1000, 2400, 0, 2400], "c": [1000, 2600, 0, 2400]}


@pytest.mark.parametrize(("case", "expected"), [("a", D), ("b", D), ("c", B)])
def test_s18_start_player_tie_break(case: str, expected: int):
    state = betting_state(4, start=B)
    bet(state, S18_SLIPS[case])
    act(state, "red", "DOUBLE_HORSESHOE", horse=11)  # B: 11 leads
    # C's side bet makes D's ledger -500: counted, it would break the tie in (a).
    idle_until(state, C)
    act(state, "green", "SIDE_BET")
    finish_race(state)
    assert state.results[0]["winner"] == 11
    assert state.results[0]["money"] == S18_MONEY[case]
    assert state.ledger == [0, 0, 500, -500]
    assert state.race == 2 and state.start_player == expected
    assert state.current_player() == -1  # lineup draws follow
    draw(state, (1, 2, 4, 6, 7, 9, 10))
    assert state.current_player() == expected


# --- S19 ----------------------------------------------------------------------------
def test_s19_game_end():
    # Races 1 and 2 without bets: 1000 + 2000 + 3000 = 6000 each before race 3. Six side
    # bets (every green die of the game) make the ledgers: D three, A two, C one.
    state = race_state(4)
    side_bets = {1: [D, D], 2: [D, A], 3: [A, C]}
    lineups = {2: [1, 2, 4, 6, 7, 9, 10], 3: [12, 13, 14, 15, 16, 17, 19]}
    for race in (1, 2, 3):
        if race > 1:
            draw(state, lineups[race])
            w, s = lineups[race][5], lineups[race][6]  # s6 (3x) and s7 (2x)
            slips: dict[int, list[dict[str, Any]]] = {}
            if race == 3:
                assert state.money == [6000] * 4
                # Money after race 3: A 15300, B 0, C 14300, D 9000 (s6 wins, s7 second).
                lost = lineups[3][0]
                slips = {
                    A: [win(w, 700), place(w, s, 2000), win(lost, 100)],
                    B: [win(lost, 6000)],
                    C: [win(w, 200), place(w, s, 2000), win(lost, 100)],
                    D: [win(w, 500), place(w, s, 500)],
                }
            bet(state, slips)
        for seat in side_bets[race]:
            idle_until(state, seat)
            act(state, "green", "SIDE_BET")
        if race == 3:
            act(state, "white", "HORSESHOE", horse=lineups[3][5])  # s6 passes s7: 3x wins
            act(state, "white", "HORSESHOE", horse=lineups[3][5])
        finish_race(state)
    assert state.is_terminal()
    assert state.results[2]["money"] == [15300, 0, 14300, 9000]
    assert state.ledger == [-500, -1000, 500, 1000]
    assert state.scores() == [14800, -1000, 14800, 10000]
    assert state.winners() == [A, C]
    assert state.ranking() == [1, 4, 1, 3]
    assert state.view()["totals"] == [14800, -1000, 14800, 10000]


# --- S20 ----------------------------------------------------------------------------
def play_race(
    n: int, side_bet_turn: int | None = None
) -> tuple[int, list[int], list[bool], list[int]]:
    """A race without Insider tips; returns turns, pool sizes before each draw,
    whether yellow was takeable at each draw, and the seat of every turn."""
    state = race_state(n)
    pools: list[int] = []
    yellow: list[bool] = []
    seats: list[int] = []
    while state.race == 1:
        if state.phase in (Phase.TAKE_FIRST, Phase.TAKE):
            seats.append(state.turn)
            if state.phase == Phase.TAKE:
                pools.append(state.pool_size())
                yellow.append("yellow" in state.takeable())
            state.apply(state.legal_actions()[0])
        elif state.phase == Phase.ROLL:
            colour = next(c for c, f in state.hand if f is None)
            face = "SIDE_BET" if colour == "green" else "BLANK"
            face = {"black": "EXTRA_TURN", "yellow": "HELMET"}.get(colour, face)
            state.apply({"type": "roll", "colour": colour, "face": face})
        elif state.phase == Phase.USE:
            side = {"type": "use", "colour": "green", "face": "SIDE_BET"}
            if state.turns == side_bet_turn and side in state.legal_actions():
                state.apply(side)
            else:
                discard(state, state.hand[0][0], state.hand[0][1])
        else:
            state.apply(state.legal_actions()[-1])
    return len(seats), pools, yellow, seats


def test_s20a_four_players_25_turns():
    turns, pools, yellow, _ = play_race(4)
    assert turns == 25
    assert pools == [26 - t for t in range(2, 26)]
    assert yellow == [t >= 19 for t in range(2, 26)]


def test_s20b_two_players_21_turns():
    turns, pools, yellow, _ = play_race(2)
    assert turns == 21
    assert pools == [22 - t for t in range(2, 22)]
    assert yellow == [t >= 15 for t in range(2, 22)]


def test_s20c_side_bet_changes_players_not_turns():
    base = play_race(4)
    turns, pools, _, seats = play_race(4, side_bet_turn=1)
    assert turns == 25 and pools == base[1]
    assert seats[:2] == [0, 2] and base[3][:2] == [0, 1]


# --- S21 ----------------------------------------------------------------------------
S21_TILES = [8, 22, 3, 12, 18, 11, 20]


def test_s21a_change_of_pace_to_a_favourite():
    state = race_state(4, S21_TILES)
    act(state, "white", "HORSESHOE", horse=11)
    roll(state, ("black", "CHANGE_OF_PACE"))
    before = removed(state)
    use(state, "black", "CHANGE_OF_PACE", **{"from": 11, "to": 12})
    assert state.row == [8, 22, 3, 18, 12, 11, 20]
    assert dice_on(state, 11) == [] and dice_on(state, 12) == []
    after = removed(state)
    assert (after["white"], after["black"]) == (before["white"] + 1, before["black"] + 1)


def test_s21b_change_of_pace_makes_a_pair():
    state = race_state(4, S21_TILES)
    act(state, "white", "HORSESHOE", horse=11)
    act(state, "white", "HORSESHOE", horse=18)
    roll(state, ("black", "CHANGE_OF_PACE"))
    white = removed(state)["white"]
    use(state, "black", "CHANGE_OF_PACE", **{"from": 11, "to": 18})
    assert state.row == [8, 22, 3, 12, 11, 18, 20]
    assert removed(state)["white"] == white + 2
    assert dice_on(state, 18) == [] and dice_on(state, 11) == []


def test_s21c_never_from_a_sprinter():
    state = race_state(4, [8, 22, 3, 4, 18, 11, 20])
    act(state, "white", "HORSESHOE", horse=4)
    roll(state, ("black", "CHANGE_OF_PACE"))
    assert not [
        a for a in state.legal_actions() if a["type"] == "use" and a["face"] == "CHANGE_OF_PACE"
    ]
    refused(
        state,
        {"type": "use", "colour": "black", "face": "CHANGE_OF_PACE", "from": 4, "to": 20},
        "sprinter",
    )


# --- S22 ----------------------------------------------------------------------------
def test_s22_disqualifying_a_level_horse():
    state = level_pair()
    act(state, "black", "DISQUALIFIED", horse=20)
    assert state.row == [8, 3, 5, 11] and not state.nn and state.nn_used
    assert ranks(state)[11] == 1


# --- S23 ----------------------------------------------------------------------------
def test_s23_two_player_setup():
    state = new_state(2)
    view = state.view()
    assert view["pool"] == {"white": 11, "green": 2, "black": 2, "red": 5, "yellow": 3}
    assert view["pool_size"] == 23 and sum(view["out_of_game"].values()) == 4
    state = race_state(2)
    finish_race(state)
    view = state.view()
    assert state.race == 2 and view["pool_size"] == 23 and sum(view["out_of_game"].values()) == 4


# --- S24 ----------------------------------------------------------------------------
def test_s24_all_blanks():
    state = race_state(4)
    idle(state, take=["white", "green", "red"], pass_on=("green", "red"))  # A passes to B
    roll(state, ("white", "LOGO"), ("red", "BLANK"), ("green", "BLANK"), take="white")
    assert state.legal_actions() == [
        {"type": "discard", "colour": "white", "face": "LOGO"},
        {"type": "discard", "colour": "green", "face": "BLANK"},
        {"type": "discard", "colour": "red", "face": "BLANK"},
    ]
    refused(state, {"type": "use", "colour": "white", "face": "LOGO"}, "only be discarded")
    row, red = list(state.row), removed(state)["red"]
    discard(state, "red", "BLANK")
    assert removed(state)["red"] == red + 1 and state.row == row
    assert hand(state) == ["white", "green"] and state.current_player() == C


# --- S25 ----------------------------------------------------------------------------
def test_s25_horseshoe_on_the_sole_leader():
    state = race_state(4)
    act(state, "white", "HORSESHOE", horse=20)
    assert dice_on(state, 20) == [W]
    roll(state, W)
    white = removed(state)["white"]
    use(state, "white", "HORSESHOE", horse=20)
    assert state.row == S1_TILES and dice_on(state, 20) == []
    assert removed(state)["white"] == white + 2
