"""Resampling what a seat has not seen (``resample_from_infostate``) and race placings.

Every position is reached through the rules (``script`` forces the chance outcomes);
nothing is written into a state. Two players with two horses each: seat 0 rides
horses 1 and 2, seat 1 rides horses 3 and 4. The statistical checks are seeded and
their bounds lie five standard deviations out, so they cannot flake.
"""

from __future__ import annotations

import random
from collections import Counter

from pygames.core import sample_outcome
from pygames.turfmaster.data import CARDS, JOKER_VALUES
from pygames.turfmaster.state import TurfMasterState

from . import script

HAND_1 = ["3a", "4a", "7a", "7b", "8a", "8b", "9a", "10a", "11a", "12a"]
HAND_3 = ["3b", "4b", "7c", "8c", "9b", "9c", "10b", "11b", "12b", "J9"]
OTHER_3 = ["3c", "4c", "7d", "8d", "9d", "10c", "10d", "11c", "12c", "J12"]


def dealt(**options: bool) -> TurfMasterState:
    """Race 1's first card turn: 2 players, 2 horses each, boxes 1–4 in horse order."""
    return script.deal(2, 2, hands={1: HAND_1, 3: HAND_3}, **options)


def cards_of(state: TurfMasterState, h: int) -> list[str]:
    """All 32 cards of horse ``h``, wherever they are (hand, pile, bonus, discard…)."""
    i = h - 1
    chosen = state.chosen[i]
    parts = [state.hands[i], state.piles[i], state.bonus[i], state.discards[i], state.aside[i]]
    return sorted([c for part in parts for c in part] + ([chosen[0]] if chosen else []))


def play_on(state: TurfMasterState, seed: int) -> None:
    """Random play to the end through the checked ``apply``."""
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))


def test_a_resample_keeps_the_seats_cards_and_redraws_the_rest_at_their_sizes() -> None:
    state = dealt()
    script.play(state, 1, "8a")  # a card face up: it stays where it is
    for k in range(20):
        r = state.resample_from_infostate(0, random.Random(k))
        assert r.view(0) == state.view(0) and r.view(None) == state.view(None)
        for h in (1, 2):  # seat 0's own horses: the hand is its own, the pile unseen
            assert r.hands[h - 1] == state.hands[h - 1]
            assert r.legal_actions() == state.legal_actions()
        for h in state.horses:
            i = h - 1
            assert cards_of(r, h) == sorted(CARDS), "every deck keeps its 32 cards"
            assert r.discards[i] == state.discards[i]
            assert [len(r.hands[i]), len(r.piles[i]), len(r.bonus[i])] == [
                len(state.hands[i]),
                len(state.piles[i]),
                len(state.bonus[i]),
            ]
            assert r.decks[i][10:] == r.piles[i] + r.bonus[i], "the deck says the same"
        play_on(r, k)


def test_each_unseen_card_lands_in_each_place_about_as_often_as_it_should() -> None:
    state = dealt()
    runs = 400
    in_hand_3: Counter[str] = Counter()  # seat 1's horse 3: all 32 cards unseen by seat 0
    in_bonus_1: Counter[str] = Counter()  # seat 0's own horse 1: 22 cards unseen
    for k in range(runs):
        r = state.resample_from_infostate(0, random.Random(k))
        in_hand_3.update(r.hands[2])
        in_bonus_1.update(r.bonus[0])
    for card in CARDS:  # expected 10/32 = 0.31 (sd 0.023) and 2/22 = 0.09 (sd 0.014)
        assert 0.20 < in_hand_3[card] / runs < 0.43, card
        if card in HAND_1:
            assert in_bonus_1[card] == 0, "the seat's own hand never leaves it"
        else:
            assert 0.02 < in_bonus_1[card] / runs < 0.17, card


def test_states_a_seat_cannot_tell_apart_give_the_same_resample() -> None:
    """Two deals that differ only in seat 1's hands look the same to seat 0."""
    a = dealt()
    b = script.deal(2, 2, hands={1: HAND_1, 3: OTHER_3})
    assert a.view(0) == b.view(0) and a.hands[2] != b.hands[2]
    for k in range(5):
        ra = a.resample_from_infostate(0, random.Random(k))
        assert ra == b.resample_from_infostate(0, random.Random(k))
    differs = {tuple(a.resample_from_infostate(0, random.Random(k)).hands[2]) for k in range(5)}
    assert tuple(a.hands[2]) not in differs and len(differs) == 5


