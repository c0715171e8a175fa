"""Numbers for the statistics charts, from a game's public history.

Three things a class can look at after each race and at the end: the dice that
fell against what chance predicts, each horse's progress over the moves of a race,
and each player's money or points after every race. Everything is read from the
public events (what the log told the table), never from a hidden part of a state.

    >>> from pygames.core import Match
    >>> from pygames.core.replay import Replay
    >>> m = Match("gambler", ["Ann", "Ben"], seats=["computer", "computer"], seed=4)
    >>> _ = m.run_computers()
    >>> bars = dice_bars(Replay(m))
    >>> [b.face for b in bars]
    ['1', '2', '3', '4', '5', '6']
    >>> round(sum(b.expected for b in bars)) == sum(b.seen for b in bars)
    True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .replay import Replay
from .state import Event


@dataclass(frozen=True)
class DiceBar:
    """One face (or sum): how often it fell, and how often chance predicts."""

    face: str
    seen: int
    expected: float
    chance: float  # the chance of this face on one roll of its die (0 … 1)


def _two_dice_sums() -> dict[str, Fraction]:
    return {str(s): Fraction(6 - abs(7 - s), 36) for s in range(2, 13)}


def _fair_die() -> dict[str, Fraction]:
    return {str(v): Fraction(1, 6) for v in range(1, 7)}


def roll_of(game: str, e: Event) -> tuple[str, str] | None:
    """(which die, face) of a roll event: the die is "" unless the game has several
    kinds (Finish Line's colours); two dice read as their sum. None if not a roll."""
    kind = e["type"]
    if game == "royal_turf" and kind == "rolled":
        return "", str(e["symbol"])
    if game == "homestretch" and kind in ("rolled", "roll_off"):
        return "", str(e["a"] + e["b"])
    if game == "finish_line" and kind == "rolled":
        return str(e["colour"]), f"{e['colour']}:{e['face']}"
    if game == "gambler" and kind == "die_rolled":
        return "", str(e["value"])
    if game == "turfmaster" and kind == "dice_rolled":
        return "", str(e["d1"] + e["d2"])
    return None


def chances(game: str, die: str) -> dict[str, Fraction]:
    """Each face's chance on one roll of ``die``, from the game's own dice data."""
    if game == "royal_turf":
        from pygames.royal_turf.data import DIE

        return dict(DIE)
    if game == "finish_line":
        from pygames.finish_line.data import FACES

        return {f"{die}:{face}": Fraction(n, 6) for face, n in FACES[die]}
    if game == "gambler":
        return _fair_die()
    return _two_dice_sums()  # Homestretch, TurfMaster: the sum of two dice


def dice_bars(replay: Replay, race: int | None = None) -> list[DiceBar]:
    """Every face of the game's dice with how often it fell in ``race`` (from 1;
    ``None``: the whole game so far) and how often chance predicts for that many rolls."""
    game = replay.game_id
    seen: dict[str, int] = {}
    expected: dict[str, Fraction] = {}
    chance: dict[str, Fraction] = {}
    dice = [] if game != "finish_line" else list(_colours())
    for die in dice or [""]:
        for face, p in chances(game, die).items():
            seen.setdefault(face, 0)
            expected.setdefault(face, Fraction(0))
            chance[face] = p
    for e in replay.events:
        if race is not None and replay.race_of(e["step"]) != race:
            continue
        roll = roll_of(game, e)
        if roll is None:
            continue
        die, face = roll
        seen[face] = seen.get(face, 0) + 1
        for f, p in chances(game, die).items():
            expected[f] = expected.get(f, Fraction(0)) + p
    return [DiceBar(f, seen[f], float(expected[f]), float(chance[f])) for f in seen]


def _colours() -> tuple[str, ...]:
    from pygames.finish_line.data import COLOURS

    return tuple(COLOURS)


@dataclass(frozen=True)
class RaceTrace:
    """A race move by move: after each move, every horse's progress so far
    (bigger is nearer the finish; ``None`` before a horse has moved)."""

    horses: list[str]
    moves: list[dict[str, float | None]]


def _progress(game: str, e: Event) -> tuple[str, float] | None:
    kind = e["type"]
    if game == "royal_turf" and kind == "horse_moved":
        return str(e["horse"]), -float(e["to"])  # fields left to the finish
    if game == "royal_turf" and kind == "horse_finished":
        return str(e["horse"]), 0.0
    if game == "homestretch" and kind == "horse_moved":
        from pygames.homestretch.data import FINISH

        return str(e["horse"]), float(min(e["to"], FINISH))  # past the post is finished
    return None


def race_trace(replay: Replay, race: int) -> RaceTrace | None:
    """The moves of race ``race`` (from 1), or None for a game this chart does not
    fit (Gambler has no horses; Finish Line's horses swap places in a row; TurfMaster's
    lanes differ in length, so squares are not progress)."""
    game = replay.game_id
    if game not in ("royal_turf", "homestretch"):
        return None
    at: dict[str, float | None] = {}
    moves: list[dict[str, float | None]] = []
    for e in replay.events:
        if replay.race_of(e["step"]) != race:
            continue
        moved = _progress(game, e)
        if moved is None:
            continue
        horse, progress = moved
        at[horse] = progress
        moves.append(dict(at))
    horses = sorted(at, key=_horse_order)
    return RaceTrace(horses, [{h: m.get(h) for h in horses} for m in moves])


def _horse_order(horse: str) -> tuple[int, str]:
    return (int(horse), "") if horse.isdigit() else (0, horse)


def scores_by_race(replay: Replay) -> list[list[float]]:
    """Each player's money or points at the start and after every finished race
    (Gambler: round), from the public payouts; the last entry of a finished game is
    its final score."""
    return race_scores(
        replay.game_id,
        len(replay.players),
        replay.events,
        replay.view_at(0),
        replay.view_at(replay.last),
    )


def race_scores(
    game: str, n: int, events: Sequence[Event], start: Mapping[str, Any], now: Mapping[str, Any]
) -> list[list[float]]:
    """:func:`scores_by_race` from the public events of a game of ``n`` players and its
    public views before the first step (``start``) and after the last (``now``), so a
    finished match's standings can chart it without replaying it."""
    first = _starting(start, n)
    out = [list(first)]
    running = list(first)
    ended_at: int | None = None  # a race ended at this step: count it once the step is done
    for e in [*events, None]:
        if ended_at is not None and (e is None or e["step"] != ended_at):
            out.append(list(running[:n]))
            ended_at = None
        if e is None:
            break
        kind = e["type"]
        if game == "royal_turf" and kind == "payout":
            running[e["seat"]] += e["amount"]
        elif game == "gambler" and kind == "settled":
            running[e["seat"]] = float(e["after"])
        elif game == "homestretch" and kind == "draft_revealed":
            running = [float(x) for x in e["money"]]  # what is left after the draft
            out[0] = list(running)
        elif game in ("homestretch", "finish_line") and "money" in e and _race_ends(game, e):
            running = [float(x) for x in e["money"]]
        elif game == "turfmaster" and kind == "race_over":
            for place in e["places"]:
                running[place["seat"]] += place["points"]
        if _race_ends(game, e):
            ended_at = e["step"]
    final = now["final"]
    if final is not None:
        out[-1] = [float(x) for x in final["scores"]]
    return out


def _race_ends(game: str, e: Event) -> bool:
    kind = e["type"]
    return (
        (game == "homestretch" and kind == "race_payout")
        or (game == "gambler" and kind == "round_ended")
        or (game in ("royal_turf", "finish_line", "turfmaster") and kind == "race_over")
    )


def _starting(view: Mapping[str, Any], n: int) -> list[float]:
    for key in ("money", "points"):
        value = view.get(key)
        if isinstance(value, list) and len(value) == n:
            return [float(x) for x in value]
    return [0.0] * n
