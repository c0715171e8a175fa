"""Ask the computer's reasons for TurfMaster state the facts of the position: where a
card or die takes the horse (squares, lane, its position before and after, the line, a
hurdle, the limit), what the bonus pair can hold, whom a pace holds back and what it
means for the seat's horse, how far an end square leaves from the line, what a card set
aside leaves in hand.

Positions are reached by play (``script.py``: forced deals, start boxes and dice; the
rarer positions by games of friendly riders on chance outcomes drawn from
``chance_outcomes()``). The expected figures are worked out here from the board tables
and from the engine's own moves, often by playing the choice on a copy of the game; a
state the seat cannot tell from the real one gives the same reasons.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from pygames.core import Action, SeatWindow
from pygames.core.advice import GENERIC_IDS, advise, reason_ids
from pygames.core.bots import bot_for
from pygames.core.lens import odds
from pygames.core.search import Arm, rollout
from pygames.turfmaster import GAME
from pygames.turfmaster.bot import _reason
from pygames.turfmaster.data import CARD_VALUE, CARDS, HANDICAP, JOKERS
from pygames.turfmaster.state import TurfMasterState

from .script import chance, deal, dice_round, hand_of, play, run_race, where

HAND = ["3a", "4a", "7a", "7b", "8a", "9a", "10a", "11a", "12a", "J12"]


def why(state: TurfMasterState, action: Action) -> dict[str, Any]:
    """The reason the seat to act is given for ``action`` (the win figure left out)."""
    arm = Arm(action)
    out = dict(_reason(SeatWindow(state, state.current_player()), arm, [arm]))
    out.pop("win")
    return out


def card(horse: int, name: str) -> Action:
    return {"type": "play_card", "horse": horse, "card": name}


def same_for_a_resample(state: TurfMasterState) -> None:
    """Every legal action's reason is the same in a state drawn from the seat's view
    (other hands, piles and bonus pairs drawn anew)."""
    seat = state.current_player()
    other = state.resample_from_infostate(seat, random.Random(99))
    assert other.view(seat) == state.view(seat)
    assert other.to_json() != state.to_json()  # the hidden cards did change
    for action in state.legal_actions():
        assert why(other, action) == why(state, action)


def place_of(state: TurfMasterState, horse: int) -> int:
    """The horse's position by its row as the public table shows it (P3): one plus the
    horses home in this race plus those on a higher row."""
    view = state.view(None)
    rows = {h["horse"]: h["row"] for h in view["horses"] if h["status"] == "track"}
    return 1 + len(view["finish_order"]) + sum(1 for r in rows.values() if r > rows[horse])


def after(state: TurfMasterState, *actions: Action) -> TurfMasterState:
    """A copy of the game with ``actions`` played (the real one is left as it is)."""
    copy = state.clone()
    for action in actions:
        copy.apply(action)
    return copy


# --- cards ---------------------------------------------------------------------------
def horse_one_to_move() -> TurfMasterState:
    """Four riders, one horse each; horse 1 starts in box 4 and moves last. The others
    go 3 (lane 1), 8 (lane 2) and 7 (lane 3) straight ahead first."""
    others = ["3a", "7a", "8a"]
    state = deal(4, 1, hands={1: HAND, 2: others, 3: others, 4: others}, boxes=[2, 3, 4, 1])
    play(state, 2, "3a", "1-3")
    play(state, 3, "8a", "2-8")
    play(state, 4, "7a", "3-7")
    assert state.acting_horse() == 1
    return state


def test_a_card_says_where_it_takes_the_horse_and_its_position_before_and_after() -> None:
    state = horse_one_to_move()
    b = state.board
    cost, ends = state.move_options(1, 7)
    assert cost == 7 and "4-7" in ends
    # rows 3, 8 and 7 are ahead of row 0: 4th; on row 7 only the 8 is ahead: 2nd. Lane 4
    # is its own lane; lane 3 is shut by horse 4 on 3-7
    assert "3-7" not in ends and min(b.lane[b.index[e]] for e in ends) == 4
    assert why(state, card(1, "7a")) == {
        "key": "turfmaster.move_up",
        "horse": 1,
        "squares": 7,
        "lane": 4,
        "before": 4,
        "after": 2,
    }
    assert place_of(after(state, card(1, "7a"), choose(1, "4-7")), 1) == 2
    # a 3 puts it level with horse 2 on row 3, behind the two others
    three = why(state, card(1, "3a"))
    assert (three["key"], three["squares"], three["before"], three["after"]) == (
        "turfmaster.move_up",
        3,
        4,
        3,
    )
    same_for_a_resample(state)


def choose(horse: int, square: str) -> Action:
    return {"type": "choose_end", "horse": horse, "square": square}


def test_a_card_over_the_limit_stands_still_and_a_joker_counts_in_full() -> None:
    state = horse_one_to_move()
    # every horse is level at the start: all are leaders, limited to 8 (R2)
    assert state.view(0)["horses"][0]["limit"] == 8
    assert why(state, card(1, "9a")) == {
        "key": "turfmaster.card_too_high",
        "horse": 1,
        "card": "9a",
        "limit": 8,
        "needs": 2,  # a 9 counts for the 2nd (limit 9) and everyone behind
    }
    cost, ends = state.move_options(1, 12)
    assert cost == 12
    # the joker's 12 takes it past horse 3 on row 8: the front on its own
    assert why(state, card(1, "J12")) == {
        "key": "turfmaster.move_joker",
        "horse": 1,
        "limit": 8,
        "squares": 12,
        "place": 1,
    }


def test_a_horse_that_keeps_its_place_is_told_so() -> None:
    # the first horse of the race moves from a field all level on row 0: 1st before and after
    state = deal(4, 1, hands={1: HAND})
    assert state.acting_horse() == 1 and state.current_player() == 0
    assert why(state, card(1, "8a")) == {
        "key": "turfmaster.move_holds",
        "horse": 1,
        "squares": 8,
        "lane": 1,
        "place": 1,
    }
    same_for_a_resample(state)


def boxed_in(q_card: str) -> TurfMasterState:
    """Horse 1 (seat 0) on 1-8 in round 3 behind horse 2 on the rail (1-10) and with
    horse 3 beside it (2-9); horses 2 and 3 lead and stand still on a card over their
    limit, horse 3 moves away with ``q_card`` if that is within its limit of 9."""
    state = deal(
        4,
        1,
        hands={
            1: ["7a", "3a", "4a", "8a", "12a", "J12", "7b", "9c", "10c", "11a"],
            2: ["J9", "9b"],
            3: ["8a", "10a", "3a"],
            4: ["9a"],
        },
    )
    play(state, 1, "7a")  # 1-7
    play(state, 2, "J9", "1-9")  # round the rail: 2-1 ... 2-8, then in to 1-9
    play(state, 3, "8a", "2-8")
    play(state, 4, "9a")  # over the limit of 8: stays in its box
    dice_round(state, 1, 1, 1)
    assert where(state) == {1: "1-8", 2: "1-10", 3: "2-9", 4: "4-1"}
    play(state, 2, "9b")  # position 1, limit 8: stands still
    play(state, 3, q_card)
    assert state.acting_horse() == 1
    return state


def test_a_boxed_in_horse_is_told_it_cannot_move() -> None:
    state = boxed_in("10a")  # over horse 3's limit of 9: it stays beside horse 1
    assert state.move_options(1, 7)[0] == 0
    assert why(state, card(1, "7b")) == {"key": "turfmaster.move_blocked", "horse": 1, "value": 7}
    # horse 1 is 3rd (rows 10 and 9 ahead), so an 11 is over its limit of 10
    assert why(state, card(1, "11a")) == {
        "key": "turfmaster.card_too_high",
        "horse": 1,
        "card": "11a",
        "limit": 10,
        "needs": 4,  # an 11 is over every limit: it counts from 4th place back
    }
    same_for_a_resample(state)


def test_a_hemmed_in_horse_is_told_how_many_points_it_can_use() -> None:
    state = boxed_in("3a")  # horse 3 moves on and opens lane 2 for a few strides
    cost, _ = state.move_options(1, 8)
    assert 0 < cost < 8
    assert why(state, card(1, "8a")) == {
        "key": "turfmaster.move_short",
        "horse": 1,
        "points": cost,
        "value": 8,
    }


# --- the bonus pair ------------------------------------------------------------------
def test_the_bonus_comes_from_the_cards_not_yet_seen() -> None:
    state = horse_one_to_move()
    unseen = [c for c in CARDS if c not in HAND]
    assert len(unseen) == 22
    assert why(state, {"type": "take_bonus", "horse": 1}) == {
        "key": "turfmaster.bonus_unseen",
        "horse": 1,
        "n": 22,
        "high": sum(1 for c in unseen if CARD_VALUE[c] >= 9),
    }


# --- paces and dice ------------------------------------------------------------------
def horse_one_leads() -> TurfMasterState:
    """Horse 1 (seat 0, box 1: it rolls first) goes 8 in round 1, the others 3."""
    state = deal(4, 1, hands={h: ["8a", "3a"] for h in range(1, 5)})
    play(state, 1, "8a")
    for h in (2, 3, 4):
        play(state, h, "3a")
    assert state.phase == "roll" and state.roller == 0
    return state


def test_a_pace_over_your_own_leader_s_limit_holds_it_back() -> None:
    state = horse_one_leads()
    chance(state, type="dice_roll", d1=5, d2=4)
    # positions: horse 1 on row 8 leads (limit 8); the others share 2nd on row 3 (limit 9)
    assert why(state, {"type": "choose_pace", "value": 9}) == {
        "key": "turfmaster.pace_held",
        "horse": 1,
        "value": 9,
        "die": 5,
    }
    assert why(state, {"type": "choose_pace", "value": 5}) == {
        "key": "turfmaster.pace_ahead",
        "horse": 1,
        "place": 1,
        "limit": 8,
        "value": 5,
    }
    assert why(state, {"type": "choose_pace", "value": 4}) == {
        "key": "turfmaster.pace_ahead_slow",
        "horse": 1,
        "place": 1,
        "limit": 8,
        "value": 4,
    }
    same_for_a_resample(state)
    # at 9 horse 1 picks a die: it moves first, from the front, and stays 1st
    state.apply({"type": "choose_pace", "value": 9})
    assert state.phase == "die" and state.acting_horse() == 1
    cost, ends = state.move_options(1, 5)
    assert cost == 5
    assert why(state, {"type": "choose_die", "horse": 1, "value": 5}) == {
        "key": "turfmaster.move_holds",
        "horse": 1,
        "squares": 5,
        "lane": 1,
        "place": 1,
    }


def test_a_pace_in_the_middle_says_the_field_moves_alike() -> None:
    state = horse_one_leads()
    chance(state, type="dice_roll", d1=2, d2=1)  # paces 1, 2, 3: nobody over 8
    assert why(state, {"type": "choose_pace", "value": 2}) == {
        "key": "turfmaster.pace_all",
        "value": 2,
    }


def test_a_pace_names_the_horses_it_holds_back() -> None:
    state = horse_one_to_move()
    play(state, 1, "7b", "4-7")
    # rows: horse 3 on 8 leads alone (limit 8), 4 and 1 on 7 share 2nd (limit 9), horse 2
    # on row 3 is 4th, free of the handicap
    chance(state, type="dice_roll", d1=3, d2=6)
    assert state.current_player() == 1  # the owner of box 1's horse (2) rolls first
    assert why(state, {"type": "choose_pace", "value": 9}) == {
        "key": "turfmaster.pace_brakes",
        "horse": 3,
        "die": 6,
        "value": 9,
    }
    assert why(state, {"type": "choose_pace", "value": 6}) == {
        "key": "turfmaster.pace_behind_fast",
        "horse": 2,
        "place": 4,
        "value": 6,
    }
    assert why(state, {"type": "choose_pace", "value": 3}) == {
        "key": "turfmaster.pace_behind",
        "horse": 2,
        "place": 4,
        "value": 3,
    }
    same_for_a_resample(state)


def test_a_pace_over_several_limits_names_the_leader_and_counts_them() -> None:
    state = horse_one_to_move()
    play(state, 1, "7b", "4-7")
    chance(state, type="dice_roll", d1=5, d2=6)
    over = next(c for c in state.pace_choices() if c["value"] == 11)["over_limit"]
    assert sorted(over) == [1, 3, 4]
    assert why(state, {"type": "choose_pace", "value": 11}) == {
        "key": "turfmaster.pace_brakes_more",
        "horse": 3,
        "n": 3,
        "die": 6,
        "value": 11,
    }


# --- end squares ---------------------------------------------------------------------
def test_an_end_square_says_how_far_it_leaves_from_the_line() -> None:
    state = horse_one_to_move()
    state.apply(card(1, "8a"))
    assert state.phase == "end"
    b = state.board
    squares = [a["square"] for a in state.legal_actions()]
    togo = {s: b.togo[b.index[s]] for s in squares}
    fewest = min(togo.values())
    for square in squares:
        got = why(state, choose(1, square))
        assert got["lane"] == b.lane[b.index[square]]
        if togo[square] == fewest:
            assert got == {"key": "turfmaster.end_shortest", "lane": got["lane"], "togo": fewest}
        else:
            assert got["key"] == "turfmaster.end_longer"
            assert got["togo"] == togo[square] and got["more"] == togo[square] - fewest
    assert len(set(togo.values())) > 1, togo  # the test sees both kinds
    same_for_a_resample(state)


# --- positions found in games of friendly riders -------------------------------------
FRIENDLY = bot_for("turfmaster", "friendly")


def find(
    rid: str,
    options: dict[str, Any],
    players: int = 3,
    seeds: int = 12,
    also: Callable[[TurfMasterState, Action], bool] | None = None,
) -> tuple[TurfMasterState, Action]:
    """The first position of games of friendly riders (chance drawn from the outcomes the
    game offers) where a legal action gets reason ``rid`` (and ``also`` holds), and that
    action."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = GAME.new_state(["Ann", "Ben", "Cy", "Dee"][:players], options)
        assert isinstance(state, TurfMasterState)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(rng.choice(state.chance_outcomes())[0])
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                hit = next(
                    (
                        a
                        for a in legal
                        if why(state, a)["key"] == f"turfmaster.{rid}"
                        and (also is None or also(state, a))
                    ),
                    None,
                )
                if hit is not None:
                    return state, hit
            seat = state.current_player()
            state.apply(FRIENDLY.choose(SeatWindow(state, seat), seat, rng))
    raise AssertionError(f"no position for {rid}")


