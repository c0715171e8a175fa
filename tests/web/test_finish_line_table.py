"""Finish Line's betting sheet driven on CPython through the fake page.

Every toggle of the sheet (Win/Place, a line of each kind, back and forth, undo,
confirm) must leave a drawn sheet with live buttons, and the engine must hold exactly
the bets that were chosen.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web.app import App  # noqa: E402

Slip = dict[str, dict[str, int]]  # kind -> line ("3" or "2-5") -> total stake


def start(n: int = 2, seed: int = 7) -> tuple[App, FakeBrowser]:
    b = FakeBrowser()
    app = App(b)
    app.start()
    names = ["Ann", "Ben", "Cy", "Di"][:n]
    b.start_game("finish_line", names, ["human"] * n, seed)
    return app, b


def by_testid(b: FakeBrowser, testid: str) -> dict[str, str] | None:
    return b.find(data_testid=testid)


def press(b: FakeBrowser, testid: str) -> None:
    """Click the control with this test id, as the page would (act, arg, value)."""
    control = by_testid(b, testid)
    assert control is not None, f"{testid} is not on screen"
    assert b.handler is not None
    b.handler(control["data-act"], control.get("data-arg", ""), control.get("value"))


def unlock(b: FakeBrowser) -> int:
    """Pass the device: the named player confirms on the curtain; returns the seat."""
    control = by_testid(b, "curtain-confirm")
    assert control is not None, "no hand-off curtain before the betting sheet"
    press(b, "curtain-confirm")
    return int(control["data-arg"])


def shown(b: FakeBrowser, prefix: str) -> list[str]:
    return [c["data-testid"] for c in b.controls() if c.get("data-testid", "").startswith(prefix)]


def pressed(b: FakeBrowser, prefix: str) -> list[str]:
    return [
        c["data-testid"]
        for c in b.controls()
        if c.get("data-testid", "").startswith(prefix) and c.get("aria-pressed") == "true"
    ]


def engine_slip(app: App, seat: int) -> Slip:
    """The slip as the engine records it, in the same shape as the test's own tally."""
    assert app.match is not None
    slip = app.match.state.view(seat)["slip"]
    return {
        "win": {str(w["horse"]): w["amount"] for w in slip["win"]},
        "place": {f"{p['horses'][0]}-{p['horses'][1]}": p["amount"] for p in slip["place"]},
    }


def assert_sheet_live(b: FakeBrowser, seat: int) -> None:
    """The owner's sheet is drawn with its kind switch and its confirm button."""
    assert f'data-testid="private-{seat}"' in b.html
    assert by_testid(b, "bet-kind-win") is not None
    assert by_testid(b, "bet-kind-place") is not None
    assert by_testid(b, "bet-done") is not None


def test_win_target_then_place_bet_keeps_the_sheet_live() -> None:
    # The reported defect: a Win horse chosen, then "Place bet" -> ValueError, dead button.
    app, b = start()
    seat = unlock(b)
    press(b, "bet-kind-win")
    win = shown(b, "bet-target-")[0]
    press(b, win)
    assert shown(b, "stake-")
    press(b, "bet-kind-place")
    assert_sheet_live(b, seat)
    assert pressed(b, "bet-kind-") == ["bet-kind-place"]
    # Only pairs are offered now, none chosen yet, so there is nothing to stake on.
    pairs = shown(b, "bet-target-")
    assert pairs and all("-" in t.removeprefix("bet-target-") for t in pairs)
    assert pressed(b, "bet-target-") == []
    assert shown(b, "stake-") == []
    press(b, pairs[0])
    press(b, "stake-200")
    assert engine_slip(app, seat) == {
        "win": {},
        "place": {pairs[0].removeprefix("bet-target-"): 200},
    }


