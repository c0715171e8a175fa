"""Acceptance scenarios S1–S26 of the TurfMaster spec (§8), reached by play.

Every position is reached through ``State.apply`` (see :mod:`.script`): the deal
and the start order are forced chance outcomes that give each horse the hand and
box the scenario needs, and the scenario's squares are reached by whole scripted
rounds of chosen cards, forced dice and chosen end squares. Horses the scenario
does not mention stay far away by playing cards too high for their limit, or run
far ahead. Only S6 and S22's dice-round variant, positions play cannot reach, are
set up directly (:mod:`.direct`); each says why.
"""

from __future__ import annotations

from typing import Any

import pytest

from pygames.core import IllegalAction
from pygames.turfmaster import GAME
from pygames.turfmaster.data import CARDS, SIDES
from pygames.turfmaster.movement import forbidden_squares, reach
from pygames.turfmaster.state import TurfMasterState

from . import script
from .direct import NAMES, at_dice_move, dealt, new_state, place
from .script import chance


# --- helpers (also used by the other test files) ---------------------------------
def ends(state: TurfMasterState) -> list[str]:
    assert state.phase == "end", state.phase
    return [a["square"] for a in state.legal_actions()]


def play(state: TurfMasterState, horse: int, card: str, **extra: Any) -> list[dict[str, Any]]:
    return state.apply({"type": "play_card", "horse": horse, "card": card, **extra})


def choose_end(state: TurfMasterState, horse: int, square: str) -> list[dict[str, Any]]:
    return state.apply({"type": "choose_end", "horse": horse, "square": square})


def roll(state: TurfMasterState, d1: int, d2: int, pace: int) -> None:
    state.apply({"type": "dice_roll", "d1": d1, "d2": d2})
    state.apply({"type": "choose_pace", "value": pace})


def sq(state: TurfMasterState, horse: int) -> str | None:
    return state.squares[horse - 1]


def refused(state: TurfMasterState, action: dict[str, Any]) -> str:
    before = state.to_json()
    reason = state.why_illegal(action)
    assert reason is not None
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before
    return reason


def card_ids(data: Any) -> set[str]:
    """Every string in ``data`` (keys and values, recursively) that is a card id."""
    if isinstance(data, dict):
        return set().union(*(card_ids(k) | card_ids(v) for k, v in data.items()))
    if isinstance(data, (list, tuple)):
        return set().union(*(card_ids(x) for x in data))
    return {data} if isinstance(data, str) and data in CARDS else set()


# --- S1–S26 ----------------------------------------------------------------------
def test_s1_dice_5_and_6_leader_limited_to_8() -> None:
    """Reached by play: five horses run straight in their lanes; in bend 1 the inner
    lanes are shorter, so equal strides leave them staggered by two rows a lane."""
    A, B, C, D, E = 1, 2, 3, 4, 5
    cards = ["8a", "7a", "7b"]
    s = script.deal(5, hands={A: cards, B: cards, C: cards, D: cards, E: ["8a", "4a", "8b"]})
    script.rounds(
        s,
        script.same("8a", A, B, C, D, E),
        (3, 4, 7),
        {**script.same("7a", A, B, C, D), E: "4a"},
        (3, 4, 7),
        {**script.same("7b", A, B, C, D), E: "8b"},
    )
    assert script.where(s) == {A: "1-50", B: "2-48", C: "3-46", D: "4-44", E: "5-40"}
    assert s.positions == [1, 2, 3, 4, 5] and s.order == [A, B, C, D, E]
    chance(s, d1=5, d2=6)
    assert [a["value"] for a in s.legal_actions()] == [5, 6, 11]
    s.apply({"type": "choose_pace", "value": 11})
    # A (limit 8 < 11) must pick a die; the sum is refused
    assert s.phase == "die" and s.current_player() == s.owner(A)
    refused(s, {"type": "choose_die", "horse": A, "value": 11})
    s.apply({"type": "choose_die", "horse": A, "value": 6})
    assert ends(s) == ["1-56", "2-56"]
    choose_end(s, A, "1-56")
    refused(s, {"type": "choose_die", "horse": B, "value": 11})
    s.apply({"type": "choose_die", "horse": B, "value": 5})
    assert ends(s) == ["1-53", "2-53", "3-53"]
    choose_end(s, B, "2-53")
    refused(s, {"type": "choose_die", "horse": C, "value": 11})
    s.apply({"type": "choose_die", "horse": C, "value": 6})
    assert ends(s) == ["3-52", "4-52"]
    choose_end(s, C, "3-52")
    # D and E move 11 with no die choice
    assert s.phase == "end" and s.view(None)["move"]["horse"] == D
    refused(s, {"type": "choose_die", "horse": D, "value": 5})
    assert ends(s) == ["3-55", "4-55", "5-55", "6-55"]
    choose_end(s, D, "4-55")
    assert ends(s) == ["4-51", "5-51", "6-51", "7-51"]
    choose_end(s, E, "5-51")
    assert [sq(s, h) for h in (A, B, C, D, E)] == ["1-56", "2-53", "3-52", "4-55", "5-51"]


def test_s2_two_level_leaders_and_a_too_high_card() -> None:
    """Reached by play: 46, 48, 48 and 47 strides straight in lanes 1–4 by round 7."""
    A, B, C, D = 1, 2, 3, 4
    s = script.deal(
        4,
        hands={
            A: ["8a", "7a", "7b", "7c"],
            B: ["8a", "8b", "8c", "8d", "9a"],
            C: ["8a", "8b", "8c", "10a"],
            D: ["8a", "8b", "7a", "12a"],
        },
    )
    script.rounds(
        s,
        script.same("8a", A, B, C, D),
        (4, 4, 8),
        {A: "7a", B: "8b", C: "8b", D: "8b"},
        (4, 4, 8),
        {A: "7b", B: "8c", C: "8c", D: "7a"},
        (4, 4, 8),
    )
    assert script.where(s) == {A: "1-60", B: "2-60", C: "3-58", D: "4-55"}
    assert s.round == 7 and s.kind == "card"
    assert s.positions == [1, 1, 3, 4] and s.limits == [8, 8, 10, None]
    assert s.order == [A, B, C, D]
    play(s, A, "7c")
    assert ends(s) == ["1-67", "2-67"]
    choose_end(s, A, "1-67")
    alt = s.clone()
    events = play(s, B, "9a")
    assert any(e["type"] == "stood_still" and e["reason"] == "too_high" for e in events)
    assert sq(s, B) == "2-60" and s.view(None)["horses"][B - 1]["discard"][-1] == "9a"
    assert s.limits[B - 1] == 8, "R2: the snapshot keeps B at position 1"
    play(s, C, "10a")
    assert ends(s) == ["2-68", "3-68", "4-68", "5-68"]
    choose_end(s, C, "3-68")
    play(s, D, "12a")
    assert ends(s) == ["2-67", "4-67", "5-67", "6-67"]
    choose_end(s, D, "4-67")
    # had B played 8 instead
    play(alt, B, "8d")
    assert ends(alt) == ["2-68", "3-68", "4-68"]
    choose_end(alt, B, "2-68")
    assert sq(alt, B) == "2-68"


