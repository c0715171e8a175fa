"""Every text a table can build exists in both languages.

Each game is played to the end in English and in German through the fake page,
with the rules, the log and the menu opened along the way, under strict
catalogues (``conftest.py``): any key the tables build that a catalogue lacks,
including keys put together at run time (``t(f"hs_row_{row}")``), fails here.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path[:0] = [str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web.app import App  # noqa: E402
from paddock_web.i18n import Catalogue, MissingMessage  # noqa: E402

import pygames  # noqa: E402

GAMES = [g.id for g in pygames.games()]
# Options that put the most on the table (hidden bets, blind cards, hurdles…).
RICH_OPTIONS: dict[str, dict[str, str]] = {
    "royal_turf": {"opt_hidden_bets": "on"},
    "turfmaster": {"opt_blind_cards": "on", "opt_grand_national": "on", "opt_quick_race": "on"},
    "homestretch": {"opt_short_game": "on"},
}


def test_strict_mode_refuses_a_missing_key() -> None:
    with pytest.raises(MissingMessage):
        Catalogue("de").t("no_such_key_anywhere")
    assert Catalogue("de").t("rules")


def play_through(b: FakeBrowser, app: App, rng: random.Random) -> int:
    """Act as the table would until the game ends; returns the number of renders."""
    for n in range(20_000):
        if app.match is not None and app.match.is_over():
            return n
        if n % 97 == 5:  # now and then read the rules, the log and the menu
            for panel in ("rules", "log", "menu"):
                if b.find(data_act="overlay", data_arg=panel):
                    b.click("overlay", panel)
                    if b.find(data_act="overlay", data_arg="close"):
                        b.click("overlay", "close")
        if b.timers:
            b.run_timers(1)
            continue
        for act in ("continue", "unlock"):
            found = b.find(data_act=act)
            if found:
                b.click(act, found.get("data-arg", ""))
                break
        else:
            plays = [c for c in b.controls() if c["data-act"] == "play"]
            local = [c for c in b.controls() if c["data-act"] == "local"]
            if plays and (not local or rng.random() < 0.7):
                b.click("play", rng.choice(plays)["data-arg"])
            elif local:
                c = rng.choice(local)
                b.click("local", c.get("data-arg", ""), c.get("value"))
            else:
                raise AssertionError("nothing to do on:\n" + b.text()[:2000])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_shows_only_known_texts(game_id: str, lang: str) -> None:
    b = FakeBrowser(languages=[lang])
    app = App(b)
    app.start()
    game = pygames.get_game(game_id)
    n = min(game.max_players, 3)
    names = [f"Spieler {i + 1}" for i in range(n)]
    seats = ["human", "human"] + ["computer"] * (n - 2)
    b.start_game(game_id, names, seats, 11, RICH_OPTIONS.get(game_id))
    renders = play_through(b, app, random.Random(7))
    assert renders > 10
    assert app.match is not None and app.match.is_over()
    assert b.find(data_testid="results") or "results" in b.html
