"""Choices of several steps (a Gambler placement, a Homestretch bet, a Finish Line
slip) weighed whole, and the narrowed choices of Royal Turf's two-player bets.

For every game that lists such lines (:func:`pygames.core.search.register_lines`), at
positions reached by random play: the friendly player's own sequence comes first (Royal
Turf: the rule of thumb's pick among the bets apart from the rival, see
``tests/royal_turf/test_sharp_apart.py``), every line is legal all the way through the
checked path and ends the seat's choice, and no line is listed twice. The advice then
names, and the table plays, whole lines.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import pygames
from pygames.core import SeatWindow, State, canonical, sample_outcome
from pygames.core import search as search_module
from pygames.core.advice import advise
from pygames.core.bots import bot_for, heuristic_for

for _game in pygames.games():
    bot_for(_game.id)  # loads the game's computer player, which registers its lines
LINED = sorted(search_module._LINES)
OWN_FIRST = {"royal_turf"}
"""Games whose first line is the game's own pick, not the friendly player's."""
PLAYERS = {"royal_turf": 2}
"""Players at the table where a game lists lines (Royal Turf: two only); else three."""


def starts(game_id: str, count: int) -> list[State[Any]]:
    """Positions of random games where the seat to act has lines to weigh."""
    game = pygames.get_game(game_id)
    found: list[State[Any]] = []
    rng = random.Random(8)
    for _ in range(20):
        state = game.new_state(["A", "B", "C"][: PLAYERS.get(game_id, 3)])
        while not state.is_terminal() and len(found) < count:
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            window = SeatWindow(state, seat)
            if search_module._LINES[game_id](window) and rng.random() < 0.5:
                found.append(state.clone())
            state.apply(bot_for(game_id).choose(window, seat, rng))
        if len(found) >= count:
            break
    return found


def test_four_games_weigh_lines() -> None:
    assert LINED == ["finish_line", "gambler", "homestretch", "royal_turf"]
    assert search_module._ADVICE_LINES == {"finish_line"}  # Sharp searches single steps
    assert search_module._SHARP_LINES == {"royal_turf"}  # Sharp searches the lines


@pytest.mark.parametrize("game_id", LINED)
def test_lines_start_with_the_friendly_choice_and_each_is_legal_to_its_end(game_id: str) -> None:
    positions = starts(game_id, 4)
    assert len(positions) == 4
    for state in positions:
        seat = state.current_player()
        lines = search_module._LINES[game_id](SeatWindow(state, seat))
        assert lines and len({canonical(list(line)) for line in lines}) == len(lines)
        # the first line: the friendly player's, or in Homestretch and Finish Line the
        # plain heuristic's (their friendly players draw their bets among near-equal
        # cells or horses), played step by step
        plain_first = game_id in ("homestretch", "finish_line")
        first = heuristic_for(game_id) if plain_first else bot_for(game_id)
        steps, copy = [], state.clone()
        for _ in lines[0]:
            steps.append(first.choose(SeatWindow(copy, seat), seat, random.Random(0)))
            copy.apply(steps[-1])
        assert list(lines[0]) == steps or game_id in OWN_FIRST
        for line in lines:
            after = state.clone()
            for action in line:
                assert after.current_player() == seat
                after.apply(action)  # checked: refuses an illegal step
            # the choice is over: the seat has no further step of it to take
            assert search_module._LINES[game_id](SeatWindow(after, seat)) is None
            assert after.current_player() != seat or canonical(after.legal_actions()) != (
                canonical(state.legal_actions())
            )


@pytest.mark.parametrize("game_id", LINED)
def test_the_advice_weighs_whole_lines_and_the_sharp_player_plays_the_friendly_one(
    game_id: str,
) -> None:
    state = starts(game_id, 1)[0]
    seat = state.current_player()
    window = SeatWindow(state, seat)
    lines = {canonical(list(line)) for line in search_module._LINES[game_id](window) or []}
    tips = advise(window, random.Random(1), iterations=10)
    # a one-step line (Finish Line's "bet nothing") is a tip's action alone
    assert tips and all(canonical(t.get("line") or [t["action"]]) in lines for t in tips)
    friendly = list((search_module._LINES[game_id](window) or [()])[0])
    sharp = bot_for(game_id, "sharp", iterations=10)
    if game_id in search_module._ADVICE_LINES:
        # the lines are the advice's alone: Sharp weighs the single steps it can take now
        searched = search_module.search(
            window, random.Random(2), iterations=10, lines_allowed=False
        )
        assert all(not arm.rest for arm in searched)
        assert next(arm for arm in searched if arm.lead).action == friendly[0]
        chosen = sharp.choose(SeatWindow(state, seat), seat, random.Random(2))
        assert state.is_legal(chosen) and chosen in [arm.action for arm in searched]
        return
    if game_id in search_module._SHARP_LINES:
        # Sharp searches the lines and plays one of them
        chosen = sharp.choose(SeatWindow(state, seat), seat, random.Random(2))
        assert canonical([chosen]) in lines
        return
    played = []
    for _ in friendly:
        played.append(sharp.choose(SeatWindow(state, seat), seat, random.Random(2)))
        state.apply(played[-1])
    assert played == friendly
