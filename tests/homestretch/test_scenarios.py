"""Acceptance scenarios S1–S23 of the Homestretch spec (§8), played through ``apply``.

Positions are reached by playing the real opening through the contract (forced deal,
draft, race card, claims and bets) and then placing the scenario's money, shares,
horse positions and handicap markers on the plain state attributes. Every roll,
decision, payout and purchase of a scenario then happens through ``State.apply``.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import pygames.homestretch  # noqa: F401  (registers the game)
from pygames.core import IllegalAction, sample_outcome
from pygames.homestretch import GAME
from pygames.homestretch.data import HORSES, RACE_CARDS
from pygames.homestretch.state import HomestretchState

NAMES = ["Jon", "Anna", "Frank", "Dee", "Eve", "Fay"]


# --- helpers (also used by the other test files) -------------------------------------
def new_state(n: int = 3, colours: list[str] | None = None, **options: bool) -> HomestretchState:
    state = GAME.new_state(NAMES[:n], options)
    assert isinstance(state, HomestretchState)
    if colours:
        state.colours = list(colours)
    return state


def deal(state: HomestretchState, blocks: list[list[str]] | None = None) -> None:
    """Force the deal (C1 draws, block order); without ``blocks`` the first card each time."""
    if blocks is not None:
        for block in blocks:
            for card in block:
                state.apply({"type": "deal_card", "card": card})
    while state.phase == "deal":
        state.apply(state.chance_outcomes()[0][0])


def draft_all(state: HomestretchState) -> None:
    """Every pick takes the first listed card; ghost removals take the first card."""
    while state.phase in ("draft", "ghost"):
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])


def act(state: HomestretchState, kind: str, **fields: Any) -> list[dict[str, Any]]:
    """The player to act plays ``kind`` (his colour filled in)."""
    colour = state.colours[state.current_player()]
    return state.apply({"type": kind, "player": colour, **fields})


def race_card_state(
    n: int = 3, colours: list[str] | None = None, **options: bool
) -> HomestretchState:
    """After the draft: race 1's card is the next chance node."""
    state = new_state(n, colours, **options)
    deal(state)
    draft_all(state)
    assert state.phase == "race_card" and state.race == 1
    return state


def spread(horse0: int = 2) -> dict[str, dict[str, Any]]:
    """Five markers on five different WIN cells (legal at every rank)."""
    return {
        m: {"horse": horse0 + i, "row": "WIN"} for i, m in enumerate(["1a", "1b", "2a", "2b", "3"])
    }


def bets_of(items: list[tuple[int, str, int]]) -> dict[str, dict[str, Any]]:
    """[(value, row, horse)] -> a place_bets map using marker ids 1a, 1b, 2a, 2b, 3."""
    free = {1: ["1a", "1b"], 2: ["2a", "2b"], 3: ["3"]}
    return {free[v].pop(0): {"horse": h, "row": row} for v, row, h in items}


def betting_state(
    n: int,
    card: str,
    money: list[int] | None = None,
    colours: list[str] | None = None,
    shares: list[list[str]] | None = None,
    **options: bool,
) -> HomestretchState:
    """Race 1 (race 3 for a green card), ``card`` revealed, claims made (KEEP): betting open."""
    state = race_card_state(n, colours, **options)
    if money is not None:
        state.money = list(money)
    if shares is not None:
        state.shares = [list(s) for s in shares]
    if RACE_CARDS[card]["colour"] == "green":
        state.race = 3  # green cards are drawn for races 3 and 4
    state.apply({"type": "race_card", "card": card})
    while state.phase == "claims":
        act(state, "bet_order_claim", choice="KEEP")
    assert state.phase == "betting"
    return state


