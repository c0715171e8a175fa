#!/usr/bin/env python3
"""How many rollouts a Sharp decision makes in the page's think budget, in Pyodide.

The strength bench (``bot_strength.py``) gives Sharp a fixed number of rollouts a
choice, so that its games can be replayed; the page gives it a time budget
(``paddock_web.thinking.THINK_MS``). This measures what that budget buys in the
interpreter the site ships (the pinned Pyodide, run by Node as in ``playouts.py``):
for each game, Sharp decides at positions spread over games of friendly players
(2-4 players), and the rollouts its search counted are summed per decision.
Decisions that Sharp plays without a search (a friendly line played whole, a single
choice) are left out. Run it on a quiet machine: the budget is wall time.

    python3 benchmarks/sharp_budget.py [--per-count 6]

It stores ``sharp_rollouts_per_decision`` in ``benchmarks/results.json``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web"), str(ROOT / "benchmarks")]

CODE = """
import importlib, json, random, statistics
import pygames
from pygames.core import SeatWindow, bot_for, sample_outcome

searching = importlib.import_module("pygames.core.search")  # the module, not its function

counted = []
searched = searching.search

def counting(*args, **kwargs):
    arms = searched(*args, **kwargs)
    counted.append(sum(arm.visits for arm in arms))
    return arms

searching.search = counting  # SharpBot looks it up in the module at each decision
out = {}
for game in pygames.games():
    rng = random.Random(7)
    friendly = bot_for(game.id, "friendly")
    sharp = bot_for(game.id, "sharp", think_ms=THINK_MS)
    per = []
    for n in range(max(2, game.min_players), min(4, game.max_players) + 1):
        found = 0
        while found < PER_COUNT:
            state = game.new_state([f"P{i}" for i in range(n)])
            while not state.is_terminal() and found < PER_COUNT:
                if state.is_chance():
                    state.apply(sample_outcome(state.chance_outcomes(), rng))
                    continue
                seat = state.current_player()
                window = SeatWindow(state, seat)
                if rng.random() < 0.05:  # now and then, across the whole game
                    counted.clear()
                    action = sharp.choose(window, seat, rng)
                    if counted:
                        per.append(counted[-1])
                        found += 1
                else:
                    action = friendly.choose(window, seat, rng)
                state.apply(action)
    per.sort()
    q = statistics.quantiles(per, n=4)
    out[game.id] = {"median": statistics.median(per), "quartiles": [q[0], q[2]],
                    "least": per[0], "decisions": len(per)}
print(json.dumps(out))
"""


def measure(per_count: int) -> dict[str, Any]:
    from paddock_web.thinking import THINK_MS
    from playouts import printed

    code = f"THINK_MS = {THINK_MS}\nPER_COUNT = {per_count}\n{CODE}"
    figures = printed(ROOT, "pyodide", code)
    return {"think_ms": THINK_MS, "runtime": "pyodide (node)", "games": figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-count", type=int, default=6, help="decisions per player count")
    args = parser.parse_args()
    figures = measure(args.per_count)
    from run import merge_results

    merge_results({"sharp_rollouts_per_decision": figures})
    for game_id, row in figures["games"].items():
        print(f"{game_id:12} rollouts in {figures['think_ms']} ms: {row}")


if __name__ == "__main__":
    main()
