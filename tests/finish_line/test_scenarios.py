"""Acceptance scenarios S1–S25 of the Finish Line spec (§8), played through ``apply``.

Positions are set up by playing the real opening (start player, tile draws, bet
slips) through the contract and then placing the row, dice, hand and money of the
scenario on the plain state attributes. Every roll, use, discard, extra turn,
photo finish and settlement of a scenario then happens through ``State.apply``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames.core import IllegalAction
from pygames.finish_line import GAME
from pygames.finish_line.data import COLOUR_INDEX, COLOURS
from pygames.finish_line.state import PHOTO_OUTCOMES, FinishLineState

NAMES = ["A", "B", "C", "D"]
A, B, C, D = range(4)
S1_TILES = [8, 22, 3, 5, 18, 11, 20]
W = ("white", "HORSESHOE")


# --- helpers (also used by the other test files) -------------------------------------
def new_state(n: int = 4, **options: bool) -> FinishLineState:
    state = GAME.new_state(NAMES[:n], options)
    assert isinstance(state, FinishLineState)
    return state


def betting_state(
    n: int = 4, tiles: list[int] | None = None, start: int = 0, **options: bool
) -> FinishLineState:
    """Race 1, betting open: ``start`` is the start player, tiles drawn s1…s7."""
    state = new_state(n, **options)
    state.apply({"type": "start_player", "seat": start})
    for tile in tiles or S1_TILES:
        state.apply({"type": "draw_tile", "tile": tile})
    assert state.phase == "betting" and state.current_player() == start
    return state


def close_betting(state: FinishLineState) -> None:
    while state.phase == "betting":
        state.apply({"type": "bet_done"})


def race_state(
    n: int = 4, tiles: list[int] | None = None, start: int = 0, **options: bool
) -> FinishLineState:
    """Race 1 after empty slips: the start player must take the first 3 dice."""
    state = betting_state(n, tiles, start, **options)
    close_betting(state)
    assert state.phase == "take_first"
    return state


def position(
    state: FinishLineState,
    row: list[int],
    dice: dict[int, list[tuple[str, str]]] | None = None,
    nn: bool = False,
    nn_used: bool | None = None,
) -> None:
    """Place a row (back→front) with dice on its tiles."""
    dice = dice or {}
    state.row = list(row)
    state.dice = [[list(d) for d in dice.get(h, [])] for h in row]
    state.nn = nn
    state.nn_used = nn if nn_used is None else nn_used


def roll(state: FinishLineState, seat: int, faces: list[tuple[str, str]]) -> None:
    """``seat`` holds 3 dice and rolls ``faces`` (forced CH-ROLL nodes, colour order)."""
    state.turn = seat
    state.hand_seat = seat
    state.hand = sorted(([c, None] for c, _ in faces), key=lambda d: COLOUR_INDEX[d[0]])
    state.phase = "roll"
    for colour, face in sorted(faces, key=lambda d: COLOUR_INDEX[d[0]]):
        assert state.is_chance()
        state.apply({"type": "roll", "colour": colour, "face": face})
    assert state.phase == "use" and state.current_player() == seat


def use(state: FinishLineState, colour: str, face: str, **targets: Any) -> list[dict[str, Any]]:
    return state.apply({"type": "use", "colour": colour, "face": face, **targets})


def discard(state: FinishLineState, colour: str, face: str) -> list[dict[str, Any]]:
    return state.apply({"type": "discard", "colour": colour, "face": face})


def empty_pool(state: FinishLineState) -> None:
    state.pool = {c: 0 for c in COLOURS}


def ranks(state: FinishLineState) -> dict[int, int]:
    return {int(h): r for h, r in state.view()["ranks"].items()}


def dice_of(state: FinishLineState, horse: int) -> list[list[str]]:
    return state.dice[state.row.index(horse)]


def refused(state: FinishLineState, action: dict[str, Any], reason: str = "") -> str:
    """``apply`` refuses ``action`` (with ``reason`` in the message); state unchanged."""
    before = json.dumps(state.to_json(), sort_keys=True)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalAction, match=reason) as info:
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return str(info.value)


def horse_targets(state: FinishLineState, colour: str, face: str) -> set[int]:
    return {
        a["horse"]
        for a in state.legal_actions()
        if a["type"] == "use" and a["colour"] == colour and a["face"] == face
    }


A_SLIP = [
    {"type": "bet_win", "horse": 18, "amount": 200},
    {"type": "bet_win", "horse": 3, "amount": 100},
    {"type": "bet_win", "horse": 11, "amount": 400},
    {"type": "bet_place", "horses": [11, 18], "amount": 200},
    {"type": "bet_place", "horses": [11, 20], "amount": 100},
]


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
    state = race_state(4)
    position(state, [18, 11, 5, 20], {11: [W]})
    roll(state, B, [("white", "HORSESHOE"), ("red", "BLANK"), ("green", "BLANK")])
    removed = state.removed["white"]
    use(state, "white", "HORSESHOE", horse=11)
    assert state.row == [18, 5, 11, 20]
    assert state.removed["white"] == removed + 2
    assert dice_of(state, 11) == []
    assert state.current_player() == C and state.phase == "take"
    assert [c for c, _ in state.hand] == ["green", "red"]


# --- S4 -----------------------------------------------------------------------------
def test_s4_neck_and_neck_then_broken():
    state = race_state(4)
    position(state, [18, 5, 11, 20])
    roll(state, B, [("yellow", "NECK_AND_NECK"), ("white", "BLANK"), ("red", "BLANK")])
    use(state, "yellow", "NECK_AND_NECK")
    assert state.nn and state.nn_used and state.row == [18, 5, 11, 20]
    assert ranks(state) == {11: 1, 20: 1, 5: 2, 18: 3}
    after_nn = state.to_json()
    roll(state, C, [("red", "DOUBLE_HORSESHOE"), ("white", "BLANK"), ("green", "BLANK")])
    red = state.removed["red"]
    use(state, "red", "DOUBLE_HORSESHOE", horse=5)
    assert state.row == [18, 11, 20, 5] and not state.nn
    assert ranks(state) == {5: 1, 20: 2, 11: 3, 18: 4}
    assert state.removed["red"] == red + 1
    # The same final row with a second white horseshoe on 5.
    other = FinishLineState.from_json(after_nn)
    other.dice[other.row.index(5)] = [list(W)]
    roll(other, C, [("white", "HORSESHOE"), ("red", "BLANK"), ("green", "BLANK")])
    use(other, "white", "HORSESHOE", horse=5)
    assert other.row == [18, 11, 20, 5] and not other.nn
    # Later in the race NECK_AND_NECK can only be discarded.
    roll(state, D, [("yellow", "NECK_AND_NECK"), ("white", "BLANK"), ("red", "BLANK")])
    refused(state, {"type": "use", "colour": "yellow", "face": "NECK_AND_NECK"}, "already")
    assert {"type": "discard", "colour": "yellow", "face": "NECK_AND_NECK"} in (
        state.legal_actions()
    )


# --- S5 -----------------------------------------------------------------------------
def settle_with_row(state: FinishLineState, row: list[int], **kw: Any) -> None:
    """Finish the dice phase: a final turn with an empty pool, the die discarded."""
    position(state, row, kw.get("dice"), kw.get("nn", False))
    empty_pool(state)
    roll(state, kw.get("seat", B), [("white", "BLANK"), ("red", "BLANK"), ("green", "BLANK")])
    discard(state, "white", "BLANK")


def a_slip_race() -> FinishLineState:
    state = betting_state(4)
    for action in A_SLIP:
        state.apply(action)
    close_betting(state)
    return state


def test_s5_settlement_and_next_capital():
    state = a_slip_race()
    assert state.money[A] == 0
    settle_with_row(state, [18, 20, 5, 11])
    result = state.results[0]
    assert (result["winner"], result["second"]) == (11, 5)
    slip = result["slips"][A]
    assert [w["payout"] for w in slip["win"]] == [0, 0, 1200]
    assert [p["payout"] for p in slip["place"]] == [0, 0]
    assert slip["payout"] == 1200 and result["money"][A] == 1200
    assert state.race == 2 and state.money[A] == 3200  # +2000 before race 2


def test_s5_counterfactual_place_pays():
    state = a_slip_race()
    settle_with_row(state, [20, 5, 18, 11])
    assert state.results[0]["slips"][A]["payout"] == 1200 + 1400
    assert state.results[0]["money"][A] == 2600


# --- S6, S7 -----------------------------------------------------------------------------
def test_s6_favourite_moves_with_one_horseshoe():
    state = race_state(4, [8, 22, 3, 12, 18, 11, 20])
    roll(state, B, [W, ("red", "BLANK"), ("green", "BLANK")])
    removed = state.removed["white"]
    use(state, "white", "HORSESHOE", horse=12)
    assert state.row == [8, 22, 3, 18, 12, 11, 20]
    assert dice_of(state, 12) == [] and state.removed["white"] == removed + 1


def test_s7_double_horseshoe_keeps_dice():
    state = race_state(4)
    position(state, S1_TILES, {11: [W, ("green", "OUTSIDER_2000")]})
    roll(state, B, [("red", "DOUBLE_HORSESHOE"), ("white", "BLANK"), ("green", "BLANK")])
    red = state.removed["red"]
    use(state, "red", "DOUBLE_HORSESHOE", horse=11)
    assert state.row == [8, 22, 3, 5, 18, 20, 11]
    assert dice_of(state, 11) == [["white", "HORSESHOE"], ["green", "OUTSIDER_2000"]]
    assert state.removed["red"] == red + 1


# --- S8 -----------------------------------------------------------------------------
def test_s8a_second_whip_disqualifies():
    state = a_slip_race()
    position(state, S1_TILES, {18: [("red", "WHIP")]})
    roll(state, B, [("red", "WHIP"), ("white", "BLANK"), ("green", "BLANK")])
    red = state.removed["red"]
    use(state, "red", "WHIP", horse=18)
    assert state.row == [8, 22, 3, 5, 11, 20]
    assert state.removed["red"] == red + 2
    assert state.view()["disqualified"] == [{"horse": 18, "slot": 5, "odds": 4}]
    settle_with_row(state, [8, 22, 3, 5, 11, 20])
    slip = state.results[0]["slips"][A]
    assert slip["win"][0] == {"horse": 18, "amount": 200, "odds": 4, "payout": 0}
    assert slip["place"][0]["payout"] == 0  # {11, 18} loses: 18 cannot finish


def test_s8b_no_whip_or_disqualification_on_a_sprinter():
    state = race_state(4, [8, 22, 3, 4, 18, 11, 20])
    roll(state, B, [("red", "WHIP"), ("black", "DISQUALIFIED"), ("green", "BLANK")])
    assert 4 not in horse_targets(state, "red", "WHIP")
    assert 4 not in horse_targets(state, "black", "DISQUALIFIED")
    assert horse_targets(state, "red", "WHIP") == {8, 22, 3, 18, 11, 20}
    refused(state, {"type": "use", "colour": "red", "face": "WHIP", "horse": 4}, "sprinter")
    refused(
        state, {"type": "use", "colour": "black", "face": "DISQUALIFIED", "horse": 4}, "sprinter"
    )


def test_s8c_two_horses_left():
    state = race_state(4)
    position(state, [11, 20], {11: [("red", "WHIP")]})
    roll(state, B, [("red", "WHIP"), ("black", "DISQUALIFIED"), ("green", "BLANK")])
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
    assert state.row == [11, 20] and dice_of(state, 20) == [["red", "WHIP"]]


# --- S9 -----------------------------------------------------------------------------
S9_TILES = [8, 22, 3, 5, 18, 12, 20]


def test_s9a_helmet_on_rank_two_moves_one():
    state = race_state(4, S9_TILES)
    roll(state, B, [("yellow", "HELMET"), ("white", "BLANK"), ("red", "BLANK")])
    yellow = state.removed["yellow"]
    use(state, "yellow", "HELMET", horse=12)
    assert state.row == [8, 22, 3, 5, 18, 20, 12]
    assert state.removed["yellow"] == yellow + 1


def test_s9b_helmet_targets():
    state = race_state(4, S9_TILES)
    roll(state, B, [("yellow", "HELMET"), ("white", "BLANK"), ("red", "BLANK")])
    assert horse_targets(state, "yellow", "HELMET") == {12}
    refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": 18}, "favourite")
    refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": 20}, "leader")


def test_s9cd_helmet_past_a_level_pair():
    state = race_state(4, [8, 3, 5, 11, 20, 22, 18])
    position(state, [8, 3, 5, 11, 20], {3: [W]}, nn=True)
    roll(state, B, [("yellow", "HELMET"), ("white", "BLANK"), ("red", "BLANK")])
    # (d) neither horse of the level pair
    for h in (11, 20):
        refused(state, {"type": "use", "colour": "yellow", "face": "HELMET", "horse": h}, "leader")
    white, yellow = state.removed["white"], state.removed["yellow"]
    use(state, "yellow", "HELMET", horse=3)
    assert state.row == [8, 5, 11, 20, 3] and not state.nn
    assert ranks(state) == {3: 1, 20: 2, 11: 3, 5: 4, 8: 5}
    assert dice_of(state, 3) == []
    assert (state.removed["white"], state.removed["yellow"]) == (white + 1, yellow + 1)


# --- S10 ----------------------------------------------------------------------------
S10_TILES = [8, 3, 5, 11, 20, 22, 18]


def s10_state() -> FinishLineState:
    state = race_state(4, S10_TILES)
    position(state, [8, 3, 5, 11, 20], {11: [("green", "OUTSIDER_3000")]}, nn=True)
    roll(state, B, [("yellow", "LOSS_OF_SPEED"), ("white", "BLANK"), ("red", "BLANK")])
    return state


def test_s10a_loss_of_speed_on_upper():
    state = s10_state()
    green = state.removed["green"]
    use(state, "yellow", "LOSS_OF_SPEED", horse=11)
    assert state.row == [8, 3, 11, 5, 20] and not state.nn
    assert ranks(state)[20] == 1 and ranks(state)[5] == 2 and ranks(state)[11] == 3
    assert state.removed["green"] == green + 1 and dice_of(state, 11) == []


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
    state = race_state(4, S10_TILES)
    position(state, [8, 3, 5, 11, 20], nn=True)
    roll(state, B, [("yellow", "INTERFERENCE"), ("white", "BLANK"), ("red", "BLANK")])
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
    state = race_state(4)
    position(state, [11, 20])
    roll(state, B, [("yellow", "INTERFERENCE"), ("white", "BLANK"), ("red", "BLANK")])
    orders = [a["order"] for a in state.legal_actions() if a["type"] == "use"]
    assert orders == [[11, 20], [20, 11]]
    use(state, "yellow", "INTERFERENCE", order=[20, 11])
    assert state.row == [20, 11]


# --- S12 ----------------------------------------------------------------------------
def s12_state(removed: dict[str, int]) -> FinishLineState:
    state = race_state(4)
    state.pool = {c: 0 for c in COLOURS}
    state.pool["white"] = 1
    state.removed = {c: removed.get(c, 0) for c in COLOURS}
    state.turn = state.hand_seat = B
    state.turns = 20
    state.hand = [["white", None], ["black", None]]
    state.phase = "take"
    assert state.legal_actions() == [{"type": "take", "colour": "white"}]
    state.apply({"type": "take", "colour": "white"})
    assert state.pool_size() == 0
    for colour, face in (("white", "BLANK"), ("white", "BLANK"), ("black", "INSIDER_TIP")):
        state.apply({"type": "roll", "colour": colour, "face": face})
    return state


def test_s12_insider_tip_on_the_final_turn():
    state = s12_state({"white": 5, "red": 1, "yellow": 4})
    use(state, "black", "INSIDER_TIP", colours=["white", "red"])
    assert state.pool["white"] == 1 and state.pool["red"] == 1 and state.pool_size() == 2
    assert state.removed["black"] == 1 and state.removed["white"] == 4
    assert state.phase == "take" and state.current_player() == C
    assert state.hand == [["white", None], ["white", None]]
    assert state.legal_actions() == [{"type": "take", "colour": "red"}]  # two-colour rule
    state.apply({"type": "take", "colour": "red"})
    for colour, face in (("white", "BLANK"), ("white", "BLANK"), ("red", "BLANK")):
        state.apply({"type": "roll", "colour": colour, "face": face})
    discard(state, "red", "BLANK")
    assert state.pool == {"white": 1, "green": 0, "black": 0, "red": 0, "yellow": 0}
    assert state.current_player() == D and state.phase == "take"
    state.apply({"type": "take", "colour": "white"})
    for _ in range(3):
        state.apply({"type": "roll", "colour": "white", "face": "BLANK"})
    discard(state, "white", "BLANK")
    assert len(state.results) == 1  # the dice phase ended after D's turn (race settled)


def test_s12b_only_one_removed_die():
    state = s12_state({"red": 1})
    insider = [
        a for a in state.legal_actions() if a["type"] == "use" and a["face"] == "INSIDER_TIP"
    ]
    assert insider == [
        {"type": "use", "colour": "black", "face": "INSIDER_TIP", "colours": ["red"]}
    ]
    use(state, "black", "INSIDER_TIP", colours=["red"])
    assert state.pool_size() == 1 and state.pool["red"] == 1
    assert state.legal_actions() == [{"type": "take", "colour": "red"}]


def test_s12b_empty_removed_area():
    state = s12_state({})
    insider = [
        a for a in state.legal_actions() if a["type"] == "use" and a["face"] == "INSIDER_TIP"
    ]
    assert insider == [{"type": "use", "colour": "black", "face": "INSIDER_TIP", "colours": []}]
    events = use(state, "black", "INSIDER_TIP", colours=[])
    assert any(e["type"] == "dice_phase_over" for e in events)
    assert len(state.results) == 1 and state.race == 2


# --- S13 ----------------------------------------------------------------------------
def takes(pool: dict[str, int], hand: list[str]) -> list[str]:
    state = race_state(4)
    state.pool = {c: pool.get(c, 0) for c in COLOURS}
    state.hand = [[c, None] for c in hand]
    state.turn = B
    state.phase = "take"
    return [a["colour"] for a in state.legal_actions()]


def test_s13_taking_dice():
    assert takes({"white": 4, "yellow": 4, "red": 1}, ["white", "white"]) == ["red"]  # (a)
    assert takes({"white": 5, "yellow": 4}, ["white", "white"]) == ["white"]  # (b)
    assert takes({"white": 3, "yellow": 4}, ["white", "white"]) == ["yellow"]  # (c)
    assert takes({"white": 3, "yellow": 4}, ["white", "red"]) == ["white", "yellow"]  # (d)


def test_s13b_yellow_locked_reason():
    state = race_state(4)
    state.pool = {"white": 5, "green": 0, "black": 0, "red": 0, "yellow": 4}
    state.hand = [["white", None], ["white", None]]
    state.phase = "take"
    refused(state, {"type": "take", "colour": "yellow"}, "home stretch")


def test_s13e_first_turn():
    state = race_state(4)
    refused(state, {"type": "take_first", "colours": ["white", "white", "white"]}, "2 different")
    refused(state, {"type": "take_first", "colours": ["white", "red", "yellow"]}, "yellow")
    refused(state, {"type": "take_first", "colours": ["white", "yellow", "yellow"]}, "yellow")
    assert {"type": "take_first", "colours": ["white", "white", "red"]} in state.legal_actions()
    assert all("yellow" not in a["colours"] for a in state.legal_actions())
    state.apply({"type": "take_first", "colours": ["white", "white", "red"]})
    assert state.phase == "roll" and state.pool["white"] == 11 and state.pool["red"] == 5


# --- S14 ----------------------------------------------------------------------------
def test_s14a_side_bet_skips_the_next_player():
    state = race_state(4)
    roll(state, B, [("green", "SIDE_BET"), ("white", "BLANK"), ("red", "BLANK")])
    use(state, "green", "SIDE_BET")
    assert state.ledger == [0, 500, -500, 0]
    assert state.current_player() == D and state.hand_seat == D
    assert [c for c, _ in state.hand] == ["white", "red"]


def test_s14b_side_bet_with_two_players():
    state = race_state(2)
    roll(state, A, [("green", "SIDE_BET"), ("white", "BLANK"), ("red", "BLANK")])
    use(state, "green", "SIDE_BET")
    assert state.ledger == [500, -500]
    assert state.current_player() == A and state.phase == "take"
    assert [c for c, _ in state.hand] == ["white", "red"]


def test_s14c_side_bet_on_the_final_turn():
    state = race_state(4)
    empty_pool(state)
    roll(state, B, [("green", "SIDE_BET"), ("white", "BLANK"), ("red", "BLANK")])
    use(state, "green", "SIDE_BET")
    assert len(state.results) == 1 and state.ledger == [0, 500, -500, 0]


# --- S15 ----------------------------------------------------------------------------
def s15_state(held: list[int]) -> FinishLineState:
    state = race_state(4)
    position(state, S1_TILES, {5: [W]})
    state.held = list(held)
    empty_pool(state)
    roll(state, C, [("white", "BLANK"), ("red", "BLANK"), ("green", "BLANK")])
    discard(state, "white", "BLANK")
    return state


def test_s15_extra_turns():
    state = s15_state([0, 1, 0, 1])
    assert state.phase == "extra" and state.extra_queue == [D, B]
    assert state.current_player() == D
    white, black = state.removed["white"], state.removed["black"]
    state.apply({"type": "extra", "horse": 5})
    assert state.row == [8, 22, 3, 18, 5, 11, 20]
    assert state.removed["white"] == white + 1 and state.removed["black"] == black + 1
    assert dice_of(state, 5) == []
    assert state.current_player() == B
    events = state.apply({"type": "extra", "horse": 22})
    assert events[0]["row"] == [8, 22, 3, 18, 5, 11, 20]  # 22 does not move
    result = state.results[0]
    assert (result["winner"], result["second"]) == (20, 11)
    assert result["finish"] == [20, 11, 5, 18, 3, 22, 8]


def test_s15_two_extra_dice_pair_up():
    state = s15_state([0, 2, 0, 0])
    assert state.extra_queue == [B, B]
    state.apply({"type": "extra", "horse": 11})
    assert dice_of(state, 11) == [["black", "EXTRA_TURN"]]
    state.apply({"type": "extra", "horse": 11})
    assert state.results[0]["finish"][:2] == [11, 20]


# --- S16 ----------------------------------------------------------------------------
def test_s16_photo_finish():
    state = race_state(4)
    position(state, S1_TILES, nn=True)
    empty_pool(state)
    roll(state, B, [("white", "BLANK"), ("red", "BLANK"), ("green", "BLANK")])
    discard(state, "white", "BLANK")
    assert state.phase == "photo" and state.is_chance()
    state.apply({"type": "photo", "upper": 4, "lower": 4})
    assert state.phase == "photo" and state.photo == [[4, 4]]
    state.apply({"type": "photo", "upper": 3, "lower": 5})
    result = state.results[0]
    assert (result["winner"], result["second"]) == (20, 11)
    assert result["photo"] == [[4, 4], [3, 5]]
    upper = sum(p for a, b, p in PHOTO_OUTCOMES if a > b)
    lower = sum(p for a, b, p in PHOTO_OUTCOMES if b > a)
    assert upper == pytest.approx(lower) and upper / (upper + lower) == pytest.approx(0.5)


# --- S17 ----------------------------------------------------------------------------
S17_SLIPS = {
    A: [
        {"type": "bet_win", "horse": 11, "amount": 100},
        {"type": "bet_place", "horses": [5, 20], "amount": 100},
    ],
    B: [{"type": "bet_place", "horses": [5, 11], "amount": 100}],
    C: [
        {"type": "bet_win", "horse": 5, "amount": 100},
        {"type": "bet_place", "horses": [11, 20], "amount": 200},
        {"type": "bet_place", "horses": [5, 18], "amount": 100},
    ],
    D: [],
}


def s17_payouts(strict: bool = False, c_slip: list[dict[str, Any]] | None = None) -> list[int]:
    state = betting_state(4, strict_outsider=strict)
    slips = dict(S17_SLIPS)
    if c_slip is not None:
        slips[C] = c_slip
    for seat in range(4):
        for action in slips[seat]:
            state.apply(action)
        state.apply({"type": "bet_done"})
    outsiders = {11: [("green", "OUTSIDER_3000")], 5: [("green", "OUTSIDER_1000")]}
    settle_with_row(state, [8, 22, 3, 18, 20, 5, 11], dice=outsiders)
    return [s["payout"] for s in state.results[0]["slips"]]


def test_s17_outsider_bonuses():
    assert s17_payouts() == [3800, 2800, 2000, 0]


def test_s17_bonus_once_per_player_per_die():
    c_slip = [
        {"type": "bet_place", "horses": [11, 20], "amount": 100},
        {"type": "bet_place", "horses": [11, 18], "amount": 100},
    ]
    assert s17_payouts(c_slip=c_slip)[C] == 1500


def test_s17_strict_outsider_variant():
    payouts = s17_payouts(strict=True)
    assert payouts[A] == 3300 and payouts[C] == 0 and payouts[B] == 2800


# --- S18 ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("money", "expected"),
    [([2400, 1200, 800, 2400], D), ([1000, 2400, 0, 2400], D), ([1000, 2600, 0, 2400], B)],
    ids=["a", "b", "c"],
)
def test_s18_start_player_tie_break(money, expected):
    state = race_state(4, start=B)
    state.money = list(money)
    state.ledger = [5000, -5000, 5000, -5000]  # ignored
    settle_with_row(state, S1_TILES)
    assert state.race == 2 and state.start_player == expected
    assert state.current_player() == -1  # lineup draws follow
    for tile in (1, 2, 4, 6, 7, 9, 10):
        state.apply({"type": "draw_tile", "tile": tile})
    assert state.current_player() == expected


# --- S19 ----------------------------------------------------------------------------
def test_s19_game_end():
    state = race_state(4)
    state.race = 3
    state.money = [15300, 0, 14300, 9000]
    state.ledger = [-500, -1000, 500, 1000]
    settle_with_row(state, S1_TILES)
    assert state.is_terminal()
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
        if state.phase in ("take_first", "take"):
            seats.append(state.turn)
            if state.phase == "take":
                pools.append(state.pool_size())
                yellow.append("yellow" in state.takeable())
            state.apply(state.legal_actions()[0])
        elif state.phase == "roll":
            colour = next(c for c, f in state.hand if f is None)
            face = "SIDE_BET" if colour == "green" else "BLANK"
            face = {"black": "EXTRA_TURN", "yellow": "HELMET"}.get(colour, face)
            state.apply({"type": "roll", "colour": colour, "face": face})
        elif state.phase == "use":
            side = {"type": "use", "colour": "green", "face": "SIDE_BET"}
            if state.turns == side_bet_turn and side in state.legal_actions():
                state.apply(side)
            else:
                discard(state, *state.hand[0])
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
    position(state, S21_TILES, {11: [W]})
    roll(state, B, [("black", "CHANGE_OF_PACE"), ("white", "BLANK"), ("red", "BLANK")])
    white, black = state.removed["white"], state.removed["black"]
    state.apply({"type": "use", "colour": "black", "face": "CHANGE_OF_PACE", "from": 11, "to": 12})
    assert state.row == [8, 22, 3, 18, 12, 11, 20]
    assert dice_of(state, 11) == [] and dice_of(state, 12) == []
    assert (state.removed["white"], state.removed["black"]) == (white + 1, black + 1)


def test_s21b_change_of_pace_makes_a_pair():
    state = race_state(4, S21_TILES)
    position(state, S21_TILES, {11: [W], 18: [W]})
    roll(state, B, [("black", "CHANGE_OF_PACE"), ("white", "BLANK"), ("red", "BLANK")])
    white = state.removed["white"]
    state.apply({"type": "use", "colour": "black", "face": "CHANGE_OF_PACE", "from": 11, "to": 18})
    assert state.row == [8, 22, 3, 12, 11, 18, 20]
    assert state.removed["white"] == white + 2
    assert dice_of(state, 18) == [] and dice_of(state, 11) == []


def test_s21c_never_from_a_sprinter():
    tiles = [8, 22, 3, 4, 18, 11, 20]
    state = race_state(4, tiles)
    position(state, tiles, {4: [W]})
    roll(state, B, [("black", "CHANGE_OF_PACE"), ("white", "BLANK"), ("red", "BLANK")])
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
    state = race_state(4, S10_TILES)
    position(state, [8, 3, 5, 11, 20], nn=True)
    roll(state, B, [("black", "DISQUALIFIED"), ("white", "BLANK"), ("red", "BLANK")])
    use(state, "black", "DISQUALIFIED", horse=20)
    assert state.row == [8, 3, 5, 11] and not state.nn and state.nn_used
    assert ranks(state)[11] == 1


# --- S23 ----------------------------------------------------------------------------
def test_s23_two_player_setup():
    state = new_state(2)
    assert state.pool == {"white": 11, "green": 2, "black": 2, "red": 5, "yellow": 3}
    assert state.pool_size() == 23
    assert sum(state.out.values()) == 4
    state = race_state(2)
    settle_with_row(state, S1_TILES, seat=A)
    assert state.race == 2 and state.pool_size() == 23 and sum(state.out.values()) == 4


# --- S24 ----------------------------------------------------------------------------
def test_s24_all_blanks():
    state = race_state(4)
    roll(state, B, [("white", "LOGO"), ("red", "BLANK"), ("green", "BLANK")])
    assert state.legal_actions() == [
        {"type": "discard", "colour": "white", "face": "LOGO"},
        {"type": "discard", "colour": "green", "face": "BLANK"},
        {"type": "discard", "colour": "red", "face": "BLANK"},
    ]
    refused(state, {"type": "use", "colour": "white", "face": "LOGO"}, "only be discarded")
    row, red = list(state.row), state.removed["red"]
    discard(state, "red", "BLANK")
    assert state.removed["red"] == red + 1 and state.row == row
    assert [c for c, _ in state.hand] == ["white", "green"] and state.current_player() == C


# --- S25 ----------------------------------------------------------------------------
def test_s25_horseshoe_on_the_sole_leader():
    state = race_state(4)
    position(state, S1_TILES, {20: [W]})
    roll(state, B, [W, ("red", "BLANK"), ("green", "BLANK")])
    white = state.removed["white"]
    use(state, "white", "HORSESHOE", horse=20)
    assert state.row == S1_TILES and dice_of(state, 20) == []
    assert state.removed["white"] == white + 2
