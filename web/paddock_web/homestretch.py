"""Homestretch's table: eleven lanes, the race card, the betting board, draft and market."""

from __future__ import annotations

from typing import Any

from pygames.core.view import FinalResults
from pygames.homestretch.data import CARD_HORSE, GROUP, HORSE_NAMES, HORSES, MARKER_VALUE, ROWS
from pygames.homestretch.view import Card, HomestretchView, Purchase

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .parts import action_button, die_face, token
from .table import GameContext, initial, rules_paragraphs, seat_name

Event = dict[str, Any]
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


# Events stay plain dicts: these read one field with its type.
def _int(event: Event, key: str) -> int:
    return int(event[key])


def _str(event: Event, key: str) -> str:
    return str(event[key])


def _ints(event: Event, key: str) -> list[int]:
    return [int(x) for x in event[key]]


def _legal(ctx: GameContext, kind: str) -> list[Event]:
    """The legal actions of one type (for the few choices the view does not list)."""
    return [a for a in ctx.legal if a["type"] == kind]


def _actor(view: HomestretchView) -> int | None:
    seat = view["current_player"]
    return seat if seat >= 0 else None


def _me(view: HomestretchView) -> str:
    """The colour that names the player to act in an action."""
    return view["current_colour"] or ""


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


def _share_badge(card: str) -> Markup:
    horse = card_horse(card)
    return h(
        "span",
        {
            "class": classes("share", f"g-{GROUP_KEYS[GROUP[horse]]}", card[0] == "R" and "red"),
            "title": horse_label(horse),
        },
        str(horse),
    )


# --- the hooks the site calls -----------------------------------------------------------
def score_text(view: HomestretchView, seat: int, ctx: GameContext) -> str:
    return money(ctx.cat, view["seats"][seat]["money"])


def player_extra(view: HomestretchView, seat: int, ctx: GameContext) -> Markup:
    t = ctx.t
    info = view["seats"][seat]
    phase = view["phase"]
    # The colour names the player in the rules' tie order (P2).
    bits: list[Markup] = [
        h("span", {"class": "hs-extra hs-colour"}, t(f"homestretch_opt_colours_{info['colour']}"))
    ]
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


def status_text(view: HomestretchView, ctx: GameContext) -> str:
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
def board(view: HomestretchView, ctx: GameContext) -> Markup:
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


def _bonus_actions(view: HomestretchView, ctx: GameContext) -> dict[int, dict[str, object]]:
    """Play attributes of each horse the player to act may give the bonus move."""
    out: dict[int, dict[str, object]] = {}
    for horse in view["turn"]["bonus_targets"]:
        play = ctx.play_attrs({"type": "bonus_target", "player": _me(view), "horse": horse})
        if play is not None:
            out[horse] = play
    return out


def _moved_from(horse: int, ctx: GameContext) -> int | None:
    for event in ctx.fresh:
        if event["type"] == "horse_moved" and _int(event, "horse") == horse:
            return _int(event, "from")
    return None


def track(view: HomestretchView, ctx: GameContext) -> Markup:
    t = ctx.t
    turn = view["turn"]
    rolled = turn["dice"]["sum"] if turn["dice"] and view["phase"] == "race" else None
    targets = _bonus_actions(view, ctx)
    shown_targets = set(turn["bonus_targets"])
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
            horse % 2 == 1 and "odd",
            rolled == horse and "rolled",
            horse in shown_targets and "target",
            info["finished"] is not None and "done",
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
                place is not None and "finished",
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
                    **targets[horse],
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
                place is not None
                and h("text", {"class": "place-tag", "x": -34, "y": 7}, t(f"hs_tag_{place}")),
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


def race_card(view: HomestretchView, ctx: GameContext) -> Markup:
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


def _num(item: tuple[str, str]) -> int:
    return int(item[0])


