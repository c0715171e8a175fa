"""TurfMaster's game state: a meeting of three one-lap races (spec §2–§5).

Node sequence of a game::

    deal (32 ``deck_shuffle`` draws per horse) -> ``start_order`` (one draw per box)
    -> per race: rounds alternating card / dice, starting with a card round
       card round: per horse in movement order [take_bonus] play_card [choose_end]
                   (V2 blind cards: every rider chooses face down in seat order,
                   then the cards are revealed and the horses move in order)
       dice round: ``dice_roll`` -> choose_pace (roller) -> per horse in movement
                   order [choose_die] [choose_end]
       end of round: finishers leave the track; race over when none is left
    -> between races: refill 10 cards, then set_aside down to 10 (horse-id order)
    -> game over after race 3 (V4 quick race: after race 1)

A decision with exactly one legal action is applied automatically (spec §3,
"engine vocabulary"): a horse with one card and no bonus plays it, a move with a
single end square ends there, doubles need no die choice.

Legal-action order (deterministic): a card turn lists ``play_card`` by card in
deck order (V3: each joker once per value 9–12), then ``take_bonus`` and, with an
empty hand, ``decline_bonus``; ``choose_pace`` ascending; ``choose_die`` as
(d1, d2); ``choose_end`` by lane; ``set_aside`` by card in deck order.

>>> from pygames.turfmaster import GAME
>>> s = GAME.new_state(["Ann", "Ben"])
>>> s.chance_outcomes()[0]
({'type': 'deck_shuffle', 'horse': 1, 'position': 1, 'card': '3a'}, 0.03125)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Self

from ..core.state import Action, BadSave, Event, State, copy_plain
from ..core.ties import level_groups, ranks
from .data import (
    BONUS_SIZE,
    CARD_INDEX,
    CARD_VALUE,
    CARDS,
    DECK_SIZE,
    HAND_SIZE,
    HANDICAP,
    HORSES_ALLOWED,
    HORSES_DEFAULT,
    JOKER_VALUES,
    JOKERS,
    MAX_ROUNDS,
    NONE,
    PILE_SIZE,
    POINTS,
    RACES,
    Board,
    board_side,
)
from .movement import falls, moves
from .shared import ROLLS, dealt_next, plays
from .view import (
    CardOption,
    Eliminated,
    PaceChoice,
    Place,
    RaceResult,
    RoundKind,
    Status,
    Tie,
    TurfMasterView,
    build_view,
    view_part,
)


class Phase(StrEnum):
    """Where the game stands; the saved text is the value."""

    DEAL = "deal"  # chance: the decks are shuffled card by card
    START_ORDER = "start_order"  # chance: race 1's start boxes
    CARD = "card"  # a horse's open card turn
    BLIND = "blind"  # V2: a rider chooses a card face down
    ROLL = "roll"  # chance: the dice of a dice round
    PACE = "pace"  # the roller chooses the pace
    DICE = "dice"  # the horses move at the pace; passed through within one move, never at rest
    DIE = "die"  # an over-limit horse's owner picks a die
    END = "end"  # a move waits for its end square
    SELECT = "select"  # between races: cards are set aside down to 10
    OVER = "over"


CHANCE_PHASES = frozenset({Phase.DEAL, Phase.START_ORDER, Phase.ROLL})
# The phases the rounds pass through, as plain names: an enum member looked up on its
# class costs several times a global's lookup, and a playout sets one at every step.
CARD, BLIND, ROLL, PACE, DICE, DIE, END = (
    Phase.CARD,
    Phase.BLIND,
    Phase.ROLL,
    Phase.PACE,
    Phase.DICE,
    Phase.DIE,
    Phase.END,
)
TURN_TYPES = ("take_bonus", "play_card", "decline_bonus")
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "take_bonus": ("horse",),
    "play_card": ("horse", "card"),
    "decline_bonus": ("horse",),
    "choose_pace": ("value",),
    "choose_die": ("horse", "value"),
    "choose_end": ("horse", "square"),
    "set_aside": ("horse", "card"),
}
UNPLACED = 99
"""Tie-break place of a player without a finishing horse in a race (§4.2.5)."""
HORSE_KEYS: tuple[str, ...] = tuple(str(h) for h in range(9))
"""A horse's number as the text key of an event's per-horse table."""


def field_position(row: int, rows: Iterable[int], finished: int) -> int:
    """P3: the position of a horse on ``row`` among horses on ``rows`` (the others, or
    all of them: a level horse does not count), after ``finished`` horses already home.
    Level horses share a position."""
    return 1 + finished + sum(1 for r in rows if r > row)


def sort_cards(cards: list[str]) -> None:
    cards.sort(key=CARD_INDEX.__getitem__)


@dataclass(eq=False)
class TurfMasterState(State[TurfMasterView]):
    """The whole game; its fields are exactly what is saved (plain JSON data)."""

    game_id = "turfmaster"

    players: list[str]
    options: dict[str, Any]
    per: int  # horses per player
    phase: Phase = Phase.DEAL
    race: int = 1
    round: int = 0
    kind: RoundKind = "card"  # kind of the current round
    decks: list[list[str]] = field(default_factory=list)  # shuffled order per horse (secret)
    hands: list[list[str]] = field(default_factory=list)
    piles: list[list[str]] = field(default_factory=list)
    bonus: list[list[str]] = field(default_factory=list)
    bonus_taken: list[bool] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    aside: list[list[str]] = field(default_factory=list)
    squares: list[str | None] = field(default_factory=list)
    status: list[Status] = field(default_factory=list)
    boxes: list[int] = field(default_factory=list)  # horses by start box of the current race
    finish: list[int] = field(default_factory=list)  # finishing order of the current race
    falls: list[dict[str, Any]] = field(default_factory=list)  # every fall of the game
    positions: list[int | None] = field(default_factory=list)  # P3 snapshot of the round
    limits: list[int | None] = field(default_factory=list)
    order: list[int] = field(default_factory=list)  # P4 movement order of the round
    turn_index: int = 0
    blind_queue: list[int] = field(default_factory=list)
    blind_index: int = 0
    chosen: list[list[Any] | None] = field(default_factory=list)  # V2: [card, value or None]
    blind_bonus: list[int] = field(default_factory=list)  # V2: bonus taken face down
    revealed: bool = False
    dice: list[int] | None = None
    pace: int | None = None
    roller: int | None = None
    last_roller: int | None = None
    pending: dict[str, Any] | None = None
    select_queue: list[int] = field(default_factory=list)
    results: list[RaceResult] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    # --- construction -------------------------------------------------------
    @classmethod
    def initial(cls, players: list[str], options: dict[str, Any]) -> Self:
        n = len(players)
        if n not in HORSES_ALLOWED:
            raise ValueError(f"TurfMaster is for 2–8 players, not {n}")
        per = options.get("horses_per_player", 0) or HORSES_DEFAULT[n]
        if per not in HORSES_ALLOWED[n]:
            allowed = " or ".join(str(h) for h in HORSES_ALLOWED[n])
            raise ValueError(
                f"with {n} players each player rides {allowed} horse(s), not {per} "
                f"(a race needs 4–8 horses, the same number per player)"
            )
        total = n * per
        return cls(
            players=list(players),
            options=dict(options),
            per=per,
            decks=[[] for _ in range(total)],
            hands=[[] for _ in range(total)],
            piles=[[] for _ in range(total)],
            bonus=[[] for _ in range(total)],
            bonus_taken=[False] * total,
            discards=[[] for _ in range(total)],
            aside=[[] for _ in range(total)],
            squares=[None] * total,
            status=["track"] * total,
            positions=[None] * total,
            limits=[None] * total,
            chosen=[None] * total,
            points=[0] * n,
        )

    # --- small helpers --------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def horses(self) -> range:
        return range(1, len(self.hands) + 1)

    def owner(self, horse: int) -> int:
        return (horse - 1) // self.per

    def horses_of(self, seat: int) -> list[int]:
        return list(range(seat * self.per + 1, seat * self.per + self.per + 1))

    def __post_init__(self) -> None:
        # The variants, read at nearly every step: plain attributes, not saved (they
        # follow from the options, which never change during a game).
        self.steeplechase: bool = bool(self.options.get("grand_national", False))
        self.blind: bool = bool(self.options.get("blind_cards", False))
        self.free_jokers: bool = bool(self.options.get("free_jokers", False))

    @property
    def races(self) -> int:
        return 1 if self.options.get("quick_race", False) else RACES

    @property
    def board(self) -> Board:
        return board_side("B" if self.steeplechase else "A")

    def row_of(self, horse: int) -> int:
        sq = self.squares[horse - 1]
        assert sq is not None
        return self.board.row[self.board.index[sq]]

    def lane_of(self, horse: int) -> int:
        sq = self.squares[horse - 1]
        assert sq is not None
        return self.board.lane[self.board.index[sq]]

    def on_track(self) -> list[int]:
        return [i + 1 for i, st in enumerate(self.status) if st == "track"]

    def _deal_horse(self) -> int:
        for h in self.horses:
            if len(self.decks[h - 1]) < DECK_SIZE:
                return h
        raise AssertionError("every deck is dealt")

    def acting_horse(self) -> int | None:
        """The horse whose owner must decide now (None at chance, pace or the end)."""
        p = self.phase
        if p == "card" and self.turn_index < len(self.order):
            return self.order[self.turn_index]
        if p == "blind" and self.blind_index < len(self.blind_queue):
            return self.blind_queue[self.blind_index]
        if p == "die":
            return self.order[self.turn_index]
        if p == "end" and self.pending is not None:
            return int(self.pending["horse"])
        if p == "select" and self.select_queue:
            return self.select_queue[0]
        return None

    def pace_options(self) -> list[int]:
        assert self.dice is not None
        d1, d2 = self.dice
        return sorted({d1, d2, d1 + d2})

    def current_limits(self) -> list[int | None]:
        """Limits by the P3 rule for the horses where they stand now (between rounds)."""
        on = self.on_track()
        rows = {h: self.row_of(h) for h in on}
        done = len(self.finish)
        out: list[int | None] = [None] * len(self.hands)
        for h in on:
            out[h - 1] = HANDICAP.get(field_position(rows[h], rows.values(), done))
        return out

    # --- queries ------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance(self) -> bool:
        return self.phase in CHANCE_PHASES

    def _current_seat(self) -> int:
        if self.phase == "pace":
            assert self.roller is not None
            return self.roller
        h = self.acting_horse()
        assert h is not None
        return self.owner(h)

    def _turn_actions(self, h: int) -> list[Action]:
        hand = self.hands[h - 1]
        if self.free_jokers:
            acts: list[Action] = []
            for c in hand:
                if c in JOKERS:
                    acts += [
                        {"type": "play_card", "horse": h, "card": c, "value": v}
                        for v in JOKER_VALUES
                    ]
                else:
                    acts.append({"type": "play_card", "horse": h, "card": c})
        else:
            acts = plays(h, hand)
        if not self.bonus_taken[h - 1]:
            acts.append({"type": "take_bonus", "horse": h})
            if not hand:
                acts.append({"type": "decline_bonus", "horse": h})
        return acts

    def _turn_choices(self, h: int) -> int:
        """``len(self._turn_actions(h))`` without building them (the automatic steps ask)."""
        hand = self.hands[h - 1]
        n = len(hand)
        if self.free_jokers:
            n += 3 * sum(1 for c in hand if c in JOKERS)
        if not self.bonus_taken[h - 1]:
            n += 1 if hand else 2
        return n

    def _legal_actions(self) -> list[Action]:
        p = self.phase
        if p == "end":  # the most frequent decision
            pend = self.pending
            assert pend is not None
            h = pend["horse"]
            return [{"type": "choose_end", "horse": h, "square": s} for s in pend["ends"]]
        h = self.acting_horse()
        if p in ("card", "blind"):
            assert h is not None
            return self._turn_actions(h)
        if p == "pace":
            return [{"type": "choose_pace", "value": v} for v in self.pace_options()]
        if p == "die":
            assert self.dice is not None
            return [{"type": "choose_die", "horse": h, "value": v} for v in self.dice]
        if p == "select":
            assert h is not None
            return [{"type": "set_aside", "horse": h, "card": c} for c in self.hands[h - 1]]
        return []

    # --- refusals -------------------------------------------------------------
    def why_illegal(self, action: Any) -> str | None:
        # Chance outcomes are checked field by field (fast) instead of by listing.
        if not self.is_terminal() and self.is_chance() and isinstance(action, dict):
            if not isinstance(action.get("type"), str):
                return "an action must be an object with a 'type'"
            return self._why_not_outcome(action)
        return super().why_illegal(action)

    def _why_not_outcome(self, action: Action) -> str | None:
        bad = "that is not a possible outcome of this chance event"
        t = action["type"]
        if self.phase == "deal":
            h = self._deal_horse()
            deck = self.decks[h - 1]
            ok = (
                t == "deck_shuffle"
                and set(action) == {"type", "horse", "position", "card"}
                and action["horse"] == h
                and type(action["position"]) is int
                and action["position"] == len(deck) + 1
                and isinstance(action["card"], str)
                and action["card"] in CARD_INDEX
                and action["card"] not in deck
            )
            return None if ok else bad
        if self.phase == "start_order":
            horse = action.get("horse")
            ok = (
                t == "start_order"
                and set(action) == {"type", "box", "horse"}
                and type(horse) is int
                and horse in self.horses
                and horse not in self.boxes
                and action["box"] == len(self.boxes) + 1
            )
            return None if ok else bad
        d1, d2 = action.get("d1"), action.get("d2")
        ok = (
            t == "dice_roll"
            and set(action) == {"type", "d1", "d2"}
            and type(d1) is int
            and type(d2) is int
            and 1 <= d1 <= 6
            and 1 <= d2 <= 6
        )
        return None if ok else bad

    def _why_illegal(self, action: Action) -> str | None:
        t = action["type"]
        if t == "pass":
            return "there is no passing: a horse with cards must play one each card round (R13)"
        if t not in ACTION_FIELDS:
            return f"TurfMaster has no action {t!r}"
        keys = set(ACTION_FIELDS[t])
        card = action.get("card")
        if t == "play_card" and self.free_jokers and isinstance(card, str) and card in JOKERS:
            keys.add("value")
        missing = keys - set(action)
        if missing:
            return f"the action lacks {', '.join(sorted(missing))}"
        extra = set(action) - keys - {"type"}
        if extra:
            if "value" in extra and t == "play_card":
                return "only a joker in the free-jokers variant (V3) takes a value"
            return f"the action has fields TurfMaster does not know: {', '.join(sorted(extra))}"
        if t == "choose_pace":
            return self._why_pace(action)
        h = self.acting_horse()
        horse = action["horse"]
        if type(horse) is not int or horse not in self.horses:
            return f"there is no horse {horse!r} in this game"
        if t in TURN_TYPES:
            if self.phase not in ("card", "blind"):
                return "cards are played only at a horse's card turn"
            if horse != h:
                return f"it is horse {h}'s card turn, not horse {horse}'s"
            return self._why_turn(action, horse)
        if t == "choose_die":
            if self.phase != "die":
                return "a die is chosen only when the pace exceeds a horse's limit"
            if horse != h:
                return f"horse {h} chooses its die now, not horse {horse}"
            assert self.dice is not None
            if action["value"] not in self.dice or type(action["value"]) is not int:
                d1, d2 = self.dice
                return f"the pace is over the limit: choose one die, {d1} or {d2}"
            return None
        if t == "choose_end":
            if self.phase != "end":
                return "there is no move waiting for its end square"
            if horse != h:
                return f"horse {h} chooses its end square now, not horse {horse}"
            assert self.pending is not None
            ends = self.pending["ends"]
            if action["square"] not in ends:
                return (
                    f"{action['square']!r} is not one of the farthest squares horse {horse} "
                    f"can reach: {', '.join(ends)} (P14: move as far as possible)"
                )
            return None
        # set_aside
        if self.phase != "select":
            return "cards are set aside only when choosing 10 cards between races"
        if horse != h:
            return f"horse {h} chooses its cards now, not horse {horse}"
        if action["card"] not in self.hands[horse - 1]:
            return f"card {action['card']!r} is not in horse {horse}'s hand"
        return None

    def _why_pace(self, action: Action) -> str | None:
        if self.phase != "pace":
            return "the pace is chosen only by the roller right after the dice roll"
        v = action["value"]
        opts = self.pace_options()
        if type(v) is not int or v not in opts:
            return f"the pace must be one die or their sum: {', '.join(map(str, opts))}"
        return None

    def _why_turn(self, action: Action, h: int) -> str | None:
        t = action["type"]
        hand = self.hands[h - 1]
        if t == "take_bonus":
            if self.bonus_taken[h - 1]:
                return f"horse {h} has already taken its bonus pair (once per game)"
            return None
        if t == "decline_bonus":
            if hand:
                return f"horse {h} has cards: it must play one (declining is for an empty hand)"
            if self.bonus_taken[h - 1]:
                return f"horse {h} has no bonus pair left to decline"
            return None
        card = action["card"]
        if not isinstance(card, str) or card not in hand:
            return f"card {card!r} is not in horse {h}'s hand"
        if "value" in action:
            v = action["value"]
            if type(v) is not int or v not in JOKER_VALUES:
                return "a free joker (V3) is worth 9, 10, 11 or 12"
        return None

    # --- chance -----------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "deal":
            h = self._deal_horse()
            return dealt_next(h, self.decks[h - 1])
        if self.phase == "start_order":
            left = [h for h in self.horses if h not in self.boxes]
            box = len(self.boxes) + 1
            return [({"type": "start_order", "box": box, "horse": h}, 1 / len(left)) for h in left]
        if self.phase == "roll":
            return list(ROLLS)
        return []

    # --- transitions ----------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        # the most frequent first: a match tries its cases in turn
        match action["type"]:
            case "choose_end":
                self._finish_move(action["square"], events)
            case "deck_shuffle":
                self._deal(action["horse"], action["card"], events)
            case "play_card":
                self._play_card(action["horse"], action["card"], action.get("value"), events)
            case "dice_roll":
                self._roll(action["d1"], action["d2"], events)
            case "choose_pace":
                self._choose_pace(action["value"], events)
            case "choose_die":
                self._choose_die(action["horse"], action["value"], events)
            case "take_bonus":
                self._take_bonus(action["horse"], events)
            case "decline_bonus":
                self._decline_bonus(action["horse"], events)
            case "start_order":
                self._start_box(action["box"], action["horse"], events)
            case "set_aside":
                self._set_aside(action["horse"], action["card"], events)
            case _:
                raise AssertionError(f"unhandled action {action['type']!r}")
        self._proceed(events)
        return events

    def _start_box(self, box: int, h: int, events: list[Event]) -> None:
        self.boxes.append(h)
        events.append({"type": "start_box", "box": box, "horse": h, "seat": self.owner(h)})
        if len(self.boxes) == len(self.hands):
            self._begin_race(events)

    def _roll(self, d1: int, d2: int, events: list[Event]) -> None:
        self.dice = [d1, d2]
        self.phase = PACE
        events.append({"type": "dice_rolled", "seat": self.roller, "d1": d1, "d2": d2})

    def _choose_pace(self, value: int, events: list[Event]) -> None:
        self.pace = value
        self.phase = DICE
        self.turn_index = 0
        events.append({"type": "pace_chosen", "seat": self.roller, "value": value})

    def _choose_die(self, h: int, value: int, events: list[Event]) -> None:
        events.append({"type": "die_chosen", "seat": self.owner(h), "horse": h, "value": value})
        self._start_move(h, value, "dice", None, events)

    def _deal(self, h: int, card: str, events: list[Event]) -> None:
        deck = self.decks[h - 1]
        deck.append(card)
        if len(deck) < DECK_SIZE:
            return
        hand = deck[:HAND_SIZE]
        sort_cards(hand)
        self.hands[h - 1] = hand
        self.piles[h - 1] = deck[HAND_SIZE : HAND_SIZE + PILE_SIZE]
        self.bonus[h - 1] = deck[HAND_SIZE + PILE_SIZE :]
        events.append(
            {"type": "deck_shuffled", "horse": h, "seat": self.owner(h), "hand": HAND_SIZE}
        )
        if h == len(self.hands):
            self.phase = Phase.START_ORDER

    def _proceed(self, events: list[Event]) -> None:
        """Run the automatic steps until a decision, a chance event or the end."""
        while True:
            p = self.phase
            if p == "card":
                if self.turn_index >= len(self.order):
                    self._end_round(events)
                    continue
                h = self.order[self.turn_index]
                if self.status[h - 1] != "track":
                    self.turn_index += 1
                    continue
                if self.blind:
                    chosen = self.chosen[h - 1]
                    if chosen is None:
                        self._no_card(h, events)
                        self.turn_index += 1
                    else:
                        self._resolve_card(h, chosen[0], chosen[1], events)
                    continue
                choices = self._turn_choices(h)
                if not choices:
                    self._no_card(h, events)
                    self.turn_index += 1
                    continue
                if choices == 1:
                    self._play_single(self._turn_actions(h)[0], events)
                    continue
                return
            if p == "blind":
                if self.blind_index >= len(self.blind_queue):
                    self._reveal(events)
                    continue
                h = self.blind_queue[self.blind_index]
                if self._turn_choices(h) == 1:
                    self._play_single(self._turn_actions(h)[0], events)
                    continue
                return
            if p == "dice":
                if self.turn_index >= len(self.order):
                    self._end_round(events)
                    continue
                h = self.order[self.turn_index]
                if self.status[h - 1] != "track":
                    self.turn_index += 1
                    continue
                limit = self.limits[h - 1]
                assert self.pace is not None and self.dice is not None
                if limit is None or self.pace <= limit:
                    self._start_move(h, self.pace, "dice", None, events)
                elif self.dice[0] == self.dice[1]:
                    events.append(
                        {
                            "type": "die_chosen",
                            "seat": self.owner(h),
                            "horse": h,
                            "value": self.dice[0],
                            "forced": True,
                        }
                    )
                    self._start_move(h, self.dice[0], "dice", None, events)
                else:
                    self.phase = DIE
                    return
                continue
            return

    def _no_card(self, h: int, events: list[Event]) -> None:
        events.append(
            {
                "type": "stood_still",
                "seat": self.owner(h),
                "horse": h,
                "square": self.squares[h - 1],
                "reason": "no_card",
            }
        )

    def _play_single(self, action: Action, events: list[Event]) -> None:
        """A turn with one legal action is played at once: it is always a card (a bonus
        still to take comes with a second choice, playing or declining)."""
        assert action["type"] == "play_card"
        self._play_card(action["horse"], action["card"], action.get("value"), events)

    def _take_bonus(self, h: int, events: list[Event]) -> None:
        hand = self.hands[h - 1]
        hand += self.bonus[h - 1]
        sort_cards(hand)
        self.bonus[h - 1] = []
        self.bonus_taken[h - 1] = True
        if self.phase == "blind":
            # §9: in V2 taking the bonus becomes public only at the reveal
            self.blind_bonus.append(h)
            return
        events.append({"type": "bonus_taken", "seat": self.owner(h), "horse": h, "hand": len(hand)})

    def _decline_bonus(self, h: int, events: list[Event]) -> None:
        seat = self.owner(h)
        if self.phase == "blind":
            # told at the reveal; until then it looks like any face-down choice
            self.blind_index += 1
            events.append(
                {"type": "card_chosen", "seat": seat, "horse": h, "hand": self.public_hand(h)}
            )
            return
        events.append({"type": "bonus_declined", "seat": seat, "horse": h})
        self._no_card(h, events)
        self.turn_index += 1

    def _play_card(self, h: int, card: str, value: int | None, events: list[Event]) -> None:
        self.hands[h - 1].remove(card)
        if self.phase == "blind":
            self.chosen[h - 1] = [card, value]
            self.blind_index += 1
            events.append(
                {
                    "type": "card_chosen",
                    "seat": self.owner(h),
                    "horse": h,
                    "hand": self.public_hand(h),
                }
            )
            return
        self._resolve_card(h, card, value, events)

    def public_hand(self, h: int) -> int:
        """The hand size the table sees: in V2, a bonus taken face down is not
        counted until the reveal (a face-down choice after taking it shows as
        one card fewer, as any other; an empty hand stays at 0)."""
        n = len(self.hands[h - 1])
        if self.phase == "blind" and h in self.blind_bonus:
            return max(0, n - 2)
        return n

    def _reveal(self, events: list[Event]) -> None:
        for h in self.blind_queue:
            seat = self.owner(h)
            if h in self.blind_bonus:
                n = len(self.hands[h - 1])
                events.append({"type": "bonus_taken", "seat": seat, "horse": h, "hand": n})
            elif self.chosen[h - 1] is None:
                events.append({"type": "bonus_declined", "seat": seat, "horse": h})
        self.blind_bonus = []
        cards = []
        for h in self.order:
            chosen = self.chosen[h - 1]
            if chosen is not None:
                card = chosen[0]
                value = chosen[1] if chosen[1] is not None else CARD_VALUE[card]
                cards.append({"horse": h, "seat": self.owner(h), "card": card, "value": value})
        events.append({"type": "cards_revealed", "cards": cards})
        self.revealed = True
        self.phase = CARD
        self.turn_index = 0

    def _resolve_card(self, h: int, card: str, value: int | None, events: list[Event]) -> None:
        joker = card in JOKERS
        v = value if (joker and value is not None) else CARD_VALUE[card]
        limit = self.limits[h - 1]
        too_high = not joker and limit is not None and v > limit
        self.discards[h - 1].append(card)
        if self.blind:
            self.chosen[h - 1] = None
        events.append(
            {
                "type": "card_played",
                "seat": self.owner(h),
                "horse": h,
                "card": card,
                "value": v,
                "joker": joker,
                "limit": limit,
                "too_high": too_high,
                "hand": len(self.hands[h - 1]),
            }
        )
        if too_high:
            events.append(
                {
                    "type": "stood_still",
                    "seat": self.owner(h),
                    "horse": h,
                    "square": self.squares[h - 1],
                    "reason": "too_high",
                }
            )
            self._next_horse()
            return
        self._start_move(h, v, "card", card, events)

    def is_fall(self, dest: str, cost: int) -> bool:
        """V1 H3: whether ending a move of ``cost`` on ``dest`` now is a fall."""
        if not (self.steeplechase and self.kind == "card"):
            return False
        b = self.board
        return falls(b, b.index[dest], cost, True)

    def pace_choices(self) -> list[PaceChoice]:
        """After the roll: each pace, and the horses it would put over their limit (P9)."""
        assert self.dice is not None
        d1, d2 = self.dice
        return [
            {
                "value": v,
                "is_sum": v == d1 + d2 and v not in (d1, d2),
                "over_limit": [
                    h for h in self.horses if (lim := self.limits[h - 1]) is not None and v > lim
                ],
            }
            for v in self.pace_options()
        ]

    def move_options(self, h: int, value: int, kind: str | None = None) -> tuple[int, list[str]]:
        """``(C*, end squares)`` for horse ``h`` moving ``value`` now (P10–P14)."""
        return self.moves_of(h, (value,), kind)[value]

    def moves_of(
        self, h: int, values: Iterable[int], kind: str | None = None
    ) -> dict[int, tuple[int, list[str]]]:
        """:meth:`move_options` of horse ``h`` for each of ``values``, from the moves
        remembered per side (:func:`~.movement.moves`): the computer players' rollouts
        ask a view for the same moves again and again (about half are found there)."""
        b, start, others = self._mover(h)
        hurdles = self.steeplechase and (kind or self.kind) == "card"
        out: dict[int, tuple[int, list[str]]] = {}
        for value in values:
            if value not in out:
                cost, _, ends = moves(b, start, value, others, hurdles)
                out[value] = cost, list(ends)
        return out

    def _mover(self, h: int) -> tuple[Board, int, list[int]]:
        """The board, horse ``h``'s square and the other horses' squares on the track
        (P12 forbids the squares around them)."""
        b = self.board
        index, status = b.index, self.status
        mover = h - 1
        start = NONE
        others: list[int] = []
        for i, sq in enumerate(self.squares):
            if sq is None:
                continue
            if i == mover:
                start = index[sq]
            elif status[i] == "track":
                others.append(index[sq])
        assert start != NONE, f"horse {h} is not on the board"
        return b, start, others

    def _start_move(
        self, h: int, value: int, source: str, card: str | None, events: list[Event]
    ) -> None:
        b, start, others = self._mover(h)
        cost, _, ends = moves(b, start, value, others, self.kind == "card" and self.steeplechase)
        self.pending = {
            "horse": h,
            "value": value,
            "source": source,
            "card": card,
            "from": self.squares[h - 1],
            "cost": cost,
            "ends": list(ends),
        }
        if len(ends) == 1:
            self._finish_move(ends[0], events)
        else:
            self.phase = END

    def _finish_move(self, dest: str, events: list[Event]) -> None:
        pend = self.pending
        assert pend is not None
        h = pend["horse"]
        seat = (h - 1) // self.per
        cost = pend["cost"]
        self.squares[h - 1] = dest
        if cost == 0:
            events.append(
                {
                    "type": "stood_still",
                    "seat": seat,
                    "horse": h,
                    "square": dest,
                    "reason": "blocked",
                }
            )
        else:
            events.append(
                {
                    "type": "moved",
                    "seat": seat,
                    "horse": h,
                    "source": pend["source"],
                    "card": pend["card"],
                    "value": pend["value"],
                    "from": pend["from"],
                    "to": dest,
                    "cost": cost,
                    "lost": pend["value"] - cost,
                    "ends": list(pend["ends"]),
                }
            )
        if cost and self.kind == "card" and self.steeplechase and self.is_fall(dest, cost):
            self.status[h - 1] = "out"
            self.squares[h - 1] = None
            fall = {
                "race": self.race,
                "round": self.round,
                "index": self.turn_index,
                "horse": h,
                "seat": seat,
                "square": dest,
            }
            self.falls.append(fall)
            events.append({"type": "fell", **fall})
        self.pending = None
        self._next_horse()

    def _next_horse(self) -> None:
        self.turn_index += 1
        self.phase = CARD if self.kind == "card" else DICE

    # --- rounds and races -------------------------------------------------------
    def _begin_race(self, events: list[Event]) -> None:
        for i, h in enumerate(self.boxes):
            self.squares[h - 1] = f"{i + 1}-0"
            self.status[h - 1] = "track"
        self.finish = []
        self.round = 0
        self.pending = None
        events.append({"type": "race_started", "race": self.race, "boxes": list(self.boxes)})
        self._begin_round("card", events)

    def _field(self) -> list[int]:
        """The horses on the track, furthest row first, inside lane first (P4, P16), as
        codes ``place * 16 + horse`` (``code & 15``: the horse, ``code >> 8``: how many
        rows short of the board's last row it stands)."""
        b = self.board
        place, index, status = b.place, b.index, self.status
        field = [
            place[index[sq]] * 16 + i + 1
            for i, sq in enumerate(self.squares)
            if sq is not None and status[i] == "track"
        ]
        field.sort()
        return field

    def _begin_round(
        self, kind: RoundKind, events: list[Event], field: list[int] | None = None
    ) -> None:
        """P3/P4: snapshot positions, limits and the movement order for the round
        (``field``: :meth:`_field` as it stands, if the caller has it)."""
        self.round += 1
        self.kind = kind
        if field is None:
            field = self._field()
        done = len(self.finish)
        total = len(self.hands)
        positions: list[int | None] = [None] * total
        limits: list[int | None] = [None] * total
        shown_positions: dict[str, int | None] = {}
        shown_limits: dict[str, int | None] = {}
        # the field's order is the movement order (P4); a horse's position counts the
        # horses on strictly higher rows (P3), so level horses share the position of
        # the first of them in this order
        order = [code & 15 for code in field]
        level, pos = -1, 0
        for k, code in enumerate(field):
            h = code & 15
            if code >> 8 != level:
                level, pos = code >> 8, 1 + done + k
            limit = HANDICAP.get(pos)
            positions[h - 1] = pos
            limits[h - 1] = limit
            shown_positions[HORSE_KEYS[h]] = pos
            shown_limits[HORSE_KEYS[h]] = limit
        self.order = order
        self.positions = positions
        self.limits = limits
        self.turn_index = 0
        self.dice = None
        self.pace = None
        self.pending = None
        events.append(
            {
                "type": "round_started",
                "race": self.race,
                "round": self.round,
                "kind": kind,
                "order": list(order),
                "positions": shown_positions,
                "limits": shown_limits,
            }
        )
        if kind == "card":
            if self.blind:
                self.chosen = [None] * total
                self.blind_bonus = []
                self.revealed = False
                rank = {h: i for i, h in enumerate(self.order)}
                self.blind_queue = sorted(
                    (h for h in order if self.hands[h - 1] or not self.bonus_taken[h - 1]),
                    key=lambda h: (self.owner(h), rank[h]),
                )
                self.blind_index = 0
                self.phase = BLIND
            else:
                self.phase = CARD
            return
        self.roller = self._next_roller(order)
        self.last_roller = self.roller
        self.phase = ROLL
        events.append({"type": "dice_right", "seat": self.roller})

    def _next_roller(self, on: list[int]) -> int:
        """P6/R17: box-1 owner first, then clockwise among seats with a horse on track
        (``on``: the horses on the track)."""
        if self.last_roller is None:
            return self.owner(self.boxes[0])
        per = self.per
        active = {(h - 1) // per for h in on}
        for k in range(1, self.n + 1):
            seat = (self.last_roller + k) % self.n
            if seat in active:
                return seat
        raise AssertionError("a dice round needs a horse on track")

    def _end_round(self, events: list[Event]) -> None:
        """P16/P17: finishers leave the track; the race ends when none is left."""
        b = self.board
        line = b.last_row - b.finish  # rows short of the last row of a horse on the line
        field = self._field()
        crossed = [code & 15 for code in field if code >> 8 <= line]
        field = [code for code in field if code >> 8 > line]
        self._finished(crossed, False, events)
        self.pending = None
        if field and self.round >= MAX_ROUNDS:
            self._finished([code & 15 for code in field], True, events)
            field = []
        if not field:
            self._end_race(events)
            return
        self._begin_round("dice" if self.kind == "card" else "card", events, field)

    def _finished(self, horses: list[int], safety_cap: bool, events: list[Event]) -> None:
        """``horses`` (in finishing order) take the next places and leave the track."""
        for h in horses:
            self.finish.append(h)
            event: Event = {
                "type": "finished",
                "seat": (h - 1) // self.per,
                "horse": h,
                "place": len(self.finish),
                "square": self.squares[h - 1],
            }
            if safety_cap:
                event["safety_cap"] = True
            events.append(event)
            self.status[h - 1] = "finished"
            self.squares[h - 1] = None

    def _end_race(self, events: list[Event]) -> None:
        """P18/P19 scoring and next boxes; P20 refill before races 2 and 3."""
        won = [0] * self.n
        places: list[Place] = []
        for i, h in enumerate(self.finish):
            pts = POINTS[i] if i < len(POINTS) else 0
            seat = self.owner(h)
            won[seat] += pts
            self.points[seat] += pts
            places.append({"place": i + 1, "horse": h, "seat": seat, "points": pts})
        falls = sorted(
            (f for f in self.falls if f["race"] == self.race),
            key=lambda f: (-f["round"], f["index"]),
        )
        eliminated: list[Eliminated] = [
            {"horse": f["horse"], "seat": f["seat"], "round": f["round"], "square": f["square"]}
            for f in falls
        ]
        self.boxes = list(self.finish) + [f["horse"] for f in falls]
        result: RaceResult = {
            "race": self.race,
            "rounds": self.round,
            "places": places,
            "eliminated": eliminated,
            "points": won,
            "totals": list(self.points),
            "boxes": list(self.boxes),
        }
        self.results.append(result)
        events.append({"type": "race_over", **copy_plain(result)})
        self.order = []
        self.positions = [None] * len(self.hands)
        self.limits = [None] * len(self.hands)
        self.dice = None
        self.pace = None
        if self.race >= self.races:
            self.phase = Phase.OVER
            events.append(
                {"type": "game_over", "totals": list(self.points), "ranking": self.ranking()}
            )
            return
        self.race += 1
        for h in self.horses:
            draw = self.piles[h - 1][:HAND_SIZE]
            self.piles[h - 1] = self.piles[h - 1][HAND_SIZE:]
            hand = self.hands[h - 1]
            hand += draw
            sort_cards(hand)
            events.append(
                {
                    "type": "cards_drawn",
                    "seat": self.owner(h),
                    "horse": h,
                    "count": len(draw),
                    "hand": len(hand),
                }
            )
        self.select_queue = [h for h in self.horses if len(self.hands[h - 1]) > HAND_SIZE]
        if self.select_queue:
            self.phase = Phase.SELECT
        else:
            self._begin_race(events)

    def _set_aside(self, h: int, card: str, events: list[Event]) -> None:
        hand = self.hands[h - 1]
        hand.remove(card)
        self.aside[h - 1].append(card)
        events.append(
            {"type": "card_set_aside", "seat": self.owner(h), "horse": h, "hand": len(hand)}
        )
        if len(hand) <= HAND_SIZE:
            self.select_queue.pop(0)
            events.append({"type": "selection_done", "seat": self.owner(h), "horse": h})
            if not self.select_queue:
                self._begin_race(events)

    # --- results --------------------------------------------------------------
    def scores(self) -> list[float]:
        """Meeting total of race points per seat (§4)."""
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        return [float(p) for p in self.points]

    def placings(self) -> tuple[list[list[int]], list[list[int]]]:
        """Per seat, in one pass over the finished races: how many 1st, 2nd, 3rd and 4th
        places its horses took, and per race the place of its best-placed horse (99: none)."""
        counts = [[0, 0, 0, 0] for _ in self.players]
        best = [[UNPLACED] * len(self.results) for _ in self.players]
        for race, res in enumerate(self.results):
            for pl in res["places"]:
                seat, place = pl["seat"], pl["place"]
                if place <= 4:
                    counts[seat][place - 1] += 1
                if place < best[seat][race]:
                    best[seat][race] = place
        return counts, best

    def place_counts(self, seat: int) -> list[int]:
        """How many 1st, 2nd, 3rd and 4th places the seat's horses took."""
        return self.placings()[0][seat]

    def best_places(self, seat: int) -> list[int]:
        """Per finished race, the place of the seat's best-placed horse (99: none)."""
        return self.placings()[1][seat]

    def tiebreak_key(self, seat: int) -> tuple[int, ...]:
        """§4.2: total, 1st…4th place counts, then best finish in race 3, 2, 1."""
        return self._tiebreak_keys()[seat]

    def _tiebreak_keys(self) -> list[tuple[int, ...]]:
        counts, best = self.placings()
        return [
            (points, *counts[seat], *(-p for p in reversed(best[seat])))
            for seat, points in enumerate(self.points)
        ]

    def ranking(self) -> list[int]:
        """Rank per seat by the tie-break chain (§4.2); meaningful at any time."""
        return ranks(self._tiebreak_keys())

    def ties(self) -> list[Tie]:
        """Per group of riders level on points (most points first): the step of §4.2's
        chain that first told them apart, and who came out ahead."""
        races = len(self.results)
        # Key = (points, 1st…4th place counts, best finish in the last race … first).
        return [
            {
                "seats": g.seats,
                "points": g.total,
                "decided_by": None if not g.step else "place" if g.step <= 4 else "race",
                "at": 0 if not g.step else g.step if g.step <= 4 else races - (g.step - 5),
                "ahead": g.ahead,
            }
            for g in level_groups(self._tiebreak_keys())
        ]

    def standings(self) -> list[int]:
        """Seats best first by the meeting so far (shared ranks in seat order)."""
        rank = self.ranking()
        return sorted(range(self.n), key=lambda s: (rank[s], s))

    def choice_key(self, action: Action) -> str:
        """The copies of one number card are one choice (``3a`` and ``3b`` are both a
        3); a joker stays itself, since the value it is played for is its own field."""
        card = action.get("card")
        copies = action.get("type") in ("play_card", "set_aside")
        if copies and isinstance(card, str) and card not in JOKERS:
            action = {**action, "card": CARD_VALUE.get(card, card)}
        return super().choice_key(action)

    def undo_barrier(self, action: Action) -> bool:
        """A played card (shown face up, or committed face down in V2) and a taken
        bonus pair (new cards seen by the owner) are final; so is any action that
        ends a race (results shown, refill cards drawn into the hands).

        In V2 every blind choice is final, a face-down decline too: the table
        cannot tell it from a face-down card, so Undo must not tell it either."""
        if action.get("type") in TURN_TYPES and self.phase == "blind":
            return True
        if action.get("type") in ("play_card", "take_bonus"):
            return True
        probe = self.clone()
        try:
            probe.apply(action)
        except ValueError:
            return False
        return len(probe.results) != len(self.results)

    # --- views ----------------------------------------------------------------
    def view(self, viewer: int | None = None) -> TurfMasterView:
        """What ``viewer`` may see (spec §9); ``None`` is the public table."""
        return build_view(self, viewer)

    def view_part(self, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """Only ``keys`` of the view, each built alone (see view.py)."""
        return view_part(self, viewer, keys)

    def private_turn(self) -> bool:
        """A card turn, a blind choice (and the bonus) or a selection shows a hand (§9).

        Decided from the phase alone, which is public.
        """
        return self.phase in (Phase.CARD, Phase.BLIND, Phase.SELECT)

    def holds_secrets(self, seat: int) -> bool:
        """During the public parts of a race (roll, pace, die, end square) a rider may
        look at their hands again; card turns and selections show them anyway."""
        return self.phase in (Phase.ROLL, Phase.PACE, Phase.DIE, Phase.END)

    def current_limits_safe(self) -> list[int | None]:
        if self.phase in ("deal", "start_order") or not self.on_track():
            return [None] * len(self.hands)
        if any(self.squares[h - 1] is None for h in self.on_track()):
            return [None] * len(self.hands)
        return self.current_limits()

    def card_options(self, h: int) -> list[CardOption]:
        """Each card horse ``h`` may play now (V3: a joker once per value), where it goes."""
        limit = self.limits[h - 1]
        plays: list[tuple[str, int, bool, bool]] = []  # card, value, joker, too high
        for c in self.hands[h - 1]:
            joker = c in JOKERS
            values = list(JOKER_VALUES) if joker and self.free_jokers else [CARD_VALUE[c]]
            for v in values:
                plays.append((c, v, joker, not joker and limit is not None and v > limit))
        moves = self.moves_of(h, (v for _, v, _, too_high in plays if not too_high), "card")
        out = []
        for c, v, joker, too_high in plays:
            cost, ends = (0, []) if too_high else moves[v]
            opt: CardOption = {
                "card": c,
                "value": v,
                "joker": joker,
                "too_high": too_high,
                "cost": cost,
                "ends": list(ends),  # fresh per option: two cards of a value share a move
            }
            out.append(opt)
        return out

    # --- search -----------------------------------------------------------------
    def race_placings(self, race: int) -> list[str]:
        """Horse ids (as the views name horses: "1"–"8") of race ``race`` (0-based) by
        place; fallen horses have no place and are not listed."""
        return [str(pl["horse"]) for pl in self.results[race]["places"]]

    def resample_from_infostate(self, seat: int | None, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one, every card it has not seen redrawn.

        Hidden from ``seat`` (spec §9): the order of every draw pile and the bonus
        pairs (its own too), other horses' hands, set-aside cards and (V2) face-down
        choices, and (V2, until the reveal) whether another rider took the bonus pair
        face down. For each horse the cards ``seat`` has not seen (its whole deck minus
        the face-up ones, minus its own hand, set-aside and chosen card) are shuffled
        with ``rng`` from deck order and dealt into those places at their public sizes.
        """
        out = self.clone()
        blind = self.phase == Phase.BLIND
        # V2: riders who have chosen (or are choosing) this round may have taken the
        # bonus face down; the others still see it as available
        acted = set(self.blind_queue[: self.blind_index + 1]) if blind else set()
        taken_now: list[int] = []
        for h in self.horses:
            i = h - 1
            dealt = len(self.decks[i])
            if dealt < DECK_SIZE:
                # mid-deal: the cards shuffled so far are seen by nobody
                out.decks[i] = rng.sample(CARDS, dealt)
                continue
            own = self.owner(h) == seat
            chosen = self.chosen[i]
            face_up = chosen is not None and (own or not blind)
            seen = set(self.discards[i])
            if face_up:
                assert chosen is not None
                seen.add(chosen[0])
            if own:
                seen.update(self.hands[i], self.aside[i])
            unseen = [c for c in CARDS if c not in seen]
            rng.shuffle(unseen)
            bonus_hidden = (
                not own and h in acted and (not self.bonus_taken[i] or h in self.blind_bonus)
            )
            taken = rng.random() < 0.5 if bonus_hidden else self.bonus_taken[i]
            bonus_size = 0 if taken else BONUS_SIZE
            pile_size = len(self.piles[i])
            if own:
                hand_size, aside_size, chosen_size = 0, 0, 0
            else:
                aside_size = len(self.aside[i])
                rest = len(unseen) - pile_size - bonus_size - aside_size
                public = self.public_hand(h)
                if face_up:
                    hand_size, chosen_size = rest, 0
                elif bonus_hidden and taken:
                    # took the pair face down: the hand shows two cards fewer
                    chosen_size = 0 if h not in self.blind_queue[: self.blind_index] else 1
                    hand_size = rest - chosen_size
                else:
                    hand_size, chosen_size = public, rest - public
            cut = iter(unseen)
            if not own:
                hand = [next(cut) for _ in range(hand_size)]
                sort_cards(hand)
                out.hands[i] = hand
                if chosen_size:
                    card = next(cut)
                    value = None
                    if self.free_jokers and card in JOKERS:
                        value = rng.choice(JOKER_VALUES)
                    out.chosen[i] = [card, value]
                elif not face_up:
                    out.chosen[i] = None
                aside = [next(cut) for _ in range(aside_size)]
                sort_cards(aside)
                out.aside[i] = aside
                out.bonus_taken[i] = taken
                if bonus_hidden and taken:
                    taken_now.append(h)
            elif h in self.blind_bonus:
                taken_now.append(h)
            out.bonus[i] = [next(cut) for _ in range(bonus_size)]
            out.piles[i] = [next(cut) for _ in range(pile_size)]
            # the deal order of cards that left the deck is seen by nobody: deck order
            left = set(out.piles[i]) | set(out.bonus[i])
            out.decks[i] = [c for c in CARDS if c not in left] + out.piles[i] + out.bonus[i]
        if blind:
            # taken in turn, so in queue order
            out.blind_bonus = [h for h in self.blind_queue if h in taken_now]
        return out

    # --- saving ---------------------------------------------------------------
    def _check_loaded(self) -> None:
        n = len(self.players)
        if n not in HORSES_ALLOWED or self.per not in HORSES_ALLOWED[n]:
            raise BadSave("the TurfMaster state has a wrong number of seats or horses")
        total = n * self.per
        per_horse = (
            self.decks,
            self.hands,
            self.piles,
            self.bonus,
            self.discards,
            self.aside,
            self.squares,
            self.status,
        )
        if any(len(part) != total for part in per_horse) or len(self.points) != n:
            raise BadSave("the TurfMaster state has damaged horse data")
