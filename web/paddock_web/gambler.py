"""Gambler's table: the tableau of six rows drawn from the view, the roll, chips and dice.

A turn at the table: *Roll*; the dice tumble and land in the roll beside the tableau;
pick a die there (kept in ``ctx.local["gb_die"]``), the rows it fits light up, pick
one (its box on the tableau, or its button among the choices); take the last die of
a row back within the step; *Confirm*; then *Roll again* or *Stop*. Nothing is secret
in Gambler (the engine says so: no private turn, no secrets), so there is never a
curtain. A round has no results card: its end is shown on the table itself, beside
the next tableau, until the new round's first dice are placed.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from pygames.core.lens import Odds
from pygames.gambler.data import CHIPS, KIND_NAMES, LAYOUTS, Row
from pygames.gambler.view import BoxView, Chips, GamblerView, PlacedDie, RoundResult, RowView

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .lens_numbers import pct
from .parts import action_button, die_face, die_icon, pips, token
from .table import GameContext, numbered_texts, rules_paragraphs, seat_name, token_label

PEEK_KEY = "gb_no_secrets"  # never shown: Gambler has no private information (spec §9)
KEPT_CHOICES: tuple[str, ...] = ()

# Tableau geometry (SVG user units): a row-number column, five box slots, the value
# circle; each row has a line of words above its boxes.
BOX, GAP, CAP, TOP = 76.0, 10.0, 26.0, 6.0
ROW_H = CAP + BOX + 16.0
LEFT = 46.0
CIRCLE_X = LEFT + 5 * (BOX + GAP) + 44.0
WIDTH = CIRCLE_X + 48.0
HEIGHT = TOP + 6 * ROW_H + 6.0


# --- event fields, typed once (events stay plain dicts) -----------------------------------
def _num(event: dict[str, Any], key: str) -> int:
    value = event.get(key)
    return value if isinstance(value, int) else 0


def _text(event: dict[str, Any], key: str) -> str:
    value = event.get(key)
    return value if isinstance(value, str) else ""


def _seat(event: dict[str, Any], key: str = "seat") -> int | None:
    value = event.get(key)
    return value if isinstance(value, int) else None


def _nums(event: dict[str, Any], key: str) -> list[int]:
    value = event.get(key)
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else []


def _fresh(ctx: GameContext, kind: str) -> list[dict[str, Any]]:
    return [e for e in ctx.fresh if e.get("type") == kind]


# --- words ---------------------------------------------------------------------------
def code_words(code: str, cat: Catalogue) -> str:
    """What a row with ``code`` asks for, in words: "three of a kind", "4, then 3"…

    The kind and length come from the engine's own reading of the code (``Row``).
    """
    row = Row(code, "+", 10)
    kind = KIND_NAMES[row.kind]
    if kind == "pips":
        runs: list[tuple[int, int]] = []  # (value, how many in a row)
        for digit in code:
            v = int(digit)
            if runs and runs[-1][0] == v:
                runs[-1] = (v, runs[-1][1] + 1)
            else:
                runs.append((v, 1))
        if runs == [(runs[0][0], 1)]:
            return cat.t("gb_need_one", face=cat.t(f"gb_face_{runs[0][0]}"))
        parts = [
            str(v)
            if k == 1
            else cat.t("gb_need_run", n=cat.t(f"gb_num_{k}"), faces=cat.t(f"gb_faces_{v}"))
            for v, k in runs
        ]
        if len(parts) == 1:
            return parts[0]
        return cat.t("gb_need_then", first=", ".join(parts[:-1]), last=parts[-1])
    if kind == "stars":
        return cat.t("gb_need_stars", n=cat.t(f"gb_num_{row.length}"))
    if kind == "full_house":
        return cat.t("gb_need_full_house")
    return cat.t(f"gb_need_{kind}", n=cat.t(f"gb_straight_{row.length}"))


def row_need(row: RowView, cat: Catalogue) -> str:
    """A row's kind in words, e.g. "three of a kind" or "two 2s, then three 3s"."""
    return code_words(row["code"], cat)


def layout_name(cat: Catalogue, layout_id: str, fallback: str) -> str:
    """A layout's name in the reader's language (``gb_layout_<id>``), else the designed one."""
    key = f"gb_layout_{layout_id}"
    return cat.t(key) if cat.has(key) else fallback


def tn(t: Callable[..., str], key: str, n: int, **params: object) -> str:
    """The message ``key`` for ``n`` of something: ``<key>_one`` when n is 1 ("1 die")."""
    return t(f"{key}_one" if n == 1 else key, n=n, **params)


def _signed(points: int, colour: str) -> str:
    return f"+{points}" if colour == "yellow" else f"−{points}"


def _change(diff: int) -> str:
    return f"+{diff}" if diff > 0 else (f"−{-diff}" if diff < 0 else "±0")


