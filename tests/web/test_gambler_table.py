"""Gambler's table driven on CPython through the fake page: whole games, no curtain."""

from __future__ import annotations

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
    assert 'data-testid="gb-next"' in page and "next: 3A" in page
    # Six rows; straights show arrows, the single pips box its pips; value circles.
    assert all(f'data-testid="gb-row-{r}"' in page for r in range(1, 7))
    assert page.count('class="gb-arrow"') == 3 + 3 + 2 + 5 + 4
    assert "gb-need-pips" in page and ">+90<" in page and ">−30<" in page
    # Chips 80 = one 50 and three 10s, the number, the supply and the cup.
    assert page.count('class="gb-chip c-yellow"') == 3 and "c-blue" not in page
    assert page.count("×3") == 3 and page.count("80 points") == 3
    assert 'data-testid="gb-cup-0"' in page and "has the cup · 5 turn dice" in page
    assert "5 in supply" in page and page.count("10 in supply") == 2
    assert page.startswith("Round 1 · Staircase · Ann's turn: roll 5 dice")  # the banner
    assert 'data-testid="gb-roll"' in page and "Roll (5 dice)" in page
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
    assert "closes: you pay" in page  # the black single box would close
    state.apply({"type": "place", "die": 0, "row": 2})
    page = render(state)
    assert "gb-take-back-2" in page and 'data-testid="gb-confirm"' in page and "pending" in page
    state.apply({"type": "confirm"})
    page = render(state)
    assert "Roll again (4 dice)" in page and 'data-testid="gb-stop"' in page
    assert "roll again with 4 dice, or stop" in page
    de = render(state, "de")
    assert "Weiterspielen (4 Würfel)" in de and "Aufhören" in de
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
    assert "next: 5B" in render(state)
    play_round(state)  # the whole of 5A, played out
    page = render(state)
    assert state.layout == "5B" and "Round 2" in page and "Tableau Minefield (5B)" in page
    assert 'data-testid="gb-next"' not in page and "played: 5A" in page
    assert "Minenfeld" in render(state, "de")
