"""The moves a seat's view lists (card and die options) are the engine's own moves,
worked out together per horse, and fresh data: editing one changes nothing else."""

from __future__ import annotations

import random
from typing import Any

from pygames.core import sample_outcome
from pygames.turfmaster import GAME
from pygames.turfmaster.state import TurfMasterState


def _decisions(seed: int, options: dict[str, Any]) -> list[TurfMasterState]:
    """Copies of every decision node of one seeded random game."""
    rng = random.Random(seed)
    state = GAME.new_state(["A", "B", "C"], options)
    assert isinstance(state, TurfMasterState)
    out = []
    while not state.is_terminal():
        if state.is_chance():
            state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
            continue
        out.append(state.clone())
        state.apply_trusted(rng.choice(state.legal_actions()))
    return out


def test_listed_moves_are_the_engine_moves_one_by_one() -> None:
    cards = dice = 0
    for seed, options in ((1, {}), (2, {"grand_national": True, "free_jokers": True})):
        for state in _decisions(seed, options):
            seat = state.current_player()
            view = state.view(seat)
            horse = view["acting_horse"]
            for o in view["card_options"] or []:
                want = (0, []) if o["too_high"] else state.move_options(horse, o["value"], "card")
                assert (o["cost"], o["ends"]) == want
                cards += 1
            for d in view["die_options"] or []:
                assert (d["cost"], d["ends"]) == state.move_options(horse, d["value"])
                dice += 1
    assert cards > 100 and dice > 10


def test_options_of_equal_value_share_no_list() -> None:
    shared = 0
    for state in _decisions(3, {"free_jokers": True}):
        view = state.view(state.current_player())
        listed = [o["ends"] for o in view["card_options"] or []]
        listed += [d["ends"] for d in view["die_options"] or []]
        ends = [e for e in listed if e]
        if len(ends) < 2:
            continue
        before = [list(e) for e in ends]
        ends[0].append("edited")
        assert [list(e) for e in ends[1:]] == before[1:]
        again = state.view(state.current_player())
        assert "edited" not in str(again["card_options"]) + str(again["die_options"])
        shared += 1
    assert shared > 20
