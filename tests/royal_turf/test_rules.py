"""Unit tests for the Royal Turf rules P1–P22, R1–R36, V1–V7 and CH1–CH4 (spec §2–§6).

The acceptance scenarios S1–S22 live in ``test_scenarios.py``; these tests cover
what the scenarios do not, one rule (or a small group) per test.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest

from pygames.core import CHANCE, TERMINAL, BadSave, IllegalAction, Match
from pygames.core.playout import random_playout
from pygames.royal_turf import CARDS, GAME, HORSES, ODDS, RoyalTurfState
from pygames.royal_turf.data import BASE_CHIPS, DIE, HIDDEN_CHIPS, SYMBOLS, multiplier

from .play import (
    ANY,
    deal,
    finish_race,
    move,
    new_state,
    race_position,
    race_start,
    roll,
    roll_move,
)
from .test_scenarios import EARLIER, QUIET_RESULT, eligible, play_out_race, quiet

LINEUP = {h: 33 - i for i, h in enumerate(HORSES)}  # earl_grey@33 ... othello@27


def refused(state, action, reason: str) -> None:
    """``apply(action)`` raises IllegalAction mentioning ``reason``; state unchanged."""
    before = json.dumps(state.to_json(), sort_keys=True)
    assert state.why_illegal(action) is not None
    assert not state.is_legal(action)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before


# --- components (§1, R32–R34) ---------------------------------------------------
SPEC_CARDS = """
EG1 earl_grey 4 9 5 4 | EG2 earl_grey 3 11 6 4 | EG3 earl_grey 2 12 7 5
AL1 albino 4 9 6 3 | AL2 albino 3 10 8 3 | AL3 albino 2 10 9 5
NO1 nougat 5 4 2 9 | NO2 nougat 3 4 6 11 | NO3 nougat 3 3 5 13
CA1 caramello 4 5 9 4 | CA2 caramello 4 2 12 4 | CA3 caramello 3 2 12 7
RF1 red_fox 2 14 9 1 | RF2 red_fox 5 5 5 5 | RF3 red_fox 5 9 1 5
MO1 mocha 3 10 1 10 | MO2 mocha 4 1 9 8 | MO3 mocha 6 1 3 8
OT1 othello 7 1 2 6 | OT2 othello 6 2 7 3 | OT3 othello 5 2 1 12
"""


def test_components_match_the_spec_tables():
    rows = [r.split() for r in SPEC_CARDS.replace("\n", "|").split("|") if r.strip()]
    expected = {r[0]: (r[1], dict(zip(SYMBOLS, map(int, r[2:]), strict=True))) for r in rows}
    assert CARDS == expected
    assert SYMBOLS == ("head", "helmet", "saddle", "horseshoe")
    assert HORSES == ("earl_grey", "albino", "nougat", "caramello", "red_fox", "mocha", "othello")
    assert ODDS == {
        1: (500, 350, 250, 200, 150),
        2: (350, 250, 200, 150, 100),
        3: (250, 200, 150, 100, 50),
    }
    sixth = F(1, 6)
    assert dict(DIE) == {"head": F(1, 2), "helmet": sixth, "saddle": sixth, "horseshoe": sixth}
    assert BASE_CHIPS == (1, 1, 2) and HIDDEN_CHIPS == (0, 1, 1, 2)
    assert [multiplier(r) for r in (1, 2, 3)] == [1, 1, 2]
    for _horse, v in CARDS.values():
        assert 3 * v["head"] + v["helmet"] + v["saddle"] + v["horseshoe"] == 30


def test_game_description_and_option_default():  # V7
    assert (GAME.id, GAME.min_players, GAME.max_players) == ("royal_turf", 2, 6)
    (opt,) = GAME.options
    assert opt.name == "hidden_bets" and opt.default is False and set(opt.values) == {False, True}
    assert new_state(3).options == {"hidden_bets": False}


# --- setup (§2), R1, V1, CH2 ----------------------------------------------------
@pytest.mark.parametrize("n", range(2, 7))
@pytest.mark.parametrize("hidden", [False, True])
def test_setup(n, hidden):
    state = new_state(n, hidden)
    assert state.money == [0] * n  # R1
    chips = [0, 1, 1, 2] if hidden else [1, 1, 2]
    assert [sorted(s) for s in state.supply] == [chips] * n  # V1
    assert sorted(state.unrevealed) == sorted(CARDS) and state.put_back == []
    assert state.phase == "first_player" and state.race == 1
    assert state.current_player() == CHANCE and state.legal_actions() == []
    outcomes = state.chance_outcomes()  # CH2
    assert [o for o, _ in outcomes] == [{"type": "first_player", "player": p} for p in range(n)]
    assert all(p == pytest.approx(1 / n) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1)


def test_ch2_first_player_starts_betting_and_racing():  # R22, P10
    state = deal(4, first=2)
    assert state.start_player == 2 and state.current_player() == 2
    while state.phase == "betting":
        state.apply(state.legal_actions()[0])
    roll(state, "head")
    assert state.current_player() == 2


# --- preparation P2–P4, CH1, R23, R36 -----------------------------------------
def test_p3_reveal_places_horses_by_slot_and_puts_duplicates_back():
    state = new_state(2)
    state.apply({"type": "first_player", "player": 0})
    events = state.apply({"type": "draw_card", "card": "MO2"})
    assert events == [{"type": "card_revealed", "card": "MO2", "horse": "mocha", "field": 33}]
    events = state.apply({"type": "draw_card", "card": "MO1"})
    assert events == [{"type": "card_skipped", "card": "MO1", "horse": "mocha"}]
    assert state.put_back == ["MO1"] and state.fields == {"mocha": 33}
    state.apply({"type": "draw_card", "card": "OT3"})
    assert state.fields == {"mocha": 33, "othello": 32}
    assert state.cards == {"mocha": "MO2", "othello": "OT3"}
    assert state.phase == "reveal" and state.is_chance()


def test_the_last_card_of_the_reveal_announces_the_whole_line_up():
    """Once seven horses stand on the track one event names them all, from the back."""
    state = new_state(2)
    state.apply({"type": "first_player", "player": 0})
    order = ["MO2", "MO1", "OT3", "EG1", "AL2", "NO3", "CA1", "RF2"]  # MO1 goes back
    for card in order[:-1]:
        events = state.apply({"type": "draw_card", "card": card})
        assert all(e["type"] != "field_lined_up" for e in events)
    events = state.apply({"type": "draw_card", "card": order[-1]})
    (lined_up,) = [e for e in events if e["type"] == "field_lined_up"]
    assert lined_up["race"] == 1
    assert lined_up["lineup"] == [
        {"horse": "mocha", "card": "MO2", "field": 33},
        {"horse": "othello", "card": "OT3", "field": 32},
        {"horse": "earl_grey", "card": "EG1", "field": 31},
        {"horse": "albino", "card": "AL2", "field": 30},
        {"horse": "nougat", "card": "NO3", "field": 29},
        {"horse": "caramello", "card": "CA1", "field": 28},
        {"horse": "red_fox", "card": "RF2", "field": 27},
    ]
    # It comes before the betting opens, and the betting opens as before.
    kinds = [e["type"] for e in events]
    assert kinds.index("field_lined_up") < kinds.index("start_player")
    assert state.phase == "betting"


def test_ch1_draws_are_uniform_over_never_revealed_cards():
    state = new_state(3)
    state.apply({"type": "first_player", "player": 0})
    seen = []
    for card in ["RF1", "RF2", "OT1"]:
        outcomes = state.chance_outcomes()
        assert sorted(o["card"] for o, _ in outcomes) == sorted(set(CARDS) - set(seen))
        assert all(p == pytest.approx(1 / (21 - len(seen))) for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        state.apply({"type": "draw_card", "card": card})
        seen.append(card)
    # A put-back card is no longer a possible draw while unseen cards remain.
    assert "RF2" in state.put_back
    refused(state, {"type": "draw_card", "card": "RF2"}, "not a possible outcome")
    refused(state, {"type": "draw_card", "card": "RF1"}, "not a possible outcome")
    refused(state, {"type": "draw_card", "card": "XX9"}, "not a possible outcome")


def test_p4_each_card_used_exactly_once_per_game():
    for seed in range(5):
        state = new_state(2 + seed % 5)
        random_playout(state, random.Random(seed))
        used = [c for r in state.results for c in r["cards"].values()]
        assert sorted(used) == sorted(CARDS)
        for r in state.results:
            assert {CARDS[c][0] for c in r["cards"].values()} == set(HORSES)
            assert all(CARDS[c][0] == h for h, c in r["cards"].items())


def test_r23_r36_never_revealed_cards_come_before_put_back_cards():
    state = race_start(2)  # race 1 drew EG1, AL1, NO1, CA1, RF1, MO1, OT1
    rng = random.Random(3)
    play_out_race(state, rng)
    while state.phase == "reveal":  # race 2: always draw the first listed card
        state.apply(state.chance_outcomes()[0][0])
    assert state.unrevealed == ["RF3"]
    assert state.put_back == ["AL3", "CA3", "EG3", "MO3", "NO3", "OT3"]
    play_out_race(state, rng)
    # Race 3: the one never-revealed card is a (certain) chance draw ...
    assert state.race == 3 and state.phase == "reveal"
    assert state.chance_outcomes() == [({"type": "draw_card", "card": "RF3"}, 1.0)]
    state.apply({"type": "draw_card", "card": "RF3"})
    # ... then the put-back cards follow in their order with no chance node.
    assert state.phase in ("betting", "start_lot") and state.put_back == []
    assert state.fields == {"red_fox": 33, "albino": 32, "caramello": 31, "earl_grey": 30,
                            "mocha": 29, "nougat": 28, "othello": 27}  # fmt: skip


def test_p2_preparation_clears_the_race():
    state = race_position(
        2,
        fields={"albino": 2, "nougat": 6, "mocha": 9, "caramello": 13, "earl_grey": 14},
        cards={"albino": "AL1"},
        finished=("othello", "red_fox"),
        moved=("mocha",),
        pacemaker="othello",
    )
    roll_move(state, "head", "albino")
    assert state.race == 2 and state.phase == "reveal"
    assert state.fields == {} and state.cards == {} and state.finished == []
    assert state.moved == [] and state.pacemaker is None and state.roll is None
    # P22 cleanup: chips back home.
    assert [sorted(s) for s in state.supply] == [[1, 1, 2]] * 2
    assert all(state.bets[h] == [] for h in HORSES)


# --- start player P5, CH3, R30 --------------------------------------------------
def _race2_reveal(plan: dict[int, dict[str, int]]) -> RoyalTurfState:
    """Race 1 run to ``EARLIER``'s result with these chips; race 2's cards still to come."""
    state = new_state(len(plan))
    state.apply({"type": "first_player", "player": 0})
    finish_race(state, *EARLIER, plan=plan)
    assert state.race == 2 and state.phase == "reveal"
    return state


def _finish_reveal(state: RoyalTurfState) -> None:
    while state.phase == "reveal":
        state.apply(state.chance_outcomes()[0][0])


def test_p5_richest_player_starts_without_a_lot():
    state = _race2_reveal(
        {0: {"red_fox": 2, "caramello": 1, "mocha": 1}, 1: {"mocha": 2, "red_fox": 1,
         "albino": 1}, 2: {"albino": 1, "nougat": 1, "red_fox": 2}}
    )  # fmt: skip
    assert state.money == [0, 100, 50]
    _finish_reveal(state)
    assert state.phase == "betting" and state.start_player == 1 and state.current_player() == 1


def test_ch3_lot_only_among_tied_richest():
    state = _race2_reveal(
        {0: {"red_fox": 1, "mocha": 2, "nougat": 1}, 1: {"albino": 1, "red_fox": 1,
         "caramello": 2}, 2: {"nougat": 1, "mocha": 2, "red_fox": 1}, 3: {"caramello": 1,
         "nougat": 2, "albino": 1}}
    )  # fmt: skip
    assert state.money == [200, 0, 200, 200]
    _finish_reveal(state)
    assert state.phase == "start_lot" and state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert [o["player"] for o, _ in outcomes] == [0, 2, 3]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    refused(state, {"type": "start_player_lot", "player": 1}, "not a possible outcome")
    state.apply({"type": "start_player_lot", "player": 3})
    assert state.start_player == 3 and state.current_player() == 3


# --- betting P6–P9, R14–R16, R28 ----------------------------------------------
@pytest.mark.parametrize("n", range(2, 7))
@pytest.mark.parametrize("hidden", [False, True])
def test_p6_betting_order_per_round(n, hidden):
    first = n - 1
    state = deal(n, hidden, first=first)
    rounds = 4 if hidden else 3
    turns = []
    while state.phase == "betting":
        view = state.view(None)
        assert view["betting_round"] == len(turns) // n + 1
        turns.append(state.current_player())
        state.apply(state.legal_actions()[-1])
    expected = [(first + i) % n for i in range(n)] * rounds
    assert turns == expected  # P6
    assert state.phase == "race"  # P9
    assert all(s == [] for s in state.supply)
    for horse in HORSES:
        seats = [s for s, _ in state.bets[horse]]
        assert len(seats) == len(set(seats)) <= 6  # R16


def test_p8_r14_legal_actions_fresh_supply():
    state = deal(3)
    legal = state.legal_actions()
    assert legal == [{"type": "place_chip", "chip": c, "horse": h} for c in (1, 2) for h in HORSES]
    hidden = deal(3, hidden=True)
    assert len(hidden.legal_actions()) == 3 * 7
    assert [a["chip"] for a in hidden.legal_actions()[::7]] == [0, 1, 2]


def test_p8_chip_leaves_supply_and_stays_placed():
    state = deal(2)
    events = state.apply({"type": "place_chip", "chip": 2, "horse": "nougat"})
    assert events == [{"type": "chip_placed", "seat": 0, "horse": "nougat", "chip": 2}]
    assert sorted(state.supply[0]) == [1, 1] and state.bets["nougat"] == [[0, 2]]
    assert state.current_player() == 1
    state.apply({"type": "place_chip", "chip": 1, "horse": "nougat"})
    refused(state, {"type": "place_chip", "chip": 2, "horse": "albino"}, "no 2-chip")  # P8
    assert state.bets["nougat"] == [[0, 2], [1, 1]]


def test_r15_no_passing_while_betting():
    state = deal(2)
    refused(state, {"type": "pass"}, "no action 'pass'")
    assert state.legal_actions()


def test_r28_zero_chip_takes_the_slot():
    state = deal(2, hidden=True)
    state.apply({"type": "place_chip", "chip": 0, "horse": "othello"})
    state.apply({"type": "place_chip", "chip": 1, "horse": "othello"})
    assert all(a["horse"] != "othello" for a in state.legal_actions())
    assert all(a["chip"] != 0 for a in state.legal_actions())
    refused(state, {"type": "place_chip", "chip": 1, "horse": "othello"}, "already have a chip")
    refused(state, {"type": "place_chip", "chip": 0, "horse": "albino"}, "no 0-chip")


def test_zero_chip_not_available_in_base_game():
    state = deal(2)
    refused(state, {"type": "place_chip", "chip": 0, "horse": "albino"}, "no 0-chip")


# --- illegal inputs (R35) -------------------------------------------------------
def test_r35_illegal_betting_inputs():
    state = deal(3)
    state.apply({"type": "place_chip", "chip": 1, "horse": "mocha"})
    state.apply({"type": "place_chip", "chip": 1, "horse": "mocha"})
    state.apply({"type": "place_chip", "chip": 1, "horse": "mocha"})
    assert state.current_player() == 0
    refused(state, {"type": "place_chip", "chip": 1, "horse": "mocha"}, "already have a chip")
    refused(state, {"type": "place_chip", "chip": 3, "horse": "albino"}, "no 3-chip")
    refused(state, {"type": "place_chip", "chip": "1", "horse": "albino"}, "no 1-chip")
    refused(state, {"type": "place_chip", "chip": True, "horse": "albino"}, "no True-chip")
    refused(state, {"type": "place_chip", "chip": 1.0, "horse": "albino"}, "no 1.0-chip")
    refused(state, {"type": "place_chip", "chip": 1, "horse": "pegasus"}, "no horse")
    refused(state, {"type": "place_chip", "chip": 1}, "no horse")
    refused(state, {"type": "place_chip", "horse": "albino"}, "no None-chip")
    refused(state, {"type": "place_chip", "chip": 1, "horse": "albino", "x": 1}, "does not know")
    refused(state, {"type": "move_horse", "horse": "albino"}, "only move during the race")
    refused(state, {"type": "roll", "symbol": "head"}, "no action 'roll'")
    refused(state, {"type": "fly"}, "no action 'fly'")
    for junk in (None, 1, "place_chip", [], {}, {"type": 3}, {"chip": 1, "horse": "albino"}):
        refused(state, junk, "must be an object with a 'type'")


def test_r35_illegal_race_inputs():
    state = race_position(
        2,
        fields={"albino": 8, "nougat": 6, "mocha": 9, "caramello": 13, "earl_grey": 14},
        finished=("othello", "red_fox"),
        moved=("mocha",),
        pacemaker="othello",
    )
    # Before the roll: the die is rolled first (R12), nobody may move yet.
    refused(state, {"type": "move_horse", "horse": "albino"}, "not a possible outcome")
    refused(state, {"type": "roll", "symbol": "wing"}, "not a possible outcome")
    refused(state, {"type": "roll", "symbol": "head", "x": 1}, "not a possible outcome")
    roll(state, "head")
    assert state.roll == "head" and state.current_player() == state.turn
    refused(state, {"type": "move_horse", "horse": "othello"}, "already finished")
    refused(state, {"type": "move_horse", "horse": "mocha"}, "already moved")
    refused(state, {"type": "move_horse", "horse": "pegasus"}, "no horse")
    refused(state, {"type": "move_horse"}, "no horse")
    refused(state, {"type": "move_horse", "horse": ["albino"]}, "no horse")
    refused(state, {"type": "move_horse", "horse": "albino", "chip": 1}, "does not know")
    refused(state, {"type": "move_horse", "horse": "albino", "seat": 0}, "does not know")
    refused(state, {"type": "place_chip", "chip": 1, "horse": "albino"}, "only be placed while")
    refused(state, {"type": "roll", "symbol": "head"}, "no action 'roll'")
    assert eligible(state) == {"albino", "nougat", "caramello", "earl_grey"}


def test_r35_terminal_refuses_everything():
    state = new_state(2)
    random_playout(state, random.Random(0))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    refused(state, {"type": "move_horse", "horse": "albino"}, "game is over")
    refused(state, {"type": "roll", "symbol": "head"}, "game is over")


# --- race P10–P17, R4–R13, R25 -------------------------------------------------
def test_p10_race_turns_go_clockwise_and_ignore_cycle_resets():
    state = race_start(3, first=1)
    assert state.fields == LINEUP and state.turn == 1
    seats = []
    for _ in range(10):  # more than one cycle of 7 moves
        roll(state, "saddle")
        seats.append(state.current_player())
        state.apply(state.legal_actions()[0])
    assert seats == [1, 2, 0] * 3 + [1]


def test_p11_turn_sequence_and_moved_flag_even_without_progress():
    state = race_start(2)  # earl_grey (EG1) on 33, the six others on 32 … 27
    assert state.fields == LINEUP and state.cards["earl_grey"] == "EG1"
    assert state.current_player() == CHANCE and state.legal_actions() == []
    events = roll(state, "head")
    assert events == [{"type": "rolled", "seat": state.turn, "symbol": "head"}]
    assert state.current_player() == state.turn and not state.is_chance()
    events = move(state, "earl_grey")  # 33 - 4 = 29, but 29..32 are all taken
    assert events[0]["to"] == 33 and events[0]["blocked"]
    assert state.fields["earl_grey"] == 33
    assert state.moved == ["earl_grey"] and state.roll is None and state.is_chance()


@pytest.mark.parametrize(
    ("start", "occupied", "spare", "landing"),
    [
        (20, (), (21, 22, 23, 24, 25, 26), 15),  # free target
        (20, (14, 15), (21, 22, 23, 24), 16),  # nearest free field on own side, not beyond
        (20, (15, 16, 17), (21, 22, 23), 18),
        (20, (16, 17, 18, 19), (21, 22), 15),  # jumps over (R6)
        (20, (15, 16, 17, 18, 19), (21,), 20),  # total block (R7)
        (6, (1, 2), (8, 10, 12, 14), 3),
    ],
)
def test_p12_movement_resolution(start, occupied, spare, landing):
    # RF2 moves 5 on every symbol; the other horses hold the occupied and spare fields.
    others = [h for h in HORSES if h != "red_fox"]
    fields = {"red_fox": start, **dict(zip(others, occupied + spare, strict=True))}
    state = race_position(2, fields=fields, cards={"red_fox": "RF2"}, pacemaker=ANY)
    events = roll_move(state, "helmet", "red_fox")
    assert state.fields["red_fox"] == landing
    assert events[1]["blocked"] == (landing != start - 5)
    assert len(set(state.fields.values())) == 7
    assert "red_fox" in state.moved


def test_r4_r5_finish_with_any_value_at_least_the_field():
    state = race_position(
        2,
        fields={"red_fox": 5, "earl_grey": 4, "albino": 3, "nougat": 2, "caramello": 1,
                "mocha": 20, "othello": 22},
        cards={"red_fox": "RF2"},
        pacemaker=ANY,
    )  # fmt: skip
    events = roll_move(state, "head", "red_fox")
    assert state.finished == ["red_fox"] and "red_fox" not in state.fields
    assert "red_fox" not in state.moved
    fin = events[-1]
    assert fin["type"] == "horse_finished" and fin["rank"] == 1
    # Fields 3..1 are occupied: nothing blocks at or beyond the line.
    state2 = race_position(
        2,
        fields={"red_fox": 4, "earl_grey": 3, "albino": 2, "nougat": 1, "caramello": 8,
                "mocha": 12, "othello": 15},
        cards={"red_fox": "RF2"},
        pacemaker=ANY,
    )  # fmt: skip
    roll_move(state2, "head", "red_fox")  # overshoot by one
    assert state2.finished == ["red_fox"]


def test_r4_one_short_of_the_line_does_not_finish():
    state = race_position(
        2,
        fields={"red_fox": 6, "earl_grey": 8, "albino": 10, "nougat": 12, "caramello": 14,
                "mocha": 20, "othello": 22},
        cards={"red_fox": "RF2"},
        pacemaker=ANY,
    )  # fmt: skip
    roll_move(state, "head", "red_fox")
    assert state.fields["red_fox"] == 1 and state.finished == []


def test_r8_r9_pacemaker_is_decided_once_and_tile_does_not_block():
    state = race_position(
        2,
        fields={"earl_grey": 30, "albino": 27, "nougat": 29, "caramello": 26, "red_fox": 23,
                "mocha": 25, "othello": 24},
        cards={"red_fox": "RF2", "albino": "AL1"},
    )  # fmt: skip
    roll_move(state, "saddle", "red_fox")  # 23 -> 18: the tile does not block field 18
    assert state.fields["red_fox"] == 18 and state.pacemaker == "red_fox"
    roll_move(state, "helmet", "albino")  # 27 - 9 = 18 is taken: the nearest free field, 19
    assert state.fields["albino"] == 19 and state.pacemaker == "red_fox"


def test_r8_first_finisher_becomes_pacemaker_if_none_yet():
    # Unreachable in real play: a horse at most 14 fields from the line has already
    # reached field 18 (the largest value is 14), so it is the pacemaker before it can
    # finish. The rule says "or has finished", so this one position is set directly.
    state = race_start(2, deck=["EG1", "AL1", "NO1", "CA1", "RF2", "MO1", "OT1"])
    state.fields["red_fox"] = 5
    events = roll_move(state, "head", "red_fox")
    assert state.pacemaker == "red_fox" and state.finished == ["red_fox"]
    kinds = [e["type"] for e in events]
    assert kinds.index("horse_finished") < kinds.index("pacemaker")


def test_r13_finishing_horse_leaves_the_cycle():
    state = race_position(
        2,
        fields={"red_fox": 2, "earl_grey": 8, "albino": 10, "nougat": 12, "caramello": 14,
                "mocha": 16, "othello": 20},
        cards={"red_fox": "RF2"},
        moved=("earl_grey", "albino"),
        pacemaker=ANY,
    )  # fmt: skip
    roll_move(state, "head", "red_fox")
    assert state.moved == ["earl_grey", "albino"]  # no reset: 4 horses still eligible
    roll(state, "head")
    assert eligible(state) == {"nougat", "caramello", "mocha", "othello"}


def test_r25_compulsory_move_of_the_only_eligible_horse():
    state = race_position(
        2,
        fields={"earl_grey": 24, "albino": 23, "nougat": 22, "caramello": 25, "red_fox": 21,
                "mocha": 31, "othello": 20},
        moved=[h for h in HORSES if h != "mocha"],
        plan={0: {"earl_grey": 1, "albino": 1, "nougat": 2},
              1: {"othello": 2, "albino": 1, "mocha": 1}},
        turn=0,
    )  # fmt: skip
    roll(state, "head")
    assert state.legal_actions() == [{"type": "move_horse", "horse": "mocha"}]
    refused(state, {"type": "pass"}, "no action 'pass'")


def test_p15_r10_finishing_order_is_move_order():
    state = race_position(
        2,
        fields={"red_fox": 5, "earl_grey": 3, "albino": 1, "nougat": 8, "caramello": 9,
                "mocha": 20, "othello": 22},
        cards={"red_fox": "RF2", "earl_grey": "EG1", "albino": "AL1"},
        pacemaker=ANY,
    )  # fmt: skip
    roll_move(state, "head", "albino")
    roll_move(state, "head", "red_fox")
    events = roll_move(state, "head", "earl_grey")
    over = next(e for e in events if e["type"] == "race_over")
    assert over["places"] == ["albino", "red_fox", "earl_grey"]
    assert over["last"] == "othello"


# --- payouts P18–P22, R17–R21, R31, R2 ------------------------------------------
R21_BETS = {0: {"albino": 1, "mocha": 1, "earl_grey": 2}, 1: {"nougat": 2, "caramello": 1,
            "earl_grey": 1}}  # fmt: skip


def _race_to_result(
    n: int = 2,
    *,
    bets: dict[int, dict[str, int]],
    finished: tuple[str, str] = ("albino", "nougat"),
    pacemaker: str = "albino",
    last: str = "mocha",
    hidden: bool = False,
    earlier: tuple[dict[int, dict[str, int]], ...] = (),
) -> tuple[RoyalTurfState, list[dict[str, Any]]]:
    """A game whose races before end as ``EARLIER`` with the ``earlier`` chips, and
    whose next race is run with ``bets`` until othello finishes 3rd and ``last`` is last.
    Returns the state and the events of othello's finishing move."""
    state = new_state(n, hidden)
    state.apply({"type": "first_player", "player": 0})
    for plan in earlier:
        finish_race(state, *EARLIER, plan=plan)
    events = finish_race(state, (*finished, "othello"), pacemaker, last, plan=bets)
    return state, events


