"""Finish Line's table: the lineup of horse tiles, the dice pool, the hand and the sheets."""

from __future__ import annotations

from typing import Any

from pygames.finish_line.view import FinishLineView, Horse

from .html import Markup, classes, h, join
from .i18n import Catalogue
from .parts import action_button
from .table import GameContext, rules_paragraphs, seat_name

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
        GLYPHS.get(face or "", "?") if face is not None else "·",
    )


def horse_label(view: FinishLineView, horse: int) -> str:
    """A horse still running by number and name; a disqualified one by number."""
    for entry in view["row"]:
        if entry["horse"] == horse:
            return f"{horse} {entry['name']}"
    return str(horse)


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


PEEK_KEY = "fl_my_sheet"  # the button that shows a player their own secrets


# --- hooks --------------------------------------------------------------------------------
def score_text(view: FinishLineView, seat: int, ctx: GameContext) -> str:
    money = view["money"][seat]
    totals = view["totals"]
    if totals:
        return ctx.cat.money(totals[seat])
    return ctx.t("fl_money_hidden") if money is None else ctx.cat.money(money)


def player_extra(view: FinishLineView, seat: int, ctx: GameContext) -> Markup:
    bits: list[Markup] = []
    # The side-bet ledger is public and shown all game long (settled at the end).
    ledger = view["ledger"][seat]
    bits.append(h("span", {"class": "ledger"}, ctx.t("fl_ledger", amount=ctx.cat.money(ledger))))
    held = view["held"][seat]
    if held:
        bits.append(
            h(
                "span",
                {"class": "held"},
                ctx.t("fl_held", n=held),
                [die("black", "EXTRA_TURN", ctx.cat, "small") for _ in range(held)],
            )
        )
    if view["slip_confirmed"][seat]:  # only ever true while the slips are open
        bits.append(h("span", {"class": "slip-done"}, ctx.t("fl_slip_done")))
    return join(*bits)


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


def board(view: FinishLineView, ctx: GameContext) -> Markup:
    return join(lineup(view, ctx), dice_area(view, ctx))


def _die_key(action: Action) -> str:
    """The die an action uses, as the use panel names it ("colour:FACE")."""
    return f"{_text(action, 'colour')}:{_text(action, 'face')}"


def _horse_actions(ctx: GameContext) -> dict[int, int]:
    """Tile -> index of the one action that a click on that tile plays."""
    picked = ctx.local.get("die")
    out: dict[int, int] = {}
    for i, a in enumerate(ctx.legal):
        kind = _text(a, "type")
        if kind == "extra" or (kind == "use" and "horse" in a and picked == _die_key(a)):
            out[_int(a, "horse")] = i
    return out


def _tile(entry: Horse, ctx: GameContext, click: dict[int, int]) -> Markup:
    t = ctx.t
    horse = entry["horse"]
    dice = entry["dice"]
    slots = [die(d["colour"], d["face"], ctx.cat, "on-tile") for d in dice]
    slots += [
        h("span", {"class": "fl-field", "aria-hidden": "true"})
        for _ in range(max(0, entry["fields"] - len(dice)))
    ]
    kind = entry["type"]
    badge = kind and h("span", {"class": f"badge b-{kind}", "title": t(f"fl_type_{kind}")}, kind)
    attrs: dict[str, object] = {
        "class": classes(
            "fl-tile",
            kind and f"t-{kind}",
            entry["rank"] == 1 and "leader",
            horse in click and "can-pick",
        ),
        "data-horse": str(horse),
        "data-testid": f"tile-{horse}",
    }
    label = t(
        "fl_tile_label", horse=horse, name=entry["name"], rank=entry["rank"], odds=entry["odds"]
    )
    inner = [
        h("span", {"class": "tile-no num"}, str(horse)),
        badge,
        h("span", {"class": "tile-name"}, entry["name"]),
        h("span", {"class": "tile-dice"}, slots),
        h(
            "span",
            {"class": "tile-meta"},
            t("fl_rank", rank=entry["rank"]),
            " · ",
            t("fl_odds_x", odds=entry["odds"]),
        ),
    ]
    if horse in click:
        attrs.update({"data-act": "play", "data-arg": str(click[horse])})
        return h("button", {"type": "button", **attrs, "aria-label": label}, inner)
    return h("li", {**attrs, "aria-label": label}, inner)


