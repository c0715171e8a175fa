#!/usr/bin/env python3
"""Paddock benchmarks: boot time, repeat visits, bytes, engine speed, click latency.

    python3 build.py bench        (or: python3 benchmarks/run.py [--runs N] [--no-build])

Boot time is navigation start -> <html data-ready="1"> (performance.now() at the moment
web/boot.js sees the attribute), median over N fresh browser profiles (each a cold HTTP
cache); the repeat visit is a second navigation in the same profile (disk cache, wasm code
cache). No request routing is used: routing disables Chromium's HTTP cache.
The baseline is a plain-Pyodide page (bench_plain.html, written into dist/ for the run and
removed afterwards) that loads the same Pyodide, unpacks the same wheel and imports pygames.
Results are printed as a table and written to benchmarks/results.json.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from lens_worker import lens_in_the_worker  # noqa: E402
from sharp_worker import sharp_in_the_worker  # noqa: E402

import build  # noqa: E402  (the repo's build.py)

DIST = ROOT / "dist"
RESULTS = Path(__file__).resolve().parent / "results.json"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
READY = 'html[data-ready="1"]'
READY_OR_FAILED = 'html[data-ready="1"], html[data-boot-failed="1"]'
TIMEOUT_MS = 120_000

PLAIN_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Paddock bench: plain Pyodide</title>
  <link rel="icon" href="./favicon.svg" type="image/svg+xml">
  <script type="module" src="./bench_plain.js"></script>
</head>
<body><main id="app">plain Pyodide baseline</main></body>
</html>
"""

PLAIN_JS = """// Baseline: Pyodide alone, the same wheel, `import pygames`, then data-ready.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const info = await (await fetch("./build-info.json", { cache: "no-cache" })).json();
const [pyodide, wheel] = await Promise.all([
  loadPyodide(),
  fetch(`./${info.wheel}`).then((r) => r.arrayBuffer()),
]);
pyodide.unpackArchive(wheel, "wheel");
pyodide.runPython("import pygames");
performance.mark("paddock-ready");
document.documentElement.dataset.ready = "1";
"""


# --------------------------------------------------------------------------- helpers


