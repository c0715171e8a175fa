"""Finish Line's table: the running order of horse tiles, the dice pool, the hand and the sheets.

The board is one composition that fits the board area: the running order (one row of
tiles, back on the left, the leader on the right) above the dice (the pool by colour,
each with what its dice do, the dice in hand and the removed ones). Dice are taken by
clicking the pool, horses are chosen by clicking their tiles; the side column only
holds what cannot be pointed at on the board (which die to use, a block's new order…).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pygames.core.lens import Odds
from pygames.core.state import Bet
from pygames.finish_line.data import COLOURS, DICE_COUNTS, FIELDS, TILE_IDS, TYPE
from pygames.finish_line.view import FinishLineView, HandDie, Horse, RaceResult
from pygames.finish_line.view import colour as as_colour

from .html import Child, Markup, classes, h, join
from .i18n import Catalogue
from .lens_bets import bet_grid, priced
from .lens_numbers import number
from .parts import action_button
from .table import GameContext, numbered_texts, rules_paragraphs, seat_name

Action = dict[str, Any]
# Short glyphs drawn on the dice; the words are in the catalogue (tooltips, log).
GLYPHS = {
    "HORSESHOE": "∩",
    "LOGO": "FL",
    "BLANK": "",
    "OUTSIDER_1000": "1000",
    "OUTSIDER_2000": "2000",
    "OUTSIDER_3000": "3000",
    "SIDE_BET": "±500",
    "EXTRA_TURN": "+∩",
    "DISQUALIFIED": "DQ",
    "INSIDER_TIP": "↺2",
    "CHANGE_OF_PACE": "⇄",
    "WHIP": "/",
    "DOUBLE_HORSESHOE": "∩∩",
    "HELMET": "⛑",
    "INTERFERENCE": "⤨",
    "NECK_AND_NECK": "=",
    "LOSS_OF_SPEED": "↓2",
}
AMOUNTS = (100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000)
SLIDE_MAX = 6  # a tile slides at most six places (seven horses in a row)


def face_name(face: str | None, cat: Catalogue) -> str:
    return cat.t("fl_face_unrolled") if face is None else cat.t(f"fl_face_{face.lower()}")


def die(colour: str, face: str | None, cat: Catalogue, extra: str = "") -> Markup:
    """One die as an icon with its meaning in words (tooltip and accessible name)."""
    label = cat.t("fl_die_label", colour=cat.t(f"fl_colour_{colour}"), face=face_name(face, cat))
    return h(
        "span",
        {
            "class": classes("fl-die", f"d-{colour}", extra),
            "title": label,
            "role": "img",
            "aria-label": label,
        },
        GLYPHS.get(face or "", "?") if face is not None else "",
    )


def _mini(colour: str, extra: str = "") -> Markup:
    """A die drawn only for the eye (its count or meaning is written beside it)."""
    return h("span", {"class": classes("fl-die", "mini", f"d-{colour}", extra)})


def horse_label(view: FinishLineView, horse: int) -> str:
    """A horse by number and name."""
    name = view["names"].get(str(horse))
    return f"{horse} {name}" if name else str(horse)


# Typed readers of the engine's plain action and event dicts.
def _int(data: Action, key: str) -> int:
    value = data.get(key)
    return value if isinstance(value, int) else 0


def _text(data: Action, key: str) -> str:
    value = data.get(key)
    return value if isinstance(value, str) else ""


def _ints(data: Action, key: str) -> list[int]:
    value = data.get(key)
    return [x for x in value if isinstance(x, int)] if isinstance(value, list) else []


def _texts(data: Action, key: str) -> list[str]:
    value = data.get(key)
    return [x for x in value if isinstance(x, str)] if isinstance(value, list) else []


def _local(ctx: GameContext, key: str) -> str:
    """A choice kept on the page between clicks (always text; "" when there is none)."""
    value = ctx.local.get(key)
    return value if isinstance(value, str) else ""


PEEK_KEY = "fl_my_sheet"  # the button that shows a player their own secrets
# The sheet's picks stay while its owner writes on: "+100" can be pressed again.
KEPT_CHOICES: tuple[str, ...] = ("bet_kind", "win_target", "place_target")


# --- hooks --------------------------------------------------------------------------------
def score_text(view: FinishLineView, seat: int, ctx: GameContext) -> str:
    money = view["money"][seat]
    totals = view["totals"]
    if totals:
        return ctx.cat.money(totals[seat])
    return ctx.t("fl_money_hidden") if money is None else ctx.cat.money(money)


def player_extra(view: FinishLineView, seat: int, ctx: GameContext) -> Markup:
    """Only what is out of the ordinary, so the strip stays short."""
    bits: list[Markup] = []
    ledger = view["ledger"][seat]  # public all game long, settled at the end
    if ledger:
        bits.append(
            h("span", {"class": "ledger"}, ctx.t("fl_ledger", amount=ctx.cat.money(ledger)))
        )
    held = view["held"][seat]
    if held:
        bits.append(
            h(
                "span",
                {"class": "held"},
                ctx.t("fl_held", n=held),
                " ",
                [die("black", "EXTRA_TURN", ctx.cat, "small") for _ in range(held)],
            )
        )
    if view["slip_confirmed"][seat]:  # only ever true while the slips are open
        bits.append(h("span", {"class": "slip-done"}, ctx.t("fl_slip_done")))
    # One short line in the card's top corner, so the strip stays as short as it can.
    return h("span", {"class": "fl-extra"}, bits) if bits else join()


def status_text(view: FinishLineView, ctx: GameContext) -> str:
    t = ctx.t
    race = t("fl_race_of", race=view["race"], races=view["races"])
    seat = view["current_player"]
    who = seat_name(ctx.players, seat)
    phase = view["phase"]
    if phase == "betting":
        return t("fl_status_betting", race=race, name=who)
    if phase in ("take_first", "take"):
        return t("fl_status_take", race=race, name=who, turn=view["turn_number"])
    if phase == "use":
        return t("fl_status_use", race=race, name=who, turn=view["turn_number"])
    if phase == "extra":
        return t("fl_status_extra", race=race, name=who)
    return race


def seat_class(view: FinishLineView, seat: int) -> str:
    """Seats wear their palette colour in this game (no colour of its own)."""
    return ""


def first_turn_tip(view: FinishLineView, ctx: GameContext) -> str | None:
    """One sentence on the decision on screen, for a player's first turns."""
    phase = view["phase"]
    if phase in ("betting", "take_first", "take", "use", "extra"):
        return ctx.t(f"fl_tip_{phase}")
    return None


