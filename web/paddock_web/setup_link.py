"""Share links: ``#new?game=…&p=Ann&p=Ben&s=hc&l=fs&…&seed=42`` reproduce a game setup.

``s`` has one letter per seat (human, computer), ``l`` one per seat for the computer
level (friendly, sharp); a link without ``l`` has only friendly computer players.

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
LEVEL_CODES = {"friendly": "f", "sharp": "s"}


def build(setup: dict[str, Any]) -> str:
    pairs: list[tuple[str, str]] = [("game", setup["game"])]
    pairs += [("p", name) for name in setup["players"]]
    pairs.append(("s", "".join(SEAT_CODES[s] for s in setup["seats"])))
    levels = setup.get("levels") or []
    if any(level != "friendly" for level in levels):  # links without it: all friendly
        pairs.append(("l", "".join(LEVEL_CODES[level] for level in levels)))
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
    level_codes = fields.get("l", [""])[0]
    by_code = {v: k for k, v in LEVEL_CODES.items()}
    if level_codes and (
        len(level_codes) != len(codes) or any(c not in by_code for c in level_codes)
    ):
        raise ValueError("the link has an unknown computer level")
    # Option values stay text here; the site converts them with the game's option types.
    options: dict[str, Any] = {
        key[2:]: values[0] for key, values in fields.items() if key.startswith("o.")
    }
    seed_text = fields.get("seed", [""])[0]
    if seed_text and not seed_text.isdigit():
        raise ValueError("the seed in the link is not a number")
    setup: dict[str, Any] = {
        "game": game,
        "players": [p[:32] for p in players],
        "seats": [back[c] for c in codes],
        "options": options,
        "seed": int(seed_text) if seed_text else None,
    }
    if level_codes:
        setup["levels"] = [by_code[c] for c in level_codes]
    return setup
