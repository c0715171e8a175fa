"""Acceptance scenarios S1–S27 of the Gambler spec (§8), played through ``apply``.

Positions are set up on the plain state attributes (layout, dice on the tableau,
points, supplies, the player to move); every roll, die, placement, confirmation,
roll-again and stop of a scenario then goes through ``State.apply``. A spec PLACE
list is played as its single ``place`` steps followed by ``confirm``; a list the
spec rejects "as a whole" is shown by the refused step, the untouched tableau and
taking the earlier steps back, which restores the state exactly.
"""

from __future__ import annotations

from typing import Any

import pytest

from pygames.core import CHANCE, IllegalAction
from pygames.gambler import GAME, GamblerState
from pygames.gambler.data import LAYOUT_IDS, LAYOUTS, LayoutError, load_layout, match_set
from pygames.gambler.state import layout_sequence

NAMES = ["A", "B", "C", "D", "E", "F"]
A, B, C, D = range(4)


# --- helpers (also used by the other test files) -------------------------------------
def new_state(n: int = 4, **options: Any) -> GamblerState:
    state = GAME.new_state(NAMES[:n], options)
    assert isinstance(state, GamblerState)
    return state


def full_row(code: str) -> list[int]:
    """Some legal filling of a whole row (the smallest fitting value each box)."""
    values: list[int] = []
    while m := match_set(code, values):
        values.append(m[0])
    return values


def setup(
    layout: str = "1A",
    rows: dict[int, list[int]] | None = None,
    *,
    full: str | tuple[int, ...] = (),
    n: int = 4,
    points: list[int] | None = None,
    supply: list[int] | None = None,
    seat: int = A,
    start: int | None = None,
    **options: Any,
) -> GamblerState:
    """Round on ``layout`` (fixed stack order, so its round number is its position in
    1A…10B), rows given by ``rows`` (row -> values), the rows in ``full`` filled
    ("all" = every row not in ``rows``), then ``seat``'s turn starts (P1)."""
    state = new_state(n, stack_order=options.pop("stack_order", "fixed"), **options)
    state.round = LAYOUT_IDS.index(layout) + 1
    state.layout = layout
    lay = LAYOUTS[layout]
    rows = rows or {}
    full_rows = [r for r in range(1, 7) if r not in rows] if full == "all" else list(full)
    state.filled = [
        list(rows[r]) if r in rows else full_row(lay.rows[r - 1].code) if r in full_rows else []
        for r in range(1, 7)
    ]
    state.closers = [A if len(state.filled[i]) == lay.rows[i].length else None for i in range(6)]
    state.points = list(points) if points is not None else [80] * n
    state.supply = list(supply) if supply is not None else [state.dice] * n
    state.start_player = seat if start is None else start
    state._start_turn(seat, [])
    return state


def roll(state: GamblerState, values: list[int]) -> list[dict[str, Any]]:
    """ROLL (or ROLL_AGAIN), then force the C2 outcome die by die."""
    kind = "roll" if state.phase == "await_roll" else "roll_again"
    events = state.apply({"type": kind})
    for v in values:
        assert state.is_chance()
        events += state.apply({"type": "die", "value": v})
    return events


