"""Resampling what one seat cannot see (the other slips) and the race placings.

Positions are reached by play (``tests/finish_line/play.py``), never by writing into
the state. The only Finish Line secrets are the other seats' slips of the running
race and, while the dice roll, their stakes and money (spec §9).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from math import comb, perm

from pygames.core import canonical
from pygames.finish_line.state import FinishLineState, Phase, random_slip, slip_stake

from .play import (
    A_SLIP,
    S1_TILES,
    A,
    B,
    C,
    D,
    a_slip_race,
    bet,
    betting_state,
    chance,
    decide,
    draw,
    finish_race,
    new_state,
    photo,
    place,
    win,
)


def _slip_text(state: FinishLineState, seat: int) -> str:
    return canonical(state.slips[seat])


def test_the_own_slip_stays_and_the_others_are_redrawn_within_their_money() -> None:
    state = betting_state(4)
    bet(state, {A: A_SLIP, B: [win(22, 600), place(3, 5, 300)], C: [win(8, 1000)]})
    assert state.phase == Phase.TAKE_FIRST
    real = canonical(state.to_json())
    differs = Counter[int]()
    for k in range(200):
        r = state.resample_from_infostate(A, random.Random(k))
        assert _slip_text(r, A) == _slip_text(state, A)
        assert r.money[A] == state.money[A] and r.stakes[A] == state.stakes[A]
        for s in (B, C, D):
            # B7: the stake left the money the seat had before betting (1000 in race 1).
            assert r.stakes[s] == slip_stake(r.slips[s]) <= 1000
            assert r.money[s] == 1000 - r.stakes[s] >= 0
            assert len(r.slips[s]["win"]) <= 3 and len(r.slips[s]["place"]) <= 2
            assert all(h in state.lineup for h, _ in r.slips[s]["win"])
            differs[s] += _slip_text(r, s) != _slip_text(state, s)
        assert r.view(A) == state.view(A) and r.view(None) == state.view(None)
    assert canonical(state.to_json()) == real, "resampling changed the real state"
    # C's real slip (one win line) is a rare draw, D's empty one rarer still.
    assert all(differs[s] >= 190 for s in (B, C, D)), differs


def test_a_resample_cannot_tell_which_secret_slip_was_written() -> None:
    one, other = betting_state(3), betting_state(3)
    bet(one, {B: [win(22, 600)]})
    bet(other, {B: [place(3, 5, 900), win(20, 100)], C: [win(8, 1000)]})
    assert one.view(A) == other.view(A) and one != other
    for k in range(20):
        ra = one.resample_from_infostate(A, random.Random(k))
        rb = other.resample_from_infostate(A, random.Random(k))
        assert ra == rb


def test_while_betting_only_begun_slips_are_secret() -> None:
    state = betting_state(4, start=B)  # B, C, D, A write in this order
    decide(state, win(8, 500))
    decide(state, {"type": "bet_done"})
    decide(state, place(3, 5, 200))  # C is writing now, D and A have not begun
    assert state.current_player() == C
    assert state.hidden_slips(A) == [B, C] and state.hidden_slips(D) == [B, C]
    assert state.hidden_slips(C) == [B]
    stakes = Counter[int]()
    for k in range(100):
        r = state.resample_from_infostate(D, random.Random(k))
        assert r.slips[D] == r.slips[A] == {"win": [], "place": []}
        assert r.money == state.money == [1000] * 4, "money is public while slips are written"
        assert r.stakes == [0] * 4
        stakes[slip_stake(r.slips[C])] += 1
        # C may go on writing in the resample: its lines and money still fit the rules.
        if k % 10 == 0:
            left = r.legal_actions()
            assert left[-1] == {"type": "bet_done"}
            r.apply(left[-1])
            r.apply({"type": "bet_done"})
            r.apply({"type": "bet_done"})
            assert r.phase == Phase.TAKE_FIRST
    # Redrawn, never read: mostly the computer player's slip for C's money (the same
    # stake each time), now and then another; the real one (200 staked) plays no part.
    usual = slip_stake(state.usual_slip(C, 1000))
    assert usual != 200 and stakes[usual] >= 75, "C's slip is not the usual one"
    assert len(stakes) >= 2, "C's slip is never drawn another way"


def test_nothing_is_hidden_before_the_slips_or_after_the_game() -> None:
    state = new_state(2)
    chance(state, {"type": "start_player", "seat": A})
    draw(state, S1_TILES[:3])
    for seat in (A, B):
        assert state.resample_from_infostate(seat, random.Random(1)) == state
    draw(state, S1_TILES[3:])
    # A writes first: only B has something to guess.
    assert state.resample_from_infostate(A, random.Random(1)) == state
    bet(state, {A: [win(8, 400)], B: [place(3, 20, 1000)]})
    for _ in range(3):
        finish_race(state)
        if state.phase == Phase.PHOTO:
            photo(state, 6, 0)
        if state.is_terminal():
            break
        assert state.phase == Phase.LINEUP
        assert state.resample_from_infostate(A, random.Random(2)) == state
        tiles = [t for t in range(1, 25) if t not in state.drawn][:7]
        for t in tiles:
            state.apply({"type": "draw_tile", "tile": t})
        bet(state, {})
    assert state.is_terminal()
    for seat in (A, B):
        assert state.resample_from_infostate(seat, random.Random(3)) == state


def test_redrawn_slips_are_even_over_horses_pairs_and_shapes() -> None:
    """random_slip draws each slip the rules allow equally often: each horse is a win
    line and each pair a place line about as often as any other, and the number of
    lines follows the count of slips of each shape."""
    lineup = S1_TILES
    rng = random.Random(7)
    draws = 3000
    budget = 600
    horses = Counter[int]()
    pairs = Counter[tuple[int, int]]()
    shapes = Counter[tuple[int, int]]()
    for _ in range(draws):
        slip = random_slip(lineup, budget, rng)
        assert slip_stake(slip) <= budget
        assert all(x > 0 and x % 100 == 0 for _, x in slip["win"] + slip["place"])
        horses.update(h for h, _ in slip["win"])
        pairs.update((p[0], p[1]) for p, _ in slip["place"])
        shapes[len(slip["win"]), len(slip["place"])] += 1
    weight = {(k, j): perm(7, k) * perm(21, j) * comb(6, k + j) for k in range(4) for j in range(3)}
    total = sum(weight.values())
    for shape, w in weight.items():
        expected = draws * w / total
        assert abs(shapes[shape] - expected) <= 5 * expected**0.5 + 3, (shape, shapes[shape])
    mean_h = sum(horses.values()) / 7
    assert set(horses) == set(lineup)
    assert all(abs(c - mean_h) <= 0.15 * mean_h for c in horses.values()), horses
    all_pairs = {(a, b) for a, b in combinations(sorted(lineup), 2)}
    assert set(pairs) == all_pairs
    mean_p = sum(pairs.values()) / 21
    assert all(abs(c - mean_p) <= 0.3 * mean_p for c in pairs.values()), pairs


def test_a_small_budget_leaves_an_empty_slip() -> None:
    assert random_slip(S1_TILES, 0, random.Random(1)) == {"win": [], "place": []}
    assert random_slip(S1_TILES, 99, random.Random(1)) == {"win": [], "place": []}


def test_a_resampled_race_plays_to_the_end_through_the_checked_rules() -> None:
    state = a_slip_race()
    for k in range(5):
        r = state.resample_from_infostate(B, random.Random(k))
        assert r.view(B) == state.view(B) and r.slips[A] != state.slips[A]
        rng = random.Random(k)
        while not r.is_terminal():
            if r.is_chance():
                outcomes = [o for o, _ in r.chance_outcomes()]
                r.apply(rng.choice(outcomes))
            else:
                r.apply(rng.choice(r.legal_actions()))
        assert len(r.results) == 3


def test_race_placings_follow_the_finish() -> None:
    state = betting_state(3, start=A)
    bet(state, {A: [win(20, 500)]})
    finish_race(state)
    if state.phase == Phase.PHOTO:
        photo(state, 6, 0)
    assert state.finished_races() == 1
    finish = state.results[0]["finish"]
    assert state.race_placings(0) == [str(h) for h in finish]
    assert sorted(int(h) for h in state.race_placings(0)) == sorted(S1_TILES)
    assert state.race_placings(0)[0] == str(state.results[0]["winner"])
