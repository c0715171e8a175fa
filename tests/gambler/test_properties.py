"""Property tests: many random Gambler games with the spec's invariants checked after
every step.

1,020 seeded random games (34 per player count 2–6 × variant set), seeded ``Match``
save/replay round trips, and JSON round trips of the state along the way.
"""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from pygames.core import IllegalAction, Match, RandomBot, SeatWindow, sample_outcome
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
JUNK: list[Any] = [
    {"type": "pass"},
    {"type": "roll", "dice": 2},
    {"type": "roll_again", "dice": 1},
    {"type": "place", "die": 9, "row": 1},
    {"type": "place", "die": 0, "row": 0},
    {"type": "place", "die": 0, "row": 7},
    {"type": "place", "die": -1, "row": 1},
    {"type": "place", "die": 0},
    {"type": "take_back", "row": 9},
    {"type": "take_back"},
    {"type": "draw_board", "board": 11, "side": "A"},
    {"type": "die", "value": 0},
    {"row": 1},
    "roll",
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
        assert any(a["type"] == "place" for a in s.legal_actions()) or s.pending, (
            "await_place only with a fitting die (P3, R5)"
        )
    else:
        assert s.pending == [], "pending dice only inside a placement step"
    bound = math.ceil((s.target - START_POINTS) * n / 90)
    assert s.round <= bound, "game length bound (§4.6, V3)"


def check_results(s: GamblerState) -> None:
    """Each round adds at least its layout's Net to the score total (§4.6)."""
    n = len(s.players)
    before = START_POINTS * n
    for k, r in enumerate(s.results):
        total = sum(r["points"])
        assert total - before >= LAYOUTS[r["layout"]].net, "a round adds at least its Net (§4.6)"
        before = total
        if k < len(s.results) - 1 or not s.is_terminal():
            assert max(r["points"]) < s.target, "the game ends at the first round end ≥ target"


def check_refusal(s: GamblerState, rng: random.Random) -> None:
    """A random illegal action is refused with a reason and the state stays as it was."""
    before = s.to_json()
    candidates = [a for a in JUNK if not s.is_legal(a)]
    candidates += [
        {"type": t}
        for t in ("roll", "roll_again", "stop", "confirm")
        if not s.is_legal({"type": t})
    ]
    if s.phase == "await_place":
        candidates += [
            {"type": "place", "die": i, "row": r}
            for i in range(len(s.roll))
            for r in range(1, 7)
            if not s.is_legal({"type": "place", "die": i, "row": r})
        ][:6]
    action = rng.choice(candidates)
    reason = s.why_illegal(action)
    assert isinstance(reason, str) and reason, "a refusal has a reason"
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert s.to_json() == before, "refused action leaves the state unchanged"


def play_checked(n: int, options: dict[str, Any], seed: int) -> GamblerState:
    rng = random.Random(seed)
    s = GAME.new_state([f"P{i}" for i in range(n)], options)
    assert isinstance(s, GamblerState)
    steps = 0
    while not s.is_terminal():
        check_invariants(s)
        r = rng.random()
        if r < 0.01:
            check_refusal(s, rng)
        elif r < 0.013:
            data = s.to_json()
            again = GamblerState.from_json(json.loads(json.dumps(data)))
            assert again == s and again.to_json() == data, "to_json/from_json round trip"
        elif r < 0.015:
            view = s.view()
            assert json.loads(json.dumps(view)) == view, "view is JSON"
            seat = rng.randrange(n)
            assert s.view(seat) == {**view, "viewer": seat}, "no secrets: one table for all (§9)"
        if s.is_chance():
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9, "chance sums to 1"
            s.apply(sample_outcome(outcomes, rng))
        else:
            legal = s.legal_actions()
            assert legal, "a decision node has legal actions"
            s.apply(rng.choice(legal))
        steps += 1
        assert steps < 50_000, "every game ends"
    check_invariants(s)
    check_results(s)
    assert len(s.scores()) == n and s.winners()
    assert s.legal_actions() == [] and s.chance_outcomes() == []
    return s


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_keep_invariants(n: int, variant: int) -> None:
    for k in range(GAMES_PER_CONFIG):
        s = play_checked(n, VARIANTS[variant], k * 1009 + n * 31 + variant)
        assert s.is_terminal()


@pytest.mark.parametrize("seed", range(10))
def test_match_save_replays_to_equal_state(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 + seed % 5
    options = VARIANTS[seed % len(VARIANTS)]
    seats = [rng.choice(["human", "computer"]) for _ in range(n)]
    m = Match("gambler", [f"P{i}" for i in range(n)], options, seed, seats)
    stop = rng.randrange(50, 1500)
    bot = RandomBot()
    while not m.is_over() and len(m.history) < stop:
        if m.is_computer_turn():
            m.play_computer()
        else:
            seat = m.current_player()
            m.play(bot.choose(SeatWindow(m.state, seat), seat, rng))
    check_invariants(m.state)  # type: ignore[arg-type]
    saved = json.loads(json.dumps(m.to_json()))
    again = Match.from_json(saved)
    assert again.state == m.state
    assert again.history == m.history
    assert again.to_json() == m.to_json()
