"""Homestretch's table: eleven lanes, the race card, the betting board, draft and market."""

from __future__ import annotations

from typing import Any

from pygames.core.view import FinalResults
from pygames.homestretch.data import CARD_HORSE, GROUP, HORSE_NAMES, HORSES
from pygames.homestretch.view import HomestretchView

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .table import GameContext, initial, rules_paragraphs, seat_name

ROWS = ("WIN", "PLACE", "SHOW")
MARKER_ORDER = ("3", "2a", "2b", "1a", "1b")  # the bet-turn's default pick: biggest first
HCAP_CLASS = {"X": "hc-x", "+2": "hc-2", "+4": "hc-4", "+6": "hc-6"}
GROUP_KEYS = {"long shot": "long", "middle": "middle", "favourite": "fav"}

# Track geometry (SVG user units): one row per horse, columns left to right.
TOP = 34
LANE = 46
NUM_W = 46
HC_X = NUM_W + 22  # centre of the handicap slot, "behind the start"
START_X0 = NUM_W + 44
START_W = 52
SQ_X0 = START_X0 + START_W
SQ_W = 46
FINISH_X0 = SQ_X0 + 9 * SQ_W
FINISH_W = 56
WIDTH = FINISH_X0 + FINISH_W + 4
HEIGHT = TOP + 11 * LANE + 6

PEEK_KEY = "hs_my_secrets"  # the button that shows a player their own secrets

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


# --- small helpers ---------------------------------------------------------------------
def money(cat: Catalogue, amount: int | float) -> str:
    """Homestretch money is in thousands of dollars: 50 -> "$50k"."""
    value = int(amount)
    text = cat.t("hs_money", n=abs(value))
    return f"−{text}" if value < 0 else text


def horse_label(horse: int) -> str:
    return f"{horse} {HORSE_NAMES[horse]}"


def row_name(row: str, cat: Catalogue) -> str:
    return cat.t(f"hs_row_{row}")


def card_horse(card: str) -> int:
    return CARD_HORSE[card]


def token(seat: int, players: list[str], extra: str = "") -> Markup:
    return h(
        "span",
        {"class": classes("token", "small", f"pc{seat}", extra), "aria-hidden": "true"},
        initial(players[seat]),
    )


def _actor(view: Any) -> int | None:
    seat = view["current_player"]
    return seat if isinstance(seat, int) and seat >= 0 else None


def _marker_chip(
    seat: int, value: int | None, ctx: GameContext, *, mine: bool = False, marker: str = ""
) -> Markup:
    name = ctx.players[seat]
    label = (
        ctx.t("hs_marker_hidden", name=name)
        if value is None
        else ctx.t("hs_marker_label", name=name, value=value)
    )
    return h(
        "span",
        {
            "class": classes("chip", "hs-marker", f"pc{seat}", value is None and "face-down"),
            "title": label,
            "aria-label": label,
            "role": "img",
            "data-marker-seat": str(seat),
            "data-value": None if value is None else str(value),
            "data-marker": marker or None,
        },
        h("span", {"class": "chip-initial", "aria-hidden": "true"}, initial(name)),
        h("span", {"class": "chip-value", "aria-hidden": "true"}, "?" if value is None else value),
    )


def _share_badge(card: str, ctx: GameContext | None = None, secret: bool = False) -> Markup:
    horse = card_horse(card)
    return h(
        "span",
        {
            "class": classes("share", f"g-{GROUP_KEYS[GROUP[horse]]}", card[0] == "R" and "red"),
            "title": horse_label(horse),
            "data-card": card if secret else None,
        },
        str(horse),
    )


# --- the hooks the site calls -----------------------------------------------------------
def score_text(view: Any, seat: int, ctx: GameContext) -> str:
    return money(ctx.cat, view["seats"][seat]["money"])


def player_extra(view: Any, seat: int, ctx: GameContext) -> Markup:
    t = ctx.t
    info = view["seats"][seat]
    phase = view["phase"]
    bits: list[Markup] = []
    if phase in ("deal", "draft", "ghost"):
        bits.append(
            h(
                "span",
                {"class": "hs-extra"},
                t("hs_hand_kept", hand=info["hand_size"], kept=info["kept_count"]),
                info["picked"] and h("span", {"class": "done-mark"}, " ✓"),
            )
        )
        return join(*bits)
    if info["shares"]:
        bits.append(
            h(
                "span",
                {"class": "hs-shares", "aria-label": t("hs_shares_of", name=ctx.players[seat])},
                [_share_badge(c) for c in info["shares"]],
            )
        )
    else:
        bits.append(h("span", {"class": "hs-extra"}, t("hs_no_shares")))
    if phase in ("claims", "betting"):
        bits.append(
            h(
                "span",
                {"class": "hs-extra"},
                t("hs_limit", n=info["marker_limit"]),
                info["bets_submitted"] and h("span", {"class": "done-mark"}, " ✓"),
            )
        )
    return join(*bits)


def status_text(view: Any, ctx: GameContext) -> str:
    t = ctx.t
    phase = view["phase"]
    name = seat_name(ctx.players, _actor(view))
    race = t("hs_race_of", race=max(1, view["race"]), races=view["races"])
    if phase == "deal":
        return t("hs_status_deal")
    if phase == "draft":
        return t("hs_status_draft", round=view["draft"]["round"], name=name)
    if phase == "ghost":
        return t("hs_status_ghost", round=view["draft"]["round"])
    if phase == "race_card":
        return t("hs_status_race_card", race=race)
    if phase == "claims":
        return t("hs_status_claims", race=race, name=name)
    if phase == "betting":
        return t("hs_status_betting", race=race, name=name)
    if phase == "roll_off":
        return t("hs_status_roll_off", race=race)
    if phase == "race":
        turn = view["turn"]
        dice = turn["dice"]
        pending = turn["pending"]
        if dice and pending == "move_choice":
            return t(
                "hs_status_move", race=race, name=name, a=dice["a"], b=dice["b"], h=dice["sum"]
            )
        if dice and pending == "reroll_or_stop":
            return t("hs_status_reroll", race=race, name=name, a=dice["a"], b=dice["b"])
        if dice and pending == "bonus_target":
            return t("hs_status_bonus", race=race, name=name, n=turn["bonus_squares"])
        return t("hs_status_rolling", race=race, name=seat_name(ctx.players, turn["seat"]))
    if phase in ("display", "blind"):
        return t("hs_status_display")
    if phase == "buying":
        return t("hs_status_buying", round=view["buying"]["round"], name=name)
    return t("hs_status_over")


