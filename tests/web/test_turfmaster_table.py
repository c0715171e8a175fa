"""TurfMaster's table driven on CPython through the fake page: whole games, secrets, words."""

from __future__ import annotations

import json
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
from paddock_web.app import SAVE_KEY, App  # noqa: E402
from paddock_web.i18n import Catalogue  # noqa: E402
from paddock_web.table import GameContext  # noqa: E402

from pygames.core import Match  # noqa: E402

EVIL = "<img src=x onerror=alert(1)>"


def start(
    names: list[str], seats: list[str], options: dict[str, str], seed: int, lang: str = "en-GB"
) -> tuple[App, FakeBrowser]:
    b = FakeBrowser(languages=[lang])
    app = App(b)
    app.start()
    b.click("choose", "turfmaster")
    b.click("count", str(len(names)))
    b.form = {f"name{i}": n for i, n in enumerate(names)}
    b.form.update({f"seat{i}": s for i, s in enumerate(seats)})
    b.form.update({"seed": str(seed), "speed": "instant"})
    b.form.update(options)  # field names as in the form: opt_<name>
    b.click("start")
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


def play_out(app: App, b: FakeBrowser, seed: int, limit: int = 20_000) -> dict[str, int]:
    rng = random.Random(seed)
    seen: dict[str, int] = {
        k: 0
        for k in (
            "interludes",
            "curtains",
            "private",
            "picked",
            "play",
            "sq",
            "end",
            "pace",
            "die",
            "aside",
            "take",
            "decline",
            "joker",
            "?",
        )
    }
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
    replay = Match.from_json(json.loads(b.store[SAVE_KEY]))
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
    assert seen["curtains"] > 0 and seen["private"] > 0
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
                assert text and "tm_" not in text and "{" not in text, (event, text)


def test_option_values_follow_the_player_count() -> None:
    values = [0, 1, 2, 3, 4]
    assert table.option_values("horses_per_player", values, 2) == [0, 2, 3, 4]
    assert table.option_values("horses_per_player", values, 3) == [0, 2]
    assert table.option_values("horses_per_player", values, 4) == [0, 1, 2]
    assert table.option_values("horses_per_player", values, 6) == [0, 1]


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
    seen: dict[str, int] = {
        k: 0
        for k in (
            "interludes",
            "curtains",
            "private",
            "picked",
            "play",
            "sq",
            "end",
            "pace",
            "die",
            "aside",
            "take",
            "decline",
            "joker",
            "?",
        )
    }
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
    assert "Race 1" in html and "Meeting total" in html
    assert not table.has_private(view, 0) or view["phase"] in table.RACE_PHASES
