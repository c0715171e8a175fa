"""Acceptance scenarios S1–S27 of the Gambler spec (§8), reached and played by play.

Every position is reached through ``State.apply`` from a new game (see ``play.py``):
boards are drawn by forcing C1, dice by forcing C2, and the players' choices are
scripted; points from earlier rounds come from rounds played to the end. So the
start player of a round, the supplies and the scores are what the rules made them,
never set by hand. A spec PLACE list is played as its single ``place`` steps followed
by ``confirm``; a list the spec rejects "as a whole" is shown by the refused step, the
untouched tableau and taking the earlier steps back, which restores the state exactly.
"""

from __future__ import annotations

import pytest

from pygames.core import CHANCE
from pygames.gambler import GamblerState, Phase
from pygames.gambler.data import LAYOUTS, LayoutError, load_layout
from pygames.gambler.state import layout_sequence

from .play import (
    A,
    B,
    C,
    D,
    draw,
    earn,
    event_types,
    fill,
    new_game,
    pass_to,
    place,
    play,
    play_round,
    refused,
    rejected_whole,
    roll,
    turn,
)


# --- S1–S4: setup and turn start ------------------------------------------------------
def test_s1_setup_four_players_youngest_c():
    state = new_game(4, youngest=C)
    assert state.current_player() == CHANCE  # C1: the first board is drawn
    assert state.supply == [7, 7, 7, 7] and state.points == [80] * 4
    assert state.view(None)["dice_out_of_play"] == 2
    draw(state, "4B")
    assert state.layout == "4B" and state.round == 1
    assert state.current_player() == C and state.start_player == C
    # C took his 5 turn dice at once (P1): 7 dice each in all.
    assert [s + (state.turn_dice if i == C else 0) for i, s in enumerate(state.supply)] == [7] * 4
    assert 30 - sum(state.supply) - state.turn_dice == 2


@pytest.mark.parametrize(("n", "d"), [(2, 15), (3, 10), (5, 6), (6, 5)])
def test_s2_supplies_by_player_count(n, d):
    state = new_game(n)
    assert state.supply == [d] * n and state.dice == d
    assert state.view(None)["dice_out_of_play"] == 0


def test_s3_first_roll_takes_five_dice():
    state = new_game(4, "1A", youngest=C)
    assert state.turn == C and state.turn_dice == 5 and state.supply[C] == 2
    view = state.view(None)
    assert view["set_aside"] == 2 and view["seats"][C]["turn_dice"] == 5
    assert state.legal_actions() == [{"type": "roll"}]
    state.apply({"type": "roll"})
    for k in range(5):
        assert state.is_chance() and len(state.roll) == k
        state.apply({"type": "die", "value": 1})
    assert not state.is_chance() and len(state.roll) == 5


def test_s4_fewer_than_five_dice():
    state = new_game(4, "1A")
    play(
        state,
        [
            (A, [(6, 1)]),
            (B, [(2, 5), (2, 5), (2, 5), (3, 2)]),  # B places 4 of his 7 dice
            (C, [(4, 4)]),
            (D, [(4, 4)]),
            (A, [(1, 6)]),
        ],
    )
    assert state.turn == B and state.turn_dice == 3 and state.supply[B] == 0
    events = roll(state, [5, 5, 5])
    assert state.roll == [5, 5, 5] and event_types(events).count("die_rolled") == 3
    assert not state.is_chance()


# --- S5–S11: placing and settling -----------------------------------------------------
def test_s5_yellow_row_pays_the_closer():
    state = new_game(4)
    earn(state, ["2B"], [170, 120, 80, 80], closer=D)  # B: 120 points; 2A comes next
    assert state.layout == "2A" and state.turn == A
    turn(state, A, [(6, 1), (6, 1), (6, 1)])  # A places three sixes in r1
    assert state.turn == B and state.turn_dice == 5 and state.supply[B] == 2
    roll(state, [6, 2, 2, 3, 1])
    events = place(state, [(6, 1)])
    assert state.filled[0] == [6, 6, 6, 6] and state.closers[0] == B
    closed = [e for e in events if e["type"] == "row_closed"]
    assert closed == [
        {
            "type": "row_closed",
            "seat": B,
            "row": 1,
            "code": "6666",
            "colour": "yellow",
            "points": 80,
        }
    ]
    state.apply({"type": "stop"})
    assert state.points == [170, 200, 80, 80]  # A placed three of the dice, gets nothing
    assert state.supply[B] == 6


