"""TurfMaster's table driven on CPython through the fake page: whole games, secrets, words."""

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
from paddock_web import turfmaster as table  # noqa: E402
from paddock_web.app import App  # noqa: E402
from paddock_web.i18n import Catalogue  # noqa: E402
from paddock_web.table import GameContext  # noqa: E402

from pygames.core import Match  # noqa: E402
from pygames.turfmaster import GAME  # noqa: E402
from pygames.turfmaster.data import SIDES  # noqa: E402
from pygames.turfmaster.state import TurfMasterState  # noqa: E402
from pygames.turfmaster.view import board_view  # noqa: E402
from tests.turfmaster import script  # noqa: E402  (positions reached by play)
from tests.turfmaster.test_scenarios import steeplechase_to_2_34  # noqa: E402

EVIL = "<img src=x onerror=alert(1)>"


def start(
    names: list[str], seats: list[str], options: dict[str, str], seed: int, lang: str = "en-GB"
) -> tuple[App, FakeBrowser]:
    b = FakeBrowser(languages=[lang])
    app = App(b)
    app.start()
    b.start_game("turfmaster", names, seats, seed, options)  # fields named opt_<name>
    assert app.match is not None and app.screen == "table", b.text()
    return app, b


def hands_of_others(app: App, seat: int) -> list[str]:
    """Markers that would betray another seat's hand: its card tiles / own-hand headings."""
    assert app.match is not None
    state: Any = app.match.state
    out = []
    for h in range(1, len(state.hands) + 1):
        if state.owner(h) != seat:
            out.append(f"Hand of horse {h}<")
            out += [f'data-testid="card-{h}-{c}"' for c in state.hands[h - 1]]
            out += [f'data-testid="aside-{h}-{c}"' for c in state.hands[h - 1]]
    return out


def step(app: App, b: FakeBrowser, rng: random.Random, seen: dict[str, int]) -> None:
    """One thing a person at the table would do next (checking secrets on the way)."""
    controls = b.controls()

    def first(act: str) -> dict[str, str] | None:
        return next((c for c in controls if c["data-act"] == act), None)

    if first("continue"):
        seen["interludes"] += 1
        assert 'data-testid="race-' in b.html
        b.click("continue")
        return
    if b.timers:
        b.run_timers(1)
        return
    unlock = first("unlock")
    if unlock:
        seen["curtains"] += 1
        assert 'data-testid="private-' not in b.html and "tm-track" not in b.html
        b.click("unlock", unlock["data-arg"])
        return
    m = re.search(r'data-testid="private-(\d)"', b.html)
    if m:
        seen["private"] += 1
        seat = int(m.group(1))
        assert app.unlocked == seat
        for marker in hands_of_others(app, seat):
            assert marker not in b.html, marker
    if first("done"):
        b.click("done")
        return
    cards = [c for c in controls if c["data-act"] == "local"]
    plays = [c for c in controls if c["data-act"] == "play"]
    if (
        cards
        and not any(c.get("data-testid") == "play-card" for c in plays)
        and rng.random() < 0.85
    ):
        pick = rng.choice(cards)
        b.handler("local", pick["data-arg"], pick["value"])  # type: ignore[misc]
        seen["picked"] += 1
        return
    if plays:
        pick = rng.choice(plays)
        seen[pick.get("data-testid", "?").split("-")[0]] += 1
        b.click("play", pick["data-arg"])
        return
    peek = first("peek")
    if peek and rng.random() < 0.5:
        b.click("peek", peek["data-arg"])
        return
    if cards:
        pick = rng.choice(cards)
        b.handler("local", pick["data-arg"], pick["value"])  # type: ignore[misc]
        return
    raise AssertionError(f"nothing to do: {b.text()[:500]}")


SEEN = "interludes curtains private picked play sq end pace die aside take decline joker ?".split()


def new_tally() -> dict[str, int]:
    """How often each kind of step was taken while a game is played out."""
    return dict.fromkeys(SEEN, 0)


