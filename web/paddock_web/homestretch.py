"""Homestretch's table: eleven lanes with their betting cells, the race card, the finishing
circles and dice, the draft and the market."""

from __future__ import annotations

from typing import Any

from pygames.core import Action
from pygames.core.lens import Odds
from pygames.core.view import FinalResults
from pygames.homestretch.data import (
    CARD_HORSE,
    FINISH,
    GROUP,
    HORSE_NAMES,
    HORSES,
    MARKER_VALUE,
    ROWS,
    SQUARES,
)
from pygames.homestretch.view import BoardCell, Card, HomestretchView, Purchase, RaceResult

from .html import Child, Markup, classes, h, join
from .i18n import Catalogue
from .lens_bets import bet_grid, priced
from .lens_numbers import number
from .parts import action_button, die_face
from .table import (
    GameContext,
    initial,
    numbered_texts,
    rules_paragraphs,
    seat_name,
    token_label,
)

Event = dict[str, Any]
MARKER_ORDER = ("3", "2a", "2b", "1a", "1b")  # the bet-turn's default pick: biggest first
HCAP_CLASS = {"X": "hc-x", "+2": "hc-2", "+4": "hc-4", "+6": "hc-6"}
GROUP_KEYS = {"long shot": "long", "middle": "middle", "favourite": "fav"}

PEEK_KEY = "hs_my_secrets"  # the button that shows a player their own secrets
KEPT_CHOICES: tuple[str, ...] = ()


# --- small helpers ---------------------------------------------------------------------
def money(cat: Catalogue, amount: int | float) -> str:
    """Homestretch money is in thousands of dollars: 50 -> "$50k"; nothing is "$0"."""
    value = int(amount)
    if value == 0:
        return "$0"
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


def _token(seat: int, ctx: GameContext, colours: list[str]) -> Markup:
    """A player's token in their Homestretch colour, with their initial (and seat
    number where two names share it: "Player 1" and "Player 2" are P1 and P2)."""
    return h(
        "span",
        {"class": f"token small hs-c-{colours[seat]}", "aria-hidden": "true"},
        token_label(ctx.players, seat),
    )


def _marker_chip(
    seat: int,
    colour: str,
    value: int | None,
    ctx: GameContext,
    *,
    marker: str = "",
    owner: bool = True,
) -> Markup:
    """A bet marker in HTML (private panel, results card): the owner's colour and
    initial, and its value once the viewer may see it. ``owner=False``: the value alone
    (a player's own markers to lay: beside it an initial reads as a player's token)."""
    name = ctx.players[seat]
    label = (
        ctx.t("hs_marker_hidden", name=name)
        if value is None
        else ctx.t("hs_marker_label", name=name, value=value)
    )
    return h(
        "span",
        {
            "class": classes("chip", "hs-marker", f"hs-c-{colour}", value is None and "face-down"),
            "title": label,
            "aria-label": label,
            "role": "img",
            "data-marker-seat": str(seat),
            "data-value": None if value is None else str(value),
            "data-marker": marker or None,
        },
        owner and h("span", {"class": "chip-initial", "aria-hidden": "true"}, initial(name)),
        h("span", {"class": "chip-value", "aria-hidden": "true"}, "?" if value is None else value),
    )


def _share_badge(card: str, *, secret: bool = False) -> Markup:
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
def action_words(action: Action, view: HomestretchView, ctx: GameContext) -> str | None:
    """A move choice as its button says it ("Run 8, end turn"), for the advice too; None
    for any other action (the advice words those itself)."""
    moves = view["turn"]["moves"]
    dice = view["turn"]["dice"]
    if action.get("type") != "move_choice" or moves is None or dice is None:
        return None
    if action["choice"] == "TWO":
        return ctx.t("hs_move_two", horse=dice["sum"], n=moves["two"])
    return ctx.t("hs_move_one", horse=dice["sum"], n=moves["one_and_reroll"])


def score_text(view: HomestretchView, seat: int, ctx: GameContext) -> str:
    return money(ctx.cat, view["seats"][seat]["money"])


def player_extra(view: HomestretchView, seat: int, ctx: GameContext) -> Markup:
    """One line under the name: the seat's colour (it also breaks ties, P2), then the
    draft's progress, or the shares owned and this race's marker limit."""
    t = ctx.t
    info = view["seats"][seat]
    phase = view["phase"]
    colour = info["colour"]
    bits: list[Child] = [
        h("span", {"class": f"hs-colour hs-c-{colour}"}, t(f"homestretch_opt_colours_{colour}"))
    ]
    if phase in ("deal", "draft", "ghost"):
        bits += [
            " · ",
            t("hs_hand_kept", hand=info["hand_size"], kept=info["kept_count"]),
            info["picked"] and h("span", {"class": "done-mark"}, " ✓"),
        ]
    else:
        bits.append(" · ")
        bits.append(
            h(
                "span",
                {
                    "class": "hs-shares",
                    "role": "img",
                    "aria-label": t(
                        "hs_shares_of",
                        name=ctx.players[seat],
                        horses=" ".join(str(card_horse(c)) for c in info["shares"]) or t("hs_none"),
                    ),
                },
                [_share_badge(c) for c in info["shares"]],
            )
            if info["shares"]
            else t("hs_no_shares")
        )
        if phase == "betting" and info["bets_submitted"]:
            bits.append(h("span", {"class": "done-mark", "title": t("hs_bets_done")}, " ✓"))
    return h("span", {"class": "hs-extra", "data-colour": colour}, bits)


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


