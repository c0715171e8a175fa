"""Finish Line's betting sheet driven on CPython through the fake page.

Every toggle of the sheet (Win/Place, a line of each kind, back and forth, undo,
confirm) must leave a drawn sheet with live buttons, and the engine must hold exactly
the bets that were chosen.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web.app import App  # noqa: E402

Slip = dict[str, dict[str, int]]  # kind -> line ("3" or "2-5") -> total stake


def start(n: int = 2, seed: int = 7) -> tuple[App, FakeBrowser]:
    b = FakeBrowser()
    app = App(b)
    app.start()
    names = ["Ann", "Ben", "Cy", "Di"][:n]
    b.start_game("finish_line", names, ["human"] * n, seed)
    return app, b


def by_testid(b: FakeBrowser, testid: str) -> dict[str, str] | None:
    return b.find(data_testid=testid)


def press(b: FakeBrowser, testid: str) -> None:
    """Click the control with this test id, as the page would (act, arg, value)."""
    control = by_testid(b, testid)
    assert control is not None, f"{testid} is not on screen"
    assert b.handler is not None
    b.handler(control["data-act"], control.get("data-arg", ""), control.get("value"))


def unlock(b: FakeBrowser) -> int:
    """Pass the device: the named player confirms on the curtain; returns the seat."""
    control = by_testid(b, "curtain-confirm")
    assert control is not None, "no hand-off curtain before the betting sheet"
    press(b, "curtain-confirm")
    return int(control["data-arg"])


def shown(b: FakeBrowser, prefix: str) -> list[str]:
    return [c["data-testid"] for c in b.controls() if c.get("data-testid", "").startswith(prefix)]


def pressed(b: FakeBrowser, prefix: str) -> list[str]:
    return [
        c["data-testid"]
        for c in b.controls()
        if c.get("data-testid", "").startswith(prefix) and c.get("aria-pressed") == "true"
    ]


def horses(b: FakeBrowser) -> list[str]:
    """The tiles that are controls now (the horses a click picks), back to front."""
    return [t.removeprefix("tile-") for t in shown(b, "tile-")]


def picked(b: FakeBrowser) -> list[str]:
    return sorted((t.removeprefix("tile-") for t in pressed(b, "tile-")), key=int)


def open_pairs(app: App) -> list[str]:
    """The place pairs the engine lets this slip bet on now."""
    found = {f"{a['horses'][0]}-{a['horses'][1]}" for a in app.legal if a["type"] == "bet_place"}
    return sorted(found, key=lambda p: [int(x) for x in p.split("-")])


def pick_pair(b: FakeBrowser, pair: str) -> None:
    """A place pair is picked on the board, one horse after the other."""
    a, c = pair.split("-")
    press(b, f"tile-{a}")
    press(b, f"tile-{c}")


def engine_slip(app: App, seat: int) -> Slip:
    """The slip as the engine records it, in the same shape as the test's own tally."""
    assert app.match is not None
    slip = app.match.state.view(seat)["slip"]
    return {
        "win": {str(w["horse"]): w["amount"] for w in slip["win"]},
        "place": {f"{p['horses'][0]}-{p['horses'][1]}": p["amount"] for p in slip["place"]},
    }


def assert_sheet_live(b: FakeBrowser, seat: int) -> None:
    """The owner's sheet is drawn with its kind switch and its confirm button."""
    assert f'data-testid="private-{seat}"' in b.html
    assert by_testid(b, "bet-kind-win") is not None
    assert by_testid(b, "bet-kind-place") is not None
    assert by_testid(b, "bet-done") is not None


