"""A game's history as rows a class can paste into one spreadsheet (CSV).

One row per event the game told the table, in order; an event that pays several
players at once (a race's payouts) gives one row per player it pays. Every row
carries the saved game's id and the table's name, so the files of a whole class
can be stacked. The columns are documented in ``docs/csv.md``; they never change
meaning, new ones are only ever added at the end.

Events are public (they are what the log tells everyone), so the file holds no
secret the game had not revealed: face-down bets appear only once turned over.

    >>> from pygames.core import Match
    >>> m = Match("royal_turf", ["Ann", "Ben"], seats=["computer", "computer"], seed=2)
    >>> _ = m.run_computers()
    >>> text = to_csv(event_rows(m, game_id="abc", table="Table 3"))
    >>> text.splitlines()[0]
    'game_id,table,game,step,race,event,seat,player,horse,roll,amount,detail'
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator

from .match import Match
from .replay import Replay
from .state import Event

COLUMNS = (
    "game_id",
    "table",
    "game",
    "step",
    "race",
    "event",
    "seat",
    "player",
    "horse",
    "roll",
    "amount",
    "detail",
)
SHOWN = frozenset({"type", "step", "seat", "player", "horse"})
"""Event fields that have a column of their own (the rest go to ``detail``)."""

Row = dict[str, str]


def _two_dice(e: Event) -> str:
    return f"{e['a']}+{e['b']}"


ROLLS: dict[str, dict[str, Callable[[Event], str]]] = {
    # Per game: the events that are one roll of the dice, and how the roll reads.
    "royal_turf": {"rolled": lambda e: str(e["symbol"])},
    "homestretch": {"rolled": _two_dice, "roll_off": _two_dice},
    "finish_line": {"rolled": lambda e: f"{e['colour']}:{e['face']}"},
    "gambler": {"die_rolled": lambda e: str(e["value"])},
    "turfmaster": {"dice_rolled": lambda e: f"{e['d1']}+{e['d2']}"},
}


def _payouts(game: str, e: Event) -> list[tuple[int, float]]:
    """(seat, money or points) this event paid, for the ``amount`` column."""
    kind = e["type"]
    if game == "royal_turf" and kind == "payout":
        return [(e["seat"], e["amount"])]
    if game == "homestretch" and kind == "bet_paid":
        return [(e["seat"], e["amount"])]
    if game == "homestretch" and kind == "purse_paid":
        return [(p["seat"], p["amount"]) for p in e["paid"]]
    if game == "finish_line" and kind == "race_over":
        return list(enumerate(e["payouts"]))
    if game == "gambler" and kind == "settled":
        return [(e["seat"], e["after"] - e["before"])]
    if game == "turfmaster" and kind == "race_over":
        return [(p["seat"], p["points"]) for p in e["places"] if p["points"]]
    return []


def roll_text(game: str, event: Event) -> str | None:
    """The dice of a roll event as text ("5+3", "horseshoe", "white:LOGO"), else None."""
    read = ROLLS.get(game, {}).get(event["type"])
    return read(event) if read else None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def event_rows(match: Match, game_id: str, table: str) -> Iterator[Row]:
    """The rows of one game, in the order its events happened."""
    game = match.game_id
    replay = Replay(match)
    for e in match.events:
        base: Row = {
            "game_id": game_id,
            "table": table,
            "game": game,
            "step": str(e["step"]),
            "race": str(replay.race_of(e["step"])),
            "event": str(e["type"]),
            "seat": "",
            "player": "",
            "horse": "" if e.get("horse") is None else str(e["horse"]),
            "roll": roll_text(game, e) or "",
            "amount": "",
            "detail": json.dumps(
                {k: v for k, v in e.items() if k not in SHOWN}, separators=(",", ":")
            ),
        }
        seat = e.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(match.players):
            base["seat"], base["player"] = str(seat + 1), match.players[seat]
        paid = _payouts(game, e)
        if not paid:
            yield base
        for who, amount in paid:
            yield {
                **base,
                "seat": str(who + 1),
                "player": match.players[who],
                "amount": _number(amount),
            }


def to_csv(rows: Iterable[Row]) -> str:
    """CSV text with the header row; a cell that starts like a formula is quoted as text."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: _safe_cell(v) for k, v in row.items()})
    return out.getvalue()


def _safe_cell(text: str) -> str:
    # A spreadsheet runs a cell starting with = + - @ as a formula (names are typed
    # by players); a leading apostrophe keeps it text. Negative numbers stay numbers.
    if text[:1] in ("=", "+", "@", "\t", "\r") or (
        text[:1] == "-" and not text[1:].replace(".", "", 1).isdigit()
    ):
        return "'" + text
    return text


def csv_file_name(game: str, stamp: str) -> str:
    """``paddock-<game>-<date>.csv``: never the seed (like the game file's name)."""
    return f"paddock-{game}-{stamp}.csv"
