"""Gambler's table driven on CPython through the fake page: whole games, no curtain."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent), str(ROOT / "tests")]

from fake_browser import FakeBrowser  # noqa: E402
from gambler.play import A, B, C, D, draw, play, play_round, turn  # noqa: E402
from gambler.play import new_game as new_state  # noqa: E402
from paddock_web import gambler  # noqa: E402
from paddock_web.app import App  # noqa: E402
from paddock_web.i18n import Catalogue  # noqa: E402
from paddock_web.table import GameContext  # noqa: E402

from pygames.core import Match  # noqa: E402
from pygames.gambler import GAME, GamblerState  # noqa: E402
from pygames.gambler.data import LAYOUTS  # noqa: E402

EVIL = "<img src=x onerror=alert(1)>"


def started(**kw: object) -> tuple[App, FakeBrowser]:
    b = FakeBrowser(**kw)  # type: ignore[arg-type]
    app = App(b)
    app.start()
    return app, b


def new_game(
    b: FakeBrowser,
    names: list[str],
    seats: list[str],
    seed: int,
    options: dict[str, str] | None = None,
) -> None:
    b.start_game("gambler", names, seats, seed, {"opt_target": "300", **(options or {})})


def step(app: App, b: FakeBrowser, rng: random.Random, seen: set[str]) -> None:
    """One thing a person at the table would do next (or a computer seat's timer)."""
    assert 'data-testid="curtain"' not in b.html, "Gambler never needs a hand-off curtain"
    if b.timers:
        b.run_timers(1)
        return
    controls = b.controls()
    plays = {c.get("data-testid", ""): c for c in controls if c["data-act"] == "play"}
    picks = [c for c in controls if c["data-act"] == "local" and c["data-arg"] == "gb_die"]
    boxes = [c for t, c in plays.items() if t.startswith("gb-box-")]
    rows = [c for t, c in plays.items() if t.startswith("gb-row-btn-")]
    backs = [c for t, c in plays.items() if t.startswith("gb-take-back-")]
    for name in ("gb-roll", "gb-roll-again", "gb-stop", "gb-confirm"):
        if name in plays:
            seen.add(name)
    if "gb-roll" in plays:
        b.click("play", plays["gb-roll"]["data-arg"])
    elif "gb-roll-again" in plays:
        pick = "gb-roll-again" if rng.random() < 0.55 else "gb-stop"
        b.click("play", plays[pick]["data-arg"])
    elif boxes or rows:
        # A die is picked: the rows it fits are offered both on the board and as buttons.
        assert {c["data-testid"][7:] for c in boxes} == {c["data-testid"][11:] for c in rows}
        target = rng.choice(boxes if rng.random() < 0.5 else rows)
        seen.add("board-click" if target in boxes else "row-button")
        b.click("play", target["data-arg"])
    elif backs and rng.random() < 0.15:
        seen.add("take-back")
        b.click("play", rng.choice(backs)["data-arg"])
    elif picks and ("gb-confirm" not in plays or rng.random() < 0.5):
        assert b.handler is not None
        b.handler("local", "gb_die", rng.choice(picks)["value"])
    elif "gb-confirm" in plays:
        b.click("play", plays["gb-confirm"]["data-arg"])
    else:
        raise AssertionError(f"nothing to do: {b.text()[:500]}")


def play_out(app: App, b: FakeBrowser, seed: int, limit: int = 20_000) -> set[str]:
    rng = random.Random(seed)
    seen: set[str] = set()
    for _ in range(limit):
        if app.match is not None and app.match.is_over():
            break
        step(app, b, rng, seen)
    assert app.match is not None and app.match.is_over()
    return seen


@pytest.mark.parametrize(
    ("names", "seats", "options"),
    [
        ([EVIL, "Ben"], ["human", "human"], {}),
        (["Ann", EVIL, "Cy"], ["human", "human", "computer"], {"opt_stack_order": "fixed"}),
        (
            ["Ann", "Ben", "Cy", EVIL],
            ["human", "computer", "human", "computer"],
            {"opt_beginner_first": "on", "opt_youngest": "3"},
        ),
        (
            ["A", "B", EVIL, "D", "E", "F"],
            ["human", "computer", "computer", "computer", "computer", "human"],
            {"opt_stack_order": "board_by_board", "opt_youngest": "5"},
        ),
    ],
)
def test_complete_games(names: list[str], seats: list[str], options: dict[str, str]) -> None:
    app, b = started()
    new_game(b, names, seats, seed=len(names) * 7, options=options)
    assert app.match is not None
    assert app.match.state.view(None)["target"] == 300
    if "opt_youngest" in options:
        assert app.match.state.view(None)["options"]["youngest"] == int(options["opt_youngest"])
    seen: set[str] = set()
    rng = random.Random(len(names))
    for _ in range(20_000):
        if app.match.is_over():
            break
        step(app, b, rng, seen)
        assert EVIL not in b.html
    assert app.match.is_over()
    assert {"gb-roll", "gb-confirm", "board-click", "row-button"} <= seen
    assert "&lt;img src=x onerror=alert(1)&gt;" in b.html
    # The results screen: standings as the engine ranks them, and every round itemised.
    shown = {
        int(c): int(v)
        for c, v in re.findall(r'data-testid="result-(\d)".*?data-score="(-?\d+)"', b.html)
    }
    replay = b.saved_match()
    assert shown == {i: int(s) for i, s in enumerate(replay.scores())}
    rounds = len(replay.state.view(None)["results"])
    assert b.html.count('data-testid="gb-round-result-') == rounds
    ranks = replay.ranking()
    winners = [names[i] for i, r in enumerate(ranks) if r == 1]
    text = b.text()
    if len(winners) > 1:
        assert "share the victory" in text
    for event in app.match.events:
        gambler.describe(event, names, app.cat)  # every event can be told


def test_a_two_human_game_uses_every_control() -> None:
    app, b = started()
    new_game(b, ["Ann", "Ben"], ["human", "human"], seed=11)
    seen = play_out(app, b, seed=4)
    assert {"gb-roll", "gb-roll-again", "gb-stop", "gb-confirm", "take-back"} <= seen


def test_only_legal_boxes_light_up_and_take_back_undoes() -> None:
    app, b = started()
    new_game(b, ["Ann", "Ben"], ["human", "human"], seed=5)
    assert app.match is not None
    b.click("play", b.find(data_testid="gb-roll")["data-arg"])  # type: ignore[index]
    while app.match.state.view(None)["phase"] != "await_place":
        b.click("play", b.find(data_testid="gb-roll")["data-arg"])  # type: ignore[index]
    view = app.match.state.view(None)
    die, rows = next(iter(view["can"]["place"].items()))
    assert b.find(data_act="play", data_testid="gb-confirm") is None  # nothing placed yet
    assert b.handler is not None
    b.handler("local", "gb_die", die)
    lit = sorted(
        int(c["data-testid"][7:]) for c in b.controls() if "gb-box-" in c.get("data-testid", "")
    )
    assert lit == sorted(rows)
    b.click("play", b.find(data_testid=f"gb-box-{rows[0]}")["data-arg"])  # type: ignore[index]
    assert app.match.state.view(None)["placed"][0]["die"] == int(die)
    assert "pending" in b.html and b.find(data_testid="gb-confirm") is not None
    b.click("play", b.find(data_testid=f"gb-take-back-{rows[0]}")["data-arg"])  # type: ignore[index]
    assert app.match.state.view(None)["placed"] == []


def test_options_form_offers_only_seats_at_the_table() -> None:
    app, b = started()
    b.click("choose", "gambler")
    for n in (2, 3, 6):
        b.click("count", str(n))
        select = re.search(r'<select name="opt_youngest">(.*?)</select>', b.html)
        assert select is not None
        values = re.findall(r'<option value="(\d)"', select.group(1))
        assert values == [str(v) for v in range(n)]
        assert f"Player {n}" in select.group(1)
    assert "300 (short game)" in b.html and "Board by board" in b.html


def test_no_curtain_no_secrets_and_german_texts() -> None:
    app, b = started(languages=["de-DE"])
    new_game(b, ["Ann", "Ben", "Cy"], ["human", "computer", "computer"], seed=2)
    assert app.match is not None
    view = app.match.state.view(None)
    assert view["private_turn"] is False and view["holds_secrets"] == [False] * 3
    assert "Durchgang 1" in b.text() and "Würfeln (" in b.text()
    b.click("overlay", "rules")
    assert "Tableau" in b.text()


def test_settlement_shows_on_the_closers_chips() -> None:
    match = Match(
        "gambler", ["Ann", "Ben"], options={"target": 300}, seed=9, seats=["computer"] * 2
    )
    cat = Catalogue("en")
    while not match.is_over():
        before = len(match.events)
        match.play_computer()
        fresh = match.events[before:]
        settled = [e for e in fresh if e["type"] == "settled"]
        if settled:
            ev = settled[-1]
            ctx = GameContext(
                cat=cat,
                players=match.players,
                seats=match.seats,
                legal=[],
                local={},
                viewer=None,
                fresh=fresh,
            )
            view = match.state.view(None)
            extra = str(gambler.player_extra(view, ev["seat"], ctx))
            assert f"gb-delta-{ev['seat']}" in extra and "flash" in extra
            words = gambler.describe(ev, match.players, cat) or ""
            assert str(ev["after"]) in words
            return
    raise AssertionError("no row was ever closed")


# --- what the table shows, part by part (issue: Table) ------------------------------------
def render(
    state: GamblerState,
    lang: str = "en",
    local: dict[str, Any] | None = None,
    fresh: list[dict[str, Any]] | None = None,
    motion: bool = True,
) -> str:
    """The board, the choices and every player's strip, as the table draws them."""
    ctx = GameContext(
        cat=Catalogue(lang),
        players=list(state.players),
        seats=["human"] * state.n,
        legal=state.legal_actions(),
        local=local or {},
        viewer=None,
        fresh=fresh or [],
        motion=motion,
    )
    view = state.view(None)
    parts = [gambler.board(view, ctx), gambler.actions(view, ctx)]
    parts += [gambler.score_text(view, s, ctx) for s in range(state.n)]
    parts += [gambler.player_extra(view, s, ctx) for s in range(state.n)]
    return gambler.status_text(view, ctx) + "".join(str(p) for p in parts)


def roll_dice(state: GamblerState, values: list[int]) -> list[dict[str, Any]]:
    events = state.apply({"type": "roll" if state.phase == "await_roll" else "roll_again"})
    for v in values:
        events += state.apply({"type": "die", "value": v})
    return events


def test_table_shows_every_part_of_a_turn() -> None:
    state = GAME.new_state(["Ann", "Ben", "Cy"], {})
    assert isinstance(state, GamblerState)
    state.apply({"type": "draw_board", "board": 3, "side": "B"})
    page = render(state)
    # Layout name, round number, the next layout (the board's other side is public).
    assert "Round 1" in page and "Tableau Staircase (3B)" in page
    assert 'data-testid="gb-next"' in page and "Next tableau: 3A" in page
    # Six rows; straights show arrows, the single pips box its pips; value circles.
    assert all(f'data-testid="gb-row-{r}"' in page for r in range(1, 7))
    assert page.count('class="gb-arrow"') == 3 + 3 + 2 + 5 + 4
    assert "gb-need-pips" in page and ">+90<" in page and ">−30<" in page
    # Chips 80 = one 50 and three 10s, the number, the supply and the cup.
    assert page.count('class="gb-chip c-yellow"') == 3 and "c-blue" not in page
    assert page.count("×3") == 3 and page.count("80 points") == 3
    assert 'data-testid="gb-cup-0"' in page and "5 in the cup" in page
    assert "5 in supply" in page and page.count("10 in supply") == 2
    assert page.startswith("Ann's turn: roll 5 dice")  # the banner (the round is on the board)
    assert 'data-testid="gb-roll"' in page and "Roll (5 dice)" in page
    # Every row says in words what it asks for, on the tableau itself.
    for words in (
        "ascending straight of three",
        "descending straight of three",
        "ascending straight of two",
        "ascending straight of five",
        "descending straight of four",
        "a six",
    ):
        assert f'class="need">{words}<' in page
    assert "(A3)" not in page and ">A3<" not in page
    # The tableau itself can take the keyboard's focus (its board area scrolls on a phone).
    assert re.search(r'<svg viewBox="0 0 568 720" role="group" tabindex="0" aria-label="', page)
    # The roll tumbles, then shows its values (no tumble under reduced motion).
    events = roll_dice(state, [6, 6, 1, 2, 3])
    assert "gb-tumble" in render(state, fresh=events)
    assert "gb-tumble" not in render(state, fresh=events, motion=False)
    page = render(state)
    assert page.count('data-testid="gb-die-') == 5 and "gb-confirm" not in page
    # Pick the 6: only the rows it fits light up (D3, D4 and the black `6`).
    page = render(state, local={"gb_die": "0"})
    lit = sorted(int(m) for m in re.findall(r'data-testid="gb-box-(\d)"', page))
    assert lit == [2, 5, 6] == state.view()["can"]["place"]["0"]
    assert "closes: you pay 30" in page  # the black single box would close
    # The row buttons name the rows in words; focus goes to the first of them.
    button = re.search(r'<button[^>]*data-testid="gb-row-btn-2"[^>]*>(.*?)</button>', page)
    assert button is not None and "descending straight of three" in button.group(1)
    assert re.search(r'data-testid="gb-row-btn-2"[^>]*data-focus', page)
    state.apply({"type": "place", "die": 0, "row": 2})
    page = render(state)
    assert "gb-take-back-2" in page and 'data-testid="gb-confirm"' in page and "pending" in page
    state.apply({"type": "confirm"})
    page = render(state)
    assert "Roll again (4 dice)" in page and 'data-testid="gb-stop"' in page
    assert "roll again with 4 dice, or stop" in page
    de = render(state, "de")
    assert "Weiterspielen (4 Würfel)" in de and "Aufhören" in de
    assert "absteigende Dreierstraße" in de and "aufsteigende Fünferstraße" in de
    assert "Durchgang 1" in de and "Tableau Treppe (3B)" in de and "80 Punkte" in de


def test_a_debt_shows_on_the_closers_chips() -> None:
    # 2B: Ann pays 70 for two black rows at once (10 left), then closes r6 (−40).
    state = new_state(4, "2B")
    turn(state, A, [(1, 2), (2, 4), (2, 4)])
    play(state, [(B, [(1, 1)]), (C, [(1, 1)]), (D, [(1, 6)])])
    assert state.points[A] == 10
    roll_dice(state, [2, 4, 4, 4])
    state.apply({"type": "place", "die": 0, "row": 6})
    events = state.apply({"type": "confirm"})
    page = render(state, fresh=events)
    assert 'data-testid="gb-delta-0"' in page and "−10" in page and "debt" in page
    assert "no chips" in page
    log = [gambler.describe(e, state.players, Catalogue("en")) for e in events]
    assert "A collects 0, owes 40 and can pay only 10; 30 is forgiven: 10 → 0 points." in log


def test_next_layout_only_once_it_is_known() -> None:
    state = new_state(2)
    draw(state, "5A")
    assert "Next tableau: 5B" in render(state)
    play_round(state)  # the whole of 5A, played out
    page = render(state)
    assert state.layout == "5B" and "Round 2" in page and "Tableau Minefield (5B)" in page
    assert 'data-testid="gb-next"' not in page and "Played: 5A" in page
    assert "Minenfeld" in render(state, "de")


# --- issue #12: rows in words, the round's end, motion, focus, the home card ----------
def test_every_row_is_told_in_words_in_both_languages() -> None:
    codes = {row.code for lay in LAYOUTS.values() for row in lay.rows}
    expected = {
        ("S3", "en"): "three of a kind",
        ("S3", "de"): "drei Gleiche",
        ("FH", "en"): "full house",
        ("FH", "de"): "Full House",
        ("A5", "en"): "ascending straight of five",
        ("A5", "de"): "aufsteigende Fünferstraße",
        ("D4", "en"): "descending straight of four",
        ("D4", "de"): "absteigende Viererstraße",
        ("6", "en"): "a six",
        ("6", "de"): "eine Sechs",
        ("66", "en"): "two sixes",
        ("66", "de"): "zwei Sechsen",
        ("43", "en"): "4, then 3",
        ("43", "de"): "4, dann 3",
        ("22333", "en"): "two twos, then three threes",
        ("22333", "de"): "zwei Zweien, dann drei Dreien",
    }
    for lang in ("en", "de"):
        cat = Catalogue(lang)
        for code in codes:
            words = gambler.code_words(code, cat)
            assert words and not re.search(r"\b[SAD][2-5]\b|\bFH\b", words), (code, words)
            if code.isdigit() and len(set(code)) == 1 and len(code) > 1:
                assert not re.search(r"\d", words)  # "two sixes", not "66"
        for (code, lang2), words in expected.items():
            if lang2 == lang:
                assert gambler.code_words(code, cat) == words


def test_german_row_texts_read_right() -> None:
    """Every German text about a row, with its adjective endings, as a reader sees it."""
    cat = Catalogue("de")
    state = new_state(2, "3B")  # A3 +50, D3 +50, A2 −30, A5 +90, D4 +70, 6 −30
    view = state.view(None)
    rows = {r["row"]: r for r in view["rows"]}
    ctx = GameContext(
        cat=cat, players=["A", "B"], seats=["human"] * 2, legal=[], local={}, viewer=None
    )
    page = str(gambler.tableau(view, ctx))
    assert (
        "Reihe 1: aufsteigende Dreierstraße. Gelbe Reihe: Wer ihr letztes Kästchen belegt, "
        "kassiert 50 Punkte." in page
    )
    assert (
        "Reihe 6: eine Sechs. Schwarze Reihe: Wer ihr letztes Kästchen belegt, zahlt 30 Punkte."
        in page
    )
    assert "Reihe 4 (aufsteigende Fünferstraße), gelb, 90 Punkte; Würfel: – (5 Kästchen)." in page
    assert rows[6]["colour"] == "black"
    log = [
        gambler.describe(
            {
                "type": "row_closed",
                "seat": 0,
                "row": 4,
                "code": "A5",
                "colour": "yellow",
                "points": 90,
            },
            ["Ann"],
            cat,
        ),
        gambler.describe(
            {
                "type": "row_closed",
                "seat": 0,
                "row": 2,
                "code": "S3",
                "colour": "black",
                "points": 40,
            },
            ["Ann"],
            cat,
        ),
    ]
    assert log == [
        "Ann schließt die gelbe Reihe 4 (aufsteigende Fünferstraße) und kassiert 90!",
        "Ann schließt die schwarze Reihe 2 (drei Gleiche) und schuldet 40.",
    ]
    # Colour words are written into whole sentences, never slotted into one where
    # their ending might not fit ("(S3, gelbe)" was the old results line).
    de = json.loads((ROOT / "web/paddock_web/locales/de/gambler.json").read_text("utf-8"))
    assert not any("{colour}" in text for text in de.values())
    assert (
        cat.t(
            "gb_result_row_yellow", name="Ann", row=4, need="aufsteigende Fünferstraße", points=90
        )
        == "Ann schloss Reihe 4 (aufsteigende Fünferstraße): +90"
    )


def _confirm_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events of the last ``confirm`` (what ``ctx.fresh`` holds after it)."""
    last = max(i for i, e in enumerate(events) if e["type"] == "placement_confirmed")
    end = next(
        (i for i, e in enumerate(events) if i > last and e["type"] == "stopped"), len(events)
    )
    return events[last:end]


def test_the_end_of_a_round_shows_on_the_table() -> None:
    state = new_state(2, "7B")
    events = play_round(state)
    assert state.round == 2 and state.layout == "7A"
    fresh = _confirm_events(events)
    assert any(e["type"] == "round_ended" for e in fresh)
    result = state.view(None)["results"][-1]
    page = render(state, fresh=fresh)
    assert 'data-testid="gb-round-over"' in page and "arrive" in page
    assert "Round 1 is over · Small Change" in page
    closer = state.players[result["closer"]]
    assert f"{closer} filled the last box." in page
    # Every closed row: who, what it paid or cost, the row in words.
    for c in result["closed"]:
        sign = "+" if c["colour"] == "yellow" else "−"
        need = gambler.code_words(c["code"], Catalogue("en"))
        assert f"{sign}{c['points']}</span> row {c['row']}: {need}" in page
    for seat, after in enumerate(result["points"]):
        change = after - 80
        shown = f"+{change}" if change > 0 else (f"−{-change}" if change < 0 else "±0")
        assert re.search(
            rf"{state.players[seat]}</bdi> <span[^>]*>{re.escape(shown)}</span> "
            rf"<span class=\"num\">{after} points",
            page,
        )
    # Under reduced motion it is there all the same, without arriving.
    still = render(state, fresh=fresh, motion=False)
    assert 'data-testid="gb-round-over"' in still and "arrive" not in still
    # It stays through the new round: a reminder ("stale") once that round has dice.
    values = [v for v in range(1, 7) if v in state.view(None)["rows"][0]["accepts"]]
    roll_dice(state, values[:1] * state.turn_dice)
    page = render(state)
    assert 'data-testid="gb-round-over"' in page and "stale" not in page
    state.apply({"type": "place", "die": 0, "row": 1})
    state.apply({"type": "confirm"})
    page = render(state)
    assert 'data-testid="gb-round-over"' in page and 'class="gb-round-over stale"' in page
    # Not before the first round ends.
    assert 'data-testid="gb-round-over"' not in render(new_state(2, "7B"))


def test_a_closed_row_shows_its_points_where_they_were_scored() -> None:
    state = new_state(2, "7B")  # row 1: a single 6, +20
    roll_dice(state, [6, 2, 2, 2, 2])
    state.apply({"type": "place", "die": 0, "row": 1})
    fresh = state.apply({"type": "confirm"})
    page = render(state, fresh=fresh)
    assert 'data-testid="gb-scored-1"' in page and ">A +20<" in page and "rise" in page
    assert "just-closed" in page
    still = render(state, fresh=fresh, motion=False)
    assert 'data-testid="gb-scored-1"' in still and "rise" not in still
    assert "just-closed" not in still


def test_the_placed_die_is_highlighted_and_the_roll_tumbles_once() -> None:
    state = new_state(2, "7B")
    rolled = roll_dice(state, [5, 5, 2, 2, 2])
    page = render(state, fresh=rolled)
    assert page.count("gb-tumble") == 5
    # Focus: the first die to pick, then the first row it fits, then the next die.
    assert re.search(r'data-testid="gb-die-0"[^>]*data-focus', page)
    picked = render(state, fresh=rolled, local={"gb_die": "0"})
    assert "gb-tumble" not in picked  # picking a die does not roll it again
    assert re.search(r'data-testid="gb-row-btn-2"[^>]*data-focus', picked)
    placed = state.apply({"type": "place", "die": 0, "row": 2})
    page = render(state, fresh=placed)
    assert re.search(r'class="gb-box full pending just pop"', page)
    assert re.search(r'data-testid="gb-die-1"[^>]*data-focus', page)
    still = render(state, fresh=placed, motion=False)
    assert "gb-box full pending just" in still and " pop" not in still
    assert "gb-tumble" not in render(state, fresh=rolled, motion=False)
    # Once every die is placed, Confirm takes the focus.
    state.apply({"type": "place", "die": 1, "row": 2})
    for die in (2, 3, 4):
        state.apply({"type": "place", "die": die, "row": 4})  # three of a kind
    page = render(state, fresh=[])
    assert re.search(r'data-testid="gb-confirm"[^>]*data-focus', page)
    # After a confirm with dice left: Roll again has the focus; those dice wait, blank.
    state = new_state(2, "7B")
    roll_dice(state, [6, 1, 1, 1, 1])
    state.apply({"type": "place", "die": 0, "row": 1})
    confirmed = state.apply({"type": "confirm"})
    page = render(state, fresh=confirmed)
    assert re.search(r'data-testid="gb-roll-again"[^>]*data-focus', page)
    assert page.count("gb-tray-die cup") == 4


def test_home_card_hooks() -> None:
    for lang in ("en", "de"):
        cat = Catalogue(lang)
        picture = str(gambler.thumbnail(cat))
        assert 'role="img"' in picture and 'viewBox="0 0 240 130"' in picture
        assert f'aria-label="{cat.t("gb_thumb_label")}"' in picture
        # Drawn from the beginner tableau: its six rows, its boxes, one black row.
        lay = LAYOUTS["1A"]
        assert picture.count('class="band ') == 6
        assert picture.count('class="cell"') == lay.boxes
        assert picture.count('class="band black"') == 1
        steps = gambler.how_to_play(cat)
        assert 3 <= len(steps) <= 4 and all(s.endswith(".") for s in steps)
        assert "500" in gambler.meta(cat)
    assert gambler.how_to_play(Catalogue("en")) != gambler.how_to_play(Catalogue("de"))


def test_first_turn_tip_explains_the_decision_on_screen() -> None:
    state = new_state(2, "7B")
    cat = Catalogue("en")

    def tip(local: dict[str, Any] | None = None) -> str | None:
        ctx = GameContext(
            cat=cat,
            players=list(state.players),
            seats=["human"] * 2,
            legal=state.legal_actions(),
            local=local or {},
            viewer=None,
        )
        return gambler.first_turn_tip(state.view(None), ctx)

    assert tip() == cat.t("gb_tip_roll")
    roll_dice(state, [6, 5, 5, 2, 2])
    assert tip() == cat.t("gb_tip_pick")
    assert tip({"gb_die": "0"}) == cat.t("gb_tip_row")
    state.apply({"type": "place", "die": 0, "row": 1})
    state.apply({"type": "confirm"})
    assert tip() == cat.t("gb_tip_decide")
