"""Property tests: many random Gambler games with the spec's invariants checked after
every step (1,020 seeded games: 34 per player count 2–6 × variant set).

What every game must keep (refusals, chance sums, JSON views, saves and replays) is
checked by the contract suite, ``tests/core/test_every_game.py``; here only what is
Gambler's own: dice conservation, rows filled left to right, supplies, the game's
length bound, and that every seat sees the same table (nothing is secret, §9).
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from pygames.core import sample_outcome
from pygames.gambler import GAME, GamblerState
from pygames.gambler.data import LAYOUTS, START_POINTS, match_set

GAMES_PER_CONFIG = 34
VARIANTS: list[dict[str, Any]] = [
    {},
    {"beginner_first": True},
    {"stack_order": "board_by_board"},
    {"stack_order": "fixed", "target": 300},
    {"target": 750, "youngest": 1},
    {"beginner_first": True, "stack_order": "board_by_board", "target": 300},
]
_VALID_ROWS: set[tuple[str, tuple[int, ...]]] = set()  # row states already checked


def check_invariants(s: GamblerState) -> None:
    """Named invariants of a Gambler state (spec §1.2, §1.3, §3, §4, R2, R13, R18, R26)."""
    n = len(s.players)
    d = 30 // n
    assert all(p >= 0 and p % 10 == 0 for p in s.points), "points ≥ 0, multiples of 10 (R18)"
    assert all(x >= 0 for x in s.supply) and 0 <= s.turn_dice <= 5, "dice counts in range"
    if s.phase == "draw_layout" or s.phase == "over":
        assert s.turn_dice == 0 and s.supply == [d] * n, "supplies reset between rounds (R15)"
        if s.phase == "over":
            assert max(s.points) >= s.target, "game ends only with someone at the target (§4.4)"
        return
    lay = LAYOUTS[s.layout or ""]
    assert s.layout == s.layout_of_round(s.round), "layout follows the stack sequence (§2.2)"
    placed = sum(len(f) for f in s.filled)
    assert sum(s.supply) + s.turn_dice + placed == d * n, "dice conservation (§1.2, R30)"
    assert placed < lay.boxes, "the tableau is never full while a round runs (P6)"
    for i, row in enumerate(lay.rows):
        values = s.filled[i]
        assert len(values) <= row.length, "a row never exceeds its boxes (R31)"
        key = (row.code, tuple(values))
        if key not in _VALID_ROWS:
            for k, v in enumerate(values):
                assert v in match_set(row.code, values[:k]), "dice fill rows left to right (R1, R2)"
            _VALID_ROWS.add(key)
        assert (s.closers[i] is not None) == (len(values) == row.length), "closed rows have closers"
    assert s.turn_dice > 0, "a turn in play always has turn dice (P1, P7)"
    assert s.supply[s.turn] + s.turn_dice > 0, "the player to move has dice (R13)"
    if s.phase == "await_roll":
        assert s.roll == [] and s.pending == [], "turn start: nothing rolled"
    elif s.phase == "rolling":
        assert len(s.roll) < s.turn_dice, "rolling: dice still to come"
    elif s.phase == "await_decision":
        assert s.roll == [], "unplaced dice are not held back (R8)"
    else:
        assert len(s.roll) == s.turn_dice, "a roll uses all turn dice (R8)"
    if s.phase == "await_place":
        dice = [die for die, _ in s.pending]
        assert len(dice) == len(set(dice)) and all(0 <= x < len(s.roll) for x in dice), (
            "each die placed at most once (P4)"
        )
        assert s.placements() or s.pending, "await_place only with a fitting die (P3, R5)"
    else:
        assert s.pending == [], "pending dice only inside a placement step"
    bound = math.ceil((s.target - START_POINTS) * n / 90)
    assert s.round <= bound, "game length bound (§4.6, V3)"


def check_results(s: GamblerState) -> None:
    """Each round adds at least its layout's Net to the score total (§4.6)."""
    n = len(s.players)
    before = START_POINTS * n
    for k, r in enumerate(s.results):
        starts_next = s.results[k + 1]["start_player"] if k + 1 < len(s.results) else None
        if starts_next is None and not s.is_terminal():
            starts_next = s.start_player
        if starts_next is not None:
            assert starts_next == (r["closer"] + 1) % n, "the seat after the closer starts (R16)"
        total = sum(r["points"])
        assert total - before >= LAYOUTS[r["layout"]].net, "a round adds at least its Net (§4.6)"
        before = total
        if k < len(s.results) - 1 or not s.is_terminal():
            assert max(r["points"]) < s.target, "the game ends at the first round end ≥ target"


def play_checked(n: int, options: dict[str, Any], seed: int) -> GamblerState:
    rng = random.Random(seed)
    s = GAME.new_state([f"P{i}" for i in range(n)], options)
    assert isinstance(s, GamblerState)
    steps = 0
    while not s.is_terminal():
        check_invariants(s)
        if rng.random() < 0.01:
            view = s.view(None)
            seat = rng.randrange(n)
            assert s.view(seat) == {**view, "viewer": seat}, "no secrets: one table for all (§9)"
        if s.is_chance():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
        steps += 1
        assert steps < 50_000, "every game ends"
    check_invariants(s)
    check_results(s)
    assert len(s.scores()) == n and s.winners()
    return s


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_keep_invariants(n: int, variant: int) -> None:
    for k in range(GAMES_PER_CONFIG):
        s = play_checked(n, VARIANTS[variant], k * 1009 + n * 31 + variant)
        assert s.is_terminal()
