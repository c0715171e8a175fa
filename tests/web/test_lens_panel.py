"""The lens on the table: what the page asks the worker, and what it draws.

The worker itself (rollouts in a second Python) is exercised in Chromium by
tests/e2e/test_lens.py; here the page's side runs on CPython against a fake page.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web.app import App  # noqa: E402
from paddock_web.lens_panel import LENS_KEY  # noqa: E402

import pygames  # noqa: E402
from pygames.core import State, lens  # noqa: E402


def hidden_royal_turf(seats: list[str]) -> tuple[App, FakeBrowser]:
    b = FakeBrowser()
    app = App(b)
    app.start()
    names = ["Ann", "Ben", "Cy"][: len(seats)]
    b.start_game("royal_turf", names, seats, 5, {"opt_hidden_bets": "on"})
    return app, b


def computers_with_lens() -> tuple[App, FakeBrowser]:
    """Three computers play Royal Turf (seed 5) with the lens switched on."""
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game("royal_turf", ["Ann", "Ben", "Cy"], ["computer"] * 3, 5)
    b.click("lens")
    return app, b


def posted_state(job: dict[str, object]) -> State[object]:
    return pygames.get_game(str(job["game"])).state_from_json(json.loads(str(job["state"])))


def answer(
    app: App,
    b: FakeBrowser,
    win: list[float],
    done: bool = True,
    race: dict[str, float] | None = None,
    samples: int = 400,
) -> None:
    """The worker's reply to the latest job (as lens-worker.mjs posts it); ``race``:
    each horse's chance to win (its place and show chances a little more)."""
    job = b.lens_jobs[-1]
    odds = {
        "samples": samples,
        "seats": {str(s): p for s, p in enumerate(win)},
        "value": 1000.0,
        "margin": 0.04,
        "race": {
            horse: {"win": p, "place": min(1.0, 1.4 * p), "show": min(1.0, 1.8 * p)}
            for horse, p in (race or {"red_fox": 0.5}).items()
        },
    }
    assert b.lens_listener is not None
    b.lens_listener({"id": job["id"], "odds": odds, "done": done})


def bets_placed_by_computers(app: App, b: FakeBrowser) -> None:
    """Play the human's bets (first chip offered) until the race runs: chips are down,
    their values hidden, and the table is public."""
    assert app.match is not None
    for _ in range(400):
        b.run_timers(1)
        if app.match.state.phase == "race" and app.needs_curtain() is None:
            return
        if app.needs_curtain() == 0:
            b.click("unlock", "0")
        plays = [c for c in b.controls() if c["data-act"] == "play"]
        chips = [c for c in b.controls() if c["data-act"] == "local"]
        if app.match.current_player() == 0 and (plays or chips):
            if chips:
                b.click("local", chips[0]["data-arg"], chips[0].get("value"))
            plays = [c for c in b.controls() if c["data-act"] == "play"]
            b.click("play", plays[0]["data-arg"])
    raise AssertionError("the race never started")


def test_the_lens_is_off_until_switched_on_and_remembers_the_choice() -> None:
    app, b = hidden_royal_turf(["human", "computer", "computer"])
    assert b.lens_jobs == [] and 'class="lens"' not in b.html
    lens = b.find(data_act="lens")
    assert lens is not None and lens["aria-pressed"] == "false"
    b.click("lens")
    assert b.store[LENS_KEY] == "1"
    assert b.find(data_act="lens")["aria-pressed"] == "true"  # type: ignore[index]
    assert b.scrolled_to == []
    answer(app, b, [0.5, 0.3, 0.2], done=False)  # its first figures: brought into sight once
    answer(app, b, [0.5, 0.3, 0.2])
    assert b.scrolled_to == ["main.table .lens under .action-bar"]
    b.click("lens")
    assert b.store[LENS_KEY] == "0"


