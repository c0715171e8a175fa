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
from pygames.turfmaster.movement import forbidden_squares, reach
from pygames.turfmaster.state import Phase, TurfMasterState

from . import script
from .direct import new_state
from .script import chance
from .test_scenarios import FILLERS, ends, play, refused, roll, sq, steeplechase_to_2_34


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
    s = script.deal(4, boxes=[3, 1, 4, 2])
    assert [sq(s, h) for h in (3, 1, 4, 2)] == ["1-0", "2-0", "3-0", "4-0"]
    assert s.hands[0] == sorted(CARDS[:10], key=CARDS.index)
    assert s.piles[0] == list(CARDS[10:30]) and s.bonus[0] == list(CARDS[30:])


def test_start_order_and_dice_are_uniform() -> None:
    s = new_state(4)
    while s.phase == "deal":
        s.apply(s.chance_outcomes()[0][0])
    outs = s.chance_outcomes()
    assert [o["box"] for o, _ in outs] == [1] * 4 and all(p == 0.25 for _, p in outs)
    s = script.deal(4)
    script.card_round(s, script.same("3a", 1, 2, 3, 4))
    outs = s.chance_outcomes()
    assert len(outs) == 36 and abs(sum(p for _, p in outs) - 1) < 1e-12
    refused(s, {"type": "dice_roll", "d1": 0, "d2": 7})


# --- refusals ----------------------------------------------------------------------------
def test_illegal_actions_are_refused_with_reasons() -> None:
    hands = {1: ["3a", "8a"], 2: ["3a", "9a"], 3: ["3a"], 4: ["4a", "J9"]}
    s = script.deal(4, hands=hands)  # the rest of each hand: 3s, 4s and 7s
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
    """Reached by play: horse 1 plays down to its last card, its bonus taken; at its next
    card turn that card is played with no decision asked."""
    X = 1
    hand, bonus = FILLERS[:10], FILLERS[10:]
    s = script.deal(4, hands={X: hand}, bonus={X: bonus})
    plays = [*hand[:9], script.BONUS, *bonus]

    def one_card_left(st: TurfMasterState) -> bool:
        own = st.view(0)["horses"][X - 1]
        return st.phase == "roll" and own["hand"] == [hand[9]] and not own["bonus_available"]

    script.run_race(s, {X: plays}, until=one_card_left, dice=(1, 1, 2))
    assert s.view(None)["order"][0] == X, "the leader acts first in the next round"
    events = script.dice_round(s, 1, 1, 2)
    played = [e for e in events if e["type"] == "card_played"]
    assert played and played[0]["horse"] == X and played[0]["card"] == hand[9]


# --- movement details ---------------------------------------------------------------
def test_finished_horses_block_in_the_run_out_until_the_round_ends() -> None:
    # R18 by play: in S13 P crosses the line first and still blocks 1-129 to 1-131 for Q,
    # whose two lane changes could otherwise reach 1-130 (tests/turfmaster/test_scenarios)
    a = SIDES["A"]
    forbidden = forbidden_squares(a, [a.index["1-130"]])
    _, with_p = reach(a, a.index["3-121"], 9, forbidden, False)
    _, without_p = reach(a, a.index["3-121"], 9, set(), False)
    assert "1-130" in [a.ids[e] for e in without_p]
    assert [a.ids[e] for e in with_p] == ["2-130", "3-130", "4-130", "5-130"]


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
    """Reached by play: seat 1's horse 3 leads from box 1; seat 1 rolls the first dice
    round, seat 0 the second, where the pace 10 puts horse 3 over its limit of 8."""
    s = script.deal(2, 2, boxes=[3, 1, 2, 4], hands=dict.fromkeys((1, 2, 3, 4), ["8a", "7a"]))
    script.rounds(s, script.same("8a", 1, 2, 3, 4), (4, 4, 8), script.same("7a", 1, 2, 3, 4))
    chance(s, d1=4, d2=6)
    assert s.current_player() == 0 and s.view(None)["dice"]["roller"] == 0
    s.apply({"type": "choose_pace", "value": 10})
    assert s.phase == "die" and s.acting_horse() == 3 and s.current_player() == 1