def test_s3_joker_ignores_the_handicap() -> None:
    """Reached by play: A and B run 26 strides; C and D only move in the dice rounds
    (their cards are too high), so they stay far behind on row 10."""
    A, C, B, D = 1, 2, 3, 4  # boxes 1–4: A in lane 1, B in lane 3
    slow = ["12a", "12b", "11a"]
    s = script.deal(4, hands={A: ["8a", "8b", "12a", "J12"], B: ["8a", "8b"], C: slow, D: slow})
    script.rounds(
        s,
        {A: "8a", B: "8a", C: "12a", D: "12a"},
        (2, 3, 5),
        {A: "8b", B: "8b", C: "12b", D: "12b"},
        (2, 3, 5),
    )
    assert script.where(s) == {A: "1-40", C: "2-10", B: "3-36", D: "4-10"}
    assert s.positions[A - 1] == 1 and s.positions[B - 1] == 2
    alt = s.clone()
    play(s, A, "J12")
    assert ends(s) == ["1-52", "2-52", "3-52"]
    play(alt, A, "12a")
    assert sq(alt, A) == "1-40" and "12a" not in (alt.view(0)["horses"][A - 1]["hand"] or [])
    assert alt.view(None)["horses"][A - 1]["discard"][-1] == "12a"


def test_s4_race_start() -> None:
    """Reached by play: the deal gives the hands, the start order the boxes."""
    H1, H2, H3, H4 = 1, 2, 3, 4
    s = script.deal(4, hands={H1: ["8a"], H2: ["7a"], H3: ["9a"], H4: ["9a"]})
    assert script.where(s) == {H1: "1-0", H2: "2-0", H3: "3-0", H4: "4-0"}
    view = s.view(None)
    assert [(h["position"], h["limit"]) for h in view["horses"]] == [(1, 8)] * 4, "R26"
    assert view["order"] == [H1, H2, H3, H4]
    s.apply({"type": "play_card", "horse": H1, "card": "8a"})
    assert script.ends(s) == ["1-8", "2-8"], "2-1 is in front of H2: only 2-8 via stride 7"
    script.settle(s, H1, "1-8")
    s.apply({"type": "play_card", "horse": H2, "card": "7a"})
    # 3-1 is in front of H3, and 1-7 (the way in at stride 7) is behind H1 now on 1-8
    assert script.ends(s) == ["2-7", "3-7"]
    script.settle(s, H2, "2-7")
    events = script.play(s, H3, "9a")
    assert any(e["type"] == "stood_still" and e["reason"] == "too_high" for e in events)
    assert script.where(s)[H3] == "3-0", "too high under the round-start snapshot"
    script.play(s, H4, "9a")
    view = s.view(None)
    assert view["phase"] == "roll" and view["round_kind"] == "dice"
    assert [h["position"] for h in view["horses"]] == [1, 2, 3, 3]


def test_s5_blocked_path_as_far_as_possible() -> None:
    """Reached by play: X (box 3) and V (box 4) cut in one lane in the last dice round,
    onto the straight; then Y plays 3 to 2-45, V stands still (too high), W plays 3."""
    W, Y, X, V = 1, 2, 3, 4
    s = script.deal(
        4,
        hands={
            W: ["3a", "7a", "3b"],
            Y: ["7a", "7b", "3a"],
            X: ["7a", "7b", "8a"],
            V: ["8a", "J10", "9a"],
        },
    )
    script.rounds(
        s,
        {W: "3a", Y: "7a", X: "7a", V: "8a"},
        (4, 4, 8),
        {W: "7a", Y: "7b", X: "7b", V: "J10"},
    )
    script.dice_round(s, 4, 4, 8, {X: "2-40", V: "3-42"})
    assert script.where(s) == {W: "1-40", Y: "2-42", X: "2-40", V: "3-42"}
    script.play(s, Y, "3a", "2-45")
    script.play(s, V, "9a")
    script.play(s, W, "3b")
    assert script.where(s) == {W: "1-43", Y: "2-45", X: "2-40", V: "3-42"}
    assert s.acting_horse() == X
    # 3-41 is behind V, 1-42 behind W (1-41 leads nowhere), 2-44 behind Y
    assert s.move_options(X, 8) == (3, ["2-43"])
    events = play(s, X, "8a")
    moved = next(e for e in events if e["type"] == "moved")
    assert moved["to"] == "2-43" and moved["cost"] == 3 and moved["lost"] == 5
    assert sq(s, X) == "2-43"


def test_s6_several_maximal_paths_the_rider_chooses() -> None:
    # Set up directly: play cannot reach it. Y, ahead of X, must have ended its 6-point
    # dice move on 4-44: from lane 4 it would cross X's square or the squares in front
    # of and behind it; cutting in from lane 3 or 5 at row 42 or later it runs on past
    # 4-44 unless horses block its way near 3-46 and 5-46, the very ends X must have.
    s = dealt(4)
    X, Y = 1, 2
    place(s, {Y: "4-44", X: "4-40"}, "dice")
    at_dice_move(s, 2, 4, 6, moved=1)
    assert ends(s) == ["3-46", "5-46"]
    assert "4-42" not in ends(s), "the shorter straight path is not maximal"
    choose_end(s, X, "3-46")
    assert sq(s, X) == "3-46"


def free_x_on_5_40() -> TurfMasterState:
    """Reached by play: X (horse 4, box 4) steps out to lane 5 at its first stride and
    runs 34 strides to 5-40; A, B and C run 38 in lanes 1–3, so X is 4th (no limit) and
    they stay clear of every square X can reach (lane 3 from row 54 on after they move)."""
    A, B, C, X = 1, 2, 3, 4
    fast = ["8a", "8b", "8c"]
    s = script.deal(4, hands={A: fast, B: fast, C: fast, X: ["8a", "8b", "4a"]})
    for h in (A, B, C):
        script.play(s, h, "8a")
    script.play(s, X, "8a", "5-8")
    script.rounds(
        s,
        (3, 4, 7),
        script.same("8b", A, B, C, X),
        (3, 4, 7),
        {**script.same("8c", A, B, C), X: "4a"},
    )
    assert script.where(s) == {A: "1-52", B: "2-50", C: "3-48", X: "5-40"}
    assert s.positions[X - 1] == 4 and s.limits[X - 1] is None, "free of limits"
    return s


