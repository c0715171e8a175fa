"""Royal Turf's table: the oval track, horse cards, betting spaces, odds table."""

from __future__ import annotations

import math
from typing import Any

from pygames.royal_turf.data import FIELDS, HORSES, PACE_FIELD, START_FIELD_OF_SLOT
from pygames.royal_turf.view import HorseView, Landing, RoyalTurfView

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .parts import action_button
from .table import GameContext, initial, rules_paragraphs, seat_name

SYMBOLS = ("head", "helmet", "saddle", "horseshoe")
INITIALS = {
    "earl_grey": "EG",
    "albino": "AL",
    "nougat": "NO",
    "caramello": "CA",
    "red_fox": "RF",
    "mocha": "MO",
    "othello": "OT",
}

# Track geometry: a stadium (two straights, two half circles) in a 1000×600 box.
CX, CY, HALF, RADIUS = 500.0, 300.0, 255.0, 205.0
PERIMETER = 4 * HALF + 2 * math.pi * RADIUS


def field_xy(field: int) -> tuple[float, float]:
    """Centre of a field; 33 lies just past the finish line, 1 just before it."""
    d = (FIELDS - field + 0.5) / FIELDS * PERIMETER
    # Start at the bottom middle and run clockwise on screen (left along the bottom).
    if d < HALF:
        return CX - d, CY + RADIUS
    d -= HALF
    arc = math.pi * RADIUS
    if d < arc:
        a = d / RADIUS
        return CX - HALF - RADIUS * math.sin(a), CY + RADIUS * math.cos(a)
    d -= arc
    if d < 2 * HALF:
        return CX - HALF + d, CY - RADIUS
    d -= 2 * HALF
    if d < arc:
        a = d / RADIUS
        return CX + HALF + RADIUS * math.sin(a), CY - RADIUS * math.cos(a)
    d -= arc
    return CX + HALF - d, CY + RADIUS


def name(horse: str, cat: Catalogue) -> str:
    return cat.t(f"rt_horse_{horse}")


def move_text(info: HorseView, landing: Landing, cat: Catalogue) -> str:
    """What moving this horse with the current roll does, as the engine worked it out."""
    horse, value, to = name(info["id"], cat), landing["value"], landing["to"]
    if to is None:
        return cat.t("rt_move_finish", horse=horse, value=value)
    if to == info["field"]:
        return cat.t("rt_move_stays", horse=horse, value=value, field=to)
    key = "rt_move_blocked" if landing["blocked"] else "rt_move_to"
    return cat.t(key, horse=horse, value=value, field=to)


def movable(view: RoyalTurfView, ctx: GameContext) -> dict[str, tuple[int, Landing]]:
    """Horse -> (index of its legal move, where it would land) for the player to act."""
    out: dict[str, tuple[int, Landing]] = {}
    for info in view["horses"]:
        landing = info["landing"]
        i = ctx.index_of({"type": "move_horse", "horse": info["id"]})
        if landing is not None and i is not None:
            out[info["id"]] = (i, landing)
    return out


def symbol_icon(symbol: str, cat: Catalogue, cls: str = "sym") -> Markup:
    label = cat.t(f"rt_sym_{symbol}")
    return h(
        "span",
        {"class": f"{cls} sym-{symbol}", "title": label, "role": "img", "aria-label": label},
        h(
            "svg",
            {"viewBox": "0 0 24 24", "aria-hidden": "true", "focusable": "false"},
            h("use", {"href": f"#rt-{symbol}"}),
        ),
    )


SYMBOL_DEFS = Markup(
    '<svg class="defs" aria-hidden="true" focusable="false"><defs>'
    '<symbol id="rt-head" viewBox="0 0 24 24"><path d="M6 21l2-7-3-3 3-6 5-3 5 2 1 5-3 3'
    ' 1 9z" fill="currentColor"/><circle cx="14" cy="7" r="1.2" fill="var(--bg)"/></symbol>'
    '<symbol id="rt-helmet" viewBox="0 0 24 24"><path d="M3 15a9 9 0 0 1 18 0v2H3z M2 17h16'
    'v2H2z" fill="currentColor"/></symbol>'
    '<symbol id="rt-saddle" viewBox="0 0 24 24"><path d="M3 9c3 2 6 2 9 0s6-2 9 0l-2 5c-2'
    ' 1-4 1-7 1s-5 0-7-1z M11 15h2v6h-2z" fill="currentColor"/></symbol>'
    '<symbol id="rt-horseshoe" viewBox="0 0 24 24"><path d="M5 3h4v8a3 3 0 0 0 6 0V3h4v8a7'
    ' 7 0 0 1-14 0z" fill="currentColor"/></symbol>'
    "</defs></svg>"
)


