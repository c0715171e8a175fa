"""Lens rollouts per second from a mid-race position, before (3f9e4dc) and now, in
CPython and in Pyodide: what the computer players' cheaper views buy the lens.

Both engines are measured in the same run, interleaved, as medians and ratios (the
machine is noisy); the older one comes from git like in ``playouts.py``.

    python3 benchmarks/lens_rollouts.py [--rounds 3] [--seconds 3] [--cpython-only]
"""

from __future__ import annotations

import argparse

from playouts import compare

BEFORE = "3f9e4dc"
"""The lens before its bet values and the faster Homestretch view (#14)."""

CODE = """
import json, random, time, pygames
from pygames.core import SeatWindow, bot_for, sample_outcome
from pygames.core.lens import LensRun
out = {{}}
for g in pygames.games():
    # The same mid-race position for both engines: the computer players play on to it.
    state = pygames.get_game(g.id).new_state(["A", "B", "C"])
    rng, bot = random.Random(7), bot_for(g.id)
    for _ in range({steps}):
        if state.is_chance():
            state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
        else:
            seat = state.current_player()
            state.apply_trusted(bot.choose(SeatWindow(state, seat), seat, rng))
    run = LensRun(SeatWindow(state, None), random.Random(1))
    began = time.perf_counter()
    while time.perf_counter() - began < {seconds}:
        run.step(1)
    out[g.id] = run.samples / (time.perf_counter() - began)
print(json.dumps(out))
"""


def measure(
    rounds: int = 3, seconds: float = 3.0, runtimes: tuple[str, ...] = ("cpython", "pyodide")
) -> dict[str, dict[str, dict[str, float]]]:
    """``{runtime: {game: {"before", "now", "ratio"}}}``, medians of ``rounds`` runs."""
    return compare(BEFORE, CODE.format(steps=60, seconds=seconds), rounds, runtimes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--cpython-only", action="store_true")
    args = parser.parse_args()
    runtimes = ("cpython",) if args.cpython_only else ("cpython", "pyodide")
    for runtime, table in measure(args.rounds, args.seconds, runtimes).items():
        for game, row in table.items():
            print(
                f"{runtime:8} {game:12} {BEFORE} {row['before']:6.1f}/s"
                f"  now {row['now']:6.1f}/s  {row['ratio']:5.2f}x"
            )


if __name__ == "__main__":
    main()
