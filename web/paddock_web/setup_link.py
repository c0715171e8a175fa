"""Share links: ``#new?game=…&p=Ann&s=human&…&seed=42`` reproduce a game setup.

>>> link = build({"game": "royal_turf", "players": ["Ann", "Ben"],
...               "seats": ["human", "computer"], "options": {"hidden_bets": True},
...               "seed": 42})
>>> parse(link)["players"]
['Ann', 'Ben']
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlencode

SEAT_CODES = {"human": "h", "computer": "c"}


def build(setup: dict[str, Any]) -> str:
    pairs: list[tuple[str, str]] = [("game", setup["game"])]
    pairs += [("p", name) for name in setup["players"]]
    pairs.append(("s", "".join(SEAT_CODES[s] for s in setup["seats"])))
    for name, value in sorted(setup.get("options", {}).items()):
        pairs.append((f"o.{name}", "1" if value is True else "0" if value is False else str(value)))
    if setup.get("seed") is not None:
        pairs.append(("seed", str(setup["seed"])))
    return "#new?" + urlencode(pairs)


def parse(link: str) -> dict[str, Any]:
    """The setup in a link; ``ValueError`` if the link is malformed."""
    _, _, query = link.partition("?")
    fields = parse_qs(query, keep_blank_values=True, strict_parsing=bool(query))
    game = fields.get("game", [""])[0]
    players = fields.get("p", [])
    codes = fields.get("s", [""])[0]
    if not game or not players or len(codes) != len(players):
        raise ValueError("the link does not describe a game")
    back = {v: k for k, v in SEAT_CODES.items()}
    if any(c not in back for c in codes):
        raise ValueError("the link has an unknown seat kind")
    # Option values stay text here; the site converts them with the game's option types.
    options: dict[str, Any] = {
        key[2:]: values[0] for key, values in fields.items() if key.startswith("o.")
    }
    seed_text = fields.get("seed", [""])[0]
    if seed_text and not seed_text.isdigit():
        raise ValueError("the seed in the link is not a number")
    return {
        "game": game,
        "players": [p[:32] for p in players],
        "seats": [back[c] for c in codes],
        "options": options,
        "seed": int(seed_text) if seed_text else None,
    }
