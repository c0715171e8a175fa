"""Homestretch's table driven through the site on CPython with the fake page."""

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
from paddock_web import homestretch  # noqa: E402
from paddock_web.app import App  # noqa: E402
from paddock_web.i18n import Catalogue  # noqa: E402

from pygames.homestretch import GAME, HomestretchState  # noqa: E402
from pygames.homestretch.data import MARKER_VALUE, PAYOUT  # noqa: E402

EVIL = "<img src=x onerror=alert(1)>"
OPTIONS = ("fixed_betting_order", "open_bets", "short_game", "literal_handicaps")


def start(
    names: list[str], seats: list[str], options: tuple[str, ...], seed: int, lang: str = "en"
):
    b = FakeBrowser(languages=[lang])
    app = App(b)
    app.start()
    b.start_game("homestretch", names, seats, seed, {f"opt_{o}": "on" for o in options})
    return app, b


def secrets_of(state: Any, seat: int) -> list[str]:
    """Strings that betray a seat's secrets if they appear in the page."""
    out: list[str] = []
    if state.phase in ("draft", "ghost", "deal"):
        out += [f'data-card="{c}"' for c in state.hands[seat] + state.kept[seat]]
    placed = state.bets[seat]
    if not state.opt("open_bets"):
        for m in placed:
            out.append(f'data-marker-seat="{seat}" data-value="{MARKER_VALUE[m]}"')
    return out


def check_privacy(app: App, b: FakeBrowser) -> int:
    """While a private panel is open, no other seat's secret is in the HTML."""
    opened = re.findall(r'data-testid="private-(\d)"', b.html)
    assert len(opened) <= 1
    if not opened:
        # The public table never carries any card id of a hand or a face-down value.
        assert 'data-card="' not in b.html
        state = app.match.state  # type: ignore[union-attr]
        for seat in range(len(state.players)):
            for secret in secrets_of(state, seat):
                assert secret not in b.html, (seat, secret)
        return 0
    seat = int(opened[0])
    assert seat in (app.unlocked, app.peek)
    state = app.match.state  # type: ignore[union-attr]
    for other in range(len(state.players)):
        if other != seat:
            for secret in secrets_of(state, other):
                assert secret not in b.html, (seat, other, secret)
    # and the ghost's hand is never shown
    for card in state.ghost:
        assert f'data-card="{card}"' not in b.html
    return 1


def step(app: App, b: FakeBrowser, rng: random.Random) -> str:
    """What a person at the table would do next; returns what was done."""
    if b.timers:
        b.run_timers(1)
        return "timer"
    if b.find(data_act="continue"):
        assert 'data-testid="interlude"' in b.html
        b.click("continue")
        return "continue"
    unlock = b.find(data_act="unlock")
    if unlock:
        # Nothing of the table is drawn behind the curtain.
        assert "betting-board" not in b.html and 'data-card="' not in b.html
        b.click("unlock", unlock["data-arg"])
        return "unlock"
    if b.find(data_act="done"):
        b.click("done")
        return "done"
    controls = b.controls()
    markers = [c for c in controls if c["data-act"] == "local" and c["data-arg"] == "hs_marker"]
    if markers and rng.random() < 0.5:
        c = rng.choice(markers)
        b.handler("local", "hs_marker", c["value"])  # type: ignore[misc]
        return "marker"
    plays = [c for c in controls if c["data-act"] == "play"]
    takes = [c for c in plays if c.get("data-testid", "").startswith("take-")]
    others = [c for c in plays if c not in takes]
    if takes and (not others or rng.random() < 0.08):
        b.click("play", rng.choice(takes)["data-arg"])
        return "take"
    confirm = [c for c in others if c.get("data-testid") == "confirm-bets"]
    choice = confirm[0] if confirm and rng.random() < 0.9 else rng.choice(others)
    b.click("play", choice["data-arg"])
    return "play"


def play_out(app: App, b: FakeBrowser, rng: random.Random, peek: bool = False) -> dict[str, int]:
    seen = {"private": 0, "unlock": 0, "continue": 0, "peek": 0, "take": 0}
    for _ in range(20_000):
        if app.match is not None and app.match.is_over():
            break
        seen["private"] += check_privacy(app, b)
        peeks = [c for c in b.controls() if c["data-act"] == "peek"]
        if peek and peeks and rng.random() < 0.05:
            b.click("peek", rng.choice(peeks)["data-arg"])
            seen["peek"] += 1
            continue
        did = step(app, b, rng)
        seen[did] = seen.get(did, 0) + 1
    assert app.match is not None and app.match.is_over(), b.text()[-500:]
    return seen


