"""The projector window in a real browser: the public table, live, never a secret."""

from __future__ import annotations

import json

from e2e_helpers import saved_match
from playwright.sync_api import Page


def test_the_projector_never_shows_a_secret_while_a_panel_is_open(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click("[data-act=count][data-arg='2']")
    for i in range(2):
        page.select_option(f"#seat{i}", "human")
    page.fill("input[name=seed]", "77")
    page.check("input[name=opt_hidden_bets]")
    page.click("[data-testid=start-game]")
    page.click("[data-testid=curtain-confirm]")
    page.wait_for_selector("[data-testid^=private-]")
    page.click("[data-act=overlay][data-arg=menu]")
    with page.context.expect_page() as opened:
        page.click("[data-testid=menu-projector]")
    wall = opened.value
    wall.wait_for_selector("[data-testid=projector] .board-area", timeout=60_000)
    slot = page.evaluate("location.hash")[len("#/play/") :]
    assert wall.url.endswith(f"#/projector/{slot}")
    lines = wall.locator(".projector-log li").count()

    # The owner places a hidden chip inside the private panel; the next one opens theirs.
    page.locator("[data-testid^=chip-]").first.click()
    page.locator("[data-testid^=bet-]").first.click()
    page.click("[data-testid=curtain-confirm]")
    page.wait_for_selector("[data-testid^=private-]")
    wall.locator(".projector-log li").nth(lines).wait_for()

    match = saved_match(page)
    sent = json.loads(
        page.evaluate("(k) => localStorage.getItem(k)", f"paddock.projector.{slot}") or "{}"
    )
    assert sent["view"] == json.loads(json.dumps(match.state.view(None)))
    owner = next(e["seat"] for e in match.history if e["kind"] == "action")
    assert sent["view"] != json.loads(json.dumps(match.state.view(owner)))  # its chip stays out
    assert set(sent) == {"game", "players", "seats", "view", "events"}
    assert wall.locator("[data-testid^=private-], [data-testid=curtain]").count() == 0
    assert wall.locator("[data-act]").count() == 0