def how_to_play(cat: Catalogue) -> list[str]:
    """The home card's "How to play": the catalogue's fl_how_1, fl_how_2, … in order."""
    return numbered_texts(cat, "fl_how_")


def meta(cat: Catalogue) -> str:
    return cat.t("fl_meta")


def thumbnail(cat: Catalogue) -> Markup:
    """The home card's picture: a row of seven tiles on the turf running to a chequered
    finish line, a few dice lying on them, and the pool's five colours below."""
    shown = TILE_IDS[3:10]  # seven tiles, favourites, sprinters and plain ones among them
    on_tiles = {1: "white", 4: "red", 5: "white"}  # dice lying on some fields
    parts: list[Markup] = [
        h("rect", {"x": 0, "y": 0, "width": 240, "height": 130, "rx": 12, "class": "turf"}),
    ]
    for k in range(12):  # the finish line
        parts.append(
            h(
                "rect",
                {
                    "x": 228 + 5 * (k % 2),
                    "y": 8 + k * 5.5,
                    "width": 5,
                    "height": 5.5,
                    "class": "chk",
                },
            )
        )
    for i, horse in enumerate(shown):
        x = 6 + i * 31.5
        kind = TYPE[horse]
        cls = "lead" if i == len(shown) - 1 else "tile"
        parts.append(h("rect", {"x": x, "y": 10, "width": 28, "height": 62, "rx": 4, "class": cls}))
        if kind:
            parts.append(
                h(
                    "rect",
                    {
                        "x": x + 8.5,
                        "y": 16,
                        "width": 11,
                        "height": 11,
                        "rx": 2,
                        "class": f"b-{kind}",
                    },
                )
            )
        for k in range(FIELDS[horse]):
            field_cls = f"d-{on_tiles[i]}" if i in on_tiles and k == 0 else "field"
            parts.append(
                h(
                    "rect",
                    {"x": x + 3.5 + k * 7.5, "y": 50, "width": 6, "height": 6, "class": field_cls},
                )
            )
    x = 10.0
    for colour in COLOURS:
        for k in range(min(DICE_COUNTS[colour], 4)):
            parts.append(
                h(
                    "rect",
                    {
                        "x": f"{x + k * 4:.1f}",
                        "y": f"{86 + k * 3:.1f}",
                        "width": 22,
                        "height": 22,
                        "rx": 4,
                        "class": f"d-{colour}",
                    },
                )
            )
        x += 44
    return h(
        "svg",
        {
            "class": "thumb fl-thumb",
            "viewBox": "0 0 240 130",
            "role": "img",
            "aria-label": cat.t("fl_thumb_label"),
        },
        parts,
    )


# --- the board ------------------------------------------------------------------------------
def board(view: FinishLineView, ctx: GameContext) -> Markup:
    return h(
        "div",
        {"class": "fl-board fit", "data-testid": "fl-board"},
        lineup(view, ctx),
        dice_area(view, ctx),
    )


def _die_key(action: Action) -> str:
    """The die an action uses, as the use panel names it ("colour:FACE")."""
    return f"{_text(action, 'colour')}:{_text(action, 'face')}"


def _picked_die(view: FinishLineView, ctx: GameContext) -> str:
    """The die of the hand the player picked to use ("" when none, or not one of theirs)."""
    picked = _local(ctx, "die")
    if view["phase"] != "use" or not any(_die_key(a) == picked for a in ctx.legal):
        return ""
    return picked


def _pace_from(view: FinishLineView, ctx: GameContext, picked: str) -> int | None:
    """Change of pace: the horse whose white die the player chose to move, if valid."""
    value = _local(ctx, "pace_from")
    if not value.isdigit():
        return None
    src = int(value)
    uses = [a for a in ctx.legal if _die_key(a) == picked and "from" in a]
    return src if any(_int(a, "from") == src for a in uses) else None


def tile_controls(view: FinishLineView, ctx: GameContext) -> dict[int, dict[str, str]]:
    """Tile -> the attributes that make it a control now (play an action or pick it)."""
    out: dict[int, dict[str, str]] = {}
    phase = view["phase"]
    if phase == "betting":
        return _bet_tile_controls(view, ctx)
    if phase == "extra":
        for i, a in enumerate(ctx.legal):
            if _text(a, "type") == "extra":
                out[_int(a, "horse")] = {"data-act": "play", "data-arg": str(i)}
        return out
    picked = _picked_die(view, ctx)
    if not picked:
        return out
    src = _pace_from(view, ctx, picked)
    for i, a in enumerate(ctx.legal):
        if _die_key(a) != picked or _text(a, "type") != "use":
            continue
        if "horse" in a:
            out[_int(a, "horse")] = {"data-act": "play", "data-arg": str(i)}
        elif "from" in a:
            if src is None:
                out[_int(a, "from")] = {
                    "data-act": "local",
                    "data-arg": "pace_from",
                    "value": str(_int(a, "from")),
                }
            elif _int(a, "from") == src:
                out[_int(a, "to")] = {"data-act": "play", "data-arg": str(i)}
    return out


def _bet_tile_controls(view: FinishLineView, ctx: GameContext) -> dict[int, dict[str, str]]:
    """Betting: a click on a tile picks the horse of a win bet, or one horse of a pair.

    A place pair is picked one horse after the other: the first click marks a horse,
    a click on a partner completes the pair, a click on the marked horse lets it go,
    and a click on any other horse starts a new pair from it.
    """
    out: dict[int, dict[str, str]] = {}
    kind, target, first = sheet_choice(ctx)
    lines = bet_targets(ctx)[kind]
    for horse in view["lineup"]:
        key = str(horse)
        if kind == "win":
            if key in lines:
                out[horse] = {"data-arg": "win_target", "value": key}
            continue
        if not any(key in p.split("-") for p in lines):
            continue
        value = key
        if first == key:
            value = ""
        elif first:
            pair = "-".join(sorted((first, key), key=int))
            if pair in lines:
                value = pair
        out[horse] = {"data-arg": "place_target", "value": value}
    for attrs in out.values():
        attrs["data-act"] = "local"
    return out


def _just_used(ctx: GameContext) -> tuple[Action | None, set[int]]:
    """The last move's die event and the horses it acted on (marked on their tiles)."""
    for event in reversed(ctx.fresh):
        kind = _text(event, "type")
        if kind == "used":
            horses = {_int(event, k) for k in ("horse", "from", "to") if k in event}
            horses |= set(_ints(event, "order"))
            return event, horses
        if kind == "extra_used":
            return event, {_int(event, "horse")}
    return None, set()