def two_black_rows_left(mover: int, placed: int, rows: dict[int, list[int]]) -> GamblerState:
    """2A after a first round on 2B (C lost 30 there: 50 points): every row full but
    the ``rows`` given; ``mover`` placed ``placed`` dice this round, closed nothing,
    and is to move."""
    state = new_game(4)
    earn(state, ["2B"], [170, 150, 50, 80], closer=B)
    closers = {r: s for r, s in {1: A, 2: B, 4: D, 5: A}.items() if r not in rows}
    closers = {r: ((s + 1) % 4 if s == mover else s) for r, s in closers.items()}
    fill(state, rows, full="all", closers=closers, budget={mover: placed}, to_move=mover)
    assert state.turn == mover and state.supply[mover] + state.turn_dice == 7 - placed
    return state


def test_s6_forced_black_row():
    state = two_black_rows_left(C, 4, {3: [], 6: [6]})
    assert state.points[C] == 50 and state.turn_dice == 3 and state.supply[C] == 0
    roll(state, [4, 1, 2])
    assert "place" in refused(state, {"type": "stop"})
    assert "needs 6, not a 1" in refused(state, {"type": "place", "die": 1, "row": 6})
    assert state.legal_actions() == [{"type": "place", "die": 0, "row": 3}]
    place(state, [(4, 3)])
    assert state.points[C] == 20
    assert state.phase == Phase.AWAIT_DECISION  # the round goes on: r6 is open
    state.apply({"type": "stop"})
    assert state.supply[C] == 2 and state.current_player() == D


def test_s7_stars():
    state = new_game(4, "1A", youngest=D)
    turn(state, D, [(2, 5)])
    roll(state, [3, 3, 5, 1, 6])
    reason = rejected_whole(state, [(3, 2), (3, 2), (5, 2)])
    assert "box 3 of row 2" in reason and "needs 3" in reason
    assert state.is_legal({"type": "place", "die": 3, "row": 2})  # a 1 could start r2
    assert state.is_legal({"type": "place", "die": 4, "row": 2})  # so could a 6
    assert state.accepts(5) == (2,)
    assert not any(a.get("row") == 5 for a in state.legal_actions())
    place(state, [(3, 2), (3, 2)])
    assert state.filled[1] == [3, 3] and state.accepts(2) == (3,)


def test_s8_full_house():
    state = new_game(4, "3A", youngest=D)
    turn(state, D, [(4, 4), (4, 4), (4, 4)])
    roll(state, [2, 5, 2, 5, 2])
    reason = rejected_whole(state, [(5, 1), (5, 1), (2, 1), (2, 1), (2, 1)])
    assert "box 3 of row 1" in reason and "needs 5" in reason
    place(state, [(2, 1), (2, 1), (2, 1), (5, 1), (5, 1)])
    assert state.points[A] == 150
    assert state.turn == B and state.supply[A] == 2  # all turn dice used: turn over
    assert state.accepts(4) == (1, 2, 3, 5, 6)
    turn(state, B, [(1, 4)])
    assert state.filled[3] == [4, 4, 4, 1] and state.accepts(4) == (1,)


def test_s9_straights():
    state = new_game(4, "3B")
    assert [state.accepts(r) for r in range(1, 6)] == [
        (1, 2, 3, 4),
        (3, 4, 5, 6),
        (1, 2, 3, 4, 5),
        (1, 2),
        (4, 5, 6),
    ]
    assert not {3, 4, 5, 6} & set(state.accepts(4))  # [3,4,5,6,6] could not start r4
    roll(state, [2, 3, 4, 6, 6])
    place(state, [(2, 4), (3, 4), (4, 4)])
    assert state.filled[3] == [2, 3, 4] and state.accepts(4) == (5,)


