"""Every site test runs with strict catalogues: a text key missing in the language on
screen fails the test instead of showing the key (or English) to the player."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path[:0] = [str(Path(__file__).resolve().parents[2] / "web")]

from paddock_web.i18n import Catalogue  # noqa: E402


@pytest.fixture(autouse=True)
def strict_catalogues() -> Iterator[None]:
    Catalogue.strict = True
    yield
    Catalogue.strict = False
