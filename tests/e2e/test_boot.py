"""The built site boots in a real Chromium: same-origin only, no errors, strict headers."""

from __future__ import annotations

import time
import urllib.request
from collections.abc import Callable
from urllib.parse import urlsplit

from e2e_helpers import wait_for_full_stdlib
from playwright.sync_api import Page, Route

# Directives the CSP must keep (see netlify.toml for why each source is allowed).
REQUIRED_CSP = (
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
)


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def test_boots_same_origin_without_errors(page: Page, server_url: str) -> None:
    own = _origin(server_url)
    off_origin: list[str] = []

    def guard(route: Route) -> None:
        url = route.request.url
        if _origin(url) != own and not url.startswith(("data:", "blob:")):
            off_origin.append(url)
            route.abort()
        else:
            route.continue_()

    page.context.route("**/*", guard)
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.open_app()  # type: ignore[attr-defined]
    # Ready before the standard library arrived: it comes next, whole.
    assert wait_for_full_stdlib(page) > 500

    assert off_origin == [], f"off-origin requests: {off_origin}"
    assert page.evaluate("document.documentElement.dataset.ready") == "1"
    assert page.console_errors == []  # type: ignore[attr-defined]
    assert page.uncaught_errors == []  # type: ignore[attr-defined]
    # every preloaded boot file is taken by the request it was preloaded for
    assert [w for w in warnings if "preload" in w] == []
    assert page.evaluate("window.paddockBoot.errors") == []
    assert page.locator("#boot").is_hidden()
    assert page.locator("#boot-error").is_hidden()
    requested = " ".join(page.request_urls)  # type: ignore[attr-defined]
    for asset in ("pyodide.asm.wasm", "python/stdlib-", ".snapshot", "paddock_web.zip", ".whl"):
        assert asset in requested


def hold_snapshot(page: Page) -> Callable[[], None]:
    """Hold the snapshot's requests back (Python cannot start); returns the release."""
    held: list[Route] = []
    holding = [True]

    def gate(route: Route) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    def release() -> None:
        holding[0] = False
        for route in held:
            route.continue_()

    page.route("**/*.snapshot", gate)
    return release


