"""Ask the computer: what the page sends the worker, what it draws, and when it drops an
answer. The advice itself is computed here by the engine (``advise``) from the very job
the page posted, as the worker would; tests/e2e/test_sharp.py asks the real worker."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

import pytest  # noqa: E402
from fake_browser import FakeBrowser  # noqa: E402
from paddock_web import advice_panel  # noqa: E402
from paddock_web.app import App  # noqa: E402
from paddock_web.i18n import Catalogue  # noqa: E402
from paddock_web.table import GameContext  # noqa: E402
from paddock_web.tables import TABLES  # noqa: E402
from test_computer_levels import human_move, posted_state, started  # noqa: E402

import pygames  # noqa: E402
from pygames.core import Match, SeatWindow  # noqa: E402
from pygames.core.advice import advise  # noqa: E402


def asked(b: FakeBrowser) -> dict[str, Any]:
    jobs = [j for j in b.worker_jobs if j["kind"] == "advise"]
    assert jobs, "no advice was asked for"
    return jobs[-1]


def answer(b: FakeBrowser, job: dict[str, Any]) -> list[dict[str, Any]]:
    """The worker's reply to ``job`` (as lens-worker.mjs posts it)."""
    state = posted_state(job)
    tips = advise(SeatWindow(state, job["seat"]), random.Random(job["seed"]), iterations=12)
    assert b.worker_listener is not None
    b.worker_listener({"kind": "advise", "id": job["id"], "advice": json.loads(json.dumps(tips))})
    return [dict(t) for t in tips]


def human_turn(game: str, fields: dict[str, str] | None = None) -> tuple[App, FakeBrowser]:
    """Ann (human) against a friendly computer, at Ann's first turn (curtain opened)."""
    app, b = started()
    b.start_game(game, ["Ann", "Ben"], ["human", "computer"], 11, fields)
    assert app.match is not None
    for _ in range(300):
        if app.match.current_player() == 0:
            if app.needs_curtain() == 0:
                b.click("unlock", "0")
            return app, b
        b.run_timers(1)
    raise AssertionError("Ann never had a turn")


def test_a_public_turn_gets_three_choices_from_what_the_table_knows_and_can_play_one() -> None:
    app, b = human_turn("royal_turf")
    assert app.match is not None
    b.click("advise")
    job = asked(b)
    assert job["seat"] == 0 and job["game"] == "royal_turf"
    assert posted_state(job).view(None) == app.match.state.view(None)
    assert "weighing your choices" in b.text()
    tips = answer(b, job)
    assert len(tips) == 3
    text = b.text()
    assert "From what the table knows" in text
    for i, tip in enumerate(tips):
        assert b.find(data_act="advice_play", data_arg=str(i)) is not None
        assert f"{round(100 * tip['win'])} % chance to win the game" in text
    assert "-chip on" in text and "Play this" in text and "at the end" in text and "£" in text
    # The reasons name horses as the table does, never by the engine's ids.
    cat, view = Catalogue("en"), app.match.state.view(0)
    for tip in tips:
        horse = tip["reason"].get("horse")
        if horse is not None:
            assert horse not in text and TABLES["royal_turf"].lens_horse(view, horse, cat) in text
    assert "only 0 chips" not in text
    steps = len(app.match.history)
    b.click("advice_play", "1")
    assert app.match.history[steps]["action"] == tips[1]["action"]


def test_an_answer_is_dropped_when_the_position_changed() -> None:
    app, b = human_turn("royal_turf")
    assert app.match is not None
    b.click("advise")
    job = asked(b)
    human_move(app, b)  # Ann plays before the answer comes
    answer(b, job)
    assert app.advice.tips is None and "Play this" not in b.text()
    b.run_timers(1)  # the computer plays; Ann's turn comes again
    assert 'data-act="advise"' in b.html or app.match.current_player() != 0


