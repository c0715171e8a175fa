"""Secrets, turns and saved games hold when someone tries to break them (site level).

The page-level input guards (key repeats, double clicks, focus) are exercised in
Chromium by tests/e2e/test_input_guard.py; here the site's Python is driven on CPython.
"""

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
from paddock_web import setup_link  # noqa: E402
from paddock_web.app import App  # noqa: E402
from paddock_web.table import FSI, PDI  # noqa: E402

from pygames.core import Match  # noqa: E402


def started(**kw: object) -> tuple[App, FakeBrowser]:
    b = FakeBrowser(**kw)  # type: ignore[arg-type]
    app = App(b)
    app.start()
    return app, b


def royal_turf(
    b: FakeBrowser, names: list[str], seats: list[str], seed: str = "", **opts: str
) -> None:
    """Start Royal Turf through the setup form (an empty seed: none typed)."""
    b.start_game("royal_turf", names, seats, int(seed) if seed else None, opts)


def place_first_chip(b: FakeBrowser) -> None:
    """One betting turn in Royal Turf: the chip offered first on the first horse offered."""
    chips = [c for c in b.controls() if c["data-act"] == "local"]
    if chips:  # hidden bets: pick a chip from the supply first
        b.click("local", chips[0]["data-arg"], chips[0].get("value"))
    plays = [c for c in b.controls() if c["data-act"] == "play"]
    assert plays, b.text()
    b.click("play", plays[0]["data-arg"])


def slot_keys(b: FakeBrowser) -> list[str]:
    return sorted(k for k in b.store if k.startswith("paddock.game."))


def share_href(b: FakeBrowser) -> str:
    found = re.search(r'href="(#new[^"]*)"', b.html)
    assert found is not None, "no share link on screen"
    return found.group(1).replace("&amp;", "&")


# --- secrets -------------------------------------------------------------------------


def test_curtain_takes_no_keystroke_and_is_a_new_hand() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], "5", opt_hidden_bets="on")
    assert 'data-testid="curtain"' in b.html
    first = app.needs_curtain()
    assert first is not None
    # No autofocus on the confirm button: the heading takes focus, the header is inert.
    assert "autofocus" not in b.html
    assert re.search(r'<h1 id="curtain-h" tabindex="-1" data-focus>', b.html)
    assert re.search(r'<header class="site-header" inert>', b.html)
    curtain_hand = b.hands[-1]
    b.click("unlock", str(first))
    panel_hand = b.hands[-1]
    assert panel_hand != curtain_hand  # the private panel is armed afresh
    place_first_chip(b)
    second = app.needs_curtain()
    assert second is not None and second != first
    assert b.hands[-1] not in (curtain_hand, panel_hand)
    # A stale "I am …" for anyone but the curtain's player is refused.
    app.on_act("unlock", str(first))
    assert app.unlocked is None and 'data-testid="curtain"' in b.html


def test_new_human_at_a_public_turn_is_announced() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], "5")
    assert app.match is not None
    hands = []
    for _ in range(3):
        hands.append(b.hands[-1])
        seat = app.match.current_player()
        place_first_chip(b)
        assert app.match.current_player() != seat
        assert 'data-testid="next-up"' in b.html
        assert f"{FSI}{app.match.players[app.match.current_player()]}{PDI}, it's your turn" in (
            b.text()
        )
    assert len(set(hands)) == 2 and hands[0] != hands[1]


def test_untyped_seed_is_never_shown() -> None:
    random.seed(1)  # a restored `random` state must not decide the dice
    app, b = started()
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], opt_hidden_bets="on")
    assert app.match is not None
    seed = app.match.seed
    random.seed(1)
    app2, b2 = started()
    royal_turf(b2, ["Ann", "Ben"], ["human", "human"])
    assert app2.match is not None and app2.match.seed != seed
    b.click("unlock", str(app.needs_curtain()))
    b.click("overlay", "menu")
    assert str(seed) not in b.html
    link = setup_link.parse(share_href(b))
    assert link["seed"] is None and link["players"] == ["Ann", "Ben"]
    b.click("export")
    b.click("export", "anyway")
    name, _ = b.downloads[-1]
    assert str(seed) not in name and name.startswith("paddock-royal_turf-")
    # Play again deals new secret dice and never puts the old seed in a form.
    b.click("home")
    assert str(seed) not in b.html


