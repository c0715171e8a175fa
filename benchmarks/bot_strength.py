#!/usr/bin/env python3
"""How strong the sharp computer player is: against friendly players and random ones.

    python3 benchmarks/bot_strength.py [--games 10] [--iterations 16] [--game royal_turf ...]
    python3 benchmarks/bot_strength.py --add --games 4 --iterations 48   # pool more games
    python3 benchmarks/bot_strength.py --add --games 0 --random-games 8 --restart-random \
        --iterations 48 --game finish_line   # replay the games against random players

Each game seats one sharp player among friendly players (then among random ones). The
player count cycles through 2-4 (the sharp seat's equal share is 1/n), the sharp seat
rotates. A win is the seat's share of first place (ties share). Prints and stores the
sharp seat's win share with its 95 % interval, the ratio to its equal share, and the
decision times of both levels (CPU time in CPython, so a busy machine does not
stretch them; Pyodide is about 2-3x slower). Figures are
merged into ``benchmarks/results.json`` under ``"bot_strength"`` (one key per game, so
several runs on different games may be merged one after another). With ``--add`` a run
plays the games after those already stored (the same seat rotation and seeds, continued)
and pools its tallies with theirs, so long runs can be made in pieces, side by side.
``--jobs N`` plays the games in N processes (each game is the same whichever plays it).
The page gives Sharp a time budget, not a count: ``sharp_budget.py`` measures how many
rollouts that budget buys in the site's Pyodide.
``--restart-random`` drops the stored games against random players first (after a
change that can only matter there) and keeps those against friendly players.

``--players N`` replays only the stored games of N players (the same numbers, seats and
dice), after a change that can only matter with N players. A run with ``--base`` plays
them with the code the totals were measured with (a worktree of it: the same games as
the totals hold), one without with the changed code; once both are stored (under
``"parts"``, in either order, side by side) the totals hold the changed code's games in
place of the base's. So a change made for two-player games is measured on the bench's
own two-player games, with the other games' results kept:

    git worktree add /tmp/before HEAD~1 && cp benchmarks/bot_strength.py /tmp/before/benchmarks/
    python3 /tmp/before/benchmarks/bot_strength.py --players 2 --base --games 400 \
        --random-games 0 --iterations 48 --game royal_turf --results benchmarks/results.json
    python3 benchmarks/bot_strength.py --players 2 --games 400 --random-games 0 \
        --iterations 48 --game royal_turf
"""

from __future__ import annotations

import argparse
import fcntl
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygames  # noqa: E402
from pygames.core import Bot, RandomBot, bot_for  # noqa: E402
from pygames.core.lens import margin_95  # noqa: E402
from pygames.core.playout import play_with_bots  # noqa: E402

RESULTS = Path(__file__).resolve().parent / "results.json"
KEY = "bot_strength"