def steps(state: GamblerState, items: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """Place (value, row) items one die at a time, each with a free die of that value."""
    events: list[dict[str, Any]] = []
    for value, row in items:
        die = next(i for i in state.free_dice() if state.roll[i] == value)
        events += state.apply({"type": "place", "die": die, "row": row})
    return events


def place(state: GamblerState, items: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """A spec PLACE list: the single steps, then ``confirm``."""
    events = steps(state, items)
    return events + state.apply({"type": "confirm"})


def rejected_whole(state: GamblerState, items: list[tuple[int, int]]) -> str:
    """Play ``items`` until a step is refused; show the list leaves the state as it was."""
    before = state.to_json()
    reason = ""
    for k, (value, row) in enumerate(items):
        die = next(i for i in state.free_dice() if state.roll[i] == value)
        try:
            state.apply({"type": "place", "die": die, "row": row})
        except IllegalAction as exc:
            reason = str(exc)
            assert state.filled == before["filled"], "the tableau is unchanged"
            for _, r in reversed(items[:k]):
                state.apply({"type": "take_back", "row": r})
            break
    else:
        raise AssertionError("the list was accepted")
    assert state.to_json() == before
    return reason


def refused(state: GamblerState, action: dict[str, Any]) -> str:
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before, "a refused action leaves the state unchanged"
    return str(info.value)


def event_types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# --- S1–S4: setup and turn start ------------------------------------------------------
def test_s1_setup_four_players_youngest_c():
    state = new_state(4, youngest=C)
    assert state.current_player() == CHANCE  # C1: the first board is drawn
    assert state.supply == [7, 7, 7, 7] and state.points == [80] * 4
    assert state.view()["dice_out_of_play"] == 2
    state.apply({"type": "draw_board", "board": 4, "side": "B"})
    assert state.layout == "4B" and state.round == 1
    assert state.current_player() == C and state.start_player == C
    # C took his 5 turn dice at once (P1): 7 dice each in all.
    assert [s + (state.turn_dice if i == C else 0) for i, s in enumerate(state.supply)] == [7] * 4
    assert 30 - sum(state.supply) - state.turn_dice == 2


@pytest.mark.parametrize(("n", "d"), [(2, 15), (3, 10), (5, 6), (6, 5)])
def test_s2_supplies_by_player_count(n, d):
    state = new_state(n)
    assert state.supply == [d] * n and state.dice == d
    assert state.view()["dice_out_of_play"] == 0


def test_s3_first_roll_takes_five_dice():
    state = new_state(4, youngest=C, stack_order="fixed")
    assert state.turn == C and state.turn_dice == 5 and state.supply[C] == 2
    assert state.view()["set_aside"] == 2 and state.view()["seats"][C]["turn_dice"] == 5
    assert state.legal_actions() == [{"type": "roll"}]
    state.apply({"type": "roll"})
    for k in range(5):
        assert state.is_chance() and len(state.roll) == k
        state.apply({"type": "die", "value": 1})
    assert not state.is_chance() and len(state.roll) == 5


def test_s4_fewer_than_five_dice():
    state = setup("1A", supply=[7, 3, 7, 7], seat=A)
    roll(state, [6, 1, 1, 1, 1])
    place(state, [(6, 1)])
    state.apply({"type": "stop"})
    assert state.turn == B and state.turn_dice == 3 and state.supply[B] == 0
    events = roll(state, [5, 5, 5])
    assert state.roll == [5, 5, 5] and event_types(events).count("die_rolled") == 3
    assert not state.is_chance()


# --- S5–S11: placing and settling -----------------------------------------------------
def test_s5_yellow_row_pays_the_closer():
    state = setup("2A", {1: [6, 6, 6]}, points=[80, 120, 80, 80], seat=B)
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
    assert state.points == [80, 200, 80, 80]  # A placed three of the dice, gets nothing
    assert state.supply[B] == 6


def test_s6_forced_black_row():
    state = setup(
        "2A", {3: [], 6: [6]}, full="all", points=[80, 80, 50, 80], supply=[7, 7, 3, 7], seat=C
    )
    assert state.turn_dice == 3 and state.supply[C] == 0
    roll(state, [4, 1, 2])
    assert "place" in refused(state, {"type": "stop"})
    assert "needs 6, not a 1" in refused(state, {"type": "place", "die": 1, "row": 6})
    assert state.legal_actions() == [{"type": "place", "die": 0, "row": 3}]
    place(state, [(4, 3)])
    assert state.points[C] == 20
    assert state.phase == "await_decision"  # the round goes on: r6 is open
    state.apply({"type": "stop"})
    assert state.supply[C] == 2 and state.current_player() == D


def test_s7_stars():
    state = setup("1A", {5: [2]})
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
    state = setup("3A", {4: [4, 4, 4]})
    roll(state, [2, 5, 2, 5, 2])
    reason = rejected_whole(state, [(5, 1), (5, 1), (2, 1), (2, 1), (2, 1)])
    assert "box 3 of row 1" in reason and "needs 5" in reason
    place(state, [(2, 1), (2, 1), (2, 1), (5, 1), (5, 1)])
    assert state.points[A] == 150
    assert state.turn == B and state.supply[A] == 2  # all turn dice used: turn over
    assert state.accepts(4) == (1, 2, 3, 5, 6)
    state.filled[3].append(1)
    assert state.accepts(4) == (1,)


def test_s9_straights():
    state = setup("3B")
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
    state = setup("7B", supply=[2, 7, 7, 7])
    assert state.turn_dice == 2
    roll(state, [3, 4])
    assert "needs 4, not a 3" in rejected_whole(state, [(3, 5), (4, 5)])
    place(state, [(4, 5), (3, 5)])
    assert state.filled[4] == [4, 3] and state.points[A] == 120
    assert state.turn == B and state.turn_dice == 5  # A's turn ended with t = 0


def test_s11_no_die_fits():
    state = setup("7B", {3: [], 5: []}, full="all", supply=[3, 7, 7, 7])
    events = roll(state, [3, 3, 2])
    assert "no_match" in event_types(events)
    assert state.supply[A] == 3 and state.current_player() == B


# --- S12–S17 ---------------------------------------------------------------------------
def test_s12_independent_star_rows():
    state = setup("1A", {2: [5, 5, 5]})
    assert state.accepts(5) == (1, 2, 3, 4, 5, 6)
    state = setup("7A", {1: [3], 2: [3, 3, 3]}, supply=[2, 7, 7, 7])
    roll(state, [3, 6])
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
    state = setup("1A", {1: [6], 3: [], 6: [1]}, points=[80, 80, 10, 80], seat=C)
    roll(state, [6, 5, 1, 2, 2])
    events = place(state, order)
    assert state.points[C] == 30  # max(0, 10 + 60 − 40), not 60
    settled = next(e for e in events if e["type"] == "settled")
    assert (settled["collected"], settled["owed"], settled["paid"]) == (60, 40, 40)
    assert state.turn_dice == 2 and state.phase == "await_decision" and state.turn == C


def test_s14_debt_then_round_end_mid_turn():
    state = setup(
        "9A",
        {5: [], 6: [3, 3, 3]},
        full="all",
        points=[80, 80, 80, 30],
        supply=[7, 7, 7, 2],
        seat=D,
    )
    roll(state, [3, 2])
    assert state.legal_actions() == [{"type": "place", "die": 0, "row": 6}]
    events = place(state, [(3, 6)])
    settled = next(e for e in events if e["type"] == "settled")
    assert state.points[D] == 0 and settled["paid"] == 30 and settled["forgiven"] == 50
    assert state.phase == "await_decision" and state.turn_dice == 1
    roll(state, [5])
    events = place(state, [(5, 5)])
    assert "round_ended" in event_types(events)
    assert state.points[D] == 20
    assert state.round == 18 and state.layout == "9B"
    assert state.turn == A and state.start_player == A
    assert state.supply == [2, 7, 7, 7] and state.turn_dice == 5  # every supply reset to 7


def test_s15_round_ends_with_turn_dice_left():
    state = setup("7B", {1: []}, full="all", points=[80, 90, 80, 80], supply=[7, 6, 7, 7], seat=B)
    state.options["stack_order"] = "flip"
    state.stack = [[7, "B"]]
    state.round = 1
    assert state.layout_of_round(2) == "7A"
    assert state.turn_dice == 5 and state.supply[B] == 1
    roll(state, [6, 6, 1, 4, 2])
    place(state, [(6, 1)])
    assert state.points[B] == 110
    assert state.layout == "7A" and state.round == 2
    assert state.turn == C and state.legal_actions() == [{"type": "roll"}]
    assert state.supply == [7, 7, 2, 7] and state.turn_dice == 5


def test_s16_all_turn_dice_placed():
    state = setup("1A")
    roll(state, [4, 4, 1, 2, 3])
    place(state, [(4, 4), (4, 4)])
    assert state.legal_actions() == [{"type": "roll_again"}, {"type": "stop"}]
    roll(state, [4, 6, 6])
    place(state, [(4, 4), (6, 1), (6, 1)])
    assert state.points[A] == 180 and state.closers[3] == A and state.closers[0] == A
    assert state.supply[A] == 2 and state.turn == B  # the set-aside dice were not used


def test_s17_five_rolls():
    state = setup("1A", supply=[5, 7, 7, 7])
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
    state = setup("8A", {5: [], 6: []}, full="all", n=3, supply=[0, 10, 10], seat=C)
    roll(state, [1, 1, 1, 2, 2])  # C: nothing fits
    assert state.current_player() == B  # A was skipped
    roll(state, [1, 1, 1, 1, 2])
    assert state.current_player() == C
    events = roll(state, [1, 1, 1, 1, 2])
    assert {"type": "skipped", "seat": A} in events and state.current_player() == B
    roll(state, [4, 1, 1, 1, 1])
    place(state, [(4, 5)])
    state.apply({"type": "stop"})
    assert state.current_player() == C
    roll(state, [6, 1, 1, 1, 1])
    place(state, [(6, 6)])
    # Round over: A (after the closer C) starts the next round with 10 dice again.
    assert state.round == 16 and state.turn == A and state.supply[A] + state.turn_dice == 10


def test_s19_redistribution_and_next_start_player():
    state = setup("2A", {5: [4, 5]}, full="all", supply=[0, 3, 5, 7], seat=D)
    assert state.supply == [0, 3, 5, 2]
    roll(state, [6, 1, 1, 1, 1])
    events = place(state, [(6, 5)])
    ended = next(e for e in events if e["type"] == "round_ended")
    assert ended["closer"] == D and ended["next_start_player"] == A
    assert state.turn == A and state.supply == [2, 7, 7, 7] and state.turn_dice == 5


def test_s20_game_end_highest_score_wins():
    state = setup(
        "7B", {1: []}, full="all", points=[480, 510, 520, 180], supply=[7, 7, 7, 4], seat=D
    )
    assert state.turn_dice == 4
    roll(state, [6, 1, 1, 1])
    events = place(state, [(6, 1)])
    assert state.points == [480, 510, 520, 200]
    assert state.is_terminal() and "game_over" in event_types(events)
    assert state.winners() == [C] and state.ranking() == [3, 2, 1, 4]


def test_s21_five_hundred_mid_round_does_not_end_the_game():
    state = setup(
        "7B", {1: [], 5: [], 6: [2]}, full="all", points=[490, 80, 80, 80], supply=[2, 7, 7, 7]
    )
    roll(state, [6, 1])
    place(state, [(6, 1)])
    assert state.points[A] == 510 and not state.is_terminal()
    roll(state, [2])
    place(state, [(2, 6)])  # A closes the black row worth 40
    assert state.points[A] == 470
    roll(state, [4, 3, 1, 1, 1])
    place(state, [(4, 5), (3, 5)])  # B closes the last row: round over
    assert state.points == [470, 120, 80, 80]
    assert not state.is_terminal() and state.round == 15 and state.layout == "8A"


def test_s22_tie_shares_the_victory():
    state = setup("7B", {1: []}, full="all", n=3, points=[520, 500, 300], seat=B)
    roll(state, [6, 1, 1, 1, 1])
    place(state, [(6, 1)])
    assert state.points == [520, 520, 300] and state.is_terminal()
    assert state.winners() == [A, B] and state.ranking() == [1, 1, 3]


# --- S23: layout sequence -------------------------------------------------------------
S23_ORDER = [7, 2, 10, 1, 5, 3, 9, 4, 8, 6]
S23_UP = ["B", "A", "A", "B", "A", "B", "A", "B", "A", "B"]


def finish_round(state: GamblerState) -> None:
    """Fill the tableau up to one box, then let the player to move close it by ``apply``."""
    lay = state.current_layout()
    for i, r in enumerate(lay.rows):
        state.filled[i] = full_row(r.code)
    last = state.filled[5].pop()
    state.points = [0] * state.n
    roll(state, [last] * state.turn_dice)
    place(state, [(last, 6)])


def test_s23_layout_sequence():
    assert layout_sequence(S23_ORDER, S23_UP, "flip", 8) == [
        "7B", "7A", "2A", "2B", "10A", "10B", "1B", "1A"
    ]  # fmt: skip
    assert layout_sequence(S23_ORDER, S23_UP, "flip", 21)[20] == "7B"
    # The same through the engine: the boards are drawn as they come into play.
    state = new_state(3)
    played = []
    draws = iter(zip(S23_ORDER, S23_UP, strict=True))
    for _ in range(21):
        if state.phase == "draw_layout":
            board, side = next(draws)
            state.apply({"type": "draw_board", "board": board, "side": side})
        played.append(state.layout)
        finish_round(state)
    assert played[:8] == ["7B", "7A", "2A", "2B", "10A", "10B", "1B", "1A"]
    assert len(set(played[:20])) == 20, "all 20 layouts once in rounds 1–20"
    assert played[20] == "7B", "round 21 starts the sequence again"


def test_s23_beginner_first():
    state = new_state(3, beginner_first=True)
    assert state.layout == "1A" and not state.is_chance()
    finish_round(state)
    assert state.layout == "1B" and not state.is_chance()
    finish_round(state)
    assert state.phase == "draw_layout"
    assert all(o["board"] != 1 for o, _ in state.chance_outcomes())


# --- S24–S27 -----------------------------------------------------------------------------
def test_s24_free_choice_over_black():
    state = setup("1A", {6: [1]})
    roll(state, [1, 4, 3, 3, 3])
    place(state, [(4, 2)])
    assert state.points[A] == 80 and state.filled[1] == [4] and state.filled[5] == [1]


def test_s25_no_partial_reroll():
    state = setup("1A")
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
    state = setup("1A")
    assert state.phase == "await_roll"
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
