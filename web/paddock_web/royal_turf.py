"""Royal Turf's table: the oval track (odds table, finish circles and die in its
infield), the seven horse cards under it, and the choices beside it."""

from __future__ import annotations

import math
from typing import Any

from pygames.core.lens import Odds
from pygames.royal_turf.data import FIELDS, HORSES, PACE_FIELD, START_FIELD_OF_SLOT
from pygames.royal_turf.view import HorseView, Landing, RaceResult, RoyalTurfView

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .lens_bets import bet_grid, priced
from .parts import action_button
from .table import GameContext, numbered_texts, rules_paragraphs, seat_name, token_label

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

# Track geometry: a stadium (two straights, two half circles) in a 1000×525 box. The
# fields lie on the middle of the turf band; their numbers stand outside the band,
# so a horse never hides one and a number is never printed over a horse.
CX, CY, HALF, RADIUS = 500.0, 262.0, 235.0, 188.0
LANE = 38.0  # half the width of the turf band
NUMBER_OFFSET = 56.0  # how far outside the fields' centre line their numbers stand
PERIMETER = 4 * HALF + 2 * math.pi * RADIUS
VIEW_W, VIEW_H = 1000, 525
TOKEN_R = 26
FIELD_R = 27

# The infield: odds table in the middle, finish circles under it, die on the right.
ODDS_X, ODDS_Y = 329.0, 124.0
ODDS_HEAD_W, ODDS_COL_W, ODDS_HEAD_H, ODDS_ROW_H = 62.0, 56.0, 40.0, 28.0
CIRCLES_Y = 346.0
CIRCLE_XS = (315.0, 385.0, 455.0, 615.0)  # 1st, 2nd, 3rd … and the last horse
DIE_X, DIE_Y, DIE_SIZE = 792.0, 262.0, 78.0


def _point(d: float, offset: float = 0.0) -> tuple[float, float]:
    """The point ``d`` along the fields' line from the finish line (bottom middle),
    running clockwise on screen, moved ``offset`` outwards."""
    d %= PERIMETER
    r = RADIUS + offset
    if d < HALF:
        return CX - d, CY + r
    d -= HALF
    arc = math.pi * RADIUS
    if d < arc:
        a = d / RADIUS
        return CX - HALF - r * math.sin(a), CY + r * math.cos(a)
    d -= arc
    if d < 2 * HALF:
        return CX - HALF + d, CY - r
    d -= 2 * HALF
    if d < arc:
        a = d / RADIUS
        return CX + HALF + r * math.sin(a), CY - r * math.cos(a)
    d -= arc
    return CX + HALF - d, CY + r


def field_xy(field: int, offset: float = 0.0) -> tuple[float, float]:
    """Centre of a field; 33 lies just past the finish line, 1 just before it."""
    return _point((FIELDS - field + 0.5) / FIELDS * PERIMETER, offset)


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
    "<defs>"
    '<symbol id="rt-head" viewBox="0 0 24 24"><path d="M6 21l2-7-3-3 3-6 5-3 5 2 1 5-3 3'
    ' 1 9z" fill="currentColor"/><circle cx="14" cy="7" r="1.2" fill="var(--bg)"/></symbol>'
    '<symbol id="rt-helmet" viewBox="0 0 24 24"><path d="M3 15a9 9 0 0 1 18 0v2H3z M2 17h16'
    'v2H2z" fill="currentColor"/></symbol>'
    '<symbol id="rt-saddle" viewBox="0 0 24 24"><path d="M3 9c3 2 6 2 9 0s6-2 9 0l-2 5c-2'
    ' 1-4 1-7 1s-5 0-7-1z M11 15h2v6h-2z" fill="currentColor"/></symbol>'
    '<symbol id="rt-horseshoe" viewBox="0 0 24 24"><path d="M5 3h4v8a3 3 0 0 0 6 0V3h4v8a7'
    ' 7 0 0 1-14 0z" fill="currentColor"/></symbol>'
    '<symbol id="rt-check" viewBox="-12 -12 24 24"><circle r="10.5" class="badge-disc"/>'
    '<path d="M-5.5 0.5l3.8 3.8 7.2-8" class="badge-tick"/></symbol>'
    "</defs>"
)


PEEK_KEY = "rt_my_chips"  # the button that shows a player their own secrets
KEPT_CHOICES: tuple[str, ...] = ()
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


