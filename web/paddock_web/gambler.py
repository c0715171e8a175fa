"""Gambler's table: the tableau of six rows drawn from the view, the roll, chips and dice.

A turn at the table: *Roll*; the dice tumble and land; pick a die (kept in
``ctx.local["gb_die"]``), the rows it fits light up, pick one (on the board or with a
button); take the last die of a row back within the step; *Confirm*; then *Roll
again* or *Stop*. Nothing is secret in Gambler (the engine says so: no private turn,
no secrets), so there is never a curtain.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from pygames.gambler.data import CHIPS
from pygames.gambler.view import BoxView, Chips, GamblerView, PlacedDie, RowView

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .parts import action_button, die_face, die_icon, pips, token
from .table import GameContext, initial, rules_paragraphs, seat_name

PEEK_KEY = "gb_no_secrets"  # never shown: Gambler has no private information (spec §9)

# Tableau geometry (SVG user units): a row-number column, five box slots, the value circle.
BOX, GAP, ROW_H, TOP = 76.0, 10.0, 92.0, 8.0
LEFT = 46.0
CIRCLE_X = LEFT + 5 * (BOX + GAP) + 44.0
WIDTH = CIRCLE_X + 48.0
HEIGHT = TOP + 6 * ROW_H + 8.0  # room for the beginner dot below row 6


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


def row_need(row: RowView, cat: Catalogue) -> str:
    """A row's kind in words, e.g. "3 of a kind" or "pips 4, 3"."""
    kind = row["kind"]
    if kind == "pips":
        return cat.t("gb_kind_pips", pips=", ".join(row["code"]))
    if kind == "stars":
        return cat.t("gb_kind_stars", n=row["length"])
    return cat.t(f"gb_kind_{kind}", n=row["length"])


def layout_name(cat: Catalogue, layout_id: str, fallback: str) -> str:
    """A layout's name in the reader's language (``gb_layout_<id>``), else the designed one."""
    key = f"gb_layout_{layout_id}"
    return cat.t(key) if cat.has(key) else fallback


def tn(t: Callable[..., str], key: str, n: int, **params: object) -> str:
    """The message ``key`` for ``n`` of something: ``<key>_one`` when n is 1 ("1 die")."""
    return t(f"{key}_one" if n == 1 else key, n=n, **params)


def _signed(points: int, colour: str) -> str:
    return f"+{points}" if colour == "yellow" else f"−{points}"


# --- hooks --------------------------------------------------------------------------------
def score_text(view: GamblerView, seat: int, ctx: GameContext) -> str:
    return ctx.t("gb_points", n=view["points"][seat])


def _settled(ctx: GameContext, seat: int) -> tuple[int, int] | None:
    """Points (before, after) of the seat's settlement among the fresh events, if any."""
    for event in reversed(ctx.fresh):
        if event.get("type") == "settled" and _seat(event) == seat:
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
            f"+{change}" if change >= 0 else f"−{-change}",
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
                settled is not None and "flash",
                settled is not None and settled[1] < settled[0] and "debt",
            ),
            "data-testid": f"gb-extra-{seat}",
        },
        h("span", {"class": "gb-money"}, chips(info["points"], info["chips"], ctx), delta),
        h("span", {"class": "gb-dice-line"}, dice_bits),
    )


def status_text(view: GamblerView, ctx: GameContext) -> str:
    t = ctx.t
    lay = view["layout"]
    name = layout_name(ctx.cat, lay["id"], lay["name"]) if lay else "…"
    where = t("gb_round_of", round=view["round"], name=name)
    phase = view["phase"]
    who = seat_name(ctx.players, view["cup"])
    if phase == "await_roll":
        return tn(t, "gb_status_roll", where=where, name=who, n=view["turn_dice"])
    if phase == "rolling":
        return t("gb_status_rolling", where=where, name=who)
    if phase == "await_place":
        key = "gb_status_place_more" if view["placed"] else "gb_status_place"
        return t(key, where=where, name=who)
    if phase == "await_decision":
        return tn(t, "gb_status_decide", where=where, name=who, n=view["turn_dice"])
    if phase == "draw_layout":
        return t("gb_status_drawing", round=view["round"])
    return where