def test_a_secret_turn_asks_from_the_players_own_view_inside_the_private_panel() -> None:
    differs = 0
    for seed in range(5):
        app, b = started()
        b.start_game(
            "royal_turf", ["Ann", "Ben"], ["human", "human"], seed, {"opt_hidden_bets": "on"}
        )
        assert app.match is not None
        # The second player to bet: the first one's chip is down and hidden from them.
        seat = app.needs_curtain()
        assert seat is not None
        b.click("unlock", str(seat))
        human_move(app, b)
        seat = app.needs_curtain()
        assert seat is not None
        assert 'data-act="advise"' not in b.html  # nothing behind the curtain
        b.click("unlock", str(seat))
        b.click("advise")
        job = asked(b)
        real = app.match.state
        sent = posted_state(job)
        assert job["seat"] == seat and sent.view(seat) == real.view(seat)
        differs += sent.bets != real.bets or sent.supply != real.supply
        if seed:
            continue  # drawing the answer once is enough
        answer(b, job)
        private = b.html[b.html.index(f'data-testid="private-{seat}"') :]
        assert 'data-testid="advice-0"' in private and "From what you know" in private
    assert differs > 0, "the worker was sent the real hidden chips every time"


def test_no_advice_in_this_game_is_kept_in_the_save_and_by_play_again() -> None:
    app, b = human_turn("royal_turf", {"advice_off": "on"})
    assert app.match is not None and app.slot is not None
    assert 'data-act="advise"' not in b.html
    assert json.loads(b.store["paddock.game." + app.slot.id])["advice_off"] is True
    app.act_advise("", None)
    assert not [j for j in b.worker_jobs if j["kind"] == "advise"]
    app.act_again("", None)
    assert app.slot.advice_off and app.slot is not None
    app.open_slot(app.slot.id)  # read back from the save
    assert app.slot.advice_off


def test_at_a_public_turn_a_player_with_secrets_asks_inside_their_own_panel() -> None:
    from test_lens_panel import bets_placed_by_computers, hidden_royal_turf

    app, b = hidden_royal_turf(["human", "computer"])
    bets_placed_by_computers(app, b)  # the race: a public turn, Ann's chips face down
    assert app.match is not None
    for _ in range(50):
        if app.match.current_player() == 0:
            break
        b.run_timers(1)
    assert app.match.current_player() == 0 and app.unlocked is None
    assert 'data-act="advise"' not in b.html  # not from the public table
    b.click("peek", "0")
    assert b.find(data_act="unlock") is None  # the only human: no curtain to pass
    b.click("advise")
    job = asked(b)
    real = app.match.state
    assert job["seat"] == 0 and posted_state(job).view(0) == real.view(0)
    tips = answer(b, job)
    private = b.html[b.html.index('data-testid="private-0"') :]
    assert 'data-testid="advice-0"' in private and "From what you know" in private
    steps = len(app.match.history)
    b.click("advice_play", "0")
    assert app.match.history[steps]["action"] == tips[0]["action"]
    assert app.peek is None and app.unlocked is None  # the panel closed again


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_choice_of_every_game_is_named_in_both_languages(lang: str) -> None:
    """The suggestion's name is built from the action's fields: every action a game
    offers where there is a choice (a Friendly game of each, three seats) gets a name,
    so a tip never reads only "Choice n" (a Homestretch buy once did)."""
    named = 0
    for game in pygames.games():
        table = TABLES[game.id]
        match = Match(game.id, ["A", "B", "C"], seats=["computer"] * 3, seed=3)
        ctx = GameContext(Catalogue(lang), match.players, match.seats, [], {}, None)
        while not match.is_over():
            view = match.state.view(match.current_player())
            legal = match.state.legal_actions()
            for action in legal[:30] if len(legal) > 1 else []:
                text = advice_panel.label(action, table, view, ctx)
                assert text is not None and "{" not in text and text.strip(), (action, text)
                named += 1
            match.play_computer()
    assert named > 100


