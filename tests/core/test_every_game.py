"""One contract suite, run over every registered game (as OpenSpiel's api_test does).

Whatever a game's rules, its state must: refuse bad moves leaving itself byte for byte
as it was; offer chance outcomes that sum to 1; show views that are JSON, match the
game's view ``TypedDict`` and never share data with the state; never let a seat's view
depend on another seat's secret choice; save and replay to an equal state; and start
and end for every option combination it offers at every player count. Game folders
keep only their own rules, scenarios and computer-player strength.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
import typing
from typing import Any

import pytest

import pygames
from pygames.core import IllegalAction, Match, RandomBot, State, canonical, sample_outcome
from pygames.core.playout import random_playout
from pygames.core.view import BaseView

from .typed_check import mismatches

GAMES = [g.id for g in pygames.games()]
NAMES = [f"P{i + 1}" for i in range(8)]


def view_type(game_id: str) -> Any:
    """The view TypedDict a game's state class declares (``State[<Game>View]``)."""
    cls = pygames.get_game(game_id).state_class
    for base in getattr(cls, "__orig_bases__", ()):
        if typing.get_origin(base) is State:
            (kind,) = typing.get_args(base)
            return kind
    raise AssertionError(f"{cls.__name__} does not say its view type (State[<View>])")


def option_combinations(game_id: str, n: int) -> list[dict[str, Any]]:
    """Every combination of the option values the game offers a table of ``n``."""
    game = pygames.get_game(game_id)
    chosen = [o for o in game.options if o.values]  # free-text options keep their default
    grids = [o.values_for(n) for o in chosen]
    return [
        dict(zip([o.name for o in chosen], combo, strict=True))
        for combo in itertools.product(*grids)
    ]


def sample_games(game_id: str, count: int, seed: int) -> list[tuple[int, dict[str, Any]]]:
    """``count`` (player count, options) pairs spread over what the game offers."""
    game = pygames.get_game(game_id)
    rng = random.Random(seed)
    setups = [
        (n, opts)
        for n in range(game.min_players, game.max_players + 1)
        for opts in option_combinations(game_id, n)
    ]
    rng.shuffle(setups)
    return setups[:count]


def walk(state: State[Any], rng: random.Random, visit: Any) -> State[Any]:
    """Play ``state`` to the end at random, calling ``visit(state)`` before every step."""
    for _ in range(100_000):
        visit(state)
        if state.is_terminal():
            return state
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


# --- every option combination at every player count starts and ends -----------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_every_offered_setup_starts_and_ends(game_id: str) -> None:
    game = pygames.get_game(game_id)
    rng = random.Random(1)
    played = 0
    for n in range(game.min_players, game.max_players + 1):
        for options in option_combinations(game_id, n):
            state = random_playout(game.new_state(NAMES[:n], options), rng)
            assert state.is_terminal()
            assert sorted(state.ranking())[0] == 1 and len(state.scores()) == n
            played += 1
    assert played >= game.max_players - game.min_players + 1


@pytest.mark.parametrize("game_id", GAMES)
def test_an_option_value_a_table_cannot_use_is_refused(game_id: str) -> None:
    game = pygames.get_game(game_id)
    for n in range(game.min_players, game.max_players + 1):
        for opt in game.options:
            for value in set(opt.values) - set(opt.values_for(n)):
                with pytest.raises(ValueError):
                    game.new_state(NAMES[:n], {opt.name: value})


# --- per-step contract ------------------------------------------------------------------
def _mangled(action: dict[str, Any], rng: random.Random) -> list[Any]:
    """Look-alikes of a legal action that are not legal: wrong types, extra or missing keys."""
    out: list[Any] = [None, 7, "x", [], {}, {"type": 3}, {"type": "no_such_move"}]
    out.append({**action, "surplus": 1})
    for key, value in action.items():
        if key == "type":
            continue
        out.append({k: v for k, v in action.items() if k != key})
        if isinstance(value, bool):
            out.append({**action, key: int(value)})
        elif isinstance(value, int):
            out.append({**action, key: float(value)})
            out.append({**action, key: str(value)})
        elif isinstance(value, str):
            out.append({**action, key: [value]})
        out.append({**action, key: {"deep": [value]}})
    rng.shuffle(out)
    return out[:8]


