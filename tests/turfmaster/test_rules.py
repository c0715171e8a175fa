"""Rules, rulings and variants of TurfMaster not covered by a §8 scenario."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from pygames.core import BadSave, Match, get_game
from pygames.turfmaster import GAME
from pygames.turfmaster.data import CARDS, SIDES
from pygames.turfmaster.state import TurfMasterState

from .direct import dealt, finish_race, new_state, place, select_first
from .test_scenarios import choose_end, ends, play, refused, roll, sq


# --- registration, options, setup (§2) ----------------------------------------------
def test_registered_with_one_line_option_descriptions() -> None:
    assert get_game("turfmaster") is GAME
    assert (GAME.min_players, GAME.max_players) == (2, 8)
    names = [o.name for o in GAME.options]
    assert names == [
        "horses_per_player",
        "grand_national",
        "blind_cards",
        "free_jokers",
        "quick_race",
    ]
    assert all(o.description and "\n" not in o.description for o in GAME.options)


@pytest.mark.parametrize(("n", "per"), [(2, 3), (3, 2), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)])
def test_default_horses_per_player(n: int, per: int) -> None:
    s = new_state(n)
    assert s.per == per and len(s.hands) == n * per
    assert [s.owner(h) for h in s.horses] == [h // per for h in range(n * per)]


def test_four_players_may_ride_two_horses_and_two_players_two_to_four() -> None:
    assert len(new_state(4, 2).hands) == 8
    for per in (2, 3, 4):
        assert len(new_state(2, per).hands) == 2 * per
    for n in (5, 6, 7, 8):
        with pytest.raises(ValueError):
            new_state(n, 2)


# --- chance (§2.2, P7) -------------------------------------------------------------
def test_deal_is_successive_uniform_draws_then_start_order_then_race() -> None:
    s = new_state(4)
    first = s.chance_outcomes()
    assert len(first) == 32 and all(abs(p - 1 / 32) < 1e-12 for _, p in first)
    s.apply(first[5][0])
    assert len(s.chance_outcomes()) == 31
    refused(s, {"type": "deck_shuffle", "horse": 1, "position": 2, "card": first[5][0]["card"]})
    refused(s, {"type": "deck_shuffle", "horse": 2, "position": 1, "card": "3a"})
    s = dealt(4, boxes=[3, 1, 4, 2])
    assert [sq(s, h) for h in (3, 1, 4, 2)] == ["1-0", "2-0", "3-0", "4-0"]
    assert s.hands[0] == sorted(CARDS[:10], key=CARDS.index)
    assert s.piles[0] == list(CARDS[10:30]) and s.bonus[0] == list(CARDS[30:])


def test_start_order_and_dice_are_uniform() -> None:
    s = new_state(4)
    while s.phase == "deal":
        s.apply(s.chance_outcomes()[0][0])
    outs = s.chance_outcomes()
    assert [o["box"] for o, _ in outs] == [1] * 4 and all(p == 0.25 for _, p in outs)
    s = dealt(4)
    place(s, {1: "1-40", 2: "2-40", 3: "3-40", 4: "4-40"}, "dice")
    outs = s.chance_outcomes()
    assert len(outs) == 36 and abs(sum(p for _, p in outs) - 1) < 1e-12
    refused(s, {"type": "dice_roll", "d1": 0, "d2": 7})


# --- refusals ----------------------------------------------------------------------------
def test_illegal_actions_are_refused_with_reasons() -> None:
    s = dealt(4)
    for h, hand in {1: ["3a", "8a"], 2: ["3a", "9a"], 3: ["3a"], 4: ["4a", "J9"]}.items():
        s.hands[h - 1] = hand
    assert s.acting_horse() == 1
    assert "horse 1's card turn" in refused(s, {"type": "play_card", "horse": 2, "card": "3a"})
    assert "not in horse 1's hand" in refused(s, {"type": "play_card", "horse": 1, "card": "9a"})
    assert "no action" in refused(s, {"type": "gallop", "horse": 1})
    assert "lacks card" in refused(s, {"type": "play_card", "horse": 1})
    assert "V3" in refused(s, {"type": "play_card", "horse": 1, "card": "3a", "value": 3})
    assert "must play" in refused(s, {"type": "decline_bonus", "horse": 1})
    assert "roller" in refused(s, {"type": "choose_pace", "value": 3})
    assert "die" in refused(s, {"type": "choose_die", "horse": 1, "value": 3})
    assert "no move" in refused(s, {"type": "choose_end", "horse": 1, "square": "1-8"})
    assert "between races" in refused(s, {"type": "set_aside", "horse": 1, "card": "3a"})
    assert "no horse" in refused(s, {"type": "take_bonus", "horse": 9})
    assert "type" in refused(s, {"horse": 1})  # type: ignore[arg-type]
    play(s, 1, "8a")
    assert "farthest" in refused(s, {"type": "choose_end", "horse": 1, "square": "1-7"})
    assert "horse 1" in refused(s, {"type": "choose_end", "horse": 2, "square": "1-8"})


def test_a_single_legal_action_is_applied_automatically() -> None:
    s = dealt(4)
    for h, hand in {1: ["8a", "3a"], 2: ["3a", "7a"], 3: ["3a", "7b"], 4: ["3a", "7c"]}.items():
        s.hands[h - 1] = hand
    s.bonus_taken[1] = True
    s.bonus[1] = []
    s.hands[1] = ["7a"]
    play(s, 1, "8a")
    events = choose_end(s, 1, "1-8")
    played = [e for e in events if e["type"] == "card_played"]
    assert played and played[0]["horse"] == 2 and played[0]["card"] == "7a"


# --- movement details ---------------------------------------------------------------
def test_finished_horses_block_in_the_run_out_until_the_round_ends() -> None:
    s = dealt(4)
    place(s, {1: "1-127", 2: "1-120"}, hands={1: ["8a", "3a"], 2: ["9a", "3a"]})
    play(s, 1, "8a")
    choose_end(s, 1, "1-135")
    assert s.status[0] == "track", "R18: stays in the run-out until the end of the round"
    cost, end_squares = s.move_options(2, 9)
    assert "1-129" in end_squares or cost == 9
    assert all(e != "1-134" and e != "1-136" for e in end_squares)
    play(s, 2, "9a")
    if s.phase == "end":
        s.apply(s.legal_actions()[0])
    assert s.status[0] == "finished" and s.finish[0] == 1


def test_path_never_changes_lane_more_than_twice() -> None:
    b = SIDES["A"]
    from pygames.turfmaster.movement import reach

    for start in ("1-40", "4-40", "8-40", "4-10", "4-72"):
        for v in range(1, 13):
            _, end_squares = reach(b, b.index[start], v, set(), False)
            lane = b.lane[b.index[start]]
            assert all(abs(b.lane[e] - lane) <= 2 for e in end_squares)
            if v <= 6:
                assert all(abs(b.lane[e] - lane) <= 1 for e in end_squares)


def test_over_limit_die_is_chosen_by_the_horses_owner_not_the_roller() -> None:
    s = dealt(2, per=2)
    place(s, {3: "1-60", 1: "2-50", 2: "3-40", 4: "4-34"}, "dice")
    s.roller = 0
    s.apply({"type": "dice_roll", "d1": 4, "d2": 6})
    assert s.current_player() == 0
    s.apply({"type": "choose_pace", "value": 10})
    assert s.phase == "die" and s.acting_horse() == 3 and s.current_player() == 1


def test_safety_cap_places_the_remaining_horses_in_movement_order() -> None:
    s = dealt(4)
    place(s, {1: "2-60", 2: "1-60", 3: "3-70"}, finished=(4,), round_no=60)
    for h in (1, 2, 3):
        s.hands[h - 1] = ["3a", "3b"]
    while not s.results:
        s.apply(s.legal_actions()[0])
    res = s.results[0]
    assert res["rounds"] == 60
    assert [p["horse"] for p in res["places"]][0] == 4
    assert [p["points"] for p in res["places"]] == [50, 30, 20, 10]
    rest = [p["horse"] for p in res["places"]][1:]
    assert rest[0] == 3 and rest[1:] == sorted(rest[1:], key=lambda h: (h != 2, h))


def test_every_horse_falls_nobody_scores_and_same_round_falls_keep_order() -> None:
    s = dealt(4, grand_national=True)
    squares = {1: "1-34", 2: "3-34", 3: "5-34", 4: "7-34"}
    place(s, squares, hands={h: ["7a", "3a"] for h in squares})
    assert s.order == [1, 2, 3, 4]
    for h in (1, 2, 3, 4):
        play(s, h, "7a")
        choose_end(s, h, ends(s)[0])
    res = s.results[0]
    assert res["places"] == [] and res["points"] == [0, 0, 0, 0]
    assert res["boxes"] == [1, 2, 3, 4], "same-round falls keep the movement order"
    assert s.phase == "select"


def test_fallen_horse_keeps_its_hand_and_starts_from_the_back() -> None:
    s = dealt(4, grand_national=True)
    place(s, {1: "2-34", 2: "1-5", 3: "3-5", 4: "5-5"}, hands={1: ["7a", "3a", "8a"]})
    play(s, 1, "7a")
    choose_end(s, 1, "2-38")
    assert s.hands[0] == ["3a", "8a"]
    finish_race(s, [2, 3, 4])
    assert s.hands[0][:2] == ["3a", "8a"] or {"3a", "8a"} <= set(s.hands[0])
    select_first(s)
    assert sq(s, 1) == "4-0"


def test_a_too_high_card_on_a_hurdle_is_no_fall() -> None:
    s = dealt(4, grand_national=True)
    place(s, {1: "2-38", 2: "1-10"}, hands={1: ["9a", "3a"]})
    events = play(s, 1, "9a")
    assert not any(e["type"] == "fell" for e in events) and sq(s, 1) == "2-38"


# --- bonus, cards between races (P20–P22) --------------------------------------------
def test_bonus_cards_carry_over_and_can_be_set_aside() -> None:
    s = dealt(4)
    place(s, {1: "2-60", 2: "1-40"}, hands={1: ["3a", "8a"]})
    s.apply({"type": "take_bonus", "horse": 1})
    assert s.hands[0] == ["3a", "8a", "J11", "J12"]
    assert s.view(None)["horses"][0]["bonus_available"] is False
    assert s.view(None)["horses"][0]["hand"] is None
    finish_race(s, [2, 3, 4, 1])
    assert s.phase == "select" and {"J11", "J12"} <= set(s.hands[0])
    s.apply({"type": "set_aside", "horse": 1, "card": "J12"})
    assert "J12" in s.aside[0]


def test_horses_with_ten_cards_or_fewer_need_no_selection() -> None:
    s = dealt(4)
    finish_race(s, [1, 2, 3, 4])
    # each horse kept one card + 10 drawn = 11 cards: one set aside each, in id order
    assert s.select_queue == [1, 2, 3, 4]
    s2 = dealt(4)
    for h in s2.horses:
        s2.hands[h - 1] = []
    place(s2, {1: "1-127", 2: "3-127", 3: "5-127", 4: "7-127"})
    for h in (1, 2, 3, 4):
        s2.hands[h - 1] = ["8a", "7a"]
    while s2.race == 1:
        s2.apply(s2.legal_actions()[0])
    assert s2.phase == "select" and s2.select_queue == [1, 2, 3, 4]


# --- variants ------------------------------------------------------------------------------
def test_v2_blind_cards_are_chosen_face_down_in_seat_order_then_revealed() -> None:
    s = dealt(2, per=2, blind_cards=True)
    place(
        s,
        {3: "1-60", 1: "2-50", 4: "3-40", 2: "4-34"},
        hands={h: ["3a", "8a"] for h in range(1, 5)},
    )
    assert s.phase == "blind" and s.order == [3, 1, 4, 2]
    assert s.blind_queue == [1, 2, 3, 4], "seat order, then movement order"
    assert s.view(0)["private_turn"] is True and s.private_turn()
    events = play(s, 1, "8a")
    assert events == [{"type": "card_chosen", "seat": 0, "horse": 1, "hand": 1}]
    assert s.undo_barrier({"type": "play_card", "horse": 2, "card": "3a"})
    assert s.view(None)["horses"][0]["chosen"] is True
    assert s.view(None)["horses"][0]["chosen_card"] is None
    assert s.view(1)["horses"][0]["chosen_card"] is None
    assert s.view(0)["horses"][0]["chosen_card"] == "8a"
    play(s, 2, "3a")
    play(s, 3, "8a")
    events = play(s, 4, "8a")
    revealed = next(e for e in events if e["type"] == "cards_revealed")
    assert [c["horse"] for c in revealed["cards"]] == [3, 1, 4, 2]
    assert [e["horse"] for e in events if e["type"] == "card_played"][0] == 3


def test_v2_a_bonus_taken_face_down_is_public_only_at_the_reveal() -> None:
    """§9: "that it was taken is public at once (V2: at the reveal)"."""
    s = dealt(4, blind_cards=True)
    place(
        s,
        {1: "1-60", 2: "2-50", 3: "3-40", 4: "4-36"},
        hands={1: ["3a", "8a"], 2: [], 3: [], 4: ["3a", "7a"]},
        no_bonus=(4,),
    )
    assert s.blind_queue == [1, 2, 3, 4]
    events = s.apply({"type": "take_bonus", "horse": 1})
    assert events == [], "nothing public yet"
    assert len(s.hands[0]) == 4 and s.view(0)["horses"][0]["hand_count"] == 4
    pub = s.view(None)["horses"][0]
    assert pub["bonus_available"] is True and pub["hand_count"] == 2
    events = play(s, 1, "3a")
    assert events == [{"type": "card_chosen", "seat": 0, "horse": 1, "hand": 1}]
    for viewer in (None, 1, 2, 3):
        other = s.view(viewer)["horses"][0]
        assert (other["bonus_available"], other["hand_count"], other["chosen"]) == (True, 1, True)
    assert s.view(0)["horses"][0]["bonus_available"] is False
    # horse 2 (empty hand) takes the bonus and plays; horse 3 (empty hand) declines:
    # to the others both look the same until the reveal
    s.apply({"type": "take_bonus", "horse": 2})
    e2 = play(s, 2, s.hands[1][0])
    e3 = s.apply({"type": "decline_bonus", "horse": 3})
    assert e2 == [{"type": "card_chosen", "seat": 1, "horse": 2, "hand": 0}]
    assert e3 == [{"type": "card_chosen", "seat": 2, "horse": 3, "hand": 0}]
    pub2, pub3 = s.view(3)["horses"][1:3]
    for h in (pub2, pub3):
        assert (h["bonus_available"], h["hand_count"], h["chosen"]) == (True, 0, True)
    events = play(s, 4, "7a")
    kinds = [e["type"] for e in events]
    reveal = kinds.index("cards_revealed")
    told = [(e["type"], e["horse"]) for e in events[:reveal]]
    assert told == [
        ("card_chosen", 4),
        ("bonus_taken", 1),
        ("bonus_taken", 2),
        ("bonus_declined", 3),
    ]
    assert next(e for e in events if e["type"] == "bonus_taken")["hand"] == 3
    after = s.view(None)["horses"]
    assert [h["bonus_available"] for h in after[:3]] == [False, False, True]
    assert after[0]["hand_count"] == 3 and s.blind_bonus == []


def test_v3_free_jokers_choose_their_value() -> None:
    s = dealt(4, free_jokers=True)
    place(s, {1: "2-60", 2: "2-40"}, hands={1: ["3a", "J9"]})
    acts = s.legal_actions()
    jokers = [a for a in acts if a.get("card") == "J9"]
    assert [a.get("value") for a in jokers] == [9, 10, 11, 12]
    assert "lacks value" in refused(s, {"type": "play_card", "horse": 1, "card": "J9"})
    assert "9, 10, 11 or 12" in refused(
        s, {"type": "play_card", "horse": 1, "card": "J9", "value": 8}
    )
    play(s, 1, "J9", value=12)
    assert s.pending is not None and s.pending["value"] == 12


def test_v4_quick_race_is_a_single_race_with_the_bonus() -> None:
    s = dealt(4, quick_race=True)
    assert s.races == 1
    place(s, {1: "2-60", 2: "1-40"}, hands={1: ["3a", "8a"]})
    assert {"type": "take_bonus", "horse": 1} in s.legal_actions()
    finish_race(s, [4, 3, 2, 1])
    assert s.is_terminal() and s.scores() == [10.0, 20.0, 30.0, 50.0]
    assert s.ranking() == [4, 3, 2, 1]


def test_v1_uses_side_b_and_hurdles_cost_four() -> None:
    s = dealt(4, grand_national=True)
    assert s.view(None)["board"]["side"] == "B" and s.view(None)["board"]["hurdle_rows"]
    cost, end_squares = s.move_options(1, 4)
    assert cost == 4
    flat = dealt(4)
    assert flat.view(None)["board"]["side"] == "A"


# --- results ----------------------------------------------------------------------
def test_fully_tied_players_share_a_rank() -> None:
    s = dealt(2, per=2)
    s.results = [
        {"race": r, "places": [{"place": 1, "horse": 1, "seat": 0, "points": 50}]}
        for r in (1, 2, 3)
    ]
    s.results = []
    s.points = [0, 0]
    s.phase = "over"
    assert s.ranking() == [1, 1]


def test_best_finish_tiebreak_counts_any_place() -> None:
    s = dealt(2, per=3)
    s.phase = "over"
    s.points = [60, 60]
    s.results = [
        {
            "race": 1,
            "places": [
                {"place": 5, "horse": 1, "seat": 0, "points": 0},
                {"place": 6, "horse": 4, "seat": 1, "points": 0},
            ],
        }
    ]
    assert s.ranking() == [1, 2]


# --- undo (Match) ------------------------------------------------------------------
def test_undo_takes_back_an_end_square_but_not_a_played_card() -> None:
    m = Match("turfmaster", ["Ann", "Ben"], {"horses_per_player": 2}, seed=3)
    # play until a choose_end by a human comes up
    rng = random.Random(0)
    undone = False
    for _ in range(3000):
        state = m.state
        assert isinstance(state, TurfMasterState)
        legal = state.legal_actions()
        m.play(legal[-1] if legal[0]["type"] == "choose_end" else rng.choice(legal))
        last = m.history[-1]
        if last["kind"] == "action" and last["action"]["type"] == "choose_end":
            before = m.to_json()["history"][:-1]
            assert m.can_undo() and m.undo()
            assert m.history == before
            undone = True
            break
        if last["kind"] == "action" and last["action"]["type"] == "play_card":
            assert not m.can_undo(), "a played card stays played"
    assert undone
    s = dealt(4)
    assert s.undo_barrier({"type": "play_card", "horse": 1, "card": "3a"})
    assert s.undo_barrier({"type": "take_bonus", "horse": 1})


def test_action_that_ends_a_race_is_an_undo_barrier() -> None:
    s = dealt(4)
    place(s, {1: "1-127"}, finished=(2, 3, 4), hands={1: ["3a", "8a"]})
    play(s, 1, "8a")
    assert s.phase == "end"
    assert s.undo_barrier({"type": "choose_end", "horse": 1, "square": ends(s)[0]})


# --- view ------------------------------------------------------------------------------
def test_view_exposes_the_table_and_only_own_secrets() -> None:
    s = dealt(4)
    place(s, {1: "2-60", 2: "2-40", 3: "5-30", 4: "7-20"}, hands={1: ["8a", "12a", "J12"]})
    pub = s.view(None)
    json.dumps(pub)
    assert pub["caps"] == [
        {"position": 1, "limit": 8, "horses": [1]},
        {"position": 2, "limit": 9, "horses": [2]},
        {"position": 3, "limit": 10, "horses": [3]},
    ]
    assert pub["card_options"] is None and pub["horses"][0]["hand"] is None
    assert pub["horses"][0]["hand_count"] == 3 and pub["private_turn"] is True
    assert pub["next_horse"] == 1 and pub["acting_horse"] == 1
    assert pub["board"]["side"] == "A" and pub["board"]["finish_row"] == 128
    own = s.view(0)
    assert own["horses"][0]["hand"] == ["8a", "12a", "J12"]
    assert own["horses"][0]["useless"] == ["12a"] and own["horses"][0]["jokers"] == ["J12"]
    opts = {o["card"]: o for o in own["card_options"]}
    assert opts["12a"]["too_high"] and opts["12a"]["ends"] == []
    assert opts["J12"]["ends"] == ["1-72", "2-72", "3-72", "4-72"] and opts["J12"]["cost"] == 12
    assert s.view(1)["card_options"] is None
    play(s, 1, "8a")
    move = s.view(None)["move"]
    assert move["horse"] == 1 and move["ends"] == ends(s) and move["falls"] == []


def test_view_shows_dice_selection_and_results() -> None:
    s = dealt(4)
    place(s, {1: "1-40", 2: "2-40", 3: "3-40", 4: "4-40"}, "dice")
    roll(s, 2, 3, 5)
    dice = s.view(None)["dice"]
    assert (dice["d1"], dice["d2"], dice["pace"], dice["pace_options"]) == (2, 3, 5, [2, 3, 5])
    # all four are level (position 1, limit 8): no pace of 2, 3 or 5 is over it
    assert [(c["value"], c["is_sum"], c["over_limit"]) for c in dice["pace_choices"]] == [
        (2, False, []),
        (3, False, []),
        (5, True, []),
    ]
    s2 = dealt(4)
    finish_race(s2, [1, 2, 3, 4])
    v = s2.view(0)
    extra = len(s2.hands[0]) - 10
    assert v["selection"] == {"horse": 1, "queue": [1, 2, 3, 4], "keep": 10, "to_set_aside": extra}
    assert v["results"][0]["points"] == [50, 30, 20, 10] and v["points"] == [50, 30, 20, 10]
    assert v["race_points"] == [50, 30, 20, 10] and v["place_counts"][0] == [1, 0, 0, 0]
    select_first(s2)
    assert s2.view(None)["horses"][0]["box"] == 1


def test_state_round_trips_through_json() -> None:
    s = dealt(3, grand_national=True)
    data: Any = json.loads(json.dumps(s.to_json()))
    again = TurfMasterState.from_json(data)
    assert again == s
    with pytest.raises(ValueError):
        TurfMasterState.from_json({"game": "royal_turf"})
    with pytest.raises(BadSave, match="unknown phase"):
        TurfMasterState.from_json({**data, "phase": "gallop"})
    with pytest.raises(BadSave, match="damaged horse data"):
        TurfMasterState.from_json({**data, "hands": data["hands"][:-1]})


SAVES = Path(__file__).parent / "saves"


def test_a_save_made_before_the_state_became_a_dataclass_still_loads() -> None:
    """A match saved by the engine of before the typed contract (phases as plain text,
    a hand-kept list of saved fields) replays to the very state that engine saved."""
    match = Match.from_json(json.loads((SAVES / "all_variants_4x2.json").read_text()))
    saved_state = json.loads((SAVES / "all_variants_4x2_state.json").read_text())
    assert match.state.to_json() == saved_state
    assert TurfMasterState.from_json(saved_state) == match.state
    assert match.options == {
        "horses_per_player": 2,
        "grand_national": True,
        "blind_cards": True,
        "free_jokers": True,
        "quick_race": False,
    }
