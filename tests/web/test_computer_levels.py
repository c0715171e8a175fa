"""Computer levels on the site: chosen at setup, saved, shared; a Sharp seat's move comes
from the worker, which is only ever sent a resample of what that seat knows.

The worker itself (a second Python) runs in Chromium in tests/e2e/test_sharp.py; here the
page's side runs on CPython against a fake page, and the worker's answers are computed by
the engine's own entry point (``decide_json``) from the very job the page posted.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web import setup_link  # noqa: E402
from paddock_web.app import App  # noqa: E402

import pygames  # noqa: E402
from pygames.core import BadSave, Match, State  # noqa: E402
from pygames.core.advice import decide_json  # noqa: E402


def started(hash_: str = "") -> tuple[App, FakeBrowser]:
    b = FakeBrowser(hash_=hash_)
    app = App(b)
    app.start()
    return app, b


def posted_state(job: dict[str, Any]) -> State[Any]:
    return pygames.get_game(str(job["game"])).state_from_json(json.loads(str(job["state"])))


def decisions(b: FakeBrowser) -> list[dict[str, Any]]:
    return [j for j in b.worker_jobs if j["kind"] == "decide"]


def answer(b: FakeBrowser, job: dict[str, Any]) -> None:
    """What the worker posts back for ``job``: the sharp player's move, from the job alone."""
    action = decide_json(job["game"], job["state"], job["seat"], job["level"], job["seed"], 20)
    assert b.worker_listener is not None
    b.worker_listener({"kind": "decide", "id": job["id"], "action": json.loads(action)})


def human_move(app: App, b: FakeBrowser) -> None:
    """The human player's first offered choice (a chip first where one is picked)."""
    if app.needs_curtain() is not None:
        b.click("unlock", str(app.needs_curtain()))
    chips = [c for c in b.controls() if c["data-act"] == "local"]
    if chips:
        b.handler("local", "chip", chips[0]["value"])  # type: ignore[misc]
    plays = [c for c in b.controls() if c["data-act"] == "play"]
    assert plays, b.text()
    b.click("play", plays[0]["data-arg"])


def until_sharp_asks(app: App, b: FakeBrowser) -> dict[str, Any]:
    """Play on (the human's first choice, the page's timers) until the Sharp seat asks."""
    assert app.match is not None
    asked = len(decisions(b))
    for _ in range(200):
        if len(decisions(b)) > asked:
            return decisions(b)[-1]
        if b.run_timers(1, below_ms=5000):
            continue
        human_move(app, b)
    raise AssertionError("the Sharp seat never had a turn")


def hidden_royal_turf(seats: list[str], seed: int | None = 5) -> tuple[App, FakeBrowser]:
    app, b = started()
    names = ["Ann", "Ben", "Cy"][: len(seats)]
    b.start_game("royal_turf", names, seats, seed, {"opt_hidden_bets": "on"})
    return app, b


def test_the_setup_offers_each_seat_a_level_kept_in_the_save_and_by_play_again() -> None:
    app, b = started()
    b.click("choose", "royal_turf")
    assert "Computer – Friendly" in b.text() and "Computer – Sharp" in b.text()
    b.click("home")
    b.start_game("royal_turf", ["Ann", "Ben", "Cy"], ["human", "sharp", "computer"], None)
    assert app.match is not None
    assert app.match.seats == ["human", "computer", "computer"]
    assert app.match.levels == ["friendly", "sharp", "friendly"]
    assert "Computer, Sharp" in b.text()
    assert b.saved_match().levels == ["friendly", "sharp", "friendly"]
    app.act_again("", None)
    assert app.match.levels == ["friendly", "sharp", "friendly"]
    assert b.saved_match().levels == ["friendly", "sharp", "friendly"]


def test_older_saves_read_as_friendly_and_bad_levels_are_refused() -> None:
    match = Match("royal_turf", ["Ann", "Ben"], seats=["human", "computer"], seed=3)
    data = match.to_json()
    assert "levels" not in data  # all friendly: saved as before
    assert Match.from_json(data).levels == ["friendly", "friendly"]
    sharp = Match(
        "royal_turf", ["A", "B"], seats=["human", "computer"], levels=["friendly", "sharp"]
    )
    assert Match.from_json(sharp.to_json()).levels == ["friendly", "sharp"]
    for bad in (["sharp"], ["friendly", "clever"], "sharp"):
        with pytest.raises(BadSave):
            Match.from_json({**data, "levels": bad})


def test_a_share_link_carries_the_levels_and_a_bad_level_is_refused_kindly() -> None:
    setup = {
        "game": "royal_turf",
        "players": ["Ann", "Ben"],
        "seats": ["human", "computer"],
        "levels": ["friendly", "sharp"],
        "options": {},
        "seed": None,
    }
    link = setup_link.build(setup)
    assert "l=fs" in link
    app, b = started(hash_=link)
    assert app.screen == "setup" and app.setup["levels"] == ["friendly", "sharp"]
    assert 'value="sharp" selected' in b.html
    b.click("start")
    assert app.match is not None and app.match.levels == ["friendly", "sharp"]
    for bad in ("l=fx", "l=f", "l=fss"):
        app, b = started(hash_=f"#new?game=royal_turf&p=Ann&p=Ben&s=hc&{bad}")
        assert app.screen == "home" and "does not describe" in b.text()
        assert app.notice == app.cat.t("bad_link")