def _check_step(state: State[Any], rng: random.Random, schema: Any) -> None:
    before = canonical(state.to_json())
    # Chance outcomes are a probability distribution over distinct outcomes.
    if state.is_chance() and not state.is_terminal():
        outcomes = state.chance_outcomes()
        assert outcomes and all(p > 0 for _, p in outcomes)
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        assert len({canonical(o) for o, _ in outcomes}) == len(outcomes)
        assert state.legal_actions() == []
    elif not state.is_terminal():
        legal = state.legal_actions()
        assert legal and len({canonical(a) for a in legal}) == len(legal)
        assert 0 <= state.current_player() < len(state.players)
        # Refusals give a reason and leave the state exactly as it was.
        for bad in _mangled(rng.choice(legal), rng):
            if state.why_illegal(bad) is None:
                continue  # e.g. an unlisted whole-turn action the game accepts as well
            try:
                state.apply(bad)
            except IllegalAction as exc:
                assert str(exc)
            else:
                raise AssertionError(f"{bad!r} was accepted")
            assert canonical(state.to_json()) == before
    # Views: JSON, the declared schema, fresh data.
    for viewer in [None, *range(len(state.players))]:
        view = state.view(viewer)
        assert json.loads(json.dumps(view)) == view
        problems = mismatches(view, schema)
        assert not problems, (
            f"{state.game_id} view({viewer}) does not match its schema: {problems[:5]}"
        )
        assert view["viewer"] == viewer and view["game"] == state.game_id
        assert view["current_player"] == state.current_player()
        kept = copy.deepcopy(view)
        _scribble(view)
        assert canonical(state.to_json()) == before, "editing a view changed the game"
        assert state.view(viewer) == kept, "editing a view changed the next view"
    # Copies and saves are equal and independent.
    twin = state.clone()
    assert twin == state and twin is not state
    assert type(state).from_json(json.loads(json.dumps(state.to_json()))) == state
    assert canonical(state.to_json()) == before


def _scribble(data: Any) -> None:
    """Change every list and object inside ``data`` in place."""
    if isinstance(data, dict):
        for value in list(data.values()):
            _scribble(value)
        data["__scribbled__"] = True
    elif isinstance(data, list):
        for value in list(data):
            _scribble(value)
        data.append("__scribbled__")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_keeps_the_contract(game_id: str) -> None:
    schema = view_type(game_id)
    game = pygames.get_game(game_id)
    for i, (n, options) in enumerate(sample_games(game_id, 6, seed=2)):
        rng = random.Random(100 + i)
        steps = 0

        def visit(state: State[Any], rng: random.Random = rng) -> None:
            nonlocal steps
            steps += 1
            if steps % 7 == 1 or state.is_terminal():  # every 7th step: the checks are slow
                _check_step(state, rng, schema)

        end = walk(game.new_state(NAMES[:n], options), rng, visit)
        final = end.view(None)["final"]
        assert final == {"scores": end.scores(), "ranking": end.ranking(), "winners": end.winners()}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_view_type_extends_the_base_view(game_id: str) -> None:
    schema = view_type(game_id)
    base_keys = set(typing.get_type_hints(BaseView))
    assert base_keys <= set(typing.get_type_hints(schema))


# --- secrets ------------------------------------------------------------------------------
# Phases where the rules themselves hand one seat's secret choice to another: in the
# Homestretch draft the cards a player passes on are those they did not keep.
PASSES_ON = {("homestretch", "draft")}


@pytest.mark.parametrize("game_id", GAMES)
def test_no_view_depends_on_another_seats_secret_choice(game_id: str) -> None:
    """Choices that leave the same public table leave every other seat's view unchanged.

    From positions met in random games, every pair of the mover's choices whose
    results look the same to the public must look the same to each other seat too:
    otherwise that seat's view shows something of the mover's secret.
    """
    game = pygames.get_game(game_id)
    compared = 0
    for i, (n, options) in enumerate(sample_games(game_id, 4, seed=3)):
        rng = random.Random(200 + i)

        def visit(state: State[Any], rng: random.Random = rng) -> None:
            nonlocal compared
            if state.is_terminal() or state.is_chance() or rng.random() > 0.3:
                return
            if (game_id, str(state.view(None)["phase"])) in PASSES_ON:
                return
            mover = state.current_player()
            legal = state.legal_actions()
            by_public: dict[str, list[State[Any]]] = {}
            for action in rng.sample(legal, min(len(legal), 10)):
                after = state.clone()
                after.apply(action)
                by_public.setdefault(canonical(after.view(None)), []).append(after)
            for group in by_public.values():
                for a, b in itertools.combinations(group, 2):
                    for seat in range(len(state.players)):
                        if seat != mover:
                            assert a.view(seat) == b.view(seat), (
                                f"seat {seat} can tell apart two secret choices of seat {mover}"
                            )
                            compared += 1

        walk(game.new_state(NAMES[:n], options), rng, visit)
    if game_id in ("finish_line", "homestretch", "royal_turf", "turfmaster"):
        assert compared > 0, "no secret choices were compared"


# --- saving ---------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAMES)
def test_a_saved_match_replays_to_an_equal_state(game_id: str) -> None:
    game = pygames.get_game(game_id)
    for i, (n, options) in enumerate(sample_games(game_id, 4, seed=4)):
        match = Match(game_id, NAMES[:n], options, seed=i, seats=["computer"] * n)
        bot = RandomBot()
        halfway = None
        while not match.is_over():
            match.play_computer(bot)
            if halfway is None and len(match.history) > 40:
                halfway = json.loads(json.dumps(match.to_json()))
                again = Match.from_json(halfway)
                assert again.state == match.state and again.history == match.history
        again = Match.from_json(json.loads(json.dumps(match.to_json())))
        assert again.state == match.state
        assert again.scores() == match.scores()
        assert game.state_from_json(match.state.to_json()) == match.state
