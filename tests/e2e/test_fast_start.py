"""Fast start and offline play: the memory snapshot, its fallback, the service worker."""

from __future__ import annotations

import json

from e2e_helpers import saved_json, wait_for_full_stdlib
from playwright.sync_api import Browser, Page, Route


def start_royal_turf(page: Page, names: list[str]) -> None:
    """A new Royal Turf game with human seats and no typed seed."""
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click(f"[data-act=count][data-arg='{len(names)}']")
    for i, name in enumerate(names):
        page.fill(f"#name{i}", name)
        page.select_option(f"#seat{i}", "human")
    page.select_option("#speed", "instant")
    page.click("[data-testid=start-game]")
    page.locator("[data-testid^=chip-]").first.wait_for()


def bet(page: Page) -> None:
    page.locator("[data-testid^=chip-]").first.click()
    page.locator("[data-testid^=bet-]").first.click()


def test_python_is_restored_from_the_snapshot(page: Page) -> None:
    page.open_app()  # type: ignore[attr-defined]
    assert page.evaluate("window.paddockBoot.python") == "snapshot"
    # What the page itself loaded (the service worker stores every file afterwards).
    loaded = " ".join(page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)"))
    assert ".snapshot" in loaded
    # The bytecode archive is for the slower start only.
    assert "bytecode-" not in loaded
    # The standard library is not waited for: it is asked for once the game list works,
    # and then the zip importer sees the whole archive.
    assert wait_for_full_stdlib(page) > 500
    asked = page.evaluate(
        """() => performance.getEntriesByType('resource')
            .filter((e) => e.name.includes('/python/stdlib-'))
            .map((e) => e.startTime)"""
    )
    ready = page.evaluate("performance.getEntriesByName('paddock-ready')[0].startTime")
    assert len(asked) == 1 and asked[0] >= ready


def test_without_the_snapshot_python_starts_from_bytecode(page: Page) -> None:
    page.route("**/*.snapshot", lambda route: route.fulfill(status=404, body="gone"))
    page.open_app()  # type: ignore[attr-defined]
    assert page.evaluate("window.paddockBoot.python") == "bytecode"
    assert page.evaluate("window.paddockBoot.errors") == []
    assert page.uncaught_errors == []  # type: ignore[attr-defined]
    loaded = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert "bytecode-" in " ".join(loaded)
    start_royal_turf(page, ["Ann", "Ben"])
    bet(page)
    assert len(saved_json(page)["history"]) >= 1


def test_a_snapshot_that_rebuilds_wrongly_is_refused(page: Page) -> None:
    """The snapshot ships as its difference from the wasm's data segments; one wrong
    byte there fails the check of the rebuilt memory, and Python starts from bytecode
    rather than from a damaged heap."""

    def damaged(route: Route) -> None:
        body = bytearray(route.fetch().body())
        body[144 + 4096] ^= 0x01  # inside the static data, past Pyodide's header
        route.fulfill(status=200, body=bytes(body), content_type="application/octet-stream")

    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.route("**/*.snapshot", damaged)
    page.open_app()  # type: ignore[attr-defined]
    assert page.evaluate("window.paddockBoot.python") == "bytecode"
    assert any("did not rebuild" in w for w in warnings), warnings
    assert page.uncaught_errors == []  # type: ignore[attr-defined]
    start_royal_turf(page, ["Ann", "Ben"])
    bet(page)
    assert len(saved_json(page)["history"]) >= 1


def test_every_visitor_gets_new_secret_dice(browser: Browser, server_url: str) -> None:
    """The snapshot is the same for everyone; the seeds of untyped games still differ."""
    seeds = []
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        page.goto(server_url)
        page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
        start_royal_turf(page, ["Ann", "Ben"])
        seeds.append(saved_json(page)["seed"])
        context.close()
    assert seeds[0] != seeds[1]


def test_after_one_visit_the_site_plays_offline(browser: Browser, server_url: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server_url)
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    # The worker stores the whole site once it is active.
    cached = page.evaluate(
        """async () => {
            const registration = await navigator.serviceWorker.ready;
            const keys = await caches.keys();
            const cache = await caches.open(keys.find((k) => k.startsWith('paddock-')));
            return { active: !!registration.active, files: (await cache.keys()).length };
        }"""
    )
    assert cached["active"] and cached["files"] > 20
    context.set_offline(True)
    page.reload()
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    start_royal_turf(page, ["Ann", "Ben"])
    bet(page)
    assert len(saved_json(page)["history"]) >= 1
    assert errors == []
    context.close()


def test_a_new_build_removes_the_old_offline_copy(browser: Browser, server_url: str) -> None:
    """The cache is named after the build: activating a worker removes other builds' caches.

    (A new deploy changes sw.js, which is never cached by HTTP, so the next visit
    installs the new worker.)
    """
    context = browser.new_context()
    page = context.new_page()
    page.goto(server_url, wait_until="domcontentloaded")
    page.evaluate("caches.open('paddock-an-older-build').then(() => true)")
    page.wait_for_selector('html[data-ready="1"]', state="attached", timeout=60_000)
    worker = page.evaluate("fetch('sw.js').then((r) => r.text())")
    build_id = json.loads(worker.split("const BUILD = ", 1)[1].split(";", 1)[0])["id"]
    keys = page.evaluate(
        """async () => {
            const registration = await navigator.serviceWorker.ready;
            for (let i = 0; i < 200 && registration.active.state !== 'activated'; i++) {
                await new Promise((r) => setTimeout(r, 50));
            }
            return caches.keys();
        }"""
    )
    assert keys == [f"paddock-{build_id}"]
    context.close()
