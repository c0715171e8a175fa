"""Royal Turf's game state: three races of betting and racing (spec §2–§5).

>>> from pygames.royal_turf import GAME
>>> s = GAME.new_state(["Ann", "Ben", "Cy"])
>>> s.chance_outcomes()[0]   # CH2: who starts race 1
({'type': 'first_player', 'player': 0}, 0.3333333333333333)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Self

from ..core.state import Action, BadSave, Bet, Event, RaceFinish, State
from .data import (
    BASE_CHIPS,
    CARDS,
    DIE,
    HIDDEN_CHIPS,
    HORSES,
    PACE_FIELD,
    RACES,
    START_FIELD_OF_SLOT,
    multiplier,
)
from .payouts import odds_column, race_payouts
from .view import Landing, RaceResult, RoyalTurfView, build_view, view_part


class Phase(StrEnum):
    """Every phase a Royal Turf state can be in (saved as its text)."""

    FIRST_PLAYER = "first_player"  # chance CH2: who starts race 1
    REVEAL = "reveal"  # chance CH1: the next card draw
    START_LOT = "start_lot"  # chance CH3: a lot among the tied richest players
    BETTING = "betting"
    RACE = "race"  # chance CH4 (the roll) until rolled, then the mover's choice
    OVER = "over"


# The phases as plain names: the hot paths test them by identity (a state's phase is
# always a Phase member, also after loading), and a Phase.X lookup costs more than
# the rest of a phase test.
_FIRST_PLAYER = Phase.FIRST_PLAYER
_REVEAL = Phase.REVEAL
_START_LOT = Phase.START_LOT
_BETTING = Phase.BETTING
_RACE = Phase.RACE
_OVER = Phase.OVER

_CHANCE_PHASES = frozenset({_FIRST_PLAYER, _REVEAL, _START_LOT})
_ROLL_CHANCES = dict((symbol, float(p)) for symbol, p in DIE)
_ROLL_OUTCOMES: list[tuple[Action, float]] = [
    ({"type": "roll", "symbol": symbol}, _ROLL_CHANCES[symbol])
    for symbol in ("head", "helmet", "saddle", "horseshoe")
]
_MOVES: dict[str, Action] = {h: {"type": "move_horse", "horse": h} for h in HORSES}
"""Every horse's move action, handed out again and again (read-only)."""
_CHIP_BETS: dict[tuple[int, str], Action] = {
    (chip, h): {"type": "place_chip", "chip": chip, "horse": h}
    for chip in sorted(set(BASE_CHIPS) | set(HIDDEN_CHIPS))
    for h in HORSES
}
"""Every chip-on-horse action, likewise."""
_CHIP_LISTS: dict[int, tuple[tuple[Action, ...], ...]] = {
    chip: tuple(
        tuple(_CHIP_BETS[chip, h] for i, h in enumerate(HORSES) if 1 << i & horses)
        for horses in range(1 << len(HORSES))
    )
    for chip in sorted(set(BASE_CHIPS) | set(HIDDEN_CHIPS))
}
"""A chip's bets on every set of horses (as bits in canonical order)."""
_ALL_HORSES = (1 << len(HORSES)) - 1
_MOVE_VALUE = {card: values for card, (_, values) in CARDS.items()}
"""Card id -> squares per symbol (a plain lookup on the move's hot path)."""
_BIT = {h: 1 << i for i, h in enumerate(HORSES)}
"""Each horse's bit in a set of horses held as an int (the race's hot path)."""
_MOVE_LISTS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(_MOVES[h] for h in HORSES if _BIT[h] & horses) for horses in range(1 << len(HORSES))
)
"""The move actions of every set of horses, in canonical order."""
_DRAWS: dict[int, dict[str, tuple[Action, float]]] = {
    left: {card: ({"type": "draw_card", "card": card}, 1 / left) for card in CARDS}
    for left in range(1, len(CARDS) + 1)
}
"""Each card's draw outcome with ``left`` cards in the deck, handed out again and again."""