# --- small drawings ---------------------------------------------------------------------
def _star_points(cx: float, cy: float, r: float) -> str:
    pts = []
    for k in range(10):
        rad = r if k % 2 == 0 else r * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        pts.append(f"{cx + rad * math.cos(a):.1f},{cy + rad * math.sin(a):.1f}")
    return " ".join(pts)


def _hint(box: BoxView, x: float, y: float) -> Markup:
    """What an empty box asks for: pips, a star in its colour, or a straight's arrow."""
    if box["shows"] == "pips":
        size = BOX - 28
        return h(
            "g",
            {"class": "gb-need-pips"},
            h("rect", {"x": x + 14, "y": y + 14, "width": size, "height": size, "rx": 8}),
            pips(box.get("pips", 0), x + BOX / 2, y + BOX / 2, size),
        )
    if box["shows"] == "star":
        return h(
            "polygon",
            {
                "points": _star_points(x + BOX / 2, y + BOX / 2 + 2, BOX * 0.36),
                "class": f"gb-star s-{box.get('star', '')}",
            },
        )
    up = box.get("arrow") == "up"
    x0, y0 = x + BOX * 0.25, y + (BOX * 0.72 if up else BOX * 0.28)
    x1, y1 = x + BOX * 0.72, y + (BOX * 0.28 if up else BOX * 0.72)
    head = f"M{x1 - 20:.1f} {y1:.1f} L{x1:.1f} {y1:.1f} L{x1:.1f} {y1 + (20 if up else -20):.1f}"
    return h(
        "g",
        {"class": "gb-arrow"},
        h("path", {"d": f"M{x0:.1f} {y0:.1f} L{x1:.1f} {y1:.1f}"}),
        h("path", {"d": head}),
    )


# --- hooks: the home page -------------------------------------------------------------
def thumbnail(cat: Catalogue) -> Markup:
    """The beginner tableau in miniature (from the layout data) and a roll of three dice."""
    rows: list[Markup] = []
    box, step, left = 13.0, 19.0, 8.0
    for i, r in enumerate(LAYOUTS["1A"].rows):
        y = 7 + i * step
        rows.append(
            h(
                "rect",
                {
                    "x": 4,
                    "y": y - 2,
                    "width": 150,
                    "height": box + 4,
                    "rx": 4,
                    "class": "band " + r.colour,
                },
            )
        )
        for k in range(r.length):
            rows.append(
                h(
                    "rect",
                    {
                        "x": left + k * 17,
                        "y": y,
                        "width": box,
                        "height": box,
                        "rx": 3,
                        "class": "cell",
                    },
                )
            )
        rows.append(
            h("circle", {"cx": 144, "cy": y + box / 2, "r": 8, "class": "value " + r.colour})
        )
    dice = [
        die_face(v, x, y, 30, "gb-thumb-die")
        for v, x, y in ((6, 170, 22), (6, 204, 40), (3, 178, 72))
    ]
    return h(
        "svg",
        {
            "class": "gb-thumb",
            "viewBox": "0 0 240 130",
            "role": "img",
            "aria-label": cat.t("gb_thumb_label"),
        },
        rows,
        dice,
    )


def how_to_play(cat: Catalogue) -> list[str]:
    """The home card's "How to play": the catalogue's gb_how_1, gb_how_2, … in order."""
    return numbered_texts(cat, "gb_how_")


def meta(cat: Catalogue) -> str:
    return cat.t("gb_meta")


def seat_class(view: GamblerView, seat: int) -> str:
    """Seats wear their palette colour in this game (no colour of its own)."""
    return ""


def first_turn_tip(view: GamblerView, ctx: GameContext) -> str | None:
    """One sentence on the decision on screen (a player's first turns)."""
    phase = view["phase"]
    if phase == "await_roll":
        return ctx.t("gb_tip_roll")
    if phase == "await_place":
        return ctx.t("gb_tip_row" if _picked(view, ctx) is not None else "gb_tip_pick")
    if phase == "await_decision":
        return ctx.t("gb_tip_decide")
    return None


# --- hooks: the player strip ----------------------------------------------------------
def score_text(view: GamblerView, seat: int, ctx: GameContext) -> str:
    return ctx.t("gb_points", n=view["points"][seat])


def _settled(ctx: GameContext, seat: int) -> tuple[int, int] | None:
    """Points (before, after) of the seat's settlement among the fresh events, if any."""
    for event in reversed(_fresh(ctx, "settled")):
        if _seat(event) == seat:
            return _num(event, "before"), _num(event, "after")
    return None


def chips(points: int, chip_counts: Chips, ctx: GameContext) -> Markup:
    items = []
    for colour, value in CHIPS:
        n = chip_counts[colour]
        if not n:
            continue
        label = ctx.t("gb_chip_label", n=n, value=value)
        items.append(
            h(
                "span",
                {"class": "gb-chip-stack", "title": label, "role": "img", "aria-label": label},
                h("span", {"class": f"gb-chip c-{colour}", "aria-hidden": "true"}, str(value)),
                h("span", {"class": "num", "aria-hidden": "true"}, f"×{n}"),
            )
        )
    if not items:
        items.append(h("span", {"class": "gb-broke"}, ctx.t("gb_no_chips")))
    return h("span", {"class": "gb-chips"}, items)


