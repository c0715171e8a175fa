"""The table screen: board, player strip, action bar with undo, and the log."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pygames.core import Event
from pygames.core.view import AnyView

from .. import advice_panel, lens_panel, thinking
from ..html import Markup, classes, h, join
from ..parts import drawer_head, log_list
from ..table import GameContext, Table, seat_paints, token_label
from ..tables import TABLES
from . import curtain, frame, playing, results

if TYPE_CHECKING:
    from ..app import App


def screen(app: App) -> Markup:
    assert app.match is not None
    t = app.cat.t
    match = app.match
    table = TABLES[match.game_id]
    title = t(f"game_{match.game_id}")
    curtain_seat = None if app.interlude else app.needs_curtain()
    if curtain_seat is not None:
        # Nothing asked for before the hand-off opens later over someone's private panel.
        app.overlay = None
        app._hand = f"curtain:{curtain_seat}"
        return join(
            frame.header(app, title, behind_curtain=True), curtain.curtain(app, curtain_seat, table)
        )
    viewer = None if app.interlude else app.unlocked
    view = match.state.view(viewer)
    seat = match.current_player()
    human_turn = (
        seat >= 0 and match.seats[seat] == "human" and app.peek is None and not app.interlude
    )
    secret_turn = app.private_turn()
    can_act = human_turn and (not secret_turn or app.unlocked == seat)
    app.legal = match.state.legal_actions() if can_act else []
    next_up = None
    if app.interlude:
        app._hand = f"interlude:{len(match.events)}"
    elif app.peek is not None:
        app._hand = f"peek:{app.peek}"
    elif can_act:
        app._hand = f"seat:{seat}:{viewer}"
        if viewer is None and app._last_human not in (None, seat):
            next_up = seat  # a new player at a public turn: say who, briefly
        app._last_human = seat
    else:
        app._hand = "results" if match.is_over() else "waiting"
    if not app.interlude and app.peek is None:
        app._place = f"table:{id(match)}:{viewer}"  # one viewer's table: its scroll is kept
    ctx = GameContext(
        cat=app.cat,
        players=app.names(),
        seats=match.seats,
        legal=app.legal,
        local=app.local,
        viewer=viewer,
        fresh=match.events[-app.fresh_events :] if app.fresh_events else [],
        motion=not app.b.reduced_motion(),
        paint=seat_paints(table, view),
    )
    # The phone's drawers (log, advice) are not dialogs over the table: it stays as it is.
    dialog = app.overlay not in (None, "log", "advice") or app.confirm is not None
    advice = None
    if match.is_over():
        main = join(results.screen(app, view, table, ctx), playing.log_panel(app, table))
    else:
        advice = public_advice(app, view, table, ctx, can_act)
        # One composition: the board fills what the side column (players, choices, log)
        # leaves; on a phone the side becomes a band under the board. Nothing covers
        # anything, so the board and the choices are in sight together.
        main = join(
            h(
                "section",
                # Focusable: on a phone the board scrolls, and a keyboard must reach it.
                {"class": "board-area", "aria-label": t("board"), "tabindex": "0"},
                table.board(view, ctx),
            ),
            h(
                "div",
                {"class": "side"},
                playing.strip(app, view, table, ctx),
                playing.action_bar(app, view, table, ctx, can_act),
                advice,
                lens_panel.panel(app),
                playing.tip_box(app, view, table, ctx, can_act),
                playing.log_panel(app, table),
            ),
        )
    return join(
        frame.header(app, title, behind_dialog=dialog),
        playing.notices(app, next_up, ctx),
        h(
            "main",
            {
                "class": classes("table", f"game-{match.game_id}", match.is_over() and "over"),
                "id": "main",
                # The game's stylesheet reaches its drawing only under data-game.
                "data-game": match.game_id,
                "inert": dialog or app.interlude,
            },
            main,
        ),
        (app.overlay == "log" or (app.overlay == "advice" and advice is not None))
        and playing.drawer_backdrop(app),
        # A dialog opened between races (Rules, Menu) comes first: it is the one on top
        # and the one that keeps the focus; the race card waits under it.
        frame.overlay_panel(app, table),
        frame.confirm_dialog(app),
        app.interlude and not dialog and curtain.interlude(app, table, ctx),
    )


def drawer_backdrop(app: App) -> Markup:
    """Behind a phone's drawer (the log, the advice): a tap outside it closes it."""
    return h(
        "div",
        {
            "class": "drawer-backdrop",
            "data-act": "overlay",
            "data-arg": "close",
            "aria-hidden": "true",
            "data-testid": "log-backdrop",
        },
    )


