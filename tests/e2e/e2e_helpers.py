"""Helpers shared by the end-to-end tests: reading what the page saved."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Page

from pygames.core import Match

SLOT_PREFIX = "paddock.game."


def saved_json(page: Page) -> Any:
    """The match JSON saved for the game on screen (its slot id is in the address)."""
    slot = page.evaluate("location.hash")
    assert slot.startswith("#/play/"), f"no game on screen: {slot!r}"
    raw = page.evaluate("(k) => localStorage.getItem(k)", SLOT_PREFIX + slot[len("#/play/") :])
    assert raw is not None, "the game on screen is not saved"
    return json.loads(raw)["match"]


def saved_match(page: Page) -> Match:
    return Match.from_json(saved_json(page))


def saved_slots(page: Page) -> dict[str, Any]:
    """Every saved game in the page's storage, by slot id."""
    raw: dict[str, str] = page.evaluate(
        "(p) => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith(p))"
        ".map((k) => [k.slice(p.length), localStorage.getItem(k)]))",
        SLOT_PREFIX,
    )
    return {k: json.loads(v) for k, v in raw.items()}


def wait_for_full_stdlib(page: Page, timeout_s: float = 30.0) -> int:
    """Wait until a restored Python has the whole standard library (python-loader.mjs
    fetches it once the page is ready); returns how many files its archive lists."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        state = page.evaluate("window.paddockBoot.stdlib")
        if state == "complete":
            return int(page.evaluate("window.paddockBoot.stdlibFiles"))
        assert state != "failed", "the standard library could not be loaded"
        page.wait_for_timeout(100)
    raise AssertionError("the standard library did not arrive")


def store_game(page: Page, match: Match, slot_id: str = "e2e0game") -> str:
    """Put a game played in Python into the page's storage as the site saves it
    (a slot wrapper around ``Match.to_json()``); returns its slot id."""
    wrapper = {
        "format": "paddock-slot/1",
        "id": slot_id,
        "rev": 1,
        "updated": 1_700_000_000_000,
        "seed_shared": False,
        "lens_off": False,
        "summary": {"game": match.game_id, "players": match.players, "over": match.is_over()},
        "match": match.to_json(),
    }
    text = json.dumps(wrapper, separators=(",", ":"))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SLOT_PREFIX + slot_id, text])
    return slot_id