def test_win_horse_then_place_bet_keeps_the_sheet_live() -> None:
    # The reported defect: a Win horse chosen, then "Place bet" -> ValueError, dead button.
    app, b = start()
    seat = unlock(b)
    press(b, "bet-kind-win")
    assert len(horses(b)) == 7 and picked(b) == []
    win = horses(b)[0]
    press(b, f"tile-{win}")
    assert picked(b) == [win] and shown(b, "stake-")
    press(b, "bet-kind-place")
    assert_sheet_live(b, seat)
    assert pressed(b, "bet-kind-") == ["bet-kind-place"]
    # No pair yet: every horse can start one, and there is nothing to stake on.
    assert len(horses(b)) == 7 and picked(b) == [] and shown(b, "stake-") == []
    first, second = horses(b)[2], horses(b)[5]
    press(b, f"tile-{first}")
    assert picked(b) == [first] and shown(b, "stake-") == []
    press(b, f"tile-{first}")  # a second click lets it go again
    assert picked(b) == []
    press(b, f"tile-{first}")
    press(b, f"tile-{second}")
    pair = "-".join(sorted((first, second), key=int))
    assert picked(b) == pair.split("-")
    press(b, "stake-200")
    assert engine_slip(app, seat) == {"win": {}, "place": {pair: 200}}


def test_pair_then_win_bet_keeps_the_sheet_live() -> None:
    app, b = start()
    seat = unlock(b)
    press(b, "bet-kind-place")
    pair = open_pairs(app)[3]
    pick_pair(b, pair)
    press(b, "bet-kind-win")
    assert_sheet_live(b, seat)
    assert len(horses(b)) == 7 and picked(b) == []
    assert shown(b, "stake-") == []
    win = horses(b)[2]
    press(b, f"tile-{win}")
    press(b, "stake-1000")
    # All 1000 of the starting money is staked: no line of either kind is open any more.
    for kind in ("win", "place"):
        press(b, f"bet-kind-{kind}")
        assert_sheet_live(b, seat)
        assert horses(b) == []
        assert "No money left to stake." in b.text()
    assert engine_slip(app, seat) == {"win": {win: 1000}, "place": {}}


def test_switching_back_and_forth_remembers_each_kinds_line() -> None:
    app, b = start()
    seat = unlock(b)
    win = horses(b)[4]
    press(b, f"tile-{win}")
    press(b, "bet-kind-place")
    pair = open_pairs(app)[-1]
    pick_pair(b, pair)
    for _ in range(3):
        press(b, "bet-kind-win")
        assert picked(b) == [win]
        press(b, "bet-kind-place")
        assert picked(b) == pair.split("-")
    press(b, "stake-500")  # on the pair, the line shown
    press(b, "bet-kind-win")
    press(b, f"tile-{win}")
    press(b, "stake-100")
    assert engine_slip(app, seat) == {"win": {win: 100}, "place": {pair: 500}}


def test_forged_or_stale_choices_draw_the_sheet_without_stakes() -> None:
    # Values come from the page; none of them may break the renderer.
    _, b = start()
    seat = unlock(b)
    assert b.handler is not None
    for arg, value in [
        ("bet_kind", "bogus"),
        ("win_target", "99"),
        ("win_target", "1-2"),
        ("place_target", "3-"),
        ("place_target", "x-y"),
        ("place_target", "99"),
        ("place_target", "1-2-3"),
        ("bet_target", "3-"),
        ("win_target", None),
    ]:
        b.handler("local", arg, value)
        assert_sheet_live(b, seat)
        assert shown(b, "stake-") == []


def private_section(html: str, seat: int) -> str:
    """The private panel's HTML, up to its own closing tag (sections may nest in it)."""
    start = html.index(f'data-testid="private-{seat}"')
    depth, at = 1, start
    while depth:
        opens, closes = html.find("<section", at), html.find("</section>", at)
        if 0 <= opens < closes:
            depth, at = depth + 1, opens + 1
        else:
            depth, at = depth - 1, closes + 1
    return html[start:at]


