"""The remembered moves (``movement.moves``) always answer as the movement rule itself.

A move is remembered by the squares the other horses forbid within its reach, so
the same start and value must give a new answer when another horse stands in the
way, and the old one again when it has gone.
"""

from __future__ import annotations

import random

import pytest

from pygames.core import sample_outcome
from pygames.turfmaster import GAME, movement
from pygames.turfmaster.data import SIDES
from pygames.turfmaster.movement import MAX_VALUE, Move, forbidden_squares, moves, reach, zones
from pygames.turfmaster.state import TurfMasterState


def as_rule(side: str, start: str, value: int, others: list[str], hurdles: bool) -> Move:
    b = SIDES[side]
    cost, ends = reach(
        b, b.index[start], value, forbidden_squares(b, [b.index[o] for o in others]), hurdles
    )
    return cost, tuple(ends), tuple(b.ids[e] for e in ends)


def remembered(side: str, start: str, value: int, others: list[str], hurdles: bool) -> Move:
    b = SIDES[side]
    return moves(b, b.index[start], value, [b.index[o] for o in others], hurdles)


def test_a_horse_in_the_way_changes_the_remembered_move_and_leaving_restores_it() -> None:
    # R18 (tests/turfmaster/test_rules): a horse on 1-130 keeps a move of 9 from 3-121 off it
    free = remembered("A", "3-121", 9, [], False)
    assert free == as_rule("A", "3-121", 9, [], False) and "1-130" in free[2]
    blocked = remembered("A", "3-121", 9, ["1-130"], False)
    assert blocked == as_rule("A", "3-121", 9, ["1-130"], False)
    assert blocked[2] == ("2-130", "3-130", "4-130", "5-130")
    # one far behind or far aside forbids nothing the move could touch: the open-track move
    assert remembered("A", "3-121", 9, ["3-100", "8-125"], False) == free
    assert remembered("A", "3-121", 9, [], False) == free


def test_hurdles_count_only_in_a_card_round_of_the_steeplechase() -> None:
    # from 4-28 a move of 10 can end on the hurdle row 38 (side B)
    for value in range(1, MAX_VALUE + 1):
        for hurdles in (False, True):
            got = remembered("B", "4-28", value, ["5-34"], hurdles)
            assert got == as_rule("B", "4-28", value, ["5-34"], hurdles), (value, hurdles)


def test_zones_hold_every_end_of_every_unblocked_move() -> None:
    b = SIDES["A"]
    for start in ("1-10", "4-40", "8-70", "2-120"):
        i = b.index[start]
        masks = zones(b, i)
        for value in range(1, MAX_VALUE + 1):
            assert masks[value - 1] & ~masks[value] == 0, "a longer move touches more"
            _, ends = reach(b, i, value, set(), False)
            assert all(masks[value] >> (e - i) & 1 for e in ends)


def test_moves_from_random_games_match_the_rule() -> None:
    """Every move of the horses on the board, after every step of random games on both
    sides (the memo fills up along the way)."""
    rng = random.Random(7)
    checked = 0
    for options in ({}, {"grand_national": True}):
        state = GAME.new_state(["A", "B", "C", "D"], dict(options))
        assert isinstance(state, TurfMasterState)
        b = state.board
        steps = 0
        while not state.is_terminal() and steps < 700:
            if state.is_chance():
                state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
            else:
                state.apply_trusted(rng.choice(state.legal_actions()))
            steps += 1
            on = [b.index[sq] for sq in state.squares if sq is not None]
            if steps % 5 or not on:
                continue
            for start in on:
                others = [o for o in on if o != start]
                forbidden = forbidden_squares(b, others)
                for value in (rng.randint(1, MAX_VALUE), rng.randint(1, MAX_VALUE)):
                    hurdles = rng.random() < 0.5
                    cost, ends = reach(b, start, value, forbidden, hurdles)
                    assert moves(b, start, value, others, hurdles)[:2] == (cost, tuple(ends))
                    checked += 1
    assert checked > 300


def test_moves_near_other_horses_are_remembered_up_to_the_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(movement, "BLOCKED_MEMO_LIMIT", 5)
    b = SIDES["A"]
    memo = movement._memo(b)
    for row in range(42, 62):
        other = f"3-{row}"
        got = moves(b, b.index["3-40"], 12, [b.index[other]], False)
        assert got == as_rule("A", "3-40", 12, [other], False)
        assert len(memo.blocked) <= 5