# --- the home page and first decisions ------------------------------------------------------
THUMB_W, THUMB_H = 240, 130


def thumbnail(cat: Catalogue) -> Markup:
    """The home card's picture: the eleven lanes with the horses spread as the dice
    favour them (7 leads, 2 and 12 trail), and the finish line."""
    lane = (THUMB_H - 8) / len(HORSES)
    x0, x1 = 22.0, THUMB_W - 22.0
    step = (x1 - x0) / (FINISH + 1)
    parts: list[Markup] = [
        h("rect", {"x": 0, "y": 0, "width": THUMB_W, "height": THUMB_H, "rx": 10, "class": "turf"})
    ]
    for i, horse in enumerate(HORSES):
        y = 4 + i * lane
        ways = 6 - abs(7 - horse)  # the number of dice throws that roll this horse
        parts.append(
            h(
                "rect",
                {
                    "x": 4,
                    "y": f"{y + 1:.1f}",
                    "width": THUMB_W - 8,
                    "height": f"{lane - 2:.1f}",
                    "rx": 3,
                    "class": classes("lane", horse % 2 == 1 and "odd"),
                },
            )
        )
        cx = x0 + step * (0.5 + min(ways * 1.5, SQUARES))
        parts.append(
            h(
                "circle",
                {
                    "cx": f"{cx:.1f}",
                    "cy": f"{y + lane / 2:.1f}",
                    "r": f"{lane / 2 - 1:.1f}",
                    "class": classes("runner", horse == 7 and "lead"),
                },
            )
        )
    fx = x0 + step * (SQUARES + 1)
    parts.append(
        h(
            "line",
            {
                "x1": f"{fx:.1f}",
                "y1": 3,
                "x2": f"{fx:.1f}",
                "y2": THUMB_H - 3,
                "class": "finish-line",
            },
        )
    )
    return h(
        "svg",
        {
            "class": "hs-thumb",
            "viewBox": f"0 0 {THUMB_W} {THUMB_H}",
            "role": "img",
            "aria-label": cat.t("hs_thumb_label"),
        },
        parts,
    )


def how_to_play(cat: Catalogue) -> list[str]:
    """The home card's "How to play": the catalogue's hs_how_1, hs_how_2, … in order."""
    return numbered_texts(cat, "hs_how_")


def meta(cat: Catalogue) -> str:
    return cat.t("hs_meta")


TIP_KEYS: dict[str, str] = {
    "draft_pick": "hs_tip_draft",
    "bet_order_claim": "hs_tip_claim",
    "place_bets": "hs_tip_bets",
    "move_choice": "hs_tip_move",
    "reroll_or_stop": "hs_tip_reroll",
    "bonus_target": "hs_tip_bonus",
    "buy_action": "hs_tip_buy",
}


def seat_class(view: HomestretchView, seat: int) -> str:
    """The class that paints a seat in the colour it plays (for the shell's strip,
    curtain, private frame and standings, once it asks: see homestretch.css)."""
    return f"hs-c-{view['colours'][seat]}"


def first_turn_tip(view: HomestretchView, ctx: GameContext) -> str | None:
    """One sentence on the decision on screen (the engine names it), or None."""
    decision = view["decision"]
    return ctx.t(TIP_KEYS[decision]) if decision in TIP_KEYS else None


# --- the board ---------------------------------------------------------------------------
# One composition that fits the board area: a band (race card, finishing circles and
# dice, what this phase is about) over one SVG with the eleven lanes and, at each lane's
# end, its three betting cells, so the race and the bets on it are read in one look.

# Track geometry (SVG user units): one row per horse, columns left to right.
TOP = 30  # the column labels
LANE = 44
NUM_W = 40  # the lane number
OWN_X0 = NUM_W  # the horse's shareholders
OWN_W = 50
HC_X0 = OWN_X0 + OWN_W  # the handicap slot, "behind the start"
HC_W = 40
START_X0 = HC_X0 + HC_W
START_W = 44
SQ_X0 = START_X0 + START_W
SQ_W = 38
FINISH_X0 = SQ_X0 + 9 * SQ_W
FINISH_W = 46
TRACK_END = FINISH_X0 + FINISH_W
BET_X0 = TRACK_END + 8  # the betting cells: WIN, PLACE, SHOW
CELL_W = 74
RATE_W = 26  # the cell's rate, left of its markers
CHIP = 14  # a bet marker in a cell
CHIPS_PER_ROW = 3
CHIP_SLOTS = 6
WIDTH = BET_X0 + 3 * CELL_W + 2
HEIGHT = TOP + 11 * LANE + 4
RUNNER_R = 17


BETWEEN_RACES = ("deal", "draft", "ghost", "display", "buying", "blind")


def board(view: HomestretchView, ctx: GameContext) -> Markup:
    return h(
        "div",
        {"class": f"hs-board fit phase-{view['phase']}", "data-testid": "hs-board"},
        h(
            "div",
            {"class": "hs-band"},
            # The draft and the market come before a race card is turned: only their panel.
            view["phase"] not in BETWEEN_RACES and race_card(view, ctx),
            view["phase"] not in BETWEEN_RACES and finish_and_dice(view, ctx),
            phase_panel(view, ctx),
        ),
        track(view, ctx),
    )


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
    """Where the horse stood before the last move, if the last move moved it."""
    for event in ctx.fresh:
        if event["type"] == "horse_moved" and _int(event, "horse") == horse:
            return _int(event, "from")
    return None