def player_extra(view: GamblerView, seat: int, ctx: GameContext) -> Markup:
    info = view["seats"][seat]
    settled = _settled(ctx, seat)
    delta = None
    if settled is not None:
        change = settled[1] - settled[0]
        delta = h(
            "span",
            {
                "class": classes("gb-delta num", change >= 0 and "gain", change < 0 and "loss"),
                "data-testid": f"gb-delta-{seat}",
            },
            _change(change),
        )
    dice_bits: list[Markup] = [
        h(
            "span",
            {"class": "gb-supply num"},
            die_icon(6, tn(ctx.t, "gb_supply_label", n=info["supply"]), "gb-die-icon tiny"),
            ctx.t("gb_supply", n=info["supply"]),
        )
    ]
    if info["has_cup"]:
        dice_bits.append(
            h(
                "span",
                {"class": "gb-cup", "data-testid": f"gb-cup-{seat}"},
                h(
                    "svg",
                    {"viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"},
                    h("path", {"d": "M5 3h14l-2 17a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z"}),
                ),
                tn(ctx.t, "gb_has_cup", n=info["turn_dice"]),
            )
        )
    elif info["out_of_dice"]:
        dice_bits.append(h("span", {"class": "gb-out"}, ctx.t("gb_sits_out")))
    return h(
        "span",
        {
            "class": classes(
                "gb-extra",
                settled is not None and ctx.motion and "flash",
                settled is not None and settled[1] < settled[0] and "debt",
            ),
            "data-testid": f"gb-extra-{seat}",
        },
        chips(info["points"], info["chips"], ctx),
        delta,
        dice_bits,
    )


def status_text(view: GamblerView, ctx: GameContext) -> str:
    """Who is to act and what they do (the round and tableau are on the board)."""
    t = ctx.t
    phase = view["phase"]
    who = seat_name(ctx.players, view["cup"])
    if phase == "await_roll":
        return tn(t, "gb_status_roll", name=who, n=view["turn_dice"])
    if phase == "rolling":
        return t("gb_status_rolling", name=who)
    if phase == "await_place":
        key = "gb_status_place_more" if view["placed"] else "gb_status_place"
        return t(key, name=who)
    if phase == "await_decision":
        return tn(t, "gb_status_decide", name=who, n=view["turn_dice"])
    if phase == "draw_layout":
        return t("gb_status_drawing", round=view["round"])
    return t("gb_round", round=view["round"])


# --- the board ---------------------------------------------------------------------------
def _pickable(view: GamblerView, ctx: GameContext, die: int) -> bool:
    """Whether the player at the screen may place ``die`` now (a legal place action)."""
    return any(
        ctx.index_of({"type": "place", "die": die, "row": row}) is not None
        for row in view["can"]["place"].get(str(die), [])
    )


def _picked(view: GamblerView, ctx: GameContext) -> int | None:
    """The die the player picked (``ctx.local``), if it can still be placed."""
    picked = ctx.local.get("gb_die")
    if not isinstance(picked, str) or not picked.isdigit():
        return None
    die = int(picked)
    return die if _pickable(view, ctx, die) else None


def _first_pickable(view: GamblerView, ctx: GameContext) -> int | None:
    return next((i for i in range(len(view["roll"])) if _pickable(view, ctx, i)), None)


def _place_index(view: GamblerView, ctx: GameContext, picked: int | None) -> dict[int, int]:
    """Row -> index of the place action for the picked die."""
    if picked is None:
        return {}
    out = {}
    for row in view["can"]["place"].get(str(picked), []):
        i = ctx.index_of({"type": "place", "die": picked, "row": row})
        if i is not None:
            out[row] = i
    return out


def board(view: GamblerView, ctx: GameContext) -> Markup:
    return h(
        "div",
        {"class": "gb-board fit"},
        info_bar(view, ctx),
        h(
            "div",
            {"class": "gb-play"},
            tableau(view, ctx),
            h("div", {"class": "gb-column"}, roll_tray(view, ctx), round_over(view, ctx)),
        ),
    )


def info_bar(view: GamblerView, ctx: GameContext) -> Markup:
    t = ctx.t
    lay = view["layout"]
    bits: list[Markup] = [
        h("span", {"class": "gb-round"}, t("gb_round", round=view["round"])),
    ]
    if lay:
        bits.append(
            h(
                "span",
                {"class": "gb-layout", "data-testid": "gb-layout"},
                t("gb_layout", name=layout_name(ctx.cat, lay["id"], lay["name"]), id=lay["id"]),
                lay["beginner"] and h("span", {"class": "gb-beginner"}, t("gb_beginner")),
            )
        )
    bits.append(h("span", {}, t("gb_target", n=view["target"])))
    if view["next_layout"]:
        bits.append(
            h("span", {"data-testid": "gb-next"}, t("gb_next_layout", id=view["next_layout"]))
        )
    if view["played_layouts"]:
        bits.append(
            h("span", {"class": "gb-played"}, t("gb_played", ids=", ".join(view["played_layouts"])))
        )
    if view["dice_out_of_play"]:
        bits.append(h("span", {}, t("gb_out_of_play", n=view["dice_out_of_play"])))
    return h("p", {"class": "gb-info"}, bits)