def _slides(ctx: GameContext) -> dict[int, int]:
    """Horse -> places its tile moved to the left in the last move (negative: right).

    The tile is drawn where it now stands and starts its animation that many tile
    widths away, so it slides from its old place to its new one (FLIP). Nothing
    slides under reduced motion, nor while the player is picking (the page is drawn
    again on every pick, and the same slide must not replay).
    """
    if not ctx.motion or any(ctx.local.values()):
        return {}
    event, _ = _just_used(ctx)
    if event is None:
        return {}
    before, after = _ints(event, "before"), _ints(event, "row")
    return {
        horse: before.index(horse) - i
        for i, horse in enumerate(after)
        if horse in before and before.index(horse) != i
    }


def _slide_class(places: int) -> str | None:
    if not places:
        return None
    places = max(-SLIDE_MAX, min(SLIDE_MAX, places))
    return f"slide from-{'m' if places < 0 else 'p'}{abs(places)}"


def _tile(
    view: FinishLineView,
    entry: Horse,
    ctx: GameContext,
    controls: dict[int, dict[str, str]],
    marks: dict[str, Any],
) -> Markup:
    t = ctx.t
    horse = entry["horse"]
    dice = entry["dice"]
    slots = [die(d["colour"], d["face"], ctx.cat, "on-tile") for d in dice]
    slots += [
        h("span", {"class": "fl-field", "aria-hidden": "true"})
        for _ in range(max(0, entry["fields"] - len(dice)))
    ]
    kind = entry["type"]
    badge = kind and h("abbr", {"class": f"badge b-{kind}", "title": t(f"fl_type_{kind}")}, kind)
    just: Action | None = marks["event"] if horse in marks["horses"] else None
    picked = horse in marks["picked"]
    control = controls.get(horse)
    attrs: dict[str, object] = {
        "class": classes(
            "fl-tile",
            kind and f"t-{kind}",
            entry["rank"] == 1 and "leader",
            control is not None and "can-pick",
            picked and "picked",
            just is not None and "just",
            _slide_class(marks["slides"].get(horse, 0)),
        ),
        "data-horse": str(horse),
        "data-testid": f"tile-{horse}",
    }
    label = t(
        "fl_tile_label", horse=horse, name=entry["name"], rank=entry["rank"], odds=entry["odds"]
    )
    if just is not None:
        label += " " + t("fl_just_used")
    # A name wraps only between words; a word too long for the tile is shortened
    # (with "…"), never broken in the middle.
    words = entry["name"].split(" ")
    name = h(
        "span",
        {"class": "tile-name", "title": entry["name"]},
        [join(h("span", {"class": "w"}, w), " ") for w in words],
    )
    # A clickable tile is named by what it shows (the number first), with a few words
    # only a screen reader reads; a tile that is no control gets a sentence as label.
    sr = control is not None
    inner: list[Child] = [
        h(
            "span",
            {"class": "tile-top"},
            sr and h("span", {"class": "sr-only"}, t("fl_horse") + " "),
            h("span", {"class": "tile-no num"}, str(horse)),
            " ",
            badge,
        ),
        name,
        h("span", {"class": "tile-dice"}, slots),
        h(
            "span",
            {"class": "tile-foot"},
            h("span", {"class": "tile-odds num"}, t("fl_odds_x", odds=entry["odds"])),
            " ",
            h(
                "span",
                {"class": "tile-rank num"},
                sr and h("span", {"class": "sr-only"}, t("fl_running") + " "),
                t("fl_place_n", n=entry["rank"]),
            ),
        ),
        sr and just is not None and h("span", {"class": "sr-only"}, " " + t("fl_just_used")),
        just is not None
        and h(
            "span",
            {"class": "just-tag", "aria-hidden": "true"},
            h(
                "span",
                {"class": f"fl-die tiny d-{_text(just, 'colour') or 'black'}"},
                GLYPHS.get(_text(just, "face") or "EXTRA_TURN", ""),
            ),
        ),
    ]
    tags = marks["bets"].get(horse, [])
    if tags:
        inner.append(
            h("span", {"class": "bet-tags"}, [h("span", {"class": "bet-tag"}, x) for x in tags])
        )
    if control is not None:
        focus = horse == marks["first_control"]
        if control.get("data-act") == "local" and view["phase"] == "betting":
            control = {**control, "aria-pressed": "true" if picked else "false"}
        return h(
            "li",
            {"class": "tile-cell"},
            h(
                "button",
                {"type": "button", **attrs, **control, "data-focus": focus},
                inner,
            ),
        )
    return h(
        "li",
        {"class": "tile-cell"},
        h("div", {**attrs, "aria-label": label, "role": "group"}, inner),
    )


def _picked_horses(view: FinishLineView, ctx: GameContext) -> set[int]:
    """Horses the player has picked but not yet played (shown as picked on the board)."""
    out: set[int] = set()
    if view["phase"] == "betting":
        kind, target, first = sheet_choice(ctx)
        out |= {int(x) for x in target.split("-") if x}
        if first:
            out.add(int(first))
    elif view["phase"] == "use":
        picked = _picked_die(view, ctx)
        src = _pace_from(view, ctx, picked) if picked else None
        if src is not None:
            out.add(src)
        block = _local(ctx, "block")
        if picked and block in _blocks(ctx, picked):
            out |= {int(x) for x in block.split("-")}
    return out


def _bet_tags(view: FinishLineView, ctx: GameContext) -> dict[int, list[str]]:
    """The viewer's own bets on the tiles, while they fill in their sheet (a secret turn)."""
    out: dict[int, list[str]] = {}
    slip = view["slip"]
    if view["phase"] != "betting" or slip is None:
        return out
    for w in slip["win"]:
        out.setdefault(w["horse"], []).append(
            ctx.t("fl_tag_win", amount=ctx.cat.money(w["amount"]))
        )
    for p in slip["place"]:
        a, b = p["horses"]
        for horse, other in ((a, b), (b, a)):
            out.setdefault(horse, []).append(
                ctx.t("fl_tag_place", amount=ctx.cat.money(p["amount"]), other=other)
            )
    return out


