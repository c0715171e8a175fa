"""Ask the computer: on a player's turn, the best three choices from the worker.

The page sends the worker (``web/lens-worker.mjs``) a state *resampled* from what the
asking side may know: inside the player's own private panel (a secret turn) from what
that player knows, at a public turn from what the table knows, so the answer shown on
the public table cannot give away anyone's secret. An answer for another position or
viewer than the one on screen is dropped.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pygames.core import Action, SeatWindow, canonical

from .html import Markup, classes, h
from .lens_numbers import pct
from .parts import drawer_head

if TYPE_CHECKING:
    from .app import App
    from .i18n import Catalogue
    from .table import GameContext, Table

THINK_MS = 1000
"""How long the worker searches for the advice."""

Key = tuple[int, int, int | None, int]
"""(match, position, viewer, seat to act) the advice is for."""


@dataclass
class Advice:
    """The question asked of the worker last, and its answer."""

    job: int = 0
    key: Key | None = None
    tips: list[dict[str, Any]] | None = None
    failed: bool = False


def allowed(app: App) -> bool:
    """Whether this game's players allowed advice (a setup option can forbid it)."""
    return app.slot is None or not app.slot.advice_off


def current(app: App) -> Key | None:
    """The question the screen shows (None: no human player to advise here)."""
    match = app.match
    if match is None or match.is_over() or app.interlude:
        return None
    seat = match.current_player()
    if seat < 0 or match.seats[seat] != "human":
        return None
    if app.peek is not None:  # the player to act opened their own panel to ask
        return (id(match), match.position_id, seat, seat) if app.peek == seat else None
    if not app.legal:
        return None
    return (id(match), match.position_id, app.unlocked, seat)


def offered_in_public(app: App) -> bool:
    """Whether the public table offers advice now (a human's public turn): a phone asks
    through its header, in a drawer (the board has no row to spare there)."""
    key = current(app)
    return key is not None and key[2] is None and allowed(app)


def act(app: App) -> None:
    """The "Ask the computer" button: one question per position and viewer."""
    key = current(app)
    if key is None or not allowed(app) or key == app.advice.key:
        return
    assert app.match is not None
    viewer, seat = key[2], key[3]
    rng = random.Random(random.SystemRandom().getrandbits(64))
    resample = SeatWindow(app.match.state, viewer).resample(rng)
    app.advice = Advice(job=app.advice.job + 1, key=key)
    try:
        app.b.worker_post(
            {
                "kind": "advise",
                "id": app.advice.job,
                "game": app.match.game_id,
                "state": json.dumps(resample.to_json()),
                "seat": seat,
                "seed": rng.getrandbits(31),
                "think_ms": THINK_MS,
            }
        )
    except Exception as exc:
        app.advice.failed = True
        app.b.note(f"Paddock: no advice, the worker could not start ({exc})")


def receive(app: App, message: dict[str, Any]) -> None:
    """The worker's advice: kept and drawn if it answers the question on screen."""
    if message.get("id") != app.advice.job or app.advice.key is None:
        return
    if app.advice.key != current(app):
        app.advice.key = None  # the position or the viewer changed: not for this screen
        return
    tips = message.get("advice")
    if "error" in message or not isinstance(tips, list):
        app.advice.failed = True
        app.b.note(f"Paddock: no advice: {message.get('error', 'no answer')}")
    else:
        app.advice.tips = [t for t in tips if isinstance(t, dict)]
    app.render()


def choose(app: App, arg: str) -> None:
    """Play one of the suggested choices (it is checked like any move)."""
    tips = app.advice.tips if app.advice.key == current(app) else None
    if not tips or not arg.isdigit() or int(arg) >= len(tips):
        return
    tip = tips[int(arg)]
    for action in tip.get("line") or [tip["action"]]:
        app.play(action)  # a whole placement: each die, then the confirmation
        if app.error is not None:
            break
    if app.error is None and app.overlay == "advice":
        app.overlay = None  # played from the phone's drawer: it closes
    if app.error is None and app.peek is not None:
        app.act_done("", None)  # played from their own panel: it closes