def test_a_phone_asks_at_a_public_turn_through_the_header_and_a_drawer() -> None:
    app, b = human_turn("royal_turf")
    toggle = b.find(data_act="overlay", data_arg="advice")
    assert toggle is not None and "advice-toggle" in toggle["class"]
    assert 'class="advice public"' in b.html  # a box under the choices, a closed drawer
    assert 'aria-modal="true"' not in b.html
    b.click("overlay", "advice")
    assert 'class="advice public open"' in b.html
    # Open, it is a dialog: the focus goes into it and Tab stays there (not behind it).
    assert re.search(r'<section class="advice public open"[^>]*role="dialog"', b.html)
    assert re.search(r'<section class="advice public open"[^>]*aria-modal="true"', b.html)
    close = b.find(data_testid="advice-close")  # a close button that Escape presses too
    assert close is not None and close["data-act"] == "overlay" and "data-escape" in close
    assert 'data-testid="log-backdrop"' in b.html
    assert re.search(r"<main[^>]*\binert\b", b.html) is None  # the table stays live
    b.click("advise")
    tips = answer(b, asked(b))
    steps = len(app.match.history)
    b.click("advice_play", "0")
    assert app.match.history[steps]["action"] == tips[0]["action"]
    assert app.overlay is None  # playing a tip closes the drawer


def test_no_ask_in_the_header_on_a_computer_turn_or_when_advice_is_off() -> None:
    app, b = human_turn("royal_turf", {"advice_off": "on"})
    assert b.find(data_act="overlay", data_arg="advice") is None
    app, b = started()
    b.start_game("gambler", ["Ann", "Ben"], ["computer", "computer"], 5)
    assert b.find(data_act="overlay", data_arg="advice") is None


def test_choices_name_cards_as_the_table_prints_them() -> None:
    """TurfMaster's cards by their value ("Card 3", a joker as such), never the engine's
    id of one copy ("3b"), which means nothing to a player."""
    app, b = human_turn("turfmaster")
    assert app.match is not None
    b.click("advise")
    tips = answer(b, asked(b))
    text = b.text()
    cards = [t["action"]["card"] for t in tips if t["action"].get("type") == "play_card"]
    assert cards, "no card among the tips"
    for card in cards:
        assert f"Card {card} " not in text
    assert re.search(r"Card (\d+|joker \d+) for Horse \d", text)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finish_line_die_is_named_by_its_side_and_the_horse_it_is_used_on(lang: str) -> None:
    """Two tips using a red die differ by its side and horse ("Use the red die's double
    horseshoe on 24 Quicksilver Sue"), never both "Use the red die"."""
    cat = Catalogue(lang)
    table = TABLES["finish_line"]
    match = Match("finish_line", ["A", "B", "C"], seats=["computer"] * 3, seed=3)
    ctx = GameContext(cat, match.players, match.seats, [], {}, None)
    seen: set[str] = set()
    while not match.is_over() and not {"horse", "discard"} <= seen:
        view = match.state.view(match.current_player())
        for action in match.state.legal_actions():
            if action["type"] not in ("use", "discard"):
                continue
            text = advice_panel.label(action, table, view, ctx)
            assert text is not None
            assert cat.t(f"fl_face_{action['face'].lower()}") in text
            assert cat.t(f"fl_colour_{action['colour']}") in text
            if "horse" in action:
                assert table.lens_horse(view, str(action["horse"]), cat) in text
            seen.add("horse" if "horse" in action else action["type"])
        match.play_computer()
    assert {"horse", "discard"} <= seen


def test_a_gambler_placement_is_advised_and_played_whole() -> None:
    """A placement takes several actions; a tip names its dice by their faces and rows
    and plays all of them, the confirmation included."""
    app, b = human_turn("gambler")
    assert app.match is not None
    for _ in range(20):  # roll until the dice fit somewhere (Ann then places)
        if app.match.state.view(0)["phase"] == "await_place":
            break
        action = next(a for a in app.match.state.legal_actions() if a["type"] != "stop")
        app.play(action)
        b.run_timers(1)
    view = app.match.state.view(0)
    assert view["phase"] == "await_place" and app.match.current_player() == 0
    b.click("advise")
    tips = answer(b, asked(b))
    lines = [t for t in tips if len(t.get("line", [])) > 1]
    assert lines, "no tip placed a whole step"
    text = b.text()
    assert "A die in row" not in text and "{" not in text
    for tip in lines:
        places = [a for a in tip["line"] if a["type"] == "place"]
        assert tip["line"][-1] == {"type": "confirm"}
        for a in places:
            assert f"{view['roll'][a['die']]} in row {a['row']}" in text
    i = tips.index(lines[0])
    steps = len(app.match.history)
    b.click("advice_play", str(i))
    played = [h["action"] for h in app.match.history[steps : steps + len(lines[0]["line"])]]
    assert played == lines[0]["line"]
    assert app.match.state.view(0)["phase"] != "await_place"