CASES = [
    (2, ("short_game",), ["human", "human"]),
    (2, (), ["human", "computer"]),
    (3, ("fixed_betting_order",), ["human", "human", "computer"]),
    (4, ("open_bets", "short_game"), ["human", "computer", "human", "computer"]),
    (
        5,
        ("literal_handicaps", "short_game"),
        ["computer", "human", "computer", "human", "computer"],
    ),
    (6, ("short_game",), ["human", "computer", "computer", "computer", "computer", "human"]),
]


@pytest.mark.parametrize(("n", "options", "seats"), CASES)
def test_complete_games_every_player_count(
    n: int, options: tuple[str, ...], seats: list[str]
) -> None:
    names = [EVIL, *[f"P{i}" for i in range(1, n)]]
    app, b = start(names, seats, options, seed=100 + n)
    rng = random.Random(n)
    seen = play_out(app, b, rng, peek=True)
    assert EVIL not in b.html
    assert "&lt;img src=x onerror=alert(1)&gt;" in b.html
    assert seen["private"] > 0
    # a curtain only where the device is passed between people, never for a lone human
    assert (seen["unlock"] > 0) == (seats.count("human") > 1)
    races = 2 if "short_game" in options else 4
    assert seen["continue"] == races - 1
    # The final standings on screen are the engine's, replayed from the save.
    replay = b.saved_match()
    shown = {
        int(c): int(v)
        for c, v in re.findall(r'data-testid="result-(\d)".*?data-score="(-?\d+)"', b.html)
    }
    assert shown == {i: int(s) for i, s in enumerate(replay.scores())}
    ranks = {
        int(c): int(r)
        for c, r in re.findall(r'data-testid="result-(\d)"><td class="num rank">(\d+)<', b.html)
    }
    assert ranks == dict(enumerate(replay.ranking()))
    assert 'data-testid="tiebreaks"' in b.html
    assert b.html.count('data-testid="race-result-') == races


def test_german_game_and_every_event_described() -> None:
    app, b = start(["Anna", "Ben", "Cem"], ["human", "computer", "human"], (), 7, lang="de")
    assert b.lang == "de"
    play_out(app, b, random.Random(3))
    assert app.match is not None
    cat = Catalogue("de")
    kinds = set()
    for event in app.match.events:
        text = homestretch.describe(event, app.match.players, cat)
        kinds.add(event["type"])
        if event["type"] != "turn_ended":
            assert text, event
            assert "{" not in text and "hs_" not in text, text
    assert {"draft_revealed", "race_prepared", "bets_placed", "rolled", "horse_moved"} <= kinds
    assert "Wetttafel" in b.html or "Abrechnung" in b.html


def at_first_bet(names: list[str]) -> tuple[App, FakeBrowser]:
    """Two humans, played on to the first betting turn, its player's panel open."""
    app, b = start(names, ["human", "human"], ("fixed_betting_order",), 11)
    rng = random.Random(1)
    assert app.match is not None
    while app.match.state.phase != "betting":
        step(app, b, rng)
    if b.find(data_act="unlock"):
        b.click("unlock", b.find(data_act="unlock")["data-arg"])  # type: ignore[index]
    return app, b


def test_tokens_of_players_sharing_an_initial_carry_their_seat_and_markers_to_lay_no_initial() -> (
    None
):
    """ "Player 1" and "Player 2": tokens P1 and P2 everywhere (shares, betting order),
    never a bare P told apart by colour alone; a player's own markers to lay show their
    value alone, so "P1" is never a marker of 1."""
    app, b = at_first_bet(["Player 1", "Player 2"])
    tokens = re.findall(
        r'<span class="token small [^"]*" aria-hidden="true">([^<]*)</span>', b.html
    )
    assert tokens and set(tokens) <= {"P1", "P2"}, tokens
    owners = re.findall(r'<g class="owner [^"]*"[^>]*>.*?<text[^>]*>([^<]*)</text>', b.html)
    assert owners and set(owners) <= {"P1", "P2"}, owners
    pick = b.html[b.html.index('data-testid="marker-3"') :]
    pick = pick[: pick.index("</button>")]
    assert "chip-initial" not in pick and 'class="chip-value" aria-hidden="true">3<' in pick


