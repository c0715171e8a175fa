"""Message catalogues: every text the site shows comes from here.

>>> cat = Catalogue("en")
>>> cat.t("turn_of", name="Ann")
"Ann's turn"
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "de")
_DIR = Path(__file__).parent / "locales"
_CACHE: dict[str, dict[str, str]] = {}


def load(lang: str) -> dict[str, str]:
    """All messages of a language: ``locales/<lang>/site.json`` plus one file per game
    (its ``"advice"`` group read as keys ``<game>.<id>``, the engine's reason keys)."""
    if lang not in _CACHE:
        merged: dict[str, str] = {}
        for path in sorted((_DIR / lang).glob("*.json")):
            messages = json.loads(path.read_text(encoding="utf-8"))
            # A game's advice reasons sit in a group of their own: "<game>.<reason id>".
            for group in ("advice",):
                for key, text in messages.pop(group, {}).items():
                    merged[f"{path.stem}.{key}"] = text
            merged.update(messages)
        _CACHE[lang] = merged
    return _CACHE[lang]


def pick_language(browser_languages: list[str]) -> str:
    """The first supported language among the browser's, else English."""
    for tag in browser_languages:
        base = str(tag).split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return "en"


class MissingMessage(KeyError):
    """A key the catalogues do not have (raised only in strict mode, i.e. in tests)."""


class Catalogue:
    strict = False
    """Tests set this: a missing key then raises instead of showing the key itself."""

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else "en"
        self.messages = load(self.lang)

    def has(self, key: str) -> bool:
        return key in self.messages or key in load("en")

    def t(self, key: str, **params: Any) -> str:
        """The message ``key``, with ``{name}`` fields filled in."""
        text = self.messages.get(key)
        if text is None:
            if Catalogue.strict:
                raise MissingMessage(f"no {self.lang!r} message {key!r}")
            text = load("en").get(key, key)
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text

    def game_t(self, game_id: str, key: str, **params: Any) -> str:
        """A site text a game may word its own way (``<game>_<key>``: points, not money;
        a Gambler round, not a race), else the site's own ``key``."""
        own = f"{game_id}_{key}"
        return self.t(own if self.has(own) else key, **params)

    def money(self, amount: int | float) -> str:
        value = int(amount)
        sign = "−" if value < 0 else ""
        digits = f"{abs(value):,}".replace(",", "." if self.lang == "de" else ",")
        return f"{sign}£{digits}"