def test_a_card_that_crosses_the_line_says_so() -> None:
    state, action = find("move_finish", {})
    b = state.board
    value = action.get("value") or CARD_VALUE[action["card"]]
    cost, ends = state.move_options(action["horse"], value)
    assert max(b.row[b.index[e]] for e in ends) >= b.finish
    # the flat side has no hurdles: a stride is a point
    assert why(state, action) == {
        "key": "turfmaster.move_finish",
        "horse": action["horse"],
        "squares": cost,
    }


def _over_a_hurdle(state: TurfMasterState, action: Action) -> bool:
    """A card that keeps the horse in its lane on a straight and jumps a hurdle."""
    b = state.board
    reason = why(state, action)
    horse = action["horse"]
    start = state.view(None)["horses"][horse - 1]
    if action["type"] != "play_card" or reason.get("lane") != start["lane"]:
        return False
    cost, ends = state.move_options(horse, CARD_VALUE[action["card"]])
    end = next((e for e in ends if b.lane[b.index[e]] == start["lane"]), None)
    if end is None or start["row"] is None:
        return False
    rows = range(start["row"] + 1, b.row[b.index[end]] + 1)
    straight = all(b.segment_of(r)[3] == "straight" for r in rows)
    return straight and any(r in b.hurdle_rows for r in rows)


