"""TurfMaster played through the real page in Chromium: a complete quick race."""

from __future__ import annotations

import random
import re
import time

from e2e_helpers import saved_match
from playwright.sync_api import Page

EVIL = "<img src=x onerror=alert(1)>"



def test_full_quick_race_through_the_ui(page: Page) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.open_app()  # type: ignore[attr-defined]
    page.click("[data-act=choose][data-arg=turfmaster]")
    page.click("[data-act=count][data-arg='4']")
    names = ["Ann", EVIL, "Cy", "Di"]
    seats = ["human", "human", "computer", "computer"]
    for i, (name, seat) in enumerate(zip(names, seats, strict=True)):
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", seat)
    # Four players: 1 or 2 horses each (spec §2.1); 3 and 4 are not offered.
    offered = page.locator("select[name=opt_horses_per_player] option").all_inner_texts()
    assert len(offered) == 3 and not any("3" in o or "4" in o for o in offered)
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", "4242")
    page.check("input[name=opt_quick_race]")
    page.click("[data-testid=start-game]")

    rng = random.Random(11)
    curtains = cards = ends = paces = dice = 0
    unlocked: int | None = None
    deadline = time.monotonic() + 150
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        if page.locator("[data-testid=curtain]").count():
            # Nothing of the table is behind the curtain.
            assert page.locator(".tm-track, [data-testid^=private-], .tm-card").count() == 0
            confirm = page.locator("[data-testid=curtain-confirm]")
            seat = int(confirm.get_attribute("data-arg") or "-1")
            assert seats[seat] == "human"
            shown = page.locator("#app").inner_text()
            assert f"Pass the device to \u2068{names[seat]}\u2069" in shown
            confirm.click()
            curtains += 1
            unlocked = seat
            continue
        privates = page.locator("[data-testid^=private-]")
        hand = page.locator("[data-testid^=card-]")
        if hand.count():
            # A hand is only shown after the curtain, and only its owner's.
            assert privates.count() == 1
            assert privates.get_attribute("data-testid") == f"private-{unlocked}"
            assert unlocked is not None
            own = f"card-{unlocked + 1}-"  # one horse each: seat s rides horse s + 1
            for testid in page.locator("#app [data-testid^=card-]").evaluate_all(
                "els => els.map(e => e.dataset.testid)"
            ):
                assert testid.startswith(own), testid
            bonus = page.locator("[data-testid=take-bonus]")
            if bonus.count() and rng.random() < 0.15:
                bonus.click()
                continue
            useful = page.locator("[data-testid^=card-]:not(.useless)")
            pool = useful if useful.count() else hand
            pool.nth(rng.randrange(pool.count())).click()
            page.click("[data-testid=play-card]")
            cards += 1
            continue
        targets = page.locator("[data-testid^=sq-]")
        if targets.count():
            # End squares: SVG controls on the board (keyboard) or the list (mouse).
            pick = rng.randrange(targets.count())
            if ends % 2 == 0:
                targets.nth(pick).focus()
                page.keyboard.press("Enter")
            else:
                page.locator("[data-testid^=end-]").nth(pick).click()
            ends += 1
            continue
        pace = page.locator("[data-testid^=pace-]")
        if pace.count():
            pace.nth(rng.randrange(pace.count())).click()
            paces += 1
            continue
        die = page.locator("[data-testid^=die-]")
        if die.count():
            die.nth(rng.randrange(die.count())).click()
            dice += 1
            continue
        decline = page.locator("[data-testid=decline-bonus]")
        if decline.count():
            page.locator("[data-testid=take-bonus]").click()
            continue
        page.wait_for_timeout(15)
    assert curtains > 0 and cards > 5 and paces > 0
    # Names are text: the literal string is shown and no element was injected.
    assert EVIL in page.locator("[data-testid=results]").inner_text()
    assert page.locator("#app img").count() == 0 and dialogs == []
    engine = saved_match(page)
    assert engine.is_over()
    shown, ranks = {}, {}
    for seat in range(4):
        row = page.locator(f"[data-testid=result-{seat}]")
        shown[seat] = int(row.locator("[data-score]").get_attribute("data-score") or "-1")
        ranks[seat] = int(re.sub(r"\D", "", row.locator(".rank").inner_text()))
    assert shown == {i: int(s) for i, s in enumerate(engine.scores())}
    assert ranks == dict(enumerate(engine.ranking()))
    assert page.locator("[data-testid=race-1]").count() == 1  # the race points table
    assert page.uncaught_errors == []  # type: ignore[attr-defined]