PEEK_KEY = "rt_my_chips"  # the button that shows a player their own secrets
FIRST_START_FIELD = min(START_FIELD_OF_SLOT.values())  # the start fields are drawn apart


# --- the hooks the site calls -----------------------------------------------------------
def score_text(view: RoyalTurfView, seat: int, ctx: GameContext) -> str:
    return ctx.cat.money(view["money"][seat])


def player_extra(view: RoyalTurfView, seat: int, ctx: GameContext) -> Markup:
    supply = view["supply"][seat]
    chips = supply["chips"]
    if view["phase"] != "betting":
        return join()
    if chips is None:
        return h("span", {"class": "supply"}, ctx.t("rt_chips_left", n=supply["count"]))
    return h(
        "span",
        {"class": "supply"},
        [h("span", {"class": f"chip pc{seat}"}, str(c)) for c in chips],
    )


def status_text(view: RoyalTurfView, ctx: GameContext) -> str:
    t = ctx.t
    race = t("rt_race_of", race=view["race"], races=view["races"])
    seat = view["current_player"]
    who = ctx.players[seat] if seat >= 0 else ""
    roll = view["roll"]
    if view["phase"] == "betting":
        return t(
            "rt_status_betting",
            race=race,
            round=view["betting_round"],
            rounds=view["betting_rounds"],
            name=who,
        )
    if view["phase"] == "race" and roll:
        return t("rt_status_race", race=race, name=who, symbol=t(f"rt_sym_{roll}"))
    return race


def _chip(seat: int, chip: int | None, ctx: GameContext) -> Markup:
    label = (
        ctx.t("rt_chip_hidden", name=ctx.players[seat])
        if chip is None
        else ctx.t("rt_chip_label", name=ctx.players[seat], value=chip)
    )
    return h(
        "span",
        {
            "class": classes("chip", f"pc{seat}", chip is None and "face-down"),
            "title": label,
            "aria-label": label,
            "role": "img",
        },
        h("span", {"class": "chip-initial", "aria-hidden": "true"}, initial(ctx.players[seat])),
        h(
            "span",
            {"class": "chip-value", "aria-hidden": "true"},
            "?" if chip is None else str(chip),
        ),
    )


def board(view: RoyalTurfView, ctx: GameContext) -> Markup:
    return join(SYMBOL_DEFS, track(view, ctx), horse_panels(view, ctx), odds_table(view, ctx))


def _horse_mark(horse: str) -> list[Markup]:
    """A horse's round token inside an SVG group: its circle and initials."""
    return [h("circle", {"r": 27}), h("text", {"y": 7}, INITIALS[horse])]