def race_state(
    n: int = 3,
    card: str = "P7",
    money: list[int] | None = None,
    colours: list[str] | None = None,
    shares: list[list[str]] | None = None,
    bets: dict[str, dict[str, dict[str, Any]]] | None = None,
    **options: bool,
) -> HomestretchState:
    """Race 1 running: bets placed (``bets`` by colour, else spread), roll due."""
    state = betting_state(n, card, money, colours, shares, **options)
    while state.phase == "betting":
        colour = state.colours[state.current_player()]
        act(state, "place_bets", bets=(bets or {}).get(colour, spread()))
    while state.phase == "roll_off":
        first = not state.rolloff_rolls
        state.apply(
            {
                "type": "roll_off",
                "player": state.colours[state.rolloff[len(state.rolloff_rolls)]],
                "a": 6 if first else 1,
                "b": 6 if first else 1,
            }
        )
    assert state.phase == "race" and state.is_chance()
    return state


def set_race(
    state: HomestretchState,
    pos: dict[int, int] | None = None,
    finished: list[int] | None = None,
    hcap: dict[int, str] | None = None,
    turn: int | None = None,
) -> None:
    """Place horses, finish order and handicap markers; a fresh turn of ``turn``."""
    state.pos = [0] * 13
    for h, p in (pos or {}).items():
        state.pos[h] = p
    state.finished = list(finished or [])
    for h in state.finished:
        state.pos[h] = max(state.pos[h], 10)
    state.hcap = [None] * 13
    state.supply = {"X": 3, "+2": 2, "+4": 2, "+6": 2}
    for h, t in (hcap or {}).items():
        state.hcap[h] = t
        state.supply[t] -= 1
    if turn is not None:
        state.turn = turn
    state.roll_no = 0
    state.pending = None
    state.dice = None
    state.bonus_targets = []


def roll(state: HomestretchState, a: int, b: int) -> list[dict[str, Any]]:
    assert state.is_chance() and state.phase == "race"
    return state.apply({"type": "roll", "a": a, "b": b})


def dice_for(h: int) -> tuple[int, int]:
    a = max(1, h - 6)
    return a, h - a


def finish_race(state: HomestretchState, places: list[int]) -> list[dict[str, Any]]:
    """The race ends with ``places``: two horses already in, the third steps over the line."""
    third = places[2]
    set_race(state, {third: 9}, places[:2], turn=state.turn)
    roll(state, *dice_for(third))
    return act(state, "move_choice", choice="TWO")


def refused(state: HomestretchState, action: Any, reason: str = "") -> str:
    """``apply`` refuses ``action`` (with ``reason`` in the message); state unchanged."""
    before = json.dumps(state.to_json(), sort_keys=True)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalAction, match=reason) as info:
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return str(info.value)


def positions(state: HomestretchState) -> dict[int, int]:
    return {h: state.pos[h] for h in HORSES}


# --- S1 -------------------------------------------------------------------------------
def test_s1_seed_handicap_example() -> None:
    state = race_state(3, "P7")
    set_race(state, hcap=dict(RACE_CARDS["P7"]["handicaps"]), turn=0)
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
    state = race_state(3, "P7")
    start = {2: 0, 12: 0, 3: 1, 11: 1, 4: 3, 10: 3, 5: 4, 9: 5, 6: 6, 7: 7}
    set_race(state, start, [8], turn=0)
    roll(state, 6, 2)
    assert state.pending == "bonus_target" and state.bonus_targets == [2, 12]
    assert [a["horse"] for a in state.legal_actions()] == [2, 12]
    act(state, "bonus_target", horse=12)
    assert state.pos[12] == 3 and state.pending == "reroll_or_stop"
    act(state, "reroll_or_stop", choice="REROLL")
    roll(state, 2, 4)
    assert state.pos[6] == 8 and state.turn == 1
    roll(state, 5, 3)  # Anna: only horse 2 is last
    assert state.pos[2] == 2 and state.pending == "reroll_or_stop"
    act(state, "reroll_or_stop", choice="REROLL")
    roll(state, 4, 4)
    assert state.bonus_targets == [3, 11]
    act(state, "bonus_target", horse=3)
    assert state.pos[3] == 2 and state.turn == 2 and state.is_chance()
    roll(state, 5, 3)  # Frank
    assert state.pos[11] == 3
    act(state, "reroll_or_stop", choice="STOP")
    assert state.turn == 0
    final = {2: 2, 3: 2, 4: 3, 5: 4, 6: 8, 7: 7, 9: 5, 10: 3, 11: 3, 12: 3}
    assert {h: p for h, p in positions(state).items() if h != 8} == final


