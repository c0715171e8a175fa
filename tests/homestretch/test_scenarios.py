"""Acceptance scenarios S1–S23 of the Homestretch spec (§8), reached by play.

Every position is reached through ``State.apply`` (see ``play.py``): forced deals and
draft picks give each player his shares and money, forced race cards and dice move the
horses. Where the spec's exact numbers cannot follow from a real game (money after a
draft is 50 minus five or so share costs), the scenario keeps its structure — who is
richer, who owns what — and says so; the rules checked are the same.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pygames.core import IllegalAction, sample_outcome
from pygames.homestretch.data import CARD_COST, RACE_CARDS
from pygames.homestretch.state import HomestretchState, Phase

from .play import (
    act,
    bet,
    bets_of,
    buy,
    cost,
    deal,
    draft_all,
    draft_to,
    new_state,
    on_cells,
    play_races,
    positions,
    race_ready,
    reach,
    reveal,
    roll,
    run_race,
    spread,
    turn_up,
)

# A 3-player draft (Jon, Anna, Frank): Jon keeps the dearest shares, so he has the least
# money and starts race 1 (P20). Money after it: Jon 4, Anna 28, Frank 28.
THREE = [
    ["B6a", "B7a", "B8a", "B5a", "B9a"],
    ["B2a", "B3a", "B4a", "B10a", "B11a"],
    ["B2b", "B12a", "B3b", "B4b", "B5b"],
]


def refused(state: HomestretchState, action: Any, reason: str = "") -> str:
    """``apply`` refuses ``action`` (with ``reason`` in the message); state unchanged."""
    before = json.dumps(state.to_json(), sort_keys=True)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalAction, match=reason) as info:
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return str(info.value)


def race_one(card: str, kept: list[list[str]] = THREE) -> HomestretchState:
    """Race 1 on ``card`` after the draft ``kept``, bets placed, the first roll due."""
    state = new_state(len(kept))
    draft_to(state, kept)
    race_ready(state, card)
    return state


def race_three(card: str, kept: list[list[str]] = THREE) -> HomestretchState:
    """Race 3 (green ``card``) after two played races and share buying: the first roll due."""
    state = new_state(len(kept))
    draft_to(state, kept)
    play_races(state, [("P1", [7, 6, 8]), ("P2", [7, 6, 8])])
    assert state.race == 3
    race_ready(state, card)
    return state


# --- S1 -------------------------------------------------------------------------------
def test_s1_seed_handicap_example() -> None:
    state = race_one("P7")
    assert state.turn == 0  # Jon has the least money and starts
    assert {h: t for h, t in enumerate(state.hcap) if t} == RACE_CARDS["P7"]["handicaps"]
    events = roll(state, 3, 4)
    assert state.pos[7] == 0 and state.hcap[7] is None
    assert any(e["type"] == "handicap_removed" and e["marker"] == "X" for e in events)
    assert state.legal_actions() == [
        {"type": "reroll_or_stop", "player": "black", "choice": "REROLL"},
        {"type": "reroll_or_stop", "player": "black", "choice": "STOP"},
    ]
    act(state, "reroll_or_stop", choice="REROLL")
    events = roll(state, 1, 3)
    assert state.pos[4] == 6 and state.hcap[4] is None
    moved = next(e for e in events if e["type"] == "horse_moved")
    assert moved["squares"] == 6 and moved["base"] == 2 and moved["handicap"] == 4
    assert state.turn == 1 and state.is_chance() and state.roll_no == 0  # Anna is next
    assert state.hcap[10] == "+4" and state.hcap[11] == "+2" and state.hcap[12] == "+6"


# --- S2 -------------------------------------------------------------------------------
def test_s2_seed_finished_horse_example() -> None:
    # No card lets every horse stop on these squares with all its markers used (a plus
    # marker on 2, 3, 11 or 12 always overshoots them). G5 (race 3) keeps +4 only on 2 and
    # 12, which stay at the start: bonus moves ignore markers (R20), so the play is the same.
    state = race_three("G5")
    start = {3: 1, 11: 1, 4: 3, 10: 3, 5: 4, 9: 5, 6: 6, 7: 7}
    reach(state, start, (8,))
    assert state.hcap[6] is None and state.hcap[2] == state.hcap[12] == "+4"
    jon = state.turn
    anna, frank = (jon + 1) % 3, (jon + 2) % 3
    roll(state, 6, 2)
    assert state.pending == "bonus_target" and state.bonus_targets == [2, 12]
    assert [a["horse"] for a in state.legal_actions()] == [2, 12]
    act(state, "bonus_target", horse=12)
    assert state.pos[12] == 3 and state.pending == "reroll_or_stop"
    act(state, "reroll_or_stop", choice="REROLL")
    roll(state, 2, 4)
    assert state.pos[6] == 8 and state.turn == anna
    roll(state, 5, 3)  # Anna: only horse 2 is last
    assert state.pos[2] == 2 and state.pending == "reroll_or_stop"
    act(state, "reroll_or_stop", choice="REROLL")
    roll(state, 4, 4)
    assert state.bonus_targets == [3, 11]
    act(state, "bonus_target", horse=3)
    assert state.pos[3] == 2 and state.turn == frank and state.is_chance()
    roll(state, 5, 3)  # Frank
    assert state.pos[11] == 3
    act(state, "reroll_or_stop", choice="STOP")
    assert state.turn == jon
    final = {2: 2, 3: 2, 4: 3, 5: 4, 6: 8, 7: 7, 9: 5, 10: 3, 11: 3, 12: 3}
    assert {h: p for h, p in positions(state).items() if h != 8} == final


# --- S3 -------------------------------------------------------------------------------
# Shares of the scenario (8: Yellow, Green; 11: Red alone; 9: Yellow, Red), every other
# share on horses that do not place. The spec's money (Yellow 45 after five shares) cannot
# follow a 4-player draft; here Yellow 26, Red 24, Blue 16, Green 0: the same order.
S3_COLOURS = ["red", "blue", "yellow", "green"]
S3_KEPT = [
    ["B11a", "B9b", "B3a", "B3b", "B4a"],
    ["B4b", "B5a", "B10a", "B10b", "B5b"],
    ["B8a", "B9a", "B2a", "B2b", "B12a"],
    ["B8b", "B6a", "B6b", "B7a", "B7b"],
]


def test_s3_seed_payout_example() -> None:
    state = new_state(4, S3_COLOURS)
    draft_to(state, S3_KEPT)
    before = list(state.money)
    assert before == [50 - cost(k) for k in S3_KEPT] == [24, 16, 26, 0]
    bets = {
        "red": bets_of(
            [(1, "SHOW", 11), (3, "WIN", 7), (2, "WIN", 5), (2, "PLACE", 6), (1, "SHOW", 4)]
        ),
        "blue": bets_of(
            [(1, "PLACE", 11), (2, "SHOW", 9), (3, "WIN", 10), (2, "WIN", 6), (1, "SHOW", 7)]
        ),
        "yellow": bets_of(
            [(2, "PLACE", 11), (3, "WIN", 9), (2, "PLACE", 5), (1, "SHOW", 12), (1, "WIN", 4)]
        ),
        "green": bets_of(
            [(3, "WIN", 7), (2, "PLACE", 7), (2, "SHOW", 5), (1, "WIN", 11), (1, "PLACE", 10)]
        ),
    }
    race_ready(state, "P1", bets)
    assert state.start_player == 3  # Green has the least money
    events = run_race(state, [8, 11, 9])
    result = state.results[-1]
    assert result["places"] == [8, 11, 9]
    paid = {(p["horse"], i["seat"]): i["amount"] for p in result["purses"] for i in p["paid"]}
    assert paid == {(8, 2): 9, (8, 3): 9, (11, 0): 12, (9, 2): 3, (9, 0): 3}
    paying = sorted(
        (b["seat"], b["row"], b["horse"], b["amount"]) for b in result["bets"] if b["amount"]
    )
    assert paying == [
        (0, "SHOW", 11, 6),
        (1, "PLACE", 11, 8),
        (1, "SHOW", 9, 6),
        (2, "PLACE", 11, 16),
    ]
    assert not any(b["horse"] == 8 for b in result["bets"])
    assert [g["total"] for g in result["gains"]] == [21, 14, 28, 9]
    assert state.money == [m + g for m, g in zip(before, [21, 14, 28, 9], strict=True)]
    assert any(e["type"] == "markers_revealed" for e in events)
    assert {e["type"] for e in events} >= {"race_over", "purse_paid", "bet_paid", "race_payout"}


# --- S4 -------------------------------------------------------------------------------
def test_s4_seed_bet_values() -> None:
    bets = {
        "red": bets_of(
            [(3, "WIN", 11), (1, "WIN", 2), (1, "WIN", 3), (2, "WIN", 5), (2, "WIN", 6)]
        ),
        "blue": bets_of(
            [(1, "SHOW", 7), (1, "WIN", 2), (2, "WIN", 3), (2, "WIN", 5), (3, "WIN", 6)]
        ),
    }
    state = new_state(2, ["red", "blue"])
    deal(state)
    draft_all(state)
    race_ready(state, "P1", bets)
    run_race(state, [11, 4, 7])
    amounts = {(b["seat"], b["marker"]): b["amount"] for b in state.results[-1]["bets"]}
    assert amounts[(0, "3")] == 30 and amounts[(1, "1a")] == 2


# --- S5 -------------------------------------------------------------------------------
# Red keeps the cheap long shots 2 and 12 and wins race 1's WIN and PLACE purses with them;
# horse 8 is left to the pool. Money after race 1: Red 68, Yellow 22, Blue 12, Green 8
# (the spec's 70/60/45/40 has the same order).
S5_COLOURS = ["red", "yellow", "blue", "green"]
S5_KEPT = [
    ["B2a", "B2b", "B12a", "B12b", "B3a"],
    ["B3b", "B11a", "B11b", "B4a", "B7a"],
    ["B4b", "B10a", "B5a", "B6a", "B9b"],
    ["B10b", "B5b", "B9a", "B6b", "B7b"],
]


def s5_buying() -> HomestretchState:
    state = new_state(4, S5_COLOURS)
    draft_to(state, S5_KEPT)
    race_ready(state, "P1", {c: spread(3) for c in S5_COLOURS})  # WIN 3–7 pays nothing
    run_race(state, [2, 12, 8])
    assert state.money == [68, 22, 12, 8]
    assert sorted(state.pool) == sorted(["B8a", "B8b", *(f"R{h}" for h in range(2, 13))])
    turn_up(state, ["R5", "R10", "R7", "R3"])
    return state


def test_s5_seed_share_buying_example() -> None:
    state = s5_buying()
    assert state.phase == Phase.BUYING and state.display == ["R5", "R10", "R7", "R3"]
    assert state.buy_order == [3, 2, 1, 0]  # Green, Blue, Yellow, Red
    act(state, "buy_action", choice="BUY_FACEUP", card="R5")
    act(state, "buy_action", choice="BUY_FACEUP", card="R10")
    act(state, "buy_action", choice="BUY_FACEUP", card="R7")
    assert state.money == [68, 12, 6, 0]
    assert state.view(None)["buying"]["blind_price"] == 13  # 3 + a cost-10 card in the stack
    assert {"type": "buy_action", "player": "red", "choice": "BUY_BLIND"} in state.legal_actions()
    act(state, "buy_action", choice="BUY_BLIND")
    assert state.phase == Phase.BLIND and state.is_chance()
    events = state.apply({"type": "blind_card", "card": "R9"})
    bought = next(e for e in events if e["type"] == "share_bought")
    assert bought["price"] == 11 and bought["card"] == "R9" and state.money[0] == 57
    turn_up(state, ["R2", "R12", "R6"])  # refill 3 slots from the top of the stack
    assert state.display == ["R3", "R2", "R12", "R6"]
    assert state.buy_round == 2 and state.buy_order == [3, 2, 1, 0]
    assert [state.money[s] for s in state.buy_order] == [0, 6, 12, 57]
    for _ in range(4):
        act(state, "buy_action", choice="PASS")
    assert state.phase == Phase.RACE_CARD and state.race == 2
    assert state.display == [] and state.pool == []
    assert sorted(state.removed_after_buying) == sorted(
        ["R3", "R2", "R12", "R6", "B8a", "B8b", "R4", "R8", "R11"]
    )


# --- S6 -------------------------------------------------------------------------------
def test_s6_two_rolls_at_most() -> None:
    state = race_one("P7")
    reach(state, {9: 3})
    roller = state.turn
    roll(state, 4, 5)
    act(state, "move_choice", choice="ONE_AND_REROLL")
    assert state.pos[9] == 4 and state.is_chance() and state.roll_no == 1
    roll(state, 3, 6)
    assert state.pos[9] == 6
    assert state.turn == (roller + 1) % 3 and state.roll_no == 0 and state.is_chance()


# --- S7 -------------------------------------------------------------------------------
def test_s7_plus_six_with_one_step_then_x() -> None:
    state = race_one("P5")
    assert {h: t for h, t in enumerate(state.hcap) if t} == RACE_CARDS["P5"]["handicaps"]
    roller = state.turn
    roll(state, 6, 6)
    act(state, "move_choice", choice="ONE_AND_REROLL")
    assert state.pos[12] == 7 and state.hcap[12] is None
    roll(state, 2, 6)
    assert state.hcap[8] is None and state.pos[8] == 0
    assert state.turn == (roller + 1) % 3 and state.is_chance()


# --- S8 -------------------------------------------------------------------------------
def test_s8_x_on_first_roll_then_stop() -> None:
    state = race_one("P5")
    roller = state.turn
    roll(state, 3, 3)
    assert state.hcap[6] is None and all(p == 0 for p in positions(state).values())
    act(state, "reroll_or_stop", choice="STOP")
    assert state.turn == (roller + 1) % 3
    roll(state, 1, 5)
    act(state, "move_choice", choice="TWO")
    assert state.pos[6] == 2


# --- S9 -------------------------------------------------------------------------------
@pytest.mark.parametrize("choice, final", [("ONE_AND_REROLL", 10), ("TWO", 11)])
def test_s9_race_ends_mid_turn(choice: str, final: int) -> None:
    state = race_one("P7")
    reach(state, {9: 9}, (7, 5))
    roll(state, 4, 5)
    events = act(state, "move_choice", choice=choice)
    assert state.results[-1]["places"] == [7, 5, 9]
    assert state.results[-1]["positions"]["9"] == final
    assert not any(e["type"] == "rolled" for e in events)  # no second roll
    assert state.phase == Phase.DISPLAY  # race 1 over: share buying begins


# --- S10 ------------------------------------------------------------------------------
def test_s10_bonus_move_finishes_a_horse() -> None:
    state = race_one("P1")  # Frank owns B12a, the only share of 12 in play
    targets = {h: 9 for h in (2, 3, 4, 5, 8, 9, 10, 11)}
    reach(state, {**targets, 12: 8}, (7, 6))
    events = roll(state, 1, 6)
    assert state.results[-1]["places"] == [7, 6, 12]
    assert state.results[-1]["positions"]["12"] == 11
    assert not any(e["type"] == "reroll_or_stop" for e in events)
    show = state.results[-1]["purses"][2]
    assert show["horse"] == 12 and show["paid"] == [{"seat": 2, "shares": 1, "amount": 6}]


# --- S11 ------------------------------------------------------------------------------
def test_s11_bonus_move_ignores_a_plus_marker() -> None:
    state = race_three("G2")
    pos = {3: 5, 4: 4, 5: 3, 6: 1, 7: 2, 9: 6, 10: 3, 11: 1, 12: 8}
    reach(state, pos, (8,))
    assert [t for t in state.hcap if t] == ["+6"] and state.hcap[2] == "+6"  # all others used
    roller = state.turn
    roll(state, 5, 3)
    assert state.pos[2] == 2 and state.hcap[2] == "+6"
    act(state, "reroll_or_stop", choice="REROLL")
    roll(state, 1, 1)
    assert state.pos[2] == 10 and state.finished == [8, 2] and state.hcap[2] is None
    assert state.turn == (roller + 1) % 3 and state.is_chance()


# --- S12 ------------------------------------------------------------------------------
# Red shares (R7, R5) exist only in share buying (4–6 players), so the scenario is race 2:
# Red buys R7 and Black R5 after race 1. 12's blue cards stay in the pool, unsold.
S12_COLOURS = ["black", "blue", "green", "red", "yellow"]
S12_KEPT = [
    ["B2a", "B3a", "B4a", "B6a"],
    ["B7b", "B2b", "B3b", "B4b"],
    ["B5a", "B6b", "B8a", "B9a"],
    ["B7a", "B8b", "B9b", "B10a"],
    ["B5b", "B10b", "B11a", "B11b"],
]


def test_s12_purse_division() -> None:
    state = new_state(5, S12_COLOURS)
    draft_to(state, S12_KEPT)
    race_ready(state, "P1")
    run_race(state, [12, 2, 3])
    turn_up(state, ["R7", "R5", "R2", "R3", "R4"])
    buy(
        state,
        {
            "red": {"choice": "BUY_FACEUP", "card": "R7"},
            "black": {"choice": "BUY_FACEUP", "card": "R5"},
        },
    )
    assert state.race == 2 and "R7" in state.shares[3] and "R5" in state.shares[0]
    race_ready(state, "P2")
    run_race(state, [7, 12, 5])
    result = state.results[-1]
    gains = {state.colours[s]: g["purse"] for s, g in enumerate(result["gains"])}
    assert gains == {"black": 2, "blue": 8, "green": 2, "red": 16, "yellow": 2}
    assert result["purses"][1]["unpaid"] == 18 and result["purses"][1]["paid"] == []


# --- S13 ------------------------------------------------------------------------------
def test_s13_rows_paid_by_place() -> None:
    bets = {
        "red": bets_of(
            [(3, "WIN", 4), (2, "PLACE", 4), (1, "SHOW", 4), (2, "WIN", 10), (1, "PLACE", 9)]
        ),
    }
    state = new_state(2, ["red", "blue"])
    deal(state)
    draft_all(state)
    play_races(state, [("P1", [7, 6, 8]), ("P2", [7, 6, 8])])
    race_ready(state, "G1", bets)  # green cards are races 3 and 4
    run_race(state, [4, 10, 9])
    mine = {b["marker"]: b["amount"] for b in state.results[-1]["bets"] if b["seat"] == 0}
    assert mine == {"3": 24, "2a": 10, "1a": 4, "2b": 0, "1b": 0}
    assert state.results[-1]["gains"][0]["bets"] == 38


# --- S14 ------------------------------------------------------------------------------
# Money 28/28/18/6 after the draft (the spec's 60/60/50/40: two level richest, then two).
S14_COLOURS = ["red", "blue", "green", "yellow"]
S14_KEPT = [
    ["B2a", "B12a", "B3a", "B4a", "B5a"],
    ["B2b", "B12b", "B3b", "B4b", "B5b"],
    ["B11a", "B11b", "B10a", "B9a", "B6a"],
    ["B10b", "B9b", "B6b", "B7a", "B8a"],
]


def s14_claims() -> HomestretchState:
    state = new_state(4, S14_COLOURS)
    draft_to(state, S14_KEPT)
    assert state.money == [28, 28, 18, 6]
    state.apply({"type": "race_card", "card": "P1"})
    return state


def test_s14_ranks_and_marker_limits() -> None:
    state = s14_claims()
    while state.phase == Phase.CLAIMS:
        act(state, "bet_order_claim", choice="KEEP")
    assert state.ranks() == [1, 1, 3, 4]
    assert state.default_order == [1, 0, 2, 3]  # Blue, Red, Green, Yellow
    act(state, "place_bets", bets=spread())  # Blue
    # Red (limit 1): two markers on WIN 4 are refused, as one submission or step by step.
    two = {**spread(), "1a": {"horse": 4, "row": "WIN"}, "2a": {"horse": 4, "row": "WIN"}}
    two["2b"] = {"horse": 9, "row": "SHOW"}
    refused(state, {"type": "place_bets", "player": "red", "bets": two}, "at most 1")
    act(state, "place_marker", marker="1a", horse=4, row="WIN")
    refused(
        state,
        {"type": "place_marker", "player": "red", "marker": "2a", "horse": 4, "row": "WIN"},
        "at most 1",
    )
    act(state, "take_back_marker", marker="1a")
    act(state, "place_bets", bets=spread())
    # Green (limit 3)
    ok = bets_of(
        [(3, "PLACE", 3), (2, "PLACE", 3), (2, "PLACE", 3), (1, "SHOW", 5), (1, "SHOW", 9)]
    )
    bad = bets_of(
        [(3, "PLACE", 3), (2, "PLACE", 3), (2, "PLACE", 3), (1, "PLACE", 3), (1, "SHOW", 9)]
    )
    refused(state, {"type": "place_bets", "player": "green", "bets": bad}, "at most 3")
    act(state, "place_bets", bets=ok)
    # Yellow (limit 4)
    all5 = bets_of([(3, "WIN", 11), (2, "WIN", 11), (2, "WIN", 11), (1, "WIN", 11), (1, "WIN", 11)])
    refused(state, {"type": "place_bets", "player": "yellow", "bets": all5}, "at most 4")
    few = dict(list(all5.items())[:4])
    refused(state, {"type": "place_bets", "player": "yellow", "bets": few}, "all 5 markers")
    refused(state, {"type": "confirm_bets", "player": "yellow"}, "all 5 markers")
    act(state, "place_bets", bets={**all5, "1b": {"horse": 11, "row": "SHOW"}})
    assert state.phase in (Phase.RACE, Phase.ROLL_OFF)
    # Money 18/30/18/2 (the spec's 70/50/50/30 read the other way round): ranks 2/1/2/4.
    other = new_state(4, S14_COLOURS)
    draft_to(
        other,
        [
            ["B11a", "B11b", "B10a", "B9a", "B6a"],
            ["B2a", "B2b", "B12a", "B4a", "B5b"],
            ["B3a", "B3b", "B10b", "B5a", "B6b"],
            ["B9b", "B7a", "B8a", "B7b", "B8b"],
        ],
    )
    assert other.money == [18, 30, 18, 2] and other.ranks() == [2, 1, 2, 4]


# --- S15 ------------------------------------------------------------------------------
def test_s15_early_bet_claims() -> None:
    state = s14_claims()
    assert state.phase == Phase.CLAIMS and state.order == [1, 0, 2, 3]
    assert state.current_player() == 0  # Red, 2nd in the default order
    act(state, "bet_order_claim", choice="KEEP")
    act(state, "bet_order_claim", choice="CUT_IN_BEFORE", target="blue")
    assert [state.colours[s] for s in state.order] == ["green", "blue", "red", "yellow"]
    act(state, "bet_order_claim", choice="CUT_IN_BEFORE", target="red")
    assert [state.colours[s] for s in state.order] == ["green", "blue", "yellow", "red"]
    assert state.phase == Phase.BETTING
    seen = []
    while state.phase == Phase.BETTING:
        seat = state.current_player()
        seen.append((state.colours[seat], state.rank(seat)))
        act(state, "place_bets", bets=spread())
    assert seen == [("green", 3), ("blue", 1), ("yellow", 4), ("red", 1)]


# --- S16 ------------------------------------------------------------------------------
def test_s16_start_player_roll_off() -> None:
    # Money 20/6/6/38 after the draft (the spec's 44/38/38/50: Blue and Green level lowest).
    state = new_state(4, ["red", "blue", "green", "yellow"])
    draft_to(
        state,
        [
            ["B11a", "B11b", "B5a", "B5b", "B4a"],
            ["B6a", "B7a", "B8a", "B9a", "B10a"],
            ["B6b", "B7b", "B8b", "B9b", "B10b"],
            ["B2a", "B2b", "B12a", "B12b", "B3a"],
        ],
    )
    assert state.money == [20, 6, 6, 38]
    reveal(state, "P1")
    bet(state)
    assert state.phase == Phase.ROLL_OFF and state.rolloff == [1, 2]
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and outcomes[0][0]["player"] == "blue"
    state.apply({"type": "roll_off", "player": "blue", "a": 2, "b": 3})
    state.apply({"type": "roll_off", "player": "green", "a": 4, "b": 1})
    assert state.phase == Phase.ROLL_OFF and state.rolloff == [1, 2]  # still tied
    state.apply({"type": "roll_off", "player": "blue", "a": 6, "b": 6})
    state.apply({"type": "roll_off", "player": "green", "a": 3, "b": 3})
    assert state.phase == Phase.RACE and state.start_player == 1
    assert state.start_by == "roll_off"
    order = []
    for _ in range(5):
        order.append(state.colours[state.turn])
        roll(state, 1, 1)
        act(state, "move_choice", choice="TWO")
    assert order == ["blue", "green", "yellow", "red", "blue"]


# --- S17 ------------------------------------------------------------------------------
def test_s17_two_player_draft_with_ghost() -> None:
    state = new_state(2, ["red", "blue"])
    a_hand = ["B7a", "B6a", "B9a", "B4a", "B12a"]
    ghost = ["B8a", "B5a", "B3a", "B11a", "B10a"]
    b_hand = ["B6b", "B8b", "B2a", "B10b", "B5b"]
    deal(state, [a_hand, ghost, b_hand])
    assert state.hands == [a_hand, b_hand] and state.ghost == ghost and len(state.pool) == 7
    act(state, "draft_pick", card="B7a")
    act(state, "draft_pick", card="B6b")
    assert state.phase == Phase.GHOST
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 5 and all(p == pytest.approx(0.2) for _, p in outcomes)
    state.apply({"type": "ghost_removal", "card": "B3a"})
    assert "B3a" in state.pool
    assert sorted(state.ghost) == sorted(["B6a", "B9a", "B4a", "B12a"])
    assert sorted(state.hands[1]) == sorted(["B8a", "B5a", "B11a", "B10a"])
    assert sorted(state.hands[0]) == sorted(["B8b", "B2a", "B10b", "B5b"])
    draft_all(state)
    assert state.phase == Phase.RACE_CARD
    assert [len(s) for s in state.shares] == [5, 5] and state.ghost == []
    assert len(state.pool) == 12
    assert "B7a" in state.shares[0] and "B6b" in state.shares[1]


# --- S18 ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "n, per, pool, display, stack",
    [(2, 5, 12, 2, 10), (3, 5, 7, 3, 4), (4, 5, 13, 4, 9), (5, 4, 13, 5, 8), (6, 3, 15, 6, 9)],
)
def test_s18_deal_sizes_and_pool_sizes(
    n: int, per: int, pool: int, display: int, stack: int
) -> None:
    state = new_state(n)
    deal(state)
    draft_all(state)
    assert all(len(s) == per for s in state.shares)
    race_ready(state, "P1")
    run_race(state, [7, 6, 8])
    assert len(state.pool) == pool
    rng = random.Random(n)
    while state.phase == Phase.DISPLAY:
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    assert len(state.display) == display and len(state.pool) == stack


# --- S19 ------------------------------------------------------------------------------
def test_s19_affordability() -> None:
    # Green keeps shares worth 42 and wins nothing in race 1: money 8 (the spec's 9 is odd,
    # and a draft leaves even money), which affords the same cards as 9.
    colours = ["green", "red", "blue", "yellow"]
    kept = [
        ["B6a", "B7a", "B8a", "B5a", "B3a"],
        ["B2a", "B2b", "B12a", "B12b", "B3b"],
        ["B4a", "B4b", "B10a", "B10b", "B11a"],
        ["B5b", "B9a", "B9b", "B11b", "B6b"],
    ]
    state = new_state(4, colours)
    draft_to(state, kept)
    race_ready(state, "P1", {"green": spread(3, "SHOW")})  # SHOW 3–7 pays Green nothing
    run_race(state, [2, 12, 11])
    assert state.money[0] == 8
    turn_up(state, ["R7", "R4", "R12", "R3"])
    assert state.current_player() == 0
    assert "R6" in state.pool  # the stack holds a cost-10 card: a blind buy needs 13
    legal = state.legal_actions()
    assert legal == [
        {"type": "buy_action", "player": "green", "choice": "BUY_FACEUP", "card": "R4"},
        {"type": "buy_action", "player": "green", "choice": "BUY_FACEUP", "card": "R12"},
        {"type": "buy_action", "player": "green", "choice": "BUY_FACEUP", "card": "R3"},
        {"type": "buy_action", "player": "green", "choice": "PASS"},
    ]
    refused(
        state,
        {"type": "buy_action", "player": "green", "choice": "BUY_FACEUP", "card": "R7"},
        "costs 10",
    )
    refused(state, {"type": "buy_action", "player": "green", "choice": "BUY_BLIND"}, "13")
    for card, left in (("R4", 2), ("R12", 6), ("R3", 4)):
        probe = state.clone()
        act(probe, "buy_action", choice="BUY_FACEUP", card=card)
        assert probe.money[0] == left


def test_s19_blind_price_follows_the_stack_and_an_empty_stack_offers_none() -> None:
    # 3 players: the pool is the seven blue cards nobody kept, the cheapest ones.
    state = new_state(3)
    draft_to(
        state,
        [
            ["B4a", "B4b", "B10a", "B10b", "B11b"],
            ["B5a", "B5b", "B9a", "B9b", "B6a"],
            ["B6b", "B7a", "B7b", "B8a", "B8b"],
        ],
    )
    race_ready(state, "P1")  # WIN 2–6: nothing pays when 7 wins
    run_race(state, [7, 8, 6])
    assert state.money == [22, 11, 33]
    turn_up(state, ["B2a", "B2b", "B12a"])
    assert sorted(state.pool) == ["B11a", "B12b", "B3a", "B3b"]  # highest cost 4
    assert state.view(None)["buying"]["blind_price"] == 7
    assert state.current_player() == 1
    assert {"type": "buy_action", "player": "blue", "choice": "BUY_BLIND"} in state.legal_actions()
    for card in ("B2a", "B2b", "B12a"):
        act(state, "buy_action", choice="BUY_FACEUP", card=card)
    turn_up(state, ["B3a", "B3b", "B11a"])  # refill: one card left in the stack
    assert state.pool == ["B12b"] and state.current_player() == 1
    act(state, "buy_action", choice="BUY_BLIND")
    turn_up(state, ["B12b"])
    assert state.pool == [] and state.current_player() == 0
    assert all(a["choice"] != "BUY_BLIND" for a in state.legal_actions())
    refused(
        state, {"type": "buy_action", "player": "black", "choice": "BUY_BLIND"}, "stack is empty"
    )


# --- S20 ------------------------------------------------------------------------------
# Two players, short game. Each race is won by horses nobody owns and no bet pays, except
# where a bet must make up the difference in share value, so both end level on money.
# (The spec's share lists of 3–4 cards and money 120 cannot follow a 5-card draft.)
S20_CASES: dict[str, tuple[Any, ...]] = {
    # red's shares, blue's shares, race 1 and race 2 places, blue's race-1 cells,
    # the final ranking and the step that settled it
    "shared": (
        ["B7a", "B9a", "B9b", "B2a", "B11a"],  # value 32: long 2, middle 2, favourite 1
        ["B6a", "B5a", "B5b", "B12a", "B3a"],  # value 32: long 2, middle 2, favourite 1
        [4, 10, 8],
        [10, 8, 4],
        None,
        [1, 1],
        None,
    ),
    "value": (
        ["B8a", "B8b", "B2a", "B2b", "B3a"],  # value 28: money 22
        ["B6a", "B6b", "B10a", "B10b", "B9a"],  # value 40: money 10, then 12 from a bet
        [5, 4, 7],
        [11, 12, 4],
        [(5, "PLACE"), (2, "WIN"), (3, "WIN"), (6, "WIN"), (8, "WIN")],  # 3 × 4 on PLACE 5
        [2, 1],
        "share_value",
    ),
    "long shots": (
        ["B7a", "B11a", "B12a", "B12b", "B3a"],  # value 22: long 4, favourite 1
        ["B4a", "B10a", "B2a", "B3b", "B11b"],  # value 22: long 3, middle 2
        [5, 6, 8],
        [9, 5, 6],
        None,
        [1, 2],
        "long_shots",
    ),
}


def quiet(places: list[int]) -> Any:
    """Five WIN markers on horses that do not win: no bet pays."""
    return on_cells([(h, "WIN") for h in (2, 3, 12, 11, 6, 9) if h != places[0]][:5])


@pytest.mark.parametrize("case", list(S20_CASES))
def test_s20_game_end_tie_breaks(case: str) -> None:
    red, blue, first, second, blue_cells, ranking, decided_by = S20_CASES[case]
    free = {f"B{h}{x}" for h in range(2, 13) for x in "ab"} - {*red, *blue}
    ghost = sorted(free, key=lambda c: (CARD_COST[c], c))[:5]
    state = new_state(2, ["red", "blue"], short_game=True)
    draft_to(state, [red, blue], ghost)
    blue_bets = on_cells(blue_cells) if blue_cells else quiet(first)
    race_ready(state, "P1", {"red": quiet(first), "blue": blue_bets})
    run_race(state, first)
    assert all(not p["paid"] for p in state.results[-1]["purses"])  # nobody owns them
    buy(state)
    race_ready(state, "G1", {"red": quiet(second), "blue": quiet(second)})
    events = run_race(state, second)
    assert state.is_terminal()
    assert all(not p["paid"] for p in state.results[-1]["purses"])
    assert state.money[0] == state.money[1]
    assert state.ranking() == ranking
    assert state.winners() == [s for s, r in enumerate(ranking) if r == 1]
    view = state.view(None)
    assert view["ties"] == [
        {
            "seats": [0, 1],
            "money": state.money[0],
            "decided_by": decided_by,
            "ahead": [s for s, r in enumerate(ranking) if r == 1],
        }
    ]
    assert any(e["type"] == "game_over" for e in events)


# --- S21 ------------------------------------------------------------------------------
def test_s21_race_and_phase_order() -> None:
    stack = ["P3", "P9", "G2", "G7"]
    state = new_state(3)
    rng = random.Random(21)
    phases: list[str] = []
    while not state.is_terminal():
        if state.phase == Phase.RACE_CARD:
            assert all(
                c.startswith("P" if state.race <= 2 else "G") for c in state.race_card_candidates()
            )
            state.apply({"type": "race_card", "card": stack[state.race - 1]})
            phases.append(f"race{state.race}")
            continue
        if state.phase == Phase.BUYING and (not phases or phases[-1] != "buying"):
            phases.append("buying")
            for viewer in (None, 0, 1, 2):
                text = json.dumps(state.view(viewer))
                assert '"P9"' not in text, "race 2's card stays hidden during buying"
            assert state.view()["race_stack"] == 3
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert state.race_cards == stack
    assert phases == ["race1", "buying", "race2", "race3", "race4"]
    assert [r["card"] for r in state.results] == stack


# --- S22 ------------------------------------------------------------------------------
def test_s22_buying_order_ties() -> None:
    # Money 22/4/4 after the draft; race 1 is won by horses nobody owns (2, 12, 3) and no
    # bet pays: Blue and Green stay level (the spec's 40/30/30).
    state = new_state(3, ["red", "blue", "green"])
    draft_to(
        state,
        [
            ["B11b", "B4a", "B10a", "B4b", "B10b"],
            ["B5a", "B9a", "B6a", "B7a", "B8a"],
            ["B5b", "B9b", "B6b", "B7b", "B8b"],
        ],
    )
    race_ready(state, "P1", {c: spread(4) for c in ("red", "blue", "green")})
    run_race(state, [2, 12, 3])
    assert state.money == [22, 4, 4]
    turn_up(state)
    assert [state.colours[s] for s in state.buy_order] == ["blue", "green", "red"]


# --- S23 ------------------------------------------------------------------------------
def test_s23_sole_owner() -> None:
    kept = [
        ["B4a", "B4b", "B2a", "B3a", "B11a"],
        ["B6a", "B7a", "B8a", "B5a", "B9a"],
        ["B2b", "B12a", "B3b", "B10a", "B5b"],
    ]
    state = race_three("G4", kept)
    before = state.money[0]
    run_race(state, [4, 7, 8])
    assert state.results[-1]["purses"][0]["paid"] == [{"seat": 0, "shares": 2, "amount": 36}]
    assert state.results[-1]["gains"][0]["purse"] == 36
    assert state.money[0] == before + 36 + state.results[-1]["gains"][0]["bets"]
