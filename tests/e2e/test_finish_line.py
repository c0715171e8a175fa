"""Finish Line played through the real page in Chromium."""

from __future__ import annotations

import random
import time

from e2e_helpers import saved_json
from playwright.sync_api import Page

from pygames.core import Match


def test_full_game_through_the_ui(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    page.click("[data-act=choose][data-arg=finish_line]")
    page.click("[data-act=count][data-arg='3']")
    names = ["Ann", "Ben", "Cy"]
    for i, (name, seat) in enumerate(zip(names, ["human", "human", "computer"], strict=True)):
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", seat)
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", "31")
    page.click("[data-testid=start-game]")

    rng = random.Random(3)
    curtains = slips = interludes = uses = 0
    unlocked: int | None = None
    deadline = time.monotonic() + 480
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        if page.locator("[data-testid=continue]").count():
            # After each race every sheet is revealed with its payouts.
            assert page.locator("[data-testid=interlude] [data-testid^=sheet-]").count() == 3
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
            for _ in range(rng.randrange(3)):
                page.click(f"[data-testid=bet-kind-{rng.choice(['win', 'place'])}]")
                targets = page.locator("[data-testid^=bet-target-]")
                if targets.count():
                    targets.nth(rng.randrange(targets.count())).click()
                    stakes = page.locator("[data-testid^=stake-]")
                    if stakes.count():
                        stakes.nth(rng.randrange(min(3, stakes.count()))).click()
            page.click("[data-testid=bet-done]")
            slips += 1
            unlocked = None
            continue
        choice = page.locator("[data-testid^=first-], [data-testid^=take-]")
        if choice.count():
            choice.nth(rng.randrange(choice.count())).click()
            continue
        dice = page.locator("[data-testid^=die-]")
        if dice.count():
            dice.nth(rng.randrange(dice.count())).click()
            uses_here = page.locator("[data-testid=uses] button")
            uses_here.nth(rng.randrange(uses_here.count())).click()
            uses += 1
            continue
        extra = page.locator("[data-testid^=extra-]")
        if extra.count():
            extra.first.click()
            continue
        page.wait_for_timeout(15)
    assert slips == 2 * 3 and curtains == slips  # two humans, three races
    assert interludes == 2 and uses > 10
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
