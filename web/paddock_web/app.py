"""The site: home, new-game form, the table frame, hand-off curtain, saving.

Everything is drawn from the engine's ``view()`` into one HTML string per
render (see :mod:`.html`, which escapes all text); a single delegated listener
turns clicks and key presses on ``[data-act]`` elements back into calls here.

Screens have addresses (``#/``, ``#/setup/<game>``, ``#/play/<saved game>``), so the
browser's Back and Forward move between them and a reload opens the same screen.
"""

from __future__ import annotations

import importlib
import json
import time
from types import ModuleType
from typing import Any

import pygames
from pygames.core import CATALOGUE, BadSave, IllegalAction, Match
from pygames.core.match import MAX_SEED
from pygames.core.saving import loads_save

from . import setup_link
from .dom import Browser
from .html import Markup, classes, h, join
from .i18n import LANGUAGES, Catalogue, pick_language
from .saves import LEGACY_ID, SaveStore, Slot, new_id
from .table import GameContext, initial, isolate

LANG_KEY = "paddock.lang"
SPEED_KEY = "paddock.speed"
MAX_NAME = 32


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
        self.store = SaveStore(browser)
        self.match: Match | None = None
        self.slot: Slot | None = None  # where self.match is saved
        self.screen = "home"
        self.setup: dict[str, Any] = {}
        self.notice: str | None = None  # friendly message on the home screen
        self.table_notice: str | None = None  # e.g. "moved on in another tab"
        self.save_failed = False  # the last autosave could not be written
        self.error: str | None = None  # refusal shown in the action bar
        self.overlay: str | None = None  # "rules" | "log" | "menu" | "export"
        self.confirm: tuple[str, str] | None = None  # ("delete", slot id) | ("abandon", "")
        self.unlocked: int | None = None  # seat whose private panel may be drawn
        self.peek: int | None = None  # seat reviewing their own secrets
        self.local: dict[str, Any] = {}  # per-turn UI choices (e.g. the chip picked)
        self.legal: list[dict[str, Any]] = []
        self.fresh_events = 0  # events added by the last step (for motion)
        self.interlude = False  # a race just ended: show its settlement before going on
        self._timer = 0
        self._last_shown: tuple[Any, ...] | None = None
        self._hand: str | None = None  # whose controls the last render drew
        self._last_human: int | None = None  # the human seat that had the last public turn

    # --- start and addresses ------------------------------------------------------
    def start(self) -> None:
        self.b.listen(self.on_act)
        self.b.on_navigate(self.on_navigate)
        self.b.on_storage(self.on_storage)
        self.route(self.b.get_hash())
        self.render()
        self.b.set_ready()

    def route(self, hash_: str) -> None:
        """Show the screen at this address (a reload, Back/Forward, or a pasted link)."""
        self.overlay = None
        self.confirm = None
        self.error = None
        if hash_.startswith("#new"):
            self.open_link(hash_)
        elif hash_.startswith("#/play/"):
            self.open_slot(hash_[len("#/play/") :])
        elif hash_.startswith("#/setup/"):
            game_id = hash_[len("#/setup/") :]
            if self.setup.get("game") == game_id:
                self.screen = "setup"
            elif game_id in TABLES:
                self.new_setup(game_id)
            else:
                self.screen = "home"
        else:
            self.screen = "home"

    def go(self, hash_: str) -> None:
        """A new history entry for the screen now shown (Back returns to the last)."""
        if self.b.get_hash() != hash_:
            self.b.push_hash(hash_)

    def on_navigate(self, hash_: str) -> None:
        self.route(hash_)
        self.render()

    def open_slot(self, slot_id: str) -> None:
        try:
            loaded = self.store.load(slot_id)
        except BadSave:  # damaged or gone: say so kindly; the save itself stays
            self.screen = "home"
            self.notice = self.cat.t("save_damaged")
            return
        self.match, self.slot = loaded.match, loaded.slot
        self.enter_table()
        if slot_id == LEGACY_ID:
            self.save()  # the old single save moves into a slot of its own
            self.b.set_hash(f"#/play/{self.slot.id}")

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
        """Autosave after every step; never over newer moves made in another tab."""
        if self.match is None or self.slot is None:
            return
        outcome = self.store.write(self.slot, self.match, self.b.now_ms())
        self.save_failed = outcome == "failed"
        if outcome == "behind":
            self.catch_up()

    def catch_up(self) -> None:
        """Another tab saved this game: show its newer moves instead of ours."""
        assert self.slot is not None
        try:
            loaded = self.store.load(self.slot.id)
        except BadSave:
            self.match = self.slot = None
            self.screen = "home"
            self.notice = self.cat.t("game_gone")
            self.b.set_hash("#/")
            return
        self.match, self.slot = loaded.match, loaded.slot
        self.table_notice = self.cat.t("other_tab")
        self.unlocked = self.peek = None
        self.local = {}
        self.interlude = False
        self.fresh_events = 0

    def on_storage(self, key: str) -> None:
        if self.screen == "table" and self.slot is not None and self.match is not None:
            if self.store.stored_rev(self.slot.id) != self.slot.rev:
                self.catch_up()
                self.render()
        elif self.screen == "home":
            self.render()  # the list of saved games may have changed

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
        self.confirm = None
        self.go("#/")

    def act_overlay(self, arg: str, _: str | None) -> None:
        self.overlay = None if self.overlay == arg or arg == "close" else arg

    def new_setup(self, game_id: str) -> None:
        game = pygames.get_game(game_id)
        n = max(3, game.min_players)
        self.setup = {
            "game": game.id,
            "players": [self.cat.t("default_name", n=i + 1) for i in range(n)],
            "seats": ["human", "human"] + ["computer"] * (n - 2),
            "options": {o.name: o.default for o in game.options},
            "seed": None,
        }
        self.screen = "setup"

    def act_choose(self, arg: str, _: str | None) -> None:
        if arg not in TABLES:
            return
        self.new_setup(arg)
        self.notice = None
        self.go(f"#/setup/{arg}")

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
            (form.get(f"name{i}") or "").strip()[:MAX_NAME] or self.cat.t("default_name", n=i + 1)
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
        names = [p.strip().casefold() for p in self.setup["players"]]
        if len(set(names)) != len(names):
            self.error = self.cat.t("names_differ")
            return
        try:
            # Without a typed seed the match draws one from a strong random source,
            # and it is never shown: whoever knows it knows every die and hidden card.
            match = Match.from_setup(self.setup)
        except BadSave as exc:
            self.error = str(exc)
            return
        self.begin_table(match, seed_shared=self.setup.get("seed") is not None)

    def begin_table(self, match: Match, seed_shared: bool) -> None:
        """A new game in a slot of its own: no other saved game is touched."""
        self.match = match
        self.slot = Slot(id=new_id(), seed_shared=seed_shared)
        self.save()
        self.enter_table()
        self.go(f"#/play/{self.slot.id}")

    def enter_table(self) -> None:
        self.screen = "table"
        self.unlocked = self.peek = None
        self.local = {}
        self.overlay = None
        self.confirm = None
        self.interlude = False
        self.fresh_events = 0
        self.table_notice = None
        self.notice = None

    def act_again(self, _: str, __: str | None) -> None:
        if self.match is None:
            return
        setup = self.match.setup_json()
        setup["seed"] = None  # new dice, never shown
        self.begin_table(Match.from_setup(setup), seed_shared=False)

    def act_fresh(self, _: str, __: str | None) -> None:
        """Dismiss a notice and go home; nothing is deleted."""
        self.notice = None
        self.act_home("", None)

    def act_resume(self, arg: str, _: str | None) -> None:
        self.open_slot(arg)
        if self.screen == "table" and self.slot is not None:
            self.go(f"#/play/{self.slot.id}")

    def act_ask(self, arg: str, value: str | None) -> None:
        """Ask before anything is deleted: ``ask delete <id>`` or ``ask abandon``."""
        self.overlay = None
        self.confirm = (arg, value or "")

    def act_cancel(self, _: str, __: str | None) -> None:
        self.confirm = None
        self.overlay = None

    def act_delete(self, _: str, __: str | None) -> None:
        if self.confirm is None:
            return
        kind, slot_id = self.confirm
        self.confirm = None
        if kind == "abandon" and self.slot is not None:
            slot_id = self.slot.id
        elif kind != "delete":
            return
        self.store.delete(slot_id)
        if self.slot is not None and self.slot.id == slot_id:
            self.match = self.slot = None
            self.act_home("", None)

    def act_unlock(self, arg: str, _: str | None) -> None:
        if self.match is None or not arg.isdigit():
            return
        seat = int(arg)
        if self.needs_curtain() != seat:
            return  # a stale control: only the curtain on screen can be confirmed
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
        self.table_notice = None
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
        if self.match is None or not self.undo_offered():
            return
        if self.match.undo():
            self.unlocked = None
            self.interlude = False
            self.local = {}
            self.fresh_events = 0
            self.save()

    def act_export(self, arg: str, _: str | None) -> None:
        if self.match is None:
            return
        if not self.match.is_over() and arg != "anyway":
            self.overlay = "export"  # the file holds every hidden bet, hand and the dice
            return
        self.overlay = None
        stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(self.b.now_ms() / 1000))
        name = f"paddock-{self.match.game_id}-{stamp}.json"  # never the seed
        self.b.download(name, json.dumps(self.match.to_json(), indent=1))

    def act_import(self, _: str, __: str | None) -> None:
        self.overlay = None
        self.b.pick_file(self.import_text)

    def import_text(self, text: str) -> None:
        try:
            match = Match.from_json(loads_save(text))
        except BadSave:
            self.notice = self.cat.t("import_failed")
            self.screen = "home"
            self.go("#/")
        else:
            self.begin_table(match, seed_shared=False)
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
        if self.confirm is not None:
            return  # a question is open; the table waits for the answer
        before = len(self.match.events)
        self.match.play_computer()
        self.note_events(before)
        self.unlocked = None
        self.save()
        self.render()

    def render(self) -> None:
        self.legal = []
        self._hand = None  # the table sets whose controls it draws
        if self.screen == "table" and self.match is not None:
            body = self.table_screen()
        elif self.screen == "setup" and self.setup:
            body = self.setup_screen()
        else:
            self.screen = "home"
            body = self.home_screen()
        self.b.render(body, self.cat.lang, self.cat.t("site_title"), self._hand)
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

    def names(self) -> list[str]:
        """The players' names as shown in running text (direction-isolated)."""
        assert self.match is not None
        return [isolate(n) for n in self.match.players]

    def header(self, title: str | None = None, behind_curtain: bool = False) -> Markup:
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
            # Behind a curtain nothing of the page can be reached, not even by Tab.
            {"class": "site-header", "inert": behind_curtain},
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
                self.your_games(),
                h("ul", {"class": "game-list"}, cards),
            ),
            self.confirm_dialog(),
        )

    def your_games(self) -> Markup | None:
        """Every saved game: resume it, or delete it after a confirmation."""
        t = self.cat.t
        slots = self.store.slots()
        if not slots:
            return None
        items = []
        for slot in slots:
            if slot.damaged or slot.game not in TABLES:
                title, who, state = t("damaged_save"), "", t("damaged_save_help")
            else:
                title = t(f"game_{slot.game}")
                who = ", ".join(isolate(p) for p in slot.players)
                state = t("game_finished") if slot.over else t("game_in_progress")
            items.append(
                h(
                    "li",
                    {
                        "class": classes("saved-game", slot.damaged and "damaged"),
                        "data-testid": f"saved-{slot.id}",
                    },
                    h("span", {"class": "sg-title"}, title),
                    h("span", {"class": "sg-players"}, who),
                    h("span", {"class": "sg-state"}, state),
                    not slot.damaged
                    and h(
                        "button",
                        {
                            "type": "button",
                            "class": "primary",
                            "data-act": "resume",
                            "data-arg": slot.id,
                            "data-testid": f"resume-{slot.id}",
                        },
                        t("view_results") if slot.over else t("resume"),
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "data-act": "ask",
                            "data-arg": "delete",
                            "value": slot.id,
                            "data-testid": f"delete-{slot.id}",
                        },
                        t("delete"),
                    ),
                )
            )
        return h(
            "section",
            {"class": "your-games", "aria-labelledby": "your-games-h"},
            h("h2", {"id": "your-games-h"}, t("your_games")),
            h("ul", {}, items),
        )

    def confirm_dialog(self) -> Markup | None:
        """The question asked before a saved game is deleted or abandoned."""
        if self.confirm is None:
            return None
        t = self.cat.t
        kind = self.confirm[0]
        question = t("confirm_abandon") if kind == "abandon" else t("confirm_delete")
        return h(
            "div",
            {
                "class": "overlay",
                "role": "alertdialog",
                "aria-modal": "true",
                "aria-labelledby": "confirm-h",
                "data-testid": "confirm",
            },
            h(
                "div",
                {"class": "overlay-inner"},
                h("h2", {"id": "confirm-h", "tabindex": "-1", "data-focus": True}, question),
                h("p", {}, t("cannot_be_undone")),
                h(
                    "div",
                    {"class": "form-actions"},
                    h(
                        "button",
                        {"type": "button", "data-act": "cancel", "data-testid": "confirm-no"},
                        t("keep_game"),
                    ),
                    h(
                        "button",
                        {
                            "type": "button",
                            "class": "danger",
                            "data-act": "delete",
                            "data-testid": "confirm-yes",
                        },
                        t("abandon_game") if kind == "abandon" else t("delete"),
                    ),
                ),
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
        seed = self.setup.get("seed")
        link = setup_link.build(self.setup)
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
                                    "value": "" if seed is None else str(seed),
                                    "placeholder": t("seed_random"),
                                    "aria-describedby": "seed-help",
                                },
                            ),
                            h("small", {"id": "seed-help"}, t("seed_help")),
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
                h(
                    "p",
                    {"class": "share"},
                    t("share_link"),
                    " ",
                    h("a", {"href": link, "data-testid": "share-link"}, t("share_link_text")),
                ),
                seed is not None
                and h(
                    "p",
                    {"class": "warning", "role": "note", "data-testid": "seed-warning"},
                    t("seed_warning"),
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
            self._hand = f"interlude:{len(match.events)}"
            return join(self.header(title), self.interlude_screen(table))
        curtain_seat = self.needs_curtain()
        if curtain_seat is not None:
            self._hand = f"curtain:{curtain_seat}"
            return join(self.header(title, behind_curtain=True), self.curtain(curtain_seat))
        viewer = self.unlocked
        view = match.state.view(viewer)
        seat = match.current_player()
        human_turn = seat >= 0 and match.seats[seat] == "human" and self.peek is None
        secret_turn = table.turn_is_secret(match.state.view(None))
        can_act = human_turn and (not secret_turn or self.unlocked == seat)
        self.legal = match.state.legal_actions() if can_act else []
        next_up = None
        if self.peek is not None:
            self._hand = f"peek:{self.peek}"
        elif can_act:
            self._hand = f"seat:{seat}:{viewer}"
            if viewer is None and self._last_human not in (None, seat):
                next_up = seat  # a new player at a public turn: say who, briefly
            self._last_human = seat
        else:
            self._hand = "results" if match.is_over() else "waiting"
        ctx = GameContext(
            cat=self.cat,
            players=self.names(),
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
            self.table_notices(next_up),
            h(
                "main",
                {"class": f"table game-{match.game_id}", "id": "main"},
                main,
                self.log_panel(table),
            ),
            self.overlay_panel(table),
            self.confirm_dialog(),
        )

    def table_notices(self, next_up: int | None) -> Markup:
        """Who plays next (when that changes), and anything the saving wants said."""
        assert self.match is not None
        t = self.cat.t
        return join(
            next_up is not None
            and h(
                "p",
                {"class": f"next-up pc{next_up}", "role": "status", "data-testid": "next-up"},
                t("next_up", name=self.names()[next_up]),
            ),
            self.save_failed
            and h(
                "p",
                {"class": "notice save-failed", "role": "alert", "data-testid": "save-failed"},
                t("save_failed"),
            ),
            self.table_notice
            and h(
                "p",
                {"class": "notice", "role": "status", "data-testid": "table-notice"},
                self.table_notice,
            ),
        )

    def interlude_screen(self, table: Any) -> Markup:
        """The settlement of the race just run, for everyone, before the next one."""
        assert self.match is not None
        t = self.cat.t
        view = self.match.state.view(None)
        ctx = GameContext(
            cat=self.cat,
            players=self.names(),
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
                h(
                    "h1",
                    {"tabindex": "-1", "data-focus": True},
                    t("race_over_heading", race=view["results"][-1]["race"]),
                ),
                table.results_detail(last, ctx),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary big",
                        "data-act": "continue",
                        "data-testid": "continue",
                    },
                    t("continue"),
                ),
            ),
        )

    def curtain(self, seat: int) -> Markup:
        assert self.match is not None
        t = self.cat.t
        letter = initial(self.match.players[seat])
        name = self.names()[seat]
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
                    letter,
                ),
                # The heading, not the button, takes focus: a key press meant for the
                # last player's move must not confirm this curtain.
                h(
                    "h1",
                    {"id": "curtain-h", "tabindex": "-1", "data-focus": True},
                    t("pass_device", name=name),
                ),
                h("p", {}, t("curtain_help", name=name)),
                h(
                    "button",
                    {
                        "type": "button",
                        "class": "primary huge",
                        "data-act": "unlock",
                        "data-arg": str(seat),
                        "data-testid": "curtain-confirm",
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
                    h("span", {"class": f"token pc{i}", "aria-hidden": "true"}, initial(name)),
                    h("bdi", {"class": "pname"}, name),
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
            name = self.names()[seat] if seat >= 0 else ""
            content = h(
                "p", {"class": "waiting", "aria-live": "polite"}, t("computer_thinking", name=name)
            )
        return h(
            "section",
            {"class": "action-bar", "aria-label": t("your_move"), "data-testid": "action-bar"},
            h("p", {"class": "turn-banner", "aria-live": "polite"}, table.status_text(view, ctx)),
            self.error
            and h("p", {"class": "error", "role": "alert", "data-testid": "refusal"}, self.error),
            content,
            self.undo_control(),
        )

    def undo_offered(self) -> bool:
        """Undo is offered to the player who made the last move, while it is theirs.

        The engine says whether that move can still be taken back (no roll, draw,
        committed secret or other seat's move since). Inside a private panel only its
        owner's own move is offered; nothing is offered behind a curtain.
        """
        assert self.match is not None
        status = self.match.undo_status()
        if not status.available or self.peek is not None or self.screen != "table":
            return False
        if self.interlude or self.needs_curtain() is not None:
            return False
        return self.unlocked is None or status.seat == self.unlocked

    def undo_control(self) -> Markup | None:
        """The Undo button, or, when there is a last move that can't be taken back, why."""
        assert self.match is not None
        t = self.cat.t
        status = self.match.undo_status()
        if self.peek is not None or status.seat is None:
            return None
        if self.undo_offered():
            mover = status.seat
            label = (
                t("undo")
                if mover == self.match.current_player()
                else t("undo_of", name=self.names()[mover])
            )
            return h(
                "button",
                {"type": "button", "class": "undo", "data-act": "undo", "data-testid": "undo"},
                label,
            )
        if status.available:
            why = t("undo_only_owner", name=self.names()[status.seat])
        elif status.reason == "chance":
            why = t("undo_no_chance")
        elif status.reason == "secret":
            why = t("undo_no_secret")
        elif status.reason == "other_seat":
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

    def log_panel(self, table: Any) -> Markup:
        assert self.match is not None
        t = self.cat.t
        lines = []
        for event in reversed(self.match.events[-300:]):
            text = table.describe(event, self.names(), self.cat)
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
                h(
                    "button",
                    {
                        "type": "button",
                        "data-act": "ask",
                        "data-arg": "abandon",
                        "data-testid": "abandon",
                    },
                    t("abandon_game"),
                ),
                self.match is not None
                and h(
                    "p",
                    {"class": "share"},
                    t("share_link"),
                    " ",
                    h(
                        "a",
                        {"href": setup_link.build(self.share_setup()), "data-testid": "share-link"},
                        t("share_this_setup_seed")
                        if self.share_setup().get("seed") is not None
                        else t("share_this_setup"),
                    ),
                ),
            )
        elif self.overlay == "export":
            title = t("export")
            body = h(
                "div",
                {"class": "menu-items"},
                h("p", {"class": "warning", "data-testid": "export-warning"}, t("export_warning")),
                h(
                    "button",
                    {
                        "type": "button",
                        "data-act": "export",
                        "data-arg": "anyway",
                        "data-testid": "export-anyway",
                    },
                    t("export_anyway"),
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

    def share_setup(self) -> dict[str, Any]:
        """The running game's setup for a share link: the dice only if the seed was typed."""
        assert self.match is not None
        setup = self.match.setup_json()
        if self.slot is None or not self.slot.seed_shared:
            setup["seed"] = None
        return dict(setup)

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
        winners = [self.names()[i] for i in order if ranks[i] == 1]
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
                        initial(self.match.players[i]),
                    ),
                    " ",
                    h("bdi", {}, self.match.players[i]),
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