def test_safety_cap_places_the_remaining_horses_in_movement_order() -> None:
    """Reached by play: every dice round is paced 1 and the hands run out, so after 60
    rounds nobody has crossed the line."""
    s = script.deal(4)
    events = script.run_race(s, {}, dice=(1, 1, 1))
    res = s.view(None)["results"][0]
    assert res["rounds"] == 60
    placed = [e for e in events if e["type"] == "finished"]
    assert all(e["safety_cap"] for e in placed)
    rows = [(-int(e["square"].split("-")[1]), int(e["square"].split("-")[0])) for e in placed]
    assert rows == sorted(rows), "in movement order: farthest first, inside first"
    assert [p["points"] for p in res["places"]] == [50, 30, 20, 10]


def all_four_fall() -> tuple[TurfMasterState, list[dict[str, Any]]]:
    """Reached by play: four horses reach row 34 (20, 22, 24 and 26 strides in lanes
    1–4) and in round 5 each plays a 7: 3 points to row 37 and 4 for the hurdle."""
    s = script.deal(
        2,
        2,
        grand_national=True,
        quick_race=True,
        hands={
            1: ["8a", "4a", "7a"],
            2: ["7a", "7b", "7c"],
            3: ["8a", "8b", "7a"],
            4: ["J10", "8a", "7a"],
        },
    )
    script.rounds(s, {1: "8a", 2: "7a", 3: "8a", 4: "J10"}, (2, 2, 4))
    script.rounds(s, {1: "4a", 2: "7b", 3: "8b", 4: "8a"}, (2, 2, 4))
    assert script.where(s) == {1: "1-34", 2: "2-34", 3: "3-34", 4: "4-34"}
    # every end is a hurdle: no choice avoids the fall
    events = script.card_round(s, {1: "7a", 2: "7c", 3: "7a", 4: "7a"})
    return s, events


def test_every_horse_falls_nobody_scores_and_same_round_falls_keep_order() -> None:
    s, events = all_four_fall()
    assert [e["horse"] for e in events if e["type"] == "fell"] == [1, 2, 3, 4]
    res = s.view(None)["results"][0]
    assert res["places"] == [] and res["points"] == [0, 0]
    assert res["boxes"] == [1, 2, 3, 4], "same-round falls keep the movement order"


def test_fallen_horse_keeps_its_hand_and_starts_from_the_back() -> None:
    X = 1
    s = steeplechase_to_2_34(True, ["4a", "7b", "8b"])
    script.play(s, X, "7b", "2-38")
    assert s.view(None)["horses"][X - 1]["status"] == "out"
    kept = script.hand_of(s, X)
    assert {"4a", "8b"} <= set(kept)
    script.run_race(s, {}, until=lambda st: st.race == 2)
    assert set(kept) <= set(script.hand_of(s, X)), "the fallen horse keeps its hand"
    script.run_race(s, {}, until=lambda st: st.phase != "select")
    assert sq(s, X) == "4-0" and s.view(None)["horses"][X - 1]["box"] == 4


def test_a_too_high_card_on_a_hurdle_is_no_fall() -> None:
    X = 1
    s = steeplechase_to_2_34(False, ["9b", "3a"])
    script.roll(s, 3, 4, 7)
    script.settle(s, X, "2-38")
    script.run_race(s, {}, until=lambda st: st.acting_horse() == X)
    assert s.phase == "card" and s.limits[X - 1] == 8
    events = play(s, X, "9b")
    assert not any(e["type"] == "fell" for e in events) and sq(s, X) == "2-38"


# --- bonus, cards between races (P20–P22) --------------------------------------------
def test_bonus_cards_carry_over_and_can_be_set_aside() -> None:
    s = script.deal(4)  # canonical decks: the bonus pair is J11, J12
    script.run_race(s, {1: [script.BONUS]}, until=lambda st: st.bonus_taken[0])
    own = s.view(0)["horses"][0]
    assert own["hand"] is not None and {"J11", "J12"} <= set(own["hand"])
    assert s.view(None)["horses"][0]["bonus_available"] is False
    assert s.view(None)["horses"][0]["hand"] is None
    script.run_race(s, {}, until=lambda st: st.phase == "select")
    assert {"J11", "J12"} <= set(script.hand_of(s, 1)), "played lowest first: kept to the end"
    script.run_race(s, {}, aside={1: ["J12"]}, until=lambda st: st.phase != "select")
    assert "J12" in (s.view(0)["horses"][0]["set_aside"] or [])