def test_betting_turn_pick_place_take_back_confirm() -> None:
    app, b = at_first_bet(["Ann", "Ben"])
    assert app.match is not None
    seat = app.match.current_player()
    assert f'data-testid="private-{seat}"' in b.html
    # The biggest marker is picked by default; a click on a cell lays it.
    assert b.find(data_testid="marker-3", aria_pressed="true")
    cell = b.find(data_testid="cell-WIN-7")
    assert cell is not None
    b.click("play", cell["data-arg"])
    assert app.match.state.bets[seat] == {"3": [7, "WIN"]}
    # Rank 1 (tied at $X) may use a cell only once: WIN 7 is no longer offered.
    limit = app.match.state.rank(seat)
    if limit == 1:
        assert b.find(data_testid="cell-WIN-7") is None
    b.handler("local", "hs_marker", "1a")  # type: ignore[misc]
    b.click("play", b.find(data_testid="cell-SHOW-12")["data-arg"])  # type: ignore[index]
    assert app.match.state.bets[seat]["1a"] == [12, "SHOW"]
    b.click("play", b.find(data_testid="take-3")["data-arg"])  # type: ignore[index]
    assert "3" not in app.match.state.bets[seat]
    assert b.find(data_testid="confirm-bets") is None
    while b.find(data_testid="confirm-bets") is None:
        cells = [c for c in b.controls() if c.get("data-testid", "").startswith("cell-")]
        b.click("play", cells[0]["data-arg"])
    b.click("play", b.find(data_testid="confirm-bets")["data-arg"])  # type: ignore[index]
    assert app.match.state.submitted[seat]
    # The turn has passed: the next bettor's curtain, nothing private behind it.
    assert b.find(data_act="unlock", data_arg=str(1 - seat))
    assert "private-" not in b.html


def test_refusal_is_shown() -> None:
    app, b = start(["Ann", "Ben"], ["human", "human"], (), 5)
    assert app.match is not None
    app.play({"type": "move_choice", "player": "black", "choice": "TWO"})
    app.render()
    assert b.find(data_testid="curtain-confirm") or "refusal" in b.html
    assert app.error and "move_choice" in app.error


def test_tie_breaks_are_explained() -> None:
    """S20: equal money, decided by share value (b), by long shots (c), or shared (a).

    The engine decides the order and which step settled it; the table only draws it.
    """
    app, b = start(["Red", "Blue"], ["computer", "computer"], ("short_game",), 3)
    b.run_timers()
    while app.match is not None and not app.match.is_over():
        if b.find(data_act="continue"):
            b.click("continue")
        b.run_timers()
    assert app.match is not None
    assert 'data-testid="tiebreaks"' in b.html
    end = app.match.state
    assert isinstance(end, HomestretchState)
    cat = Catalogue("en")
    ctx = homestretch.GameContext(
        cat=cat, players=["Red", "Blue"], seats=["human"] * 2, legal=[], local={}, viewer=None
    )
    cases = {
        "share their place": (["B7a", "B9a", "B11a", "B2a"], ["B6a", "B5a", "B3a", "B12a"], [1, 1]),
        "Share value": (["B8a", "B2a", "B12a", "B3a", "B11a"], ["B6a", "B10a", "B9a"], [2, 1]),
        "Long shots": (["B7a", "B11a", "B12a", "B12b"], ["B6a", "B4a", "B2a"], [1, 2]),
    }
    for expected, (red, blue, ranking) in cases.items():
        # A final position the table test cannot reach by chance: equal money at the end.
        state = end.clone()
        state.money = [120, 120]
        state.shares = [list(red), list(blue)]
        view = state.view(None)
        assert view["final"] is not None and view["final"]["ranking"] == ranking
        text = str(homestretch.tie_breaks(view, view["final"], ctx))
        assert expected in text, text
        assert "$120k" in text
        first = re.search(r"<tbody><tr class=\"pc(\d)\">", text)
        assert first is not None and ranking[int(first.group(1))] == 1


