"""The fast listings (kept action dicts, cut betting blocks) list exactly what the rules
give, in the documented order: checked against plain enumerations written from the rules."""

from __future__ import annotations

import random

from pygames.core import Action, sample_outcome
from pygames.finish_line.data import MAX_PLACE_LINES, MAX_WIN_LINES
from pygames.finish_line.state import (
    FinishLineState,
    Phase,
    amount_count,
    amounts_up_to,
    lineup_lines,
    nth_amount,
    slip_stake,
)

from .play import A, B, betting_state, decide, new_state, place, win


def plain_bets(state: FinishLineState) -> list[Action]:
    """D-BET written straight from B1–B4 and the module docstring's order."""
    slip = state.slips[state.turn]
    amounts = amounts_up_to(state.money[state.turn] - slip_stake(slip))
    out: list[Action] = []
    if amounts:
        wins = [h for h, _ in slip["win"]]
        for h in state.lineup:
            if h in wins or len(wins) < MAX_WIN_LINES:
                out += [{"type": "bet_win", "horse": h, "amount": a} for a in amounts]
        pairs = [p for p, _ in slip["place"]]
        for i, a in enumerate(state.lineup):
            for b in state.lineup[i + 1 :]:
                pair = sorted([a, b])
                if pair in pairs or len(pairs) < MAX_PLACE_LINES:
                    out += [{"type": "bet_place", "horses": pair, "amount": x} for x in amounts]
    out.append({"type": "bet_done"})
    return out


def plain_uses(state: FinishLineState) -> list[Action]:
    """D-USE from ``use_targets``: each distinct die's uses, then its discard."""
    dice = state.hand_dice()
    out: list[Action] = [
        {"type": "use", "colour": c, "face": f, **t}
        for c, f in dice
        for t in state.use_targets(c, f)
    ]
    return out + [{"type": "discard", "colour": c, "face": f} for c, f in dice]


def test_amounts_are_counted_and_numbered_as_listed() -> None:
    for limit in [*range(0, 30_000, 100), 99, 150, 999_999, 10**9, 123_456_700]:
        assert amount_count(limit) == len(amounts_up_to(limit)), limit
    assert [nth_amount(i) for i in range(45)] == amounts_up_to(nth_amount(44))


def test_betting_lists_follow_the_rules_with_open_and_full_slips() -> None:
    state = betting_state(2, start=A)
    checked = 0
    for action in [
        win(8, 100),
        place(3, 5, 200),
        win(22, 100),
        place(18, 20, 100),  # both place lines taken
        win(20, 100),  # all three win lines taken
        win(8, 300),
    ]:
        assert state.legal_actions() == plain_bets(state)
        decide(state, action)
        checked += 1
    assert state.legal_actions() == plain_bets(state)
    decide(state, {"type": "bet_done"})
    assert state.current_player() == B and state.legal_actions() == plain_bets(state)
    assert checked == 6


def test_listings_match_the_plain_ones_over_random_games() -> None:
    rng = random.Random(3)
    uses = bets = 0
    for game in range(6):
        state = new_state(2 + game % 3, family_dice=game % 2 == 1)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            if state.phase == Phase.USE:
                assert legal == plain_uses(state)
                uses += 1
            elif state.phase == Phase.BETTING:
                assert legal == plain_bets(state)
                bets += 1
            state.apply(rng.choice(legal))
    assert uses > 100 and bets > 20


def test_kept_lines_grow_for_a_rich_slip() -> None:
    """Lines are kept for the first 36 amounts (up to 900,000); more money asks for
    more, and the blocks of a lineup then reach that far."""
    lineup = (8, 22, 3, 5, 18, 11, 20)
    win_blocks, place_blocks = lineup_lines(lineup, 45)
    assert [h for h, _ in win_blocks] == list(lineup)
    assert len(place_blocks) == 21 and all(a < b for (a, b), _ in place_blocks)
    for h, lines in win_blocks:
        assert lines[:45] == [
            {"type": "bet_win", "horse": h, "amount": nth_amount(i)} for i in range(45)
        ]
    (a, b), lines = place_blocks[0]
    assert (a, b) == (8, 22) and lines[44] == {
        "type": "bet_place",
        "horses": [8, 22],
        "amount": 9_000_000,
    }
