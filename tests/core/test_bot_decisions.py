"""The computer players decide exactly as before the rollouts were made faster: whole
games per game and seed, every decision fingerprinted (see bot_decisions.py)."""

from __future__ import annotations

import json

import pytest

from .bot_decisions import DATA, SEEDS, fingerprint

RECORDED = json.loads(DATA.read_text())


@pytest.mark.parametrize("game_id", sorted(RECORDED))
def test_the_computer_players_decide_as_recorded(game_id: str) -> None:
    assert len(RECORDED[game_id]) == len(SEEDS)
    for seed, recorded in zip(SEEDS, RECORDED[game_id], strict=True):
        assert list(fingerprint(game_id, seed)) == recorded, f"{game_id}, seed {seed}"