def test_a_gambler_step_begun_is_advised_and_played_as_whole_placements() -> None:
    """With a die of the step already down, every tip is still a whole placement (or
    the step confirmed as it lies), and playing one plays all of it."""
    app, b = human_turn("gambler")
    assert app.match is not None
    for _ in range(40):  # play Ann's turns until she has a die down and others still fit
        state = app.match.state
        legal = state.legal_actions()
        if state.view(0)["phase"] == "await_place" and app.match.current_player() == 0:
            if state.pending and any(a["type"] == "place" for a in legal):
                break
            action = next((a for a in legal if a["type"] == "place"), {"type": "confirm"})
        else:
            action = next(a for a in legal if a["type"] != "stop")
        app.play(action)
        b.run_timers(1)
    state = app.match.state
    assert state.pending and app.match.current_player() == 0
    b.click("advise")
    tips = answer(b, asked(b))
    assert tips
    for tip in tips:
        assert tip.get("line", [tip["action"]])[-1] == {"type": "confirm"}
    i, tip = max(enumerate(tips), key=lambda it: len(it[1].get("line", [])))
    line = tip.get("line", [tip["action"]])
    steps = len(app.match.history)
    b.click("advice_play", str(i))
    played = [h["action"] for h in app.match.history[steps : steps + len(line)]]
    assert played == line
    assert not app.match.state.pending


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_homestretch_bet_is_named_marker_by_marker_as_the_board_prints_it(lang: str) -> None:
    """A whole bet, grouped by horse: each marker by its value and its row as the
    betting board prints it ("3. PLATZ" in German), the confirmation left out. The
    early-bet claim before it is named too."""
    from pygames.core import sample_outcome
    from pygames.core.bots import bot_for
    from pygames.homestretch.bot import bet_lines

    state = pygames.get_game("homestretch").new_state(["A", "B", "C"])
    cat = Catalogue(lang)
    ctx = GameContext(cat, ["Ann", "Ben", "Cy"], ["human"] * 3, [], {}, None)
    table = TABLES["homestretch"]
    rng = random.Random(3)
    claims = 0
    while True:
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        window = SeatWindow(state, seat)
        if bet_lines(window):
            break
        for action in state.legal_actions():
            if action["type"] == "bet_order_claim":
                text = advice_panel.label(action, table, state.view(seat), ctx)
                if action["choice"] == "KEEP":
                    assert text == cat.t("advice_act_bet_order_claim_KEEP")
                else:  # the player it names, by name
                    target = ctx.players[state.view(seat)["colours"].index(action["target"])]
                    assert text == cat.t("advice_act_bet_order_claim_CUT_IN_BEFORE", target=target)
                claims += 1
        state.apply(bot_for("homestretch").choose(window, seat, rng))
    assert claims >= 2
    tips = advise(window, random.Random(1), iterations=10)
    view = state.view(seat)
    for tip in tips:
        text = advice_panel.tip_label(dict(tip), table, view, ctx)
        assert text is not None
        markers = [a for a in tip["line"] if a["type"] == "place_marker"]
        assert len(markers) == 5
        horses = {a["horse"] for a in markers}
        assert text.count(": ") == len(horses)  # one group per horse
        for a in markers:
            row = cat.t(f"hs_row_{a['row']}")
            assert cat.t("advice_line_place_marker", marker=a["marker"][0], row=row) in text
            assert table.lens_horse(view, str(a["horse"]), cat) in text
        assert cat.t("advice_act_confirm_bets") not in text and "2a" not in text


