"""The site: home, new-game form, the table frame, hand-off curtain, saving.

Everything is drawn from the engine's ``view()`` into one HTML string per
render (see :mod:`.html`, which escapes all text); a single delegated listener
turns clicks and key presses on ``[data-act]`` elements back into calls here.
"""

from __future__ import annotations

import importlib
import json
import random
from types import ModuleType
from typing import Any

import pygames
from pygames.core import CATALOGUE, BadSave, IllegalAction, Match
from pygames.core.match import MAX_SEED

from . import setup_link
from .dom import Browser
from .html import Markup, classes, h, join
from .i18n import LANGUAGES, Catalogue, pick_language
from .table import GameContext

SAVE_KEY = "paddock.save.v1"
LANG_KEY = "paddock.lang"
SPEED_KEY = "paddock.speed"


def _find_tables() -> dict[str, ModuleType]:
    """The table module of each game that has one (``paddock_web/<game id>.py``)."""
    found: dict[str, ModuleType] = {}
    for entry in CATALOGUE:
        name = f"{__package__}.{entry.id}"
        try:
            found[entry.id] = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return found


TABLES = _find_tables()


def coerce_options(game_id: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Option values from a link or form (text) converted to the game's option types."""
    game = pygames.get_game(game_id)
    out: dict[str, Any] = dict(raw)
    for opt in game.options:
        if opt.name not in raw:
            continue
        value = raw[opt.name]
        if isinstance(opt.default, bool):
            out[opt.name] = value in (True, "1", "true", "on")
        elif not isinstance(value, type(opt.default)):
            out[opt.name] = type(opt.default)(value)  # ValueError: the caller's bad input
    return out


SPEEDS = {"slow": 1200, "normal": 600, "fast": 150, "instant": 0}


class App:
    def __init__(self, browser: Browser) -> None:
        self.b = browser
        lang = self.b.storage_get(LANG_KEY) or pick_language(self.b.languages())
        self.cat = Catalogue(lang)
        self.speed = self.b.storage_get(SPEED_KEY) or "normal"
        self.match: Match | None = None
        self.screen = "home"
        self.setup: dict[str, Any] = {}
        self.notice: str | None = None  # friendly message on the home screen
        self.error: str | None = None  # refusal shown in the action bar
        self.overlay: str | None = None  # "rules" | "log" | "menu"
        self.unlocked: int | None = None  # seat whose private panel may be drawn
        self.peek: int | None = None  # seat reviewing their own secrets
        self.local: dict[str, Any] = {}  # per-turn UI choices (e.g. the chip picked)
        self.legal: list[dict[str, Any]] = []
        self.fresh_events = 0  # events added by the last step (for motion)
        self.interlude = False  # a race just ended: show its settlement before going on
        self._timer = 0
        self._last_shown: tuple[Any, ...] | None = None

    # --- start ------------------------------------------------------------------
    def start(self) -> None:
        self.b.listen(self.on_act)
        hash_ = self.b.get_hash()
        if hash_.startswith("#new"):
            self.open_link(hash_)
        else:
            self.resume()
        self.render()
        self.b.set_ready()

    def resume(self) -> None:
        raw = self.b.storage_get(SAVE_KEY)
        if not raw:
            return
        try:
            self.match = Match.from_json(json.loads(raw))
            self.screen = "table"
        except Exception:  # any damage: say so kindly, never a traceback
            self.match = None
            self.screen = "home"
            self.notice = self.cat.t("save_damaged")

    def open_link(self, hash_: str) -> None:
        try:
            setup = setup_link.parse(hash_)
            setup["options"] = coerce_options(setup["game"], setup["options"])
            Match.from_setup(setup)  # validates everything
        except (BadSave, ValueError, KeyError):
            self.screen = "home"
            self.notice = self.cat.t("bad_link")
            return
        self.setup = setup
        self.screen = "setup"

    # --- saving -----------------------------------------------------------------
    def save(self) -> None:
        if self.match is not None:
            self.b.storage_set(SAVE_KEY, json.dumps(self.match.to_json()))

    # --- actions from the page ------------------------------------------------
    def on_act(self, act: str, arg: str, value: str | None = None) -> None:
        handler = getattr(self, f"act_{act}", None)
        if handler is None:
            return
        self.error = None
        handler(arg, value)
        self.render()

    def act_lang(self, arg: str, _: str | None) -> None:
        if arg in LANGUAGES:
            self.cat = Catalogue(arg)
            self.b.storage_set(LANG_KEY, arg)

    def act_home(self, _: str, __: str | None) -> None:
        self.screen = "home"
        self.overlay = None

    def act_overlay(self, arg: str, _: str | None) -> None:
        self.overlay = None if self.overlay == arg or arg == "close" else arg

    def act_choose(self, arg: str, _: str | None) -> None:
        game = pygames.get_game(arg)
        self.setup = {
            "game": game.id,
            "players": [
                self.cat.t("default_name", n=i + 1) for i in range(max(3, game.min_players))
            ],
            "seats": ["human", "human"] + ["computer"] * (max(3, game.min_players) - 2),
            "options": {o.name: o.default for o in game.options},
            "seed": None,
        }
        self.screen = "setup"

    def act_count(self, arg: str, _: str | None) -> None:
        self.read_form()
        game = pygames.get_game(self.setup["game"])
        n = max(game.min_players, min(game.max_players, int(arg)))
        players, seats = self.setup["players"], self.setup["seats"]
        while len(players) < n:
            players.append(self.cat.t("default_name", n=len(players) + 1))
            seats.append("computer")
        del players[n:], seats[n:]

    def read_form(self) -> None:
        form = self.b.read_form("setup-form")
        if not form:
            return
        game = pygames.get_game(self.setup["game"])
        n = len(self.setup["players"])
        self.setup["players"] = [
            (form.get(f"name{i}") or "").strip()[:32] or self.cat.t("default_name", n=i + 1)
            for i in range(n)
        ]
        self.setup["seats"] = [
            "computer" if form.get(f"seat{i}") == "computer" else "human" for i in range(n)
        ]
        for opt in game.options:
            raw = form.get(f"opt_{opt.name}")
            if isinstance(opt.default, bool):
                self.setup["options"][opt.name] = raw == "on"
            elif raw is not None:
                self.setup["options"].update(coerce_options(game.id, {opt.name: raw}))
        seed = (form.get("seed") or "").strip()
        self.setup["seed"] = int(seed) if seed.isdigit() and int(seed) <= MAX_SEED else None
        speed = form.get("speed")
        if speed in SPEEDS:
            self.speed = speed
            self.b.storage_set(SPEED_KEY, speed)

    def act_start(self, _: str, __: str | None) -> None:
        self.read_form()
        setup = dict(self.setup)
        if setup.get("seed") is None:
            setup["seed"] = random.randrange(MAX_SEED)
        try:
            self.match = Match.from_setup(setup)
        except BadSave as exc:
            self.error = str(exc)
            return
        self.setup["seed"] = setup["seed"]
        self.begin_table()

    def begin_table(self) -> None:
        self.screen = "table"
        self.unlocked = self.peek = None
        self.local = {}
        self.overlay = None
        self.b.set_hash("")
        self.save()

    def act_again(self, _: str, __: str | None) -> None:
        if self.match is None:
            return
        setup = self.match.setup_json()
        setup["seed"] = random.randrange(MAX_SEED)
        self.match = Match.from_setup(setup)
        self.begin_table()

    def act_fresh(self, _: str, __: str | None) -> None:
        self.b.storage_remove(SAVE_KEY)
        self.match = None
        self.notice = None
        self.screen = "home"
        self.b.set_hash("")

    def act_resume(self, _: str, __: str | None) -> None:
        if self.match is not None:
            self.screen = "table"

    def act_unlock(self, arg: str, _: str | None) -> None:
        if self.match is None:
            return
        seat = int(arg)
        if self.peek_pending() == seat:
            self.peek = seat
        self.unlocked = seat

    def act_peek(self, arg: str, _: str | None) -> None:
        # Ask for the curtain before showing a player their own secrets.
        self.local["peek_request"] = int(arg)
        self.unlocked = None

    def act_done(self, _: str, __: str | None) -> None:
        self.peek = None
        self.unlocked = None
        self.local.pop("peek_request", None)

    def act_local(self, arg: str, value: str | None) -> None:
        self.local[arg] = value

    def act_play(self, arg: str, _: str | None) -> None:
        if self.match is None or not arg.isdigit() or int(arg) >= len(self.legal):
            return
        self.play(self.legal[int(arg)])

    def play(self, action: dict[str, Any]) -> None:
        assert self.match is not None
        actor = self.match.current_player()
        before = len(self.match.events)
        try:
            self.match.play(action)
        except IllegalAction as exc:
            self.error = str(exc)
            return
        self.note_events(before)
        self.local = {}
        if self.match.current_player() != actor:
            self.unlocked = None  # the private panel closes when the turn passes
        self.save()

    def note_events(self, before: int) -> None:
        assert self.match is not None
        self.fresh_events = len(self.match.events) - before
        ended = any(e["type"] == "race_over" for e in self.match.events[before:])
        self.interlude = ended and not self.match.is_over()

    def act_continue(self, _: str, __: str | None) -> None:
        self.interlude = False

    def act_undo(self, _: str, __: str | None) -> None:
        if self.match is not None and self.match.undo():
            self.unlocked = None
            self.interlude = False
            self.local = {}
            self.fresh_events = 0
            self.save()

    def act_export(self, _: str, __: str | None) -> None:
        self.overlay = None
        if self.match is not None:
            name = f"paddock-{self.match.game_id}-{self.match.seed}.json"
            self.b.download(name, json.dumps(self.match.to_json(), indent=1))

    def act_import(self, _: str, __: str | None) -> None:
        self.overlay = None
        self.b.pick_file(self.import_text)

    def import_text(self, text: str) -> None:
        try:
            self.match = Match.from_json(json.loads(text))
        except Exception:
            self.notice = self.cat.t("import_failed")
            self.screen = "home"
        else:
            self.notice = None
            self.begin_table()
        self.render()

    # --- computer seats ---------------------------------------------------------
    def schedule_computer(self) -> None:
        self._timer += 1
        token = self._timer
        delay = SPEEDS.get(self.speed, 600)
        self.b.later(delay, lambda: self.computer_step(token))

    def computer_step(self, token: int) -> None:
        if token != self._timer or self.match is None or self.screen != "table":
            return
        if not self.match.is_computer_turn() or self.peek is not None:
            return
        if self.local.get("peek_request") is not None or self.interlude:
            return  # someone is reading their secrets or the settlement; wait for them
        before = len(self.match.events)
        self.match.play_computer()
        self.note_events(before)
        self.unlocked = None
        self.save()
        self.render()

    # --- drawing ------------------------------------------------------------------
    def render(self) -> None:
        self.legal = []
        if self.screen == "table" and self.match is not None:
            body = self.table_screen()
        elif self.screen == "setup" and self.setup:
            body = self.setup_screen()
        else:
            body = self.home_screen()
        self.b.render(body, self.cat.lang, self.cat.t("site_title"))
        shown = (
            self.screen,
            self.interlude,
            self.needs_curtain() if self.screen == "table" and self.match is not None else None,
        )
        if shown != self._last_shown:
            self.b.scroll_top()  # a new screen starts at its top, not where the last one was
            self._last_shown = shown
        if (
            self.screen == "table"
            and self.match is not None
            and not self.match.is_over()
            and self.match.is_computer_turn()
            and not self.interlude
        ):
            self.schedule_computer()

    def header(self, title: str | None = None) -> Markup:
        t = self.cat.t
        langs = [
            h(
                "button",
                {
                    "type": "button",
                    "class": classes("lang", code == self.cat.lang and "on"),
                    "data-act": "lang",
                    "data-arg": code,
                    "aria-pressed": "true" if code == self.cat.lang else "false",
                    "lang": code,
                },
                code.upper(),
            )
            for code in LANGUAGES
        ]
        tools: list[Markup] = []
        if self.screen == "table" and self.match is not None:
            tools = [
                h(
                    "button",
                    {"type": "button", "data-act": "overlay", "data-arg": "rules"},
                    t("rules"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "log-toggle",
                        "data-act": "overlay",
                        "data-arg": "log",
                    },
                    t("log"),
                ),
                h(
                    "button",
                    {
                        "type": "button",
                        "data-act": "overlay",
                        "data-arg": "menu",
                        "aria-haspopup": "true",
                    },
                    t("menu"),
                ),
            ]
        return h(
            "header",
            {"class": "site-header"},
            h("button", {"type": "button", "class": "brand", "data-act": "home"}, t("site_title")),
            h("span", {"class": "game-title"}, title or ""),
            h(
                "nav",
                {"class": "tools", "aria-label": t("tools")},
                tools,
                h("span", {"class": "langs", "role": "group", "aria-label": t("language")}, langs),
            ),
        )

    def home_screen(self) -> Markup:
        t = self.cat.t
        # A game is offered once both its engine and its table exist.
        playable = {g.id for g in pygames.games()} & set(TABLES)
        cards = []
        for entry in CATALOGUE:
            ok = entry.id in playable
            cards.append(
                h(
                    "li",
                    {"class": classes("game-card", not ok and "soon"), "data-game": entry.id},
                    h("h2", {}, t(f"game_{entry.id}")),
                    h("p", {}, t(f"blurb_{entry.id}")),
                    h(
                        "p",
                        {"class": "meta"},
                        t("players_range", lo=entry.min_players, hi=entry.max_players),
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-act": "choose",
                            "data-arg": entry.id,
                            "class": "primary",
                        },
                        t("play"),
                    )
                    if ok
                    else h("p", {"class": "soon-note"}, t("not_built")),
                )
            )
        resume = None
        if self.match is not None and not self.match.is_over():
            resume = h(
                "p",
                {"class": "resume"},
                h(
                    "button",
                    {"type": "button", "data-act": "resume", "class": "primary"},
                    t("resume_game", game=t(f"game_{self.match.game_id}")),
                ),
            )
        notice = None
        if self.notice:
            notice = h(
                "div",
                {"class": "notice", "role": "alert"},
                h("p", {}, self.notice),
                h("button", {"type": "button", "data-act": "fresh"}, t("start_fresh")),
            )
        return join(
            self.header(),
            h(
                "main",
                {"class": "home", "id": "main"},
                notice,
                h("h1", {}, t("home_heading")),
                h("p", {"class": "lead"}, t("home_lead")),
                resume,
                h("ul", {"class": "game-list"}, cards),
            ),
        )

    def setup_screen(self) -> Markup:
        t = self.cat.t
        game = pygames.get_game(self.setup["game"])
        n = len(self.setup["players"])
        counts = [
            h(
                "button",
                {
                    "type": "button",
                    "class": classes("count", k == n and "on"),
                    "data-act": "count",
                    "data-arg": str(k),
                    "aria-pressed": "true" if k == n else "false",
                },
                str(k),
            )
            for k in range(game.min_players, game.max_players + 1)
        ]
        rows = []
        for i, (name, seat) in enumerate(
            zip(self.setup["players"], self.setup["seats"], strict=True)
        ):
            rows.append(
                h(
                    "li",
                    {"class": f"seat-row pc{i}"},
                    h("span", {"class": f"token pc{i}", "aria-hidden": "true"}, str(i + 1)),
                    h("label", {"for": f"name{i}", "class": "sr-only"}, t("player_name", n=i + 1)),
                    h(
                        "input",
                        {
                            "id": f"name{i}",
                            "name": f"name{i}",
                            "value": name,
                            "maxlength": "32",
                            "autocomplete": "off",
                        },
                    ),
                    h("label", {"for": f"seat{i}", "class": "sr-only"}, t("seat_kind")),
                    h(
                        "select",
                        {"id": f"seat{i}", "name": f"seat{i}"},
                        h("option", {"value": "human", "selected": seat == "human"}, t("human")),
                        h(
                            "option",
                            {"value": "computer", "selected": seat == "computer"},
                            t("computer"),
                        ),
                    ),
                )
            )
        options = []
        table = TABLES.get(game.id)
        for opt in game.options:
            if not isinstance(opt.default, bool):
                current = self.setup["options"].get(opt.name, opt.default)
                values = list(opt.values)
                if table is not None and hasattr(table, "option_values"):
                    values = table.option_values(opt.name, values, n)  # e.g. only seats < n
                choices = [
                    h(
                        "option",
                        {"value": str(v), "selected": v == current},
                        t(f"{game.id}_opt_{opt.name}_{v}")
                        if self.cat.has(f"{game.id}_opt_{opt.name}_{v}")
                        else str(v),
                    )
                    for v in values
                ]
                options.append(
                    h(
                        "label",
                        {"class": "option"},
                        t(f"{game.id}_opt_{opt.name}"),
                        " ",
                        h("select", {"name": f"opt_{opt.name}"}, choices),
                        h("small", {}, t(f"{game.id}_opt_{opt.name}_help")),
                    )
                )
                continue
            if isinstance(opt.default, bool):
                options.append(
                    h(
                        "label",
                        {"class": "option"},
                        h(
                            "input",
                            {
                                "type": "checkbox",
                                "name": f"opt_{opt.name}",
                                "checked": bool(self.setup["options"].get(opt.name)),
                            },
                        ),
                        " ",
                        t(f"{game.id}_opt_{opt.name}"),
                        h("small", {}, t(f"{game.id}_opt_{opt.name}_help")),
                    )
                )
        speeds = h(
            "select",
            {"name": "speed", "id": "speed"},
            [
                h("option", {"value": k, "selected": k == self.speed}, t(f"speed_{k}"))
                for k in SPEEDS
            ],
        )
        link = setup_link.build(self.setup) if self.setup.get("seed") is not None else None
        return join(
            self.header(t(f"game_{game.id}")),
            h(
                "main",
                {"class": "setup", "id": "main"},
                h("h1", {}, t("new_game_of", game=t(f"game_{game.id}"))),
                h(
                    "form",
                    {"id": "setup-form", "data-form": "setup", "autocomplete": "off"},
                    h(
                        "fieldset",
                        {},
                        h("legend", {}, t("player_count")),
                        h("div", {"class": "counts"}, counts),
                    ),
                    h(
                        "fieldset",
                        {},
                        h("legend", {}, t("players")),
                        h("ol", {"class": "seats"}, rows),
                    ),
                    h(
                        "fieldset",
                        {},
                        h("legend", {}, t("options")),
                        options or t("no_options"),
                        h("label", {"class": "option"}, t("computer_speed"), " ", speeds),
                        h(
                            "label",
                            {"class": "option"},
                            t("seed_label"),
                            " ",
                            h(
                                "input",
                                {
                                    "name": "seed",
                                    "inputmode": "numeric",
                                    "value": self.setup.get("seed") or "",
                                    "placeholder": t("seed_random"),
                                },
                            ),
                        ),
                    ),
                    self.error and h("p", {"class": "error", "role": "alert"}, self.error),
                    h(
                        "div",
                        {"class": "form-actions"},
                        h("button", {"type": "button", "data-act": "home"}, t("back")),
                        h(
                            "button",
                            {
                                "type": "button",
                                "class": "primary big",
                                "data-act": "start",
                                "data-testid": "start-game",
                            },
                            t("start_game"),
                        ),
                    ),
                ),
                link
                and h(
                    "p",
                    {"class": "share"},
                    t("share_link"),
                    " ",
                    h("a", {"href": link, "data-testid": "share-link"}, link),
                ),
            ),
        )

    # --- the table ------------------------------------------------------------------
    def needs_curtain(self) -> int | None:
        """The seat that must confirm who they are before the screen shows more."""
        assert self.match is not None
        request = self.local.get("peek_request")
        if request is not None and self.unlocked != request:
            return int(request)
        if self.match.is_over() or self.peek is not None:
            return None
        seat = self.match.current_player()
        table = TABLES[self.match.game_id]
        if (
            seat >= 0
            and self.match.seats[seat] == "human"
            and table.turn_is_secret(self.match.state.view(None))
        ):
            return seat if self.unlocked != seat else None
        return None

    def peek_pending(self) -> int | None:
        request = self.local.get("peek_request")
        return int(request) if request is not None else None

    def table_screen(self) -> Markup:
        assert self.match is not None
        t = self.cat.t
        match = self.match
        table = TABLES[match.game_id]
        title = t(f"game_{match.game_id}")
        if self.interlude:
            return join(self.header(title), self.interlude_screen(table))
        curtain_seat = self.needs_curtain()
        if curtain_seat is not None:
            return join(self.header(title), self.curtain(curtain_seat))
        viewer = self.unlocked
        view = match.state.view(viewer)
        seat = match.current_player()
        human_turn = seat >= 0 and match.seats[seat] == "human" and self.peek is None
        secret_turn = table.turn_is_secret(match.state.view(None))
        can_act = human_turn and (not secret_turn or self.unlocked == seat)
        self.legal = match.state.legal_actions() if can_act else []
        ctx = GameContext(
            cat=self.cat,
            players=match.players,
            seats=match.seats,
            legal=self.legal,
            local=self.local,
            viewer=viewer,
            fresh=match.events[-self.fresh_events :] if self.fresh_events else [],
            motion=not self.b.reduced_motion(),
        )
        if match.is_over():
            main = self.results_screen(view, table, ctx)
        else:
            main = join(
                h(
                    "section",
                    {"class": "board-area", "aria-label": t("board")},
                    table.board(view, ctx),
                ),
                self.strip(view, table, ctx),
                self.action_bar(view, table, ctx, can_act),
            )
        return join(
            self.header(title),
            h(
                "main",
                {"class": f"table game-{match.game_id}", "id": "main"},
                main,
                self.log_panel(table),
            ),
            self.overlay_panel(table),
        )

    def interlude_screen(self, table: Any) -> Markup:
        """The settlement of the race just run, for everyone, before the next one."""
        assert self.match is not None
        t = self.cat.t
        view = self.match.state.view(None)
        ctx = GameContext(
            cat=self.cat,
            players=self.match.players,
            seats=self.match.seats,
            legal=[],
            local={},
            viewer=None,
        )
        last = {**view, "results": view["results"][-1:]}
        return h(
            "main",
            {"class": "table interlude", "id": "main", "data-testid": "interlude"},
            h(
                "section",
                {"class": "results"},
                h("h1", {}, t("race_over_heading", race=view["results"][-1]["race"])),
                table.results_detail(last, ctx),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary big",
                        "data-act": "continue",
                        "data-testid": "continue",
                        "autofocus": True,
                    },
                    t("continue"),
                ),
            ),
        )

    def curtain(self, seat: int) -> Markup:
        assert self.match is not None
        t = self.cat.t
        name = self.match.players[seat]
        return h(
            "main",
            {
                "class": f"curtain pc{seat}",
                "id": "main",
                "data-testid": "curtain",
                "role": "dialog",
                "aria-modal": "true",
                "aria-labelledby": "curtain-h",
            },
            h(
                "div",
                {"class": "curtain-inner"},
                h(
                    "span",
                    {"class": f"token big pc{seat}", "aria-hidden": "true"},
                    name[:1].upper(),
                ),
                h("h1", {"id": "curtain-h"}, t("pass_device", name=name)),
                h("p", {}, t("curtain_help", name=name)),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary huge",
                        "data-act": "unlock",
                        "data-arg": str(seat),
                        "data-testid": "curtain-confirm",
                        "autofocus": True,
                    },
                    t("i_am", name=name),
                ),
            ),
        )

    def strip(self, view: Any, table: Any, ctx: GameContext) -> Markup:
        assert self.match is not None
        t = self.cat.t
        seat = self.match.current_player()
        cards = []
        for i, name in enumerate(self.match.players):
            peek = None
            if table.has_private(view, i) and self.match.seats[i] == "human":
                peek = h(
                    "button",
                    {
                        "type": "button",
                        "class": "small",
                        "data-act": "peek",
                        "data-arg": str(i),
                        "data-testid": f"peek-{i}",
                    },
                    t(getattr(table, "PEEK_KEY", "my_secrets")),
                )
            cards.append(
                h(
                    "li",
                    {
                        "class": classes("player", f"pc{i}", i == seat and "active"),
                        "aria-current": "true" if i == seat else None,
                        "data-testid": f"player-{i}",
                    },
                    h("span", {"class": f"token pc{i}", "aria-hidden": "true"}, name[:1].upper()),
                    h("span", {"class": "pname"}, name),
                    h(
                        "span",
                        {"class": "kind"},
                        t("computer") if self.match.seats[i] == "computer" else "",
                    ),
                    h("span", {"class": "score num"}, table.score_text(view, i, ctx)),
                    table.player_extra(view, i, ctx),
                    peek,
                )
            )
        return h("ol", {"class": "player-strip", "aria-label": t("players")}, cards)

    def action_bar(self, view: Any, table: Any, ctx: GameContext, can_act: bool) -> Markup:
        assert self.match is not None
        t = self.cat.t
        seat = self.match.current_player()
        if self.peek is not None:
            content = join(
                table.private_panel(view, self.peek, ctx),
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
        elif can_act:
            content = table.actions(view, ctx)
        else:
            name = self.match.players[seat] if seat >= 0 else ""
            content = h(
                "p", {"class": "waiting", "aria-live": "polite"}, t("computer_thinking", name=name)
            )
        undo = None
        if self.match.can_undo() and self.peek is None:
            undo = h(
                "button",
                {"type": "button", "class": "undo", "data-act": "undo", "data-testid": "undo"},
                t("undo"),
            )
        return h(
            "section",
            {"class": "action-bar", "aria-label": t("your_move"), "data-testid": "action-bar"},
            h("p", {"class": "turn-banner", "aria-live": "polite"}, table.status_text(view, ctx)),
            self.error
            and h("p", {"class": "error", "role": "alert", "data-testid": "refusal"}, self.error),
            content,
            undo,
        )

    def log_panel(self, table: Any) -> Markup:
        assert self.match is not None
        t = self.cat.t
        lines = []
        for event in reversed(self.match.events[-300:]):
            text = table.describe(event, self.match.players, self.cat)
            if text:
                lines.append(h("li", {"class": f"ev-{event['type']}"}, text))
        return h(
            "aside",
            {
                "class": classes("log", self.overlay == "log" and "open"),
                "aria-label": t("log"),
                "data-testid": "log",
            },
            h("h2", {}, t("log")),
            h("ol", {"aria-live": "off"}, lines[:120]),
        )

    def overlay_panel(self, table: Any) -> Markup | None:
        t = self.cat.t
        if self.overlay == "rules":
            body = table.rules_summary(self.cat)
            title = t("rules")
        elif self.overlay == "menu":
            title = t("menu")
            body = h(
                "div",
                {"class": "menu-items"},
                h(
                    "button",
                    {"type": "button", "data-act": "export", "data-testid": "export"},
                    t("export"),
                ),
                h(
                    "button",
                    {"type": "button", "data-act": "import", "data-testid": "import"},
                    t("import"),
                ),
                h("button", {"type": "button", "data-act": "home"}, t("home")),
                h("button", {"type": "button", "data-act": "fresh"}, t("abandon_game")),
                self.match is not None
                and h(
                    "p",
                    {"class": "share"},
                    t("share_link"),
                    " ",
                    h(
                        "a",
                        {
                            "href": setup_link.build(self.match.setup_json()),
                            "data-testid": "share-link",
                        },
                        t("share_this_setup"),
                    ),
                ),
            )
        else:
            return None
        return h(
            "div",
            {
                "class": "overlay",
                "role": "dialog",
                "aria-modal": "true",
                "aria-label": title,
                "data-testid": f"overlay-{self.overlay}",
            },
            h(
                "div",
                {"class": "overlay-inner"},
                h("h2", {}, title),
                body,
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary",
                        "data-act": "overlay",
                        "data-arg": "close",
                    },
                    t("close"),
                ),
            ),
        )

    def game_text(self, key: str) -> str:
        """A site text a game may word its own way (``<game>_<key>``), e.g. points vs money."""
        assert self.match is not None
        own = f"{self.match.game_id}_{key}"
        return self.cat.t(own if self.cat.has(own) else key)

    def results_screen(self, view: Any, table: Any, ctx: GameContext) -> Markup:
        assert self.match is not None
        t = self.cat.t
        scores = self.match.scores()
        ranks = self.match.ranking()
        order = sorted(range(len(scores)), key=lambda i: (ranks[i], i))
        winners = [self.match.players[i] for i in order if ranks[i] == 1]
        rows = [
            h(
                "tr",
                {"class": f"pc{i}", "data-testid": f"result-{i}"},
                h("td", {"class": "num rank"}, str(ranks[i])),
                h(
                    "td",
                    {},
                    h(
                        "span",
                        {"class": f"token pc{i}", "aria-hidden": "true"},
                        self.match.players[i][:1].upper(),
                    ),
                    " ",
                    self.match.players[i],
                ),
                h(
                    "td",
                    {"class": "num score", "data-score": str(int(scores[i]))},
                    table.score_text(view, i, ctx),
                ),
            )
            for i in order
        ]
        headline = (
            t("winner_is", name=winners[0])
            if len(winners) == 1
            else t("shared_victory", names=", ".join(winners))
        )
        return h(
            "section",
            {"class": "results", "data-testid": "results"},
            h("h1", {}, self.game_text("game_over")),
            h("p", {"class": "headline"}, headline),
            h(
                "table",
                {"class": "standings"},
                h(
                    "thead",
                    {},
                    h(
                        "tr",
                        {},
                        h("th", {}, t("rank")),
                        h("th", {}, t("player")),
                        h("th", {}, self.game_text("score")),
                    ),
                ),
                h("tbody", {}, rows),
            ),
            table.results_detail(view, ctx),
            h(
                "div",
                {"class": "form-actions"},
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary big",
                        "data-act": "again",
                        "data-testid": "play-again",
                    },
                    t("play_again"),
                ),
                h("button", {"type": "button", "data-act": "fresh"}, t("new_game")),
            ),
        )


def start() -> None:
    """Entry point called by ``main.py`` once Pyodide is up."""
    from .dom import PyodideBrowser

    try:
        App(PyodideBrowser()).start()
    except Exception as exc:  # last resort: a friendly line, never a traceback
        PyodideBrowser.fatal(str(exc))