def test_undo_inside_the_sheet_takes_back_the_last_line() -> None:
    app, b = start()
    seat = unlock(b)
    assert by_testid(b, "undo") is None  # nothing of this slip to take back yet
    first = horses(b)[0]
    press(b, f"tile-{first}")
    press(b, "stake-100")
    press(b, "bet-kind-place")
    pair = open_pairs(app)[0]
    pick_pair(b, pair)
    press(b, "stake-200")
    # Undo is drawn inside the owner's sheet, not under it.
    assert 'data-testid="undo"' in private_section(b.html, seat)
    press(b, "undo")
    # Undo closes the private panel; the same player opens it again behind the curtain.
    assert unlock(b) == seat
    assert_sheet_live(b, seat)
    assert engine_slip(app, seat) == {"win": {first: 100}, "place": {}}
    press(b, "undo")
    assert unlock(b) == seat
    assert engine_slip(app, seat) == {"win": {}, "place": {}}
    assert by_testid(b, "undo") is None
    assert_sheet_live(b, seat)


def test_confirming_passes_the_device_and_the_slip_is_final() -> None:
    app, b = start()
    seat = unlock(b)
    press(b, f"tile-{horses(b)[1]}")
    press(b, "stake-500")
    chosen = engine_slip(app, seat)
    assert "Win £500" in b.text()  # the sheet's line, shown on its horse's tile too
    press(b, "bet-done")
    assert 'data-testid="curtain"' in b.html  # the next player's sheet is secret too
    assert by_testid(b, "undo") is None  # a confirmed slip cannot be taken back
    other = unlock(b)
    assert other != seat
    assert_sheet_live(b, other)
    assert "Win £500" not in b.text()  # nor does the next player see it on the board
    assert engine_slip(app, other) == {"win": {}, "place": {}}
    assert engine_slip(app, seat) == chosen


def test_lines_already_full_are_not_offered() -> None:
    # The engine allows 3 win lines and 2 place lines; the sheet offers what it allows.
    app, b = start()
    seat = unlock(b)
    all_horses = horses(b)
    for h in all_horses[:3]:
        press(b, f"tile-{h}")
        press(b, "stake-100")
    assert sorted(horses(b)) == sorted(all_horses[:3])
    press(b, "bet-kind-place")
    pairs = open_pairs(app)
    for pair in pairs[:2]:
        press(b, "bet-kind-place")
        pick_pair(b, pair)
        press(b, "stake-100")
    press(b, "bet-kind-place")
    assert open_pairs(app) == pairs[:2]
    assert set(horses(b)) == {h for p in pairs[:2] for h in p.split("-")}
    assert_sheet_live(b, seat)
    assert engine_slip(app, seat) == {
        "win": {h: 100 for h in all_horses[:3]},
        "place": {p: 100 for p in pairs[:2]},
    }


def _walk(app: App, b: FakeBrowser, rng: random.Random, clicks: int) -> int:
    """Random toggles, tile picks, stakes and undos on one sheet against our own tally.

    The tally knows which kind is shown and what each kind has picked (a win horse; a
    place pair, or its first horse), adds a stake to a whole line (which stays picked
    while it is open), pops it on undo.
    """
    seat = unlock(b)
    kind = "win"
    pick: dict[str, str] = {"win": "", "place": ""}
    history: list[Slip] = []
    slip: Slip = {"win": {}, "place": {}}
    for _ in range(clicks):
        assert_sheet_live(b, seat)
        assert pressed(b, "bet-kind-") == [f"bet-kind-{kind}"]
        assert picked(b) == sorted(filter(None, pick[kind].split("-")), key=int)
        whole = pick[kind] and (kind == "win" or "-" in pick[kind])
        assert bool(shown(b, "stake-")) == bool(whole)  # stakes only for a whole line
        moves = ["kind-win", "kind-place"] + shown(b, "tile-") + shown(b, "stake-")
        if by_testid(b, "undo") is not None:
            assert history, "undo offered with nothing of this slip to take back"
            moves.append("undo")
        else:
            assert not history
        move = rng.choice(moves)
        if move.startswith("kind-"):
            kind = move.removeprefix("kind-")
            press(b, f"bet-{move}")
        elif move.startswith("tile-"):
            horse = move.removeprefix("tile-")
            now = pick[kind]
            if kind == "win":
                pick["win"] = horse
            elif now == horse:
                pick["place"] = ""  # the first horse let go
            elif (
                now
                and "-" not in now
                and "-".join(sorted((now, horse), key=int)) in open_pairs(app)
            ):
                pick["place"] = "-".join(sorted((now, horse), key=int))
            else:
                pick["place"] = horse  # a new pair starts here
            press(b, move)
        elif move == "undo":
            slip = history.pop()
            kind, pick = "win", {"win": "", "place": ""}  # the sheet starts afresh
            press(b, move)
            assert unlock(b) == seat
        else:
            line = pick[kind]
            history.append({k: dict(v) for k, v in slip.items()})
            slip[kind][line] = slip[kind].get(line, 0) + int(move.removeprefix("stake-"))
            press(b, move)  # the sheet keeps its kind and picks: the same line again
        # A line the engine has closed (money spent, lines full) is no pick any more.
        wins = {str(a["horse"]) for a in app.legal if a["type"] == "bet_win"}
        pairs = open_pairs(app)
        if pick["win"] not in wins:
            pick["win"] = ""
        if pick["place"] not in pairs and not any(pick["place"] in p.split("-") for p in pairs):
            pick["place"] = ""
        assert engine_slip(app, seat) == slip
    press(b, "bet-done")
    assert engine_slip(app, seat) == slip
    return seat


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_toggles_record_exactly_the_chosen_bets(seed: int) -> None:
    rng = random.Random(seed)
    players = 2 + seed % 3
    app, b = start(players, seed)
    seats = {_walk(app, b, rng, 40) for _ in range(players)}
    assert seats == set(range(players))
    assert app.match is not None
    assert app.match.state.phase != "betting"  # every slip confirmed: the race begins