def test_horses_with_ten_cards_or_fewer_need_no_selection() -> None:
    # pace 5: a longer race, in which every horse plays its whole hand, then draws 10
    s = script.deal(4)
    script.run_race(s, {}, until=lambda st: st.race == 2, dice=(2, 3, 5))
    assert s.phase == "card" and all(len(script.hand_of(s, h)) == 10 for h in s.horses)
    # horse 1 runs on jokers and eights, finishing with cards to spare: all four keep
    # some, so all four choose, in horse-id order
    fast = ["J12", "J11", "J10", "J9", "8a", "8b", "8c", "8d"]
    s2 = script.deal(4, hands={1: fast})
    script.run_race(s2, {1: fast}, until=lambda st: st.phase == "select")
    assert s2.select_queue == [1, 2, 3, 4]
    assert s2.view(None)["selection"] == {
        "horse": 1,
        "queue": [1, 2, 3, 4],
        "keep": 10,
        "to_set_aside": len(script.hand_of(s2, 1)) - 10,
    }


# --- variants ------------------------------------------------------------------------------
def test_v2_blind_cards_are_chosen_face_down_in_seat_order_then_revealed() -> None:
    # race start: the movement order is the box order, 3, 1, 4, 2
    s = script.deal(
        2, 2, blind_cards=True, boxes=[3, 1, 4, 2], hands={h: ["3a", "8a"] for h in range(1, 5)}
    )
    assert s.phase == "blind" and s.order == [3, 1, 4, 2]
    assert s.blind_queue == [1, 2, 3, 4], "seat order, then movement order"
    assert s.view(0)["private_turn"] is True and s.private_turn()
    events = play(s, 1, "8a")
    assert events == [{"type": "card_chosen", "seat": 0, "horse": 1, "hand": 9}]
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
    """§9: "that it was taken is public at once (V2: at the reveal)".

    Reached by play: ten blind rounds with slow dice empty horses 1–3's hands (horse 4
    took its bonus in the first and has two cards left); in the eleventh, horses 1 and
    2 take their bonus face down, horse 3 declines its own.
    """
    s = script.deal(4, blind_cards=True)  # canonical decks: the bonus pair is J11, J12

    def eleventh(st: TurfMasterState) -> bool:
        empty = all(not script.hand_of(st, h) for h in (1, 2, 3))
        return st.phase == "blind" and st.blind_index == 0 and empty

    script.run_race(s, {4: [script.BONUS]}, until=eleventh, dice=(1, 1, 2))
    assert s.blind_queue == [1, 2, 3, 4] and script.hand_of(s, 4) == ["J11", "J12"]
    events = s.apply({"type": "take_bonus", "horse": 1})
    assert events == [], "nothing public yet"
    assert s.view(0)["horses"][0]["hand_count"] == 2
    pub = s.view(None)["horses"][0]
    assert pub["bonus_available"] is True and pub["hand_count"] == 0
    events = play(s, 1, "J11")
    assert events == [{"type": "card_chosen", "seat": 0, "horse": 1, "hand": 0}]
    for viewer in (None, 1, 2, 3):
        other = s.view(viewer)["horses"][0]
        assert (other["bonus_available"], other["hand_count"], other["chosen"]) == (True, 0, True)
    assert s.view(0)["horses"][0]["bonus_available"] is False
    # horse 2 (empty hand) takes the bonus and plays; horse 3 (empty hand) declines:
    # to the others both look the same until the reveal
    s.apply({"type": "take_bonus", "horse": 2})
    e2 = play(s, 2, "J11")
    e3 = s.apply({"type": "decline_bonus", "horse": 3})
    assert e2 == [{"type": "card_chosen", "seat": 1, "horse": 2, "hand": 0}]
    assert e3 == [{"type": "card_chosen", "seat": 2, "horse": 3, "hand": 0}]
    pub2, pub3 = s.view(3)["horses"][1:3]
    for h in (pub2, pub3):
        assert (h["bonus_available"], h["hand_count"], h["chosen"]) == (True, 0, True)
    events = play(s, 4, "J11")
    kinds = [e["type"] for e in events]
    reveal = kinds.index("cards_revealed")
    told = [(e["type"], e["horse"]) for e in events[:reveal]]
    assert told == [
        ("card_chosen", 4),
        ("bonus_taken", 1),
        ("bonus_taken", 2),
        ("bonus_declined", 3),
    ]
    assert next(e for e in events if e["type"] == "bonus_taken")["hand"] == 1
    after = s.view(None)["horses"]
    assert [h["bonus_available"] for h in after[:3]] == [False, False, True]
    assert after[0]["hand_count"] == 1 and s.blind_bonus == []