def _last_roll(view: GamblerView, ctx: GameContext) -> tuple[list[int], int | None, bool]:
    """The roll to show: the current one, or one that just fitted nowhere (it is gone)."""
    if view["roll"]:
        return list(view["roll"]), view["cup"], False
    for event in reversed(_fresh(ctx, "no_match")):
        return _nums(event, "roll"), _seat(event), True
    return [], None, False


def _die_label(t: Callable[..., str], value: int, where: PlacedDie | None) -> str:
    if where is None:
        return t("gb_die_value", value=value)
    return t("gb_die_in_row", value=value, row=where["row"], box=where["box"])


def roll_tray(view: GamblerView, ctx: GameContext) -> Markup:
    """The roll beside the tableau; its dice are the controls that pick a die to place."""
    t = ctx.t
    roll, seat, missed = _last_roll(view, ctx)
    # The dice tumble once, as they land (not again when a die is picked).
    tumble = ctx.motion and bool(_fresh(ctx, "rolled")) and "gb_die" not in ctx.local
    placed = {p["die"]: p for p in view["placed"]}
    picked = _picked(view, ctx)
    focus_die = None
    if picked is None and (_fresh(ctx, "rolled") or _fresh(ctx, "die_placed")):
        focus_die = _first_pickable(view, ctx)  # the same player picks the next die
    dice = []
    for i, value in enumerate(roll):
        where = placed.get(i)
        icon_cls = classes("gb-die-icon big", tumble and "gb-tumble")
        item: Markup
        if not missed and _pickable(view, ctx, i):
            on = i == picked
            item = h(
                "button",
                {
                    "type": "button",
                    "class": classes("gb-pick", on and "on"),
                    "data-act": "local",
                    "data-arg": "gb_die",
                    "value": str(i),
                    "aria-pressed": "true" if on else "false",
                    "data-testid": f"gb-die-{i}",
                    "data-focus": i == focus_die or None,
                },
                die_icon(value, t("gb_die_value", value=value), icon_cls),
            )
        else:
            fits = where is not None or missed or bool(view["can"]["place"].get(str(i)))
            label = _die_label(t, value, where) if fits else t("gb_die_fits_nowhere", value=value)
            item = h(
                "span",
                {"class": classes("gb-pick off", where is not None and "placed")},
                die_icon(value, label, icon_cls),
            )
        dice.append(
            h(
                "li",
                {
                    "class": classes("gb-tray-die", where is not None and "placed"),
                    "data-testid": f"gb-roll-{i}",
                },
                item,
                h(
                    "span",
                    {"class": "gb-where", "aria-hidden": "true"},
                    t("gb_row_short", row=where["row"]) if where is not None else "",
                ),
            )
        )
    if not roll and view["phase"] in ("await_roll", "await_decision"):
        # The turn dice, still in the cup: blank until they are rolled.
        cup_label = tn(t, "gb_in_cup", n=view["turn_dice"])
        dice = [
            h(
                "li",
                {"class": "gb-tray-die cup", "aria-hidden": "true"},
                die_icon(0, cup_label, "gb-die-icon big blank"),
            )
            for _ in range(view["turn_dice"])
        ]
    if roll:
        head = (
            t("gb_no_fit", name=seat_name(ctx.players, seat))
            if missed
            else t("gb_roll_of", name=seat_name(ctx.players, seat), n=view["rolls"])
        )
    elif view["phase"] == "await_decision":
        head = tn(t, "gb_dice_left", name=seat_name(ctx.players, view["cup"]), n=view["turn_dice"])
    elif view["phase"] == "await_roll":
        head = tn(
            t, "gb_ready_to_roll", name=seat_name(ctx.players, view["cup"]), n=view["turn_dice"]
        )
    else:
        head = ""
    return h(
        "section",
        {
            "class": classes("gb-tray", missed and "missed"),
            "aria-label": t("gb_roll"),
            "data-testid": "gb-tray",
        },
        h("p", {"class": "gb-tray-head", "aria-live": "polite"}, head),
        dice and h("ol", {"class": "gb-tray-dice"}, dice),
    )


def round_over(view: GamblerView, ctx: GameContext) -> Markup | None:
    """The round just finished, beside the next tableau while that round is played.

    It arrives with the move that ended the round (``ctx.fresh``); each closed row is
    listed with who closed it and what it paid or cost, and every player's change.
    """
    results = view["results"]
    if not results or view["phase"] == "over" or results[-1]["round"] != view["round"] - 1:
        return None
    last = results[-1]
    before = (
        results[-2]["points"] if len(results) > 1 else [view["start_points"]] * len(last["points"])
    )
    arriving = bool(_fresh(ctx, "round_ended"))
    # Once the new round has dice on its tableau the card is only a reminder (a phone,
    # short of room, leaves it out then).
    stale = any(row["filled"] for row in view["rows"])
    return _round_card(last, before, ctx, arriving, stale)


