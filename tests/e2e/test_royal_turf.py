"""Royal Turf played through the real page in Chromium."""

from __future__ import annotations

import random
import re
import time

from e2e_helpers import saved_match
from playwright.sync_api import Page

EVIL = "<img src=x onerror=alert(1)>"


def start_game(page: Page, names: list[str], seats: list[str], hidden: bool, seed: int) -> None:
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click(f"[data-act=count][data-arg='{len(names)}']")
    for i, (name, seat) in enumerate(zip(names, seats, strict=True)):
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", seat)
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", str(seed))
    if hidden:
        page.check("input[name=opt_hidden_bets]")
    page.click("[data-testid=start-game]")



def test_full_hidden_bets_game_through_the_ui(page: Page) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.open_app()  # type: ignore[attr-defined]
    names = ["Ann", EVIL, "Cy"]
    start_game(page, names, ["human", "human", "computer"], hidden=True, seed=2024)
    rng = random.Random(7)
    curtains = bets = moves = interludes = 0
    unlocked: int | None = None
    deadline = time.monotonic() + 420
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        if page.locator("[data-testid=continue]").count():
            # Between races everyone sees the settlement first.
            assert page.locator("[data-testid=interlude] .race-results").count() == 1
            interludes += 1
            page.click("[data-testid=continue]")
            continue
        curtain = page.locator("[data-testid=curtain]")
        if curtain.count():
            confirm = page.locator("[data-testid=curtain-confirm]")
            seat = int(confirm.get_attribute("data-arg") or "-1")
            # Nothing of the table is behind the curtain.
            assert page.locator(".horse-panel, [data-testid^=private-]").count() == 0
            assert f"Pass the device to \u2068{names[seat]}\u2069" in curtain.inner_text()
            confirm.click()
            curtains += 1
            unlocked = seat
            continue
        chips = page.locator("[data-testid^=chip-]")
        if chips.count():
            assert unlocked is not None, "a secret bet was offered without the curtain"
            panel = page.locator(f"[data-testid=private-{unlocked}]")
            assert panel.count() == 1
            # Only the owner's chip values are anywhere in the DOM.
            visible = page.locator("#app .chip:not(.face-down)")
            for k in range(visible.count()):
                assert f"pc{unlocked}" in (visible.nth(k).get_attribute("class") or "")
            chips.nth(rng.randrange(chips.count())).click()
            targets = page.locator("[data-testid^=bet-]")
            targets.nth(rng.randrange(targets.count())).click()
            bets += 1
            unlocked = None
            continue
        buttons = page.locator("[data-testid^=act-move-]")
        if buttons.count():
            pick = rng.randrange(buttons.count())
            if moves % 3 == 0:
                # The horse on the board is a keyboard control too.
                horse = (buttons.nth(pick).get_attribute("data-testid") or "")[len("act-move-") :]
                page.focus(f"[data-testid=move-{horse}]")
                page.keyboard.press("Enter")
            else:
                buttons.nth(pick).click()
            moves += 1
            continue
        page.wait_for_timeout(15)
    assert bets == 2 * 4 * 3 and curtains == bets  # two humans, four rounds, three races
    assert moves > 20 and interludes == 2  # after races 1 and 2
    # Names are text: the literal string is shown and no element was injected.
    assert EVIL in page.locator("[data-testid=results]").inner_text()
    assert page.locator("#app img").count() == 0 and dialogs == []
    shown = {}
    for seat in range(3):
        cell = page.locator(f"[data-testid=result-{seat}] [data-score]")
        shown[seat] = int(cell.get_attribute("data-score") or "0")
    engine = saved_match(page)
    assert engine.is_over()
    assert shown == {i: int(s) for i, s in enumerate(engine.scores())}
    money = [int(m) for m in engine.state.money]
    assert shown == dict(enumerate(money))
    assert page.uncaught_errors == []  # type: ignore[attr-defined]


def test_share_link_and_bad_link(page: Page, server_url: str) -> None:
    page.open_app("#new?game=royal_turf&p=Ann&p=Bo&s=hc&o.hidden_bets=1&seed=5")  # type: ignore[attr-defined]
    assert page.input_value("#name1") == "Bo"
    assert page.is_checked("input[name=opt_hidden_bets]")
    page.click("[data-testid=start-game]")
    match = saved_match(page)
    assert match.setup_json() == {
        "game": "royal_turf",
        "players": ["Ann", "Bo"],
        "seats": ["human", "computer"],
        "options": {"hidden_bets": True},
        "seed": 5,
    }
    page.goto(server_url + "#new?game=chess&p=A&s=h")
    page.reload()
    page.wait_ready()  # type: ignore[attr-defined]
    assert re.search("does not describe", page.locator("#app [role=alert]").inner_text())


def test_german_and_phone_width(page: Page) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.open_app()  # type: ignore[attr-defined]
    page.click("[data-act=lang][data-arg=de]")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert "Fünf Renn- und Wettspiele" in page.locator("#app").inner_text()
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click("[data-testid=start-game]")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 362, f"the table overflows a phone screen: {width}px"