def test_place_lines_show_the_engines_odds() -> None:
    app, b = start()
    seat = unlock(b)
    press(b, "bet-kind-place")
    assert app.match is not None
    view: Any = app.match.state.view(seat)
    for key, odds in view["place_odds"].items():
        a, c = key.split("-")
        pick_pair(b, key)
        assert f"Place on {a} + {c} at {odds}×, add £:" in b.text()


def _ctx(
    state: Any,
    local: dict[str, Any] | None = None,
    fresh: list[dict[str, Any]] | None = None,
    motion: bool = True,
    lang: str = "en",
) -> Any:
    """The context a human seat to act gets from the shell (its legal actions)."""
    from paddock_web.i18n import Catalogue
    from paddock_web.table import GameContext

    names = state.players
    return GameContext(
        Catalogue(lang),
        names,
        ["human"] * len(names),
        state.legal_actions(),
        local or {},
        None,
        fresh=fresh or [],
        motion=motion,
    )


def _attrs(html: str, testid: str) -> str:
    """The opening tag of the element with this test id."""
    i = html.index(f'data-testid="{testid}"')
    return html[html.rindex("<", 0, i) : html.index(">", i)]


def test_the_pool_marks_the_colours_the_engine_locks() -> None:
    # R8 lives in the engine: the table marks exactly the view's locked colours.
    from paddock_web import finish_line

    from pygames.finish_line import GAME

    state = GAME.new_state(["Ann", "Ben"])
    state.apply({"type": "start_player", "seat": 0})
    view = state.view(None)
    assert view["locked"] == ["yellow"]
    html = finish_line.dice_area(view, _ctx(state))
    assert "locked" in _attrs(html, "pool-yellow")
    assert "only in the home stretch" in html
    assert "locked" not in _attrs(html, "pool-white")
    view["locked"] = []
    assert "locked" not in finish_line.dice_area(view, _ctx(state))