@contextmanager
def served_dist() -> Iterator[str]:
    """Serve dist/ (with the plain baseline page added) via `build.py serve --no-build`.

    The baseline also gets Pyodide's own standard library (the site ships a compiled one),
    precompressed like the site's files so both pages are served alike.
    """
    extra = {DIST / "bench_plain.html": PLAIN_HTML, DIST / "bench_plain.js": PLAIN_JS}
    for path, text in extra.items():
        path.write_text(text, encoding="utf-8")
    stdlib = DIST / "pyodide" / "python_stdlib.zip"
    shutil.copy2(build.NODE_MODULES / "pyodide" / "python_stdlib.zip", stdlib)
    added = [*extra, stdlib]
    if shutil.which("node"):
        subprocess.run(
            ["node", str(build.WEB / "tools" / "compress.mjs"), "1024", str(stdlib)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        added += [stdlib.with_name(stdlib.name + ".br"), stdlib.with_name(stdlib.name + ".gz")]
    try:
        with build.serve_in_background() as url:
            yield url
    finally:
        for path in added:
            path.unlink(missing_ok=True)


def ready_ms(page: Any) -> float:
    """Milliseconds from navigation start to the "paddock-ready" mark (set by boot.js)."""
    page.wait_for_selector(READY_OR_FAILED, state="attached", timeout=TIMEOUT_MS)
    if page.evaluate("document.documentElement.dataset.ready") != "1":
        errors = page.evaluate("window.paddockBoot && window.paddockBoot.errors")
        raise RuntimeError(f"the page failed to boot: {errors}")
    value = page.evaluate(
        "(() => { const m = performance.getEntriesByName('paddock-ready');"
        " return m.length ? m[m.length - 1].startTime : performance.now(); })()"
    )
    return float(value)


def fmt_ms(value: float | None) -> str:
    if value is None:
        return "n/a"
    return f"{value:,.1f} ms" if value < 100 else f"{value:,.0f} ms"


def fmt_bytes(value: float | None) -> str:
    return "n/a" if value is None else f"{value / 1e6:,.2f} MB"


# --------------------------------------------------------------------------- measurements


@contextmanager
def fresh_profile(pw: Any) -> Iterator[Any]:
    """A browser with a new, empty on-disk profile: cold HTTP cache, like a first visit.

    Playwright's `browser.new_context()` contexts keep their HTTP cache in memory, where
    Chromium does not store entries as big as pyodide.asm.wasm (9.6 MB), so repeat visits
    would re-download it; a persistent profile uses the disk cache as real browsers do.
    """
    with tempfile.TemporaryDirectory(prefix="paddock-bench-profile-") as profile:
        kwargs: dict[str, Any] = {"args": CHROMIUM_ARGS, "headless": True}
        if Path(CHROMIUM).exists():
            kwargs["executable_path"] = CHROMIUM
        context = pw.chromium.launch_persistent_context(profile, **kwargs)
        try:
            yield context
        finally:
            context.close()


def boot_once(pw: Any, url: str) -> dict[str, float]:
    """A cold boot in a fresh profile, then a repeat visit in the same one.

    Also the longest main-thread task of the cold boot (web/boot.js records it).
    """
    with fresh_profile(pw) as context:
        page = context.new_page()
        page.goto(url, wait_until="commit")
        cold = ready_ms(page)
        longest = page.evaluate("window.paddockBoot ? window.paddockBoot.longestTaskMs : null")
        # Let the service worker (if any) finish storing the site, as it would between
        # two real visits.
        page.evaluate(
            "async () => { if (!navigator.serviceWorker) return;"
            " const r = await navigator.serviceWorker.getRegistration();"
            " if (r) await navigator.serviceWorker.ready; }"
        )
        page.goto("about:blank")
        page.goto(url, wait_until="commit")
        warm = ready_ms(page)
    return {"cold": cold, "warm": warm, "longest_task": longest if longest is not None else -1}


def boot_times(pw: Any, pages: dict[str, str], runs: int) -> dict[str, dict[str, list[float]]]:
    """``boot_once`` for each page, ``runs`` rounds, the pages interleaved in each round
    (so a busy moment of the machine hits all of them alike)."""
    out: dict[str, dict[str, list[float]]] = {
        name: {"cold": [], "warm": [], "longest_task": []} for name in pages
    }
    for _ in range(runs):
        for name, url in pages.items():
            for key, value in boot_once(pw, url).items():
                out[name][key].append(value)
    return out


def throttled_boot_ms(pw: Any, url: str, runs: int) -> list[float]:
    """Cold boots on an emulated 20 Mbit/s link with 40 ms latency."""
    times = []
    for _ in range(runs):
        with fresh_profile(pw) as context:
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            cdp.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": 40,
                    "downloadThroughput": 20e6 / 8,
                    "uploadThroughput": 5e6 / 8,
                },
            )
            page.goto(url, wait_until="commit")
            times.append(ready_ms(page))
    return times


