"""Saved games in the browser's storage: one slot per game, never lost without asking.

Each game lives under its own key ``paddock.game.<id>`` as a small wrapper around the
match's save::

    {"format": "paddock-slot/1", "id": "…", "rev": 7, "updated": 1.7e12,
     "seed_shared": false, "summary": {"game": "royal_turf", "players": [...], "over": false},
     "match": {... Match.to_json() ...}}

``rev`` counts the writes, so a tab that is behind notices that another tab has moved
the game on and never overwrites newer moves. The home page lists the summaries without
replaying any game. A slot that cannot be read is listed as damaged and kept until the
player deletes it. The single save of earlier versions (``paddock.save.v1``) is listed
as one more slot and moved to a slot of its own the first time it is saved again.
"""

from __future__ import annotations

import json
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from pygames.core import BadSave, Match
from pygames.core.saving import loads_save

from .dom import Browser


class MissingSave(BadSave):
    """No saved game under that id on this device (deleted, or a link from elsewhere)."""


PREFIX = "paddock.game."
LEGACY_KEY = "paddock.save.v1"
LEGACY_ID = "v1"
SLOT_FORMAT = "paddock-slot/1"
MAX_TABLE = 32  # characters of a table's name (like a player's name; teachers.MAX_TABLE)
# How write() begins every slot: format, id and revision come first.
_HEAD = re.compile(r'\{"format":"paddock-slot/1","id":"([^"]*)","rev":(\d+),')


@dataclass
class Slot:
    """What the home page knows of a saved game (read without replaying it)."""

    id: str
    rev: int = 0
    updated: float = 0.0
    game: str | None = None
    players: list[str] = field(default_factory=list)
    over: bool = False
    seed_shared: bool = False
    lens_off: bool = False  # the players chose a game without the lens
    advice_off: bool = False  # … or without "Ask the computer"
    table: str = ""  # the table's name in a class (class links), in every CSV row
    damaged: bool = False


@dataclass
class Loaded:
    slot: Slot
    match: Match


def new_id() -> str:
    """A fresh slot id: random, so it says nothing about the game's dice."""
    return secrets.token_hex(6)


def key_of(slot_id: str) -> str:
    return LEGACY_KEY if slot_id == LEGACY_ID else PREFIX + slot_id


def _summary(data: Any) -> Slot | None:
    if not isinstance(data, dict) or data.get("format") != SLOT_FORMAT:
        return None
    summary = data.get("summary")
    if not isinstance(summary, dict):
        return None
    players = summary.get("players")
    rev, updated = data.get("rev"), data.get("updated")
    if (
        not isinstance(data.get("id"), str)
        or not isinstance(rev, int)
        or not isinstance(updated, int | float)
        or not isinstance(summary.get("game"), str)
        or not isinstance(players, list)
        or not all(isinstance(p, str) for p in players)
    ):
        return None
    return Slot(
        id=str(data["id"]),
        rev=rev,
        updated=float(updated),
        game=str(summary["game"]),
        players=[str(p) for p in players],
        over=summary.get("over") is True,
        seed_shared=data.get("seed_shared") is True,
        lens_off=data.get("lens_off") is True,
        advice_off=data.get("advice_off") is True,
        table=str(data.get("table") or "")[:MAX_TABLE],
    )


