"""The site's Python (web/paddock_web) driven on CPython through a fake page."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web import i18n, setup_link  # noqa: E402
from paddock_web.app import TABLES, App, coerce_options  # noqa: E402

import pygames  # noqa: E402
from pygames.core import CATALOGUE  # noqa: E402

EVIL = "<img src=x onerror=alert(1)>"


def started(**kw: object) -> tuple[App, FakeBrowser]:
    b = FakeBrowser(**kw)  # type: ignore[arg-type]
    app = App(b)
    app.start()
    return app, b


def new_game(
    b: FakeBrowser, names: list[str], seats: list[str], hidden: bool = False, seed: int = 42
) -> None:
    b.start_game("royal_turf", names, seats, seed, {"opt_hidden_bets": "on"} if hidden else None)


def step(app: App, b: FakeBrowser, rng: random.Random) -> None:
    """One thing a person at the table would do next."""
    if b.timers:
        b.run_timers(1)
        return
    if b.find(data_act="continue"):
        b.click("continue")
        return
    unlock = b.find(data_act="unlock")
    if unlock:
        b.click("unlock", unlock["data-arg"])
        return
    plays = [c for c in b.controls() if c["data-act"] == "play"]
    if plays:
        b.click("play", rng.choice(plays)["data-arg"])
        return
    chips = [c for c in b.controls() if c["data-act"] == "local"]
    assert chips, b.text()
    b.handler("local", "chip", rng.choice(chips)["value"])  # type: ignore[misc]


def test_home_lists_all_five_games_and_sets_ready() -> None:
    app, b = started()
    assert b.ready
    for title in ("Finish Line", "Gambler", "Homestretch", "Royal Turf", "TurfMaster"):
        assert title in b.text()
    playable = [c["data-arg"] for c in b.controls() if c["data-act"] == "choose"]
    engines = {g.id for g in pygames.games()}
    built = [e.id for e in CATALOGUE if e.id in TABLES and e.id in engines]
    assert "royal_turf" in playable and playable == built
    assert b.text().count("Coming soon") == 5 - len(built)


def test_language_follows_browser_and_switch() -> None:
    app, b = started(languages=["de-DE", "en"])
    assert b.lang == "de" and "Fünf Renn- und Wettspiele" in b.text()
    b.click("lang", "en")
    assert b.lang == "en" and b.store["paddock.lang"] == "en"


def test_catalogues_are_complete_and_use_the_same_fields() -> None:
    locales = ROOT / "web" / "paddock_web" / "locales"
    for path in sorted((locales / "en").glob("*.json")):
        twin = locales / "de" / path.name
        assert set(json.loads(path.read_text())) == set(json.loads(twin.read_text())), path.name
    en, de = i18n.load("en"), i18n.load("de")
    assert set(en) == set(de)
    for key in en:
        assert set(re.findall(r"{(\w+)}", en[key])) == set(re.findall(r"{(\w+)}", de[key])), key
    source = "\n".join(p.read_text() for p in (ROOT / "web" / "paddock_web").glob("*.py"))
    for key in re.findall(r'\bt\("([a-z0-9_]+)"', source):
        assert key in en, key


def test_full_game_with_computers_and_escaped_names() -> None:
    app, b = started()
    new_game(b, [EVIL, "Ben", "Cy"], ["human", "human", "computer"])
    rng = random.Random(5)
    for _ in range(3000):
        if app.match is not None and app.match.is_over():
            break
        step(app, b, rng)
        assert EVIL not in b.html
    assert app.match is not None and app.match.is_over()
    assert "&lt;img src=x onerror=alert(1)&gt;" in b.html
    shown = {
        int(c): int(v)
        for c, v in re.findall(r'data-testid="result-(\d)".*?data-score="(-?\d+)"', b.html)
    }
    replay = b.saved_match()
    assert shown == {i: int(s) for i, s in enumerate(replay.scores())}


def test_hidden_variant_curtain_and_no_foreign_secrets() -> None:
    app, b = started()
    new_game(b, ["Ann", "Ben", "Cy"], ["human", "human", "human"], hidden=True)
    rng = random.Random(9)
    curtains: set[tuple[str, int]] = set()  # (seat behind the curtain, moves played)
    while app.match is not None and app.match.state.view(None)["phase"] == "betting":
        unlock = b.find(data_act="unlock")
        if unlock:
            curtains.add((unlock["data-arg"], len(app.match.history)))
            # Nothing of the table is drawn behind the curtain.
            assert "panel-othello" not in b.html
        seat = app.unlocked
        if seat is not None:
            for other in range(3):
                if other == seat:
                    continue
                for horse, bets in app.match.state.bets.items():
                    for s, chip in bets:
                        if s == other:
                            label = f"{app.match.players[other]}: {chip}"
                            assert label not in b.text(), (horse, label)
            assert f'data-testid="private-{seat}"' in b.html
        step(app, b, rng)
    assert len(curtains) == 12  # one before every betting turn (3 players × 4 rounds)


def test_reload_resumes_and_damaged_save_is_friendly() -> None:
    app, b = started()
    new_game(b, ["Ann", "Ben"], ["human", "human"])
    rng = random.Random(1)
    for _ in range(8):
        step(app, b, rng)
    assert app.match is not None and b.hash.startswith("#/play/")
    saved = app.match.to_json()
    again = App(b)  # a reload: same address, same storage
    again.start()
    assert again.screen == "table" and again.match is not None
    assert again.match.state == app.match.state and again.match.to_json() == saved
    key = "paddock.game." + b.hash[len("#/play/") :]
    broken_text = '{"format": "paddock-slot/1", "match": 5'
    b.store[key] = broken_text
    broken = App(b)
    broken.start()
    assert broken.screen == "home"
    assert "could not be loaded" in b.text() and "Traceback" not in b.html
    b.click("fresh")
    # Nothing is deleted without asking: the damaged save stays, listed as such.
    assert b.store[key] == broken_text
    assert "A saved game that cannot be read" in b.text()


def test_share_link_round_trip_and_bad_link() -> None:
    setup = {
        "game": "royal_turf",
        "players": ["Ann", EVIL],
        "seats": ["human", "computer"],
        "options": {"hidden_bets": True},
        "seed": 77,
    }
    link = setup_link.build(setup)
    assert setup_link.parse(link) == {**setup, "options": {"hidden_bets": "1"}}
    app, b = started(hash_=link)
    assert app.screen == "setup" and app.setup == setup
    b.click("start")
    assert app.match is not None and app.match.setup_json() == setup
    app2, b2 = started(hash_="#new?game=royal_turf&p=Solo&s=q")
    assert app2.screen == "home" and "does not describe" in b2.text()


def test_refused_action_shows_reason_and_changes_nothing() -> None:
    app, b = started()
    new_game(b, ["Ann", "Ben"], ["human", "human"])
    assert app.match is not None
    before = app.match.to_json()
    app.play({"type": "move_horse", "horse": "othello"})
    app.render()
    assert app.match.to_json() == before
    assert app.error == "horses only move during the race, after the roll"


def test_undo_and_export_import() -> None:
    app, b = started()
    new_game(b, ["Ann", "Ben"], ["human", "human"])
    assert app.match is not None
    b.handler("local", "chip", "2")  # type: ignore[misc]
    b.click("play", "7")  # chip 1 on the seven horses comes first, then chip 2
    assert app.match.state.bets["earl_grey"] == [[app.match.state.start_player, 2]]
    assert len([h for h in app.match.history if h["kind"] == "action"]) == 1
    b.click("undo")
    assert [h for h in app.match.history if h["kind"] == "action"] == []
    b.click("overlay", "menu")
    link = re.search(
        r'data-testid="share-link" href="([^"]+)"|href="([^"]+)" data-testid="share-link"', b.html
    )
    assert link is not None
    shared = setup_link.parse((link.group(1) or link.group(2)).replace("&amp;", "&"))
    shared["options"] = coerce_options(shared["game"], shared["options"])
    assert shared == app.match.setup_json()
    b.click("export")
    assert b.downloads == [] and "shows every hidden bet" in b.text()  # asks first
    b.click("export", "anyway")
    name, text = b.downloads[-1]
    assert name.endswith(".json") and json.loads(text)["game"] == "royal_turf"
    b.click("overlay", "menu")
    b.click("import")
    assert b.file_callback is not None
    playing = app.match.to_json()
    b.file_callback("not json at all")
    # refused where it was asked for: the game being played stays on screen as it was
    assert app.screen == "table" and "not a Paddock game" in b.text()
    assert app.match.to_json() == playing and b.hash.startswith("#/play/")


@pytest.mark.parametrize("hidden", [False, True])
def test_peek_at_own_chips_during_race_needs_curtain(hidden: bool) -> None:
    app, b = started()
    new_game(b, ["Ann", "Ben"], ["human", "human"], hidden=hidden)
    rng = random.Random(2)
    assert app.match is not None
    while app.match.state.phase != "race":
        step(app, b, rng)
    peek = b.find(data_act="peek")
    if not hidden:
        assert peek is None
        return
    assert peek is not None
    seat = int(peek["data-arg"])
    b.click("peek", str(seat))
    assert b.find(data_act="unlock", data_arg=str(seat))
    b.click("unlock", str(seat))
    assert f'data-testid="private-{seat}"' in b.html
    b.click("done")
    assert "private-" not in b.html


def test_link_options_take_the_games_types() -> None:
    assert coerce_options("gambler", {"target": "300", "stack_order": "fixed"}) == {
        "target": 300,
        "stack_order": "fixed",
    }
    assert coerce_options("royal_turf", {"hidden_bets": "0"}) == {"hidden_bets": False}
    with pytest.raises(ValueError):
        coerce_options("gambler", {"target": "lots"})
    app, b = started(hash_="#new?game=gambler&p=A&p=B&s=hh&o.target=lots")
    assert app.screen == "home" and "does not describe" in b.text()
    # an on/off option edited by hand is refused, not read as "off"
    assert coerce_options("royal_turf", {"hidden_bets": "1"}) == {"hidden_bets": True}
    with pytest.raises(ValueError):
        coerce_options("royal_turf", {"hidden_bets": "maybe"})
    app, b = started(hash_="#new?game=royal_turf&p=Ann&p=Ben&s=hh&o.hidden_bets=maybe")
    assert app.screen == "home" and "does not describe" in b.text()


def test_first_turn_tips_until_got_it_and_back_from_the_menu() -> None:
    app, b = started()
    new_game(b, ["Ann", "Ben"], ["human", "human"])
    # The first decision is explained under the choices, not inside them.
    assert 'data-testid="tip"' in b.html
    assert b.html.index('data-testid="action-bar"') < b.html.index('data-testid="tip"')
    assert "chip" in b.text().lower()
    b.click("tips", "off")
    assert 'data-testid="tip"' not in b.html
    assert b.store["paddock.tips.off"] == "royal_turf"
    # Off for this game on this device: a new game keeps it off, other games still explain.
    app2, b2 = started()
    b2.store.update(b.store)
    new_game(b2, ["Ann", "Ben"], ["human", "human"])
    assert 'data-testid="tip"' not in b2.html
    b.click("overlay", "menu")
    b.click("tips", "on")
    assert app.overlay is None and 'data-testid="tip"' in b.html
    assert b.store["paddock.tips.off"] == ""


def test_tips_never_explain_a_computers_turn() -> None:
    app, b = started()
    new_game(b, ["Ann", "Cy"], ["computer", "human"])
    assert app.match is not None
    if app.match.is_computer_turn():
        assert 'data-testid="tip"' not in b.html
    b.run_timers()
    assert not app.match.is_computer_turn() and 'data-testid="tip"' in b.html


def test_home_pictures_come_after_the_list_is_usable() -> None:
    app, b = started()
    # First paint: the cards and their buttons, no game's table imported for a picture.
    assert 'class="thumb"></div>' in b.html and "how-to-play" not in b.html
    assert [c["data-arg"] for c in b.controls() if c["data-act"] == "choose"]
    b.run_timers()
    assert 'class="thumb"></div>' not in b.html
    assert b.html.count('class="how-to-play"') == len(TABLES)
    assert b.html.count("<svg") >= len(TABLES)


def test_the_table_its_race_card_and_dialogs_carry_the_game() -> None:
    app, b = started()
    b.start_game("royal_turf", ["Ann", "Ben"], ["human", "human"], 42, None)
    assert '<main class="table game-royal_turf" id="main" data-game="royal_turf"' in b.html
    b.click("overlay", "rules")
    assert 'data-testid="overlay-rules" data-backdrop="overlay:close" data-game="royal_turf"' in (
        b.html
    )
    _, home = started()
    home.run_timers()
    assert 'data-game="royal_turf"' in home.html


def log_lines(b: FakeBrowser) -> tuple[str, list[str]]:
    """The log's list tag and its lines' text, top (newest) first."""
    aside = b.html.split('data-testid="log"', 1)[1].split("</aside>", 1)[0]
    ol = re.search(r"<ol[^>]*>", aside)
    assert ol is not None
    items = re.findall(r"<li[^>]*>(.*?)</li>", aside)
    return ol.group(0), [re.sub(r"<[^>]+>", "", item) for item in items]


def test_log_lines_keep_their_numbers_as_the_game_goes_on() -> None:
    """Newest first, counted down from the top: a browser numbers a ``reversed`` list
    so that its last line is 1, so each line keeps its number when a newer one comes."""
    app, b = started()
    new_game(b, ["Ann", "Ben"], ["human", "human"])
    rng = random.Random(5)
    for _ in range(6):
        step(app, b, rng)
    tag, before = log_lines(b)
    assert app.match is not None
    table = TABLES["royal_turf"]
    described = [d for e in app.match.events if (d := table.describe(e, app.names(), app.cat))]
    assert before[0] == re.sub(r"<[^>]+>", "", str(described[-1]))
    # Numbered from the game's first line down: the newest is the number of lines so far.
    assert " reversed" in tag and f'start="{len(described)}"' in tag, (tag, len(described))
    for _ in range(3):
        step(app, b, rng)
    tag, after = log_lines(b)
    assert len(after) > len(before) and after[-len(before) :] == before
    assert f'start="{len(after)}"' in tag, tag
    # An undo replaces the match's events: counted afresh, not from the old list.
    b.click("undo")
    tag, undone = log_lines(b)
    assert f'start="{len(undone)}"' in tag and len(undone) < len(after), tag


def test_each_play_button_on_the_home_page_is_named_with_its_game() -> None:
    b = FakeBrowser()
    App(b).start()
    plays = [c for c in b.controls() if c["data-act"] == "choose"]
    assert len(plays) == 5
    for c in plays:
        own, title = c["aria-labelledby"].split()
        assert own == c["id"] and f'id="{title}"' in b.html and c["data-arg"] in title