def test_the_public_lens_sends_the_worker_a_resample_never_the_real_secrets() -> None:
    app, b = hidden_royal_turf(["human", "computer", "computer"])
    bets_placed_by_computers(app, b)
    assert app.match is not None and app.unlocked is None
    real = app.match.state
    differs = 0
    for _ in range(12):  # each switch-on asks afresh
        b.click("lens")
        job = b.lens_jobs[-1]
        assert job["seat"] is None
        sent = posted_state(job)
        assert sent.view(None) == real.view(None)
        differs += sent.bets != real.bets or sent.supply != real.supply
        b.click("lens")
    assert differs > 0, "the worker was sent the real hidden chips every time"


def test_an_estimate_is_drawn_only_for_the_position_it_answers() -> None:
    app, b = hidden_royal_turf(["human", "computer", "computer"])
    b.click("lens")
    assert "Working out the chances" in b.text()
    first = b.lens_jobs[-1]
    answer(app, b, [0.5, 0.3, 0.2])
    selector, drawn = b.htmls_set[-1]
    assert selector == "#lens-body"
    assert "50\u00a0%" in drawn and "Ann" in drawn and "Red Fox" in drawn
    assert "From 400 games" in drawn and "±4 percentage points" in drawn
    # A stale answer (an older job) is not drawn.
    assert b.lens_listener is not None
    b.lens_listener({"id": first["id"] - 1, "odds": {}, "done": True})
    assert len(b.htmls_set) == 1
    # A full render keeps the estimate on screen.
    app.render()
    assert "50\u00a0%" in b.html


def test_behind_the_curtain_nothing_is_asked_and_inside_only_the_seats_own_view() -> None:
    app, b = hidden_royal_turf(["human", "human"])
    b.click("lens")
    assert app.match is not None
    for _ in range(50):
        if app.needs_curtain() is not None:
            break
        b.run_timers(1)
    seat = app.needs_curtain()
    assert seat is not None, "no secret turn came"
    jobs = len(b.lens_jobs)
    app.render()
    assert len(b.lens_jobs) == jobs and 'class="lens"' not in b.html
    b.click("unlock", str(seat))
    job = b.lens_jobs[-1]
    assert job["seat"] == seat
    assert posted_state(job).view(seat) == app.match.state.view(seat)
    assert "from what you know" in b.text()
    # Her figures, then her bet: the next seat's panel never shows them meanwhile.
    answer(app, b, [0.77, 0.23])
    assert "77\u00a0%" in b.htmls_set[-1][1]
    chips = [c for c in b.controls() if c["data-act"] == "local"]
    b.click("local", chips[0]["data-arg"], chips[0].get("value"))
    b.click("play", next(c for c in b.controls() if c["data-act"] == "play")["data-arg"])
    for _ in range(50):
        if app.needs_curtain() not in (None, seat):
            break
        b.run_timers(1)
    other = app.needs_curtain()
    assert other is not None and other != seat, "the other seat's secret turn never came"
    b.click("unlock", str(other))
    assert b.lens_jobs[-1]["seat"] == other
    assert "77 %" not in b.text() and "Working out the chances" in b.text()


def test_the_horses_rows_keep_their_order_while_the_figures_refine() -> None:
    """Ranked by the first figures of a position, kept while they are refined (a row
    must not jump while it is read), ranked again by the last."""
    app, b = hidden_royal_turf(["human", "computer", "computer"])
    b.click("lens")

    def rows() -> list[str]:
        drawn = b.htmls_set[-1][1]
        return sorted(("Red Fox", "Othello"), key=drawn.index)

    answer(app, b, [0.5, 0.3, 0.2], done=False, race={"red_fox": 0.4, "othello": 0.3})
    assert rows() == ["Red Fox", "Othello"]
    answer(app, b, [0.5, 0.3, 0.2], done=False, race={"red_fox": 0.3, "othello": 0.4})
    assert rows() == ["Red Fox", "Othello"]  # refining: where they were
    assert "40\u00a0%" in b.htmls_set[-1][1]  # with the new figures
    answer(app, b, [0.5, 0.3, 0.2], done=True, race={"red_fox": 0.3, "othello": 0.4})
    assert rows() == ["Othello", "Red Fox"]  # settled: ranked again