class Timed:
    """A bot whose decision times are recorded (only choices with 2+ options count), as
    the process's CPU time: the long runs go beside other work."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times, self.name = bot, times, bot.name

    def choose(self, state: Any, seat: int, rng: random.Random) -> Any:
        start = time.process_time()
        action = self.bot.choose(state, seat, rng)
        if len(state.legal_actions()) > 1:
            self.times.append(time.process_time() - start)
        return action


def play_one(task: tuple[str, int, str, int, int, int]) -> tuple[float, list[float], list[float]]:
    """One game of a sharp seat among ``other`` players ("friendly" or "random"): the
    seat's share of the win and the decision times of the sharp and friendly players.
    ``task``: (game, iterations, other, players, sharp seat, seed of the dice)."""
    game_id, iterations, other, n, seat, seed = task
    sharp_times: list[float] = []
    other_times: list[float] = []
    sharp = Timed(bot_for(game_id, "sharp", iterations=iterations), sharp_times)
    rival: Bot = (
        Timed(bot_for(game_id, "friendly"), other_times) if other == "friendly" else RandomBot()
    )
    bots = [sharp if s == seat else rival for s in range(n)]
    state = pygames.get_game(game_id).new_state([f"P{i + 1}" for i in range(n)])
    play_with_bots(state, bots, random.Random(seed))
    winners = state.winners()
    return (seat in winners) / len(winners), sharp_times, other_times


def match_up(
    game_id: str,
    iterations: int,
    other: str,
    games: int,
    seed: int,
    counts: list[int],
    first: int = 0,
    players: int | None = None,
    jobs: int = 1,
) -> tuple[dict[str, Any], list[float], list[float]]:
    """``games`` games of one sharp seat among ``other`` players, numbered from ``first``
    (the number picks the player count, the sharp seat and the dice); with ``players``,
    only those of that many players among them. ``jobs`` processes play them (each game
    is the same whichever process plays it). Returns the tally and the decision times
    of the sharp and the friendly players."""
    tasks = []
    for g in range(first, first + games):
        n = counts[g % len(counts)]
        if players is None or n == players:
            seat = (g // len(counts)) % n
            tasks.append((game_id, iterations, other, n, seat, seed * 1_000_003 + g))
    if jobs > 1 and len(tasks) > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play_one, tasks, chunksize=1)
    else:
        results = [play_one(task) for task in tasks]
    wins = fair = 0.0
    sharp_times: list[float] = []
    other_times: list[float] = []
    for task, (share, sharp, other_player) in zip(tasks, results, strict=True):
        wins += share
        fair += 1 / task[3]
        sharp_times += sharp
        other_times += other_player
    return tally(len(tasks), wins, fair), sharp_times, other_times


def tally(games: int, wins: float, fair: float) -> dict[str, Any]:
    """The figures of ``games`` games with ``wins`` won (shares) and ``fair`` equal shares."""
    if not games:  # a run that played none of this match-up (pooled, it adds nothing)
        return {"games": 0, "win_share": 0.0, "margin_95": 1.0, "equal_share": 0.0}
    share, equal = wins / games, fair / games
    low, high = wilson_95(share, games)
    return {
        "games": games,
        "win_share": share,
        "margin_95": margin_95(share, games),
        "wilson_95": [low, high],
        "equal_share": equal,
        "ratio_to_equal_share": share / equal,
        "ratio_95": [low / equal, high / equal],
    }


def wilson_95(p: float, n: int) -> tuple[float, float]:
    """Wilson's 95 % interval for a share ``p`` in ``n`` games: unlike the normal
    approximation it stays inside 0..1 and is honest for a few dozen games."""
    z = 1.959964
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def pooled(old: dict[str, Any], new: dict[str, Any], sign: int = 1) -> dict[str, Any]:
    """Two tallies of the same match-up as one; ``sign=-1``: ``old`` without ``new``'s
    games (a part of them)."""
    games = int(old["games"] + sign * new["games"])
    wins = old["win_share"] * old["games"] + sign * new["win_share"] * new["games"]
    fair = old["equal_share"] * old["games"] + sign * new["equal_share"] * new["games"]
    return tally(games, wins, fair)


def swapped(row: Any, players: int, part: Any, base: bool) -> Any:
    """``row`` with ``part``, the tallies of its games of ``players`` players replayed,
    stored as that part's ``base`` (played by the code the totals were measured with,
    so the same games as the totals hold) or as its ``replayed`` tally (by changed
    code). Once both are known the totals hold the replayed one in the base's place,
    whichever run ends first. The decision times stay the stored ones (a part's would be
    of one player count)."""
    parts = row.setdefault("parts", {}).setdefault(str(players), {})
    for key in ("sharp_vs_friendly", "sharp_vs_random"):
        if not part[key]["games"]:
            continue  # not replayed: what is stored stays
        known = parts.setdefault(key, {})
        swapped_in = known.get("replayed") if known.get("swapped") else None
        known["base" if base else "replayed"] = part[key]
        if known.get("base") and known.get("replayed"):
            assert known["base"]["games"] == known["replayed"]["games"], "the same games"
            held = swapped_in or known["base"]  # what the totals hold for these games
            row[key] = pooled(pooled(row[key], held, -1), known["replayed"])
            known["swapped"] = True
    return row


def quantile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 if ordered else 0.0


def measure(
    game_id: str,
    games: int,
    random_games: int,
    iterations: int,
    seed: int,
    first: tuple[int, int] = (0, 0),
    players: int | None = None,
    jobs: int = 1,
) -> Any:
    """One game's figures; ``first``: the numbers of the first games against friendly
    and against random players; ``players``: only the games of that many players (see
    :func:`match_up`)."""
    game = pygames.get_game(game_id)
    counts = list(range(game.min_players, min(game.max_players, 4) + 1))
    vs_friendly, sharp_times, friendly_times = match_up(
        game_id, iterations, "friendly", games, seed, counts, first[0], players, jobs
    )
    vs_random, more_sharp_times, _ = match_up(
        game_id, iterations, "random", random_games, seed + 1, counts, first[1], players, jobs
    )
    sharp_times += more_sharp_times
    return {
        "iterations": iterations,
        "player_counts": counts,
        "sharp_vs_friendly": vs_friendly,
        "sharp_vs_random": vs_random,
        "sharp_choice_ms": {
            "median": quantile(sharp_times, 0.5),
            "p95": quantile(sharp_times, 0.95),
            "choices": len(sharp_times),
        },
        "friendly_choice_ms": {
            "median": quantile(friendly_times, 0.5),
            "p95": quantile(friendly_times, 0.95),
            "choices": len(friendly_times),
        },
    }


def stored(game_id: str) -> Any:
    """The figures stored for ``game_id`` (None if there are none)."""
    with open(RESULTS, encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_SH)
        return json.load(f).get(KEY, {}).get(game_id)


def save(
    game_id: str,
    row: Any,
    add: bool = False,
    restart_random: bool = False,
    players: int | None = None,
    base: bool = False,
) -> Any:
    """Merge one game's figures into results.json (locked: runs may go side by side).
    With ``add``, pool the tallies with those stored (same iterations and player
    counts), those against random players only without ``restart_random``; the decision
    times are the latest run's (that made any). With ``players``, ``row`` is the part of
    the stored games of that many players, ``base`` as played by the code of the totals
    (see :func:`swapped`). Returns the row stored."""
    with open(RESULTS, "r+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        data = json.load(f)
        old = data.setdefault(KEY, {}).get(game_id)
        if players is not None:
            assert old and same_setup(old, row), "a part replays stored games"
            row = swapped(old, players, row, base)
        elif add and old and same_setup(old, row):
            for key in ("sharp_vs_friendly", "sharp_vs_random"):
                if key != "sharp_vs_random" or not restart_random:
                    row[key] = pooled(old[key], row[key])
            for key in ("sharp_choice_ms", "friendly_choice_ms"):
                if not row[key]["choices"]:  # a run with no such choices keeps the old times
                    row[key] = old[key]
        data[KEY][game_id] = row
        f.seek(0)
        f.write(json.dumps(data, indent=2) + "\n")
        f.truncate()
    return row


def same_setup(old: Any, row: Any) -> bool:
    return bool(
        old["iterations"] == row["iterations"] and old["player_counts"] == row["player_counts"]
    )


def measure_all(
    games: int, random_games: int, iterations: int, seed: int = 1, ids: list[str] | None = None
) -> dict[str, Any]:
    """Every game's figures, without saving (``benchmarks/run.py`` stores them)."""
    ids = ids or [g.id for g in pygames.games()]
    return {g: measure(g, games, random_games, iterations, seed) for g in ids}


