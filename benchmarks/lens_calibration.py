"""Is the lens honest? Calibration of its win chances in games the computer players play.

For each game, ``games`` full games are played by the computer players (player counts
rotating). At one decision point of each, drawn evenly from the whole game (early, when
little is known, as often as late), the lens estimates every seat's chance to win from
the mover's knowledge; each estimate is scored against what happened (a win counts 1,
a shared win its share). Reported per game:

- the Brier score of the lens and of the equal-share baseline (1/players), and the
  Brier skill ``1 - lens / baseline`` (above 0: the lens knows more than a coin);
- the expected calibration error over ten bins, and the reliability diagram (per bin:
  mean prediction, how often it happened, count), which the site draws.

    python3 benchmarks/lens_calibration.py [--games 200] [--samples 40]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygames  # noqa: E402
from pygames.core import SeatWindow, bot_for, sample_outcome  # noqa: E402
from pygames.core.lens import odds  # noqa: E402

BINS = 10
SITE_FIGURES = ROOT / "web" / "paddock_web" / "lens_calibration.json"
"""Where the site's "How good is the lens?" page reads the figures."""

Row = tuple[float, float, int]
"""A seat's predicted chance, what happened (its share of the win), players."""


def predictions(game_id: str, games: int, samples: int, seed: int) -> list[Row]:
    """``(predicted, happened, players)`` for every seat at one point of each game."""
    game = pygames.get_game(game_id)
    counts = list(range(game.min_players, game.max_players + 1))
    rng = random.Random(seed)
    out: list[Row] = []
    for i in range(games):
        n = counts[i % len(counts)]
        dice = rng.getrandbits(64)
        # Played once to learn its length and who wins, then again, with the same dice,
        # to the decision looked at (the lens draws from a generator of its own).
        decisions, winners = play(game_id, n, random.Random(dice))
        look_at = rng.randrange(decisions)
        guess = play(game_id, n, random.Random(dice), look_at, samples, rng)
        for s in range(n):
            happened = 1.0 / len(winners) if s in winners else 0.0
            out.append((guess[str(s)], happened, n))
    return out


def play(
    game_id: str,
    players: int,
    dice: random.Random,
    look_at: int | None = None,
    samples: int = 0,
    lens_rng: random.Random | None = None,
) -> Any:
    """A game of computer players: ``(decisions, winners)``, or with ``look_at`` the
    lens's seat chances before that decision (counted from 0)."""
    state = pygames.get_game(game_id).new_state([f"P{k + 1}" for k in range(players)])
    bot = bot_for(game_id)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_trusted(sample_outcome(state.chance_outcomes(), dice))
            continue
        seat = state.current_player()
        if decisions == look_at:
            assert lens_rng is not None
            return odds(SeatWindow(state, seat), samples, lens_rng, with_actions=False)["seats"]
        decisions += 1
        state.apply_trusted(bot.choose(SeatWindow(state, seat), seat, dice))
    return decisions, state.winners()


def calibration(rows: list[Row]) -> dict[str, Any]:
    """Brier scores, skill, expected calibration error and the reliability diagram."""
    brier = sum((p - y) ** 2 for p, y, _ in rows) / len(rows)
    base = sum((1 / n - y) ** 2 for _, y, n in rows) / len(rows)
    bins: list[list[tuple[float, float]]] = [[] for _ in range(BINS)]
    for p, y, _ in rows:
        bins[min(int(p * BINS), BINS - 1)].append((p, y))
    diagram = [
        {
            "from": k / BINS,
            "to": (k + 1) / BINS,
            "predicted": sum(p for p, _ in b) / len(b),
            "happened": sum(y for _, y in b) / len(b),
            "count": len(b),
        }
        for k, b in enumerate(bins)
        if b
    ]
    ece = sum(d["count"] * abs(d["predicted"] - d["happened"]) for d in diagram) / len(rows)
    return {
        "predictions": len(rows),
        "brier": brier,
        "brier_equal_share": base,
        "brier_skill": 1 - brier / base,
        "expected_calibration_error": ece,
        "reliability": diagram,
    }


def _one_game(job: tuple[str, int, int, int]) -> dict[str, Any]:
    game_id, games, samples, seed = job
    start = time.perf_counter()
    rows = predictions(game_id, games, samples, seed)
    return {
        "games": games,
        "samples_per_estimate": samples,
        "seconds": time.perf_counter() - start,
        **calibration(rows),
    }


def measure(games: int = 200, samples: int = 40, seed: int = 1) -> dict[str, Any]:
    """Calibration per game (one process per core: the games are independent)."""
    ids = [g.id for g in pygames.games()]
    with ProcessPoolExecutor() as pool:
        results = pool.map(_one_game, [(g, games, samples, seed) for g in ids])
        return dict(zip(ids, results, strict=True))


def save(result: dict[str, Any]) -> None:
    """Hand the figures to the site (its "How good is the lens?" page draws them)."""
    SITE_FIGURES.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--samples", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    result = measure(args.games, args.samples, args.seed)
    save(result)
    for game, row in result.items():
        print(
            f"{game:12} Brier {row['brier']:.4f} vs equal share {row['brier_equal_share']:.4f}"
            f" (skill {row['brier_skill']:+.3f}), ECE {row['expected_calibration_error']:.3f},"
            f" {row['predictions']} predictions, {row['seconds']:.0f} s"
        )


if __name__ == "__main__":
    main()