def test_a_card_over_a_hurdle_counts_squares_not_points() -> None:
    state, action = find("move_holds", {"grand_national": True}, 2, also=_over_a_hurdle)
    b = state.board
    horse = action["horse"]
    start = state.view(None)["horses"][horse - 1]
    cost, ends = state.move_options(horse, CARD_VALUE[action["card"]])
    end = next(e for e in ends if b.lane[b.index[e]] == start["lane"])
    # on a straight a square is a row: the rows gained, fewer than the points a hurdle costs
    squares = b.row[b.index[end]] - start["row"]
    assert squares < cost
    assert why(state, action)["squares"] == squares


def test_a_card_whose_every_end_is_a_hurdle_says_the_horse_would_fall() -> None:
    state, action = find("move_fall", {"grand_national": True}, players=2)
    cost, ends = state.move_options(action["horse"], CARD_VALUE[action["card"]])
    hurdles = set(state.board.hurdle_rows)
    assert cost > 0 and ends and all(int(e.split("-")[1]) in hurdles for e in ends)
    assert why(state, action) == {"key": "turfmaster.move_fall", "horse": action["horse"]}
    # playing it: the horse falls at once (its only end) or at the end square it picks
    played = after(state, action)
    if played.phase == "end":
        played.apply(choose(action["horse"], ends[0]))
    assert played.status[action["horse"] - 1] == "out"