def _chip(seat: int, chip: int | None, ctx: GameContext, fresh: bool = False) -> Markup:
    label = (
        ctx.t("rt_chip_hidden", name=ctx.players[seat])
        if chip is None
        else ctx.t("rt_chip_label", name=ctx.players[seat], value=chip)
    )
    return h(
        "span",
        {
            "class": classes("chip", f"pc{seat}", chip is None and "face-down", fresh and "fresh"),
            "title": label,
            "aria-label": label,
            "role": "img",
        },
        h(
            "span",
            {"class": "chip-initial", "aria-hidden": "true"},
            token_label(ctx.players, seat),
        ),
        h(
            "span",
            {"class": "chip-value", "aria-hidden": "true"},
            "?" if chip is None else str(chip),
        ),
    )


def board(view: RoyalTurfView, ctx: GameContext) -> Markup:
    return join(track(view, ctx), horse_cards(view, ctx))


def _fresh(ctx: GameContext, kind: str) -> list[dict[str, Any]]:
    """The events of the last move of one kind (what just happened, to highlight)."""
    return [e for e in ctx.fresh if _text(e, "type") == kind]


def _moved_now(ctx: GameContext) -> set[str]:
    kinds = ("horse_moved", "horse_finished")
    return {_text(e, "horse") for e in ctx.fresh if _text(e, "type") in kinds}


def _horse_mark(horse: str, moved: bool = False) -> list[Markup]:
    """A horse's round token inside an SVG group: an opaque disc and its initials; a horse
    that has had its move this cycle carries a tick badge (readable without colour)."""
    out = [h("circle", {"r": TOKEN_R, "class": "disc"}), h("text", {"y": 7}, INITIALS[horse])]
    if moved:
        out.append(h("use", {"href": "#rt-check", "x": 8, "y": -30, "width": 24, "height": 24}))
    return out


def _turf() -> list[Markup]:
    """The grass band, the infield, the rail with the field numbers, and the finish line."""
    outer = RADIUS + LANE
    inner = RADIUS - LANE
    rail = RADIUS + NUMBER_OFFSET + 16
    parts: list[Markup] = [
        h(
            "rect",
            {
                "x": CX - HALF - rail,
                "y": CY - rail,
                "width": 2 * (HALF + rail),
                "height": 2 * rail,
                "rx": rail,
                "class": "rail",
            },
        ),
        h(
            "rect",
            {
                "x": CX - HALF - outer,
                "y": CY - outer,
                "width": 2 * (HALF + outer),
                "height": 2 * outer,
                "rx": outer,
                "class": "turf",
            },
        ),
        h(
            "rect",
            {
                "x": CX - HALF - inner,
                "y": CY - inner,
                "width": 2 * (HALF + inner),
                "height": 2 * inner,
                "rx": inner,
                "class": "infield",
            },
        ),
        h(
            "line",
            {"x1": CX, "y1": CY + inner, "x2": CX, "y2": CY + outer, "class": "finish-line"},
        ),
        h(
            "line",
            {"x1": CX, "y1": CY + inner, "x2": CX, "y2": CY + outer, "class": "finish-dash"},
        ),
    ]
    for f in range(FIELDS, 0, -1):
        x, y = field_xy(f)
        nx, ny = field_xy(f, NUMBER_OFFSET)
        cls = classes("field", f >= FIRST_START_FIELD and "start", f == PACE_FIELD and "pace")
        parts.append(
            h(
                "g",
                {"class": cls},
                h("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": FIELD_R}),
                h("text", {"x": f"{nx:.1f}", "y": f"{ny + 7:.1f}", "class": "field-no"}, str(f)),
            )
        )
    return parts


