"""pygames.core.Match: seeded chance, play, undo, computer seats, save and load."""

from __future__ import annotations

import copy
import json

import pytest

from pygames.core import SAVE_FORMAT, BadSave, IllegalAction, Match, UndoStatus
from pygames.core.match import MAX_SEED

PLAYERS = ["Ann", "Ben", "Cy"]


def first_legal_until(m: Match, steps: int) -> Match:
    """Play the first legal action ``steps`` times (or until the game ends)."""
    for _ in range(steps):
        if m.is_over():
            break
        m.play(m.state.legal_actions()[0])
    return m


def roundtrip(data):
    return json.loads(json.dumps(data))


# --- construction -------------------------------------------------------------------
def test_new_match_resolves_chance_until_a_decision():
    m = Match("royal_turf", PLAYERS, seed=1)
    assert not m.state.is_chance() and m.state.phase == "betting"
    assert [e["kind"] for e in m.history] == ["chance"] * len(m.history)
    assert len(m.history) >= 8  # first player + at least 7 card draws
    assert m.seats == ["human"] * 3 and m.options == {"hidden_bets": False}
    assert m.game_id == "royal_turf" and m.players == PLAYERS
    assert all("step" in e for e in m.events)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seed": -1},
        {"seed": MAX_SEED + 1},
        {"seed": "7"},
        {"seed": True},
        {"seed": 1.5},
        {"seats": ["human"]},
        {"seats": ["human", "robot", "human"]},
        {"options": {"hidden_bets": "maybe"}},
        {"options": {"speed": 3}},
    ],
)
def test_bad_match_arguments(kwargs):
    with pytest.raises(ValueError):
        Match("royal_turf", PLAYERS, **kwargs)


def test_unknown_game_and_bad_players():
    with pytest.raises(KeyError):
        Match("ludo", PLAYERS, seed=1)
    with pytest.raises(ValueError):
        Match("royal_turf", ["Solo"], seed=1)


def test_seed_is_chosen_when_missing():
    m = Match("royal_turf", PLAYERS)
    assert isinstance(m.seed, int) and 0 <= m.seed <= MAX_SEED


# --- determinism ----------------------------------------------------------------
def test_same_seed_same_game():
    a = first_legal_until(Match("royal_turf", PLAYERS, seed=42), 200)
    b = first_legal_until(Match("royal_turf", PLAYERS, seed=42), 200)
    assert a.history == b.history and a.state == b.state and a.events == b.events


def test_different_seeds_differ():
    base = first_legal_until(Match("royal_turf", PLAYERS, seed=0), 60).history
    others = [first_legal_until(Match("royal_turf", PLAYERS, seed=s), 60).history for s in (1, 2)]
    assert all(h != base for h in others)


def test_computer_seats_are_deterministic():
    def run(seed):
        m = Match("royal_turf", ["A", "B"], seed=seed, seats=["computer", "computer"])
        m.run_computers()
        return m

    a, b = run(9), run(9)
    assert a.is_over() and a.history == b.history
    assert a.scores() == b.scores() and len(a.ranking()) == 2


# --- playing ------------------------------------------------------------------------
def test_play_illegal_leaves_history_unchanged():
    m = Match("royal_turf", PLAYERS, seed=3)
    history, events, state = list(m.history), list(m.events), m.state.to_json()
    for bad in (
        {"type": "place_chip", "chip": 5, "horse": "albino"},
        {"type": "move_horse", "horse": "albino"},
        {"type": "roll", "symbol": "head"},
        {"nope": 1},
    ):
        with pytest.raises(IllegalAction):
            m.play(bad)
        assert m.history == history and m.events == events and m.state.to_json() == state


def test_play_returns_new_events_and_refuses_after_the_end():
    m = Match("royal_turf", ["A", "B"], seed=5)
    events = m.play(m.state.legal_actions()[0])
    assert events and events[0]["type"] == "chip_placed"
    assert all(e["step"] >= len(m.history) - 1 - len(events) for e in events)
    first_legal_until(m, 10_000)
    assert m.is_over()
    with pytest.raises(IllegalAction, match="over"):
        m.play({"type": "move_horse", "horse": "albino"})


def test_computer_action_only_on_computer_turns():
    m = Match("royal_turf", ["A", "B"], seed=5, seats=["human", "human"])
    with pytest.raises(IllegalAction):
        m.computer_action()
    assert m.run_computers() == []
    m2 = Match("royal_turf", ["A", "B"], seed=5, seats=["computer", "human"])
    if m2.is_computer_turn():
        m2.run_computers()
    assert not m2.is_computer_turn()
    assert m2.current_player() == 1


