"""Royal Turf's table: it draws what the engine's view says (landings, odds columns, secrets)."""

from __future__ import annotations

import math
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
from pygames.royal_turf.data import FIELDS, HORSES  # noqa: E402
from pygames.royal_turf.state import RoyalTurfState  # noqa: E402

FIRST_CARDS = ["EG1", "AL1", "NO1", "CA1", "RF1", "MO1", "OT1"]  # slots 33 … 27


def context(
    state: RoyalTurfState,
    lang: str = "en",
    local: dict[str, Any] | None = None,
    fresh: list[dict[str, Any]] | None = None,
    motion: bool = True,
) -> GameContext:
    return GameContext(
        cat=Catalogue(lang),
        players=list(state.players),
        seats=["human"] * len(state.players),
        legal=state.legal_actions(),
        local=local or {},
        viewer=None,
        fresh=fresh or [],
        motion=motion,
    )


def race_start(n: int = 2, hidden: bool = False) -> RoyalTurfState:
    """Race 1 after betting (first legal chip each turn); the cards in slot order."""
    state = GAME.new_state(["Ann", "Ben", "Cy", "Di"][:n], {"hidden_bets": hidden})
    assert isinstance(state, RoyalTurfState)
    state.apply({"type": "first_player", "player": 0})
    for card in FIRST_CARDS:
        state.apply({"type": "draw_card", "card": card})
    while state.phase == "betting":
        state.apply(state.legal_actions()[0])
    return state


def choices(state: RoyalTurfState, lang: str = "en") -> dict[str, str]:
    """The move buttons of the action bar: horse -> its text (the swatch left out)."""
    html = table.actions(state.view(None), context(state, lang))
    found = re.findall(r'data-testid="act-move-(\w+)"[^>]*>(.*?)</button>', html)
    return {horse: re.sub(r"<span[^>]*>\w\w</span> ", "", inner) for horse, inner in found}


def token(board: str, horse: str) -> str:
    """The opening tag of a horse's token on the track."""
    match = re.search(rf'<g [^>]*data-horse="{horse}"[^>]*>', board)
    assert match, horse
    return match.group(0)


def test_move_buttons_say_to_blocked_and_stays_as_the_engine_works_them_out() -> None:
    state = race_start()
    state.apply({"type": "roll", "symbol": "head"})
    state.apply({"type": "move_horse", "horse": "nougat"})  # NO1 head 5: 31 -> 26
    state.apply({"type": "roll", "symbol": "head"})
    texts = choices(state)
    # EG1 head 4 from 33: 29 is taken, so is 30; 31 is free again.
    assert texts["earl_grey"] == "Earl Grey: 4, only to 31 (blocked)"
    # RF1 head 2 from 29: 27 and 28 are taken and it never runs back: it stays.
    assert texts["red_fox"] == "Red Fox: 2, stays on 29 (blocked)"
    assert texts["othello"] == "Othello: 7 to field 20"
    assert "nougat" not in texts  # it has moved in this cycle
    german = choices(state, "de")
    assert german["red_fox"] == "Red Fox: 2, bleibt auf 29 (blockiert)"
    assert german["earl_grey"] == "Earl Grey: 4, nur bis 31 (blockiert)"
    # The board's horse tokens carry the same words after their initials (what they
    # show), and only a real target gets a ghost.
    board = table.board(state.view(None), context(state))
    assert 'aria-label="EG Earl Grey: 4, only to 31 (blocked)"' in token(board, "earl_grey")
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
    checked = finishes = blocked = 0
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
                elif done["blocked"]:
                    stays = done["to"] == done["from"]
                    word = "stays on" if stays else "only to"
                    assert text.endswith(f"{word} {done['to']} (blocked)"), text
                    blocked += 1
                else:
                    assert text.endswith(f"to field {done['to']}"), text
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 100 and finishes >= 9 and blocked > 0


def test_tokens_are_opaque_and_a_moved_horse_wears_a_tick() -> None:
    state = race_start()
    state.apply({"type": "roll", "symbol": "head"})
    state.apply({"type": "move_horse", "horse": "nougat"})
    state.apply({"type": "roll", "symbol": "helmet"})
    board = table.board(state.view(None), context(state))
    moved = token(board, "nougat")
    assert "moved" in moved and "has moved this round" in moved
    # The tick is drawn inside the moved token only (a shape, not a colour or a fade).
    group = board[board.index(moved) : board.index("</g>", board.index(moved))]
    assert 'href="#rt-check"' in group
    other = token(board, "othello")
    group = board[board.index(other) : board.index("</g>", board.index(other))]
    assert "rt-check" not in group and "moved" not in other
    css = (ROOT / "web/styles/royal_turf.css").read_text()
    assert not re.search(r"\.horse[^{]*\{[^}]*opacity:\s*0\.\d", css)