@pytest.mark.parametrize("lang", ["en", "de"])
def test_equal_markers_on_one_cell_are_said_once_with_their_count(lang: str) -> None:
    state = pygames.get_game("homestretch").new_state(["A", "B"])
    cat = Catalogue(lang)
    ctx = GameContext(cat, ["Ann", "Ben"], ["human"] * 2, [], {}, None)
    table = TABLES["homestretch"]
    view = state.view(0)

    def lay(m: str, row: str) -> dict[str, Any]:
        return {"type": "place_marker", "player": "red", "marker": m, "horse": 11, "row": row}

    line = [lay("2a", "PLACE"), lay("2b", "PLACE"), lay("1a", "SHOW"), {"type": "confirm_bets"}]
    two, one = (
        cat.t("advice_line_place_marker", marker=m, row=cat.t(f"hs_row_{row}"))
        for m, row in (("2", "PLACE"), ("1", "SHOW"))
    )
    items = f"{cat.t('advice_times', n=2, what=two)}, {one}"
    horse = table.lens_horse(view, "11", cat)
    assert advice_panel.line_label(line, table, view, ctx) == cat.t(
        "advice_line_horse", horse=horse, items=items
    )


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_finish_line_slip_is_advised_whole_with_each_bet_said_once(lang: str) -> None:
    """Finish Line's tips at an empty slip are whole slips (all the money, shares of it,
    nothing): a bet entered in several amounts is said once with its sum, the closing
    "no more bets" is left out, and playing a tip enters the whole slip."""
    from pygames.finish_line.bot import slip_lines

    app, b = human_turn("finish_line", {"lang": lang} if lang != "en" else None)
    assert app.match is not None
    app.cat = Catalogue(lang)
    window = SeatWindow(app.match.state, 0)
    lines = slip_lines(window)
    assert lines and len(lines) >= 3 and lines[-1] == ({"type": "bet_done"},)
    view = app.match.state.view(0)
    ctx = GameContext(app.cat, ["Ann", "Ben"], ["human", "computer"], [], {}, None)
    table = TABLES["finish_line"]
    whole = advice_panel.line_label(list(lines[0]), table, view, ctx)
    assert whole is not None and app.cat.t("advice_act_bet_done") not in whole
    bets: dict[str, int] = {}
    for step in lines[0][:-1]:
        key = repr(sorted((k, v) for k, v in step.items() if k != "amount"))
        bets[key] = bets.get(key, 0) + step["amount"]
    assert len(whole.split(", ")) == len(bets)  # one phrase per bet, not per amount
    for total in bets.values():
        assert app.cat.money(total) in whole
    b.click("advise")
    tips = answer(b, asked(b))
    assert all(canonical_line(t) in {repr(list(line)) for line in lines} for t in tips)
    assert "{" not in b.text()
    i = next(i for i, t in enumerate(tips) if len(t.get("line", [])) > 1)
    steps = len(app.match.history)
    b.click("advice_play", str(i))
    played = [h["action"] for h in app.match.history[steps : steps + len(tips[i]["line"])]]
    assert played == tips[i]["line"] and played[-1] == {"type": "bet_done"}


def canonical_line(tip: dict[str, Any]) -> str:
    return repr(list(tip.get("line") or [tip["action"]]))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_betting_nothing_on_an_empty_finish_line_slip_is_titled_so(lang: str) -> None:
    """The tip that closes an empty slip at once reads "Bet nothing", not the closing
    step's usual "No more bets"; a tip that closes a slip with bets on it is unchanged."""
    app, _ = human_turn("finish_line", {"lang": lang} if lang != "en" else None)
    assert app.match is not None
    app.cat = Catalogue(lang)
    window = SeatWindow(app.match.state, 0)
    tips = advise(window, random.Random(5), iterations=12, top=5)
    nothing = [t for t in tips if t.get("line", [t["action"]]) == [{"type": "bet_done"}]]
    assert len(nothing) == 1, "an empty slip's choices include betting nothing"
    view = app.match.state.view(0)
    ctx = GameContext(app.cat, ["Ann", "Ben"], ["human", "computer"], [], {}, None)
    table = TABLES["finish_line"]
    title = advice_panel.tip_label(dict(nothing[0]), table, view, ctx)
    assert title == {"en": "Bet nothing", "de": "Nichts setzen"}[lang]
    assert nothing[0]["reason"]["key"] == "finish_line.bet_nothing"
    # closing a slip that holds bets keeps the step's usual name
    closing = {**nothing[0], "reason": {**nothing[0]["reason"], "key": "finish_line.bet_done"}}
    assert advice_panel.tip_label(closing, table, view, ctx) == app.cat.t("advice_act_bet_done")