def _fresh_bets(ctx: GameContext) -> set[tuple[int, int, str]]:
    """(seat, horse, row) of the markers a bettor has just confirmed."""
    out: set[tuple[int, int, str]] = set()
    for event in ctx.fresh:
        if event["type"] == "bets_placed":
            for c in event["cells"]:
                out.add((_int(event, "seat"), int(c["horse"]), str(c["row"])))
    return out


def _squeeze(text: str, room: int, per_char: float = 8.5) -> dict[str, object]:
    """SVG attributes that squeeze a label into ``room`` units when it is longer."""
    return (
        {"textLength": room, "lengthAdjust": "spacingAndGlyphs"}
        if len(text) * per_char > room
        else {}
    )


def _column_labels(ctx: GameContext) -> list[Markup]:
    t = ctx.t
    labels: list[Markup] = []
    y = 21
    for x, text, room in (
        (OWN_X0 + OWN_W / 2, t("hs_owners_col"), OWN_W - 4),
        (START_X0 + START_W / 2, t("hs_start"), START_W + 4),
        (FINISH_X0 + FINISH_W / 2, t("hs_finish"), FINISH_W + 6),
    ):
        attrs = {"x": x, "y": y, "class": "col-label", **_squeeze(text, room)}
        labels.append(h("text", attrs, text))
    for k in range(1, 10):
        labels.append(h("text", {"x": _x_of(k), "y": y, "class": "col-label num"}, str(k)))
    for i, row in enumerate(ROWS):
        text = row_name(row, ctx.cat)
        x = BET_X0 + i * CELL_W + CELL_W / 2
        attrs = {"x": x, "y": y, "class": "col-label bet-head", **_squeeze(text, CELL_W - 6)}
        labels.append(h("text", attrs, text))
    return labels


def _owner_tokens(
    shares: dict[str, int], y0: float, ctx: GameContext, colours: list[str]
) -> list[Markup]:
    """The horse's shareholders, one token per share, in the lane's owner column."""
    owners = [
        int(s) for s, k in sorted(shares.items(), key=lambda kv: int(kv[0])) for _ in range(k)
    ]
    out: list[Markup] = []
    for i, seat in enumerate(owners[:3]):
        cx = OWN_X0 + 9 + i * 16
        tag = token_label(ctx.players, seat)
        out.append(
            h(
                "g",
                {"class": f"owner hs-c-{colours[seat]}", "aria-hidden": "true"},
                h("circle", {"cx": cx, "cy": y0 + LANE / 2, "r": 7.5}),
                h(
                    "text",
                    {"x": cx, "y": y0 + LANE / 2 + 3.5, "class": classes(len(tag) > 1 and "two")},
                    tag,
                ),
            )
        )
    return out


def _owners_label(shares: dict[str, int], ctx: GameContext) -> str:
    if not shares:
        return ctx.t("hs_owners_none")
    names = ", ".join(
        ctx.players[int(s)] + (f" ×{k}" if k > 1 else "")
        for s, k in sorted(shares.items(), key=lambda kv: int(kv[0]))
    )
    return ctx.t("hs_owners", names=names)


