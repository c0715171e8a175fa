"""Homestretch played through the real page in Chromium: draft, bets, race, market."""

from __future__ import annotations

import random
import time

from e2e_helpers import saved_match
from playwright.sync_api import Page

from pygames.homestretch.data import MARKER_VALUE

EVIL = "<img src=x onerror=alert(1)>"


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


def test_full_short_game_through_the_ui(page: Page) -> None:
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.open_app()  # type: ignore[attr-defined]
    names = ["Ann", EVIL, "Cy"]
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
            # The settlement of race 1 for everyone: purses and every player's bets.
            assert page.locator("[data-testid=interlude] [data-testid^=sheet-]").count() == 3
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
            if confirm_bets.count():
                if not took_back and page.locator("[data-testid=take-3]").count():
                    page.click("[data-testid=take-3]")  # take one back, lay it again
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
    assert page.uncaught_errors == []  # type: ignore[attr-defined]
