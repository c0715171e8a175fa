"""The sharp player weighs whole placements in Gambler, not single dice.

A placement takes several actions (each die, then the confirmation). Weighed one die
at a time, every other die would be taken straight back by the friendly rollout (it
re-plans from the table and takes back what is not in its own plan), so the search
could never prefer another placement. These tests reach a placement by play with
forced dice (:mod:`.play`).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import SeatWindow, canonical
from pygames.core import search as search_module
from pygames.core.bots import bot_for
from pygames.gambler import GamblerState, Phase
from pygames.gambler.bot import placement_lines

from .play import new_game, roll

ROLL = [6, 6, 5, 4, 4]
"""On Lucky Start (1A: 66 +40, S3 +40, 5 +20, 444 +60, S4 +60, 11 -40) these dice can
close rows 1 and 3 and go part way into rows 2, 4 and 5."""


def placing() -> GamblerState:
    state = new_game(3, first="1A")
    roll(state, ROLL)
    assert state.phase == Phase.AWAIT_PLACE and not state.pending
    return state


def played(state: GamblerState, line: tuple[Any, ...]) -> GamblerState:
    """The line played through the checked path on a copy."""
    copy = state.clone()
    for action in line:
        copy.apply(action)
    return copy


def test_the_friendly_placement_comes_first_then_every_run_into_each_row() -> None:
    state = placing()
    seat = state.current_player()
    lines = placement_lines(SeatWindow(state, seat))
    assert lines is not None
    friendly, copy = [], state.clone()
    bot = bot_for("gambler")
    while not friendly or friendly[-1]["type"] != "confirm":
        friendly.append(bot.choose(SeatWindow(copy, seat), seat, random.Random(0)))
        copy.apply(friendly[-1])
    assert list(lines[0]) == friendly
    rows_and_dice = sorted(
        (line[0]["row"], len(line) - 1) for line in lines[1:] if line[0]["type"] == "place"
    )
    # row 1 (66): one or two sixes; row 2 (S3): one or two of a kind; row 3 (5): the five;
    # row 4 (444): one or two fours; row 5 (S4): one or two of a kind; row 6 (11): nothing
    assert rows_and_dice == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (4, 1), (4, 2), (5, 1), (5, 2)]
    for line in lines:
        assert line[-1] == {"type": "confirm"}
        after = played(state, line)  # every line is legal all the way
        assert after.phase != Phase.AWAIT_PLACE and not after.pending


def test_a_step_begun_has_whole_lines_and_a_roll_has_none() -> None:
    state = placing()
    seat = state.current_player()
    state.apply({"type": "place", "die": 0, "row": 1})
    lines = placement_lines(SeatWindow(state, seat))  # a die is already down
    assert lines is not None
    # the friendly player's way on from here first, then the step confirmed as it lies
    friendly, copy = [], state.clone()
    while not friendly or friendly[-1]["type"] != "confirm":
        friendly.append(bot_for("gambler").choose(SeatWindow(copy, seat), seat, random.Random(0)))
        copy.apply(friendly[-1])
    assert list(lines[0]) == friendly
    assert ({"type": "confirm"},) in lines
    for line in lines:
        assert line[-1] == {"type": "confirm"}
        played(state, line)  # every line is legal all the way
    fresh = new_game(3, first="1A")
    assert placement_lines(SeatWindow(fresh, fresh.current_player())) is None  # to roll


def test_the_search_plays_each_arm_as_a_whole_placement() -> None:
    state = placing()
    window = SeatWindow(state, state.current_player())
    lines = {canonical(list(line)) for line in placement_lines(window) or []}
    arms = search_module.search(window, random.Random(2), iterations=10)
    assert arms and all(canonical([a.action, *a.rest]) in lines for a in arms)
    assert sum(a.lead for a in arms) == 1


def _sharp_placement(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Any], list[Any], Any]:
    """A sharp player's whole placement step, and the searches it ran on the way."""
    state = placing()
    seat = state.current_player()
    lines = placement_lines(SeatWindow(state, seat))
    calls: list[list[search_module.Arm]] = []
    real = search_module.search

    def counted(*args: Any, **kwargs: Any) -> list[search_module.Arm]:
        calls.append(real(*args, **kwargs))
        return calls[-1]

    monkeypatch.setattr(search_module, "search", counted)
    sharp = bot_for("gambler", "sharp", iterations=10)
    done: list[Any] = []
    while not done or done[-1]["type"] != "confirm":
        done.append(sharp.choose(SeatWindow(state, seat), seat, random.Random(3)))
        state.apply(done[-1])
    return done, calls, lines


def test_a_sharp_player_places_as_the_friendly_one_without_searching(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Gambler's sharp player keeps the friendly placement (see ``register_lines``)."""
    done, calls, lines = _sharp_placement(monkeypatch)
    assert calls == [] and lines is not None and done == list(lines[0])


def test_a_sharp_player_that_weighs_lines_plays_its_chosen_one_to_the_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where a game lets the sharp player weigh lines, it searches once, at the start,
    and plays the rest of the line it chose without searching again."""
    monkeypatch.setattr(search_module, "_SHARP_LINES", {"gambler"})
    done, calls, _ = _sharp_placement(monkeypatch)
    assert len(calls) == 1
    chosen = search_module.choice(calls[0])
    assert done == [chosen.action, *chosen.rest]
