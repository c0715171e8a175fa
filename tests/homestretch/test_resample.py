"""Resampling Homestretch from what one seat knows (``resample_from_infostate``).

Hidden from a seat are the blue cards it has not got during the deal and the draft
(other hands, kept piles, the ghost's hand, the pool) and the values of other seats'
face-down bet markers. Every position here is reached by play (forced deals, picks,
race cards and bets); nothing is written into a state.
"""

from __future__ import annotations

import random
from collections import Counter

from pygames.core import sample_outcome
from pygames.homestretch.data import BLUE_CARDS, MARKERS
from pygames.homestretch.state import HomestretchState, Phase

from .play import (
    DESC4,
    act,
    bet,
    bets_of,
    deal,
    drafted,
    new_state,
    reveal,
    run_race,
    start_running,
)

DEAL3 = [
    ["B7a", "B6a", "B9a", "B4a", "B12a"],
    ["B8a", "B5a", "B3a", "B11a", "B10a"],
    ["B6b", "B8b", "B2a", "B10b", "B5b"],
]
"""A forced 3-player deal (C1 blocks); the other 7 blue cards form the pool."""


def _all_cards(state: HomestretchState) -> list[str]:
    cards = [*state.deck, *state.ghost, *state.pool]
    for seat in range(state.n):
        cards += state.hands[seat] + state.kept[seat]
    return cards


def _after_first_picks(pick1: str = "B5a") -> HomestretchState:
    """3 players, round 1 picked (seat 0 keeps B7a, seat 1 ``pick1``, seat 2 B6b)."""
    state = new_state(3)
    deal(state, DEAL3)
    for card in ("B7a", pick1, "B6b"):
        act(state, "draft_pick", card=card)
    assert state.phase == Phase.DRAFT and state.draft_round == 2
    return state


def _resample(state: HomestretchState, seat: int, seed: int) -> HomestretchState:
    out = state.resample_from_infostate(seat, random.Random(seed))
    assert isinstance(out, HomestretchState)
    return out


# --- the draft -----------------------------------------------------------------------------
def test_a_draft_resample_keeps_the_seat_s_cards_and_every_count() -> None:
    state = _after_first_picks()
    real = state.to_json()
    for k in range(50):
        r = _resample(state, 0, k)
        assert r.view(0) == state.view(0) and r.view(None) == state.view(None)
        assert sorted(r.hands[0]) == sorted(state.hands[0]) and r.kept[0] == ["B7a"]
        assert [len(h) for h in r.hands] == [len(h) for h in state.hands]
        assert [len(k) for k in r.kept] == [1, 1, 1]
        assert len(r.pool) == len(state.pool) == 7
        assert sorted(_all_cards(r)) == sorted(BLUE_CARDS), "each blue card exactly once"
        assert r.legal_actions() == state.legal_actions() or state.current_player() != 0
    assert state.to_json() == real, "resampling never changes the real state"


def test_unseen_cards_land_in_another_seat_s_kept_pile_about_evenly() -> None:
    """Seat 0 holds 4 cards and kept 1: the other 17 each end in seat 1's single kept
    slot with probability 1/17 (600 draws, seeded: a loose band around 35)."""
    state = _after_first_picks()
    mine = set(state.hands[0]) | set(state.kept[0])
    unseen = [c for c in BLUE_CARDS if c not in mine]
    counts = Counter(_resample(state, 0, k).kept[1][0] for k in range(600))
    assert set(counts) <= set(unseen)
    assert all(15 <= counts[c] <= 60 for c in unseen), counts
    assert counts["B5a"] < 100, "the real pick is not favoured"


def test_another_seat_s_secret_pick_does_not_show_in_the_resample() -> None:
    """Seat 1 keeping B5a or B3a looks the same to seat 0: same resample, same rng."""
    a, b = _after_first_picks("B5a"), _after_first_picks("B3a")
    assert a.view(0) == b.view(0) and a != b
    for k in range(5):
        assert _resample(a, 0, k) == _resample(b, 0, k)
    differs = sum(_resample(a, 0, k).kept[1] != a.kept[1] for k in range(20))
    assert differs > 10, "the real pick is redrawn, not copied"


def test_the_ghost_s_hand_is_redrawn_from_the_unseen_cards() -> None:
    state = new_state(2)
    deal(state)
    act(state, "draft_pick", card=state.legal_actions()[0]["card"])
    act(state, "draft_pick", card=state.legal_actions()[0]["card"])
    assert state.phase == Phase.GHOST and len(state.ghost) == 5
    mine = set(state.hands[0]) | set(state.kept[0])
    seen_ghosts = set()
    for k in range(30):
        r = _resample(state, 0, k)
        assert len(r.ghost) == 5 and not set(r.ghost) & mine
        assert sorted(_all_cards(r)) == sorted(BLUE_CARDS)
        outcomes = [o["card"] for o, _ in r.chance_outcomes()]
        assert outcomes == sorted(r.ghost), "the ghost removes one of its own cards"
        seen_ghosts.add(tuple(r.ghost))
    assert len(seen_ghosts) > 20