def track(view: RoyalTurfView, ctx: GameContext) -> Markup:
    t = ctx.t
    parts = _turf()
    parts.append(
        h(
            "text",
            {"x": CX, "y": CY + RADIUS - LANE - 10, "class": "finish-label"},
            t("rt_finish_line"),
        )
    )
    if view["pacemaker"] is None and view["phase"] in ("betting", "race", "reveal"):
        x, y = field_xy(PACE_FIELD)
        parts.append(
            h(
                "g",
                {"class": "pace-tile", "transform": f"translate({x:.1f} {y:.1f})"},
                h("rect", {"x": -25, "y": -14, "width": 50, "height": 28, "rx": 5}),
                h("text", {"y": 6}, t("rt_pace")),
            )
        )
    moves = movable(view, ctx)
    picked = _picked_chip(ctx)
    moved_now = _moved_now(ctx)
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
                "horse",
                f"h-{horse}",
                horse in moves and "can-move",
                info["moved"] and "moved",
                horse in moved_now and "fresh",
            ),
            "data-horse": horse,
            "transform": f"translate({x:.1f} {y:.1f})",
        }
        label = t("rt_horse_on", horse=name(horse, ctx.cat), field=field)
        if info["moved"]:
            label = t("rt_horse_on_moved", horse=name(horse, ctx.cat), field=field)
        play: dict[str, object] | None = None
        if horse in moves:
            i, landing = moves[horse]
            label = move_text(info, landing, ctx.cat)
            play = {"data-act": "play", "data-arg": str(i), "data-testid": f"move-{horse}"}
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
                        h("circle", {"r": TOKEN_R}),
                        h("text", {"y": 6}, INITIALS[horse]),
                    )
                )
        elif picked is not None:
            bet = ctx.play_attrs(_place(picked, horse))
            if bet is not None:
                label = t("rt_bet_on", value=picked, horse=name(horse, ctx.cat))
                play = {**bet, "data-testid": f"track-bet-{horse}"}
                attrs["class"] = f"{attrs['class']} can-bet"
        if play is not None:
            attrs.update({"role": "button", "tabindex": "0", **play})
        else:
            attrs["role"] = "img"
        # The accessible name starts with what the token shows (its initials).
        label = f"{INITIALS[horse]} {label}"
        attrs["aria-label"] = label
        tokens.append(
            h(
                "g",
                attrs,
                h("title", {}, label),
                h("circle", {"r": TOKEN_R, "class": "flash", "aria-hidden": "true"}),
                _horse_mark(horse, info["moved"]),
                _slide(horse, field, ctx) if ctx.motion else None,
            )
        )
    return h(
        "svg",
        {
            "class": "rt-track",
            "viewBox": f"0 0 {VIEW_W} {VIEW_H}",
            "role": "group",
            "aria-label": t("rt_track_label"),
        },
        SYMBOL_DEFS,
        parts,
        _legend(ctx),
        odds_table(view, ctx),
        _finish_circles(view, ctx),
        _die(view, ctx),
        ghosts,
        tokens,
    )


def _legend(ctx: GameContext) -> Markup:
    """What the tick and the dashed ring mean, in the left bend of the infield."""
    x, y = CX - HALF - 110, CY - 34
    return h(
        "g",
        {"class": "legend"},
        h("use", {"href": "#rt-check", "x": x - 12, "y": y - 12, "width": 24, "height": 24}),
        h("text", {"x": x + 18, "y": y + 6}, ctx.t("rt_legend_moved")),
        h("circle", {"cx": x, "cy": y + 40, "r": 11, "class": "legend-ghost"}),
        h("text", {"x": x + 18, "y": y + 46}, ctx.t("rt_legend_target")),
    )


def _finish_circles(view: RoyalTurfView, ctx: GameContext) -> Markup:
    """The three finish circles and the last-horse circle, with the horses placed so far."""
    t = ctx.t
    places = {x["rank"]: x["id"] for x in view["horses"] if x["rank"]}
    finished_now = {_text(e, "horse"): e for e in _fresh(ctx, "horse_finished")}
    out: list[Markup] = []
    labels = (*(t(f"rt_place_short_{k}") for k in (1, 2, 3)), t("rt_last_short"))
    for k, (px, text) in enumerate(zip(CIRCLE_XS, labels, strict=True), start=1):
        placed = places.get(k) if k <= 3 else None
        token = None
        if placed:
            label = (
                INITIALS[placed]
                + " "
                + t("rt_horse_placed", horse=name(placed, ctx.cat), place=text)
            )
            start = _number(finished_now[placed], "from") if placed in finished_now else None
            token = h(
                "g",
                {
                    "class": classes("horse", f"h-{placed}", "placed", bool(start) and "fresh"),
                    "role": "img",
                    "aria-label": label,
                },
                h("title", {}, label),
                h("circle", {"r": TOKEN_R, "class": "flash", "aria-hidden": "true"}),
                _horse_mark(placed),
                _finish_slide(start, px, ctx) if start and ctx.motion else None,
            )
        out.append(
            h(
                "g",
                {
                    "class": classes("finish-circle", k == 4 and "last"),
                    "transform": f"translate({px} {CIRCLES_Y})",
                },
                h("circle", {"r": 31}),
                h("text", {"y": -39, "class": "circle-label"}, text),
                token,
            )
        )
    return h("g", {"class": "finish-circles"}, out)


def _die(view: RoyalTurfView, ctx: GameContext) -> Markup | None:
    """The rolled symbol on the die (a symbol die: the shared pip faces do not fit).

    It always stands in the same place in the infield; a fresh roll tumbles there
    (the animated group carries no position of its own, so the tumble stays put)."""
    roll = view["roll"]
    if not roll:
        return None
    fresh = bool(_fresh(ctx, "rolled"))
    half = DIE_SIZE / 2
    label = ctx.t("rt_die_shows", symbol=ctx.t(f"rt_sym_{roll}"))
    return h(
        "g",
        {
            "class": "die",
            "transform": f"translate({DIE_X} {DIE_Y})",
            "role": "img",
            "aria-label": label,
            "data-testid": "die",
        },
        h("title", {}, label),
        h(
            "g",
            {"class": classes("die-body", fresh and "tumble")},
            h(
                "rect",
                {"x": -half, "y": -half, "width": DIE_SIZE, "height": DIE_SIZE, "rx": 13},
            ),
            h("use", {"href": f"#rt-{roll}", "x": -27, "y": -27, "width": 54, "height": 54}),
        ),
    )