def test_pair_then_win_bet_keeps_the_sheet_live() -> None:
    app, b = start()
    seat = unlock(b)
    press(b, "bet-kind-place")
    pair = shown(b, "bet-target-")[3]
    press(b, pair)
    press(b, "bet-kind-win")
    assert_sheet_live(b, seat)
    horses = shown(b, "bet-target-")
    assert len(horses) == 7 and not any("-" in t.removeprefix("bet-target-") for t in horses)
    assert shown(b, "stake-") == []
    press(b, horses[2])
    press(b, "stake-1000")
    # All 1000 of the starting money is staked: no line of either kind is open any more.
    for kind in ("win", "place"):
        press(b, f"bet-kind-{kind}")
        assert_sheet_live(b, seat)
        assert shown(b, "bet-target-") == []
        assert "No money left to stake." in b.text()
    assert engine_slip(app, seat) == {
        "win": {horses[2].removeprefix("bet-target-"): 1000},
        "place": {},
    }


def test_switching_back_and_forth_remembers_each_kinds_line() -> None:
    app, b = start()
    seat = unlock(b)
    win = shown(b, "bet-target-")[4]
    press(b, win)
    press(b, "bet-kind-place")
    pair = shown(b, "bet-target-")[-1]
    press(b, pair)
    for _ in range(3):
        press(b, "bet-kind-win")
        assert pressed(b, "bet-target-") == [win]
        press(b, "bet-kind-place")
        assert pressed(b, "bet-target-") == [pair]
    press(b, "stake-500")  # on the pair, the line shown
    press(b, "bet-kind-win")
    press(b, win)
    press(b, "stake-100")
    assert engine_slip(app, seat) == {
        "win": {win.removeprefix("bet-target-"): 100},
        "place": {pair.removeprefix("bet-target-"): 500},
    }


def test_forged_or_stale_choices_draw_the_sheet_without_stakes() -> None:
    # Values come from the page; none of them may break the renderer.
    _, b = start()
    seat = unlock(b)
    assert b.handler is not None
    for arg, value in [
        ("bet_kind", "bogus"),
        ("win_target", "99"),
        ("win_target", "1-2"),
        ("place_target", "3"),
        ("place_target", "x-y"),
        ("bet_target", "3-"),
        ("win_target", None),
    ]:
        b.handler("local", arg, value)
        assert_sheet_live(b, seat)
        assert shown(b, "stake-") == []


def test_undo_inside_the_sheet_takes_back_the_last_line() -> None:
    app, b = start()
    seat = unlock(b)
    assert by_testid(b, "undo") is None  # nothing of this slip to take back yet
    first = shown(b, "bet-target-")[0]
    press(b, first)
    press(b, "stake-100")
    press(b, "bet-kind-place")
    pair = shown(b, "bet-target-")[0]
    press(b, pair)
    press(b, "stake-200")
    press(b, "undo")
    # Undo closes the private panel; the same player opens it again behind the curtain.
    assert unlock(b) == seat
    assert_sheet_live(b, seat)
    assert engine_slip(app, seat) == {"win": {first.removeprefix("bet-target-"): 100}, "place": {}}
    press(b, "undo")
    assert unlock(b) == seat
    assert engine_slip(app, seat) == {"win": {}, "place": {}}
    assert by_testid(b, "undo") is None
    assert_sheet_live(b, seat)


def test_confirming_passes_the_device_and_the_slip_is_final() -> None:
    app, b = start()
    seat = unlock(b)
    press(b, shown(b, "bet-target-")[1])
    press(b, "stake-500")
    chosen = engine_slip(app, seat)
    press(b, "bet-done")
    assert 'data-testid="curtain"' in b.html  # the next player's sheet is secret too
    assert by_testid(b, "undo") is None  # a confirmed slip cannot be taken back
    other = unlock(b)
    assert other != seat
    assert_sheet_live(b, other)
    assert engine_slip(app, other) == {"win": {}, "place": {}}
    assert engine_slip(app, seat) == chosen


def test_lines_already_full_are_not_offered() -> None:
    # The engine allows 3 win lines and 2 place lines; the sheet offers what it allows.
    app, b = start()
    seat = unlock(b)
    horses = shown(b, "bet-target-")
    for t in horses[:3]:
        press(b, t)
        press(b, "stake-100")
    assert sorted(shown(b, "bet-target-")) == sorted(horses[:3])
    press(b, "bet-kind-place")
    pairs = shown(b, "bet-target-")
    for t in pairs[:2]:
        press(b, "bet-kind-place")
        press(b, t)
        press(b, "stake-100")
    press(b, "bet-kind-place")
    assert sorted(shown(b, "bet-target-")) == sorted(pairs[:2])
    assert_sheet_live(b, seat)
    assert engine_slip(app, seat) == {
        "win": {t.removeprefix("bet-target-"): 100 for t in horses[:3]},
        "place": {t.removeprefix("bet-target-"): 100 for t in pairs[:2]},
    }