@pytest.mark.parametrize(
    ("lang", "start_word", "purse_word", "rows"),
    [
        ("en", "at the start", "Purse", ("WIN", "PLACE", "SHOW")),
        ("de", "am Start", "Preisgeld", ("SIEG", "2. PLATZ", "3. PLATZ")),
    ],
)
def test_table_draws_track_card_circles_and_board(
    lang: str, start_word: str, purse_word: str, rows: tuple[str, ...]
) -> None:
    """The issue's table: 11 lanes 2–12 with handicaps behind the start, the race card
    with its purse, the three finishing circles and the 3 × 11 betting board with rates."""
    state = GAME.new_state(["Ann", "Ben", "Cy"])
    assert isinstance(state, HomestretchState)
    while state.phase != "betting":
        if state.phase == "race_card":
            state.money = [50, 40, 30]
            state.apply({"type": "race_card", "card": "P7"})
        elif state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])
    view = state.view(None)
    ctx = homestretch.GameContext(
        cat=Catalogue(lang), players=["Ann", "Ben", "Cy"], seats=["human"] * 3, legal=[],
        local={}, viewer=None,
    )  # fmt: skip
    html = str(homestretch.board(view, ctx))
    lanes = re.findall(r'<text[^>]*class="lane-no num"[^>]*>(\d+)</text>', html)
    assert lanes == [str(x) for x in range(2, 13)]
    # every runner is labelled as standing at the start
    assert len(re.findall(rf'role="img" aria-label="[^"]*{start_word}"', html)) == 11
    hcaps = re.findall(r'class="hcap (hc-[x246])"', html)
    assert sorted(hcaps) == sorted(["hc-x", "hc-2", "hc-4", "hc-4", "hc-6"])  # P7's markers
    assert "Sandy Bay Raceway" in html and purse_word in html
    assert all(f"${v}k" in html for v in (24, 18, 6))
    assert html.count('class="finish-circle') == 3
    assert all(row in html for row in rows)
    # circle labels longer than the column ("2. PLATZ") are squeezed to fit, never overlap
    labels = re.findall(r'<text ([^>]*)class="circle-label"([^>]*)>([^<]+)<', html)
    assert [text for _, _, text in labels] == list(rows)
    for before, after, text in labels:
        assert ("textLength" in before + after) == (len(text) * 8.5 > 64), text
    # the betting board: three cells at each lane's end, each with its rate
    cells = re.findall(r'data-cell="(WIN|PLACE|SHOW)-(\d+)"', html)
    assert len(cells) == 33
    for row, horse in cells:
        rate = PAYOUT[row][int(horse)]
        cell = rf'data-cell="{row}-{horse}".*?<text[^>]*class="rate"[^>]*>×{rate}<'
        assert re.search(cell, html), (row, horse, rate)
    # one SVG holds lanes and cells: the whole track is one picture that scales to fit
    assert html.count("<svg") == 2 and 'class="hs-board fit' in html  # + circles
    # the bettor's limit is on the betting order: Ann 1, Ben 2, Cy 3 markers per cell
    order = re.search(r'data-testid="betting-order".*?</section>', html, re.S)
    assert order is not None
    limits = re.findall(r"(\d)", re.sub(r"<[^>]+>", " ", order.group(0)))
    assert limits[:3] == ["1", "2", "3"]


def test_players_choose_their_colours_on_the_setup_form() -> None:
    """Spec §2 step 1: one colour select per seat, by seat unless chosen; all different."""
    b = FakeBrowser(languages=["de"])
    app = App(b)
    app.start()
    b.click("choose", "homestretch")
    b.click("count", "3")
    selects = re.findall(r'<select id="opt_colours_(\d)"', b.html)
    assert selects == ["0", "1", "2"]
    for seat, colour in enumerate(["black", "blue", "green"]):
        chosen = re.search(rf'id="opt_colours_{seat}".*?</select>', b.html, re.S)
        assert chosen is not None
        assert f'<option value="{colour}" selected>' in chosen.group(0)
        assert chosen.group(0).count("<option") == 6 and "Gelb" in chosen.group(0)
    b.form = {"name0": "Ann", "name1": "Ben", "name2": "Cy", "speed": "instant"}
    b.form.update({"opt_colours_0": "red", "opt_colours_1": "red", "opt_colours_2": "white"})
    b.click("start")
    assert app.match is None and app.error  # two players cannot share a colour
    b.form.update({"opt_colours_1": "yellow"})
    b.click("start")
    assert app.match is not None
    state = app.match.state
    assert isinstance(state, HomestretchState)
    assert state.colours == ["red", "yellow", "white"]
    # The shell paints each seat in the colour it chose (the table's seat_class): the
    # curtain before the first secret draft, then the strip behind it.
    assert 'class="curtain pc0 hs-c-red"' in b.html
    b.click("unlock", "0")
    strip = re.findall(r'<li class="player pc(\d) hs-c-(\w+)', b.html)
    assert strip == [("0", "red"), ("1", "yellow"), ("2", "white")], strip