def _round_card(
    result: RoundResult, before: list[int], ctx: GameContext, arriving: bool, stale: bool
) -> Markup:
    t = ctx.t
    closed = [
        h(
            "li",
            {"class": f"gb-closed {c['colour']}"},
            token(c["seat"], ctx.players),
            h("span", {"class": f"gb-amount num {c['colour']}"}, _signed(c["points"], c["colour"])),
            " ",
            t("gb_closed_line", row=c["row"], need=code_words(c["code"], ctx.cat)),
        )
        for c in result["closed"]
    ]
    totals = [
        h(
            "li",
            {"class": f"pc{seat}"},
            h("bdi", {}, seat_name(ctx.players, seat)),
            " ",
            h(
                "span",
                {
                    "class": classes(
                        "gb-delta num",
                        after >= before[seat] and "gain",
                        after < before[seat] and "loss",
                    )
                },
                _change(after - before[seat]),
            ),
            " ",
            h("span", {"class": "num"}, t("gb_points", n=after)),
        )
        for seat, after in enumerate(result["points"])
    ]
    return h(
        "section",
        {
            "class": classes(
                "gb-round-over", arriving and ctx.motion and "arrive", stale and "stale"
            ),
            "data-testid": "gb-round-over",
            "aria-labelledby": "gb-round-over-h",
        },
        h(
            "h2",
            {"id": "gb-round-over-h"},
            t(
                "gb_round_over",
                round=result["round"],
                name=layout_name(ctx.cat, result["layout"], result["name"]),
            ),
        ),
        h(
            "p",
            {"class": "gb-round-closer"},
            t("gb_round_closer", name=seat_name(ctx.players, result["closer"])),
        ),
        closed and h("ul", {"class": "gb-closed-rows"}, closed),
        h("ul", {"class": "gb-round-points"}, totals),
    )