# --- S3 -------------------------------------------------------------------------------
S3_COLOURS = ["red", "blue", "yellow", "green"]


def test_s3_seed_payout_example() -> None:
    shares = [["B11a", "B9b"], [], ["B8a", "B9a"], ["B8b"]]
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
    state = race_state(4, "P1", [40, 35, 45, 30], S3_COLOURS, shares, bets)
    assert state.start_player == 3  # Green has the least money
    events = finish_race(state, [8, 11, 9])
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
    assert state.money == [61, 49, 73, 39]
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
    state = race_state(2, "P1", colours=["red", "blue"], bets=bets)
    finish_race(state, [11, 4, 7])
    amounts = {(b["seat"], b["marker"]): b["amount"] for b in state.results[-1]["bets"]}
    assert amounts[(0, "3")] == 30 and amounts[(1, "1a")] == 2


# --- S5 -------------------------------------------------------------------------------
def buying_state(
    n: int,
    money: list[int],
    colours: list[str],
    display: list[str],
    stack: list[str],
    shares: list[list[str]] | None = None,
) -> HomestretchState:
    """After race 1's payout: the pool holds ``display`` + ``stack``; C4 draws are due."""
    state = race_state(n, "P1", colours=colours)
    finish_race(state, [7, 6, 8])
    assert state.phase == "display"
    state.money = list(money)
    state.shares = [list(s) for s in (shares or [[] for _ in range(n)])]
    state.pool = sorted(display + stack)
    for card in display:
        state.apply({"type": "display_card", "card": card})
    assert state.phase == "buying" and state.display == display
    return state


def test_s5_seed_share_buying_example() -> None:
    display = ["B5a", "B10a", "B7a", "B3a"]
    stack = ["B9a", "B2a", "B12a", "B6a", "R4", "R5", "R8", "R11", "R12"]
    colours = ["red", "yellow", "blue", "green"]
    state = buying_state(4, [70, 60, 45, 40], colours, display, stack)
    assert state.buy_order == [3, 2, 1, 0]  # Green, Blue, Yellow, Red
    act(state, "buy_action", choice="BUY_FACEUP", card="B5a")
    act(state, "buy_action", choice="BUY_FACEUP", card="B10a")
    act(state, "buy_action", choice="BUY_FACEUP", card="B7a")
    assert state.money == [70, 50, 39, 32]
    assert {"type": "buy_action", "player": "red", "choice": "BUY_BLIND"} in state.legal_actions()
    act(state, "buy_action", choice="BUY_BLIND")
    assert state.phase == "blind" and state.is_chance()
    events = state.apply({"type": "blind_card", "card": "B9a"})
    bought = next(e for e in events if e["type"] == "share_bought")
    assert bought["price"] == 11 and bought["card"] == "B9a" and state.money[0] == 59
    for card in ["B2a", "B12a", "B6a"]:  # refill 3 slots from the top of the stack
        state.apply({"type": "display_card", "card": card})
    assert state.display == ["B3a", "B2a", "B12a", "B6a"]
    assert state.buy_round == 2 and state.buy_order == [3, 2, 1, 0]
    assert [state.money[s] for s in state.buy_order] == [32, 39, 50, 59]
    for _ in range(4):
        act(state, "buy_action", choice="PASS")
    assert state.phase == "race_card" and state.race == 2
    assert state.display == [] and state.pool == []
    assert sorted(state.removed_after_buying) == sorted(
        ["B3a", "B2a", "B12a", "B6a", "R4", "R5", "R8", "R11", "R12"]
    )


# --- S6 -------------------------------------------------------------------------------
def test_s6_two_rolls_at_most() -> None:
    state = race_state(3)
    set_race(state, {9: 3}, turn=1)
    roll(state, 4, 5)
    act(state, "move_choice", choice="ONE_AND_REROLL")
    assert state.pos[9] == 4 and state.is_chance() and state.roll_no == 1
    roll(state, 3, 6)
    assert state.pos[9] == 6
    assert state.turn == 2 and state.roll_no == 0 and state.is_chance()