def test_field_numbers_stand_clear_of_every_horse_position() -> None:
    """A number is never printed under or over a horse: each number stands outside the
    track, further from every field centre than a token's radius plus its own size."""
    centres = [table.field_xy(f) for f in range(1, FIELDS + 1)]
    for f in range(1, FIELDS + 1):
        nx, ny = table.field_xy(f, table.NUMBER_OFFSET)
        nearest = min(math.dist((nx, ny), c) for c in centres)
        assert nearest >= table.TOKEN_R + 20, (f, nearest)
        assert 0 <= nx - 12 and nx + 12 <= table.VIEW_W and 0 <= ny - 14
        assert ny + 8 <= table.VIEW_H
    # Tokens on neighbouring fields do not touch.
    gaps = [math.dist(centres[i], centres[i + 1]) for i in range(FIELDS - 1)]
    assert min(gaps) > 2 * table.TOKEN_R
    board = table.board(race_start().view(None), context(race_start()))
    numbers = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" class="field-no">(\d+)</text>', board)
    assert sorted(int(n) for _, _, n in numbers) == list(range(1, FIELDS + 1))


def test_the_die_tumbles_where_it_stands() -> None:
    """The die's place is fixed; the tumble animates an inner group with no position of
    its own, so it cannot jump to the board's corner while it turns."""
    state = race_start()
    spots = set()
    for symbol in ("head", "saddle"):
        s = state.clone()
        events = s.apply({"type": "roll", "symbol": symbol})
        board = table.board(s.view(None), context(s, fresh=events))
        die = re.search(r'<g class="die" transform="(translate\([^)]*\))"[^>]*>', board)
        assert die, board
        spots.add(die.group(1))
        assert '<g class="die-body tumble">' in board
        assert f'href="#rt-{symbol}"' in board[die.end() :]
    assert len(spots) == 1
    # Not fresh: the die still shows the roll, without tumbling again.
    s = state.clone()
    s.apply({"type": "roll", "symbol": "head"})
    assert '<g class="die-body">' in table.board(s.view(None), context(s))


def test_what_just_moved_is_marked_and_slides_unless_motion_is_off() -> None:
    state = race_start()
    state.apply({"type": "roll", "symbol": "head"})
    events = state.apply({"type": "move_horse", "horse": "othello"})  # OT1 head 7: 27 -> 20
    board = table.board(state.view(None), context(state, fresh=events))
    assert "fresh" in token(board, "othello") and "fresh" not in token(board, "nougat")
    assert board.count("<animateMotion") == 1
    assert re.search(r'data-testid="panel-othello"', board)
    assert re.search(r'class="rt-card h-othello moved fresh"', board)
    still = table.board(state.view(None), context(state, fresh=events, motion=False))
    assert "<animateMotion" not in still


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
    svg = table.odds_table(view, context(state))
    assert svg.count('class="odds-hl"') == 1
    # The highlighted cells are column 3's payouts; mocha's dot sits in that column.
    assert re.findall(r'class="odds-v hl">([\d,]+)<', svg) == ["250", "200", "150"]
    dot = re.search(r'<circle cx="([\d.]+)"[^>]*class="odds-dot h-mocha"', svg)
    col = re.search(r'<text x="([\d.]+)" y="[\d.]+" class="odds-col">3<', svg)
    assert dot and col and float(dot.group(1)) == pytest.approx(float(col.group(1)))
    # A screen reader hears the same: the table's name ends with the columns in use.
    assert re.search(r'aria-label="Odds per bet: [^"]*; paying now: Mocha column 3"', svg)


def test_after_picking_a_chip_the_first_horse_takes_the_focus() -> None:
    state = GAME.new_state(["Ann", "Ben"])
    assert isinstance(state, RoyalTurfState)
    state.apply({"type": "first_player", "player": 0})
    for card in FIRST_CARDS:
        state.apply({"type": "draw_card", "card": card})
    view = state.view(None)
    before = table.actions(view, context(state))
    # A public turn starts on the first chip.
    assert re.search(r'<button[^>]*data-testid="chip-1"[^>]*data-focus', before)
    after = table.actions(view, context(state, local={"chip": "2"}))
    focus = re.findall(r"<button[^>]*data-focus[^>]*>", after)
    assert len(focus) == 1 and 'data-testid="bet-earl_grey"' in focus[0]
    # The chip button that was clicked cannot be found again by its id (the shell would
    # otherwise put the focus back on it).
    ids_before = set(re.findall(r'id="(rt-chip-[^"]+)"', before))
    ids_after = set(re.findall(r'id="(rt-chip-[^"]+)"', after))
    assert ids_before and ids_after and not ids_before & ids_after
    # With the chip picked the horses on the track take the bet too.
    board = table.board(view, context(state, local={"chip": "2"}))
    assert 'data-testid="track-bet-othello"' in board


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
    assert 'data-testid="chip-0"' in frame
    # A secret turn starts on the panel's title, not on a chip.
    assert not re.search(r'data-testid="chip-\d"[^>]*data-focus', frame)
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
    # While betting the panel adds nothing: Ben's 0-chip shows face up on Albino's card
    # (to Ben alone) and his supply is the chip buttons.
    assert table.private_panel(view, 1, context(state)) == ""
    assert 'aria-label="Ben: 0"' in table.horse_cards(view, context(state))
    assert 'aria-label="Ben: 0"' not in table.horse_cards(state.view(0), context(state))
    assert table.actions(view, context(state)).count("<section") == 0
    # During the race the panel is the peek: the player's chips, horse by horse.
    raced = race_start(2, hidden=True)
    panel = table.private_panel(raced.view(0), 0, context(raced))
    assert "<section" not in panel and "<h3" not in panel
    mine = [(x, c) for x in HORSES for s, c in raced.bets[x] if s == 0]
    assert len(mine) == 4
    for horse, chip in mine:
        assert f'{table.name(horse, Catalogue("en"))} <span class="chip pc0"' in panel
        assert f'aria-label="Ann: {chip}"' in panel
    assert "In your supply:" in panel


