"""The betting games' lens charts draw every bet value the engine priced, as a grid of
numbers in the page's language (the values themselves are tested in
tests/core/test_bet_values.py)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web")]

from paddock_web.i18n import Catalogue  # noqa: E402
from paddock_web.tables import TABLES  # noqa: E402

import pygames  # noqa: E402
from pygames.core import SeatWindow, State, sample_outcome  # noqa: E402
from pygames.core.lens import odds  # noqa: E402

CAPTIONS = {
    "royal_turf": ("What each of your chips", "Was jeder deiner Chips"),
    "finish_line": ("What a stake of 100 pays back", "Was ein Einsatz von 100"),
    "homestretch": ("What this race pays on average", "Was dieses Rennen im Mittel"),
}


def betting(game_id: str, seed: int) -> tuple[State[Any], int]:
    """A position where the player to act has bets to make (reached by random play)."""
    state = pygames.get_game(game_id).new_state(["Ann", "Ben", "Cy"])
    rng = random.Random(seed)
    while state.is_chance() or not state.lens_bets(state.current_player()):
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state, state.current_player()


@pytest.mark.parametrize("game_id", sorted(CAPTIONS))
def test_every_priced_bet_is_drawn_with_its_value(game_id: str) -> None:
    state, seat = betting(game_id, seed=3)
    answer = odds(SeatWindow(state, seat), 2, random.Random(1), with_actions=False)
    bets = answer["bets"]
    assert len(bets) == len(state.lens_bets(seat))
    view = state.view(seat)
    for lang, caption in zip(("en", "de"), CAPTIONS[game_id], strict=True):
        drawn = str(TABLES[game_id].lens_chart(view, answer, Catalogue(lang)))
        assert caption in drawn
        # One shaded cell per bet, and only those: empty cells say "–".
        assert len(re.findall(r'class="lens-num lens-shade s\d+"', drawn)) == len(bets)
    # The best bet's figure is on the grid, on the darkest shade.
    best = max(b["value"] for b in bets)
    drawn = str(TABLES[game_id].lens_chart(view, answer, Catalogue("en")))
    assert "lens-shade s10" in drawn
    if game_id == "finish_line":
        assert f">{round(best):,}<" in drawn
    if game_id == "homestretch":
        assert f">{best:.1f}<" in drawn


def test_no_bet_grid_without_bets() -> None:
    state, seat = betting("royal_turf", seed=3)
    answer = odds(SeatWindow(state, seat), 1, random.Random(1), with_actions=False)
    del answer["bets"]
    assert TABLES["royal_turf"].lens_chart(state.view(seat), answer, Catalogue("en")) is None