def test_s10_mixed_pips_order_matters():
    state = new_game(4, "7B")
    turn(state, A, [(5, 2), (5, 2), (3, 4), (3, 4), (2, 6)])  # all 5 placed: A keeps 2
    play(state, [(B, [(6, 1)]), (C, [(1, 3)]), (D, [(5, 2)])])
    assert state.turn == A and state.turn_dice == 2 and state.points[A] == 80
    roll(state, [3, 4])
    assert "needs 4, not a 3" in rejected_whole(state, [(3, 5), (4, 5)])
    place(state, [(4, 5), (3, 5)])
    assert state.filled[4] == [4, 3] and state.points[A] == 120
    assert state.turn == B and state.turn_dice == 5  # A's turn ended with t = 0


def test_s11_no_die_fits():
    state = new_game(4, "7B")
    play(
        state,
        [
            (A, [(5, 2), (5, 2), (5, 2), (6, 1)]),  # A keeps 3 dice
            (B, [(3, 4), (3, 4), (3, 4)]),
            (C, [(2, 6), (2, 6)]),
            (D, []),  # only r3 (`1`) and r5 (`43`) are open: D's roll fits nowhere
        ],
    )
    assert state.turn == A and state.turn_dice == 3 and state.supply[A] == 0
    events = roll(state, [3, 3, 2])
    assert "no_match" in event_types(events)
    assert state.supply[A] == 3 and state.current_player() == B


# --- S12–S17 ---------------------------------------------------------------------------
def test_s12_independent_star_rows():
    state = new_game(4, "1A")
    turn(state, A, [(5, 2), (5, 2), (5, 2)])
    assert state.filled[1] == [5, 5, 5] and state.accepts(5) == (1, 2, 3, 4, 5, 6)
    state = new_game(4, "7A", youngest=D)
    turn(state, D, [(3, 1), (3, 2), (3, 2), (3, 2)])
    roll(state, [3, 6, 3, 6, 6])
    rows_of = {
        v: sorted(a["row"] for a in state.legal_actions() if a["die"] == i)
        for i, v in enumerate(state.roll)
    }
    assert 1 in rows_of[3] and 2 not in rows_of[3]
    assert 2 in rows_of[6] and 1 not in rows_of[6]


@pytest.mark.parametrize(
    "order",
    [[(6, 1), (5, 3), (1, 6)], [(1, 6), (5, 3), (6, 1)], [(5, 3), (1, 6), (6, 1)]],
)
def test_s13_net_settlement_of_several_rows(order):
    state = new_game(4)
    earn(state, ["1B"], [160, 160, 10, 120], closer=A)  # C paid 70 on 1B; 1A is next
    assert state.layout == "1A" and state.turn == B
    turn(state, B, [(6, 1), (1, 6)])
    assert state.turn == C
    roll(state, [6, 5, 1, 2, 2])
    events = place(state, order)
    assert state.points[C] == 30  # max(0, 10 + 60 − 40), not 60
    settled = next(e for e in events if e["type"] == "settled")
    assert (settled["collected"], settled["owed"], settled["paid"]) == (60, 40, 40)
    assert state.turn_dice == 2 and state.phase == Phase.AWAIT_DECISION and state.turn == C


def test_s14_debt_then_round_end_mid_turn():
    state = new_game(4)
    earn(state, ["7B", "7A"], [200, 200, 180, 30], closer=B)  # D: 30 points
    draw(state, "9A")
    assert state.round == 3 and state.start_player == C
    play(
        state,
        [
            (C, [(2, 1), (2, 1), (2, 1)]),
            (D, [(3, 6), (3, 6), (3, 6), (6, 2), (1, 4)]),  # all 5: D keeps 2 dice
            (A, [(6, 2), (4, 3), (4, 3), (4, 3)]),
            (B, [(1, 4), (1, 4), (1, 3), (1, 3)]),
            (C, []),  # only r5 (`5`) and r6 (`S4`, three 3s in) are open
        ],
    )
    assert state.points[D] == 30 and state.turn_dice == 2 and state.supply[D] == 0
    roll(state, [3, 2])
    assert state.legal_actions() == [{"type": "place", "die": 0, "row": 6}]
    events = place(state, [(3, 6)])
    settled = next(e for e in events if e["type"] == "settled")
    assert state.points[D] == 0 and settled["paid"] == 30 and settled["forgiven"] == 50
    assert state.phase == Phase.AWAIT_DECISION and state.turn_dice == 1
    roll(state, [5])
    events = place(state, [(5, 5)])
    ended = next(e for e in events if e["type"] == "round_ended")
    assert ended["closer"] == D and ended["next_start_player"] == A
    assert state.points[D] == 20
    assert state.round == 4 and state.layout == "9B"
    # R16: A, the seat after the closer D, starts; not D, the seat after C who began.
    assert state.turn == A and state.start_player == A
    assert state.supply == [2, 7, 7, 7] and state.turn_dice == 5  # every supply reset to 7