# --- issue #12: one composition, moments, names, colours, hooks ------------------------
def ctx_for(state: HomestretchState, lang: str = "en", **kw: Any) -> homestretch.GameContext:
    """The context the site would pass for the player to act (their legal actions)."""
    seat = state.current_player()
    acting = seat >= 0 and not state.is_chance()
    base: dict[str, Any] = {
        "cat": Catalogue(lang),
        "players": list(state.players),
        "seats": ["human"] * len(state.players),
        "legal": state.legal_actions() if acting else [],
        "local": {},
        "viewer": seat if acting else None,
    }
    base.update(kw)
    return homestretch.GameContext(**base)


def advance(state: HomestretchState, until: Any, rng: random.Random | None = None) -> list[Any]:
    """Play on (chance and choices at random, bets confirmed as soon as they can be)
    until ``until(state)``; returns the events of the last step."""
    rng = rng or random.Random(0)
    events: list[Any] = []
    for _ in range(5000):
        if until(state):
            return events
        if state.is_chance():
            outcomes = [a for a, _ in state.chance_outcomes()]
            events = state.apply(rng.choice(outcomes))
            continue
        legal = state.legal_actions()
        confirm = [a for a in legal if a["type"] == "confirm_bets"]
        places = [a for a in legal if a["type"] == "place_marker"]
        events = state.apply(confirm[0] if confirm else rng.choice(places or legal))
    raise AssertionError(f"never reached; phase {state.phase}")


def new_state(n: int = 3, colours: str = "red,white,black", **opts: str) -> HomestretchState:
    names = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"][:n]
    state = GAME.new_state(names, {"colours": colours, **opts})
    assert isinstance(state, HomestretchState)
    return state


def test_the_whole_track_is_one_picture_with_the_betting_cells_at_the_lanes_ends() -> None:
    """Eleven lanes 2–12 from start to finish, and WIN/PLACE/SHOW for each lane in the
    same SVG, in the board's one fitting element (the shell scales `.fit` to its area)."""
    state = new_state()
    advance(state, lambda s: s.phase == "betting")
    html = str(homestretch.board(state.view(None), ctx_for(state)))
    assert html.startswith('<div class="hs-board fit')
    track = re.search(r'<svg class="hs-track" viewBox="0 0 (\d+) (\d+)".*?</svg>', html, re.S)
    assert track is not None
    width, height = int(track.group(1)), int(track.group(2))
    assert 1.2 < width / height < 1.8  # a landscape picture that fits beside the side column
    svg = track.group(0)
    assert len(re.findall(r'<g class="lane[ "]', svg)) == 11
    assert len(re.findall(r'data-cell="', svg)) == 33
    assert len(re.findall(r'class="runner', svg)) == 11
    # every cell lies right of the finish column, inside the picture
    xs = [float(x) for x in re.findall(r'<rect x="([\d.]+)"[^>]*class="cell-bg"', svg)]
    assert xs and min(xs) > homestretch.TRACK_END and max(xs) + homestretch.CELL_W <= width


