"""TurfMaster's table: the stadium oval with its 8 lanes, hands, dice and race points.

The ~1,000 squares of a board side are drawn once per side as a few compact
``<path>`` elements (cached); each render only adds the horses, the highlighted
targets (real focusable SVG controls, offered only when legal) and the dice.
"""

from __future__ import annotations

import math
from typing import Any

from pygames.turfmaster.view import (
    BoardView,
    CardOption,
    HorseView,
    MoveView,
    Square,
    TurfMasterView,
    board_squares,
)

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .parts import action_button, die_face
from .table import GameContext, initial, rules_paragraphs, seat_name

# Geometry of the layout in the view (data.py `_layout`): half length of the straights,
# inner rail radius and lane width, in layout units; drawn stretched to SVG units.
HALF, RAIL, WIDTH = 0.5, 0.25, 0.03
SX, SY = 1000.0, 1150.0
VIEWBOX = "-1000 -585 2000 1170"
TOKEN_R = 17

PEEK_KEY = "tm_my_hand"  # the button that shows a player their own hand


# --- geometry ---------------------------------------------------------------------------
def _pt(x: float, y: float) -> str:
    return f"{x * SX:.1f},{y * SY:.1f}"


class Geometry:
    """Polygons and centres of one board side, computed once from the view's board."""

    def __init__(self, board: BoardView) -> None:
        squares = board_squares(board["side"])
        segs: dict[str, list[int]] = {}
        for sq in squares:
            lo_hi = segs.setdefault(sq["segment"], [sq["row"], sq["row"]])
            lo_hi[0] = min(lo_hi[0], sq["row"])
            lo_hi[1] = max(lo_hi[1], sq["row"])
        self.segs = {k: (v[0], v[1]) for k, v in segs.items()}
        bottom: list[int] = []
        for name in ("home_straight", "run_out", "start_straight"):
            lo, hi = self.segs[name]
            bottom += range(lo, hi + 1)
        self.bottom = {r: i for i, r in enumerate(bottom)}
        self.n_bottom = len(bottom)
        self.finish_row = board["finish_row"]
        self.hurdle_rows = list(board["hurdle_rows"])
        self.poly: dict[str, str] = {}
        self.xy: dict[str, tuple[float, float]] = {}
        self.lane_of: dict[str, int] = {}
        self.row_of: dict[str, int] = {}
        self.lanes: dict[int, list[tuple[int, str]]] = {}
        self.back: dict[str, tuple[float, float]] = {}
        for sq in squares:
            sid = sq["id"]
            self.poly[sid] = self._polygon(sq)
            self.xy[sid] = (sq["x"] * SX, sq["y"] * SY)
            self.lane_of[sid] = sq["lane"]
            self.row_of[sid] = sq["row"]
            self.lanes.setdefault(sq["lane"], []).append((sq["row"], sid))
        for rows in self.lanes.values():
            rows.sort()
        for sq in squares:  # unit vector pointing backwards along the lane
            x, y = self.xy[sq["id"]]
            behind, ahead = sq["behind"], sq["straight"]
            if behind is not None:
                bx, by = self.xy[behind]
            elif ahead is not None:  # a start box: mirror the square in front
                nx, ny = self.xy[ahead]
                bx, by = 2 * x - nx, 2 * y - ny
            else:
                bx, by = x, y
            d = math.hypot(bx - x, by - y) or 1.0
            self.back[sq["id"]] = ((bx - x) / d, (by - y) / d)
        self.static = self._static(squares)

    def _polygon(self, sq: Square) -> str:
        lane, r, span, seg = sq["lane"], sq["row"], sq["span"], sq["segment"]
        rin, rout = RAIL + (lane - 1) * WIDTH, RAIL + lane * WIDTH
        first, last = self.segs[seg]
        if sq["curve"]:
            n = last - first + 1
            t0, t1 = (r - first) / n, min(1.0, (r + span - first) / n)
            if seg == "curve_1":
                cx, base = HALF, math.pi / 2
            else:
                cx, base = -HALF, -math.pi / 2
            ts = (t0, (t0 + t1) / 2, t1)
            outer = [
                (cx + rout * math.cos(base - math.pi * t), rout * math.sin(base - math.pi * t))
                for t in ts
            ]
            inner = [
                (cx + rin * math.cos(base - math.pi * t), rin * math.sin(base - math.pi * t))
                for t in reversed(ts)
            ]
            pts = outer + inner
        elif seg == "back_straight":
            n = last - first + 1
            x0 = HALF - 2 * HALF * (r - first) / n
            x1 = HALF - 2 * HALF * (r - first + 1) / n
            pts = [(x0, -rin), (x1, -rin), (x1, -rout), (x0, -rout)]
        else:
            i = self.bottom[r]
            x0 = -HALF + 2 * HALF * i / self.n_bottom
            x1 = -HALF + 2 * HALF * (i + 1) / self.n_bottom
            pts = [(x0, rin), (x1, rin), (x1, rout), (x0, rout)]
        return " ".join(_pt(x, y) for x, y in pts)

    def path_of(self, sids: list[str]) -> str:
        return "".join(f"M{self.poly[s]}Z" for s in sids)

    def _static(self, squares: list[Square]) -> Markup:
        odd = [s["id"] for s in squares if s["lane"] % 2 and not s["hurdle"] and s["box"] is None]
        even = [
            s["id"] for s in squares if not s["lane"] % 2 and not s["hurdle"] and s["box"] is None
        ]
        hurdles = [s["id"] for s in squares if s["hurdle"]]
        boxes = [s["id"] for s in squares if s["box"] is not None]
        ro, rr = (RAIL + 8 * WIDTH + 0.022), (RAIL - 0.012)
        turf = (
            f"M{-HALF * SX},{-ro * SY}L{HALF * SX},{-ro * SY}"
            f"A{ro * SX},{ro * SY} 0 0 1 {HALF * SX},{ro * SY}L{-HALF * SX},{ro * SY}"
            f"A{ro * SX},{ro * SY} 0 0 1 {-HALF * SX},{-ro * SY}Z"
        )
        infield = (
            f"M{-HALF * SX},{-rr * SY}L{HALF * SX},{-rr * SY}"
            f"A{rr * SX},{rr * SY} 0 0 1 {HALF * SX},{rr * SY}L{-HALF * SX},{rr * SY}"
            f"A{rr * SX},{rr * SY} 0 0 1 {-HALF * SX},{-rr * SY}Z"
        )
        parts = [
            h("path", {"class": "tm-turf", "d": turf}),
            h("path", {"class": "tm-infield", "d": infield}),
            h("path", {"class": "sq sq-odd", "d": self.path_of(odd)}),
            h("path", {"class": "sq sq-even", "d": self.path_of(even)}),
            h("path", {"class": "sq sq-box", "d": self.path_of(boxes)}),
        ]
        if hurdles:
            parts.append(h("path", {"class": "sq sq-hurdle", "d": self.path_of(hurdles)}))
            for row in self.hurdle_rows:
                a = self.xy[f"1-{row}"]
                b = self.xy[f"8-{row}"]
                dy = WIDTH * SY * 0.5
                sgn = 1 if b[1] > a[1] else -1
                parts.append(
                    h(
                        "line",
                        {
                            "class": "hurdle-bar",
                            "x1": f"{a[0]:.1f}",
                            "y1": f"{a[1] - sgn * dy:.1f}",
                            "x2": f"{b[0]:.1f}",
                            "y2": f"{b[1] + sgn * dy:.1f}",
                        },
                    )
                )
        # Finish line: between rows F-1 and F on the bottom straight.
        fx = (-HALF + 2 * HALF * self.bottom[self.finish_row] / self.n_bottom) * SX
        parts.append(
            h(
                "line",
                {
                    "class": "finish-line",
                    "x1": f"{fx:.1f}",
                    "y1": f"{(RAIL - 0.006) * SY:.1f}",
                    "x2": f"{fx:.1f}",
                    "y2": f"{(RAIL + 8 * WIDTH + 0.006) * SY:.1f}",
                },
            )
        )
        self.finish_x = fx
        self.start_x = (-HALF + 2 * HALF * (self.bottom[0] + 0.5) / self.n_bottom) * SX
        return join(*parts)