def test_the_first_three_dice_are_taken_by_clicking_the_pool() -> None:
    from paddock_web import finish_line

    from tests.finish_line.play import race_state

    state = race_state(3)
    view = state.view(None)
    ctx = _ctx(state)
    html = finish_line.board(view, ctx)
    # Yellow is not offered on the first turn; every other colour is a pool control.
    assert [c for c in ("white", "green", "black", "red", "yellow") if f"take-{c}" in html] == [
        "white",
        "green",
        "black",
        "red",
    ]
    assert 'data-act="local"' in _attrs(html, "take-white")
    # Two whites picked: a third white would make one colour only, so it is not offered,
    # and the red now completes the take (it plays the engine's action).
    ctx = _ctx(state, {"first": "white,white"})
    html = finish_line.board(view, ctx)
    assert "take-white" not in html
    red = _attrs(html, "take-red")
    assert 'data-act="play"' in red
    index = int(red.split('data-arg="')[1].split('"')[0])
    assert ctx.legal[index] == {"type": "take_first", "colours": ["white", "white", "red"]}
    # The picked dice are drawn in the hand; the pool counts them as gone.
    assert html.count('class="fl-die d-white big') == 2
    assert "Pool (25 dice)" in html
    # A forged pick (yellow, or four dice) counts as no pick.
    for forged in ("yellow", "white,white,white", "white,red,green,black", "x"):
        html = finish_line.board(view, _ctx(state, {"first": forged}))
        assert "Pool (27 dice)" in html and 'data-act="local"' in _attrs(html, "take-white")


def test_a_later_take_offers_exactly_the_engines_colours() -> None:
    from paddock_web import finish_line

    from tests.finish_line.play import idle, race_state

    state = race_state(3)
    idle(state, take=["white", "white", "red"], pass_on=("white", "white"))
    assert state.phase == "take"
    allowed = {a["colour"] for a in state.legal_actions()}
    assert "white" not in allowed  # two whites passed: another colour (T3)
    html = finish_line.board(state.view(None), _ctx(state))
    offered = {c for c in ("white", "green", "black", "red", "yellow") if f"take-{c}" in html}
    assert offered == allowed


def test_a_picked_die_lights_up_exactly_its_target_tiles() -> None:
    from paddock_web import finish_line

    from tests.finish_line.play import S1_TILES, race_state, roll

    state = race_state(3)
    roll(state, ("red", "WHIP"), take=["white", "red", "red"])
    view = state.view(None)
    html = finish_line.board(view, _ctx(state))
    assert "can-pick" not in html  # no die picked yet: no tile is a control
    ctx = _ctx(state, {"die": "red:WHIP"})
    html = finish_line.board(view, ctx)
    targets = {a["horse"] for a in ctx.legal if a.get("face") == "WHIP" and "horse" in a}
    lit = {
        h
        for h in S1_TILES
        if f'data-testid="tile-{h}"' in html and "can-pick" in _attrs(html, f"tile-{h}")
    }
    assert lit == targets and lit
    one = min(lit)
    index = int(_attrs(html, f"tile-{one}").split('data-arg="')[1].split('"')[0])
    assert ctx.legal[index] == {"type": "use", "colour": "red", "face": "WHIP", "horse": one}
    # The side names the die and what it does, and offers the discard.
    side = finish_line.actions(view, ctx)
    assert "whip" in side and 'data-testid="discard"' in side


def test_tiles_slide_from_where_they_stood_and_the_used_tile_is_marked() -> None:
    from paddock_web import finish_line

    from tests.finish_line.play import race_state, roll, use

    state = race_state(3, [8, 22, 3, 5, 18, 11, 20])
    roll(state, ("red", "DOUBLE_HORSESHOE"), take=["white", "red", "red"])
    events = use(state, "red", "DOUBLE_HORSESHOE", horse=3)
    assert state.row == [8, 22, 5, 3, 18, 11, 20]
    view = state.view(None)
    html = finish_line.lineup(view, _ctx(state, fresh=events))
    # 3 moved one place right (it slides in from the left), 5 one place left.
    assert "slide from-m1" in _attrs(html, "tile-3") and "just" in _attrs(html, "tile-3")
    assert "slide from-p1" in _attrs(html, "tile-5") and "just" not in _attrs(html, "tile-5")
    assert "slide" not in _attrs(html, "tile-20")
    # Under reduced motion nothing slides, but the tile is still marked.
    still = finish_line.lineup(view, _ctx(state, fresh=events, motion=False))
    assert "slide" not in still and "just" in _attrs(still, "tile-3")
    # Nothing is marked once another move has been made.
    assert "just" not in finish_line.lineup(view, _ctx(state))