def run(
    games: int,
    random_games: int,
    iterations: int,
    seed: int,
    ids: list[str],
    add: bool = False,
    restart_random: bool = False,
    players: int | None = None,
    base: bool = False,
    jobs: int = 1,
) -> None:
    for game_id in ids:
        old = stored(game_id) if add or players else None
        first = (0, 0)
        if players is not None:
            assert old, f"{game_id}: no stored games to replay"
            for count, key in ((games, "sharp_vs_friendly"), (random_games, "sharp_vs_random")):
                assert count in (0, old[key]["games"]), f"{key}: 0 or all stored games"
        elif old and old["iterations"] == iterations:
            against_random = 0 if restart_random else old["sharp_vs_random"]["games"]
            first = (old["sharp_vs_friendly"]["games"], against_random)
        figures = measure(game_id, games, random_games, iterations, seed, first, players, jobs)
        row = save(game_id, figures, add, restart_random, players, base)
        vf, vr = row["sharp_vs_friendly"], row["sharp_vs_random"]
        if players is not None:
            part = figures["sharp_vs_friendly"]
            print(
                f"{game_id:12} {players} players: sharp vs friendly "
                f"{part['win_share']:.3f} over {part['games']} games "
                f"(vs random {figures['sharp_vs_random']['win_share']:.3f} over "
                f"{figures['sharp_vs_random']['games']})",
                flush=True,
            )
        print(
            f"{game_id:12} sharp vs friendly {vf['win_share']:.2f} ± {vf['margin_95']:.2f} "
            f"({vf['ratio_to_equal_share']:.2f}x equal share, 95 % "
            f"{vf['ratio_95'][0]:.2f}-{vf['ratio_95'][1]:.2f}x, {vf['games']} games); "
            f"vs random {vr['win_share']:.2f} ± {vr['margin_95']:.2f} ({vr['games']} games); "
            f"choice ms sharp {row['sharp_choice_ms']['median']:.0f} "
            f"(p95 {row['sharp_choice_ms']['p95']:.0f}), "
            f"friendly {row['friendly_choice_ms']['median']:.2f}",
            flush=True,
        )


def main() -> None:
    global RESULTS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=[g.id for g in pygames.games()])
    parser.add_argument("--games", type=int, default=10, help="games against friendly players")
    parser.add_argument("--random-games", type=int, default=4, help="games against random ones")
    parser.add_argument("--iterations", type=int, default=16, help="sharp rollouts per choice")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--add", action="store_true", help="play on after the stored games and pool with them"
    )
    parser.add_argument(
        "--restart-random",
        action="store_true",
        help="with --add: drop the stored games against random players, keep the others",
    )
    parser.add_argument(
        "--players", type=int, help="replay only the stored games of this many players"
    )
    parser.add_argument(
        "--base",
        action="store_true",
        help="with --players: this run's code is the one the stored totals were measured with",
    )
    parser.add_argument("--results", type=Path, default=RESULTS, help="the figures' file")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes that play the games (the same games)"
    )
    args = parser.parse_args()
    RESULTS = args.results
    ids = args.game or [g.id for g in pygames.games()]
    run(
        args.games,
        args.random_games,
        args.iterations,
        args.seed,
        ids,
        args.add,
        args.restart_random,
        args.players,
        args.base,
        args.jobs,
    )


if __name__ == "__main__":
    main()