def _horse_bets() -> dict[str, list[list[int]]]:
    return {h: [] for h in HORSES}


def _copy_bets(bets: dict[str, list[list[int]]]) -> dict[str, list[list[int]]]:
    return {h: [list(chip) for chip in chips] for h, chips in bets.items()}


def _copy_result(r: RaceResult) -> RaceResult:
    """A deep copy of one finished race's record."""
    return {
        "race": r["race"],
        "places": list(r["places"]),
        "pacemaker": r["pacemaker"],
        "last": r["last"],
        "bets": _copy_bets(r["bets"]),
        "payouts": [{**p} for p in r["payouts"]],
        "money": list(r["money"]),
        "cards": dict(r["cards"]),
    }


@dataclass(eq=False)
class RoyalTurfState(State[RoyalTurfView]):
    """The whole game; its fields are exactly what a save holds."""

    game_id = "royal_turf"

    players: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    phase: Phase = _FIRST_PLAYER
    race: int = 1
    money: list[int] = field(default_factory=list)
    unrevealed: list[str] = field(default_factory=lambda: sorted(CARDS))  # never revealed
    put_back: list[str] = field(default_factory=list)  # under the deck, oldest first
    cards: dict[str, str] = field(default_factory=dict)  # horse -> card this race
    fields: dict[str, int] = field(default_factory=dict)  # horse -> field, horses on the track
    finished: list[str] = field(default_factory=list)  # finishing order this race
    moved: list[str] = field(default_factory=list)  # horses flagged moved this cycle
    pacemaker: str | None = None
    supply: list[list[int]] = field(default_factory=list)  # chip values each seat still holds
    bets: dict[str, list[list[int]]] = field(default_factory=_horse_bets)  # [[seat, chip]…]
    first_player: int = 0  # CH2 result
    start_player: int = 0  # betting start player of this race
    turn: int = 0  # seat to act (betting and race)
    bets_placed: int = 0  # betting turns taken this race
    roll: str | None = None  # symbol rolled this race turn
    results: list[RaceResult] = field(default_factory=list)  # one record per finished race

    def __post_init__(self) -> None:
        # Not saved: the horses that may move now (`eligible`) as bits, -1 until asked;
        # kept up to date by the race's moves, dropped whenever the field changes.
        self._ready = -1

    # --- construction -------------------------------------------------------
    @classmethod
    def initial(cls, players: list[str], options: dict[str, Any]) -> Self:
        s = cls(players=list(players), options=dict(options), money=[0] * len(players))
        s._reset_chips()
        return s

    def _check_loaded(self) -> None:
        n = len(self.players)
        if len(self.money) != n or len(self.supply) != n or set(self.bets) != set(HORSES):
            raise BadSave("the Royal Turf state does not fit its players")
        if not set(self.fields) | set(self.finished) <= set(HORSES) or not 1 <= self.race <= RACES:
            raise BadSave("the Royal Turf state has an impossible race")

    @property
    def hidden(self) -> bool:
        return bool(self.options.get("hidden_bets", False))

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def rounds(self) -> int:
        return 4 if self.hidden else 3

    def _reset_chips(self) -> None:
        chips = HIDDEN_CHIPS if self.hidden else BASE_CHIPS
        self.supply = [list(chips) for _ in self.players]
        self.bets = _horse_bets()

    # --- queries ------------------------------------------------------------
    # The phase is always a Phase member (loading converts it), so `is` compares.
    def is_terminal(self) -> bool:
        return self.phase is _OVER

    def is_chance(self) -> bool:
        phase = self.phase
        if phase is _RACE:
            return self.roll is None
        return phase in _CHANCE_PHASES

    def legal_actions(self) -> list[Action]:
        # Same answer as the base class's, with one phase test instead of three.
        phase = self.phase
        if phase is _RACE:
            return [] if self.roll is None else self._legal_actions()
        if phase is _BETTING:
            return self._legal_actions()
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        # Same answer as the base class's, without asking twice what kind of node this is.
        phase = self.phase
        if phase is _RACE:
            return self._roll_outcomes() if self.roll is None else []
        if phase in _CHANCE_PHASES:
            return self._chance_outcomes()
        return []

    def _current_seat(self) -> int:
        return self.turn

    def eligible(self) -> list[str]:
        """Horses that may move now (P16), in canonical order."""
        return [h for h in HORSES if h in self.fields and h not in self.moved]

    def _ready_horses(self) -> int:
        """The horses that may move now (P16) as bits (see ``_ready``)."""
        ready = self._ready
        if ready < 0:
            moved = self.moved
            ready = 0
            for h in self.fields:
                if h not in moved:
                    ready |= _BIT[h]
            self._ready = ready
        return ready

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is _RACE:  # nearly every decision of a game
            ready = self._ready
            return list(_MOVE_LISTS[ready if ready >= 0 else self._ready_horses()])
        if phase is _BETTING:
            turn = self.turn
            mine = 0
            for h, chips in self.bets.items():
                for s, _ in chips:
                    if s == turn:
                        mine |= _BIT[h]
            free = _ALL_HORSES & ~mine
            actions: list[Action] = []
            for chip in sorted(set(self.supply[turn])):
                actions += _CHIP_LISTS[chip][free]
            return actions
        return []

    def _why_illegal(self, action: Action) -> str | None:
        kind = action["type"]
        horse = action.get("horse")
        if kind == "place_chip":
            if self.phase != _BETTING:
                return "chips can only be placed while betting"
            if horse not in HORSES:
                return f"there is no horse called {horse!r}"
            chip = action.get("chip")
            if type(chip) is not int or chip not in self.supply[self.turn]:
                return f"you have no {chip}-chip left to place"
            if any(s == self.turn for s, _ in self.bets[horse]):
                return f"you already have a chip on {horse}"
        elif kind == "move_horse":
            if self.phase != _RACE:
                return "horses only move during the race, after the roll"
            if horse not in HORSES:
                return f"there is no horse called {horse!r}"
            if horse not in self.fields:
                return f"{horse} has already finished"
            if horse in self.moved:
                return f"{horse} has already moved in this cycle"
        else:
            return f"Royal Turf has no action {kind!r}"
        if set(action) - {"type", "chip", "horse"} or (kind == "move_horse" and "chip" in action):
            return "the action has fields Royal Turf does not know"
        return None

    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase is _RACE:  # the roll: a third of all steps
            return _ROLL_OUTCOMES
        if self.phase == _FIRST_PLAYER:
            return [({"type": "first_player", "player": p}, 1 / self.n) for p in range(self.n)]
        if self.phase == _REVEAL:
            draws = _DRAWS[len(self.unrevealed)]
            return [draws[c] for c in self.unrevealed]
        if self.phase == _START_LOT:
            tied = self._richest()
            return [({"type": "start_player_lot", "player": p}, 1 / len(tied)) for p in tied]
        return self._roll_outcomes()

    @staticmethod
    def _roll_outcomes() -> list[tuple[Action, float]]:
        # One list for every roll (read-only, like every listed action): CH4 is a third
        # of all steps.
        return _ROLL_OUTCOMES

    def _richest(self) -> list[int]:
        top = max(self.money)
        return [p for p, m in enumerate(self.money) if m == top]

    # --- transitions ----------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        kind = action["type"]
        # The race's roll and move are nearly every step of a game: tested first.
        if kind == "roll":
            self.roll = symbol = action["symbol"]
            return [{"type": "rolled", "seat": self.turn, "symbol": symbol}]
        if kind == "move_horse":
            return self._move(action["horse"])
        events: list[Event] = []
        match kind:
            case "first_player":
                self._first_player(action["player"], events)
            case "draw_card":
                self._draw_card(action["card"], events)
            case "start_player_lot":
                self._begin_betting(action["player"], "lot", events)
            case "place_chip":
                self._place_chip(action["chip"], action["horse"], events)
            case _:
                raise AssertionError(f"unhandled action {action['type']!r}")
        return events

    apply_trusted = _apply
    """The base class's trusted apply without its copy of the action and one call
    level less: ``_apply`` only reads the action and keeps no part of it."""

    def _first_player(self, seat: int, events: list[Event]) -> None:
        self.first_player = seat
        events.append({"type": "first_player", "seat": seat})
        self._start_race(events)

    def _draw_card(self, card: str, events: list[Event]) -> None:
        self.unrevealed.remove(card)
        self._reveal(card, events)
        self._continue_reveal(events)

    def _start_race(self, events: list[Event]) -> None:
        """Preparation P2: clear the horses, then reveal cards (P3)."""
        self.cards, self.fields, self.finished, self.moved = {}, {}, [], []
        self._ready = -1
        self.pacemaker = None
        self.roll = None
        self.phase = _REVEAL
        events.append({"type": "race_started", "race": self.race})
        self._continue_reveal(events)

    def _reveal(self, card: str, events: list[Event]) -> None:
        horse = CARDS[card][0]
        if horse in self.cards:
            self.put_back.append(card)
            events.append({"type": "card_skipped", "card": card, "horse": horse})
            return
        slot = len(self.cards) + 1
        self.cards[horse] = card
        self._ready = -1
        self.fields[horse] = START_FIELD_OF_SLOT[slot]
        events.append(
            {"type": "card_revealed", "card": card, "horse": horse, "field": self.fields[horse]}
        )

    def _continue_reveal(self, events: list[Event]) -> None:
        # Put-back cards are drawn without chance once no unseen card is left (R36).
        while len(self.cards) < len(HORSES) and not self.unrevealed:
            self._reveal(self.put_back.pop(0), events)
        if len(self.cards) < len(HORSES):
            return  # next draw is a chance node
        # The whole field at once, from the back (start slot 1) to the front, so that
        # a log can tell the line-up in one sentence instead of seven.
        lineup = sorted(self.cards, key=lambda h: -self.fields[h])
        events.append(
            {
                "type": "field_lined_up",
                "race": self.race,
                "lineup": [
                    {"horse": h, "card": self.cards[h], "field": self.fields[h]} for h in lineup
                ],
            }
        )
        if self.race == 1:
            self._begin_betting(self.first_player, "first", events)
        elif len(self._richest()) > 1:
            self.phase = _START_LOT  # CH3
        else:
            self._begin_betting(self._richest()[0], "money", events)

    def _begin_betting(self, seat: int, why: str, events: list[Event]) -> None:
        self.start_player = seat
        self.turn = seat
        self.bets_placed = 0
        self.phase = _BETTING
        events.append({"type": "start_player", "seat": seat, "race": self.race, "by": why})

    def _place_chip(self, chip: int, horse: str, events: list[Event]) -> None:
        seat = self.turn
        self.supply[seat].remove(chip)
        self.bets[horse].append([seat, chip])
        self.bets_placed += 1
        event: Event = {"type": "chip_placed", "seat": seat, "horse": horse}
        if not self.hidden:
            event["chip"] = chip  # face up only in the base game
        events.append(event)
        if self.bets_placed == self.rounds * len(self.players):
            self.phase = _RACE
            self.turn = self.start_player  # P10: the first bettor races first
            self.roll = None
            events.append({"type": "race_begins", "seat": self.turn})
        else:
            self.turn = (seat + 1) % len(self.players)

    def landing(self, horse: str) -> Landing:
        """Where ``horse`` would end up moving with the current roll (P12, R4–R7).

        It runs its card's value for the symbol towards field 1; with that value or
        more it crosses the line (``to`` None). Otherwise, if the target field is
        taken, it stops on the nearest free field on its own side of the target and
        never goes back: with every field up to its own taken, it stays put.
        """
        assert self.roll is not None
        value = _MOVE_VALUE[self.cards[horse]][self.roll]
        start = self.fields[horse]
        target = start - value
        if target <= 0:
            return {"value": value, "to": None, "blocked": False}
        taken = self.fields.values()
        land = target
        while land < start and land in taken:
            land += 1
        return {"value": value, "to": land, "blocked": land != target}

    odds_column = staticmethod(odds_column)

    def _move(self, horse: str) -> list[Event]:
        """Race turn steps 3–6 (P12–P17) for ``horse`` with the rolled symbol."""
        # The landing rule of `landing`, inlined, and the usual case (a move on the
        # track) first: this is the hottest path of a game.
        roll = self.roll
        assert roll is not None
        fields = self.fields
        start = fields[horse]
        value = _MOVE_VALUE[self.cards[horse]][roll]
        target = start - value
        seat = self.turn
        self.roll = None
        ready = self._ready
        ready = (ready if ready >= 0 else self._ready_horses()) & ~_BIT[horse]
        events: list[Event]
        if target > 0:
            land = target
            taken = fields.values()
            while land < start and land in taken:
                land += 1
            fields[horse] = land
            events = [
                {
                    "type": "horse_moved",
                    "seat": seat,
                    "horse": horse,
                    "from": start,
                    "to": land,
                    "value": value,
                    "blocked": land != target,
                }
            ]
            self.moved.append(horse)
            if land <= PACE_FIELD and self.pacemaker is None:
                self.pacemaker = horse
                events.append({"type": "pacemaker", "horse": horse})
        else:
            del fields[horse]
            finished = self.finished
            finished.append(horse)
            events = [
                {
                    "type": "horse_finished",
                    "seat": seat,
                    "horse": horse,
                    "from": start,
                    "value": value,
                    "rank": len(finished),
                }
            ]
            if self.pacemaker is None:
                self.pacemaker = horse
                events.append({"type": "pacemaker", "horse": horse})
            if len(finished) == 3:
                self._end_race(events)
                return events
        if not ready:  # every horse on the track has moved: a new cycle
            self.moved = []
            for h in fields:
                ready |= _BIT[h]
            events.append({"type": "cycle_reset"})
        self._ready = ready
        self.turn = (seat + 1) % len(self.players)
        return events

    def _end_race(self, events: list[Event]) -> None:
        """P15 and phase D: reveal (variant), payouts P18–P21, cleanup P22."""
        last = max(self.fields, key=lambda h: self.fields[h])
        m = multiplier(self.race)
        chips = _copy_bets(self.bets)
        events.append(
            {
                "type": "race_over",
                "race": self.race,
                "places": list(self.finished),
                "pacemaker": self.pacemaker,
                "last": last,
            }
        )
        if self.hidden:
            events.append({"type": "chips_revealed", "bets": chips})
        # 0-chips go back first and count as no bet (V5).
        live = {h: [(s, c) for s, c in chips[h] if c > 0] for h in HORSES}
        assert self.pacemaker is not None
        payouts = race_payouts(self.finished, self.pacemaker, last, live, self.money, m)
        events.extend({"type": "payout", **item} for item in payouts)
        self.results.append(
            {
                "race": self.race,
                "places": list(self.finished),
                "pacemaker": self.pacemaker,
                "last": last,
                "bets": chips,
                "payouts": payouts,
                "money": list(self.money),
                "cards": dict(self.cards),
            }
        )
        # Cleanup P22: chips home, this race's cards leave the game.
        self._reset_chips()
        if self.race == RACES:
            self.phase = _OVER
            self.fields = {}
            self.moved = []
            self._ready = -1
            top = max(self.money)
            events.append(
                {
                    "type": "game_over",
                    "money": list(self.money),
                    "winners": [p for p, v in enumerate(self.money) if v == top],
                }
            )
            return
        self.race += 1
        self._start_race(events)

    # --- views, results -------------------------------------------------------
    def undo_barrier(self, action: Action) -> bool:
        """In the hidden variant a placed chip, and a move that ends a race (the
        reveal), commit secrets: taking them back would undo what others saw."""
        if not self.hidden:
            return False
        if action.get("type") == "place_chip":
            return True
        horse = action.get("horse")
        if action.get("type") != "move_horse" or self.roll is None or horse not in self.fields:
            return False
        return self.landing(horse)["to"] is None and len(self.finished) == 2

    def bet_totals(self) -> dict[str, int]:
        """B(h): bets on each horse (chip values; the 0-chip counts nothing)."""
        return {h: sum(c for _, c in self.bets[h]) for h in HORSES}

    def view(self, viewer: int | None = None) -> RoyalTurfView:
        return build_view(self, viewer)

    def view_part(self, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """Only ``keys`` of the view, each built alone (see view.py)."""
        return view_part(self, viewer, keys)

    def private_turn(self) -> bool:
        """With hidden bets every chip is placed face down (V3): a secret choice."""
        return self.hidden and self.phase == _BETTING

    def holds_secrets(self, seat: int) -> bool:
        """With hidden bets a seat may look at its face-down chips again during the race."""
        return self.hidden and self.phase == _RACE

    def race_placings(self, race: int) -> list[str]:
        """The first three horses of finished race ``race`` (0-based), winner first;
        horses 4th to 6th are not ranked in Royal Turf (P15)."""
        return list(self.results[race]["places"])

    def race_finish(self, race: int) -> RaceFinish:
        """Places 1st to 3rd, and the pacemaker and last horse that also pay (P19–P21)."""
        r = self.results[race]
        return {"places": list(r["places"]), "pacemaker": r["pacemaker"], "last": r["last"]}

    # --- the lens's bet values ----------------------------------------------------
    def lens_bets(self, seat: int) -> list[Bet]:
        """While betting: each chip value ``seat`` still holds (0-chips never pay) on
        each horse it has no chip on yet."""
        if self.phase is not _BETTING:
            return []
        mine = {h for h, chips in self.bets.items() for s, _ in chips if s == seat}
        return [
            {"chip": chip, "horse": h}
            for chip in sorted(set(self.supply[seat]) - {0})
            for h in HORSES
            if h not in mine
        ]

    def bet_payouts(self, seat: int, finish: RaceFinish) -> list[float]:
        """What each chip of :meth:`lens_bets` pays ``seat`` with the chips on the board
        now (not those placed later) if the race finishes as ``finish``."""
        live = {h: [(s, c) for s, c in self.bets[h] if c > 0] for h in HORSES}
        m = multiplier(self.race)
        out: list[float] = []
        for bet in self.lens_bets(seat):
            horse, chip = bet["horse"], bet["chip"]
            trial = dict(live)
            trial[horse] = [*live[horse], (seat, chip)]
            records = race_payouts(
                finish["places"], finish["pacemaker"], finish["last"], trial, list(self.money), m
            )
            out.append(
                sum(r["amount"] for r in records if r["seat"] == seat and r["horse"] == horse)
            )
        return out

    # --- search ----------------------------------------------------------------
    def clone(self) -> Self:
        """An equal, fully independent copy, field by field: search copies a state for
        every imagined position, and this is several times quicker than the base
        class's pickle round trip."""
        copy = object.__new__(type(self))
        copy.__dict__.update(self.__dict__)  # text, numbers and the phase: immutable
        copy.players = list(self.players)
        copy.options = dict(self.options)
        copy.money = list(self.money)
        copy.unrevealed = list(self.unrevealed)
        copy.put_back = list(self.put_back)
        copy.cards = dict(self.cards)
        copy.fields = dict(self.fields)
        copy.finished = list(self.finished)
        copy.moved = list(self.moved)
        copy.supply = [list(chips) for chips in self.supply]
        copy.bets = _copy_bets(self.bets)
        copy.results = [_copy_result(r) for r in self.results]
        return copy

    def resample_from_infostate(self, seat: int | None, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one, its unseen parts drawn anew.

        Redrawn: other seats' face-down chip values (hidden bets), which of the unused
        cards still lie unseen in the deck and which were slipped under it, in what
        order (the view shows only the unused cards), who won the lot for race 1 while
        nobody bets yet, and stale bookkeeping the view does not show.
        See docs/rules/royal_turf.md, "What the computer may assume".
        """
        s = self.clone()
        if self.hidden:
            s._redraw_hidden_chips(seat, rng)
        s._redraw_deck(rng)
        racing = self.phase in (_BETTING, _RACE)
        if not racing:
            # Stale seats from the last race: overwritten before they are read again.
            s.start_player = s.turn = 0
        if self.phase != _FIRST_PLAYER:
            # Who won the lot for race 1 shows only while race 1 is bet and run.
            visible = racing and self.race == 1
            s.first_player = self.start_player if visible else rng.randrange(self.n)
        # The order in which horses were flagged shows only as flags.
        s.moved = [h for h in HORSES if h in self.moved]
        return s

    def _redraw_hidden_chips(self, seat: int | None, rng: random.Random) -> None:
        """Deal every other seat's chips 0, 1, 1, 2 anew over its placed chips (in
        public order: horse, then placing order) and its supply; counts are public."""
        for other in range(self.n):
            if other == seat:
                continue
            values = list(HIDDEN_CHIPS)
            rng.shuffle(values)
            for h in HORSES:
                for bet in self.bets[h]:
                    if bet[0] == other:
                        bet[1] = values.pop()
            self.supply[other] = sorted(values)

    def _redraw_deck(self, rng: random.Random) -> None:
        """Split the unused cards anew into unseen ones and ones slipped under the deck.

        The view shows only which cards are unused, so this race's reveal is replayed
        from a deck holding them and this race's cards: before each new horse's card,
        cards of horses already drawn come up (and go under) as often as in a random
        deck. Cards slipped under in earlier races are taken as unseen again.
        """
        if self.phase == _FIRST_PLAYER:
            return
        deck = set(self.unrevealed) | set(self.put_back) | set(self.cards.values())
        drawn = sorted(self.cards.values())
        if self.phase in (_REVEAL, _START_LOT, _BETTING):
            # Horses still stand on their start fields: the slot order is public.
            drawn.sort(key=lambda c: -self.fields[CARDS[c][0]])
        else:
            rng.shuffle(drawn)
        unseen = sorted(deck)
        under: list[str] = []
        horses: set[str] = set()
        for card in drawn:
            self._skip_cards(unseen, under, horses, rng, pending=False)
            unseen.remove(card)
            horses.add(CARDS[card][0])
        if self.phase == _REVEAL:
            self._skip_cards(unseen, under, horses, rng, pending=True)
        self.unrevealed, self.put_back = unseen, under

    @staticmethod
    def _skip_cards(
        unseen: list[str], under: list[str], horses: set[str], rng: random.Random, pending: bool
    ) -> None:
        """Draw the cards of ``horses`` that come up before the next new horse's card.

        In a random deck each draw is one of them with probability (their count)/(cards
        left). ``pending``: the next new card has not come yet; how many went under so
        far is weighted by the chance of the reveal passing through that point.
        """
        skippable = [c for c in unseen if CARDS[c][0] in horses]
        if pending:
            weights = [1.0]
            for i in range(len(skippable)):
                weights.append(weights[-1] * (len(skippable) - i) / (len(unseen) - i))
            count = rng.choices(range(len(weights)), weights)[0]
            for card in rng.sample(skippable, count):
                unseen.remove(card)
                under.append(card)
            return
        while skippable and rng.random() < len(skippable) / len(unseen):
            card = skippable.pop(rng.randrange(len(skippable)))
            unseen.remove(card)
            under.append(card)

    def scores(self) -> list[float]:
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        return [float(m) for m in self.money]
