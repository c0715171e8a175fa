"""Replay in a real browser: a finished game replays to the same final standings."""

from __future__ import annotations

from e2e_helpers import store_game
from layout import serious_accessibility_violations
from playwright.sync_api import Browser, Page

from pygames.core import Match


def standings(page: Page, prefix: str) -> dict[str, str]:
    rows = page.locator(f"[data-testid^={prefix}]")
    out = {}
    for i in range(rows.count()):
        seat = (rows.nth(i).get_attribute("data-testid") or "")[len(prefix) :]
        out[seat] = rows.nth(i).locator("[data-score]").get_attribute("data-score") or ""
    return out


def test_a_finished_game_replays_to_the_same_final_standings(page: Page) -> None:
    # Computer seats play the whole game (in Python, quickly); the page opens its save.
    match = Match("royal_turf", ["Ann", "Ben"], seats=["computer", "computer"], seed=31)
    match.run_computers()
    page.open_app()  # type: ignore[attr-defined]
    slot = store_game(page, match)
    page.open_app(f"#/play/{slot}")  # type: ignore[attr-defined]
    page.wait_for_selector("[data-testid=results]")
    final = standings(page, "result-")
    assert final == {str(s): str(int(x)) for s, x in enumerate(match.scores())}
    page.click("[data-testid=watch-replay]")
    page.wait_for_selector("[data-testid=replay]")
    assert page.evaluate("location.hash") == f"#/replay/{slot}"
    # The public table only, read-only: nothing on it plays a move.
    assert page.locator("main [data-act=play], main [data-act=peek]").count() == 0
    assert page.locator("[data-testid=replay-standings]").count() == 0
    page.click("[data-testid=replay-race-2]")
    page.click("[data-testid=replay-next]")
    assert "race 2" in page.locator(".replay-controls h2").inner_text()
    page.click("[data-testid=replay-last]")
    page.wait_for_selector("[data-testid=replay-standings]")
    assert standings(page, "replay-result-") == final
    assert page.locator("[data-testid=replay-log] li").count() > 20
    assert serious_accessibility_violations(page) == []


def test_statistics_draw_each_chart_with_a_table_of_its_numbers(page: Page) -> None:
    match = Match("homestretch", ["Ann", "Ben"], seats=["computer", "computer"], seed=8)
    match.run_computers()
    page.open_app()  # type: ignore[attr-defined]
    slot = store_game(page, match, "e2estats")
    page.open_app(f"#/stats/{slot}")  # type: ignore[attr-defined]
    page.wait_for_selector("[data-testid=stats]")
    for chart in ("money-chart", "dice-chart", "race-chart"):
        figure = page.locator(f"[data-testid={chart}]")
        assert figure.locator("svg").count() == 1
        figure.locator("summary").click()
        assert figure.locator("table tr").count() > 2
    rolls = sum(1 for e in match.events if e["type"] in ("rolled", "roll_off"))
    seen = page.locator("[data-testid=dice-chart] table td:nth-child(2)").all_inner_texts()
    assert sum(int(x) for x in seen) == rolls
    assert serious_accessibility_violations(page) == []


def test_the_replay_log_is_on_a_phone_screen_too(browser: Browser, server_url: str) -> None:
    """A phone's table log is a drawer opened from the header; the replay has no Log
    button, so there its log is part of the column under the controls, lines numbered."""
    match = Match("royal_turf", ["Ann", "Ben", "Cy"], seats=["computer"] * 3, seed=9)
    match.run_computers()
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    slot = store_game(page, match, "e2e0replay")
    page.goto(f"{server_url}#/replay/{slot}")
    page.reload()
    page.click("[data-testid=replay-race-2]")
    log = page.locator("[data-testid=replay-log]")
    log.evaluate("(el) => el.scrollIntoView({ block: 'start' })")
    seen = log.evaluate(
        """(el) => {
          const ol = el.querySelector('ol'), box = ol.getBoundingClientRect();
          const whole = [...ol.children].filter((li) => {
            const r = li.getBoundingClientRect();
            const bottom = Math.min(box.bottom, innerHeight);
            return r.top >= Math.max(box.top, 0) - 1 && r.bottom <= bottom + 1;
          });
          return { shown: el.checkVisibility({ visibilityProperty: true }), whole: whole.length,
                   reversed: ol.reversed, start: ol.start, lines: ol.children.length };
        }"""
    )
    assert seen["shown"] and seen["whole"] >= 5, seen
    assert seen["reversed"] and seen["start"] >= seen["lines"] > 20, seen
    context.close()