def test_after_a_move_the_last_figures_stay_faded_until_the_new_ones_come() -> None:
    app, b = computers_with_lens()
    answer(app, b, [0.61, 0.27, 0.12])
    asked = len(b.lens_jobs)
    while len(b.lens_jobs) == asked:  # a computer plays: the position changes
        assert b.run_timers(1) == 1
    assert 'class="lens-figures refining stale"' in b.html and "61 %" in b.text()
    assert "Updating for the new position" in b.text()
    answer(app, b, [0.2, 0.5, 0.3])
    drawn = b.htmls_set[-1][1]
    assert "stale" not in drawn and "50\u00a0%" in drawn and "61\u00a0%" not in drawn


def test_gambler_weighs_rolling_on_against_stopping_with_the_workers_own_code() -> None:
    """The job the page posts, run by the worker's Python (``lens.start``) on CPython."""
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game("gambler", ["Ann", "Ben"], ["computer", "computer"], 3)
    b.click("lens")
    assert app.match is not None
    for _ in range(300):  # one computer step at a time, until rolling on is a choice
        if {a["type"] for a in app.match.state.legal_actions()} == {"roll_again", "stop"}:
            break
        b.run_timers(1)
    else:
        raise AssertionError("no player had to choose between rolling on and stopping")
    job = b.lens_jobs[-1]
    assert job["actions"] is True and job["seat"] is None
    run = lens.start(str(job["game"]), str(job["state"]), None, True, int(job["seed"]))  # type: ignore[call-overload]
    run.step(3)
    assert b.lens_listener is not None
    b.lens_listener({"id": job["id"], "odds": json.loads(run.odds_json()), "done": True})
    drawn = b.htmls_set[-1][1]
    assert "Next roll: a die fits" in drawn
    assert "Roll on" in drawn and "Stop" in drawn


def test_how_good_is_the_lens_shows_each_games_calibration_with_a_table() -> None:
    app, b = hidden_royal_turf(["human", "computer", "computer"])
    b.click("lens")
    b.click("overlay", "lens_about")
    text = b.text()
    assert "How good is the lens?" in text and "30 %" in text
    for game in pygames.games():  # the bench's figures, drawn for every game
        assert f"{game.title}: what the lens said against what happened" in b.html
        assert f"{game.title}: estimates grouped by what the lens said" in text
    assert b.html.count('class="calib-chart"') == len(pygames.games())
    # each chart has its two axes named and marked 0, 50 and 100 %
    assert b.html.count('class="calib-axis calib-label"') == 2 * len(pygames.games())
    assert b.html.count('class="calib-tick"') == 6 * len(pygames.games())
    brier = json.loads((ROOT / "web/paddock_web/lens_calibration.json").read_text())
    first = next(iter(brier.values()))["brier"]
    assert f"{first:.3f}" in text  # in English with a point
    app.on_act("lang", "de")
    assert "Wie gut ist die Lupe?" in b.text()
    assert f"{first:.3f}".replace(".", ",") in b.text()  # in German with a comma


def test_a_game_among_friends_can_be_played_without_the_lens() -> None:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.store[LENS_KEY] = "1"
    app.lens.on = True
    b.start_game("royal_turf", ["Ann", "Ben"], ["human", "computer"], 5, {"lens_off": "on"})
    assert b.find(data_act="lens") is None and 'class="lens"' not in b.html
    assert b.lens_jobs == []
    app.on_act("lens", "")  # a stale switch press asks nothing either
    assert b.lens_jobs == [] and 'class="lens"' not in b.html
    # The choice is saved with the game and kept for "Play again".
    assert b.saved_match() is not None
    saved = next(v for k, v in b.store.items() if k.startswith("paddock.game."))
    assert json.loads(saved)["lens_off"] is True
    assert app.slot is not None
    app.act_again("", None)
    app.render()
    assert app.slot.lens_off and b.find(data_act="lens") is None