# --- the board ---------------------------------------------------------------------------
def board(view: Any, ctx: GameContext) -> Markup:
    """The phase's focus first (draft, betting board or market), then the track."""
    phase = view["phase"]
    top = h(
        "div",
        {"class": "hs-top"},
        track(view, ctx),
        h(
            "div",
            {"class": "hs-side"},
            race_card(view, ctx),
            finish_and_dice(view, ctx),
            order_panel(view, ctx),
        ),
    )
    if phase in ("deal", "draft", "ghost"):
        return join(draft_panel(view, ctx), top, money_track(view, ctx))
    if phase in ("display", "buying", "blind"):
        return join(market_panel(view, ctx), stables_panel(view, ctx), top, money_track(view, ctx))
    if phase == "claims":
        return join(stables_panel(view, ctx), betting_board(view, ctx), top, money_track(view, ctx))
    if phase == "betting":
        return join(betting_board(view, ctx), top, stables_panel(view, ctx), money_track(view, ctx))
    return join(top, betting_board(view, ctx), stables_panel(view, ctx), money_track(view, ctx))


def _x_of(position: int) -> float:
    if position <= 0:
        return START_X0 + START_W / 2
    if position >= 10:
        return FINISH_X0 + FINISH_W / 2
    return SQ_X0 + (position - 0.5) * SQ_W


def _y_of(horse: int) -> float:
    return TOP + (horse - 2) * LANE + LANE / 2


def _bonus_actions(ctx: GameContext) -> dict[int, int]:
    return {a["horse"]: i for i, a in enumerate(ctx.legal) if a["type"] == "bonus_target"}


def _moved_from(horse: int, ctx: GameContext) -> int | None:
    for event in ctx.fresh:
        if event["type"] == "horse_moved" and event["horse"] == horse:
            return int(event["from"])
    return None


