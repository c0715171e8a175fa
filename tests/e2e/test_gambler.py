"""Gambler played through the real page in Chromium: two people and a computer, to the end.

At every decision of the people at the table, on a 1280×800 window, the whole tableau and
the choices are in sight together and no control is covered; axe-core finds nothing
serious mid-round, with a die picked, at the end of a round and on the final standings.
A phone-sized window plays a turn too.
"""

from __future__ import annotations

import random
import time

from e2e_helpers import saved_json
from layout import composition_problems, serious_accessibility_violations
from playwright.sync_api import Page

from pygames.core import Match

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


def start(page: Page, seats: list[str], seed: str, target: str = "300") -> None:
    page.click("[data-act=choose][data-arg=gambler]")
    page.click(f"[data-act=count][data-arg='{len(seats)}']")
    for i, kind in enumerate(seats):
        page.select_option(f"#seat{i}", kind)
    page.select_option("select[name=opt_target]", target)
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", seed)
    page.click("[data-testid=start-game]")
    page.wait_for_selector("[data-testid=gb-tray]")


def composed(page: Page, where: str) -> None:
    problems = composition_problems(page)
    assert problems == [], f"{where}: {problems}"


def accessible(page: Page, where: str) -> None:
    found = serious_accessibility_violations(page)
    assert found == [], f"{where}: {found}"


def focused_testid(page: Page) -> str:
    return str(page.evaluate("document.activeElement?.getAttribute('data-testid') || ''"))


def test_full_game_through_the_ui(page: Page) -> None:
    page.set_viewport_size(LAPTOP)
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
    keyboard = mouse = decisions = 0
    checked: set[str] = set()
    deadline = time.monotonic() + 150
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        assert page.locator("[data-testid=curtain]").count() == 0, "Gambler has no secrets"
        cup = page.locator("[data-testid^=gb-cup-]")
        seat = (
            int((cup.first.get_attribute("data-testid") or "gb-cup--1")[7:]) if cup.count() else -1
        )
        human = bool(page.locator(".action-bar [data-act=play], .gb-pick[data-act]").count())
        if human:
            decisions += 1
            composed(page, f"decision {decisions}")
            if "round" not in checked and page.locator("[data-testid=gb-round-over]").count():
                checked.add("round")
                accessible(page, "the end of a round, beside the next tableau")
        if page.locator("[data-testid=gb-roll]").count():
            if rng.random() < 0.5:
                page.focus("[data-testid=gb-roll]")
                page.keyboard.press("Enter")
                page.wait_for_timeout(50)
                if page.locator("[data-testid^=gb-die-]").count():
                    # The roll landed: the focus waits on the first die to pick.
                    assert focused_testid(page).startswith("gb-die-")
            else:
                page.click("[data-testid=gb-roll]")
        elif page.locator("[data-testid=gb-roll-again]").count():
            page.click(
                "[data-testid=gb-roll-again]" if rng.random() < 0.5 else "[data-testid=gb-stop]"
            )
        elif page.locator("[data-testid^=gb-die-]").count() and (
            not page.locator("[data-testid=gb-confirm]").count() or rng.random() < 0.4
        ):
            if "board" not in checked:
                checked.add("board")
                accessible(page, "mid-round, the roll on the table")
            dice = page.locator("[data-testid^=gb-die-]")  # the dice of the roll, on the board
            dice.nth(rng.randrange(dice.count())).click()
            composed(page, "a die picked")
            if "picked" not in checked:
                checked.add("picked")
                accessible(page, "a die picked, its rows lit")
            boxes = page.locator("[data-testid^=gb-box-]")
            assert boxes.count() == page.locator("[data-testid^=gb-row-btn-]").count() > 0
            k = rng.randrange(boxes.count())
            if rng.random() < 0.5:  # the lit box on the board, with the keyboard
                boxes.nth(k).focus()
                page.keyboard.press("Enter")
                keyboard += 1
            else:  # or the row's button among the choices, with the mouse
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
    assert {"board", "picked"} <= checked
    saved = saved_json(page)
    engine = Match.from_json(saved)
    assert engine.is_over()
    rounds = len(engine.state.view(None)["results"])
    if rounds > 1:
        assert "round" in checked, "the end of a round was never shown on the table"
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
    assert page.locator("[data-testid^=gb-round-result-]").count() == rounds
    # Rows are told in words, never by their codes.
    text = page.locator("[data-testid=results]").inner_text()
    assert "(S" not in text and "(FH" not in text and "(A" not in text and "(D" not in text
    accessible(page, "the final standings")
    assert page.uncaught_errors == []  # type: ignore[attr-defined]


def test_six_players_and_the_choices_fit_one_screen(page: Page) -> None:
    """The longest side column: six player cards, the choices and the log."""
    page.set_viewport_size(LAPTOP)
    page.open_app()  # type: ignore[attr-defined]
    start(page, ["human"] + ["computer"] * 5, seed="3")
    seen: set[str] = set()
    for _ in range(400):
        if len(seen) == 5 or page.locator("[data-testid=results]").count():
            break
        if page.locator("[data-testid=gb-roll]").count():
            composed(page, "six players: roll")
            seen.add("roll")
            page.click("[data-testid=gb-roll]")
        elif page.locator("[data-testid=gb-roll-again]").count():
            composed(page, "six players: roll again or stop")
            seen.add("decide")
            page.click("[data-testid=gb-roll-again]")
        elif (
            page.locator("[data-testid^=gb-die-]").count()
            and not page.locator("[data-testid=gb-confirm]").count()
        ):
            composed(page, "six players: the roll")
            seen.add("roll-shown")
            page.locator("[data-testid^=gb-die-]").first.click()
            composed(page, "six players: a die picked")
            seen.add("picked")
            page.locator("[data-testid^=gb-row-btn-]").first.click()
        elif page.locator("[data-testid=gb-confirm]").count():
            composed(page, "six players: confirm")
            seen.add("confirm")
            page.click("[data-testid=gb-confirm]")
        else:
            page.wait_for_timeout(20)
    assert {"roll", "roll-shown", "picked", "confirm"} <= seen
    assert page.uncaught_errors == []  # type: ignore[attr-defined]


def test_a_turn_on_a_phone(page: Page) -> None:
    page.set_viewport_size(PHONE)
    page.open_app()  # type: ignore[attr-defined]
    start(page, ["human", "computer"], seed="5")
    rolled = False
    for _ in range(40):
        if page.locator("[data-testid=gb-roll]").count():
            composed(page, "phone: roll")
            accessible(page, "phone: roll")
            page.click("[data-testid=gb-roll]")
            rolled = True
        elif page.locator("[data-testid^=gb-die-]").count():
            composed(page, "phone: the roll")
            page.locator("[data-testid^=gb-die-]").first.click()
            composed(page, "phone: a die picked")
            accessible(page, "phone: a die picked")
            page.locator("[data-testid^=gb-box-]").first.click()  # a tap on the lit box
            assert page.locator(".gb-box.pending").count() == 1
            composed(page, "phone: a die placed")
            page.click("[data-testid=gb-confirm]")
            break
        else:
            page.wait_for_timeout(30)
    else:
        raise AssertionError("no die to place in 40 tries")
    assert rolled
    assert page.uncaught_errors == []  # type: ignore[attr-defined]
