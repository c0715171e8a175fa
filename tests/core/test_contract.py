"""The engine contract (pygames.core.state, registry, bots), exercised with Royal Turf."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import pygames
from pygames.core import (
    CATALOGUE,
    CHANCE,
    TERMINAL,
    BadSave,
    Game,
    IllegalAction,
    Match,
    Option,
    RandomBot,
    SeatWindow,
    State,
    bot_for,
    canonical,
    games,
    get_game,
    sample_outcome,
)
from pygames.core.playout import random_games_per_second, random_playout
from pygames.core.state import MAX_NAME_LENGTH
from pygames.royal_turf import GAME


# --- registry ---------------------------------------------------------------------
def test_registry_lists_playable_games_in_catalogue_order():
    ids = [g.id for g in games()]
    assert "royal_turf" in ids
    order = [e.id for e in CATALOGUE]
    assert ids == sorted(ids, key=order.index)
    assert all(isinstance(g, Game) for g in games())
    assert get_game("royal_turf") is GAME
    assert pygames.get_game("royal_turf") is GAME
    assert {e.id for e in CATALOGUE} >= set(ids)


def test_get_game_unknown_id():
    with pytest.raises(KeyError, match="no playable game called 'chess'"):
        get_game("chess")


def test_game_and_option_to_json():
    data = GAME.to_json()
    json.dumps(data)
    assert data["id"] == "royal_turf" and data["min_players"] == 2 and data["max_players"] == 6
    assert data["options"] == [
        {
            "name": "hidden_bets",
            "values": [False, True],
            "default": False,
            "description": GAME.options[0].description,
        }
    ]
    opt = Option("x", (1, 2), 1, "d")
    assert opt.to_json() == {"name": "x", "values": [1, 2], "default": 1, "description": "d"}


# --- Game.new_state validation ----------------------------------------------------
@pytest.mark.parametrize("players", [[], ["A"], [f"P{i}" for i in range(7)]])
def test_new_state_player_count_out_of_range(players):
    with pytest.raises(ValueError, match="2–6 players"):
        GAME.new_state(players)


@pytest.mark.parametrize("names", [["A", ""], ["  ", "B"], ["A", "B", "\t"]])
def test_new_state_empty_names(names):
    with pytest.raises(ValueError, match="needs a name"):
        GAME.new_state(names)


@pytest.mark.parametrize(
    "names", [["Ann", "Ann"], ["Ann", "ann"], ["Ann", " ANN "], ["A", "B", "Ben", "ben\t"]]
)
def test_new_state_duplicate_names(names):
    # Two seats the table and the results could not tell apart.
    with pytest.raises(ValueError, match="every name must differ"):
        GAME.new_state(names)


def test_names_have_at_most_32_characters():
    longest = "x" * MAX_NAME_LENGTH
    assert MAX_NAME_LENGTH == 32
    assert GAME.new_state([longest, "B"]).players == [longest, "B"]
    with pytest.raises(ValueError, match="at most 32 characters"):
        GAME.new_state([longest + "x", "B"])


def test_names_are_kept_as_given():
    assert GAME.new_state([" Ann ", "Ann B"]).players == [" Ann ", "Ann B"]


def test_match_setup_with_bad_names_is_a_bad_save():
    for players in (["Ann", "ANN"], ["A" * 33, "B"], [["Ann"], "Ben"], "AB"):
        with pytest.raises(BadSave):
            Match.from_setup({"game": "royal_turf", "players": players, "seed": 1})


def test_new_state_unknown_option():
    with pytest.raises(ValueError, match="unknown option"):
        GAME.new_state(["A", "B"], {"turbo": True})


@pytest.mark.parametrize("value", ["yes", 1, None, "true"])
def test_new_state_bad_option_value(value):
    # 1 == True in Python, but only a real boolean is a value of this option.
    with pytest.raises(ValueError, match="must be one of"):
        GAME.new_state(["A", "B"], {"hidden_bets": value})


def test_new_state_defaults_and_names():
    state = GAME.new_state(("Ann", "Ben"), None)
    assert state.players == ["Ann", "Ben"] and state.options == {"hidden_bets": False}
    assert GAME.resolve_options({}) == {"hidden_bets": False}
    assert GAME.check_players([1, 2]) == ["1", "2"]


# --- node kinds and contract guarantees ---------------------------------------------
def test_node_kinds_through_a_game():
    state = GAME.new_state(["A", "B", "C"])
    rng = random.Random(4)
    kinds = Counter()
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance():
            assert player == CHANCE and state.legal_actions() == []
            outcomes = state.chance_outcomes()
            assert outcomes and abs(sum(p for _, p in outcomes) - 1) < 1e-9
            kinds["chance"] += 1
            state.apply(sample_outcome(outcomes, rng))
        else:
            assert 0 <= player < 3 and state.chance_outcomes() == []
            legal = state.legal_actions()
            assert all(state.why_illegal(a) is None and state.is_legal(a) for a in legal)
            kinds["decision"] += 1
            state.apply(rng.choice(legal))
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == [] and state.chance_outcomes() == []
    assert state.why_illegal({"type": "roll", "symbol": "head"}) == "the game is over"
    assert kinds["chance"] > 0 and kinds["decision"] > 0
    assert sorted(state.ranking())[0] == 1


def test_apply_returns_json_events():
    state = GAME.new_state(["A", "B"])
    events = state.apply({"type": "first_player", "player": 1})
    assert events and all(isinstance(e, dict) and "type" in e for e in events)
    json.dumps(events)


def test_apply_is_atomic_even_when_the_engine_crashes(monkeypatch):
    state = GAME.new_state(["A", "B"])
    state.apply({"type": "first_player", "player": 0})
    before = state.to_json()

    def broken(self, card, events):
        self.put_back.append("garbage")
        self.money[0] = 999
        raise RuntimeError("boom")

    monkeypatch.setattr(type(state), "_reveal", broken)
    with pytest.raises(RuntimeError, match="boom"):
        state.apply({"type": "draw_card", "card": "EG1"})
    assert state.to_json() == before


def test_illegal_action_is_a_value_error_with_reason():
    state = GAME.new_state(["A", "B"])
    with pytest.raises(IllegalAction) as info:
        state.apply({"type": "first_player", "player": 5})
    assert isinstance(info.value, ValueError) and str(info.value)
    assert state.why_illegal("nonsense") == "an action must be an object with a 'type'"


def test_ranking_and_winners_share_ties():
    class Fixed(State):
        game_id = "fixed"

        def __init__(self, scores):
            self._scores = scores

        initial = classmethod(lambda cls, p, o: cls([]))  # type: ignore[assignment]
        is_terminal = lambda self: True  # noqa: E731
        is_chance = lambda self: False  # noqa: E731
        _current_seat = lambda self: 0  # noqa: E731
        _legal_actions = lambda self: []  # noqa: E731
        _chance_outcomes = lambda self: []  # noqa: E731
        _apply = lambda self, a: []  # noqa: E731
        view = lambda self, viewer=None: {}  # noqa: E731
        scores = lambda self: self._scores  # noqa: E731
        to_json = lambda self: {"s": self._scores}  # noqa: E731
        from_json = classmethod(lambda cls, d: cls(d["s"]))  # type: ignore[assignment]

    assert Fixed([5, 9, 9, 1]).ranking() == [3, 1, 1, 4]
    assert Fixed([5, 9, 9, 1]).winners() == [1, 2]
    assert Fixed([0, 0]).ranking() == [1, 1]
    assert Fixed([1]).undo_barrier({"type": "x"}) is False


def test_state_equality_clone_and_hash():
    a = GAME.new_state(["A", "B"])
    b = GAME.new_state(["A", "B"])
    assert a == b and a is not b
    c = a.clone()
    c.apply({"type": "first_player", "player": 1})
    assert a != c and a == b
    assert (a == 3) is False
    with pytest.raises(TypeError):
        hash(a)


def test_from_json_rejects_foreign_data():
    with pytest.raises(BadSave):
        GAME.state_from_json({"game": "other"})
    with pytest.raises(BadSave):
        GAME.state_from_json("junk")


def test_canonical_is_order_independent():
    assert canonical({"b": 1, "a": [1, 2]}) == canonical({"a": [1, 2], "b": 1})
    assert canonical({"a": 1}) != canonical({"a": 2})


# --- sample_outcome -----------------------------------------------------------------
def test_sample_outcome_respects_probabilities():
    outcomes = [({"k": "a"}, 0.5), ({"k": "b"}, 1 / 6), ({"k": "c"}, 1 / 6), ({"k": "d"}, 1 / 6)]
    rng = random.Random(2024)
    n = 12_000
    counts = Counter(sample_outcome(outcomes, rng)["k"] for _ in range(n))
    chi2 = sum((counts[o["k"]] - n * p) ** 2 / (n * p) for o, p in outcomes)
    assert chi2 < 16.27  # 3 degrees of freedom, p = 0.001
    assert set(counts) == {"a", "b", "c", "d"}


def test_sample_outcome_edges():
    rng = random.Random(1)
    assert sample_outcome([({"x": 1}, 1.0)], rng) == {"x": 1}

    # Rounding shortfall: the last outcome catches r above the summed probability.
    class High(random.Random):
        def random(self):
            return 0.999999999

    assert sample_outcome([({"x": 1}, 0.3), ({"x": 2}, 0.6999)], High()) == {"x": 2}
    seq1 = [sample_outcome([({"x": i}, 0.25) for i in range(4)], random.Random(7))]
    seq2 = [sample_outcome([({"x": i}, 0.25) for i in range(4)], random.Random(7))]
    assert seq1 == seq2


# --- bots and windows --------------------------------------------------------------
def test_random_bot_only_returns_legal_actions():
    bot = bot_for("royal_turf")
    assert isinstance(RandomBot(), RandomBot) and bot.name
    rng = random.Random(11)
    for hidden in (False, True):
        state = GAME.new_state(["A", "B", "C"], {"hidden_bets": hidden})
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            action = bot.choose(SeatWindow(state, seat), seat, rng)
            assert action in state.legal_actions()
            state.apply(action)


def test_bot_for_unknown_game_is_random():
    assert isinstance(bot_for("no_such_game"), RandomBot)


def test_seat_window_hides_other_seats_secrets():
    state = GAME.new_state(["A", "B", "C"], {"hidden_bets": True})
    rng = random.Random(5)
    while state.phase != "race":
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    for seat in range(3):
        window = SeatWindow(state, seat)
        assert window.view() == state.view(seat)
        assert window.game_id == "royal_turf"
        text = json.dumps(window.view())
        for horse, chips in state.bets.items():
            for owner, _ in chips:
                shown = [c for c in window.view()["bets"][horse] if c["seat"] == owner]
                assert (shown[0]["chip"] is None) == (owner != seat)
        assert '"chips": null' in text
    # At a chance node nobody may act through a window.
    assert state.is_chance()
    assert all(SeatWindow(state, s).legal_actions() == [] for s in range(3))
    state.apply({"type": "roll", "symbol": "head"})
    turn = state.current_player()
    assert SeatWindow(state, turn).legal_actions() == state.legal_actions()
    other = (turn + 1) % 3
    assert SeatWindow(state, other).legal_actions() == []
    action = state.legal_actions()[0]
    assert SeatWindow(state, turn).is_legal(action)
    assert not SeatWindow(state, other).is_legal(action)


# --- playout helpers ------------------------------------------------------------------
def test_random_playout_and_speed_helper():
    state = random_playout(GAME.new_state(["A", "B"]), random.Random(0))
    assert state.is_terminal()
    with pytest.raises(RuntimeError):
        random_playout(GAME.new_state(["A", "B"]), random.Random(0), max_steps=5)
    assert random_games_per_second("royal_turf", seconds=0.05) > 0


# --- options that depend on the table ------------------------------------------------
def test_option_values_for_a_table_size_and_per_seat_picks() -> None:
    youngest = Option("youngest", (0, 1, 2, 3), 0, "", allowed=lambda v, n: v < n)
    assert youngest.values_for(2) == (0, 1) and youngest.values_for(4) == (0, 1, 2, 3)
    colours = Option("colours", (), "", "", per_seat=("red", "blue", "white"))
    assert colours.seat_picks("", 3) == ["red", "blue", "white"]
    assert colours.seat_picks("white,red", 2) == ["white", "red"]
    game = Game("g", "G", 2, 3, type(GAME.new_state(["a", "b"])), (youngest, colours))
    assert game.resolve_options({"youngest": 1, "colours": "white,red"}, 2) == {
        "youngest": 1,
        "colours": "white,red",
    }
    for bad in (
        {"youngest": 2},
        {"colours": "red,red"},
        {"colours": "red"},
        {"colours": "pink,red"},
    ):
        with pytest.raises(ValueError):
            game.resolve_options(bad, 2)
    assert game.resolve_options({"youngest": 2}) == {"youngest": 2, "colours": ""}
