"""TurfMaster played through the real page in Chromium: a complete quick race on a
laptop-sized window (the table composed and readable at every kind of decision), and the
first decisions on a phone."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import saved_match
from layout import composition_problems, serious_accessibility_violations
from playwright.sync_api import Browser, Page

EVIL = "<img src=x onerror=alert(1)>"
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
MIN_PX = 24  # horse tokens and the end squares to click, in CSS pixels

# Sizes and overlaps of what the camera shows (clipped pieces outside it do not count).
PIECES_JS = """() => {
  const view = document.querySelector('.tm-view').getBoundingClientRect();
  const shown = (r) => r.right > view.left && r.left < view.right &&
                       r.bottom > view.top && r.top < view.bottom;
  const boxes = (sel) => [...document.querySelectorAll(sel)]
    .map((el) => el.getBoundingClientRect()).filter(shown)
    .map((r) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2, w: r.width, h: r.height }));
  return { tokens: boxes('.tm-cam .tm-horse .body'), targets: boxes('.tm-cam .target .ring') };
}"""


def pieces(page: Page) -> dict[str, list[dict[str, float]]]:
    found: dict[str, list[dict[str, float]]] = page.evaluate(PIECES_JS)
    return found


def readable_problems(page: Page) -> list[str]:
    """Tokens and targets at least MIN_PX wide and high; no token hides another."""
    out = []
    found = pieces(page)
    if not found["tokens"]:
        out.append("no horse in the camera")
    for kind, items in found.items():
        for p in items:
            if min(p["w"], p["h"]) < MIN_PX - 0.5:
                out.append(f"a {kind[:-1]} is {p['w']:.0f}x{p['h']:.0f} px")
    tokens = found["tokens"]
    for i, a in enumerate(tokens):
        for b in tokens[i + 1 :]:
            if ((a["x"] - b["x"]) ** 2 + (a["y"] - b["y"]) ** 2) ** 0.5 < 0.95 * a["w"]:
                out.append(f"two tokens overlap at {a['x']:.0f},{a['y']:.0f}")
    return out


@pytest.fixture
def laptop(browser: Browser, server_url: str) -> Iterator[Page]:
    yield from sized(browser, server_url, LAPTOP)


@pytest.fixture
def phone(browser: Browser, server_url: str) -> Iterator[Page]:
    yield from sized(browser, server_url, PHONE)


def sized(browser: Browser, server_url: str, viewport: dict[str, int]) -> Iterator[Page]:
    context = browser.new_context(viewport=viewport)  # type: ignore[arg-type]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    setattr(page, "uncaught", errors)  # noqa: B010
    yield page
    assert errors == []
    context.close()


def setup(page: Page, names: list[str], seats: list[str], seed: int) -> None:
    page.click("[data-act=choose][data-arg=turfmaster]")
    page.click(f"[data-act=count][data-arg='{len(names)}']")
    for i, (name, seat) in enumerate(zip(names, seats, strict=True)):
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", seat)
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", str(seed))
    page.check("input[name=opt_quick_race]")


def decision(page: Page) -> str | None:
    """The kind of decision on screen, once it is ready for input."""
    if page.locator("[data-testid=curtain]").count():
        return "curtain"
    for kind, sel in (
        ("card", "[data-testid^=card-]"),
        ("end", "[data-testid^=sq-]"),
        ("pace", "[data-testid^=pace-]"),
        ("die", "[data-testid^=die-]"),
        ("decline", "[data-testid=decline-bonus]"),
    ):
        if page.locator(sel).count():
            return kind
    return None


def test_full_quick_race_through_the_ui(laptop: Page) -> None:
    page = laptop
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    names = ["Ann", EVIL, "Cy", "Di"]
    seats = ["human", "human", "computer", "computer"]
    setup(page, names, seats, 4242)
    # Four players: 1 or 2 horses each (spec §2.1); 3 and 4 are not offered.
    offered = page.locator("select[name=opt_horses_per_player] option").all_inner_texts()
    assert len(offered) == 3 and not any("3" in o or "4" in o for o in offered)
    page.click("[data-testid=start-game]")

    rng = random.Random(11)
    seen: dict[str, int] = {}
    checked: set[str] = set()
    unlocked: int | None = None
    deadline = time.monotonic() + 240
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the game did not finish in time"
        kind = decision(page)
        if kind is None:
            page.wait_for_timeout(15)
            continue
        seen[kind] = seen.get(kind, 0) + 1
        if kind == "curtain":
            # Nothing of the table is behind the curtain.
            assert page.locator(".tm-board, [data-testid^=private-], .tm-card").count() == 0
            confirm = page.locator("[data-testid=curtain-confirm]")
            seat = int(confirm.get_attribute("data-arg") or "-1")
            assert seats[seat] == "human"
            assert f"Pass the device to \u2068{names[seat]}\u2069" in page.inner_text("#app")
            confirm.click()
            unlocked = seat
            continue
        # Ann's first decisions of each kind: composed and readable (the other human's
        # name is the markup below, far longer than names are).
        ann = page.locator(".player.active[data-testid=player-0]").count() > 0
        if ann:
            seen["ann-" + kind] = seen.get("ann-" + kind, 0) + 1
        if ann and seen["ann-" + kind] <= 2:
            page.wait_for_timeout(700)  # horses have slid home, the input guard is over
            assert composition_problems(page) == [], kind
            assert readable_problems(page) == [], kind
            if kind not in checked and kind in ("card", "pace", "end"):
                assert serious_accessibility_violations(page) == [], kind
                checked.add(kind)
        if kind == "card":
            # A hand is only shown after the curtain, and only its owner's.
            privates = page.locator("[data-testid^=private-]")
            assert privates.count() == 1 and unlocked is not None
            assert privates.get_attribute("data-testid") == f"private-{unlocked}"
            own = f"card-{unlocked + 1}-"  # one horse each: seat s rides horse s + 1
            for testid in page.locator("#app [data-testid^=card-]").evaluate_all(
                "els => els.map(e => e.dataset.testid)"
            ):
                assert testid.startswith(own), testid
            bonus = page.locator("[data-testid=take-bonus]")
            if bonus.count() and rng.random() < 0.15:
                bonus.click()
                continue
            hand = page.locator("[data-testid^=card-]")
            useful = page.locator("[data-testid^=card-]:not(.useless)")
            pool = useful if useful.count() else hand
            pool.nth(rng.randrange(pool.count())).click()
            play = page.locator("[data-testid=play-card]")
            play.wait_for()
            # the chosen card's squares are marked on the track (or it stands still)
            assert page.locator(".tm-cam .preview").count() or page.locator(".note").count()
            play.click()
        elif kind == "end":
            # End squares: SVG controls on the board (keyboard) or the list (mouse).
            targets = page.locator("[data-testid^=sq-]")
            pick = rng.randrange(targets.count())
            if seen[kind] % 2:
                targets.nth(pick).focus()
                page.keyboard.press("Enter")
            else:
                page.locator("[data-testid^=end-]").nth(pick).click()
        elif kind == "pace":
            buttons = page.locator("[data-testid^=pace-]")
            buttons.nth(rng.randrange(buttons.count())).click()
        elif kind == "die":
            buttons = page.locator("[data-testid^=die-]")
            buttons.nth(rng.randrange(buttons.count())).click()
        else:
            page.locator("[data-testid=take-bonus]").click()
    assert seen.get("curtain", 0) > 0 and seen.get("card", 0) > 5 and seen.get("pace", 0) > 0
    assert checked == {"card", "pace", "end"}
    # The results: the race card's finishing order and standings, accessible.
    assert page.locator("[data-testid=race-1] .tm-finish li").count() == 4
    assert serious_accessibility_violations(page) == []
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
    # The log tells the race in words.
    log = page.locator("[data-testid=log]").inner_text()
    assert re.search(r"crosses the line in (1st|2nd|3rd|4th) place", log)
    assert "Dice right" not in log


def test_phone_first_decisions_are_readable_and_reachable(phone: Page) -> None:
    page = phone
    setup(page, ["Ann", "Ben", "Cy"], ["human", "computer", "computer"], 77)
    page.click("[data-testid=start-game]")
    rng = random.Random(5)
    seen: dict[str, Any] = {}
    deadline = time.monotonic() + 120
    while len(seen) < 3 and time.monotonic() < deadline:
        kind = decision(page)
        if kind is None:
            page.wait_for_timeout(15)
            continue
        if kind == "curtain":
            page.click("[data-testid=curtain-confirm]")
            continue
        if kind not in seen:
            page.wait_for_timeout(700)
            seen[kind] = (composition_problems(page), readable_problems(page))
            if len(seen) == 1:
                assert serious_accessibility_violations(page) == []
            # the camera and the mini-map are both on screen
            assert page.locator(".tm-cam").is_visible() and page.locator(".tm-mini").is_visible()
        if kind == "card":
            page.locator("[data-testid^=card-]").first.click()
            page.click("[data-testid=play-card]")
        else:
            sel = {"end": "[data-testid^=end-]", "pace": "[data-testid^=pace-]"}.get(
                kind, f"[data-testid^={kind}-]"
            )
            buttons = page.locator(sel)
            buttons.nth(rng.randrange(buttons.count())).click()
    assert "card" in seen and len(seen) >= 2
    for kind, (composition, readable) in seen.items():
        assert composition == [] and readable == [], kind
