"""Resampling Royal Turf positions from one seat's knowledge (search and the lens).

Every position is reached by play (forced chance outcomes and chosen moves); the
statistical checks are seeded, with loose bounds, so they cannot flake.
"""

from __future__ import annotations

import random
from collections import Counter

from pygames.core import sample_outcome
from pygames.royal_turf import CARDS, HORSES
from pygames.royal_turf.data import HIDDEN_CHIPS
from pygames.royal_turf.state import RoyalTurfState

from .play import FIRST_CARDS, bet, deal, new_state
from .test_scenarios import play_out_race

# Seat 0 bets first; in the hidden variant everyone places 0, 1, 1, 2 on four horses.
HIDDEN_PLAN = {
    seat: dict(zip(HORSES[seat : seat + 4], (2, 1, 0, 1), strict=True)) for seat in range(3)
}

BASE_PLAN = {seat: dict(zip(HORSES[seat : seat + 3], (2, 1, 1), strict=True)) for seat in range(3)}


def hidden_bets_placed() -> RoyalTurfState:
    """Race 1 of the hidden variant with all chips down, before the first roll."""
    return bet(deal(3, hidden=True), HIDDEN_PLAN)


def unused(state: RoyalTurfState) -> list[str]:
    return sorted(state.unrevealed + state.put_back)


def test_own_chips_stay_and_each_others_chips_are_dealt_anew_fairly() -> None:
    state = hidden_bets_placed()
    counts: Counter[tuple[int, str, int]] = Counter()
    redrawn = 0
    for k in range(400):
        r = state.resample_from_infostate(0, random.Random(k))
        for seat in (1, 2):
            chips = [c for h in HORSES for s, c in r.bets[h] if s == seat] + r.supply[seat]
            assert sorted(chips) == sorted(HIDDEN_CHIPS), "each seat keeps its four chips"
            for h in HORSES:
                counts.update((seat, h, c) for s, c in r.bets[h] if s == seat)
        mine = [(h, c) for h in HORSES for s, c in r.bets[h] if s == 0]
        assert mine == [(h, c) for h in HORSES for s, c in state.bets[h] if s == 0]
        redrawn += r.bets != state.bets
    assert redrawn > 300, "other seats' values are drawn anew"
    for seat in (1, 2):
        for h in HIDDEN_PLAN[seat]:
            share = {c: counts[seat, h, c] / 400 for c in (0, 1, 2)}
            # A placed chip is the 0 or the 2 a quarter of the time, a 1 half of the time.
            assert abs(share[0] - 0.25) < 0.08 and abs(share[2] - 0.25) < 0.08, share
            assert abs(share[1] - 0.5) < 0.1, share


def test_a_hidden_choice_of_another_seat_does_not_change_the_resample() -> None:
    twins = []
    for chip in (2, 0):  # seat 0 bets 2 or 0 on earl_grey: seats 1 and 2 cannot tell
        state = deal(3, hidden=True)
        state.apply({"type": "place_chip", "chip": chip, "horse": "earl_grey"})
        twins.append(state)
    assert twins[0].view(1) == twins[1].view(1) and twins[0] != twins[1]
    for seed in range(20):
        a, b = (t.resample_from_infostate(1, random.Random(seed)) for t in twins)
        assert a == b
    # Seat 0 itself keeps what it placed.
    assert twins[0].resample_from_infostate(0, random.Random(0)).bets["earl_grey"] == [[0, 2]]


def test_the_base_game_shows_every_chip_so_none_is_redrawn() -> None:
    state = bet(deal(3), BASE_PLAN)
    for k in range(50):
        r = state.resample_from_infostate(1, random.Random(k))
        assert r.bets == state.bets and r.supply == state.supply


def test_the_last_horse_lined_up_in_race_1_never_had_a_card_slipped_under() -> None:
    state = deal(4)  # FIRST_CARDS in order: no card went under in the real race
    assert state.put_back == []
    last = CARDS[FIRST_CARDS[-1]][0]
    sizes = Counter()
    for k in range(300):
        r = state.resample_from_infostate(2, random.Random(k))
        assert unused(r) == unused(state), "the unused cards are public"
        assert all(CARDS[c][0] != last for c in r.put_back), "the reveal stops at its card"
        assert len(set(r.put_back)) == len(r.put_back)
        sizes[len(r.put_back)] += 1
    assert sizes[0] < 250 and max(sizes) >= 3, "cards slipped under are drawn anew"


def test_cards_slipped_under_are_as_many_as_in_real_reveals() -> None:
    """Race 1's reveal is replayed exactly: over many real reveals, the resamples slip
    as many cards under the deck on average as the real reveals did."""
    real = drawn = 0
    for k in range(300):
        rng = random.Random(k)
        state = new_state(4)
        while state.phase in ("first_player", "reveal"):
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        real += len(state.put_back)
        drawn += len(state.resample_from_infostate(k % 4, rng).put_back)
    assert real > 300, "the real reveals do slip cards under"
    assert abs(drawn - real) / real < 0.12, (real, drawn)


def test_a_resample_during_the_reveal_keeps_a_card_to_draw_and_plays_on() -> None:
    state = new_state(3)
    state.apply({"type": "first_player", "player": 2})
    for card in ["EG1", "AL1", "EG2", "AL2"]:  # two horses out, two cards under
        state.apply({"type": "draw_card", "card": card})
    assert state.phase == "reveal" and state.put_back == ["EG2", "AL2"]
    firsts = Counter()
    pending = Counter()
    for k in range(200):
        r = state.resample_from_infostate(0, random.Random(k))
        assert r.phase == "reveal" and r.chance_outcomes()
        assert unused(r) == unused(state)
        assert set(r.put_back) <= {"EG2", "EG3", "AL2", "AL3"}
        firsts[r.first_player] += 1
        pending[len(r.put_back)] += 1
        if k % 40 == 0:
            rng = random.Random(k)
            while not r.is_terminal():
                if r.is_chance():
                    r.apply(sample_outcome(r.chance_outcomes(), rng))
                else:
                    r.apply(rng.choice(r.legal_actions()))
    # Who starts is not on the table during the reveal: every seat is drawn.
    assert set(firsts) == {0, 1, 2} and min(firsts.values()) > 40
    assert {0, 1, 2} <= set(pending) <= {0, 1, 2, 3, 4}
    # Once betting begins, the start player is public and kept.
    draw_rest = state.clone()
    for card in ["NO1", "CA1", "RF1", "MO1", "OT1"]:
        draw_rest.apply({"type": "draw_card", "card": card})
    assert draw_rest.resample_from_infostate(0, random.Random(1)).first_player == 2


def test_race_placings_name_the_first_three_of_each_race() -> None:
    state = bet(deal(3), BASE_PLAN)
    play_out_race(state, random.Random(4))
    assert state.race == 2 and len(state.results) == 1
    placings = state.race_placings(0)
    assert placings == state.results[0]["places"] and len(placings) == 3
    assert set(placings) <= set(HORSES)


def test_which_card_went_under_the_deck_does_not_change_the_resample() -> None:
    twins = []
    for skipped in ("EG2", "AL3"):  # either goes under; the table shows neither
        state = new_state(3)
        state.apply({"type": "first_player", "player": 1})
        for card in ["EG1", "AL1", skipped]:
            state.apply({"type": "draw_card", "card": card})
        twins.append(state)
    assert twins[0].view(0) == twins[1].view(0) and twins[0] != twins[1]
    for seed in range(20):
        a, b = (t.resample_from_infostate(0, random.Random(seed)) for t in twins)
        assert a == b