class SaveStore:
    """All saved games of this browser, read and written through a :class:`Browser`."""

    def __init__(self, browser: Browser) -> None:
        self.b = browser
        # History entries already encoded, kept beside the entries themselves: an
        # autosave then encodes only the moves made since the last one, not the game.
        self._entries: list[dict[str, Any]] = []
        self._encoded: list[str] = []

    def _match_json(self, match: Match) -> str:
        """``json.dumps(match.to_json())``, re-encoding only the new history entries."""
        history = match.history
        keep = 0
        for mine, theirs in zip(self._entries, history, strict=False):
            if mine is not theirs:  # an undo or a reload replaced the entries from here
                break
            keep += 1
        del self._entries[keep:], self._encoded[keep:]
        for entry in history[keep:]:
            self._entries.append(entry)
            self._encoded.append(json.dumps(entry, separators=(",", ":")))
        head = {k: v for k, v in match.to_json().items() if k != "history"}
        text = json.dumps(head, separators=(",", ":"))
        return f'{text[:-1]},"history":[{",".join(self._encoded)}]}}'

    def slots(self) -> list[Slot]:
        """Every saved game, most recently played first; damaged ones last."""
        found: list[Slot] = []
        for key in self.b.storage_keys():
            if key.startswith(PREFIX):
                slot_id = key[len(PREFIX) :]
            elif key == LEGACY_KEY:
                slot_id = LEGACY_ID
            else:
                continue
            found.append(self.peek(slot_id) or Slot(id=slot_id, damaged=True))
        return sorted(found, key=lambda s: (s.damaged, -s.updated, s.id))

    def peek(self, slot_id: str) -> Slot | None:
        """The slot's summary, or None if it is missing or unreadable."""
        raw = self.b.storage_get(key_of(slot_id))
        if raw is None:
            return None
        try:
            data = loads_save(raw)
        except BadSave:
            return None
        if slot_id == LEGACY_ID:
            return self._legacy_summary(data)
        slot = _summary(data)
        return slot if slot is not None and slot.id == slot_id else None

    def stored_rev(self, slot_id: str) -> int | None:
        """The revision stored for a slot (None: missing or unreadable).

        Asked before every autosave: the slots this class writes start with their
        revision, so it is read there without parsing the whole save.
        """
        raw = self.b.storage_get(key_of(slot_id))
        if raw is None:
            return None
        head = _HEAD.match(raw)
        if head is not None and head.group(1) == slot_id:
            return int(head.group(2))
        slot = self.peek(slot_id)
        return None if slot is None else slot.rev

    @staticmethod
    def _legacy_summary(data: Any) -> Slot | None:
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            return None
        players = data.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            return None
        return Slot(id=LEGACY_ID, game=str(data["game"]), players=list(players))

    def load(self, slot_id: str) -> Loaded:
        """Replay a saved game; ``BadSave`` if it is missing or damaged (it is kept)."""
        raw = self.b.storage_get(key_of(slot_id))
        if raw is None:
            raise MissingSave("this saved game is no longer there")
        data = loads_save(raw)
        if slot_id == LEGACY_ID:
            match = Match.from_json(data)
            return Loaded(self._legacy_summary(data) or Slot(id=LEGACY_ID), match)
        slot = _summary(data)
        if slot is None or slot.id != slot_id or not isinstance(data, dict):
            raise BadSave("this saved game is damaged")
        return Loaded(slot, Match.from_json(data.get("match")))

    def write(self, slot: Slot, match: Match, now: float) -> str:
        """Save ``match`` as the next revision of ``slot``.

        Returns "ok"; "behind" when another tab has saved a newer revision (nothing is
        written: the caller reloads); "failed" when the storage refused the write.
        """
        if slot.id != LEGACY_ID:
            stored = self.stored_rev(slot.id)
            if stored is not None and stored != slot.rev:
                return "behind"
            if stored is None and slot.rev > 0:
                return "behind"  # deleted in another tab: do not bring it back silently
        old_id = slot.id
        if old_id == LEGACY_ID:
            slot.id, slot.rev = new_id(), 0
        data = {
            "format": SLOT_FORMAT,
            "id": slot.id,
            "rev": slot.rev + 1,
            "updated": now,
            "seed_shared": slot.seed_shared,
            "lens_off": slot.lens_off,
            "advice_off": slot.advice_off,
            "table": slot.table,
            "summary": {
                "game": match.game_id,
                "players": list(match.players),
                "over": match.is_over(),
            },
        }
        text = json.dumps(data, separators=(",", ":"))
        text = f'{text[:-1]},"match":{self._match_json(match)}}}'
        if not self.b.storage_set(key_of(slot.id), text):
            if old_id == LEGACY_ID:
                slot.id, slot.rev = LEGACY_ID, 0
            return "failed"
        slot.rev += 1
        slot.updated = now
        slot.game, slot.players, slot.over = match.game_id, list(match.players), match.is_over()
        if old_id == LEGACY_ID:
            self.b.storage_remove(LEGACY_KEY)  # moved, and only once the copy is written
        return "ok"

    def delete(self, slot_id: str) -> None:
        self.b.storage_remove(key_of(slot_id))
