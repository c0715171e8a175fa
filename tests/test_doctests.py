"""The usage examples in docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import sys
from pathlib import Path

import pytest

import pygames

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))


def modules() -> list[str]:
    names = ["pygames"]
    names += [m.name for m in pkgutil.walk_packages(pygames.__path__, "pygames.")]
    names += ["paddock_web.html", "paddock_web.i18n", "paddock_web.setup_link"]
    names += ["paddock_web.advice_panel"]
    return names


@pytest.mark.parametrize("name", modules())
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