# --- undo -------------------------------------------------------------------------
def _snapshot(m: Match) -> tuple:
    return list(m.history), m.state.to_json(), list(m.events)


def test_undo_last_human_action():
    m = Match("royal_turf", PLAYERS, seed=8)
    before = _snapshot(m)
    # only chance events so far
    assert m.undo_status() == UndoStatus(None, "nothing") and not m.undo_status().available
    assert not m.can_undo() and m.undo() is False
    seat = m.current_player()
    m.play(m.state.legal_actions()[0])
    assert m.undo_status() == UndoStatus(seat, None) and m.undo_status().available
    assert m.can_undo()
    assert m.undo() is True
    assert _snapshot(m) == before
    assert m.undo_status().reason == "nothing" and m.undo() is False


def test_undo_refused_once_a_computer_has_acted():
    m = Match("royal_turf", ["H", "C1", "C2"], seed=8, seats=["human", "computer", "computer"])
    m.run_computers()
    assert m.current_player() == 0 and m.state.phase == "betting"
    m.play(m.state.legal_actions()[-1])
    assert m.undo_status() == UndoStatus(0, None)
    m.run_computers()
    assert [e["seat"] for e in m.history[-3:]] == [0, 1, 2]
    history = list(m.history)
    # The computers' moves are not the human's to take back, and they close the
    # human's own move too: another seat has acted since.
    assert m.undo_status() == UndoStatus(2, "other_seat")
    assert not m.can_undo() and m.undo() is False and m.history == history


def test_undo_takes_back_only_the_movers_action():
    m = Match("royal_turf", ["A", "B"], seed=8)
    first = m.current_player()
    m.play(m.state.legal_actions()[0])
    after_first = _snapshot(m)
    second = m.current_player()
    assert second != first
    m.play(m.state.legal_actions()[0])
    assert m.undo_status() == UndoStatus(second, None)
    assert m.undo() is True
    assert _snapshot(m) == after_first  # the first player's chip stays
    # The second player acted after the first one's move: that move stays closed,
    # even though the second player's move was taken back.
    assert m.undo_status() == UndoStatus(first, "other_seat") and m.undo() is False
    assert _snapshot(m) == after_first
    m.play(m.state.legal_actions()[1])  # the second player moves again
    assert m.undo_status() == UndoStatus(second, None)


def test_undo_never_past_a_chance_event():
    m = Match("royal_turf", ["A", "B"], seed=4)
    while m.state.phase == "betting":
        m.play(m.state.legal_actions()[0])
    # The last chip was followed by the first die roll: it cannot be taken back.
    assert m.history[-1]["kind"] == "chance"
    last_chip = next(e for e in reversed(m.history) if e["kind"] == "action")
    assert m.undo_status() == UndoStatus(last_chip["seat"], "chance")
    history = list(m.history)
    assert not m.can_undo() and m.undo() is False and m.history == history
    m.play(m.state.legal_actions()[0])  # a move, then the next roll
    assert m.undo() is False and m.history[-1]["kind"] == "chance"
    assert m.undo_status().reason == "chance"


def test_undo_refused_after_a_face_down_chip():
    m = Match("royal_turf", ["A", "B"], {"hidden_bets": True}, seed=4)
    seat = m.current_player()
    m.play(m.state.legal_actions()[0])
    assert m.undo_status() == UndoStatus(seat, "secret")
    assert not m.can_undo() and m.undo() is False
    assert m.history[-1]["kind"] == "action"


def test_multi_step_turn_walks_back_step_by_step():
    m = Match("gambler", ["A", "B"], {"stack_order": "fixed"}, seed=0)
    m.play({"type": "roll"})
    rolled = _snapshot(m)
    assert m.undo_status() == UndoStatus(0, "chance")  # the dice have landed
    m.play({"type": "place", "die": 0, "row": 2})
    placed_one = _snapshot(m)
    m.play({"type": "place", "die": 1, "row": 1})
    assert m.undo_status() == UndoStatus(0, None)
    assert m.undo() is True and _snapshot(m) == placed_one
    assert m.undo_status() == UndoStatus(0, None)
    assert m.undo() is True and _snapshot(m) == rolled
    assert m.undo_status() == UndoStatus(0, "chance") and m.undo() is False


def test_undo_status_does_not_replay_the_game(monkeypatch):
    m = first_legal_until(Match("royal_turf", PLAYERS, seed=8), 40)
    expected = m.undo_status()

    def refuse(*args, **kwargs):
        raise AssertionError("undo_status must not replay the history")

    monkeypatch.setattr(type(m.state), "apply", refuse)
    monkeypatch.setattr(type(m.state), "undo_barrier", refuse)
    assert m.undo_status() == expected and m.can_undo() == expected.available


