"""Actions are strictly typed in every game: a look-alike of a legal action is refused.

``7.0`` or ``True`` is not the horse ``7``, ``"7"`` is not either, and an unhashable
value where a card id belongs is refused with ``IllegalAction`` (never
``TypeError``), leaving the state exactly as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from pygames.core import IllegalAction, State, canonical, games, sample_outcome
from pygames.core.state import same_json

NODES_PER_GAME = 12
ACTIONS_PER_NODE = 3


def _variants(value: Any) -> Iterator[Any]:
    """Values that Python may find equal (or close) to ``value`` but JSON does not."""
    if isinstance(value, bool):
        yield int(value)
        yield str(value).lower()
    elif isinstance(value, int):
        yield float(value)
        yield str(value)
        if value in (0, 1):
            yield bool(value)
        yield [value]
    elif isinstance(value, str):
        yield {"id": value}
        yield [value]
        yield None
        yield value.upper() + "?"
    elif isinstance(value, list):
        yield {"items": value}
        yield None
        if value:
            for i, item in enumerate(value):
                for other in _variants(item):
                    yield [*value[:i], other, *value[i + 1 :]]
            yield value[:-1]
    elif isinstance(value, dict):
        yield list(value)
        yield None
        for k, item in value.items():
            for other in _variants(item):
                yield {**value, k: other}
    else:
        yield "?"


def mutations(action: dict[str, Any]) -> Iterator[Any]:
    """Malformed look-alikes of a legal action: swapped types, extra or missing keys."""
    for key, value in action.items():
        if key == "type":
            yield {**action, "type": [value]}
            yield {**action, "type": value.upper()}
            continue
        for other in _variants(value):
            yield {**action, key: other}
        yield {k: v for k, v in action.items() if k != key}
    yield {**action, "extra": 1}
    yield {**action, "type": 7}
    yield [action]
    yield canonical(action)


def _option_sets(game_id: str) -> list[dict[str, Any]]:
    game = next(g for g in games() if g.id == game_id)
    switches = {o.name: True for o in game.options if o.values == (False, True)}
    return [{}, switches]


def _decision_nodes(game_id: str, options: dict[str, Any], seed: int) -> Iterator[State]:
    game = next(g for g in games() if g.id == game_id)
    rng = random.Random(seed)
    state = game.new_state([f"P{i}" for i in range(3)], options)
    found = 0
    while not state.is_terminal() and found < NODES_PER_GAME:
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        if rng.random() < 0.08:
            found += 1
            yield state
        state.apply(rng.choice(legal))


@pytest.mark.parametrize("game_id", [g.id for g in games()])
def test_look_alikes_of_legal_actions_are_refused(game_id: str) -> None:
    checked = 0
    for n, options in enumerate(_option_sets(game_id)):
        for state in _decision_nodes(game_id, options, seed=n):
            rng = random.Random(checked)
            legal = state.legal_actions()
            before = state.to_json()
            for action in rng.sample(legal, min(len(legal), ACTIONS_PER_NODE)):
                for bad in mutations(action):
                    if any(same_json(bad, a) for a in legal):
                        continue  # e.g. dropping a field that another legal action lacks
                    reason = state.why_illegal(bad)
                    assert isinstance(reason, str) and reason, (game_id, bad)
                    with pytest.raises(IllegalAction):
                        state.apply(bad)
                    assert state.to_json() == before, (game_id, bad)
                    checked += 1
    assert checked > 100


def test_free_joker_with_a_dict_for_a_card_is_refused_not_a_type_error() -> None:
    # TurfMaster V3 looked the card up in a set of jokers: a dict raised TypeError.
    for state in _decision_nodes("turfmaster", {"free_jokers": True}, seed=3):
        play = [a for a in state.legal_actions() if a["type"] == "play_card"]
        if play:
            bad = {**play[0], "card": {"id": play[0]["card"]}}
            with pytest.raises(IllegalAction, match="not in horse"):
                state.apply(bad)
            return
    raise AssertionError("no card turn reached")


def test_game_reasons_are_kept_for_look_alikes() -> None:
    game = next(g for g in games() if g.id == "royal_turf")
    state = game.new_state(["A", "B"])
    rng = random.Random(1)
    while state.is_chance():
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    action = state.legal_actions()[0]
    assert state.why_illegal({**action, "chip": float(action["chip"])}).startswith("you have no")
    assert state.why_illegal({**action, "horse": ["x"]}).startswith("there is no horse")
    assert "fields" in str(state.why_illegal({**action, "speed": 3}))


def test_same_json_tells_json_types_apart() -> None:
    assert same_json({"a": [1, "x"]}, {"a": [1, "x"]})
    assert same_json([1, 2], (1, 2))  # canonical() does not tell them apart either
    assert not same_json({"a": 1}, {"a": 1.0})
    assert not same_json({"a": 1}, {"a": True})
    assert not same_json({"a": 1}, {"a": 1, "b": 2})
    assert not same_json([1], [1, 1])
    assert not same_json({"a": 1}, [("a", 1)])