def lineup(view: FinishLineView, ctx: GameContext) -> Markup:
    t = ctx.t
    controls = tile_controls(view, ctx)
    event, horses = _just_used(ctx)
    marks: dict[str, Any] = {
        "event": event,
        "horses": horses,
        "slides": _slides(ctx),
        "picked": _picked_horses(view, ctx),
        # Once a horse is picked the focus goes on to the stakes, or stays on the tile
        # just pressed (a place pair's second horse is next to it), not to the first.
        "first_control": None
        if view["phase"] == "betting" and any(sheet_choice(ctx)[1:])
        else next((e["horse"] for e in view["row"] if e["horse"] in controls), None),
        "bets": _bet_tags(view, ctx),
    }
    row = view["row"]
    tiles: list[Markup] = []
    level = row[-2:] if view["nn"] and len(row) >= 2 else []
    for entry in row:
        if entry in level:
            continue
        tiles.append(_tile(view, entry, ctx, controls, marks))
    if level:
        tiles.append(
            h(
                "li",
                {"class": "level-pair"},
                h("span", {"class": "level-note"}, t("fl_level_pair")),
                h(
                    "ol",
                    {"aria-label": t("fl_level_pair")},
                    [_tile(view, e, ctx, controls, marks) for e in level],
                ),
            )
        )
    dq = None
    if view["disqualified"]:
        gone = event is not None and "disqualified" in event
        dq = h(
            "p",
            {"class": "dq", "data-testid": "disqualified"},
            t("fl_disqualified"),
            " ",
            [
                h(
                    "s",
                    {
                        "class": classes(
                            "dq-tile",
                            bool(gone and event and d["horse"] == event["disqualified"]) and "just",
                        ),
                        "title": horse_label(view, d["horse"]),
                    },
                    str(d["horse"]),
                )
                for d in view["disqualified"]
            ],
        )
    return h(
        "section",
        {
            "class": "fl-lineup",
            "aria-label": t("fl_lineup"),
            "data-count": str(len(row) or 7),
        },
        h(
            "div",
            {"class": "direction"},
            h("span", {"aria-hidden": "true"}, t("fl_back")),
            dq,
            h("span", {"aria-hidden": "true"}, t("fl_front")),
        ),
        h("ol", {"class": "fl-row"}, tiles or h("li", {"class": "empty"}, t("fl_no_lineup"))),
        tray(view, ctx),
    )


def _first_pick(view: FinishLineView, ctx: GameContext) -> list[str]:
    """The dice picked so far for a race's first take (checked against what is legal)."""
    if view["phase"] != "take_first":
        return []
    picked = [c for c in _local(ctx, "first").split(",") if c]
    want = Counter(picked)
    if len(picked) >= 3 or not any(
        want <= Counter(_texts(a, "colours")) for a in ctx.legal if _text(a, "type") == "take_first"
    ):
        return []
    return picked


def pool_controls(view: FinishLineView, ctx: GameContext) -> dict[str, dict[str, str]]:
    """Colour -> the attributes that make its pool dice a control now (legal takes only)."""
    out: dict[str, dict[str, str]] = {}
    phase = view["phase"]
    if phase == "take":
        for i, a in enumerate(ctx.legal):
            if _text(a, "type") == "take":
                out[_text(a, "colour")] = {"data-act": "play", "data-arg": str(i)}
    elif phase == "take_first":
        picked = _first_pick(view, ctx)
        for colour in COLOURS:
            want = Counter([*picked, colour])
            for i, a in enumerate(ctx.legal):
                have = Counter(_texts(a, "colours"))
                if _text(a, "type") != "take_first" or not want <= have:
                    continue
                if len(picked) == 2:  # the third die completes the take: it plays it
                    if want == have:
                        out[colour] = {"data-act": "play", "data-arg": str(i)}
                        break
                else:
                    out[colour] = {
                        "data-act": "local",
                        "data-arg": "first",
                        "value": ",".join([*picked, colour]),
                    }
                    break
    return out


def dice_area(view: FinishLineView, ctx: GameContext) -> Markup:
    t = ctx.t
    controls = pool_controls(view, ctx)
    chosen = Counter(_first_pick(view, ctx))
    first_control = next(iter(controls), None)
    pool = []
    for c, count in view["pool"].items():
        left = count - chosen[c]
        locked = c in view["locked"]
        faces = list(dict.fromkeys(view["faces"].get(c, [])))
        head = h(
            "span",
            {"class": "pool-head"},
            h("b", {"class": "pool-role"}, t(f"fl_role_{c}")),
            h("b", {"class": "pool-count num"}, str(left)),
        )
        body: list[Child] = [
            head,
            h(
                "span",
                {"class": "pool-dice", "aria-hidden": "true"},
                [_mini(c) for _ in range(left)],
            ),
            h(
                "span",
                {
                    "class": "pool-faces",
                    "role": "img",
                    "aria-label": t(
                        "fl_faces_of", faces=", ".join(face_name(f, ctx.cat) for f in faces)
                    ),
                },
                [
                    h(
                        "span",
                        {"class": f"fl-die tiny d-{c}", "title": face_name(f, ctx.cat)},
                        GLYPHS.get(f, ""),
                    )
                    for f in faces
                ],
            ),
            h("span", {"class": "pool-does"}, t(f"fl_does_{c}")),
            locked and h("small", {"class": "locked-note"}, t("fl_yellow_locked")),
        ]
        cls = classes("pool-colour", f"pc-{c}", locked and "locked", c in controls and "can-take")
        if c in controls:
            pool.append(
                h(
                    "li",
                    {"data-testid": f"pool-{c}"},
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": cls,
                            **controls[c],
                            "data-testid": f"take-{c}",
                            "data-focus": c == first_control,
                        },
                        h("span", {"class": "take-tag"}, t("fl_take_one")),
                        body,
                    ),
                )
            )
        else:
            pool.append(h("li", {"class": cls, "data-testid": f"pool-{c}"}, body))
    return h(
        "section",
        {"class": "fl-dice", "aria-label": t("fl_dice")},
        h(
            "div",
            {"class": "pool-box"},
            h("h3", {}, t("fl_pool", n=view["pool_size"] - sum(chosen.values()))),
            h("ul", {"class": "pool"}, pool),
        ),
        removed_box(view, ctx),
    )