def test_long_horse_names_are_kept_whole_words() -> None:
    from paddock_web import finish_line

    from tests.finish_line.play import race_state

    state = race_state(3, [24, 11, 15, 4, 20, 23, 16])
    html = finish_line.lineup(state.view(None), _ctx(state))
    for word in ("Quicksilver", "Sue", "Trots-a-Lot", "Attraction", "Horsepower"):
        assert f'<span class="w">{word}</span>' in html


@pytest.mark.parametrize("lang", ["en", "de"])
def test_home_card_hooks(lang: str) -> None:
    from paddock_web import finish_line
    from paddock_web.i18n import Catalogue

    cat = Catalogue(lang)
    svg = finish_line.thumbnail(cat)
    assert svg.startswith("<svg") and 'role="img"' in svg and 'viewBox="0 0 240 130"' in svg
    assert f'aria-label="{cat.t("fl_thumb_label")}"' in svg
    steps = finish_line.how_to_play(cat)
    assert len(steps) == 4 and all(s.endswith(".") for s in steps)
    assert "3" in finish_line.meta(cat)


def test_first_turn_tips_follow_the_decision() -> None:
    from paddock_web import finish_line

    from tests.finish_line.play import betting_state, race_state, roll

    state = betting_state(3)
    assert "win bet" in (finish_line.first_turn_tip(state.view(0), _ctx(state)) or "")
    state = race_state(3)
    assert "three dice" in (finish_line.first_turn_tip(state.view(None), _ctx(state)) or "")
    roll(state, ("red", "WHIP"), take=["white", "red", "red"])
    assert "horse" in (finish_line.first_turn_tip(state.view(None), _ctx(state)) or "")


def test_the_race_card_reveals_every_sheet_and_the_finishing_order() -> None:
    from paddock_web import finish_line

    from tests.finish_line.play import A_SLIP, a_slip_race, finish_race

    state = a_slip_race()
    finish_race(state)
    view = state.view(None)
    last = {**view, "results": view["results"][-1:]}
    html = finish_line.results_detail(last, _ctx(state))  # type: ignore[arg-type]
    result = view["results"][-1]
    for seat in range(len(state.players)):
        assert f'data-testid="sheet-{seat}"' in html
    first, second = result["finish"][:2]
    assert html.index(f'<b class="fin-no num">{first}</b>') < html.index(
        f'<b class="fin-no num">{second}</b>'
    )
    assert "Everyone gets £2,000 before race 2." in html
    # A's secret sheet (spec S2) is open for all now, line by line with what it paid.
    sheet = html[html.index('data-testid="sheet-0"') :]
    sheet = sheet[: sheet.index('data-testid="sheet-1"')]
    for line in ("Win 18: £200 at 4×", "Win 3: £100 at 7×", "Place 11 + 18: £200 at 7×"):
        assert line in sheet
    assert len(A_SLIP) == sheet.count("→")


def focused(b: FakeBrowser) -> list[str]:
    """The controls marked to take the focus after this render (first one wins)."""
    return [c.get("data-testid", "") for c in b.controls() if "data-focus" in c]


def test_the_keyboard_focus_goes_from_a_picked_horse_to_its_stakes() -> None:
    """A tester needed 21 Tabs for a win bet and 34 for a place bet: after each pick
    the focus went back to the first tile on the board."""
    _, b = start()
    unlock(b)
    first, second = horses(b)[2], horses(b)[5]
    assert focused(b)[0] == f"tile-{horses(b)[0]}"  # nothing picked: the first horse
    press(b, f"tile-{first}")
    assert focused(b)[0] == "stake-100"  # a win horse: its stakes
    press(b, "stake-100")
    assert focused(b)[0] == "stake-100"  # the line grows: its stakes still
    press(b, "bet-kind-place")
    press(b, f"tile-{first}")
    assert not any(t.startswith("tile-") for t in focused(b))  # stays on the tile pressed
    press(b, f"tile-{second}")
    assert focused(b)[0] == "stake-100"