def test_typed_seed_is_shared_with_a_warning() -> None:
    app, b = started()
    b.click("choose", "royal_turf")
    assert 'data-testid="seed-warning"' not in b.html
    assert "work out every die" in b.text()  # said beside the seed field
    b.click("home")
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], "77")
    b.click("overlay", "menu")
    assert setup_link.parse(share_href(b))["seed"] == 77
    app2, b2 = started(hash_=share_href(b))
    assert app2.screen == "setup" and 'data-testid="seed-warning"' in b2.html


def test_export_warns_during_play_and_is_free_at_the_end() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Ben"], ["computer", "computer"], "3")
    b.click("overlay", "menu")
    b.click("export")
    assert b.downloads == [] and 'data-testid="export-warning"' in b.html
    b.click("overlay", "close")
    while b.run_timers() or b.find(data_act="continue"):
        if b.find(data_act="continue"):
            b.click("continue")
    assert app.match is not None and app.match.is_over()
    b.click("overlay", "menu")
    b.click("export")
    assert len(b.downloads) == 1 and 'data-testid="export-warning"' not in b.html


# --- saved games ---------------------------------------------------------------------


def test_every_game_keeps_its_own_save_and_nothing_is_lost_without_asking() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], "1")
    place_first_chip(b)
    first = b.hash
    b.click("home")
    royal_turf(b, ["Cy", "Di"], ["human", "human"], "2")
    second = b.hash
    assert first != second and len(slot_keys(b)) == 2
    b.click("home")
    assert b.text().count("in progress") == 2
    # A bad link and a broken import leave both games alone.
    app.on_navigate("#new?game=chess&p=A&s=h")
    b.click("fresh")
    b.click("home")
    app.act_import("", None)
    assert b.file_callback is not None
    b.file_callback("[" * 5000 + "]" * 5000)  # far too deep: refused before parsing
    assert "not a Paddock game" in b.text() and len(slot_keys(b)) == 2
    # Resume the first game where it was.
    b.click("resume", first[len("#/play/") :])
    assert b.hash == first and app.match is not None
    assert app.match.players == ["Ann", "Ben"] and len(app.match.history) > 0
    # Abandoning asks first; "Keep it" keeps it.
    b.click("overlay", "menu")
    b.click("ask", "abandon")
    assert 'data-testid="confirm"' in b.html
    b.click("cancel")
    assert len(slot_keys(b)) == 2
    b.click("overlay", "menu")
    b.click("ask", "abandon")
    b.click("delete")
    assert len(slot_keys(b)) == 1 and app.screen == "home"
    # Deleting from the list asks too.
    (remaining,) = [c for c in b.controls() if c["data-act"] == "ask"]
    b.click("ask", "delete", remaining["value"])
    assert len(slot_keys(b)) == 1
    b.click("delete")
    assert slot_keys(b) == []


def test_an_old_single_save_is_kept_and_moved_to_a_slot() -> None:
    b = FakeBrowser()
    match = Match("royal_turf", ["Ann", "Ben"], seed=4)
    b.store["paddock.save.v1"] = json.dumps(match.to_json())
    app = App(b)
    app.start()
    assert "Royal Turf" in b.text() and "in progress" in b.text()
    b.click("resume", "v1")
    assert app.match is not None and app.match.state == match.state
    assert "paddock.save.v1" not in b.store and len(slot_keys(b)) == 1
    assert b.saved_match().state == match.state