def tray(view: FinishLineView, ctx: GameContext) -> Markup | None:
    """The dice in hand, under the running order: passed, taken, rolled.

    At a use, each distinct die is a button that picks it; the horses it can act on
    then light up in the row above.
    """
    t = ctx.t
    phase = view["phase"]
    if phase not in ("take_first", "take", "use"):
        return None
    holder = view["current_player"] if phase == "take_first" else view["hand_player"]
    chosen = Counter(_first_pick(view, ctx))
    picked = _picked_die(view, ctx)
    rolled = (
        ctx.motion
        and not ctx.local
        and any(_text(e, "type") in ("rolled", "roll") for e in ctx.fresh)
    )
    hand: list[HandDie] = list(view["hand"])
    for c in COLOURS:
        hand += [{"colour": as_colour(c), "face": None} for _ in range(chosen[c])]
    picks = phase == "use" and bool(ctx.legal)
    dice: list[Markup] = []
    seen: set[str] = set()
    for d in hand:
        key = f"{d['colour']}:{d['face']}"
        icon = die(d["colour"], d["face"], ctx.cat, classes("big", rolled and "tumble"))
        if not picks:
            dice.append(h("span", {"class": "tray-die"}, icon))
            continue
        if key in seen:  # two identical dice: one choice
            continue
        seen.add(key)
        dice.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": classes("tray-die", "die-pick", key == picked and "on"),
                    "data-act": "local",
                    "data-arg": "die",
                    "value": key,
                    "aria-pressed": "true" if key == picked else "false",
                    "data-testid": f"die-{d['colour']}-{d['face']}",
                    "data-focus": not picked and not dice,
                },
                icon,
                h("span", {"class": "die-name"}, face_name(d["face"], ctx.cat)),
            )
        )
    if phase in ("take_first", "take") and ctx.legal:
        dice += [
            h("span", {"class": "tray-die"}, h("span", {"class": "fl-die big slot"}))
            for _ in range(3 - len(hand))
        ]
    title = t("fl_hand_of", name=ctx.players[holder]) if holder is not None else t("fl_hand")
    return h(
        "div",
        {"class": "tray", "data-testid": "hand"},
        h("h3", {}, title),
        h("div", {"class": "tray-dice", "role": "group" if picks else None}, dice),
    )


def removed_box(view: FinishLineView, ctx: GameContext) -> Markup:
    t = ctx.t
    removed = [
        h("li", {}, die(c, None, ctx.cat, "small"), h("b", {"class": "num"}, str(n)))
        for c, n in view["removed"].items()
        if n
    ]
    return h(
        "div",
        {"class": "removed-box"},
        h("h3", {}, t("fl_removed")),
        h("ul", {"class": "removed"}, removed or h("li", {}, t("fl_none"))),
    )


# --- the player's choices ---------------------------------------------------------------
def actions(view: FinishLineView, ctx: GameContext) -> Markup:
    """The controls only: at a betting turn the shell frames them with the sheet."""
    phase = view["phase"]
    if phase == "betting":
        return bet_builder(view, ctx)
    if phase == "take_first":
        picked = _first_pick(view, ctx)
        return join(
            h("p", {"class": "prompt"}, ctx.t("fl_pick_first", n=3 - len(picked))),
            picked
            and h(
                "div",
                {"class": "choices"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "small",
                        "data-act": "local",
                        "data-arg": "first",
                        "value": "",
                        "data-testid": "first-clear",
                    },
                    ctx.t("fl_start_over"),
                ),
            ),
        )
    if phase == "take":
        return h("p", {"class": "prompt"}, ctx.t("fl_pick_colour"))
    if phase == "use":
        return use_panel(view, ctx)
    if phase == "extra":
        return join(
            h("p", {"class": "prompt"}, ctx.t("fl_extra_help")),
            h(
                "div",
                {"class": "choices"},
                action_button(
                    ctx, {"type": "extra_decline"}, ctx.t("fl_extra_decline"), "extra-decline"
                ),
            ),
        )
    return join()


def _blocks(ctx: GameContext, picked: str) -> dict[str, list[int]]:
    """Interference: each block of three (back to front, as it stands) -> action indexes."""
    out: dict[str, list[int]] = {}
    for i, a in enumerate(ctx.legal):
        if _die_key(a) == picked and "order" in a:
            order = _ints(a, "order")
            # The first listed order of a block is the block as it stands (the engine
            # lists orders by position).
            key = next((k for k in out if sorted(k.split("-")) == sorted(map(str, order))), None)
            if key is None:
                key = "-".join(map(str, order))
                out[key] = []
            out[key].append(i)
    return out


def use_panel(view: FinishLineView, ctx: GameContext) -> Markup:
    t = ctx.t
    picked = _picked_die(view, ctx)
    if not picked:
        return h("p", {"class": "prompt"}, t("fl_pick_die"))
    out: list[Child] = []
    colour, face = picked.split(":", 1)
    out.append(
        h(
            "p",
            {"class": "does"},
            h("b", {}, face_name(face, ctx.cat)),
            ": ",
            t(f"fl_does_face_{face.lower()}"),
        )
    )
    uses = [(i, a) for i, a in enumerate(ctx.legal) if _die_key(a) == picked]
    buttons: list[Child] = []
    on_tiles = [a for _, a in uses if "horse" in a]
    pace = [a for _, a in uses if "from" in a]
    src = _pace_from(view, ctx, picked)
    if on_tiles:
        out.append(h("p", {"class": "hint"}, t("fl_click_horse", n=len(on_tiles))))
    if pace:
        if src is None:
            out.append(h("p", {"class": "hint"}, t("fl_pace_from")))
        else:
            out.append(h("p", {"class": "hint"}, t("fl_pace_to", horse=horse_label(view, src))))
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "small",
                        "data-act": "local",
                        "data-arg": "pace_from",
                        "value": "",
                        "data-testid": "pace-back",
                    },
                    t("fl_pick_again"),
                )
            )
    blocks = _blocks(ctx, picked)
    block = _local(ctx, "block")
    if blocks and block not in blocks:
        out.append(h("p", {"class": "hint"}, t("fl_pick_block")))
        for key in blocks:
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "small",
                        "data-act": "local",
                        "data-arg": "block",
                        "value": key,
                        "data-testid": f"block-{key}",
                        "data-focus": not buttons,
                    },
                    " · ".join(key.split("-")),
                )
            )
    elif blocks:
        out.append(h("p", {"class": "hint"}, t("fl_pick_order")))
        for i in blocks[block]:
            order = _ints(ctx.legal[i], "order")
            same = "-".join(map(str, order)) == block
            buttons.append(
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "small primary" if not same else "small",
                        "data-act": "play",
                        "data-arg": str(i),
                        "data-testid": "use-" + "-".join(map(str, order)),
                        "data-focus": not buttons,
                    },
                    t("fl_keep_order") if same else " → ".join(map(str, order)),
                )
            )
        buttons.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "small",
                    "data-act": "local",
                    "data-arg": "block",
                    "value": "",
                    "data-testid": "block-back",
                },
                t("fl_pick_again"),
            )
        )
    for i, a in uses:
        if any(k in a for k in ("horse", "from", "order")) or _text(a, "type") == "discard":
            continue
        buttons.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": "small primary" if "colours" in a else "primary",
                    "data-act": "play",
                    "data-arg": str(i),
                    "data-testid": "use-" + _use_key(a),
                    "data-focus": not buttons and not on_tiles and not pace,
                },
                _insider_text(a, ctx)
                if "colours" in a
                else t("fl_use_plain", face=face_name(face, ctx.cat)),
            )
        )
    if len(uses) == 1:
        out.append(h("p", {"class": "note"}, t("fl_only_discard")))
    buttons.append(
        action_button(
            ctx,
            {"type": "discard", "colour": colour, "face": face},
            t("fl_discard"),
            "discard",
            "small",
            **{"data-focus": len(uses) == 1 or None},
        )
    )
    out.append(h("div", {"class": "choices", "role": "group", "data-testid": "uses"}, buttons))
    return join(*out)


