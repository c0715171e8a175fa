"""The statistics screen: money or points per race, the dice against chance, a race.

Everything comes from the game's public history (:mod:`pygames.core.stats`), so it
can be opened during a game as well as after it, and never shows a secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from pygames.core.replay import Replay
from pygames.core.stats import dice_bars, race_trace, scores_by_race

from ..charts import WIDTH, Series, dice_chart, line_chart
from ..html import Markup, classes, h, join
from ..i18n import Catalogue
from ..lens_numbers import number
from ..table import isolate
from ..tables import TABLES
from . import frame

if TYPE_CHECKING:
    from ..app import App


@dataclass
class Stats:
    replay: Replay
    slot_id: str
    race: int | None = None  # None: the whole game
    between_races: bool = False  # opened from a race's results card: back to that card


def open_stats(app: App) -> None:
    if app.match is None or app.slot is None:
        return
    finished = len(app.match.state.view(None)["results"])
    app.stats = Stats(Replay(app.match), app.slot.id, between_races=app.interlude)
    if app.interlude:
        app.stats.race = finished  # the race that just ended
    app.screen = "stats"
    app.overlay = None
    app.go(f"#/stats/{app.slot.id}")


def pick_race(app: App, arg: str) -> None:
    if app.stats is None:
        return
    races = len(app.stats.replay.race_starts)
    app.stats.race = int(arg) if arg.isdigit() and 1 <= int(arg) <= races else None


def face_label(cat: Catalogue, face: str) -> str:
    """A die face in the game's own words (the table modules' catalogue keys)."""
    colour, _, name = face.rpartition(":")
    if colour:  # Finish Line: "white:HORSESHOE" -> "white: horseshoe"
        key = f"fl_face_{name.lower()}"
        text = cat.t(key) if cat.has(key) else name.lower()
        return f"{cat.t(f'fl_colour_{colour}')}: {text}"
    key = f"rt_sym_{face}"
    return cat.t(key) if cat.has(key) else face


def money_chart(
    cat: Catalogue,
    game_id: str,
    players: list[str],
    scores: list[list[float]],
    width: int = WIDTH,
) -> Markup:
    """Each player's money or points at the start and after every race (Gambler: round),
    one line each (:func:`pygames.core.stats.scores_by_race`); ``width`` as
    :func:`~paddock_web.charts.line_chart`'s."""
    t = cat.t
    names = [isolate(n) for n in players]
    unit = cat.game_t(game_id, "score")
    return line_chart(
        "money-chart",
        [Series(names[i], f"pc{i}", [row[i] for row in scores]) for i in range(len(names))],
        [t("stats_start")]
        + [cat.game_t(game_id, "replay_race", n=n) for n in range(1, len(scores))],
        cat.game_t(game_id, "stats_money", unit=unit),
        t("stats_after"),
        cat.game_t(game_id, "stats_money_summary", unit=unit),
        t("stats_numbers"),
        width,
        lambda v: number(cat, v),
    )


def screen(app: App) -> Markup:
    s = app.stats
    assert s is not None
    t = app.cat.t
    r = s.replay
    table = TABLES[r.game_id]
    races = len(r.race_starts)
    money = money_chart(app.cat, r.game_id, r.players, scores_by_race(r))
    bars = dice_bars(r, s.race)
    scope = (
        t("stats_whole_game")
        if s.race is None
        else app.cat.game_t(r.game_id, "replay_race", n=s.race)
    )
    dice = dice_chart(
        bars,
        [face_label(app.cat, b.face) for b in bars],
        t("stats_dice", scope=scope),
        (t("stats_face"), t("stats_seen"), t("stats_expected"), t("stats_chance")),
        t("stats_dice_summary", rolls=sum(b.seen for b in bars)),
        t("stats_numbers"),
    )
    shown_race = s.race if s.race is not None else races
    trace = race_trace(r, shown_race)
    race = None
    if trace is not None and trace.moves:
        view = r.view_at(r.last)
        race = line_chart(
            "race-chart",
            [
                Series(
                    table.lens_horse(view, horse, app.cat),
                    f"pc{k % 8}",
                    [m[horse] for m in trace.moves],
                )
                for k, horse in enumerate(trace.horses)
            ],
            [str(i + 1) for i in range(len(trace.moves))],
            t("stats_race", n=shown_race),
            t("stats_move"),
            t("stats_race_summary"),
            t("stats_numbers"),
        )
    picks = [
        h(
            "button",
            {
                "type": "button",
                "class": classes("small", s.race == n and "on"),
                "data-act": "srace",
                "data-arg": str(n) if n else "all",
                "aria-pressed": "true" if s.race == n else "false",
                "data-testid": f"stats-race-{n or 'all'}",
            },
            app.cat.game_t(r.game_id, "replay_race", n=n) if n else t("stats_whole_game"),
        )
        for n in [None, *range(1, races + 1)]
    ]
    app._hand = "stats"
    return join(
        frame.header(app, t("stats_title", game=t(f"game_{r.game_id}"))),
        h(
            "main",
            {"class": "stats", "id": "main", "data-testid": "stats"},
            h("h1", {"tabindex": "-1", "data-focus": True}, t("stats_heading")),
            h("p", {}, t("stats_intro")),
            h(
                "div",
                {"class": "stats-races", "role": "group", "aria-label": t("stats_which")},
                picks,
            ),
            money,
            dice,
            race,
            h(
                "div",
                {"class": "form-actions"},
                h("button", {"type": "button", "data-act": "sclose"}, t("back")),
            ),
        ),
    )