def test_an_end_on_a_hurdle_in_a_card_round_says_the_horse_would_fall() -> None:
    state, action = find("end_fall", {"grand_national": True}, players=2)
    move = state.view(None)["move"]
    assert move is not None and action["square"] in move["falls"]
    assert why(state, action) == {"key": "turfmaster.end_fall", "horse": action["horse"]}
    assert after(state, action).status[action["horse"] - 1] == "out"


def test_an_end_over_the_line_says_how_far_past_it() -> None:
    state, action = find("end_finish", {})
    b = state.board
    row = b.row[b.index[action["square"]]]
    assert row >= b.finish
    assert why(state, action) == {
        "key": "turfmaster.end_finish",
        "lane": b.lane[b.index[action["square"]]],
        "rows": row - b.finish + 1,
    }


def _shortest(state: TurfMasterState) -> str:
    b = state.board
    squares = [a["square"] for a in state.legal_actions()]
    return min(squares, key=lambda s: (b.togo[b.index[s]], b.lane[b.index[s]]))


def test_a_longer_end_with_room_ahead_says_how_much_a_12_could_use() -> None:
    state, action = find("end_room", {})
    horse = action["horse"]
    b = state.board
    shortest = _shortest(state)
    # the room a 12 has from each end, the others where they stand: the engine's move
    # after the end is taken (the next move of a horse in a card round is a dice move)
    kind = "dice" if state.kind == "card" else "card"
    room = after(state, action).move_options(horse, 12, kind)[0]
    boxed = after(state, choose(horse, shortest)).move_options(horse, 12, kind)[0]
    assert room > boxed
    more = b.togo[b.index[action["square"]]] - b.togo[b.index[shortest]]
    assert more > 0
    assert why(state, action) == {
        "key": "turfmaster.end_room",
        "lane": b.lane[b.index[action["square"]]],
        "more": more,
        "room": room,
        "boxed": boxed,
    }


