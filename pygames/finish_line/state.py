"""Finish Line's game state: three races of secret betting and dice drafting (spec §2–§6).

Node sequence of a game::

    start (CH-START) -> per race: lineup (7 x CH-SHUFFLE draws) -> betting (one slip
    per player, clockwise from the start player) -> turns: take_first / take ->
    roll (one CH-ROLL node per die of the hand, colour order) -> use -> ...
    -> extra (T10) -> photo (CH-PHOTO, only for a level pair) -> settlement -> next race

Legal-action order (deterministic): betting lists ``bet_win`` by horse in start-slot
order (s1…s7) then by amount ascending, then ``bet_place`` by pair (slot order of the
pair, back first) and amount, then ``bet_done``. ``take_first`` lists colour multisets
in lexicographic colour order. ``take`` lists colours in colour order. ``use`` lists
each distinct die of the hand (colour order, then face order) with its targets
(horses back→front; Change of pace by source then destination back→front;
Interference by block back→front, then orders in permutation order of the block;
Insider tip colour lists lexicographic), followed by one ``discard`` per distinct
die. ``extra`` lists horses back→front, then ``extra_decline``.

Listed actions and chance outcomes are often dicts kept once and handed out again
(playouts list hundreds of bets per step): read them, never change them. ``_apply``
keeps nothing of an action it is given.

>>> from pygames.finish_line import GAME
>>> s = GAME.new_state(["Ann", "Ben", "Cy"])
>>> s.chance_outcomes()[0]   # CH-START: who starts race 1
({'type': 'start_player', 'seat': 0}, 0.3333333333333333)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations, combinations_with_replacement, permutations
from math import comb, perm
from typing import Any, ClassVar, Literal, Self, TypedDict

from ..core.bots import SeatWindow
from ..core.state import Action, BadSave, Bet, Event, RaceFinish, State, copy_plain
from .board import HORSE_FACES, SPRINTERS, Track, horse_targets
from .data import (
    BLANKS,
    COLOUR_INDEX,
    COLOURS,
    DICE_COUNTS,
    FACE_IDS,
    FACES,
    GRANTS,
    HOME_STRETCH,
    HORSES_PER_RACE,
    MAX_PLACE_LINES,
    MAX_WIN_LINES,
    ODDS,
    OUTSIDER,
    RACES,
    SIDE_BET,
    STAKE_UNIT,
    START_MONEY,
    TILE_IDS,
    TYPE,
    dice_in_play,
)
from .view import (
    Bonus,
    FinishLineView,
    RaceResult,
    SettledPlace,
    SettledSlip,
    SettledWin,
    build_view,
    view_part,
)


class Phase(StrEnum):
    """Every node kind a Finish Line state can be at (saved as its text)."""

    START = "start"  # CH-START: who starts race 1
    LINEUP = "lineup"  # CH-SHUFFLE: the next tile of the row
    BETTING = "betting"  # D-BET: one secret slip per seat
    TAKE_FIRST = "take_first"  # D-FIRST: the race's first three dice
    TAKE = "take"  # D-DRAW: one die to the passed pair
    ROLL = "roll"  # CH-ROLL: one node per die of the hand
    USE = "use"  # D-USE: use or discard one die
    EXTRA = "extra"  # D-EXTRA: held extra-turn dice after the dice phase
    PHOTO = "photo"  # CH-PHOTO: a level pair at the end
    OVER = "over"


# Reading ``Phase.X`` goes through the enum's metaclass (slow in the hot paths of
# playouts): every member once more as a module constant.
START = Phase.START
LINEUP = Phase.LINEUP
BETTING = Phase.BETTING
TAKE_FIRST = Phase.TAKE_FIRST
TAKE = Phase.TAKE
ROLL = Phase.ROLL
USE = Phase.USE
EXTRA = Phase.EXTRA
PHOTO = Phase.PHOTO
OVER = Phase.OVER

RACE_PHASES = (TAKE_FIRST, TAKE, ROLL, USE, EXTRA, PHOTO)
"""Phases after B7 and before settlement: money and stakes are private (R44)."""

# CH-PHOTO: (upper, lower) horseshoe counts, each Binomial(6, 2/3), independent.
PHOTO_OUTCOMES: list[tuple[int, int, float]] = [
    (a, b, comb(6, a) * comb(6, b) * 2 ** (a + b) / 3**12) for a in range(7) for b in range(7)
]

ROLL_OUTCOMES: dict[str, list[tuple[Action, float]]] = {
    c: [({"type": "roll", "colour": c, "face": f}, m / 6) for f, m in FACES[c]] for c in COLOURS
}
"""CH-ROLL of one die by colour. Listed as they are (shared): outcomes are read, never
changed, and ``_apply`` keeps nothing of an action."""
PHOTO_ACTIONS: list[tuple[Action, float]] = [
    ({"type": "photo", "upper": a, "lower": b}, p) for a, b, p in PHOTO_OUTCOMES
]
DRAW_ACTIONS: dict[int, Action] = {t: {"type": "draw_tile", "tile": t} for t in TILE_IDS}
DRAW_OUTCOMES: dict[int, dict[int, tuple[Action, float]]] = {
    left: {t: (DRAW_ACTIONS[t], 1 / left) for t in TILE_IDS} for left in range(1, len(TILE_IDS) + 1)
}
"""CH-SHUFFLE outcome of each tile by the number of tiles left in the stack."""
DIE_ORDER: dict[tuple[str, str], int] = {
    (c, f): i for i, (c, f) in enumerate((c, f) for c in COLOURS for f in FACE_IDS[c])
}
"""(colour, face) -> its place in colour order, then face order (the hand's listing)."""
DISCARD: dict[tuple[str, str], Action] = {
    d: {"type": "discard", "colour": d[0], "face": d[1]} for d in DIE_ORDER
}
USE_ON_HORSE: dict[tuple[str, str], dict[int, Action]] = {
    (c, f): {h: {"type": "use", "colour": c, "face": f, "horse": h} for h in TILE_IDS}
    for c, f in DIE_ORDER
    if f in HORSE_FACES
}
NO_TARGET_USE: dict[tuple[str, str], Action] = {
    d: {"type": "use", "colour": d[0], "face": d[1]}
    for d in DIE_ORDER
    if d[1] in ("EXTRA_TURN", "SIDE_BET", "NECK_AND_NECK")
}
"""The uses of a die that needs no target, kept once."""
_hand_dice: dict[tuple[Any, ...], tuple[list[tuple[str, str]], list[Action]]] = {}
"""Distinct dice of a rolled hand, and their discards, by its colours and faces in a row
(only a few thousand hands can be rolled)."""
BLANK_DICE = frozenset((c, f) for c in COLOURS for f in BLANKS[c])
TAKE_ACTIONS: dict[str, Action] = {c: {"type": "take", "colour": c} for c in COLOURS}
"""Listed actions kept once (shared like the roll outcomes above)."""
_take_lists: dict[tuple[int | str | None, ...], list[Action]] = {}
_first_take_lists: dict[tuple[int, ...], list[Action]] = {}
"""The take actions by the pool's counts in colour order (and for ``take`` the passed
pair's colour): a few thousand pools at most."""

_win_lines: dict[int, list[Action]] = {}
_place_lines: dict[tuple[int, int], list[Action]] = {}
"""``bet_win`` by horse and ``bet_place`` by pair, for every R42 amount ascending (built
as far as needed): the actions for the amounts up to a limit are a prefix of these.
Playouts list hundreds of bets per step while the slips are written."""


def nth_amount(i: int) -> int:
    """The ``i``-th R42 amount (0-based) in ascending order: 100, 200, …, 900, 1000, …"""
    return (i % 9 + 1) * STAKE_UNIT * int(10 ** (i // 9))


@functools.cache
def amount_count(limit: int) -> int:
    """How many R42 amounts are at most ``limit`` (``len(amounts_up_to(limit))``)."""
    units = limit // STAKE_UNIT
    if units < 1:
        return 0
    power = len(str(units)) - 1
    return 9 * power + units // int(10**power)


BET_DONE: Action = {"type": "bet_done"}

MIN_LINES = 36
"""Amounts kept at first (up to 900,000): only a richer slip asks for more."""


def _win_block(horse: int, count: int) -> list[Action]:
    """``bet_win`` on ``horse`` for at least the first ``count`` amounts (kept)."""
    lines = _win_lines.get(horse)
    if lines is None or len(lines) < count:
        lines = _win_lines[horse] = [
            {"type": "bet_win", "horse": horse, "amount": nth_amount(i)}
            for i in range(max(count, MIN_LINES))
        ]
    return lines


def _place_block(pair: tuple[int, int], count: int) -> list[Action]:
    """``bet_place`` on ``pair`` for at least the first ``count`` amounts (kept)."""
    lines = _place_lines.get(pair)
    if lines is None or len(lines) < count:
        lines = _place_lines[pair] = [
            {"type": "bet_place", "horses": list(pair), "amount": nth_amount(i)}
            for i in range(max(count, MIN_LINES))
        ]
    return lines


LineupLines = tuple[list[tuple[int, list[Action]]], list[tuple[tuple[int, int], list[Action]]]]
LINEUP_CACHE = 64  # lineups seldom come back: a playout draws new ones each race
_lineup_lines: dict[tuple[int, ...], LineupLines] = {}
"""Per lineup: (horse, its win lines) by start slot, then (pair, its place lines) in
listing order: the blocks a betting list is cut from."""


def lineup_lines(lineup: tuple[int, ...], count: int) -> LineupLines:
    """The win and place blocks of ``lineup``, each at least ``count`` amounts long."""
    got = _lineup_lines.get(lineup)
    if got is None or len(got[0][0][1]) < count:
        if len(_lineup_lines) >= LINEUP_CACHE:
            _lineup_lines.clear()
        pairs = [(a, b) if a < b else (b, a) for i, a in enumerate(lineup) for b in lineup[i + 1 :]]
        wins, places = _win_lines, _place_lines  # the kept blocks, built where short
        got = _lineup_lines[lineup] = (
            [
                (h, w if (w := wins.get(h)) and len(w) >= count else _win_block(h, count))
                for h in lineup
            ],
            [
                (p, x if (x := places.get(p)) and len(x) >= count else _place_block(p, count))
                for p in pairs
            ],
        )
    return got


FIRST_TAKES: list[list[str]] = [
    list(combo)
    for combo in combinations_with_replacement(("white", "green", "black", "red"), 3)
    if len(set(combo)) >= 2
]

USE_TARGET_KEYS: dict[str, tuple[str, ...]] = {
    **{face: ("horse",) for face in HORSE_FACES},
    "CHANGE_OF_PACE": ("from", "to"),
    "INTERFERENCE": ("order",),
    "INSIDER_TIP": ("colours",),
}
"""The target fields of a ``use`` by the die's face (no entry: none)."""


class SlipRecord(TypedDict):
    """A seat's slip of this race as saved: ``[horse, amount]`` and ``[[a, b], amount]``."""

    win: list[list[int]]
    place: list[list[Any]]


def valid_amount(amount: Any) -> bool:
    """R42: ``amount`` is d × 10^k with d = 1…9 and k ≥ 2."""
    if type(amount) is not int or amount < 100:
        return False
    text = str(amount)
    return text[0] != "0" and set(text[1:]) == {"0"}


def amounts_up_to(limit: int) -> list[int]:
    """Every R42 amount ≤ ``limit``, ascending."""
    out: list[int] = []
    unit = 100
    while unit <= limit:
        out.extend(d * unit for d in range(1, 10) if d * unit <= limit)
        unit *= 10
    return out


def win_line_pays(horse: int, odds_times_stake: int, winner: int | None) -> int:
    """4.2: a win line pays stake × odds when its horse wins, else nothing."""
    return odds_times_stake if horse == winner else 0


def place_line_pays(pair: Any, odds_times_stake: int, top2: set[int]) -> int:
    """4.2: a place line pays stake × its odds when its pair is the first two, in
    either order, else nothing."""
    return odds_times_stake if set(pair) == top2 else 0


def outsider_bonuses(
    slip: SlipRecord, horse: int, amount: int, winner: int, top2: set[int], strict: bool
) -> list[Bonus]:
    """4.3: what one outsider die of ``amount`` on ``horse`` adds to ``slip``: the full
    amount if the horse wins and the slip backs it to win, half if it finishes first or
    second and a place line holds it (under the strict variant only the winning pair)."""
    out: list[Bonus] = []
    if horse == winner and any(w == horse for w, _ in slip["win"]):
        out.append({"horse": horse, "kind": "win", "amount": amount})
    if horse in top2 and any(
        horse in p and (not strict or set(p) == top2) for p, _ in slip["place"]
    ):
        out.append({"horse": horse, "kind": "place", "amount": amount // 2})
    return out


LENS_STAKE = 100
"""The lens values each line of the sheet per the smallest stake (B3)."""


def empty_slip() -> SlipRecord:
    return {"win": [], "place": []}


def slip_stake(slip: SlipRecord) -> int:
    """The total staked on ``slip`` (a loop: asked at every betting step)."""
    total = 0
    for _, amount in slip["win"]:
        total += amount
    for _, amount in slip["place"]:
        total += amount
    return int(total)


UNUSUAL_SLIP = 0.1
"""How often a resample gives a hidden slip drawn evenly from all slips the rules allow
instead of the one the computer player would write (people do not always bet alike)."""

_USUAL_SLIPS: dict[tuple[Any, ...], SlipRecord] = {}
"""The computer player's slip per race, lineup, money and table (it never changes)."""


def random_slip(lineup: list[int], budget: int, rng: random.Random) -> SlipRecord:
    """A slip drawn uniformly from every slip (as saved) that B1–B4 allow on ``lineup``
    with at most ``budget`` staked: what another seat may hold, as far as one can tell.

    A slip with k win lines and j place lines in the order they were opened can be
    chosen in P(7, k) · P(21, j) ways, and its k + j stakes (positive multiples of 100,
    summing to at most ``budget``) in C(units, k + j) ways (stars and bars). Draws only
    from public data (``lineup`` in start-slot order, ``budget``) and ``rng``.
    """
    units = budget // STAKE_UNIT
    pairs = [[a, b] for a, b in combinations(sorted(lineup), 2)]
    shapes = [
        (k, j, perm(len(lineup), k) * perm(len(pairs), j) * comb(units, k + j))
        for k in range(MAX_WIN_LINES + 1)
        for j in range(MAX_PLACE_LINES + 1)
    ]
    # Exact integer weights: the same draw on every platform.
    pick = rng.randrange(sum(w for _, _, w in shapes))
    k = j = 0
    for wins, places, weight in shapes:
        if pick < weight:
            k, j = wins, places
            break
        pick -= weight
    # k + j distinct cut points in 1…units give the running totals of the stakes.
    cuts = sorted(rng.sample(range(1, units + 1), k + j))
    stakes = [(b - a) * STAKE_UNIT for a, b in zip([0, *cuts], cuts, strict=False)]
    horses = rng.sample(lineup, k)
    chosen = rng.sample(pairs, j)
    return {
        "win": [[h, x] for h, x in zip(horses, stakes[:k], strict=True)],
        "place": [[list(p), x] for p, x in zip(chosen, stakes[k:], strict=True)],
    }


@dataclass(eq=False)
class FinishLineState(State[FinishLineView]):
    """One node of a Finish Line game; the fields are exactly what a save holds."""

    game_id: ClassVar[str] = "finish_line"

    players: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    phase: Phase = START
    race: int = 1
    money: list[int] = field(default_factory=list)
    ledger: list[int] = field(default_factory=list)
    drawn: list[int] = field(default_factory=list)  # tiles drawn so far, all races, in order
    lineup: list[int] = field(default_factory=list)  # this race's horses by start slot s1…s7
    row: list[int] = field(default_factory=list)  # horses in the race, back→front
    dice: list[list[list[str]]] = field(default_factory=list)  # dice on tiles, parallel to row
    nn: bool = False
    nn_used: bool = False
    pool: dict[str, int] = field(default_factory=dict)
    removed: dict[str, int] = field(default_factory=dict)
    out: dict[str, int] = field(default_factory=dict)  # 2 players: dice out for the whole game
    hand: list[list[Any]] = field(default_factory=list)  # [colour, face or None], colour order
    hand_seat: int | None = None  # who holds (or was passed) the hand
    held: list[int] = field(default_factory=list)  # EXTRA_TURN dice held per seat
    start_player: int = 0
    turn: int = 0  # seat to act
    turns: int = 0  # turns begun this race
    last_turn: int | None = None  # seat of the final turn of the dice phase
    slips: list[SlipRecord] = field(default_factory=list)  # per seat, this race
    slips_done: int = 0
    stakes: list[int] = field(default_factory=list)  # total stake per seat (after B7)
    extra_queue: list[int] = field(default_factory=list)  # seat per EXTRA_TURN die to resolve
    photo: list[list[int]] = field(default_factory=list)  # [upper, lower] rolls this race
    results: list[RaceResult] = field(default_factory=list)

    # --- construction -------------------------------------------------------
    @classmethod
    def initial(cls, players: list[str], options: dict[str, Any]) -> Self:
        n = len(players)
        pool = dice_in_play(n)
        return cls(
            players=list(players),
            options=dict(options),
            money=[START_MONEY] * n,
            ledger=[0] * n,
            held=[0] * n,
            stakes=[0] * n,
            slips=[empty_slip() for _ in range(n)],
            pool=pool,
            removed={c: 0 for c in COLOURS},
            out={c: DICE_COUNTS[c] - pool[c] for c in COLOURS},
        )

    @property
    def n(self) -> int:
        return len(self.players)

    def opt(self, name: str) -> bool:
        return bool(self.options.get(name, False))

    @property
    def family(self) -> bool:
        return bool(self.options.get("family_dice"))

    def track(self) -> Track:
        """A view of the row that mutates this state's own lists."""
        return Track(self.row, self.dice, self.nn, self.nn_used, self.removed)

    def _store(self, t: Track) -> None:
        self.nn, self.nn_used = t.nn, t.nn_used

    def odds_of(self, horse: int) -> int:
        return ODDS[self.race][self.lineup.index(horse)]

    def pair_odds(self, a: int, b: int) -> int:
        """A place bet on a pair pays the sum of both horses' odds."""
        return self.odds_of(a) + self.odds_of(b)

    def pool_size(self) -> int:
        return sum(self.pool.values())

    def ranks(self) -> dict[int, int]:
        return self.track().ranks() if self.row else {}

    # --- queries ------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase is OVER

    def is_chance(self) -> bool:
        # Identity tests, rolls first: an enum's hash (for ``in`` a set of phases) is a
        # Python call, and playouts ask at every step.
        phase = self.phase
        return phase is ROLL or phase is LINEUP or phase is START or phase is PHOTO

    def _current_seat(self) -> int:
        return self.turn

    def takeable(self) -> list[str]:
        """Colours that may be taken now: in the pool, yellow only in the home stretch."""
        pool = self.pool
        if sum(pool.values()) <= HOME_STRETCH:
            return [c for c in COLOURS if pool[c] > 0]
        return [c for c in COLOURS if pool[c] > 0 and c != "yellow"]

    def allowed_takes(self) -> list[str]:
        """T2/T3: takeable colours, minus the passed pair's colour when another exists."""
        pool = self.pool
        if sum(pool.values()) <= HOME_STRETCH:
            colours = [c for c in COLOURS if pool[c] > 0]
        else:
            colours = [c for c in COLOURS if pool[c] > 0 and c != "yellow"]
        hand = self.hand
        if len(hand) == 2 and hand[0][0] == hand[1][0]:
            others = [c for c in colours if c != hand[0][0]]
            if others:
                return others
        return colours

    def first_takes(self) -> list[list[str]]:
        """T1: three non-yellow colours, at least two different, available in the pool."""
        out = []
        for combo in FIRST_TAKES:
            if all(combo.count(c) <= self.pool[c] for c in set(combo)):
                out.append(list(combo))
        return out

    def hand_dice(self) -> list[tuple[str, str]]:
        """Distinct (colour, face) of the rolled hand, in colour then face order."""
        return list(self._distinct_dice())

    def _distinct_dice(self) -> list[tuple[str, str]]:
        """:meth:`hand_dice` as kept for this hand: read, never change it."""
        return self._hand_entry()[0]

    def _hand_entry(self) -> tuple[list[tuple[str, str]], list[Action]]:
        """This hand's distinct dice and one discard of each, kept: read only."""
        hand = self.hand
        if len(hand) == 3:
            a, b, c = hand
            key: tuple[Any, ...] = (a[0], a[1], b[0], b[1], c[0], c[1])
        else:
            key = tuple(x for d in hand for x in d)
        entry = _hand_dice.get(key)
        if entry is None:
            pairs = {(key[i], key[i + 1]) for i in range(0, len(key), 2)}
            dice = sorted(pairs, key=DIE_ORDER.__getitem__)
            entry = _hand_dice[key] = (dice, [DISCARD[d] for d in dice])
        return entry

    def insider_choices(self) -> list[list[str]]:
        """D-INSIDER: every colour list of j = min(2, removed) dice of the removed area."""
        j = min(2, sum(self.removed.values()))
        have = [c for c in COLOURS if self.removed[c] > 0]
        return [
            list(combo)
            for combo in combinations_with_replacement(have, j)
            if all(combo.count(c) <= self.removed[c] for c in set(combo))
        ]

    def use_targets(self, colour: str, face: str) -> list[dict[str, Any]]:
        """Target fields of every legal ``use`` of this die; ``[]``: discard only."""
        keys = USE_TARGET_KEYS.get(face, ())
        return [{k: use[k] for k in keys} for use in self._die_uses((colour, face))]

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is USE:
            return self._use_actions()
        if phase is TAKE:
            return self._take_actions()
        if phase is BETTING:
            return self._bet_actions()
        if phase is TAKE_FIRST:
            key = self._pool_counts()
            actions = _first_take_lists.get(key)
            if actions is None:
                actions = _first_take_lists[key] = [
                    {"type": "take_first", "colours": c} for c in self.first_takes()
                ]
            return list(actions)
        if phase == EXTRA:
            acts: list[Action] = [{"type": "extra", "horse": h} for h in self.row]
            return [*acts, {"type": "extra_decline"}]
        return []

    def _take_actions(self) -> list[Action]:
        """D-DRAW: :meth:`allowed_takes` as actions, kept per pool and passed pair."""
        hand = self.hand
        passed = hand[0][0] if len(hand) == 2 and hand[0][0] == hand[1][0] else None
        key = (*self._pool_counts(), passed)
        actions = _take_lists.get(key)
        if actions is None:
            actions = _take_lists[key] = [TAKE_ACTIONS[c] for c in self.allowed_takes()]
        return list(actions)

    def _pool_counts(self) -> tuple[int, ...]:
        """The pool's dice per colour in colour order (what the take lists are kept by)."""
        pool = self.pool
        return (pool["white"], pool["green"], pool["black"], pool["red"], pool["yellow"])

    def _use_actions(self) -> list[Action]:
        """D-USE: each distinct die's uses, then one discard per distinct die."""
        dice, discards = self._hand_entry()
        out: list[Action] = []
        for d in dice:
            out += self._die_uses(d)
        out += discards
        return out

    def _die_uses(self, die: tuple[str, str]) -> list[Action]:
        """Every legal ``use`` of one die of the hand, in listing order."""
        uses = USE_ON_HORSE.get(die)
        if uses is not None:
            f = die[1]
            if f == "HORSESHOE" or f == "DOUBLE_HORSESHOE":
                return [uses[h] for h in self.row]  # any horse, as ``horse_targets`` says
            return [uses[h] for h in horse_targets(self.row, self.dice, self.nn, f, self.family)]
        if die in BLANK_DICE:
            return []
        return self._state_and_board_uses(die)

    def _state_and_board_uses(self, die: tuple[str, str]) -> list[Action]:
        """The uses of a die that is not blank and has no horse as its target."""
        c, f = die
        if f == "EXTRA_TURN" or f == "SIDE_BET":
            return [] if f == "SIDE_BET" and self.family else [NO_TARGET_USE[die]]
        if f == "NECK_AND_NECK":
            return [NO_TARGET_USE[die]] if not self.nn_used and len(self.row) >= 2 else []
        if f == "CHANGE_OF_PACE":
            row = self.row
            sources = [
                h
                for h, on in zip(row, self.dice, strict=True)
                if on and h not in SPRINTERS and any(x[0] == "white" for x in on)
            ]
            return [
                {"type": "use", "colour": c, "face": f, "from": s, "to": h}
                for s in sources
                for h in row
                if h != s
            ]
        if f == "INTERFERENCE":
            t = Track(self.row, self.dice, self.nn, self.nn_used, self.removed)
            return [
                {"type": "use", "colour": c, "face": f, "order": list(order)}
                for block in t.interference_blocks()
                for order in permutations(block)
            ]
        if f == "INSIDER_TIP":
            return [
                {"type": "use", "colour": c, "face": f, "colours": colours}
                for colours in self.insider_choices()
            ]
        raise ValueError(f"no use listed for {c} {f}")

    def _bet_actions(self) -> list[Action]:
        """D-BET, in the order of the module docstring (shared action dicts): bets of
        every amount the money left allows on each horse and pair, or only on those
        already backed once the slip holds all its win or place lines, then done."""
        seat = self.turn
        slip = self.slips[seat]
        count = amount_count(self.money[seat] - slip_stake(slip))
        out: list[Action] = []
        if count:
            win_blocks, place_blocks = lineup_lines(tuple(self.lineup), count)
            wins, places = slip["win"], slip["place"]
            if len(wins) < MAX_WIN_LINES:
                for _, lines in win_blocks:
                    out += lines[:count]
            else:
                backed = {h for h, _ in wins}
                for h, lines in win_blocks:
                    if h in backed:
                        out += lines[:count]
            if len(places) < MAX_PLACE_LINES:
                for _, lines in place_blocks:
                    out += lines[:count]
            else:
                pairs = {(p[0], p[1]) for p, _ in places}
                for pair, lines in place_blocks:
                    if pair in pairs:
                        out += lines[:count]
        out.append(BET_DONE)
        return out

    # As the contract's ``legal_actions`` and ``chance_outcomes``, without their checks
    # (playouts ask at every step): the hooks already list nothing at the wrong nodes.
    legal_actions = _legal_actions

    # --- refusals -------------------------------------------------------------
    def _why_illegal(self, action: Action) -> str | None:
        match action["type"]:
            case "bet_win" | "bet_place":
                return self._why_bet(action)
            case "bet_done":
                return self._why_bet_done(action)
            case "take_first":
                return self._why_take_first(action)
            case "take":
                return self._why_take(action)
            case "use":
                return self._why_use(action)
            case "discard":
                return self._why_discard(action)
            case "extra" | "extra_decline":
                return self._why_extra(action)
            case kind:
                return f"Finish Line has no action {kind!r}"

    @staticmethod
    def _fields(action: Action, *keys: str) -> str | None:
        extra = set(action) - {"type", *keys}
        missing = [k for k in keys if k not in action]
        if missing:
            return f"the action lacks {', '.join(missing)}"
        if extra:
            return f"the action has fields Finish Line does not know: {', '.join(sorted(extra))}"
        return None

    def _why_bet(self, action: Action) -> str | None:
        if self.phase != BETTING:
            return "bets can only be entered while the slips are open, before the race"
        kind = action["type"]
        target = "horse" if kind == "bet_win" else "horses"
        bad = self._fields(action, target, "amount")
        if bad:
            return bad
        slip = self.slips[self.turn]
        amount = action["amount"]
        if not valid_amount(amount):
            return (
                f"{amount!r} is not a stake amount: use 100…900, 1000…9000, … "
                "(a digit 1–9 followed by at least two zeros)"
            )
        left = self.money[self.turn] - slip_stake(slip)
        if amount > left:
            return f"the slip would exceed your money: only {left} is left to stake"
        if kind == "bet_win":
            horse = action["horse"]
            if type(horse) is not int or horse not in self.lineup:
                return f"horse {horse!r} is not running in this race"
            if horse not in {h for h, _ in slip["win"]} and len(slip["win"]) >= MAX_WIN_LINES:
                return "a slip holds at most 3 win bets, each on a different horse"
            return None
        horses = action["horses"]
        if (
            not isinstance(horses, list)
            or len(horses) != 2
            or any(type(h) is not int for h in horses)
        ):
            return "a place bet names a pair [a, b] of two horses"
        a, b = horses
        if a == b:
            return "a place bet needs two different horses"
        if a not in self.lineup or b not in self.lineup:
            return "both horses of a place bet must run in this race"
        if a > b:
            return f"write the pair with the smaller id first: [{b}, {a}]"
        pairs = [p for p, _ in slip["place"]]
        if [a, b] not in pairs and len(pairs) >= MAX_PLACE_LINES:
            return "a slip holds at most 2 place bets, each on a different pair"
        return None

    def _why_bet_done(self, action: Action) -> str | None:
        if self.phase != BETTING:
            return "there is no open bet slip to confirm"
        return self._fields(action)

    def _why_take_first(self, action: Action) -> str | None:
        if self.phase != TAKE_FIRST:
            return "three dice are taken only on the first turn of a race"
        bad = self._fields(action, "colours")
        if bad:
            return bad
        colours = action["colours"]
        if not isinstance(colours, list) or len(colours) != 3:
            return "take exactly 3 dice on the first turn"
        if any(c not in COLOURS for c in colours):
            return "unknown dice colour"
        if "yellow" in colours:
            return "yellow dice cannot be taken on the first turn (R7)"
        if len(set(colours)) < 2:
            return "the first 3 dice must show at least 2 different colours"
        if colours != sorted(colours, key=COLOUR_INDEX.__getitem__):
            return "list the colours in the order white, green, black, red, yellow"
        for c in set(colours):
            if colours.count(c) > self.pool[c]:
                return f"the pool does not hold {colours.count(c)} {c} dice"
        return None

    def _why_take(self, action: Action) -> str | None:
        if self.phase != TAKE:
            if self.phase == TAKE_FIRST:
                return "the first turn of a race takes 3 dice (take_first)"
            return "no die can be taken now"
        bad = self._fields(action, "colour")
        if bad:
            return bad
        colour = action["colour"]
        if colour not in COLOURS:
            return f"there is no dice colour {colour!r}"
        if self.pool[colour] == 0:
            return f"the pool holds no {colour} die"
        if colour in self.locked_colours():
            return "yellow dice can be taken only in the home stretch (pool of 7 or fewer)"
        if colour not in self.allowed_takes():
            return (
                f"two-colour rule: you hold two {colour} dice, so take another colour "
                "while one is takeable"
            )
        return None

    def _die_in_hand(self, action: Action) -> str | None:
        if self.phase != USE:
            return "a die can be used or discarded only after the roll"
        colour, face = action.get("colour"), action.get("face")
        if not any(c == colour and f == face for c, f in self.hand):
            return f"there is no {colour} die showing {face} in your hand"
        return None

    def _why_discard(self, action: Action) -> str | None:
        return self._die_in_hand(action) or self._fields(action, "colour", "face")

    def _why_use(self, action: Action) -> str | None:
        bad = self._die_in_hand(action)
        if bad:
            return bad
        colour, face = action["colour"], action["face"]
        if face in BLANKS[colour]:
            return f"{face} has no effect: the die can only be discarded"
        if self.family and face in ("SIDE_BET", "DISQUALIFIED"):
            return f"with family dice {face} counts as blank: discard it"
        if face == "NECK_AND_NECK" and self.nn_used:
            return "neck and neck was already used in this race: discard it"
        keys = USE_TARGET_KEYS.get(face, ())
        bad = self._fields(action, "colour", "face", *keys)
        if bad:
            return bad
        given = {k: action[k] for k in keys}
        if given in self.use_targets(colour, face):
            return None
        return self._why_target(colour, face, given)

    def _why_target(self, colour: str, face: str, given: dict[str, Any]) -> str:
        """A specific reason why this target is not legal for the face."""
        t = self.track()
        horse: int = given.get("horse", 0)
        if "horse" in given and horse not in self.row:
            return f"horse {horse!r} is not in the race"
        if face in OUTSIDER:
            return f"horse {horse} already carries a green die"
        if face == "DISQUALIFIED":
            if TYPE[horse] == "S":
                return "a sprinter (S) cannot be disqualified"
            return "a disqualification would leave fewer than 2 horses in the race"
        if face == "WHIP":
            if TYPE[horse] == "S":
                return "a whip cannot be placed on a sprinter (S)"
            if self.family:
                return "with family dice a second whip is not allowed"
            return "a second whip would disqualify it and leave fewer than 2 horses"
        if face == "HELMET":
            if t.rank(horse) == 1:
                return "a helmet cannot be used on a leader"
            return "a helmet needs a favourite (F) or a horse with a white die"
        if face == "LOSS_OF_SPEED":
            return f"horse {horse} needs at least 2 horses behind it"
        if face == "CHANGE_OF_PACE":
            src, dst = given["from"], given["to"]
            if src not in self.row or dst not in self.row:
                return "both horses must be in the race"
            if src == dst:
                return "the white die must move to a different horse"
            if TYPE[src] == "S":
                return "a white die cannot be taken off a sprinter (S)"
            return f"horse {src} holds no white die"
        if face == "INTERFERENCE":
            order = given["order"]
            blocks = [sorted(b) for b in t.interference_blocks()]
            if not isinstance(order, list) or sorted(order) not in blocks:
                return "interference reorders 3 adjacent horses (not splitting a level pair)"
            return "not a valid new order for that block"
        if face == "INSIDER_TIP":
            j = min(2, sum(self.removed.values()))
            return f"choose {j} dice of the removed area by colour, in colour order"
        if face == "NECK_AND_NECK":
            return "neck and neck needs at least 2 horses"
        return "that target is not allowed for this die"

    def _why_extra(self, action: Action) -> str | None:
        if self.phase != EXTRA:
            return "extra-turn dice are resolved only after the dice phase"
        if action["type"] == "extra_decline":
            return self._fields(action)
        bad = self._fields(action, "horse")
        if bad:
            return bad
        if action["horse"] not in self.row:
            return f"horse {action['horse']!r} is not in the race"
        return None

    # --- chance -----------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase is ROLL:  # half of all steps: the shared list, read like every outcome
            for c, f in self.hand:
                if f is None:
                    return ROLL_OUTCOMES[c]
        if phase is LINEUP:
            drawn = set(self.drawn)
            outcomes = DRAW_OUTCOMES[len(TILE_IDS) - len(drawn)]
            return [o for t, o in outcomes.items() if t not in drawn]
        if phase == START:
            return [({"type": "start_player", "seat": i}, 1 / self.n) for i in range(self.n)]
        if phase == PHOTO:
            return list(PHOTO_ACTIONS)
        return []

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """As the contract's, without its checks (``_chance_outcomes`` lists nothing at
        the wrong nodes), in a list of the caller's own."""
        return list(self._chance_outcomes())

    # --- transitions ----------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "roll":  # CH-ROLL (R43), half of all steps: here, not a call
            colour, face = action["colour"], action["face"]
            hand = self.hand
            for die in hand:
                if die[1] is None and die[0] == colour:
                    die[1] = face
                    break
            for die in hand:
                if die[1] is None:
                    break
            else:
                self.phase = USE
            return [{"type": "rolled", "seat": self.turn, "colour": colour, "face": face}]
        events: list[Event] = []
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise AssertionError(f"unhandled action {kind!r}")
        handler(self, action, events)
        return events

    # As the core's, without copying ``action``: ``_apply`` keeps nothing of an action.
    apply_trusted = _apply

    def _start_player(self, seat: int, events: list[Event]) -> None:
        """CH-START: the start player of race 1."""
        self.start_player = seat
        events.append({"type": "start_player", "seat": seat, "race": 1})
        self._begin_lineup(events)

    def _take_dice(self, colours: list[str], events: list[Event]) -> None:
        """T1/T2: the taken dice join the hand, which is then rolled."""
        for c in colours:
            self._take(c)
        events.append({"type": "took", "seat": self.turn, "colours": colours})
        self.phase = ROLL

    def _take_one(self, action: Action, events: list[Event]) -> None:
        """T2: the one die taken joins the passed pair, then the hand is rolled."""
        colour = action["colour"]
        self._take(colour)
        events.append({"type": "took", "seat": self.turn, "colours": [colour]})
        self.phase = ROLL

    def _begin_lineup(self, events: list[Event]) -> None:
        """P1: the row fills from the stack, s1 first (7 CH-SHUFFLE draws)."""
        self.phase = LINEUP
        self.lineup, self.row, self.dice = [], [], []
        self.nn = self.nn_used = False
        self.slips = [empty_slip() for _ in range(self.n)]
        events.append({"type": "race_started", "race": self.race})

    def _draw(self, tile: int, events: list[Event]) -> None:
        self.drawn.append(tile)
        self.lineup.append(tile)
        self.row.append(tile)
        self.dice.append([])
        slot = len(self.lineup)
        events.append(
            {"type": "tile_revealed", "tile": tile, "slot": slot, "odds": ODDS[self.race][slot - 1]}
        )
        if slot == HORSES_PER_RACE:
            self.phase = BETTING
            self.slips = [empty_slip() for _ in range(self.n)]
            self.slips_done = 0
            self.turn = self.start_player
            events.append({"type": "betting_opens", "seat": self.turn})

    def _bet_line(self, kind: Literal["win", "place"], target: Any, amount: int) -> None:
        """R42: add ``amount`` to the slip's line on ``target``, opening it if new."""
        slip = self.slips[self.turn]
        lines: list[list[Any]] = slip["win"] if kind == "win" else slip["place"]
        for line in lines:
            if line[0] == target:
                line[1] += amount
                return
        lines.append([target, amount])

    def _bet_done(self, events: list[Event]) -> None:
        events.append({"type": "slip_confirmed", "seat": self.turn})
        self.slips_done += 1
        if self.slips_done < self.n:
            self.turn = (self.turn + 1) % self.n
            return
        # B7: stakes leave the money; both stay private until settlement (R44).
        for seat in range(self.n):
            self.stakes[seat] = slip_stake(self.slips[seat])
            self.money[seat] -= self.stakes[seat]
        events.append({"type": "betting_closed"})
        self.turns = 0
        self.hand = []
        self.hand_seat = None
        self._begin_turn(self.start_player, events)

    def _begin_turn(self, seat: int, events: list[Event]) -> None:
        self.turn = seat
        self.hand_seat = seat
        self.turns += 1
        self.phase = TAKE_FIRST if self.turns == 1 else TAKE
        events.append({"type": "turn", "seat": seat, "turn": self.turns})

    def _take(self, colour: str) -> None:
        self.pool[colour] -= 1
        # The hand stays in colour order: the new die goes after those of its colour.
        hand = self.hand
        rank = COLOUR_INDEX[colour]
        i = len(hand)
        while i and COLOUR_INDEX[hand[i - 1][0]] > rank:
            i -= 1
        hand.insert(i, [colour, None])

    def _use(self, action: Action, events: list[Event]) -> None:
        seat = self.turn
        colour, face = action["colour"], action["face"]
        hand = self.hand
        for i, die in enumerate(hand):
            if die[1] == face and die[0] == colour:
                del hand[i]
                break
        step = 1
        used = action["type"] == "use"
        event: Event = {
            "type": "used" if used else "discarded",
            "seat": seat,
            "colour": colour,
            "face": face,
        }
        if not used:
            self.removed[colour] += 1
        else:
            for key in USE_TARGET_KEYS.get(face, ()):
                value = action[key]  # a horse, or a list of horses or colours
                event[key] = list(value) if type(value) is list else value
            if face == "SIDE_BET":
                victim = (seat + 1) % self.n
                self.ledger[seat] += SIDE_BET
                self.ledger[victim] -= SIDE_BET
                self.removed[colour] += 1
                event["victim"] = victim
                step = 2
            elif face == "EXTRA_TURN":
                self.held[seat] += 1
            elif face == "INSIDER_TIP":
                for c in action["colours"]:
                    self.removed[c] -= 1
                    self.pool[c] += 1
                self.removed[colour] += 1
            else:
                before = list(self.row)
                t = Track(self.row, self.dice, self.nn, self.nn_used, self.removed)
                t.resolve(colour, face, action)
                self.nn, self.nn_used = t.nn, t.nn_used
                if len(self.row) < len(before):
                    event["disqualified"] = next(h for h in before if h not in self.row)
                event["before"] = before  # the running order before this die, for the table
                event["row"] = list(self.row)
        events.append(event)
        nxt = (seat + step) % len(self.players)
        for die in hand:
            die[1] = None
        if any(self.pool.values()):
            self._begin_turn(nxt, events)
            return
        self.hand_seat = nxt
        # T9: the dice phase ends; the two leftover dice stay unused (R34).
        self.last_turn = seat
        events.append({"type": "dice_phase_over", "turns": self.turns})
        self.extra_queue = []
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            self.extra_queue += [s] * self.held[s]
        self._next_extra(events)

    def _next_extra(self, events: list[Event]) -> None:
        if self.extra_queue:
            self.phase = EXTRA
            self.turn = self.extra_queue[0]
            return
        if self.nn:
            self.phase = PHOTO
            self.photo = []
            return
        self._settle(events)

    def _extra(self, action: Action, events: list[Event]) -> None:
        seat = self.extra_queue.pop(0)
        self.held[seat] -= 1
        if action["type"] == "extra_decline":
            self.removed["black"] += 1
            events.append({"type": "extra_declined", "seat": seat})
        else:
            before = list(self.row)
            t = self.track()
            t.place_horseshoe(action["horse"], ["black", "EXTRA_TURN"])
            self._store(t)
            events.append(
                {
                    "type": "extra_used",
                    "seat": seat,
                    "horse": action["horse"],
                    "before": before,
                    "row": list(self.row),
                }
            )
        self._next_extra(events)

    def _photo(self, upper: int, lower: int, events: list[Event]) -> None:
        self.photo.append([upper, lower])
        pair = self.row[-2:]
        events.append(
            {"type": "photo", "upper": pair[0], "lower": pair[1], "rolls": [upper, lower]}
        )
        if upper == lower:
            return  # roll again: another CH-PHOTO node
        if upper > lower:
            t = self.track()
            t._swap(len(self.row) - 2, len(self.row) - 1)
        self.nn = False
        self._settle(events)

    # --- settlement (P5) and next race (P6) -----------------------------------
    def _settle(self, events: list[Event]) -> None:
        winner, second = self.row[-1], self.row[-2]
        top2 = {winner, second}
        strict = self.opt("strict_outsider")
        outsiders = [
            (h, OUTSIDER[d[1]])
            for h, on in zip(self.row, self.dice, strict=True)
            for d in on
            if d[1] in OUTSIDER
        ]
        slips: list[SettledSlip] = []
        for seat in range(self.n):
            slip = self.slips[seat]
            wins: list[SettledWin] = []
            places: list[SettledPlace] = []
            bonuses: list[Bonus] = []
            payout = 0
            for h, amount in slip["win"]:
                odds = self.odds_of(h)
                pay = win_line_pays(h, amount * odds, winner)
                payout += pay
                wins.append({"horse": h, "amount": amount, "odds": odds, "payout": pay})
            for pair, amount in slip["place"]:
                odds = self.pair_odds(pair[0], pair[1])
                pay = place_line_pays(pair, amount * odds, top2)
                payout += pay
                places.append({"horses": list(pair), "amount": amount, "odds": odds, "payout": pay})
            for h, x in outsiders:
                bonuses += outsider_bonuses(slip, h, x, winner, top2, strict)
            payout += sum(b["amount"] for b in bonuses)
            self.money[seat] += payout
            slips.append(
                {
                    "win": wins,
                    "place": places,
                    "bonuses": bonuses,
                    "stake": self.stakes[seat],
                    "payout": payout,
                }
            )
        grant = GRANTS.get(self.race + 1, 0)
        result: RaceResult = {
            "race": self.race,
            "lineup": [
                {"horse": h, "slot": i + 1, "odds": ODDS[self.race][i]}
                for i, h in enumerate(self.lineup)
            ],
            "finish": list(reversed(self.row)),
            "winner": winner,
            "second": second,
            "photo": copy_plain(self.photo),
            "outsiders": [{"horse": h, "amount": x} for h, x in outsiders],
            "slips": slips,
            "money": list(self.money),
            "grant": grant,
        }
        self.results.append(result)
        events.append(
            {
                "type": "race_over",
                "race": self.race,
                "winner": winner,
                "second": second,
                "payouts": [s["payout"] for s in slips],
                "money": list(self.money),
            }
        )
        self.stakes = [0] * self.n
        if self.race == RACES:
            self.phase = OVER
            totals = self.scores()
            top = max(totals)
            events.append(
                {
                    "type": "game_over",
                    "totals": [int(t) for t in totals],
                    "winners": [p for p, v in enumerate(totals) if v == top],
                }
            )
            return
        # P6: grant, dice home, next start player, next lineup.
        self.race += 1
        for seat in range(self.n):
            self.money[seat] += grant
        self.pool = dice_in_play(self.n)
        self.removed = {c: 0 for c in COLOURS}
        self.hand, self.hand_seat = [], None
        self.held = [0] * self.n
        self.photo = []
        self.last_turn = None
        self.start_player = self.next_start_player()
        events.append(
            {"type": "start_player", "seat": self.start_player, "race": self.race, "grant": grant}
        )
        self._begin_lineup(events)

    def next_start_player(self) -> int:
        """P6.4 / R35 (V2: simply the left neighbour)."""
        prev = self.start_player
        if self.opt("rotating_start"):
            return (prev + 1) % self.n
        top = max(self.money)
        for k in range(1, self.n + 1):
            seat = (prev + k) % self.n
            if self.money[seat] == top:
                return seat
        raise AssertionError("unreachable")

    # --- search -------------------------------------------------------------------
    def money_before_betting(self, seat: int) -> int:
        """``seat``'s money when this race's slips opened: public (spec §9), from the
        start money or the last settlement plus the grant; ledgers never enter money."""
        if not self.results:
            return START_MONEY
        last = self.results[-1]
        return last["money"][seat] + last["grant"]

    def hidden_slips(self, seat: int | None) -> list[int]:
        """The seats whose slip (and, while the race runs, stake and money) ``seat``
        cannot see: every other seat that has begun a slip and not had it settled."""
        if self.phase == BETTING:
            # Seats from the start player up to the one writing now; later ones are empty.
            begun = [(self.start_player + k) % self.n for k in range(self.slips_done + 1)]
            return sorted(s for s in begun if s != seat)
        if self.race_running():
            return [s for s in range(self.n) if s != seat]
        return []  # before the lineup the slips are empty, after the game they are results

    def resample_from_infostate(self, seat: int | None, rng: random.Random) -> Self:
        """A state ``seat`` cannot tell from this one, every hidden slip drawn anew.

        The only secrets of Finish Line are the other seats' slips of the running race,
        and while the dice roll, their stakes and money (spec §9; the tile stack is not
        stored, each tile is a chance draw). Each hidden slip is, with probability
        ``1 - UNUSUAL_SLIP``, the slip the computer player writes on the same lineup
        with that seat's public money before betting (:meth:`usual_slip`), and otherwise
        one drawn evenly from every slip the rules allow (:func:`random_slip`): players
        mostly bet sensibly, but not always. Stake and money follow from the slip.
        Nothing else differs from ``self``; ``seat=None`` (the public table) redraws all.
        """
        out = self.clone()
        running = self.race_running()
        for s in self.hidden_slips(seat):
            budget = self.money_before_betting(s)
            if rng.random() < UNUSUAL_SLIP:
                slip = random_slip(self.lineup, budget, rng)
            else:
                slip = self.usual_slip(s, budget)
            out.slips[s] = slip
            if running:  # B7 took the stake already
                out.stakes[s] = slip_stake(slip)
                out.money[s] = budget - out.stakes[s]
        return out

    def usual_slip(self, seat: int, budget: int) -> SlipRecord:
        """The slip the computer player writes for ``seat`` with ``budget`` on this race's
        lineup, as the table stood when betting opened (a fresh copy each time)."""
        # The bot stakes less in the last race when it leads: no more than a rival can
        # stake, and half its money when the rivals bet poorly.
        guards, cap = False, None
        if self.race == RACES:
            from .bot import leads_poor_bettors, stake_cap  # the bot reads this module

            money = [self.money_before_betting(s) for s in range(self.n)]
            money[seat] = budget
            totals = [m + side for m, side in zip(money, self.ledger, strict=True)]
            guards = leads_poor_bettors(seat, totals, self.results)
            cap = stake_cap(seat, money, totals)
        key = (
            self.race,
            tuple(self.lineup),
            budget,
            self.n,
            tuple(sorted(self.options.items())),
            guards,
            cap,
        )
        slip = _USUAL_SLIPS.get(key)
        if slip is None:
            slip = self._bot_slip(seat, budget)
            _USUAL_SLIPS[key] = slip
        return copy_plain(slip)  # type: ignore[no-any-return]

    def _bot_slip(self, seat: int, budget: int) -> SlipRecord:
        """Let the computer player write ``seat``'s slip on the table as it was when
        betting opened: every horse at the start, no dice yet, the pool full."""
        from .bot import FinishLineBot  # the bot reads this module: imported when used

        probe = self.clone()
        probe.phase = BETTING
        probe.row = list(self.lineup)
        probe.dice = [[] for _ in self.lineup]
        probe.nn = probe.nn_used = False
        probe.pool = dice_in_play(self.n)
        probe.removed = {c: 0 for c in COLOURS}
        probe.hand, probe.hand_seat, probe.extra_queue = [], None, []
        probe.held = [0] * self.n
        probe.photo, probe.last_turn, probe.turns = [], None, 0
        probe.slips = [empty_slip() for _ in range(self.n)]
        probe.stakes = [0] * self.n
        probe.money = [self.money_before_betting(s) for s in range(self.n)]
        probe.money[seat] = budget
        probe.turn, probe.slips_done = seat, 0
        bot, rng = FinishLineBot(), random.Random(0)  # the bot's slip is deterministic
        for _ in range(64):
            action = bot.choose(SeatWindow(probe, seat), seat, rng)
            if action["type"] == "bet_done":
                break
            probe.apply_trusted(action)
        return probe.slips[seat]

    def lens_bets(self, seat: int) -> list[Bet]:
        """While the slips are filled: a win line on each horse of the lineup and a
        place line on each pair, each staked :data:`LENS_STAKE`."""
        if not self.is_betting():
            return []
        wins: list[Bet] = [{"line": "win", "horse": h} for h in self.lineup]
        pairs: list[Bet] = [
            {"line": "place", "horses": sorted(p)} for p in combinations(self.lineup, 2)
        ]
        return wins + pairs

    def bet_payouts(self, seat: int, finish: RaceFinish) -> list[float]:
        """What each line pays on :data:`LENS_STAKE` if the race finishes as ``finish``
        (the outsider bonus is left out: it comes from dice not yet on the track)."""
        places = [int(h) for h in finish["places"]]
        winner = places[0] if places else None
        top2 = set(places[:2])
        out: list[float] = []
        for bet in self.lens_bets(seat):
            if bet["line"] == "win":
                h = bet["horse"]
                out.append(win_line_pays(h, LENS_STAKE * self.odds_of(h), winner))
            else:
                a, b = bet["horses"]
                out.append(place_line_pays((a, b), LENS_STAKE * self.pair_odds(a, b), top2))
        return out

    def race_placings(self, race: int) -> list[str]:
        """Horses of finished race ``race`` (0-based) first to last, as text; a
        disqualified horse did not finish and is not listed."""
        return [str(h) for h in self.results[race]["finish"]]

    # --- views, results -------------------------------------------------------
    def undo_barrier(self, action: Action) -> bool:
        """A confirmed slip (``bet_done``) is final, and so is any action after which
        the slips are revealed (the one that ends a race without a photo finish)."""
        if action.get("type") == "bet_done":
            return True
        probe = self.clone()
        try:
            probe.apply(action)
        except ValueError:
            return False
        return len(probe.results) > len(self.results)

    def view(self, viewer: int | None = None) -> FinishLineView:
        """What ``viewer`` may see (spec §9); ``None`` is the public table."""
        return build_view(self, viewer)

    def view_part(self, viewer: int | None, keys: Iterable[str]) -> dict[str, Any]:
        """Only ``keys`` of the view, each built alone (see view.py)."""
        return view_part(self, viewer, keys)

    def race_running(self) -> bool:
        """From the stakes (B7) to settlement: money and stakes are private (R44)."""
        return self.phase in RACE_PHASES  # a tuple: an enum's hash is a Python call

    def is_betting(self) -> bool:
        return self.phase == BETTING

    def private_turn(self) -> bool:
        """Every bet slip is entered behind the curtain (B6, §9); the dice phase is open."""
        return self.is_betting()

    def holds_secrets(self, seat: int) -> bool:
        """While a race runs every seat may look at its own slip and money again (R44)."""
        return self.race_running()

    def home_stretch(self) -> bool:
        """R8: yellow may be taken (the pool holds at most 7 dice)."""
        return self.pool_size() <= HOME_STRETCH

    def locked_colours(self) -> list[str]:
        """R8: colours the pool may not give out yet (yellow, until the home stretch)."""
        return [] if self.home_stretch() else ["yellow"]

    def offered_colours(self) -> list[str]:
        """Colours the player to act may take now (T1–T3), else []."""
        if self.phase == TAKE:
            return self.allowed_takes()
        if self.phase == TAKE_FIRST:
            return [c for c in COLOURS if c != "yellow" and self.pool[c] > 0]
        return []

    def scores(self) -> list[float]:
        """Grand total per seat: money + side-bet ledger (§4.3)."""
        if not self.is_terminal():
            raise ValueError("the game is not over yet")
        return [float(m + g) for m, g in zip(self.money, self.ledger, strict=True)]

    # --- saving ---------------------------------------------------------------
    def _check_loaded(self) -> None:
        if not 2 <= len(self.players) <= 4 or len(self.money) != len(self.players):
            raise BadSave("the Finish Line state has a wrong number of seats")
        if set(self.pool) != set(COLOURS) or set(self.removed) != set(COLOURS):
            raise BadSave("the Finish Line state has damaged dice")


_HANDLERS: dict[str, Callable[[FinishLineState, Action, list[Event]], None]] = {
    "start_player": lambda s, a, e: s._start_player(a["seat"], e),
    "draw_tile": lambda s, a, e: s._draw(a["tile"], e),
    "bet_win": lambda s, a, e: s._bet_line("win", a["horse"], a["amount"]),
    "bet_place": lambda s, a, e: s._bet_line("place", list(a["horses"]), a["amount"]),
    "bet_done": lambda s, a, e: s._bet_done(e),
    "take_first": lambda s, a, e: s._take_dice(list(a["colours"]), e),
    "take": FinishLineState._take_one,
    "use": FinishLineState._use,
    "discard": FinishLineState._use,
    "extra": FinishLineState._extra,
    "extra_decline": FinishLineState._extra,
    "photo": lambda s, a, e: s._photo(a["upper"], a["lower"], e),
}
"""Each action type's step (a table: a ``match`` tries the cases one by one)."""