@pytest.mark.parametrize(
    ("d1", "d2", "pace", "expected"),
    [
        (3, 3, 6, ["4-46", "5-46", "6-46"]),
        (1, 6, 7, ["3-47", "4-47", "5-47", "6-47", "7-47"]),
        (6, 6, 12, ["3-52", "4-52", "5-52", "6-52", "7-52"]),
    ],
)
def test_s7_lane_change_limits(d1: int, d2: int, pace: int, expected: list[str]) -> None:
    X = 4
    s = free_x_on_5_40()
    script.roll(s, d1, d2, pace)
    while s.acting_horse() != X:  # the leaders run on straight ahead
        script.settle(s, s.acting_horse() or 0)
    assert ends(s) == expected
    assert not any(e.startswith(("2-", "8-")) for e in ends(s))


def test_s7_diagonal_at_stride_2_is_illegal() -> None:
    """The movement rule itself (a pure function of the board): a horse K beside X on
    4-40 forbids 4-41, so 4-42 could only be reached by 5-41, 4-42 (a change at stride 2)."""
    a = SIDES["A"]
    forbidden = forbidden_squares(a, [a.index["4-40"]])
    cost, end_squares = reach(a, a.index["5-40"], 2, forbidden, False)
    assert cost == 2 and [a.ids[e] for e in end_squares] == ["5-42", "6-42"]


def test_s8_overtaking_with_two_lane_changes() -> None:
    """Reached by play: Z runs far ahead on jokers, X (box 3) cuts into lane 2 behind Y
    in the last dice round; Z and Y then stand still (too high), X is 3rd (limit 10)."""
    Z, Y, X, D = 1, 2, 3, 4
    s = script.deal(
        4,
        hands={
            Z: ["J12", "J11", "9a"],
            Y: ["8a", "7a", "10a"],
            X: ["7a", "7b", "10a"],
            D: ["7a", "7b", "3a"],
        },
    )
    script.rounds(
        s,
        {Z: "J12", Y: "8a", X: "7a", D: "7a"},
        (4, 4, 8),
        {Z: "J11", Y: "7a", X: "7b", D: "7b"},
    )
    script.dice_round(s, 4, 4, 8, {X: "2-40"})
    assert script.where(s) == {Z: "1-53", Y: "2-43", X: "2-40", D: "4-38"}
    script.play(s, Z, "9a")
    script.play(s, Y, "10a")
    assert s.acting_horse() == X and s.limits[X - 1] == 10
    play(s, X, "10a")
    assert ends(s) == ["1-50", "2-50", "3-50", "4-50"]
    choose_end(s, X, "2-50")
    assert sq(s, X) == "2-50"


def test_s9_bends_inner_lanes_are_shorter() -> None:
    """Reached by play: the others stand still in the card rounds (too high)."""
    A, B, X, D = 1, 2, 3, 4
    slow = ["9a", "11a", "12a"]
    s = script.deal(4, hands={X: ["8a", "8b"], A: slow, B: slow, D: slow})
    script.rounds(s, {X: "8a", A: "9a", B: "9a", D: "9a"}, (1, 1, 2))
    assert script.where(s) == {A: "1-2", B: "2-2", X: "3-10", D: "4-2"}
    play(s, X, "8b")
    assert ends(s) == ["1-26", "2-24", "2-26", "3-22", "3-23", "3-25", "4-22", "4-23", "5-22"]
    assert s.move_options(X, 8) == (8, ends(s))
    choose_end(s, X, "1-26")  # via 2-12 … 2-22, 1-24, 1-26
    assert sq(s, X) == "1-26"


def test_s9_a_dice_round_in_the_bend_and_level_horses_in_lanes_1_and_8() -> None:
    """Reached by play: eight horses; those in boxes 1 and 8 lead, the rest stand still
    in the card rounds (too high) and only move in the dice rounds."""
    hands = {h: ["9a", "11a", "12a"] for h in range(2, 8)}
    hands[1], hands[8] = ["8a", "9b", "9c"], ["8a", "9b", "8b"]
    s = script.deal(8, hands=hands)
    rest = range(2, 8)
    script.rounds(
        s,
        {**script.same("9a", *rest), 1: "8a", 8: "8a"},
        (1, 1, 2),
        {**script.same("11a", *rest), 1: "9b", 8: "9b"},  # both level leaders: too high
    )
    assert script.where(s)[1] == "1-10" and script.where(s)[8] == "8-10"
    script.roll(s, 3, 3, 6)
    assert ends(s) == ["1-24", "2-22"]
    choose_end(s, 1, "1-24")
    assert ends(s) == ["7-16", "8-16"]
    choose_end(s, 8, "8-16")
    while s.phase == "end":
        script.settle(s, s.acting_horse() or 0)
    # horse 1 stands still (too high), horse 8 moves 8 along the outside: level with it
    script.card_round(s, {**script.same("12a", *rest), 1: "9c", 8: "8b"})
    assert script.where(s)[1] == "1-24" and script.where(s)[8] == "8-24"
    assert s.positions[0] == s.positions[7] == 1 and s.order[:2] == [1, 8]


def test_s10_own_horses_block_too() -> None:
    """Reached by play: two riders with two horses each; X (box 3) cuts into lane 2
    behind its stablemate Y and O2 (box 4) into lane 3 in the last dice round; Y, O1
    and O2 then stand still (too high)."""
    X, Y, O1, O2 = 1, 2, 3, 4  # seat 0 owns 1 and 2
    s = script.deal(
        2,
        2,
        hands={
            O1: ["8a", "3a", "10a"],
            Y: ["8a", "8b", "9a"],
            X: ["7a", "7b", "9a"],
            O2: ["8a", "J9", "10a"],
        },
        boxes=[O1, Y, X, O2],
    )
    assert s.owner(X) == s.owner(Y) == 0
    script.rounds(
        s,
        {O1: "8a", Y: "8a", X: "7a", O2: "8a"},
        (4, 4, 8),
        {O1: "3a", Y: "8b", X: "7b", O2: "J9"},
    )
    script.dice_round(s, 4, 4, 8, {X: "2-40", O2: "3-41"})
    assert script.where(s) == {X: "2-40", Y: "2-44", O1: "1-41", O2: "3-41"}
    for h, card in ((Y, "9a"), (O1, "10a"), (O2, "10a")):
        script.play(s, h, card)
    assert s.acting_horse() == X and s.limits[X - 1] is None
    events = play(s, X, "9a")
    moved = next(e for e in events if e["type"] == "moved")
    assert moved["cost"] == 2 and sq(s, X) == "2-42"