def _slide(horse: str, field: int, ctx: GameContext) -> Markup | None:
    """SMIL motion along the track from the field the horse just left (no CSS needed)."""
    for event in ctx.fresh:
        start = _number(event, "from")
        moved = _text(event, "type") == "horse_moved" and _text(event, "horse") == horse
        if moved and start != field:
            x1, y1 = field_xy(field)
            points = [field_xy(f) for f in range(start, field - 1, -1)]
            return _motion(points, x1, y1)
    return None


def _finish_slide(start: int, circle_x: float, ctx: GameContext) -> Markup:
    """A finishing horse runs from its field over the line into its finish circle."""
    points = [field_xy(f) for f in range(start, 0, -1)]
    points += [(CX, CY + RADIUS), (circle_x, CIRCLES_Y)]
    return _motion(points, circle_x, CIRCLES_Y)


def _motion(points: list[tuple[float, float]], x0: float, y0: float) -> Markup:
    path = "M" + " L".join(f"{x - x0:.1f} {y - y0:.1f}" for x, y in points)
    seconds = min(0.6, 0.2 + 0.03 * len(points))
    return h(
        "animateMotion",
        {"dur": f"{seconds:.2f}s", "path": path, "fill": "remove", "calcMode": "paced"},
    )


def _picked_chip(ctx: GameContext) -> int | None:
    """The chip value the player picked (a local choice before the horse), if any."""
    picked: object = ctx.local.get("chip")
    try:
        return int(picked) if isinstance(picked, str | int) else None
    except ValueError:
        return None


def _place(chip: int, horse: str) -> dict[str, object]:
    return {"type": "place_chip", "chip": chip, "horse": horse}