def finish_and_dice(view: HomestretchView, ctx: GameContext) -> Markup:
    t = ctx.t
    circles = []
    for i, c in enumerate(view["finishing_circles"]):
        cx = 45 + i * 90
        horse = c["horse"]
        label = (
            t("hs_circle_full", row=row_name(c["row"], ctx.cat), horse=horse_label(horse))
            if horse is not None
            else t("hs_circle_empty", row=row_name(c["row"], ctx.cat))
        )
        circles.append(
            h(
                "g",
                {
                    "class": classes("finish-circle", horse is not None and "taken"),
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
                horse is not None and h("text", {"x": cx, "y": 74, "class": "circle-horse"}, horse),
            )
        )
    now = view["turn"]["dice"] if view["phase"] == "race" else None
    dice = (now["a"], now["b"]) if now is not None else None
    roller = view["turn"]["seat"]
    last = False
    if dice is None:
        # Between turns (or once the race is over) the last roll stays, faded.
        for event in reversed(ctx.fresh):
            if event["type"] == "rolled":
                dice = (_int(event, "a"), _int(event, "b"))
                roller = _int(event, "seat")
                last = True
                break
    dice_part: list[Markup] = []
    caption = ""
    if dice is not None:
        a, b = dice
        fresh = ctx.motion and any(e["type"] == "rolled" for e in ctx.fresh)
        cls = classes("hs-die", fresh and "hs-tumble", last and "old")
        dice_part = [
            die_face(a, 60, 118, 52, cls),
            die_face(b, 150, 118, 52, cls),
            h("text", {"x": 135, "y": 196, "class": "dice-sum num"}, t("hs_sum", n=a + b)),
        ]
        caption = t("hs_dice_label", name=seat_name(ctx.players, roller), a=a, b=b, h=a + b)
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


def order_panel(view: HomestretchView, ctx: GameContext) -> Markup | None:
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


def _claim_text(
    seat: int, choice: str, target: int | None, players: list[str], cat: Catalogue
) -> str:
    if choice == "KEEP":
        return cat.t("hs_claim_keep", name=players[seat])
    return cat.t("hs_claim_cut", name=players[seat], target=seat_name(players, target))


def draft_panel(view: HomestretchView, ctx: GameContext) -> Markup:
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


def _card_face(card: Card, ctx: GameContext, secret: bool = True) -> Markup:
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


def market_panel(view: HomestretchView, ctx: GameContext) -> Markup:
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
        h("li", {}, _purchase_line(p, ctx.players, ctx.cat))
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


def _purchase_text(
    seat: int, choice: str, horse: int | None, price: int | None, players: list[str], cat: Catalogue
) -> str:
    name = seat_name(players, seat)
    if choice == "PASS" or horse is None:
        return cat.t("hs_ev_buy_pass", name=name)
    key = "hs_ev_bought_blind" if choice == "BUY_BLIND" else "hs_ev_bought"
    return cat.t(key, name=name, horse=horse_label(horse), price=money(cat, price or 0))


def _purchase_line(p: Purchase, players: list[str], cat: Catalogue) -> str:
    return _purchase_text(p["seat"], p["choice"], p["horse"], p["price"], players, cat)


def _cell_actions(
    view: HomestretchView, ctx: GameContext, marker: str | None
) -> dict[tuple[int, str], dict[str, object]]:
    """Play attributes of each cell the selected marker may go on now."""
    if marker is None:
        return {}
    out: dict[tuple[int, str], dict[str, object]] = {}
    me = _me(view)
    for cell in view["betting_board"]:
        horse, row = cell["horse"], cell["row"]
        action = {"type": "place_marker", "player": me, "marker": marker, "horse": horse}
        play = ctx.play_attrs({**action, "row": row})
        if play is not None:
            out[(horse, row)] = play
    return out


def selected_marker(view: HomestretchView, ctx: GameContext) -> str | None:
    """The marker the bettor is placing: their pick, else their biggest one in hand.

    The engine lists one marker id per value still in hand (any id of that value is
    accepted); the table offers those."""
    reps = {str(a["marker"]) for a in _legal(ctx, "place_marker")}
    if not reps:
        return None
    picked = ctx.local.get("hs_marker")
    if isinstance(picked, str) and picked in reps:
        return picked
    return next(m for m in MARKER_ORDER if m in reps)


def betting_board(view: HomestretchView, ctx: GameContext) -> Markup:
    t = ctx.t
    marker = selected_marker(view, ctx)
    targets = _cell_actions(view, ctx, marker)
    cells = {(c["horse"], c["row"]): c for c in view["betting_board"]}
    # A value on the board is shown only to the bettor during their own turn (or to all
    # with open bets): the owner reviews them in the private panel, never on the table.
    open_bets = view["options"]["open_bets"]
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
            play = targets.get((horse, row))
            cls = classes("bc", f"r-{row.lower()}", f"hc-{horse}", play is not None and "legal")
            if play is not None and marker is not None:
                label = t(
                    "hs_place_on",
                    value=MARKER_VALUE[marker],
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
                            **play,
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
    note = t("hs_board_open") if open_bets else t("hs_board_note")
    return h(
        "section",
        {"class": "hs-bets", "aria-label": t("hs_betting_board"), "data-testid": "betting-board"},
        h("h3", {}, t("hs_betting_board")),
        h("div", {"class": "bet-grid"}, grid),
        h("p", {"class": "note"}, note),
    )


def stables_panel(view: HomestretchView, ctx: GameContext) -> Markup:
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


def money_track(view: HomestretchView, ctx: GameContext) -> Markup:
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
# Each control is built from the view and drawn only if the engine lists it as legal.
def actions(view: HomestretchView, ctx: GameContext) -> Markup:
    t = ctx.t
    phase = view["phase"]
    seat = _actor(view)
    if seat is None:
        return join()
    me = _me(view)
    if phase == "draft":
        picks = [
            action_button(
                ctx,
                {"type": "draft_pick", "player": me, "card": card["card"]},
                _card_face(card, ctx),
                f"pick-{card['card']}",
                "pick",
                **{
                    "aria-label": t(
                        "hs_pick_label",
                        horse=horse_label(card["horse"]),
                        cost=money(ctx.cat, card["cost"]),
                    )
                },
            )
            for card in view["draft"]["hand"] or []
        ]
        return join(
            h("p", {}, t("hs_pick_help")),
            h("div", {"class": "choices hand", "role": "group", "data-testid": "hand"}, picks),
        )
    if phase == "claims":
        keep: dict[str, object] = {"type": "bet_order_claim", "player": me, "choice": "KEEP"}
        items = [action_button(ctx, keep, t("hs_keep_btn"), "claim-keep")]
        for target in view["betting"]["order"]:
            cut = {**keep, "choice": "CUT_IN_BEFORE", "target": view["colours"][target]}
            text = t("hs_cut_btn", target=ctx.players[target])
            items.append(action_button(ctx, cut, text, f"claim-cut-{target}"))
        return join(
            h("p", {}, t("hs_claim_help", n=view["seats"][seat]["marker_limit"])),
            h("div", {"class": "choices", "role": "group"}, items),
        )
    if phase == "betting":
        return bet_controls(view, seat, ctx)
    if phase == "race":
        return race_controls(view, ctx)
    if phase == "buying":
        b = view["buying"]
        buy: dict[str, object] = {"type": "buy_action", "player": me}
        items = [
            action_button(
                ctx,
                {**buy, "choice": "BUY_FACEUP", "card": card["card"]},
                t(
                    "hs_buy_btn",
                    horse=horse_label(card["horse"]),
                    price=money(ctx.cat, card["cost"]),
                ),
                f"buy-{card['card']}",
            )
            for card in b["display"]
        ]
        blind = t("hs_blind_btn", price=money(ctx.cat, b["blind_price"] or 0))
        items.append(action_button(ctx, {**buy, "choice": "BUY_BLIND"}, blind, "buy-blind"))
        items.append(action_button(ctx, {**buy, "choice": "PASS"}, t("hs_pass_btn"), "buy-pass"))
        return join(
            h("p", {}, t("hs_buy_help", money=money(ctx.cat, view["seats"][seat]["money"]))),
            h("div", {"class": "choices", "role": "group"}, items),
        )
    return join()


def race_controls(view: HomestretchView, ctx: GameContext) -> Markup:
    """MOVE_CHOICE, REROLL_OR_STOP or BONUS_TARGET for the roller (P22–P25)."""
    t = ctx.t
    turn = view["turn"]
    pending = turn["pending"]
    dice = turn["dice"]
    me = _me(view)
    items: list[Markup | None] = []
    moves = turn["moves"]
    if dice is not None and moves is not None:
        horse = dice["sum"]
        for choice, key, squares, cls in (
            ("TWO", "hs_move_two", moves["two"], "primary"),
            ("ONE_AND_REROLL", "hs_move_one", moves["one_and_reroll"], ""),
        ):
            action: dict[str, object] = {"type": "move_choice", "player": me, "choice": choice}
            text = t(key, horse=horse, n=squares)
            items.append(action_button(ctx, action, text, f"move-{choice}", cls))
    for choice, key in (("REROLL", "hs_reroll_btn"), ("STOP", "hs_stop_btn")):
        stop: dict[str, object] = {"type": "reroll_or_stop", "player": me, "choice": choice}
        items.append(action_button(ctx, stop, t(key), f"reroll-{choice}"))
    for horse in turn["bonus_targets"]:
        bonus: dict[str, object] = {"type": "bonus_target", "player": me, "horse": horse}
        text = t("hs_bonus_btn", horse=horse_label(horse), n=turn["bonus_squares"])
        items.append(action_button(ctx, bonus, text, f"bonus-{horse}"))
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
                n=turn["bonus_squares"] or 0,
            ),
        ),
        h("div", {"class": "choices", "role": "group"}, items),
    )


