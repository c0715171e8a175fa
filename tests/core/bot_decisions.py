"""Whole games played by the computer players, as one fingerprint of every decision.

``python tests/core/bot_decisions.py`` (from a checkout) prints the fingerprints of the
code on ``sys.path``; ``data/bot_decisions.json`` holds those recorded from main before
the rollouts were made faster, and ``test_bot_decisions.py`` checks that the computer
players still decide exactly as they did then.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pygames
from pygames.core import SeatWindow, canonical, sample_outcome
from pygames.core.bots import heuristic_for

SEEDS = range(12)
NAMES = ["P1", "P2", "P3", "P4", "P5", "P6"]
DATA = Path(__file__).parent / "data" / "bot_decisions.json"


def setup(game_id: str, seed: int) -> tuple[int, dict[str, Any]]:
    """A player count and options drawn from the game's own (seeded) choices."""
    game = pygames.get_game(game_id)
    rng = random.Random(seed)
    n = rng.randint(game.min_players, min(game.max_players, len(NAMES)))
    options = {o.name: rng.choice(o.values_for(n)) for o in game.options if o.values}
    return n, options


def fingerprint(game_id: str, seed: int) -> tuple[int, str]:
    """(decisions, SHA-256 of all of them) of one game played by the computer players."""
    n, options = setup(game_id, seed)
    state = pygames.get_game(game_id).new_state(NAMES[:n], options)
    bot = heuristic_for(game_id)  # today's rules of thumb, without Friendly's slack
    chance, choices = random.Random(seed), random.Random(seed + 1000)
    digest = hashlib.sha256()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply_trusted(sample_outcome(state.chance_outcomes(), chance))
            continue
        seat = state.current_player()
        action = bot.choose(SeatWindow(state, seat), seat, choices)
        digest.update(canonical(action).encode())
        decisions += 1
        state.apply_trusted(action)
    return decisions, digest.hexdigest()


def all_fingerprints() -> dict[str, list[list[Any]]]:
    return {
        g.id: [list(fingerprint(g.id, seed)) for seed in SEEDS]
        for g in sorted(pygames.games(), key=lambda g: g.id)
    }


if __name__ == "__main__":
    json.dump(all_fingerprints(), sys.stdout, indent=0)
    print()