def play_out(app: App, b: FakeBrowser, seed: int, limit: int = 20_000) -> dict[str, int]:
    rng = random.Random(seed)
    seen = new_tally()
    for _ in range(limit):
        if app.match is not None and app.match.is_over():
            break
        step(app, b, rng, seen)
        assert EVIL not in b.html
    assert app.match is not None and app.match.is_over(), b.text()[:400]
    return seen


def final_check(app: App, b: FakeBrowser) -> None:
    assert 'data-testid="results"' in b.html
    shown = {
        int(c): int(v)
        for c, v in re.findall(r'data-testid="result-(\d)".*?data-score="(-?\d+)"', b.html)
    }
    replay = b.saved_match()
    assert shown == {i: int(s) for i, s in enumerate(replay.scores())}
    ranks = [int(r) for r in re.findall(r'class="num rank">(\d+)<', b.html)]
    assert sorted(ranks) == sorted(replay.ranking())


CASES = [
    # names, seats, options, seed
    ([EVIL, "Ben"], ["human", "human"], {"opt_quick_race": "on"}, 3),
    (
        ["Ann", "Ben", "Cy"],
        ["human", "human", "computer"],
        {"opt_quick_race": "on", "opt_grand_national": "on"},
        5,
    ),
    (
        ["Ann", "Ben", "Cy", "Di"],
        ["human", "computer", "human", "computer"],
        {"opt_quick_race": "on", "opt_blind_cards": "on", "opt_horses_per_player": "2"},
        8,
    ),
    (
        ["Ann", "Ben", "Cy", "Di", "Ed"],
        ["human", "human", "computer", "computer", "computer"],
        {"opt_quick_race": "on", "opt_free_jokers": "on"},
        13,
    ),
    (
        ["Ann", "Ben", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"],
        ["human"] + ["computer"] * 7,
        {"opt_quick_race": "on"},
        21,
    ),
]


@pytest.mark.parametrize(("names", "seats", "options", "seed"), CASES)
def test_quick_games_end_and_keep_secrets(
    names: list[str], seats: list[str], options: dict[str, str], seed: int
) -> None:
    app, b = start(names, seats, options, seed)
    seen = play_out(app, b, seed)
    assert seen["private"] > 0
    # a curtain only where the device is passed between people, never for a lone human
    assert (seen["curtains"] > 0) == (seats.count("human") > 1)
    final_check(app, b)
    if EVIL in names:
        assert "&lt;img src=x onerror=alert(1)&gt;" in b.html


def test_full_meeting_with_selection_and_interludes() -> None:
    app, b = start([EVIL, "Ben"], ["human", "human"], {"opt_grand_national": "on"}, 17, "de-DE")
    seen = play_out(app, b, 4, limit=60_000)
    assert seen["interludes"] == 2  # after races 1 and 2
    assert seen["aside"] > 0  # hands over 10 cards are cut back before races 2 and 3
    final_check(app, b)
    assert "Rennpunkte" in b.html and "Summe des Renntags" in b.html
    # the standings are race points, not money
    assert "<th>Rennpunkte</th>" in b.html and "<th>Geld</th>" not in b.html


def test_every_event_is_told_in_both_languages() -> None:
    for seed, opts in (
        (2, {"grand_national": True}),
        (6, {"blind_cards": True, "free_jokers": True}),
    ):
        m = Match.from_setup(
            {
                "game": "turfmaster",
                "players": ["A", "B", "C", "D"],
                "seats": ["computer"] * 4,
                "options": opts,
                "seed": seed,
            }
        )
        m.run_computers()
        for lang in ("en", "de"):
            cat = Catalogue(lang)
            for event in m.events:
                text = table.describe(event, m.players, cat)
                if event["type"] in ("deck_shuffled", "start_box"):
                    # folded into the race's first line, which names the boxes
                    assert text is None
                    continue
                assert text and "tm_" not in text and "{" not in text, (event, text)
                assert "Dice right" not in text and "Würfelrecht:" not in text


def test_the_log_reads_like_a_race_commentary() -> None:
    m = Match.from_setup(
        {
            "game": "turfmaster",
            "players": ["Ann", "Ben", "Cy", "Di"],
            "seats": ["computer"] * 4,
            "options": {},
            "seed": 12,
        }
    )
    m.run_computers()
    en, de = Catalogue("en"), Catalogue("de")
    places = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th"}
    played = set()
    for event in m.events:
        text = table.describe(event, m.players, en) or ""
        german = table.describe(event, m.players, de) or ""
        if event["type"] == "finished" and not event.get("safety_cap"):
            assert text.endswith(f"crosses the line in {places[event['place']]} place!")
            assert german.endswith(f"läuft als {event['place']}. durchs Ziel!")
        if event["type"] == "card_played" and not event["joker"]:
            v = event["value"]
            article = "an" if v in (8, 11) else "a"
            assert f" plays {article} {v}" in text, text
            assert f" spielt eine {v}" in german, german
            played.add(v)
        if event["type"] == "race_started":
            boxes = [str(x) for x in event["boxes"]]
            field = f"{', '.join(boxes[:-1])} and {boxes[-1]}"
            assert text.endswith(f"with horses {field} in boxes 1 to {len(boxes)}.")
        if event["type"] == "game_over":
            winner = m.players[event["ranking"].index(1)]
            assert text.startswith(f"The meeting is over: {winner} wins with")
    assert {8, 11} & played and {3, 4, 7, 9, 10, 12} & played  # both articles were used


def test_horses_per_player_offered_follow_the_player_count() -> None:
    option = next(o for o in GAME.options if o.name == "horses_per_player")
    assert option.values_for(2) == (0, 2, 3, 4)
    assert option.values_for(3) == (0, 2)
    assert option.values_for(4) == (0, 1, 2)
    assert option.values_for(6) == (0, 1)
    for n in (2, 3, 5):
        with pytest.raises(ValueError):
            GAME.new_state([f"P{i}" for i in range(n)], {"horses_per_player": 1 if n < 4 else 2})


def test_card_turn_preview_and_end_squares_on_the_board() -> None:
    app, b = start(["Ann", "Ben"], ["human", "human"], {"opt_quick_race": "on"}, 11)
    assert app.match is not None
    b.click("unlock", str(app.match.current_player()))
    view = app.match.state.view(app.unlocked)
    opt = next(o for o in view["card_options"] if o["ends"] and not o["too_high"])
    b.handler("local", "card", f"{opt['card']}:{opt['value']}")  # type: ignore[misc]
    assert 'class="preview"' in b.html and b.find(data_testid="play-card")
    # Useless cards are marked, but still offered (playing one is legal, R12).
    horse = view["acting_horse"]
    for card in view["horses"][horse - 1]["useless"]:
        tile = b.find(data_testid=f"card-{horse}-{card}")
        assert tile is not None and "useless" in tile["class"]
    for card in view["horses"][horse - 1]["jokers"]:
        tile = b.find(data_testid=f"card-{horse}-{card}")
        assert tile is not None and "joker" in tile["class"]
    # Play until some human must choose an end square: they are SVG controls and buttons.
    rng = random.Random(1)
    seen = new_tally()
    for _ in range(5000):
        if app.match.state.phase == "end" and b.find(data_act="play"):
            break
        step(app, b, rng, seen)
    assert app.match.state.phase == "end"
    svg_targets = [c for c in b.controls() if c.get("data-testid", "").startswith("sq-")]
    assert svg_targets and all(c["role"] == "button" and c["tabindex"] == "0" for c in svg_targets)
    ends = set(app.match.state.pending["ends"])  # type: ignore[attr-defined]
    assert {c["data-testid"][3:] for c in svg_targets} == ends


def test_hooks_in_the_interlude_view() -> None:
    m = Match.from_setup(
        {
            "game": "turfmaster",
            "players": ["A", "B"],
            "seats": ["computer"] * 2,
            "options": {},
            "seed": 9,
        }
    )
    while not m.state.view(None)["results"]:
        m.play_computer()
    view = m.state.view(None)
    ctx = GameContext(
        cat=Catalogue("en"), players=m.players, seats=m.seats, legal=[], local={}, viewer=None
    )
    html = str(table.results_detail({**view, "results": view["results"][-1:]}, ctx))
    assert "Finishing order · " in html and "Standings after race 1" in html
    # the next race's start boxes follow the order of arrival
    order = [str(p["horse"]) for p in view["results"][-1]["places"]]
    assert f"horses {', '.join(order[:-1])} and {order[-1]} in boxes 1 onwards" in html
    # between races (selection, or the next race's first card turn) nobody peeks: those
    # turns show the hand anyway
    assert view["holds_secrets"] == [False, False]


# --- the drawn table, rendered straight from views ----------------------------------------
def staggered(n: int, per: int = 0, **options: Any) -> TurfMasterState:
    """Reached by play: every horse runs 36 strides straight in its own lane (cards 8, 7,
    7; dice paced 7), which staggers them by two rows a lane: 1-50, 2-48, 3-46 …"""
    horses = range(1, n * (per or 1) + 1)
    s = script.deal(n, per, hands=dict.fromkeys(horses, ["8a", "7a", "7b"]), **options)
    script.rounds(
        s,
        script.same("8a", *horses),
        (3, 4, 7),
        script.same("7a", *horses),
        (3, 4, 7),
        script.same("7b", *horses),
    )
    assert s.phase == "roll"
    return s


def context(state: TurfMasterState, viewer: int | None, lang: str = "en") -> GameContext:
    legal = state.legal_actions() if viewer is not None and state.current_player() == viewer else []
    return GameContext(
        cat=Catalogue(lang),
        players=list(state.players),
        seats=["human"] * len(state.players),
        legal=legal,
        local={},
        viewer=viewer,
    )


def test_track_is_drawn_from_the_board_data_on_both_sides() -> None:
    flat = staggered(4)
    assert script.where(flat) == {1: "1-50", 2: "2-48", 3: "3-46", 4: "4-44"}
    html = str(table.track(flat.view(None), context(flat, None)))
    assert 'class="sq sq-box"' in html and 'class="finish-line"' in html
    assert "Start" in html and "Finish" in html
    assert "hurdle-bar" not in html and "sq-hurdle" not in html
    steeple = script.deal(4, grand_national=True)
    html_b = str(table.track(steeple.view(None), context(steeple, None, "de")))
    assert html_b.count('class="hurdle-bar"') == 6 and 'class="sq sq-hurdle"' in html_b
    for side, state in (("A", flat), ("B", steeple)):
        geo = table.geometry(state.view(None)["board"])
        assert set(geo.lanes) == set(range(1, 9)), "8 lanes"
        assert len(geo.poly) == SIDES[side].n_squares, "every square of the board is drawn"

        board = SIDES[side]
        lengths = []
        for lane in range(1, 9):
            pts = [
                geo.xy[sid]
                for _, sid in geo.lanes[lane]
                if board.segment[board.index[sid]] == "curve_1"
            ]
            lengths.append(sum(math.dist(p, q) for p, q in zip(pts, pts[1:], strict=False)))
        assert lengths == sorted(lengths) and lengths[0] < 0.8 * lengths[7], (
            "inner lanes are visibly shorter in the bends"
        )


def test_horses_in_owner_colours_with_numbers_and_caps_of_the_top_three() -> None:
    state = staggered(2, 3)
    assert state.positions == [1, 2, 3, 4, 5, 6]
    html = str(table.track(state.view(None), context(state, None)))
    tokens = re.findall(r'<g class="tm-horse (pc\d)[^"]*"[^>]*data-horse="(\d)"', html)
    assert sorted(tokens, key=lambda t: t[1]) == [
        ("pc0", "1"),
        ("pc0", "2"),
        ("pc0", "3"),
        ("pc1", "4"),
        ("pc1", "5"),
        ("pc1", "6"),
    ]
    caps = re.findall(r'<g class="cap"[^>]*>.*?<text[^>]*>(\d+)</text>', html)
    assert caps == ["8", "9", "10"], "only positions 1–3 carry a handicap cap"
    assert '<text y="7.5">4</text>' in html


def test_running_order_repeats_the_field_in_large_type() -> None:
    # Reached by play: each horse's own cards (horse 4 a joker) over two dice rounds
    cards = {
        1: ["3a", "3b", "4a"],
        2: ["8a", "8b", "4a"],
        3: ["8a", "8b", "4a"],
        4: ["8a", "8b", "J10"],
        5: ["8a", "7a", "7b"],
        6: ["3a", "3b", "3c"],
    }
    state = script.deal(2, 3, hands=cards)
    for i in range(3):
        script.card_round(state, {h: c[i] for h, c in cards.items()})
        if i < 2:
            script.dice_round(state, 4, 4, 8)
    assert script.where(state) == {
        1: "1-40",
        2: "2-48",
        3: "3-46",
        4: "4-50",
        5: "5-44",
        6: "6-28",
    }
    html = str(table.board(state.view(None), context(state, None)))
    strip = html[html.index('data-testid="running-order"') :]
    strip = strip[: strip.index("</ol>")]
    order = re.findall(
        r'<span class="rank">(\d)\.</span><span class="hnum pc(\d)">(\d)</span>', strip
    )
    # By position on the board (farthest first), each horse in its owner's colour.
    assert order == [
        ("1", "1", "4"),
        ("2", "0", "2"),
        ("3", "0", "3"),
        ("4", "1", "5"),
        ("5", "0", "1"),
        ("6", "1", "6"),
    ]
    assert re.findall(r'<span class="cap">≤(\d+)</span>', strip) == ["8", "9", "10"]
    de = str(table.board(state.view(None), context(state, None, "de")))
    assert 'aria-label="Reihenfolge im Rennen"' in de
    # Before anyone is placed there is nothing to list.
    fresh = GAME.new_state(["A", "B"], {})
    assert "running-order" not in str(table.board(fresh.view(None), context(fresh, None)))  # type: ignore[arg-type]


def test_dice_round_offers_die_or_sum_then_the_owner_picks_a_die() -> None:
    state = staggered(4)
    state.apply({"type": "dice_roll", "d1": 5, "d2": 6})
    roller = state.current_player()
    ctx = context(state, roller)
    html = str(table.actions(state.view(None), ctx))
    assert [b["data-testid"] for b in controls(html)] == ["pace-5", "pace-6", "pace-11"]
    assert "holds back 1, 2 and 3" in html  # the leaders' limits are 8, 9 and 10
    first = re.search(r'<button[^>]*data-testid="pace-5"[^>]*>', html)
    assert first and "data-focus" in first.group(0)  # the first choice takes the focus
    board_html = str(table.board(state.view(None), ctx))
    assert board_html.count('class="die-icon') == 2
    state.apply({"type": "choose_pace", "value": 11})
    owner = state.current_player()
    html = str(table.actions(state.view(None), context(state, owner, "de")))
    assert [b["data-testid"] for b in controls(html)] == ["die-5", "die-6"]
    assert "Würfel" in html


def test_a_fall_is_shown_on_the_board_in_the_log_and_in_the_results() -> None:
    state = steeplechase_to_2_34(True, ["4a", "7b"])  # horse 1 alone on 2-34 (S20)
    state.apply({"type": "play_card", "horse": 1, "card": "7b"})
    assert state.phase == "end"
    view = state.view(None)
    assert view["move"]["falls"] == ["1-38", "2-38", "3-38"]
    ctx = context(state, 0)
    end_html = str(table.actions(view, ctx)) + str(table.track(view, ctx))
    assert end_html.count("danger") == 3 and end_html.count('class="target fall"') == 3
    events = state.apply({"type": "choose_end", "horse": 1, "square": "2-38"})
    fell = next(e for e in events if e["type"] == "fell")
    for lang, word in (("en", "falls"), ("de", "stürzt")):
        assert word in (table.describe(fell, state.players, Catalogue(lang)) or "")
    html = str(table.track(state.view(None), context(state, None)))
    assert 'class="fall-mark"' in html
    script.run_race(state, {})  # the others run home
    res = str(table.results_detail(state.view(None), context(state, None)))
    assert 'class="fell"' in res


def test_the_results_say_what_settled_each_tie_on_points() -> None:
    """Meetings played to the end (random riders, seeded): the sentence under the
    standings names the riders level on points and what put one ahead, in both
    languages; a meeting without a tie has none."""
    from pygames.core.playout import random_playout

    wanted = {"place": None, "race": None}
    untied = None
    for seed in range(120):
        riders = ["Ann", "Ben", "Cem", "Dee"][: 2 + seed % 3]
        state = random_playout(GAME.new_state(riders), random.Random(seed))
        ties = state.view(None)["ties"]
        if not ties:
            untied = untied or state
        for tie in ties:
            if tie["decided_by"] in wanted and wanted[tie["decided_by"]] is None:
                wanted[tie["decided_by"]] = state
    assert untied is not None and all(wanted.values()), wanted
    html = str(table.results_detail(untied.view(None), context(untied, None)))
    assert 'data-testid="tm-tie"' not in html
    for kind, state in wanted.items():
        assert state is not None
        view = state.view(None)
        tie = next(t for t in view["ties"] if t["decided_by"] == kind)
        names = [state.players[s] for s in tie["seats"]]
        ahead = state.players[tie["ahead"][0]]
        for lang, says in (
            ("en", {"place": f"more {tie['at']}", "race": f"in race {tie['at']}"}),
            ("de", {"place": f"mehr {tie['at']}. Plätzen", "race": f"in Rennen {tie['at']}"}),
        ):
            html = str(table.results_detail(view, context(state, None, lang)))
            line = re.search(r'data-testid="tm-tie">([^<]*)<', html)
            assert line is not None, (kind, lang)
            text = line.group(1)
            assert says[kind] in text and str(tie["points"]) in text, text
            assert all(n in text for n in names) and f"{ahead} " in text, text


def controls(html: str) -> list[dict[str, str]]:
    return [
        dict(re.findall(r'([\w-]+)="([^"]*)"', tag))
        for tag in re.findall(r"<button[^>]*data-act=\"play\"[^>]*>", html)
    ]


def test_the_bonus_button_is_offered_once_per_game() -> None:
    state = script.deal(4)  # horse 1's first card turn, its bonus pair J11 and J12
    for lang in ("en", "de"):
        html = str(table.actions(state.view(0), context(state, 0, lang)))
        assert 'data-testid="take-bonus"' in html and "tm_" not in html
    state.apply({"type": "take_bonus", "horse": 1})
    html = str(table.actions(state.view(0), context(state, 0)))
    assert 'data-testid="take-bonus"' not in html
    assert 'data-testid="card-1-J12"' in html, "the bonus cards join the hand"
    # Cards of one value share a tile that says how many there are.
    tiles = html.count('class="tm-card')
    extra = sum(int(n) - 1 for n in re.findall(r'class="count">×(\d)<', html))
    assert tiles + extra == 12, "ten cards and the bonus pair"


# --- the camera, the mini-map and the moments ----------------------------------------------
def frame_of(html: str) -> tuple[float, float, float, float]:
    m = re.search(r'data-frame="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"', html)
    assert m, "the camera says which part of the oval it frames"
    x, y, w, hh = (float(v) for v in m.groups())
    return x, y, w, hh


def inside(frame: tuple[float, float, float, float], pt: tuple[float, float], pad: float) -> bool:
    x, y, w, hh = frame
    return x + pad <= pt[0] <= x + w - pad and y + pad <= pt[1] <= y + hh - pad


def test_the_camera_frames_the_pack_at_a_fixed_zoom() -> None:
    state = staggered(4)  # horses on 1-50, 2-48, 3-46, 4-44 (back straight)
    view = state.view(None)
    html = str(table.board(view, context(state, None)))
    frame = frame_of(html)
    assert frame[2:] == (table.FRAME_W, table.FRAME_H)  # not zoomed out: a phone's window
    geo = table.geometry(view["board"])
    for sq in script.where(state).values():
        assert sq is not None and inside(frame, geo.xy[sq], table.TOKEN_R), sq
    # the viewBox is the window, the world is moved under it
    assert f'viewBox="0 0 {table.FRAME_W:.0f} {table.FRAME_H:.0f}"' in html
    assert f"translate({-frame[0]:.1f} {-frame[1]:.1f})" in html
    # Before the start the camera looks at the boxes.
    fresh = script.deal(2)
    fhtml = str(table.board(fresh.view(None), context(fresh, None)))
    box = table.geometry(fresh.view(None)["board"]).xy["1-0"]
    assert inside(frame_of(fhtml), box, 0)


def test_every_end_square_to_click_is_in_the_camera() -> None:
    # Play whole quick races; at every human end-square choice all targets are framed.
    app, b = start(["Ann", "Ben"], ["human", "human"], {"opt_quick_race": "on"}, 31)
    assert app.match is not None
    rng, seen, checked = random.Random(3), new_tally(), 0
    for _ in range(20_000):
        if app.match.is_over():
            break
        if app.match.state.phase == "end" and b.find(data_act="play"):
            view = app.match.state.view(app.unlocked)
            frame = frame_of(b.html)
            geo = table.geometry(view["board"])
            targets = re.findall(r'data-testid="sq-([\d-]+)"', b.html)
            assert targets and set(targets) == set(view["move"]["ends"])
            zoom = frame[2] / table.FRAME_W
            for sid in targets:
                assert inside(frame, geo.xy[sid], table.TOKEN_R * zoom), (sid, frame)
            if zoom > 1:  # zoomed out to hold them all: the rings grew to keep their size
                assert f'r="{table.TOKEN_R * zoom:.1f}"' in b.html
            checked += 1
        step(app, b, rng, seen)
    assert checked >= 3


def test_horses_side_by_side_never_hide_each_other() -> None:
    """Two horses never stand on squares directly in front of / behind each other (P12),
    so tokens narrower than a lane can never overlap on any other pair of squares."""
    for side in ("A", "B"):
        board = SIDES[side]
        geo = table.geometry(board_view(side))
        ids = board.ids
        pts = [geo.xy[sid] for sid in ids]
        linked = {
            (i, j) for i in range(len(ids)) for j in (board.straight[i], board.behind[i]) if j >= 0
        }
        for i in range(len(ids)):
            for j in range(i + 1, len(ids)):
                if (i, j) in linked:
                    continue
                # The run-out ends next to the start boxes: a horse there has finished
                # and leaves the track before anyone could still stand in a box.
                if {board.row[i], board.row[j]} & {0} and max(board.row[i], board.row[j]) > 100:
                    continue
                d = math.dist(pts[i], pts[j])
                assert d >= 2 * table.TOKEN_R, (side, ids[i], ids[j], d)


def test_the_mini_map_shows_the_whole_field_and_the_camera_window() -> None:
    state = staggered(4)
    view = state.view(None)
    html = str(table.board(view, context(state, None)))
    mini = html[html.index('class="tm-mini"') :]
    mini = mini[: mini.index("</svg>")]
    assert mini.count('class="dot ') == 4
    frame = frame_of(html)
    x, y, w, hh = frame
    assert f'class="frame phone" x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{hh:.0f}"' in mini
    # a laptop's window is twice as wide and high, holds the frame and stays on the oval
    dx, dy, dw, dh = table.desk_window(frame)
    assert (dw, dh) == (2 * w, 2 * hh)
    assert dx <= x and dy <= y and x + w <= dx + dw and y + hh <= dy + dh
    assert -table.EXTENT_X <= dx and dx + dw <= table.EXTENT_X
    assert -table.EXTENT_Y <= dy and dy + dh <= table.EXTENT_Y
    assert f'class="frame desk" x="{dx:.0f}" y="{dy:.0f}"' in mini
    assert 'role="img"' in mini and "Horse 1 (Ann) leads." in mini


def test_what_just_moved_is_highlighted_and_slides_unless_motion_is_off() -> None:
    state = staggered(4)
    state.apply({"type": "dice_roll", "d1": 3, "d2": 4})
    events = state.apply({"type": "choose_pace", "value": 7})
    # play on until a horse has moved in the events just made
    while not any(e["type"] == "moved" for e in events):
        events = state.apply(state.legal_actions()[0])
    mover = next(e for e in events if e["type"] == "moved")
    for motion in (True, False):
        ctx = context(state, None)
        ctx.fresh, ctx.motion = events, motion
        html = str(table.track(state.view(None), ctx))
        token = re.search(
            rf'<g class="tm-horse [^"]*"[^>]*data-horse="{mover["horse"]}".*?</g>', html
        )
        assert token and "moved" in token.group(0).split(">")[0]
        assert ("<animateMotion" in html) is motion
    still = [i["horse"] for i in state.view(None)["horses"] if i["horse"] != mover["horse"]]
    moved_now = {e["horse"] for e in events if e["type"] == "moved"}
    for horse in still:
        if horse not in moved_now:
            assert not re.search(
                rf'class="tm-horse [^"]*moved[^"]*"[^>]*data-horse="{horse}"', html
            )


def test_the_race_card_shows_the_order_points_and_standings() -> None:
    state = script.deal(2)
    script.run_race(state, {})
    view = state.view(None)
    last = view["results"][-1]
    for lang, head, first in (
        ("en", "Standings after race 1", "1st"),
        ("de", "Stand nach Rennen 1", "1."),
    ):
        ctx = context(state, None, lang)
        html = str(table.results_detail({**view, "results": view["results"][-1:]}, ctx))
        assert head in html
        places = re.findall(
            r'<span class="place">([^<]+)</span><span class="hnum pc\d">(\d)</span>', html
        )
        assert [int(hh) for _, hh in places] == [p["horse"] for p in last["places"]]
        assert places[0][0] == first
        pts = re.findall(r'data-testid="race-points">([^<]+)<', html)
        assert pts[:4] == ["+50", "+30", "+20", "+10"]
        for seat, total in enumerate(last["totals"]):
            assert f'data-testid="total-{seat}">{total}<' in html
        # standings in the tie-break order of the view, each with a bar
        shown = [int(s) for s in re.findall(r'data-testid="total-(\d)"', html)]
        assert shown == view["standings"] and html.count('class="bar"') == 2


def test_home_page_hooks_in_both_languages() -> None:
    for lang in ("en", "de"):
        cat = Catalogue(lang)
        pic = str(table.thumbnail(cat))
        assert pic.startswith("<svg") and 'role="img"' in pic and "aria-label=" in pic
        assert pic.count("<circle") == 5 and "<text" not in pic
        assert 'class="finish-line"' in pic
        steps = table.how_to_play(cat)
        assert len(steps) == 4 and all(s.endswith(".") for s in steps)
        assert table.meta(cat) in ("3 races · about 45 min", "3 Rennen · etwa 45 Min.")


def test_first_turn_tips_explain_each_kind_of_decision() -> None:
    state = staggered(4)
    tips = {}
    tips["roll"] = table.first_turn_tip(state.view(None), context(state, None))
    state.apply({"type": "dice_roll", "d1": 5, "d2": 6})
    tips["pace"] = table.first_turn_tip(state.view(None), context(state, None))
    state.apply({"type": "choose_pace", "value": 11})
    tips["die"] = table.first_turn_tip(state.view(None), context(state, None))
    fresh = script.deal(2)
    tips["card"] = table.first_turn_tip(fresh.view(0), context(fresh, 0, "de"))
    assert tips["roll"] is None  # a roll needs no explaining (the computer rolls)
    assert tips["pace"] and "one die or the sum" in tips["pace"]
    assert tips["die"] and "Pick the die" in tips["die"]
    assert tips["card"] and tips["card"].startswith("Wähle eine Karte")


def test_focus_goes_to_the_next_control_of_a_card_turn() -> None:
    state = script.deal(4)
    ctx = context(state, 0)
    opt = next(o for o in state.view(0)["card_options"] or [] if not o["too_high"])
    ctx.local["card"] = f"{opt['card']}:{opt['value']}"
    html = str(table.actions(state.view(0), ctx))
    play = re.search(r'<button[^>]*data-testid="play-card"[^>]*>', html)
    assert play and "data-focus" in play.group(0)
    # every card tile has its own id, so a redraw keeps the focus on the same card
    ids = re.findall(r'<button[^>]*id="(tm-card-[^"]+)"', html)
    assert len(ids) == len(set(ids)) == html.count('class="tm-card')