def _picked(view: GamblerView, ctx: GameContext) -> int | None:
    """The die the player picked (``ctx.local``), if it can still be placed."""
    picked = ctx.local.get("gb_die")
    key = picked if isinstance(picked, str) else None
    return int(key) if key is not None and key in view["can"]["place"] else None


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
        {"class": "gb-board"},
        info_bar(view, ctx),
        h("div", {"class": "gb-play"}, tableau(view, ctx), roll_tray(view, ctx)),
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
        bits.append(h("span", {}, t("gb_played", ids=", ".join(view["played_layouts"]))))
    if view["dice_out_of_play"]:
        bits.append(h("span", {}, t("gb_out_of_play", n=view["dice_out_of_play"])))
    return h("p", {"class": "gb-info"}, bits)


def _last_roll(view: GamblerView, ctx: GameContext) -> tuple[list[int], int | None, bool]:
    """The roll to show: the current one, or one that just fitted nowhere (it is gone)."""
    if view["roll"]:
        return list(view["roll"]), view["cup"], False
    for event in reversed(ctx.fresh):
        if event.get("type") == "no_match":
            return _nums(event, "roll"), _seat(event), True
    return [], None, False


def _die_label(t: Callable[..., str], value: int, where: PlacedDie | None) -> str:
    if where is None:
        return t("gb_die_value", value=value)
    return t("gb_die_in_row", value=value, row=where["row"], box=where["box"])


def roll_tray(view: GamblerView, ctx: GameContext) -> Markup:
    t = ctx.t
    roll, seat, missed = _last_roll(view, ctx)
    fresh = ctx.motion and any(e.get("type") == "rolled" for e in ctx.fresh)
    placed = {p["die"]: p for p in view["placed"]}
    dice = []
    for i, value in enumerate(roll):
        where = placed.get(i)
        dice.append(
            h(
                "li",
                {
                    "class": classes("gb-tray-die", where is not None and "placed"),
                    "data-testid": f"gb-roll-{i}",
                },
                die_icon(
                    value,
                    _die_label(t, value, where),
                    classes("gb-die-icon big", fresh and "gb-tumble"),
                ),
                where is not None
                and h("span", {"class": "gb-where"}, t("gb_row_short", row=where["row"])),
            )
        )
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


