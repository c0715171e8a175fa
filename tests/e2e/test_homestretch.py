"""Homestretch played through the real page in Chromium: draft, bets, race, market.

At every decision of the laptop game the whole board (all eleven lanes with their
betting cells) and the choices are in sight together; axe-core finds nothing serious
on the draft, a betting turn, the race and the results card; a phone shows the whole
draft hand and can reach every control.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import pytest
from e2e_helpers import saved_match
from layout import composition_problems, serious_accessibility_violations
from playwright.sync_api import Browser, Page

from pygames.homestretch.data import MARKER_VALUE

EVIL = "<img src=x onerror=alert(1)>"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


@pytest.fixture
def laptop(browser: Browser, server_url: str) -> Iterator[Page]:
    yield from _sized(browser, server_url, LAPTOP)


@pytest.fixture
def phone(browser: Browser, server_url: str) -> Iterator[Page]:
    yield from _sized(browser, server_url, PHONE)


def _sized(browser: Browser, server_url: str, size: dict[str, int]) -> Iterator[Page]:
    context = browser.new_context(viewport=size)  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    yield page
    assert errors == []
    context.close()


def whole_track_in_sight(page: Page) -> None:
    """All eleven lanes and their 33 betting cells are drawn inside the window."""
    box = page.locator("[data-testid=track]").bounding_box()
    assert box is not None
    size = page.viewport_size
    assert size is not None
    assert box["x"] >= 0 and box["y"] >= 0
    assert box["x"] + box["width"] <= size["width"] + 1
    assert box["y"] + box["height"] <= size["height"] + 1
    assert page.locator("[data-testid=track] .lane").count() == 11
    assert page.locator("[data-testid=track] [data-cell]").count() == 33


def start_game(page: Page, names: list[str], seats: list[str], seed: int) -> None:
    page.click("[data-act=choose][data-arg=homestretch]")
    page.click(f"[data-act=count][data-arg='{len(names)}']")
    for i, (name, seat) in enumerate(zip(names, seats, strict=True)):
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", seat)
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", str(seed))
    page.check("input[name=opt_short_game]")
    page.click("[data-testid=start-game]")


def attrs(page: Page, selector: str, name: str) -> list[str]:
    loc = page.locator(selector)
    return [loc.nth(k).get_attribute(name) or "" for k in range(loc.count())]


def check_only_own_secrets(page: Page, seat: int) -> None:
    """While seat's private panel is open, nothing secret of another seat is in the DOM."""
    privates = attrs(page, "[data-testid^=private-]", "data-testid")
    assert privates == [f"private-{seat}"]
    state = saved_match(page).state
    mine = set(state.hands[seat]) | set(state.kept[seat])
    others = {c for s in range(len(state.players)) if s != seat for c in state.hands[s]}
    others |= {c for s in range(len(state.players)) if s != seat for c in state.kept[s]}
    shown_cards = set(attrs(page, "[data-card]", "data-card"))
    assert shown_cards <= mine and not shown_cards & others
    html = page.content()
    for card in others | set(state.ghost):
        assert f'data-card="{card}"' not in html
    # Face-up marker values belong to the owner only (no open-bets variant here).
    for owner in attrs(page, "[data-value]", "data-marker-seat"):
        assert owner == str(seat)
    for other in range(len(state.players)):
        if other != seat:
            for marker in state.bets[other]:
                assert f'data-marker-seat="{other}" data-value="{MARKER_VALUE[marker]}"' not in html


def composed(page: Page) -> None:
    """Board and choices together, nothing covered (tests/e2e/layout.py)."""
    page.wait_for_timeout(60)  # the screen of the decision is drawn
    problems = composition_problems(page)
    if problems:
        page.screenshot(path="/tmp/homestretch-layout.png")
    assert problems == [], problems


def accessible(page: Page, where: str, seen: set[str]) -> None:
    """axe-core once per kind of screen (it takes a moment)."""
    if where not in seen:
        seen.add(where)
        found = serious_accessibility_violations(page)
        assert found == [], (where, found)


