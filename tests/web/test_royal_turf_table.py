"""Royal Turf's table: it draws what the engine's view says (landings, odds columns, secrets)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web import royal_turf as table  # noqa: E402
from paddock_web.app import App  # noqa: E402
from paddock_web.i18n import Catalogue  # noqa: E402
from paddock_web.table import GameContext  # noqa: E402

from pygames.core import sample_outcome  # noqa: E402
from pygames.royal_turf import GAME  # noqa: E402
from pygames.royal_turf.state import RoyalTurfState  # noqa: E402

FIRST_CARDS = ["EG1", "AL1", "NO1", "CA1", "RF1", "MO1", "OT1"]  # slots 33 … 27


def context(state: RoyalTurfState, lang: str = "en") -> GameContext:
    return GameContext(
        cat=Catalogue(lang),
        players=list(state.players),
        seats=["human"] * len(state.players),
        legal=state.legal_actions(),
        local={},
        viewer=None,
    )


def race_start(n: int = 2) -> RoyalTurfState:
    """Race 1 after betting (first legal chip each turn); the cards in slot order."""
    state = GAME.new_state(["Ann", "Ben", "Cy", "Di"][:n])
    assert isinstance(state, RoyalTurfState)
    state.apply({"type": "first_player", "player": 0})
    for card in FIRST_CARDS:
        state.apply({"type": "draw_card", "card": card})
    while state.phase == "betting":
        state.apply(state.legal_actions()[0])
    return state


def choices(state: RoyalTurfState, lang: str = "en") -> dict[str, str]:
    """The move buttons of the action bar: horse -> its text."""
    html = table.actions(state.view(None), context(state, lang))
    return dict(re.findall(r'data-testid="act-move-(\w+)">([^<]*)<', html))


def test_move_buttons_say_to_blocked_and_stays_as_the_engine_works_them_out() -> None:
    state = race_start()
    state.apply({"type": "roll", "symbol": "head"})
    state.apply({"type": "move_horse", "horse": "nougat"})  # NO1 head 5: 31 -> 26
    state.apply({"type": "roll", "symbol": "head"})
    texts = choices(state)
    # EG1 head 4 from 33: 29 is taken, so is 30; 31 is free again.
    assert texts["earl_grey"] == "Earl Grey: 4, blocked: to field 31"
    # RF1 head 2 from 29: 27 and 28 are taken and it never runs back: it stays.
    assert texts["red_fox"] == "Red Fox: 2, boxed in: stays on field 29"
    assert texts["othello"] == "Othello: 7 to field 20"
    assert "nougat" not in texts  # it has moved in this cycle
    assert choices(state, "de")["red_fox"] == "Red Fox: 2, eingeschlossen: bleibt auf Feld 29"
    # The board's horse tokens carry the same words, and only the real target gets a ghost.
    board = table.board(state.view(None), context(state))
    assert 'aria-label="Earl Grey: 4, blocked: to field 31"' in board
    assert board.count('class="ghost h-red_fox"') == 0
    assert board.count('class="ghost h-earl_grey"') == 1
    for horse, field in (("earl_grey", 31), ("red_fox", 29), ("othello", 20)):
        after = state.clone()
        after.apply({"type": "move_horse", "horse": horse})
        assert after.fields[horse] == field


@pytest.mark.parametrize("seed", [1, 2])
def test_every_move_button_tells_where_the_horse_ends_up(seed: int) -> None:
    """Through whole games: each button's words match the field the move really reaches."""
    rng = random.Random(seed)
    state = GAME.new_state(["Ann", "Ben", "Cy"])
    assert isinstance(state, RoyalTurfState)
    checked = finishes = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        if state.phase == "race":
            texts = choices(state)
            assert set(texts) == {a["horse"] for a in state.legal_actions()}
            for horse, text in texts.items():
                events = state.clone().apply({"type": "move_horse", "horse": horse})
                (done,) = [e for e in events if e["type"] in ("horse_moved", "horse_finished")]
                if done["type"] == "horse_finished":
                    assert text.endswith("crosses the line"), text
                    finishes += 1
                else:
                    assert text.endswith(f"field {done['to']}"), text
                    assert ("blocked" in text or "stays" in text) == done["blocked"], text
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 100 and finishes >= 9


def test_odds_columns_are_the_ones_the_engine_names() -> None:
    state = GAME.new_state(["Ann", "Ben"])
    assert isinstance(state, RoyalTurfState)
    state.apply({"type": "first_player", "player": 0})
    for card in FIRST_CARDS:
        state.apply({"type": "draw_card", "card": card})
    state.apply({"type": "place_chip", "chip": 2, "horse": "mocha"})
    state.apply({"type": "place_chip", "chip": 1, "horse": "mocha"})
    view = state.view(None)
    assert {x["id"]: x["odds_column"] for x in view["horses"]}["mocha"] == 3
    html = table.odds_table(view, context(state))
    cells = r'<th scope="col"( class="hl")?>(\d\+?)<span class="col-horses">(.*?)</span></th>'
    head = re.findall(cells, html)
    assert [(k, "h-mocha" in horses) for hl, k, horses in head if hl] == [("3", True)]


def test_hidden_bets_turn_is_one_private_frame_with_the_controls_inside() -> None:
    b = FakeBrowser(languages=["en"])
    app = App(b)
    app.start()
    b.start_game("royal_turf", ["Ann", "Ben"], ["human", "human"], 3, {"opt_hidden_bets": "on"})
    assert app.match is not None
    unlock = b.find(data_act="unlock")
    assert unlock is not None
    b.click("unlock", unlock["data-arg"])
    seat = app.match.current_player()
    assert app.unlocked == seat
    assert b.html.count('data-testid="private-') == 1
    frame = b.html[b.html.index(f'data-testid="private-{seat}"') :]
    frame = frame[: frame.index("</section>")]
    assert "In your supply:" in frame and 'data-testid="chip-0"' in frame
    b.handler("local", "chip", "2")  # type: ignore[misc]
    bet = b.find(data_testid="bet-othello")
    assert bet is not None
    b.click("play", bet["data-arg"])
    assert app.match.state.bets["othello"] == [[seat, 2]]


def test_private_panel_is_only_its_inside() -> None:
    state = GAME.new_state(["Ann", "Ben"], {"hidden_bets": True})
    assert isinstance(state, RoyalTurfState)
    state.apply({"type": "first_player", "player": 1})
    for card in FIRST_CARDS:
        state.apply({"type": "draw_card", "card": card})
    state.apply({"type": "place_chip", "chip": 0, "horse": "albino"})
    assert state.private_turn() and not state.holds_secrets(1)
    view: Any = state.view(1)
    html = table.private_panel(view, 1, context(state))
    assert "<section" not in html and "<h3" not in html
    assert "Albino" in html and 'aria-label="Ben: 0"' in html
    assert table.actions(view, context(state)).count("<section") == 0