def test_a_tab_that_is_behind_never_overwrites_newer_moves() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], "8")
    b2 = FakeBrowser(hash_=b.hash)  # a second tab on the same game: same storage
    b2.store = b.store
    other = App(b2)
    other.start()
    assert other.match is not None and app.match is not None
    place_first_chip(b)  # the first tab moves on
    ahead = app.match.to_json()
    place_first_chip(b2)  # the second tab has not heard of it yet
    assert other.match.to_json() == ahead  # it caught up instead of writing
    assert "played on in another tab" in b2.text()
    assert b.saved_match().to_json() == ahead
    # A storage event brings a tab up to date as well.
    place_first_chip(b2)
    moved = other.match.to_json()
    assert moved != ahead
    assert b.storage_listener is not None
    b.storage_listener("paddock.game." + b.hash[len("#/play/") :])
    assert app.match.to_json() == moved


def test_a_save_that_cannot_be_written_is_announced() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], "8")
    b.fail_writes = True
    place_first_chip(b)
    assert 'data-testid="save-failed"' in b.html
    b.fail_writes = False
    place_first_chip(b)
    assert 'data-testid="save-failed"' not in b.html
    assert app.match is not None and b.saved_match().to_json() == app.match.to_json()


def test_back_button_moves_between_screens() -> None:
    app, b = started()
    b.click("choose", "royal_turf")
    assert app.screen == "setup" and b.hash == "#/setup/royal_turf"
    b.back()
    assert app.screen == "home"
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], "8")
    assert app.screen == "table"
    b.back()
    assert app.screen == "setup"
    b.back()
    assert app.screen == "home" and len(slot_keys(b)) == 1


@pytest.mark.parametrize("screen", ["play", "replay", "stats"])
def test_an_address_of_a_game_not_on_this_device_says_so(screen: str) -> None:
    """Not "damaged ... stays in Your games": there is nothing there to keep."""
    b = FakeBrowser(hash_=f"#/{screen}/000000000000")
    app = App(b)
    app.start()
    assert app.screen == "home" and "not saved on this device" in b.text()
    assert "could not be loaded" not in b.text() and b.hash == "#/"


def test_deep_or_huge_saves_are_refused_kindly() -> None:
    b = FakeBrowser(hash_="#/play/abc")
    b.store["paddock.game.abc"] = "[" * 5000 + "]" * 5000
    app = App(b)
    app.start()
    assert app.screen == "home" and "could not be loaded" in b.text()
    assert "paddock.game.abc" in b.store


# --- names -------------------------------------------------------------------------


def test_names_are_short_distinct_and_isolated() -> None:
    app, b = started(hash_="#new?game=royal_turf&p=" + "A" * 40 + "&p=Ben&s=hh")
    assert app.setup["players"][0] == "A" * 32
    b.click("home")
    royal_turf(b, ["Ann", "ann "], ["human", "human"], "3")
    assert app.screen == "setup" and "different name" in b.text()
    rlo = "\u202eevil"
    b.click("home")
    royal_turf(b, [rlo, "Ben"], ["human", "human"], "3")
    assert app.screen == "table" and app.match is not None
    b.click("overlay", "log")
    assert f"{FSI}{rlo}{PDI}" in b.html
    # A name never reaches the page unisolated in running text.
    stray = [m.start() for m in re.finditer(re.escape(rlo), b.html)]
    for pos in stray:
        isolated = b.html[pos - 1] == FSI
        in_bdi = b.html.rfind("<bdi", 0, pos) > b.html.rfind("</bdi>", 0, pos)
        in_input = b.html.rfind("<input", 0, pos) > b.html.rfind(">", 0, pos)
        assert isolated or in_bdi or in_input, b.html[pos - 80 : pos + 20]


# --- undo ------------------------------------------------------------------------------


