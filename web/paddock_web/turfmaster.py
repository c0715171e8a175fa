"""TurfMaster's table: the stadium oval with its 8 lanes, hands, dice and race points.

The ~1,000 squares of a board side are drawn once per side as a few compact
``<path>`` elements (cached); each render only adds the horses, the highlighted
targets (real focusable SVG controls, offered only when legal) and the dice.
"""

from __future__ import annotations

import math
from typing import Any

from pygames.core.lens import Odds
from pygames.turfmaster.data import FINISH, SEGMENTS
from pygames.turfmaster.view import (
    BoardView,
    CardOption,
    HorseView,
    MoveView,
    Square,
    Tie,
    TurfMasterView,
    board_squares,
)

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .parts import action_button, die_icon
from .table import GameContext, numbered_texts, rules_paragraphs, seat_name, token_label

# Geometry of the layout in the view (data.py `_layout`): half length of the straights,
# inner rail radius and lane width, in layout units; drawn S times larger in SVG units
# (the same scale both ways, so a lane is LANE = 34.5 units wide everywhere).
HALF, RAIL, WIDTH = 0.5, 0.25, 0.03
S = 1150.0
SX = SY = S
OUTER = RAIL + 8 * WIDTH + 0.022  # the turf's outer edge
EXTENT_X, EXTENT_Y = (HALF + OUTER) * S + 12, OUTER * S + 12
FULL_VIEWBOX = f"{-EXTENT_X:.0f} {-EXTENT_Y:.0f} {2 * EXTENT_X:.0f} {2 * EXTENT_Y:.0f}"
TOKEN_R = 16
"""A horse token's radius: narrower than a lane, so horses side by side never overlap."""

PEEK_KEY = "tm_my_hand"  # the button that shows a player their own hand
KEPT_CHOICES: tuple[str, ...] = ()


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
        turf, infield = _stadium(OUTER), _stadium(RAIL - 0.012)
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
        # The mini-map: the same oval without its squares.
        self.mini = join(
            parts[0],
            h("path", {"class": "tm-band", "d": _stadium(RAIL + 8 * WIDTH)}),
            h("path", {"class": "tm-infield", "d": _stadium(RAIL)}),
            *parts[5:],
        )
        return join(*parts)


def _stadium(r: float) -> str:
    """The outline of a stadium: two straights joined by half circles of radius ``r``."""
    a, b = HALF * S, r * S
    arc = f"A{b:.1f},{b:.1f} 0 0 1"
    top = f"M{-a:.1f},{-b:.1f}L{a:.1f},{-b:.1f}{arc} {a:.1f},{b:.1f}"
    return f"{top}L{-a:.1f},{b:.1f}{arc} {-a:.1f},{-b:.1f}Z"


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


def ordinal(place: int, cat: Catalogue) -> str:
    """A place as the language writes it: "4th" / "4."."""
    return cat.t("tm_ordinal", n=place, suffix=cat.t(f"tm_ord_{min(place, 4)}"))


def a_card(value: int, text: str, cat: Catalogue) -> str:
    """A card with its article: "a 9", "an 8", "an 11" (German: "eine 9")."""
    an = str(value).startswith("8") or value in (11, 18)
    return cat.t("tm_card_an" if an else "tm_card_a", card=text)


def and_list(items: list[str], cat: Catalogue) -> str:
    """ "3, 1, 2 and 4" / "3, 1, 2 und 4"."""
    if len(items) < 2:
        return "".join(items)
    return cat.t("tm_and", first=", ".join(items[:-1]), last=items[-1])


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
            place = view["finish_order"].index(info["horse"]) + 1
            bits.append(t("tm_placed_short", place=ordinal(place, ctx.cat)))
        items.append(
            h(
                "li",
                {"class": classes(info["horse"] == view["acting_horse"] and "acting")},
                h("span", {"class": f"hnum pc{seat}"}, str(info["horse"])),
                " ",
                " · ".join(bits),
            )
        )
    return h(
        "ul",
        {"class": classes("tm-stable", len(items) == 1 and "one"), "aria-label": t("tm_stable")},
        items,
    )