def test_full_short_game_through_the_ui(laptop: Page) -> None:
    page = laptop
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    names = ["Ann", EVIL, "Cy"]
    axed: set[str] = set()
    start_game(page, names, ["human", "human", "computer"], seed=2024)
    rng = random.Random(11)
    curtains = picks = bets_confirmed = race_moves = buys = interludes = peeks = 0
    unlocked: int | None = None
    checked_turn = False
    peeked = took_back = False
    deadline = time.monotonic() + 240
    while not page.locator("[data-testid=results]").count():
        if time.monotonic() > deadline:
            page.screenshot(path="/tmp/homestretch-timeout.png")
            raise AssertionError("the game did not finish in time")
        if page.locator("[data-testid=continue]").count():
            # The settlement of race 1 for everyone: the finishing circles with their
            # purses, and every player's markers turned face up with what they paid.
            card = page.locator("[data-testid=interlude]")
            assert card.locator("[data-testid^=sheet-]").count() == 3
            assert card.locator(".hs-podium .place").count() == 3
            assert card.locator(".chip[data-value]").count() == 15  # 3 players × 5 markers
            assert card.locator(".chip.face-down").count() == 0
            accessible(page, "results card", axed)
            interludes += 1
            page.click("[data-testid=continue]")
            continue
        curtain = page.locator("[data-testid=curtain]")
        if curtain.count():
            confirm = page.locator("[data-testid=curtain-confirm]")
            seat = int(confirm.get_attribute("data-arg") or "-1")
            # Nothing of the table is behind the curtain.
            assert (
                page.locator(
                    "[data-testid^=private-], [data-card], [data-testid=betting-board], .hs-track"
                ).count()
                == 0
            )
            assert f"Pass the device to \u2068{names[seat]}\u2069" in curtain.inner_text()
            confirm.click()
            curtains += 1
            unlocked = seat
            checked_turn = False
            continue
        if page.locator("[data-testid=peek-done]").count():
            assert unlocked is not None
            check_only_own_secrets(page, unlocked)
            assert page.locator(f"[data-testid=private-{unlocked}] [data-value]").count() == 5
            page.click("[data-testid=peek-done]")
            unlocked = None
            continue
        hand = page.locator("[data-testid^=pick-]")
        if hand.count():
            assert unlocked is not None, "a draft hand was shown without the curtain"
            check_only_own_secrets(page, unlocked)
            composed(page)
            whole_track_in_sight(page)
            accessible(page, "draft", axed)
            hand.nth(rng.randrange(hand.count())).click()
            picks += 1
            unlocked = None
            continue
        confirm_bets = page.locator("[data-testid=confirm-bets]")
        cells = page.locator("[data-testid^=cell-]")
        if confirm_bets.count() or cells.count():
            assert unlocked is not None, "a betting turn was shown without the curtain"
            if not checked_turn:
                check_only_own_secrets(page, unlocked)
                checked_turn = True
            composed(page)
            whole_track_in_sight(page)
            accessible(page, "betting", axed)
            if confirm_bets.count():
                take = page.locator("[data-testid=take-3]")
                if not took_back and take.count():
                    # The button says what it does, and its name begins with those words.
                    text = take.inner_text().strip()
                    assert text == "Take back"
                    assert (take.get_attribute("aria-label") or "").startswith(text)
                    take.click()  # take one back, lay it again
                    took_back = True
                    assert page.locator("[data-testid=confirm-bets]").count() == 0
                    continue
                check_only_own_secrets(page, unlocked)
                confirm_bets.click()
                bets_confirmed += 1
                unlocked = None
                continue
            markers = page.locator("[data-testid^=marker-]")
            if markers.count() > 1 and rng.random() < 0.3:
                markers.nth(rng.randrange(markers.count())).click()
            cells = page.locator("[data-testid^=cell-]")
            cells.nth(rng.randrange(cells.count())).click()
            continue
        claims = page.locator("[data-testid^=claim-]")
        if claims.count():
            composed(page)
            claims.nth(rng.randrange(claims.count())).click()
            continue
        race = page.locator("[data-testid^=move-], [data-testid^=reroll-], [data-testid^=bonus-]")
        if race.count():
            peek = page.locator("[data-testid^=peek-]")
            if not peeked and peek.count():
                # A player reviews their own face-down markers behind the curtain.
                seat = int(peek.first.get_attribute("data-arg") or "-1")
                peek.first.click()
                peeked = True
                peeks += 1
                assert page.locator("[data-testid=curtain]").count() == 1
                assert page.locator("[data-testid^=private-]").count() == 0
                continue
            assert page.locator("[data-testid=dice]").count() == 1
            composed(page)
            whole_track_in_sight(page)
            accessible(page, "race", axed)
            runners = page.locator("[data-testid^=runner-]")
            if runners.count() and rng.random() < 0.5:
                runners.nth(rng.randrange(runners.count())).click()  # the lane token
            else:
                race.nth(rng.randrange(race.count())).click()
            race_moves += 1
            continue
        market = page.locator("[data-testid^=buy-]")
        if market.count():
            assert page.locator("[data-testid=market]").count() == 1
            composed(page)
            whole_track_in_sight(page)
            market.nth(rng.randrange(market.count())).click()
            buys += 1
            continue
        page.wait_for_timeout(15)

    # Two humans: 4 picks each (the 5th card is kept automatically), 2 races of bets.
    assert picks == 8 and bets_confirmed == 4 and buys == 4
    assert curtains == picks + bets_confirmed + peeks and peeks == 1
    assert interludes == 1 and race_moves > 5
    engine = saved_match(page)
    assert engine.is_over()
    scores = engine.scores()
    ranking = engine.ranking()
    for seat in range(3):
        row = page.locator(f"[data-testid=result-{seat}]")
        assert int(row.locator("[data-score]").get_attribute("data-score") or "-1") == int(
            scores[seat]
        )
        assert int(row.locator(".rank").inner_text()) == ranking[seat]
    assert page.locator("[data-testid=tiebreaks]").count() == 1
    assert page.locator("[data-testid^=race-result-]").count() == 2
    assert dialogs == [] and EVIL in page.locator("[data-testid=results]").inner_text()
    accessible(page, "final results", axed)
    assert axed == {"draft", "betting", "race", "results card", "final results"}