def notices(app: App, next_up: int | None, ctx: GameContext) -> Markup:
    """Who plays next (when that changes), and anything the saving wants said."""
    assert app.match is not None
    t = app.cat.t
    return join(
        next_up is not None
        and h(
            "p",
            {
                "class": classes("next-up", ctx.seat_paint(next_up)),
                "role": "status",
                "data-testid": "next-up",
            },
            t("next_up", name=app.names()[next_up]),
        ),
        app.save_failed
        and h(
            "p",
            {"class": "notice save-failed", "role": "alert", "data-testid": "save-failed"},
            t("save_failed"),
        ),
        app.table_notice
        and h(
            "p",
            {"class": "notice", "role": "status", "data-testid": "table-notice"},
            app.table_notice,
        ),
    )


def strip(app: App, view: AnyView, table: Table[Any], ctx: GameContext) -> Markup:
    assert app.match is not None
    t = app.cat.t
    seat = app.match.current_player()
    cards = []
    for i, name in enumerate(app.match.players):
        peek = None
        holds = view["holds_secrets"][i]
        if holds and app.match.seats[i] == "human":
            peek = h(
                "button",
                {
                    "type": "button",
                    "class": "small",
                    "data-act": "peek",
                    "data-arg": str(i),
                    "data-testid": f"peek-{i}",
                },
                t(table.PEEK_KEY),
            )
        cards.append(
            h(
                "li",
                {
                    "class": classes("player", ctx.seat_paint(i), i == seat and "active"),
                    "aria-current": "true" if i == seat else None,
                    "data-testid": f"player-{i}",
                },
                h(
                    "span",
                    {"class": classes("token", ctx.seat_paint(i)), "aria-hidden": "true"},
                    token_label(app.match.players, i),
                ),
                h("bdi", {"class": "pname"}, name),
                h("span", {"class": "kind"}, seat_kind(app, i)),
                h("span", {"class": "score num"}, table.score_text(view, i, ctx)),
                table.player_extra(view, i, ctx),
                peek,
            )
        )
    return h("ol", {"class": "player-strip", "aria-label": t("players")}, cards)


def public_advice(
    app: App, view: AnyView, table: Table[Any], ctx: GameContext, can_act: bool
) -> Markup | None:
    """ "Ask the computer" at a public turn: under the choices, in a box that gives up
    its room before they do (like the lens), so the board and the choices keep theirs."""
    assert app.match is not None
    seat = app.match.current_player()
    if app.peek is not None or not can_act or (app.private_turn() and app.unlocked == seat):
        return None
    return advice_panel.panel(app, table, view, ctx, public=True)


def action_bar(
    app: App, view: AnyView, table: Table[Any], ctx: GameContext, can_act: bool
) -> Markup:
    assert app.match is not None
    t = app.cat.t
    seat = app.match.current_player()
    undo_inside = False
    if app.peek is not None:
        content = join(
            private_frame(
                app.peek,
                ctx,
                join(
                    table.private_panel(view, app.peek, ctx),
                    advice_panel.panel(app, table, view, ctx),
                ),
            ),
            h(
                "button",
                {
                    "type": "button",
                    "class": "primary",
                    "data-act": "done",
                    "data-testid": "peek-done",
                },
                t("done"),
            ),
        )
    elif can_act and app.private_turn() and app.unlocked == seat:
        # A secret choice: the player's own secrets, the controls and their Undo, in one
        # frame (taking back a line of a secret sheet stays inside the sheet).
        content = private_frame(
            seat,
            ctx,
            join(
                table.private_panel(view, seat, ctx),
                table.actions(view, ctx),
                advice_panel.panel(app, table, view, ctx),
                playing.undo_control(app),
            ),
        )
        undo_inside = True
    elif can_act:
        content = table.actions(view, ctx)  # the advice follows the bar (public_advice)
    else:
        name = app.names()[seat] if seat >= 0 else ""
        human = seat >= 0 and app.match.seats[seat] == "human"
        busy = thinking.busy(app)
        content = h(
            "p",
            {
                "class": classes("waiting", busy and "thinking"),
                "aria-live": "polite",
                "data-testid": "thinking" if busy else None,
            },
            # A calm sign that the Sharp player is at work (still when motion is reduced).
            busy and h("span", {"class": "think-dots", "aria-hidden": "true"}),
            # A person who cannot act yet (between races) is not "thinking".
            t("human_next" if human else "computer_thinking", name=name),
        )
    return h(
        "section",
        {"class": "action-bar", "aria-label": t("your_move"), "data-testid": "action-bar"},
        h("p", {"class": "turn-banner", "aria-live": "polite"}, table.status_text(view, ctx)),
        app.error
        and h("p", {"class": "error", "role": "alert", "data-testid": "refusal"}, app.error),
        content,
        None if undo_inside else playing.undo_control(app),
    )


