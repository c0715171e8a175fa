"""The games' stylesheets ship as one file, yet each game's rules reach only its drawing."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
import pygames  # noqa: E402


def selectors(css: str) -> list[str]:
    """Every style rule's selectors (inside @media too; not keyframe steps)."""
    css = re.sub(r"@keyframes[^{]*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}", "", css)
    found = []
    for prelude in re.findall(r"([^{}]+)\{[^{}]*\}", css):
        found += build._split_selectors(prelude)
    return found


def test_scoping_leaves_own_classes_and_wraps_the_rest() -> None:
    css = """
    /* a comment { with braces } */
    .podium, .rt-x .y, main.game-royal_turf .z { display: grid; }
    .a:has(> li:nth-child(4), .b) { color: red; }
    @media (max-width: 760px) { .c { gap: 0; } .rt-d { gap: 1px; } }
    @keyframes spin { from { opacity: 0; } to { opacity: 1; } }
    """
    out = build.scope_game_css(css, "royal_turf")
    root = ':where([data-game="royal_turf"])'
    assert f"{root} .podium, .rt-x .y, main.game-royal_turf .z {{" in out
    assert f"{root} .a:has(> li:nth-child(4), .b) {{" in out
    assert f"{root} .c {{ gap: 0; }}" in out and ".rt-d { gap: 1px; }" in out
    assert f"{root} .rt-d" not in out
    assert "@keyframes spin { from { opacity: 0; } to { opacity: 1; } }" in out
    assert "comment" not in out


@pytest.mark.parametrize("game", sorted(build.GAME_CSS_PREFIXES))
def test_every_rule_of_a_game_is_limited_to_that_game(game: str) -> None:
    assert game in {g.id for g in pygames.games()}
    source = (ROOT / "web" / "styles" / f"{game}.css").read_text(encoding="utf-8")
    scoped = build.scope_game_css(source, game)
    prefix = re.escape(build.GAME_CSS_PREFIXES[game])
    for sel in selectors(scoped):
        assert sel.startswith(
            (f".game-{game}", f"main.game-{game}", f':where([data-game="{game}"])')
        ) or re.search(r"\." + prefix, sel), sel
    # Nothing is lost: as many rules out as in.
    assert scoped.count("{") == re.sub(r"/\*.*?\*/", "", source, flags=re.S).count("{")


def test_the_bundle_scopes_each_game(tmp_path: Path) -> None:
    dest = tmp_path / "paddock.css"
    build.bundle_styles(dest)
    text = dest.read_text(encoding="utf-8")
    for game in build.GAME_CSS_PREFIXES:
        assert f"/* --- {game}.css --- */" in text
        assert f':where([data-game="{game}"])' in text
    # Homestretch's podium cannot turn Royal Turf's race-card rows into a grid.
    assert not re.search(r"(^|\})\s*\.podium\b", text)