def test_s11_doubles() -> None:
    """Reached by play: 30, 30, 30 and 28 strides straight in lanes 1–4."""
    A, B, C, D = 1, 2, 3, 4
    fast = ["8a", "4a", "4b"]
    s = script.deal(4, hands={A: fast, B: fast, C: fast, D: ["8a", "3a", "3b"]})
    script.rounds(
        s,
        script.same("8a", A, B, C, D),
        (3, 4, 7),
        {**script.same("4a", A, B, C), D: "3a"},
        (3, 4, 7),
        {**script.same("4b", A, B, C), D: "3b"},
    )
    assert script.where(s) == {A: "1-44", B: "2-42", C: "3-40", D: "4-36"}
    assert s.positions == [1, 2, 3, 4]
    chance(s, d1=6, d2=6)
    assert [a["value"] for a in s.legal_actions()] == [6, 12]
    s.apply({"type": "choose_pace", "value": 12})
    assert s.phase == "end", "no die choice with doubles"
    assert ends(s) == ["1-50", "2-50"]
    choose_end(s, A, "1-50")
    assert ends(s) == ["1-48", "2-48", "3-48"]
    choose_end(s, B, "2-48")
    assert ends(s) == ["2-46", "3-46", "4-46"]
    choose_end(s, C, "3-46")
    assert s.view(None)["move"]["value"] == 12
    assert ends(s) == ["3-48", "4-48", "5-48", "6-48"]
    choose_end(s, D, "4-48")
    assert [sq(s, h) for h in (A, B, C, D)] == ["1-50", "2-48", "3-46", "4-48"]


def test_s12_finished_horses_count_for_positions() -> None:
    """Reached by play: V (box 5) runs on jokers and eights and finishes in round 17; the
    others play the same low cards (X one 9 and W one 8 in place of a 7, for the rows
    the scenario gives them) over eight slow dice rounds."""
    X, Y, Z, W, V = 1, 2, 3, 4, 5
    base = ["3a", "3b", "3c", "4a", "4b", "4c", "7a", "7b", "7c"]
    cards = {
        X: [*base[:8], "9a"],
        Y: base,
        Z: base,
        W: [*base[:8], "8a"],
        V: ["J12", "J11", "J10", "J9", "8a", "8b", "8c", "8d", "7a"],
    }
    s = script.deal(5, hands=cards)
    paces = [(1, 4, 5)] * 6 + [(2, 2, 4)] * 2
    for i in range(9):
        script.card_round(s, {h: c[i] for h, c in cards.items()})
        if i < 8:
            script.dice_round(s, *paces[i])
    view = s.view(None)
    assert view["finish_order"] == [V] and view["round"] == 18 and view["phase"] == "roll"
    assert script.where(s) == {X: "1-110", Y: "2-104", Z: "3-100", W: "4-97", V: None}
    assert s.positions[:4] == [2, 3, 4, 5] and s.limits[:4] == [9, 10, None, None]
    chance(s, d1=5, d2=5)
    s.apply({"type": "choose_pace", "value": 10})
    assert s.view(None)["move"]["value"] == 5, "X (limit 9) moves one die: doubles, no choice"
    assert ends(s) == ["1-115", "2-115"]
    choose_end(s, X, "1-115")
    assert ends(s) == ["2-114", "3-114", "4-114"]
    choose_end(s, Y, "2-114")
    assert ends(s) == ["1-110", "2-110", "3-110", "4-110", "5-110"]
    choose_end(s, Z, "3-110")
    assert ends(s) == ["2-107", "3-107", "4-107", "5-107", "6-107"]
    choose_end(s, W, "4-107")


def test_s13_simultaneous_finishes() -> None:
    """Reached by play: seven card and seven dice rounds; Q, R and S move out on the
    straights (a lane change there keeps the row), so the field reaches the home
    straight on the scenario's squares."""
    P, Q, R, S = 1, 2, 3, 4
    cards = {
        P: ["8a", "8b", "7a", "4a", "4b", "4c", "3a"],
        Q: ["8a", "8b", "7a", "7b", "4a", "4b", "3a"],
        R: ["8a", "8b", "7a", "7b", "7c", "3a", "3b"],
        S: ["3a", "3b", "4a", "4b", "4c", "8a", "8b"],
    }
    last = {P: "8c", Q: "9a", R: "J12", S: "12a"}
    s = script.deal(4, hands={h: [*cards[h], last[h]] for h in cards})
    # the dice rounds in which a horse changes lanes (pace 8, rows 54–110: straights)
    changes = {3: {S: "6-54"}, 4: {S: "7-66"}, 5: {Q: "3-110", R: "5-108"}}
    for i in range(7):
        script.card_round(s, {h: cards[h][i] for h in cards})
        script.dice_round(s, 4, 4, 8, changes.get(i))
    assert script.where(s) == {P: "1-122", Q: "3-121", R: "5-119", S: "7-100"}
    assert s.kind == "card" and not s.view(None)["finish_order"]
    assert s.positions == [1, 2, 3, 4]
    play(s, P, "8c")
    assert ends(s) == ["1-130", "2-130", "3-130"]
    choose_end(s, P, "1-130")
    play(s, Q, "9a")
    assert ends(s) == ["2-130", "3-130", "4-130", "5-130"]
    choose_end(s, Q, "3-130")
    play(s, R, "J12")
    assert ends(s) == ["4-131", "5-131", "6-131", "7-131"]
    choose_end(s, R, "5-131")
    play(s, S, "12a")
    assert ends(s) == ["5-112", "6-112", "7-112", "8-112"]
    events = choose_end(s, S, "7-112")
    finished = [(e["horse"], e["place"]) for e in events if e["type"] == "finished"]
    assert finished == [(R, 1), (P, 2), (Q, 3)]
    view = s.view(None)
    assert view["finish_order"] == [R, P, Q]
    assert [h["square"] for h in view["horses"][:3]] == [None, None, None]
    assert s.phase == "roll" and s.positions[S - 1] == 4 and s.limits[S - 1] is None
    # S runs home alone
    while not s.results:
        if s.phase == "roll":
            chance(s, d1=6, d2=6)
        else:
            s.apply(s.legal_actions()[0])
    places = {p["horse"]: (p["place"], p["points"]) for p in s.results[0]["places"]}
    assert places == {R: (1, 50), P: (2, 30), Q: (3, 20), S: (4, 10)}


JOKER_SET = ["J12", "J11", "J10", "J9"]
EIGHT_SET = ["8a", "8b", "8c", "8d"]
SEVEN_SET = ["7a", "7b", "7c", "7d"]
LOW_SET = ["3a", "3b", "3c", "4a", "4b", "4c"]
HIGH_SET = ["9c", "9d", "10a", "10b", "10c", "10d", "11a", "11b", "11c", "12a"]