def test_the_worker_warms_up_when_a_table_opens_that_may_ask_it_and_only_then() -> None:
    """Its Python and the game's rules load while the players look at the table, so
    that the first lens estimate or advice comes as fast as any later one; a game with
    the lens and the advice turned off and no Sharp seat never starts it."""
    warm = {"kind": "warm", "game": "gambler", "players": 2}
    app, b = started()
    b.start_game("gambler", ["Ann", "Ben"], ["human", "computer"], 5)
    assert warm in b.worker_jobs
    app, b = started()
    b.start_game("gambler", ["Ann", "Ben"], ["human", "computer"], 5, {"lens_off": "on"})
    assert warm in b.worker_jobs  # the advice may still be asked for
    app, b = started()
    off = {"lens_off": "on", "advice_off": "on"}
    b.start_game("gambler", ["Ann", "Ben"], ["human", "computer"], 5, off)
    assert not [j for j in b.worker_jobs if j["kind"] == "warm"]
    app, b = started()
    b.start_game("gambler", ["Ann", "Ben"], ["human", "sharp"], 5, off)
    assert warm in b.worker_jobs  # a Sharp seat needs it whatever the options


def test_a_sharp_seat_is_sent_a_resample_of_its_own_view_never_the_real_secrets() -> None:
    differs = 0
    for seed in range(6):
        app, b = hidden_royal_turf(["human", "sharp", "human"], seed=seed)
        warm = {"kind": "warm", "game": "royal_turf", "players": 3}
        assert warm in b.worker_jobs  # the worker's Python starts early
        job = until_sharp_asks(app, b)
        assert app.match is not None
        real = app.match.state
        sent = posted_state(job)
        assert job["seat"] == 1 == real.current_player() and job["level"] == "sharp"
        assert sent.view(1) == real.view(1)
        differs += sent.bets != real.bets or sent.supply != real.supply
    assert differs > 0, "the worker was sent the real hidden chips every time"


def test_while_it_thinks_the_table_says_so_then_plays_its_answer_checked() -> None:
    app, b = hidden_royal_turf(["human", "sharp"])
    job = until_sharp_asks(app, b)
    assert app.match is not None
    assert 'data-testid="thinking"' in b.html and "Ben\u2069 is thinking" in b.text()
    steps = len(app.match.history)
    b.run_timers(below_ms=5000)  # renders and timers meanwhile ask nothing new
    assert decisions(b)[-1] is job and len(app.match.history) == steps
    answer(b, job)
    assert len(app.match.history) > steps
    assert app.match.history[steps]["seat"] == 1
    assert 'data-testid="thinking"' not in b.html or decisions(b)[-1] is not job
    assert not app.thinking.broken and b.notes[-1].startswith("Paddock: Sharp decision in")


def test_an_answer_for_a_position_left_behind_is_dropped() -> None:
    app, b = started()
    b.start_game("royal_turf", ["Ann", "Ben"], ["human", "sharp"], 5)  # open bets: undo
    assert app.match is not None
    # The human moves first, then takes the move back while the computer thinks.
    for _ in range(200):
        if app.match.current_player() == 0 and app.match.state.phase == "betting":
            break
        if decisions(b):
            answer(b, decisions(b)[-1])
        b.run_timers(1, below_ms=5000)
    human_move(app, b)
    assert app.match.is_computer_turn()
    b.run_timers(below_ms=5000)
    stale = decisions(b)[-1]
    undo = b.find(data_act="undo")
    assert undo is not None, b.text()
    b.click("undo")
    before = app.match.to_json()
    answer(b, stale)
    assert app.match.to_json() == before  # nothing played for the old position
    human_move(app, b)
    b.run_timers(below_ms=5000)
    assert decisions(b)[-1]["id"] > stale["id"]
    answer(b, stale)  # a late copy of the old answer: still dropped
    assert app.match.is_computer_turn()


def test_a_refused_or_failed_answer_falls_back_to_friendly_and_says_so() -> None:
    app, b = hidden_royal_turf(["human", "sharp"])
    job = until_sharp_asks(app, b)
    assert app.match is not None and b.worker_listener is not None
    steps = len(app.match.history)
    b.worker_listener({"kind": "decide", "id": job["id"], "action": {"type": "fly"}})
    assert app.thinking.broken and "plays Friendly" in b.notes[-1]
    assert len(app.match.history) > steps and app.match.history[steps]["seat"] == 1
    # From now on the page decides: no more jobs.
    jobs = len(decisions(b))
    for _ in range(40):
        if not b.run_timers(1, below_ms=5000):
            human_move(app, b)
    assert len(decisions(b)) == jobs

    app, b = hidden_royal_turf(["human", "sharp"])
    b.worker_broken = True  # a browser without workers
    for _ in range(200):
        assert app.match is not None
        if app.thinking.broken:
            break
        if not b.run_timers(1, below_ms=5000):
            human_move(app, b)
    assert app.thinking.broken and "could not start" in b.notes[-1]

    app, b = hidden_royal_turf(["human", "sharp"])
    until_sharp_asks(app, b)
    assert app.match is not None
    steps = len(app.match.history)
    b.run_timers()  # no answer in time: the timeout plays Friendly
    assert app.thinking.broken and "no answer" in " ".join(b.notes)
    assert len(app.match.history) > steps


def test_between_races_a_person_to_play_next_is_not_said_to_be_thinking() -> None:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game("royal_turf", ["Ann", "Ben"], ["human", "human"], 5)
    for _ in range(500):
        if b.find(data_act="continue"):
            break
        if not b.play_first_choice():
            b.run_timers(1)
    assert b.find(data_act="continue"), "race 1 never ended"
    assert app.match is not None
    name = app.names()[app.match.current_player()]
    assert f"{name} plays next" in b.text() and "thinking" not in b.text()