def horse_cards(view: RoyalTurfView, ctx: GameContext) -> Markup:
    """One card per horse: its name, this race's card values, its betting space."""
    t = ctx.t
    roll = view["roll"]
    totals = view["bet_totals"]
    moved_now = _moved_now(ctx)
    placed_now = {(_text(e, "horse"), _number(e, "seat")) for e in _fresh(ctx, "chip_placed")}
    paced_now = {_text(e, "horse") for e in _fresh(ctx, "pacemaker")}
    cards = []
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
        chips = [
            _chip(b["seat"], b["chip"], ctx, (horse, b["seat"]) in placed_now)
            for b in view["bets"][horse]
        ]
        if info["rank"]:
            state = h("span", {"class": "state placed"}, t(f"rt_place_short_{info['rank']}"))
        elif info["moved"]:
            state = h(
                "span",
                {"class": "state moved"},
                h(
                    "svg",
                    {"viewBox": "-12 -12 24 24", "aria-hidden": "true"},
                    h("use", {"href": "#rt-check", "x": -12, "y": -12, "width": 24, "height": 24}),
                ),
                " ",
                h("span", {"class": "state-word"}, t("rt_moved")),
            )
        elif info["field"] is not None:
            state = h("span", {"class": "state"}, t("rt_on_field", field=info["field"]))
        else:
            state = h("span", {"class": "state"}, "—")
        total = totals[horse] if totals is not None else None
        pace = view["pacemaker"] == horse
        cards.append(
            h(
                "li",
                {
                    "class": classes(
                        "rt-card",
                        f"h-{horse}",
                        info["moved"] and "moved",
                        info["rank"] is not None and "done",
                        pace and "pacemaker",
                        horse in moved_now and "fresh",
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
                    h("span", {"class": "hname"}, name(horse, ctx.cat)),
                ),
                h(
                    "p",
                    {"class": "card-line"},
                    h("span", {"class": "card-id"}, info["card"] or "—"),
                    " ",
                    state,
                ),
                rows and h("ul", {"class": "card-values", "aria-label": t("rt_card_values")}, rows),
                h(
                    "div",
                    {
                        "class": "betting-space",
                        "role": "group",
                        "aria-label": t("rt_betting_space_of", horse=name(horse, ctx.cat)),
                    },
                    chips or h("span", {"class": "empty"}, t("rt_no_bets")),
                    total is not None and total > 0 and _bets_total(total, ctx),
                    # The pace tile goes onto the pacemaker's betting space.
                    pace
                    and h(
                        "span",
                        {"class": classes("pace-chip", horse in paced_now and "fresh")},
                        t("rt_pace"),
                    ),
                ),
            )
        )
    # A tab stop: on a phone the board scrolls to the cards, and a keyboard must too.
    return h("ol", {"class": "rt-cards", "aria-label": t("rt_horses"), "tabindex": "0"}, cards)


def _bets_total(total: int, ctx: GameContext) -> Markup:
    key = "rt_bets_total_one" if total == 1 else "rt_bets_total"
    return h("span", {"class": "bets-total"}, ctx.t(key, n=total))


def odds_table(view: RoyalTurfView, ctx: GameContext) -> Markup:
    """The odds table in the infield: payout per bet by place and by bets on the horse,
    the column each horse pays from marked (as the engine says; none while hidden)."""
    t = ctx.t
    columns: dict[int, list[str]] = {k: [] for k in range(1, 6)}
    for info in view["horses"]:
        column = info["odds_column"]
        if column is not None:
            columns[column].append(info["id"])
    x0, y0 = ODDS_X, ODDS_Y
    width = ODDS_HEAD_W + 5 * ODDS_COL_W
    height = ODDS_HEAD_H + 3 * ODDS_ROW_H
    out: list[Markup] = [
        h(
            "rect",
            {"x": x0, "y": y0, "width": width, "height": height, "rx": 8, "class": "odds-bg"},
        ),
        h(
            "text",
            {"x": x0 + ODDS_HEAD_W / 2, "y": y0 + 25, "class": "odds-corner"},
            t("rt_bets"),
        ),
    ]
    for k in range(1, 6):
        cx = x0 + ODDS_HEAD_W + (k - 0.5) * ODDS_COL_W
        hl = bool(columns[k])
        if hl:
            out.append(
                h(
                    "rect",
                    {
                        "x": cx - ODDS_COL_W / 2 + 2,
                        "y": y0 + 2,
                        "width": ODDS_COL_W - 4,
                        "height": height - 4,
                        "rx": 5,
                        "class": "odds-hl",
                    },
                )
            )
        out.append(
            h("text", {"x": cx, "y": y0 + 17, "class": "odds-col"}, "5+" if k == 5 else str(k))
        )
        swatches = columns[k]
        for j, horse in enumerate(swatches[:4]):
            sx = cx - (len(swatches[:4]) - 1) * 6.5 + j * 13
            out.append(
                h(
                    "circle",
                    {"cx": f"{sx:.1f}", "cy": y0 + 30, "r": 6, "class": f"odds-dot h-{horse}"},
                    h("title", {}, name(horse, ctx.cat)),
                )
            )
    for row, place in enumerate(("1", "2", "3")):
        y = y0 + ODDS_HEAD_H + row * ODDS_ROW_H
        out.append(h("line", {"x1": x0, "y1": y, "x2": x0 + width, "y2": y, "class": "odds-rule"}))
        out.append(
            h(
                "text",
                {"x": x0 + 8, "y": y + 20, "class": "odds-place"},
                t(f"rt_place_short_{place}"),
            )
        )
        for k, v in enumerate(view["odds"][place]):
            cx = x0 + ODDS_HEAD_W + (k + 0.5) * ODDS_COL_W
            out.append(
                h(
                    "text",
                    {
                        "x": cx,
                        "y": y + 20,
                        "class": classes("odds-v", bool(columns[k + 1]) and "hl"),
                    },
                    f"{v * view['multiplier']:,}".replace(
                        ",", "." if ctx.cat.lang == "de" else ","
                    ),
                )
            )
    note = (
        t("rt_odds_hidden")
        if view["bet_totals"] is None
        else t("rt_odds_note", m=view["multiplier"])
        if view["multiplier"] > 1
        else t("rt_odds_per_bet")
    )
    pace = ctx.cat.money(view["pace_bonus"])
    last = ctx.cat.money(view["last_penalty"])
    out.append(h("text", {"x": CX, "y": y0 + height + 22, "class": "odds-note"}, note))
    out.append(
        h(
            "text",
            {"x": CX, "y": y0 + height + 42, "class": "odds-note"},
            t("rt_pace_last_note", pace=pace, last=last),
        )
    )
    return h("g", {"class": "odds", "role": "img", "aria-label": _odds_words(view, ctx)}, out)


def _odds_words(view: RoyalTurfView, ctx: GameContext) -> str:
    """The odds table in one sentence for a screen reader."""
    m = view["multiplier"]
    rows = [
        ctx.t(
            "rt_odds_row",
            place=ctx.t(f"rt_place_{p}"),
            values=", ".join(ctx.cat.money(v * m) for v in view["odds"][p]),
        )
        for p in ("1", "2", "3")
    ]
    # Which column each backed horse pays from (drawn as dots over the columns).
    paying = [
        ctx.t("rt_odds_column_of", horse=name(x["id"], ctx.cat), column=x["odds_column"])
        for x in view["horses"]
        if x["odds_column"] is not None
    ]
    if paying:
        rows.append(ctx.t("rt_odds_columns", horses=", ".join(paying)))
    return ctx.t("rt_odds") + ": " + "; ".join(rows)


def actions(view: RoyalTurfView, ctx: GameContext) -> Markup:
    """The controls only: at a hidden-bets turn the shell frames them with the panel."""
    t = ctx.t
    if view["phase"] == "betting":
        return _betting_controls(view, ctx)
    moves = movable(view, ctx)
    roll = view["roll"]
    if view["phase"] != "race" or not moves or roll is None:
        return join()
    buttons: list[Markup] = []
    for info in view["horses"]:
        horse = info["id"]
        if horse in moves:
            i, landing = moves[horse]
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "id": f"rt-move-{horse}",
                        "data-act": "play",
                        "data-arg": str(i),
                        "class": classes("move", f"h-{horse}", landing["blocked"] and "blocked"),
                        "data-testid": f"act-move-{horse}",
                        # The next decision of this kind starts on its first choice.
                        "data-focus": not buttons or None,
                    },
                    h(
                        "span",
                        {"class": f"swatch h-{horse}", "aria-hidden": "true"},
                        INITIALS[horse],
                    ),
                    " ",
                    move_text(info, landing, ctx.cat),
                )
            )
    # No prompt above the buttons: the banner says what was rolled, the die on the board
    # shows it and the cards mark its row (the side column is short on a laptop).
    return h(
        "div",
        {"class": "choices rt-moves", "role": "group", "aria-label": t("rt_choose_horse")},
        buttons,
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
                # The id names the chip picked so far: once a chip is picked the focus
                # cannot find the same button again and goes to the first horse instead.
                "id": f"rt-chip-{c}-of-{'none' if picked is None else picked}",
                "class": classes("chip-pick", f"pc{seat}", c == picked and "on"),
                "data-act": "local",
                "data-arg": "chip",
                "value": str(c),
                "aria-pressed": "true" if c == picked else "false",
                "data-testid": f"chip-{c}",
                # A public turn starts on the first chip (a secret one on the panel's title).
                "data-focus": (k == 0 and picked is None and not view["hidden_bets"]) or None,
            },
            t("rt_chip_n", value=c),
        )
        for k, c in enumerate(supply)
    ]
    horses: list[Markup] = []
    if picked is not None:
        for horse in HORSES:
            button = action_button(
                ctx,
                _place(picked, horse),
                name(horse, ctx.cat),
                f"bet-{horse}",
                f"bet h-{horse}",
                **{"data-focus": True if not horses else None},
            )
            if button is not None:
                horses.append(button)
    return join(
        h(
            "p",
            {"class": "rt-prompt"},
            t("rt_pick_chip") if picked is None else t("rt_pick_horse", value=picked),
        ),
        h("div", {"class": "choices", "role": "group", "aria-label": t("rt_your_chips")}, chips),
        horses
        and h(
            "div",
            {"class": "choices rt-bets", "role": "group", "aria-label": t("rt_horses_to_bet")},
            horses,
        ),
    )


