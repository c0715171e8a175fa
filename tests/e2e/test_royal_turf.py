"""Royal Turf played through the real page in Chromium."""

from __future__ import annotations

import random
import re
import time

from e2e_helpers import saved_match
from layout import composition_problems, serious_accessibility_violations
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


def composed(page: Page) -> None:
    """The board and the choices are in sight together and nothing covers a control."""
    assert composition_problems(page) == []


def die_centre(page: Page) -> tuple[float, float]:
    box = page.locator("[data-testid=die]").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_full_hidden_bets_game_through_the_ui(page: Page) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.open_app()  # type: ignore[attr-defined]
    names = ["Ann", EVIL, "Cy"]
    start_game(page, names, ["human", "human", "computer"], hidden=True, seed=2024)
    rng = random.Random(7)
    curtains = bets = moves = interludes = 0
    unlocked: int | None = None
    die_at: tuple[float, float] | None = None
    deadline = time.monotonic() + 480
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        if page.locator("[data-testid=continue]").count():
            # Between races everyone sees the settlement first: the chips of the race
            # all turned up, horse by horse, with what they paid.
            card = page.locator("[data-testid=interlude]")
            assert card.locator(".race-results").count() == 1
            assert card.locator(".rt-reveal tbody tr").count() == 7
            assert card.locator(".chip").count() == 3 * 4  # four chips of each player
            assert card.locator(".face-down").count() == 0
            if interludes == 0:
                assert serious_accessibility_violations(page) == []
            interludes += 1
            page.click("[data-testid=continue]")
            continue
        curtain = page.locator("[data-testid=curtain]")
        if curtain.count():
            confirm = page.locator("[data-testid=curtain-confirm]")
            seat = int(confirm.get_attribute("data-arg") or "-1")
            # Nothing of the table is behind the curtain.
            assert page.locator(".rt-card, [data-testid^=private-]").count() == 0
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
            page.wait_for_timeout(450)  # past the input guard of a newly drawn hand
            composed(page)
            if bets == 0:
                assert serious_accessibility_violations(page) == []
            chips.nth(rng.randrange(chips.count())).click()
            targets = page.locator("[data-testid^=bet-]")
            targets.first.wait_for()
            # After the chip, the focus is on the first horse (not on another chip).
            focused = page.evaluate("document.activeElement.dataset.testid || ''")
            assert focused == targets.first.get_attribute("data-testid"), focused
            composed(page)
            targets.nth(rng.randrange(targets.count())).click()
            bets += 1
            unlocked = None
            continue
        buttons = page.locator("[data-testid^=act-move-]")
        if buttons.count():
            page.wait_for_timeout(700)  # past the input guard and the last horse's slide
            composed(page)
            # The die stands in one place in the infield, decision after decision.
            if die_at is None:
                die_at = die_centre(page)
                assert serious_accessibility_violations(page) == []
            else:
                x, y = die_centre(page)
                assert abs(x - die_at[0]) < 2 and abs(y - die_at[1]) < 2
            # A horse that has moved this round wears its tick on the track.
            for k in range(page.locator("[data-horse].moved").count()):
                tick = page.locator("[data-horse].moved").nth(k).locator("use[href='#rt-check']")
                assert tick.count() == 1
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
    # The final results: every race's card, and no serious accessibility problem.
    assert page.locator("[data-testid^=race-result-]").count() == 3
    assert serious_accessibility_violations(page) == []
    # The deal of each race is one line of the log, not seven (the log shows the newest
    # lines: race 3's deal at least).
    log = page.locator("[data-testid=log] li")
    lines = [log.nth(k).inner_text() for k in range(log.count())]
    assert any(x.startswith("Race 3: the horse cards are dealt. From the back:") for x in lines)
    assert sum("the horse cards are dealt" in x for x in lines) <= 3
    assert not any("draws card" in x or "goes under the deck" in x for x in lines)
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
    # The first decisions on a phone: the choices and the money in sight, every
    # control reachable, the German words on the buttons.
    page.locator("[data-testid^=chip-]").first.wait_for()
    page.wait_for_timeout(450)
    composed(page)
    assert serious_accessibility_violations(page) == []
    page.locator("[data-testid^=chip-]").first.click()
    page.locator("[data-testid^=bet-]").first.wait_for()
    composed(page)
    assert "Das Pferd für deinen" in page.locator(".action-bar").inner_text()
