"""Random full games per second, before (a390784) and now, in CPython and in Pyodide.

The older engine is taken from git (``git archive``), so both are measured in the same
run, interleaved, and compared as ratios (the machine is noisy). Pyodide runs in Node
from ``node_modules`` (the interpreter the site ships).

    python3 benchmarks/playouts.py [--rounds 3] [--seconds 2]

run alone it puts ``random_games_per_s`` into ``benchmarks/results.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "a390784"
"""The engine before the trusted path and fast clone (#14)."""

CODE = """
import json, pygames
from pygames.core.playout import random_games_per_second as rate
out = {{}}
for g in pygames.games():
    out[g.id] = rate(g.id, {seconds}, players=4 if g.max_players >= 4 else None)
print(json.dumps(out))
"""


def extract(rev: str, into: Path) -> Path:
    """The ``pygames`` package as it was at ``rev``, unpacked into ``into``."""
    data = subprocess.run(
        ["git", "archive", "--format=tar", rev, "pygames"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def printed(source: Path, runtime: str, code: str) -> Any:
    """The JSON that ``code`` prints last, run in ``runtime`` ("cpython", or the pinned
    Pyodide in Node) with ``source`` first on ``sys.path``."""
    if runtime == "cpython":
        cmd = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(source)!r})\n{code}"]
    else:
        cmd = ["node", str(ROOT / "benchmarks" / "pyodide_rate.mjs"), str(source), code]
    out = subprocess.run(cmd, cwd=source, capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def rates(source: Path, runtime: str, code: str) -> dict[str, float]:
    """What ``code`` prints (a rate per game), with ``source`` first on ``sys.path``."""
    result: dict[str, float] = printed(source, runtime, code)
    return result


def compare(
    before: str, code: str, rounds: int, runtimes: tuple[str, ...] = ("cpython", "pyodide")
) -> dict[str, dict[str, dict[str, float]]]:
    """``code`` (prints a rate per game) run on the engine at ``before`` and now,
    interleaved: ``{runtime: {game: {"before", "now", "ratio"}}}``, medians of ``rounds``."""
    with tempfile.TemporaryDirectory() as tmp:
        old = extract(before, Path(tmp))
        runs: dict[tuple[str, str], list[dict[str, float]]] = {}
        for _ in range(rounds):
            for runtime in runtimes:
                for label, source in (("before", old), ("now", ROOT)):
                    runs.setdefault((runtime, label), []).append(rates(source, runtime, code))
    out: dict[str, dict[str, dict[str, float]]] = {}
    for runtime in runtimes:
        table: dict[str, dict[str, float]] = {}
        for game in runs[(runtime, "now")][0]:
            was = statistics.median(r[game] for r in runs[(runtime, "before")])
            now = statistics.median(r[game] for r in runs[(runtime, "now")])
            table[game] = {"before": was, "now": now, "ratio": now / was}
        out[runtime] = table
    return out


def measure(rounds: int = 3, seconds: float = 2.0) -> dict[str, dict[str, dict[str, float]]]:
    """Random games/s at a390784 and now (see :func:`compare`)."""
    return compare(BEFORE, CODE.format(seconds=seconds), rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    result = measure(args.rounds, args.seconds)
    from run import merge_results  # here: run.py imports this module

    merge_results({"random_games_per_s": result})
    for runtime, table in result.items():
        for game, row in table.items():
            print(
                f"{runtime:8} {game:12} {BEFORE} {row['before']:7.1f}/s"
                f"  now {row['now']:7.1f}/s  {row['ratio']:5.2f}x"
            )


if __name__ == "__main__":
    main()