_GEOMETRY: dict[str, Geometry] = {}


def geometry(board: BoardView) -> Geometry:
    side = board["side"]
    if side not in _GEOMETRY:
        _GEOMETRY[side] = Geometry(board)
    return _GEOMETRY[side]


# --- words ------------------------------------------------------------------------------
def square_name(sid: str | None, cat: Catalogue) -> str:
    if not sid:
        return "—"
    lane, row = sid.split("-")
    return cat.t("tm_square", lane=lane, row=row)


def horse_name(horse: int, seat: int | None, players: list[str], cat: Catalogue) -> str:
    if seat is None or not 0 <= seat < len(players):
        return cat.t("tm_horse", horse=horse)
    return cat.t("tm_horse_of", horse=horse, name=players[seat])


def card_label(card: str, cat: Catalogue) -> str:
    if card.startswith("J"):
        return cat.t("tm_joker_card", value=card[1:])
    return card.rstrip("abcd")


def _horse(view: TurfMasterView, horse: int) -> HorseView:
    return view["horses"][horse - 1]


# --- the hooks the site calls ------------------------------------------------------------
def score_text(view: TurfMasterView, seat: int, ctx: GameContext) -> str:
    return ctx.t("tm_points", n=view["points"][seat])


def player_extra(view: TurfMasterView, seat: int, ctx: GameContext) -> Markup:
    t = ctx.t
    items = []
    for info in view["horses"]:
        if info["owner"] != seat:
            continue
        bits = [t("tm_cards_n", n=info["hand_count"])]
        if info["status"] == "out":
            bits.append(t("tm_fell_short"))
        elif info["status"] == "finished" and info["horse"] in view["finish_order"]:
            bits.append(t("tm_placed_short", place=view["finish_order"].index(info["horse"]) + 1))
        items.append(
            h(
                "li",
                {"class": classes(info["horse"] == view["acting_horse"] and "acting")},
                h("span", {"class": f"hnum pc{seat}"}, str(info["horse"])),
                " ",
                " · ".join(bits),
            )
        )
    return h("ul", {"class": "tm-stable", "aria-label": t("tm_stable")}, items)