def named(name: str, value: Any, table: Table[Any], view: Any, cat: Catalogue) -> str | None:
    """A horse, die colour or card of an action or a reason as the table names it
    (the engine gives ids); None for any other parameter."""
    if name in ("horse", "horses"):
        return table.lens_horse(view, str(value), cat)
    if name in ("colour", "colours"):  # Finish Line's dice, in the game's words
        return cat.t(f"fl_colour_{value}") if cat.has(f"fl_colour_{value}") else str(value)
    if name == "face" and cat.has(f"fl_face_{str(value).lower()}"):  # and their sides
        return cat.t(f"fl_face_{str(value).lower()}")
    if name == "card":
        return table.card_words(view, str(value), cat)
    if name == "row" and cat.has(f"hs_row_{value}"):  # Homestretch's rows as on its board
        return cat.t(f"hs_row_{value}")
    if name == "marker":  # Homestretch's bet markers by their value (2a and 2b are 2s)
        return str(value).rstrip("ab")
    if name == "amount" and isinstance(value, int):  # Finish Line's stakes, in money
        return cat.money(value)
    if name == "die" and isinstance(view.get("roll"), list):  # Gambler: by its face
        roll = view["roll"]
        return str(roll[value]) if isinstance(value, int) and 0 <= value < len(roll) else None
    return None


def label(action: Action, table: Table[Any], view: Any, ctx: GameContext) -> str | None:
    """A choice in words (``advice_act_<type>``, or ``advice_act_<type>_<choice>`` where
    the choice's kind changes the sentence, ``advice_act_<type>_horse`` where one with a
    horse reads otherwise), its horses named as on the table and a player it names
    (``target``, by colour) by their name."""
    own = getattr(table, "action_words", None)  # the words of the table's own button
    words = own(action, view, ctx) if own is not None else None
    if words:
        return str(words)
    key = f"advice_act_{action.get('type')}"
    if ctx.cat.has(f"{key}_{action.get('choice')}"):
        key = f"{key}_{action.get('choice')}"
    elif "horse" in action and ctx.cat.has(f"{key}_horse"):  # a die used on a horse
        key = f"{key}_horse"
    if not ctx.cat.has(key):
        return None
    return ctx.t(key, **_fields(action, table, view, ctx))


def _fields(action: Action, table: Table[Any], view: Any, ctx: GameContext) -> dict[str, str]:
    """An action's fields in words, for a sentence that names them."""
    colours = view.get("colours") or []
    fields: dict[str, str] = {}
    for name, value in action.items():
        if name == "target" and value in colours:  # a player, by their colour
            fields[name] = ctx.players[colours.index(value)]
            continue
        values = value if isinstance(value, list) else [value]
        words = [
            named(name, v, table, view, ctx.cat) or str(v).replace("_", " ").lower() for v in values
        ]
        # a pair of horses reads as one bet among a line's other bets ("2 & 12")
        fields[name] = (" & " if name == "horses" else ", ").join(words)
    return fields


def line_label(line: list[Action], table: Table[Any], view: Any, ctx: GameContext) -> str | None:
    """A choice of several actions in words, without the closing confirmation: steps of
    one kind on horses grouped by horse where the game words them so ("9 Cloud Nine:
    3 on PLACE, 1 on SHOW; 2 Emalus: 2 on SHOW"), else each step's words with equal ones
    counted ("2 × 6 in row 1, 5 in row 3"). Amounts added to the same bet in several
    steps are said once, summed ("Bet 1,200 on 3 Red Fox to win")."""
    steps = _summed(line[:-1] if len(line) > 1 else line)  # the last step closes it
    kinds = {a.get("type") for a in steps}
    item = f"advice_line_{next(iter(kinds))}"
    if len(kinds) == 1 and ctx.cat.has(item) and all("horse" in a for a in steps):
        by_horse: dict[str, list[str]] = {}
        for a in steps:
            fields = _fields(a, table, view, ctx)
            by_horse.setdefault(fields["horse"], []).append(ctx.t(item, **fields))
        return "; ".join(
            ctx.t("advice_line_horse", horse=horse, items=_counted(items, ctx))
            for horse, items in by_horse.items()
        )
    words = [label(a, table, view, ctx) for a in steps]
    if any(w is None for w in words):
        return None
    return _counted([w for w in words if w is not None], ctx)


