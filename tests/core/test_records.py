"""The CSV of a game: stable columns, one row per roll, payouts that add up."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

import pytest

from pygames.core import Match
from pygames.core.records import COLUMNS, csv_file_name, event_rows, to_csv

GAMES = ["royal_turf", "homestretch", "finish_line", "gambler", "turfmaster"]
ROLL_EVENTS = {
    "royal_turf": {"rolled"},
    "homestretch": {"rolled", "roll_off"},
    "finish_line": {"rolled"},
    "gambler": {"die_rolled"},
    "turfmaster": {"dice_rolled"},
}


def played(game_id: str, names: list[str] | None = None, seed: int = 5) -> Match:
    names = names or ["Ann", "Ben", "Cy"]
    match = Match(game_id, names, seats=["computer"] * len(names), seed=seed)
    match.run_computers()
    return match


def parsed(match: Match) -> list[dict[str, str]]:
    text = to_csv(event_rows(match, game_id="g123", table="Table 4"))
    reader = csv.DictReader(io.StringIO(text))
    assert tuple(reader.fieldnames or ()) == COLUMNS
    return list(reader)


def paid(rows: list[dict[str, str]]) -> dict[tuple[int, int], float]:
    """Money or points per (race, seat) from the amount column."""
    out: dict[tuple[int, int], float] = defaultdict(float)
    for row in rows:
        if row["amount"]:
            out[int(row["race"]), int(row["seat"]) - 1] += float(row["amount"])
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_row_names_the_game_and_table_and_every_roll_has_its_row(game_id: str) -> None:
    match = played(game_id)
    rows = parsed(match)
    assert rows and all(r["game_id"] == "g123" and r["table"] == "Table 4" for r in rows)
    assert all(r["game"] == game_id for r in rows)
    rolls = [e for e in match.events if e["type"] in ROLL_EVENTS[game_id]]
    roll_rows = [r for r in rows if r["roll"]]
    assert len(roll_rows) == len(rolls) > 0
    assert [int(r["step"]) for r in roll_rows] == [e["step"] for e in rolls]
    # Races are counted from 1 and never go back.
    races = [int(r["race"]) for r in rows]
    assert races[0] == 1 and races == sorted(races)
    assert races[-1] == len(match.state.view(None)["results"])


def test_gamblers_single_dice_add_up_to_the_rolls() -> None:
    match = played("gambler")
    rows = parsed(match)
    dice = sorted(int(r["roll"]) for r in rows if r["roll"])
    whole = sorted(v for e in match.events if e["type"] == "rolled" for v in e["roll"])
    assert dice == whole


@pytest.mark.parametrize("game_id", ["royal_turf", "turfmaster"])
def test_payouts_add_up_to_the_final_standings(game_id: str) -> None:
    match = played(game_id)
    totals: dict[int, float] = defaultdict(float)
    for (_, seat), amount in paid(parsed(match)).items():
        totals[seat] += amount
    assert [totals[s] for s in range(3)] == match.scores()


def test_gambler_points_from_the_start_add_up_to_the_final_standings() -> None:
    match = played("gambler")
    start = match.game.new_state(match.players, match.options).view(None)["points"]
    totals = [float(p) for p in start]
    for (_, seat), amount in paid(parsed(match)).items():
        totals[seat] += amount
    assert totals == match.scores()


def test_each_race_pays_what_its_results_say() -> None:
    hs = played("homestretch")
    gains = [e["gains"] for e in hs.events if e["type"] == "race_payout"]
    by_race = paid(parsed(hs))
    assert [[by_race[r, s] for s in range(3)] for r in range(1, len(gains) + 1)] == gains
    fl = played("finish_line", seed=8)
    by_race = paid(parsed(fl))
    for race in fl.state.view(None)["results"]:
        wanted = [slip["payout"] for slip in race["slips"]]
        assert [by_race[race["race"], s] for s in range(3)] == wanted


def test_names_stay_text_in_a_spreadsheet() -> None:
    match = played("royal_turf", names=["=HYPERLINK(1)", "Ann, Jr", "-Bo"], seed=3)
    rows = parsed(match)
    players = {r["player"] for r in rows if r["player"]}
    assert players == {"'=HYPERLINK(1)", "Ann, Jr", "'-Bo"}
    assert any(r["amount"] for r in rows)
    # Amounts stay numbers, negative ones too (Royal Turf's last horse costs money).
    amounts = [float(r["amount"]) for r in rows if r["amount"]]
    assert any(a < 0 for a in amounts) and any(a > 0 for a in amounts)


def test_the_file_name_never_carries_the_seed() -> None:
    match = Match("gambler", ["Ann", "Ben"], seed=987654321)
    name = csv_file_name(match.game_id, "2026-11-27-0100")
    assert name == "paddock-gambler-2026-11-27-0100.csv"
    assert str(match.seed) not in name