def status_text(view: TurfMasterView, ctx: GameContext) -> str:
    t = ctx.t
    head = t("tm_race_of", race=view["race"], races=view["races"])
    phase = view["phase"]
    seat = view["current_player"]
    who = seat_name(ctx.players, seat)
    horse = view["acting_horse"]
    if phase in ("deal", "start_order", "over"):
        return head
    if phase == "select":
        return t("tm_status_select", race=head, name=who, horse=horse)
    rnd = t(
        "tm_round_of",
        round=view["round"],
        kind=t("tm_kind_card") if view["round_kind"] == "card" else t("tm_kind_dice"),
    )
    dice = view["dice"]
    if phase == "card":
        return t("tm_status_card", race=head, round=rnd, name=who, horse=horse)
    if phase == "blind":
        return t("tm_status_blind", race=head, round=rnd, name=who, horse=horse)
    if phase == "roll":
        roller = dice["roller"]
        name = ctx.players[roller] if isinstance(roller, int) else ""
        return t("tm_status_roll", race=head, round=rnd, name=name)
    if phase == "pace":
        return t("tm_status_pace", race=head, round=rnd, name=who, d1=dice["d1"], d2=dice["d2"])
    if phase == "die":
        return t("tm_status_die", race=head, round=rnd, name=who, horse=horse, pace=dice["pace"])
    if phase == "end":
        return t("tm_status_end", race=head, round=rnd, name=who, horse=horse)
    return head


# --- the board --------------------------------------------------------------------------
def _selected_option(view: TurfMasterView, ctx: GameContext) -> dict[str, Any] | None:
    picked = ctx.local.get("card")
    for opt in view.get("card_options") or []:
        if f"{opt['card']}:{opt['value']}" == picked:
            return dict(opt)
    return None


def board(view: TurfMasterView, ctx: GameContext) -> Markup:
    return join(track(view, ctx), running_order(view, ctx), horse_table(view, ctx))


def running_order(view: TurfMasterView, ctx: GameContext) -> Markup | None:
    """The field in race order in large type: the board's horses are small on a phone or
    a projector, so the order and the top three's handicap caps are repeated here."""
    t = ctx.t
    finished = list(view["finish_order"])
    running = [i for i in view["horses"] if i["status"] == "track" and i["position"] is not None]
    if not finished and not running:
        return None
    caps = {hh: c["limit"] for c in view["caps"] for hh in c["horses"]}
    running.sort(key=lambda i: (i["position"], i["horse"]))
    items = []
    for k, horse in enumerate(finished):
        seat = _horse(view, horse)["owner"]
        name = horse_name(horse, seat, ctx.players, ctx.cat)
        items.append(
            h(
                "li",
                {"class": "done", "title": t("tm_placed_long", place=k + 1, horse=name)},
                h("span", {"class": "rank"}, t("tm_placed_short", place=k + 1)),
                h("span", {"class": f"hnum pc{seat}"}, str(horse)),
            )
        )
    for info in running:
        horse, seat = info["horse"], info["owner"]
        cap = caps.get(horse)
        name = horse_name(horse, seat, ctx.players, ctx.cat)
        title = t("tm_pos_long", pos=info["position"])
        if cap is not None:
            title += " · " + t("tm_limit_long", limit=cap)
        items.append(
            h(
                "li",
                {
                    "class": classes(horse == view["acting_horse"] and "acting"),
                    "title": f"{name} · {title}",
                },
                h("span", {"class": "rank"}, f"{info['position']}."),
                h("span", {"class": f"hnum pc{seat}"}, str(horse)),
                cap is not None and h("span", {"class": "cap"}, f"≤{cap}"),
            )
        )
    return h(
        "ol",
        {"class": "tm-order", "aria-label": t("tm_running_order"), "data-testid": "running-order"},
        items,
    )