def _insider_text(action: Action, ctx: GameContext) -> Markup:
    colours = _texts(action, "colours")
    if not colours:
        return join(ctx.t("fl_use_insider", dice=ctx.t("fl_none")))
    names = ", ".join(ctx.t(f"fl_colour_{c}") for c in colours)
    return join([_mini(c) for c in colours], " ", ctx.t("fl_use_insider", dice=names))


def _use_key(action: Action) -> str:
    if "horse" in action:
        return str(_int(action, "horse"))
    if "from" in action:
        return f"{_int(action, 'from')}-{_int(action, 'to')}"
    if "order" in action:
        return "-".join(str(x) for x in _ints(action, "order"))
    if "colours" in action:
        return "-".join(_texts(action, "colours")) or "none"
    return "go"


def describe_use(view: FinishLineView, action: Action, cat: Catalogue) -> str:
    """A use of a die in words, naming the horses by number and name."""
    t = cat.t
    face = face_name(_text(action, "face"), cat)
    if "horse" in action:
        return t("fl_use_on", face=face, horse=horse_label(view, _int(action, "horse")))
    if "from" in action:
        return t(
            "fl_use_pace",
            src=horse_label(view, _int(action, "from")),
            dst=horse_label(view, _int(action, "to")),
        )
    return _use_text(action, cat)


def _use_text(action: Action, cat: Catalogue) -> str:
    """A use of a die in words, horses by number (also for the log's events)."""
    t = cat.t
    face = face_name(_text(action, "face"), cat)
    if "horse" in action:
        return t("fl_use_on", face=face, horse=_int(action, "horse"))
    if "from" in action:
        return t("fl_use_pace", src=_int(action, "from"), dst=_int(action, "to"))
    if "order" in action:
        return t("fl_use_order", order=" → ".join(str(x) for x in _ints(action, "order")))
    if "colours" in action:
        names = ", ".join(t(f"fl_colour_{c}") for c in _texts(action, "colours"))
        return t("fl_use_insider", dice=names or t("fl_none"))
    return t("fl_use_plain", face=face)


BET_KINDS = ("win", "place")


def bet_targets(ctx: GameContext) -> dict[str, list[str]]:
    """The lines the engine lets this slip bet on now, by kind, in its order.

    A win target is a horse id ("3"), a place target a pair ("2-5"); both are read from
    the legal actions, so the sheet never decides itself which lines are still open.
    """
    out: dict[str, list[str]] = {k: [] for k in BET_KINDS}
    for a in ctx.legal:
        kind = _text(a, "type")
        if kind == "bet_win":
            key, line = str(_int(a, "horse")), "win"
        elif kind == "bet_place":
            key, line = "-".join(str(x) for x in _ints(a, "horses")), "place"
        else:
            continue
        if key not in out[line]:
            out[line].append(key)
    return out


def bet_action(kind: str, target: str, amount: int) -> Action:
    """The engine action for ``amount`` on a sheet line (``target`` from bet_targets)."""
    if kind == "win":
        return {"type": "bet_win", "horse": int(target), "amount": amount}
    return {"type": "bet_place", "horses": [int(x) for x in target.split("-")], "amount": amount}


def sheet_choice(ctx: GameContext) -> tuple[str, str, str]:
    """The sheet's kind shown, its chosen line ("" if none) and a place pair's first horse.

    ``win_target`` holds a horse, ``place_target`` a pair ("2-5") or, while the pair is
    being picked, its first horse ("2"). Only open lines count (a stale or forged
    choice is no choice).
    """
    kind = _local(ctx, "bet_kind")
    if kind not in BET_KINDS:
        kind = "win"
    lines = bet_targets(ctx)[kind]
    value = _local(ctx, f"{kind}_target")
    if value in lines:
        return kind, value, ""
    if kind == "place" and value and any(value in p.split("-") for p in lines):
        return kind, "", value
    return kind, "", ""


def _local_button(
    arg: str, value: str, text: Child, testid: str, on: bool, cls: str = "", **attrs: object
) -> Markup:
    return h(
        "button",
        {
            "type": "button",
            "data-act": "local",
            "data-arg": arg,
            "value": value,
            "class": classes(cls, on and "on") or None,
            "aria-pressed": "true" if on else "false",
            "data-testid": testid,
            **attrs,
        },
        text,
    )


def bet_builder(view: FinishLineView, ctx: GameContext) -> Markup:
    """The paper sheet: a win horse, or a place pair picked one horse after the other,
    then stakes added in steps.

    Each kind remembers its own chosen line (``win_target``, ``place_target``), so
    switching between Win and Place never pairs a horse with the wrong kind of bet, and
    switching back finds the line as it was left. Horses are shown by number (their
    names and odds are on the tiles, which light up when picked).
    """
    t = ctx.t
    kind, target, first = sheet_choice(ctx)
    open_lines = bet_targets(ctx)
    lines = open_lines[kind]
    kinds = h(
        "span",
        {"class": "kind-switch", "role": "group", "aria-label": t("fl_bet_kind")},
        [
            _local_button("bet_kind", k, t(f"fl_{k}_bet"), f"bet-kind-{k}", k == kind)
            for k in BET_KINDS
        ],
    )
    odds_of = {e["horse"]: e["odds"] for e in view["row"]}
    stakes: list[Markup] = []
    if target:
        for amount in AMOUNTS:
            i = ctx.index_of(bet_action(kind, target, amount))
            if i is not None:
                stakes.append(
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-act": "play",
                            "data-arg": str(i),
                            "class": "stake small",
                            "data-testid": f"stake-{amount}",
                            "data-focus": not stakes or None,
                        },
                        "+",
                        ctx.cat.money(amount).removeprefix("£"),  # the line says "£"
                    )
                )
    # No line of either kind is open only when nothing is left to stake.
    broke = not any(open_lines.values())
    if target and kind == "win":
        chosen = t("fl_win_chosen", horse=target, odds=odds_of.get(int(target), "?"))
    elif target:
        a, b = target.split("-")
        chosen = t("fl_place_chosen", a=a, b=b, odds=view["place_odds"].get(target, "?"))
    elif first:
        chosen = t("fl_place_second", horse=first)
    elif lines:
        chosen = t(f"fl_click_{kind}")
    else:
        chosen = t("fl_no_money" if broke else "fl_no_more_lines")
    done = ctx.index_of({"type": "bet_done"})
    return join(
        h(
            "div",
            {"class": "choices kinds"},
            kinds,
            done is not None
            and h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-act": "play",
                    "data-arg": str(done),
                    "data-testid": "bet-done",
                },
                t("fl_confirm_slip"),
            ),
        ),
        h("p", {"class": "chosen", "data-testid": "bet-chosen"}, chosen),
        target
        and h(
            "div",
            {"class": "choices stakes", "role": "group", "data-testid": "stakes"},
            stakes or h("span", {}, t("fl_no_money")),
        ),
    )