def test_r31_odds_by_bets_not_chips():
    state, _ = _race_to_result(
        bets={0: {"albino": 2, "caramello": 1, "earl_grey": 1},
              1: {"albino": 1, "caramello": 1, "earl_grey": 2}},
        pacemaker="caramello", last="red_fox",
    )  # fmt: skip
    # albino 1st with 3 bets (2 chips): 250/bet -> A 500, B 250; caramello pace +100 each.
    assert state.money == [600, 350]


@pytest.mark.parametrize("place", [1, 2, 3])
@pytest.mark.parametrize("total", [1, 2, 3, 4, 5, 6])
def test_p18_every_odds_cell(place, total):
    # Seats put 2-chips (then a 1-chip) on the placed horse until ``total`` bets; the
    # pacemaker is a placed horse nobody backs, mocha (last) has no chips either.
    n = 6
    placed = ["albino", "nougat", "othello"][place - 1]
    chips = [2] * (total // 2) + [1] * (total % 2)
    bets = {}
    for seat in range(n):
        mine = {"caramello": 1, "earl_grey": 1, "red_fox": 2}
        if seat < len(chips):
            mine = {placed: chips[seat], "caramello": 1, "earl_grey": 3 - chips[seat]}
        bets[seat] = mine
    pacemaker = "nougat" if placed == "albino" else "albino"
    state, _ = _race_to_result(n, bets=bets, pacemaker=pacemaker, last="mocha")
    rate = ODDS[place][min(total, 5) - 1]
    assert state.money == [rate * c for c in chips] + [0] * (n - len(chips))


def test_r21_race3_doubles_places_pacemaker_and_penalty():
    state = new_state(2)
    state.apply({"type": "first_player", "player": 0})
    gains = []
    for race in (1, 2, 3):
        before = list(state.money)
        finish_race(state, ("albino", "nougat", "othello"), "albino", "mocha", plan=R21_BETS)
        assert state.results[-1]["race"] == race
        gains.append([after - b for after, b in zip(state.money, before, strict=True)])
    # A: 1st alone 500 + pace 100 - last 100; B: 2nd with 2 bets 250*2.
    assert gains == [[500, 500], [500, 500], [1000, 1000]]
    assert state.is_terminal()


def test_r20_cap_applies_per_chip_at_the_moment_of_paying():
    bets = {0: {"mocha": 2, "caramello": 1, "earl_grey": 1}, 1: {"mocha": 1, "red_fox": 1,
            "earl_grey": 2}}  # fmt: skip
    # Race 1 leaves A 150, B 0.
    race1 = {0: {"caramello": 1, "earl_grey": 1, "red_fox": 2}, 1: {"red_fox": 1,
             "caramello": 2, "mocha": 1}}  # fmt: skip
    state, events = _race_to_result(bets=bets, earlier=(race1,))
    assert state.results[0]["money"] == [150, 0]
    assert [e["amount"] for e in events if e["type"] == "payout"] == [-150, 0]
    assert state.money == [0, 0]


def test_r2_bank_is_unlimited():
    bets = {0: {"albino": 2, "caramello": 1, "earl_grey": 1}, 1: {"nougat": 2, "red_fox": 1,
            "earl_grey": 1}}  # fmt: skip
    state = new_state(2)
    state.apply({"type": "first_player", "player": 0})
    for plan in (R21_BETS, R21_BETS, bets):
        finish_race(state, ("albino", "nougat", "othello"), "albino", "mocha", plan=plan)
    assert state.results[1]["money"] == [1000, 1000]
    assert state.money == [1000 + 2 * (350 * 2 + 100 * 2), 1000 + 2 * 250 * 2]


def test_p22_cleanup_records_result_and_returns_chips():
    bets = {0: {"albino": 2, "caramello": 1, "earl_grey": 1}, 1: {"nougat": 2, "red_fox": 1,
            "earl_grey": 1}}  # fmt: skip
    state, _ = _race_to_result(bets=bets)
    res = state.results[-1]
    assert res["race"] == 1 and res["places"] == ["albino", "nougat", "othello"]
    assert res["bets"]["albino"] == [[0, 2]] and len(res["cards"]) == 7
    assert state.race == 2 and [sorted(s) for s in state.supply] == [[1, 1, 2]] * 2
    assert state.bets == {h: [] for h in HORSES}


# --- end of game §4, R24 -------------------------------------------------------
def test_scores_only_at_the_end_and_ranking():
    state = new_state(3)
    with pytest.raises(ValueError):
        state.scores()
    random_playout(state, random.Random(9))
    assert state.scores() == [float(m) for m in state.money]
    ranking = state.ranking()
    best = max(state.money)
    assert [r == 1 for r in ranking] == [m == best for m in state.money]
    assert state.winners() == [p for p, m in enumerate(state.money) if m == best]


def test_r24_three_way_tie():
    # Race 1 leaves A 100, B 300, C 300, D 300; races 2 and 3 pay nobody.
    race1 = {0: {"caramello": 1, "albino": 2, "mocha": 1}, 1: {"red_fox": 1, "albino": 1,
             "earl_grey": 2}, 2: {"mocha": 1, "earl_grey": 1, "albino": 2}, 3: {"red_fox": 1,
             "albino": 1, "nougat": 2}}  # fmt: skip
    state = new_state(4)
    state.apply({"type": "first_player", "player": 0})
    finish_race(state, *EARLIER, plan=race1)
    finish_race(state, *QUIET_RESULT, plan=quiet(4))
    finish_race(state, *QUIET_RESULT, plan=quiet(4))
    assert state.is_terminal() and state.money == [100, 300, 300, 300]
    assert state.ranking() == [4, 1, 1, 1]
    assert state.winners() == [1, 2, 3]


# --- information: views, R3, R27, V1–V6 -----------------------------------------
def test_r3_base_game_view_is_fully_public():
    # Race 1 leaves A 0, B 100, C 50: B, the richest, bets first in race 2.
    race1 = {0: {"red_fox": 2, "caramello": 1, "mocha": 1}, 1: {"mocha": 2, "red_fox": 1,
             "albino": 1}, 2: {"albino": 1, "nougat": 1, "red_fox": 2}}  # fmt: skip
    state = new_state(3)
    state.apply({"type": "first_player", "player": 0})
    finish_race(state, *EARLIER, plan=race1)
    while state.phase == "reveal":
        state.apply(state.chance_outcomes()[0][0])
    state.apply({"type": "place_chip", "chip": 2, "horse": "mocha"})
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        json.dumps(view)
        assert view["money"] == [0, 100, 50]
        assert view["bets"]["mocha"] == [{"seat": 1, "chip": 2}]
        assert view["supply"][1] == {"count": 2, "chips": [1, 1]}
        assert view["bet_totals"]["mocha"] == 2
    for horse in state.view(None)["horses"]:
        card = state.cards[horse["id"]]
        assert horse["card"] == card and horse["field"] == state.fields[horse["id"]]
        assert horse["values"] == CARDS[card][1]
        assert not horse["eligible"] and horse["landing"] is None  # nobody races yet
    assert {h["id"]: h["odds_column"] for h in state.view(0)["horses"]}["mocha"] == 2


def test_v1_v3_r27_hidden_view_only_own_values():
    state = deal(3, hidden=True)
    state.apply({"type": "place_chip", "chip": 0, "horse": "mocha"})
    state.apply({"type": "place_chip", "chip": 2, "horse": "mocha"})
    events = state.apply({"type": "place_chip", "chip": 1, "horse": "albino"})
    assert events == [{"type": "chip_placed", "seat": 2, "horse": "albino"}]  # face down
    for viewer in (None, 0, 1, 2):
        view = state.view(viewer)
        for horse, chips in view["bets"].items():
            for chip, (seat, value) in zip(chips, state.bets[horse], strict=True):
                assert chip == {"seat": seat, "chip": value if seat == viewer else None}
        for seat, sup in enumerate(view["supply"]):
            assert sup["count"] == 3
            assert sup["chips"] == (sorted(state.supply[seat]) if seat == viewer else None)
        assert view["bet_totals"] is None and view["hidden_bets"] is True
    assert state.view(0)["supply"][0]["chips"] == [1, 1, 2]
    text = json.dumps(state.view(1))
    assert '"chip": 0' not in text and '"chip": 1' not in text


def test_v2_v4_hidden_variant_four_rounds_then_normal_race():
    state = deal(3, hidden=True)
    n = 0
    while state.phase == "betting":
        state.apply(state.legal_actions()[0])
        n += 1
    assert n == 12 and state.phase == "race"
    roll(state, "head")
    assert len(state.legal_actions()) == 7


def test_v5_r29_reveal_then_payout_zero_chips_count_nothing():
    bets = {0: {"albino": 0, "nougat": 1, "othello": 1, "caramello": 2},
            1: {"albino": 1, "nougat": 0, "mocha": 2, "earl_grey": 1}}  # fmt: skip
    state, events = _race_to_result(bets=bets, hidden=True, pacemaker="nougat", last="mocha")
    kinds = [e["type"] for e in events]
    assert kinds.index("race_over") < kinds.index("chips_revealed") < kinds.index("payout")
    # albino 1st: only B's 1 counts -> 500; nougat 2nd: A's 1 alone -> 350 + pace 100;
    # othello 3rd: A's 1 -> 250; mocha last: B pays 200 from 500.
    assert state.money == [700, 300]
    results_view = state.view(1)["results"][-1]["bets"]
    assert results_view["albino"] == [[0, 0], [1, 1]]  # public after the reveal


# --- serialisation ------------------------------------------------------------
def test_to_json_from_json_round_trip_and_bad_data():
    state = race_start(3, hidden=True)
    roll(state, "helmet")
    data = json.loads(json.dumps(state.to_json()))
    again = RoyalTurfState.from_json(data)
    assert again == state and again.to_json() == state.to_json()
    assert GAME.state_from_json(data) == state
    with pytest.raises(BadSave):
        RoyalTurfState.from_json({**data, "game": "turfmaster"})
    with pytest.raises(BadSave):
        RoyalTurfState.from_json({k: v for k, v in data.items() if k != "money"})
    with pytest.raises(BadSave):
        RoyalTurfState.from_json({**data, "phase": "siesta"})
    with pytest.raises(BadSave):
        RoyalTurfState.from_json([1, 2])


def test_clone_is_independent():
    state = race_start(2)
    copy = state.clone()
    roll_move(copy, "head", "othello")
    assert state != copy and state.roll is None and state.moved == []


def test_saves_made_before_the_state_became_a_dataclass_still_load():
    """A match saved by the earlier engine (hidden bets, mid race 1) replays to its saved state."""
    here = Path(__file__).parent / "saves"
    match = Match.from_json(json.loads((here / "match_hidden_race1.json").read_text()))
    saved_state = json.loads((here / "state_hidden_race1.json").read_text())
    assert json.loads(json.dumps(match.state.to_json())) == saved_state
    assert RoyalTurfState.from_json(saved_state) == match.state
    assert match.state.phase == "race" and match.state.hidden