def track(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    geo = geometry(view["board"])
    players = ctx.players
    parts: list[Markup] = [geo.static]
    parts.append(
        h(
            "text",
            {"class": "track-label", "x": f"{geo.finish_x:.1f}", "y": f"{(RAIL - 0.03) * SY:.1f}"},
            t("tm_finish_line"),
        )
    )
    parts.append(
        h(
            "text",
            {"class": "track-label", "x": f"{geo.start_x:.1f}", "y": f"{(RAIL - 0.03) * SY:.1f}"},
            t("tm_start_boxes"),
        )
    )
    if view["board"]["hurdle_rows"]:
        parts.append(
            h(
                "text",
                {"class": "infield-text small", "x": "0", "y": "85"},
                t("tm_hurdles_label"),
            )
        )
    # Falls of this race: a plain marker where the horse came down.
    for fall in view["falls"]:
        if fall["race"] != view["race"] or fall["square"] not in geo.xy:
            continue
        x, y = geo.xy[fall["square"]]
        label = t(
            "tm_fall_marker",
            horse=horse_name(fall["horse"], fall["seat"], players, ctx.cat),
            round=fall["round"],
        )
        parts.append(
            h(
                "g",
                {
                    "class": "fall-mark",
                    "transform": f"translate({x:.1f} {y:.1f})",
                    "role": "img",
                    "aria-label": label,
                },
                h("title", {}, label),
                h("path", {"d": "M-15,-15L15,15M15,-15L-15,15"}),
            )
        )
    # Preview of the selected card (own card turn): every square it can reach.
    opt = _selected_option(view, ctx)
    if opt is not None and opt["ends"]:
        parts.append(
            h(
                "path",
                {"class": "preview", "d": geo.path_of([e for e in opt["ends"] if e in geo.poly])},
            )
        )
    # The end squares to choose from: real controls (only those the viewer may play).
    move = view["move"]
    targets = [] if move is None else _end_targets(move, geo, ctx)
    parts.extend(targets)
    if move and not targets:  # someone else chooses: show the candidates calmly
        parts.append(
            h(
                "path",
                {
                    "class": "preview other",
                    "d": geo.path_of([e for e in move["ends"] if e in geo.poly]),
                },
            )
        )
    parts.append(_infield(view, ctx))
    caps = {hh: c["limit"] for c in view["caps"] for hh in c["horses"]}
    tokens = []
    for info in view["horses"]:
        at = info["square"]
        if at is None or at not in geo.xy:
            continue
        x, y = geo.xy[at]
        horse, seat = info["horse"], info["owner"]
        name = horse_name(horse, seat, players, ctx.cat)
        label = t("tm_horse_at", horse=name, square=square_name(at, ctx.cat))
        if info["position"] is not None:
            label += " · " + t("tm_pos_long", pos=info["position"])
        cap = caps.get(horse)
        if cap is not None:
            label += " · " + t("tm_limit_long", limit=cap)
        tokens.append(
            h(
                "g",
                {
                    "class": classes(
                        "tm-horse", f"pc{seat}", horse == view["acting_horse"] and "acting"
                    ),
                    "transform": f"translate({x:.1f} {y:.1f})",
                    "role": "img",
                    "aria-label": label,
                    "data-horse": str(horse),
                },
                h("title", {}, label),
                h("circle", {"r": TOKEN_R}),
                h("text", {"y": 8}, str(horse)),
                cap is not None
                and h(
                    "g",
                    {"class": "cap", "transform": _cap_at(geo, at)},
                    h("rect", {"x": -13, "y": -12, "width": 26, "height": 22, "rx": 6}),
                    h("text", {"y": 6}, str(cap)),
                ),
                _slide(geo, horse, at, ctx) if ctx.motion else None,
            )
        )
    parts.extend(tokens)
    return h(
        "figure",
        {"class": "tm-track"},
        h(
            "svg",
            {
                "viewBox": VIEWBOX,
                "role": "group",
                "aria-label": t("tm_track_label", name=t(f"tm_side_{view['board']['side']}")),
            },
            parts,
        ),
        h("figcaption", {"class": "tm-legend"}, _legend(view, ctx)),
    )


def _end_targets(move: MoveView, geo: Geometry, ctx: GameContext) -> list[Markup]:
    out = []
    for sid in move["ends"]:
        play = ctx.play_attrs({"type": "choose_end", "horse": move["horse"], "square": sid})
        if play is None:
            continue
        falls = sid in move["falls"]
        label = ctx.t("tm_end_fall" if falls else "tm_end_here", square=square_name(sid, ctx.cat))
        out.append(
            h(
                "path",
                {
                    "class": classes("target", falls and "fall"),
                    "d": f"M{geo.poly[sid]}Z",
                    "role": "button",
                    "tabindex": "0",
                    "aria-label": label,
                    **play,
                    "data-testid": f"sq-{sid}",
                },
                h("title", {}, label),
            )
        )
    return out


def _cap_at(geo: Geometry, sid: str) -> str:
    """The handicap cap sits just behind the horse (that square is always free, P12)."""
    ux, uy = geo.back[sid]
    return f"translate({ux * 28:.1f} {uy * 28:.1f})"


def _slide(geo: Geometry, horse: int, sid: str, ctx: GameContext) -> Markup | None:
    """SMIL motion along the destination lane from the square the horse just left."""
    for event in ctx.fresh:
        if event["type"] == "moved" and event["horse"] == horse and event["to"] == sid:
            start = event["from"]
            if start not in geo.xy:
                return None
            x1, y1 = geo.xy[sid]
            r0, r1 = geo.row_of[start], geo.row_of[sid]
            pts = [geo.xy[start]]
            pts += [geo.xy[s] for r, s in geo.lanes[geo.lane_of[sid]] if r0 < r <= r1]
            if len(pts) < 2:
                return None
            path = "M" + " L".join(f"{x - x1:.1f} {y - y1:.1f}" for x, y in pts)
            return h(
                "animateMotion",
                {"dur": "0.4s", "path": path, "fill": "remove", "calcMode": "paced"},
            )
    return None


def _die(value: int | None, x: float, tumble: bool) -> Markup:
    """A die of the dice round, centred at (x, -135) in the infield."""
    return die_face(value, x - 32, -135 - 32, 64, classes("tm-die", tumble and "tumble"))


def _infield(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    parts: list[Markup] = []
    kind = t("tm_kind_card") if view["round_kind"] == "card" else t("tm_kind_dice")
    if view["round"]:
        parts.append(
            h(
                "text",
                {"class": "infield-title", "x": 0, "y": -205},
                t(
                    "tm_infield_round",
                    race=view["race"],
                    races=view["races"],
                    round=view["round"],
                    kind=kind,
                ),
            )
        )
    dice = view["dice"]
    if dice["d1"] is not None and view["round_kind"] == "dice":
        tumble = any(e["type"] == "dice_rolled" for e in ctx.fresh)
        parts.append(_die(dice["d1"], -45, tumble))
        parts.append(_die(dice["d2"], 45, tumble))
        if dice["pace"] is not None:
            parts.append(
                h(
                    "text",
                    {"class": "infield-text", "x": 0, "y": -55},
                    t("tm_pace_is", pace=dice["pace"]),
                )
            )
    if dice["roller"] is not None and view["round_kind"] == "dice":
        parts.append(
            h(
                "text",
                {"class": "infield-text small", "x": 0, "y": -12},
                t("tm_roller_is", name=ctx.players[dice["roller"]]),
            )
        )
    limits = ", ".join(
        t("tm_cap_entry", pos=k, limit=v) for k, v in sorted(view["handicap"].items())
    )
    parts.append(
        h(
            "text",
            {"class": "infield-text small", "x": 0, "y": 38},
            t("tm_handicap_line", limits=limits),
        )
    )
    finished = view["finish_order"]
    if finished:
        parts.append(h("text", {"class": "infield-text small", "x": 0, "y": 140}, t("tm_arrived")))
        step = 62
        x0 = -(len(finished) - 1) * step / 2
        for k, horse in enumerate(finished):
            seat = _horse(view, horse)["owner"]
            label = t(
                "tm_placed_long", place=k + 1, horse=horse_name(horse, seat, ctx.players, ctx.cat)
            )
            parts.append(
                h(
                    "g",
                    {
                        "class": f"tm-horse placed pc{seat}",
                        "transform": f"translate({x0 + k * step:.0f} 185)",
                        "role": "img",
                        "aria-label": label,
                    },
                    h("title", {}, label),
                    h("circle", {"r": TOKEN_R}),
                    h("text", {"y": 8}, str(horse)),
                    h("text", {"class": "place-no", "y": 48}, f"{k + 1}."),
                )
            )
    return h("g", {"class": "infield"}, parts)


def _legend(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    side = t(f"tm_side_{view['board']['side']}")
    return join(
        h("span", {}, side),
        h(
            "span",
            {"class": "key"},
            h("span", {"class": "swatch cap-key"}, "8"),
            " ",
            t("tm_legend_cap"),
        ),
        view["board"]["hurdle_rows"]
        and h(
            "span",
            {"class": "key"},
            h("span", {"class": "swatch hurdle-key"}),
            " ",
            t("tm_legend_hurdle"),
        ),
        h(
            "span",
            {"class": "key"},
            h("span", {"class": "swatch target-key"}),
            " ",
            t("tm_legend_target"),
        ),
    )


def horse_table(view: TurfMasterView, ctx: GameContext) -> Markup:
    """Every horse in movement order, with its public facts (a readable twin of the board)."""
    t = ctx.t
    order = list(view["order"]) or [i["horse"] for i in view["horses"]]
    rest = [i["horse"] for i in view["horses"] if i["horse"] not in order]
    rows = []
    for horse in order + rest:
        info = _horse(view, horse)
        seat = info["owner"]
        if info["status"] == "out":
            where = t("tm_fell_short")
        elif info["status"] == "finished":
            fo = view["finish_order"]
            where = t("tm_placed_short", place=fo.index(horse) + 1) if horse in fo else "—"
        else:
            where = square_name(info["square"], ctx.cat)
        last = info["discard"][-1] if info["discard"] else None
        rows.append(
            h(
                "tr",
                {"class": classes(horse == view["acting_horse"] and "acting")},
                h("td", {}, h("span", {"class": f"hnum pc{seat}"}, str(horse))),
                h("td", {"class": "who"}, ctx.players[seat]),
                h("td", {}, where),
                h(
                    "td",
                    {"class": "num"},
                    "—" if info["position"] is None else str(info["position"]),
                ),
                h("td", {"class": "num"}, "—" if info["limit"] is None else str(info["limit"])),
                h("td", {"class": "num"}, str(info["hand_count"])),
                h("td", {"class": "num"}, card_label(last, ctx.cat) if last else "—"),
                h("td", {}, t("tm_yes") if info["bonus_available"] else t("tm_no")),
            )
        )
    head = [
        t("tm_col_horse"),
        t("tm_col_rider"),
        t("tm_col_square"),
        t("tm_col_pos"),
        t("tm_col_limit"),
        t("tm_col_hand"),
        t("tm_col_last"),
        t("tm_col_bonus"),
    ]
    return h(
        "details",
        {"class": "tm-field"},
        h("summary", {}, t("tm_field_table")),
        h(
            "table",
            {},
            h("thead", {}, h("tr", {}, [h("th", {"scope": "col"}, x) for x in head])),
            h("tbody", {}, rows),
        ),
    )


# --- actions ----------------------------------------------------------------------------
def actions(view: TurfMasterView, ctx: GameContext) -> Markup:
    """Just the controls: at a card turn or selection the shell frames them with the
    rider's private panel (the acting horse's hand, :func:`private_panel`)."""
    phase = view["phase"]
    if phase in ("card", "blind"):
        return _card_turn(view, ctx)
    if phase == "select":
        return _selection(view, ctx)
    if phase == "pace":
        return _pace(view, ctx)
    if phase == "die":
        return _die_choice(view, ctx)
    if phase == "end":
        return _end_choice(view, ctx)
    return join()


def _card_turn(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    horse = view["acting_horse"]
    if horse is None:
        return join()
    info = _horse(view, horse)
    options = view["card_options"] or []
    picked = _selected_option(view, ctx)
    useless = set(info["useless"] or [])
    free_jokers = view["options"]["free_jokers"]
    first: dict[str, CardOption] = {}
    for opt in options:
        first.setdefault(opt["card"], opt)
    tiles = []
    for card, opt in first.items():
        key = f"{card}:{opt['value']}"
        on = picked is not None and picked["card"] == card
        joker = opt["joker"]
        free = joker and free_jokers
        mark = (
            (t("tm_joker_free") if free else t("tm_joker"))
            if joker
            else (t("tm_too_high") if card in useless else "")
        )
        label = t("tm_card_aria", card=card_label(card, ctx.cat), note=mark)
        tiles.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": classes(
                        "tm-card", joker and "joker", card in useless and "useless", on and "on"
                    ),
                    "data-act": "local",
                    "data-arg": "card",
                    "value": key,
                    "aria-pressed": "true" if on else "false",
                    "aria-label": label,
                    "title": label,
                    "data-testid": f"card-{horse}-{card}",
                },
                h(
                    "span",
                    {"class": "cv num"},
                    "J" if free else (card[1:] if joker else card.rstrip("abcd")),
                ),
                h("span", {"class": "cn"}, mark),
            )
        )
    bonus = join(
        action_button(
            ctx, {"type": "take_bonus", "horse": horse}, t("tm_take_bonus"), "take-bonus"
        ),
        action_button(
            ctx, {"type": "decline_bonus", "horse": horse}, t("tm_decline_bonus"), "decline-bonus"
        ),
    )
    detail: list[Markup | None] = []
    note_p: Markup | None = None
    if picked is not None:
        if picked["joker"] and free_jokers:
            values = [o for o in options if o["card"] == picked["card"]]
            detail.append(
                h(
                    "div",
                    {"class": "choices", "role": "group", "aria-label": t("tm_joker_value")},
                    t("tm_joker_value"),
                    [
                        h(
                            "button",
                            {
                                "type": "button",
                                "class": classes("small", o["value"] == picked["value"] and "on"),
                                "data-act": "local",
                                "data-arg": "card",
                                "value": f"{o['card']}:{o['value']}",
                                "aria-pressed": "true"
                                if o["value"] == picked["value"]
                                else "false",
                                "data-testid": f"joker-{o['value']}",
                            },
                            str(o["value"]),
                        )
                        for o in values
                    ],
                )
            )
        if picked["too_high"]:
            note = t("tm_note_too_high", value=picked["value"], limit=info["limit"])
        elif picked["cost"] == 0:
            note = t("tm_note_blocked", value=picked["value"])
        else:
            note = t(
                "tm_note_reach",
                value=picked["value"],
                cost=picked["cost"],
                n=len(picked["ends"]),
                squares=", ".join(square_name(e, ctx.cat) for e in picked["ends"]),
            )
        if view["phase"] == "blind":
            note += " " + t("tm_note_blind")
        note_p = h("p", {"class": "note", "aria-live": "polite"}, note)
        action: dict[str, object] = {"type": "play_card", "horse": horse, "card": picked["card"]}
        if picked["joker"] and free_jokers:
            action["value"] = picked["value"]
        key = "tm_play_blind" if view["phase"] == "blind" else "tm_play_card"
        detail.append(
            action_button(
                ctx,
                action,
                t(key, card=card_label(picked["card"], ctx.cat), value=picked["value"]),
                "play-card",
                "primary",
            )
        )
    prompt = (
        t("tm_pick_card_blind", horse=horse)
        if view["phase"] == "blind"
        else t(
            "tm_pick_card",
            horse=horse,
            limit=info["limit"] if info["limit"] is not None else t("tm_no_limit"),
        )
    )
    if not options:
        prompt = t("tm_empty_hand", horse=horse)
    return join(
        h("p", {"class": "tm-prompt"}, prompt),
        h(
            "div",
            {"class": "tm-turn"},
            tiles
            and h(
                "div",
                {"class": "tm-hand", "role": "group", "aria-label": t("tm_hand_of", horse=horse)},
                tiles,
            ),
            detail,
            bonus,
        ),
        note_p,
    )