def test_s14_final_scoring_with_ties() -> None:
    """Reached by play: three whole races. Each horse's deck is cut into the ten cards of
    each race (its hand, then the two draws; the rest is set aside at each selection),
    strong where it is to finish ahead, weak where behind."""
    A, B, C, D = 1, 2, 3, 4
    decks = {
        A: [[*JOKER_SET, *EIGHT_SET, "9a", "9b"], [*LOW_SET, *SEVEN_SET], HIGH_SET],
        B: [
            [*SEVEN_SET, "9a", "9b", "3a", "3b", "4a", "4b"],
            ["J12", "J11", "9c", "9d", "10a", "10b", "10c", "10d", "11a", "11b"],
            ["J10", "J9", *EIGHT_SET, "11c", "12a", "3c", "4c"],
        ],
        C: [HIGH_SET, [*JOKER_SET, *EIGHT_SET, "7a", "7b"], [*LOW_SET, "7c", "7d", "9a", "9b"]],
        D: [[*LOW_SET, "7c", "7d", "9a", "9b"], HIGH_SET, [*JOKER_SET, *EIGHT_SET, "7a", "7b"]],
    }
    s = script.deal(
        4, hands={h: [c for race in d for c in race] for h, d in decks.items()}, boxes=[A, B, C, D]
    )
    first = {A: [*EIGHT_SET, "J9", "J10", "J11", "J12"]}  # A plays no 9 while it leads
    script.run_race(s, first, aside={h: d[0] for h, d in decks.items()})
    script.run_race(s, {D: ["11a", "12a"]}, aside={h: d[1] for h, d in decks.items()})
    script.run_race(s, {B: ["J10", "J9"]})
    assert [script.placings(s, race) for race in (1, 2, 3)] == [
        [A, B, C, D],
        [C, B, D, A],
        [D, B, A, C],
    ]
    assert s.is_terminal()
    assert s.scores() == [80.0, 90.0, 80.0, 80.0]
    assert [s.place_counts(seat) for seat in (0, 2, 3)] == [[1, 0, 1, 1]] * 3
    assert [s.best_places(seat)[2] for seat in (3, 0, 2)] == [1, 3, 4]
    assert s.ranking() == [3, 1, 4, 2], "B, D, A, C"
    view = s.view(None)
    assert view["final"] is not None and view["final"]["ranking"] == [3, 1, 4, 2]
    assert view["standings"] == [1, 3, 0, 2], "the standings table follows the chain"
    assert view["ties"] == [
        {"seats": [0, 2, 3], "points": 80, "decided_by": "race", "at": 3, "ahead": [3]}
    ], "A, C and D are level on places; D's horse won race 3"


FILLERS = ["3a", "3b", "3c", "4a", "4b", "4c", "7a", "7b", "7c", "7d", "8a", "8b"]


def leader_left_with(left: list[str], take_bonus: bool = True) -> TurfMasterState:
    """Reached by play: horse 1 (box 1, lane 1) plays its other low cards (and, with
    ``take_bonus``, its bonus pair) until only ``left`` is in its hand, at its card turn
    (with nothing left at all: at the next roll, for such a turn is no decision).
    Everyone plays low cards and every dice round is paced 2, so horse 1 leads alone
    (the inside lane is shorter in the bends) far from the line."""
    X = 1
    fill = [c for c in FILLERS if c not in left]
    hand, bonus = fill[: 10 - len(left)], fill[10 - len(left) : 12 - len(left)]
    s = script.deal(4, hands={X: left + hand}, bonus={X: bonus})
    plays = hand + ([script.BONUS, *bonus] if take_bonus else [])

    def ready(st: TurfMasterState) -> bool:
        own = st.view(0)["horses"][X - 1]
        if len(own["hand"] or []) != len(left) or own["bonus_available"] == take_bonus:
            return False
        if not left and take_bonus:  # no card and no bonus: no decision, stop at the roll
            return st.phase == "roll"
        return st.phase == "card" and st.acting_horse() == X

    script.run_race(s, {X: plays}, until=ready, dice=(1, 1, 2))
    assert ready(s) and s.positions.count(1) == 1 and s.positions[X - 1] == 1
    return s


def test_s15_leader_with_only_high_cards() -> None:
    X = 1
    s = leader_left_with(["9b", "11a", "12c"])
    assert s.limits[X - 1] == 8
    assert [a["card"] for a in s.legal_actions()] == ["9b", "11a", "12c"]
    reason = refused(s, {"type": "pass"})
    assert "play" in reason
    refused(s, {"type": "decline_bonus", "horse": X})
    refused(s, {"type": "take_bonus", "horse": X})
    before = sq(s, X)
    play(s, X, "9b")
    assert sq(s, X) == before and script.hand_of(s, X) == ["11a", "12c"]
    assert s.view(None)["horses"][X - 1]["discard"][-1] == "9b"
    s2 = leader_left_with(["4a", "9b"])
    assert s2.is_legal({"type": "play_card", "horse": X, "card": "9b"}), "R12"
    before = sq(s2, X)
    play(s2, X, "9b")
    assert sq(s2, X) == before
    s3 = leader_left_with(["9b", "J9"])
    play(s3, X, "J9")
    move = s3.view(None)["move"]
    assert move is not None and move["value"] == move["cost"] == 9


def test_s16_refill_selection_and_bonus() -> None:
    """Reached by play: H plays all but 3a and 12a of its first hand and wins race 1."""
    first = ["3a", "12a", "3c", "4b", "4c", "7b", "7c", "7d", "8b", "8d"]
    pile1 = ["7a", "9b", "4a", "J10", "11a", "8c", "10a", "3b", "12b", "9c"]
    bonus = ["8a", "J12"]
    rest = [c for c in CARDS if c not in first + pile1 + bonus]
    H = 1
    s = script.deal(4, hands={H: first + pile1 + rest}, bonus={H: bonus})
    assert script.hand_of(s, H) == sorted(first, key=CARDS.index)
    played = [c for c in first if c not in ("3a", "12a")]
    script.run_race(s, {H: played}, until=lambda st: st.phase == "select")
    assert script.placings(s, 1)[0] == H, "H is home before it needs another card"
    assert s.phase == "select" and s.race == 2 and s.acting_horse() == H
    assert script.hand_of(s, H) == sorted(["3a", "12a", *pile1], key=CARDS.index)
    s.apply({"type": "set_aside", "horse": H, "card": "3a"})
    s.apply({"type": "set_aside", "horse": H, "card": "3b"})
    own = s.view(0)["horses"][H - 1]
    assert own["hand"] is not None and len(own["hand"]) == 10 and own["set_aside"] == ["3a", "3b"]
    assert s.piles[H - 1] == rest and own["pile_count"] == 10, "the pile holds cards 21–30"
    assert s.acting_horse() != H
    # race 2: H plays 4a and 7a in the first two card rounds; horses 3 and 4 stand still
    # on 9s while they are capped, so horse 2 leads and H is 2nd in the third card round
    script.run_race(
        s,
        {H: ["4a", "7a"], 3: ["9a", "9b"], 4: ["9a", "9b"]},
        until=lambda st: st.round == 5 and st.acting_horse() == H,
    )
    assert s.race == 2 and s.kind == "card" and s.limits[H - 1] == 9
    assert len(script.hand_of(s, H)) == 8
    s.apply({"type": "take_bonus", "horse": H})
    hand = script.hand_of(s, H)
    assert len(hand) == 10 and {"8a", "J12"} <= set(hand)
    events = play(s, H, "J12")
    played_event = next(e for e in events if e["type"] == "card_played")
    assert played_event["value"] == 12 and played_event["limit"] == 9
    assert not played_event["too_high"]
    if s.phase == "end":
        events = s.apply(s.legal_actions()[0])
    moved = next(e for e in events if e["type"] == "moved")
    assert moved["horse"] == H and moved["value"] == moved["cost"] == 12
    assert len(script.hand_of(s, H)) == 9
    # any later take_bonus is refused for the rest of the game
    script.run_race(s, {}, until=lambda st: st.phase == "card" and st.acting_horse() == H)
    assert "already taken" in refused(s, {"type": "take_bonus", "horse": H})


