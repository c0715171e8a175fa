"""Homestretch's game state: draft, four races of betting and racing, share buying.

Node sequence of a game (spec §2–§4)::

    deal (C1: one uniform draw per dealt card) -> draft rounds (draft_pick per seat,
    one-card hands kept automatically, C3 ghost removal with 2 players, pass) ->
    reveal and pay -> per race: race_card (C2 draw) -> claims (bet_order_claim,
    skipped by V1) -> betting (place_marker / take_back_marker / confirm_bets per
    bettor) -> roll_off (C6, only on a tie for least money) -> race (C5 roll, then
    move_choice / reroll_or_stop / bonus_target) -> payout -> after race 1:
    display (C4 draws) -> buying round 1 -> refill (C4 draws) -> buying round 2.

Shuffles are modelled as successive uniform draws made when a card is needed (the
race card at each race preparation, a stack card when it is turned up or bought
blind): the distribution is the spec's, and no unseen order is stored anywhere.

Legal-action order: draft picks by card id; claims KEEP then CUT_IN_BEFORE by the
working order; betting lists ``place_marker`` for the lowest id of each marker value
still in hand by horse 2–12 and row WIN/PLACE/SHOW (every other marker id is accepted
too), then ``take_back_marker`` by marker id, then ``confirm_bets``; buying lists
display cards in display order, then BUY_BLIND, then PASS.

>>> from pygames.homestretch import GAME
>>> s = GAME.new_state(["Ann", "Ben", "Cy"])
>>> str(s.phase), len(s.chance_outcomes())
('deal', 22)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Self

from ..core.state import (
    Action,
    BadSave,
    Bet,
    Event,
    Option,
    RaceFinish,
    State,
    canonical,
    is_listed,
)
from ..core.ties import level_groups, ranks
from .data import (
    BLIND_FEE,
    BLUE_CARDS,
    CARD_COST,
    CARD_HORSE,
    CELLS,
    COLOURS,
    DEAL_SIZE,
    FINISH,
    GROUP,
    HANDICAP_SUPPLY,
    HORSES,
    MARKER_VALUE,
    MARKERS,
    PAYOUT,
    PLACE_NAMES,
    RACE_CARDS,
    RACES_FULL,
    RACES_SHORT,
    RED_CARDS,
    ROW_INDEX,
    ROWS,
    START_MONEY,
    bonus_distance,
    last_place,
    plus_squares,
    race_colour,
)
from .view import (
    BetResult,
    Claim,
    Decision,
    Gain,
    HomestretchView,
    PaidShare,
    PursePaid,
    RaceResult,
    Tie,
    TieStep,
    build_view,
    view_part,
)


class Phase(StrEnum):
    """Every node kind a Homestretch state can be at (saved as this text)."""

    DEAL = "deal"  # C1: the blue cards are dealt one draw at a time
    DRAFT = "draft"  # a player picks a card of his hand (P6)
    GHOST = "ghost"  # C3: the ghost's removal (2 players)
    RACE_CARD = "race_card"  # C2: this race's card is drawn
    CLAIMS = "claims"  # early-bet claims (P16)
    BETTING = "betting"  # betting turns (P17)
    ROLL_OFF = "roll_off"  # C6: the start-player roll-off
    RACE = "race"  # C5 rolls and race decisions (P21–P29)
    DISPLAY = "display"  # C4: the display is turned up (or refilled)
    BUYING = "buying"  # buying rounds (P31)
    BLIND = "blind"  # C4: the card of a blind purchase
    OVER = "over"


CHANCE_PHASES = frozenset(
    {Phase.DEAL, Phase.GHOST, Phase.RACE_CARD, Phase.ROLL_OFF, Phase.DISPLAY, Phase.BLIND}
)
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "draft_pick": frozenset({"card"}),
    "bet_order_claim": frozenset({"choice", "target"}),
    "place_marker": frozenset({"marker", "horse", "row"}),
    "take_back_marker": frozenset({"marker"}),
    "confirm_bets": frozenset(),
    "place_bets": frozenset({"bets"}),
    "move_choice": frozenset({"choice"}),
    "reroll_or_stop": frozenset({"choice"}),
    "bonus_target": frozenset({"horse"}),
    "buy_action": frozenset({"choice", "card"}),
}
ACTION_PHASE: dict[str, Phase] = {
    "draft_pick": Phase.DRAFT,
    "bet_order_claim": Phase.CLAIMS,
    "place_marker": Phase.BETTING,
    "take_back_marker": Phase.BETTING,
    "confirm_bets": Phase.BETTING,
    "place_bets": Phase.BETTING,
    "move_choice": Phase.RACE,
    "reroll_or_stop": Phase.RACE,
    "bonus_target": Phase.RACE,
    "buy_action": Phase.BUYING,
}
PHASE_WORDS: dict[Phase, str] = {
    Phase.DRAFT: "during the draft",
    Phase.CLAIMS: "while early-bet claims are made",
    Phase.BETTING: "on a betting turn",
    Phase.RACE: "during the race",
    Phase.BUYING: "during share buying",
}
DICE: list[tuple[int, int]] = [(a, b) for a in range(1, 7) for b in range(1, 7)]
ROLL_OUTCOMES: list[tuple[Action, float]] = [
    ({"type": "roll", "a": a, "b": b}, 1 / 36) for a, b in DICE
]
ROLL_ACTIONS: list[Action] = [o for o, _ in ROLL_OUTCOMES]
ALL_CARDS: frozenset[str] = frozenset(CARD_HORSE)


def share_value(cards: list[str]) -> int:
    """Total cost of share cards (tie-break step 1, P38)."""
    return sum(CARD_COST[c] for c in cards)


# --- listed actions shared between calls (speed) ------------------------------------------
# Listed actions are read-only for their users (the core copies what it applies, and
# _apply keeps no part of an action), so the long lists of a betting turn and the fixed
# race decisions are built once and handed out again in fresh lists.
_BETTING_LISTS: dict[tuple[str, frozenset[str]], tuple[list[Action], list[Action]]] = {}
_RACE_CHOICES: dict[str, tuple[str, ...]] = {
    "move_choice": ("TWO", "ONE_AND_REROLL"),
    "reroll_or_stop": ("REROLL", "STOP"),
}
_RACE_ACTIONS: dict[tuple[str, str], tuple[Action, ...]] = {}
_DEAL_CARD: dict[str, Action] = {c: {"type": "deal_card", "card": c} for c in BLUE_CARDS}
"""The C1 outcome that deals each blue card (shared, read-only)."""
CELL_AT: dict[int, dict[str, int]] = {
    h: {row: i for i, (horse, row) in enumerate(CELLS) if horse == h} for h in HORSES
}
"""Horse -> row -> the cell's index in CELLS (no tuple to build for a look-up)."""


def _betting_lists(me: str, placed: frozenset[str]) -> tuple[list[Action], list[Action]]:
    """For colour ``me`` with markers ``placed`` on the board: place_marker for the
    lowest id of each value in hand on every cell (cells by horse, then row; values
    ascending within a cell), and take_back_marker per placed marker by id. Shared
    lists of shared actions: read them, never change them."""
    lists = _BETTING_LISTS.get((me, placed))
    if lists is None:
        reps: list[str] = []
        for m in MARKERS:
            if m not in placed and all(MARKER_VALUE[r] != MARKER_VALUE[m] for r in reps):
                reps.append(m)
        every: list[Action] = [
            {"type": "place_marker", "player": me, "marker": m, "horse": h, "row": row}
            for h, row in CELLS
            for m in reps
        ]
        takes: list[Action] = [
            {"type": "take_back_marker", "player": me, "marker": m} for m in MARKERS if m in placed
        ]
        lists = _BETTING_LISTS[(me, placed)] = (every, takes)
    return lists