def _walk(app: App, b: FakeBrowser, rng: random.Random, clicks: int) -> int:
    """Random toggles, stakes and undos on one player's sheet against our own tally.

    The tally knows which kind is shown and which line each kind has chosen (the sheet
    should remember the same), adds a stake to that line, and pops it on undo.
    """
    seat = unlock(b)
    kind = "win"
    chosen: dict[str, str | None] = {"win": None, "place": None}
    history: list[Slip] = []
    slip: Slip = {"win": {}, "place": {}}
    for _ in range(clicks):
        assert_sheet_live(b, seat)
        assert pressed(b, "bet-kind-") == [f"bet-kind-{kind}"]
        line = chosen[kind]
        assert pressed(b, "bet-target-") == ([f"bet-target-{line}"] if line else [])
        if line is None:
            assert shown(b, "stake-") == []  # stakes only once a line is chosen
        moves = ["kind-win", "kind-place"] + shown(b, "bet-target-") + shown(b, "stake-")
        if by_testid(b, "undo") is not None:
            assert history, "undo offered with nothing of this slip to take back"
            moves.append("undo")
        else:
            assert not history
        move = rng.choice(moves)
        if move.startswith("kind-"):
            kind = move.removeprefix("kind-")
            press(b, f"bet-{move}")
        elif move.startswith("bet-target-"):
            chosen[kind] = move.removeprefix("bet-target-")
            press(b, move)
        elif move == "undo":
            slip = history.pop()
            kind, chosen = "win", {"win": None, "place": None}  # the sheet starts afresh
            press(b, move)
            assert unlock(b) == seat
        else:
            line = chosen[kind]
            assert line is not None
            history.append({k: dict(v) for k, v in slip.items()})
            slip[kind][line] = slip[kind].get(line, 0) + int(move.removeprefix("stake-"))
            kind, chosen = "win", {"win": None, "place": None}
            press(b, move)
        assert engine_slip(app, seat) == slip
    press(b, "bet-done")
    assert engine_slip(app, seat) == slip
    return seat


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_toggles_record_exactly_the_chosen_bets(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    app, b = start(players, seed)
    seats = {_walk(app, b, rng, 40) for _ in range(players)}
    assert seats == set(range(players))
    assert app.match is not None
    assert app.match.state.phase != "betting"  # every slip confirmed: the race begins


def test_place_lines_show_the_engines_odds() -> None:
    app, b = start()
    seat = unlock(b)
    press(b, "bet-kind-place")
    assert app.match is not None
    view: Any = app.match.state.view(seat)
    for key, odds in view["place_odds"].items():
        a, c = key.split("-")
        assert by_testid(b, f"bet-target-{key}") is not None
        assert f"{a} + {c} ({odds}×)" in b.text()


def test_the_pool_marks_the_colours_the_engine_locks() -> None:
    # R8 lives in the engine: the table greys out exactly the view's locked colours.
    from paddock_web import finish_line
    from paddock_web.i18n import Catalogue
    from paddock_web.table import GameContext

    from pygames.finish_line import GAME

    state = GAME.new_state(["Ann", "Ben"])
    ctx = GameContext(Catalogue("en"), ["Ann", "Ben"], ["human"] * 2, [], {}, None)
    state.apply({"type": "start_player", "seat": 0})
    view = state.view(None)
    assert view["locked"] == ["yellow"]
    html = finish_line.dice_area(view, ctx)
    assert 'class="pool-colour locked" data-testid="pool-yellow"' in html
    assert 'class="pool-colour" data-testid="pool-white"' in html
    view["locked"] = []
    assert "locked" not in finish_line.dice_area(view, ctx)