def test_s15_round_ends_with_turn_dice_left():
    state = new_game(4)
    earn(state, ["1B", "1A"], [180, 90, 180, 180], closer=C)  # B: 90 points
    draw(state, "7B")
    assert state.start_player == D and state.layout_of_round(4) == "7A"
    fill(state, {1: []}, full="all", closers={2: A, 3: C, 4: D, 5: A, 6: C}, budget={B: 1})
    pass_to(state, B)
    assert state.points[B] == 90 and state.turn_dice == 5 and state.supply[B] == 1
    roll(state, [6, 6, 1, 4, 2])
    place(state, [(6, 1)])
    assert state.points[B] == 110
    assert state.layout == "7A" and state.round == 4
    # R16: C, the seat after the closer B, starts; not A, the seat after D who began.
    assert state.turn == C and state.legal_actions() == [{"type": "roll"}]
    assert state.supply == [7, 7, 2, 7] and state.turn_dice == 5


def test_s16_all_turn_dice_placed():
    state = new_game(4, "1A")
    roll(state, [4, 4, 1, 2, 3])
    place(state, [(4, 4), (4, 4)])
    assert state.legal_actions() == [{"type": "roll_again"}, {"type": "stop"}]
    roll(state, [4, 6, 6])
    place(state, [(4, 4), (6, 1), (6, 1)])
    assert state.points[A] == 180 and state.closers[3] == A and state.closers[0] == A
    assert state.supply[A] == 2 and state.turn == B  # the set-aside dice were not used


def test_s17_five_rolls():
    # An empty board with A at supply 5 needs D = 5, i.e. six players: with four, A's
    # supply is 7 at every round start and drops only by dice left on the tableau.
    state = new_game(6, "1A")
    assert state.turn_dice == 5 and state.supply[A] == 0
    rolls = 0
    for values, item in [
        ([6, 1, 2, 3, 4], (6, 1)),
        ([6, 2, 3, 4], (6, 1)),
        ([5, 1, 1], (5, 3)),
        ([2, 2], (2, 2)),
        ([2], (2, 2)),
    ]:
        assert state.turn == A
        roll(state, values)
        rolls = state.rolls
        place(state, [item])
    assert rolls == 5, "five rolls in the turn"
    assert state.points[A] == 140 and state.filled[1] == [2, 2]
    assert state.supply[A] == 0 and state.turn == B


# --- S18–S22: sitting out, round and game end -----------------------------------------
def test_s18_sitting_out():
    state = new_game(3, "8A")
    play(
        state,
        [
            (A, [(2, 1), (2, 1), (3, 1), (3, 1), (3, 1)]),
            (B, [(1, 2), (1, 2), (1, 2), (1, 2)]),
            (C, [(5, 3), (5, 3), (5, 3)]),
            (A, [(1, 2), (6, 4), (5, 4), (4, 4), (3, 4)]),  # A has placed all 10 dice
            (B, [(2, 4)]),
        ],
    )
    assert state.supply[A] == 0 and state.turn == C
    events = turn(state, C, [(5, 3)])  # only r5 (`4`) and r6 (`6`) stay open
    assert {"type": "skipped", "seat": A} in events and state.current_player() == B
    turn(state, B)  # nothing fits
    assert state.current_player() == C
    events = turn(state, C)
    assert {"type": "skipped", "seat": A} in events and state.current_player() == B
    turn(state, B, [(4, 5)])
    assert state.current_player() == C
    events = turn(state, C, [(6, 6)])
    ended = next(e for e in events if e["type"] == "round_ended")
    # Round over: A (after the closer C) starts the next round with 10 dice again.
    assert ended["closer"] == C and state.round == 2 and state.start_player == A
    assert state.turn == A and state.supply[A] + state.turn_dice == 10