def status_text(view: TurfMasterView, ctx: GameContext) -> str:
    t = ctx.t
    head = t("tm_race_short", race=view["race"], races=view["races"])
    phase = view["phase"]
    seat = view["current_player"]
    who = seat_name(ctx.players, seat)
    horse = view["acting_horse"]
    if phase in ("deal", "start_order", "over"):
        return head
    if phase == "select":
        return t("tm_status_select", race=head, name=who, horse=horse)
    rnd = t(
        "tm_round_card" if view["round_kind"] == "card" else "tm_round_dice", round=view["round"]
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
    """The part of the oval where the field is, drawn large (a camera that follows the
    pack), and under it the whole oval as a mini-map, the round and the running order."""
    geo = geometry(view["board"])
    frame = camera_frame(view, ctx, geo)
    return h(
        "div",
        {"class": "tm-board fit", "data-testid": "tm-board"},
        h("div", {"class": "tm-view"}, track(view, ctx, frame)),
        h(
            "div",
            {"class": "tm-under"},
            minimap(view, ctx, frame),
            h(
                "div",
                {"class": "tm-info"},
                round_line(view, ctx),
                running_order(view, ctx),
            ),
        ),
    )


# The camera: a window of FRAME_W × FRAME_H board units around the field. At that size a
# horse token (2 × TOKEN_R units) is at least 24 CSS px on a 360 px phone; on a laptop
# the stylesheet shows twice the width and height around the same centre (see
# turfmaster.css, ".tm-cam .zoom").
FRAME_W, FRAME_H = 450.0, 270.0
FRAME_PAD = TOKEN_R + 12


Point = tuple[float, float]
Frame = tuple[float, float, float, float]

# How much the camera cares about having each point in the window.
W_HORSE, W_DECIDER, W_END = 1, 100, 8


def _focus_squares(view: TurfMasterView, ctx: GameContext) -> tuple[list[str], list[str]]:
    """The end squares the viewer may click (the camera must show them), and the squares
    it should show if it can: the deciding horse and where its card or die would end."""
    targets: list[str] = []
    move = view["move"]
    if move is not None:
        targets = [
            e
            for e in move["ends"]
            if ctx.index_of({"type": "choose_end", "horse": move["horse"], "square": e}) is not None
        ]
    soft: list[str] = []
    picked = _selected_option(view, ctx)
    if picked is not None:
        soft += picked["ends"]
    for die in view["die_options"] or []:
        soft += die["ends"]
    if move is not None:
        soft += [e for e in move["ends"] if e not in targets]
    return targets, soft


def camera_frame(view: TurfMasterView, ctx: GameContext, geo: Geometry) -> Frame:
    """(x, y, width, height) of the camera window in board units.

    The window always holds the squares the viewer may click; otherwise it is placed
    to show what matters most: the deciding horse, where its card or die would take
    it, then as many horses of the field as it can, centred on what it shows. Before
    the start (nobody on the track) it shows the start boxes.
    """
    hw, hh = FRAME_W / 2 - FRAME_PAD, FRAME_H / 2 - FRAME_PAD
    targets, soft = _focus_squares(view, ctx)
    weighted: list[tuple[Point, int]] = [(geo.xy[s], W_END) for s in soft + targets if s in geo.xy]
    decider = view["acting_horse"] or view["next_horse"]
    for info in view["horses"]:
        if info["status"] == "track" and info["square"] in geo.xy:
            w = W_DECIDER if info["horse"] == decider else W_HORSE
            weighted.append((geo.xy[info["square"]], w))
    if not weighted:
        weighted = [(geo.xy[s], W_HORSE) for s in view["board"]["start_boxes"]]
    must = [geo.xy[s] for s in targets if s in geo.xy]

    def inside(c: Point, p: Point) -> bool:
        return abs(p[0] - c[0]) <= hw + 0.01 and abs(p[1] - c[1]) <= hh + 0.01

    pts = [p for p, _ in weighted]
    xs = {x + d for x, _ in pts for d in (-hw, 0.0, hw)}
    ys = {y + d for _, y in pts for d in (-hh, 0.0, hh)}
    if must:
        xs.add((min(x for x, _ in must) + max(x for x, _ in must)) / 2)
        ys.add((min(y for _, y in must) + max(y for _, y in must)) / 2)
    best: tuple[int, float, float, float] | None = None
    for cx in sorted(xs):
        for cy in sorted(ys):
            c = (cx, cy)
            if not all(inside(c, p) for p in must):
                continue
            seen = [(p, w) for p, w in weighted if inside(c, p)]
            if not seen:
                continue
            total = sum(w for _, w in seen)
            mx = sum(p[0] * w for p, w in seen) / total
            my = sum(p[1] * w for p, w in seen) / total
            # Centred on what it shows, but never so far that a shown point drops out.
            if not all(inside((mx, my), p) for p, _ in seen):
                mx, my = cx, cy
            key = (total, -math.hypot(cx - mx, cy - my), mx, my)
            if best is None or key[:2] > best[:2]:
                best = key
    k = 1.0
    if best is None:  # the squares to click are wider than the window: zoom out to them
        src = must or pts
        x0, x1 = min(x for x, _ in src), max(x for x, _ in src)
        y0, y1 = min(y for _, y in src), max(y for _, y in src)
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        edge = 2 * (TOKEN_R + 4)
        k = max(1.0, (x1 - x0 + edge) / FRAME_W, (y1 - y0 + edge) / FRAME_H)
    else:
        mx, my = best[2], best[3]
    fw, fh = FRAME_W * k, FRAME_H * k
    # No empty margins beyond the oval.
    mx = min(max(mx, -EXTENT_X + fw / 2), EXTENT_X - fw / 2)
    my = min(max(my, -EXTENT_Y + fh / 2), EXTENT_Y - fh / 2)
    return (mx - fw / 2, my - fh / 2, fw, fh)


def round_line(view: TurfMasterView, ctx: GameContext) -> Markup:
    """Race, round and (in a dice round) the dice and the pace, in one line."""
    t = ctx.t
    bits: list[Markup | str | None] = [
        h("span", {"class": "tm-race-no"}, t("tm_race_of", race=view["race"], races=view["races"]))
    ]
    if view["phase"] in ("select", "deal", "start_order"):
        bits.append(h("span", {}, t("tm_before_start")))
    elif view["round"]:
        kind = t("tm_kind_card") if view["round_kind"] == "card" else t("tm_kind_dice")
        bits.append(h("span", {}, t("tm_round_of", round=view["round"], kind=kind)))
    dice = view["dice"]
    if dice["d1"] is not None and dice["d2"] is not None and view["round_kind"] == "dice":
        tumble = (
            "tumble" if ctx.motion and any(e["type"] == "dice_rolled" for e in ctx.fresh) else ""
        )
        bits.append(
            h(
                "span",
                {"class": "tm-dice", "data-testid": "tm-dice"},
                die_icon(dice["d1"], t("tm_die_label", value=dice["d1"]), tumble),
                die_icon(dice["d2"], t("tm_die_label", value=dice["d2"]), tumble),
                dice["pace"] is not None
                and h("strong", {"class": "tm-pace"}, t("tm_pace_is", pace=dice["pace"])),
            )
        )
    return h("p", {"class": "tm-round"}, bits)


def running_order(view: TurfMasterView, ctx: GameContext) -> Markup | None:
    """The field in race order in large type, the top three with their handicap caps,
    horses already home first."""
    t = ctx.t
    finished = list(view["finish_order"])
    running = [i for i in view["horses"] if i["status"] == "track" and i["position"] is not None]
    if not finished and not running:
        return None
    caps = {hh: c["limit"] for c in view["caps"] for hh in c["horses"]}
    running.sort(key=lambda i: (i["position"], i["horse"]))
    moved = _fresh_horses(ctx)
    items = []
    for k, horse in enumerate(finished):
        seat = _horse(view, horse)["owner"]
        name = horse_name(horse, seat, ctx.players, ctx.cat)
        items.append(
            h(
                "li",
                {
                    "class": "done",
                    "title": t("tm_placed_long", place=ordinal(k + 1, ctx.cat), horse=name),
                },
                h("span", {"class": "rank"}, ordinal(k + 1, ctx.cat)),
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
                    "class": classes(
                        horse == view["acting_horse"] and "acting", horse in moved and "moved"
                    ),
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


def _fresh_horses(ctx: GameContext) -> set[int]:
    """Horses that moved (or fell, or finished) in the move just made."""
    return {
        int(e["horse"])
        for e in ctx.fresh
        if e["type"] in ("moved", "fell", "finished") and "horse" in e
    }


def track(view: TurfMasterView, ctx: GameContext, frame: Frame | None = None) -> Markup:
    """The camera: the whole oval is drawn, the viewBox frames the part around the field."""
    t = ctx.t
    geo = geometry(view["board"])
    if frame is None:
        frame = camera_frame(view, ctx, geo)
    players = ctx.players
    parts: list[Markup] = [geo.static]
    label_y = (RAIL - 0.02) * S
    parts.append(
        h(
            "text",
            {"class": "track-label", "x": f"{geo.finish_x:.1f}", "y": f"{label_y:.1f}"},
            t("tm_finish_line"),
        )
    )
    parts.append(
        h(
            "text",
            {"class": "track-label", "x": f"{geo.start_x:.1f}", "y": f"{label_y:.1f}"},
            t("tm_start_boxes"),
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
                h("path", {"d": "M-13,-13L13,13M13,-13L-13,13"}),
            )
        )
    # Preview of the selected card (own card turn): every square it can reach.
    # Zoomed out (only ever to frame squares to click): pieces grow to keep their size.
    k = frame[2] / FRAME_W
    opt = _selected_option(view, ctx)
    if opt is not None and opt["ends"]:
        parts.append(_rings([e for e in opt["ends"] if e in geo.xy], geo, "preview", k))
    # The end squares to choose from: real controls (only those the viewer may play).
    move = view["move"]
    targets = [] if move is None else _end_targets(move, geo, ctx, k)
    parts.extend(targets)
    for die in view["die_options"] or []:  # where each die would take the held-back horse
        parts.append(_rings([e for e in die["ends"] if e in geo.xy], geo, "preview other", k))
    if move and not targets:  # someone else chooses: show the candidates calmly
        parts.append(_rings([e for e in move["ends"] if e in geo.xy], geo, "preview other", k))
    parts.extend(_tokens(view, ctx, geo, k))
    x0, y0, w, hgt = frame
    return h(
        "svg",
        {
            "class": "tm-cam",
            "viewBox": f"0 0 {w:.0f} {hgt:.0f}",
            "role": "group",
            "aria-label": t("tm_track_label", name=t(f"tm_side_{view['board']['side']}")),
            "data-frame": f"{x0:.1f} {y0:.1f} {w:.0f} {hgt:.0f}",
        },
        h(
            "g",
            {"class": "zoom"},
            h(
                "g",
                # A laptop's wider window slides back onto the oval (a phone's stylesheet
                # turns this shift off: its window is the frame itself).
                {"class": "desk-shift", "transform": _desk_shift(frame)},
                h("g", {"transform": f"translate({-x0:.1f} {-y0:.1f})"}, parts),
            ),
        ),
    )


DESK = 2.0
"""A laptop shows DESK times the frame's width and height (turfmaster.css, ".zoom")."""


def desk_window(frame: Frame) -> Frame:
    """The part of the oval a laptop shows: DESK times the frame, around the same centre
    but kept on the oval (no empty margins), so it always holds the whole frame."""
    x0, y0, w, hgt = frame
    dw, dh = w * DESK, hgt * DESK
    cx = min(max(x0 + w / 2, -EXTENT_X + dw / 2), EXTENT_X - dw / 2)
    cy = min(max(y0 + hgt / 2, -EXTENT_Y + dh / 2), EXTENT_Y - dh / 2)
    return (cx - dw / 2, cy - dh / 2, dw, dh)


def _desk_shift(frame: Frame) -> str:
    x0, y0, w, hgt = frame
    dx0, dy0, dw, dh = desk_window(frame)
    dx = (x0 + w / 2) - (dx0 + dw / 2)
    dy = (y0 + hgt / 2) - (dy0 + dh / 2)
    return f"translate({dx:.1f} {dy:.1f})"


def _rings(sids: list[str], geo: Geometry, cls: str, k: float = 1.0) -> Markup:
    """Where a horse could end: the squares filled, each with a ring a token wide."""
    return h(
        "g",
        {"class": cls, "aria-hidden": "true"},
        h("path", {"class": "ends", "d": geo.path_of(sids)}),
        [
            h(
                "circle",
                {
                    "cx": f"{geo.xy[s][0]:.1f}",
                    "cy": f"{geo.xy[s][1]:.1f}",
                    "r": f"{TOKEN_R * k:.1f}",
                },
            )
            for s in sids
        ],
    )


def _tokens(view: TurfMasterView, ctx: GameContext, geo: Geometry, k: float = 1.0) -> list[Markup]:
    t = ctx.t
    caps = {hh: c["limit"] for c in view["caps"] for hh in c["horses"]}
    moved = _fresh_horses(ctx)
    tokens = []
    for info in view["horses"]:
        at = info["square"]
        if at is None or at not in geo.xy:
            continue
        x, y = geo.xy[at]
        horse, seat = info["horse"], info["owner"]
        name = horse_name(horse, seat, ctx.players, ctx.cat)
        label = t("tm_horse_at", horse=name, square=square_name(at, ctx.cat))
        if info["position"] is not None:
            label += " · " + t("tm_pos_long", pos=info["position"])
        cap = caps.get(horse)
        if cap is not None:
            label += " · " + t("tm_limit_long", limit=cap)
        if info["discard"]:
            label += " · " + t("tm_last_card", card=card_label(info["discard"][-1], ctx.cat))
        just = horse in moved
        tokens.append(
            h(
                "g",
                {
                    "class": classes(
                        "tm-horse",
                        f"pc{seat}",
                        horse == view["acting_horse"] and "acting",
                        just and "moved",
                    ),
                    "transform": f"translate({x:.1f} {y:.1f})"
                    + (f" scale({k:.3f})" if k > 1 else ""),
                    "role": "img",
                    "aria-label": label,
                    "data-horse": str(horse),
                },
                h("title", {}, label),
                just and h("circle", {"class": "halo", "r": TOKEN_R + 9}),
                h("circle", {"class": "body", "r": TOKEN_R}),
                h("text", {"y": 7.5}, str(horse)),
                cap is not None
                and h(
                    "g",
                    {"class": "cap", "transform": _cap_at(geo, at)},
                    h("rect", {"x": -10, "y": -9, "width": 20, "height": 17, "rx": 4}),
                    h("text", {"y": 4.5}, str(cap)),
                ),
                _slide(geo, horse, at, ctx, k) if ctx.motion else None,
            )
        )
    return tokens


def _end_targets(move: MoveView, geo: Geometry, ctx: GameContext, k: float = 1.0) -> list[Markup]:
    out = []
    for sid in move["ends"]:
        play = ctx.play_attrs({"type": "choose_end", "horse": move["horse"], "square": sid})
        if play is None:
            continue
        falls = sid in move["falls"]
        label = ctx.t("tm_end_fall" if falls else "tm_end_here", square=square_name(sid, ctx.cat))
        x, y = geo.xy[sid]
        out.append(
            h(
                "g",
                {
                    "class": classes("target", falls and "fall"),
                    "role": "button",
                    "tabindex": "0",
                    "aria-label": label,
                    **play,
                    "data-testid": f"sq-{sid}",
                },
                h("title", {}, label),
                h("path", {"class": "sq-fill", "d": f"M{geo.poly[sid]}Z"}),
                h(
                    "circle",
                    {
                        "class": "ring",
                        "cx": f"{x:.1f}",
                        "cy": f"{y:.1f}",
                        "r": f"{TOKEN_R * k:.1f}",
                    },
                ),
            )
        )
    return out


def _cap_at(geo: Geometry, sid: str) -> str:
    """The handicap cap sits just behind the horse (that square is always free, P12),
    short enough to leave the number of a horse two squares back in sight."""
    ux, uy = geo.back[sid]
    return f"translate({ux * 21:.1f} {uy * 21:.1f})"


def _slide(geo: Geometry, horse: int, sid: str, ctx: GameContext, k: float = 1.0) -> Markup | None:
    """SMIL motion along the destination lane from the square the horse just left (in
    the token's own units: a token drawn ``k`` times larger moves ``1/k`` as far)."""
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
            path = "M" + " L".join(f"{(x - x1) / k:.1f} {(y - y1) / k:.1f}" for x, y in pts)
            return h(
                "animateMotion",
                {"dur": "0.6s", "path": path, "fill": "remove", "calcMode": "paced"},
            )
    return None


def minimap(view: TurfMasterView, ctx: GameContext, frame: Frame) -> Markup:
    """The whole oval, small: every horse as a dot and the camera's window as a frame."""
    t = ctx.t
    geo = geometry(view["board"])
    dots = []
    for info in sorted(view["horses"], key=lambda i: i["horse"] == view["acting_horse"]):
        at = info["square"]
        if at is None or at not in geo.xy or info["status"] != "track":
            continue
        x, y = geo.xy[at]
        dots.append(
            h(
                "circle",
                {
                    "class": classes(
                        f"dot pc{info['owner']}", info["horse"] == view["acting_horse"] and "acting"
                    ),
                    "cx": f"{x:.0f}",
                    "cy": f"{y:.0f}",
                    "r": 44 if info["horse"] == view["acting_horse"] else 34,
                },
            )
        )
    ends: list[str] = []
    picked = _selected_option(view, ctx)
    if picked is not None:
        ends += picked["ends"]
    if view["move"] is not None:
        ends += view["move"]["ends"]
    marks = [
        h(
            "circle",
            {"class": "end", "cx": f"{geo.xy[e][0]:.0f}", "cy": f"{geo.xy[e][1]:.0f}", "r": 30},
        )
        for e in ends
        if e in geo.xy
    ]
    x0, y0, w, hgt = frame
    leader = next(
        (i for i in view["horses"] if i["position"] == 1 and i["status"] == "track"), None
    )
    label = t("tm_minimap_label")
    if leader is not None:
        label += " " + t(
            "tm_minimap_leader",
            horse=horse_name(leader["horse"], leader["owner"], ctx.players, ctx.cat),
        )
    return h(
        "svg",
        {
            "class": "tm-mini",
            "viewBox": FULL_VIEWBOX,
            "role": "img",
            "aria-label": label,
            "data-testid": "minimap",
        },
        geo.mini,
        marks,
        dots,
        [
            h(
                "rect",
                {
                    "class": f"frame {cls}",
                    "x": f"{fx:.0f}",
                    "y": f"{fy:.0f}",
                    "width": f"{fw:.0f}",
                    "height": f"{fh:.0f}",
                    "rx": 14,
                },
            )
            for cls, (fx, fy, fw, fh) in (("phone", frame), ("desk", desk_window(frame)))
        ],
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
    # Number cards of the same value play alike: one tile each, with how many there are.
    first: dict[str, CardOption] = {}
    same: dict[str, list[str]] = {}
    for opt in options:
        group = opt["card"] if opt["joker"] else opt["card"].rstrip("abcd")
        if group not in first:
            first[group] = opt
        if opt["card"] not in same.setdefault(group, []):
            same[group].append(opt["card"])
    tiles = []
    for group, opt in first.items():
        card = opt["card"]
        key = f"{card}:{opt['value']}"
        n = len(same[group])
        on = picked is not None and picked["card"] in same[group]
        joker = opt["joker"]
        free = joker and free_jokers
        mark = (
            (t("tm_joker_free") if free else t("tm_joker"))
            if joker
            else (t("tm_too_high") if card in useless else "")
        )
        label = t("tm_card_aria", card=card_label(card, ctx.cat), note=mark)
        if n > 1:
            label += " " + t("tm_card_count", n=n)
        # The name is what the tile shows ("9 ×2 too high"), after a word only a screen
        # reader says; the id keeps the focus on this card when it is drawn again.
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
                    "title": label,
                    "id": f"tm-card-{horse}-{card}",
                    "data-testid": f"card-{horse}-{card}",
                },
                h("span", {"class": "sr-only"}, t("tm_card_word") + " "),
                h(
                    "span",
                    {"class": "cv num"},
                    "J" if free else (card[1:] if joker else card.rstrip("abcd")),
                    n > 1 and h("small", {"class": "count"}, f"×{n}"),
                ),
                " ",
                h("span", {"class": classes("cn", card in useless and "sr-only")}, mark),
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
        where: Markup | None = None
        quiet = False  # where the card goes is drawn on the track; only warnings are shown
        if picked["too_high"]:
            note = t("tm_note_too_high", value=picked["value"], limit=info["limit"])
        elif picked["cost"] == 0:
            note = t("tm_note_blocked", value=picked["value"])
        else:
            note = t("tm_note_reach", cost=picked["cost"], n=len(picked["ends"]))
            quiet = view["phase"] != "blind"
            where = h(
                "span",
                {"class": "sr-only"},
                " " + ", ".join(square_name(e, ctx.cat) for e in picked["ends"]) + ".",
            )
        if view["phase"] == "blind":
            note += " " + t("tm_note_blind")
        note_p = h(
            "p", {"class": classes("note", quiet and "sr-only"), "aria-live": "polite"}, note, where
        )
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
                **{"data-focus": True},
            )
        )
    prompt = (
        t("tm_pick_card_blind", horse=horse)
        if view["phase"] == "blind"
        else t("tm_pick_card", horse=horse, limit=info["limit"])
        if info["limit"] is not None
        else t("tm_pick_card_free", horse=horse)
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
    groups: dict[str, list[str]] = {}
    for card in info["hand"] or []:
        groups.setdefault(card if card.startswith("J") else card.rstrip("abcd"), []).append(card)
    buttons = []
    for cards in groups.values():
        card = cards[0]
        joker = card.startswith("J")
        buttons.append(
            action_button(
                ctx,
                {"type": "set_aside", "horse": horse, "card": card},
                join(
                    h("span", {"class": "sr-only"}, t("tm_card_word") + " "),
                    h(
                        "span",
                        {"class": "cv num"},
                        card[1:] if joker else card.rstrip("abcd"),
                        len(cards) > 1 and h("small", {"class": "count"}, f"×{len(cards)}"),
                    ),
                    " ",
                    h("span", {"class": "cn"}, t("tm_joker") if joker else ""),
                ),
                f"aside-{horse}-{card}",
                classes("tm-card", joker and "joker"),
                id=f"tm-aside-{horse}-{card}",
            )
        )
    return join(
        h(
            "p",
            {"class": "tm-prompt"},
            t("tm_select_prompt", horse=horse, n=sel["to_set_aside"], keep=sel["keep"]),
        ),
        h(
            "div",
            {"class": "tm-hand", "role": "group", "aria-label": t("tm_hand_of", horse=horse)},
            buttons,
        ),
    )


def _choice(value: int, *lines: str) -> Markup:
    """A choice button's face: the number large, a word or two under it."""
    return join(
        h("span", {"class": "cv num"}, str(value)),
        " ",
        *[h("span", {"class": "cl"}, line) for line in lines if line],
    )


def _pace(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    dice = view["dice"]
    buttons: list[Markup | None] = []
    for choice in dice["pace_choices"]:
        v = choice["value"]
        over = ""
        if choice["over_limit"]:
            over = t(
                "tm_pace_over", horses=and_list([str(x) for x in choice["over_limit"]], ctx.cat)
            )
        face = _choice(v, t("tm_pace_sum") if choice["is_sum"] else t("tm_pace_die"), over)
        focus = {"data-focus": True} if not buttons else {}
        buttons.append(
            action_button(
                ctx,
                {"type": "choose_pace", "value": v},
                face,
                f"pace-{v}",
                "tm-choice",
                **focus,
            )
        )
    return join(
        h("p", {"class": "tm-prompt"}, t("tm_choose_pace", d1=dice["d1"], d2=dice["d2"])),
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
            _choice(opt["value"], t("tm_die_word"), t("tm_moves_n", n=opt["cost"])),
            f"die-{opt['value']}",
            "tm-choice",
            **({"data-focus": True} if k == 0 else {}),
        )
        for k, opt in enumerate(view["die_options"] or [])
    ]
    return join(
        h(
            "p",
            {"class": "tm-prompt"},
            t("tm_choose_die", horse=horse, pace=view["dice"]["pace"], limit=info["limit"]),
        ),
        h("div", {"class": "choices", "role": "group"}, buttons),
    )


def _end_choice(view: TurfMasterView, ctx: GameContext) -> Markup:
    t = ctx.t
    move = view["move"]
    if move is None:
        return join()
    falls = set(move["falls"])
    rows = {sid.split("-")[1] for sid in move["ends"]}
    one_row = len(rows) == 1  # then the lane alone names the square
    buttons = []
    for k, sid in enumerate(move["ends"]):
        lane, row = sid.split("-")
        if one_row:
            face: Markup | str = t("tm_end_lane_fall" if sid in falls else "tm_end_lane", lane=lane)
        else:  # two short lines: many squares still fit the side column
            face = join(
                h("span", {"class": "cl"}, t("tm_end_lane", lane=lane)),
                " ",
                h(
                    "span",
                    {"class": "cl"},
                    t("tm_end_row_fall" if sid in falls else "tm_end_row", row=row),
                ),
            )
        buttons.append(
            action_button(
                ctx,
                {"type": "choose_end", "horse": move["horse"], "square": sid},
                face,
                f"end-{sid}",
                classes("tm-end", not one_row and "tm-choice", sid in falls and "danger"),
                **({"data-focus": True} if k == 0 else {}),
            )
        )
    prompt = t(
        "tm_choose_end_row" if one_row else "tm_choose_end", cost=move["cost"], row=min(rows)
    )
    lost = t("tm_lost", n=move["lost"]) if move["lost"] else ""
    return join(
        h("p", {"class": "tm-prompt"}, prompt, " ", lost),
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
    """The hands of the seat's horses. At its own card turn or selection the hand is the
    row of card buttons beside it (:func:`actions`), so only that horse's notes are here."""
    t = ctx.t
    only = view["acting_horse"] if view["private_turn"] else None
    blocks = []
    for info in view["horses"]:
        if info["owner"] != seat or (only is not None and info["horse"] != only):
            continue
        extra = []
        if info["bonus_available"] and only is None:  # at its turn: the button says it
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
        if only is not None:
            blocks.append(extra and h("p", {"class": "note"}, " · ".join(extra)))
            continue
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
    """A line of race commentary for an engine event (None: folded into another line)."""
    t = cat.t
    kind = event["type"]
    seat = event.get("seat")
    who = seat_name(players, seat)
    horse = horse_name(event["horse"], seat, players, cat) if "horse" in event else ""
    if kind in ("deck_shuffled", "start_box"):
        return None  # told together by "race_started": the boxes, in one line
    if kind == "race_started":
        boxes = and_list([str(x) for x in event["boxes"]], cat)
        return t("tm_ev_race_started", race=event["race"], boxes=boxes, n=len(event["boxes"]))
    if kind == "round_started":
        order = and_list([str(x) for x in event["order"]], cat)
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
        if event["joker"]:
            return t("tm_ev_joker_played", horse=horse, value=event["value"])
        card = a_card(event["value"], card_label(event["card"], cat), cat)
        if event["too_high"]:
            return t("tm_ev_card_too_high", horse=horse, card=card, limit=event["limit"])
        return t("tm_ev_card_played", horse=horse, card=card)
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
        return t(key, horse=horse, place=ordinal(event["place"], cat))
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
        totals = list(event["totals"])
        ranks = list(event.get("ranking") or [])
        best = max(totals) if totals else 0
        winners = [seat_name(players, s) for s, r in enumerate(ranks) if r == 1]
        if not winners:
            return t("tm_ev_game_over", points=best)
        key = "tm_ev_game_won" if len(winners) == 1 else "tm_ev_game_shared"
        return t(key, names=and_list(winners, cat), points=best)
    return None


def rules_summary(cat: Catalogue) -> Markup:
    return rules_paragraphs(cat, "tm_rules_")


def tie_line(tie: Tie, ctx: GameContext) -> str:
    """Riders level on points at the end, and what settled their order (the engine's
    reading of the chain, §4.2)."""
    t, cat = ctx.cat.t, ctx.cat
    names = and_list([ctx.players[s] for s in tie["seats"]], cat)
    ahead = and_list([ctx.players[s] for s in tie["ahead"]], cat)
    if tie["decided_by"] == "place":
        place = ordinal(tie["at"], cat)
        return t("tm_tie_place", names=names, points=tie["points"], ahead=ahead, place=place)
    if tie["decided_by"] == "race":
        return t("tm_tie_race", names=names, points=tie["points"], ahead=ahead, race=tie["at"])
    return t("tm_tie_shared", names=names, points=tie["points"])


def results_detail(view: TurfMasterView, ctx: GameContext) -> Markup:
    """The race card (``view["results"]`` holds the race just run) or, at the end, every
    race: the finishing order with race points, falls, then the meeting standings after
    it with the tie-break order, each total drawn as a bar."""
    t = ctx.t
    players = ctx.players
    results = view["results"]
    if not results:
        return join()
    races = []
    for r in results:
        items = [
            h(
                "li",
                {"class": classes(f"pc{p['seat']}", p["points"] > 0 and "podium")},
                h("span", {"class": "place"}, ordinal(p["place"], ctx.cat)),
                h("span", {"class": f"hnum pc{p['seat']}"}, str(p["horse"])),
                h("bdi", {"class": "who"}, seat_name(players, p["seat"])),
                h(
                    "span",
                    {"class": "pts", "data-testid": "race-points"},
                    t("tm_plus_points", n=p["points"]) if p["points"] else "–",
                ),
            )
            for p in r["places"]
        ]
        items += [
            h(
                "li",
                {"class": "fell"},
                h("span", {"class": "place"}, t("tm_fell_short")),
                h("span", {"class": f"hnum pc{e['seat']}"}, str(e["horse"])),
                h("bdi", {"class": "who"}, seat_name(players, e["seat"])),
                h("span", {"class": "pts"}, t("tm_fell_in_round", round=e["round"])),
            )
            for e in r["eliminated"]
        ]
        races.append(
            h(
                "section",
                {"class": "tm-race", "data-testid": f"race-{r['race']}"},
                h(
                    "h3",
                    {},
                    t(
                        "tm_race_result" if len(results) > 1 else "tm_finish_result",
                        race=r["race"],
                        rounds=r["rounds"],
                    ),
                ),
                h("ol", {"class": "tm-finish", "aria-label": t("tm_finish_order")}, items),
            )
        )
    last = results[-1]
    totals = last["totals"]
    best = max(totals) or 1
    rows = []
    for k, s_ in enumerate(view["standings"]):
        won = last["points"][s_]
        rows.append(
            h(
                "tr",
                {"class": f"pc{s_}"},
                h("td", {"class": "num"}, f"{k + 1}."),
                h(
                    "td",
                    {},
                    h(
                        "span",
                        {"class": f"token small pc{s_}", "aria-hidden": "true"},
                        token_label(players, s_),
                    ),
                    " ",
                    h("bdi", {}, players[s_]),
                ),
                h(
                    "td",
                    {"class": classes("num", won > 0 and "gain")},
                    t("tm_plus_points", n=won) if won else "–",
                ),
                h(
                    "td",
                    {"class": "num total"},
                    h(
                        "div",
                        {"class": "total-bar"},
                        h(
                            "svg",
                            {
                                "class": "bar",
                                "viewBox": "0 0 100 10",
                                "preserveAspectRatio": "none",
                                "aria-hidden": "true",
                            },
                            h(
                                "rect",
                                {
                                    "class": f"pc{s_}",
                                    "width": f"{100 * totals[s_] / best:.1f}",
                                    "height": 10,
                                },
                            ),
                        ),
                        h("span", {"data-testid": f"total-{s_}"}, str(totals[s_])),
                    ),
                ),
                h(
                    "td",
                    {"class": "num places"},
                    " / ".join(str(c) for c in view["place_counts"][s_]),
                ),
            )
        )
    several = len(results) > 1
    standings = h(
        "section",
        {"class": "tm-race tm-standings"},
        h(
            "h3",
            {},
            t("tm_meeting_total")
            if several or view["ranking"]
            else t("tm_standings_after", race=last["race"]),
        ),
        h(
            "table",
            {"class": "tm-points"},
            h(
                "thead",
                {},
                h(
                    "tr",
                    {},
                    h("th", {"scope": "col"}, h("span", {"class": "sr-only"}, t("tm_col_rank"))),
                    h("th", {"scope": "col"}, t("tm_col_rider")),
                    h("th", {"scope": "col"}, t("tm_col_race_n", race=last["race"])),
                    h("th", {"scope": "col", "class": "num"}, t("tm_col_total")),
                    h("th", {"scope": "col", "class": "places"}, t("tm_col_places")),
                ),
            ),
            h("tbody", {}, rows),
        ),
        h("p", {"class": "note"}, t("tm_tiebreak_note")),
        [
            h("p", {"class": "note tm-tie", "data-testid": "tm-tie"}, tie_line(tie, ctx))
            for tie in view["ties"]
        ],
    )
    next_race = None
    if not several and view["ranking"] is None and last["race"] < view["races"]:
        boxes = and_list([str(x) for x in last["boxes"]], ctx.cat)
        next_race = h(
            "p", {"class": "note"}, t("tm_next_boxes", race=last["race"] + 1, boxes=boxes)
        )
    return h(
        "section",
        {"class": "race-results tm-results"},
        several and h("h2", {}, t("tm_races")),
        h("div", {"class": classes("tm-races", several and "several")}, races),
        standings,
        next_race,
    )


# --- the home page and the first turns ------------------------------------------------
def thumbnail(cat: Catalogue) -> Markup:
    """The flat track's oval with its eight lanes and a field coming to the finish line,
    drawn from the board's segment table (no squares need building for it)."""
    rows = [r for name in ("home_straight", "run_out", "start_straight") for r in _seg_rows(name)]
    finish_x = (-HALF + 2 * HALF * rows.index(FINISH["A"]) / len(rows)) * S
    lanes = [h("path", {"class": "lane", "d": _stadium(RAIL + k * WIDTH)}) for k in range(1, 8)]
    field = []
    for k, (row, lane) in enumerate(((122, 2), (121, 4), (119, 1), (117, 3), (114, 6))):
        x = (-HALF + 2 * HALF * (rows.index(row) + 0.5) / len(rows)) * S
        y = (RAIL + (lane - 0.5) * WIDTH) * S
        field.append(h("circle", {"class": f"pc{k}", "cx": f"{x:.0f}", "cy": f"{y:.0f}", "r": 30}))
    return h(
        "svg",
        {
            "class": "thumb tm-thumb",
            "viewBox": FULL_VIEWBOX,
            "role": "img",
            "aria-label": cat.t("tm_thumb_label"),
        },
        h("path", {"class": "tm-turf", "d": _stadium(OUTER)}),
        h("path", {"class": "tm-band", "d": _stadium(RAIL + 8 * WIDTH)}),
        lanes,
        h("path", {"class": "tm-infield", "d": _stadium(RAIL)}),
        h(
            "line",
            {
                "class": "finish-line",
                "x1": f"{finish_x:.0f}",
                "y1": f"{RAIL * S:.0f}",
                "x2": f"{finish_x:.0f}",
                "y2": f"{(RAIL + 8 * WIDTH) * S:.0f}",
            },
        ),
        h("g", {"class": "field"}, field),
    )


def _seg_rows(name: str) -> range:
    seg = next(s for s in SEGMENTS["A"] if s[0] == name)
    return range(seg[1], seg[2] + 1)


def how_to_play(cat: Catalogue) -> list[str]:
    """The home card's "How to play": the catalogue's tm_how_1, tm_how_2, … in order."""
    return numbered_texts(cat, "tm_how_")


def seat_class(view: TurfMasterView, seat: int) -> str:
    """Seats wear their palette colour in this game (no colour of its own)."""
    return ""


def first_turn_tip(view: TurfMasterView, ctx: GameContext) -> str | None:
    """What the decision on screen is about, in one sentence (for a player's first turns)."""
    key = {
        "card": "tm_tip_card",
        "blind": "tm_tip_blind",
        "pace": "tm_tip_pace",
        "die": "tm_tip_die",
        "end": "tm_tip_end",
        "select": "tm_tip_select",
    }.get(view["phase"])
    return ctx.t(key) if key else None


def meta(cat: Catalogue) -> str:
    return cat.t("tm_meta")


def lens_horse(view: TurfMasterView, horse: str, cat: Catalogue) -> str:
    owner = next((h["owner"] for h in view["horses"] if h["horse"] == int(horse)), None)
    return horse_name(int(horse), owner, view["players"], cat)


def card_words(view: TurfMasterView, card: str, cat: Catalogue) -> str:
    return card_label(card, cat)  # cards of one value are alike: "3", not "3b"


def lens_chart(view: TurfMasterView, odds: Odds, cat: Catalogue) -> Markup | None:
    return None  # the shared panel says all the lens knows here