def test_undo_allowed_at_game_end():
    m = first_legal_until(Match("royal_turf", ["A", "B"], seed=6), 10_000)
    assert m.is_over() and m.history[-1]["kind"] == "action"
    assert m.undo() is True and not m.is_over()


def test_undo_of_the_final_move_refused_in_hidden_variant():
    m = first_legal_until(Match("royal_turf", ["A", "B"], {"hidden_bets": True}, seed=6), 10_000)
    assert m.is_over()  # the final move revealed every face-down chip
    assert m.undo_status().reason == "secret" and not m.can_undo()


def _undo_positions() -> list[Match]:
    """Matches whose undo status is each of the possible answers."""
    out = [Match("royal_turf", PLAYERS, seed=8)]  # nothing
    m = Match("royal_turf", ["A", "B"], seed=8)
    m.play(m.state.legal_actions()[0])
    out.append(m)  # available
    m = Match("royal_turf", ["A", "B"], seed=8)
    m.play(m.state.legal_actions()[0])
    m.play(m.state.legal_actions()[0])
    m.undo()
    out.append(m)  # other_seat, after an undo (the undo mark is saved)
    m = Match("royal_turf", ["A", "B"], {"hidden_bets": True}, seed=4)
    m.play(m.state.legal_actions()[0])
    out.append(m)  # secret
    m = Match("royal_turf", ["H", "C"], seed=3, seats=["human", "computer"])
    m.run_computers()
    m.play(m.state.legal_actions()[0])
    m.run_computers()
    out.append(m)  # other_seat, a computer
    m = Match("royal_turf", ["A", "B"], seed=4)
    while m.state.phase == "betting":
        m.play(m.state.legal_actions()[0])
    out.append(m)  # chance
    m = Match("gambler", ["A", "B"], {"stack_order": "fixed"}, seed=0)
    m.play({"type": "roll"})
    m.play({"type": "place", "die": 0, "row": 2})
    out.append(m)  # available, within a multi-step turn
    return out


def test_undo_status_survives_save_and_load():
    reasons = set()
    for m in _undo_positions():
        again = Match.from_json(roundtrip(m.to_json()))
        assert again.undo_status() == m.undo_status()
        reasons.add(again.undo_status().reason)
        assert again.undo() == m.undo() and again.to_json() == m.to_json()
        assert again.undo_status() == m.undo_status()
    assert reasons >= {None, "nothing", "chance", "secret", "other_seat"}


@pytest.mark.parametrize("floor", [-1, True, "2", 1.0, 10**6])
def test_damaged_undo_mark_refused(floor):
    data = roundtrip(_undo_positions()[2].to_json())
    assert data["undo_floor"] > 0
    data["undo_floor"] = floor
    with pytest.raises(BadSave, match="undo mark"):
        Match.from_json(data)


# --- save and load ---------------------------------------------------------------
@pytest.mark.parametrize("steps", [0, 1, 7, 40, 10_000])
@pytest.mark.parametrize("hidden", [False, True])
def test_save_load_round_trip(steps, hidden):
    seats = ["human", "computer", "human"]
    m = first_legal_until(Match("royal_turf", PLAYERS, {"hidden_bets": hidden}, 11, seats), steps)
    data = roundtrip(m.to_json())
    assert data["format"] == SAVE_FORMAT and data["game"] == "royal_turf"
    again = Match.from_json(data)
    assert again.state == m.state and again.history == m.history
    assert again.seats == seats and again.seed == 11 and again.options == m.options
    assert again.to_json() == m.to_json()
    if not again.is_over():
        again.play(again.state.legal_actions()[0])


def test_load_of_a_prefix_resolves_pending_chance():
    m = first_legal_until(Match("royal_turf", ["A", "B"], seed=12), 30)
    data = roundtrip(m.to_json())
    data["history"] = data["history"][:3]
    again = Match.from_json(data)
    assert not again.state.is_chance()
    assert again.history[:3] == m.history[:3]


def _saved(steps: int = 30, seed: int = 12) -> dict:
    m = first_legal_until(Match("royal_turf", ["A", "B"], seed=seed), steps)
    return roundtrip(m.to_json())


def _index(data: dict, kind: str, type_: str | None = None) -> int:
    return next(
        i
        for i, e in enumerate(data["history"])
        if e["kind"] == kind and (type_ is None or e["action"]["type"] == type_)
    )


def test_tampered_chance_outcome_refused():
    data = _saved()
    i = _index(data, "chance", "roll")
    symbol = data["history"][i]["action"]["symbol"]
    data["history"][i]["action"]["symbol"] = "helmet" if symbol != "helmet" else "head"
    with pytest.raises(BadSave, match="dice do not match"):
        Match.from_json(data)
    data = _saved()
    data["history"][0]["action"]["player"] = 1 - data["history"][0]["action"]["player"]
    with pytest.raises(BadSave, match="dice do not match"):
        Match.from_json(data)


