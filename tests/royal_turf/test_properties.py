"""Property tests: many random Royal Turf games with the game's invariants checked after
every step.

1,000 seeded random games (100 per player count 2–6 × variant) plus a Hypothesis test.
Refusals, chance sums, fresh views and save → replay are checked for every game by the
contract suite (``tests/core/test_every_game.py``); this file keeps Royal Turf's own
invariants (one horse per field, chips conserved, 21 cards…) and its hidden-chip check.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pygames.core import sample_outcome
from pygames.royal_turf import CARDS, GAME, HORSES, RoyalTurfState
from pygames.royal_turf.data import BASE_CHIPS, HIDDEN_CHIPS, PACE_FIELD, START_FIELD_OF_SLOT

GAMES_PER_CONFIG = 100
ALL_CARDS = set(CARDS)


def check_invariants(s: RoyalTurfState) -> None:
    """Named invariants of a Royal Turf state (spec §1–§5)."""
    n = len(s.players)
    chips = HIDDEN_CHIPS if s.hidden else BASE_CHIPS
    # money: integers, never negative (P20)
    assert all(type(m) is int and m >= 0 for m in s.money), "money never negative"
    assert 1 <= s.race <= 3, "race number in 1..3"
    # track: at most one horse per field, fields in 1..33 (§1.5)
    fields = list(s.fields.values())
    assert len(fields) == len(set(fields)), "at most one horse per field"
    assert all(1 <= f <= 33 for f in fields), "fields in 1..33"
    assert len(s.finished) == len(set(s.finished)) <= 3, "at most 3 finishers"
    assert not set(s.finished) & set(s.fields), "a horse is on the track or finished"
    if s.phase in ("betting", "start_lot"):
        assert sorted(fields) == sorted(START_FIELD_OF_SLOT.values()), "start fields 33..27"
    if s.phase == "race":
        assert set(s.fields) | set(s.finished) == set(HORSES), "every horse runs"
        assert len(s.finished) < 3, "race ends at the third finisher"
    # moved flags only on horses on the track, and someone is always eligible (P17)
    assert set(s.moved) <= set(s.fields), "moved flags only on horses on the track"
    if s.phase == "race":
        assert len(s.moved) < len(s.fields), "an eligible horse exists"
    # pacemaker decided before the first finisher (R8), and it reached field 18
    if s.finished:
        assert s.pacemaker is not None, "pacemaker decided before first finisher"
    if s.pacemaker is not None and s.phase == "race":
        assert s.pacemaker in s.finished or s.fields[s.pacemaker] <= PACE_FIELD
    if s.pacemaker is None and s.phase == "race":
        assert all(f > PACE_FIELD for f in fields), "no horse past 18 without pacemaker"
    # chips: one per player per horse, placed + supply = the chip set
    placed: list[Counter] = [Counter() for _ in range(n)]
    for horse in HORSES:
        seats = [seat for seat, _ in s.bets[horse]]
        assert len(seats) == len(set(seats)) <= 6, "at most one chip per player per horse"
        for seat, chip in s.bets[horse]:
            placed[seat][chip] += 1
    for seat in range(n):
        assert placed[seat] + Counter(s.supply[seat]) == Counter(chips), "chips conserved"
    if s.phase == "betting":
        assert sum(sum(c.values()) for c in placed) == s.bets_placed, "one chip per turn"
    # cards: unrevealed ∪ put_back ∪ used = all 21, pairwise disjoint
    used = {c for r in s.results for c in r["cards"].values()} | set(s.cards.values())
    parts = [set(s.unrevealed), set(s.put_back), used]
    assert sum(len(p) for p in parts) == 21 and set().union(*parts) == ALL_CARDS, "21 cards"
    assert len(s.put_back) == len(set(s.put_back))
    assert all(CARDS[c][0] == h for h, c in s.cards.items()), "card belongs to its horse"
    # node kind
    if not s.is_terminal() and not s.is_chance():
        assert 0 <= s.current_player() < n and s.legal_actions(), "decision has actions"
    if s.is_chance():
        outcomes = s.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9, "chance sums to 1"
        assert all(p > 0 for _, p in outcomes)
    if s.is_terminal():
        assert len(s.results) == 3 and s.fields == {}


def check_hidden_views(s: RoyalTurfState) -> None:
    """view(seat) never contains another seat's chip values (hidden variant)."""
    for viewer in [None, *range(len(s.players))]:
        view = json.loads(json.dumps(s.view(viewer)))
        for horse in HORSES:
            for chip in view["bets"][horse]:
                if chip["seat"] != viewer:
                    assert chip["chip"] is None, "foreign chip value leaked"
        for seat, sup in enumerate(view["supply"]):
            if seat != viewer:
                assert sup["chips"] is None, "foreign supply leaked"
        assert view["bet_totals"] is None


def play_checked(n: int, hidden: bool, seed: int) -> RoyalTurfState:
    rng = random.Random(seed)
    s = GAME.new_state([f"P{i}" for i in range(n)], {"hidden_bets": hidden})
    assert isinstance(s, RoyalTurfState)
    steps = 0
    while not s.is_terminal():
        check_invariants(s)
        if hidden and rng.random() < 0.02 and s.phase == "betting":
            check_hidden_views(s)
        if s.is_chance():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
        steps += 1
        assert steps < 5000, "the game must end"
    check_invariants(s)
    assert s.ranking() and len(s.scores()) == n
    return s


@pytest.mark.parametrize("hidden", [False, True], ids=["base", "hidden"])
@pytest.mark.parametrize("n", range(2, 7))
def test_random_games_keep_invariants(n, hidden):
    for seed in range(GAMES_PER_CONFIG):
        s = play_checked(n, hidden, seed * 101 + n * 7 + hidden)
        assert s.is_terminal()


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(2, 6),
    hidden=st.booleans(),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=400),
)
def test_hypothesis_any_choice_sequence_ends_consistently(n, hidden, choices):
    """Decisions chosen by Hypothesis (chance by a fixed seed) keep every invariant."""
    s = GAME.new_state([f"x{i}" for i in range(n)], {"hidden_bets": hidden})
    rng = random.Random(0)
    i = 0
    while not s.is_terminal():
        if s.is_chance():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            legal = s.legal_actions()
            s.apply(legal[choices[i % len(choices)] % len(legal)])
            i += 1
        check_invariants(s)
    total_chips = sum(BASE_CHIPS) if not hidden else sum(HIDDEN_CHIPS)
    assert total_chips == 4
    assert all(m >= 0 for m in s.money)
