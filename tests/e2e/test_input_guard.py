"""A stray second key press, click or tap never acts for the next player.

In every game with secrets, the last move of a secret turn is made with a doubled
input (Enter twice, Space twice, Enter held, a double click, a double tap): the next
player's hand-off curtain must still be up afterwards, with no private panel in the
page. Between public turns a double click plays one move, not the next player's too.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from e2e_helpers import saved_match
from playwright.sync_api import Browser, Locator, Page

from pygames.core import Match

SETTLE_MS = 900  # longer than the page's guard: whatever the doubled input did, it has done


@pytest.fixture
def touch_page(browser: Browser, server_url: str) -> Iterator[Page]:
    """A page on a touch screen (for taps) with the usual error capture."""
    context = browser.new_context(has_touch=True, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    yield page
    assert errors == []
    context.close()


def enter_twice(control: Locator) -> None:
    control.focus()
    control.page.keyboard.press("Enter")
    control.page.keyboard.press("Enter")


def space_twice(control: Locator) -> None:
    control.focus()
    control.page.keyboard.press(" ")
    control.page.keyboard.press(" ")


def enter_held(control: Locator) -> None:
    control.focus()
    keyboard = control.page.keyboard
    keyboard.down("Enter")
    for _ in range(8):  # the key repeats while it is held
        keyboard.down("Enter")
        control.page.wait_for_timeout(60)
    keyboard.up("Enter")


def double_click(control: Locator) -> None:
    control.dblclick()


def double_tap(control: Locator) -> None:
    control.scroll_into_view_if_needed()
    box = control.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    control.page.touchscreen.tap(x, y)
    control.page.touchscreen.tap(x, y)


DOUBLES: list[Callable[[Locator], None]] = [
    enter_twice,
    space_twice,
    enter_held,
    double_click,
    double_tap,
]

SETUPS: dict[str, dict[str, Any]] = {
    "royal_turf": {"count": 2, "check": ["opt_hidden_bets"]},
    "homestretch": {"count": 2, "check": ["opt_short_game"]},
    "turfmaster": {"count": 2, "check": []},
    "finish_line": {"count": 2, "check": []},
}


def start(page: Page, game: str) -> None:
    setup = SETUPS[game]
    page.click(f"[data-act=choose][data-arg={game}]")
    page.click(f"[data-act=count][data-arg='{setup['count']}']")
    for i in range(setup["count"]):
        page.fill(f"#name{i}", f"P{i}")
        page.select_option(f"#seat{i}", "human")
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", "12")
    for name in setup["check"]:
        page.check(f"input[name={name}]")
    page.click("[data-testid=start-game]")


def curtain_for(match: Match) -> int | None:
    """The seat whose hand-off curtain the page must show next (None: no curtain)."""
    seat = match.current_player()
    if seat < 0 or match.seats[seat] != "human":
        return None
    return seat if match.state.private_turn() else None


def turn_ender(page: Page, match: Match) -> Locator | None:
    """A control on screen whose move ends this secret turn and brings another curtain."""
    actor = match.current_player()
    plays = page.locator("#main [data-act=play]")
    for k in range(plays.count()):
        control = plays.nth(k)
        if not control.is_visible():
            continue
        index = int(control.get_attribute("data-arg") or "-1")
        legal = match.state.legal_actions()
        probe = Match.from_json(match.to_json())
        probe.play(legal[index])
        nxt = curtain_for(probe)
        if nxt is not None and nxt != actor:
            return control
    return None


def any_control(page: Page, rng: random.Random) -> Locator | None:
    controls = page.locator("#main [data-act=play], #main [data-act=local]")
    visible = [controls.nth(k) for k in range(controls.count()) if controls.nth(k).is_visible()]
    return rng.choice(visible) if visible else None


@pytest.mark.parametrize("double", DOUBLES, ids=[d.__name__ for d in DOUBLES])
@pytest.mark.parametrize("game", sorted(SETUPS))
def test_doubled_input_never_opens_the_next_players_secrets(
    touch_page: Page, game: str, double: Callable[[Locator], None]
) -> None:
    """The first secret turn that hands over to another player ends with ``double``."""
    page = touch_page
    start(page, game)
    rng = random.Random(3)
    deadline = time.monotonic() + 120
    while True:
        assert time.monotonic() < deadline, "no secret turn handed over to another player"
        if page.locator("[data-testid=continue]").count():
            page.click("[data-testid=continue]")
            continue
        confirm = page.locator("[data-testid=curtain-confirm]")
        if confirm.count():
            confirm.click()  # a deliberate click, after the curtain was drawn
            continue
        if not page.locator("[data-testid^=private-]").count():
            control = any_control(page, rng)  # a public step of the game
            if control is not None:
                control.click()
            else:
                page.wait_for_timeout(20)
            continue
        match = saved_match(page)
        control = turn_ender(page, match)
        if control is None:
            step = any_control(page, rng)
            assert step is not None, "a private panel without controls"
            step.click()
            continue
        before = len(match.history)
        page.wait_for_selector("#app:not([inert])", state="attached")  # the panel is live
        double(control)
        page.wait_for_timeout(SETTLE_MS)
        after = saved_match(page)
        waiting = curtain_for(after)
        assert waiting is not None and waiting != match.current_player(), double.__name__
        # The next player's curtain is still up and nothing private is in the page.
        assert page.locator("[data-testid=curtain]").count() == 1, double.__name__
        assert page.locator("[data-testid^=private-]").count() == 0, double.__name__
        assert page.get_attribute("[data-testid=curtain-confirm]", "data-arg") == str(waiting)
        assert len(after.history) > before  # the move itself was played
        # Tab stays inside the curtain: it never reaches the header behind it.
        for _ in range(4):
            page.keyboard.press("Tab")
            inside = page.evaluate(
                "!!document.activeElement.closest('[data-testid=curtain]')"
                " || document.activeElement === document.body"
            )
            in_header = page.evaluate("!!document.activeElement.closest('header')")
            assert inside and not in_header
        return


def test_double_click_between_public_turns_plays_one_move(touch_page: Page) -> None:
    page = touch_page
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click("[data-act=count][data-arg='2']")
    for i in range(2):
        page.fill(f"#name{i}", f"P{i}")
        page.select_option(f"#seat{i}", "human")
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", "21")
    page.click("[data-testid=start-game]")
    while saved_match(page).state.phase != "race":
        page.locator("[data-testid^=chip-]").first.click()
        page.locator("[data-testid^=bet-]").first.click()
    tries = 0
    while tries < 4:
        buttons = page.locator("[data-testid^=act-move-]")
        if page.locator("[data-testid=continue]").count():
            page.click("[data-testid=continue]")
            continue
        if not buttons.count():
            page.wait_for_timeout(20)
            continue
        before = saved_match(page)
        actor = before.current_player()
        page.wait_for_selector("#app:not([inert])", state="attached")
        buttons.first.dblclick()
        page.wait_for_timeout(SETTLE_MS)
        after = saved_match(page)
        moves = [e for e in after.history[len(before.history) :] if e["kind"] == "action"]
        assert len(moves) == 1 and moves[0]["seat"] == actor
        if after.current_player() >= 0 and after.current_player() != actor:
            assert page.locator("[data-testid=next-up]").count() == 1  # who plays next
        tries += 1