def test_a_longer_end_that_keeps_the_horse_back_names_both_positions() -> None:
    state, action = find("end_back", {})
    horse = action["horse"]
    b = state.board
    shortest = _shortest(state)
    place = place_of(after(state, action), horse)
    other = place_of(after(state, choose(horse, shortest)), horse)
    top = max(CARD_VALUE.values())
    assert place > other and HANDICAP.get(place, top) > HANDICAP.get(other, top)
    assert why(state, action) == {
        "key": "turfmaster.end_back",
        "horse": horse,
        "lane": b.lane[b.index[action["square"]]],
        "more": b.togo[b.index[action["square"]]] - b.togo[b.index[shortest]],
        "place": place,
        "other": other,
    }


def test_the_last_unseen_pair_is_named_by_its_values() -> None:
    state, action = find("bonus_known", {})
    horse = action["horse"]
    seat = state.current_player()
    before = hand_of(state, horse)
    took = after(state, action).view(seat)["horses"][horse - 1]["hand"] or []
    pair = list(took)
    for c in before:
        pair.remove(c)
    low, high = sorted(CARD_VALUE[c] for c in pair)
    assert state.race == 3  # every other card of the deck has been dealt by now
    assert why(state, action) == {
        "key": "turfmaster.bonus_known",
        "horse": horse,
        "low": low,
        "high": high,
    }


SLOW = ["3a", "3b", "3c", "4a", "4b", "4c", "7a", "7b", "7c", "7d"]
"""A hand of low cards: with dice rounds at pace 1 it runs out long before the line."""


