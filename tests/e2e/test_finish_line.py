"""Finish Line played through the real page in Chromium.

The whole game is played on a laptop-sized window by clicking the board as a player
would (tiles for bets and horses, the pool for dice, the dice in hand); at every human
decision the board and the choices must be in sight together with nothing covered, and
axe-core must find nothing serious on the board mid-race, the private sheet and the
race card. A phone-sized window is checked at its first decisions.
"""

from __future__ import annotations

import random
import time

from e2e_helpers import saved_json
from layout import composition_problems, serious_accessibility_violations
from playwright.sync_api import Browser, Page

from pygames.core import Match

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
TILES = ".fl-board button.fl-tile"


def _setup(page: Page, seats: list[str], seed: str) -> None:
    page.click("[data-act=choose][data-arg=finish_line]")
    page.click(f"[data-act=count][data-arg='{len(seats)}']")
    names = ["Ann", "Ben", "Cy", "Di"]
    for i, seat in enumerate(seats):
        page.fill(f"#name{i}", names[i])
        page.select_option(f"#seat{i}", seat)
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", seed)
    page.click("[data-testid=start-game]")


def _composed(page: Page, where: str) -> None:
    problems = composition_problems(page)
    assert problems == [], f"{where}: {problems}"


def _clean(page: Page, where: str) -> None:
    found = serious_accessibility_violations(page)
    assert found == [], f"{where}: {found}"


def _fill_sheet(page: Page, rng: random.Random) -> None:
    """A few bets picked on the tiles, then the sheet confirmed."""
    for _ in range(rng.randrange(4)):
        page.click(f"[data-testid=bet-kind-{rng.choice(['win', 'place'])}]")
        for _ in range(2):  # a win horse, or a place pair one horse after the other
            tiles = page.locator(TILES)
            if not tiles.count() or page.locator("[data-testid^=stake-]").count():
                break
            tiles.nth(rng.randrange(tiles.count())).click()
        stakes = page.locator("[data-testid^=stake-]")
        if stakes.count():
            stakes.nth(rng.randrange(min(3, stakes.count()))).click()
    page.click("[data-testid=bet-done]")


def _use_a_die(page: Page, rng: random.Random) -> None:
    """Click a die in hand, then whatever it acts on (a tile, a block, an order…)."""
    dice = page.locator("[data-testid^=die-]")
    dice.nth(rng.randrange(dice.count())).click()
    for _ in range(3):
        if page.locator("[data-testid^=die-]").count() == 0:
            return  # the die was used
        blocks = page.locator("[data-testid^=block-]")
        tiles = page.locator(TILES)
        plays = page.locator("[data-testid=uses] button[data-act=play]")
        if blocks.count():
            blocks.nth(rng.randrange(blocks.count())).click()
        elif tiles.count() and rng.random() < 0.9:
            tiles.nth(rng.randrange(tiles.count())).click()
        elif plays.count():
            plays.nth(rng.randrange(plays.count())).click()
        else:
            page.click("[data-testid=discard]")


def test_full_game_through_the_ui(page: Page) -> None:
    page.set_viewport_size(LAPTOP)
    page.open_app()  # type: ignore[attr-defined]
    _setup(page, ["human", "human", "computer"], "31")

    rng = random.Random(3)
    curtains = slips = interludes = uses = takes = 0
    unlocked: int | None = None
    audited: set[str] = set()
    deadline = time.monotonic() + 480
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        if page.locator("[data-testid=continue]").count():
            # After each race every sheet is revealed with its payouts.
            assert page.locator("[data-testid=interlude] [data-testid^=sheet-]").count() == 3
            assert page.locator("[data-testid=interlude] .finish .fin").count() >= 2
            if "card" not in audited:
                _clean(page, "race card")
                audited.add("card")
            interludes += 1
            page.click("[data-testid=continue]")
            continue
        if page.locator("[data-testid=curtain]").count():
            assert page.locator("[data-testid^=private-], .fl-tile").count() == 0
            confirm = page.locator("[data-testid=curtain-confirm]")
            unlocked = int(confirm.get_attribute("data-arg") or "-1")
            confirm.click()
            curtains += 1
            continue
        if page.locator("[data-testid=bet-done]").count():
            assert unlocked is not None, "a betting sheet was shown without the curtain"
            # Only the owner's sheet is in the DOM.
            privates = page.locator("[data-testid^=private-]")
            assert privates.count() == 1
            assert privates.get_attribute("data-testid") == f"private-{unlocked}"
            page.wait_for_timeout(500)  # past the input guard of the new hand
            _composed(page, "betting sheet")
            if "sheet" not in audited:
                _clean(page, "betting sheet")
                audited.add("sheet")
            _fill_sheet(page, rng)
            slips += 1
            unlocked = None
            continue
        takes_here = page.locator("[data-testid^=take-]")
        if takes_here.count():
            _composed(page, "taking dice")
            takes_here.nth(rng.randrange(takes_here.count())).click()
            takes += 1
            continue
        if page.locator("[data-testid^=die-]").count():
            _composed(page, "using a die")
            if "race" not in audited:
                _clean(page, "mid-race")
                audited.add("race")
            _use_a_die(page, rng)
            uses += 1
            continue
        if page.locator("[data-testid=extra-decline]").count():
            _composed(page, "extra turn")
            page.locator(TILES).first.click()
            continue
        page.wait_for_timeout(15)
    assert slips == 2 * 3 and curtains == slips  # two humans, three races
    assert interludes == 2 and uses > 10 and takes > 10
    assert audited == {"card", "sheet", "race"}
    saved = saved_json(page)
    engine = Match.from_json(saved)
    assert engine.is_over()
    shown = {
        seat: int(
            page.locator(f"[data-testid=result-{seat}] [data-score]").get_attribute("data-score")
            or "0"
        )
        for seat in range(3)
    }
    assert shown == {i: int(s) for i, s in enumerate(engine.scores())}
    assert page.uncaught_errors == []  # type: ignore[attr-defined]


def test_a_phone_reaches_every_control(browser: Browser, server_url: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    _setup(page, ["human", "computer"], "5")
    # the only human: the sheet opens without a hand-off curtain
    page.locator("[data-testid=bet-done]").wait_for()
    assert page.locator("[data-testid=curtain]").count() == 0
    page.wait_for_timeout(500)
    _composed(page, "phone sheet")
    # The running order stays one row: every tile's top is level with the first one's.
    tops = page.locator(".fl-tile").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().top)"
    )
    assert len(tops) == 7 and max(tops) - min(tops) < 2
    # No horse name is broken inside a word: each word sits on one line.
    heights = page.locator(".tile-name .w").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height"
        " / parseFloat(getComputedStyle(e).fontSize))"
    )
    assert heights and max(heights) < 1.6
    _fill_sheet(page, random.Random(1))
    rng = random.Random(2)
    seen = set()
    deadline = time.monotonic() + 120
    while len(seen) < 2 and time.monotonic() < deadline:
        if page.locator("[data-testid^=take-]").count():
            _composed(page, "phone take")
            _clean(page, "phone take")
            seen.add("take")
            page.locator("[data-testid^=take-]").first.click()
        elif page.locator("[data-testid^=die-]").count():
            _composed(page, "phone use")
            seen.add("use")
            _use_a_die(page, rng)
        else:
            page.wait_for_timeout(30)
    assert seen == {"take", "use"}
    assert errors == []
    context.close()
