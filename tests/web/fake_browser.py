"""A stand-in for the page, so the site's Python runs on CPython in tests."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

from pygames.core import Match


class _Controls(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "data-act" in a:
            self.controls.append({"tag": tag, **a})

    def handle_data(self, data: str) -> None:
        self.text.append(data)


class FakeBrowser:
    def __init__(self, languages: list[str] | None = None, hash_: str = "") -> None:
        self.store: dict[str, str] = {}
        self.html = ""
        self.lang = ""
        self.hash = hash_
        self.form: dict[str, str] = {}
        self.handler: Callable[[str, str, str | None], None] | None = None
        self.timers: list[Callable[[], None]] = []
        self.delays: list[int] = []  # each timer's delay (ms), beside it
        self.downloads: list[tuple[str, str]] = []
        self.windows: list[str] = []  # addresses of the windows the page opened
        self.ready = False
        self.scrolled = 0
        self.scrolled_to: list[str] = []
        self.places: list[str | None] = []  # each render's place (its side column's scroll kept)
        self.texts_set: list[tuple[str, str]] = []
        self._languages = languages or ["en-GB"]
        self.file_callback: Callable[[str], None] | None = None
        self.hands: list[str | None] = []  # the ``hand`` of every render
        self.history: list[str] = [hash_]  # history entries (push_hash adds one)
        self.fail_writes = False  # pretend the storage is full
        self.clock = 1_700_000_000_000.0
        self.navigate: Callable[[str], None] | None = None
        self.storage_listener: Callable[[str], None] | None = None
        self.htmls_set: list[tuple[str, str]] = []
        self.lens_jobs: list[dict[str, Any]] = []  # what the page sent the lens worker
        self.lens_listener: Callable[[dict[str, Any]], None] | None = None
        # Computer players' and advice jobs (kind "decide", "advise", "warm"), as sent.
        self.worker_jobs: list[dict[str, Any]] = []
        self.worker_listener: Callable[[dict[str, Any]], None] | None = None
        self.worker_broken = False  # a browser without workers: posting fails
        self.notes: list[str] = []  # console lines

    # Browser protocol
    def listen(self, handler: Callable[[str, str, str | None], None]) -> None:
        self.handler = handler

    def render(
        self, body: str, lang: str, title: str, hand: str | None = None, place: str | None = None
    ) -> None:
        self.html = str(body)
        self.places.append(place)
        self.lang = lang
        self.hands.append(hand)

    def storage_get(self, key: str) -> str | None:
        return self.store.get(key)

    def storage_set(self, key: str, value: str) -> bool:
        if self.fail_writes:
            return False
        self.store[key] = value
        return True

    def storage_keys(self) -> list[str]:
        return list(self.store)

    def on_storage(self, callback: Callable[[str], None]) -> None:
        self.storage_listener = callback

    def storage_remove(self, key: str) -> None:
        self.store.pop(key, None)

    def languages(self) -> list[str]:
        return self._languages

    def get_hash(self) -> str:
        return self.hash

    def set_hash(self, value: str) -> None:
        self.hash = value
        self.history[-1] = value

    def push_hash(self, value: str) -> None:
        self.hash = value
        self.history.append(value)

    def on_navigate(self, callback: Callable[[str], None]) -> None:
        self.navigate = callback

    def now_ms(self) -> float:
        self.clock += 1000
        return self.clock

    def read_form(self, form_id: str) -> dict[str, str]:
        return dict(self.form) if f'id="{form_id}"' in self.html else {}

    def download(self, filename: str, text: str, mime: str = "application/json") -> None:
        self.downloads.append((filename, text))

    def open_window(self, hash_: str) -> None:
        self.windows.append(hash_)

    def pick_file(self, callback: Callable[[str], None]) -> None:
        self.file_callback = callback

    def later(self, ms: int, callback: Callable[[], None]) -> None:
        self.timers.append(callback)
        self.delays.append(ms)

    def set_text(self, selector: str, text: str) -> None:
        self.texts_set.append((selector, text))

    def set_html(self, selector: str, markup: str) -> None:
        self.htmls_set.append((selector, str(markup)))

    def lens_post(self, job: dict[str, Any]) -> None:
        self.lens_jobs.append(json.loads(json.dumps(job)))

    def on_lens(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self.lens_listener = callback

    def worker_post(self, job: dict[str, Any]) -> None:
        if self.worker_broken:
            raise RuntimeError("Worker is not defined")
        self.worker_jobs.append(json.loads(json.dumps(job)))

    def on_worker(self, callback: Callable[[dict[str, Any]], None]) -> None:
        self.worker_listener = callback

    def note(self, text: str) -> None:
        self.notes.append(text)

    def scroll_top(self) -> None:
        self.scrolled += 1

    def scroll_into_view(self, selector: str, under: str | None = None) -> None:
        self.scrolled_to.append(selector if under is None else f"{selector} under {under}")

    def reduced_motion(self) -> bool:
        return False

    def set_ready(self) -> None:
        self.ready = True

    # test helpers
    def back(self) -> None:
        """The browser's Back button."""
        assert self.navigate is not None and len(self.history) > 1
        self.history.pop()
        self.hash = self.history[-1]
        self.navigate(self.hash)

    def saved_match(self) -> Any:
        """The match saved for the game on screen (its slot is in the address)."""
        assert self.hash.startswith("#/play/"), self.hash
        data = json.loads(self.store["paddock.game." + self.hash[len("#/play/") :]])
        return Match.from_json(data["match"])

    def controls(self) -> list[dict[str, str]]:
        parser = _Controls()
        parser.feed(self.html)
        return parser.controls

    def text(self) -> str:
        parser = _Controls()
        parser.feed(self.html)
        return re.sub(r"\s+", " ", " ".join(parser.text))

    def click(self, act: str, arg: str = "", value: str | None = None) -> None:
        assert self.handler is not None
        for c in self.controls():
            if c["data-act"] == act and c.get("data-arg", "") == arg:
                break
        else:
            raise AssertionError(f"no control {act}:{arg} on screen")
        self.handler(act, arg, value)

    def start_game(
        self,
        game_id: str,
        names: list[str],
        seats: list[str],
        seed: int | None,
        fields: dict[str, str] | None = None,
    ) -> None:
        """From the home page, fill the setup form as a person would and start the game.

        ``seed`` None leaves the seed field empty (secret dice). ``fields`` are further
        form fields by name, e.g. ``{"opt_hidden_bets": "on"}``.
        """
        self.click("choose", game_id)
        self.click("count", str(len(names)))
        self.form = {f"name{i}": n for i, n in enumerate(names)}
        self.form.update({f"seat{i}": s for i, s in enumerate(seats)})
        self.form.update({"seed": "" if seed is None else str(seed), "speed": "instant"})
        self.form.update(fields or {})
        self.click("start")

    def run_timers(self, limit: int = 10_000, below_ms: int | None = None) -> int:
        """Run due callbacks in order; with ``below_ms`` only those set for a shorter
        time (e.g. a computer's move, not the timeout waiting for the worker)."""
        n = 0
        while n < limit:
            due = [i for i, ms in enumerate(self.delays) if below_ms is None or ms < below_ms]
            if not due:
                break
            self.delays.pop(due[0])
            self.timers.pop(due[0])()
            n += 1
        return n

    def play_first_choice(self) -> bool:
        """Pick the first chip or horse offered (a table's own pick), if any, then press
        the first move on screen; False when no move is on screen."""
        picks = [c for c in self.controls() if c["data-act"] == "local"]
        if picks:
            self.click("local", picks[0]["data-arg"], picks[0].get("value"))
        plays = [c for c in self.controls() if c["data-act"] == "play"]
        if plays:
            self.click("play", plays[0]["data-arg"])
        return bool(plays)

    def find(self, **attrs: Any) -> dict[str, str] | None:
        for c in self.controls():
            if all(c.get(k.replace("_", "-")) == v for k, v in attrs.items()):
                return c
        return None