def test_s17_out_of_cards() -> None:
    H = 1
    s = leader_left_with([])
    assert s.phase == "roll" and not script.hand_of(s, H)
    events = script.dice_round(s, 1, 1, 2)
    square = sq(s, H)  # H moved 2; then the card round began with H's turn
    events += script.run_race(s, {}, until=lambda st: st.phase == "roll")
    assert any(e["type"] == "stood_still" and e["horse"] == H for e in events)
    assert any(e["type"] in ("card_played", "bonus_declined") and e["horse"] != H for e in events)
    assert sq(s, H) == square, "H does not move in the card round"
    script.roll(s, 3, 4, 7)
    while s.acting_horse() != H:
        script.settle(s, s.acting_horse() or 0)
    move = s.view(None)["move"]
    assert move is not None and move["horse"] == H and move["cost"] == 7
    # variant: H still has its bonus
    s2 = leader_left_with([], take_bonus=False)
    acts = s2.legal_actions()
    assert acts == [{"type": "take_bonus", "horse": H}, {"type": "decline_bonus", "horse": H}]
    s2.apply({"type": "take_bonus", "horse": H})
    assert [a["type"] for a in s2.legal_actions()] == ["play_card", "play_card"]
    assert "must play" in refused(s2, {"type": "decline_bonus", "horse": H})


def test_s18_dice_right_rotation() -> None:
    """Reached by play: 3 riders with two horses each (§2.1); seat 1's horses run on
    jokers and eights and finish first, the others on low cards."""
    fast = ["J12", "J11", "J10", "J9", "8a", "8b", "8c", "8d"]
    slow = ["3a", "3b", "3c", "4a", "4b", "4c", "7a", "7b", "7c", "7d"]
    s = script.deal(3, hands={1: slow, 2: slow, 3: fast, 4: fast, 5: slow, 6: slow})
    events = script.run_race(s, {3: fast, 4: fast})
    told = [
        ("roll", e["seat"]) if e["type"] == "dice_right" else ("home", e["seat"])
        for e in events
        if e["type"] in ("dice_right", "finished")
    ]
    # seat 0 rolls last before seat 1's horses are home: then seat 2, seat 0, seat 2 …
    assert told == [
        *[("roll", 0), ("roll", 1), ("roll", 2)] * 2,
        ("home", 1),
        ("home", 1),
        ("roll", 0),
        ("roll", 2),
        ("home", 0),
        ("home", 0),
        ("roll", 2),  # only seat 2 is left: the right stays with it
        ("home", 2),
        ("home", 2),
    ]
    # race 1 ended after seat 2 rolled: race 2's first dice round is rolled by seat 0
    events = script.run_race(s, {})
    assert [e["seat"] for e in events if e["type"] == "dice_right"][:2] == [0, 1]
    # 4 riders: the right runs on across the race, seat 3 follows seat 2
    s4 = script.deal(4)
    rollers = [e["seat"] for e in script.run_race(s4, {}) if e["type"] == "dice_right"]
    assert rollers[-1] == 2
    assert [e["seat"] for e in script.run_race(s4, {}) if e["type"] == "dice_right"][0] == 3


def test_s19_start_boxes_for_the_next_race() -> None:
    """Reached by play on the steeplechase side. The spec has E fall in round 12, but
    even rounds are dice rounds, where nobody falls (H4): here B falls in round 9 and E
    in round 17, which asks the same of the rule (the later fall starts first)."""
    A, B, C, D, E = 1, 2, 3, 4, 5
    s = script.deal(
        5,
        grand_national=True,
        boxes=[A, B, C, D, E],
        hands={C: ["J12", "J11", "J10", "J9", "8a", "8b", "8c", "8d"]},
    )
    script.run_race(s, {}, until=lambda st: st.round == 9 and st.acting_horse() == B)
    assert script.where(s)[B] == "2-50" and "7a" in script.hand_of(s, B)
    s.apply({"type": "play_card", "horse": B, "card": "7a"})
    assert ends(s) == s.view(None)["move"]["falls"] == ["2-54", "3-54"]
    events = choose_end(s, B, "2-54")
    assert any(e["type"] == "fell" and e["horse"] == B and e["round"] == 9 for e in events)
    script.run_race(s, {}, until=lambda st: st.round == 17 and st.acting_horse() == E)
    assert script.where(s)[E] == "5-94" and "7c" in script.hand_of(s, E)
    s.apply({"type": "play_card", "horse": E, "card": "7c"})
    assert ends(s) == s.view(None)["move"]["falls"] == ["4-98", "5-98", "6-98"]
    choose_end(s, E, "5-98")
    script.run_race(s, {}, until=lambda st: st.phase == "select")
    res = s.view(None)["results"][0]
    assert [(p["horse"], p["points"]) for p in res["places"]] == [(C, 50), (A, 30), (D, 20)]
    assert [(e["horse"], e["round"]) for e in res["eliminated"]] == [(E, 17), (B, 9)]
    assert s.points == [30, 0, 50, 20, 0], "4th place not awarded (R21)"
    assert res["boxes"] == [C, A, D, E, B]
    script.run_race(s, {}, until=lambda st: st.phase != "select")
    assert [sq(s, h) for h in (C, A, D, E, B)] == ["1-0", "2-0", "3-0", "4-0", "5-0"]


# Riders who only stand still in card rounds: every card too high for a limit of 8 or 9.
HIGH = ["9a", "10a", "11a", "12a", "12b", "11b", "10b", "9b", "J9", "J10"]