def track(view: RoyalTurfView, ctx: GameContext) -> Markup:
    t = ctx.t
    parts: list[Markup] = [
        h(
            "rect",
            {
                "x": CX - HALF - RADIUS - 40,
                "y": CY - RADIUS - 40,
                "width": 2 * (HALF + RADIUS + 40),
                "height": 2 * (RADIUS + 40),
                "rx": RADIUS + 40,
                "class": "turf",
            },
        ),
        h(
            "rect",
            {
                "x": CX - HALF - RADIUS + 42,
                "y": CY - RADIUS + 42,
                "width": 2 * (HALF + RADIUS - 42),
                "height": 2 * (RADIUS - 42),
                "rx": RADIUS - 42,
                "class": "infield",
            },
        ),
    ]
    x1, _ = field_xy(1)
    x33, _ = field_xy(33)
    mid = (x1 + x33) / 2
    parts.append(
        h(
            "line",
            {
                "x1": mid,
                "y1": CY + RADIUS - 40,
                "x2": mid,
                "y2": CY + RADIUS + 40,
                "class": "finish-line",
            },
        )
    )
    parts.append(
        h("text", {"x": mid, "y": CY + RADIUS + 56, "class": "finish-label"}, t("rt_finish_line"))
    )
    for f in range(FIELDS, 0, -1):
        x, y = field_xy(f)
        cls = classes("field", f >= FIRST_START_FIELD and "start", f == PACE_FIELD and "pace")
        parts.append(
            h(
                "g",
                {"class": cls},
                h("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": 30}),
                h("text", {"x": f"{x:.1f}", "y": f"{y + 6:.1f}"}, str(f)),
            )
        )
    if view["pacemaker"] is None and view["phase"] in ("betting", "race", "reveal"):
        x, y = field_xy(PACE_FIELD)
        parts.append(
            h(
                "g",
                {"class": "pace-tile"},
                h(
                    "rect",
                    {
                        "x": f"{x - 22:.1f}",
                        "y": f"{y - 62:.1f}",
                        "width": 44,
                        "height": 26,
                        "rx": 5,
                    },
                ),
                h("text", {"x": f"{x:.1f}", "y": f"{y - 43:.1f}"}, t("rt_pace")),
            )
        )
    moves = movable(view, ctx)
    ghosts: list[Markup] = []
    tokens: list[Markup] = []
    for info in view["horses"]:
        horse = info["id"]
        field = info["field"]
        if field is None:
            continue
        x, y = field_xy(field)
        attrs: dict[str, object] = {
            "class": classes(
                "horse", f"h-{horse}", horse in moves and "can-move", info["moved"] and "moved"
            ),
            "data-horse": horse,
            "transform": f"translate({x:.1f} {y:.1f})",
        }
        label = t("rt_horse_on", horse=name(horse, ctx.cat), field=field)
        if horse in moves:
            i, landing = moves[horse]
            label = move_text(info, landing, ctx.cat)
            attrs.update(
                {
                    "role": "button",
                    "tabindex": "0",
                    "data-act": "play",
                    "data-arg": str(i),
                    "data-testid": f"move-{horse}",
                }
            )
            to = landing["to"]
            if to is not None and to != field:
                gx, gy = field_xy(to)
                ghosts.append(
                    h(
                        "g",
                        {
                            "class": f"ghost h-{horse}",
                            "transform": f"translate({gx:.1f} {gy:.1f})",
                            "aria-hidden": "true",
                        },
                        _horse_mark(horse),
                    )
                )
        attrs["aria-label"] = label
        tokens.append(
            h(
                "g",
                attrs,
                h("title", {}, label),
                _horse_mark(horse),
                _slide(horse, field, ctx) if ctx.motion else None,
            )
        )
    # Finish circles and the last-horse circle in the infield.
    circles: list[Markup] = []
    places = {x["rank"]: x["id"] for x in view["horses"] if x["rank"]}
    for k, (px, text) in enumerate(
        ((CX - 150, "1"), (CX - 50, "2"), (CX + 50, "3"), (CX + 150, t("rt_last_short"))), start=1
    ):
        placed = places.get(k) if k <= 3 else None
        circles.append(
            h(
                "g",
                {
                    "class": classes("finish-circle", k == 4 and "last"),
                    "transform": f"translate({px} {CY + 20})",
                },
                h("circle", {"r": 34}),
                h("text", {"y": -44, "class": "circle-label"}, text),
                placed
                and h(
                    "g",
                    {"class": f"horse h-{placed} placed"},
                    h("title", {}, name(placed, ctx.cat)),
                    _horse_mark(placed),
                ),
            )
        )
    return h(
        "figure",
        {"class": "rt-track"},
        h(
            "svg",
            {"viewBox": "0 0 1000 600", "role": "group", "aria-label": t("rt_track_label")},
            parts,
            circles,
            _die(view, ctx),
            ghosts,
            tokens,
        ),
        h("figcaption", {"class": "sr-only"}, t("rt_track_label")),
    )


def _die(view: RoyalTurfView, ctx: GameContext) -> Markup | None:
    """The rolled symbol on the die (a symbol die: the shared pip faces do not fit)."""
    roll = view["roll"]
    if not roll:
        return None
    fresh = any(_text(e, "type") == "rolled" for e in ctx.fresh)
    return h(
        "g",
        {"class": classes("die", fresh and "tumble"), "transform": f"translate({CX} {CY - 90})"},
        h("rect", {"x": -34, "y": -34, "width": 68, "height": 68, "rx": 12}),
        h("use", {"href": f"#rt-{roll}", "x": -24, "y": -24, "width": 48, "height": 48}),
        h("title", {}, ctx.t(f"rt_sym_{roll}")),
    )