def _selection(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    sel = view["selection"]
    if sel is None:
        return join()
    horse = sel["horse"]
    info = _horse(view, horse)
    buttons = [
        action_button(
            ctx,
            {"type": "set_aside", "horse": horse, "card": card},
            card_label(card, ctx.cat),
            f"aside-{horse}-{card}",
            classes("tm-card", card.startswith("J") and "joker"),
        )
        for card in info["hand"] or []
    ]
    return join(
        h("p", {}, t("tm_select_prompt", horse=horse, n=sel["to_set_aside"], keep=sel["keep"])),
        h(
            "div",
            {"class": "tm-hand", "role": "group", "aria-label": t("tm_hand_of", horse=horse)},
            buttons,
        ),
    )


def _pace(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    dice = view["dice"]
    buttons = []
    for choice in dice["pace_choices"]:
        v = choice["value"]
        text = t("tm_pace_sum", value=v) if choice["is_sum"] else t("tm_pace_die", value=v)
        if choice["over_limit"]:
            horses = ", ".join(str(hh) for hh in choice["over_limit"])
            text += " — " + t("tm_pace_over", horses=horses)
        buttons.append(action_button(ctx, {"type": "choose_pace", "value": v}, text, f"pace-{v}"))
    return join(
        h("p", {}, t("tm_choose_pace", d1=dice["d1"], d2=dice["d2"])),
        h("div", {"class": "choices", "role": "group"}, buttons),
    )


def _die_choice(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    horse = view["acting_horse"]
    if horse is None:
        return join()
    info = _horse(view, horse)
    buttons = [
        action_button(
            ctx,
            {"type": "choose_die", "horse": horse, "value": opt["value"]},
            t(
                "tm_die_option",
                value=opt["value"],
                squares=", ".join(square_name(e, ctx.cat) for e in opt["ends"]),
            ),
            f"die-{opt['value']}",
        )
        for opt in view["die_options"] or []
    ]
    return join(
        h("p", {}, t("tm_choose_die", horse=horse, pace=view["dice"]["pace"], limit=info["limit"])),
        h("div", {"class": "choices", "role": "group"}, buttons),
    )


def _end_choice(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    move = view["move"]
    if move is None:
        return join()
    falls = set(move["falls"])
    buttons = [
        action_button(
            ctx,
            {"type": "choose_end", "horse": move["horse"], "square": sid},
            t("tm_end_fall" if sid in falls else "tm_end_here", square=square_name(sid, ctx.cat)),
            f"end-{sid}",
            classes(sid in falls and "danger"),
        )
        for sid in move["ends"]
    ]
    lost = t("tm_lost", n=move["lost"]) if move["lost"] else ""
    return join(
        h(
            "p",
            {},
            t("tm_choose_end", horse=move["horse"], value=move["value"], cost=move["cost"]),
            " ",
            lost,
        ),
        h("div", {"class": "choices", "role": "group"}, buttons),
    )


# --- private panel --------------------------------------------------------------------
def _hand_list(info: HorseView, ctx: GameContext) -> Markup:
    t = ctx.t
    useless = set(info["useless"] or [])
    cards = [
        h(
            "span",
            {
                "class": classes(
                    "tm-card small", c.startswith("J") and "joker", c in useless and "useless"
                ),
                "title": t("tm_too_high")
                if c in useless
                else (t("tm_joker") if c.startswith("J") else None),
            },
            h(
                "span",
                {"class": "cv num"},
                card_label(c, ctx.cat) if not c.startswith("J") else c[1:],
            ),
            h(
                "span",
                {"class": "cn"},
                t("tm_joker") if c.startswith("J") else (t("tm_too_high") if c in useless else ""),
            ),
        )
        for c in info["hand"] or []
    ]
    return h("div", {"class": "tm-hand static"}, cards or t("tm_none"))


def private_panel(view: TurfMasterView, seat: int, ctx: GameContext) -> Markup:
    """The hands of the seat's horses; at its own card turn or selection only the acting
    horse's, so the controls beside it concern that one hand alone."""
    t = ctx.t
    only = view["acting_horse"] if view["private_turn"] else None
    blocks = []
    for info in view["horses"]:
        if info["owner"] != seat or (only is not None and info["horse"] != only):
            continue
        extra = []
        if info["bonus_available"]:
            extra.append(t("tm_bonus_left"))
        if info["set_aside"]:
            extra.append(
                t(
                    "tm_set_aside_list",
                    cards=", ".join(card_label(c, ctx.cat) for c in info["set_aside"]),
                )
            )
        if info["chosen_card"]:
            extra.append(t("tm_chosen_card", card=card_label(info["chosen_card"], ctx.cat)))
        blocks.append(
            h(
                "div",
                {"class": "tm-own"},
                h(
                    "h4",
                    {},
                    h("span", {"class": f"hnum pc{seat}"}, str(info["horse"])),
                    " ",
                    t("tm_hand_of", horse=info["horse"]),
                ),
                _hand_list(info, ctx),
                extra and h("p", {"class": "note"}, " · ".join(extra)),
            )
        )
    return join(*blocks)


# --- words ------------------------------------------------------------------------------
def describe(event: dict[str, Any], players: list[str], cat: Catalogue) -> str | None:
    t = cat.t
    kind = event["type"]
    seat = event.get("seat")
    who = seat_name(players, seat)
    horse = horse_name(event["horse"], seat, players, cat) if "horse" in event else ""
    if kind == "deck_shuffled":
        return t("tm_ev_deck", horse=horse, n=event["hand"])
    if kind == "start_box":
        return t("tm_ev_box", horse=horse, box=event["box"])
    if kind == "race_started":
        return t("tm_ev_race_started", race=event["race"])
    if kind == "round_started":
        order = ", ".join(str(x) for x in event["order"])
        key = "tm_ev_round_card" if event["kind"] == "card" else "tm_ev_round_dice"
        return t(key, round=event["round"], order=order)
    if kind == "dice_right":
        return t("tm_ev_dice_right", name=who)
    if kind == "dice_rolled":
        return t("tm_ev_rolled", name=who, d1=event["d1"], d2=event["d2"])
    if kind == "pace_chosen":
        return t("tm_ev_pace", name=who, value=event["value"])
    if kind == "die_chosen":
        key = "tm_ev_die_forced" if event.get("forced") else "tm_ev_die"
        return t(key, horse=horse, value=event["value"])
    if kind == "bonus_taken":
        return t("tm_ev_bonus", horse=horse)
    if kind == "bonus_declined":
        return t("tm_ev_bonus_declined", horse=horse)
    if kind == "card_chosen":
        return t("tm_ev_card_chosen", horse=horse)
    if kind == "cards_revealed":
        cards = "; ".join(
            t(
                "tm_ev_revealed_one",
                horse=horse_name(c["horse"], c["seat"], players, cat),
                card=card_label(c["card"], cat),
                value=c["value"],
            )
            for c in event["cards"]
        )
        return t("tm_ev_revealed", cards=cards or t("tm_none"))
    if kind == "card_played":
        if event["too_high"]:
            return t(
                "tm_ev_card_too_high",
                horse=horse,
                card=card_label(event["card"], cat),
                limit=event["limit"],
            )
        key = "tm_ev_joker_played" if event["joker"] else "tm_ev_card_played"
        return t(key, horse=horse, card=card_label(event["card"], cat), value=event["value"])
    if kind == "stood_still":
        reason = event.get("reason", "blocked")
        return t(f"tm_ev_still_{reason}", horse=horse, square=square_name(event.get("square"), cat))
    if kind == "moved":
        key = "tm_ev_moved_lost" if event["lost"] else "tm_ev_moved"
        return t(
            key,
            horse=horse,
            cost=event["cost"],
            square=square_name(event["to"], cat),
            lost=event["lost"],
        )
    if kind == "fell":
        return t("tm_ev_fell", horse=horse, square=square_name(event["square"], cat))
    if kind == "finished":
        key = "tm_ev_finished_cap" if event.get("safety_cap") else "tm_ev_finished"
        return t(key, horse=horse, place=event["place"])
    if kind == "race_over":
        won = [p for p in event["places"] if p["place"] == 1]
        if won:
            w = won[0]
            return t(
                "tm_ev_race_over",
                race=event["race"],
                horse=horse_name(w["horse"], w["seat"], players, cat),
            )
        return t("tm_ev_race_over_none", race=event["race"])
    if kind == "cards_drawn":
        return t("tm_ev_drawn", horse=horse, n=event["count"], hand=event["hand"])
    if kind == "card_set_aside":
        return t("tm_ev_set_aside", horse=horse)
    if kind == "selection_done":
        return t("tm_ev_selection_done", horse=horse)
    if kind == "game_over":
        best = max(event["totals"]) if event["totals"] else 0
        return t("tm_ev_game_over", points=best)
    return None


def rules_summary(cat: Catalogue) -> Markup:
    return rules_paragraphs(cat, "tm_rules_")


def results_detail(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    players = ctx.players
    races = []
    for r in view["results"]:
        rows = [
            h(
                "tr",
                {"class": f"pc{p['seat']}"},
                h("td", {}, f"{p['place']}."),
                h("td", {}, h("span", {"class": f"hnum pc{p['seat']}"}, str(p["horse"]))),
                h("td", {}, players[p["seat"]]),
                h("td", {"class": "num", "data-testid": "race-points"}, str(p["points"])),
            )
            for p in r["places"]
        ]
        rows += [
            h(
                "tr",
                {"class": "fell"},
                h("td", {}, t("tm_fell_short")),
                h("td", {}, h("span", {"class": f"hnum pc{e['seat']}"}, str(e["horse"]))),
                h("td", {}, players[e["seat"]]),
                h("td", {"class": "num"}, t("tm_fell_in_round", round=e["round"])),
            )
            for e in r["eliminated"]
        ]
        races.append(
            h(
                "section",
                {"class": "tm-race", "data-testid": f"race-{r['race']}"},
                h("h3", {}, t("tm_race_result", race=r["race"], rounds=r["rounds"])),
                h(
                    "table",
                    {"class": "tm-points"},
                    h(
                        "thead",
                        {},
                        h(
                            "tr",
                            {},
                            h("th", {"scope": "col"}, t("tm_col_place")),
                            h("th", {"scope": "col"}, t("tm_col_horse")),
                            h("th", {"scope": "col"}, t("tm_col_rider")),
                            h("th", {"scope": "col"}, t("tm_col_points")),
                        ),
                    ),
                    h("tbody", {}, rows),
                ),
            )
        )
    totals_rows = []
    if view["results"]:
        last = view["results"][-1]
        totals = last["totals"]
        for s in view["standings"]:
            won = last["points"][s]
            totals_rows.append(
                h(
                    "tr",
                    {"class": f"pc{s}"},
                    h(
                        "td",
                        {},
                        h(
                            "span",
                            {"class": f"token pc{s}", "aria-hidden": "true"},
                            initial(players[s]),
                        ),
                        " ",
                        players[s],
                    ),
                    h("td", {"class": "num"}, f"+{won}"),
                    h("td", {"class": "num", "data-testid": f"total-{s}"}, str(totals[s])),
                    h("td", {"class": "num"}, " / ".join(str(c) for c in view["place_counts"][s])),
                )
            )
    meeting = h(
        "section",
        {"class": "tm-race"},
        h("h3", {}, t("tm_meeting_total")),
        h(
            "table",
            {"class": "tm-points"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, t("tm_col_rider")),
                    h("th", {"scope": "col"}, t("tm_col_this_race")),
                    h("th", {"scope": "col"}, t("tm_col_total")),
                    h("th", {"scope": "col"}, t("tm_col_places")),
                ),
            ),
            h("tbody", {}, totals_rows),
        ),
        h("p", {"class": "note"}, t("tm_tiebreak_note")),
    )
    return h(
        "section", {"class": "race-results tm-results"}, h("h2", {}, t("tm_races")), races, meeting
    )
