#!/usr/bin/env python3
"""Royal Turf: the heuristic bot against random bots.

    python3 benchmarks/bot_vs_random.py [--games 200] [--seed 1] [--mirror]

Each game seats one heuristic bot among random bots. The player count cycles
through 2–6, the hidden-bets variant alternates, and the heuristic seat rotates.
Prints the heuristic bot's win rate (strict: sole winner; shared: a tie for the
most money counts as a win), the win rate a random seat would expect (mean of
1/n), the mean money of both kinds of seat and the time per bot choice.
``--mirror`` also plays heuristic-only games as a sanity check (every seat
should win about 1/n of them).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygames.core import Bot, RandomBot, SeatWindow, get_game, sample_outcome  # noqa: E402
from pygames.royal_turf.bot import RoyalTurfBot  # noqa: E402

NAMES = ["A", "B", "C", "D", "E", "F"]


def play(bots: list[Bot], hidden: bool, seed: int, timing: list[float] | None = None) -> list[int]:
    """Play one game; returns the final money of each seat."""
    state = get_game("royal_turf").new_state(NAMES[: len(bots)], {"hidden_bets": hidden})
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        window = SeatWindow(state, seat)
        start = time.perf_counter()
        action = bots[seat].choose(window, seat, rng)
        if timing is not None and isinstance(bots[seat], RoyalTurfBot):
            timing.append(time.perf_counter() - start)
        state.apply(action)
    return [int(s) for s in state.scores()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mirror", action="store_true", help="also play heuristic-only games")
    args = parser.parse_args()

    heuristic, rand = RoyalTurfBot(), RandomBot()
    timing: list[float] = []
    strict = shared = 0
    expected = 0.0
    bot_money: list[int] = []
    rand_money: list[float] = []
    by_n: dict[int, list[int]] = {}
    t0 = time.perf_counter()
    for g in range(args.games):
        n = 2 + g % 5
        hidden = (g // 5) % 2 == 1
        seat = (g // 10) % n
        bots: list[Bot] = [heuristic if s == seat else rand for s in range(n)]
        money = play(bots, hidden, args.seed * 1_000_003 + g, timing)
        top = max(money)
        won = money[seat] == top
        sole = won and money.count(top) == 1
        strict += sole
        shared += won
        expected += 1 / n
        bot_money.append(money[seat])
        rand_money.append(statistics.mean(m for s, m in enumerate(money) if s != seat))
        by_n.setdefault(n, []).append(int(won))
    elapsed = time.perf_counter() - t0

    games = args.games
    print(
        f"Royal Turf: heuristic bot vs random bots, {games} games "
        f"(2-6 players, base and hidden variant, rotating seats), {elapsed:.1f} s"
    )
    print(f"  heuristic win rate, strict : {strict / games:6.1%}")
    print(f"  heuristic win rate, shared : {shared / games:6.1%}")
    print(f"  random seat expected (1/n) : {expected / games:6.1%}")
    for n in sorted(by_n):
        print(
            f"    {n} players: {sum(by_n[n]) / len(by_n[n]):6.1%} wins "
            f"over {len(by_n[n])} games (random seat: {1 / n:.1%})"
        )
    print(
        f"  mean money: heuristic £{statistics.mean(bot_money):,.0f}, "
        f"random seats £{statistics.mean(rand_money):,.0f}"
    )
    timing.sort()
    print(
        f"  time per choice: mean {statistics.mean(timing) * 1e3:.3f} ms, "
        f"p99 {timing[int(len(timing) * 0.99)] * 1e3:.3f} ms, "
        f"max {timing[-1] * 1e3:.3f} ms over {len(timing)} choices"
    )

    if args.mirror:
        wins = [0.0] * 6
        seats = [0] * 6
        fair = [0.0] * 6
        m_games = max(games // 2, 10)
        for g in range(m_games):
            n = 2 + g % 5
            money = play([heuristic] * n, g % 2 == 1, args.seed * 7_000_001 + g)
            top = max(money)
            for s in range(n):
                seats[s] += 1
                fair[s] += 1 / n
                wins[s] += (money[s] == top) / money.count(top)
        print(f"  mirror ({m_games} heuristic-only games), wins per seat (expected if fair):")
        print("    " + "  ".join(f"p{s}: {wins[s]:.1f} ({fair[s]:.1f})" for s in range(6)))


if __name__ == "__main__":
    main()
