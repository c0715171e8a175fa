"""The lens in Chromium: estimates from a worker, a page that never freezes meanwhile."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

LONG_TASKS = """
() => {
  window.lensLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.lensLongTasks.push(entry.duration);
  }).observe({ type: "longtask" });
}
"""


def start_royal_turf(page: Page) -> None:
    """Ann against two computer players, her first decision on screen."""
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click("[data-act=count][data-arg='3']")
    page.fill("#name0", "Ann")
    page.select_option("#seat0", "human")
    for seat in (1, 2):
        page.select_option(f"#seat{seat}", "computer")
    page.select_option("#speed", "instant")
    page.click("[data-testid=start-game]")
    page.locator(".action-bar [data-act=local]").first.wait_for(timeout=30_000)


def test_the_lens_works_in_a_worker_and_the_page_stays_responsive(page: Page) -> None:
    page.open_app()
    start_royal_turf(page)
    # Pressed from the keyboard once the new hand's guard is down: the switch keeps the
    # focus (a second Enter must not place the chip that the table would focus).
    page.wait_for_function("() => !document.querySelector('[inert]')")
    page.focus("[data-act=lens]")
    page.keyboard.press("Enter")
    lens = page.locator(".lens")
    expect(lens).to_be_visible()
    assert page.evaluate("document.activeElement.dataset.act") == "lens"
    # A first estimate soon, then refinements until it is sure (or the test stops).
    expect(lens.locator(".lens-seats")).to_be_visible(timeout=20_000)
    # While the worker refines, each estimate it posts is drawn: short tasks only.
    page.evaluate(LONG_TASKS)
    page.wait_for_timeout(2000)
    tasks = page.evaluate("window.lensLongTasks")
    assert max(tasks, default=0) <= 50, f"the main thread was blocked: {tasks} ms"
    assert "refining" in lens.inner_text() or "19 times in 20" in lens.inner_text()
    figures = lens.locator(".lens-seats .lens-num").all_inner_texts()
    shares = [int(re.sub(r"\D", "", f)) for f in figures]
    assert len(shares) == 3 and abs(sum(shares) - 100) <= 3, figures
    # Horses that placed in some rollout (at most the seven of the race).
    horses = lens.locator(".lens-race tbody tr").count()
    assert 3 <= horses <= 7, horses
    # The page keeps answering while the worker works: a click is handled at once.
    page.click("[data-act=overlay][data-arg=rules]")
    expect(page.locator("[role=dialog]")).to_be_visible(timeout=2_000)
    page.click("[data-act=overlay][data-arg=close]")
    # A move asks afresh; switching off removes the panel.
    page.locator(".action-bar [data-act=local]").first.click()  # a chip…
    page.locator(".action-bar [data-act=play]").first.click()  # …on a horse
    expect(lens).to_be_visible()
    page.click("[data-act=lens]")
    expect(page.locator(".lens")).to_have_count(0)
    assert not page.uncaught_errors and not page.console_errors, (
        page.uncaught_errors,
        page.console_errors,
    )


def test_the_chip_values_fit_a_phone_and_a_laptop(browser: Browser, server_url: str) -> None:
    """Royal Turf at Ann's first bet: each chip's value on each horse, inside the panel."""
    for size in ({"width": 360, "height": 740}, {"width": 1280, "height": 800}):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        page.goto(server_url)
        page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
        start_royal_turf(page)
        page.click("[data-act=lens]")
        grid = page.locator(".lens .lens-bets")
        expect(grid).to_be_visible(timeout=20_000)
        expect(grid.locator("caption")).to_contain_text("What each of your chips")
        assert grid.locator("tbody tr").count() == 7  # a row per horse
        fits = page.evaluate(
            """() => {
              const grid = document.querySelector('.lens .lens-bets');
              const panel = document.querySelector('.lens');
              return grid.getBoundingClientRect().right <= panel.getBoundingClientRect().right + 1
                && document.documentElement.scrollWidth <= innerWidth + 1;
            }"""
        )
        assert fits, f"the chip values overflow at {size}"
        # Whole, not squeezed into a box of its own with a scroll bar; brought into sight
        # in the side column under the choices, which stay in sight; and the page itself
        # never scrolls past the table.
        whole = page.evaluate(
            """() => {
              const lens = document.querySelector('.lens'), r = lens.getBoundingClientRect();
              const side = document.querySelector('main.table .side').getBoundingClientRect();
              const bar = document.querySelector('.action-bar').getBoundingClientRect();
              return {
                inner: lens.scrollHeight <= lens.clientHeight + 1,
                // the choices' top in sight; the lens wholly in sight, or the choices at
                // the column's top and at least the lens's title in sight under them
                seen: bar.top >= side.top - 1 && r.top >= bar.bottom - 1
                  && (r.bottom <= side.bottom + 1
                      || (bar.top <= side.top + 8 && r.top <= side.bottom - 40)),
                // the table's frame itself stays put (nothing scrolled it)
                board: Math.abs(document.querySelector('main.table').getBoundingClientRect().top
                  - document.querySelector('main.table').offsetTop) < 1,
                page: document.documentElement.scrollHeight <= innerHeight + 1,
              };
            }"""
        )
        assert whole == {"inner": True, "seen": True, "page": True, "board": True}, (size, whole)
        # On a phone the board keeps the larger share of the table: the column under it
        # (choices, then the lens) scrolls instead of taking half the screen.
        bands = page.evaluate(
            "[document.querySelector('main.table .board-area').clientHeight,"
            " document.querySelector('main.table .side').clientHeight]"
        )
        assert size["width"] > 760 or bands[0] >= bands[1], (size, bands)
        # Ann bets; at her next bet the column has not jumped back to its top (the lens
        # stays where she scrolled it), yet the choice that has the focus is in sight.
        scrolled = page.evaluate("document.querySelector('main.table .side').scrollTop")
        assert scrolled > 0, size
        # On a phone the board's band scrolls too: down to the horses' cards, say.
        page.evaluate(
            "(() => { const b = document.querySelector('main.table .board-area');"
            " b.scrollTop = b.scrollHeight; })()"
        )
        board_scrolls = page.evaluate(
            "document.querySelector('main.table .board-area').scrollTop > 0"
        )
        assert board_scrolls == (size["width"] < 700), size
        # From the keyboard (a mouse would scroll up to the chip first): the chip, then
        # the horse the table focuses next.
        page.evaluate(
            "document.querySelector('.action-bar [data-act=local]').focus({preventScroll: true})"
        )
        page.keyboard.press("Enter")
        expect(page.locator(":focus")).to_have_attribute("data-act", "play")
        page.keyboard.press("Enter")
        expect(page.locator("[data-testid=player-0] .chip")).to_have_count(2, timeout=20_000)
        expect(page.locator(".player.active")).to_contain_text("Ann", timeout=20_000)
        expect(page.locator(".action-bar [data-act=local]").first).to_be_visible()
        page.wait_for_function("() => !document.querySelector('[inert]')")
        after = page.evaluate(
            """() => {
              const side = document.querySelector('main.table .side');
              const f = document.activeElement.getBoundingClientRect();
              const s = side.getBoundingClientRect();
              const board = document.querySelector('main.table .board-area');
              return {
                kept: side.scrollTop > 0,
                board_kept: board.scrollHeight <= board.clientHeight || board.scrollTop > 0,
                focus_in_column: side.contains(document.activeElement),
                focus_seen: f.top >= s.top - 1 && f.bottom <= s.bottom + 1,
              };
            }"""
        )
        assert after == {
            "kept": True,
            "board_kept": True,
            "focus_in_column": True,
            "focus_seen": True,
        }, (size, after)
        context.close()


WARM_UP = """
async (games) => {
  const worker = new Worker("./lens-worker.mjs", { type: "module" });
  const replies = [];
  try {
    return await new Promise((resolve, reject) => {
      setTimeout(() => reject(new Error("no answer to the warm-up")), 60000);
      worker.onmessage = (event) => {
        replies.push(event.data);
        if (replies.length === games.length) resolve(replies);
      };
      worker.onerror = (event) => reject(new Error(event.message));
      for (const game of games) worker.postMessage({ kind: "warm", game, players: 2 });
    });
  } finally {
    worker.terminate();
  }
}
"""


def test_the_worker_warms_up_with_the_games_rules_before_anyone_asks(page: Page) -> None:
    """What a table sends when it opens: the worker's Python starts and loads the game's
    rules and computer player (one short lens run in Pyodide), then says it is ready."""
    page.open_app()
    replies = page.evaluate(WARM_UP, ["gambler", "gambler", "royal_turf"])
    assert replies == [
        {"kind": "warm", "game": "gambler"},
        # a table reopened for the same game: its rules are loaded, nothing is run again
        {"kind": "warm", "game": "gambler", "again": True},
        {"kind": "warm", "game": "royal_turf"},
    ]
    assert not page.uncaught_errors and not page.console_errors, page.console_errors
