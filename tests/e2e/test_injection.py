"""Markup that reaches the page after boot can never start Python.

PyScript runs any <script type="py">, <py-script> (and its other script types and py-*
event attributes) that appears in the document; web/boot.js disconnects PyScript's
document observer as soon as main.py starts. These tests put such markup into the page
directly and through every place a player's name is shown.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page

TITLE = "Paddock"
SETTLE_S = 4  # long enough for PyScript to have picked up and run a new script

# Each would leave a trace if it ran: a new title, a Python error banner, printed text.
INSERTED = """
(() => {
  const host = document.createElement("div");
  host.id = "injected";
  host.innerHTML =
    '<script type="py">from js import document; document.title = "pwned-1"</' + 'script>' +
    '<py-script>from js import document; document.title = "pwned-2"</py-script>' +
    '<script type="mpy">from js import document; document.title = "pwned-3"</' + 'script>' +
    '<button py-click="print">x</button>';
  document.body.append(host);
  const script = document.createElement("script");
  script.type = "py";
  script.textContent = 'from js import document; document.title = "pwned-4"';
  document.body.append(script);
  const element = document.createElement("py-script");
  element.textContent = 'from js import document; document.title = "pwned-5"';
  document.querySelector("#app main").append(element);
})()
"""

# Player names (at most 32 characters each): each would raise or print if it ran.
NAMES = [
    "<script type=py>1/0</script>",
    "<py-script>print(1)</py-script>",
    '<script type="py">1/0</script>',
    "<py-script>1/0</py-script>",
]


def python_traces(page: Page) -> dict[str, int]:
    """What any Python run from injected markup would leave in the page."""
    return {
        "py_error": page.locator(".py-error").count(),
        "script_targets": page.locator("script-py").count(),
        "py_script_done": page.locator("py-script[style]").count(),
    }


def assert_nothing_ran(page: Page, before: dict[str, int]) -> None:
    assert page.title() == TITLE
    assert python_traces(page) == before
    errors = page.console_errors + page.uncaught_errors  # type: ignore[attr-defined]
    assert not [e for e in errors if "ZeroDivisionError" in e or "Traceback" in e], errors


def test_inserted_python_markup_does_not_run(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    assert page.evaluate("window.paddockBoot.sealed") >= 1  # PyScript's observer is closed
    before = python_traces(page)
    assert before["script_targets"] == 1  # the target of the one real main.py
    page.evaluate(INSERTED)
    assert page.locator("#injected script[type=py]").count() == 1
    time.sleep(SETTLE_S)
    assert_nothing_ran(page, before)
    # The app itself keeps working after the seal.
    page.click("[data-act=choose][data-arg=royal_turf]")
    assert page.locator("[data-testid=start-game]").count() == 1
    assert_nothing_ran(page, before)


def test_player_names_with_python_markup_stay_text(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    before = python_traces(page)
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click(f"[data-act=count][data-arg='{len(NAMES)}']")
    for i, name in enumerate(NAMES):
        assert len(name) <= 32
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", "computer")
    page.select_option("#speed", "instant")
    page.fill("input[name=seed]", "77")
    page.click("[data-testid=start-game]")

    deadline = time.monotonic() + 300
    seen_table = False
    while not page.locator("[data-testid=results]").count():
        assert time.monotonic() < deadline, "the computer game did not finish in time"
        if page.locator("[data-testid=continue]").count():
            page.click("[data-testid=continue]")
        if not seen_table and page.locator("#app [data-testid=log] li").count() > 3:
            # Mid-game: the names are on the table and in the log (a side panel on a
            # wide screen), as text.
            seen_table = True
            table = page.locator("#app").inner_text()
            for name in NAMES:
                assert name in table
            log = page.locator("#app [data-testid=log]").inner_text()
            assert any(name in log for name in NAMES), log
        page.wait_for_timeout(100)
    assert seen_table

    results = page.locator("[data-testid=results]").inner_text()
    for name in NAMES:
        assert name in results
    assert page.locator("#app script, #app py-script, #app mpy-script").count() == 0
    time.sleep(SETTLE_S)
    assert_nothing_ran(page, before)