def test_homestretch_draws_the_two_dice_chart_from_the_engine() -> None:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game("homestretch", ["Ann", "Ben", "Cy"], ["human", "computer", "computer"], 2)
    # the draft is secret, and Ann is the only human: her panel opens without a curtain
    assert b.find(data_act="unlock") is None and app.unlocked == 0
    b.click("lens")
    job = b.lens_jobs[-1]
    assert job["seat"] == 0
    run = lens.start(str(job["game"]), str(job["state"]), 0, False, int(job["seed"]))  # type: ignore[call-overload]
    run.step(1)
    assert b.lens_listener is not None
    b.lens_listener({"id": job["id"], "odds": json.loads(run.odds_json()), "done": False})
    drawn = b.htmls_set[-1][1]
    assert "Two dice: how likely each number is on one roll" in drawn
    assert "7: 6/36" in drawn and "2: 1/36" in drawn and "12: 1/36" in drawn
    assert "still refining" in drawn


def test_finish_line_shows_each_horses_chance_of_each_place() -> None:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game("finish_line", ["Ann", "Ben"], ["computer", "computer"], 4)
    b.click("lens")
    assert app.match is not None
    for _ in range(400):  # on to the race: the lineup is complete
        if app.match.state.race_running():
            break
        b.run_timers(1)
    job = b.lens_jobs[-1]
    run = lens.start(str(job["game"]), str(job["state"]), None, False, int(job["seed"]))  # type: ignore[call-overload]
    run.step(4)
    odds = json.loads(run.odds_json())
    for chances in odds["race"].values():  # a horse's places add up to its finishing
        assert sum(chances["slots"]) <= 1 + 1e-9
        assert abs(chances["slots"][0] - chances["win"]) < 1e-9
    assert b.lens_listener is not None
    b.lens_listener({"id": job["id"], "odds": odds, "done": False})
    drawn = b.htmls_set[-1][1]
    assert "Chance (%) of each finishing place" in drawn
    # A place for each finishing slot seen (fewer than 7 when a horse was disqualified).
    slots = sum(len(c["slots"]) for c in odds["race"].values())
    shown_out = '<th scope="col">Out</th>' in drawn
    assert drawn.count('class="fl-slot lens-shade s') == slots + shown_out * len(odds["race"])
    # A horse out of the race in 40 % of the games: its row adds up to 100 with "Out".
    first = next(iter(odds["race"]))
    places = len(odds["race"][first]["slots"])
    odds["race"][first]["slots"] = [0.3, 0.2, 0.1] + [0.0] * (places - 3)
    b.lens_listener({"id": job["id"], "odds": odds, "done": False})
    drawn = b.htmls_set[-1][1]
    assert '<th scope="col">Out</th>' in drawn
    grid = drawn[drawn.index('class="fl-slots"') :]
    for row in re.findall(r'<tr><th scope="row">.*?</tr>', grid[: grid.index("</table>")]):
        figures = [int(x) for x in re.findall(r'lens-shade s\d+">(\d+)<', row)]
        assert len(figures) == places + 1 and abs(sum(figures) - 100) <= places


def test_the_worker_is_told_to_stop_when_nothing_is_shown() -> None:
    app, b = hidden_royal_turf(["human", "computer", "computer"])
    b.click("lens")
    asked = b.lens_jobs[-1]["id"]
    b.click("lens")  # off
    assert b.lens_jobs[-1] == {"id": asked + 1, "stop": True}
    b.click("lens")  # on again: a new estimate
    assert "state" in b.lens_jobs[-1]
    b.click("home")  # leaving the table
    assert b.lens_jobs[-1].get("stop") is True


def test_the_side_column_keeps_its_scroll_only_within_one_viewers_table() -> None:
    """The page keeps the side column's scroll (the lens read below the choices) while
    the render's place stays the same: one table, one viewer. Behind the curtain a seat's
    own panel is another place, so it opens at its top."""
    app, b = hidden_royal_turf(["human", "human"])
    assert app.match is not None
    seat = app.needs_curtain()
    assert seat is not None
    assert b.places[-1] is None  # the curtain: nothing kept
    b.click("unlock", str(seat))
    mine = b.places[-1]
    assert mine == f"table:{id(app.match)}:{seat}"
    b2 = FakeBrowser()
    app2 = App(b2)
    app2.start()
    b2.start_game("royal_turf", ["Ann", "Ben", "Cy"], ["computer"] * 3, 5)
    b2.run_timers(20, below_ms=1_000)
    table = [p for p in b2.places if p is not None and p.startswith("table:")]
    assert len(table) > 5 and set(table) == {f"table:{id(app2.match)}:None"}