def _slide(horse: str, field: int, ctx: GameContext) -> Markup | None:
    """SMIL motion along the track from the field the horse just left (no CSS needed)."""
    for event in ctx.fresh:
        start = _number(event, "from")
        moved = _text(event, "type") == "horse_moved" and _text(event, "horse") == horse
        if moved and start != field:
            x1, y1 = field_xy(field)
            points = [field_xy(f) for f in range(start, field - 1, -1)]
            path = "M" + " L".join(f"{x - x1:.1f} {y - y1:.1f}" for x, y in points)
            return h(
                "animateMotion",
                {"dur": "0.45s", "path": path, "fill": "remove", "calcMode": "paced"},
            )
    return None


def _picked_chip(ctx: GameContext) -> int | None:
    """The chip value the player picked (a local choice before the horse), if any."""
    picked: object = ctx.local.get("chip")
    return int(picked) if isinstance(picked, str | int) else None


def _place(chip: int, horse: str) -> dict[str, object]:
    return {"type": "place_chip", "chip": chip, "horse": horse}


def horse_panels(view: RoyalTurfView, ctx: GameContext) -> Markup:
    t = ctx.t
    moves = movable(view, ctx)
    chip = _picked_chip(ctx)
    roll = view["roll"]
    totals = view["bet_totals"]
    panels = []
    for info in view["horses"]:
        horse = info["id"]
        values = info["values"]
        rows = []
        if values:
            for sym in SYMBOLS:
                rows.append(
                    h(
                        "li",
                        {"class": classes("cv", roll == sym and "rolled")},
                        symbol_icon(sym, ctx.cat),
                        h("b", {"class": "num"}, str(values[sym])),
                    )
                )
        chips = [_chip(b["seat"], b["chip"], ctx) for b in view["bets"][horse]]
        state = ""
        if info["rank"]:
            state = t("rt_placed", rank=info["rank"])
        elif info["moved"]:
            state = t("rt_moved")
        elif info["field"] is not None:
            state = t("rt_on_field", field=info["field"])
        place_btn = None
        if chip is not None:
            place_btn = action_button(
                ctx,
                _place(chip, horse),
                t("rt_place_here", value=chip),
                f"place-{horse}",
                "primary small",
            )
        move_btn = None
        if horse in moves:
            i, landing = moves[horse]
            move_btn = h(
                "button",
                {
                    "type": "button",
                    "class": "primary small",
                    "data-act": "play",
                    "data-arg": str(i),
                    "title": move_text(info, landing, ctx.cat),
                },
                t("rt_move_btn", value=landing["value"]),
            )
        total = totals[horse] if totals is not None else None
        panels.append(
            h(
                "li",
                {
                    "class": classes(
                        "horse-panel",
                        f"h-{horse}",
                        info["moved"] and "moved",
                        info["rank"] is not None and "done",
                        view["pacemaker"] == horse and "pacemaker",
                    ),
                    "data-testid": f"panel-{horse}",
                },
                h(
                    "h3",
                    {},
                    h(
                        "span",
                        {"class": f"swatch h-{horse}", "aria-hidden": "true"},
                        INITIALS[horse],
                    ),
                    " ",
                    name(horse, ctx.cat),
                ),
                h("p", {"class": "card-id"}, info["card"] or "—", " · ", state),
                h("ul", {"class": "card-values"}, rows),
                h(
                    "div",
                    {"class": "betting-space", "aria-label": t("rt_betting_space")},
                    chips or h("span", {"class": "empty"}, t("rt_no_bets")),
                    view["pacemaker"] == horse and h("span", {"class": "pace-chip"}, t("rt_pace")),
                ),
                total is not None and h("p", {"class": "bets-total"}, t("rt_bets_total", n=total)),
                place_btn,
                move_btn,
            )
        )
    return h("ol", {"class": "horse-panels", "aria-label": t("rt_horses")}, panels)


