"""Untrusted saves: loads_save checks size and depth first; Match.from_json only says BadSave."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pygames.core import BadSave, Match, games
from pygames.core.saving import MAX_SAVE_CHARS, MAX_SAVE_DEPTH, loads_save, nesting_depth


def _save(game_id: str, steps: int, seed: int) -> dict[str, Any]:
    n = 3
    seats = ["human", "computer", "human"]
    m = Match(game_id, ["Ann", "Ben", "Cy"][:n], seed=seed, seats=seats)
    for _ in range(steps):
        if m.is_over():
            break
        if m.is_computer_turn():
            m.play_computer()
        else:
            m.play(random.Random(len(m.history)).choice(m.state.legal_actions()))
    data: dict[str, Any] = json.loads(json.dumps(m.to_json()))
    return data


# --- loads_save ---------------------------------------------------------------------
@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_thousands_of_levels_are_refused_before_parsing(opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    text = opener * 5000 + "1" + closer * 5000
    with pytest.raises(BadSave, match="nested too deeply"):
        loads_save(text)
    # Unbalanced or cut off: refused all the same.
    with pytest.raises(BadSave):
        loads_save(opener * 5000)


def test_depth_limit_is_exact() -> None:
    ok = "[" * MAX_SAVE_DEPTH + "]" * MAX_SAVE_DEPTH
    assert nesting_depth(ok, MAX_SAVE_DEPTH) == MAX_SAVE_DEPTH
    assert loads_save(ok) == json.loads(ok)
    deeper = "[" + ok + "]"
    with pytest.raises(BadSave, match="nested too deeply"):
        loads_save(deeper)


def test_brackets_inside_strings_do_not_count() -> None:
    deep_text = "[{" * 5000
    text = json.dumps({"name": deep_text, "quote": 'a "quoted" \\ [', "x": ["]]]"]})
    assert loads_save(text)["name"] == deep_text
    # An escaped quote does not end the string: the brackets after it are still text.
    assert nesting_depth(r'["a\"[[[[", 1]', 3) == 1


def test_oversize_text_is_refused() -> None:
    text = json.dumps({"history": ["x" * 100] * (MAX_SAVE_CHARS // 100)})
    assert len(text) > MAX_SAVE_CHARS
    with pytest.raises(BadSave, match="too long"):
        loads_save(text)


@pytest.mark.parametrize("text", ["", "{", "nope", "{'a': 1}", '{"a": 1} x', "[1,]", "\x00"])
def test_invalid_json_is_bad_save(text: str) -> None:
    with pytest.raises(BadSave, match="not valid JSON"):
        loads_save(text)


def test_not_text_is_bad_save() -> None:
    with pytest.raises(BadSave):
        loads_save(b"{}")  # type: ignore[arg-type]


def test_real_saves_round_trip_well_within_the_limits() -> None:
    for game in games():
        data = _save(game.id, 10_000, seed=5)
        text = json.dumps(data)
        assert len(text) < MAX_SAVE_CHARS // 10
        assert nesting_depth(text, MAX_SAVE_DEPTH) <= 6
        loaded = loads_save(text)
        assert loaded == data
        again = Match.from_json(loaded)
        assert again.to_json() == data and again.is_over()


# --- Match.from_json: BadSave and nothing else -------------------------------------
ODD_VALUES: list[Any] = [
    None,
    True,
    0,
    -1,
    1.5,
    10**30,
    2**63,
    float("inf"),
    "",
    "x",
    [],
    ["Ann"],
    {},
    {"type": "roll"},
    [[[[["deep"]]]]],
]


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


def _mutate(data: Any, rng: random.Random) -> Any:
    """One random damage: a value swapped, a key dropped, an entry moved or copied."""
    path = rng.choice(_paths(data)[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    what = rng.randrange(4)
    if what == 0:
        parent[last] = rng.choice(ODD_VALUES)
    elif what == 1 and isinstance(parent, dict):
        del parent[last]
    elif what == 2 and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), parent[last])
    elif what == 3 and isinstance(parent, list) and len(parent) > 1:
        parent[last], parent[-1] = parent[-1], parent[last]
    else:
        parent[last] = [parent[last]]
    return data


def test_mutated_real_saves_raise_only_bad_save() -> None:
    saves = [_save(g.id, 25, seed=i) for i, g in enumerate(games())]
    rng = random.Random(2024)
    loaded = refused = 0
    for n in range(400):
        data = json.loads(json.dumps(saves[n % len(saves)]))
        for _ in range(1 + n % 3):
            data = _mutate(data, rng)
        try:
            Match.from_json(data)
            loaded += 1
        except BadSave:
            refused += 1
    assert refused > 300 and loaded + refused == 400


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(players=[["Ann"], "Ben", "Cy"]),
        lambda d: d.update(players="AnnBenCy"),
        lambda d: d.update(players=["Ann", "ann ", "Cy"]),
        lambda d: d.update(players=["Ann", "B" * 33, "Cy"]),
        lambda d: d.update(seats="hch"),
        lambda d: d.update(options=[["hidden_bets", True]]),
        lambda d: d.update(game=["royal_turf"]),
        lambda d: d.update(seed=10**400),
        lambda d: d["history"].__setitem__(-1, {**d["history"][-1], "seat": True}),
        lambda d: d["history"][-1]["action"].update(horse={"h": 1}),
        lambda d: d["history"][-1]["action"].update(chip=[1]),
        lambda d: d["history"].append({"kind": "action", "seat": 0, "action": {"type": ["x"]}}),
        lambda d: d["history"].append(
            {"kind": "action", "seat": 0, "action": {"type": "place_chip", "chip": {1: 2}}}
        ),
    ],
)
def test_odd_types_in_a_save_are_bad_saves(change: Any) -> None:
    m = Match("royal_turf", ["Ann", "Ben", "Cy"], seed=3)
    m.play(m.state.legal_actions()[0])
    data = json.loads(json.dumps(m.to_json()))
    change(data)
    with pytest.raises(BadSave):
        Match.from_json(data)


def test_deeply_nested_action_is_a_bad_save() -> None:
    # Built in Python (loads_save would refuse the text): no RecursionError escapes.
    m = Match("royal_turf", ["Ann", "Ben"], seed=3)
    data = json.loads(json.dumps(m.to_json()))
    deep: Any = 1
    for _ in range(100_000):
        deep = [deep]
    data["history"].append({"kind": "action", "seat": 0, "action": {"type": "x", "v": deep}})
    with pytest.raises(BadSave):
        Match.from_json(data)