def bet_controls(view: HomestretchView, seat: int, ctx: GameContext) -> Markup:
    t = ctx.t
    marker = selected_marker(view, ctx)
    in_hand = [m for m in view["my_markers"] or [] if m["horse"] is None]
    listed = [str(a["marker"]) for a in _legal(ctx, "place_marker")]
    seen: set[int] = set()
    picks = []
    for m in sorted(in_hand, key=lambda m: -m["value"]):
        value = m["value"]
        if value in seen:
            continue
        seen.add(value)
        rep = next((x for x in listed if MARKER_VALUE[x] == value), None)
        if rep is None:
            continue
        count = sum(1 for x in in_hand if x["value"] == value)
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
                    "data-testid": f"marker-{value}",
                },
                _marker_chip(seat, value, ctx, mine=True),
                " ",
                t("hs_marker_pick", n=count),
            )
        )
    limit = view["seats"][seat]["marker_limit"]
    confirm = action_button(
        ctx,
        {"type": "confirm_bets", "player": _me(view)},
        t("hs_confirm_bets"),
        "confirm-bets",
        "primary big",
    )
    parts: list[Markup] = []
    if picks:
        parts.append(
            h(
                "div",
                {"class": "bet-row"},
                h("p", {}, t("hs_bet_help", value=MARKER_VALUE[marker] if marker else 0, n=limit)),
                h("div", {"class": "choices", "role": "group"}, picks),
            )
        )
    if confirm is not None:
        parts.append(h("div", {"class": "bet-row"}, h("p", {}, t("hs_all_placed")), confirm))
    return join(*parts)