def test_the_deal_is_one_log_line() -> None:
    state = GAME.new_state(["Ann", "Ben"])
    events = state.apply({"type": "first_player", "player": 1})
    for card in ["MO2", "MO1", "OT3", "EG1", "AL2", "NO3", "CA1", "RF2"]:
        events += state.apply({"type": "draw_card", "card": card})
    for lang, line in (
        (
            "en",
            "Race 1: the horse cards are dealt. From the back: Mocha 33, Othello 32, "
            "Earl Grey 31, Albino 30, Nougat 29, Caramello 28, Red Fox 27.",
        ),
        (
            "de",
            "Rennen 1: Die Pferde-Karten sind verteilt. Von hinten: Mocha 33, Othello 32, "
            "Earl Grey 31, Albino 30, Nougat 29, Caramello 28, Red Fox 27.",
        ),
    ):
        lines = [table.describe(e, ["Ann", "Ben"], Catalogue(lang)) for e in events]
        said = [x for x in lines if x]
        assert said[1] == line
        assert len(said) == 3  # who starts race 1, the line-up, who opens the betting


def play_hidden_race() -> RoyalTurfState:
    """A hidden-bets game of three, played at random until race 1 is over."""
    rng = random.Random(5)
    state = GAME.new_state(["Ann", "Ben", "Cy"], {"hidden_bets": True})
    assert isinstance(state, RoyalTurfState)
    while not state.results:
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def test_results_card_turns_every_chip_up_with_what_it_paid() -> None:
    state = play_hidden_race()
    view = state.view(None)
    result = view["results"][0]
    card = table.results_detail(view, context(state))
    # The finishing order, the pacemaker and the last horse.
    podium = re.findall(r'<span class="medal">(\w+)</span>.*?</span> ([\w ]+)</li>', card)
    names = [table.name(x, Catalogue("en")) for x in result["places"]]
    assert podium == list(zip(["1st", "2nd", "3rd"], names, strict=True))
    assert f"Pacemaker: {table.name(result['pacemaker'], Catalogue('en'))}" in card
    assert f"Last horse: {table.name(result['last'], Catalogue('en'))}" in card
    # Every chip of the race face up, in its horse's row; none face down.
    assert "face-down" not in card
    rows = dict(re.findall(r'<tr class="h-(\w+)[^"]*">(.*?)</tr>', card))
    assert set(rows) == set(HORSES)
    for horse, chips in result["bets"].items():
        labels = re.findall(r'aria-label="(\w+): (\d)"', rows[horse])
        assert labels == [(state.players[s], str(c)) for s, c in chips]
    # Each payout is in its horse's row, and each player's race total adds them up.
    for p in result["payouts"]:
        amount = Catalogue("en").money(p["amount"])
        assert (("+" if p["amount"] > 0 else "") + amount) in rows[p["horse"]]
    for seat, who in enumerate(state.players):
        won = sum(p["amount"] for p in result["payouts"] if p["seat"] == seat)
        money = Catalogue("en").money(result["money"][seat])
        assert re.search(
            rf"<bdi>{who}</bdi> <b[^>]*>[+]?{re.escape(Catalogue('en').money(won))}</b>", card
        )
        assert f"(now {money})" in card


def test_hooks_for_the_home_page_and_the_first_turn() -> None:
    for lang in ("en", "de"):
        cat = Catalogue(lang)
        picture = table.thumbnail(cat)
        assert picture.startswith("<svg") and 'role="img"' in picture
        assert (
            'viewBox="0 0 240 130"' in picture
            and f'aria-label="{cat.t("rt_thumb_label")}"' in picture
        )
        assert picture.count("thumb-horse") == len(HORSES)
        steps = table.how_to_play(cat)
        assert len(steps) == 4 and all(s.endswith(".") for s in steps)
        assert table.meta(cat).startswith("3 ")
    state = GAME.new_state(["Ann", "Ben"])
    assert isinstance(state, RoyalTurfState)
    state.apply({"type": "first_player", "player": 0})
    assert table.first_turn_tip(state.view(None), context(state)) is None  # nothing to do
    for card in FIRST_CARDS:
        state.apply({"type": "draw_card", "card": card})
    tip = table.first_turn_tip(state.view(None), context(state))
    assert tip and tip.startswith("Pick a chip")
    raced = race_start()
    raced.apply({"type": "roll", "symbol": "head"})
    tip = table.first_turn_tip(raced.view(None), context(raced, "de"))
    assert tip and "gestrichelte Ring" in tip
