"""Acceptance scenarios S1–S22 of the Royal Turf spec (§8), played through ``apply``.

Every position is reached by play (``play.py``): forced card draws and rolls, the
scenario's chips placed in betting turns, money won in earlier races, and a searched
sequence of moves to the horses' fields. Nothing is written to the state, so a rule the
engine gets wrong on the way, or in the scenario's own move, fails the scenario.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from pygames.core import IllegalAction
from pygames.royal_turf import HORSES
from pygames.royal_turf.state import RoyalTurfState

from .play import (
    Goal,
    deal,
    finish_race,
    move,
    new_state,
    race_position,
    race_start,
    roll,
    roll_move,
    run_to,
)

A, B, C, D, E = range(5)
SYMBOL_PROBS = {"head": 1 / 2, "helmet": 1 / 6, "saddle": 1 / 6, "horseshoe": 1 / 6}

# The result of the earlier races that bring the money of a scenario: othello,
# earl_grey and nougat place; mocha sets the pace; red_fox comes last.
EARLIER = (("othello", "earl_grey", "nougat"), "mocha", "red_fox")
# A race that pays nobody when every chip lies on albino, caramello and mocha.
QUIET_RESULT = (("othello", "earl_grey", "nougat"), "othello", "red_fox")


def quiet(n: int) -> dict[int, dict[str, int]]:
    return {seat: {"albino": 1, "caramello": 1, "mocha": 2} for seat in range(n)}


def payouts(events: list[dict[str, Any]]) -> Counter[tuple[int, str, int]]:
    return Counter((e["seat"], e["reason"], e["amount"]) for e in events if e["type"] == "payout")


def eligible(state: RoyalTurfState) -> set[str]:
    return {a["horse"] for a in state.legal_actions()}


def play_out_race(state: RoyalTurfState, rng: random.Random) -> None:
    """Play the current race to its end with random legal choices."""
    race = state.race
    while state.race == race and not state.is_terminal():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))


def later_race(n: int, plans: list[dict[int, dict[str, int]]], hidden: bool = False,
               keep: tuple[str, ...] = ()) -> RoyalTurfState:  # fmt: skip
    """A game whose earlier races ended as ``EARLIER`` with these chips, at the next reveal."""
    state = new_state(n, hidden)
    state.apply({"type": "first_player", "player": 0})
    for plan in plans:
        finish_race(state, *EARLIER, plan=plan, keep=keep)
    assert state.phase == "reveal" and state.race == len(plans) + 1
    return state


# --- S1, S2: seed payout example ------------------------------------------------
S1_BETS = {
    A: {"othello": 2, "earl_grey": 1, "albino": 1},
    B: {"earl_grey": 2, "albino": 1, "caramello": 1},
    C: {"earl_grey": 1, "nougat": 1, "red_fox": 2},
    D: {"red_fox": 1, "mocha": 2, "caramello": 1},
}
# 1st othello, 2nd earl_grey already in; nougat (NO1, head 5) finishes 3rd from field 2.
S1_POSITION = Goal(
    {"nougat": 2, "albino": 10, "caramello": 12, "mocha": 15, "red_fox": 20},
    finished=("othello", "earl_grey"),
    pacemaker="earl_grey",
)
# Race 1 that leaves A 500, B 250, C 0, D 300 (C's penalty is capped at nothing).
S1_RACE1 = {
    A: {"earl_grey": 1, "albino": 1, "nougat": 2},
    B: {"mocha": 1, "caramello": 2, "nougat": 1},
    C: {"caramello": 1, "earl_grey": 1, "red_fox": 2},
    D: {"earl_grey": 1, "red_fox": 1, "mocha": 2},
}
# Races 1 and 2 with these chips pay everyone 500 each.
S2_EARLIER = {
    A: {"caramello": 1, "earl_grey": 2, "mocha": 1},
    B: {"earl_grey": 1, "nougat": 2, "mocha": 1},
    C: {"caramello": 1, "nougat": 1, "othello": 2},
    D: {"nougat": 1, "othello": 2, "caramello": 1},
}


def test_s01_seed_payout_example_race2():
    state = later_race(4, [S1_RACE1], keep=("NO1",))
    assert state.money == [500, 250, 0, 300]
    run_to(state, S1_POSITION, cards={"nougat": "NO1"}, plan=S1_BETS)
    events = roll_move(state, "head", "nougat")
    over = next(e for e in events if e["type"] == "race_over")
    assert over["race"] == 2 and over["places"] == ["othello", "earl_grey", "nougat"]
    assert over["pacemaker"] == "earl_grey" and over["last"] == "red_fox"
    assert payouts(events) == Counter(
        {
            (A, "place1", 700): 1,
            (B, "place2", 300): 1,
            (A, "place2", 150): 1,
            (C, "place2", 150): 1,
            (C, "place3", 250): 1,
            (B, "pacemaker", 200): 1,
            (A, "pacemaker", 100): 1,
            (C, "pacemaker", 100): 1,
            (C, "last", -200): 1,
            (D, "last", -100): 1,
        }
    )
    assert state.money == [1450, 750, 300, 200]
    assert state.results[-1]["money"] == [1450, 750, 300, 200]
    assert state.race == 3 and not state.is_terminal()


def test_s02_seed_race3_doubling():
    state = later_race(4, [S2_EARLIER, S2_EARLIER], keep=("NO1",))
    assert state.money == [1000] * 4
    run_to(state, S1_POSITION, cards={"nougat": "NO1"}, plan=S1_BETS)
    events = roll_move(state, "head", "nougat")
    assert state.money == [2900, 2000, 1600, 800]
    assert state.is_terminal()
    got = payouts(events)
    assert got[(C, "place2", 300)] == 1 and got[(C, "place3", 500)] == 1
    assert got[(C, "pacemaker", 200)] == 1 and got[(C, "last", -400)] == 1
    assert got[(D, "last", -200)] == 1


# --- S3–S11: movement ----------------------------------------------------------
def test_s03_seed_blocking_example():
    state = race_position(fields=S3_FIELDS, cards={"albino": "AL1"})
    events = roll_move(state, "saddle", "albino")
    moved = next(e for e in events if e["type"] == "horse_moved")
    assert moved["value"] == 6 and moved["to"] == 21 and moved["blocked"]
    assert state.fields["albino"] == 21
    assert "albino" in state.moved
    assert state.pacemaker is None


def test_s04_total_block():
    state = race_position(
        fields={"caramello": 12, "othello": 11, "nougat": 10, "mocha": 9, "red_fox": 8,
                "albino": 15, "earl_grey": 20},
        cards={"caramello": "CA1"},
        pacemaker="othello",
        turn=A,
    )  # fmt: skip
    before = dict(state.fields)
    events = roll_move(state, "head", "caramello")
    assert next(e for e in events if e["type"] == "horse_moved")["value"] == 4
    assert state.fields == before
    assert "caramello" in state.moved
    assert state.pacemaker == "othello"
    assert state.is_chance() and state.turn == B


def test_s05_jumping_and_pacemaker():
    state = race_position(
        fields={"mocha": 24, "othello": 23, "nougat": 20, "albino": 19, "earl_grey": 25,
                "caramello": 26, "red_fox": 27},
        cards={"mocha": "MO1"},
    )  # fmt: skip
    events = roll_move(state, "helmet", "mocha")
    assert state.fields["mocha"] == 14
    assert state.pacemaker == "mocha"
    assert {"type": "pacemaker", "horse": "mocha"} in events


def test_s06_reaching_18_exactly():
    state = race_position(
        fields={"othello": 21, "earl_grey": 22, "nougat": 20, "albino": 24, "mocha": 25,
                "caramello": 26, "red_fox": 27},
        cards={"othello": "OT1", "earl_grey": "EG1"},
        turn=A,
    )  # fmt: skip
    assert state.chance_outcomes() and state.turn == A
    roll_move(state, "saddle", "othello")
    assert state.fields["othello"] == 19
    assert state.pacemaker is None
    assert state.turn == B
    roll_move(state, "head", "earl_grey")
    assert state.fields["earl_grey"] == 18
    assert state.pacemaker == "earl_grey"


def test_s07_finishing_exact_and_overshoot():
    state = race_position(
        fields={"othello": 3, "red_fox": 5, "albino": 8, "nougat": 10, "mocha": 11,
                "earl_grey": 14, "caramello": 16},
        cards={"othello": "OT1", "red_fox": "RF3"},
        pacemaker="othello",
    )  # fmt: skip
    events = roll_move(state, "head", "red_fox")
    fin = next(e for e in events if e["type"] == "horse_finished")
    assert fin["value"] == 5 and fin["from"] == 5 and fin["rank"] == 1
    events = roll_move(state, "horseshoe", "othello")
    fin = next(e for e in events if e["type"] == "horse_finished")
    assert fin["value"] == 6 and fin["rank"] == 2
    assert state.finished == ["red_fox", "othello"]
    assert len(state.fields) == 5 and state.phase == "race" and state.race == 1
    assert state.pacemaker == "othello"


def test_s08_third_finisher_ends_race():
    state = race_position(
        fields={"albino": 2, "nougat": 6, "mocha": 9, "caramello": 13, "earl_grey": 14},
        cards={"albino": "AL1"},
        finished=("othello", "red_fox"),
        moved=("caramello", "earl_grey"),
        pacemaker="othello",
    )
    events = roll_move(state, "head", "albino")
    over = next(e for e in events if e["type"] == "race_over")
    assert over["places"] == ["othello", "red_fox", "albino"]
    assert over["last"] == "earl_grey"
    # No further turn in race 1: nougat and mocha never moved; race 2 is being prepared.
    assert not any(e["type"] == "horse_moved" for e in events)
    assert state.race == 2 and state.phase == "reveal"
    assert state.results[0]["places"] == ["othello", "red_fox", "albino"]
    assert state.results[0]["last"] == "earl_grey"


def test_s09_cycle_reset_after_finishing_move():
    on_track = {"albino": 8, "nougat": 6, "mocha": 9, "earl_grey": 14, "caramello": 13}
    state = race_position(
        fields={"red_fox": 2, **on_track},
        cards={"red_fox": "RF2"},
        finished=("othello",),
        moved=tuple(on_track),
        pacemaker="othello",
    )
    roll(state, "saddle")
    assert eligible(state) == {"red_fox"}
    move(state, "red_fox")
    assert state.finished == ["othello", "red_fox"]
    assert state.moved == []
    roll(state, "head")
    assert eligible(state) == set(on_track)


def test_s10_same_horse_twice_in_a_row():
    state = race_position(fields=S10_FIELDS, moved=[h for h in HORSES if h != "nougat"], turn=A)
    roll_move(state, "head", "nougat")
    assert "nougat" in state.fields
    assert state.moved == []
    assert state.turn == B
    roll(state, "head")
    assert {"type": "move_horse", "horse": "nougat"} in state.legal_actions()
    move(state, "nougat")
    assert state.moved == ["nougat"]


def test_s11_eligibility_seed_illustration():
    state = race_position(fields=S11_FIELDS, moved=("albino", "red_fox"))
    roll(state, "head")
    assert eligible(state) == {"earl_grey", "nougat", "caramello", "mocha", "othello"}
    before = state.to_json()
    with pytest.raises(IllegalAction, match="already moved"):
        move(state, "albino")
    assert state.to_json() == before


# S3's red_fox and mocha stand on 30 and 31 in the spec; the planner (unhindered moves
# only) finds no way to leave both there, so mocha waits on 29. Neither field is on
# albino's way, so the blocking example is the spec's.
S3_FIELDS = {"albino": 25, "othello": 19, "nougat": 20, "earl_grey": 22, "caramello": 26,
             "red_fox": 30, "mocha": 29}  # fmt: skip
# The spec places no horse in S10 and S11; these fields are reached after one move each
# (S10: all but nougat; S11: albino and red_fox).
S10_FIELDS = {"earl_grey": 24, "albino": 23, "nougat": 31, "caramello": 25, "red_fox": 22,
              "mocha": 21, "othello": 20}  # fmt: skip
S11_FIELDS = {"earl_grey": 33, "albino": 26, "nougat": 31, "caramello": 30, "red_fox": 20,
              "mocha": 28, "othello": 27}  # fmt: skip


# --- S12: deck order over three races --------------------------------------------
S12_DECK = (
    "OT1 AL2 OT3 EG1 NO2 CA1 AL1 RF2 MO3 EG2 EG3 AL3 NO1 NO3 CA2 CA3 RF1 RF3 MO1 MO2 OT2".split()
)


def _draw_forced(state: RoyalTurfState, deck: list[str]) -> None:
    """Force never-revealed cards in ``deck`` order while a draw is a chance node."""
    while state.phase == "reveal":
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert {o["card"] for o, _ in outcomes} == set(state.unrevealed)
        assert all(p == pytest.approx(1 / len(state.unrevealed)) for _, p in outcomes)
        state.apply({"type": "draw_card", "card": deck.pop(0)})


def _placement(state: RoyalTurfState) -> dict[str, tuple[int, str]]:
    return {h: (state.fields[h], state.cards[h]) for h in HORSES}


def test_s12_card_reveal_with_duplicates_across_three_races():
    deck = list(S12_DECK)
    state = new_state(3)
    state.apply({"type": "first_player", "player": 0})
    _draw_forced(state, deck)
    assert _placement(state) == {
        "othello": (33, "OT1"),
        "albino": (32, "AL2"),
        "earl_grey": (31, "EG1"),
        "nougat": (30, "NO2"),
        "caramello": (29, "CA1"),
        "red_fox": (28, "RF2"),
        "mocha": (27, "MO3"),
    }
    # Deck left: the 12 never-revealed cards on top, then OT3 and AL1 in put-back order.
    assert state.put_back == ["OT3", "AL1"]
    assert sorted(state.unrevealed) == sorted(deck)
    assert deck == "EG2 EG3 AL3 NO1 NO3 CA2 CA3 RF1 RF3 MO1 MO2 OT2".split()

    rng = random.Random(12)
    play_out_race(state, rng)
    assert state.race == 2 and state.phase == "reveal"
    _draw_forced(state, deck)
    assert deck == []
    assert _placement(state) == {
        "earl_grey": (33, "EG2"),
        "albino": (32, "AL3"),
        "nougat": (31, "NO1"),
        "caramello": (30, "CA2"),
        "red_fox": (29, "RF1"),
        "mocha": (28, "MO1"),
        "othello": (27, "OT2"),
    }
    assert state.unrevealed == []
    assert state.put_back == ["OT3", "AL1", "EG3", "NO3", "CA3", "RF3", "MO2"]

    play_out_race(state, rng)
    # Race 3 takes the put-back cards in order, with no chance node (R36).
    assert state.race == 3 and state.phase in ("betting", "start_lot")
    assert _placement(state) == {
        "othello": (33, "OT3"),
        "albino": (32, "AL1"),
        "earl_grey": (31, "EG3"),
        "nougat": (30, "NO3"),
        "caramello": (29, "CA3"),
        "red_fox": (28, "RF3"),
        "mocha": (27, "MO2"),
    }
    assert state.put_back == [] and state.unrevealed == []


# --- S13, S14: betting order and legality ----------------------------------------
def _betting_turns(state: RoyalTurfState) -> list[int]:
    turns = []
    while state.phase == "betting":
        turns.append(state.current_player())
        state.apply(state.legal_actions()[0])
    return turns


def test_s13_betting_order_and_start_players():
    state = deal(3, first=B)
    assert _betting_turns(state) == [B, C, A] * 3
    race_turns = []
    for _ in range(4):
        roll(state, "head")
        race_turns.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert race_turns == [B, C, A, B]


# Race 1 with these chips leaves A 500, B 750, C 750 (EARLIER's result).
S13_RACE1 = {
    A: {"caramello": 1, "earl_grey": 2, "albino": 1},
    B: {"mocha": 2, "othello": 1, "nougat": 1},
    C: {"othello": 1, "nougat": 1, "mocha": 2},
}


def test_s13_tied_richest_draw_lots_for_the_start():
    state = later_race(3, [S13_RACE1])
    assert state.money == [500, 750, 750]
    while state.phase == "reveal":
        state.apply(state.chance_outcomes()[0][0])
    assert state.phase == "start_lot"
    assert state.chance_outcomes() == [
        ({"type": "start_player_lot", "player": B}, 0.5),
        ({"type": "start_player_lot", "player": C}, 0.5),
    ]
    state.apply({"type": "start_player_lot", "player": C})
    assert state.start_player == C
    assert _betting_turns(state) == [C, A, B] * 3
    roll(state, "head")
    assert state.current_player() == C


def test_s13_everyone_on_nothing_draws_among_all():
    state = new_state(3)
    state.apply({"type": "first_player", "player": B})
    finish_race(state, *QUIET_RESULT, plan=quiet(3))
    assert state.money == [0, 0, 0]
    while state.phase == "reveal":
        state.apply(state.chance_outcomes()[0][0])
    outcomes = state.chance_outcomes()
    assert [o["player"] for o, _ in outcomes] == [A, B, C]
    assert all(p == pytest.approx(1 / 3) for _, p in outcomes)


def test_s14_bet_legality():
    state = deal(2, first=A)
    state.apply({"type": "place_chip", "chip": 1, "horse": "othello"})
    assert sorted(state.supply[A]) == [1, 2]
    state.apply({"type": "place_chip", "chip": 1, "horse": "othello"})  # B
    assert state.current_player() == A
    others = [h for h in HORSES if h != "othello"]
    assert state.legal_actions() == [
        {"type": "place_chip", "chip": c, "horse": h} for c in (1, 2) for h in others
    ]
    assert len(state.legal_actions()) == 12
    before = state.to_json()
    with pytest.raises(IllegalAction, match="already have a chip on othello"):
        state.apply({"type": "place_chip", "chip": 2, "horse": "othello"})
    assert state.to_json() == before
    state.apply({"type": "place_chip", "chip": 2, "horse": "mocha"})
    state.apply({"type": "place_chip", "chip": 2, "horse": "mocha"})  # B
    assert state.supply[A] == [1]
    legal = state.legal_actions()
    assert len(legal) == 5
    assert {a["horse"] for a in legal} == set(HORSES) - {"othello", "mocha"}
    assert {a["chip"] for a in legal} == {1}


# --- S15–S20: payouts ----------------------------------------------------------
def test_s15_column_5_plus_and_unbacked_placers():
    bets = {
        A: {"nougat": 2, "albino": 1, "caramello": 1},
        B: {"nougat": 2, "albino": 1, "mocha": 1},
        C: {"nougat": 2, "caramello": 1, "mocha": 1},
        D: {"nougat": 1, "albino": 2, "mocha": 1},
        E: {"albino": 1, "caramello": 2, "mocha": 1},
    }
    state = race_position(
        5,
        fields={"othello": 1, "albino": 10, "caramello": 12, "mocha": 15, "red_fox": 25},
        cards={"othello": "OT1"},
        finished=("nougat", "earl_grey"),
        pacemaker="othello",
        plan=bets,
    )
    assert state.money == [0] * 5
    events = roll_move(state, "head", "othello")
    assert state.results[-1]["places"] == ["nougat", "earl_grey", "othello"]
    assert state.results[-1]["last"] == "red_fox"
    assert payouts(events) == Counter(
        {(A, "place1", 300): 1, (B, "place1", 300): 1, (C, "place1", 300): 1, (D, "place1", 150): 1}
    )
    assert state.money == [300, 300, 300, 150, 0]


S16_BETS = {
    A: {"othello": 1, "albino": 1, "nougat": 2},
    B: {"red_fox": 2, "mocha": 1, "caramello": 1},
    C: {"othello": 2, "albino": 1, "nougat": 1},
    D: {"red_fox": 1, "mocha": 2, "caramello": 1},
}
# Race 2 with these chips (after a quiet race 1) leaves A 0, B 0, C 500, D 150.
S16_RACE2 = {
    A: {"red_fox": 2, "albino": 1, "nougat": 1},
    B: {"nougat": 2, "red_fox": 1, "albino": 1},
    C: {"red_fox": 1, "othello": 1, "nougat": 2},
    D: {"earl_grey": 1, "red_fox": 2, "albino": 1},
}


def test_s16_no_debt_cap_in_race3():
    state = new_state(4)
    state.apply({"type": "first_player", "player": A})
    finish_race(state, *QUIET_RESULT, plan=quiet(4), keep=("OT1",))
    finish_race(state, *EARLIER, plan=S16_RACE2, keep=("OT1",))
    assert state.money == [0, 0, 500, 150] and state.race == 3
    run_to(
        state,
        Goal(
            {"othello": 1, "earl_grey": 8, "mocha": 10, "caramello": 12, "red_fox": 25},
            finished=("albino", "nougat"),
            pacemaker="albino",
        ),
        cards={"othello": "OT1"},
        plan=S16_BETS,
    )
    events = roll_move(state, "head", "othello")
    assert state.results[-1]["last"] == "red_fox"
    got = payouts(events)
    assert got[(D, "last", -150)] == 1
    assert got[(B, "last", 0)] == 1
    assert state.money[B] == 0 and state.money[D] == 0
    assert min(state.money) >= 0
    assert state.is_terminal()


def test_s17_pacemaker_that_is_also_last():
    # Caramello took the tile on 17 while everyone else was behind; the others then
    # ran past it in that cycle (nougat twice). Othello (OT3, horseshoe 12) finishes
    # 3rd before caramello moves again.
    bets = {A: {"caramello": 1, "mocha": 1, "albino": 2}, B: {"mocha": 1, "albino": 1, "nougat": 2}}
    state = race_position(
        2,
        fields={"othello": 12, "caramello": 17, "mocha": 14, "albino": 10, "nougat": 4},
        cards={"othello": "OT3"},
        finished=("earl_grey", "red_fox"),
        moved=("nougat",),
        pacemaker="caramello",
        plan=bets,
    )
    events = roll_move(state, "horseshoe", "othello")
    res = state.results[-1]
    assert res["pacemaker"] == "caramello" and res["last"] == "caramello"
    mine = [(e["reason"], e["amount"]) for e in events if e["type"] == "payout" and e["seat"] == A]
    assert mine == [("pacemaker", 100), ("last", -100)]
    assert state.money[A] == 0


S18_BETS = {
    A: {"othello": 0, "red_fox": 2, "albino": 1, "caramello": 1},
    B: {"othello": 1, "mocha": 2, "nougat": 0, "earl_grey": 1},
    C: {"red_fox": 0, "albino": 1, "mocha": 2, "nougat": 1},
}
# Hidden bets, race 1 with these chips leaves A 300, B 0, C 0.
S18_RACE1 = {
    A: {"red_fox": 2, "nougat": 0, "albino": 1, "othello": 1},
    B: {"earl_grey": 0, "red_fox": 2, "mocha": 1, "albino": 1},
    C: {"red_fox": 1, "albino": 0, "caramello": 2, "mocha": 1},
}


def test_s18_hidden_variant_reveal():
    # The spec's money before (A 300) cannot be had in race 1, where everyone starts
    # with nothing: the scenario is race 2 (the same multiplier, 1).
    state = later_race(3, [S18_RACE1], hidden=True, keep=("MO2",))
    assert state.money == [300, 0, 0]
    run_to(
        state,
        Goal(
            {"mocha": 3, "earl_grey": 9, "nougat": 11, "caramello": 14, "red_fox": 20},
            finished=("othello", "albino"),
            pacemaker="othello",
        ),
        cards={"mocha": "MO2"},
        plan=S18_BETS,
    )
    events = roll_move(state, "head", "mocha")
    kinds = [e["type"] for e in events]
    reveal = kinds.index("chips_revealed")
    assert reveal < kinds.index("payout")
    assert events[reveal]["bets"]["othello"] == [[A, 0], [B, 1]]
    assert all(e["chip"] > 0 for e in events if e["type"] == "payout")
    assert payouts(events) == Counter(
        {
            (B, "place1", 500): 1,
            (A, "place2", 250): 1,
            (C, "place2", 250): 1,
            (B, "place3", 200): 1,
            (C, "place3", 200): 1,
            (B, "pacemaker", 100): 1,
            (A, "last", -200): 1,
        }
    )
    assert state.money == [350, 800, 450]


def test_s19_hidden_winner_backed_only_by_zero_chip():
    bets = {
        A: {"othello": 0, "albino": 1, "nougat": 1, "caramello": 2},
        B: {"albino": 0, "nougat": 1, "caramello": 1, "mocha": 2},
    }
    state = race_position(
        2,
        hidden=True,
        fields={"mocha": 3, "earl_grey": 9, "nougat": 11, "caramello": 14, "red_fox": 20},
        cards={"mocha": "MO2"},
        finished=("othello", "albino"),
        pacemaker="othello",
        plan=bets,
    )
    events = roll_move(state, "head", "mocha")
    assert not [e for e in events if e["type"] == "payout" and e["horse"] == "othello"]
    # Only albino (2nd: A's 1 alone -> 350) and mocha (3rd: B's 2 -> 200/bet) pay.
    assert state.money == [350, 400]


# Three races with the same result (othello sets the pace) and these chips.
S20_RACES = [
    {A: {"earl_grey": 1, "albino": 1, "othello": 2}, B: {"earl_grey": 1, "mocha": 1,
     "othello": 2}, C: {"nougat": 2, "albino": 1, "earl_grey": 1}},
    {A: {"earl_grey": 2, "albino": 1, "red_fox": 1}, B: {"othello": 1, "albino": 1,
     "red_fox": 2}, C: {"albino": 1, "nougat": 2, "red_fox": 1}},
    {A: {"nougat": 1, "othello": 2, "mocha": 1}, B: {"othello": 2, "nougat": 1, "mocha": 1},
     C: {"othello": 1, "caramello": 1, "nougat": 2}},
]  # fmt: skip


def test_s20_final_tie_shares_victory():
    state = new_state(3)
    state.apply({"type": "first_player", "player": A})
    money = []
    for plan in S20_RACES:
        events = finish_race(state, *QUIET_RESULT, plan=plan)
        money.append(list(state.money))
    assert money == [[800, 800, 600], [1200, 1200, 900], [2400, 2400, 1800]]
    assert state.is_terminal()
    assert state.scores() == [2400.0, 2400.0, 1800.0]
    assert state.ranking() == [1, 1, 3]
    assert state.winners() == [A, B]
    assert events[-1] == {"type": "game_over", "money": [2400, 2400, 1800], "winners": [A, B]}


# --- S21, S22 ------------------------------------------------------------------
def test_s21_die_distribution_and_rf2():
    state = race_start(deck=["EG1", "AL1", "NO1", "CA1", "RF2", "MO1", "OT1"])
    outcomes = state.chance_outcomes()
    assert {o["symbol"]: p for o, p in outcomes} == pytest.approx(SYMBOL_PROBS)
    assert all(o["type"] == "roll" for o, _ in outcomes) and len(outcomes) == 4
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    start = state.fields["red_fox"]
    for symbol in SYMBOL_PROBS:
        probe = state.clone()
        roll_move(probe, symbol, "red_fox")
        assert probe.fields["red_fox"] == start - 5


def test_s22_hidden_variant_betting():
    state = deal(2, hidden=True, first=A)
    rng = random.Random(22)
    turns = 0
    while state.phase == "betting":
        # Before the reveal, the opponent sees owner and horse but never the value.
        for viewer in (A, B):
            view = state.view(viewer)
            for horse, chips in view["bets"].items():
                for chip, (seat, value) in zip(chips, state.bets[horse], strict=True):
                    assert chip["seat"] == seat
                    assert chip["chip"] == (value if seat == viewer else None)
        state.apply(rng.choice(state.legal_actions()))
        turns += 1
    assert turns == 8
    for seat in (A, B):
        mine = [(h, c) for h in HORSES for s, c in state.bets[h] if s == seat]
        assert len(mine) == 4 and len({h for h, _ in mine}) == 4
        assert sorted(c for _, c in mine) == [0, 1, 1, 2]
    public = state.view(None)
    opponent = state.view(B)
    for horse in HORSES:
        seats_on = [s for s, _ in state.bets[horse]]
        assert [c["seat"] for c in opponent["bets"][horse]] == seats_on
        assert all(c["chip"] is None for c in public["bets"][horse])
        assert all(c["chip"] is None for c in opponent["bets"][horse] if c["seat"] == A)
    assert public["bet_totals"] is None and opponent["bet_totals"] is None
