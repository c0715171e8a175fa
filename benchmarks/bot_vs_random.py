#!/usr/bin/env python3
"""A game's computer player against random players.

    python3 benchmarks/bot_vs_random.py [--game royal_turf] [--games 200] [--seed 1] [--mirror]

Each game seats one computer player (the game's registered bot) among random bots.
The player count cycles through the game's range, the game's on/off variants take
turns in blocks of five games, and the computer's seat rotates. Prints its win rate
(strict: sole winner; shared: a tie for first counts as a win) beside what a random
seat would expect (mean of 1/n), mean scores and the time per choice. ``--mirror``
also plays computer-only games as a sanity check (every seat should win about 1/n).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygames  # noqa: E402
from pygames.core import Bot, RandomBot, bot_for  # noqa: E402
from pygames.core.playout import play_with_bots  # noqa: E402


def variants(game: pygames.Game) -> list[dict[str, object]]:
    """Defaults, then each on/off option switched on by itself."""
    base = {o.name: o.default for o in game.options}
    out = [base]
    for o in game.options:
        if set(o.values) == {False, True}:
            out.append({**base, o.name: not o.default})
    return out


def play(
    game_id: str,
    bots: list[Bot],
    options: dict[str, object],
    seed: int,
    timing: list[float] | None = None,
    timed_seat: int = -1,
) -> list[float]:
    game = pygames.get_game(game_id)
    state = game.new_state([f"P{i + 1}" for i in range(len(bots))], options)

    def record(seat: int, seconds: float) -> None:
        if timing is not None and seat == timed_seat:
            timing.append(seconds)

    return play_with_bots(state, bots, random.Random(seed), record).scores()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="royal_turf", choices=[g.id for g in pygames.games()])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mirror", action="store_true", help="also play computer-only games")
    args = parser.parse_args()

    game = pygames.get_game(args.game)
    smart, rand = bot_for(game.id), RandomBot()
    counts = list(range(game.min_players, game.max_players + 1))
    modes = variants(game)
    timing: list[float] = []
    strict = shared = 0
    expected = 0.0
    bot_scores: list[float] = []
    rand_scores: list[float] = []
    by_n: dict[int, list[int]] = {}
    for g in range(args.games):
        n = counts[g % len(counts)]
        options = modes[(g // 5) % len(modes)]
        seat = (g // 10) % n
        bots: list[Bot] = [smart if s == seat else rand for s in range(n)]
        scores = play(game.id, bots, options, args.seed * 1_000_003 + g, timing, seat)
        top = max(scores)
        won = scores[seat] == top
        strict += won and scores.count(top) == 1
        shared += won
        expected += 1 / n
        bot_scores.append(scores[seat])
        rand_scores.append(statistics.mean(x for s, x in enumerate(scores) if s != seat))
        by_n.setdefault(n, []).append(int(won))

    games = args.games
    print(
        f"{game.title}: computer player '{smart.name}' vs random bots, {games} games "
        f"({counts[0]}-{counts[-1]} players, {len(modes)} variant settings, rotating seats)"
    )
    print(f"  win rate, strict : {strict / games:6.1%}")
    print(f"  win rate, shared : {shared / games:6.1%}")
    print(f"  a random seat would expect (1/n): {expected / games:6.1%}")
    for n in sorted(by_n):
        print(
            f"    {n} players: {sum(by_n[n]) / len(by_n[n]):6.1%} wins over "
            f"{len(by_n[n])} games (random seat: {1 / n:.1%})"
        )
    print(
        f"  mean score: computer {statistics.mean(bot_scores):,.0f}, "
        f"random seats {statistics.mean(rand_scores):,.0f}"
    )
    timing.sort()
    print(
        f"  time per choice: median {statistics.median(timing) * 1e3:.3f} ms, "
        f"p99 {timing[int(len(timing) * 0.99)] * 1e3:.3f} ms over {len(timing)} choices"
    )

    if args.mirror:
        n_max = counts[-1]
        wins, fair = [0.0] * n_max, [0.0] * n_max
        m_games = max(games // 2, 10)
        for g in range(m_games):
            n = counts[g % len(counts)]
            scores = play(game.id, [smart] * n, modes[g % len(modes)], args.seed * 7_000_001 + g)
            top = max(scores)
            for s in range(n):
                fair[s] += 1 / n
                wins[s] += (scores[s] == top) / scores.count(top)
        print(f"  mirror ({m_games} computer-only games), wins per seat (expected if fair):")
        print("    " + "  ".join(f"p{s}: {wins[s]:.1f} ({fair[s]:.1f})" for s in range(n_max)))


if __name__ == "__main__":
    main()