# --- S7 -------------------------------------------------------------------------------
def test_s7_plus_six_with_one_step_then_x() -> None:
    state = race_state(3, "P5")
    set_race(state, hcap=dict(RACE_CARDS["P5"]["handicaps"]), turn=0)
    roll(state, 6, 6)
    act(state, "move_choice", choice="ONE_AND_REROLL")
    assert state.pos[12] == 7 and state.hcap[12] is None
    roll(state, 2, 6)
    assert state.hcap[8] is None and state.pos[8] == 0
    assert state.turn == 1 and state.is_chance()


# --- S8 -------------------------------------------------------------------------------
def test_s8_x_on_first_roll_then_stop() -> None:
    state = race_state(3, "P5")
    set_race(state, hcap=dict(RACE_CARDS["P5"]["handicaps"]), turn=0)
    roll(state, 3, 3)
    assert state.hcap[6] is None and all(p == 0 for p in positions(state).values())
    act(state, "reroll_or_stop", choice="STOP")
    assert state.turn == 1
    roll(state, 1, 5)
    act(state, "move_choice", choice="TWO")
    assert state.pos[6] == 2


# --- S9 -------------------------------------------------------------------------------
@pytest.mark.parametrize("choice, final", [("ONE_AND_REROLL", 10), ("TWO", 11)])
def test_s9_race_ends_mid_turn(choice: str, final: int) -> None:
    state = race_state(3)
    set_race(state, {9: 9}, [7, 5], turn=0)
    roll(state, 4, 5)
    events = act(state, "move_choice", choice=choice)
    assert state.results[-1]["places"] == [7, 5, 9]
    assert state.results[-1]["positions"]["9"] == final
    assert not any(e["type"] == "rolled" for e in events)  # no second roll
    assert state.phase == "display"  # race 1 over: share buying begins


# --- S10 ------------------------------------------------------------------------------
def test_s10_bonus_move_finishes_a_horse() -> None:
    shares = [["B12a"], [], []]
    state = race_state(3, "P1", shares=shares)
    pos = {h: 9 for h in (2, 3, 4, 5, 8, 9, 10, 11)}
    pos[12] = 8
    set_race(state, pos, [7, 6], turn=0)
    events = roll(state, 1, 6)
    assert state.results[-1]["places"] == [7, 6, 12]
    assert state.results[-1]["positions"]["12"] == 11
    assert not any(e["type"] == "reroll_or_stop" for e in events)
    show = state.results[-1]["purses"][2]
    assert show["horse"] == 12 and show["paid"] == [{"seat": 0, "shares": 1, "amount": 6}]


# --- S11 ------------------------------------------------------------------------------
def test_s11_bonus_move_ignores_a_plus_marker() -> None:
    state = race_state(3, "G2")
    pos = {2: 0, 3: 5, 4: 4, 5: 3, 6: 1, 7: 2, 9: 6, 10: 3, 11: 1, 12: 8}
    set_race(state, pos, [8], {2: "+6"}, turn=0)
    roll(state, 5, 3)
    assert state.pos[2] == 2 and state.hcap[2] == "+6"
    act(state, "reroll_or_stop", choice="REROLL")
    roll(state, 1, 1)
    assert state.pos[2] == 10 and state.finished == [8, 2] and state.hcap[2] is None
    assert state.turn == 1 and state.is_chance()


# --- S12 ------------------------------------------------------------------------------
def test_s12_purse_division() -> None:
    colours = ["black", "blue", "green", "red", "yellow"]
    shares = [["R5"], ["B7b"], ["B5a"], ["B7a", "R7"], ["B5b"]]
    state = race_state(5, "P2", colours=colours, shares=shares)
    finish_race(state, [7, 12, 5])
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
    state = race_state(2, "G1", colours=["red", "blue"], bets=bets)
    finish_race(state, [4, 10, 9])
    mine = {b["marker"]: b["amount"] for b in state.results[-1]["bets"] if b["seat"] == 0}
    assert mine == {"3": 24, "2a": 10, "1a": 4, "2b": 0, "1b": 0}
    assert state.results[-1]["gains"][0]["bets"] == 38


