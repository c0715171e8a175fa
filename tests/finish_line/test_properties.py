"""Property tests: many random Finish Line games with the game's own invariants checked
after every step, and checks that no view leaks another seat's slip or money.

1,005 seeded random games (67 per player count 2–4 × variant set). The generic checks
(refusals, chance, JSON views, save and replay) are in ``tests/core/test_every_game.py``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pygames.core import sample_outcome
from pygames.finish_line import GAME, FinishLineState
from pygames.finish_line.data import DICE_COUNTS, FIELDS, TILE_IDS, TYPE
from pygames.finish_line.state import RACE_PHASES, valid_amount

GAMES_PER_CONFIG = 67
VARIANTS: list[dict[str, bool]] = [
    {},
    {"strict_outsider": True},
    {"rotating_start": True},
    {"family_dice": True},
    {"strict_outsider": True, "rotating_start": True, "family_dice": True},
]


def check_invariants(s: FinishLineState) -> None:
    """Named invariants of a Finish Line state (spec §1–§4, R30)."""
    n = len(s.players)
    # dice conservation per colour across every zone (§1.7)
    count: Counter[str] = Counter()
    for zone in (s.pool, s.removed, s.out):
        for c, k in zone.items():
            assert k >= 0, f"dice conservation: negative {c} count"
            count[c] += k
    count.update(c for c, _ in s.hand)
    count.update(d[0] for on in s.dice for d in on)
    count["black"] += sum(s.held)
    assert dict(count) == DICE_COUNTS, "dice conservation across pool/hand/tiles/removed/held"
    if n == 2:
        assert sum(s.out.values()) == 4, "2 players: 4 dice out of the game"
    else:
        assert sum(s.out.values()) == 0, "3-4 players: every die in play"
    # dice-field limit (R30) and what a tile can hold (§3.5)
    for h, on in zip(s.row, s.dice, strict=True):
        assert len(on) <= FIELDS[h], "dice-field limit R30"
        assert sum(d[0] == "white" or d[1] == "EXTRA_TURN" for d in on) <= 1, "one horseshoe die"
        assert sum(d[0] == "red" for d in on) <= 1, "one whip per tile"
        assert sum(d[0] == "green" for d in on) <= 1, "one green die per tile (R29)"
        if TYPE[h] == "F":
            assert not any(d[0] == "white" for d in on), "a favourite never keeps a horseshoe"
        if TYPE[h] == "S":
            assert not any(d[0] == "red" for d in on), "a sprinter never holds a whip"
        assert all(d[1] is not None for d in on), "dice on tiles show a face"
    # row: unique horses of this lineup, 2..7 during the race
    assert len(s.row) == len(set(s.row)), "row holds unique horses"
    assert len(s.row) <= 7, "at most 7 horses"
    assert set(s.row) <= set(s.lineup), "row horses come from the lineup"
    if s.phase in RACE_PHASES or s.phase == "betting":
        assert len(s.lineup) == 7, "7 horses line up"
        assert len(s.row) >= 2, "at least 2 horses in the race (R27)"
    if s.phase == "betting":
        assert s.row == s.lineup and not any(s.dice), "the race starts from the lineup"
    assert len(s.dice) == len(s.row), "dice parallel to row"
    if s.nn:
        assert len(s.row) >= 2 and s.nn_used, "nn only with >= 2 horses, and only once"
    # tiles: every draw distinct, at most 21 ever drawn (3 never used)
    assert len(s.drawn) == len(set(s.drawn)) <= 21, "tiles drawn once, 3 never used"
    assert set(s.drawn) <= set(TILE_IDS)
    # money, stakes, ledger
    assert all(type(m) is int and m >= 0 for m in s.money), "money never negative"
    assert all(m % 100 == 0 for m in s.money), "money in multiples of 100"
    assert sum(s.ledger) == 0 and all(g % 500 == 0 for g in s.ledger), "side bets zero-sum"
    for seat, slip in enumerate(s.slips):
        assert len(slip["win"]) <= 3, "at most 3 win lines (B1)"
        assert len(slip["place"]) <= 2, "at most 2 place lines (B2)"
        assert len({h for h, _ in slip["win"]}) == len(slip["win"]), "win horses distinct"
        pairs = [tuple(p) for p, _ in slip["place"]]
        assert len(set(pairs)) == len(pairs), "place pairs distinct"
        assert all(p[0] < p[1] for p in pairs), "place pairs [a, b], a < b"
        lines = [a for _, a in slip["win"]] + [a for _, a in slip["place"]]
        assert all(a > 0 and a % 100 == 0 for a in lines), "stakes multiples of 100 (B3)"
        total = sum(lines)
        if s.phase == "betting":
            assert total <= s.money[seat], "slip within money (B4)"
        if s.phase in RACE_PHASES:
            assert total == s.stakes[seat], "stake deducted equals the slip (B7)"
    # hand and node kinds
    if s.phase == "take":
        assert len(s.hand) == 2 and s.pool_size() > 0, "2 passed dice, pool not empty"
    if s.phase in ("roll", "use"):
        assert len(s.hand) == 3, "3 dice rolled"
    if s.phase == "take_first":
        assert not s.hand and s.pool_size() > 7, "first turn: empty hand, pool > 7"
    if not s.is_terminal() and not s.is_chance():
        assert 0 <= s.current_player() < n and s.legal_actions(), "decision has actions"
    if s.is_chance():
        outcomes = s.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9, "chance sums to 1"
        assert all(p > 0 and "type" in o for o, p in outcomes), "outcomes typed, p > 0"
    if s.is_terminal():
        assert len(s.results) == 3, "three races"
        assert len(s.drawn) == 21


def check_views(s: FinishLineState) -> None:
    """No view shows another seat's slip or private money (§9, R44)."""
    n = len(s.players)
    for viewer in [None, *range(n)]:
        view = s.view(viewer)
        if viewer is None:
            assert view["slip"] is None, "public table shows no slip"
        elif s.phase != "over":
            own = s.slips[viewer]
            assert [[w["horse"], w["amount"]] for w in view["slip"]["win"]] == own["win"]
            assert [[p["horses"], p["amount"]] for p in view["slip"]["place"]] == own["place"]
        for seat in range(n):
            if seat != viewer and s.phase in RACE_PHASES:
                assert view["money"][seat] is None, "private money leaked (R44)"
        assert len(view["results"]) == len(s.results)
        # Secrecy: wiping every other seat's slip (and giving back its stake) must
        # leave this viewer's view exactly as it was.
        other = s.clone()
        for seat in range(n):
            if seat != viewer:
                other.slips[seat] = {"win": [], "place": []}
                if s.phase in RACE_PHASES:
                    other.money[seat] += other.stakes[seat]
                    other.stakes[seat] = 0
        assert other.view(viewer) == view, "a view leaks another seat's slip or money"


