"""A Sharp computer player in Chromium: it thinks in the worker, the table says so and
stays responsive, the game runs to its end; and Ask the computer shows three choices.

To keep the test short the game is opened at the start of Royal Turf's last race: the
two races before are played through the engine (every seat by the Friendly player) and
saved as the page itself saves a game.
"""

from __future__ import annotations

import json
import random
import re
import statistics
import time
from typing import Any

from playwright.sync_api import Page, expect

from pygames.core import Match, SeatWindow
from pygames.core.bots import bot_for

SLOT = "sharp0e2e"
# Long tasks, and every 10 ms whether the table shows a Sharp seat thinking: a long task
# with "thinking" on screen just before and just after it happened while Ben thought.
LONG_TASKS = """
() => {
  window.sharpLongTasks = [];
  window.thinkingSamples = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.sharpLongTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask" });
  setInterval(() => window.thinkingSamples.push(
    [performance.now(), document.querySelector("[data-testid=thinking]") !== null]), 10);
}
"""


def while_thinking(tasks: list[list[float]], samples: list[list[Any]]) -> list[float]:
    """The long tasks that began and ended with the thinking sign on screen."""
    found = []
    for start, duration in tasks:
        before = [on for t, on in samples if t <= start]
        after = [on for t, on in samples if t >= start + duration]
        if before and after and before[-1] and after[0]:
            found.append(duration)
    return found


def last_race_save() -> str:
    """Ann (human), Ben (Sharp) and Cy (Friendly) at the start of the third race."""
    match = Match(
        "royal_turf",
        ["Ann", "Ben", "Cy"],
        seats=["human", "computer", "computer"],
        levels=["friendly", "sharp", "friendly"],
        seed=2026,
    )
    friendly = bot_for("royal_turf", "friendly")
    rng = random.Random(1)
    while match.state.finished_races() < 2 or match.current_player() != 0:
        seat = match.current_player()
        match.play(friendly.choose(SeatWindow(match.state, seat), seat, rng))
    slot = {
        "format": "paddock-slot/1",
        "id": SLOT,
        "rev": 1,
        "updated": 1.7e12,
        "seed_shared": False,
        "lens_off": False,
        "advice_off": False,
        "summary": {"game": "royal_turf", "players": match.players, "over": False},
        "match": match.to_json(),
    }
    return json.dumps(slot)


def act_as_ann(page: Page) -> bool:
    """Ann's first choice if it is her turn (a chip first where one is picked)."""
    bar = page.locator(".action-bar")
    plays = bar.locator("[data-act=play]")
    chips = bar.locator("[data-act=local]")
    if chips.count() and not plays.count():
        chips.first.click()
        return True
    if plays.count():
        plays.first.click()
        return True
    return False


def test_a_sharp_seat_thinks_in_the_worker_and_plays_the_game_to_its_end(page: Page) -> None:
    notes: list[str] = []
    page.on("console", lambda m: notes.append(m.text) if "Sharp" in m.text else None)
    page.open_app()
    page.evaluate(
        "(s) => { localStorage.setItem('paddock.game.sharp0e2e', s);"
        " localStorage.setItem('paddock.speed', 'instant'); }",
        last_race_save(),
    )
    page.open_app(f"#/play/{SLOT}")
    expect(page.locator("[data-testid=player-1]")).to_contain_text("Sharp")

    # Ask the computer on Ann's turn: three choices with their chances and a reason.
    page.locator("[data-testid=advise]").click()
    tips = page.locator(".advice-tip")
    expect(tips).to_have_count(3, timeout=30_000)
    assert all(re.search(r"\d+\s%\schance to win the game", t) for t in tips.all_inner_texts())
    assert page.locator(".advice-why").count() == 3
    page.locator("[data-testid=advice-play-0]").click()  # and play the best one

    page.evaluate(LONG_TASKS)
    saw_thinking = checked_quiet = False
    clicks = (0.0, 0.0)
    deadline = time.monotonic() + 150
    while not page.locator("main.table.over").count():
        assert time.monotonic() < deadline, "the game did not end in time"
        if page.locator("[data-testid=thinking]").count():
            saw_thinking = True
            if not checked_quiet:
                # While Ben thinks the page answers a click at once (drawing the rules
                # is the page's own work: left out of the tasks counted below).
                clicked = page.evaluate("performance.now()")
                page.click("[data-act=overlay][data-arg=rules]")
                expect(page.locator("[role=dialog]")).to_be_visible(timeout=1_000)
                page.click("[data-act=overlay][data-arg=close]")
                expect(page.locator("[role=dialog]")).to_have_count(0)
                clicks = (clicked, page.evaluate("performance.now()"))
                checked_quiet = True
            page.wait_for_timeout(100)
            continue
        if page.locator("[data-act=continue]").count():
            page.locator("[data-act=continue]").click()
            continue
        if not act_as_ann(page):
            page.wait_for_timeout(100)
    assert saw_thinking and checked_quiet

    long_tasks = [
        task
        for task in page.evaluate("window.sharpLongTasks")
        if not clicks[0] <= task[0] <= clicks[1]
    ]
    blocked = while_thinking(long_tasks, page.evaluate("window.thinkingSamples"))
    times = [float(m.group(1)) for n in notes if (m := re.search(r"decision in (\d+) ms", n))]
    assert times, notes
    p50 = statistics.median(times)
    p95 = sorted(times)[max(0, round(0.95 * len(times)) - 1)]
    print(f"Sharp decisions in Chromium: n={len(times)} p50={p50:.0f} ms p95={p95:.0f} ms")
    print(f"longest tasks: {sorted(d for _, d in long_tasks)[-5:]}, while thinking: {blocked}")
    assert not blocked, f"the page was blocked while Ben thought: {blocked} ms"
    assert not any("plays Friendly" in n for n in notes), notes  # the worker did the work
    assert p95 <= 1500, times
    assert not page.uncaught_errors and not page.console_errors, (
        page.uncaught_errors,
        page.console_errors,
    )