def test_undo_is_offered_to_the_mover_only_and_says_why_not() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Ben", "Cy"], ["human", "human", "computer"], "6", opt_hidden_bets="on")
    assert app.match is not None
    first = app.needs_curtain()
    assert first is not None
    b.click("unlock", str(first))
    chips = [c for c in b.controls() if c["data-act"] == "local"]
    b.click("local", chips[0]["data-arg"], chips[0].get("value"))
    # Picking a chip is the mover's own step: nothing is played yet, nothing to undo.
    assert b.find(data_act="undo") is None
    place_first_chip(b)
    # A placed hidden chip is a committed secret: no undo behind the next curtain,
    # and inside the next player's panel only the reason is shown.
    assert b.find(data_act="undo") is None and "curtain" in b.html
    second = app.needs_curtain()
    assert second is not None and second != first
    b.click("unlock", str(second))
    assert b.find(data_act="undo") is None
    assert "Not once a hidden choice is locked in" in b.text()


def test_a_lone_human_among_computers_gets_no_hand_off_curtain() -> None:
    """No one to pass the device to, no one to hide from: the secret turn opens at once;
    with a second human at the table the curtain is back."""
    app, b = started()
    royal_turf(b, ["Ann", "Cy", "Di"], ["human", "computer", "computer"], "6", opt_hidden_bets="on")
    assert app.match is not None
    for _ in range(40):
        b.run_timers(1)
        if app.match.current_player() == 0 and app.match.state.phase == "betting":
            break
    assert app.match.current_player() == 0
    assert 'data-testid="curtain"' not in b.html and app.unlocked == 0
    assert 'data-testid="private-0"' in b.html  # Ann's chips, face down to the others
    place_first_chip(b)
    b.run_timers()  # the computers bet; Ann's next turn opens at once again
    assert 'data-testid="curtain"' not in b.html
    app, b = started()
    royal_turf(b, ["Ann", "Ben", "Cy"], ["human", "human", "computer"], "6", opt_hidden_bets="on")
    assert app.needs_curtain() is not None and 'data-testid="curtain"' in b.html


def test_undo_a_public_move_until_another_seat_acts() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Ben"], ["human", "human"], "6")
    assert app.match is not None
    mover = app.match.current_player()
    place_first_chip(b)
    assert app.match.current_player() != mover
    # Offered, by name, while the next player has not yet acted.
    assert f"Undo {FSI}{app.match.players[mover]}{PDI}'s move" in b.text()
    b.click("undo")
    assert app.match.current_player() == mover and b.find(data_act="undo") is None
    place_first_chip(b)
    place_first_chip(b)  # the other player answers: the first move is theirs no more
    b.click("undo")  # takes back only the answer
    assert len([e for e in app.match.history if e["kind"] == "action"]) == 1
    assert b.find(data_act="undo") is None
    assert "Not after another player has played" in b.text()


def test_no_undo_once_a_computer_has_answered() -> None:
    app, b = started()
    royal_turf(b, ["Ann", "Cy"], ["human", "computer"], "6")
    assert app.match is not None
    b.run_timers()
    place_first_chip(b)
    b.run_timers()  # the computer answers
    assert app.match.history[-1]["kind"] == "action"
    assert app.match.seats[app.match.history[-1]["seat"]] == "computer"
    assert b.find(data_act="undo") is None
    assert "Not after another player has played" in b.text()


def test_no_undo_reason_before_any_player_has_moved() -> None:
    """Computers open the game: the human has nothing to take back, so nothing is said
    about undo until some player has made a move."""
    app, b = started()
    royal_turf(b, ["Ann", "Ben", "Cy"], ["computer", "computer", "human"], "6")
    assert app.match is not None
    b.run_timers()
    assert app.match.current_player() == 2
    moved = [e for e in app.match.history if e["kind"] == "action"]
    assert moved and all(app.match.seats[e["seat"]] == "computer" for e in moved)
    assert b.find(data_testid="undo-why") is None and "Not after" not in b.text()
    place_first_chip(b)
    b.run_timers()  # the computers answer: now it is said why Ann cannot undo
    assert app.match.current_player() == 2
    assert "Not after another player has played" in b.text()