# --- S14 ------------------------------------------------------------------------------
S14_COLOURS = ["red", "blue", "green", "yellow"]


def test_s14_ranks_and_marker_limits() -> None:
    state = betting_state(4, "P1", [60, 60, 50, 40], S14_COLOURS)
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
    assert state.phase in ("race", "roll_off")
    state.money = [50, 70, 50, 30]
    assert state.ranks() == [2, 1, 2, 4]  # 70/50/50/30 -> 1/2/2/4


# --- S15 ------------------------------------------------------------------------------
def test_s15_early_bet_claims() -> None:
    state = race_card_state(4, S14_COLOURS)
    state.money = [60, 60, 50, 40]
    state.apply({"type": "race_card", "card": "P1"})
    assert state.phase == "claims" and state.order == [1, 0, 2, 3]
    assert state.current_player() == 0  # Red, 2nd in the default order
    act(state, "bet_order_claim", choice="KEEP")
    act(state, "bet_order_claim", choice="CUT_IN_BEFORE", target="blue")
    assert [state.colours[s] for s in state.order] == ["green", "blue", "red", "yellow"]
    act(state, "bet_order_claim", choice="CUT_IN_BEFORE", target="red")
    assert [state.colours[s] for s in state.order] == ["green", "blue", "yellow", "red"]
    assert state.phase == "betting"
    seen = []
    while state.phase == "betting":
        seat = state.current_player()
        seen.append((state.colours[seat], state.rank(seat)))
        act(state, "place_bets", bets=spread())
    assert seen == [("green", 3), ("blue", 1), ("yellow", 4), ("red", 1)]


# --- S16 ------------------------------------------------------------------------------
def test_s16_start_player_roll_off() -> None:
    colours = ["red", "blue", "green", "yellow"]
    state = betting_state(4, "P1", [44, 38, 38, 50], colours)
    while state.phase == "betting":
        act(state, "place_bets", bets=spread())
    assert state.phase == "roll_off" and state.rolloff == [1, 2]
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and outcomes[0][0]["player"] == "blue"
    state.apply({"type": "roll_off", "player": "blue", "a": 2, "b": 3})
    state.apply({"type": "roll_off", "player": "green", "a": 4, "b": 1})
    assert state.phase == "roll_off" and state.rolloff == [1, 2]  # still tied
    state.apply({"type": "roll_off", "player": "blue", "a": 6, "b": 6})
    state.apply({"type": "roll_off", "player": "green", "a": 3, "b": 3})
    assert state.phase == "race" and state.start_player == 1 and state.start_by == "roll_off"
    order = []
    for _ in range(5):
        order.append(state.colours[state.turn])
        set_race(state, turn=state.turn)
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
    assert state.phase == "ghost"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 5 and all(p == pytest.approx(0.2) for _, p in outcomes)
    state.apply({"type": "ghost_removal", "card": "B3a"})
    assert "B3a" in state.pool
    assert sorted(state.ghost) == sorted(["B6a", "B9a", "B4a", "B12a"])
    assert sorted(state.hands[1]) == sorted(["B8a", "B5a", "B11a", "B10a"])
    assert sorted(state.hands[0]) == sorted(["B8b", "B2a", "B10b", "B5b"])
    draft_all(state)
    assert state.phase == "race_card"
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
    state = race_card_state(n)
    assert all(len(s) == per for s in state.shares)
    state = race_state(n, "P1")
    finish_race(state, [7, 6, 8])
    assert len(state.pool) == pool
    rng = random.Random(n)
    while state.phase == "display":
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    assert len(state.display) == display and len(state.pool) == stack


