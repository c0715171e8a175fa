"""How fast the probability lens refines in the browser's worker.

For each game, a position from the middle of the first race (played by Friendly
players) is resampled for the public table and sent to ``lens-worker.mjs`` as the page
sends it. One worker per game: the first job also starts the worker's Python (the
*cold* first estimate: what a player would see if the lens were opened the moment the
table appears); the same position is then sent again as a new job, and that run is
timed to its first estimate (what a player sees after every move) and to a margin of
+-2 points (95 %). A second worker is warmed up first as the page does when a table
opens (``{kind: "warm", game}``: Python, the game's rules and computer player): the
time that takes, then the first estimate of the position's job (what a player sees
when they open the lens, a few seconds into a game).

    python3 benchmarks/lens_worker.py [--limit 240] [--no-build]

run alone it adds ``lens_worker`` to ``benchmarks/results.json``; ``run.py`` measures it
with the rest.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

TARGET_MARGIN = 0.02

LENS_PROBE = """
async ([jobs, limitMs]) => {
  const worker = new Worker("./lens-worker.mjs", { type: "module" });
  const runs = [];
  const opened = performance.now();
  for (const job of jobs) {
    const posts = [];
    const began = performance.now();
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, limitMs);
      worker.onmessage = (event) => {
        const m = event.data;
        if (job.kind === "warm" && m.kind === "warm") {
          posts.push({ t: performance.now() - opened, samples: 0, margin: 1, error: null });
          clearTimeout(timer); resolve(); return;
        }
        if (m.id !== job.id) return;
        posts.push({ t: performance.now() - began, samples: m.odds ? m.odds.samples : 0,
                     margin: m.odds ? m.odds.margin : 1, error: m.error || null });
        // A cold or warmed-up run only has to give a first estimate.
        if (m.done || m.error || (job.first && m.odds && m.odds.samples)) {
          clearTimeout(timer); resolve();
        }
      };
      worker.postMessage(job);
    });
    runs.push(posts);
  }
  worker.terminate();
  return runs;
}
"""


def mid_race_job(game_id: str, job_id: int, seed: int = 7) -> dict[str, Any]:
    """A lens job from the middle of the first race (or round), public view."""
    import pygames
    from pygames.core import SeatWindow, bot_for, sample_outcome

    game = pygames.get_game(game_id)
    rng = random.Random(seed)
    state = game.new_state(["A", "B", "C"] if game.max_players >= 3 else ["A", "B"])
    bot = bot_for(game_id)
    decisions = 0
    while decisions < 40 and state.finished_races() == 0:
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        state.apply(bot.choose(SeatWindow(state, seat), seat, rng))
        decisions += 1
    resample = SeatWindow(state, None).resample(rng)
    return {
        "id": job_id,
        "game": game_id,
        "state": json.dumps(resample.to_json()),
        "seat": None,
        "actions": False,
        "seed": 1,
    }


def lens_in_the_worker(page: Any, limit_s: float = 240.0) -> dict[str, dict[str, float | None]]:
    """Per game: the cold, warmed-up and warm first estimates, the worker's warm-up, its
    rollouts/s and the time to +-2 points (None if not reached within ``limit_s``), in
    ms from posting (the warm-up from starting the worker)."""
    import pygames

    out: dict[str, dict[str, float | None]] = {}
    for game in pygames.games():
        cold_job = {**mid_race_job(game.id, 1), "first": True}
        jobs = [cold_job, {**cold_job, "id": 2, "first": False}]  # the same again, warm
        cold, warm = page.evaluate(LENS_PROBE, [jobs, limit_s * 1000])
        warm_up = {"kind": "warm", "game": game.id, "players": 3}
        ready, opened = page.evaluate(LENS_PROBE, [[warm_up, cold_job], limit_s * 1000])
        estimates = [p for p in warm if p["samples"]]
        if not estimates or not any(p["samples"] for p in cold):
            out[game.id] = {"error": 1.0}
            continue
        first, last = estimates[0], estimates[-1]
        sure = next((p["t"] for p in estimates if p["margin"] <= TARGET_MARGIN), None)
        span = last["t"] - first["t"]
        rate = (last["samples"] - first["samples"]) / (span / 1000) if span else None
        out[game.id] = {
            "cold_first_estimate_ms": next(p["t"] for p in cold if p["samples"]),
            "warm_up_ms": ready[0]["t"] if ready else None,
            "warmed_up_first_estimate_ms": next((p["t"] for p in opened if p["samples"]), None),
            "first_estimate_ms": first["t"],
            "rollouts_per_s": rate,
            "ms_to_2_points": sure,
            "samples": last["samples"],
            "margin_at_end": last["margin"],
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=240.0, help="seconds per game at most")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import run

    figures = run.in_a_ready_page(
        lambda page: lens_in_the_worker(page, args.limit), "lens_worker", args.no_build
    )
    for game_id, w in figures.items():
        print(f"{game_id:12} lens in the worker: {w}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