def steeplechase_to_2_34(card_round_next: bool, x_hand: list[str]) -> TurfMasterState:
    """B-board, X (horse 1, box 2) alone on 2-34 by play, the others far behind on row 7.

    X leads from the first card (the others' cards are too high, they stand still) and
    keeps to lane 2; the others only move in the dice rounds, in their own lanes.
    ``card_round_next``: X arrives in a dice round, so a card round follows (S20);
    else in a card round, so a dice round follows (S21).
    """
    X, B, C, D = 1, 2, 3, 4
    s = script.deal(
        4,
        hands={X: ["8a", "7a", *x_hand], B: HIGH, C: HIGH, D: HIGH},
        boxes=[B, X, C, D],
        grand_national=True,
    )
    script.card_round(s, {X: "8a", B: "12a", C: "12a", D: "12a"}, {X: "2-8"})
    if card_round_next:
        script.dice_round(s, 1, 2, 3, {X: "2-12"})
        script.card_round(s, {X: "7a", B: "11a", C: "11a", D: "11a"}, {X: "2-26"})
        script.dice_round(s, 2, 2, 4, {X: "2-34"})
        assert s.phase == "card" and s.acting_horse() == X
    else:
        script.dice_round(s, 3, 4, 7, {X: "2-20"})
        script.card_round(s, {X: "7a", B: "11a", C: "11a", D: "11a"}, {X: "2-34"})
        assert s.phase == "roll"
    assert script.where(s) == {X: "2-34", B: "1-7", C: "3-7", D: "4-7"}
    return s


def test_s20_landing_on_a_hurdle_in_a_card_round() -> None:
    X = 1
    base = steeplechase_to_2_34(True, ["4a", "7b", "8b"])
    s = base.clone()
    s.apply({"type": "play_card", "horse": X, "card": "7b"})
    # 3 points to 2-37, 4 for the hurdle: every maximal end is a hurdle, used up exactly
    assert script.ends(s) == ["1-38", "2-38", "3-38"]
    assert s.view(None)["move"]["falls"] == ["1-38", "2-38", "3-38"]
    events = choose_end(s, X, "2-38")
    assert any(e["type"] == "fell" and e["horse"] == X for e in events)
    view = s.view(None)
    assert view["horses"][X - 1]["status"] == "out" and view["horses"][X - 1]["square"] is None
    s = base.clone()
    s.apply({"type": "play_card", "horse": X, "card": "8b"})
    assert script.ends(s) == ["1-39", "2-39", "3-39"]
    choose_end(s, X, "2-39")
    assert s.view(None)["horses"][X - 1]["status"] == "track"
    s = base.clone()
    s.apply({"type": "play_card", "horse": X, "card": "4a"})
    assert script.ends(s) == ["1-37", "2-37", "3-37"]
    assert s.view(None)["move"]["cost"] == 3, "cannot afford the jump"
    choose_end(s, X, "2-37")
    assert s.view(None)["horses"][X - 1]["status"] == "track"


def test_s21_dice_round_on_a_hurdle_and_leaving_it() -> None:
    X = 1
    s = steeplechase_to_2_34(False, ["3a", "8b"])
    script.roll(s, 3, 4, 7)
    assert s.acting_horse() == X and script.ends(s) == ["1-38", "2-38", "3-38"]
    assert s.view(None)["move"]["falls"] == [], "no fall in a dice round (H4)"
    events = script.settle(s, X, "2-38")
    assert not any(e["type"] == "fell" for e in events)
    while s.phase == "end":  # the others run on in their lanes, far behind
        script.settle(s, s.acting_horse() or 0)
    assert s.phase == "card" and s.acting_horse() == X
    assert script.where(s)[X] == "2-38" and s.view(None)["horses"][X - 1]["status"] == "track"
    s.apply({"type": "play_card", "horse": X, "card": "3a"})
    assert script.ends(s) == ["1-41", "2-41", "3-41"], "leaving the hurdle costs 1 a stride"


def test_s21_a_horse_on_a_hurdle_that_cannot_move_does_not_fall() -> None:
    """Reached by play: X (box 2) stands in round 1 while C (box 3) and D (box 4) move in
    one lane at their 7th stride, so C leads X in lane 2; in the pace-7 dice round B, C
    and D jump the hurdle to row 40 and X lands on 2-38 behind them."""
    B, X, C, D = 1, 2, 3, 4
    s = script.deal(
        4,
        grand_national=True,
        hands={
            B: ["4a", "3a", "7a", "9a"],
            X: ["9a", "7a", "7b", "8a"],
            C: ["8a", "4a", "4b", "9a"],
            D: ["8a", "3a", "7a", "9a"],
        },
    )
    script.card_round(s, {B: "4a", X: "9a", C: "8a", D: "8a"}, {C: "2-8", D: "3-8"})
    script.rounds(
        s,
        (2, 2, 4),
        {B: "3a", X: "7a", C: "4a", D: "3a"},
        (2, 2, 4),
        {B: "7a", X: "7b", C: "4b", D: "7a"},
    )
    assert script.where(s) == {B: "1-36", X: "2-34", C: "2-36", D: "3-36"}
    script.roll(s, 3, 4, 7)
    while s.acting_horse() != X:
        script.settle(s, s.acting_horse() or 0)
    assert ends(s) == ["1-38", "2-38", "3-38"]
    script.settle(s, X, "2-38")
    assert script.where(s) == {B: "1-40", X: "2-38", C: "2-40", D: "3-40"}
    for h in (B, C, D):  # the leaders' 9s are too high: they stand still
        script.play(s, h, "9a")
    assert s.acting_horse() == X
    # 1-39, 2-39 and 3-39 are all behind a horse: C* = 0, X stays on the hurdle
    assert s.move_options(X, 8) == (0, ["2-38"])
    events = s.apply({"type": "play_card", "horse": X, "card": "8a"})
    assert not any(e["type"] == "fell" for e in events)
    assert any(e["type"] == "stood_still" and e["reason"] == "blocked" for e in events)
    assert sq(s, X) == "2-38" and s.view(None)["horses"][X - 1]["status"] == "track"


@pytest.mark.parametrize("card", ["7a", "8a", "9a"])
def test_s22_pulling_up_when_the_landing_is_blocked(card: str) -> None:
    """Reached by play. K (box 1) leads in lane 1; X (box 2) stands in round 1, cuts in
    behind K in the first dice round and follows with a joker; M (box 3) moves into
    lane 2 at its 7th stride. The pace 9 dice round puts K over its limit: its die of 6
    takes it over the hurdle to 1-40, while M and X move 9 to 2-35 and 1-35."""
    K, X, M, D = 1, 2, 3, 4
    s = script.deal(
        4,
        hands={
            K: ["8a", "J12", "9b"],
            X: ["12a", "J9", card],
            M: ["8b", "3a"],
            D: ["12a", "12b", "11a"],
        },
        boxes=[K, X, M, D],
        grand_national=True,
    )
    script.card_round(s, {K: "8a", X: "12a", M: "8b", D: "12a"}, {M: "2-8"})
    script.dice_round(s, 1, 2, 3, {X: "1-3"})
    script.card_round(s, {K: "J12", M: "3a", X: "J9", D: "12b"})
    script.dice_round(s, 6, 3, 9, dice={K: 6})
    assert script.where(s) == {K: "1-40", X: "1-35", M: "2-35", D: "4-13"}
    script.play(s, K, "9b")  # K, the leader (limit 8), stands still: it has moved
    assert s.order == [K, X, M, D] and s.acting_horse() == X and s.limits[X - 1] == 9
    events = s.apply({"type": "play_card", "horse": X, "card": card})
    moved = next(e for e in events if e["type"] == "moved")
    # 2-36 is in front of M, 1-39 behind K: the hurdle with points left is no landing
    assert moved["to"] == "1-37" and moved["cost"] == 2
    assert s.view(None)["horses"][X - 1]["status"] == "track"


