"""The replay screen on the fake page: public table only, stepping, playing, no controls."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web.app import TABLES, App  # noqa: E402
from paddock_web.saves import SaveStore, Slot  # noqa: E402

from pygames.core import Match  # noqa: E402


def finished(game_id: str) -> tuple[App, FakeBrowser]:
    """A game two computer seats played to the end (in Python), opened from its save."""
    match = Match(game_id, ["Ann", "Ben"], seats=["computer", "computer"], seed=9)
    match.run_computers()
    b = FakeBrowser(hash_="#/play/done1")
    SaveStore(b).write(Slot(id="done1"), match, b.now_ms())
    app = App(b)
    app.start()
    assert app.match is not None and app.match.is_over()
    return app, b


@pytest.mark.parametrize("game_id", ["royal_turf", "finish_line"])
def test_watch_the_replay_steps_through_the_public_table(game_id: str) -> None:
    app, b = finished(game_id)
    assert app.match is not None
    slot = b.hash[len("#/play/") :]
    b.click("replay")
    assert b.hash == f"#/replay/{slot}"
    assert app.watching is not None and app.watching.step == 0
    # Read-only: nothing on the replay plays a move.
    assert not any(c["data-act"] in ("play", "local", "peek") for c in b.controls())
    b.click("rstep", "next")
    assert app.watching.step == 1
    b.handler("typed", "replay", "40")  # type: ignore[misc]
    assert app.watching.step == 40
    b.click("rstep", "race:2")
    assert app.watching.step == app.watching.replay.race_starts[1]
    assert app.watching.replay.race_of(app.watching.step) == 2
    b.click("rstep", "last")
    assert 'data-testid="replay-standings"' in b.html
    for seat, score in enumerate(app.match.scores()):
        assert f'data-testid="replay-result-{seat}"' in b.html
        assert f'data-score="{int(score)}"' in b.html
    # Play runs to the end by itself, then stops; the scrubber refuses nonsense.
    b.click("rstep", "first")
    b.click("rplay")
    b.run_timers(5)
    assert 0 < app.watching.step <= 5 and app.watching.playing
    b.click("rplay")
    assert not app.watching.playing
    b.handler("typed", "replay", "abc")  # type: ignore[misc]
    assert app.watching.step > 0
    b.click("rclose")
    assert app.screen == "table" and b.hash == f"#/play/{slot}"


def test_a_replay_of_hidden_bets_never_draws_a_chip_the_table_had_not_seen() -> None:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game(
        "royal_turf", ["Ann", "Ben"], ["computer", "computer"], 4, {"opt_hidden_bets": "on"}
    )
    b.run_timers(12)  # a few hidden chips are down; the game goes on
    assert app.match is not None and not app.match.is_over()
    b.click("overlay", "menu")
    b.click("replay")
    assert app.watching is not None
    b.click("rstep", "last")
    public = app.match.state.view(None)
    assert app.watching.replay.view_at(app.watching.step) == public
    # The address reopens the replay after a reload.
    again = FakeBrowser(hash_=b.hash)
    again.store = dict(b.store)
    reopened = App(again)
    reopened.start()
    assert reopened.screen == "replay" and reopened.watching is not None
    assert reopened.watching.replay.last == app.watching.replay.last


def test_the_csv_is_a_text_csv_named_without_the_seed() -> None:
    app, b = finished("gambler")
    assert app.match is not None and app.slot is not None
    b.click("csv")
    name, text = b.downloads[-1]
    assert name.startswith("paddock-gambler-") and name.endswith(".csv")
    assert str(app.match.seed) not in name
    header, first = text.splitlines()[:2]
    assert header.startswith("game_id,table,game,step,race,event")
    assert first.startswith(f"{app.slot.id},,gambler,")


@pytest.mark.parametrize("game_id", ["homestretch", "gambler"])
def test_statistics_draw_each_chart_with_its_table(game_id: str) -> None:
    app, b = finished(game_id)
    assert app.match is not None
    b.click("stats")
    assert b.hash.startswith("#/stats/") and app.screen == "stats"
    for chart in ("money-chart", "dice-chart"):
        assert f'data-testid="{chart}"' in b.html
    assert b.html.count("<svg") == b.html.count('class="standings chart-numbers"')
    assert ('data-testid="race-chart"' in b.html) == (game_id == "homestretch")
    # Every player's final score is in the money table, thousands grouped.
    for score in app.match.scores():
        assert f">{int(score):,}<" in b.html
    b.click("srace", "2")
    assert app.stats is not None and app.stats.race == 2
    b.click("srace", "all")
    assert app.stats.race is None
    b.click("sclose")
    assert app.screen == "table"


@pytest.mark.parametrize(
    "game_id", ["royal_turf", "finish_line", "homestretch", "turfmaster", "gambler"]
)
def test_the_final_standings_chart_each_players_money_over_the_races(game_id: str) -> None:
    """The end screen: standings, then how they came about (the statistics' chart, with
    the same numbers), then what to do next, then each race's details."""
    app, b = finished(game_id)
    assert app.match is not None
    html = b.html
    chart = html.index('data-testid="money-chart"')
    assert html.index('class="standings"') < chart < html.index('data-testid="play-again"')
    figure = html[chart : html.index("</figure>", chart)]
    for score in app.match.scores():  # as the standings write numbers: 12,400 not 12400
        assert f">{int(score):,}<" in figure
    # in the game's own words: Gambler plays rounds, not races
    rounds = (
        ("after every round", "Round 1") if game_id == "gambler" else ("after every race", "Race 1")
    )
    assert all(words in figure for words in rounds)
    b.click("stats")  # the statistics draw the same numbers from the replay
    stats = b.html[b.html.index('data-testid="money-chart"') :]
    numbers = figure[figure.index("<details") :]
    assert stats[: stats.index("</figure>")].endswith(numbers)


