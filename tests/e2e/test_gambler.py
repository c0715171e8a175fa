"""Gambler played through the real page in Chromium: two people and a computer, to the end."""

from __future__ import annotations

import random
import time

from e2e_helpers import saved_json
from playwright.sync_api import Page

from pygames.core import Match


def test_full_game_through_the_ui(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    page.click("[data-act=choose][data-arg=gambler]")
    page.click("[data-act=count][data-arg='3']")
    # Only the seats at the table can be the youngest player.
    assert page.locator("select[name=opt_youngest] option").count() == 3
    names = ["Ann", "Ben", "Cy"]
    for i, (name, kind) in enumerate(zip(names, ["human", "human", "computer"], strict=True)):
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", kind)
    page.select_option("select[name=opt_target]", "300")
    page.select_option("select[name=opt_youngest]", "1")
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", "12")
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=gb-tray]")

    page.click("[data-act=overlay][data-arg=rules]")  # the rules are one click away
    assert page.locator("[data-testid=overlay-rules] .rules-text p").count() == 7
    page.click("[data-act=overlay][data-arg=close]")

    rng = random.Random(7)
    moves = {0: 0, 1: 0}
    keyboard = mouse = 0
    deadline = time.monotonic() + 90
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        assert page.locator("[data-testid=curtain]").count() == 0, "Gambler has no secrets"
        cup = page.locator("[data-testid^=gb-cup-]")
        seat = (
            int((cup.first.get_attribute("data-testid") or "gb-cup--1")[7:]) if cup.count() else -1
        )
        if page.locator("[data-testid=gb-roll]").count():
            page.click("[data-testid=gb-roll]")
        elif page.locator("[data-testid=gb-roll-again]").count():
            page.click(
                "[data-testid=gb-roll-again]" if rng.random() < 0.5 else "[data-testid=gb-stop]"
            )
        elif page.locator("[data-testid^=gb-die-]").count() and (
            not page.locator("[data-testid=gb-confirm]").count() or rng.random() < 0.4
        ):
            dice = page.locator("[data-testid^=gb-die-]")
            dice.nth(rng.randrange(dice.count())).click()
            boxes = page.locator("[data-testid^=gb-box-]")
            assert boxes.count() == page.locator("[data-testid^=gb-row-btn-]").count() > 0
            k = rng.randrange(boxes.count())
            if rng.random() < 0.5:  # the lit box on the board, with the keyboard
                boxes.nth(k).focus()
                page.keyboard.press("Enter")
                keyboard += 1
            else:  # or the row's button in the action bar, with the mouse
                page.locator("[data-testid^=gb-row-btn-]").nth(k).click()
                mouse += 1
            assert page.locator(".gb-box.pending").count() >= 1
        elif page.locator("[data-testid=gb-confirm]").count():
            page.click("[data-testid=gb-confirm]")
        else:
            page.wait_for_timeout(15)  # a computer seat is playing
            continue
        if seat in moves:
            moves[seat] += 1
    assert moves[0] > 5 and moves[1] > 5 and keyboard > 0 and mouse > 0
    saved = saved_json(page)
    engine = Match.from_json(saved)
    assert engine.is_over()
    shown = {
        seat: (
            int(page.locator(f"[data-testid=result-{seat}] .rank").inner_text()),
            int(
                page.locator(f"[data-testid=result-{seat}] [data-score]").get_attribute(
                    "data-score"
                )
                or "-1"
            ),
        )
        for seat in range(3)
    }
    ranks = engine.ranking()
    assert shown == {i: (ranks[i], int(s)) for i, s in enumerate(engine.scores())}
    rounds = len(engine.state.view(None)["results"])
    assert page.locator("[data-testid^=gb-round-result-]").count() == rounds
    assert page.uncaught_errors == []  # type: ignore[attr-defined]