def lineup(view: FinishLineView, ctx: GameContext) -> Markup:
    t = ctx.t
    click = _horse_actions(ctx)
    row = view["row"]
    tiles: list[Markup] = []
    level = row[-2:] if view["nn"] and len(row) >= 2 else []
    for entry in row:
        if entry in level:
            continue
        tiles.append(_tile(entry, ctx, click))
    if level:
        tiles.append(
            h(
                "li",
                {"class": "level-pair", "aria-label": t("fl_level_pair")},
                h("span", {"class": "level-note"}, t("fl_level_pair")),
                h("ol", {}, [_tile(e, ctx, click) for e in level]),
            )
        )
    odds = h(
        "ol",
        {"class": "odds-row", "aria-label": t("fl_odds_row")},
        [
            h("li", {}, h("span", {"class": "slot"}, f"s{k}"), h("b", {"class": "num"}, f"{x}×"))
            for k, x in enumerate(view["odds"], start=1)
        ],
    )
    dq = None
    if view["disqualified"]:
        dq = h(
            "p",
            {"class": "dq", "data-testid": "disqualified"},
            t("fl_disqualified"),
            " ",
            [h("s", {"class": "dq-tile"}, str(d["horse"])) for d in view["disqualified"]],
        )
    return h(
        "section",
        {"class": "fl-lineup", "aria-label": t("fl_lineup")},
        h("p", {"class": "direction"}, h("span", {}, t("fl_back")), h("span", {}, t("fl_front"))),
        h("ol", {"class": "fl-row"}, tiles),
        odds,
        dq,
    )


def dice_area(view: FinishLineView, ctx: GameContext) -> Markup:
    t = ctx.t
    pool = []
    for c, count in view["pool"].items():
        locked = c in view["locked"]
        pool.append(
            h(
                "li",
                {"class": classes("pool-colour", locked and "locked"), "data-testid": f"pool-{c}"},
                die(c, None, ctx.cat),
                h("b", {"class": "num"}, str(count)),
                locked and h("small", {}, t("fl_yellow_locked")),
            )
        )
    removed = [
        h("li", {}, die(c, None, ctx.cat), h("b", {"class": "num"}, str(n)))
        for c, n in view["removed"].items()
        if n
    ]
    hand = None
    if view["hand"]:
        holder = view["hand_player"]
        fresh = any(_text(e, "type") in ("rolled", "roll") for e in ctx.fresh)
        hand = h(
            "div",
            {"class": "hand", "data-testid": "hand"},
            h(
                "h3",
                {},
                t("fl_hand_of", name=ctx.players[holder]) if holder is not None else t("fl_hand"),
            ),
            [
                die(d["colour"], d["face"], ctx.cat, classes("big", fresh and "tumble"))
                for d in view["hand"]
            ],
        )
    return h(
        "section",
        {"class": "fl-dice", "aria-label": t("fl_dice")},
        h(
            "div",
            {},
            h("h3", {}, t("fl_pool", n=view["pool_size"])),
            h("ul", {"class": "pool"}, pool),
        ),
        hand,
        h(
            "div",
            {},
            h("h3", {}, t("fl_removed")),
            h("ul", {"class": "pool removed"}, removed or h("li", {}, t("fl_none"))),
        ),
    )