def private_panel(view: RoyalTurfView, seat: int, ctx: GameContext) -> Markup:
    """The inside of a seat's panel: its chips on horses and still in supply."""
    t = ctx.t
    mine = [
        (horse, b["chip"]) for horse in HORSES for b in view["bets"][horse] if b["seat"] == seat
    ]
    supply = view["supply"][seat]["chips"] or []
    betting = view["phase"] == "betting"
    if betting:
        # At a secret betting turn the panel holds the chip buttons (the supply), and the
        # player's own chips show face up on the horse cards: nothing to repeat here.
        return join()
    return h(
        "p",
        {"class": "rt-mine"},
        h("span", {"class": "mine-label"}, t("rt_my_placed")),
        [
            h("span", {"class": "mine"}, name(horse, ctx.cat), " ", _chip(seat, chip, ctx))
            for horse, chip in mine
        ]
        or t("rt_none"),
        # While betting, the chip buttons right under the panel are the supply.
        not betting
        and join(
            h("span", {"class": "mine-label"}, t("rt_my_supply")),
            [_chip(seat, c, ctx) for c in supply] or t("rt_none"),
        ),
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
        case "field_lined_up":
            # The seven cards (and any card put back) as one line: the line-up.
            lineup: object = event.get("lineup")
            entries = [x for x in lineup if isinstance(x, dict)] if isinstance(lineup, list) else []
            horses = ", ".join(
                t(
                    "rt_ev_lineup_entry",
                    horse=name(_text(x, "horse"), cat),
                    field=_number(x, "field"),
                )
                for x in entries
            )
            return t("rt_ev_lineup", race=_number(event, "race"), horses=horses)
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
    # race_started, card_revealed, card_skipped: told at once by field_lined_up.
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


# --- the results card ---------------------------------------------------------------------
def _signed(amount: int, cat: Catalogue) -> str:
    return ("+" if amount > 0 else "") + cat.money(amount) if amount else cat.money(0)


def _race_card(r: RaceResult, ctx: GameContext, heading: bool) -> Markup:
    """One race: the podium, every horse's chips turned up with what they paid, and
    what each player won or lost."""
    t = ctx.t
    cat = ctx.cat
    places = r["places"]
    order = [*places, *[x for x in HORSES if x not in places and x != r["last"]], r["last"]]
    role: dict[str, list[str]] = {x: [] for x in HORSES}
    for k, x in enumerate(places, 1):
        role[x].append(t(f"rt_place_{k}"))
    role[r["last"]].append(t("rt_last_short"))
    role[r["pacemaker"]].append(t("rt_pacemaker"))
    pays: dict[str, list[Markup]] = {x: [] for x in HORSES}
    per_seat = [0] * len(ctx.players)
    for p in r["payouts"]:
        per_seat[p["seat"]] += p["amount"]
        reason = p["reason"]
        if reason == "pacemaker":
            why = t("rt_pace")
        elif reason == "last":
            why = t("rt_last_short")
        else:
            why = t(f"rt_place_short_{reason[-1]}")
        pays[p["horse"]].append(
            h(
                "span",
                {"class": classes("pay", p["amount"] < 0 and "minus")},
                h(
                    "span",
                    {"class": f"token small pc{p['seat']}", "aria-hidden": "true"},
                    token_label(ctx.players, p["seat"]),
                ),
                h("span", {"class": "sr-only"}, ctx.players[p["seat"]], ": "),
                h("b", {"class": "num"}, _signed(p["amount"], cat)),
                " ",
                h("small", {}, why),
            )
        )
    rows = []
    for x in order:
        chips = [_chip(seat, chip, ctx) for seat, chip in r["bets"][x]]
        total = sum(chip for _, chip in r["bets"][x])
        rows.append(
            h(
                "tr",
                {"class": classes(f"h-{x}", x in places and "podium", x == r["last"] and "last")},
                h(
                    "th",
                    {"scope": "row"},
                    h("span", {"class": f"swatch h-{x}", "aria-hidden": "true"}, INITIALS[x]),
                    " ",
                    name(x, cat),
                ),
                h("td", {"class": "role"}, " · ".join(role[x]) or "—"),
                h(
                    "td",
                    {},
                    h(
                        "span",
                        {"class": "rt-chips"},
                        chips or "—",
                        total > 0 and _bets_total(total, ctx),
                    ),
                ),
                h("td", {"class": classes("pays", not pays[x] and "none")}, pays[x] or "—"),
            )
        )
    podium = h(
        "ol",
        {"class": "rt-podium", "aria-label": t("rt_podium")},
        [
            h(
                "li",
                {"class": f"p{k}"},
                h("span", {"class": "medal"}, t(f"rt_place_short_{k}")),
                h("span", {"class": f"swatch h-{x}", "aria-hidden": "true"}, INITIALS[x]),
                " ",
                name(x, cat),
            )
            for k, x in enumerate(places, 1)
        ],
    )
    money = h(
        "ul",
        {"class": "rt-race-money", "aria-label": t("rt_race_money")},
        [
            h(
                "li",
                {"class": f"pc{seat}"},
                h(
                    "span",
                    {"class": f"token small pc{seat}", "aria-hidden": "true"},
                    token_label(ctx.players, seat),
                ),
                " ",
                h("bdi", {}, ctx.players[seat]),
                " ",
                h("b", {"class": classes("num", delta < 0 and "minus")}, _signed(delta, cat)),
                " ",
                h("span", {"class": "now"}, t("rt_money_now", money=cat.money(r["money"][seat]))),
            )
            for seat, delta in enumerate(per_seat)
        ],
    )
    return h(
        "section",
        {"class": "rt-result", "data-testid": f"race-result-{r['race']}"},
        heading and h("h3", {}, t("rt_race_n", race=r["race"])),
        podium,
        h(
            "p",
            {"class": "rt-extra"},
            t("rt_pacemaker_is", horse=name(r["pacemaker"], cat)),
            " · ",
            t("rt_last_is", horse=name(r["last"], cat)),
            r["race"] == 3 and t("rt_doubled"),
        ),
        h(
            "table",
            {"class": "rt-reveal"},
            h("caption", {}, t("rt_reveal_caption")),
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, t("rt_col_horse")),
                    h("th", {"scope": "col"}, t("rt_col_result")),
                    h("th", {"scope": "col"}, t("rt_col_chips")),
                    h("th", {"scope": "col"}, t("rt_col_paid")),
                ),
            ),
            h("tbody", {}, rows),
        ),
        money,
    )


