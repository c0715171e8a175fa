"""Friendly rollouts per second, before (84a1957) and now, in CPython: what the lens
and the Sharp player get from cheaper computer-player decisions (#14, #15).

One rollout is :func:`pygames.core.search.rollout` (the friendly players play on to the
end of the race, or of the game where rollouts go that far), 3 players, from a new game
and from a mid-race position: halfway, in steps, through the first race that the
friendly players play with a fixed seed. Both engines run in the same process order,
interleaved, as medians and ratios (the machine is noisy), the older one from git like
in ``playouts.py``. Rates are per second of the process's own CPU time: the machine is
shared, and a rollout is single-threaded work.

    python3 benchmarks/rollouts.py [--rounds 3] [--seconds 2]
"""

from __future__ import annotations

import argparse

from playouts import compare

BEFORE = "84a1957"
"""The computer players before their decisions were made cheaper for rollouts."""

CODE = """
import json, random, time, pygames
from pygames.core import SeatWindow, bot_for, sample_outcome
from pygames.core.search import rollout

def friendly_steps(game_id, steps):
    # The friendly players from a new game, ``steps`` steps on (all of the first race
    # when ``steps`` is None); returns the state and the steps taken.
    state = pygames.get_game(game_id).new_state(["A", "B", "C"])
    rng, bot, taken = random.Random(7), bot_for(game_id), 0
    while taken != steps and state.finished_races() == 0 and not state.is_terminal():
        if state.is_chance():
            state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
        else:
            seat = state.current_player()
            state.apply_trusted(bot.choose(SeatWindow(state, seat), seat, rng))
        taken += 1
    return state, taken

def rate(start):
    rng, done, began = random.Random(1), 0, time.process_time()
    while time.process_time() - began < {seconds}:
        rollout(start.clone(), 0, rng)
        done += 1
    return done / (time.process_time() - began)

out = {{}}
for g in pygames.games():
    out[g.id + " new"] = rate(friendly_steps(g.id, 0)[0])
    out[g.id + " mid-race"] = rate(friendly_steps(g.id, friendly_steps(g.id, None)[1] // 2)[0])
print(json.dumps(out))
"""


def measure(rounds: int = 3, seconds: float = 2.0) -> dict[str, dict[str, float]]:
    """``{"<game> new" | "<game> mid-race": {"before", "now", "ratio"}}``, CPython,
    medians of ``rounds`` runs."""
    return compare(BEFORE, CODE.format(seconds=seconds), rounds, ("cpython",))["cpython"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    for start, row in measure(args.rounds, args.seconds).items():
        print(
            f"{start:22} {BEFORE} {row['before']:6.1f}/s  now {row['now']:6.1f}/s"
            f"  {row['ratio']:5.2f}x"
        )


if __name__ == "__main__":
    main()