def test_s19_redistribution_and_next_start_player():
    state = new_game(4, "2A")
    play(
        state,
        [
            (A, [(6, 1), (6, 1), (6, 1), (6, 1), (5, 2)]),
            (B, [(1, 4), (1, 4)]),
            (C, [(1, 4)]),
            (D, [(1, 4), (4, 5), (5, 5)]),
            (A, [(5, 2), (5, 2)]),  # A has placed all 7 dice
            (B, [(1, 4), (4, 3)]),
            (C, [(6, 5)]),
            (D, [(6, 6)]),
            (B, []),  # A is skipped; only r6 (`66`, one 6 in) is open
            (C, []),
        ],
    )
    assert state.turn == D and state.turn_dice == 3
    events = turn(state, D, [(6, 6)])
    ended = next(e for e in events if e["type"] == "round_ended")
    assert ended["closer"] == D and ended["next_start_player"] == A
    finished = state.results[-1]
    assert finished["start_player"] == A and finished["closer"] == D
    # Supplies at the end were A 0, B 3, C 5, D 2; all are 7 again, 2 dice stay out.
    assert state.turn == A and state.supply == [2, 7, 7, 7] and state.turn_dice == 5


def test_s20_game_end_highest_score_wins():
    state = new_game(4)
    earn(state, ["2A", "2B", "3B", "3A", "8A", "8B", "9A", "9B"], [480, 450, 440, 250])
    draw(state, "7B")
    fill(state, {1: []}, full="all", closers={2: B, 3: D, 4: C, 5: C, 6: D}, budget={D: 3})
    pass_to(state, D)
    assert state.points == [480, 510, 520, 180] and not state.is_terminal()
    assert state.turn_dice == 4 and state.supply[D] == 0
    roll(state, [6, 1, 1, 1])
    events = place(state, [(6, 1)])
    assert state.points == [480, 510, 520, 200]
    assert state.is_terminal() and "game_over" in event_types(events)
    assert state.winners() == [C] and state.ranking() == [3, 2, 1, 4]


def test_s21_five_hundred_mid_round_does_not_end_the_game():
    state = new_game(4)
    earn(state, ["2A", "2B", "3B", "3A", "8A", "8B"], [490, 300, 280, 280])
    draw(state, "7B")
    fill(state, {1: [], 6: [2]}, full="all", closers={2: B, 3: C, 4: D, 5: B}, to_move=A)
    turn(state, A, [(6, 1)])
    assert state.points[A] == 510 and not state.is_terminal()
    fill(state, full="all", closers={6: A})  # A closes the black row worth 40, last
    assert state.results[-1]["closer"] == A and state.results[-1]["points"][A] == 470
    assert max(state.points) < 500
    assert not state.is_terminal() and state.layout == "7A"


def test_s22_tie_shares_the_victory():
    state = new_game(3)
    earn(state, ["2A", "2B", "3B", "3A", "6A", "6B"], [420, 460, 370])
    draw(state, "7B")
    fill(state, {1: []}, full="all", closers={2: A, 3: C, 4: A, 5: B, 6: C}, to_move=B)
    assert state.points == [520, 500, 300]
    roll(state, [6, 1, 1, 1, 1][: state.turn_dice])
    place(state, [(6, 1)])
    assert state.points == [520, 520, 300] and state.is_terminal()
    assert state.winners() == [A, B] and state.ranking() == [1, 1, 3]


# --- S23: layout sequence -------------------------------------------------------------
S23_ORDER = [7, 2, 10, 1, 5, 3, 9, 4, 8, 6]
S23_UP = ["B", "A", "A", "B", "A", "B", "A", "B", "A", "B"]


