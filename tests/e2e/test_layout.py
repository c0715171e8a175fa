"""The table's frame in a real browser: composition, the log drawer, dialogs, accessibility."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from e2e_helpers import store_game
from layout import composition_problems, serious_accessibility_violations
from playwright.sync_api import Browser, Page

from pygames.core import Match, SeatWindow, bot_for

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 800}


def start(page: Page, game: str, count: int) -> None:
    """A game with seat 0 human and the rest computer players, no seed."""
    page.click(f"[data-act=choose][data-arg={game}]")
    page.click(f"[data-act=count][data-arg='{count}']")
    page.select_option("#seat0", "human")
    for i in range(1, count):
        page.select_option(f"#seat{i}", "computer")
    page.select_option("#speed", "instant")
    page.click("[data-testid=start-game]")
    page.locator("main.table, main.curtain").first.wait_for()


@pytest.fixture(params=[LAPTOP, PHONE], ids=["laptop", "phone"])
def sized_page(request: pytest.FixtureRequest, browser: Browser, server_url: str) -> Iterator[Page]:
    context = browser.new_context(viewport=request.param)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    yield page
    assert errors == []
    context.close()


def test_dialogs_take_focus_trap_it_and_close_with_escape(sized_page: Page) -> None:
    page = sized_page
    start(page, "gambler", 2)
    for name in ("rules", "menu"):
        page.click(f".site-header [data-act=overlay][data-arg={name}]")
        dialog = page.locator(f"[data-testid=overlay-{name}]")
        dialog.wait_for()
        page.wait_for_timeout(500)  # past the input guard of a newly drawn screen
        assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
        for _ in range(12):  # Tab never leaves the dialog
            page.keyboard.press("Tab")
            assert page.evaluate("document.activeElement.closest('[role=dialog]') !== null")
        # The table behind cannot be reached.
        assert page.locator("main.table[inert]").count() == 1
        page.keyboard.press("Escape")
        dialog.wait_for(state="detached")
        assert page.locator("main.table[inert]").count() == 0


def test_phone_log_drawer_closes_three_ways(browser: Browser, server_url: str) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    start(page, "gambler", 2)
    log = page.locator("[data-testid=log]")
    for how in ("button", "escape", "outside"):
        page.click(".site-header .log-toggle")
        page.wait_for_timeout(500)
        assert log.evaluate("el => el.classList.contains('open')")
        assert log.is_visible()
        if how == "button":
            page.click("[data-testid=log-close]")
        elif how == "escape":
            page.keyboard.press("Escape")
        else:
            page.mouse.click(20, 400)  # on the dimmed table, left of the drawer
        page.wait_for_timeout(300)
        assert not log.evaluate("el => el.classList.contains('open')"), how
    context.close()


def test_phone_header_takes_two_rows_in_either_language(browser: Browser, server_url: str) -> None:
    """The brand and the languages on one row, every tool of the table on the next: the
    board keeps the room a third row would take. Tab goes through them in that order."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    start(page, "gambler", 2)  # no curtain: the header can be used at once
    page.locator(".action-bar [data-act]").first.wait_for()
    for lang in ("de", "en"):
        page.click(f".site-header [data-act=lang][data-arg={lang}]")
        page.locator(f"html[lang={lang}]").wait_for(state="attached")
        rows = page.evaluate(
            """() => {
              const top = (el) => Math.round(el.getBoundingClientRect().top);
              const header = document.querySelector('.site-header');
              const tools = [...header.querySelectorAll('.tools button')]
                .filter((b) => b.getClientRects().length);
              return {
                brand: top(header.querySelector('.brand')),
                langs: [...header.querySelectorAll('.lang')].map(top),
                tools: [...new Set(tools.map(top))],
                names: tools.map((b) => b.textContent),
                right: Math.max(...[...header.querySelectorAll('button')]
                  .map((b) => b.getBoundingClientRect().right)),
                // Where each button Tab reaches stands, in the page's order.
                order: [...header.querySelectorAll('button')]
                  .filter((b) => b.getClientRects().length)
                  .map((b) => [top(b), Math.round(b.getBoundingClientRect().left)]),
              };
            }"""
        )
        assert len(rows["names"]) >= 4, rows  # lens, rules, log, menu (and ask)
        assert set(rows["langs"]) == {rows["brand"]}, (lang, rows)
        assert len(rows["tools"]) == 1 and rows["tools"][0] > rows["brand"], (lang, rows)
        assert rows["right"] <= PHONE["width"], (lang, rows)
        # Tab follows the eye: row by row, left to right.
        assert rows["order"] == sorted(rows["order"]), (lang, rows)
    context.close()