def _without_cells(every: list[Action], blocked: list[int], width: int) -> list[Action]:
    """A copy of ``every`` (``width`` neighbouring entries per cell, CELLS order)
    without the runs of the cells whose (ascending) CELLS indexes are ``blocked``."""
    out = every[:]
    for i in reversed(blocked):  # from the end, so the earlier runs stay in place
        del out[i * width : (i + 1) * width]
    return out


def _race_actions(me: str, kind: str) -> tuple[Action, ...]:
    """The two listed choices of a move_choice or reroll_or_stop for colour ``me``."""
    acts = _RACE_ACTIONS.get((me, kind))
    if acts is None:
        acts = tuple({"type": kind, "player": me, "choice": c} for c in _RACE_CHOICES[kind])
        _RACE_ACTIONS[(me, kind)] = acts
    return acts


COLOUR_CHOICE = Option(
    name="colours",
    values=(),
    default="",
    description="Each player's colour (spec §2 step 1); it breaks ties in turn order (P2).",
    per_seat=COLOURS,
)
"""The players' colours, one different colour per seat; by default seat i plays
COLOURS[i]. Free text ("red,black,…"), checked by the engine (``Option.per_seat``)."""
TIE_STEPS: tuple[TieStep, ...] = ("share_value", "long_shots", "middles", "favourites")


def tie_key(money: int, cards: list[str]) -> tuple[int, int, int, int, int]:
    """P38/P39: money, share value, long shots, middle horses, favourites."""
    groups = [GROUP[CARD_HORSE[c]] for c in cards]
    return (
        money,
        share_value(cards),
        groups.count("long shot"),
        groups.count("middle"),
        groups.count("favourite"),
    )


def marker_pays(horse: int, row: str, points: int, place: int | None) -> int:
    """P35: a marker on (horse, row) pays the cell's rate per point if the horse
    finished in a place up to the row (WIN 1st, PLACE top two, SHOW top three)."""
    return PAYOUT[row][horse] * points if place is not None and place <= ROW_INDEX[row] else 0


def purse_share(purse: int, owned: int, total: int) -> int:
    """P34: an owner's part of a place's purse, by the shares of the horse in play."""
    return purse * owned // total