def private_panel(view: HomestretchView, seat: int, ctx: GameContext) -> Markup:
    """The seat's own secrets: kept draft cards, or their five bet markers."""
    t = ctx.t
    if view["phase"] in ("draft", "ghost", "deal"):
        kept = view["draft"]["kept"] or []
        return h(
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
    me = view["colours"][seat]
    lines = []
    for m in view["my_markers"] or []:
        horse, row = m["horse"], m["row"]
        if horse is None or row is None:
            continue
        take = action_button(
            ctx,
            {"type": "take_back_marker", "player": me, "marker": m["marker"]},
            "↩",
            f"take-{m['marker']}",
            "small",
            **{"aria-label": t("hs_take_back"), "title": t("hs_take_back")},
        )
        lines.append(
            h(
                "li",
                {},
                _marker_chip(seat, m["value"], ctx, mine=True, marker=m["marker"]),
                " ",
                t("hs_marker_on", row=row_name(row, ctx.cat), horse=horse, value=m["value"]),
                take,
            )
        )
    return h(
        "div",
        {"class": "my-markers"},
        h("h4", {}, t("hs_my_markers")),
        h("ul", {}, lines or h("li", {}, t("hs_none_placed"))),
    )


# --- words -------------------------------------------------------------------------------
def describe(event: Event, players: list[str], cat: Catalogue) -> str | None:
    t = cat.t
    kind = _str(event, "type")
    name = seat_name(players, event.get("seat"))
    horse = event.get("horse")
    hl = horse_label(horse) if isinstance(horse, int) else ""

    def names(key: str) -> str:
        return ", ".join(seat_name(players, s) for s in _ints(event, key))

    match kind:
        case "cards_dealt":
            key = "hs_ev_dealt_ghost" if event["ghost"] else "hs_ev_dealt"
            return t(key, n=_int(event, "per_player"), pool=_int(event, "pool"))
        case "draft_pick":
            return t("hs_ev_draft_pick", name=name, round=_int(event, "round"))
        case "draft_auto_keep":
            return t("hs_ev_auto_keep", name=name)
        case "ghost_removal":
            return t("hs_ev_ghost")
        case "hands_passed":
            return t("hs_ev_passed", round=_int(event, "round"))
        case "draft_revealed":
            costs = _ints(event, "paid")
            parts = [
                t(
                    "hs_ev_reveal_part",
                    name=seat_name(players, seat),
                    horses=" ".join(str(card_horse(str(c))) for c in cards) or "—",
                    paid=money(cat, costs[seat]),
                )
                for seat, cards in enumerate(event["shares"])
            ]
            return t("hs_ev_revealed", parts="; ".join(parts))
        case "race_prepared":
            purse = _ints(event, "purse")
            return t(
                "hs_ev_race_card",
                race=_int(event, "race"),
                name=_str(event, "name"),
                colour=t(f"hs_colour_{_str(event, 'colour')}"),
                w=money(cat, purse[0]),
                p=money(cat, purse[1]),
                s=money(cat, purse[2]),
            )
        case "betting_order":
            key = "hs_ev_order_claims" if event["claims"] else "hs_ev_order_fixed"
            return t(key, order=names("order"))
        case "bet_order_claim":
            target = event.get("target")
            return _claim_text(
                _int(event, "seat"),
                _str(event, "choice"),
                target if isinstance(target, int) else None,
                players,
                cat,
            )
        case "betting_begins":
            return t("hs_ev_betting", order=names("order"))
        case "marker_placed":
            return t("hs_ev_marker_placed", name=name, n=_int(event, "placed"))
        case "marker_taken_back":
            return t("hs_ev_marker_back", name=name, n=_int(event, "placed"))
        case "bets_placed":
            cells = ", ".join(
                f"{row_name(str(c['row']), cat)} {c['horse']}"
                + (f" ({c['value']})" if "value" in c else "")
                for c in event["cells"]
            )
            return t("hs_ev_bets_placed", name=name, cells=cells)
        case "roll_off_begins":
            return t("hs_ev_roll_off", names=names("seats"))
        case "roll_off":
            a, b = _int(event, "a"), _int(event, "b")
            return t("hs_ev_roll_off_roll", name=name, a=a, b=b, n=a + b)
        case "roll_off_tied":
            return t("hs_ev_roll_off_tied", names=names("seats"), n=_int(event, "sum"))
        case "start_player":
            return t(f"hs_ev_start_{_str(event, 'by')}", name=name)
        case "turn":
            return t("hs_ev_turn", name=name)
        case "turn_ended":
            return None  # the next "turn" line says it
        case "rolled":
            key = "hs_ev_rolled" if _int(event, "roll") == 1 else "hs_ev_rolled_again"
            a, b = _int(event, "a"), _int(event, "b")
            return t(key, name=name, a=a, b=b, n=a + b, d=abs(a - b))
        case "move_choice":
            key = "hs_ev_choice_two" if event["choice"] == "TWO" else "hs_ev_choice_one"
            return t(key, name=name, horse=_int(event, "horse"))
        case "reroll_or_stop":
            key = "hs_ev_reroll" if event["choice"] == "REROLL" else "hs_ev_stop"
            return t(key, name=name)
        case "handicap_removed":
            marker = _str(event, "marker")
            if marker == "X":
                key = "hs_ev_x_bonus" if "bonus" in str(event.get("why", "")) else "hs_ev_x"
                return t(key, horse=hl)
            return t("hs_ev_plus_used", horse=hl, marker=marker)
        case "horse_moved":
            squares, to = _int(event, "squares"), min(_int(event, "to"), 10)
            if event["kind"] == "bonus":
                return t("hs_ev_bonus_move", horse=hl, n=squares, to=to)
            plus = _int(event, "handicap")
            if plus:
                base = _int(event, "base")
                return t("hs_ev_moved_plus", horse=hl, n=squares, base=base, plus=plus, to=to)
            return t("hs_ev_moved", horse=hl, n=squares, to=to)
        case "horse_finished":
            return t("hs_ev_finished", horse=hl, place=t(f"hs_place_{_int(event, 'place')}"))
        case "race_over":
            places = " – ".join(str(x) for x in _ints(event, "places"))
            return t("hs_ev_race_over", race=_int(event, "race"), places=places)
        case "markers_revealed":
            return t("hs_ev_markers_revealed")
        case "purse_paid":
            amount = money(cat, _int(event, "purse"))
            if not event["paid"]:
                return t("hs_ev_purse_bank", horse=hl, purse=amount)
            paid = ", ".join(
                f"{seat_name(players, p['seat'])} {money(cat, int(p['amount']))}"
                for p in event["paid"]
            )
            row = row_name(_str(event, "row"), cat)
            return t("hs_ev_purse", row=row, horse=hl, purse=amount, paid=paid)
        case "bet_paid":
            return t(
                "hs_ev_bet_paid",
                name=name,
                value=_int(event, "value"),
                row=row_name(_str(event, "row"), cat),
                horse=_int(event, "horse"),
                rate=_int(event, "rate"),
                amount=money(cat, _int(event, "amount")),
            )
        case "race_payout":
            gains = ", ".join(
                f"{seat_name(players, s)} +{money(cat, g)} = {money(cat, m)}"
                for s, (g, m) in enumerate(
                    zip(_ints(event, "gains"), _ints(event, "money"), strict=True)
                )
            )
            return t("hs_ev_payout", race=_int(event, "race"), parts=gains)
        case "buying_opens":
            return t("hs_ev_buying_opens", n=_int(event, "pool"))
        case "display_card":
            cost = money(cat, _int(event, "cost"))
            return t("hs_ev_display", horse=horse_label(_int(event, "horse")), cost=cost)
        case "buying_round":
            return t("hs_ev_buying_round", round=_int(event, "round"), order=names("order"))
        case "buy_blind":
            return t("hs_ev_buy_blind", name=name)
        case "buy_pass":
            return t("hs_ev_buy_pass", name=name)
        case "share_bought":
            seat, choice, price = _int(event, "seat"), _str(event, "choice"), _int(event, "price")
            return _purchase_text(seat, choice, _int(event, "horse"), price, players, cat)
        case "buying_closed":
            removed = " ".join(str(card_horse(str(c))) for c in event["removed"]) or "—"
            return t("hs_ev_buying_closed", horses=removed)
        case "game_over":
            key = "hs_ev_game_over" if len(event["winners"]) == 1 else "hs_ev_game_over_shared"
            return t(key, names=names("winners"))
    return None


def rules_summary(cat: Catalogue) -> Markup:
    return rules_paragraphs(cat, "hs_rules_")


# --- results -------------------------------------------------------------------------------
def results_detail(view: HomestretchView, ctx: GameContext) -> Markup:
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
                    {"class": classes("bet-line", b["amount"] > 0 and "won")},
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