# --- the player's choices ---------------------------------------------------------------
def actions(view: FinishLineView, ctx: GameContext) -> Markup:
    """The controls only: at a betting turn the shell frames them with the sheet."""
    phase = view["phase"]
    if phase == "betting":
        return bet_builder(view, ctx)
    if phase == "take_first":
        return _choices(
            ctx.t("fl_pick_first"),
            [
                action_button(
                    ctx,
                    a,
                    " + ".join(ctx.t(f"fl_colour_{c}") for c in _texts(a, "colours")),
                    "first-" + "-".join(_texts(a, "colours")),
                )
                for a in ctx.legal
            ],
        )
    if phase == "take":
        return _choices(
            ctx.t("fl_pick_colour"),
            [
                action_button(
                    ctx,
                    a,
                    ctx.t("fl_take", colour=ctx.t(f"fl_colour_{_text(a, 'colour')}")),
                    f"take-{_text(a, 'colour')}",
                )
                for a in ctx.legal
            ],
        )
    if phase == "use":
        return use_panel(view, ctx)
    if phase == "extra":
        return _choices(
            ctx.t("fl_extra_help"),
            [
                action_button(
                    ctx,
                    a,
                    ctx.t("fl_extra_on", horse=horse_label(view, _int(a, "horse"))),
                    f"extra-{_int(a, 'horse')}",
                )
                if _text(a, "type") == "extra"
                else action_button(ctx, a, ctx.t("fl_extra_decline"), "extra-decline")
                for a in ctx.legal
            ],
        )
    return join()


def _choices(prompt: str, buttons: list[Markup | None]) -> Markup:
    return join(h("p", {}, prompt), h("div", {"class": "choices", "role": "group"}, buttons))


def use_panel(view: FinishLineView, ctx: GameContext) -> Markup:
    t = ctx.t
    picked = ctx.local.get("die")
    dice = []
    seen: set[str] = set()
    for d in view["hand"]:
        key = f"{d['colour']}:{d['face']}"
        if key in seen:
            continue
        seen.add(key)
        dice.append(
            h(
                "button",
                {
                    "type": "button",
                    "class": classes("die-pick", key == picked and "on"),
                    "data-act": "local",
                    "data-arg": "die",
                    "value": key,
                    "aria-pressed": "true" if key == picked else "false",
                    "data-testid": f"die-{d['colour']}-{d['face']}",
                },
                die(d["colour"], d["face"], ctx.cat, "big"),
                " ",
                face_name(d["face"], ctx.cat),
            )
        )
    out: list[Markup] = [
        h("p", {}, t("fl_pick_die")),
        h("div", {"class": "choices", "role": "group"}, dice),
    ]
    if picked:
        uses = [a for a in ctx.legal if _die_key(a) == picked]
        buttons: list[Markup | None] = []
        for a in uses:
            if _text(a, "type") == "discard":
                buttons.append(action_button(ctx, a, t("fl_discard"), "discard"))
            else:
                text = describe_use(view, a, ctx.cat)
                buttons.append(action_button(ctx, a, text, "use-" + _use_key(a), "primary"))
        if len(uses) == 1:
            out.append(h("p", {"class": "note"}, t("fl_only_discard")))
        out.append(h("div", {"class": "choices", "role": "group", "data-testid": "uses"}, buttons))
    return join(*out)


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