def odds_table(view: RoyalTurfView, ctx: GameContext) -> Markup:
    t = ctx.t
    # The column each horse pays from, as the engine says (none while chips are hidden).
    columns: dict[int, list[str]] = {k: [] for k in range(1, 6)}
    for info in view["horses"]:
        column = info["odds_column"]
        if column is not None:
            columns[column].append(info["id"])
    head = [h("th", {"scope": "col"}, t("rt_bets"))] + [
        h(
            "th",
            {"scope": "col", "class": classes(bool(columns[k]) and "hl")},
            "5+" if k == 5 else str(k),
            h(
                "span",
                {"class": "col-horses"},
                [
                    h(
                        "span",
                        {"class": f"swatch tiny h-{x}", "title": name(x, ctx.cat)},
                        INITIALS[x],
                    )
                    for x in columns[k]
                ],
            ),
        )
        for k in range(1, 6)
    ]
    rows = []
    for place in ("1", "2", "3"):
        rows.append(
            h(
                "tr",
                {},
                h("th", {"scope": "row"}, t(f"rt_place_{place}")),
                [
                    h(
                        "td",
                        {"class": classes("num", bool(columns[k + 1]) and "hl")},
                        ctx.cat.money(v * view["multiplier"]),
                    )
                    for k, v in enumerate(view["odds"][place])
                ],
            )
        )
    note = (
        t("rt_odds_hidden")
        if view["bet_totals"] is None
        else t("rt_odds_note", m=view["multiplier"])
    )
    return h(
        "section",
        {"class": "odds", "aria-label": t("rt_odds")},
        h("h3", {}, t("rt_odds")),
        h("table", {}, h("thead", {}, h("tr", {}, head)), h("tbody", {}, rows)),
        h(
            "p",
            {"class": "note"},
            note,
            " ",
            t("rt_pace_last_note", pace=ctx.cat.money(view["pace_bonus"])),
        ),
    )


def actions(view: RoyalTurfView, ctx: GameContext) -> Markup:
    """The controls only: at a hidden-bets turn the shell frames them with the panel."""
    t = ctx.t
    if view["phase"] == "betting":
        return _betting_controls(view, ctx)
    moves = movable(view, ctx)
    roll = view["roll"]
    if view["phase"] != "race" or not moves or roll is None:
        return join()
    buttons = []
    for info in view["horses"]:
        horse = info["id"]
        if horse in moves:
            i, landing = moves[horse]
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "data-act": "play",
                        "data-arg": str(i),
                        "class": f"move h-{horse}",
                        "data-testid": f"act-move-{horse}",
                    },
                    move_text(info, landing, ctx.cat),
                )
            )
    return join(
        h("p", {}, symbol_icon(roll, ctx.cat, "sym big"), " ", t("rt_choose_horse")),
        h("div", {"class": "choices", "role": "group"}, buttons),
    )


def _betting_controls(view: RoyalTurfView, ctx: GameContext) -> Markup:
    t = ctx.t
    seat = view["current_player"]
    held = view["supply"][seat]["chips"] if seat >= 0 else None
    # Only chips that can be placed now (the player sees their own supply at their turn).
    supply = sorted(
        {c for c in held or [] if any(ctx.index_of(_place(c, x)) is not None for x in HORSES)}
    )
    picked = _picked_chip(ctx)
    chips = [
        h(
            "button",
            {
                "type": "button",
                "class": classes("chip-pick", f"pc{seat}", c == picked and "on"),
                "data-act": "local",
                "data-arg": "chip",
                "value": str(c),
                "aria-pressed": "true" if c == picked else "false",
                "data-testid": f"chip-{c}",
            },
            t("rt_chip_n", value=c),
        )
        for c in supply
    ]
    horses: list[Markup | None] = []
    if picked is not None:
        horses = [
            action_button(ctx, _place(picked, horse), name(horse, ctx.cat), f"bet-{horse}")
            for horse in HORSES
        ]
    return join(
        h("p", {}, t("rt_pick_chip") if picked is None else t("rt_pick_horse", value=picked)),
        h("div", {"class": "choices", "role": "group"}, chips),
        any(horses) and h("div", {"class": "choices", "role": "group"}, horses),
    )


def private_panel(view: RoyalTurfView, seat: int, ctx: GameContext) -> Markup:
    """The inside of a seat's panel: its chips on horses and still in supply."""
    t = ctx.t
    mine = [
        (horse, b["chip"]) for horse in HORSES for b in view["bets"][horse] if b["seat"] == seat
    ]
    supply = view["supply"][seat]["chips"] or []
    return join(
        h(
            "p",
            {},
            t("rt_my_placed"),
            " ",
            [
                h("span", {"class": "mine"}, name(horse, ctx.cat), " ", _chip(seat, chip, ctx))
                for horse, chip in mine
            ]
            or t("rt_none"),
        ),
        h("p", {}, t("rt_my_supply"), " ", [_chip(seat, c, ctx) for c in supply] or t("rt_none")),
    )