def test_s23_layout_sequence():
    assert layout_sequence(S23_ORDER, S23_UP, "flip", 8) == [
        "7B", "7A", "2A", "2B", "10A", "10B", "1B", "1A"
    ]  # fmt: skip
    assert layout_sequence(S23_ORDER, S23_UP, "flip", 21)[20] == "7B"
    # The same through the engine: the boards are drawn as they come into play. Six
    # players and the long game, so that 21 rounds can be played (§4.6 bounds a game).
    state = new_game(6, target=750)
    played = []
    draws = iter(zip(S23_ORDER, S23_UP, strict=True))
    for _ in range(21):
        if state.phase == Phase.DRAW_LAYOUT:
            board, side = next(draws)
            state.apply({"type": "draw_board", "board": board, "side": side})
        played.append(state.layout)
        play_round(state)
    assert played[:8] == ["7B", "7A", "2A", "2B", "10A", "10B", "1B", "1A"]
    assert len(set(played[:20])) == 20, "all 20 layouts once in rounds 1–20"
    assert played[20] == "7B", "round 21 starts the sequence again"


def test_s23_beginner_first():
    state = new_game(3, beginner_first=True)
    assert state.layout == "1A" and not state.is_chance()
    play_round(state)
    assert state.layout == "1B" and not state.is_chance()
    play_round(state)
    assert state.phase == Phase.DRAW_LAYOUT
    assert all(o["board"] != 1 for o, _ in state.chance_outcomes())


# --- S24–S27 -----------------------------------------------------------------------------
def test_s24_free_choice_over_black():
    state = new_game(4, "1A", youngest=D)
    turn(state, D, [(1, 6)])
    roll(state, [1, 4, 3, 3, 3])
    place(state, [(4, 2)])
    assert state.points[A] == 80 and state.filled[1] == [4] and state.filled[5] == [1]


def test_s25_no_partial_reroll():
    state = new_game(4, "1A")
    roll(state, [6, 1, 1, 1, 1])
    place(state, [(6, 1)])
    assert state.turn_dice == 4
    assert state.legal_actions() == [{"type": "roll_again"}, {"type": "stop"}]
    assert "takes no fields" in refused(state, {"type": "roll_again", "dice": 2})
    state.apply({"type": "roll_again"})
    for _ in range(4):
        assert state.is_chance()
        state.apply({"type": "die", "value": 2})
    assert len(state.roll) == 4


def test_s26_wrong_phase_at_turn_start():
    state = new_game(4, "1A")
    assert state.phase == Phase.AWAIT_ROLL
    assert "roll once" in refused(state, {"type": "stop"})
    assert "after a roll" in refused(state, {"type": "place", "die": 0, "row": 1})


def test_s27_layout_validation():
    good = LAYOUTS["1A"].to_json()
    bad_code = {**good, "rows": [["A6", "+", 40], *good["rows"][1:]]}
    seven_rows = {**good, "rows": [*good["rows"], ["6", "+", 20]]}
    points_45 = {**good, "rows": [["66", "+", 45], *good["rows"][1:]]}
    boxes_29 = {
        **good,
        "rows": [["12345", "+", 100]] * 5 + [["1234", "-", 30]],
    }
    for bad, words in [
        (bad_code, "not a row code"),
        (seven_rows, "exactly 6 rows"),
        (points_45, "multiple of 10"),
        (boxes_29, "29 boxes"),
    ]:
        with pytest.raises(LayoutError, match=words):
            load_layout(bad)
    assert load_layout(good) == LAYOUTS["1A"]
    assert [
        (lay.boxes, lay.yellow_total, lay.black_total, lay.net) for lay in LAYOUTS.values()
    ] == SPEC_TABLE


# §1.6 derived columns, copied from the spec: Boxes, Yellow Σ, Black Σ, Net.
SPEC_TABLE = [
    (15, 220, 40, 180),
    (16, 200, 70, 130),
    (18, 280, 70, 210),
    (18, 240, 110, 130),
    (19, 220, 80, 140),
    (18, 260, 60, 200),
    (15, 200, 70, 130),
    (18, 240, 80, 160),
    (15, 200, 80, 120),
    (18, 240, 100, 140),
    (15, 220, 70, 150),
    (16, 250, 70, 180),
    (20, 260, 60, 200),
    (12, 160, 70, 90),
    (21, 290, 90, 200),
    (18, 230, 80, 150),
    (18, 230, 80, 150),
    (18, 230, 110, 120),
    (16, 220, 70, 150),
    (18, 220, 90, 130),
]