@pytest.mark.parametrize(
    ("options", "decline"),
    [({}, "decline_keep"), ({"quick_race": True}, "decline_last")],
)
def test_an_empty_hand_stands_still_without_the_bonus(
    options: dict[str, Any], decline: str
) -> None:
    state = deal(4, 1, hands=dict.fromkeys(range(1, 5), SLOW), **options)
    run_race(
        state,
        {},
        until=lambda s: s.phase == "card" and s.acting_horse() == 1 and not hand_of(s, 1),
        dice=(1, 1, 1),
    )
    assert state.phase == "card" and state.acting_horse() == 1 and hand_of(state, 1) == []
    assert state.race == 1 and (state.races == 1) == (decline == "decline_last")
    assert why(state, {"type": "decline_bonus", "horse": 1}) == {
        "key": f"turfmaster.{decline}",
        "horse": 1,
    }
    assert why(state, {"type": "take_bonus", "horse": 1}) == {
        "key": "turfmaster.bonus_empty",
        "horse": 1,
    }
    same_for_a_resample(state)


def test_a_card_set_aside_says_what_is_lower_and_what_a_leader_keeps() -> None:
    state, _ = find("aside_card", {})
    horse = state.acting_horse()
    assert horse is not None and state.phase == "select"
    hand = hand_of(state, horse)
    seen = set()
    for name in hand:
        rest = list(hand)
        rest.remove(name)
        lower = sum(1 for c in rest if CARD_VALUE[c] < CARD_VALUE[name])
        lead = sum(1 for c in rest if c in JOKERS or CARD_VALUE[c] <= 8)
        got = why(state, {"type": "set_aside", "horse": horse, "card": name})
        if lower == 0:
            assert got == {"key": "turfmaster.aside_lowest", "horse": horse, "lead": lead}
        else:
            assert got == {
                "key": "turfmaster.aside_card",
                "horse": horse,
                "lower": lower,
                "lead": lead,
            }
        seen.add(got["key"])
    assert seen == {"turfmaster.aside_lowest", "turfmaster.aside_card"}
    same_for_a_resample(state)


# --- the whole ---------------------------------------------------------------------
def test_every_reason_id_is_covered_here() -> None:
    """Each id the game registers is asserted by a test of this file (keeps it honest
    when an id is added)."""
    text = open(__file__, encoding="utf-8").read()
    own = [r for r in reason_ids("turfmaster") if r not in GENERIC_IDS]
    missing = [r for r in own if f'"{r}"' not in text and f"turfmaster.{r}" not in text]
    assert not missing, missing


def test_reasons_from_a_real_search_are_the_game_s_own() -> None:
    state = horse_one_to_move()
    tips = advise(SeatWindow(state, 0), random.Random(1), iterations=8)
    assert tips and all(t["reason"]["key"].startswith("turfmaster.") for t in tips)
    generic = ("turfmaster.close_call", "turfmaster.best_chance", "turfmaster.behind_best")
    assert all(t["reason"]["key"] not in generic for t in tips)


def test_copies_of_one_card_value_are_one_choice() -> None:
    """7a and 7b play the same game, so the search, the advice and the lens weigh one of
    them; a joker is its own choice."""
    state = horse_one_to_move()
    key = state.choice_key
    assert key(card(1, "7a")) == key(card(1, "7b")) != key(card(1, "8a"))
    assert key(card(1, "J12")) != key(card(1, "12a"))
    assert key({"type": "set_aside", "horse": 1, "card": "7b"}) != key(card(1, "7b"))
    for seed in range(5):  # the rest of the game, on the same luck, is the same
        games = []
        for copy in ("7a", "7b"):
            game = state.clone()
            game.apply(card(1, copy))
            games.append(rollout(game, 0, random.Random(seed)))
        assert games[0] == games[1]
    window = SeatWindow(state, 0)
    offered = {key(a) for a in state.legal_actions()}
    assert len(offered) == len(state.legal_actions()) - 1  # the two 7s
    tips = [t["action"] for t in advise(window, random.Random(1), iterations=8)]
    weighed = [a["action"] for a in odds(window, 4, random.Random(1))["actions"]]
    for listed in (tips, weighed):
        assert len({key(a) for a in listed}) == len(listed), listed
    assert {key(a) for a in weighed} == offered