def tableau(view: GamblerView, ctx: GameContext) -> Markup:
    t = ctx.t
    lay = view["layout"]
    if lay is None:
        return h("p", {"class": "gb-drawing"}, t("gb_status_drawing", round=view["round"]))
    picked = _picked(view, ctx)
    targets = _place_index(view, ctx, picked)
    value = view["roll"][picked] if picked is not None else None
    fits_any: set[int] = set()
    if ctx.legal:
        for rows in view["can"]["place"].values():
            fits_any.update(rows)
    new_round = bool(_fresh(ctx, "round_started"))
    just_closed = {_num(e, "row"): e for e in _fresh(ctx, "row_closed") if not new_round}
    # The die (or dice) that just went onto the tableau, by (row, box).
    just_placed: set[tuple[int, int]] = set()
    popped: set[tuple[int, int]] = set()  # lands with a bounce (once: not after a pick)
    if not new_round:
        for e in _fresh(ctx, "die_placed"):
            just_placed.add((_num(e, "row"), _num(e, "box")))
            if ctx.motion and "gb_die" not in ctx.local:
                popped.add((_num(e, "row"), _num(e, "box")))
        for e in _fresh(ctx, "placement_confirmed"):
            placements = e.get("placements")
            for p in placements if isinstance(placements, list) else []:
                if isinstance(p, dict):
                    just_placed.add((_num(p, "row"), _num(p, "box")))
    parts: list[Markup] = []
    for row in view["rows"]:
        r = row["row"]
        y = TOP + (r - 1) * ROW_H
        by = y + CAP  # top of the boxes
        yellow = row["colour"] == "yellow"
        cls = classes(
            "gb-row",
            "yellow" if yellow else "black",
            row["closed"] and "closed",
            r in targets and "target",
            picked is None and r in fits_any and "fits",
            r in just_closed and ctx.motion and "just-closed",
        )
        need = row_need(row, ctx.cat)
        row_label = t(f"gb_row_label_{row['colour']}", row=r, need=need, points=row["points"])
        items: list[Markup] = [
            h("title", {}, row_label),
            h(
                "rect",
                {
                    "x": 4,
                    "y": y,
                    "width": WIDTH - 8,
                    "height": ROW_H - 8,
                    "rx": 12,
                    "class": "band",
                },
            ),
            h("text", {"x": LEFT / 2 + 2, "y": by + BOX / 2 + 11, "class": "row-no"}, str(r)),
            h("text", {"x": LEFT, "y": y + CAP - 5, "class": "need"}, need),
        ]
        last_x = LEFT
        for box in row["boxes"]:
            k = box["box"] - 1
            x = LEFT + k * (BOX + GAP)
            last_x = x + BOX
            is_next = row["next_box"] == box["box"]
            content: Markup | None
            if box["value"] is not None:
                content = die_face(
                    box["value"],
                    x + 6,
                    by + 6,
                    BOX - 12,
                    classes("gb-die placed", box["pending"] and "pending"),
                )
            else:
                content = _hint(box, x, by)
            box_cls = classes(
                "gb-box",
                box["value"] is not None and "full",
                box["pending"] and "pending",
                is_next and "next",
                (r, box["box"]) in just_placed and box["value"] is not None and "just",
                (r, box["box"]) in popped and "pop",
            )
            group = [
                h(
                    "rect",
                    {"x": x, "y": by, "width": BOX, "height": BOX, "rx": 10, "class": "cell"},
                ),
                content,
            ]
            if box["pending"]:
                group.append(
                    h(
                        "text",
                        {"x": x + BOX - 8, "y": by + 18, "class": "pending-mark"},
                        "•",
                    )
                )
            if is_next and r in targets:
                label = t("gb_place_label", value=value, row=r, box=box["box"], need=need)
                items.append(
                    h(
                        "g",
                        {
                            "class": classes(box_cls, "can-place"),
                            "role": "button",
                            "tabindex": "0",
                            "data-act": "play",
                            "data-arg": str(targets[r]),
                            "aria-label": label,
                            "data-testid": f"gb-box-{r}",
                        },
                        h("title", {}, label),
                        group,
                    )
                )
            else:
                items.append(h("g", {"class": box_cls}, group))
        # The value circle, tied to the row's last box.
        cy = by + BOX / 2
        items.append(
            h(
                "line",
                {"x1": last_x, "y1": cy, "x2": CIRCLE_X - 38, "y2": cy, "class": "tie"},
            )
        )
        circle: list[Markup] = [
            h("circle", {"cx": CIRCLE_X, "cy": cy, "r": 38, "class": "value"}),
            h(
                "text",
                {"x": CIRCLE_X, "y": cy + 9, "class": "value-text"},
                _signed(row["points"], row["colour"]),
            ),
        ]
        closer = row["closed_by"]
        if closer is not None:
            name = seat_name(ctx.players, closer)
            circle.append(
                h(
                    "g",
                    {"class": f"closer pc{closer}"},
                    h("title", {}, t("gb_closed_by", name=name)),
                    h("circle", {"cx": CIRCLE_X + 28, "cy": cy - 30, "r": 16}),
                    h(
                        "text",
                        {"x": CIRCLE_X + 28, "y": cy - 24},
                        token_label(ctx.players, closer),
                    ),
                )
            )
        if r in just_closed:
            # What the row just paid or cost, shown where it was scored, for a moment.
            circle.append(
                h(
                    "text",
                    {
                        "x": CIRCLE_X - 50,
                        "y": y + CAP - 5,
                        "class": classes("gb-scored", row["colour"], ctx.motion and "rise"),
                        "data-testid": f"gb-scored-{r}",
                    },
                    t(
                        f"gb_scored_{row['colour']}",
                        name=seat_name(ctx.players, closer),
                        points=row["points"],
                    ),
                )
            )
        items.append(h("g", {"class": "gb-circle"}, circle))
        parts.append(h("g", {"class": cls, "data-testid": f"gb-row-{r}"}, items))
    if lay["beginner"]:
        parts.append(h("circle", {"cx": 14, "cy": HEIGHT - 12, "r": 6, "class": "beginner-dot"}))
    return h(
        "figure",
        {"class": "gb-tableau"},
        h(
            "svg",
            {
                "viewBox": f"0 0 {WIDTH:.0f} {HEIGHT:.0f}",
                "role": "group",
                # Focusable, so that a keyboard can reach (and scroll) the tableau on a
                # phone, where the board area scrolls, even when no box is to be chosen.
                "tabindex": "0",
                "aria-label": t(
                    "gb_tableau_label",
                    name=layout_name(ctx.cat, lay["id"], lay["name"]),
                    id=lay["id"],
                ),
            },
            parts,
        ),
        h(
            "figcaption",
            {"class": "sr-only"},
            [
                h(
                    "span",
                    {},
                    t(
                        f"gb_row_state_{row['colour']}",
                        row=row["row"],
                        need=row_need(row, ctx.cat),
                        points=row["points"],
                        filled=" ".join(str(v) for v in row["filled"] + row["pending"]) or "–",
                        boxes=row["length"],
                    ),
                    " ",
                )
                for row in view["rows"]
            ],
        ),
    )


# --- the player's choices ---------------------------------------------------------------
def actions(view: GamblerView, ctx: GameContext) -> Markup:
    t = ctx.t
    phase = view["phase"]
    if phase == "await_roll":
        return h(
            "div",
            {"class": "choices", "role": "group"},
            action_button(
                ctx,
                {"type": "roll"},
                tn(t, "gb_roll_n", n=view["turn_dice"]),
                "gb-roll",
                "primary big",
                **{"data-focus": True},
            ),
        )
    if phase == "await_decision":
        return join(
            h(
                "div",
                {"class": "choices", "role": "group"},
                action_button(
                    ctx,
                    {"type": "roll_again"},
                    tn(t, "gb_roll_again", n=view["turn_dice"]),
                    "gb-roll-again",
                    "primary big",
                    **{"data-focus": True},
                ),
                action_button(ctx, {"type": "stop"}, t("gb_stop"), "gb-stop", "big"),
            ),
        )
    if phase == "await_place":
        return place_panel(view, ctx)
    return join()


