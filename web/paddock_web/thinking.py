"""Sharp computer players think in the worker (``web/lens-worker.mjs``), not on the page.

For a Sharp seat the page sends the worker a state *resampled* from what that seat may
know (never the real one, which holds the other players' secrets), waits for the chosen
action while the table says the seat is thinking, then plays it through the match,
checked like any move. An answer for a position that has changed since is dropped. If
the worker cannot be used (it failed, or gave no answer in time), the page plays the
Friendly level itself and says so in the console.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pygames.core import Action, SeatWindow

from . import advice_panel, lens_panel

if TYPE_CHECKING:
    from .app import App

THINK_MS = 1000
"""The Sharp player's time to think per decision, in the worker."""
TIMEOUT_MS = 20_000
"""No answer by then: the page decides itself. Generous, as the worker's first job
also waits for its Python to start."""

Key = tuple[int, int, int]
"""(match, position, seat) a decision is for."""


@dataclass
class Thinking:
    """The decision asked of the worker last, and what came back."""

    job: int = 0
    key: Key | None = None
    answer: Action | None = None
    broken: bool = False  # the worker failed: the page decides from now on
    asked_at: float = 0.0
    times_ms: list[float] = field(default_factory=list)  # how long each answer took


def due(app: App) -> Key | None:
    """The decision a Sharp seat owes now, or None (no Sharp seat to act)."""
    match = app.match
    if match is None or match.is_over() or not match.is_computer_turn():
        return None
    if match.computer_level() != "sharp":
        return None
    return (id(match), match.position_id, match.current_player())


def take_answer(app: App) -> Action | None:
    """The worker's answer for the position on the table, once (None: not there yet)."""
    key = due(app)
    if key is None or key != app.thinking.key or app.thinking.answer is None:
        return None
    answer, app.thinking.answer = app.thinking.answer, None
    app.thinking.key = None
    return answer


def busy(app: App) -> bool:
    """Whether the worker is thinking about the position on the table."""
    key = due(app)
    return key is not None and key == app.thinking.key and not app.thinking.broken


def ask(app: App) -> bool:
    """Ask the worker for the Sharp seat's move (once per position); False when the
    page must decide itself (no Sharp seat to act, or the worker is out of use)."""
    key = due(app)
    if key is None or app.thinking.broken:
        return False
    if key == app.thinking.key:
        return True  # already asked: the answer is on its way
    assert app.match is not None
    seat = key[2]
    # Drawn with the system's entropy: the page's own seeded generators stay untouched.
    rng = random.Random(random.SystemRandom().getrandbits(64))
    resample = SeatWindow(app.match.state, seat).resample(rng)
    app.thinking.job += 1
    app.thinking.key = key
    app.thinking.answer = None
    app.thinking.asked_at = app.b.now_ms()
    job = app.thinking.job
    try:
        app.b.worker_post(
            {
                "kind": "decide",
                "id": job,
                "game": app.match.game_id,
                "state": json.dumps(resample.to_json()),  # text: one copy into the worker
                "seat": seat,
                "level": "sharp",
                "seed": rng.getrandbits(31),
                "think_ms": THINK_MS,
            }
        )
    except Exception as exc:  # no worker in this browser: the page decides
        give_up(app, f"the worker could not start ({exc})")
        return False
    app.b.later(TIMEOUT_MS, lambda: timed_out(app, job))
    return True


def timed_out(app: App, job: int) -> None:
    if job == app.thinking.job and busy(app):
        give_up(app, f"no answer within {TIMEOUT_MS} ms")
        app.computer_move()


def give_up(app: App, why: str) -> None:
    """Stop using the worker for decisions (say why in the console)."""
    app.thinking.broken = True
    app.thinking.key = None
    app.b.note(f"Paddock: the Sharp computer player plays Friendly on this page: {why}")


def receive(app: App, message: dict[str, Any]) -> None:
    """The worker's decision: kept if it answers the latest question about the position
    still on the table, then played (the match checks it like any move)."""
    if message.get("id") != app.thinking.job or app.thinking.key is None:
        return
    if app.thinking.key != due(app):
        app.thinking.key = None  # the position moved on (an undo, another tab): drop it
        return
    action = message.get("action")
    if "error" in message or not isinstance(action, dict):
        give_up(app, str(message.get("error", "no action in the answer")))
    else:
        took = app.b.now_ms() - app.thinking.asked_at
        app.thinking.times_ms.append(took)
        app.b.note(f"Paddock: Sharp decision in {took:.0f} ms")
        app.thinking.answer = action
    app.computer_move()


def warm(app: App) -> None:
    """Start the worker's Python and load the game's rules when the table will need them
    (it takes a second or more): for a Sharp seat, and where the lens or the advice may
    be asked for, so that the first answer comes as fast as any later one."""
    match = app.match
    if match is None or app.thinking.broken:
        return
    sharp = any(
        s == "computer" and lv == "sharp" for s, lv in zip(match.seats, match.levels, strict=True)
    )
    if sharp or lens_panel.allowed(app) or advice_panel.allowed(app):
        try:
            app.b.worker_post({"kind": "warm", "game": match.game_id, "players": len(match.seats)})
        except Exception as exc:
            give_up(app, f"the worker could not start ({exc})")
