"""Replay in a real browser: a finished game replays to the same final standings."""

from __future__ import annotations

from playwright.sync_api import Page


def computer_game(page: Page, game_id: str, seed: int) -> None:
    """Two computer seats play a whole game at the instant speed (Continue between races)."""
    page.click(f"[data-act=choose][data-arg={game_id}]")
    page.click("[data-act=count][data-arg='2']")
    for i in range(2):
        page.select_option(f"#seat{i}", "computer")
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", str(seed))
    page.click("[data-testid=start-game]")
    done = "[data-testid=results], [data-act=continue]"
    while True:
        page.wait_for_selector(done, timeout=60_000)
        if page.locator("[data-testid=results]").count():
            return
        page.click("[data-act=continue]")


def standings(page: Page, prefix: str) -> dict[str, str]:
    rows = page.locator(f"[data-testid^={prefix}]")
    return {
        rows.nth(i).get_attribute("data-testid")[len(prefix) :]  # type: ignore[index]
        : rows.nth(i).locator("[data-score]").get_attribute("data-score") or ""
        for i in range(rows.count())
    }


def test_a_finished_game_replays_to_the_same_final_standings(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    computer_game(page, "royal_turf", seed=31)
    final = standings(page, "result-")
    assert len(final) == 2
    page.click("[data-testid=watch-replay]")
    page.wait_for_selector("[data-testid=replay]")
    assert page.evaluate("location.hash").startswith("#/replay/")
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
