"""Table parts every game draws with: dice, buttons, tokens, standings.

Each part is a small function returning :class:`~.html.Markup`; the games' table
modules compose them. Only legal choices become controls: :func:`action_button`
draws nothing for an action the host did not list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pygames.core import Event

from .html import Child, Markup, classes, h
from .table import GameContext, token_label

# Pip positions on a die face, in units of the face's half-width from its centre.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}
PIP_SPREAD = 0.46  # pip offset as a share of the half-width
PIP_RADIUS = 0.18  # pip radius as a share of the half-width


def pips(value: int, cx: float, cy: float, size: float, cls: str = "pip") -> list[Markup]:
    """The pips of ``value`` on a face of ``size`` centred at (cx, cy), as SVG circles."""
    half = size / 2
    return [
        h(
            "circle",
            {
                "cx": f"{cx + dx * half * PIP_SPREAD:.1f}",
                "cy": f"{cy + dy * half * PIP_SPREAD:.1f}",
                "r": f"{half * PIP_RADIUS:.1f}",
                "class": cls,
            },
        )
        for dx, dy in PIPS.get(value, ())
    ]


def die_face(
    value: int | None, x: float, y: float, size: float, cls: str = "", face_cls: str = "face"
) -> Markup:
    """A die as an SVG group, its top-left corner at (x, y); ``None`` is a blank face."""
    return h(
        "g",
        {"class": classes("die", cls)},
        h(
            "rect",
            {
                "x": f"{x:.1f}",
                "y": f"{y:.1f}",
                "width": f"{size:.1f}",
                "height": f"{size:.1f}",
                "rx": f"{size * 0.16:.1f}",
                "class": face_cls,
            },
        ),
        pips(value, x + size / 2, y + size / 2, size) if value else None,
    )


def die_icon(value: int, label: str, cls: str = "") -> Markup:
    """A die as a small inline SVG with its value in words (tooltip and accessible name)."""
    return h(
        "span",
        {"class": classes("die-icon", cls), "role": "img", "aria-label": label, "title": label},
        h(
            "svg",
            {"viewBox": "0 0 100 100", "aria-hidden": "true", "focusable": "false"},
            die_face(value, 4, 4, 92),
        ),
    )


def action_button(
    ctx: GameContext,
    action: dict[str, object],
    text: Child,
    testid: str,
    cls: str = "",
    **attrs: object,
) -> Markup | None:
    """A button that plays ``action``, or nothing if the action is not legal now."""
    play = ctx.play_attrs(action)
    if play is None:
        return None
    return h(
        "button",
        {"type": "button", **play, "class": cls or None, "data-testid": testid, **attrs},
        text,
    )


def token(seat: int, players: list[str], extra: str = "") -> Markup:
    """A player's round token: their colour and the first letter of their name."""
    return h(
        "span",
        {"class": classes("token", "small", f"pc{seat}", extra), "aria-hidden": "true"},
        token_label(players, seat),
    )


LOG_LINES = 120  # the newest lines a log shows (the exported file has the whole game)

Says = Callable[[Event], str | None]
"""An event's log line, or None for an event the log leaves out (a table's ``describe``)."""


@dataclass
class LineCounts:
    """How many log lines a game's first events make, per number of events: each event
    is described once, however often the log is drawn (the newest line's number). A new
    event list, as an undo rebuilds the match's, is counted afresh."""

    events: list[Event] | None = None
    counts: list[int] = field(default_factory=lambda: [0])

    def upto(self, events: list[Event], n: int, says: Says) -> int:
        """The log lines of ``events[:n]``."""
        if self.events is not events or len(self.counts) > len(events) + 1:
            self.events, self.counts = events, [0]
        counts = self.counts
        for event in events[len(counts) - 1 : n]:
            counts.append(counts[-1] + bool(says(event)))
        return counts[n]


def log_list(events: Sequence[Event], total: int, says: Says, labelled_by: str) -> Markup:
    """A log: the lines of the newest of ``events`` (oldest first), newest first, numbered
    from the game's first line: the newest is number ``total``, so a line keeps its
    number as the game goes on (or is replayed). A region a keyboard user can reach and
    scroll; its padding fits the widest number."""
    lines = []
    for event in reversed(events):
        text = says(event)
        if text:
            lines.append(h("li", {"class": f"ev-{event['type']}"}, text))
            if len(lines) == LOG_LINES:
                break
    return h(
        "ol",
        {
            "reversed": True,
            "start": total,
            "class": f"digits-{max(3, len(str(total)))}",
            "aria-live": "off",
            "tabindex": "0",
            "aria-labelledby": labelled_by,
        },
        lines,
    )


def drawer_head(title: str, close: str, name: str, drawer: bool) -> Markup:
    """The heading of the log or the advice, with the close button (Escape too) while
    it is a phone's open drawer; ``name`` makes its ids (``<name>-h``, ``<name>-close``)."""
    return h(
        "div",
        {"class": "log-head"},
        h("h2", {"id": f"{name}-h", "tabindex": "-1", "data-focus": drawer or None}, title),
        drawer
        and h(
            "button",
            {
                "type": "button",
                "class": "small close-drawer",
                "data-act": "overlay",
                "data-arg": "close",
                "data-escape": True,
                "data-testid": f"{name}-close",
            },
            close,
        ),
    )