def seat_kind(app: App, seat: int) -> str:
    """Who plays a seat, as the player strip says it: nothing for a human."""
    assert app.match is not None
    if app.match.seats[seat] != "computer":
        return ""
    return app.cat.t(f"computer_{app.match.levels[seat]}")


def tip_box(
    app: App, view: Any, table: Table[Any], ctx: GameContext, can_act: bool
) -> Markup | None:
    """A sentence on the decision on screen, under the choices, until "Got it".

    It stands below the action bar and is the first thing to shrink (it scrolls), so the
    choices themselves always keep their room.
    """
    tip = table.first_turn_tip(view, ctx) if can_act and app.tips_on() else None
    if tip is None:
        return None
    return h(
        "aside",
        {"class": "tip", "data-testid": "tip", "aria-label": app.cat.t("tip")},
        h("p", {"class": "tip-text"}, tip),
        h(
            "button",
            {
                "type": "button",
                "class": "small",
                "data-act": "tips",
                "data-arg": "off",
                "data-testid": "tips-off",
            },
            app.cat.t("tips_got_it"),
        ),
    )


def private_frame(seat: int, ctx: GameContext, content: Markup) -> Markup:
    """The frame that tells a player "this is yours alone": their colour and name.

    The shell draws it around a table module's private contents, so every game marks
    its secrets the same way (and a table cannot forget to).
    """
    label = ctx.t("private_of", name=ctx.players[seat])
    return h(
        "section",
        {
            "class": classes("private", ctx.seat_paint(seat)),
            "data-testid": f"private-{seat}",
            "aria-label": label,
        },
        h(
            "h3",
            # After "I am …" the focus lands here, at the top of the player's own panel.
            {"tabindex": "-1", "data-focus": "fallback"},
            h(
                "span",
                {"class": classes("token", "small", ctx.seat_paint(seat)), "aria-hidden": "true"},
                token_label(ctx.players, seat),
            ),
            " ",
            label,
        ),
        content,
    )


def undo_control(app: App) -> Markup | None:
    """The Undo button, or, when there is a last move that can't be taken back, why."""
    assert app.match is not None
    t = app.cat.t
    status = app.match.undo_status()
    if app.peek is not None or status.seat is None:
        return None
    if app.undo_offered():
        mover = status.seat
        label = (
            t("undo")
            if mover == app.match.current_player()
            else t("undo_of", name=app.names()[mover])
        )
        return h(
            "button",
            {"type": "button", "class": "undo", "data-act": "undo", "data-testid": "undo"},
            label,
        )
    if status.available:
        why = t("undo_only_owner", name=app.names()[status.seat])
    elif status.reason == "chance":
        why = t("undo_no_chance")
    elif status.reason == "secret":
        why = t("undo_no_secret")
    elif status.reason == "other_seat" and _a_human_has_moved(app):
        why = t("undo_no_other_seat")
    else:
        return None
    return h(
        "p",
        {"class": "undo-why", "data-testid": "undo-why"},
        h("button", {"type": "button", "class": "undo", "disabled": True}, t("undo")),
        " ",
        why,
    )


def _a_human_has_moved(app: App) -> bool:
    """Whether any player at the table has made a move yet: until then no one has a
    move to take back, and "someone else has played since" would only puzzle."""
    assert app.match is not None
    seats = app.match.seats
    return any(e["kind"] == "action" and seats[e["seat"]] == "human" for e in app.match.history)


def log_panel(app: App, table: Table[Any]) -> Markup:
    assert app.match is not None
    t = app.cat.t
    names = app.names()

    def says(event: Event) -> str | None:
        return table.describe(event, names, app.cat)

    events = app.match.events
    total = app.log_count.upto(events, len(events), says)
    drawer = app.overlay == "log"  # the phone's drawer (on a laptop the log is always shown)
    return h(
        "aside",
        {
            "class": classes("log", drawer and "open"),
            "aria-labelledby": "log-h",
            "data-testid": "log",
            "role": "dialog" if drawer else None,
            "aria-modal": "true" if drawer else None,
        },
        drawer_head(t("log"), t("close"), "log", drawer),
        log_list(events[-300:], total, says, "log-h"),
    )