def bet_builder(view: FinishLineView, ctx: GameContext) -> Markup:
    """The paper sheet: pick win horse or place pair, then add stakes in steps.

    Each kind remembers its own chosen line (``win_target``, ``place_target``), so
    switching between Win and Place never pairs a horse with the wrong kind of bet, and
    switching back finds the line as it was left.
    """
    t = ctx.t
    kind = ctx.local.get("bet_kind")
    if kind not in BET_KINDS:
        kind = "win"
    open_lines = bet_targets(ctx)
    lines = open_lines[kind]
    # A remembered line that is no longer open (or a forged value) counts as no choice.
    target = ctx.local.get(f"{kind}_target")
    if target not in lines:
        target = None
    kinds = h(
        "div",
        {"class": "choices", "role": "group"},
        [
            h(
                "button",
                {
                    "type": "button",
                    "data-act": "local",
                    "data-arg": "bet_kind",
                    "value": k,
                    "class": classes(k == kind and "on"),
                    "aria-pressed": "true" if k == kind else "false",
                    "data-testid": f"bet-kind-{k}",
                },
                t(f"fl_{k}_bet"),
            )
            for k in BET_KINDS
        ],
    )
    odds_of = {e["horse"]: e["odds"] for e in view["row"]}
    targets = []
    for value in lines:
        if kind == "win":
            horse = int(value)
            label = t("fl_win_target", horse=horse_label(view, horse), odds=odds_of.get(horse, "?"))
        else:
            a, b = value.split("-")
            label = t("fl_place_target", a=a, b=b, odds=view["place_odds"].get(value, "?"))
        targets.append(
            h(
                "button",
                {
                    "type": "button",
                    "data-act": "local",
                    "data-arg": f"{kind}_target",
                    "value": value,
                    "class": classes(kind == "place" and "small", value == target and "on"),
                    "aria-pressed": "true" if value == target else "false",
                    "data-testid": f"bet-target-{value}",
                },
                label,
            )
        )
    stakes = []
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
                            "class": "stake",
                            "data-testid": f"stake-{amount}",
                        },
                        "+",
                        ctx.cat.money(amount),
                    )
                )
    # No line of either kind is open only when nothing is left to stake.
    broke = not any(open_lines.values())
    done = ctx.index_of({"type": "bet_done"})
    return join(
        h("p", {}, t("fl_bet_help")),
        kinds,
        h(
            "div",
            {"class": "choices targets", "role": "group", "data-testid": "bet-targets"},
            targets or t("fl_no_money" if broke else "fl_no_more_lines"),
        ),
        target
        and h(
            "div",
            {"class": "choices", "role": "group", "data-testid": "stakes"},
            stakes or h("span", {}, t("fl_no_money")),
        ),
        done is not None
        and h(
            "button",
            {
                "type": "button",
                "class": "primary big",
                "data-act": "play",
                "data-arg": str(done),
                "data-testid": "bet-done",
            },
            t("fl_confirm_slip"),
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
                    horse=horse_label(view, w["horse"]),
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
    return join(
        h("h4", {}, t("fl_sheet")),
        h("ol", {"class": "slip-lines"}, lines or h("li", {}, t("fl_empty_slip"))),
        h(
            "p",
            {"class": "num"},
            t("fl_stake_total", stake=ctx.cat.money(stake)),
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


def results_detail(view: FinishLineView, ctx: GameContext) -> Markup:
    t = ctx.t
    races = []
    for r in view["results"]:
        sheets = []
        for seat, slip in enumerate(r["slips"]):
            lines = [
                h(
                    "li",
                    {},
                    t(
                        "fl_win_line",
                        horse=w["horse"],
                        amount=ctx.cat.money(w["amount"]),
                        odds=w["odds"],
                    ),
                    " → ",
                    ctx.cat.money(w["payout"]),
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
                    " → ",
                    ctx.cat.money(p["payout"]),
                )
                for p in slip["place"]
            ]
            lines += [
                h(
                    "li",
                    {},
                    t(
                        "fl_bonus_line",
                        horse=b["horse"],
                        amount=ctx.cat.money(b["amount"]),
                        kind=t(f"fl_bonus_{b['kind']}"),
                    ),
                )
                for b in slip["bonuses"]
            ]
            sheets.append(
                h(
                    "li",
                    {"class": f"sheet pc{seat}", "data-testid": f"sheet-{seat}"},
                    h("h4", {}, ctx.players[seat]),
                    h("ol", {}, lines or h("li", {}, t("fl_empty_slip"))),
                    h(
                        "p",
                        {"class": "num"},
                        t(
                            "fl_payout_total",
                            payout=ctx.cat.money(slip["payout"]),
                            money=ctx.cat.money(r["money"][seat]),
                        ),
                    ),
                )
            )
        photo = r["photo"]
        races.append(
            h(
                "li",
                {"data-testid": f"race-result-{r['race']}"},
                h(
                    "h3",
                    {},
                    t("fl_race_result", race=r["race"], winner=r["winner"], second=r["second"]),
                ),
                photo
                and h("p", {}, t("fl_photo_rolls", rolls="; ".join(f"{a}:{b}" for a, b in photo))),
                h("ol", {"class": "sheets"}, sheets),
            )
        )
    return h(
        "section", {"class": "race-results"}, h("h2", {}, t("fl_settlements")), h("ol", {}, races)
    )
