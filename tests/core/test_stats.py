"""Statistics from the public history: dice against chance, races, money per race."""

from __future__ import annotations

from collections import Counter

import pytest

from pygames.core import Match
from pygames.core.replay import Replay
from pygames.core.stats import dice_bars, race_trace, scores_by_race

GAMES = ["royal_turf", "homestretch", "finish_line", "gambler", "turfmaster"]


def replayed(game_id: str, seed: int = 5) -> tuple[Match, Replay]:
    match = Match(game_id, ["Ann", "Ben", "Cy"], seats=["computer"] * 3, seed=seed)
    match.run_computers()
    return match, Replay(match)


@pytest.mark.parametrize("game_id", GAMES)
def test_dice_bars_count_every_roll_against_what_chance_predicts(game_id: str) -> None:
    match, replay = replayed(game_id)
    whole = dice_bars(replay)
    rolls = sum(b.seen for b in whole)
    assert rolls > 0 and sum(b.expected for b in whole) == pytest.approx(rolls)
    races = len(replay.race_starts)
    per_race = [dice_bars(replay, race) for race in range(1, races + 1)]
    for i, bar in enumerate(whole):
        assert bar.seen == sum(r[i].seen for r in per_race)
        assert bar.expected == pytest.approx(sum(r[i].expected for r in per_race))
    if game_id != "finish_line":  # one die (or pair): its chances sum to 1
        assert sum(b.chance for b in whole) == pytest.approx(1)


def test_two_dice_sums_follow_the_one_to_six_in_36_curve() -> None:
    _, replay = replayed("homestretch")
    bars = {b.face: b for b in dice_bars(replay)}
    assert list(bars) == [str(s) for s in range(2, 13)]
    assert bars["7"].chance == pytest.approx(6 / 36) and bars["2"].chance == pytest.approx(1 / 36)
    sums = Counter(
        str(e["a"] + e["b"]) for e in replay.events if e["type"] in ("rolled", "roll_off")
    )
    assert {f: b.seen for f, b in bars.items() if b.seen} == dict(sums)


@pytest.mark.parametrize("game_id", GAMES)
def test_scores_by_race_end_at_the_final_standings(game_id: str) -> None:
    match, replay = replayed(game_id)
    scores = scores_by_race(replay)
    assert len(scores) == len(match.state.view(None)["results"]) + 1
    assert scores[-1] == match.scores()


@pytest.mark.parametrize("game_id", ["royal_turf", "turfmaster"])
def test_scores_by_race_follow_each_races_results(game_id: str) -> None:
    match, replay = replayed(game_id, seed=6)
    scores = scores_by_race(replay)
    assert scores[0] == [0.0, 0.0, 0.0]
    for r, race in enumerate(match.state.view(None)["results"]):
        gained = [after - before for before, after in zip(scores[r], scores[r + 1], strict=True)]
        if game_id == "royal_turf":
            paid = [0.0] * 3
            for p in race["payouts"]:
                paid[p["seat"]] += p["amount"]
        else:
            paid = [float(x) for x in race["points"]]
        assert gained == paid


@pytest.mark.parametrize("game_id", ["royal_turf", "homestretch"])
def test_the_race_trace_ends_where_the_horses_were_placed(game_id: str) -> None:
    match, replay = replayed(game_id)
    trace = race_trace(replay, 1)
    assert trace is not None and trace.moves
    last = trace.moves[-1]
    winner = match.state.race_placings(0)[0]
    known = {h: v for h, v in last.items() if v is not None}
    assert known[winner] == max(known.values())
    assert race_trace(replayed("gambler")[1], 1) is None
    assert race_trace(replayed("finish_line")[1], 1) is None