def transferred_bytes(pw: Any, url: str) -> tuple[int, int, int, int]:
    """(cold bytes until the page is ready, cold bytes once the standard library that a
    restored Python fetches after that has arrived too, repeat-visit bytes, cold request
    count until ready) from CDP Network events. The service worker's own copy of the site
    (fetched in its own context after the visit) is not counted."""
    with fresh_profile(pw) as context:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        counted: dict[str, int] = {}
        later: set[str] = set()  # requests for files fetched once the page is ready
        later_files = json.loads((DIST / "build-info.json").read_text()).get("boot_later", [])
        cdp.on(
            "Network.requestWillBeSent",
            lambda e: (
                later.add(e["requestId"])
                if any(e["request"]["url"].endswith(f) for f in later_files)
                else None
            ),
        )
        cdp.on(
            "Network.loadingFinished",
            lambda e: counted.__setitem__(e["requestId"], int(e["encodedDataLength"])),
        )

        def visit() -> tuple[int, int, int]:
            counted.clear()
            page.goto(url, wait_until="commit")
            ready_ms(page)
            # The events trail the page: a file asked for once it was ready may be in.
            at_ready = {k: v for k, v in counted.items() if k not in later}
            for _ in range(300):  # the stdlib follows the ready page (python-loader.mjs)
                state = page.evaluate("window.paddockBoot && window.paddockBoot.stdlib")
                if state in (None, "complete", "failed"):
                    break
                page.wait_for_timeout(100)
            page.wait_for_timeout(500)  # let late responses finish
            return sum(at_ready.values()), sum(counted.values()), len(at_ready)

        cold, cold_all, n_requests = visit()
        page.goto("about:blank")
        _, warm, _ = visit()
    return cold, cold_all, warm, n_requests


CLICK_JS = """async (selector) => {
  const el = document.querySelector(selector);
  if (!el) return null;
  const t0 = performance.now();
  el.click();  // the Python handler re-renders synchronously inside the click
  const t1 = performance.now();
  await new Promise((done) => requestAnimationFrame(() => done()));
  return [t1 - t0, performance.now() - t0];
}"""


def measure_click_latency(page: Any, samples: int = 40) -> tuple[float, float] | None:
    """Median ms from a click to the DOM update, and to the next frame.

    Starts a two-player Royal Turf game (two human seats) and clicks real controls:
    chip, horse, then horses to move during the race.
    """
    page.click("[data-act=choose][data-arg=royal_turf]")
    page.click("[data-act=count][data-arg='2']")
    page.select_option("#seat1", "human")
    page.fill("input[name=seed]", "1")
    page.click("[data-testid=start-game]")
    dom: list[float] = []
    frame: list[float] = []
    for _ in range(samples * 3):
        if len(dom) >= samples:
            break
        for selector in ("[data-testid^=chip-]", "[data-testid^=bet-]", "[data-testid^=act-move-]"):
            if page.locator(selector).count():
                timing = page.evaluate(CLICK_JS, selector)
                if timing:
                    dom.append(timing[0])
                    frame.append(timing[1])
                break
        else:
            return None
    if not dom:
        return None
    return statistics.median(dom), statistics.median(frame)


def click_cost_early_and_late(game_id: str = "gambler", samples: int = 40) -> dict[str, float]:
    """Median ms the site's Python takes per click early and late in one long game.

    Drives the real ``App`` through the test suite's fake page on CPython (every seat
    human, the longest target), so the figure is the Python work of a click (play,
    undo status, render), without the browser's own cost. Late clicks must not grow
    with the game's history: the goal is late <= 1.5 x early.
    """
    sys.path[:0] = [str(ROOT / "web"), str(ROOT / "tests" / "web")]
    import random

    from fake_browser import FakeBrowser
    from paddock_web.app import App

    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game(game_id, ["Ann", "Ben", "Cy"], ["human"] * 3, 3, {"opt_target": "750"})
    rng = random.Random(1)
    times: list[float] = []
    while app.match is not None and not app.match.is_over():
        if b.timers:
            b.run_timers()
            continue
        # A click on the board: a move, or a die picked before it is placed.
        choices = [c for c in b.controls() if c["data-act"] in ("play", "local")]
        if not choices:
            found = b.find(data_act="continue") or b.find(data_act="unlock")
            if found is None:
                break
            b.click(found["data-act"], found.get("data-arg", ""))
            continue
        c = rng.choice(choices)
        assert b.handler is not None
        start = time.perf_counter()  # the page's own handler: no fake-page parsing timed
        b.handler(c["data-act"], c.get("data-arg", ""), c.get("value"))
        times.append((time.perf_counter() - start) * 1e3)
    early, late = times[:samples], times[-samples - 20 : -20]
    return {
        "clicks": len(times),
        "early_ms_median": statistics.median(early),
        "late_ms_median": statistics.median(late),
        "late_over_early": statistics.median(late) / statistics.median(early),
    }