def test_betting_cells_are_named_controls_and_focus_follows_the_bettor() -> None:
    state = new_state()
    advance(state, lambda s: s.phase == "betting")
    ctx = ctx_for(state)
    view = state.view(ctx.viewer)
    html = str(homestretch.board(view, ctx)) + str(homestretch.actions(view, ctx))
    cells = re.findall(r'<g ([^>]*role="button"[^>]*data-testid="cell-[^>]*)>', html)
    assert cells, "the bettor's legal cells are controls"
    for attrs in cells:
        assert 'tabindex="0"' in attrs and 'data-act="play"' in attrs
        label = re.search(r'aria-label="([^"]+)"', attrs)
        rate = re.search(r'data-cell="(\w+)-(\d+)"', attrs)
        assert label and rate
        # the name begins with what the cell shows: its row, horse and rate
        row, horse = rate.group(1), int(rate.group(2))
        assert label.group(1).startswith(f"{row} {horse} ×{PAYOUT[row][horse]}: lay your 3-marker")
    # focus goes to the first cell the marker may go on (after choosing a marker, too)
    assert html.count("data-focus") == 1
    assert re.search(r'<g [^>]*data-testid="cell-WIN-2"[^>]*data-focus', html)
    while not any(a["type"] == "confirm_bets" for a in state.legal_actions()):
        state.apply(next(a for a in state.legal_actions() if a["type"] == "place_marker"))
    ctx = ctx_for(state)
    view = state.view(ctx.viewer)
    html = str(homestretch.board(view, ctx)) + str(homestretch.actions(view, ctx))
    assert html.count("data-focus") == 1
    assert re.search(r'<button [^>]*data-testid="confirm-bets"[^>]*data-focus', html)


@pytest.mark.parametrize(("lang", "word"), [("en", "Take back"), ("de", "Zurücknehmen")])
def test_the_take_back_button_says_what_it_does(lang: str, word: str) -> None:
    state = new_state()
    advance(state, lambda s: s.phase == "betting")
    seat = state.current_player()
    state.apply(next(a for a in state.legal_actions() if a["type"] == "place_marker"))
    ctx = ctx_for(state, lang)
    html = str(homestretch.private_panel(state.view(seat), seat, ctx))
    buttons = re.findall(r'<button ([^>]*data-testid="take-[^"]+"[^>]*)>([^<]*)</button>', html)
    assert len(buttons) == 1
    attrs, text = buttons[0]
    assert text == word and "↩" not in html
    label = re.search(r'aria-label="([^"]+)"', attrs)
    assert label and label.group(1).startswith(word)  # the name starts with the visible text


def test_the_draft_hand_is_a_wrapping_grid_of_named_cards() -> None:
    state = new_state()
    advance(state, lambda s: s.phase == "draft" and not s.is_chance())
    ctx = ctx_for(state)
    html = str(homestretch.actions(state.view(ctx.viewer), ctx))
    assert 'class="choices hand"' in html
    picks = re.findall(r"<button ([^>]*)>(.*?)</button>", html, re.S)
    assert len(picks) == 5
    for attrs, inner in picks:
        assert "aria-label" not in attrs  # the name is the card's own text …
        assert inner.startswith('<span class="sr-only">Keep </span>')  # … after "Keep"
    css = (ROOT / "web" / "styles" / "homestretch.css").read_text()
    hand_rules = re.findall(r"\.hand[^{]*\{([^}]*)\}", css)
    assert hand_rules and not any("nowrap" in r or "overflow-x" in r for r in hand_rules)