def test_v3_free_jokers_choose_their_value() -> None:
    s = script.deal(4, free_jokers=True, hands={1: ["3a", "J9"]})
    acts = s.legal_actions()
    jokers = [a for a in acts if a.get("card") == "J9"]
    assert [a.get("value") for a in jokers] == [9, 10, 11, 12]
    assert "lacks value" in refused(s, {"type": "play_card", "horse": 1, "card": "J9"})
    assert "9, 10, 11 or 12" in refused(
        s, {"type": "play_card", "horse": 1, "card": "J9", "value": 8}
    )
    play(s, 1, "J9", value=12)
    move = s.view(None)["move"]
    assert move is not None and move["value"] == move["cost"] == 12


def test_v4_quick_race_is_a_single_race_with_the_bonus() -> None:
    s = script.deal(4, quick_race=True)
    assert s.races == 1
    assert {"type": "take_bonus", "horse": 1} in s.legal_actions()
    script.run_race(s, {1: [script.BONUS]})
    assert s.is_terminal() and len(s.view(None)["results"]) == 1
    order = script.placings(s, 1)
    assert [s.scores()[h - 1] for h in order] == [50.0, 30.0, 20.0, 10.0]
    assert [s.ranking()[h - 1] for h in order] == [1, 2, 3, 4]


def test_v1_uses_side_b_and_hurdles_cost_four() -> None:
    s = script.deal(4, grand_national=True)
    assert s.view(None)["board"]["side"] == "B" and s.view(None)["board"]["hurdle_rows"]
    cost, end_squares = s.move_options(1, 4)
    assert cost == 4
    flat = script.deal(4)
    assert flat.view(None)["board"]["side"] == "A"


# --- results ----------------------------------------------------------------------
def test_fully_tied_players_share_a_rank() -> None:
    s, _ = all_four_fall()  # a quick race in which every horse falls: nobody scores
    assert s.is_terminal() and s.scores() == [0.0, 0.0]
    assert s.ranking() == [1, 1]
    assert s.view(None)["ties"] == [
        {"seats": [0, 1], "points": 0, "decided_by": None, "at": 0, "ahead": [0, 1]}
    ]


def test_each_tie_on_points_names_the_step_that_settled_it() -> None:
    """Random meetings of 2–4 riders: every group level on points is listed once, with
    the first step of §4.2's chain on which its riders differ and the best of them
    there, as the ranking has it; ties settled by place counts and by a race occur."""
    from pygames.core.playout import random_playout

    seen = set()
    for seed in range(120):
        s = random_playout(
            GAME.new_state(["A", "B", "C", "D"][: 2 + seed % 3]), random.Random(seed)
        )
        view = s.view(None)
        points, rank = view["points"], view["ranking"]
        assert rank is not None
        levels = sorted({p for p in points if points.count(p) > 1}, reverse=True)
        assert [t["points"] for t in view["ties"]] == levels
        for tie in view["ties"]:
            seats = tie["seats"]
            assert seats == [i for i, p in enumerate(points) if p == tie["points"]]
            assert tie["ahead"] == [i for i in seats if rank[i] == min(rank[j] for j in seats)]
            counts = {i: s.place_counts(i) for i in seats}
            best = {i: s.best_places(i) for i in seats}
            seen.add(tie["decided_by"])
            if tie["decided_by"] == "place":
                k = tie["at"] - 1
                assert len({tuple(counts[i][:k]) for i in seats}) == 1
                assert {counts[i][k] for i in tie["ahead"]} == {max(counts[i][k] for i in seats)}
                assert len({counts[i][k] for i in seats}) > 1
            else:
                assert len({tuple(counts[i]) for i in seats}) == 1
            if tie["decided_by"] == "race":
                r = tie["at"] - 1  # the later races are level, this one is not
                assert len({tuple(best[i][r + 1 :]) for i in seats}) == 1
                assert {best[i][r] for i in tie["ahead"]} == {min(best[i][r] for i in seats)}
            if tie["decided_by"] is None:
                assert len({tuple(best[i]) for i in seats}) == 1 and tie["ahead"] == seats
    assert {"place", "race"} <= seen, seen