def _counted(words: list[str], ctx: GameContext) -> str:
    """``words`` joined, equal neighbours said once with their count ("2 × 6 in row 1")."""
    counted: list[tuple[str, int]] = []
    for w in words:
        if counted and counted[-1][0] == w:
            counted[-1] = (w, counted[-1][1] + 1)
        else:
            counted.append((w, 1))
    return ", ".join(w if n == 1 else ctx.t("advice_times", n=n, what=w) for w, n in counted)


def _summed(steps: list[Action]) -> list[Action]:
    """``steps`` with the amounts of steps that differ only in their amount added up,
    in the order each first appears (a bet entered as 1,000 then 200 is one bet)."""
    merged: dict[int | str, Action] = {}
    for i, step in enumerate(steps):
        key: int | str = i  # a step without an amount stands alone
        if isinstance(step.get("amount"), int):
            key = canonical({**step, "amount": 0})
            if key in merged:
                step = {**step, "amount": merged[key]["amount"] + step["amount"]}
        merged[key] = step
    return list(merged.values())


def panel(
    app: App, table: Table[Any], view: Any, ctx: GameContext, public: bool = False
) -> Markup | None:
    """The button, then "thinking", then the three choices (None if advice is off).

    ``public``: its own box under the public choices (see playing.public_advice); on a
    phone that box is a drawer, drawn open when the header's "Ask" opened it."""
    key = current(app)
    if key is None or app.match is None or not allowed(app):
        return None
    t = ctx.t
    asked = app.advice.key == key
    if not asked and any(k != "peek_request" for k in ctx.local):
        # A choice half made (a chip picked, a horse to go): the board's controls need
        # the room; the button is back once the move is whole or taken back.
        return None
    seat = key[3]
    if key[2] is None and app.match.state.view(None)["holds_secrets"][seat]:
        # Their own secrets count, but the public table must not show advice drawn
        # from them: the player asks inside their own panel, behind the curtain.
        body: Any = h(
            "button",
            {
                "type": "button",
                "class": "small",
                "data-act": "peek",
                "data-arg": str(seat),
                "data-testid": "advise-private",
            },
            t("advice_ask_private"),
        )
    elif not asked:
        body = h(
            "button",
            {"type": "button", "class": "small", "data-act": "advise", "data-testid": "advise"},
            t("advice_ask"),
        )
    elif app.advice.failed:
        body = h("p", {}, t("advice_failed"))
    elif app.advice.tips is None:
        body = h("p", {"class": "advice-wait", "data-testid": "advice-wait"}, t("advice_working"))
    else:
        # Drawn from a resample: only what the player can really do is shown.
        legal = {canonical(a) for a in app.match.state.legal_actions()}
        rows = [
            tip_row(i, tip, app.match.game_id, table, view, ctx)
            for i, tip in enumerate(app.advice.tips)
            if canonical(tip["action"]) in legal
        ]
        whose = t("advice_yours") if key[2] is not None else t("advice_public")
        body = [h("p", {"class": "advice-note"}, whose), h("ol", {"class": "advice-list"}, rows)]
    drawer = public and app.overlay == "advice"
    return h(
        "section",
        {
            "class": classes("advice", public and "public", drawer and "open"),
            "aria-label": t("advice_title"),
            "aria-live": "polite",
            "data-testid": "advice",
            # A phone's open drawer is a dialog, like the log's: the focus goes into it
            # and stays there until it closes (not on the table it covers).
            "role": "dialog" if drawer else None,
            "aria-modal": "true" if drawer else None,
        },
        drawer and drawer_head(t("advice_title"), t("close"), "advice", drawer),
        body,
    )