def test_static_shell_paints_before_python(page: Page, server_url: str) -> None:
    # Python may start within a round trip of this test: hold the snapshot back until
    # the shell has been looked at.
    release = hold_snapshot(page)
    page.goto(server_url, wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.locator("#app header").get_by_text("Paddock").first.is_visible()
    assert page.locator("#lang-switch").is_visible()
    # The five games are listed before Python runs, their buttons not yet live.
    assert page.locator("#app main .game-card").count() == 5
    assert page.locator("#app main .game-card button[disabled]").count() == 5
    assert page.locator("#boot-progress").is_visible()
    release()
    page.wait_ready()  # type: ignore[attr-defined]
    assert page.locator("#boot-progress").is_hidden()
    # Python replaced the shell: one header and one <main>, no leftovers.
    assert page.locator("header").count() == 1
    assert page.locator("main").count() == 1
    assert page.locator("[aria-busy=true]").count() == 0
    assert page.locator(".game-card button[disabled]").count() == 0


def _head(url: str) -> dict[str, str]:
    req = urllib.request.Request(url, method="HEAD")
    with urllib.request.urlopen(req, timeout=10) as resp:
        return {k.lower(): v for k, v in resp.headers.items()}


def test_served_headers(server_url: str) -> None:
    index = _head(server_url)
    csp = index["content-security-policy"]
    for directive in REQUIRED_CSP:
        assert directive in csp
    assert "'unsafe-eval'" not in csp and "'unsafe-inline'" not in csp
    assert index["x-content-type-options"] == "nosniff"
    assert index["referrer-policy"] == "no-referrer"
    assert "no-cache" in index["cache-control"]

    wasm = _head(server_url + "pyodide/pyodide.asm.wasm")
    assert wasm["content-type"] == "application/wasm"
    assert "immutable" in wasm["cache-control"]
    assert "content-security-policy" in wasm

    js = _head(server_url + "pyodide/pyodide.mjs")
    assert js["content-type"].startswith("text/javascript")


BOOT_ERROR_WITHIN_MS = 10_000


def _assert_boot_fails_fast(page: Page, server_url: str, pattern: str, how: str) -> None:
    """With one boot asset refused, the friendly error shows at once and nothing is live.

    The standard library is a boot asset of the start without the snapshot
    (``?python=bytecode``); a restored Python fetches it after it is ready.
    """

    def refuse(route: Route) -> None:
        if how == "abort":
            route.abort()
        else:
            route.fulfill(status=404, body="not found")

    page.route(pattern, refuse)
    started = time.monotonic()
    page.goto(server_url)
    page.locator("#boot-error").wait_for(state="visible", timeout=BOOT_ERROR_WITHIN_MS)
    assert time.monotonic() - started < BOOT_ERROR_WITHIN_MS / 1000
    assert page.locator("#boot-error[role=alert]").count() == 1
    assert page.evaluate("document.documentElement.dataset.bootFailed") == "1"
    assert page.evaluate("document.documentElement.dataset.ready") is None
    assert page.locator("#boot-progress").is_hidden()
    details = " ".join(page.evaluate("window.paddockBoot.errors"))
    assert "Could not load" in details
    # The static shell stays inert and says so: no Play button can be pressed.
    buttons = page.locator("#app button")
    assert buttons.count() >= 5
    for i in range(buttons.count()):
        assert buttons.nth(i).is_disabled()
    assert page.locator(".game-card button:not([disabled])").count() == 0
    assert page.get_by_role("button", name="Play").count() == 0
    assert page.locator(".game-card button").first.inner_text() == "Unavailable"


def test_missing_site_package_fails_fast(page: Page, server_url: str) -> None:
    # Our packages' files are boot assets of the start without the snapshot; a restored
    # Python holds what it needs and fetches them after it is ready (next test).
    _assert_boot_fails_fast(page, server_url + "?python=bytecode", "**/paddock_web.zip", "404")


def test_missing_wheel_fails_fast(page: Page, server_url: str) -> None:
    _assert_boot_fails_fast(page, server_url + "?python=bytecode", "**/pygames-*.whl", "404")


def test_a_restored_python_plays_without_our_files(page: Page) -> None:
    """Texts and modules are in the snapshot: a wheel missing after the start is reported
    in the console, and the game list, a game and the other language still work."""
    page.route("**/pygames-*.whl", lambda route: route.fulfill(status=404, body="gone"))
    page.open_app()  # type: ignore[attr-defined]
    for _ in range(100):
        if page.evaluate("window.paddockBoot.stdlib") == "failed":
            break
        page.wait_for_timeout(100)
    assert page.evaluate("window.paddockBoot.stdlib") == "failed"
    page.click("[data-act=lang][data-arg=de]")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.get_by_text("Fünf Renn- und Wettspiele").count() >= 1
    page.click("[data-act=choose][data-arg=gambler]")
    page.locator("[data-testid=start-game]").wait_for()
    assert page.locator("#boot-error").is_hidden()


def test_failed_stdlib_download_fails_fast(page: Page, server_url: str) -> None:
    _assert_boot_fails_fast(
        page, server_url + "?python=bytecode", "**/python/stdlib-*.zip", "abort"
    )


def test_missing_config_fails_fast(page: Page, server_url: str) -> None:
    _assert_boot_fails_fast(page, server_url, "**/pyscript.json", "404")


def test_play_buttons_look_not_ready_until_python_is_up(page: Page, server_url: str) -> None:
    # Hold the snapshot back so the shell is seen as it is while loading.
    release = hold_snapshot(page)
    page.goto(server_url)
    button = page.locator(".game-card button").first
    assert button.inner_text() == "Loading…"
    assert button.is_disabled()
    assert button.evaluate("b => getComputedStyle(b).cursor") == "progress"
    assert page.get_by_role("button", name="Play").count() == 0
    release()
    page.wait_ready()  # type: ignore[attr-defined]
    ready = page.locator(".game-card button").first
    assert ready.is_enabled()
    assert ready.evaluate("b => getComputedStyle(b).cursor") == "pointer"
    assert page.evaluate("window.paddockBoot.errors") == []
