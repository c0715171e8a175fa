"""Unit tests for the Gambler rules, rulings R1–R34, variants V1–V4, the chance model,
the layout loader (§1.4) and the view (§9). The acceptance scenarios S1–S27 live in
``test_scenarios.py``; these tests cover what the scenarios do not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pygames.core import CHANCE, BadSave, Match
from pygames.gambler import GAME, GamblerState, Phase
from pygames.gambler.data import (
    LAYOUT_DATA,
    LAYOUT_IDS,
    LAYOUTS,
    LayoutError,
    chips_for,
    dice_per_player,
    load_layout,
    load_layouts,
    match_set,
)
from pygames.gambler.state import layout_sequence

from .play import (
    A,
    B,
    C,
    D,
    draw,
    event_types,
    full_row,
    new_game,
    place,
    play,
    play_round,
    refused,
    roll,
    steps,
    turn,
)


# --- components and options (§1, §5) -------------------------------------------------
def test_dice_per_player_and_chips():
    assert [dice_per_player(n) for n in range(2, 7)] == [15, 10, 7, 6, 5]
    assert chips_for(80) == {"blue": 0, "yellow": 1, "white": 3}
    assert chips_for(570) == {"blue": 5, "yellow": 1, "white": 2}
    assert chips_for(0) == {"blue": 0, "yellow": 0, "white": 0}


def test_options():
    names = [o.name for o in GAME.options]
    assert names == ["beginner_first", "stack_order", "target", "youngest"]
    assert all(o.description for o in GAME.options)
    assert GAME.resolve_options({}) == {
        "beginner_first": False,
        "stack_order": "flip",
        "target": 500,
        "youngest": 0,
    }
    with pytest.raises(ValueError, match="youngest"):
        GAME.new_state(["A", "B"], {"youngest": 2})
    with pytest.raises(ValueError, match="must be one of"):
        GAME.new_state(["A", "B"], {"target": 400})
    with pytest.raises(ValueError, match="2–6 players"):
        GAME.new_state(["A"])


def test_match_sets_of_every_kind():
    assert match_set("43", []) == (4,) and match_set("43", [4]) == (3,)
    assert match_set("43", [4, 3]) == ()
    assert match_set("S3", []) == (1, 2, 3, 4, 5, 6) and match_set("S3", [2, 2]) == (2,)
    assert match_set("FH", [6, 6]) == (6,) and match_set("FH", [6, 6, 6]) == (1, 2, 3, 4, 5)
    assert match_set("FH", [6, 6, 6, 2]) == (2,) and match_set("FH", [6, 6, 6, 2, 2]) == ()
    assert match_set("A2", []) == (1, 2, 3, 4, 5) and match_set("A4", [3]) == (4,)
    assert match_set("D5", []) == (5, 6) and match_set("D3", [4]) == (3,)


def test_r25_no_row_can_get_stuck():
    def walk(code, values):
        m = match_set(code, values)
        if len(values) < len(full_row(code)):
            assert m, f"{code} stuck at {values}"
        for v in m:
            walk(code, [*values, v])

    for code in sorted({r.code for lay in LAYOUTS.values() for r in lay.rows}):
        walk(code, [])


def test_r26_every_layout_fits_the_dice():
    assert max(lay.boxes for lay in LAYOUTS.values()) == 21 < 28
    assert min(lay.net for lay in LAYOUTS.values()) == 90  # §4.6 bound


def test_box_printing_hints():
    lay = LAYOUTS["3A"]
    fh = lay.rows[0].boxes()
    assert [b["star"] for b in fh] == ["green"] * 3 + ["red"] * 2
    assert LAYOUTS["3B"].rows[1].boxes()[0] == {"box": 1, "shows": "arrow", "arrow": "down"}
    assert LAYOUTS["7B"].rows[4].boxes()[1] == {"box": 2, "shows": "pips", "pips": 3}
    assert LAYOUTS["3A"].rows[2].boxes()[0]["star"] == "black"


# --- layout loader (§1.4) -------------------------------------------------------------
GOOD = LAYOUTS["2A"].to_json()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"id": "11A"}, "board 1–10"),
        ({"id": "0A"}, "board 1–10"),
        ({"id": "3C"}, "board 1–10"),
        ({"name": ""}, "name"),
        ({"beginner": 1}, "beginner"),
        ({"rows": "66"}, "6 rows"),
        ({"rows": GOOD["rows"][:5]}, "6 rows, not 5"),
        ({"rows": [["66", "+"], *GOOD["rows"][1:]]}, r"\[code, sign, points\]"),
        ({"rows": [["7", "+", 20], *GOOD["rows"][1:]]}, "not a row code"),
        ({"rows": [["123456", "+", 20], *GOOD["rows"][1:]]}, "not a row code"),
        ({"rows": [["S1", "+", 20], *GOOD["rows"][1:]]}, "not a row code"),
        ({"rows": [["FH3", "+", 20], *GOOD["rows"][1:]]}, "not a row code"),
        ({"rows": [["D6", "+", 20], *GOOD["rows"][1:]]}, "not a row code"),
        ({"rows": [["66", "*", 20], *GOOD["rows"][1:]]}, "sign"),
        ({"rows": [["66", "+", 0], *GOOD["rows"][1:]]}, "multiple of 10"),
        ({"rows": [["66", "+", 110], *GOOD["rows"][1:]]}, "multiple of 10"),
        ({"rows": [["66", "+", "40"], *GOOD["rows"][1:]]}, "multiple of 10"),
        ({"rows": [["66", "+", True], *GOOD["rows"][1:]]}, "multiple of 10"),
        ({"rows": [[r[0], "+", r[2]] for r in GOOD["rows"]]}, "black row"),
        ({"rows": [[r[0], "-", r[2]] for r in GOOD["rows"]]}, "yellow row"),
    ],
)
def test_loader_rejects_invalid_layouts(change, words):
    with pytest.raises(LayoutError, match=words):
        load_layout({**GOOD, **change})


def test_loader_rejects_bad_shapes_and_sets():
    with pytest.raises(LayoutError, match="object"):
        load_layout([])
    with pytest.raises(LayoutError, match="exactly the keys"):
        load_layout({**GOOD, "extra": 1})
    assert load_layout(GOOD) == LAYOUTS["2A"]
    assert load_layout({**GOOD, "rows": [["S5", "+", 80]] * 5 + [["123", "-", 30]]}).boxes == 28
    with pytest.raises(LayoutError, match="list"):
        load_layouts({})
    with pytest.raises(LayoutError, match="1A…10B"):
        load_layouts(LAYOUT_DATA[:-1])
    with pytest.raises(LayoutError, match="1A…10B"):
        load_layouts([*LAYOUT_DATA[:-1], LAYOUT_DATA[0]])
    two = [{**d, "beginner": True} if d["id"] == "5A" else d for d in LAYOUT_DATA]
    with pytest.raises(LayoutError, match="exactly one layout"):
        load_layouts(two)
    assert list(load_layouts(LAYOUT_DATA)) == list(LAYOUT_IDS)
    assert [lay.to_json() for lay in LAYOUTS.values()] == LAYOUT_DATA


# --- chance model and stack (§2, §3.5, C1, C2, R22, V1, V2, V4) -------------------------
def test_c1_boards_are_drawn_when_they_come_into_play():
    state = new_game(2)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 20 and all(p == pytest.approx(1 / 20) for _, p in outcomes)
    assert {(o["board"], o["side"]) for o, _ in outcomes} == {
        (b, s) for b in range(1, 11) for s in "AB"
    }
    draw(state, "3B")
    assert state.layout == "3B" and state.view(None)["next_layout"] == "3A"
    play_round(state)
    assert state.layout == "3A" and not state.is_chance()
    assert state.view(None)["next_layout"] is None  # the next board is not drawn yet
    play_round(state)
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18 and all(o["board"] != 3 for o, _ in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert "not a possible outcome" in refused(
        state, {"type": "draw_board", "board": 3, "side": "A"}
    )


def test_c2_one_node_per_die():
    state = new_game(4, "1A")
    state.apply({"type": "roll"})
    outcomes = state.chance_outcomes()
    assert outcomes == [({"type": "die", "value": v}, pytest.approx(1 / 6)) for v in range(1, 7)]
    assert state.current_player() == CHANCE and state.legal_actions() == []
    assert "not a possible outcome" in refused(state, {"type": "die", "value": 7})


def test_v4_fixed_order_has_no_stack_chance():
    # Six players and the long game, so that 21 rounds can be played (§4.6).
    state = new_game(6, stack_order="fixed", target=750)
    seen = []
    for _ in range(21):
        assert not state.is_chance()
        seen.append(state.layout)
        play_round(state)
    assert seen == [*LAYOUT_IDS, "1A"]


def test_v2_board_by_board():
    order = [7, 2, 10, 1, 5, 3, 9, 4, 8, 6]
    up = ["B", "A", "A", "B", "A", "B", "A", "B", "A", "B"]
    seq = layout_sequence(order, up, "board_by_board", 21)
    assert seq[:10] == [f"{b}{s}" for b, s in zip(order, up, strict=True)]
    assert seq[10:12] == ["7A", "2B"] and seq[20] == "7B"
    state = new_game(6, stack_order="board_by_board", target=750)
    draws = iter(zip(order, up, strict=True))
    played = []
    for _ in range(12):
        if state.is_chance():
            board, side = next(draws)
            state.apply({"type": "draw_board", "board": board, "side": side})
        played.append(state.layout)
        play_round(state)
    assert played == seq[:12]


def test_v1_beginner_first_with_board_by_board():
    # Ruling (docs): board 1 is on top with side A up, then the board-by-board order
    # applies, so 1B comes with the other second sides, in round 11.
    state = new_game(6, beginner_first=True, stack_order="board_by_board", target=750)
    assert state.layout == "1A"
    play_round(state)
    assert state.is_chance() and len(state.chance_outcomes()) == 18
    played = ["1A"]
    draws = iter(
        [(7, "B"), (2, "A"), (10, "A"), (5, "A"), (3, "B"), (9, "A"), (4, "B"), (8, "A"), (6, "B")]
    )
    for _ in range(10):
        if state.is_chance():
            board, side = next(draws)
            state.apply({"type": "draw_board", "board": board, "side": side})
        played.append(state.layout)
        play_round(state)
    assert played == ["1A", "7B", "2A", "10A", "5A", "3B", "9A", "4B", "8A", "6B", "1B"]


# --- turn steps (P1–P9, R4, R8–R10, R32) ----------------------------------------------
def a_to_move(layout: str, *items: tuple[int, int]) -> GamblerState:
    """A new game on ``layout`` where D (youngest) first places ``items`` and stops;
    then A, with all 7 dice and 80 points, is to move."""
    if items:
        state = new_game(4, layout, youngest=D)
        turn(state, D, items)
    else:
        state = new_game(4, layout)
    assert state.turn == A and state.turn_dice == 5 and state.supply[A] == 2
    return state


def test_take_back_restores_the_step_exactly():
    state = a_to_move("1A", (2, 5))
    roll(state, [3, 3, 2, 1, 6])
    before = state.to_json()
    steps(state, [(3, 2), (2, 5), (3, 2)])
    assert state.row_values(2) == [3, 3] and state.row_values(5) == [2, 2]
    assert state.filled[1] == [] and state.points[A] == 80  # only tentative
    legal = state.legal_actions()
    assert {"type": "take_back", "row": 2} in legal and {"type": "take_back", "row": 5} in legal
    assert "row 1" in refused(state, {"type": "take_back", "row": 1})
    state.apply({"type": "take_back", "row": 2})
    assert state.row_values(2) == [3] and state.pending == [[0, 2], [2, 5]]
    state.apply({"type": "take_back", "row": 5})
    state.apply({"type": "take_back", "row": 2})
    assert state.to_json() == before


def test_equal_dice_are_interchangeable():
    """R30/R34: any die showing the needed value may be named; the result is the same."""
    results = []
    for die in (0, 1):
        state = a_to_move("1A", (6, 1))
        roll(state, [6, 6, 2, 2, 2])
        state.apply({"type": "place", "die": die, "row": 1})
        state.apply({"type": "confirm"})
        results.append((state.filled, state.points, state.turn_dice))
    assert results[0] == results[1] == ([[6, 6], [], [], [], [], []], [120, 80, 80, 80], 4)


def test_illegal_place_reasons():
    state = a_to_move("1A", (2, 5))
    roll(state, [3, 3, 2, 1, 6])
    state.apply({"type": "place", "die": 0, "row": 2})
    assert "already placed" in refused(state, {"type": "place", "die": 0, "row": 2})
    assert "no die 5" in refused(state, {"type": "place", "die": 5, "row": 2})
    assert "no die True" in refused(state, {"type": "place", "die": True, "row": 2})
    assert "no row 7" in refused(state, {"type": "place", "die": 1, "row": 7})
    assert "no row '2'" in refused(state, {"type": "place", "die": 1, "row": "2"})
    assert "needs 6, not a 1" in refused(state, {"type": "place", "die": 3, "row": 1})
    assert "takes die, row" in refused(state, {"type": "place", "die": 1})
    assert "no action 'pass'" in refused(state, {"type": "pass"})
    assert "place a matching die" in refused(state, {"type": "roll"})
    assert "confirming" in refused(state, {"type": "stop"})
    assert "confirming" in refused(state, {"type": "roll_again"})


def test_full_row_and_confirm_reasons():
    state = a_to_move("1A", (5, 3))
    roll(state, [5, 1, 1, 1, 1])
    assert "row 3 is already full" in refused(state, {"type": "place", "die": 0, "row": 3})
    assert "at least one" in refused(state, {"type": "confirm"})
    assert {"type": "confirm"} not in state.legal_actions()
    state.apply({"type": "place", "die": 1, "row": 6})
    assert "after a roll" not in str(state.legal_actions())
    state.apply({"type": "confirm"})
    assert "after a roll" in refused(state, {"type": "place", "die": 2, "row": 6})
    assert "roll_again" in refused(state, {"type": "roll"})
    assert "after a roll" in refused(state, {"type": "confirm"})


def test_legal_places_list_every_die_and_row():
    state = a_to_move("1A")
    roll(state, [6, 6, 1, 2, 3])
    places = [(a["die"], a["row"]) for a in state.legal_actions() if a["type"] == "place"]
    # 6: rows 1, 2, 5; 1: rows 2, 5, 6; 2 and 3: rows 2, 5.
    assert places == [
        (0, 1), (0, 2), (0, 5), (1, 1), (1, 2), (1, 5),
        (2, 2), (2, 5), (2, 6), (3, 2), (3, 5), (4, 2), (4, 5),
    ]  # fmt: skip
    assert all(state.is_legal({"type": "place", "die": d, "row": r}) for d, r in places)


def test_r7_more_dice_are_optional_and_r10_earlier_settlements_stand():
    state = a_to_move("1A", (6, 1))
    roll(state, [6, 6, 6, 1, 1])
    place(state, [(6, 1)])  # closes r1 (+40) and leaves the other sixes
    assert state.points[A] == 120 and state.turn_dice == 4
    roll(state, [2, 3, 4, 5, 5][:4])
    place(state, [(5, 3)])
    assert state.points[A] == 140
    roll(state, [1, 1, 1])
    place(state, [(1, 6), (1, 6)])  # A may close a black row voluntarily
    assert state.points[A] == 100
    events = roll(state, [4])
    assert state.phase == "await_place"
    events = place(state, [(4, 4)])
    assert state.points[A] == 100 and "turn_ended" in event_types(events)


def test_r13_only_player_with_dice_takes_every_turn():
    state = new_game(3, "8A")
    play(
        state,
        [
            (A, [(2, 1), (2, 1), (3, 1), (3, 1), (3, 1)]),
            (B, [(1, 2), (1, 2), (1, 2), (1, 2), (1, 2)]),
            (C, []),  # nothing fits: C keeps all 10 dice
            (A, [(5, 3), (5, 3), (5, 3), (5, 3), (4, 5)]),
            (B, [(6, 4), (5, 4), (4, 4), (3, 4), (2, 4)]),
        ],
    )
    assert state.supply[A] == state.supply[B] == 0 and state.turn == C
    assert state.turn_dice == 5 and state.supply[C] == 5  # only r6 (`6`) is open
    for _ in range(2):
        events = roll(state, [1, 1, 1, 1, 1])
        assert state.current_player() == C
        assert {"type": "skipped", "seat": A} in events and {"type": "skipped", "seat": B} in events


def test_settle_never_below_zero_and_zero_player_collects():
    state = new_game(4, "2B")
    events = turn(state, A, [(1, 2), (2, 4), (2, 4)])  # two black rows at once: −70
    settled = next(e for e in events if e["type"] == "settled")
    assert state.points[A] == 10 and (settled["paid"], settled["forgiven"]) == (70, 0)
    play(state, [(B, [(1, 1)]), (C, [(1, 1)]), (D, [(1, 6)])])
    events = turn(state, A, [(2, 6)])  # r6 (`12`, −40) with 10 points: 30 forgiven
    settled = next(e for e in events if e["type"] == "settled")
    assert state.points[A] == 0 and (settled["paid"], settled["forgiven"]) == (10, 30)
    play(state, [(B, [(1, 1)]), (C, [(3, 3), (3, 3), (3, 3)]), (D, [(1, 5)])])
    turn(state, A, [(3, 3)])  # A plays on at 0 and collects r3 (`S4`, +70)
    assert state.points[A] == 70 and state.closers[2] == A


@pytest.mark.parametrize(("target", "over"), [(300, True), (500, False), (750, False)])
def test_v3_target(target, over):
    state = new_game(4, "2A", target=target)
    play_round(state, {1: A, 2: A, 3: B, 4: A, 5: A, 6: C})  # A closes every yellow row
    assert state.points[A] == 80 + 280 and state.target == target
    assert state.is_terminal() == over
    if over:
        assert state.winners() == [A]
    else:
        assert state.layout == "2B"


def test_scores_only_at_the_end():
    state = new_game(4, "1A")
    with pytest.raises(ValueError, match="not over"):
        state.scores()


# --- events, view, saving (§9) ----------------------------------------------------------
def test_events_narrate_the_turn():
    state = a_to_move("1A", (6, 1))
    events = roll(state, [6, 2, 2, 2, 2])
    assert events[0] == {"type": "rolling", "seat": A, "dice": 5, "roll_number": 1}
    assert events[-1] == {"type": "rolled", "seat": A, "roll": [6, 2, 2, 2, 2], "roll_number": 1}
    events = state.apply({"type": "place", "die": 0, "row": 1})
    assert events == [{"type": "die_placed", "seat": A, "die": 0, "value": 6, "row": 1, "box": 2}]
    events = state.apply({"type": "confirm"})
    assert event_types(events) == ["placement_confirmed", "row_closed", "settled"]
    assert events[2] == {
        "type": "settled",
        "seat": A,
        "collected": 40,
        "owed": 0,
        "paid": 0,
        "forgiven": 0,
        "before": 80,
        "after": 120,
    }
    events = state.apply({"type": "stop"})
    assert event_types(events) == ["stopped", "turn_ended", "turn_started"]
    assert events[1] == {
        "type": "turn_ended",
        "seat": A,
        "reason": "stopped",
        "dice_back": 4,
        "supply": 6,
    }
    json.dumps(events)


def test_view_is_the_same_for_everyone_and_complete():
    state = a_to_move("3A", (4, 4), (4, 4), (4, 4))
    roll(state, [2, 5, 2, 5, 1])
    steps(state, [(2, 1), (2, 1)])
    views = [state.view(v) for v in (None, 0, 1, 2, 3)]
    assert all({**v, "viewer": None} == views[0] for v in views)
    view = views[0]
    json.dumps(view)
    assert view["layout"]["id"] == "3A" and view["layout"]["name"] == "Full House"
    r1 = view["rows"][0]
    assert r1["kind"] == "full_house" and r1["colour"] == "yellow" and r1["points"] == 70
    assert r1["filled"] == [] and r1["pending"] == [2, 2] and r1["next_box"] == 3
    assert r1["accepts"] == [2] and [b["pending"] for b in r1["boxes"]] == [True] * 2 + [False] * 3
    assert view["rows"][3]["filled"] == [4, 4, 4] and view["rows"][3]["accepts"] == [1, 2, 3, 5, 6]
    assert view["seats"][1]["chips"] == {"blue": 0, "yellow": 1, "white": 3}  # 80 points
    assert view["seats"][0]["has_cup"] and view["seats"][0]["turn_dice"] == 5
    assert view["cup"] == A and view["roll"] == [2, 5, 2, 5, 1]
    assert view["placed"] == [
        {"die": 0, "value": 2, "row": 1, "box": 1},
        {"die": 2, "value": 2, "row": 1, "box": 2},
    ]
    assert view["free_dice"] == [1, 3, 4]
    assert view["can"]["place"] == {"1": [3, 4, 6], "3": [3, 4, 6], "4": [3, 4]}
    assert view["can"]["confirm"] and view["can"]["take_back"] == [1]
    assert view["can"]["roll_again"] is None and not view["can"]["stop"]
    assert view["next_layout"] == "3B" and view["round"] == 1


def test_view_lists_finished_rounds():
    state = new_game(2, stack_order="fixed")
    play_round(state, {1: A, 2: B, 3: A, 4: B, 5: A, 6: B}, last=6)
    view = state.view(None)
    assert view["played_layouts"] == ["1A"] and view["results"][0]["layout"] == "1A"
    assert view["results"][0]["closer"] == B and view["results"][0]["start_player"] == A
    assert view["round"] == 2 and view["start_player"] == A  # the seat after the closer B


def test_json_round_trip_and_bad_saves():
    state = a_to_move("1A", (6, 1))
    roll(state, [6, 2, 2, 2, 2])
    steps(state, [(6, 1)])
    data = json.loads(json.dumps(state.to_json()))
    again = GamblerState.from_json(data)
    assert again == state and again.legal_actions() == state.legal_actions()
    with pytest.raises(BadSave):
        GamblerState.from_json({"game": "royal_turf"})
    with pytest.raises(BadSave, match="lacks"):
        GamblerState.from_json({"game": "gambler"})
    with pytest.raises(BadSave, match="phase"):
        GamblerState.from_json({**data, "phase": "nap"})
    with pytest.raises(BadSave, match="layout"):
        GamblerState.from_json({**data, "layout": "11A"})


def test_match_undo_never_past_a_roll():
    match = Match("gambler", ["Ann", "Ben"], {"stack_order": "fixed"}, seed=3)
    match.play({"type": "roll"})
    assert match.state.phase in ("await_place", "await_roll")
    if match.state.phase == "await_place":
        first = match.state.legal_actions()[0]
        match.play(first)
        assert match.can_undo()
        match.undo()
        assert match.state.phase == "await_place" and match.state.pending == []
    assert not match.can_undo()  # the dice are rolled: no undo past them


def test_four_players_keep_two_dice_out():
    state = a_to_move("1A", (1, 2))
    assert sum(state.supply) + state.turn_dice + len(state.filled[1]) == 28
    assert dice_per_player(4) * 4 == 28 and state.view(None)["dice_out_of_play"] == 2
    assert D == 3 and B == 1 and C == 2


def test_a_save_from_before_the_dataclass_state_still_loads():
    """A match saved by the engine before its state became a dataclass (with the phase
    as plain text) replays to the very state that engine saved, field for field."""
    data = Path(__file__).parent / "data"
    match = Match.from_json(json.loads((data / "save_before_dataclass.json").read_text()))
    old_state = json.loads((data / "state_before_dataclass.json").read_text())
    assert json.loads(json.dumps(match.state.to_json())) == old_state
    loaded = GamblerState.from_json(old_state)
    assert loaded == match.state and loaded.phase is Phase.AWAIT_PLACE


def test_youngest_is_offered_only_for_seats_at_the_table():
    youngest = next(o for o in GAME.options if o.name == "youngest")
    assert [youngest.values_for(n) for n in (2, 3, 6)] == [(0, 1), (0, 1, 2), tuple(range(6))]
    with pytest.raises(ValueError, match="youngest"):
        GAME.new_state(["A", "B", "C"], {"youngest": 3})


def test_nothing_is_secret_so_no_turn_is_private():
    state = new_game(3, "1A")
    assert not state.private_turn() and not any(state.holds_secrets(s) for s in range(3))
    view = state.view(1)
    assert view["private_turn"] is False and view["holds_secrets"] == [False] * 3
