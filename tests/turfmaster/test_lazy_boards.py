"""Importing TurfMaster is cheap: the board sides are built (and checked) on first use."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import pygames, pygames.turfmaster as tm
from pygames.turfmaster import data
size = lambda: data.board_side.cache_info().currsize
before = size()
view = tm.GAME.new_state(["A", "B"], {"grand_national": True}).view(None)
print(before, size(), view["board"]["side"], data.SIDES["A"].n_squares, size())
"""


def test_import_builds_no_board_and_first_use_builds_one_side() -> None:
    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    # nothing at import; a steeplechase game builds side B only; asking for A builds it
    assert out == ["0", "1", "B", "1008", "2"]


def test_the_same_board_object_is_handed_out_every_time() -> None:
    from pygames.turfmaster.data import SIDES, board_side

    assert SIDES["A"] is SIDES["A"] is board_side("A")
    assert list(SIDES) == ["A", "B"] and len(SIDES) == 2 and "C" not in SIDES