def tableau(view: GamblerView, ctx: GameContext) -> Markup:
    t = ctx.t
    lay = view["layout"]
    if lay is None:
        return h("p", {"class": "gb-drawing"}, t("gb_status_drawing", round=view["round"]))
    picked = _picked(view, ctx)
    targets = _place_index(view, ctx, picked)
    value = view["roll"][picked] if picked is not None else None
    fits_any: set[int] = set()
    for rows in view["can"]["place"].values():
        fits_any.update(rows)
    new_round = any(f.get("type") == "round_started" for f in ctx.fresh)
    just_closed = {
        _num(e, "row") for e in ctx.fresh if e.get("type") == "row_closed" and not new_round
    }
    parts: list[Markup] = []
    for row in view["rows"]:
        r = row["row"]
        y = TOP + (r - 1) * ROW_H
        yellow = row["colour"] == "yellow"
        cls = classes(
            "gb-row",
            "yellow" if yellow else "black",
            row["closed"] and "closed",
            r in targets and "target",
            picked is None and r in fits_any and "fits",
            r in just_closed and "just-closed",
        )
        need = row_need(row, ctx.cat)
        row_label = t(
            "gb_row_label",
            row=r,
            need=need,
            colour=t(f"gb_colour_{row['colour']}"),
            points=row["points"],
        )
        items: list[Markup] = [
            h("title", {}, row_label),
            h(
                "rect",
                {
                    "x": 4,
                    "y": y - 4,
                    "width": WIDTH - 8,
                    "height": BOX + 8,
                    "rx": 12,
                    "class": "band",
                },
            ),
            h("text", {"x": LEFT / 2 + 2, "y": y + BOX / 2 + 9, "class": "row-no"}, str(r)),
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
                    y + 6,
                    BOX - 12,
                    classes("gb-die placed", box["pending"] and "pending"),
                )
            else:
                content = _hint(box, x, y)
            box_cls = classes(
                "gb-box",
                box["value"] is not None and "full",
                box["pending"] and "pending",
                is_next and "next",
            )
            group = [
                h("rect", {"x": x, "y": y, "width": BOX, "height": BOX, "rx": 10, "class": "cell"}),
                content,
            ]
            if box["pending"]:
                group.append(
                    h(
                        "text",
                        {"x": x + BOX - 8, "y": y + 18, "class": "pending-mark"},
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
        cy = y + BOX / 2
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
                    h("circle", {"cx": CIRCLE_X + 28, "cy": cy - 28, "r": 15}),
                    h(
                        "text",
                        {"x": CIRCLE_X + 28, "y": cy - 22},
                        initial(name),
                    ),
                )
            )
        items.append(h("g", {"class": "gb-circle"}, circle))
        parts.append(h("g", {"class": cls, "data-testid": f"gb-row-{r}"}, items))
    if lay["beginner"]:
        parts.append(h("circle", {"cx": 16, "cy": HEIGHT - 10, "r": 6, "class": "beginner-dot"}))
    return h(
        "figure",
        {"class": "gb-tableau"},
        h(
            "svg",
            {
                "viewBox": f"0 0 {WIDTH:.0f} {HEIGHT:.0f}",
                "role": "group",
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
                        "gb_row_state",
                        row=row["row"],
                        need=row_need(row, ctx.cat),
                        colour=t(f"gb_colour_{row['colour']}"),
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
            ),
        )
    if phase == "await_decision":
        return join(
            h("p", {}, tn(t, "gb_decide_help", n=view["turn_dice"])),
            h(
                "div",
                {"class": "choices", "role": "group"},
                action_button(
                    ctx,
                    {"type": "roll_again"},
                    tn(t, "gb_roll_again", n=view["turn_dice"]),
                    "gb-roll-again",
                    "primary big",
                ),
                action_button(ctx, {"type": "stop"}, t("gb_stop"), "gb-stop", "big"),
            ),
        )
    if phase == "await_place":
        return place_panel(view, ctx)
    return join()


def place_panel(view: GamblerView, ctx: GameContext) -> Markup:
    t = ctx.t
    picked = _picked(view, ctx)
    placed = {p["die"]: p for p in view["placed"]}
    dice: list[Markup] = []
    for i, value in enumerate(view["roll"]):
        key = str(i)
        if key in view["can"]["place"]:
            on = i == picked
            dice.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": classes("gb-pick", on and "on"),
                        "data-act": "local",
                        "data-arg": "gb_die",
                        "value": key,
                        "aria-pressed": "true" if on else "false",
                        "data-testid": f"gb-die-{i}",
                    },
                    die_icon(value, t("gb_die_value", value=value), "gb-die-icon big"),
                )
            )
        else:
            where = placed.get(i)
            label = (
                _die_label(t, value, where)
                if where is not None
                else t("gb_die_fits_nowhere", value=value)
            )
            dice.append(
                h(
                    "span",
                    {"class": classes("gb-pick off", where is not None and "placed")},
                    die_icon(value, label, "gb-die-icon big"),
                )
            )
    rows: list[Markup] = []
    if picked is not None:
        by_row = {row["row"]: row for row in view["rows"]}
        for r, i in sorted(_place_index(view, ctx, picked).items()):
            row = by_row[r]
            label = t(
                "gb_place_label",
                value=view["roll"][picked],
                row=r,
                box=row["next_box"],
                need=row_need(row, ctx.cat),
            )
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
                        "title": label,
                        "aria-label": label,
                    },
                    t("gb_to_row", row=r, points=_signed(row["points"], row["colour"])),
                    closes
                    and h(
                        "span",
                        {"class": "gb-closes"},
                        t("gb_closes_gain" if row["colour"] == "yellow" else "gb_closes_loss"),
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
        value = view["roll"][picked]
        prompt = t("gb_pick_row", value=value)
    elif view["can"]["place"]:
        prompt = t("gb_pick_die_more") if view["placed"] else t("gb_pick_die")
    else:
        prompt = t("gb_nothing_fits_more")
    return join(
        h(
            "div",
            {"class": "gb-place-line"},
            h("p", {"class": "gb-prompt"}, prompt),
            h(
                "div",
                {"class": "choices gb-dice-picks", "role": "group", "aria-label": t("gb_roll")},
                dice,
            ),
            h(
                "div",
                {"class": "choices gb-commit", "role": "group"},
                action_button(
                    ctx, {"type": "confirm"}, t("gb_confirm"), "gb-confirm", "primary big"
                ),
                backs,
            ),
        ),
        rows
        and h(
            "div",
            {"class": "choices gb-rows", "role": "group", "data-testid": "gb-rows"},
            rows,
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
            code=_text(event, "code"),
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
                    "gb_result_row",
                    name=seat_name(ctx.players, c["seat"]),
                    row=c["row"],
                    code=c["code"],
                    colour=t(f"gb_colour_{c['colour']}"),
                    points=_signed(c["points"], c["colour"]),
                ),
            )
            for c in r["closed"]
        ]
        changes = []
        for seat, after in enumerate(r["points"]):
            diff = after - before[seat]
            sign = f"+{diff}" if diff >= 0 else f"−{-diff}"
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
