"""End-to-end fixtures: the built site served locally and one shared Chromium.

Fixtures
    server_url  session  "http://127.0.0.1:<port>/" serving dist/ via `build.py serve`
    base_url    session  same as server_url (so `page.goto("./")` works)
    browser     session  one Chromium for the session (Debian's /usr/bin/chromium if present)
    page        function a fresh context + page, with extras attached:
                    page.console_errors  list[str]   console.error messages
                    page.uncaught_errors list[str]   uncaught exceptions ("pageerror")
                    page.request_urls   list[str]   every request URL, in order
                    page.wait_ready(timeout_ms=60_000)  wait for html[data-ready="1"]
                    page.open_app(path="")  goto server_url + path, then wait_ready()

(Playwright's own `page.page_errors()` / `page.requests()` methods are left untouched.)
These override pytest-playwright's `browser`/`page`/`base_url`; its `playwright` fixture is
reused when the plugin is active, so both can be installed together.

dist/ is built once per session, unless PADDOCK_DIST_BUILT=1 (set by `build.py test`,
which has just built it).

A renderer that dies under the test (Playwright says "Target crashed" or, for a wait,
"Page crashed": the browser lost the tab, not the page failing a check) gets the test run
once more on a fresh page; pytest's summary counts it as a rerun and Chromium's own log for
the session is in `CHROMIUM_LOG`, whose tail is printed at the end when any tab crashed. A
second crash of the same test fails it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import build  # noqa: E402  (the repo's build.py)

pytest.importorskip("playwright.sync_api")
from playwright.sync_api import Browser, Page, Playwright, sync_playwright  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
E2E_DIR = Path(__file__).resolve().parent
READY_OR_FAILED = 'html[data-ready="1"], html[data-boot-failed="1"]'
READY_TIMEOUT_MS = 60_000
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_LOG = Path(tempfile.gettempdir()) / f"paddock-chromium-{os.getpid()}.log"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # Shared memory in /tmp rather than /dev/shm, which containers often cap at 64 MB: a
    # full /dev/shm kills renderers ("Target crashed").
    "--disable-dev-shm-usage",
    "--enable-logging",
    f"--log-file={CHROMIUM_LOG}",
]
CRASHED = "Target crashed|Page crashed"
"""What Playwright's errors say when a tab's renderer died (a pattern, as ``re.search``)."""
crashed_tabs: list[str] = []


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if E2E_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[CRASHED]))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome in ("failed", "rerun") and re.search(CRASHED, report.longreprtext):
        crashed_tabs.append(f"{report.nodeid} ({report.when})")


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not crashed_tabs:
        CHROMIUM_LOG.unlink(missing_ok=True)
        return
    terminalreporter.section("Chromium tabs that crashed")
    for line in crashed_tabs:
        terminalreporter.write_line(line)
    if CHROMIUM_LOG.exists():
        # Chromium's warnings and errors say why a tab died ("Tab Killed", out of memory...).
        lines = CHROMIUM_LOG.read_text(errors="replace").splitlines()
        notable = [line for line in lines if ":INFO:" not in line and "dbus" not in line]
        terminalreporter.write_line(f"Chromium's last warnings ({CHROMIUM_LOG}):")
        for line in notable[-30:]:
            terminalreporter.write_line("  " + line[:300])


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    if os.environ.get("PADDOCK_DIST_BUILT") != "1":
        subprocess.run([sys.executable, "build.py", "build"], cwd=ROOT, check=True)
    with build.serve_in_background() as url:
        yield url


@pytest.fixture(scope="session")
def base_url(server_url: str) -> str:
    return server_url


@pytest.fixture(scope="session")
def _playwright(request: pytest.FixtureRequest) -> Iterator[Playwright]:
    if request.config.pluginmanager.has_plugin("playwright"):
        yield request.getfixturevalue("playwright")  # pytest-playwright's instance
        return
    with sync_playwright() as pw:
        yield pw


def launch_chromium(pw: Playwright) -> Browser:
    if Path(CHROMIUM).exists():
        return pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    return pw.chromium.launch(args=CHROMIUM_ARGS)


@pytest.fixture(scope="session")
def browser(_playwright: Playwright) -> Iterator[Browser]:
    b = launch_chromium(_playwright)
    yield b
    b.close()


@pytest.fixture
def page(browser: Browser, server_url: str) -> Iterator[Page]:
    context = browser.new_context()
    pg = context.new_page()
    console_errors: list[str] = []
    uncaught_errors: list[str] = []
    request_urls: list[str] = []
    pg.on("console", lambda m: console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: uncaught_errors.append(str(e)))
    context.on("request", lambda r: request_urls.append(r.url))

    def wait_ready(timeout_ms: float = READY_TIMEOUT_MS) -> None:
        """Wait for data-ready; fail fast with details when web/boot.js reports a failure."""
        # (wait_for_function would need eval, which the site's CSP forbids.)
        pg.wait_for_selector(READY_OR_FAILED, state="attached", timeout=timeout_ms)
        if pg.evaluate("document.documentElement.dataset.ready") != "1":
            boot_errors = pg.evaluate("window.paddockBoot.errors")
            raise AssertionError(
                "Paddock failed to boot.\n"
                f"boot errors: {boot_errors}\n"
                f"console errors: {console_errors}\nuncaught errors: {uncaught_errors}"
            )

    def open_app(path: str = "") -> None:
        pg.goto(server_url + path.lstrip("/"))
        wait_ready()

    extras: dict[str, Any] = {
        "console_errors": console_errors,
        "uncaught_errors": uncaught_errors,
        "request_urls": request_urls,
        "wait_ready": wait_ready,
        "open_app": open_app,
    }
    for name, value in extras.items():
        setattr(pg, name, value)
    yield pg
    context.close()


@pytest.fixture
def wait_ready(page: Page) -> Callable[..., None]:
    """The same helper as `page.wait_ready`, for tests that prefer a fixture."""
    helper: Callable[..., None] = page.wait_ready  # type: ignore[attr-defined]
    return helper