def place_panel(view: GamblerView, ctx: GameContext) -> Markup:
    """The rows the picked die fits (in words), Confirm and the take-backs.

    The dice themselves are picked in the roll beside the tableau.
    """
    t = ctx.t
    picked = _picked(view, ctx)
    rows: list[Markup] = []
    if picked is not None:
        by_row = {row["row"]: row for row in view["rows"]}
        for n, (r, i) in enumerate(sorted(_place_index(view, ctx, picked).items())):
            row = by_row[r]
            closes = row["closes_next"]
            rows.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": classes("gb-to-row", row["colour"], closes and "closes"),
                        "data-act": "play",
                        "data-arg": str(i),
                        "data-testid": f"gb-row-btn-{r}",
                        "title": t(
                            "gb_place_label",
                            value=view["roll"][picked],
                            row=r,
                            box=row["next_box"],
                            need=row_need(row, ctx.cat),
                        ),
                        "data-focus": n == 0 or None,
                    },
                    h("span", {"class": "gb-row-no"}, t("gb_to_row", row=r)),
                    " ",
                    h("span", {"class": "gb-row-need"}, row_need(row, ctx.cat)),
                    " ",
                    h(
                        "span",
                        {"class": f"gb-row-points num {row['colour']}"},
                        _signed(row["points"], row["colour"]),
                    ),
                    closes
                    and h(
                        "span",
                        {"class": "gb-closes"},
                        t(
                            f"gb_closes_{row['colour']}",
                            points=row["points"],
                        ),
                    ),
                )
            )
    backs = [
        action_button(
            ctx,
            {"type": "take_back", "row": r},
            t("gb_take_back", row=r),
            f"gb-take-back-{r}",
            "small",
        )
        for r in view["can"]["take_back"]
    ]
    if picked is not None:
        prompt = None  # the rows it fits are the question
    elif _first_pickable(view, ctx) is not None:
        prompt = t("gb_pick_die_more") if view["placed"] else t("gb_pick_die")
    else:
        prompt = t("gb_nothing_fits_more")
    nothing_left = _first_pickable(view, ctx) is None
    return join(
        prompt and h("p", {"class": "gb-prompt"}, prompt),
        rows
        and h(
            "div",
            {"class": "choices gb-rows", "role": "group", "data-testid": "gb-rows"},
            rows,
        ),
        h(
            "div",
            {"class": "choices gb-commit", "role": "group"},
            action_button(
                ctx,
                {"type": "confirm"},
                t("gb_confirm"),
                "gb-confirm",
                "primary big",
                **{"data-focus": (nothing_left and picked is None) or None},
            ),
            backs,
        ),
    )


def private_panel(view: GamblerView, seat: int, ctx: GameContext) -> Markup:
    return join()


