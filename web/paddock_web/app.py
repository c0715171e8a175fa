"""The site: home, new-game form, the table frame, hand-off curtain, saving.

Everything is drawn from the engine's ``view()`` into one HTML string per
render (see :mod:`.html`, which escapes all text); a single delegated listener
turns clicks and key presses on ``[data-act]`` elements back into calls here.

Screens have addresses (``#/``, ``#/setup/<game>``, ``#/play/<saved game>``), so the
browser's Back and Forward move between them and a reload opens the same screen.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pygames
from pygames.core import BadSave, IllegalAction, Match, records
from pygames.core.bots import bot_for
from pygames.core.match import MAX_SEED
from pygames.core.saving import loads_save

from . import advice_panel, lens_panel, projector, replay, setup_link, teachers, thinking
from .dom import Browser
from .i18n import LANGUAGES, Catalogue, pick_language
from .parts import LineCounts
from .saves import LEGACY_ID, MissingSave, SaveStore, Slot, new_id
from .screens import home, new_game, playing, teachers_page
from .screens import replay as replay_screen
from .screens import stats as stats_screen
from .screens.new_game import SPEEDS
from .table import isolate
from .tables import TABLES

LANG_KEY = "paddock.lang"
TIPS_KEY = "paddock.tips.off"  # games whose tips were turned off, comma-separated
SPEED_KEY = "paddock.speed"
MAX_NAME = 32


def coerce_options(game_id: str, raw: dict[str, Any]) -> dict[str, Any]:
    """Option values from a link or form (text) converted to the game's option types."""
    game = pygames.get_game(game_id)
    out: dict[str, Any] = dict(raw)
    for opt in game.options:
        if opt.name not in raw:
            continue
        value = raw[opt.name]
        if isinstance(opt.default, bool):
            if value in (True, "1", "true", "on"):
                out[opt.name] = True
            elif value in (False, "0", "false", "off"):
                out[opt.name] = False
            else:  # a link edited by hand: refused, not read as "off"
                raise ValueError(f"option {opt.name!r} is on or off, not {value!r}")
        elif not isinstance(value, type(opt.default)):
            out[opt.name] = type(opt.default)(value)  # ValueError: the caller's bad input
    return out


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
        self.home_pictures = False  # the home page's game pictures are drawn (see render)
        self._timer = 0
        self._last_shown: tuple[Any, ...] | None = None
        self._hand: str | None = None  # whose controls the last render drew
        self._place: str | None = None  # the table and viewer it drew (scroll kept)
        self._last_human: int | None = None  # the human seat that had the last public turn
        self.watching: replay.Watching | None = None  # the game being watched again
        self.stats: stats_screen.Stats | None = None  # the game whose charts are shown
        self.projecting: str | None = None  # the slot whose public table a projector mirrors
        self.projected: str | None = None  # in a projector window: the slot it shows
        self.lens = lens_panel.Lens(on=self.b.storage_get(lens_panel.LENS_KEY) == "1")
        self.thinking = thinking.Thinking()  # a Sharp seat's decision in the worker
        self.advice = advice_panel.Advice()  # "Ask the computer"
        self.log_count = LineCounts()  # the table log's numbers, each event counted once

    # --- start and addresses ------------------------------------------------------
    def start(self) -> None:
        self.b.listen(self.on_act)
        self.b.on_navigate(self.on_navigate)
        self.b.on_storage(self.on_storage)
        self.b.on_lens(lambda message: lens_panel.receive(self, message))
        self.b.on_worker(self.on_worker)
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
        elif hash_.startswith("#class"):
            self.open_link(hash_, for_class=True)
        elif hash_.startswith("#/play/"):
            self.open_slot(hash_[len("#/play/") :])
        elif hash_.startswith("#/replay/"):
            self.open_slot(hash_[len("#/replay/") :])
            if self.screen == "table":
                replay.start(self)
        elif hash_ == "#/teachers":
            self.screen = "teachers"
        elif hash_.startswith("#/projector/"):
            self.projected = hash_[len("#/projector/") :]
            self.screen = "projector"
        elif hash_.startswith("#/stats/"):
            self.open_slot(hash_[len("#/stats/") :])
            if self.screen == "table":
                stats_screen.open_stats(self)
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
        except MissingSave:  # deleted, or an address from another device: nothing to keep
            self.screen = "home"
            self.notice = self.cat.t("save_gone")
            self.b.set_hash("#/")
            return
        except BadSave:  # damaged: say so kindly; the save itself stays
            self.screen = "home"
            self.notice = self.cat.t("save_damaged")
            return
        self.match, self.slot = loaded.match, loaded.slot
        self.enter_table()
        if slot_id == LEGACY_ID:
            self.save()  # the old single save moves into a slot of its own
            self.b.set_hash(f"#/play/{self.slot.id}")

    def open_link(self, hash_: str, for_class: bool = False) -> None:
        try:
            setup = setup_link.parse(hash_)
            if for_class:  # a class link leaves the names to each table
                setup["players"] = [
                    self.cat.t("default_name", n=i + 1) for i in range(len(setup["players"]))
                ]
                setup["class"], setup["table"] = True, ""
            setup["options"] = coerce_options(setup["game"], setup["options"])
            Match.from_setup(setup)  # validates everything
        except (BadSave, ValueError, KeyError):
            self.screen = "home"
            self.notice = self.cat.t("bad_link")
            return
        self.setup = setup
        self.screen = "setup"

    def on_worker(self, message: dict[str, Any]) -> None:
        """An answer of the worker to a decision or advice job (or its failure)."""
        kind = message.get("kind")
        if kind == "decide":
            thinking.receive(self, message)
        elif kind == "advise":
            advice_panel.receive(self, message)
        elif kind == "failed":
            thinking.give_up(self, str(message.get("error")))
            if self.advice.key is not None and self.advice.tips is None:
                self.advice.failed = True
            self.computer_move()
            self.render()

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
        if self.screen == "projector" and self.projected is not None:
            if key == projector.key_of(self.projected):
                self.render()
            return
        if self.screen == "table" and self.slot is not None and self.match is not None:
            if self.store.stored_rev(self.slot.id) != self.slot.rev:
                self.catch_up()
                self.render()
        elif self.screen == "home":
            self.render()  # the list of saved games may have changed

    # --- actions from the page ------------------------------------------------
    def on_act(self, act: str, arg: str, value: str | None = None) -> None:
        if act == "typed" and arg == "replay":  # the replay's scrubber moved
            replay.seek(self, value or "")
            self.render()
            return
        if act == "typed":  # a keystroke in a name field: no re-render (the caret stays)
            self.name_typed(arg, value or "")
            self.setup_changed()
            return
        if act == "form_changed":
            self.setup_changed()
            return
        handler = getattr(self, f"act_{act}", None)
        if handler is None:
            return
        self.error = None
        handler(arg, value)
        self.render()

    def setup_changed(self) -> None:
        """The setup form changed (a name, a seat, an option, the seed): its share links
        follow, without a re-render that would move the caret or the focus."""
        if self.screen != "setup" or not self.setup:
            return
        self.read_form()
        self.b.set_html("#setup-links", new_game.links(self))

    def name_typed(self, arg: str, value: str) -> None:
        """A player's name as typed: lists that name seats (who starts…) follow it."""
        if self.screen != "setup" or not self.setup or not arg.isdigit():
            return
        seat = int(arg)
        if seat >= len(self.setup["players"]):
            return
        name = value.strip()[:MAX_NAME] or self.cat.t("default_name", n=seat + 1)
        self.setup["players"][seat] = name
        self.b.set_text(f'option[data-seat="{seat}"]', name)

    def act_lang(self, arg: str, _: str | None) -> None:
        if arg in LANGUAGES:
            if self.screen == "setup" and self.setup:
                self.read_form()
                # Names nobody typed ("Player 2") follow the language ("Spieler 2").
                old = self.cat
                self.setup["players"] = [
                    Catalogue(arg).t("default_name", n=i + 1)
                    if name == old.t("default_name", n=i + 1)
                    else name
                    for i, name in enumerate(self.setup["players"])
                ]
            self.cat = Catalogue(arg)
            self.b.storage_set(LANG_KEY, arg)

    def act_home(self, _: str, __: str | None) -> None:
        self.screen = "home"
        self.overlay = None
        self.confirm = None
        self.go("#/")

    def tips_on(self) -> bool:
        """Whether the table explains the decision on screen (until a player turns it off
        for this game on this device; Menu turns it on again)."""
        if self.match is None:
            return False
        raw = self.b.storage_get(TIPS_KEY) or ""
        return self.match.game_id not in raw.split(",")

    def act_tips(self, arg: str, _: str | None) -> None:
        if self.match is None:
            return
        off = {g for g in (self.b.storage_get(TIPS_KEY) or "").split(",") if g}
        if arg == "off":
            off.add(self.match.game_id)
        else:
            off.discard(self.match.game_id)
            self.overlay = None
        self.b.storage_set(TIPS_KEY, ",".join(sorted(off)))

    def act_lens(self, _: str, __: str | None) -> None:
        """The Lens switch: live chances from what the table (or the open panel) knows."""
        self.lens.on = not self.lens.on
        lens_panel.stop(self)  # on: ask afresh; off: the worker stops
        self.b.storage_set(lens_panel.LENS_KEY, "1" if self.lens.on else "0")
        self.lens.reveal = self.lens.on

    def act_overlay(self, arg: str, _: str | None) -> None:
        self.overlay = None if self.overlay == arg or arg == "close" else arg

    def new_setup(self, game_id: str) -> None:
        game = pygames.get_game(game_id)
        n = max(3, game.min_players)
        self.setup = {
            "game": game.id,
            "players": [self.cat.t("default_name", n=i + 1) for i in range(n)],
            "seats": ["human", "human"] + ["computer"] * (n - 2),
            "levels": ["friendly"] * n,
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
        levels = self.setup.setdefault("levels", ["friendly"] * len(players))
        while len(players) < n:
            players.append(self.cat.t("default_name", n=len(players) + 1))
            seats.append("computer")
            levels.append("friendly")
        del players[n:], seats[n:], levels[n:]
        for opt in game.options:
            if opt.per_seat:  # the picks were for another number of players
                self.setup["options"][opt.name] = opt.default

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
        kinds = [form.get(f"seat{i}") for i in range(n)]
        # The form's one choice per seat: human, computer (friendly) or sharp.
        self.setup["seats"] = ["computer" if k in ("computer", "sharp") else "human" for k in kinds]
        self.setup["levels"] = ["sharp" if k == "sharp" else "friendly" for k in kinds]
        for opt in game.options:
            if opt.per_seat:
                chosen = [form.get(f"opt_{opt.name}_{i}") or "" for i in range(n)]
                by_seat = opt.seat_picks(opt.default, n)
                value = "" if chosen == by_seat or not all(chosen) else ",".join(chosen)
                self.setup["options"][opt.name] = value
                continue
            raw = form.get(f"opt_{opt.name}")
            if isinstance(opt.default, bool):
                self.setup["options"][opt.name] = raw == "on"
            elif raw is not None:
                self.setup["options"].update(coerce_options(game.id, {opt.name: raw}))
        self.setup["lens_off"] = form.get("lens_off") == "on"
        self.setup["advice_off"] = form.get("advice_off") == "on"
        if self.setup.get("class"):
            self.setup["table"] = (form.get("table") or "").strip()[: teachers.MAX_TABLE]
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
        if self.setup.get("class") and not self.setup.get("table"):
            self.error = self.cat.t("class_table_needed")
            return
        game = pygames.get_game(self.setup["game"])
        for opt in game.options:
            picks = opt.seat_picks(str(self.setup["options"].get(opt.name, "")), len(names))
            if opt.per_seat and len(set(picks)) != len(picks):
                label = self.cat.t(f"{game.id}_opt_{opt.name}")
                self.error = self.cat.t("picks_differ", option=label)
                return
        try:
            # Without a typed seed the match draws one from a strong random source,
            # and it is never shown: whoever knows it knows every die and hidden card.
            match = Match.from_setup(self.setup)
        except BadSave as exc:
            self.error = str(exc)
            return
        self.begin_table(
            match,
            seed_shared=self.setup.get("seed") is not None,
            lens_off=self.setup.get("lens_off") is True,
            advice_off=self.setup.get("advice_off") is True,
            table=str(self.setup.get("table") or ""),
        )

    def begin_table(
        self,
        match: Match,
        seed_shared: bool,
        lens_off: bool = False,
        advice_off: bool = False,
        table: str = "",
    ) -> None:
        """A new game in a slot of its own: no other saved game is touched."""
        self.match = match
        self.slot = Slot(
            id=new_id(),
            seed_shared=seed_shared,
            lens_off=lens_off,
            advice_off=advice_off,
            table=table,
        )
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
        thinking.warm(self)

    def act_again(self, _: str, __: str | None) -> None:
        if self.match is None:
            return
        setup = self.match.setup_json()
        setup["seed"] = None  # new dice, never shown
        # The same table's choices: no lens, no advice.
        lens_off = self.slot is not None and self.slot.lens_off
        advice_off = self.slot is not None and self.slot.advice_off
        table = self.slot.table if self.slot is not None else ""  # a class table's name
        self.begin_table(
            Match.from_setup(setup),
            seed_shared=False,
            lens_off=lens_off,
            advice_off=advice_off,
            table=table,
        )

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

    def act_advise(self, _: str, __: str | None) -> None:
        advice_panel.act(self)

    def act_advice_play(self, arg: str, _: str | None) -> None:
        advice_panel.choose(self, arg)

    def act_play(self, arg: str, _: str | None) -> None:
        if self.match is None or not arg.isdigit() or int(arg) >= len(self.legal):
            return
        self.play(self.legal[int(arg)])

    def play(self, action: dict[str, Any]) -> None:
        assert self.match is not None
        actor = self.match.current_player()
        before = len(self.match.events)
        races = self.match.state.finished_races()
        try:
            self.match.play(action)
        except IllegalAction as exc:
            self.error = str(exc)
            return
        self.note_events(before, races)
        kept = TABLES[self.match.game_id].KEPT_CHOICES
        same = self.match.current_player() == actor and not self.match.is_over()
        self.local = {k: v for k, v in self.local.items() if k in kept} if same else {}
        self.table_notice = None
        if self.match.current_player() != actor:
            self.unlocked = None  # the private panel closes when the turn passes
        self.save()

    def note_events(self, before: int, races: int) -> None:
        """After a move: which events are new, and whether a race (or round) just ended."""
        assert self.match is not None
        self.fresh_events = len(self.match.events) - before
        ended = self.match.state.finished_races() > races
        # A race ends on its results card (Gambler's rounds are not races: they go on).
        self.interlude = (
            ended
            and not self.match.is_over()
            and "race" in self.match.state.view(None)["results"][-1]
        )

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

    def act_replay(self, _: str, __: str | None) -> None:
        replay.start(self)

    def act_rstep(self, arg: str, _: str | None) -> None:
        replay.move(self, arg)

    def act_rplay(self, _: str, __: str | None) -> None:
        replay.toggle(self)

    def act_projector(self, _: str, __: str | None) -> None:
        projector.open_window(self)

    def act_stats(self, _: str, __: str | None) -> None:
        stats_screen.open_stats(self)

    def act_srace(self, arg: str, _: str | None) -> None:
        stats_screen.pick_race(self, arg)

    def act_sclose(self, _: str, __: str | None) -> None:
        card = self.stats is not None and self.stats.between_races
        self.stats = None
        self.act_rclose("", None)
        self.interlude = card  # the race's results card waits where it was

    def act_rclose(self, _: str, __: str | None) -> None:
        self.watching = None
        if self.slot is not None and self.match is not None:
            self.enter_table()
            self.go(f"#/play/{self.slot.id}")
        else:
            self.act_home("", None)

    def act_csv(self, _: str, __: str | None) -> None:
        """Every event of the game as CSV rows (public events only: no seed, no secret)."""
        if self.match is None or self.slot is None:
            return
        self.overlay = None
        stamp = time.strftime("%Y-%m-%d-%H%M", time.localtime(self.b.now_ms() / 1000))
        rows = records.event_rows(self.match, game_id=self.slot.id, table=self.slot.table)
        name = records.csv_file_name(self.match.game_id, stamp)
        self.b.download(name, records.to_csv(rows), "text/csv")

    def act_import(self, _: str, __: str | None) -> None:
        self.overlay = None
        self.b.pick_file(self.import_text)

    def import_text(self, text: str) -> None:
        try:
            match = Match.from_json(loads_save(text))
        except BadSave:
            if self.screen == "table" and self.match is not None:
                # Picked from the table's menu: the game being played stays on screen.
                self.table_notice = self.cat.t("import_failed")
            else:
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
        if token == self._timer:
            self.computer_move()

    def computer_move(self) -> None:
        """The computer seat to act moves, if the table lets it now. A Sharp seat's move
        comes from the worker (asked here, played here when it answers); a Friendly
        seat's, or any while the worker is out of use, is worked out on the page."""
        if self.match is None or self.screen != "table":
            return
        if not self.match.is_computer_turn() or self.peek is not None:
            return
        if self.local.get("peek_request") is not None or self.interlude:
            return  # someone is reading their secrets or the settlement; wait for them
        if self.confirm is not None:
            return  # a question is open; the table waits for the answer
        action = thinking.take_answer(self)
        if action is None:
            asked = thinking.busy(self)
            if thinking.ask(self):
                if not asked:
                    self.render()  # the table shows the seat thinking
                return
            action = self.match.computer_action(bot_for(self.match.game_id, "friendly"))
        before = len(self.match.events)
        races = self.match.state.finished_races()
        try:
            self.match.play(action)  # checked: a refused move changes nothing
        except IllegalAction as exc:
            thinking.give_up(self, f"the worker's move was refused ({exc})")
            self.computer_move()
            return
        self.note_events(before, races)
        self.unlocked = None
        self.save()
        self.render()

    def render(self) -> None:
        self.legal = []
        self._hand = None  # the table sets whose controls it draws
        self._place = None
        # Before drawing: a new position shows "working"; off the table the worker stops.
        lens_panel.request(self)
        if self.screen == "table" and self.match is not None:
            body = playing.screen(self)
        elif self.screen == "setup" and self.setup:
            body = new_game.screen(self)
        elif self.screen == "replay" and self.watching is not None:
            body = replay_screen.screen(self)
        elif self.screen == "stats" and self.stats is not None:
            body = stats_screen.screen(self)
        elif self.screen == "teachers":
            body = teachers_page.screen(self)
        elif self.screen == "projector" and self.projected is not None:
            body = projector.screen(self, self.projected)
        else:
            self.screen = "home"
            body = home.screen(self)
            if not self.home_pictures:
                # The games' pictures need their table modules: drawn just after the
                # first paint, so the game list is usable before any game is imported.
                self.b.later(30, self.show_home_pictures)
        self.b.render(body, self.cat.lang, self.cat.t("site_title"), self._hand, self._place)
        if self.screen == "table":
            projector.publish(self)  # only the public table, for an open projector window
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

    def show_home_pictures(self) -> None:
        if self.home_pictures:
            return
        self.home_pictures = True
        if self.screen == "home":
            self.render()

    def names(self) -> list[str]:
        """The players' names as shown in running text (direction-isolated)."""
        assert self.match is not None
        return [isolate(n) for n in self.match.players]

    # --- the table ------------------------------------------------------------------
    def needs_curtain(self) -> int | None:
        """The seat that must confirm who they are before the screen shows more.

        Nobody, when that seat is the table's only human player: there is no one to
        pass the device to, and no one at the table to hide their secrets from (the
        computer seats read only their own windows). Their panel opens at once."""
        assert self.match is not None
        request = self.local.get("peek_request")
        if request is not None and self.unlocked != request:
            return self._unless_alone(int(request))
        if self.match.is_over() or self.peek is not None:
            return None
        seat = self.match.current_player()
        if seat >= 0 and self.match.seats[seat] == "human" and self.private_turn():
            return self._unless_alone(seat) if self.unlocked != seat else None
        return None

    def _unless_alone(self, seat: int) -> int | None:
        """``seat``, whose curtain is due; None, with their panel unlocked as the
        curtain's button would, when they are the only human seat."""
        assert self.match is not None
        if [s for s, kind in enumerate(self.match.seats) if kind == "human"] != [seat]:
            return seat
        if self.peek_pending() == seat:
            self.peek = seat
        self.unlocked = seat
        return None

    def private_turn(self) -> bool:
        """Whether the choice due now is secret (the engine says so in its public view)."""
        assert self.match is not None
        state = self.match.state
        return state.private_turn()

    def peek_pending(self) -> int | None:
        request = self.local.get("peek_request")
        return int(request) if request is not None else None

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
        return self.cat.game_t(self.match.game_id, key)


def start() -> None:
    """Entry point called by ``main.py`` once Pyodide is up."""
    from .dom import PyodideBrowser

    try:
        App(PyodideBrowser()).start()
    except Exception as exc:  # last resort: a friendly line, never a traceback
        PyodideBrowser.fatal(str(exc))