def test_horses_slide_and_what_moved_is_highlighted_unless_motion_is_off() -> None:
    state = new_state()
    events: list[Any] = []
    for _ in range(2000):
        if state.is_chance():
            events = state.apply(random.Random(len(events) + 1).choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            confirm = [a for a in legal if a["type"] == "confirm_bets"]
            events = state.apply(confirm[0] if confirm else legal[0])
        moved = [e for e in events if e["type"] == "horse_moved"]
        if moved and state.phase == "race":
            break
    else:
        raise AssertionError("no horse moved")
    horse, start = moved[0]["horse"], moved[0]["from"]
    for motion in (True, False):
        ctx = ctx_for(state, fresh=events, motion=motion)
        svg = str(homestretch.track(state.view(None), ctx))
        runner = re.search(rf'<g class="runner[^"]*"[^>]*data-horse="{horse}".*?</g>', svg, re.S)
        assert runner is not None
        assert "moved" in runner.group(0).split('"')[1]  # highlighted for a moment
        assert 'class="halo"' in runner.group(0)
        slides = "<animateMotion" in runner.group(0)
        assert slides == (motion and start != state.pos[horse])
        # only the horse that moved
        assert svg.count('class="halo"') == len(
            {e["horse"] for e in events if e["type"] == "horse_moved"}
        )


def test_results_card_shows_the_circles_markers_purses_and_payouts() -> None:
    state = new_state()
    advance(state, lambda s: bool(s.results))
    view = state.view(None)
    last = {**view, "results": view["results"][-1:]}
    ctx = ctx_for(state)
    html = str(homestretch.results_detail(last, ctx))  # type: ignore[arg-type]
    r = view["results"][-1]
    podium = re.findall(r'<li class="place p(\d)">.*?<b class="num">(\d+)</b>', html, re.S)
    assert [(int(p), int(hh)) for p, hh in podium] == list(enumerate(r["places"], 1))
    for seat in range(3):
        row = re.search(rf'<tr data-testid="sheet-{seat}">.*?</tr>', html, re.S)
        assert row is not None
        # all five markers face up, in the seat's colour, with what the winners paid
        assert row.group(0).count(f'data-marker-seat="{seat}" data-value=') == 5
        assert row.group(0).count(f"hs-c-{state.colours[seat]}") >= 5
        for b in (b for b in r["bets"] if b["seat"] == seat and b["amount"]):
            assert f"+${b['amount']}k" in row.group(0)
        assert f"+${r['gains'][seat]['total']}k" in row.group(0)
        assert f"${r['money'][seat]}k" in row.group(0)
    assert "face-down" not in html and len(html) < 20_000  # compact enough for the card


def test_the_chosen_colours_mark_tokens_owners_and_markers() -> None:
    state = new_state(colours="yellow,white,red")
    advance(state, lambda s: s.phase == "race")
    ctx = ctx_for(state)
    view = state.view(None)
    strip = [str(homestretch.player_extra(view, s, ctx)) for s in range(3)]
    for seat, colour in enumerate(["yellow", "white", "red"]):
        assert f'class="hs-colour hs-c-{colour}"' in strip[seat]
    svg = str(homestretch.track(view, ctx))
    owners = re.findall(r'<g class="owner hs-c-(\w+)"', svg)
    shares = [c for seat in range(3) for c in [state.colours[seat]] * len(state.shares[seat])]
    assert sorted(owners) == sorted(shares)
    chips = re.findall(r'<g class="bet-chip hs-c-(\w+)', svg)
    assert sorted(chips) == sorted(c for c in state.colours for _ in range(5))
    assert [homestretch.seat_class(view, s) for s in range(3)] == [
        "hs-c-yellow",
        "hs-c-white",
        "hs-c-red",
    ]
    css = (ROOT / "web" / "styles" / "homestretch.css").read_text()
    for colour in ("black", "blue", "green", "red", "white", "yellow"):
        assert f".hs-c-{colour} {{" in css


@pytest.mark.parametrize("lang", ["en", "de"])
def test_home_card_hooks_and_first_decision_tips(lang: str) -> None:
    cat = Catalogue(lang)
    thumb = str(homestretch.thumbnail(cat))
    assert thumb.startswith("<svg") and 'role="img"' in thumb and 'viewBox="0 0 240 130"' in thumb
    label = re.search(r'aria-label="([^"]+)"', thumb)
    assert label and len(label.group(1)) > 10
    assert thumb.count("<circle") == 11  # the eleven horses
    steps = homestretch.how_to_play(cat)
    assert 3 <= len(steps) <= 4 and all(s.endswith(".") and len(s) < 240 for s in steps)
    assert homestretch.meta(cat) == cat.t("hs_meta") and "4" in homestretch.meta(cat)
    state = new_state()
    tips: dict[str, str] = {}
    rng = random.Random(5)
    for _ in range(3000):
        if state.is_terminal():
            break
        view = state.view(None)
        tip = homestretch.first_turn_tip(view, ctx_for(state, lang))
        if view["decision"] is None:
            assert tip is None
        else:
            assert tip and "{" not in tip
            tips[view["decision"]] = tip
        if state.is_chance():
            state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            legal = state.legal_actions()
            confirm = [a for a in legal if a["type"] == "confirm_bets"]
            state.apply(confirm[0] if confirm else rng.choice(legal))
    assert {"draft_pick", "place_bets", "move_choice", "buy_action"} <= set(tips)