def private_panel(view: FinishLineView, seat: int, ctx: GameContext) -> Markup:
    """The seat's own sheet: its lines this race, the stake and the money left."""
    t = ctx.t
    slip = view["slip"]
    lines: list[Markup] = []
    stake = 0
    left = view["money"][seat] or 0
    if slip is not None:
        lines += [
            h(
                "li",
                {},
                t(
                    "fl_win_line",
                    horse=w["horse"],
                    amount=ctx.cat.money(w["amount"]),
                    odds=w["odds"],
                ),
            )
            for w in slip["win"]
        ]
        lines += [
            h(
                "li",
                {},
                t(
                    "fl_place_line",
                    a=p["horses"][0],
                    b=p["horses"][1],
                    amount=ctx.cat.money(p["amount"]),
                    odds=p["odds"],
                ),
            )
            for p in slip["place"]
        ]
        stake = slip["stake"]
        if slip["left"] is not None:
            left = slip["left"]
    return h(
        "div",
        {"class": "fl-sheet"},
        lines and h("ol", {"class": "slip-lines", "aria-label": t("fl_sheet")}, lines),
        h(
            "p",
            {"class": "num slip-sum"},
            t("fl_stake_total", stake=ctx.cat.money(stake)) if lines else t("fl_empty_slip"),
            " · ",
            t("fl_money_left", money=ctx.cat.money(left)),
        ),
    )


# --- words -------------------------------------------------------------------------------
def describe(event: dict[str, Any], players: list[str], cat: Catalogue) -> str | None:
    t = cat.t
    kind = _text(event, "type")
    who = seat_name(players, event.get("seat"))
    if kind == "start_player":
        return t("fl_ev_start_player", name=who, race=_int(event, "race"))
    if kind == "race_started":
        return t("fl_ev_race_started", race=_int(event, "race"))
    if kind == "tile_revealed":
        return t("fl_ev_tile", horse=_int(event, "tile"), slot=_int(event, "slot"))
    if kind == "betting_opens":
        return t("fl_ev_betting_opens", name=who)
    if kind == "slip_confirmed":
        return t("fl_ev_slip", name=who)
    if kind == "betting_closed":
        return t("fl_ev_betting_closed")
    if kind == "turn":
        return t("fl_ev_turn", name=who, turn=_int(event, "turn"))
    if kind == "took":
        names = ", ".join(t(f"fl_colour_{c}") for c in _texts(event, "colours"))
        return t("fl_ev_took", name=who, dice=names)
    if kind == "rolled":
        return t(
            "fl_ev_rolled",
            name=who,
            colour=t(f"fl_colour_{_text(event, 'colour')}"),
            face=face_name(_text(event, "face"), cat),
        )
    if kind == "used":
        return t("fl_ev_used", name=who, what=_use_text(event, cat))
    if kind == "discarded":
        return t(
            "fl_ev_discard",
            name=who,
            face=face_name(_text(event, "face"), cat),
            colour=t(f"fl_colour_{_text(event, 'colour') or 'white'}"),
        )
    if kind == "dice_phase_over":
        return t("fl_ev_dice_over", turns=_int(event, "turns"))
    if kind == "extra_used":
        return t("fl_ev_extra", name=who, horse=_int(event, "horse"))
    if kind == "extra_declined":
        return t("fl_ev_extra_declined", name=who)
    if kind == "photo":
        rolls: list[int | str] = [*_ints(event, "rolls")] or ["?", "?"]
        return t(
            "fl_ev_photo",
            upper=_int(event, "upper"),
            lower=_int(event, "lower"),
            a=rolls[0],
            b=rolls[1],
        )
    if kind == "race_over":
        return t(
            "fl_ev_race_over",
            race=_int(event, "race"),
            winner=_int(event, "winner"),
            second=_int(event, "second"),
        )
    if kind == "game_over":
        return t("fl_ev_game_over")
    return None


def rules_summary(cat: Catalogue) -> Markup:
    return rules_paragraphs(cat, "fl_rules_")


# --- results ----------------------------------------------------------------------------
def _finish_order(view: FinishLineView, r: RaceResult, ctx: GameContext) -> Markup:
    """The finishing order as small tiles, first on the left, with the outsider dice."""
    t = ctx.t
    odds = {s["horse"]: s["odds"] for s in r["lineup"]}
    bonus = {o["horse"]: o["amount"] for o in r["outsiders"]}
    places = []
    for place, horse in enumerate(r["finish"], start=1):
        places.append(
            h(
                "li",
                {"class": classes("fin", place <= 2 and f"p{place}")},
                h("span", {"class": "fin-place"}, t("fl_place_n", n=place)),
                h("b", {"class": "fin-no num"}, str(horse)),
                h(
                    "span",
                    {"class": "fin-name"},
                    [
                        join(h("span", {"class": "w"}, w), " ")
                        for w in view["names"].get(str(horse), "").split(" ")
                    ],
                ),
                h("span", {"class": "fin-odds num"}, t("fl_odds_x", odds=odds.get(horse, "?"))),
                horse in bonus
                and h(
                    "span",
                    {"class": "fin-bonus"},
                    _mini("green"),
                    " ",
                    ctx.cat.money(bonus[horse]),
                ),
            )
        )
    # Disqualified horses close the row, struck through (they finish nowhere).
    places += [
        h(
            "li",
            {"class": "fin out"},
            h("span", {"class": "fin-place"}, t("fl_out")),
            h("s", {"class": "fin-no num"}, str(s["horse"])),
        )
        for s in r["lineup"]
        if s["horse"] not in r["finish"]
    ]
    return h("ol", {"class": "finish", "aria-label": t("fl_finish_order")}, places)


