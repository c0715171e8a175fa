"""The view's parts that are worked out once (place odds per lineup, horse names, die
faces) are handed out as fresh copies: editing a view changes no later view."""

from __future__ import annotations

import random

from pygames.core import sample_outcome
from pygames.finish_line import GAME


def test_editing_a_view_changes_no_later_view() -> None:
    rng = random.Random(7)
    state = GAME.new_state(["A", "B", "C"])
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance():
            state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        view = state.view(seat)
        if view["place_odds"]:
            want = state.view(seat)
            for pair in view["place_odds"]:
                view["place_odds"][pair] += 1000
            view["names"]["1"] = "edited"
            next(iter(view["faces"].values())).append("edited")
            assert state.view(seat) == want
            checked += 1
        state.apply_trusted(rng.choice(state.legal_actions()))
    assert checked == 40


def test_place_odds_follow_each_race_lineup() -> None:
    rng = random.Random(8)
    state = GAME.new_state(["A", "B"])
    seen: dict[tuple[int, ...], dict[str, int]] = {}
    while not state.is_terminal():
        if state.is_chance():
            state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
            continue
        view = state.view(None)
        if view["place_odds"]:
            lineup = tuple(view["lineup"])
            odds = dict(zip(lineup, view["odds"], strict=True))
            assert view["place_odds"] == {
                f"{a}-{b}": odds[a] + odds[b] for a in lineup for b in lineup if a < b
            }
            seen[(view["race"], *lineup)] = view["place_odds"]
        state.apply_trusted(rng.choice(state.legal_actions()))
    assert len(seen) >= 2  # more than one race's lineup was checked