def _cell_chips(
    cell: BoardCell,
    x0: float,
    y0: float,
    view: HomestretchView,
    ctx: GameContext,
    fresh: set[tuple[int, int, str]],
) -> tuple[list[Markup], list[str]]:
    """The markers on a betting cell (face up only where the viewer may see the value),
    and their description for the cell's accessible name."""
    open_bets = view["options"]["open_bets"]
    own = view["betting"]["bettor"] if view["phase"] == "betting" else None
    if own is None or own != view["viewer"]:
        own = -1
    chips: list[Markup] = []
    words: list[str] = []
    markers = cell["markers"]
    for i, m in enumerate(markers):
        seat = m["seat"]
        shown = open_bets or seat == own
        value = m["value"] if shown else None
        name = ctx.players[seat]
        words.append(
            ctx.t("hs_marker_label", name=name, value=value)
            if value is not None
            else ctx.t("hs_marker_hidden", name=name)
        )
        if i >= CHIP_SLOTS:
            continue
        cx = x0 + RATE_W + CHIP / 2 + 2 + (i % CHIPS_PER_ROW) * (CHIP + 2)
        rows = 1 if len(markers) <= CHIPS_PER_ROW else 2
        top = y0 + LANE / 2 - (rows * CHIP + (rows - 1) * 3) / 2  # centred in the cell
        cy = top + CHIP / 2 + (i // CHIPS_PER_ROW) * (CHIP + 3)
        if i == CHIP_SLOTS - 1 and len(markers) > CHIP_SLOTS:
            chips.append(h("text", {"x": cx, "y": cy + 4, "class": "more"}, f"+{len(markers) - i}"))
            continue
        cls = classes(
            "bet-chip",
            f"hs-c-{m['colour']}",
            value is None and "face-down",
            (seat, cell["horse"], cell["row"]) in fresh and "fresh",
        )
        attrs: dict[str, object] = {
            "class": cls,
            "data-marker-seat": str(seat),
            "data-value": None if value is None else str(value),
            "data-marker": (m["marker"] or None) if shown else None,
        }
        if value is None:
            shape = h(
                "rect",
                {"x": cx - CHIP / 2, "y": cy - CHIP / 2, "width": CHIP, "height": CHIP, "rx": 3},
            )
            text = initial(name)
        else:
            shape = h("circle", {"cx": cx, "cy": cy, "r": CHIP / 2 + 0.5})
            text = str(value)
        chips.append(h("g", attrs, shape, h("text", {"x": cx, "y": cy + 4}, text)))
    return chips, words


def _bet_cells(view: HomestretchView, ctx: GameContext) -> list[Markup]:
    """The 33 betting cells at the lanes' ends; the legal ones are controls."""
    t = ctx.t
    marker = selected_marker(view, ctx)
    targets = _cell_actions(view, ctx, marker)
    fresh = _fresh_bets(ctx)
    circles = {c["horse"]: c["row"] for c in view["finishing_circles"] if c["horse"] is not None}
    out: list[Markup] = []
    focus_given = False
    for cell in view["betting_board"]:
        horse, row = cell["horse"], cell["row"]
        x0 = BET_X0 + ROWS.index(row) * CELL_W
        y0 = TOP + (horse - 2) * LANE
        chips, words = _cell_chips(cell, x0, y0, view, ctx, fresh)
        rate = f"×{cell['payout']}"
        play = targets.get((horse, row))
        # After the race, the cells that pay (the horse finished in this row's place or
        # better) are marked.
        pays = horse in circles and ROWS.index(circles[horse]) <= ROWS.index(row)
        cls = classes(
            "bet-cell",
            f"r-{row.lower()}",
            play is not None and "legal",
            pays and "pays",
        )
        where = t("hs_cell_label", row=row_name(row, ctx.cat), horse=horse, rate=rate)
        attrs: dict[str, object] = {"class": cls, "data-cell": f"{row}-{horse}"}
        if play is not None and marker is not None:
            label = t("hs_place_on", where=where, value=MARKER_VALUE[marker])
            attrs.update(
                {
                    "role": "button",
                    "tabindex": "0",
                    **play,
                    "data-testid": f"cell-{row}-{horse}",
                    "aria-label": label,
                    "data-focus": None if focus_given else True,
                }
            )
            focus_given = True
        else:
            label = where + (": " + ", ".join(words) if words else "")
            attrs.update({"role": "img", "aria-label": label})
        out.append(
            h(
                "g",
                attrs,
                h("title", {}, label),
                h(
                    "rect",
                    {
                        "x": x0 + 1,
                        "y": y0 + 3,
                        "width": CELL_W - 2,
                        "height": LANE - 6,
                        "rx": 5,
                        "class": "cell-bg",
                    },
                ),
                h(
                    "text",
                    {"x": x0 + RATE_W / 2 + 2, "y": y0 + LANE / 2 + 5, "class": "rate"},
                    rate,
                ),
                chips,
            )
        )
    return out


def track(view: HomestretchView, ctx: GameContext) -> Markup:
    t = ctx.t
    turn = view["turn"]
    rolled = turn["dice"]["sum"] if turn["dice"] and view["phase"] == "race" else None
    targets = _bonus_actions(view, ctx)
    shown_targets = set(turn["bonus_targets"])
    colours = view["colours"]
    parts: list[Child] = [
        h(
            "rect",
            {"x": 0, "y": 0, "width": TRACK_END + 2, "height": HEIGHT, "rx": 10, "class": "turf"},
        ),
        _column_labels(ctx),
    ]
    for info in view["horses"]:
        horse = info["horse"]
        y0 = TOP + (horse - 2) * LANE
        yc = y0 + LANE / 2
        moved = _moved_from(horse, ctx) is not None
        lane_cls = classes(
            "lane",
            horse % 2 == 1 and "odd",
            rolled == horse and "rolled",
            horse in shown_targets and "target",
            moved and "moved",
            info["finished"] is not None and "done",
        )
        cells: list[Child] = [
            h("rect", {"x": 2, "y": y0 + 2, "width": TRACK_END - 2, "height": LANE - 4, "rx": 6}),
            h("text", {"x": NUM_W / 2 + 1, "y": yc + 10, "class": "lane-no num"}, str(horse)),
            h(
                "g",
                {
                    "class": "owners",
                    "role": "img",
                    "aria-label": f"{horse}: {_owners_label(info['shares'], ctx)}",
                },
                _owner_tokens(info["shares"], y0, ctx, colours),
            )
            if info["shares"]
            else None,
            h(
                "rect",
                {
                    "x": START_X0 + 1,
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
            hx = HC_X0 + HC_W / 2
            parts.append(
                h(
                    "g",
                    {"class": f"hcap {HCAP_CLASS[hc]}", "role": "img", "aria-label": label},
                    h("title", {}, label),
                    h("rect", {"x": hx - 17, "y": yc - 13, "width": 34, "height": 26, "rx": 6}),
                    h("text", {"x": hx, "y": yc + 6}, hc),
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
        start = _moved_from(horse, ctx)
        attrs: dict[str, object] = {
            "class": classes(
                "runner",
                rolled == horse and "rolled",
                horse in targets and "can-pick",
                place is not None and "finished",
                start is not None and "moved",
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
        if ctx.motion and start is not None and start != info["position"]:
            # The horse slides along its lane from where it stood.
            dx = _x_of(start) - x
            slide = h(
                "animateMotion",
                {"dur": "0.5s", "path": f"M{dx:.1f} 0 L0 0", "fill": "remove"},
            )
        tokens.append(
            h(
                "g",
                attrs,
                h("title", {}, label),
                start is not None and h("circle", {"class": "halo", "r": RUNNER_R + 6}),
                h("circle", {"class": "body", "r": RUNNER_R}),
                h("text", {"y": 7}, str(horse)),
                place is not None
                and h(
                    "text",
                    {"class": "place-tag", "x": -RUNNER_R - 19, "y": 6},
                    t(f"hs_tag_{place}"),
                ),
                slide,
            )
        )
    return h(
        "svg",
        {
            "class": "hs-track",
            "viewBox": f"0 0 {WIDTH} {HEIGHT}",
            "role": "group",
            "aria-label": t("hs_track_label"),
            "data-testid": "track",
            # reachable by keyboard, so a phone's scrolling board can be scrolled with keys
            "tabindex": "0",
        },
        parts,
        _bet_cells(view, ctx),
        tokens,
    )


def race_card(view: HomestretchView, ctx: GameContext) -> Markup:
    t = ctx.t
    card = view["race_card"]
    race = t("hs_race_of", race=max(1, view["race"]), races=view["races"])
    if card is None:
        return h(
            "section",
            {"class": "hs-card none", "aria-label": t("hs_race_card")},
            h("p", {"class": "card-kicker"}, race),
            h("h3", {}, t("hs_race_card")),
            h("p", {"class": "card-sub"}, t("hs_card_pending", left=view["race_stack"])),
        )
    purses = [
        h(
            "li",
            {},
            h("span", {"class": "row-tag"}, row_name(row, ctx.cat)),
            " ",
            h("b", {"class": "num"}, money(ctx.cat, card["purse"][i])),
        )
        for i, row in enumerate(ROWS)
    ]
    return h(
        "section",
        {
            "class": f"hs-card c-{card['colour']}",
            "aria-label": t("hs_race_card"),
            "data-testid": "race-card",
        },
        h("p", {"class": "card-kicker"}, race, " · ", t(f"hs_colour_{card['colour']}")),
        h("h3", {}, card["name"]),
        h("ol", {"class": "purse", "aria-label": t("hs_purse")}, purses),
    )


def finish_and_dice(view: HomestretchView, ctx: GameContext) -> Markup:
    """The three finishing circles (WIN, PLACE, SHOW) and the dice of the last roll."""
    t = ctx.t
    just_finished = {_int(e, "horse") for e in ctx.fresh if e["type"] == "horse_finished"}
    circles = []
    for i, c in enumerate(view["finishing_circles"]):
        cx = 38 + i * 76
        horse = c["horse"]
        name = row_name(c["row"], ctx.cat)
        label = (
            t("hs_circle_full", row=name, horse=horse_label(horse))
            if horse is not None
            else t("hs_circle_empty", row=name)
        )
        circles.append(
            h(
                "g",
                {
                    "class": classes(
                        "finish-circle",
                        horse is not None and "taken",
                        horse in just_finished and "fresh",
                    ),
                    "role": "img",
                    "aria-label": label,
                },
                h("title", {}, label),
                h(
                    "text",
                    {"x": cx, "y": 14, "class": "circle-label", **_squeeze(name, 64, 8.5)},
                    name,
                ),
                h("circle", {"cx": cx, "cy": 52, "r": 30}),
                horse is not None and h("text", {"x": cx, "y": 63, "class": "circle-horse"}, horse),
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
    label = t("hs_circles_label")
    if dice is not None:
        a, b = dice
        fresh = ctx.motion and any(e["type"] == "rolled" for e in ctx.fresh)
        cls = classes("hs-die", fresh and "hs-tumble", last and "old")
        dice_part = [
            h(
                "title",
                {},
                t("hs_dice_label", name=seat_name(ctx.players, roller), a=a, b=b, h=a + b),
            ),
            die_face(a, 236, 10, 44, cls),
            die_face(b, 288, 10, 44, cls),
            h("text", {"x": 284, "y": 80, "class": "dice-sum num"}, t("hs_sum", n=a + b)),
        ]
        label = t("hs_dice_label", name=seat_name(ctx.players, roller), a=a, b=b, h=a + b)
    return h(
        "svg",
        {
            "class": "hs-circles",
            "viewBox": "0 0 340 88" if dice else "0 0 232 88",
            "role": "img",
            "aria-label": t("hs_circles_label") + ". " + label if dice else label,
            "data-testid": "dice" if dice else "circles",
        },
        circles,
        dice_part,
    )


def phase_panel(view: HomestretchView, ctx: GameContext) -> Markup | None:
    """What this phase is about: the draft's progress, the betting order, the turn, the
    market."""
    phase = view["phase"]
    if phase in ("deal", "draft", "ghost"):
        return draft_panel(view, ctx)
    if phase in ("display", "buying", "blind"):
        return market_panel(view, ctx)
    return order_panel(view, ctx)


def _who(
    seat: int, ctx: GameContext, colours: list[str], *extra: Child, now: bool = False
) -> Markup:
    return h(
        "li",
        {"class": classes("who", now and "now")},
        _token(seat, ctx, colours),
        " ",
        h("bdi", {}, ctx.players[seat]),
        *[(" ", x) for x in extra if x],
    )


def order_panel(view: HomestretchView, ctx: GameContext) -> Markup | None:
    t = ctx.t
    phase = view["phase"]
    colours = view["colours"]
    if phase in ("claims", "betting"):
        bet = view["betting"]
        now = bet["claim_due"] if phase == "claims" else bet["bettor"]
        items = [
            _who(
                s,
                ctx,
                colours,
                h(
                    "small",
                    {"class": "num"},
                    t("hs_limit_short", n=view["seats"][s]["marker_limit"]),
                ),
                view["seats"][s]["bets_submitted"] and h("span", {"class": "done-mark"}, "✓"),
                now=s == now,
            )
            for s in bet["order"]
        ]
        title = t("hs_working_order") if phase == "claims" else t("hs_betting_order")
        return h(
            "section",
            {"class": "hs-phase", "data-testid": "betting-order"},
            h("h3", {}, title),
            h("ol", {"class": "who-list"}, items),
            bet["fixed_order"] and h("p", {"class": "note"}, t("hs_fixed_order")),
        )
    if phase in ("race", "roll_off"):
        turn = view["turn"]
        lines: list[Markup] = []
        if phase == "race" and turn["seat"] is not None:
            lines.append(
                h(
                    "p",
                    {"class": "roller"},
                    _token(turn["seat"], ctx, colours),
                    " ",
                    t("hs_roll_no", name=seat_name(ctx.players, turn["seat"]), n=turn["roll"]),
                )
            )
        if turn["start_player"] is not None:
            lines.append(
                h(
                    "p",
                    {"class": "note"},
                    t(
                        f"hs_started_by_{turn['start_by'] or 'money'}",
                        name=ctx.players[turn["start_player"]],
                    ),
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
        return h("section", {"class": "hs-phase"}, h("h3", {}, t("hs_the_race")), lines)
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
    colours = view["colours"]
    rows = [
        _who(
            s["seat"],
            ctx,
            colours,
            h("small", {}, t("hs_hand_kept", hand=s["hand_size"], kept=s["kept_count"])),
            s["picked"] and h("span", {"class": "done-mark"}, "✓"),
            now=s["seat"] == view["current_player"],
        )
        for s in view["seats"]
    ]
    return h(
        "section",
        {"class": "hs-phase hs-draft", "data-testid": "draft-panel"},
        h("h3", {}, t("hs_draft_title", round=max(1, d["round"]), n=d["deal_size"])),
        h("ul", {"class": "who-list"}, rows),
        d["ghost"] and h("p", {"class": "note"}, t("hs_ghost_note", n=d["ghost_hand_size"])),
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
    colours = view["colours"]
    cards = [h("li", {}, _card_face(c, ctx, secret=False)) for c in b["display"]]
    order = [
        _who(
            s,
            ctx,
            colours,
            h("small", {"class": "num"}, money(ctx.cat, view["seats"][s]["money"])),
            now=s == b["due"],
        )
        for s in b["order"]
    ]
    price = b["blind_price"]
    return h(
        "section",
        {"class": "hs-phase hs-market", "data-testid": "market"},
        h("h3", {}, t("hs_market_title", round=max(1, b["round"]))),
        h("ol", {"class": "display"}, cards or h("li", {}, t("hs_display_empty"))),
        h(
            "p",
            {"class": "stack"},
            h("span", {"class": "stack-pile", "aria-hidden": "true"}),
            " ",
            t("hs_stack", n=b["stack_size"]),
            " ",
            price is not None and t("hs_blind_price", price=money(ctx.cat, price)),
        ),
        order and h("ol", {"class": "who-list", "aria-label": t("hs_buy_order")}, order),
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
                join(
                    h("span", {"class": "sr-only"}, t("hs_pick_word"), " "), _card_face(card, ctx)
                ),
                f"pick-{card['card']}",
                "pick",
                **{"data-focus": i == 0 or None},
            )
            for i, card in enumerate(view["draft"]["hand"] or [])
        ]
        # (the turn banner says what to do; the shell's first-decision tip says why)
        return h(
            "div",
            {
                "class": "choices hand",
                "role": "group",
                "aria-label": t("hs_pick_help"),
                "data-testid": "hand",
            },
            picks,
        )
    if phase == "claims":
        keep: dict[str, object] = {"type": "bet_order_claim", "player": me, "choice": "KEEP"}
        items = [
            action_button(
                ctx, keep, t("hs_keep_btn"), "claim-keep", "small", **{"data-focus": True}
            )
        ]
        for target in view["betting"]["order"]:
            cut = {**keep, "choice": "CUT_IN_BEFORE", "target": view["colours"][target]}
            text = t("hs_cut_btn", target=ctx.players[target])
            items.append(action_button(ctx, cut, text, f"claim-cut-{target}", "small"))
        return join(
            h("p", {"class": "hs-help"}, t("hs_claim_help", n=view["seats"][seat]["marker_limit"])),
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
                # the card itself, as in the draft; its name says "Buy" first
                join(
                    h("span", {"class": "sr-only"}, t("hs_buy_word"), " "),
                    _card_face(card, ctx, secret=False),
                ),
                f"buy-{card['card']}",
                "pick",
                **{"data-focus": i == 0 or None},
            )
            for i, card in enumerate(b["display"])
        ]
        blind = t("hs_blind_btn", price=money(ctx.cat, b["blind_price"] or 0))
        others = [
            action_button(ctx, {**buy, "choice": "BUY_BLIND"}, blind, "buy-blind", "small"),
            action_button(
                ctx,
                {**buy, "choice": "PASS"},
                t("hs_pass_btn"),
                "buy-pass",
                "small",
                **{"data-focus": not b["display"] or None},
            ),
        ]
        return join(
            items and h("div", {"class": "choices hand", "role": "group"}, items),
            h("div", {"class": "choices", "role": "group"}, others),
        )
    return join()


def race_controls(view: HomestretchView, ctx: GameContext) -> Markup:
    """MOVE_CHOICE, REROLL_OR_STOP or BONUS_TARGET for the roller (P22–P25)."""
    t = ctx.t
    turn = view["turn"]
    pending = turn["pending"]
    dice = turn["dice"]
    me = _me(view)
    offers: list[tuple[dict[str, object], str, str, str]] = []
    if dice is not None and turn["moves"] is not None:
        for choice, cls in (("TWO", "primary"), ("ONE_AND_REROLL", "")):
            action: dict[str, object] = {"type": "move_choice", "player": me, "choice": choice}
            offers.append((action, action_words(action, view, ctx) or "", f"move-{choice}", cls))
    for choice, key in (("REROLL", "hs_reroll_btn"), ("STOP", "hs_stop_btn")):
        stop: dict[str, object] = {"type": "reroll_or_stop", "player": me, "choice": choice}
        offers.append((stop, t(key), f"reroll-{choice}", "primary" if choice == "REROLL" else ""))
    for horse in turn["bonus_targets"]:
        bonus: dict[str, object] = {"type": "bonus_target", "player": me, "horse": horse}
        # a row of horse numbers (the help above says how far the chosen one runs)
        offers.append((bonus, str(horse), f"bonus-{horse}", "small bonus"))
    legal = [o for o in offers if ctx.index_of(o[0]) is not None]
    # The roller decides again and again: focus stays on the first choice of each turn.
    items = [
        action_button(
            ctx,
            action,
            text,
            testid,
            cls,
            **{
                "data-focus": i == 0 or None,
                "aria-label": t("hs_bonus_btn", horse=horse_label(int(text)), n=n)
                if action["type"] == "bonus_target" and (n := turn["bonus_squares"])
                else None,
            },
        )
        for i, (action, text, testid, cls) in enumerate(legal)
    ]
    # The turn banner says what was rolled; only the bonus move needs a word more (the
    # distance comes from the dice difference).
    bonus_help = pending == "bonus_target" and h(
        "p",
        {"class": "hs-help"},
        t(
            "hs_bonus_help",
            d=dice["difference"] if dice else 0,
            n=turn["bonus_squares"] or 0,
        ),
    )
    return join(bonus_help or None, h("div", {"class": "choices", "role": "group"}, items))


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
                    "class": classes("marker-pick", on and "on"),
                    "data-act": "local",
                    "data-arg": "hs_marker",
                    "value": rep,
                    "aria-pressed": "true" if on else "false",
                    "data-testid": f"marker-{value}",
                },
                _marker_chip(seat, view["colours"][seat], value, ctx, owner=False),
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
        "primary",
        **{"data-focus": True},
    )
    parts: list[Markup] = []
    if picks:
        parts.append(
            h(
                "div",
                {"class": "bet-row"},
                h(
                    "p",
                    {"class": "hs-help"},
                    t("hs_bet_help", value=MARKER_VALUE[marker] if marker else 0, n=limit),
                ),
                h("div", {"class": "choices", "role": "group"}, picks),
            )
        )
    if confirm is not None:
        # (offered only once all five are laid, so it needs no sentence of its own)
        parts.append(h("div", {"class": "bet-row"}, confirm))
    return join(*parts)


def private_panel(view: HomestretchView, seat: int, ctx: GameContext) -> Markup:
    """The seat's own secrets: kept draft cards, or their five bet markers."""
    t = ctx.t
    if view["phase"] in ("draft", "ghost", "deal"):
        kept = view["draft"]["kept"] or []
        return h(
            "p",
            {"class": "kept", "data-colour": view["colours"][seat]},
            t("hs_kept"),
            " ",
            # small badges (the horse and its group), each the card it stands for
            [_share_badge(c["card"], secret=True) for c in kept] or t("hs_none"),
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
        where = t("hs_marker_on", row=row_name(row, ctx.cat), horse=horse, value=m["value"])
        # The button says what it does; its name adds which marker, after those words.
        take = action_button(
            ctx,
            {"type": "take_back_marker", "player": me, "marker": m["marker"]},
            t("hs_take_back"),
            f"take-{m['marker']}",
            "small take-back",
            **{"aria-label": t("hs_take_back_label", value=m["value"], where=where)},
        )
        lines.append(
            h(
                "li",
                {},
                _marker_chip(seat, me, m["value"], ctx, marker=m["marker"]),
                " ",
                where,
                take,
            )
        )
    return h(
        "div",
        {"class": "my-markers", "data-colour": me},
        h("h4", {"class": "sr-only"}, t("hs_my_markers")),
        h("ul", {}, lines)
        if lines
        # (during the betting turn the markers still in hand are the choices below)
        else view["phase"] != "betting" and h("p", {"class": "note"}, t("hs_none_placed")),
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
    """Each race's settlement: the finishing circles with their purses and who shared
    them, then one row per player with their markers turned face up and what each paid.
    (The shell shows the race just run on the card between races, and every race at
    the end.)"""
    races = [_race_result(r, view["colours"], ctx) for r in view["results"]]
    return h(
        "section",
        {"class": "race-results hs-results"},
        len(view["results"]) > 1 and h("h2", {}, ctx.t("hs_settlements")),
        h("ol", {"class": "hs-race-list"}, races),
        view["final"] and tie_breaks(view, view["final"], ctx),
    )


SPLIT_COLS = ("hs_col_purses", "hs_col_bets")  # a phone shows only their sum


def _race_result(r: RaceResult, colours: list[str], ctx: GameContext) -> Markup:
    t = ctx.t
    podium = []
    for p in r["purses"]:
        paid: list[Markup] = [
            h(
                "li",
                {},
                _token(x["seat"], ctx, colours),
                " ",
                h("bdi", {}, ctx.players[x["seat"]]),
                " ",
                h("b", {"class": "num"}, money(ctx.cat, x["amount"])),
                x["shares"] > 1 and h("small", {}, " ", t("hs_shares_n", n=x["shares"])),
            )
            for x in p["paid"]
        ]
        podium.append(
            h(
                "li",
                {"class": f"place p{p['place']}"},
                h(
                    "span",
                    {"class": "podium-circle", "aria-hidden": "true"},
                    h("span", {"class": "row-tag"}, row_name(p["row"], ctx.cat)),
                    h("b", {"class": "num"}, str(p["horse"])),
                ),
                h(
                    "span",
                    {"class": "podium-text"},
                    h(
                        "span",
                        {"class": "sr-only"},
                        t(f"hs_place_{p['place']}"),
                        " (",
                        row_name(p["row"], ctx.cat),
                        "): ",
                    ),
                    h("b", {}, horse_label(p["horse"])),
                    " ",
                    h("span", {"class": "num"}, t("hs_purse_of", purse=money(ctx.cat, p["purse"]))),
                    h("ul", {"class": "paid"}, paid)
                    if paid
                    else h("span", {"class": "unpaid"}, t("hs_purse_bank")),
                ),
            )
        )
    rows = []
    for seat in range(len(ctx.players)):
        pills = [
            h(
                "li",
                {"class": classes("bet-pill", b["amount"] > 0 and "won")},
                _marker_chip(seat, colours[seat], b["value"], ctx),
                " ",
                h("span", {}, row_name(b["row"], ctx.cat), " ", str(b["horse"])),
                b["amount"] > 0
                and h(
                    "b",
                    {"class": "num", "title": t("hs_bet_sum", value=b["value"], rate=b["rate"])},
                    " +",
                    money(ctx.cat, b["amount"]),
                ),
            )
            for b in r["bets"]
            if b["seat"] == seat
        ]
        g = r["gains"][seat]
        rows.append(
            h(
                "tr",
                {"data-testid": f"sheet-{seat}"},
                h(
                    "th",
                    {"scope": "row"},
                    _token(seat, ctx, colours),
                    " ",
                    h("bdi", {}, ctx.players[seat]),
                ),
                h("td", {}, h("ul", {"class": "bet-pills"}, pills) if pills else t("hs_none")),
                h("td", {"class": "num split"}, money(ctx.cat, g["purse"])),
                h("td", {"class": "num split"}, money(ctx.cat, g["bets"])),
                h(
                    "td",
                    {"class": "num total"},
                    "+" if g["total"] > 0 else "",
                    money(ctx.cat, g["total"]),
                ),
                h("td", {"class": "num"}, money(ctx.cat, r["money"][seat])),
            )
        )
    head = [
        h("th", {"scope": "col", "class": "split" if k in SPLIT_COLS else None}, t(k))
        for k in (
            "hs_col_player",
            "hs_col_markers",
            "hs_col_purses",
            "hs_col_bets",
            "hs_col_gain",
            "hs_col_money",
        )
    ]
    return h(
        "li",
        {"class": f"hs-race c-{r['colour']}", "data-testid": f"race-result-{r['race']}"},
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
        h("ol", {"class": "hs-podium", "aria-label": t("hs_podium")}, podium),
        h(
            "div",
            {"class": "table-scroll"},
            h(
                "table",
                {"class": "hs-payouts"},
                h("caption", {"class": "sr-only"}, t("hs_payouts_caption")),
                h("thead", {}, h("tr", {}, head)),
                h("tbody", {}, rows),
            ),
        ),
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
            h("td", {}, _token(s, ctx, view["colours"]), " ", h("bdi", {}, ctx.players[s])),
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


def lens_horse(view: HomestretchView, horse: str, cat: Catalogue) -> str:
    return horse_label(int(horse))


def card_words(view: HomestretchView, card: str, cat: Catalogue) -> str:
    return horse_label(card_horse(card))  # a share card is its horse's


def lens_chart(view: HomestretchView, odds: Odds, cat: Catalogue) -> Markup | None:
    """The two-dice chart, and what markers and shares are worth in this race."""
    dice = lens_dice(odds, cat)
    values = priced(odds)
    grid = bet_grid(
        cat.t("hs_lens_bets"),
        cat.t("lens_horse"),
        [row_name(r, cat) for r in ROWS] + [cat.t("hs_lens_share")],
        [
            (horse_label(horse), [*({"horse": horse, "row": r} for r in ROWS), {"share": horse}])
            for horse in HORSES
        ],
        values,
        lambda v: number(cat, v, 1),
    )
    if dice is None and grid is None:
        return None
    return Markup((dice or "") + (grid or ""))


def lens_dice(odds: Odds, cat: Catalogue) -> Markup | None:
    """The two-dice chart: how likely each horse number is to come up on one roll."""
    facts = odds.get("facts", {})
    sums = sorted((int(k[4:]), p) for k, p in facts.items() if k.startswith("sum_"))
    if not sums:
        return None
    top = max(p for _, p in sums)
    width = 100 / len(sums)
    bars = [
        h(
            "g",
            {},
            h(
                "rect",
                {
                    "class": "lens-win",
                    "x": f"{i * width + 1:.1f}",
                    "y": f"{40 - 34 * p / top:.1f}",
                    "width": f"{width - 2:.1f}",
                    "height": f"{34 * p / top:.1f}",
                },
            ),
            h("text", {"x": f"{(i + 0.5) * width:.1f}", "y": 48, "text-anchor": "middle"}, n),
        )
        for i, (n, p) in enumerate(sums)
    ]
    said = ", ".join(f"{n}: {round(36 * p)}/36" for n, p in sums)
    return h(
        "figure",
        {"class": "lens-dice"},
        h("figcaption", {}, cat.t("hs_lens_dice")),
        h(
            "svg",
            {"viewBox": "0 0 100 50", "role": "img", "aria-label": said},
            bars,
        ),
    )