def test_statistics_between_races_show_that_race_and_return_to_its_card() -> None:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game("royal_turf", ["Ann", "Ben"], ["computer", "computer"], 5)
    while not b.find(data_act="continue"):
        assert b.run_timers(1), b.text()
    b.click("stats")
    assert app.stats is not None and app.stats.race == 1
    assert 'data-testid="dice-chart"' in b.html
    b.click("sclose")
    assert app.screen == "table" and app.interlude and b.find(data_act="continue")


def replay_log_start(b: FakeBrowser) -> int:
    """The number of the replay log's top (newest) line."""
    aside = b.html.split('data-testid="replay-log"', 1)[1]
    ol = re.search(r"<ol[^>]*>", aside)
    assert ol is not None and " reversed" in ol.group(0), ol
    found = re.search(r'start="(\d+)"', ol.group(0))
    assert found is not None, ol.group(0)
    return int(found.group(1))


def test_the_replay_log_numbers_its_lines_as_the_table_did() -> None:
    """Each line has the number it had on the table: the newest line shown is numbered
    with the count of lines up to that step, and at the last step with the table's."""
    app, b = finished("royal_turf")
    assert app.match is not None
    table = TABLES["royal_turf"]
    names = app.names()
    lines = [bool(table.describe(e, names, app.cat)) for e in app.match.events]
    b.click("replay")
    assert app.watching is not None
    for step in (0, 1, 40, 41):
        b.handler("typed", "replay", str(step))  # type: ignore[misc]
        told = app.watching.replay.events_until(step)
        assert replay_log_start(b) == sum(lines[: len(told)])
    b.click("rstep", "last")
    assert replay_log_start(b) == sum(lines)
    b.click("rclose")
    table_log = re.search(r"<ol[^>]*>", b.html.split('data-testid="log"', 1)[1])
    assert table_log is not None and f'start="{sum(lines)}"' in table_log.group(0)