def random_games_per_second() -> dict[str, dict[str, dict[str, float]]]:
    """Random full games/s, a390784 and now, CPython and Pyodide (benchmarks/playouts.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import playouts

    return playouts.measure()


def lens_rollouts_per_second() -> dict[str, dict[str, dict[str, float]]]:
    """Lens rollouts/s mid-race, 3f9e4dc and now, CPython and Pyodide (lens_rollouts.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import lens_rollouts

    return lens_rollouts.measure()


def friendly_rollouts_per_second() -> dict[str, dict[str, float]]:
    """Friendly rollouts/s from a new game and mid-race, 84a1957 and now, CPython
    (benchmarks/rollouts.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import rollouts

    return rollouts.measure()


def sharp_rollouts_per_decision() -> dict[str, Any]:
    """Rollouts a Sharp decision makes in the page's think budget, in Pyodide
    (benchmarks/sharp_budget.py): what the strength bench's fixed count stands for."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import sharp_budget

    return sharp_budget.measure(per_count=6)


def lens_calibration(games: int) -> dict[str, Any]:
    """How honest the lens's win chances are (benchmarks/lens_calibration.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import lens_calibration as calib

    result: dict[str, Any] = calib.measure(games)
    calib.save(result)
    return result


def bot_strength(games: int) -> dict[str, Any]:
    """Sharp against friendly and random players (benchmarks/bot_strength.py); small by
    default: a sharp game costs about half a minute of CPU."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import bot_strength as strength

    result: dict[str, Any] = strength.measure_all(games, max(1, games // 2), iterations=16)
    return result


def bot_choice_ms(games: int = 5) -> dict[str, dict[str, float]]:
    """Median and 95th-percentile ms per computer-player decision, every seat a bot.

    The target (a choice well under the 100 ms a player would notice) is read here,
    not asserted in unit tests, because a busy runner makes any timing noisy.
    """
    sys.path.insert(0, str(ROOT))
    import random

    import pygames
    from pygames.core import bot_for
    from pygames.core.playout import play_with_bots

    out: dict[str, dict[str, float]] = {}
    for g in pygames.games():
        n = 4 if g.max_players >= 4 else g.max_players
        times: list[float] = []
        for k in range(games):
            state = g.new_state([f"P{i + 1}" for i in range(n)])
            bots = [bot_for(g.id)] * n
            play_with_bots(state, bots, random.Random(k), lambda _s, t, ts=times: ts.append(t))
        times.sort()
        out[g.id] = {
            "median": statistics.median(times) * 1e3,
            "p95": times[int(len(times) * 0.95)] * 1e3,
        }
    return out


# --------------------------------------------------------------------------- main


def boot_figures(pw: Any, url: str, runs: int) -> dict[str, Any]:
    """Boot times (cold, repeat, without the snapshot, throttled), the longest boot task
    and the bytes transferred, the site beside a plain Pyodide page (``served_dist``)."""
    pages = {
        "site": url,
        "site_bytecode": url + "?python=bytecode",  # the start without the snapshot
        "plain": url + "bench_plain.html",
    }
    # One throw-away round so that OS file caches and the server are warm for all.
    boot_times(pw, pages, 1)
    boots = boot_times(pw, pages, runs)
    site_cold, site_warm = boots["site"]["cold"], boots["site"]["warm"]
    plain_cold, plain_warm = boots["plain"]["cold"], boots["plain"]["warm"]
    cold_bytes, cold_all_bytes, warm_bytes, n_requests = transferred_bytes(pw, url)
    plain_bytes, _, _, _ = transferred_bytes(pw, pages["plain"])
    slow_site = throttled_boot_ms(pw, url, max(1, runs // 2))
    slow_plain = throttled_boot_ms(pw, pages["plain"], max(1, runs // 2))
    site_med, plain_med = statistics.median(site_cold), statistics.median(plain_cold)
    bytecode = boots["site_bytecode"]
    return {
        "boot_ms_median": site_med,
        "boot_ms_runs": site_cold,
        "plain_pyodide_boot_ms_median": plain_med,
        "plain_pyodide_boot_ms_runs": plain_cold,
        "boot_ratio_vs_plain": site_med / plain_med,
        "repeat_visit_boot_ms_median": statistics.median(site_warm),
        "repeat_visit_boot_ms_runs": site_warm,
        "plain_repeat_visit_boot_ms_median": statistics.median(plain_warm),
        "repeat_visit_ratio_vs_plain_cold": statistics.median(site_warm) / plain_med,
        "bytecode_boot_ms_median": statistics.median(bytecode["cold"]),
        "bytecode_boot_ratio_vs_plain": statistics.median(bytecode["cold"]) / plain_med,
        "bytecode_repeat_visit_ms_median": statistics.median(bytecode["warm"]),
        "longest_boot_task_ms_median": statistics.median(boots["site"]["longest_task"]),
        "longest_boot_task_ms_runs": boots["site"]["longest_task"],
        "plain_longest_boot_task_ms_median": statistics.median(boots["plain"]["longest_task"]),
        "throttled_20mbit_40ms_boot_ms": {
            "site_median": statistics.median(slow_site),
            "plain_median": statistics.median(slow_plain),
            "site_runs": slow_site,
            "plain_runs": slow_plain,
        },
        "cold_boot_bytes": cold_bytes,
        "cold_visit_bytes_with_stdlib": cold_all_bytes,
        "cold_boot_requests": n_requests,
        "plain_cold_boot_bytes": plain_bytes,
        "repeat_visit_bytes": warm_bytes,
    }


def boot_rows(r: dict[str, Any]) -> list[tuple[str, str]]:
    """The boot figures as printed rows."""
    slow = r["throttled_20mbit_40ms_boot_ms"]
    return [
        ("Boot, cold (median)", fmt_ms(r["boot_ms_median"])),
        ("Plain Pyodide + wheel, cold (median)", fmt_ms(r["plain_pyodide_boot_ms_median"])),
        ("Ratio site / plain", f"{r['boot_ratio_vs_plain']:.2f}x"),
        ("Boot, repeat visit (median)", fmt_ms(r["repeat_visit_boot_ms_median"])),
        ("Plain Pyodide, repeat visit (median)", fmt_ms(r["plain_repeat_visit_boot_ms_median"])),
        ("Repeat visit / plain cold", f"{r['repeat_visit_ratio_vs_plain_cold']:.2f}x"),
        (
            "Boot without snapshot (bytecode), cold",
            f"{fmt_ms(r['bytecode_boot_ms_median'])}"
            f" ({r['bytecode_boot_ratio_vs_plain']:.2f}x plain)",
        ),
        (
            "Longest main-thread task while booting",
            f"{fmt_ms(r['longest_boot_task_ms_median'])}"
            f" (plain {fmt_ms(r['plain_longest_boot_task_ms_median'])})",
        ),
        (
            "Cold boot at 20 Mbit/s, 40 ms (site / plain)",
            f"{fmt_ms(slow['site_median'])} / {fmt_ms(slow['plain_median'])}",
        ),
        (
            "Transferred, cold boot",
            f"{fmt_bytes(r['cold_boot_bytes'])} in {r['cold_boot_requests']} requests",
        ),
        (
            "Transferred, cold, with the stdlib after ready",
            fmt_bytes(r["cold_visit_bytes_with_stdlib"]),
        ),
        ("Transferred, plain page cold", fmt_bytes(r["plain_cold_boot_bytes"])),
        ("Transferred, repeat visit", fmt_bytes(r["repeat_visit_bytes"])),
    ]


def in_a_ready_page(measure: Callable[[Any], dict[str, Any]], key: str, no_build: bool) -> Any:
    """A browser part of the bench run alone: build dist/ unless ``no_build`` (and it is
    there), open the site in a fresh profile, ``measure(page)`` once it is ready, and
    merge the figures into results.json under ``key``."""
    from playwright.sync_api import sync_playwright

    if not no_build or not (DIST / "index.html").exists():
        subprocess.run([sys.executable, "build.py", "build"], cwd=ROOT, check=True)
    with served_dist() as url, sync_playwright() as pw, fresh_profile(pw) as context:
        page = context.new_page()
        page.goto(url)
        ready_ms(page)
        figures = measure(page)
    merge_results({key: figures})
    return figures


def merge_results(parts: dict[str, Any], drop: tuple[str, ...] = ()) -> dict[str, Any]:
    """Put ``parts`` into results.json over what is there, less the keys ``drop``, under
    a lock (the strength bench may be saving beside us); returns the whole of it."""
    RESULTS.touch()
    with open(RESULTS, "r+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        text = f.read()
        results: dict[str, Any] = json.loads(text) if text.strip() else {}
        results.update(parts)
        for key in drop:
            results.pop(key, None)
        f.seek(0)
        f.write(json.dumps(results, indent=2) + "\n")
        f.truncate()
    return results


def boot_only(runs: int) -> int:
    """``--boot-only``: the boot figures alone, merged into results.json."""
    from playwright.sync_api import sync_playwright

    with served_dist() as url, sync_playwright() as pw:
        boot = boot_figures(pw, url, runs)
    note = (
        f"{time.strftime('%Y-%m-%d')}: the boot figures were measured alone "
        f"(benchmarks/run.py --boot-only, {runs} runs); the other parts are from earlier runs."
    )
    merge_results({**boot, "boot_note": note})
    for name, value in boot_rows(boot):
        print(f"{name:48}  {value}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Paddock benchmarks")
    parser.add_argument("--runs", type=int, default=5, help="fresh contexts per page")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument(
        "--lens-games", type=int, default=200, help="computer games per game for calibration"
    )
    parser.add_argument(
        "--strength-games",
        type=int,
        default=0,
        help="games per game of a sharp seat among friendly players (0: keep the figures "
        "of benchmarks/bot_strength.py, which plays the long runs)",
    )
    parser.add_argument(
        "--boot-only", action="store_true", help="only the boot figures (merged into results)"
    )
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    if not args.no_build or not (DIST / "index.html").exists():
        subprocess.run([sys.executable, "build.py", "build"], cwd=ROOT, check=True)
    if args.boot_only:
        return boot_only(args.runs)

    # CPU benchmark first, before the browser competes for the cores.
    games_per_s = random_games_per_second()
    rollouts_per_s = lens_rollouts_per_second()
    friendly_per_s = friendly_rollouts_per_second()
    sharp_budget = sharp_rollouts_per_decision()
    calibration = lens_calibration(args.lens_games)
    choice_ms = bot_choice_ms()
    strength = bot_strength(args.strength_games) if args.strength_games else None
    click_cost = click_cost_early_and_late()

    with served_dist() as url, sync_playwright() as pw:
        boot = boot_figures(pw, url, args.runs)
        with fresh_profile(pw) as context:
            page = context.new_page()
            page.goto(url)
            ready_ms(page)
            click_ms = measure_click_latency(page)
            worker_lens = lens_in_the_worker(page)
            sharp_worker = sharp_in_the_worker(page)
            browser_version = context.browser.version if context.browser else "?"

    results: dict[str, Any] = {**boot}
    results.update(
        {
            "random_games_per_s": games_per_s,
            "lens_rollouts_per_s": rollouts_per_s,
            "friendly_rollouts_per_s": friendly_per_s,
            "lens_calibration": calibration,
            "lens_worker": worker_lens,
            "sharp_worker_ms": sharp_worker,
            "sharp_rollouts_per_decision": sharp_budget,
            "bot_choice_ms": choice_ms,
            **({"bot_strength": strength} if strength is not None else {}),
            "click_to_dom_ms_median": click_ms[0] if click_ms else None,
            "click_to_next_frame_ms_median": click_ms[1] if click_ms else None,
            "click_python_ms_early_vs_late": click_cost,
            "environment": {
                "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "browser": f"chromium {browser_version}",
                "python": platform.python_version(),
                "platform": platform.platform(),
                "cpus": os.cpu_count(),
                "runs": args.runs,
                "build_info": json.loads((DIST / "build-info.json").read_text()),
            },
        }
    )
    results = merge_results(results, drop=("boot_note",))  # the boot was measured too

    rows = [
        *boot_rows(results),
        *[
            (
                f"{game_id} random games/s, {runtime} (a390784 -> now)",
                f"{r['before']:,.1f} -> {r['now']:,.1f} ({r['ratio']:.1f}x)",
            )
            for runtime, table in games_per_s.items()
            for game_id, r in table.items()
        ],
        *[
            (
                f"{game_id} lens rollouts/s mid-race, {runtime} (3f9e4dc -> now)",
                f"{r['before']:,.1f} -> {r['now']:,.1f} ({r['ratio']:.2f}x)",
            )
            for runtime, table in rollouts_per_s.items()
            for game_id, r in table.items()
        ],
        *[
            (
                f"{start} friendly rollouts/s, cpython (84a1957 -> now)",
                f"{r['before']:,.1f} -> {r['now']:,.1f} ({r['ratio']:.2f}x)",
            )
            for start, r in friendly_per_s.items()
        ],
        *[
            (
                f"{game_id} lens worker: rollouts/s, first estimate, to +-2 points",
                f"{w.get('rollouts_per_s') or 0:,.0f}/s, {fmt_ms(w.get('first_estimate_ms'))},"
                f" {fmt_ms(w.get('ms_to_2_points'))} (margin {w.get('margin_at_end') or 0:.3f})",
            )
            for game_id, w in worker_lens.items()
        ],
        *[
            (
                f"{game_id} lens Brier skill / ECE",
                f"{c['brier_skill']:+.3f} / {c['expected_calibration_error']:.3f}"
                f" ({c['predictions']} predictions)",
            )
            for game_id, c in calibration.items()
        ],
        *[
            (
                f"{game_id} Sharp decision in the worker (median / p95)",
                f"{t.get('median', 0):.0f} / {t.get('p95', 0):.0f} ms",
            )
            for game_id, t in sharp_worker.items()
        ],
        *[
            (
                f"{game_id} Sharp rollouts in {sharp_budget['think_ms']} ms, Pyodide (median)",
                f"{r['median']:.0f} (quartiles {r['quartiles'][0]:.0f}-{r['quartiles'][1]:.0f})",
            )
            for game_id, r in sharp_budget["games"].items()
        ],
        *[
            (f"{game_id} computer choice (median / p95)", f"{t['median']:.2f} / {t['p95']:.2f} ms")
            for game_id, t in choice_ms.items()
        ],
        ("Click -> DOM update (median)", fmt_ms(click_ms[0] if click_ms else None)),
        ("Click -> next frame (median)", fmt_ms(click_ms[1] if click_ms else None)),
        (
            f"Click, Python work, early / late in a {click_cost['clicks']:.0f}-click game",
            f"{click_cost['early_ms_median']:.2f} / {click_cost['late_ms_median']:.2f} ms "
            f"({click_cost['late_over_early']:.2f}x)",
        ),
    ]
    width = max(len(name) for name, _ in rows)
    print()
    print(f"{'Measure'.ljust(width)}  Value")
    print(f"{'-' * width}  {'-' * 24}")
    for name, value in rows:
        print(f"{name.ljust(width)}  {value}")
    print(
        f"\n{args.runs} runs each; {browser_version and 'chromium ' + browser_version}; "
        f"{os.cpu_count()} CPUs. Written to {RESULTS.relative_to(ROOT)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