# --- words -------------------------------------------------------------------------------
def _text(event: dict[str, Any], key: str) -> str:
    return str(event.get(key, ""))


def _number(event: dict[str, Any], key: str) -> int:
    value: object = event.get(key)
    return value if isinstance(value, int) else 0


def describe(event: dict[str, Any], players: list[str], cat: Catalogue) -> str | None:
    t = cat.t
    kind = _text(event, "type")
    who = seat_name(players, event.get("seat"))
    horse = name(_text(event, "horse"), cat) if "horse" in event else ""
    match kind:
        case "first_player":
            return t("rt_ev_first_player", name=who)
        case "race_started":
            return t("rt_ev_race_started", race=_number(event, "race"))
        case "card_revealed":
            card, field = _text(event, "card"), _number(event, "field")
            return t("rt_ev_card", card=card, horse=horse, field=field)
        case "card_skipped":
            return t("rt_ev_card_skipped", card=_text(event, "card"), horse=horse)
        case "start_player":
            return t(f"rt_ev_start_{_text(event, 'by')}", name=who)
        case "chip_placed" if "chip" in event:
            return t("rt_ev_chip", name=who, horse=horse, value=_number(event, "chip"))
        case "chip_placed":
            return t("rt_ev_chip_hidden", name=who, horse=horse)
        case "race_begins":
            return t("rt_ev_race_begins", name=who)
        case "rolled":
            return t("rt_ev_rolled", name=who, symbol=t(f"rt_sym_{_text(event, 'symbol')}"))
        case "horse_moved":
            start, to, value = _number(event, "from"), _number(event, "to"), _number(event, "value")
            if to == start:
                return t("rt_ev_stuck", horse=horse, value=value)
            key = "rt_ev_moved_blocked" if event.get("blocked") else "rt_ev_moved"
            return t(key, horse=horse, steps=start - to, field=to, value=value)
        case "horse_finished":
            return t("rt_ev_finished", horse=horse, rank=t(f"rt_place_{_number(event, 'rank')}"))
        case "pacemaker":
            return t("rt_ev_pacemaker", horse=horse)
        case "cycle_reset":
            return t("rt_ev_cycle")
        case "race_over":
            last = name(_text(event, "last"), cat)
            return t("rt_ev_race_over", race=_number(event, "race"), last=last)
        case "chips_revealed":
            return t("rt_ev_revealed")
        case "payout":
            return _payout_text(event, who, horse, cat)
        case "game_over":
            return t("rt_ev_game_over")
    return None


def _payout_text(event: dict[str, Any], who: str, horse: str, cat: Catalogue) -> str:
    t = cat.t
    amount, reason = _number(event, "amount"), _text(event, "reason")
    if reason == "last":
        return t("rt_ev_penalty", name=who, horse=horse, amount=cat.money(-amount))
    if reason == "pacemaker":
        return t("rt_ev_pace_bonus", name=who, horse=horse, amount=cat.money(amount))
    place = t(f"rt_place_{reason[-1]}")
    return t("rt_ev_payout", name=who, horse=horse, amount=cat.money(amount), place=place)


def rules_summary(cat: Catalogue) -> Markup:
    return rules_paragraphs(cat, "rt_rules_")


def results_detail(view: RoyalTurfView, ctx: GameContext) -> Markup:
    t = ctx.t
    races = []
    for r in view["results"]:
        per_seat = [0] * len(ctx.players)
        for p in r["payouts"]:
            per_seat[p["seat"]] += p["amount"]
        places = ", ".join(f"{k}. {name(x, ctx.cat)}" for k, x in enumerate(r["places"], 1))
        races.append(
            h(
                "li",
                {},
                h("b", {}, t("rt_race_n", race=r["race"])),
                " ",
                places,
                " · ",
                t("rt_pacemaker_is", horse=name(r["pacemaker"], ctx.cat)),
                " · ",
                t("rt_last_is", horse=name(r["last"], ctx.cat)),
                h(
                    "ul",
                    {"class": "race-money"},
                    [
                        h("li", {}, ctx.players[i], ": ", ctx.cat.money(v))
                        for i, v in enumerate(per_seat)
                    ],
                ),
            )
        )
    return h("section", {"class": "race-results"}, h("h2", {}, t("rt_races")), h("ol", {}, races))