def play_checked(n: int, options: dict[str, bool], seed: int) -> FinishLineState:
    rng = random.Random(seed)
    s = GAME.new_state([f"P{i}" for i in range(n)], options)
    assert isinstance(s, FinishLineState)
    steps = 0
    while not s.is_terminal():
        check_invariants(s)
        if rng.random() < 0.005:
            check_views(s)
        if s.is_chance():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            legal = s.legal_actions()
            # Random slips: confirm now and then so that not every slip is all-in.
            done = {"type": "bet_done"}
            if s.phase == "betting" and rng.random() < 0.3:
                s.apply(done)
            else:
                s.apply(rng.choice(legal))
        steps += 1
        assert steps < 20_000, "every game ends"
    check_invariants(s)
    check_views(s)
    assert len(s.scores()) == n and s.winners()
    return s


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_keep_invariants(n: int, variant: int) -> None:
    for k in range(GAMES_PER_CONFIG):
        s = play_checked(n, VARIANTS[variant], k * 1009 + n * 31 + variant)
        assert s.is_terminal()


def test_amounts_are_exactly_the_r42_set() -> None:
    assert [a for a in range(0, 12000, 50) if valid_amount(a)] == [
        *range(100, 1000, 100),
        *range(1000, 10000, 1000),
        10000,
    ]