def _sheet(r: RaceResult, seat: int, ctx: GameContext) -> Markup:
    t = ctx.t
    slip = r["slips"][seat]
    lines: list[Markup] = []
    for w in slip["win"]:
        lines.append(
            h(
                "li",
                {"class": classes(w["payout"] > 0 and "won")},
                t(
                    "fl_win_line",
                    horse=w["horse"],
                    amount=ctx.cat.money(w["amount"]),
                    odds=w["odds"],
                ),
                h("b", {"class": "pay num"}, "→ ", ctx.cat.money(w["payout"])),
            )
        )
    for p in slip["place"]:
        lines.append(
            h(
                "li",
                {"class": classes(p["payout"] > 0 and "won")},
                t(
                    "fl_place_line",
                    a=p["horses"][0],
                    b=p["horses"][1],
                    amount=ctx.cat.money(p["amount"]),
                    odds=p["odds"],
                ),
                h("b", {"class": "pay num"}, "→ ", ctx.cat.money(p["payout"])),
            )
        )
    for b in slip["bonuses"]:
        lines.append(
            h(
                "li",
                {"class": "won"},
                t("fl_bonus_line", horse=b["horse"], kind=t(f"fl_bonus_{b['kind']}")),
                h("b", {"class": "pay num"}, "→ ", ctx.cat.money(b["amount"])),
            )
        )
    return h(
        "li",
        {"class": f"sheet pc{seat}", "data-testid": f"sheet-{seat}"},
        h("h4", {}, h("bdi", {}, ctx.players[seat])),
        h("ol", {}, lines or h("li", {"class": "empty"}, t("fl_empty_slip"))),
        h(
            "p",
            {"class": "num sheet-sum"},
            t(
                "fl_staked_paid",
                stake=ctx.cat.money(slip["stake"]),
                payout=ctx.cat.money(slip["payout"]),
            ),
            h("br", {}),
            h("b", {}, t("fl_money_now", money=ctx.cat.money(r["money"][seat]))),
        ),
    )


def results_detail(view: FinishLineView, ctx: GameContext) -> Markup:
    """Each race: the finishing order, every sheet revealed with what each line paid."""
    t = ctx.t
    races = []
    several = len(view["results"]) > 1
    for r in view["results"]:
        photo = r["photo"]
        races.append(
            h(
                "li",
                {"class": "fl-result", "data-testid": f"race-result-{r['race']}"},
                several
                and h(
                    "h3",
                    {},
                    t(
                        "fl_race_result",
                        race=r["race"],
                        winner=horse_label(view, r["winner"]),
                        second=horse_label(view, r["second"]),
                    ),
                ),
                _finish_order(view, r, ctx),
                photo
                and h(
                    "p",
                    {"class": "photo"},
                    t("fl_photo_rolls", rolls="; ".join(f"{a}:{b}" for a, b in photo)),
                ),
                h(
                    "ol",
                    {"class": "sheets", "aria-label": t("fl_settlements")},
                    [_sheet(r, s, ctx) for s in range(len(r["slips"]))],
                ),
                r["grant"]
                and not several
                and h(
                    "p",
                    {"class": "grant"},
                    t("fl_grant_next", amount=ctx.cat.money(r["grant"]), race=r["race"] + 1),
                ),
            )
        )
    return h("section", {"class": "race-results"}, h("ol", {"class": "fl-results"}, races))


def lens_horse(view: FinishLineView, horse: str, cat: Catalogue) -> str:
    return horse_label(view, int(horse))


def card_words(view: FinishLineView, card: str, cat: Catalogue) -> str:
    return card  # no action of this game names a card


def lens_chart(view: FinishLineView, odds: Odds, cat: Catalogue) -> Markup | None:
    """Each horse's chance of each finishing place: a shaded grid with its numbers."""
    race = odds.get("race")
    if not race:
        return None
    places = max(len(c["slots"]) for c in race.values())
    order = sorted(race, key=lambda horse: [-p for p in race[horse]["slots"]])
    # A whip or a disqualification puts a horse out of the race: a row then sums to less
    # than 100, and the rest is its chance to be out.
    out = {horse: max(0.0, 1.0 - sum(race[horse]["slots"])) for horse in race}
    shown_out = any(round(100 * p) for p in out.values())
    head = h(
        "tr",
        {},
        h("th", {"scope": "col"}, cat.t("lens_horse")),
        [h("th", {"scope": "col"}, cat.t("fl_place_n", n=i + 1)) for i in range(places)],
        shown_out and h("th", {"scope": "col"}, cat.t("fl_place_out")),
    )
    rows = [
        h(
            "tr",
            {},
            h("th", {"scope": "row"}, horse_label(view, int(horse))),
            [
                h(
                    "td",
                    # The shade says how likely at a glance (in tenths; the page allows
                    # no inline styles); the number says it exactly.
                    {"class": f"fl-slot lens-shade s{round(10 * p)}"},
                    f"{round(100 * p)}",
                )
                for p in [*race[horse]["slots"], *([out[horse]] if shown_out else [])]
            ],
        )
        for horse in order
    ]
    slots = h(
        "table",
        {"class": "fl-slots"},
        h("caption", {}, cat.t("fl_lens_slots")),
        h("thead", {}, head),
        h("tbody", {}, rows),
    )
    return Markup(slots + (lens_lines(view, odds, cat) or ""))


def lens_lines(view: FinishLineView, odds: Odds, cat: Catalogue) -> Markup | None:
    """While the slips are filled: what a stake of 100 pays back on average, as a win
    line on the diagonal (row and column the same horse) and as a place line on the
    row's and the column's horse below it (each pair once)."""
    horses = view["lineup"]

    def line(i: int, j: int) -> Bet | None:
        if i == j:
            return {"line": "win", "horse": horses[i]}
        return {"line": "place", "horses": sorted([horses[i], horses[j]])} if j < i else None

    return bet_grid(
        cat.t("fl_lens_lines"),
        cat.t("lens_horse"),
        [str(b) for b in horses],
        [
            (horse_label(view, a), [line(i, j) for j in range(len(horses))])
            for i, a in enumerate(horses)
        ],
        priced(odds),
        lambda v: number(cat, v),
    )