# --- words -------------------------------------------------------------------------------
def describe(event: dict[str, Any], players: list[str], cat: Catalogue) -> str | None:
    t = cat.t
    kind = _text(event, "type")
    who = seat_name(players, _seat(event))
    if kind == "board_drawn":
        return t("gb_ev_board", board=_num(event, "board"), side=_text(event, "side"))
    if kind == "round_started":
        return t(
            "gb_ev_round",
            round=_num(event, "round"),
            name=layout_name(cat, _text(event, "layout"), _text(event, "name")),
            id=_text(event, "layout"),
            start=seat_name(players, _seat(event, "start_player")),
            n=_num(event, "supply"),
        )
    if kind == "turn_started":
        turn_dice, aside = _num(event, "turn_dice"), _num(event, "set_aside")
        if aside:
            return tn(t, "gb_ev_turn_aside", name=who, n=turn_dice, aside=aside)
        return tn(t, "gb_ev_turn", name=who, n=turn_dice)
    if kind == "skipped":
        return t("gb_ev_skipped", name=who)
    if kind == "rolling":
        return tn(
            t, "gb_ev_rolling", name=who, n=_num(event, "dice"), roll=_num(event, "roll_number")
        )
    if kind == "die_rolled":
        return None  # the whole roll is told once it has landed ("rolled")
    if kind == "rolled":
        return t("gb_ev_rolled", name=who, dice=" ".join(str(v) for v in _nums(event, "roll")))
    if kind == "no_match":
        return t("gb_ev_no_match", name=who)
    if kind == "die_placed":
        return t(
            "gb_ev_placed",
            name=who,
            value=_num(event, "value"),
            row=_num(event, "row"),
            box=_num(event, "box"),
        )
    if kind == "die_taken_back":
        return t("gb_ev_taken_back", name=who, value=_num(event, "value"), row=_num(event, "row"))
    if kind == "placement_confirmed":
        placements = event.get("placements")
        n = len(placements) if isinstance(placements, list) else 0
        return tn(t, "gb_ev_confirmed", name=who, n=n, left=_num(event, "dice_left"))
    if kind == "row_closed":
        yellow = _text(event, "colour") == "yellow"
        return t(
            "gb_ev_closed_yellow" if yellow else "gb_ev_closed_black",
            name=who,
            row=_num(event, "row"),
            need=code_words(_text(event, "code"), cat) if _text(event, "code") else "",
            points=_num(event, "points"),
        )
    if kind == "settled":
        gain, owed, forgiven = (
            _num(event, "collected"),
            _num(event, "owed"),
            _num(event, "forgiven"),
        )
        params: dict[str, object] = {
            "name": who,
            "gain": gain,
            "owed": owed,
            "paid": _num(event, "paid"),
            "forgiven": forgiven,
            "before": _num(event, "before"),
            "after": _num(event, "after"),
        }
        if forgiven:
            return t("gb_ev_settled_debt", **params)
        if gain and owed:
            return t("gb_ev_settled_both", **params)
        if owed:
            return t("gb_ev_settled_pay", **params)
        return t("gb_ev_settled_gain", **params)
    if kind == "stopped":
        return tn(t, "gb_ev_stopped", name=who, n=_num(event, "dice_left"))
    if kind == "turn_ended":
        return tn(
            t,
            f"gb_ev_end_{_text(event, 'reason')}",
            n=_num(event, "dice_back"),
            name=who,
            supply=_num(event, "supply"),
        )
    if kind == "round_ended":
        points = _nums(event, "points")
        return t(
            "gb_ev_round_ended",
            round=_num(event, "round"),
            id=_text(event, "layout"),
            name=seat_name(players, _seat(event, "closer")),
            points=", ".join(f"{seat_name(players, s)} {p}" for s, p in enumerate(points)),
        )
    if kind == "game_over":
        winners = _nums(event, "winners")
        names = ", ".join(seat_name(players, s) for s in winners)
        key = "gb_ev_game_over" if len(winners) == 1 else "gb_ev_game_over_shared"
        return t(key, names=names, points=max(_nums(event, "points"), default=0))
    return None


def rules_summary(cat: Catalogue) -> Markup:
    return rules_paragraphs(cat, "gb_rules_")


def results_detail(view: GamblerView, ctx: GameContext) -> Markup:
    t = ctx.t
    rounds = []
    before = [view["start_points"]] * len(ctx.players)
    for r in view["results"]:
        closed = [
            h(
                "li",
                {"class": f"gb-closed {c['colour']}"},
                token(c["seat"], ctx.players),
                " ",
                t(
                    f"gb_result_row_{c['colour']}",
                    name=seat_name(ctx.players, c["seat"]),
                    row=c["row"],
                    need=code_words(c["code"], ctx.cat),
                    points=c["points"],
                ),
            )
            for c in r["closed"]
        ]
        changes = []
        for seat, after in enumerate(r["points"]):
            sign = _change(after - before[seat])
            changes.append(
                h(
                    "li",
                    {"class": f"pc{seat}"},
                    t(
                        "gb_result_points",
                        name=seat_name(ctx.players, seat),
                        change=sign,
                        points=after,
                    ),
                )
            )
        before = list(r["points"])
        rounds.append(
            h(
                "li",
                {"data-testid": f"gb-round-result-{r['round']}"},
                h(
                    "h3",
                    {},
                    t(
                        "gb_result_round",
                        round=r["round"],
                        name=layout_name(ctx.cat, r["layout"], r["name"]),
                        id=r["layout"],
                    ),
                ),
                h(
                    "p",
                    {"class": "note"},
                    t(
                        "gb_result_closer",
                        start=seat_name(ctx.players, r["start_player"]),
                        closer=seat_name(ctx.players, r["closer"]),
                        turns=r["turns"],
                    ),
                ),
                h("ol", {"class": "gb-closed-rows"}, closed),
                h("ul", {"class": "gb-round-points"}, changes),
            )
        )
    return h(
        "section",
        {"class": "gb-results"},
        h("h2", {}, t("gb_rounds")),
        h("ol", {"class": "gb-round-list"}, rounds),
    )


def lens_horse(view: GamblerView, horse: str, cat: Catalogue) -> str:
    return horse  # Gambler has no races: the lens never asks


def card_words(view: GamblerView, card: str, cat: Catalogue) -> str:
    return card  # no action of this game names a card


def lens_chart(view: GamblerView, odds: Odds, cat: Catalogue) -> Markup | None:
    """Before a roll: how likely a die of it fits, and so how likely the turn ends."""
    fit = odds.get("facts", {}).get("fit")
    if fit is None:
        return None
    return h(
        "p",
        {"class": "lens-fact"},
        cat.t("lens_fit", fit=pct(fit), bust=pct(1 - fit)),
    )