def test_the_log_beside_the_final_results_shows_its_lines(sized_page: Page) -> None:
    """At the end the log shows as many of its lines as it has room for, their numbers
    whole (before, its list kept its one-line minimum and "10." lost its first digit)."""
    page = sized_page
    match = Match("royal_turf", ["Ann", "Ben", "Cy"], seats=["human", "computer", "computer"])
    friendly, rng = bot_for("royal_turf"), random.Random(3)
    while not match.is_over():
        seat = match.current_player()
        match.play(friendly.choose(SeatWindow(match.state, seat), seat, rng))
    slot = store_game(page, match, "e2e0over")
    page.goto(page.url.split("#")[0] + f"#/play/{slot}")
    page.reload()
    page.locator("main.table.over [data-testid=log] li").first.wait_for()
    log = page.evaluate(
        """() => {
          const list = document.querySelector('[data-testid=log] ol');
          const items = [...list.children];
          const box = list.getBoundingClientRect();
          const seen = items.filter((li) => li.getBoundingClientRect().bottom <= box.bottom + 1);
          // The numbers stand in the list's left padding: it must hold the widest, the
          // newest line's (numbered from the game's first line), in the list's own font.
          return {
            lines: items.length, seen: seen.length, height: box.height,
            reversed: list.reversed, start: list.start,
            pad: parseFloat(getComputedStyle(list).paddingLeft),
            // The marker is the number, its point and a space (kept, as in the marker).
            digitWidth: (() => { const s = document.createElement('span');
              s.style.whiteSpace = 'pre'; s.textContent = `${list.start}. `; list.appendChild(s);
              const w = s.getBoundingClientRect().width; s.remove(); return w; })(),
          };
        }"""
    )
    assert log["lines"] >= 10, log
    assert log["seen"] >= min(log["lines"], 8), log
    assert log["reversed"] and log["start"] >= max(log["lines"], 100), log
    assert log["pad"] >= log["digitWidth"], log


@pytest.mark.parametrize("game,count", [("gambler", 3), ("finish_line", 3), ("homestretch", 3)])
def test_first_decision_is_composed_and_accessible(sized_page: Page, game: str, count: int) -> None:
    page = sized_page
    start(page, game, count)
    # The first decision: a choice beside the board or a control on it (Finish Line's
    # horses), behind a curtain when it is secret (drawn once the start is laid out).
    decision = page.locator(
        "[data-testid=curtain-confirm], .action-bar [data-act], .board-area [data-act]"
    ).first
    decision.wait_for()
    if page.locator("[data-testid=curtain-confirm]").count():
        page.wait_for_timeout(500)  # past the input guard of the curtain
        page.click("[data-testid=curtain-confirm]")
        page.locator(".action-bar [data-act], .board-area [data-act]").first.wait_for()
    page.wait_for_timeout(500)
    assert composition_problems(page) == []
    assert serious_accessibility_violations(page) == []


# Every word of the page's prose that fits a line: the rectangles of its letters on more
# than one line mean it was broken in the middle ("Tisc" / "h").
SPLIT_WORDS = """
() => {
  const split = [];
  const walker = document.createTreeWalker(document.querySelector("main"), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("input, select, option, textarea")) continue;
    for (const m of node.textContent.matchAll(/[^\\s\\-\\u2013]+/g)) {  // a hyphen may break
      if (m[0].length > 20) continue;  // may be longer than a phone's line
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0)
                                                       .map((r) => Math.round(r.top)));
      if (tops.size > 1) split.push(m[0]);
    }
  }
  return split;
}
"""


@pytest.mark.parametrize("lang", ["de", "en"])
def test_setup_prose_wraps_between_words(page: Page, lang: str) -> None:
    """The new-game screen on a phone, its share and class links included: text wraps at
    spaces, never inside a word."""
    page.set_viewport_size(PHONE)
    page.open_app()  # type: ignore[attr-defined]
    page.click(f"[data-act=lang][data-arg={lang}]")
    page.click("[data-act=choose][data-arg=gambler]")
    page.wait_for_selector("[data-testid=class-links]")
    words = page.locator("main").inner_text().split()
    assert len(words) > 100  # the whole form was read
    assert page.evaluate(SPLIT_WORDS) == []