AMOUNT_KEYS = {"gambler": "gb_points", "turfmaster": "tm_points", "homestretch": "hs_money"}
"""Games that count in points (or in their own money) say an amount their own way."""


def tip_label(tip: dict[str, Any], table: Table[Any], view: Any, ctx: GameContext) -> str | None:
    """A tip's name: its reason's own title where the catalogue has one (Finish Line's
    closing step on an empty slip is "Bet nothing", not "No more bets"), else its line
    or action in words."""
    why = (tip.get("reason") or {}).get("key")
    if isinstance(why, str) and ctx.cat.has(f"{why}_title"):
        return ctx.t(f"{why}_title")
    line = tip.get("line")
    if isinstance(line, list) and len(line) > 1:
        return line_label(line, table, view, ctx)
    return label(tip["action"], table, view, ctx)


def amount(cat: Catalogue, game_id: str, value: float) -> str:
    """The expected final money or points, worded as the game's table words them."""
    key = AMOUNT_KEYS.get(game_id)
    if key is None:
        return cat.money(value)
    text = cat.t(key, n=abs(round(value)))
    return f"−{text}" if value < 0 else text


def rounded(expected: float, digits: int = 3) -> float:
    """An expected amount to ``digits`` significant figures: it is an average over games
    played ahead, so "about £1,680,000" says what it knows and "£1,676,325" does not.

    >>> rounded(1676325.4), rounded(13300.0), rounded(487.6), rounded(-2346.0)
    (1680000.0, 13300.0, 488.0, -2350.0)
    """
    if not expected:
        return 0.0
    scale = 10 ** max(0, math.floor(math.log10(abs(expected))) + 1 - digits)
    return float(round(expected / scale) * scale)


def reason_words(
    reason: dict[str, Any], game_id: str, table: Table[Any], view: Any, cat: Catalogue
) -> dict[str, Any]:
    """A reason's parameters as players read them: horses and cards as this table names
    them (:func:`named`), money or points as the game words them."""
    words = {k: v for k, v in reason.items() if k != "key"}
    for name, value in words.items():
        words[name] = named(name, value, table, view, cat) or value
    for key in ("money", "stake", "cap"):
        if key in words:
            words[key] = amount(cat, game_id, float(words[key]))
    return words


def tip_row(
    i: int, tip: dict[str, Any], game_id: str, table: Table[Any], view: Any, ctx: GameContext
) -> Markup:
    """One suggested choice: its name, its figures, why, and a button to play it."""
    t = ctx.t
    reason = tip.get("reason") or {}
    why = reason.get("key")
    params = reason_words(reason, game_id, table, view, ctx.cat)
    value = amount(ctx.cat, game_id, rounded(float(tip["value"])))
    figures = t("advice_figures", win=pct(float(tip["win"])), value=value)
    return h(
        "li",
        {"class": "advice-tip", "data-testid": f"advice-{i}"},
        h(
            "p",
            {"class": "advice-head"},
            h("strong", {}, tip_label(tip, table, view, ctx) or t("advice_n", n=i + 1)),
            " ",
            h("span", {"class": "advice-figures"}, figures),
        ),
        isinstance(why, str)
        and ctx.cat.has(why)
        and h("p", {"class": "advice-why"}, t(why, **params)),
        h(
            "button",
            {
                "type": "button",
                "class": "small",
                "data-act": "advice_play",
                "data-arg": str(i),
                "data-testid": f"advice-play-{i}",
            },
            t("advice_play"),
        ),
    )
