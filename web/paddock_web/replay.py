"""Watching a game again: which step is shown, stepping, jumping and playing.

The replay is built from a saved match (:class:`pygames.core.replay.Replay`) and
draws only the public table of each step, so it never shows a secret the game had
not revealed at that point, also for a game that is still going on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pygames.core.replay import Replay

from .parts import LineCounts

if TYPE_CHECKING:
    from .app import App

PLAY_MS = 450  # between two steps while the replay plays by itself


@dataclass
class Watching:
    replay: Replay
    slot_id: str
    step: int = 0
    playing: bool = False
    timer: int = 0  # a newer play/pause makes an older scheduled step do nothing
    line_counts: LineCounts = field(default_factory=LineCounts)  # the log's numbers


def start(app: App) -> None:
    """Watch the game on the table (its slot) from its first step."""
    if app.match is None or app.slot is None:
        return
    app.watching = Watching(Replay(app.match), app.slot.id)
    app.screen = "replay"
    app.overlay = None
    app.go(f"#/replay/{app.slot.id}")


def move(app: App, arg: str) -> None:
    """``first``, ``prev``, ``next``, ``last`` or ``race:<n>`` (the start of race n)."""
    w = app.watching
    if w is None:
        return
    r = w.replay
    if arg == "first":
        w.step = 0
    elif arg == "prev":
        w.step = r.clamp(w.step - 1)
    elif arg == "next":
        w.step = r.clamp(w.step + 1)
    elif arg == "last":
        w.step = r.last
    elif arg.startswith("race:") and arg[5:].isdigit():
        n = int(arg[5:])
        if 1 <= n <= len(r.race_starts):
            w.step = r.race_starts[n - 1]
    w.playing = False


def seek(app: App, value: str) -> None:
    """The scrubber was moved to ``value``."""
    w = app.watching
    if w is not None and value.strip().isdigit():
        w.step = w.replay.clamp(int(value))
        w.playing = False


def toggle(app: App) -> None:
    """Play from here (from the start when at the end), or pause."""
    w = app.watching
    if w is None:
        return
    w.playing = not w.playing
    if w.playing and w.step >= w.replay.last:
        w.step = 0
    w.timer += 1
    if w.playing:
        schedule(app, w.timer)


def schedule(app: App, token: int) -> None:
    app.b.later(PLAY_MS, lambda: tick(app, token))


def tick(app: App, token: int) -> None:
    w = app.watching
    if w is None or app.screen != "replay" or not w.playing or token != w.timer:
        return
    w.step = w.replay.clamp(w.step + 1)
    w.playing = w.step < w.replay.last
    if w.playing:
        schedule(app, token)
    app.render()