# --- S19 ------------------------------------------------------------------------------
def test_s19_affordability() -> None:
    colours = ["green", "red", "blue", "yellow"]
    display = ["B7a", "B4a", "B12a", "B3a"]
    state = buying_state(4, [9, 50, 50, 50], colours, display, ["B6a", "B2a"])
    assert state.current_player() == 0
    legal = state.legal_actions()
    assert legal == [
        {"type": "buy_action", "player": "green", "choice": "BUY_FACEUP", "card": "B4a"},
        {"type": "buy_action", "player": "green", "choice": "BUY_FACEUP", "card": "B12a"},
        {"type": "buy_action", "player": "green", "choice": "BUY_FACEUP", "card": "B3a"},
        {"type": "buy_action", "player": "green", "choice": "PASS"},
    ]
    refused(
        state,
        {"type": "buy_action", "player": "green", "choice": "BUY_FACEUP", "card": "B7a"},
        "costs 10",
    )
    refused(state, {"type": "buy_action", "player": "green", "choice": "BUY_BLIND"}, "13")
    for card, left in (("B4a", 3), ("B12a", 7), ("B3a", 5)):
        probe = state.clone()
        act(probe, "buy_action", choice="BUY_FACEUP", card=card)
        assert probe.money[0] == left
    state.pool = ["B3b", "B11b", "B2b"]  # highest stack cost 4
    state.money[0] = 7
    assert state.is_legal({"type": "buy_action", "player": "green", "choice": "BUY_BLIND"})
    state.pool = []
    assert all(a["choice"] != "BUY_BLIND" for a in state.legal_actions())
    refused(
        state, {"type": "buy_action", "player": "green", "choice": "BUY_BLIND"}, "stack is empty"
    )


# --- S20 ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "red, blue, ranking",
    [
        (["B7a", "B9a", "B11a", "B2a"], ["B6a", "B5a", "B3a", "B12a"], [1, 1]),
        (["B8a", "B2a", "B12a", "B3a", "B11a"], ["B6a", "B10a", "B9a"], [2, 1]),
        (["B7a", "B11a", "B12a", "B12b"], ["B6a", "B4a", "B2a"], [1, 2]),
    ],
)
def test_s20_game_end_tie_breaks(red: list[str], blue: list[str], ranking: list[int]) -> None:
    state = race_state(2, "G1", colours=["red", "blue"])
    state.race = 4  # the last race of the game
    state.shares = [list(red), list(blue)]
    state.money = [120, 120]
    events = finish_race(state, [2, 3, 4])
    assert state.is_terminal()
    state.money = [120, 120]  # the scenario's final money, whatever this race paid
    assert state.scores() == [120.0, 120.0]
    assert state.ranking() == ranking
    assert state.winners() == [s for s, r in enumerate(ranking) if r == 1]
    assert any(e["type"] == "game_over" for e in events)


# --- S21 ------------------------------------------------------------------------------
def test_s21_race_and_phase_order() -> None:
    stack = ["P3", "P9", "G2", "G7"]
    state = new_state(3)
    rng = random.Random(21)
    phases: list[str] = []
    while not state.is_terminal():
        if state.phase == "race_card":
            assert all(
                c.startswith("P" if state.race <= 2 else "G") for c in state.race_card_candidates()
            )
            state.apply({"type": "race_card", "card": stack[state.race - 1]})
            phases.append(f"race{state.race}")
            continue
        if state.phase == "buying" and (not phases or phases[-1] != "buying"):
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
    state = buying_state(3, [40, 30, 30], ["red", "blue", "green"], ["B5a", "B9a", "B4a"], [])
    assert [state.colours[s] for s in state.buy_order] == ["blue", "green", "red"]


# --- S23 ------------------------------------------------------------------------------
def test_s23_sole_owner() -> None:
    state = race_state(3, "G4", shares=[["B4a", "B4b"], [], []])
    before = state.money[0]
    finish_race(state, [4, 7, 8])
    assert state.results[-1]["purses"][0]["paid"] == [{"seat": 0, "shares": 2, "amount": 36}]
    assert state.results[-1]["gains"][0]["purse"] == 36
    assert state.money[0] == before + 36 + state.results[-1]["gains"][0]["bets"]