def test_best_finish_tiebreak_counts_any_place() -> None:
    # Hand-made results (a unit test of the chain's last step, R30): two riders equal on
    # points and place counts, whose best horses were 5th and 6th. S14 plays a meeting.
    s = script.deal(2, 3)
    s.phase = Phase.OVER
    s.points = [60, 60]
    s.results = [
        {
            "race": 1,
            "rounds": 1,
            "places": [
                {"place": 5, "horse": 1, "seat": 0, "points": 0},
                {"place": 6, "horse": 4, "seat": 1, "points": 0},
            ],
            "eliminated": [],
            "points": [0, 0],
            "totals": [60, 60],
            "boxes": [],
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
    s = script.deal(4)
    assert s.undo_barrier({"type": "play_card", "horse": 1, "card": "3a"})
    assert s.undo_barrier({"type": "take_bonus", "horse": 1})


def test_action_that_ends_a_race_is_an_undo_barrier() -> None:
    s = script.deal(4)

    def ends_race(st: TurfMasterState, action: dict[str, Any]) -> bool:
        after = st.clone()
        after.apply(action)
        return len(after.results) > len(st.results)

    def last_choice(st: TurfMasterState) -> bool:
        return st.phase == "end" and any(ends_race(st, a) for a in st.legal_actions())

    script.run_race(s, {}, until=last_choice)
    final = next(a for a in s.legal_actions() if ends_race(s, a))
    assert final["type"] == "choose_end" and s.undo_barrier(final)


# --- view ------------------------------------------------------------------------------
def test_view_exposes_the_table_and_only_own_secrets() -> None:
    # Reached by play: equal strides in lanes 1–4 stagger the field (positions 1–4)
    low = ["3a", "3b", "3c", "4a", "4b", "4c", "7a"]
    s = script.deal(4, hands={1: ["8a", "12a", "J12", *low]})
    script.rounds(
        s, script.same("3a", 1, 2, 3, 4), (4, 4, 8), script.same("4a", 1, 2, 3, 4), (4, 4, 8)
    )
    pub = s.view(None)
    json.dumps(pub)
    assert pub["caps"] == [
        {"position": 1, "limit": 8, "horses": [1]},
        {"position": 2, "limit": 9, "horses": [2]},
        {"position": 3, "limit": 10, "horses": [3]},
    ]
    assert pub["card_options"] is None and pub["horses"][0]["hand"] is None
    assert pub["horses"][0]["hand_count"] == 8 and pub["private_turn"] is True
    assert pub["next_horse"] == 1 and pub["acting_horse"] == 1
    assert pub["board"]["side"] == "A" and pub["board"]["finish_row"] == 128
    own = s.view(0)
    assert own["horses"][0]["hand"] == ["3b", "3c", "4b", "4c", "7a", "8a", "12a", "J12"]
    assert own["horses"][0]["useless"] == ["12a"] and own["horses"][0]["jokers"] == ["J12"]
    opts = {o["card"]: o for o in own["card_options"] or []}
    assert opts["12a"]["too_high"] and opts["12a"]["ends"] == []
    assert (opts["J12"]["cost"], opts["J12"]["ends"]) == (12, s.move_options(1, 12)[1])
    assert s.view(1)["card_options"] is None
    play(s, 1, "8a")
    move = s.view(None)["move"]
    assert move is not None and move["horse"] == 1 and move["ends"] == ends(s)
    assert move["falls"] == []


def test_view_shows_dice_selection_and_results() -> None:
    s = script.deal(4)
    script.card_round(s, script.same("3a", 1, 2, 3, 4))
    roll(s, 2, 3, 5)
    dice = s.view(None)["dice"]
    assert (dice["d1"], dice["d2"], dice["pace"], dice["pace_options"]) == (2, 3, 5, [2, 3, 5])
    # all four are level (position 1, limit 8): no pace of 2, 3 or 5 is over it
    assert [(c["value"], c["is_sum"], c["over_limit"]) for c in dice["pace_choices"]] == [
        (2, False, []),
        (3, False, []),
        (5, True, []),
    ]
    s2 = script.deal(4)
    script.run_race(s2, {}, until=lambda st: st.race == 2)
    v = s2.view(0)
    order = script.placings(s2, 1)
    assert [v["results"][0]["points"][s2.owner(h)] for h in order] == [50, 30, 20, 10]
    assert v["points"] == v["results"][0]["totals"] and v["race_points"] == [50, 30, 20, 10]
    assert v["place_counts"][s2.owner(order[0])] == [1, 0, 0, 0]
    assert [s2.view(None)["horses"][h - 1]["box"] for h in order] == [1, 2, 3, 4]


def test_state_round_trips_through_json() -> None:
    s = script.deal(3, grand_national=True)
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