def test_a_resample_mid_deal_keeps_what_the_seat_was_dealt() -> None:
    state = new_state(3)
    for card in ["B7a", "B6a", "B9a", "B4a", "B12a", "B8a"]:
        state.apply({"type": "deal_card", "card": card})
    firsts = set()
    for k in range(10):
        r = _resample(state, 1, k)
        assert r.hands[1] == ["B8a"] and len(r.hands[0]) == 5 and len(r.deck) == 16
        assert "B8a" not in r.hands[0] + r.deck
        firsts.add(tuple(r.hands[0]))
        r.apply(sample_outcome(r.chance_outcomes(), random.Random(k)))  # the deal goes on
    assert len(firsts) > 5, "seat 0's hand is redrawn for seat 1"


# --- betting -------------------------------------------------------------------------------
def _bets_confirmed(open_bets: bool = False) -> HomestretchState:
    """4 players, race 1 on P1, every turn confirmed: seat 3 (rank 4) stacks its 3 and
    both 2s on WIN 4 and its 1s on SHOW 9 and SHOW 11."""
    state = drafted(DESC4, open_bets=open_bets)
    reveal(state, "P1")
    stack = bets_of([(3, "WIN", 4), (2, "WIN", 4), (2, "WIN", 4), (1, "SHOW", 9), (1, "SHOW", 11)])
    bet(state, {state.colours[3]: stack})
    start_running(state)
    assert all(state.submitted)
    return state


def _cells(bets: dict[str, list[object]]) -> Counter[tuple[object, ...]]:
    return Counter(tuple(cell) for cell in bets.values())


def test_face_down_marker_values_are_laid_anew_on_the_same_cells() -> None:
    state = _bets_confirmed()
    where_three: Counter[tuple[object, ...]] = Counter()
    for k in range(300):
        r = _resample(state, 0, k)
        assert r.bets[0] == state.bets[0], "the seat's own markers stay"
        for seat in (1, 2, 3):
            assert _cells(r.bets[seat]) == _cells(state.bets[seat])
            assert sorted(r.bets[seat]) == sorted(MARKERS)
        where_three[tuple(r.bets[3]["3"])] += 1
    # WIN 4 holds three of seat 3's five markers: the 3 lies there 3/5 of the time.
    assert 140 <= where_three[(4, "WIN")] <= 220, where_three
    assert 30 <= where_three[(9, "SHOW")] <= 95, where_three
    assert 30 <= where_three[(11, "SHOW")] <= 95, where_three


def test_play_from_a_resample_pays_the_redrawn_values() -> None:
    state = _bets_confirmed()
    values = set()
    for k in range(40):
        r = _resample(state, 0, k)
        run_race(r, [4, 9, 11])  # checked moves to the payout
        paid = [b for b in r.results[0]["bets"] if b["seat"] == 3 and b["amount"]]
        assert sum(b["value"] for b in paid) == 9
        values.add(tuple(sorted((b["horse"], b["value"]) for b in paid)))
    assert len(values) > 1, "different resamples pay seat 3 differently"


def test_open_bets_leave_nothing_to_redraw() -> None:
    state = _bets_confirmed(open_bets=True)
    assert all(_resample(state, 0, k).bets == state.bets for k in range(10))


def test_an_unconfirmed_betting_turn_is_private_to_its_bettor() -> None:
    state = drafted(DESC4)
    reveal(state, "P1")
    bettor = state.current_player()
    colour = state.colours[bettor]
    state.apply({"type": "place_marker", "player": colour, "marker": "3", "horse": 5, "row": "WIN"})
    state.apply(
        {"type": "place_marker", "player": colour, "marker": "1a", "horse": 9, "row": "SHOW"}
    )
    other = (bettor + 1) % 4
    r = _resample(state, other, 1)
    assert r.bets[bettor] == {} and r.view(other) == state.view(other)
    assert r.current_player() == bettor
    own = _resample(state, bettor, 1)
    assert own.bets[bettor] == state.bets[bettor]
    assert own.legal_actions() == state.legal_actions()


# --- race placings ---------------------------------------------------------------------------
def test_race_placings_name_the_first_three_horses() -> None:
    state = _bets_confirmed()
    run_race(state, [7, 5, 9])
    assert state.race_placings(0) == ["7", "5", "9"]
    for seat in range(4):
        assert _resample(state, seat, 0).race_placings(0) == ["7", "5", "9"]