def test_a_resample_mid_deal_keeps_the_deals_progress() -> None:
    state = script.GAME.new_state(["Ann", "Ben"], {"horses_per_player": 2})
    assert isinstance(state, TurfMasterState)
    for i, card in enumerate(HAND_1 + HAND_3[:3]):  # horse 1's first 13 cards
        script.chance(state, type="deck_shuffle", horse=1, position=i + 1, card=card)
    r = state.resample_from_infostate(0, random.Random(1))
    assert len(r.decks[0]) == 13 and len(set(r.decks[0])) == 13 and r.decks[0] != state.decks[0]
    assert [o for o, _ in r.chance_outcomes()][0]["position"] == 14
    play_on(r, 1)


def blind_round(take_bonus: bool, card: str) -> TurfMasterState:
    """V2: seat 0 has chosen for horses 1 and 2; seat 1 chooses ``card`` for horse 3,
    after taking its bonus face down if ``take_bonus``."""
    state = dealt(blind_cards=True, free_jokers=True)
    assert state.phase == "blind" and state.blind_queue == [1, 2, 3, 4]
    state.apply({"type": "play_card", "horse": 1, "card": "8a"})
    state.apply({"type": "play_card", "horse": 2, "card": state.hands[1][0]})
    if take_bonus:
        state.apply({"type": "take_bonus", "horse": 3})
    extra = {"value": 12} if card.startswith("J") else {}
    state.apply({"type": "play_card", "horse": 3, "card": card, **extra})
    return state


def test_v2_a_face_down_choice_and_a_face_down_bonus_are_redrawn() -> None:
    plain = blind_round(False, "3b")
    twins = [blind_round(False, "J9"), blind_round(True, "3b")]
    for twin in twins:  # another card, or the bonus taken as well: seat 0 sees no change
        assert twin.view(0) == plain.view(0) and twin != plain
        for k in range(3):
            want = plain.resample_from_infostate(0, random.Random(k))
            assert twin.resample_from_infostate(0, random.Random(k)) == want
    chosen: Counter[str] = Counter()
    took = 0
    for k in range(200):
        r = plain.resample_from_infostate(0, random.Random(k))
        assert r.view(0) == plain.view(0) and r.view(None) == plain.view(None)
        assert r.chosen[:2] == plain.chosen[:2], "seat 0's own face-down cards stay"
        pick = r.chosen[2]
        assert pick is not None
        chosen[pick[0]] += 1
        if pick[0].startswith("J"):
            assert pick[1] in JOKER_VALUES
        took += 3 in r.blind_bonus
        assert r.bonus_taken[2] == (3 in r.blind_bonus) == (not r.bonus[2])
        if k % 50 == 0:
            play_on(r, k)
    assert 60 < took < 140, "taken face down or not: one in two (sd 7)"
    assert chosen["3b"] < 30 and len(chosen) > 20, "the real card is one of many"


def test_v2_revealed_cards_stay_face_up_in_views_and_resamples() -> None:
    state = dealt(blind_cards=True)
    for h, card in ((1, "8a"), (2, None), (3, "8c"), (4, None)):
        state.apply({"type": "play_card", "horse": h, "card": card or state.hands[h - 1][0]})
    # all revealed; horse 1 (box 1, first to move) waits for its end square
    assert state.phase == "end" and state.acting_horse() == 1
    assert state.view(0)["horses"][2]["chosen_card"] == "8c"
    assert state.view(None)["horses"][2]["chosen_value"] == 8
    for k in range(10):
        assert state.resample_from_infostate(0, random.Random(k)).chosen[2] == ["8c", None]


def test_race_placings_name_the_finishers_by_place() -> None:
    state = dealt(quick_race=True)
    play_on(state, 3)
    places = state.view(None)["results"][0]["places"]
    assert state.race_placings(0) == [str(p["horse"]) for p in places]
    assert len(places) == 4 and sorted(state.race_placings(0)) == ["1", "2", "3", "4"]