def results_detail(view: RoyalTurfView, ctx: GameContext) -> Markup:
    """After a race (the card over the board) its result; after the game, every race."""
    results = view["results"]
    several = len(results) > 1
    return h(
        "div",
        {"class": "race-results"},
        several and h("h2", {}, ctx.t("rt_races")),
        [_race_card(r, ctx, several) for r in results],
    )


# --- the home page --------------------------------------------------------------------------
THUMB_FIELDS = {
    "othello": 6,
    "red_fox": 9,
    "nougat": 13,
    "albino": 17,
    "mocha": 21,
    "earl_grey": 24,
    "caramello": 28,
}


def thumbnail(cat: Catalogue) -> Markup:
    """The track with the seven horses strung out along it, drawn from the board's data."""
    dots = [
        h("circle", {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": 14, "class": "thumb-field"})
        for x, y in (field_xy(f) for f in range(1, FIELDS + 1))
    ]
    horses = []
    for horse, f in THUMB_FIELDS.items():
        x, y = field_xy(f)
        horses.append(
            h(
                "circle",
                {"cx": f"{x:.1f}", "cy": f"{y:.1f}", "r": 36, "class": f"thumb-horse h-{horse}"},
            )
        )
    outer, inner = RADIUS + LANE, RADIUS - LANE
    return h(
        "svg",
        {
            "class": "thumb rt-thumb",
            "viewBox": "0 0 240 130",
            "role": "img",
            "aria-label": cat.t("rt_thumb_label"),
        },
        h(
            "g",
            {"transform": "translate(0 2) scale(0.24)"},
            h(
                "rect",
                {
                    "x": CX - HALF - outer,
                    "y": CY - outer,
                    "width": 2 * (HALF + outer),
                    "height": 2 * outer,
                    "rx": outer,
                    "class": "turf",
                },
            ),
            h(
                "rect",
                {
                    "x": CX - HALF - inner,
                    "y": CY - inner,
                    "width": 2 * (HALF + inner),
                    "height": 2 * inner,
                    "rx": inner,
                    "class": "infield",
                },
            ),
            h(
                "line",
                {"x1": CX, "y1": CY + inner, "x2": CX, "y2": CY + outer, "class": "finish-line"},
            ),
            dots,
            horses,
        ),
    )


def how_to_play(cat: Catalogue) -> list[str]:
    """The home card's "How to play": the catalogue's rt_how_1, rt_how_2, … in order."""
    return numbered_texts(cat, "rt_how_")


def seat_class(view: RoyalTurfView, seat: int) -> str:
    """Seats wear their palette colour in this game (no colour of its own)."""
    return ""


def first_turn_tip(view: RoyalTurfView, ctx: GameContext) -> str | None:
    """One sentence on the decision on screen."""
    if not ctx.legal:
        return None
    if view["phase"] == "betting":
        return ctx.t("rt_tip_hidden" if view["hidden_bets"] else "rt_tip_bet")
    if view["phase"] == "race" and view["roll"]:
        return ctx.t("rt_tip_move")
    return None


def meta(cat: Catalogue) -> str:
    return cat.t("rt_meta")


def lens_horse(view: RoyalTurfView, horse: str, cat: Catalogue) -> str:
    return name(horse, cat)


def card_words(view: RoyalTurfView, card: str, cat: Catalogue) -> str:
    return card  # no action of this game names a card


def lens_chart(view: RoyalTurfView, odds: Odds, cat: Catalogue) -> Markup | None:
    """While betting: what each chip the viewer holds is worth on each horse."""
    values = priced(odds)
    chips = sorted({b["bet"]["chip"] for b in odds.get("bets") or []})
    grid = bet_grid(
        cat.t("rt_lens_chips"),
        cat.t("lens_horse"),
        [cat.t("rt_lens_chip", chip=c) for c in chips],
        [(name(horse, cat), [{"chip": c, "horse": horse} for c in chips]) for horse in HORSES],
        values,
        lambda v: cat.money(round(v)),
    )
    if grid is None:
        return None
    return Markup(grid + h("p", {"class": "lens-note"}, cat.t("rt_lens_chips_note")))