def test_s22_dice_round_ends_on_the_hurdle() -> None:
    # Set up directly: a hypothetical the rules cannot reach. In a dice round K would
    # have to arrive on 1-40 before X moves, and the only squares it could come from
    # with the pace 8 are 1-35 and 2-35, where X and M stand.
    s = dealt(4, grand_national=True)
    X, K, M = 1, 2, 3
    place(s, {K: "1-40", X: "1-35", M: "2-35"}, "dice")
    at_dice_move(s, 4, 4, 8, moved=1)
    assert sq(s, X) == "1-38" and s.status[X - 1] == "track"


def test_s23_setup_validation() -> None:
    for n, per in ((3, 2), (4, 2), (2, 4)):
        state = new_state(n, per)
        assert len(state.hands) == n * per
    with pytest.raises(ValueError, match=r"must be one of \[0, 2\], not 1"):
        new_state(3, 1)  # refused by the option itself: never offered to 3 players
    with pytest.raises(ValueError, match="3 players"):
        TurfMasterState.initial(NAMES[:3], {"horses_per_player": 1})
    with pytest.raises(ValueError):
        new_state(2, 5)
    with pytest.raises(ValueError, match="2–8 players"):
        GAME.new_state(NAMES + ["Ivy"])
    with pytest.raises(ValueError):
        GAME.new_state(NAMES[:2], {"horses_per_player": [2, 3]})


def test_s24_pace_options() -> None:
    """Reached by play: 46 strides each, straight in lanes 1–4, by dice round 8."""
    horses = (1, 2, 3, 4)
    s = script.deal(4, hands=dict.fromkeys(horses, ["8a", "7a", "4a", "3a"]))
    script.rounds(
        s,
        script.same("8a", *horses),
        (4, 4, 8),
        script.same("7a", *horses),
        (4, 4, 8),
        script.same("4a", *horses),
        (4, 4, 8),
        script.same("3a", *horses),
    )
    assert script.where(s) == {1: "1-60", 2: "2-58", 3: "3-56", 4: "4-54"}
    chance(s, d1=2, d2=5)
    assert [a["value"] for a in s.legal_actions()] == [2, 5, 7]
    for bad in (1, 3, 4, 6, 10, 12):
        refused(s, {"type": "choose_pace", "value": bad})
    s.apply({"type": "choose_pace", "value": 7})
    assert s.phase == "end" and s.view(None)["move"]["value"] == 7
    assert s.limits[:3] == [8, 9, 10], "nobody is capped: 7 is within every limit"


def test_s25_deal() -> None:
    deck = list(reversed(CARDS))
    s = script.deal(4, hands={2: deck[:30]}, bonus={2: deck[30:]})
    assert s.hands[1] == sorted(deck[:10], key=CARDS.index)
    assert s.piles[1] == deck[10:30] and s.bonus[1] == deck[30:]
    for viewer in (None, 0, 1, 2, 3):
        view = s.view(viewer)
        h2 = view["horses"][1]
        assert h2["pile_count"] == 20 and h2["bonus_available"] is True
        # every card id anywhere in the view (nothing is played yet) is in the viewer's hand
        shown = card_ids({k: v for k, v in view.items() if k != "board"})
        if viewer == 1:
            assert h2["hand"] == s.hands[1]
            assert shown == set(s.hands[1]), "the owner sees cards 1–10 and nothing else"
            assert not set(deck[10:]) & shown, "not even the owner sees cards 11–32"
        else:
            assert h2["hand"] is None
            assert shown == (set(s.hands[viewer]) if viewer is not None else set())
    # race 1 by play; before race 2 the owner draws cards 11–20
    script.run_race(s, {}, until=lambda st: st.phase == "select")
    assert set(deck[10:20]) <= set(script.hand_of(s, 2)) and s.piles[1] == deck[20:30]
    script.run_race(s, {}, until=lambda st: st.race == 2 and st.phase != "select")
    script.run_race(s, {})
    own = s.view(1)["horses"][1]
    assert set(deck[20:30]) <= set(own["hand"] or []) | set(own["set_aside"] or [])
    assert s.piles[1] == [] and own["pile_count"] == 0
    assert s.bonus[1] == deck[30:], "the bonus is always cards 31–32"


def test_s26_a_maximal_path_that_avoids_the_fall() -> None:
    """Reached by play: X (box 1) stands in round 1 and then runs 19 strides to 1-31;
    B, C and D move out to lanes 3, 4 and 5 at their 7th stride and run far ahead, out
    of X's way (X can reach lanes 1 and 2 only), so X is 4th and has no limit."""
    X, B, C, D = 1, 2, 3, 4
    s = script.deal(
        4,
        hands={
            X: ["9b", "3a", "9a"],
            B: ["8a", "J12", "9a"],
            C: ["8a", "J12", "10a"],
            D: ["8a", "J12", "11a"],
        },
        grand_national=True,
    )
    script.card_round(s, {X: "9b", B: "8a", C: "8a", D: "8a"}, {B: "3-8", C: "4-8", D: "5-8"})
    script.dice_round(s, 4, 4, 8)
    script.card_round(s, {X: "3a", B: "J12", C: "J12", D: "J12"}, {B: "3-37", C: "4-36", D: "5-34"})
    script.dice_round(s, 4, 4, 8)
    assert script.where(s) == {X: "1-31", B: "3-42", C: "4-41", D: "5-39"}
    for h, card in ((B, "9a"), (C, "10a"), (D, "11a")):  # too high: they stand still
        script.play(s, h, card)
    assert s.acting_horse() == X and s.limits[X - 1] is None
    safe = s.clone()
    play(s, X, "9a")
    assert ends(s) == ["1-39", "2-38"]
    assert s.view(None)["move"]["falls"] == ["2-38"]
    events = choose_end(s, X, "2-38")
    assert any(e["type"] == "fell" for e in events)
    assert s.view(None)["horses"][X - 1]["status"] == "out"
    play(safe, X, "9a")
    choose_end(safe, X, "1-39")
    assert script.where(safe)[X] == "1-39"
    assert safe.view(None)["horses"][X - 1]["status"] == "track"
