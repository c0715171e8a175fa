"""How long a Sharp computer player's decision takes in the browser's worker.

For each game, positions from the middle of the first race (played by Friendly players)
are resampled for the seat to act and sent to ``lens-worker.mjs`` as the page sends them
(``kind: "decide"``, the page's think budget); the time from posting to the answer is
measured in the page, after one warm-up decision (the worker's Python starting).

    python3 benchmarks/sharp_worker.py [--per-game 8] [--no-build]

run alone it adds ``sharp_worker_ms`` to ``benchmarks/results.json``; ``run.py`` measures
it with the rest.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

SHARP_PROBE = """
async (jobs) => {
  const worker = new Worker("./lens-worker.mjs", { type: "module" });
  const times = [];
  for (const job of jobs) {
    const began = performance.now();
    const answer = await new Promise((resolve) => {
      worker.onmessage = (event) => { if (event.data.kind === "decide") resolve(event.data); };
      worker.postMessage(job);
    });
    times.push(answer.error ? -1 : performance.now() - began);
  }
  worker.terminate();
  return times;
}
"""


def decide_jobs(game_id: str, count: int, seed: int = 11) -> list[dict[str, Any]]:
    """``count`` decision jobs with a real choice (two or more legal actions)."""
    from paddock_web.thinking import THINK_MS

    import pygames
    from pygames.core import SeatWindow, bot_for, sample_outcome

    game = pygames.get_game(game_id)
    rng = random.Random(seed)
    friendly = bot_for(game_id, "friendly")
    jobs: list[dict[str, Any]] = []
    while len(jobs) < count:
        state = game.new_state(["A", "B", "C"] if game.max_players >= 3 else ["A", "B"])
        skip = rng.randrange(4, 30)  # somewhere in the first race
        while not state.is_terminal() and len(jobs) < count:
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            window = SeatWindow(state, seat)
            skip -= 1
            if skip < 0 and len(window.legal_actions()) > 1:
                jobs.append(
                    {
                        "kind": "decide",
                        "id": len(jobs) + 1,
                        "game": game_id,
                        "state": json.dumps(window.resample(rng).to_json()),
                        "seat": seat,
                        "level": "sharp",
                        "seed": rng.getrandbits(31),
                        "think_ms": THINK_MS,
                    }
                )
                break
            state.apply(friendly.choose(window, seat, rng))
    return jobs


def sharp_in_the_worker(page: Any, per_game: int = 8) -> dict[str, dict[str, float]]:
    """Per game: median and 95th percentile of a Sharp decision, post to answer, in ms."""
    import pygames

    out: dict[str, dict[str, float]] = {}
    for game in pygames.games():
        jobs = decide_jobs(game.id, per_game + 1)
        times = page.evaluate(SHARP_PROBE, jobs)[1:]  # the first also starts Python
        if any(t < 0 for t in times):
            out[game.id] = {"error": 1.0}
            continue
        times.sort()
        out[game.id] = {
            "median": statistics.median(times),
            "p95": times[min(len(times) - 1, round(0.95 * len(times)) - 1)],
            "decisions": float(len(times)),
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-game", type=int, default=8)
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import run

    figures = run.in_a_ready_page(
        lambda page: sharp_in_the_worker(page, args.per_game), "sharp_worker_ms", args.no_build
    )
    for game_id, t in figures.items():
        print(f"{game_id:12} Sharp decision in the worker: {t}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