def test_phone_shows_the_whole_hand_and_reaches_every_control(phone: Page) -> None:
    """On a 360 px phone the draft hand wraps (no hidden sideways scroll), the lanes
    come first in the board's band, and the betting turn's controls can be reached."""
    page = phone
    start_game(page, ["Ann", "Ben", "Cy"], ["human", "computer", "computer"], seed=7)
    axed: set[str] = set()
    deadline = time.monotonic() + 120
    laid = 0
    while page.locator("[data-testid=confirm-bets]").count() == 0:
        assert time.monotonic() < deadline, "no betting turn in time"
        if page.locator("[data-testid=curtain-confirm]").count():
            page.wait_for_timeout(400)
            page.click("[data-testid=curtain-confirm]")
            continue
        hand = page.locator("[data-testid=hand]")
        if hand.count():
            page.wait_for_timeout(60)
            # every card of the hand is wholly inside the phone's width
            width = hand.evaluate("el => [el.scrollWidth, el.clientWidth]")
            assert width[0] <= width[1] + 1, width
            cards = hand.locator("button")
            for k in range(cards.count()):
                box = cards.nth(k).bounding_box()
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 361
            composed(page)
            accessible(page, "draft", axed)
            cards.first.click()
            continue
        cells = page.locator("[data-testid^=cell-]")
        if cells.count():
            composed(page)
            accessible(page, "betting", axed)
            # the lanes are first in the board's band, so the track is in sight
            track = page.locator("[data-testid=track]").bounding_box()
            assert track is not None and track["y"] < 200
            cells.nth(laid * 7 % cells.count()).click()
            laid += 1
            continue
        claims = page.locator("[data-testid^=claim-]")
        if claims.count():
            claims.first.click()
            continue
        page.wait_for_timeout(30)
    composed(page)
    take = page.locator("[data-testid^=take-]")
    assert take.count() == 5 and take.first.inner_text().strip() == "Take back"
    assert axed == {"draft", "betting"}