def trend_lines(drawn: str) -> list[int]:
    """How many points each line over the game has in a drawn panel."""
    if 'class="lens-trend"' not in drawn:
        return []
    chart = drawn[
        drawn.index('class="lens-trend"') : drawn.index("</svg>", drawn.index("lens-trend"))
    ]
    return [len(p.split()) for p in re.findall(r'polyline[^>]*points="([^"]*)"', chart)]


def test_the_line_over_the_game_grows_from_figures_still_being_refined() -> None:
    """A point per position from its latest figures once they rest on enough games, as
    the viewer saw them; a new game starts a new line."""
    app, b = computers_with_lens()

    def next_position() -> None:
        asked = len(b.lens_jobs)
        while len(b.lens_jobs) == asked:  # a computer plays: the position changes
            assert b.run_timers(1) == 1

    answer(app, b, [0.5, 0.3, 0.2], done=False, samples=3)  # too few games: no point
    next_position()
    answer(app, b, [0.4, 0.4, 0.2], done=False, samples=60)
    assert trend_lines(b.htmls_set[-1][1]) == []  # one point is no line
    next_position()
    answer(app, b, [0.2, 0.5, 0.3], done=False, samples=60)
    drawn = b.htmls_set[-1][1]
    assert trend_lines(drawn) == [2, 2, 2] and "Each player&#x27;s chance" in drawn
    answer(app, b, [0.1, 0.6, 0.3], done=True)  # the same position refined: same point
    assert trend_lines(b.htmls_set[-1][1]) == [2, 2, 2]
    # A new game: its own line.
    b.click("home")
    b.start_game("royal_turf", ["Ann", "Ben", "Cy"], ["computer"] * 3, 6)
    answer(app, b, [0.3, 0.3, 0.4])
    assert trend_lines(b.htmls_set[-1][1]) == []


def test_a_seats_line_over_the_game_is_drawn_for_that_seat_alone() -> None:
    """Each seat's points come from what it alone knew: the next seat behind the
    curtain starts without them."""
    app, b = hidden_royal_turf(["human", "human"])
    b.click("lens")
    assert app.match is not None
    answered = 0
    for _ in range(400):
        seat = app.needs_curtain()
        if seat is not None:
            b.click("unlock", str(seat))
        if app.lens.key is not None and b.lens_jobs[-1]["id"] != answered:
            answered = int(b.lens_jobs[-1]["id"])
            if app.lens.key[2] == 1 and len(app.lens.trend.get(0, [])) >= 2:
                break  # seat 1's first figures after seat 0 drew a line
            answer(app, b, FIGURES[app.lens.key[2]], samples=100)
        if not b.play_first_choice() and not b.run_timers(1):
            b.click("continue")
    assert app.lens.key is not None and app.lens.key[2] == 1, "seat 1 never came after a line"
    answer(app, b, FIGURES[1], samples=100)
    steps = {s for who in (None, 1) for s, _ in app.lens.trend.get(who, [])}
    drawn = b.htmls_set[-1][1]
    assert len(steps) >= 2 and trend_lines(drawn) == [len(steps)] * 2
    # Seat 0's figures (60 and 40 %, drawn at 40 - 38 * p) are nowhere in it.
    assert ",17.2" not in drawn and ",24.8" not in drawn


FIGURES: dict[int | None, list[float]] = {None: [0.5, 0.5], 0: [0.6, 0.4], 1: [0.55, 0.45]}
"""Each viewer's answers in the test above, told apart in the drawn line."""


def test_the_count_of_games_is_written_in_the_pages_language() -> None:
    app, b = computers_with_lens()
    answer(app, b, [0.5, 0.3, 0.2], done=False, samples=1)
    assert "1 game played ahead so far" in b.htmls_set[-1][1]
    b.click("lang", "de")
    answer(app, b, [0.5, 0.3, 0.2], done=True, samples=2403)
    assert "Aus 2.403 vom Computer" in b.htmls_set[-1][1]
