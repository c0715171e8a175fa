"""Reading saved games safely: size and nesting are checked before parsing.

A save or an imported file is untrusted text. ``json.loads`` recurses once per
level of nesting, and in Pyodide a few thousand levels overflow the JavaScript
stack ("Maximum call stack size exceeded"), which no ``except`` can catch and
which leaves the interpreter unusable. :func:`loads_save` therefore scans the
text once, without recursion, and refuses it with ``BadSave`` before parsing::

    >>> loads_save('{"format": "paddock-match/1", "history": []}')["history"]
    []
    >>> loads_save("[" * 5000 + "]" * 5000)
    Traceback (most recent call last):
    ...
    pygames.core.state.BadSave: this file is not a saved game: it is nested too deeply

The result still has to go through ``Match.from_json``, which checks the game.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .state import BadSave

MAX_SAVE_CHARS = 2_000_000
"""Longest save text accepted. The longest real games (6-player Gambler to 750
points, 8-horse TurfMaster) save in about 150,000 characters."""
MAX_SAVE_DEPTH = 32
"""Deepest nesting of arrays and objects accepted; a real save is 4–5 levels deep."""


_TOKENS = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{}]')
"""A JSON string (possibly unterminated), or one bracket."""


def nesting_depth(text: str, limit: int) -> int:
    """Deepest nesting of ``[`` and ``{`` in JSON ``text``, counting at most to ``limit + 1``.

    Brackets inside strings do not count. Linear and without recursion; malformed
    text gets some answer here and is refused by the parser afterwards.
    """
    depth = deepest = 0
    # Strings are skipped whole by the regex engine (far faster than a loop over
    # every character in Pyodide); only brackets outside them are looked at.
    for token in _TOKENS.finditer(text):
        ch = token.group()
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break  # enough to refuse; no need to read on
        elif ch in "]}":
            depth -= 1
    return deepest


def loads_save(text: str) -> Any:
    """Parse the JSON text of a save or import; ``BadSave`` if it is not one.

    Refuses text longer than :data:`MAX_SAVE_CHARS` or nested deeper than
    :data:`MAX_SAVE_DEPTH` before parsing, and turns every parse error into
    ``BadSave``. Used for browser-stored saves and imported files alike.
    """
    if not isinstance(text, str):
        raise BadSave("this file is not a saved game: it is not text")
    if len(text) > MAX_SAVE_CHARS:
        raise BadSave("this file is not a saved game: it is far too long")
    if nesting_depth(text, MAX_SAVE_DEPTH) > MAX_SAVE_DEPTH:
        raise BadSave("this file is not a saved game: it is nested too deeply")
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError is a ValueError
        raise BadSave("this file is not a saved game: it is not valid JSON") from exc
