"""Saved games in a real browser: reloads, two tabs, Back, a full storage, broken files."""

from __future__ import annotations

from e2e_helpers import saved_json, saved_match, saved_slots
from playwright.sync_api import Browser, Page

DEEP = "[" * 5000 + "]" * 5000


def start_royal_turf(page: Page, names: list[str], seed: int = 99) -> None:
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click(f"[data-act=count][data-arg='{len(names)}']")
    for i, name in enumerate(names):
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", "human")
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", str(seed))
    page.click("[data-testid=start-game]")


def bet(page: Page) -> None:
    page.locator("[data-testid^=chip-]").first.click()
    page.locator("[data-testid^=bet-]").first.click()


def test_reload_resumes_the_same_state(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    start_royal_turf(page, ["Ann", "Ben"])
    for _ in range(3):
        bet(page)
    before = saved_json(page)
    banner = page.locator(".turn-banner").inner_text()
    page.reload()
    page.wait_ready()  # type: ignore[attr-defined]
    assert saved_json(page) == before
    assert page.locator(".turn-banner").inner_text() == banner
    assert len(saved_match(page).history) == len(before["history"])


def test_damaged_and_deep_saves_are_refused_kindly_and_kept(page: Page, server_url: str) -> None:
    page.open_app()  # type: ignore[attr-defined]
    page.evaluate(
        "(d) => { localStorage.setItem('paddock.game.bad', '{\"format\": \"paddock-slot/1\"');"
        " localStorage.setItem('paddock.game.deep', d); }",
        DEEP,
    )
    for slot in ("bad", "deep"):
        page.goto(f"{server_url}#/play/{slot}")
        page.reload()
        page.wait_ready()  # type: ignore[attr-defined]
        alert = page.locator("#app [role=alert]")
        assert "could not be loaded" in alert.inner_text()
        assert "Traceback" not in page.locator("body").inner_text()
        alert.locator("button").click()
    # The app still starts, nothing was deleted, and both are listed as damaged.
    page.goto(server_url)
    page.reload()
    page.wait_ready()  # type: ignore[attr-defined]
    assert page.locator(".saved-game.damaged").count() == 2
    assert page.evaluate("localStorage.getItem('paddock.game.deep').length") == len(DEEP)
    assert page.uncaught_errors == []  # type: ignore[attr-defined]


def test_importing_a_deep_file_shows_the_notice(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    start_royal_turf(page, ["Ann", "Ben"])
    page.click("[data-act=overlay][data-arg=menu]")
    with page.expect_file_chooser() as chooser:
        page.click("[data-testid=import]")
    chooser.value.set_files(
        files=[{"name": "deep.json", "mimeType": "application/json", "buffer": DEEP.encode()}]
    )
    # refused on the table it was picked from, which stays as it was
    page.wait_for_selector("[data-testid=table-notice]")
    assert "not a Paddock game" in page.locator("[data-testid=table-notice]").inner_text()
    assert page.locator("main.table [data-testid^=chip-]").count() > 0
    assert page.evaluate("location.hash").startswith("#/play/")
    assert len(saved_slots(page)) == 1  # the running game is untouched
    assert page.uncaught_errors == []  # type: ignore[attr-defined]


def test_two_tabs_never_overwrite_each_other(browser: Browser, server_url: str) -> None:
    context = browser.new_context()
    try:
        first = context.new_page()
        first.goto(server_url)
        first.wait_for_selector('html[data-ready="1"]', state="attached")
        start_royal_turf(first, ["Ann", "Ben"])
        bet(first)
        second = context.new_page()
        second.goto(first.url)
        second.wait_for_selector('html[data-ready="1"]', state="attached")
        assert saved_json(second) == saved_json(first)
        bet(first)  # the second tab hears of it through a storage event
        second.wait_for_selector("[data-testid=table-notice]")
        banner = first.locator(".turn-banner").inner_text()
        assert second.locator(".turn-banner").inner_text() == banner
        bet(second)  # and plays on from the newest moves
        first.wait_for_selector("[data-testid=table-notice]")
        steps = [e for e in saved_match(first).history if e["kind"] == "action"]
        assert len(steps) == 3 and len(saved_slots(first)) == 1
    finally:
        context.close()


def test_back_and_forward_move_between_screens(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.wait_for_selector("[data-testid=start-game]")
    page.go_back()
    page.wait_for_selector("[data-act=choose][data-arg=royal_turf]")
    page.go_forward()
    page.wait_for_selector("[data-testid=start-game]")
    page.go_back()
    start_royal_turf(page, ["Ann", "Ben"])
    page.wait_for_selector("[data-testid=action-bar]")
    page.go_back()
    page.wait_for_selector("[data-testid=start-game]")
    page.go_back()
    page.wait_for_selector(".your-games .saved-game")
    assert page.url.startswith(page.url.split("#")[0])  # still on the site
    page.click(".saved-game [data-act=resume]")
    page.wait_for_selector("[data-testid=action-bar]")


def test_a_full_storage_is_announced(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    start_royal_turf(page, ["Ann", "Ben"])
    page.evaluate(
        "() => { window.__setItem = Storage.prototype.setItem;"
        " Storage.prototype.setItem = function () {"
        " throw new DOMException('full', 'QuotaExceededError'); }; }"
    )
    bet(page)
    page.wait_for_selector("[data-testid=save-failed]")
    page.evaluate("() => { Storage.prototype.setItem = window.__setItem; }")
    bet(page)
    page.wait_for_selector("[data-testid=save-failed]", state="detached")
    assert len([e for e in saved_match(page).history if e["kind"] == "action"]) == 2


def test_new_games_and_abandoning_never_lose_another_game(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    start_royal_turf(page, ["Ann", "Ben"])
    bet(page)
    page.click(".brand")
    start_royal_turf(page, ["Cy", "Di"], seed=5)
    assert len(saved_slots(page)) == 2
    page.click("[data-act=overlay][data-arg=menu]")
    page.click("[data-testid=abandon]")
    page.click("[data-testid=confirm-no]")
    assert len(saved_slots(page)) == 2
    page.click("[data-act=overlay][data-arg=menu]")
    page.click("[data-testid=abandon]")
    page.click("[data-testid=confirm-yes]")
    page.wait_for_selector(".your-games .saved-game")
    (left,) = saved_slots(page).values()
    assert left["summary"]["players"] == ["Ann", "Ben"]