def test_tampered_illegal_action_refused():
    data = _saved()
    i = _index(data, "action", "place_chip")
    data["history"][i]["action"]["chip"] = 7
    with pytest.raises(BadSave, match="breaks the rules"):
        Match.from_json(data)


def test_tampered_seat_refused():
    data = _saved()
    i = _index(data, "action")
    data["history"][i]["seat"] = 1 - data["history"][i]["seat"]
    with pytest.raises(BadSave, match="not that player's turn"):
        Match.from_json(data)


def test_tampered_kinds_refused():
    data = _saved()
    i = _index(data, "action")
    data["history"][i]["kind"] = "chance"
    with pytest.raises(BadSave, match="chance event where a player must act"):
        Match.from_json(data)
    data = _saved()
    data["history"][0]["kind"] = "action"
    with pytest.raises(BadSave, match="not that player's turn"):
        Match.from_json(data)
    data = _saved()
    data["history"][0]["kind"] = "magic"
    with pytest.raises(BadSave, match="damaged"):
        Match.from_json(data)


def test_actions_after_the_end_refused():
    data = _saved(10_000)
    data["history"].append({"kind": "action", "seat": 0, "action": {"type": "pass"}})
    with pytest.raises(BadSave):
        Match.from_json(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="paddock-match/0"),
        lambda d: d.pop("format"),
        lambda d: d.update(game="ludo"),
        lambda d: d.pop("game"),
        lambda d: d.update(seed=-5),
        lambda d: d.update(seed="12"),
        lambda d: d.update(seed=True),
        lambda d: d.update(seed=2**64),
        lambda d: d.update(players=5),
        lambda d: d.update(players=["Solo"]),
        lambda d: d.update(players=["A", ""]),
        lambda d: d.update(seats=["human"]),
        lambda d: d.update(seats="human"),
        lambda d: d.update(options={"hidden_bets": "no"}),
        lambda d: d.update(options="hidden"),
        lambda d: d.update(options=5),
        lambda d: d.update(history=None),
        lambda d: d.update(history="abc"),
        lambda d: d["history"].append("step"),
        lambda d: d["history"].append({"kind": "action", "seat": 0, "action": "x"}),
        lambda d: d["history"].append({"kind": "action", "seat": 0}),
        lambda d: d["history"].append({"kind": "action", "seat": 0, "action": {}}),
    ],
)
def test_garbage_saves_refused(change):
    data = _saved(5)
    change(data)
    with pytest.raises(BadSave):
        Match.from_json(data)


@pytest.mark.parametrize("junk", [None, 3, "paddock", [], {"format": SAVE_FORMAT}])
def test_not_a_save(junk):
    with pytest.raises(BadSave):
        Match.from_json(copy.deepcopy(junk))


def test_changed_options_refused_when_the_history_no_longer_fits():
    m = Match("royal_turf", ["A", "B"], {"hidden_bets": True}, seed=12)
    m.play({"type": "place_chip", "chip": 0, "horse": "mocha"})
    data = roundtrip(m.to_json())
    data["options"] = {"hidden_bets": False}  # a 0-chip does not exist in the base game
    with pytest.raises(BadSave, match="breaks the rules"):
        Match.from_json(data)


# --- setup links ----------------------------------------------------------------------
def test_from_setup_starts_the_same_match():
    m = Match("royal_turf", PLAYERS, {"hidden_bets": True}, seed=77, seats=["human"] * 3)
    setup = roundtrip(m.setup_json())
    assert setup == {
        "game": "royal_turf",
        "players": PLAYERS,
        "seats": ["human"] * 3,
        "options": {"hidden_bets": True},
        "seed": 77,
    }
    again = Match.from_setup(setup)
    assert again.state == m.state and again.history == m.history
    minimal = Match.from_setup({"game": "royal_turf", "players": ["A", "B"], "seed": 1})
    assert minimal.seats == ["human", "human"] and minimal.options == {"hidden_bets": False}


@pytest.mark.parametrize(
    "setup",
    [
        None,
        [],
        {},
        {"game": "royal_turf"},
        {"game": "nope", "players": ["A", "B"]},
        {"game": "royal_turf", "players": ["A", "B"], "seed": "x"},
        {"game": "royal_turf", "players": ["A", "B"], "seats": ["cpu", "human"]},
        {"game": "royal_turf", "players": 7},
    ],
)
def test_from_setup_refuses_bad_data(setup):
    with pytest.raises(BadSave):
        Match.from_setup(setup)