@dataclass(eq=False)
class HomestretchState(State[HomestretchView]):
    game_id = "homestretch"
    # A whole betting turn in one step, and any marker id of a listed value, are
    # accepted without being listed (the list stays short for bots and the table).
    UNLISTED_TYPES = frozenset({"place_marker", "place_bets"})

    # Every field is saved (State derives saving and copying from them).
    players: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    colours: list[str] = field(default_factory=list)  # colour per seat
    phase: Phase = Phase.DEAL
    money: list[int] = field(default_factory=list)
    race: int = 0  # current race (0 before race 1)
    race_cards: list[str] = field(default_factory=list)  # revealed race cards, race order
    # draft
    deck: list[str] = field(default_factory=list)  # blue cards not yet dealt (sorted)
    dealt: int = 0
    hands: list[list[str]] = field(default_factory=list)
    ghost: list[str] = field(default_factory=list)
    kept: list[list[str]] = field(default_factory=list)  # secret until the reveal (P10)
    draft_round: int = 0
    picked: list[bool] = field(default_factory=list)
    ghost_done: bool = False
    shares: list[list[str]] = field(default_factory=list)  # public (P11)
    # buying pool: leftover cards, unordered (the stack once the display is out)
    pool: list[str] = field(default_factory=list)
    display: list[str] = field(default_factory=list)
    buy_round: int = 0
    buy_order: list[int] = field(default_factory=list)
    buy_index: int = 0
    purchases: list[dict[str, Any]] = field(default_factory=list)
    removed_after_buying: list[str] = field(default_factory=list)
    # race
    hcap: list[str | None] = field(default_factory=lambda: [None] * 13)  # marker per horse
    supply: dict[str, int] = field(default_factory=lambda: dict(HANDICAP_SUPPLY))
    pos: list[int] = field(default_factory=lambda: [0] * 13)
    finished: list[int] = field(default_factory=list)
    default_order: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)  # working order, then betting order
    claim_index: int = 1
    claims: list[Claim] = field(default_factory=list)
    bettor_index: int = 0
    bets: list[dict[str, list[Any]]] = field(default_factory=list)  # marker -> [horse, row]
    submitted: list[bool] = field(default_factory=list)
    start_player: int | None = None
    start_by: str = ""
    rolloff: list[int] = field(default_factory=list)  # seats still tied in the roll-off
    rolloff_rolls: list[list[int]] = field(default_factory=list)  # [seat, a, b] this round
    rolloff_log: list[list[list[int]]] = field(default_factory=list)  # finished rounds
    turn: int = 0
    roll_no: int = 0
    pending: str | None = None  # the race decision due: move_choice, reroll_or_stop, …
    dice: list[int] | None = None
    bonus_targets: list[int] = field(default_factory=list)
    bonus_squares: int = 0
    turns: int = 0
    results: list[RaceResult] = field(default_factory=list)

    # --- construction -------------------------------------------------------
    @classmethod
    def initial(cls, players: list[str], options: dict[str, Any]) -> Self:
        n = len(players)
        if not 2 <= n <= 6:
            raise ValueError(f"Homestretch is for 2–6 players, not {n}")  # R41
        return cls(
            players=list(players),
            options=dict(options),
            colours=COLOUR_CHOICE.seat_picks(str(options.get("colours", "")), n),
            money=[START_MONEY] * n,
            deck=sorted(BLUE_CARDS),
            hands=[[] for _ in range(n)],
            kept=[[] for _ in range(n)],
            shares=[[] for _ in range(n)],
            picked=[False] * n,
            bets=[{} for _ in range(n)],
            submitted=[False] * n,
        )

    @property
    def n(self) -> int:
        return len(self.players)

    def opt(self, name: str) -> bool:
        return bool(self.options.get(name, False))

    @property
    def races(self) -> int:
        return RACES_SHORT if self.opt("short_game") else RACES_FULL

    @property
    def deal_size(self) -> int:
        return DEAL_SIZE[self.n]

    def colour_rank(self, seat: int) -> int:
        return COLOURS.index(self.colours[seat])

    def seat_of(self, colour: Any) -> int | None:
        return self.colours.index(colour) if colour in self.colours else None

    def rank(self, seat: int) -> int:
        """P3: 1 + number of players with strictly more money (also the marker limit)."""
        # The first place of this amount in the money sorted high to low (C speed).
        return 1 + sorted(self.money, reverse=True).index(self.money[seat])

    def ranks(self) -> list[int]:
        return [self.rank(s) for s in range(self.n)]

    def share_value(self, seat: int) -> int:
        """Total cost of the seat's shares (P38 step 1)."""
        return share_value(self.shares[seat])

    def shares_of(self, seat: int, horse: int) -> int:
        """How many shares of ``horse`` the seat owns (P34)."""
        return sum(1 for c in self.shares[seat] if CARD_HORSE[c] == horse)

    def place_of(self, horse: int) -> int | None:
        """The horse's place (1–3) in this race, or None while it runs."""
        return self.finished.index(horse) + 1 if horse in self.finished else None

    def plus_squares(self, horse: int) -> int:
        """Extra squares the horse's plus marker adds to its own-number move (P24)."""
        return plus_squares(self.hcap[horse])

    def tie_keys(self) -> list[tuple[int, int, int, int, int]]:
        """P38/P39 per seat: money, share value, long shots, middle horses, favourites."""
        return [tie_key(self.money[s], self.shares[s]) for s in range(self.n)]

    def ties(self) -> list[Tie]:
        """Groups of seats level on money, richest first, with the step that ordered them."""
        return [
            {
                "seats": g.seats,
                "money": g.total,
                "decided_by": TIE_STEPS[g.step - 1] if g.step else None,
                "ahead": g.ahead,
            }
            for g in level_groups(self.tie_keys())
        ]

    def last_place(self) -> list[int]:
        """P25: unfinished horses with the lowest position."""
        return last_place(self.pos, self.finished)

    def hand_markers(self, seat: int) -> list[str]:
        placed = self.bets[seat]
        return [m for m in MARKERS if m not in placed]

    def cell_count(self, seat: int, horse: int, row: str) -> int:
        return sum(1 for h, r in self.bets[seat].values() if h == horse and r == row)

    def blind_price(self) -> int | None:
        """R7: money needed for BUY_BLIND (None when the stack is empty)."""
        if not self.pool:
            return None
        return BLIND_FEE + max(CARD_COST[c] for c in self.pool)

    # --- queries ------------------------------------------------------------
    # The phase is a StrEnum: comparing it with its text is a plain str comparison
    # (an attribute of the Phase class costs a metaclass lookup on every call).
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def is_chance(self) -> bool:
        phase = self.phase
        return phase in CHANCE_PHASES or (phase == "race" and self.pending is None)

    def _current_seat(self) -> int:
        phase = self.phase
        if phase == "betting":
            return self.order[self.bettor_index]
        if phase == "claims":
            return self.default_order[self.claim_index]
        if phase == "buying":
            return self.buy_order[self.buy_index]
        return self.turn

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "betting":  # most decisions of a game: the seat looked up inline
            seat = self.order[self.bettor_index]
            return self._betting_actions(seat, self.colours[seat])
        seat = self._current_seat()
        me = self.colours[seat]
        if phase == "race":
            pending = self.pending
            if pending == "move_choice" or pending == "reroll_or_stop":
                return list(_RACE_ACTIONS.get((me, pending)) or _race_actions(me, pending))
            return [{"type": "bonus_target", "player": me, "horse": h} for h in self.bonus_targets]
        if phase == "draft":
            return [
                {"type": "draft_pick", "player": me, "card": c} for c in sorted(self.hands[seat])
            ]
        if phase == "claims":
            out: list[Action] = [{"type": "bet_order_claim", "player": me, "choice": "KEEP"}]
            ahead = self.order[: self.order.index(seat)]
            out += [
                {
                    "type": "bet_order_claim",
                    "player": me,
                    "choice": "CUT_IN_BEFORE",
                    "target": self.colours[t],
                }
                for t in ahead
            ]
            return out
        if phase == "buying":
            money = self.money[seat]
            acts: list[Action] = [
                {"type": "buy_action", "player": me, "choice": "BUY_FACEUP", "card": c}
                for c in self.display
                if CARD_COST[c] <= money
            ]
            price = self.blind_price()
            if price is not None and money >= price:
                acts.append({"type": "buy_action", "player": me, "choice": "BUY_BLIND"})
            acts.append({"type": "buy_action", "player": me, "choice": "PASS"})
            return acts
        return []

    def _betting_actions(self, seat: int, me: str) -> list[Action]:
        """place_marker per open cell and marker value in hand, take_back_marker per
        placed marker, confirm_bets once all five are placed (module docstring order)."""
        placed = self.bets[seat]
        key = frozenset(placed)
        every, takes = _BETTING_LISTS.get((me, key)) or _betting_lists(me, key)
        k = len(placed)
        if not k:
            return list(every)
        if k == len(MARKERS):  # nothing left to place
            return [*takes, {"type": "confirm_bets", "player": me}]
        money = self.money
        limit = 1 + sorted(money, reverse=True).index(money[seat])  # self.rank(seat), inline
        if k < limit:  # fewer markers than the limit cannot fill a cell
            return every + takes
        cells = [CELL_AT[h][r] for h, r in placed.values()]
        if limit == 1:  # the leader: each placed marker closes its cell
            blocked = sorted(cells)
        else:
            blocked = sorted({i for i in cells if cells.count(i) >= limit})
        out = _without_cells(every, blocked, len(every) // len(CELLS))
        out += takes
        return out

    # --- refusals -------------------------------------------------------------
    def why_illegal(self, action: Any) -> str | None:
        """As the base class; a dice roll is checked against a precomputed list (speed)."""
        if (
            self.phase == Phase.RACE
            and self.pending is None
            and isinstance(action, dict)
            and isinstance(action.get("type"), str)
        ):
            if is_listed(action, ROLL_ACTIONS):
                return None
            return "that is not a possible outcome of this chance event"
        return super().why_illegal(action)

    def _why_illegal(self, action: Action) -> str | None:
        kind = action["type"]
        fields = ACTION_FIELDS.get(kind)
        if fields is None:
            return f"Homestretch has no action {kind!r}"
        extra = set(action) - fields - {"type", "player"}
        if extra:
            return f"the action has fields Homestretch does not know: {', '.join(sorted(extra))}"
        if "player" not in action:
            return "the action must name the player (his colour)"
        phase = ACTION_PHASE[kind]
        if self.phase != phase:
            return f"{kind} is only possible {PHASE_WORDS[phase]}, not now"
        if kind in ("move_choice", "reroll_or_stop", "bonus_target"):
            wanted = {"move_choice": "move_choice", "reroll_or_stop": "reroll_or_stop"}
            if self.pending != wanted.get(kind, "bonus_target"):
                return self._race_expectation()
        seat = self._current_seat()
        player = action["player"]
        if player != self.colours[seat]:
            if player not in self.colours:
                return f"there is no player with colour {player!r} in this game"
            return f"it is {self.colours[seat]}'s turn, not {player}'s"
        match kind:
            case "draft_pick":
                return self._why_draft_pick(action, seat)
            case "bet_order_claim":
                return self._why_bet_order_claim(action, seat)
            case "place_marker":
                return self._why_place_marker(action, seat)
            case "take_back_marker":
                return self._why_take_back_marker(action, seat)
            case "confirm_bets":
                return self._why_confirm_bets(action, seat)
            case "place_bets":
                return self._why_place_bets(action, seat)
            case "move_choice":
                return self._why_move_choice(action, seat)
            case "reroll_or_stop":
                return self._why_reroll_or_stop(action, seat)
            case "bonus_target":
                return self._why_bonus_target(action, seat)
            case "buy_action":
                return self._why_buy_action(action, seat)
            case _:
                raise AssertionError(f"unhandled action {kind!r}")

    def _race_expectation(self) -> str:
        return {
            "move_choice": "now choose how to move: TWO or ONE_AND_REROLL (move_choice)",
            "reroll_or_stop": "now choose REROLL or STOP (reroll_or_stop)",
            "bonus_target": "now choose the last-place horse for the bonus move (bonus_target)",
        }.get(self.pending or "", "the dice must be rolled first")

    def _why_draft_pick(self, action: Action, seat: int) -> str | None:
        card = action.get("card")
        if card not in self.hands[seat]:
            return f"{card!r} is not in your draft hand"
        return None

    def _why_bet_order_claim(self, action: Action, seat: int) -> str | None:
        choice = action.get("choice")
        if choice == "KEEP":
            if "target" in action:
                return "KEEP takes no target"
            return None
        if choice != "CUT_IN_BEFORE":
            return "the claim must be KEEP or CUT_IN_BEFORE"
        target = self.seat_of(action.get("target"))
        if target is None:
            return f"there is no player with colour {action.get('target')!r} to cut in before"
        if target == seat:
            return "you cannot cut in before yourself"
        if self.order.index(target) > self.order.index(seat):
            return f"{self.colours[target]} is not ahead of you in the betting order"
        return None

    def _why_cell(self, seat: int, horse: Any, row: Any, extra: int = 1) -> str | None:
        if type(horse) is not int or horse not in HORSES:
            return f"there is no horse {horse!r} (horses are 2–12)"
        if row not in ROWS:
            return f"there is no row {row!r} (rows are WIN, PLACE, SHOW)"
        limit = self.rank(seat)
        if self.cell_count(seat, horse, row) + extra > limit:
            return (
                f"at rank {limit} you may put at most {limit} of your markers on one cell "
                f"({row} {horse})"
            )
        return None

    def _why_place_marker(self, action: Action, seat: int) -> str | None:
        marker = action.get("marker")
        if marker not in MARKERS:
            return f"there is no bet marker {marker!r} (markers are {', '.join(MARKERS)})"
        if marker in self.bets[seat]:
            return f"marker {marker} is already on the board; take it back first"
        return self._why_cell(seat, action.get("horse"), action.get("row"))

    def _why_take_back_marker(self, action: Action, seat: int) -> str | None:
        marker = action.get("marker")
        if marker not in MARKERS:
            return f"there is no bet marker {marker!r}"
        if marker not in self.bets[seat]:
            return f"marker {marker} is not on the board"
        return None

    def _why_confirm_bets(self, action: Action, seat: int) -> str | None:
        left = self.hand_markers(seat)
        if left:
            return f"all 5 markers must be placed first; still in hand: {', '.join(left)} (R13)"
        return None

    def _why_place_bets(self, action: Action, seat: int) -> str | None:
        bets = action.get("bets")
        if not isinstance(bets, dict):
            return "bets must map each of your 5 marker ids to a cell {horse, row}"
        if set(bets) != set(MARKERS):
            missing = [m for m in MARKERS if m not in bets]
            if missing:
                return f"all 5 markers must be placed (R13); missing: {', '.join(missing)}"
            return f"unknown marker ids: {', '.join(sorted(set(bets) - set(MARKERS)))}"
        counts: dict[tuple[int, str], int] = {}
        limit = self.rank(seat)
        for m in MARKERS:
            cell = bets[m]
            if not isinstance(cell, dict) or set(cell) != {"horse", "row"}:
                return f"marker {m} needs a cell {{horse, row}}"
            h, row = cell["horse"], cell["row"]
            bad = self._why_cell(seat, h, row, 0)
            if bad:
                return bad
            counts[(h, row)] = counts.get((h, row), 0) + 1
            if counts[(h, row)] > limit:
                return (
                    f"at rank {limit} you may put at most {limit} of your markers on one cell "
                    f"({row} {h})"
                )
        return None

    def _why_move_choice(self, action: Action, seat: int) -> str | None:
        if action.get("choice") not in ("TWO", "ONE_AND_REROLL"):
            return "move_choice is TWO or ONE_AND_REROLL"
        return None

    def _why_reroll_or_stop(self, action: Action, seat: int) -> str | None:
        if action.get("choice") not in ("REROLL", "STOP"):
            return "reroll_or_stop is REROLL or STOP"
        return None

    def _why_bonus_target(self, action: Action, seat: int) -> str | None:
        horse = action.get("horse")
        if horse not in self.bonus_targets or type(horse) is not int:
            names = ", ".join(str(h) for h in self.bonus_targets)
            return f"the bonus move must go to a last-place horse: {names}"
        return None

    def _why_buy_action(self, action: Action, seat: int) -> str | None:
        choice = action.get("choice")
        money = self.money[seat]
        if choice == "PASS" or choice == "BUY_BLIND":
            if "card" in action:
                return f"{choice} takes no card"
            if choice == "PASS":
                return None
            price = self.blind_price()
            if price is None:
                return "the stack is empty: no blind purchase (R9)"
            if money < price:
                return (
                    f"a blind purchase needs money ≥ 3 + the stack's highest cost = {price}; "
                    f"you have {money} (R7)"
                )
            return None
        if choice != "BUY_FACEUP":
            return "buy_action is BUY_FACEUP, BUY_BLIND or PASS"
        card = action.get("card")
        if card not in self.display:
            return f"{card!r} is not in the display"
        if CARD_COST[card] > money:
            return f"{card} costs {CARD_COST[card]} and you have only {money} (R7)"
        return None

    # --- chance -----------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase == "race":  # the dice, by far the most frequent chance node
            return list(ROLL_OUTCOMES)  # shared, read-only (see _betting_lists)
        if phase == Phase.DEAL:
            p = 1 / len(self.deck)
            return [(_DEAL_CARD[c], p) for c in self.deck]
        if phase == Phase.GHOST:
            p = 1 / len(self.ghost)
            return [({"type": "ghost_removal", "card": c}, p) for c in sorted(self.ghost)]
        if phase == Phase.RACE_CARD:
            left = self.race_card_candidates()
            return [({"type": "race_card", "card": c}, 1 / len(left)) for c in left]
        if phase == Phase.ROLL_OFF:
            colour = self.colours[self.rolloff[len(self.rolloff_rolls)]]
            return [
                ({"type": "roll_off", "player": colour, "a": a, "b": b}, 1 / 36) for a, b in DICE
            ]
        if phase in (Phase.DISPLAY, Phase.BLIND):
            kind = "display_card" if phase == Phase.DISPLAY else "blind_card"
            p = 1 / len(self.pool)
            return [({"type": kind, "card": c}, p) for c in sorted(self.pool)]
        raise AssertionError(f"no chance event in phase {phase}")

    def race_card_candidates(self) -> list[str]:
        colour = race_colour(self.race, self.opt("short_game"))
        return [
            c
            for c, card in RACE_CARDS.items()
            if card["colour"] == colour and c not in self.race_cards
        ]

    # --- transitions ----------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        """Dispatch on the action type (one dict look-up, see _HANDLERS)."""
        events: list[Event] = []
        _HANDLERS[action["type"]](self, action, events)
        return events

    # deal and draft (P5–P11)
    def _recipients(self) -> list[int]:
        """Deal blocks in order (R45): seat 1, [ghost = -1], seat 2, ..."""
        return [0, -1, 1] if self.n == 2 else list(range(self.n))

    def _do_deal_card(self, action: Action, events: list[Event]) -> None:
        card = action["card"]
        self.deck.remove(card)
        recipients = self._recipients()
        size = self.deal_size
        who = recipients[self.dealt // size]
        (self.ghost if who == -1 else self.hands[who]).append(card)
        self.dealt += 1
        if self.dealt < size * len(recipients):
            return
        self.pool = list(self.deck)
        self.deck = []
        events.append(
            {
                "type": "cards_dealt",
                "per_player": self.deal_size,
                "ghost": self.n == 2,
                "pool": len(self.pool),
            }
        )
        self.draft_round = 1
        self.picked = [False] * self.n
        self.ghost_done = self.n != 2
        self._draft_next(events)

    def _draft_next(self, events: list[Event]) -> None:
        while True:
            for seat in range(self.n):
                if not self.picked[seat] and len(self.hands[seat]) == 1:
                    self.kept[seat].append(self.hands[seat].pop())  # R2
                    self.picked[seat] = True
                    events.append(
                        {
                            "type": "draft_auto_keep",
                            "seat": seat,
                            "player": self.colours[seat],
                            "round": self.draft_round,
                        }
                    )
            due = [s for s in range(self.n) if not self.picked[s] and self.hands[s]]
            if due:
                self.phase = Phase.DRAFT
                self.turn = due[0]
                return
            if not self.ghost_done:
                self.phase = Phase.GHOST
                return
            if not any(self.hands) and not self.ghost:
                self._reveal_draft(events)
                return
            # P7/P8: every hand moves to the left neighbour at once.
            if self.n == 2:
                self.hands, self.ghost = [self.hands[1], self.ghost], self.hands[0]
                self.ghost_done = False
            else:
                self.hands = [self.hands[(s - 1) % self.n] for s in range(self.n)]
            self.picked = [False] * self.n
            events.append({"type": "hands_passed", "round": self.draft_round})
            self.draft_round += 1

    def _do_draft_pick(self, action: Action, events: list[Event]) -> None:
        seat = self.turn
        self.hands[seat].remove(action["card"])
        self.kept[seat].append(action["card"])
        self.picked[seat] = True
        events.append(
            {
                "type": "draft_pick",
                "seat": seat,
                "player": self.colours[seat],
                "round": self.draft_round,
            }
        )
        self._draft_next(events)

    def _do_ghost_removal(self, action: Action, events: list[Event]) -> None:
        self.ghost.remove(action["card"])
        self.pool.append(action["card"])  # R4: face down into the buying pool
        self.pool.sort()
        self.ghost_done = True
        events.append({"type": "ghost_removal", "round": self.draft_round})
        self._draft_next(events)

    def _reveal_draft(self, events: list[Event]) -> None:
        paid = []
        for seat in range(self.n):
            cards = sorted(self.kept[seat], key=lambda c: (CARD_HORSE[c], c))
            self.shares[seat] = cards
            cost = share_value(cards)
            self.money[seat] -= cost
            paid.append(cost)
        self.kept = [[] for _ in range(self.n)]
        events.append(
            {
                "type": "draft_revealed",
                "shares": [list(c) for c in self.shares],
                "paid": paid,
                "money": list(self.money),
            }
        )
        self._prepare_race(events)

    # race preparation and betting (P12–P19)
    def _prepare_race(self, events: list[Event]) -> None:
        self.race += 1
        self.phase = Phase.RACE_CARD
        self.pos = [0] * 13
        self.finished = []
        self.hcap = [None] * 13
        self.supply = dict(HANDICAP_SUPPLY)
        self.bets = [{} for _ in range(self.n)]
        self.submitted = [False] * self.n
        self.claims = []
        self.start_player = None
        self.start_by = ""
        self.rolloff, self.rolloff_rolls, self.rolloff_log = [], [], []
        self.pending, self.dice, self.bonus_targets = None, None, []
        self.roll_no = 0
        self.turns = 0

    def _do_race_card(self, action: Action, events: list[Event]) -> None:
        cid = action["card"]
        card = RACE_CARDS[cid]
        self.race_cards.append(cid)
        for h, t in card["handicaps"].items():
            self.hcap[h] = t
            self.supply[t] -= 1
        events.append(
            {
                "type": "race_prepared",
                "race": self.race,
                "card": cid,
                "name": card["name"],
                "colour": card["colour"],
                "purse": list(card["purse"]),
                "handicaps": {str(h): t for h, t in card["handicaps"].items()},
            }
        )
        # P15: default order by money, highest first; ties by colour order.
        self.default_order = sorted(
            range(self.n), key=lambda s: (-self.money[s], self.colour_rank(s))
        )
        self.order = list(self.default_order)
        events.append(
            {
                "type": "betting_order",
                "order": list(self.order),
                "ranks": self.ranks(),
                "claims": not self.opt("fixed_betting_order"),
            }
        )
        if self.opt("fixed_betting_order"):
            self._begin_betting(events)
        else:
            self.phase = Phase.CLAIMS
            self.claim_index = 1

    def _do_bet_order_claim(self, action: Action, events: list[Event]) -> None:
        seat = self.default_order[self.claim_index]
        target = None
        if action["choice"] == "CUT_IN_BEFORE":
            target = self.seat_of(action["target"])
            assert target is not None
            self.order.remove(seat)
            self.order.insert(self.order.index(target), seat)
        self.claims.append({"seat": seat, "choice": action["choice"], "target": target})
        events.append(
            {
                "type": "bet_order_claim",
                "seat": seat,
                "player": self.colours[seat],
                "choice": action["choice"],
                "target": target,
                "order": list(self.order),
            }
        )
        self.claim_index += 1
        if self.claim_index == self.n:
            self._begin_betting(events)

    def _begin_betting(self, events: list[Event]) -> None:
        self.phase = Phase.BETTING
        self.bettor_index = 0
        events.append({"type": "betting_begins", "order": list(self.order)})

    def _do_place_marker(self, action: Action, events: list[Event]) -> None:
        seat = self.order[self.bettor_index]
        self.bets[seat][action["marker"]] = [action["horse"], action["row"]]
        # The cell and value stay private until the turn is confirmed.
        events.append(
            {
                "type": "marker_placed",
                "seat": seat,
                "player": self.colours[seat],
                "placed": len(self.bets[seat]),
            }
        )

    def _do_take_back_marker(self, action: Action, events: list[Event]) -> None:
        seat = self.order[self.bettor_index]
        del self.bets[seat][action["marker"]]
        events.append(
            {
                "type": "marker_taken_back",
                "seat": seat,
                "player": self.colours[seat],
                "placed": len(self.bets[seat]),
            }
        )

    def _do_place_bets(self, action: Action, events: list[Event]) -> None:
        seat = self.order[self.bettor_index]
        self.bets[seat] = {m: [c["horse"], c["row"]] for m, c in action["bets"].items()}
        self._do_confirm_bets(action, events)

    def _do_confirm_bets(self, action: Action, events: list[Event]) -> None:
        seat = self.order[self.bettor_index]
        self.submitted[seat] = True
        # By horse, row and (V2) value; markers equal on these give equal entries.
        if self.opt("open_bets"):
            cells = [
                {"horse": h, "row": r, "value": v}
                for h, _, v, r in sorted(
                    (h, ROW_INDEX[r], MARKER_VALUE[m], r) for m, (h, r) in self.bets[seat].items()
                )
            ]
        else:
            cells = [
                {"horse": h, "row": r}
                for h, _, r in sorted((h, ROW_INDEX[r], r) for h, r in self.bets[seat].values())
            ]
        events.append(
            {"type": "bets_placed", "seat": seat, "player": self.colours[seat], "cells": cells}
        )
        self.bettor_index += 1
        if self.bettor_index < self.n:
            return
        # P20: the player with the least money starts; a tie is rolled off (C6).
        low = min(self.money)
        tied = [s for s in range(self.n) if self.money[s] == low]
        if len(tied) == 1:
            self._begin_running(tied[0], "money", events)
        else:
            self.phase = Phase.ROLL_OFF
            self.rolloff = tied
            self.rolloff_rolls = []
            events.append({"type": "roll_off_begins", "seats": list(tied)})

    def _do_roll_off(self, action: Action, events: list[Event]) -> None:
        seat = self.rolloff[len(self.rolloff_rolls)]
        a, b = action["a"], action["b"]
        self.rolloff_rolls.append([seat, a, b])
        events.append(
            {
                "type": "roll_off",
                "seat": seat,
                "player": self.colours[seat],
                "a": a,
                "b": b,
                "sum": a + b,
            }
        )
        if len(self.rolloff_rolls) < len(self.rolloff):
            return
        best = max(r[1] + r[2] for r in self.rolloff_rolls)
        top = [r[0] for r in self.rolloff_rolls if r[1] + r[2] == best]
        self.rolloff_log.append([list(r) for r in self.rolloff_rolls])
        self.rolloff_rolls = []
        if len(top) == 1:
            self.rolloff = []
            self._begin_running(top[0], "roll_off", events)
        else:
            self.rolloff = top
            events.append({"type": "roll_off_tied", "seats": list(top), "sum": best})

    # running the race (P20–P29)
    def _begin_running(self, seat: int, by: str, events: list[Event]) -> None:
        self.start_player = seat
        self.start_by = by
        self.phase = Phase.RACE
        events.append(
            {"type": "start_player", "seat": seat, "player": self.colours[seat], "by": by}
        )
        self._begin_turn(seat, events)

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self.turn = seat
        self.roll_no = 0
        self.pending = None
        self.dice = None
        self.bonus_targets = []
        self.turns += 1
        events.append({"type": "turn", "seat": seat, "player": self.colours[seat]})

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.turn
        events.append({"type": "turn_ended", "seat": seat, "player": self.colours[seat]})
        self._begin_turn((seat + 1) % len(self.players), events)

    def _do_roll(self, action: Action, events: list[Event]) -> None:
        a, b = action["a"], action["b"]
        roll_no = self.roll_no = self.roll_no + 1
        self.dice = [a, b]
        h = a + b
        difference = abs(a - b)
        seat = self.turn
        events.append(
            {
                "type": "rolled",
                "seat": seat,
                "player": self.colours[seat],
                "roll": roll_no,
                "a": a,
                "b": b,
                "sum": h,
                "difference": difference,
            }
        )
        first = roll_no == 1
        if h in self.finished:  # P22(a) / P23(a)
            self._bonus(difference, events)
        elif self.hcap[h] == "X":  # P22(b) / P23(b)
            self._remove_marker(h, events, "X cancels the move")
            if first:
                self.pending = "reroll_or_stop"
            else:
                self._end_turn(events)
        elif first:  # P22(c)
            self.pending = "move_choice"
        else:  # P23(c)
            if not self._advance(h, 2, True, events):
                self._end_turn(events)

    def _remove_marker(self, h: int, events: list[Event], why: str) -> None:
        t = self.hcap[h]
        assert t is not None
        self.hcap[h] = None
        self.supply[t] += 1
        events.append({"type": "handicap_removed", "horse": h, "marker": t, "why": why})

    def _advance(self, h: int, base: int, own: bool, events: list[Event]) -> bool:
        """Move horse ``h``; True if this ended the race (P26, P27)."""
        extra = 0
        t = self.hcap[h]
        if t is not None and (own or self.opt("literal_handicaps")):
            if t == "X":  # V4 only: an X cancels a bonus move
                self._remove_marker(h, events, "X cancels the bonus move")
                return False
            extra = self.plus_squares(h)
            self._remove_marker(h, events, f"{t} used")
        start = self.pos[h]
        to = self.pos[h] = start + base + extra
        seat = self.turn
        events.append(
            {
                "type": "horse_moved",
                "seat": seat,
                "player": self.colours[seat],
                "horse": h,
                "from": start,
                "to": to,
                "squares": base + extra,
                "base": base,
                "handicap": extra,
                "kind": "own" if own else "bonus",
            }
        )
        if to >= FINISH:
            self.finished.append(h)
            place = len(self.finished)
            events.append(
                {
                    "type": "horse_finished",
                    "horse": h,
                    "place": place,
                    "row": PLACE_NAMES[place - 1],
                }
            )
            if place == 3:
                self._end_race(events)
                return True
        return False

    def _bonus(self, difference: int, events: list[Event]) -> None:
        self.bonus_squares = bonus_distance(difference)
        targets = self.last_place()
        if len(targets) > 1:
            self.pending = "bonus_target"
            self.bonus_targets = targets
            return
        self._bonus_move(targets[0], events)

    def _bonus_move(self, h: int, events: list[Event]) -> None:
        self.bonus_targets = []
        if self._advance(h, self.bonus_squares, False, events):
            return
        if self.roll_no == 1:
            self.pending = "reroll_or_stop"
        else:
            self._end_turn(events)

    def _do_bonus_target(self, action: Action, events: list[Event]) -> None:
        self._bonus_move(action["horse"], events)

    def _do_move_choice(self, action: Action, events: list[Event]) -> None:
        assert self.dice is not None
        h = self.dice[0] + self.dice[1]
        choice = action["choice"]
        events.append(
            {"type": "move_choice", "seat": self.turn, "player": self.colours[self.turn],
             "choice": choice, "horse": h}
        )  # fmt: skip
        self.pending = None
        if choice == "TWO":
            if not self._advance(h, 2, True, events):
                self._end_turn(events)
        else:
            self._advance(h, 1, True, events)  # the second roll is a chance node next

    def _do_reroll_or_stop(self, action: Action, events: list[Event]) -> None:
        events.append(
            {
                "type": "reroll_or_stop",
                "seat": self.turn,
                "player": self.colours[self.turn],
                "choice": action["choice"],
            }
        )
        self.pending = None
        if action["choice"] == "STOP":
            self._end_turn(events)

    # payout and clean-up (§4)
    def _end_race(self, events: list[Event]) -> None:
        cid = self.race_cards[-1]
        purse = RACE_CARDS[cid]["purse"]
        gains_purse = [0] * self.n
        gains_bets = [0] * self.n
        events.append(
            {"type": "race_over", "race": self.race, "card": cid, "places": list(self.finished)}
        )
        # Worked out once here rather than per marker or per place (speed).
        laid = [sorted(self.bets[s].items()) for s in range(self.n)]
        place_of = {h: place for place, h in enumerate(self.finished, start=1)}
        owners = [[CARD_HORSE[c] for c in self.shares[s]] for s in range(self.n)]
        revealed = [
            [{"marker": m, "value": MARKER_VALUE[m], "horse": h, "row": r} for m, (h, r) in items]
            for items in laid
        ]
        events.append({"type": "markers_revealed", "bets": revealed})
        purses: list[PursePaid] = []
        for place, h in enumerate(self.finished, start=1):
            amount = purse[place - 1]
            owned = [horses.count(h) for horses in owners]  # self.shares_of(s, h)
            total = sum(owned)
            paid: list[PaidShare] = []
            for s in range(self.n):
                if owned[s]:
                    share = purse_share(amount, owned[s], total)
                    assert share * total == amount * owned[s], "P34 whole numbers"
                    gains_purse[s] += share
                    paid.append({"seat": s, "shares": owned[s], "amount": share})
            item: PursePaid = {
                "place": place,
                "row": PLACE_NAMES[place - 1],
                "horse": h,
                "purse": amount,
                "shares": total,
                "paid": paid,
                "unpaid": amount if total == 0 else 0,
            }
            purses.append(item)
            events.append({"type": "purse_paid", **item})
        bets: list[BetResult] = []
        for s in range(self.n):
            for m, (h, r) in laid[s]:
                finish = place_of.get(h)
                amount = marker_pays(h, r, MARKER_VALUE[m], finish)
                gains_bets[s] += amount
                line: BetResult = {
                    "seat": s,
                    "marker": m,
                    "value": MARKER_VALUE[m],
                    "horse": h,
                    "row": r,
                    "place": finish,
                    "rate": PAYOUT[r][h],
                    "amount": amount,
                }
                bets.append(line)
                if amount:
                    events.append({"type": "bet_paid", "player": self.colours[s], **line})
        gains: list[Gain] = []
        for s in range(self.n):
            self.money[s] += gains_purse[s] + gains_bets[s]
            gains.append(
                {
                    "purse": gains_purse[s],
                    "bets": gains_bets[s],
                    "total": gains_purse[s] + gains_bets[s],
                }
            )
        self.results.append(
            {
                "race": self.race,
                "card": cid,
                "name": RACE_CARDS[cid]["name"],
                "colour": RACE_CARDS[cid]["colour"],
                "purse": list(purse),
                "places": list(self.finished),
                "positions": {str(h): self.pos[h] for h in HORSES},
                "purses": purses,
                "bets": bets,
                "gains": gains,
                "money": list(self.money),
            }
        )
        events.append(
            {
                "type": "race_payout",
                "race": self.race,
                "gains": [g["total"] for g in gains],
                "money": list(self.money),
            }
        )
        # P36 clean-up: markers home, handicaps to the supply, finish order cleared.
        self.bets = [{} for _ in range(self.n)]
        self.submitted = [False] * self.n
        self.hcap = [None] * 13
        self.supply = dict(HANDICAP_SUPPLY)
        self.pending, self.dice, self.bonus_targets = None, None, []
        if self.race == self.races:
            self.phase = Phase.OVER
            ranking = self.ranking()
            events.append(
                {
                    "type": "game_over",
                    "money": list(self.money),
                    "ranking": ranking,
                    "winners": [s for s, r in enumerate(ranking) if r == 1],
                }
            )
        elif self.race == 1:
            self._open_buying(events)
        else:
            self._prepare_race(events)

    # share buying (P30–P33)
    def _open_buying(self, events: list[Event]) -> None:
        if self.n >= 4:
            self.pool = sorted(self.pool + list(RED_CARDS))
        self.display = []
        self.buy_round = 0
        self.purchases = []
        events.append({"type": "buying_opens", "pool": len(self.pool)})
        self._fill_display(events)

    def _fill_display(self, events: list[Event]) -> None:
        if len(self.display) < self.n and self.pool:
            self.phase = Phase.DISPLAY
            return
        self.buy_round += 1
        self.buy_order = sorted(range(self.n), key=lambda s: (self.money[s], self.colour_rank(s)))
        self.buy_index = 0
        self.phase = Phase.BUYING
        events.append(
            {
                "type": "buying_round",
                "round": self.buy_round,
                "order": list(self.buy_order),
                "display": list(self.display),
                "stack": len(self.pool),
            }
        )

    def _do_display_card(self, action: Action, events: list[Event]) -> None:
        card = action["card"]
        self.pool.remove(card)
        self.display.append(card)
        events.append(
            {
                "type": "display_card",
                "card": card,
                "horse": CARD_HORSE[card],
                "cost": CARD_COST[card],
            }
        )
        self._fill_display(events)

    def _do_buy_action(self, action: Action, events: list[Event]) -> None:
        seat = self.buy_order[self.buy_index]
        choice = action["choice"]
        if choice == "BUY_BLIND":
            self.phase = Phase.BLIND
            self.turn = seat
            events.append({"type": "buy_blind", "seat": seat, "player": self.colours[seat]})
            return
        if choice == "PASS":
            self.purchases.append({"round": self.buy_round, "seat": seat, "choice": "PASS"})
            events.append({"type": "buy_pass", "seat": seat, "player": self.colours[seat]})
        else:
            card = action["card"]
            self.display.remove(card)
            self._buy(seat, card, CARD_COST[card], "BUY_FACEUP", events)
        self._next_buyer(events)

    def _buy(self, seat: int, card: str, price: int, how: str, events: list[Event]) -> None:
        self.money[seat] -= price
        self.shares[seat].append(card)
        self.shares[seat].sort(key=lambda c: (CARD_HORSE[c], c))
        item = {
            "round": self.buy_round,
            "seat": seat,
            "choice": how,
            "card": card,
            "horse": CARD_HORSE[card],
            "price": price,
        }
        self.purchases.append(item)
        events.append(
            {
                "type": "share_bought",
                "player": self.colours[seat],
                "money": self.money[seat],
                **item,
            }
        )

    def _do_blind_card(self, action: Action, events: list[Event]) -> None:
        card = action["card"]
        self.pool.remove(card)
        self._buy(self.turn, card, BLIND_FEE + CARD_COST[card], "BUY_BLIND", events)
        self.phase = Phase.BUYING
        self._next_buyer(events)

    def _next_buyer(self, events: list[Event]) -> None:
        self.buy_index += 1
        if self.buy_index < self.n:
            return
        if self.buy_round == 1:
            self._fill_display(events)  # P32: refill, then round 2
            return
        # P33: whatever is left leaves the game.
        self.removed_after_buying = sorted(self.display + self.pool)
        events.append({"type": "buying_closed", "removed": list(self.removed_after_buying)})
        self.display, self.pool = [], []
        self.buy_order = []
        self._prepare_race(events)

    # --- search ---------------------------------------------------------------
    def resample_from_infostate(self, seat: int | None, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one, its hidden parts drawn anew (§9).

        Hidden from ``seat`` are only (a) during the deal and the draft, where the
        blue cards it does not hold or keep are (other hands, kept piles, the ghost's
        hand, the pool, the undealt deck), and (b) while racing, which of another
        seat's markers lies on which of its (public) cells, plus the unconfirmed
        markers of a player in the middle of his betting turn. Race cards and stack
        cards are drawn when needed, so no unseen order is stored. The unseen cards
        are dealt anew into slots of the same sizes; each confirmed turn's five markers
        are laid anew on its five cells; an unconfirmed turn starts again from none.
        The view does not record the hands the seat saw in earlier draft rounds, so
        that memory is not used (the result must depend on the view alone).
        """
        out = self.clone()
        if self.phase in (Phase.DEAL, Phase.DRAFT, Phase.GHOST):
            out._redeal_unseen(seat, rng)
        out._relay_markers(seat, rng)
        out._forget_stale()
        return out

    def _forget_stale(self) -> None:
        """Reset leftovers no view shows (the last roller of a finished race, the last
        bonus distance), so that states that look the same give the same resample."""
        if self.phase not in (Phase.DRAFT, Phase.RACE, Phase.BLIND):
            self.turn = 0
        if not self.bonus_targets:
            self.bonus_squares = 0

    def _redeal_unseen(self, seat: int | None, rng: random.Random) -> None:
        """Deal the blue cards ``seat`` has not seen anew into same-sized slots
        (``None``, the public table, has seen none)."""
        mine: set[str] = set()
        if seat is not None:
            mine = set(self.hands[seat]) | set(self.kept[seat])
            # Canonical orders: nothing below depends on where the cards really are.
            self.hands[seat] = sorted(self.hands[seat])
            self.kept[seat] = sorted(self.kept[seat])
        unseen = [c for c in sorted(BLUE_CARDS) if c not in mine]
        rng.shuffle(unseen)
        taken = 0

        def take(size: int) -> list[str]:
            nonlocal taken
            cards = sorted(unseen[taken : taken + size])
            taken += size
            return cards

        for other in range(self.n):
            if other != seat:
                self.hands[other] = take(len(self.hands[other]))
                self.kept[other] = take(len(self.kept[other]))
        self.ghost = take(len(self.ghost))
        self.pool = take(len(self.pool))
        self.deck = take(len(self.deck))
        assert taken == len(unseen), "every blue card is in exactly one slot"

    def _relay_markers(self, seat: int | None, rng: random.Random) -> None:
        """Lay other seats' face-down markers anew on their public cells (P18)."""
        bettor = self.order[self.bettor_index] if self.phase == Phase.BETTING else None
        for other in range(self.n):
            if other == seat:
                continue
            if not self.submitted[other]:
                # Markers of an unconfirmed turn are wholly private: the turn starts anew.
                if other == bettor:
                    self.bets[other] = {}
                continue
            if self.opt("open_bets"):  # V2: values are public, nothing to redraw
                continue
            cells = sorted((h, r) for h, r in self.bets[other].values())
            markers = list(MARKERS)
            rng.shuffle(markers)
            self.bets[other] = {m: [h, r] for m, (h, r) in sorted(zip(markers, cells, strict=True))}

    def lens_facts(self) -> dict[str, float]:
        """The two-dice chart: ``"sum_<n>"``, the chance that a roll of the race dice
        shows ``n`` (1/36 for 2 and 12 … 6/36 for 7), from the dice outcomes themselves."""
        facts: dict[str, float] = {}
        for outcome, p in ROLL_OUTCOMES:
            key = f"sum_{outcome['a'] + outcome['b']}"
            facts[key] = facts.get(key, 0.0) + p
        return facts

    def lens_bets(self, seat: int) -> list[Bet]:
        """From the race card to the payout: a marker point on each betting cell, and
        one share of each horse that has owners (its part of this race's purse)."""
        if self.phase not in (Phase.CLAIMS, Phase.BETTING, Phase.ROLL_OFF, Phase.RACE):
            return []
        markers: list[Bet] = [{"horse": h, "row": r} for h, r in CELLS]
        owned = [h for h in HORSES if self.shares_in_play(h)]
        return markers + [{"share": h} for h in owned]

    def shares_in_play(self, horse: int) -> int:
        """All players' shares of ``horse`` (P34's n)."""
        return sum(self.shares_of(s, horse) for s in range(self.n))

    def bet_payouts(self, seat: int, finish: RaceFinish) -> list[float]:
        """Per marker point, and per share held, what this race pays if it finishes
        as ``finish``."""
        place_of = {int(h): place for place, h in enumerate(finish["places"], start=1)}
        purse = RACE_CARDS[self.race_cards[-1]]["purse"]
        out: list[float] = []
        for bet in self.lens_bets(seat):
            h: int = bet["share"] if "share" in bet else bet["horse"]
            place = place_of.get(h)
            if "share" in bet:
                total = self.shares_in_play(h)
                out.append(0 if place is None else purse_share(purse[place - 1], 1, total))
            else:
                out.append(marker_pays(h, bet["row"], 1, place))
        return out

    def race_placings(self, race: int) -> list[str]:
        """Horse numbers of finished race ``race`` (0-based), 1st to 3rd, as text."""
        return [str(h) for h in self.results[race]["places"]]

    def choice_key(self, action: Action) -> str:
        """Taking back either of two markers of one value from one cell is one choice (2a
        and 2b are both a 2); the placing list already offers one marker of each value."""
        seat = self.current_player()
        if action.get("type") == "take_back_marker" and 0 <= seat < self.n:
            cell = self.bets[seat].get(action.get("marker", ""))
            if cell is not None:
                value = MARKER_VALUE[action["marker"]]
                return canonical({"type": "take_back_marker", "value": value, "cell": cell})
        return super().choice_key(action)

    # --- undo -----------------------------------------------------------------
    def undo_barrier(self, action: Action) -> bool:
        """Confirmed secrets are final: a draft pick (the hand passes on), a confirmed
        betting turn, a blind purchase, and any race decision that ends the race (all
        bet markers are then revealed)."""
        kind = action.get("type")
        if kind in ("draft_pick", "confirm_bets", "place_bets"):
            return True
        if kind == "buy_action":
            return action.get("choice") == "BUY_BLIND"
        if kind in ("move_choice", "bonus_target"):
            probe = self.clone()
            try:
                probe.apply(action)
            except ValueError:
                return False
            return len(probe.results) > len(self.results)
        return False

    # --- views, results -------------------------------------------------------
    def private_turn(self) -> bool:
        """Every draft pick (the hand) and every betting turn (marker values) is secret (§9)."""
        return self.phase in (Phase.DRAFT, Phase.BETTING)

    def holds_secrets(self, seat: int) -> bool:
        """Kept draft cards until the reveal; confirmed bet markers until the payout.

        Both are public facts (kept counts and confirmed turns are on the table)."""
        if self.phase in (Phase.DRAFT, Phase.GHOST):
            return bool(self.kept[seat])
        if self.phase in (Phase.CLAIMS, Phase.BETTING, Phase.ROLL_OFF, Phase.RACE):
            return self.submitted[seat]
        return False

    def decision(self) -> Decision | None:
        """The kind of decision due now (None at chance nodes and at the end)."""
        if self.is_terminal() or self.is_chance():
            return None
        match self.phase:
            case Phase.DRAFT:
                return "draft_pick"
            case Phase.CLAIMS:
                return "bet_order_claim"
            case Phase.BETTING:
                return "place_bets"
            case Phase.BUYING:
                return "buy_action"
        match self.pending:
            case "move_choice":
                return "move_choice"
            case "reroll_or_stop":
                return "reroll_or_stop"
        return "bonus_target"

    def view(self, viewer: int | None = None) -> HomestretchView:
        """What ``viewer`` may see (spec §9); ``None`` is the public table (see view.py)."""
        return build_view(self, viewer)

    def view_part(self, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """Only ``keys`` of the view, each built alone (see view.py)."""
        return view_part(self, viewer, keys)

    def scores(self) -> list[float]:
        """Final money per seat (P37)."""
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        return [float(m) for m in self.money]

    def ranking(self) -> list[int]:
        """P38/P39: money, then share value, long shots, middle horses, favourites;
        seats equal on all of these share a rank."""
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        return ranks(self.tie_keys())

    # --- saving ---------------------------------------------------------------
    def _check_loaded(self) -> None:
        n = len(self.players)
        if not 2 <= n <= 6 or any(
            len(x) != n
            for x in (
                self.money,
                self.colours,
                self.hands,
                self.kept,
                self.shares,
                self.bets,
                self.submitted,
            )
        ):
            raise BadSave("the Homestretch state has a wrong number of seats")
        cards = [*self.deck, *self.ghost, *self.pool, *self.display, *self.removed_after_buying]
        for group in (self.hands, self.kept, self.shares):
            for x in group:
                cards += x
        if len(cards) != len(set(cards)) or not set(cards) <= ALL_CARDS:
            raise BadSave("the Homestretch state has damaged share cards")
        if len(self.pos) != 13 or len(self.hcap) != 13 or set(self.colours) - set(COLOURS):
            raise BadSave("the Homestretch state has a damaged board")


_Handler = Callable[[HomestretchState, Action, list[Event]], None]
_HANDLERS: dict[str, _Handler] = {
    "deal_card": HomestretchState._do_deal_card,
    "draft_pick": HomestretchState._do_draft_pick,
    "ghost_removal": HomestretchState._do_ghost_removal,
    "race_card": HomestretchState._do_race_card,
    "bet_order_claim": HomestretchState._do_bet_order_claim,
    "place_marker": HomestretchState._do_place_marker,
    "take_back_marker": HomestretchState._do_take_back_marker,
    "place_bets": HomestretchState._do_place_bets,
    "confirm_bets": HomestretchState._do_confirm_bets,
    "roll_off": HomestretchState._do_roll_off,
    "roll": HomestretchState._do_roll,
    "move_choice": HomestretchState._do_move_choice,
    "reroll_or_stop": HomestretchState._do_reroll_or_stop,
    "bonus_target": HomestretchState._do_bonus_target,
    "display_card": HomestretchState._do_display_card,
    "buy_action": HomestretchState._do_buy_action,
    "blind_card": HomestretchState._do_blind_card,
}
"""The transition of each action and chance outcome type."""