def track(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    turn = view["turn"]
    rolled = turn["dice"]["sum"] if turn["dice"] and view["phase"] == "race" else None
    targets = _bonus_actions(ctx)
    shown_targets = set(turn["bonus_targets"] or [])
    parts: list[Markup] = [
        h("rect", {"x": 0, "y": 0, "width": WIDTH, "height": HEIGHT, "rx": 12, "class": "turf"}),
        h("text", {"x": START_X0 + START_W / 2, "y": 24, "class": "col-label"}, t("hs_start")),
        h("text", {"x": FINISH_X0 + FINISH_W / 2, "y": 24, "class": "col-label"}, t("hs_finish")),
    ]
    for k in range(1, 10):
        parts.append(h("text", {"x": _x_of(k), "y": 24, "class": "col-label num"}, str(k)))
    for info in view["horses"]:
        horse = info["horse"]
        y0 = TOP + (horse - 2) * LANE
        yc = y0 + LANE / 2
        lane_cls = classes(
            "lane",
            horse % 2 and "odd",
            rolled == horse and "rolled",
            horse in shown_targets and "target",
            info["finished"] and "done",
        )
        cells: list[Markup] = [
            h("rect", {"x": 2, "y": y0 + 2, "width": WIDTH - 4, "height": LANE - 4, "rx": 6}),
            h("text", {"x": NUM_W / 2 + 2, "y": yc + 11, "class": "lane-no num"}, str(horse)),
            h(
                "rect",
                {
                    "x": START_X0,
                    "y": y0 + 5,
                    "width": START_W - 2,
                    "height": LANE - 10,
                    "rx": 5,
                    "class": "start-box",
                },
            ),
        ]
        for k in range(1, 10):
            cells.append(
                h(
                    "rect",
                    {
                        "x": SQ_X0 + (k - 1) * SQ_W + 1,
                        "y": y0 + 5,
                        "width": SQ_W - 2,
                        "height": LANE - 10,
                        "rx": 4,
                        "class": "square",
                    },
                )
            )
        parts.append(h("g", {"class": lane_cls}, cells))
        hc = info["handicap"]
        if hc:
            label = t(f"hs_hcap_{'X' if hc == 'X' else 'plus'}", n=hc.lstrip("+"), horse=horse)
            parts.append(
                h(
                    "g",
                    {"class": f"hcap {HCAP_CLASS[hc]}", "role": "img", "aria-label": label},
                    h("title", {}, label),
                    h(
                        "rect",
                        {"x": HC_X - 19, "y": yc - 15, "width": 38, "height": 30, "rx": 7},
                    ),
                    h("text", {"x": HC_X, "y": yc + 7}, hc),
                ),
            )
    parts.append(
        h(
            "line",
            {
                "x1": FINISH_X0,
                "y1": TOP - 2,
                "x2": FINISH_X0,
                "y2": HEIGHT - 4,
                "class": "finish-line",
            },
        )
    )
    tokens: list[Markup] = []
    for info in view["horses"]:
        horse = info["horse"]
        x, y = _x_of(info["position"]), _y_of(horse)
        place = info["finished"]
        if place:
            label = t("hs_horse_finished", horse=horse_label(horse), place=t(f"hs_place_{place}"))
        elif info["position"] == 0:
            label = t("hs_horse_start", horse=horse_label(horse))
        else:
            label = t("hs_horse_at", horse=horse_label(horse), pos=info["position"])
        attrs: dict[str, object] = {
            "class": classes(
                "runner",
                rolled == horse and "rolled",
                horse in targets and "can-pick",
                place and "finished",
            ),
            "transform": f"translate({x:.1f} {y:.1f})",
            "data-horse": str(horse),
        }
        if horse in targets:
            label = t("hs_bonus_pick", horse=horse_label(horse), n=turn["bonus_squares"])
            attrs.update(
                {
                    "role": "button",
                    "tabindex": "0",
                    "data-act": "play",
                    "data-arg": str(targets[horse]),
                    "data-testid": f"runner-{horse}",
                    "aria-label": label,
                }
            )
        else:
            attrs.update({"role": "img", "aria-label": label})
        slide = None
        start = _moved_from(horse, ctx) if ctx.motion else None
        if start is not None and start != info["position"]:
            dx = _x_of(start) - x
            slide = h(
                "animateMotion",
                {"dur": "0.4s", "path": f"M{dx:.1f} 0 L0 0", "fill": "remove"},
            )
        tokens.append(
            h(
                "g",
                attrs,
                h("title", {}, label),
                h("circle", {"r": 21}),
                h("text", {"y": 8}, str(horse)),
                place and h("text", {"class": "place-tag", "x": -34, "y": 7}, t(f"hs_tag_{place}")),
                slide,
            )
        )
    return h(
        "figure",
        {"class": "hs-track"},
        h(
            "svg",
            {
                "viewBox": f"0 0 {WIDTH} {HEIGHT}",
                "role": "group",
                "aria-label": t("hs_track_label"),
            },
            parts,
            tokens,
        ),
        h("figcaption", {"class": "sr-only"}, t("hs_track_label")),
    )


def race_card(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    card = view["race_card"]
    if card is None:
        return h(
            "section",
            {"class": "hs-card none", "aria-label": t("hs_race_card")},
            h("h3", {}, t("hs_race_card")),
            h("p", {}, t("hs_card_pending", left=view["race_stack"])),
        )
    purses = [
        h(
            "li",
            {},
            h("span", {"class": "row-tag"}, row_name(row, ctx.cat)),
            h("b", {"class": "num"}, money(ctx.cat, card["purse"][i])),
        )
        for i, row in enumerate(ROWS)
    ]
    handicaps = [
        h(
            "li",
            {},
            h("span", {"class": f"hc-chip {HCAP_CLASS[kind]}"}, kind),
            " ",
            ", ".join(str(k) for k, v in sorted(card["handicaps"].items(), key=_num) if v == kind),
        )
        for kind in ("X", "+2", "+4", "+6")
        if kind in card["handicaps"].values()
    ]
    return h(
        "section",
        {
            "class": f"hs-card c-{card['colour']}",
            "aria-label": t("hs_race_card"),
            "data-testid": "race-card",
        },
        h(
            "p",
            {"class": "card-kicker"},
            t("hs_race_of", race=view["race"], races=view["races"]),
            " · ",
            t(f"hs_colour_{card['colour']}"),
        ),
        h("h3", {}, card["name"]),
        h("p", {"class": "card-sub"}, t("hs_purse")),
        h("ol", {"class": "purse"}, purses),
        h("ul", {"class": "card-hcaps", "aria-label": t("hs_handicaps")}, handicaps),
    )


def _num(item: tuple[str, Any]) -> int:
    return int(item[0])


def die_svg(value: int, x: float, y: float, size: float, cls: str) -> Markup:
    step = size * 0.27
    pips = [
        h("circle", {"cx": x + size / 2 + dx * step, "cy": y + size / 2 + dy * step, "r": 4.6})
        for dx, dy in PIPS[value]
    ]
    return h(
        "g",
        {"class": classes("hs-die", cls)},
        h("rect", {"x": x, "y": y, "width": size, "height": size, "rx": 8}),
        pips,
    )


def finish_and_dice(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    circles = []
    for i, c in enumerate(view["finishing_circles"]):
        cx = 45 + i * 90
        label = (
            t("hs_circle_full", row=row_name(c["row"], ctx.cat), horse=horse_label(c["horse"]))
            if c["horse"]
            else t("hs_circle_empty", row=row_name(c["row"], ctx.cat))
        )
        circles.append(
            h(
                "g",
                {
                    "class": classes("finish-circle", c["horse"] and "taken"),
                    "role": "img",
                    "aria-label": label,
                },
                h("title", {}, label),
                h(
                    "text",
                    {
                        "x": cx,
                        "y": 18,
                        "class": "circle-label",
                        # longer names ("2. PLATZ") are squeezed into the circle's column
                        **(
                            {"textLength": 84, "lengthAdjust": "spacingAndGlyphs"}
                            if len(row_name(c["row"], ctx.cat)) > 6
                            else {}
                        ),
                    },
                    row_name(c["row"], ctx.cat),
                ),
                h("circle", {"cx": cx, "cy": 62, "r": 34}),
                c["horse"] and h("text", {"x": cx, "y": 74, "class": "circle-horse"}, c["horse"]),
            )
        )
    dice = view["turn"]["dice"] if view["phase"] == "race" else None
    roller = view["turn"]["seat"]
    last = False
    if dice is None:
        for event in reversed(ctx.fresh):
            if event["type"] == "rolled":
                dice = {"a": event["a"], "b": event["b"], "sum": event["sum"]}
                roller = event["seat"]
                last = True
                break
    dice_part: list[Markup] = []
    caption = ""
    if dice:
        fresh = ctx.motion and any(e["type"] == "rolled" for e in ctx.fresh)
        cls = classes(fresh and "tumble", last and "old")
        dice_part = [
            die_svg(dice["a"], 60, 118, 52, cls),
            die_svg(dice["b"], 150, 118, 52, cls),
            h("text", {"x": 135, "y": 196, "class": "dice-sum num"}, t("hs_sum", n=dice["sum"])),
        ]
        caption = t(
            "hs_dice_label",
            name=seat_name(ctx.players, roller),
            a=dice["a"],
            b=dice["b"],
            h=dice["sum"],
        )
    return h(
        "figure",
        {"class": "hs-circles", "data-testid": "dice" if dice else None},
        h(
            "svg",
            {
                "viewBox": "0 0 270 " + ("206" if dice else "104"),
                "role": "group",
                "aria-label": t("hs_circles_label"),
            },
            circles,
            dice_part,
        ),
        caption and h("figcaption", {"class": "dice-caption"}, caption),
    )


def order_panel(view: Any, ctx: GameContext) -> Markup | None:
    t = ctx.t
    phase = view["phase"]
    if phase in ("claims", "betting"):
        bet = view["betting"]
        order = bet["order"]
        now = bet["claim_due"] if phase == "claims" else bet["bettor"]
        items = [
            h(
                "li",
                {"class": classes(s == now and "now")},
                token(s, ctx.players),
                " ",
                ctx.players[s],
                " ",
                h(
                    "small",
                    {},
                    t("hs_limit", n=view["seats"][s]["marker_limit"]),
                    view["seats"][s]["bets_submitted"] and " ✓",
                ),
            )
            for s in order
        ]
        claims = [
            h("li", {}, _claim_text(c["seat"], c["choice"], c["target"], ctx.players, ctx.cat))
            for c in bet["claims"]
        ]
        title = t("hs_working_order") if phase == "claims" else t("hs_betting_order")
        return h(
            "section",
            {"class": "hs-order", "data-testid": "betting-order"},
            h("h3", {}, title),
            h("ol", {}, items),
            bet["fixed_order"] and h("p", {"class": "note"}, t("hs_fixed_order")),
            claims and h("ul", {"class": "claims"}, claims),
        )
    if phase in ("race", "roll_off"):
        turn = view["turn"]
        lines: list[Markup] = []
        if turn["start_player"] is not None:
            lines.append(
                h(
                    "p",
                    {},
                    t(
                        f"hs_started_by_{turn['start_by'] or 'money'}",
                        name=ctx.players[turn["start_player"]],
                    ),
                )
            )
        if phase == "race":
            lines.append(
                h(
                    "p",
                    {},
                    t("hs_roll_no", name=seat_name(ctx.players, turn["seat"]), n=turn["roll"]),
                )
            )
        for rnd in view["roll_off"]["rounds"]:
            lines.append(
                h(
                    "p",
                    {"class": "note"},
                    t("hs_roll_off_round"),
                    " ",
                    ", ".join(f"{ctx.players[r['seat']]} {r['sum']}" for r in rnd),
                )
            )
        return h("section", {"class": "hs-order"}, lines)
    return None


def _claim_text(seat: int, choice: str, target: Any, players: list[str], cat: Catalogue) -> str:
    if choice == "KEEP":
        return cat.t("hs_claim_keep", name=players[seat])
    return cat.t("hs_claim_cut", name=players[seat], target=seat_name(players, target))


def draft_panel(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    d = view["draft"]
    rows = [
        h(
            "li",
            {"class": classes(f"pc{s['seat']}", s["picked"] and "picked")},
            token(s["seat"], ctx.players),
            " ",
            h("b", {}, ctx.players[s["seat"]]),
            " ",
            t("hs_hand_kept", hand=s["hand_size"], kept=s["kept_count"]),
            s["picked"] and h("span", {"class": "done-mark"}, " ✓"),
        )
        for s in view["seats"]
    ]
    return h(
        "section",
        {"class": "hs-draft", "data-testid": "draft-panel"},
        h("h3", {}, t("hs_draft_title", round=max(1, d["round"]), n=d["deal_size"])),
        h("p", {}, t("hs_draft_help")),
        h("ul", {"class": "draft-seats"}, rows),
        d["ghost"] and h("p", {"class": "note"}, t("hs_ghost_note", n=d["ghost_hand_size"])),
        h("p", {"class": "note"}, t("hs_cost_note")),
    )


def _card_face(card: dict[str, Any], ctx: GameContext, secret: bool = True) -> Markup:
    horse = card["horse"]
    return h(
        "span",
        {
            "class": classes("hs-share-card", f"g-{GROUP_KEYS[GROUP[horse]]}"),
            "data-card": card["card"] if secret else None,
        },
        h("b", {"class": "num"}, str(horse)),
        h("span", {"class": "share-name"}, HORSE_NAMES[horse]),
        h("span", {"class": "num cost"}, money(ctx.cat, card["cost"])),
    )


def market_panel(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    b = view["buying"]
    cards = [h("li", {}, _card_face(c, ctx, secret=False)) for c in b["display"]]
    order = [
        h(
            "li",
            {"class": classes(s == b["due"] and "now")},
            token(s, ctx.players),
            " ",
            ctx.players[s],
            " ",
            h("small", {"class": "num"}, money(ctx.cat, view["seats"][s]["money"])),
        )
        for s in b["order"]
    ]
    bought = [
        h("li", {}, _purchase_text(p, ctx.players, ctx.cat))
        for p in b["purchases"]
        if p["round"] == b["round"]
    ]
    price = b["blind_price"]
    return h(
        "section",
        {"class": "hs-market", "data-testid": "market"},
        h("h3", {}, t("hs_market_title", round=max(1, b["round"]))),
        h("p", {}, t("hs_market_help")),
        h("ol", {"class": "display"}, cards or h("li", {}, t("hs_display_empty"))),
        h(
            "p",
            {"class": "stack"},
            h("span", {"class": "stack-pile", "aria-hidden": "true"}),
            t("hs_stack", n=b["stack_size"]),
            " ",
            price is not None and t("hs_blind_price", price=money(ctx.cat, price)),
        ),
        order and h("h4", {}, t("hs_buy_order")),
        order and h("ol", {"class": "buy-order"}, order),
        bought and h("ul", {"class": "bought"}, bought),
    )


def _purchase_text(p: dict[str, Any], players: list[str], cat: Catalogue) -> str:
    name = seat_name(players, p["seat"])
    if p["choice"] == "PASS":
        return cat.t("hs_ev_buy_pass", name=name)
    key = "hs_ev_bought_blind" if p["choice"] == "BUY_BLIND" else "hs_ev_bought"
    return cat.t(key, name=name, horse=horse_label(p["horse"]), price=money(cat, p["price"]))


def _cell_actions(ctx: GameContext, marker: str | None) -> dict[tuple[int, str], int]:
    if marker is None:
        return {}
    return {
        (a["horse"], a["row"]): i
        for i, a in enumerate(ctx.legal)
        if a["type"] == "place_marker" and a["marker"] == marker
    }


def selected_marker(view: Any, ctx: GameContext) -> str | None:
    """The marker the bettor is placing: their pick, else their biggest one in hand."""
    reps = {a["marker"] for a in ctx.legal if a["type"] == "place_marker"}
    if not reps:
        return None
    picked = ctx.local.get("hs_marker")
    if isinstance(picked, str) and picked in reps:
        return picked
    return next(m for m in MARKER_ORDER if m in reps)


def _marker_value(marker: str) -> int:
    return int(marker[0])


def betting_board(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    marker = selected_marker(view, ctx)
    targets = _cell_actions(ctx, marker)
    cells = {(c["horse"], c["row"]): c for c in view["betting_board"]}
    # A value on the board is shown only to the bettor during their own turn (or to all
    # with open bets): the owner reviews them in the private panel, never on the table.
    open_bets = bool(view["options"].get("open_bets"))
    own = view["betting"]["bettor"] if view["phase"] == "betting" else None
    if own is None or own != view["viewer"]:
        own = -1
    # A grid of divs, not a table: on a phone CSS turns it into 11 rows × 3 columns.
    grid: list[Markup] = [h("div", {"class": "bh corner", "aria-hidden": "true"}, t("hs_horse"))]
    grid += [
        h("div", {"class": f"bh num hc-{horse}", "aria-hidden": "true"}, str(horse))
        for horse in HORSES
    ]
    grid += [
        h("div", {"class": f"br br-{row.lower()}", "aria-hidden": "true"}, row_name(row, ctx.cat))
        for row in ROWS
    ]
    for row in ROWS:
        for horse in HORSES:
            cell = cells[(horse, row)]
            chips = [
                _marker_chip(
                    m["seat"],
                    m["value"] if open_bets or m["seat"] == own else None,
                    ctx,
                    marker=(m["marker"] or "") if open_bets or m["seat"] == own else "",
                )
                for m in cell["markers"]
            ]
            inner = [
                h("span", {"class": "rate num"}, "×", cell["payout"]),
                h("span", {"class": "cell-chips"}, chips),
            ]
            where = t("hs_cell_label", row=row_name(row, ctx.cat), horse=horse, rate=cell["payout"])
            i = targets.get((horse, row))
            cls = classes("bc", f"r-{row.lower()}", f"hc-{horse}", i is not None and "legal")
            if i is not None and marker is not None:
                label = t(
                    "hs_place_on",
                    value=_marker_value(marker),
                    row=row_name(row, ctx.cat),
                    horse=horse,
                    rate=cell["payout"],
                )
                grid.append(
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": f"{cls} cell-btn",
                            "data-act": "play",
                            "data-arg": str(i),
                            "data-testid": f"cell-{row}-{horse}",
                            "data-cell": f"{row}-{horse}",
                            "aria-label": label,
                            "title": label,
                        },
                        inner,
                    )
                )
            else:
                grid.append(
                    h(
                        "div",
                        {
                            "class": f"{cls} cell-static",
                            "data-cell": f"{row}-{horse}",
                            "role": "group",
                            "aria-label": where,
                        },
                        inner,
                    )
                )
    note = t("hs_board_open") if view["options"].get("open_bets") else t("hs_board_note")
    return h(
        "section",
        {"class": "hs-bets", "aria-label": t("hs_betting_board"), "data-testid": "betting-board"},
        h("h3", {}, t("hs_betting_board")),
        h("div", {"class": "bet-grid"}, grid),
        h("p", {"class": "note"}, note),
    )


def stables_panel(view: Any, ctx: GameContext) -> Markup:
    """Everyone's shares; right after the draft, the reveal with what each paid."""
    t = ctx.t
    reveal = view["race"] == 1 and view["phase"] in ("race_card", "claims", "betting", "roll_off")
    items = []
    for s in view["seats"]:
        seat = s["seat"]
        items.append(
            h(
                "li",
                {"class": f"stable pc{seat}", "data-testid": f"stable-{seat}"},
                token(seat, ctx.players),
                " ",
                h("b", {}, ctx.players[seat]),
                " ",
                h("span", {"class": "hs-shares"}, [_share_badge(c) for c in s["shares"]])
                if s["shares"]
                else t("hs_no_shares"),
                " ",
                h(
                    "small",
                    {"class": "num"},
                    t("hs_paid", price=money(ctx.cat, s["share_value"]))
                    if reveal
                    else t("hs_share_value", value=money(ctx.cat, s["share_value"])),
                ),
            )
        )
    return h(
        "section",
        {"class": classes("hs-stables", reveal and "reveal"), "data-testid": "stables"},
        h("h3", {}, t("hs_reveal_title") if reveal else t("hs_stables")),
        h("ul", {}, items),
        h("p", {"class": "note"}, t("hs_groups_note")),
    )


def money_track(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    top = int(max([100, *[s["money"] for s in view["seats"]]]))
    top = (top + 9) // 10 * 10
    w, x0, x1 = 1000, 30, 970

    def xo(v: int) -> float:
        return x0 + (x1 - x0) * v / top

    ticks = []
    for v in range(0, top + 1, 10):
        ticks.append(h("line", {"x1": xo(v), "x2": xo(v), "y1": 44, "y2": 54, "class": "tick"}))
        ticks.append(h("text", {"x": xo(v), "y": 72, "class": "tick-label num"}, str(v)))
    stacks: dict[int, int] = {}
    marks = []
    for s in sorted(view["seats"], key=lambda x: x["seat"]):
        level = stacks.get(s["money"], 0)
        stacks[s["money"]] = level + 1
        label = t("hs_money_of", name=ctx.players[s["seat"]], money=money(ctx.cat, s["money"]))
        marks.append(
            h(
                "g",
                {
                    "class": f"cube pc{s['seat']}",
                    "transform": f"translate({xo(s['money']):.1f} {36 - level * 26})",
                    "role": "img",
                    "aria-label": label,
                },
                h("title", {}, label),
                h("rect", {"x": -12, "y": -12, "width": 24, "height": 24, "rx": 5}),
                h("text", {"y": 6}, initial(ctx.players[s["seat"]])),
            )
        )
    height = 80
    lift = 26 * (max(stacks.values()) - 1)
    return h(
        "figure",
        {"class": "hs-money"},
        h("figcaption", {}, t("hs_money_track")),
        h(
            "svg",
            {
                "viewBox": f"0 {-lift} {w} {height + lift}",
                "role": "group",
                "aria-label": t("hs_money_track"),
            },
            h("line", {"x1": x0, "x2": x1, "y1": 49, "y2": 49, "class": "axis"}),
            ticks,
            marks,
        ),
    )


# --- the player's choices ----------------------------------------------------------------
def _button(i: int, text: str, testid: str, cls: str | None = None, **extra: object) -> Markup:
    return h(
        "button",
        {
            "type": "button",
            "class": cls,
            "data-act": "play",
            "data-arg": str(i),
            "data-testid": testid,
            **extra,
        },
        text,
    )


def actions(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    phase = view["phase"]
    seat = _actor(view)
    if seat is None:
        return join()
    if phase == "draft":
        picks = [
            h(
                "button",
                {
                    "type": "button",
                    "class": "pick",
                    "data-act": "play",
                    "data-arg": str(i),
                    "data-testid": f"pick-{a['card']}",
                    "aria-label": t(
                        "hs_pick_label",
                        horse=horse_label(card_horse(a["card"])),
                        cost=money(ctx.cat, card_cost(view, a["card"])),
                    ),
                },
                _card_face(
                    {
                        "card": a["card"],
                        "horse": card_horse(a["card"]),
                        "cost": card_cost(view, a["card"]),
                    },
                    ctx,
                ),
            )
            for i, a in enumerate(ctx.legal)
            if a["type"] == "draft_pick"
        ]
        inner = join(
            h("p", {}, t("hs_pick_help")),
            h("div", {"class": "choices hand", "role": "group", "data-testid": "hand"}, picks),
        )
        return inner
    if phase == "claims":
        items = []
        for i, a in enumerate(ctx.legal):
            if a["choice"] == "KEEP":
                items.append(_button(i, t("hs_keep_btn"), "claim-keep"))
            else:
                target = view["colours"].index(a["target"])
                items.append(
                    _button(
                        i,
                        t("hs_cut_btn", target=ctx.players[target]),
                        f"claim-cut-{target}",
                    )
                )
        return join(
            h("p", {}, t("hs_claim_help", n=view["seats"][seat]["marker_limit"])),
            h("div", {"class": "choices", "role": "group"}, items),
        )
    if phase == "betting":
        return bet_controls(view, seat, ctx)
    if phase == "race":
        pending = view["turn"]["pending"]
        dice = view["turn"]["dice"]
        items = []
        for i, a in enumerate(ctx.legal):
            kind = a["type"]
            if kind == "move_choice":
                horse = dice["sum"]
                extra = _plus(view, horse)
                key = "hs_move_two" if a["choice"] == "TWO" else "hs_move_one"
                items.append(
                    _button(
                        i,
                        t(key, horse=horse, n=(2 if a["choice"] == "TWO" else 1) + extra),
                        f"move-{a['choice']}",
                        "primary" if a["choice"] == "TWO" else None,
                    )
                )
            elif kind == "reroll_or_stop":
                key = "hs_reroll_btn" if a["choice"] == "REROLL" else "hs_stop_btn"
                items.append(_button(i, t(key), f"reroll-{a['choice']}"))
            elif kind == "bonus_target":
                items.append(
                    _button(
                        i,
                        t(
                            "hs_bonus_btn",
                            horse=horse_label(a["horse"]),
                            n=view["turn"]["bonus_squares"],
                        ),
                        f"bonus-{a['horse']}",
                    )
                )
        help_key = {
            "move_choice": "hs_move_help",
            "reroll_or_stop": "hs_reroll_help",
            "bonus_target": "hs_bonus_help",
        }.get(pending or "", "hs_move_help")
        return join(
            h(
                "p",
                {"class": classes("hs-help", pending != "bonus_target" and "optional")},
                t(
                    help_key,
                    a=dice["a"] if dice else 0,
                    b=dice["b"] if dice else 0,
                    h=dice["sum"] if dice else 0,
                    d=dice["difference"] if dice else 0,
                    n=view["turn"]["bonus_squares"] or 0,
                ),
            ),
            h("div", {"class": "choices", "role": "group"}, items),
        )
    if phase == "buying":
        b = view["buying"]
        items = []
        for i, a in enumerate(ctx.legal):
            if a["choice"] == "BUY_FACEUP":
                horse = card_horse(a["card"])
                items.append(
                    _button(
                        i,
                        t(
                            "hs_buy_btn",
                            horse=horse_label(horse),
                            price=money(ctx.cat, card_cost(view, a["card"])),
                        ),
                        f"buy-{a['card']}",
                    )
                )
            elif a["choice"] == "BUY_BLIND":
                items.append(
                    _button(
                        i,
                        t("hs_blind_btn", price=money(ctx.cat, b["blind_price"] or 0)),
                        "buy-blind",
                    )
                )
            else:
                items.append(_button(i, t("hs_pass_btn"), "buy-pass"))
        return join(
            h(
                "p",
                {},
                t("hs_buy_help", money=money(ctx.cat, view["seats"][seat]["money"])),
            ),
            h("div", {"class": "choices", "role": "group"}, items),
        )
    return join()


def card_cost(view: Any, card: str) -> int:
    horse = card_horse(card)
    return int(next(x["cost"] for x in view["horses"] if x["horse"] == horse))


def _plus(view: Any, horse: int) -> int:
    info = next(x for x in view["horses"] if x["horse"] == horse)
    hc = info["handicap"]
    return int(hc[1:]) if hc and hc != "X" else 0


def bet_controls(view: Any, seat: int, ctx: GameContext) -> Markup:
    t = ctx.t
    marker = selected_marker(view, ctx)
    mine = view["my_markers"] or []
    in_hand = [m for m in mine if m["horse"] is None]
    seen: set[int] = set()
    picks = []
    for m in sorted(in_hand, key=lambda m: -m["value"]):
        if m["value"] in seen:
            continue
        seen.add(m["value"])
        rep = next(
            (a["marker"] for a in ctx.legal if a["type"] == "place_marker"
             and _marker_value(a["marker"]) == m["value"]),
            None,
        )  # fmt: skip
        if rep is None:
            continue
        count = sum(1 for x in in_hand if x["value"] == m["value"])
        on = rep == marker
        picks.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": classes("marker-pick", f"pc{seat}", on and "on"),
                    "data-act": "local",
                    "data-arg": "hs_marker",
                    "value": rep,
                    "aria-pressed": "true" if on else "false",
                    "data-testid": f"marker-{m['value']}",
                },
                _marker_chip(seat, m["value"], ctx, mine=True),
                " ",
                t("hs_marker_pick", n=count),
            )
        )
    limit = view["seats"][seat]["marker_limit"]
    confirm = next((i for i, a in enumerate(ctx.legal) if a["type"] == "confirm_bets"), None)
    parts: list[Markup] = []
    if picks:
        parts.append(
            h(
                "div",
                {"class": "bet-row"},
                h(
                    "p",
                    {},
                    t("hs_bet_help", value=_marker_value(marker) if marker else 0, n=limit),
                ),
                h("div", {"class": "choices", "role": "group"}, picks),
            )
        )
    if confirm is not None:
        parts.append(
            h(
                "div",
                {"class": "bet-row"},
                h("p", {}, t("hs_all_placed")),
                _button(confirm, t("hs_confirm_bets"), "confirm-bets", "primary big"),
            )
        )
    return join(*parts)


def private_panel(view: Any, seat: int, ctx: GameContext) -> Markup:
    """The seat's own secrets: kept draft cards, or their five bet markers."""
    t = ctx.t
    body: list[Markup] = []
    if view["phase"] in ("draft", "ghost", "deal"):
        kept = view["draft"]["kept"] or []
        body.append(
            h(
                "p",
                {"class": "kept"},
                t("hs_kept"),
                " ",
                [_card_face(c, ctx) for c in kept] or t("hs_none"),
                " ",
                kept
                and h(
                    "small",
                    {"class": "num"},
                    t("hs_kept_cost", cost=money(ctx.cat, sum(c["cost"] for c in kept))),
                ),
            )
        )
    else:
        takes = {a["marker"]: i for i, a in enumerate(ctx.legal) if a["type"] == "take_back_marker"}
        lines = []
        for m in view["my_markers"] or []:
            if m["horse"] is None:
                continue
            i = takes.get(m["marker"])
            lines.append(
                h(
                    "li",
                    {},
                    _marker_chip(seat, m["value"], ctx, mine=True, marker=m["marker"]),
                    " ",
                    t(
                        "hs_marker_on",
                        row=row_name(m["row"], ctx.cat),
                        horse=m["horse"],
                        value=m["value"],
                    ),
                    i is not None
                    and h(
                        "button",
                        {
                            "type": "button",
                            "class": "small",
                            "data-act": "play",
                            "data-arg": str(i),
                            "data-testid": f"take-{m['marker']}",
                            "aria-label": t("hs_take_back"),
                            "title": t("hs_take_back"),
                        },
                        "↩",
                    ),
                )
            )
        body.append(
            h(
                "div",
                {"class": "my-markers"},
                h("h4", {}, t("hs_my_markers")),
                h("ul", {}, lines or h("li", {}, t("hs_none_placed"))),
            )
        )
    return join(*body)


# --- words -------------------------------------------------------------------------------
def describe(event: dict[str, Any], players: list[str], cat: Catalogue) -> str | None:
    t = cat.t
    kind = event["type"]
    name = seat_name(players, event.get("seat"))
    horse = event.get("horse")
    hl = horse_label(horse) if isinstance(horse, int) else ""
    if kind == "cards_dealt":
        key = "hs_ev_dealt_ghost" if event["ghost"] else "hs_ev_dealt"
        return t(key, n=event["per_player"], pool=event["pool"])
    if kind == "draft_pick":
        return t("hs_ev_draft_pick", name=name, round=event["round"])
    if kind == "draft_auto_keep":
        return t("hs_ev_auto_keep", name=name)
    if kind == "ghost_removal":
        return t("hs_ev_ghost")
    if kind == "hands_passed":
        return t("hs_ev_passed", round=event["round"])
    if kind == "draft_revealed":
        parts = []
        for seat, cards in enumerate(event["shares"]):
            horses = " ".join(str(card_horse(c)) for c in cards) or "—"
            parts.append(
                t(
                    "hs_ev_reveal_part",
                    name=seat_name(players, seat),
                    horses=horses,
                    paid=money(cat, event["paid"][seat]),
                )
            )
        return t("hs_ev_revealed", parts="; ".join(parts))
    if kind == "race_prepared":
        return t(
            "hs_ev_race_card",
            race=event["race"],
            name=event["name"],
            colour=t(f"hs_colour_{event['colour']}"),
            w=money(cat, event["purse"][0]),
            p=money(cat, event["purse"][1]),
            s=money(cat, event["purse"][2]),
        )
    if kind == "betting_order":
        order = ", ".join(seat_name(players, s) for s in event["order"])
        key = "hs_ev_order_claims" if event["claims"] else "hs_ev_order_fixed"
        return t(key, order=order)
    if kind == "bet_order_claim":
        return _claim_text(event["seat"], event["choice"], event["target"], players, cat)
    if kind == "betting_begins":
        return t("hs_ev_betting", order=", ".join(seat_name(players, s) for s in event["order"]))
    if kind == "marker_placed":
        return t("hs_ev_marker_placed", name=name, n=event["placed"])
    if kind == "marker_taken_back":
        return t("hs_ev_marker_back", name=name, n=event["placed"])
    if kind == "bets_placed":
        cells = ", ".join(
            f"{row_name(c['row'], cat)} {c['horse']}" + (f" ({c['value']})" if "value" in c else "")
            for c in event["cells"]
        )
        return t("hs_ev_bets_placed", name=name, cells=cells)
    if kind == "roll_off_begins":
        return t("hs_ev_roll_off", names=", ".join(seat_name(players, s) for s in event["seats"]))
    if kind == "roll_off":
        return t("hs_ev_roll_off_roll", name=name, a=event["a"], b=event["b"], n=event["sum"])
    if kind == "roll_off_tied":
        return t(
            "hs_ev_roll_off_tied",
            names=", ".join(seat_name(players, s) for s in event["seats"]),
            n=event["sum"],
        )
    if kind == "start_player":
        return t(f"hs_ev_start_{event['by']}", name=name)
    if kind == "turn":
        return t("hs_ev_turn", name=name)
    if kind == "turn_ended":
        return None  # the next "turn" line says it
    if kind == "rolled":
        key = "hs_ev_rolled" if event["roll"] == 1 else "hs_ev_rolled_again"
        return t(key, name=name, a=event["a"], b=event["b"], n=event["sum"], d=event["difference"])
    if kind == "move_choice":
        key = "hs_ev_choice_two" if event["choice"] == "TWO" else "hs_ev_choice_one"
        return t(key, name=name, horse=event["horse"])
    if kind == "reroll_or_stop":
        key = "hs_ev_reroll" if event["choice"] == "REROLL" else "hs_ev_stop"
        return t(key, name=name)
    if kind == "handicap_removed":
        why = str(event.get("why", ""))
        if event["marker"] == "X":
            key = "hs_ev_x_bonus" if "bonus" in why else "hs_ev_x"
            return t(key, horse=hl)
        return t("hs_ev_plus_used", horse=hl, marker=event["marker"])
    if kind == "horse_moved":
        if event["kind"] == "bonus":
            return t("hs_ev_bonus_move", horse=hl, n=event["squares"], to=min(event["to"], 10))
        if event["handicap"]:
            return t(
                "hs_ev_moved_plus",
                horse=hl,
                n=event["squares"],
                base=event["base"],
                plus=event["handicap"],
                to=min(event["to"], 10),
            )
        return t("hs_ev_moved", horse=hl, n=event["squares"], to=min(event["to"], 10))
    if kind == "horse_finished":
        return t("hs_ev_finished", horse=hl, place=t(f"hs_place_{event['place']}"))
    if kind == "race_over":
        places = " – ".join(str(x) for x in event["places"])
        return t("hs_ev_race_over", race=event["race"], places=places)
    if kind == "markers_revealed":
        return t("hs_ev_markers_revealed")
    if kind == "purse_paid":
        if not event["paid"]:
            return t("hs_ev_purse_bank", horse=hl, purse=money(cat, event["purse"]))
        paid = ", ".join(
            f"{seat_name(players, p['seat'])} {money(cat, p['amount'])}" for p in event["paid"]
        )
        return t(
            "hs_ev_purse",
            row=row_name(event["row"], cat),
            horse=hl,
            purse=money(cat, event["purse"]),
            paid=paid,
        )
    if kind == "bet_paid":
        return t(
            "hs_ev_bet_paid",
            name=seat_name(players, event["seat"]),
            value=event["value"],
            row=row_name(event["row"], cat),
            horse=event["horse"],
            rate=event["rate"],
            amount=money(cat, event["amount"]),
        )
    if kind == "race_payout":
        gains = ", ".join(
            f"{seat_name(players, s)} +{money(cat, g)} = {money(cat, m)}"
            for s, (g, m) in enumerate(zip(event["gains"], event["money"], strict=True))
        )
        return t("hs_ev_payout", race=event["race"], parts=gains)
    if kind == "buying_opens":
        return t("hs_ev_buying_opens", n=event["pool"])
    if kind == "display_card":
        return t("hs_ev_display", horse=horse_label(event["horse"]), cost=money(cat, event["cost"]))
    if kind == "buying_round":
        return t(
            "hs_ev_buying_round",
            round=event["round"],
            order=", ".join(seat_name(players, s) for s in event["order"]),
        )
    if kind == "buy_blind":
        return t("hs_ev_buy_blind", name=name)
    if kind == "buy_pass":
        return t("hs_ev_buy_pass", name=name)
    if kind == "share_bought":
        return _purchase_text(event, players, cat)
    if kind == "buying_closed":
        horses = " ".join(str(card_horse(c)) for c in event["removed"]) or "—"
        return t("hs_ev_buying_closed", horses=horses)
    if kind == "game_over":
        names = ", ".join(seat_name(players, s) for s in event["winners"])
        key = "hs_ev_game_over" if len(event["winners"]) == 1 else "hs_ev_game_over_shared"
        return t(key, names=names)
    return None


def rules_summary(cat: Catalogue) -> Markup:
    return rules_paragraphs(cat, "hs_rules_")


# --- results -------------------------------------------------------------------------------
def results_detail(view: Any, ctx: GameContext) -> Markup:
    t = ctx.t
    races = []
    for r in view["results"]:
        places = " · ".join(
            f"{t(f'hs_place_{k}')} {horse_label(x)}" for k, x in enumerate(r["places"], 1)
        )
        purses = []
        for p in r["purses"]:
            if p["paid"]:
                paid = ", ".join(
                    t(
                        "hs_share_paid",
                        name=ctx.players[x["seat"]],
                        amount=money(ctx.cat, x["amount"]),
                        n=x["shares"],
                    )
                    for x in p["paid"]
                )
                text = t(
                    "hs_purse_line",
                    row=row_name(p["row"], ctx.cat),
                    horse=horse_label(p["horse"]),
                    purse=money(ctx.cat, p["purse"]),
                    paid=paid,
                )
            else:
                text = t(
                    "hs_purse_unpaid",
                    row=row_name(p["row"], ctx.cat),
                    horse=horse_label(p["horse"]),
                    purse=money(ctx.cat, p["purse"]),
                )
            purses.append(h("li", {}, text))
        sheets = []
        for seat in range(len(ctx.players)):
            lines = [
                h(
                    "li",
                    {"class": classes("bet-line", b["amount"] and "won")},
                    _marker_chip(seat, b["value"], ctx),
                    " ",
                    t(
                        "hs_bet_line",
                        row=row_name(b["row"], ctx.cat),
                        horse=b["horse"],
                        value=b["value"],
                        rate=b["rate"],
                    ),
                    " ",
                    h("b", {"class": "num"}, money(ctx.cat, b["amount"])),
                )
                for b in r["bets"]
                if b["seat"] == seat
            ]
            g = r["gains"][seat]
            sheets.append(
                h(
                    "li",
                    {"class": f"sheet pc{seat}", "data-testid": f"sheet-{seat}"},
                    h("h4", {}, token(seat, ctx.players), " ", ctx.players[seat]),
                    h("ul", {"class": "bet-lines"}, lines or h("li", {}, t("hs_none"))),
                    h(
                        "p",
                        {"class": "num"},
                        t(
                            "hs_gain_line",
                            purse=money(ctx.cat, g["purse"]),
                            bets=money(ctx.cat, g["bets"]),
                            total=money(ctx.cat, g["total"]),
                            money=money(ctx.cat, r["money"][seat]),
                        ),
                    ),
                )
            )
        races.append(
            h(
                "li",
                {"data-testid": f"race-result-{r['race']}"},
                h(
                    "h3",
                    {},
                    t(
                        "hs_result_title",
                        race=r["race"],
                        name=r["name"],
                        colour=t(f"hs_colour_{r['colour']}"),
                    ),
                ),
                h("p", {"class": "places"}, places),
                h("h4", {}, t("hs_purses")),
                h("ul", {"class": "purse-lines"}, purses),
                h("h4", {}, t("hs_bets")),
                h("ol", {"class": "sheets"}, sheets),
            )
        )
    return h(
        "section",
        {"class": "race-results hs-results"},
        h("h2", {}, t("hs_settlements")),
        h("ol", {}, races),
        view["final"] and tie_breaks(view, view["final"], ctx),
    )


STEP_KEYS = ("hs_tb_money", "hs_tb_value", "hs_tb_long", "hs_tb_middle", "hs_tb_fav")
STEP_KEY: dict[str, str] = {
    "share_value": "hs_tb_value",
    "long_shots": "hs_tb_long",
    "middles": "hs_tb_middle",
    "favourites": "hs_tb_fav",
}


def tie_breaks(view: HomestretchView, final: FinalResults, ctx: GameContext) -> Markup:
    """P38/P39: the final order by money, then share value, long shots, middles, favourites
    (the keys and what settled each tie come from the engine)."""
    t = ctx.t
    n = len(ctx.players)
    ranking = final["ranking"]
    order = sorted(range(n), key=lambda s: (ranking[s], s))
    keys = view["standings"]
    rows = [
        h(
            "tr",
            {"class": f"pc{s}"},
            h("td", {"class": "num"}, str(ranking[s])),
            h("td", {}, token(s, ctx.players), " ", ctx.players[s]),
            h("td", {"class": "num"}, money(ctx.cat, keys[s]["money"])),
            h("td", {"class": "num"}, money(ctx.cat, keys[s]["share_value"])),
            [
                h("td", {"class": "num"}, str(keys[s][step]))
                for step in ("long_shots", "middles", "favourites")
            ],
        )
        for s in order
    ]
    notes = []
    for tie in view["ties"]:
        names = ", ".join(ctx.players[s] for s in tie["seats"])
        amount = money(ctx.cat, tie["money"])
        step = tie["decided_by"]
        if step is None:
            notes.append(t("hs_tb_shared", names=names, money=amount))
        else:
            ahead = ", ".join(ctx.players[s] for s in tie["ahead"])
            notes.append(
                t("hs_tb_decided", names=names, money=amount, step=t(STEP_KEY[step]), ahead=ahead)
            )
    if not notes:
        notes.append(t("hs_tb_none"))
    head = [h("th", {}, t(k)) for k in ("rank", "player", *STEP_KEYS)]
    return h(
        "section",
        {"class": "hs-tiebreaks", "data-testid": "tiebreaks"},
        h("h2", {}, t("hs_tb_title")),
        h("p", {}, t("hs_tb_help")),
        h(
            "div",
            {"class": "table-scroll"},
            h("table", {}, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows)),
        ),
        [h("p", {"class": "tb-note"}, note) for note in notes],
    )
