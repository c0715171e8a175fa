"""TurfMaster's computer player: a fast heuristic, not a search.

The bot reads only its own seat's view (its own hands, every horse's square), just
the entries each kind of choice needs (``window.view_part``, :data:`READS`), and
``window.legal_actions()``; the board geometry is the
public static data of :mod:`pygames.turfmaster.data`. Squares are valued by the
strides still needed to cross the line in their own lane, so inside lanes (which
are shorter in the bends) are preferred and paths are simulated with the shared
movement rule (:func:`pygames.turfmaster.movement.reach`).

- **Card turn:** races run long (hands of 10 are usually played out), so nearly
  every card gets played; what matters is that each card moves in full and that
  the horse is close enough to strike at the end. A 9-12 number card moves only
  while the handicap allows it, so the highest one the limit allows is played
  first (its gain now against a share of its value). A 3-8 card moves in full
  whenever it is played, so the lowest goes first: a capped leader then lets the
  field close up, gets uncapped and plays its high cards in full, instead of
  running out of low cards in front and standing still to the end. Jokers are
  kept for the finish, where a capped leader has nothing else that goes far; a
  capped horse with only high number cards and jokers stands still, losing the
  card least likely to move later (the highest). Within ``SPRINT`` strides of the
  line a turn simply goes as far as it can. A card whose every maximal end is a
  fall is never chosen while another card exists. The bonus pair is taken when
  the hand is empty or late in the last race.
- **End square:** the end with the least ground to go (inside on ties), never a
  fall in a card round if any other end exists ("jumps only when it cannot fall").
- **Die / pace:** the die giving its horse the best end; as roller, the pace that
  moves its own horses furthest compared with the other horses, simulating the
  whole round in movement order.
- **Selection:** sets aside its lowest cards but keeps two cards a leader may play.
"""

from __future__ import annotations

import random
from functools import cache
from typing import cast

from ..core.advice import Reason, generic_reason, register_reasons
from ..core.bots import SeatWindow, near_best, register_bot
from ..core.search import Arm
from ..core.state import Action
from .data import CARD_VALUE, HANDICAP, JOKERS, SIDES, Board
from .movement import falls, forbidden_squares, reach
from .view import CardOption, DieOption, TurfMasterView

Move = tuple[int, list[int]]
"""A move's cost and its end squares (board indices)."""

READS: dict[str, tuple[str, ...]] = {
    "choose_end": ("board", "move"),
    "choose_die": ("board", "horses", "options", "die_options", "acting_horse"),
    "choose_pace": ("board", "options", "horses", "dice", "order"),
}
"""The entries of its view each kind of choice reads (``window.view_part``)."""
CARD_READS = ("board", "horses", "race", "races", "card_options", "options")
"""... and those of a card choice (play a card, take or decline the bonus, the start)."""

FALL = -1000.0
SPRINT = 20
"""Strides to go from which a card turn simply goes as far as it can."""
HIGH_KEEP = 0.6
"""Share of a 9-12 number card's value it is worth in hand (it only moves when not capped)."""
LOW_KEEP = 3.0
"""A 3-8 card or joker moves in full whenever it is played: keep the bigger ones."""
FRIENDLY_SLACK = 0.6  # squares of progress: the friendly level treats closer choices as equal


def progress(b: Board, sq: int) -> float:
    """Higher is better: minus the strides to go in its lane (inside first on ties)."""
    return _progress_table(b.side)[sq]


@cache
def _progress_table(side: str) -> list[float]:
    """:func:`progress` of every square of a side, worked out once (it depends on the
    square alone, and rollouts ask for it thousands of times a second)."""
    b = SIDES[side]
    return [_progress(b, sq) for sq in range(b.n_squares)]


def _progress(b: Board, sq: int) -> float:
    row = b.row[sq]
    if row >= b.finish:
        return 200.0 + row - 0.01 * b.lane[sq]
    hurdles = sum(1 for r in b.hurdle_rows if r > row)
    return -b.togo[sq] - 3.0 * hurdles - 0.01 * b.lane[sq]


class TurfMasterBot:
    name = "heuristic"

    def __init__(self, slack: float = 0.0) -> None:
        # 0: today's deterministic heuristic; more: the friendly level, which draws
        # evenly among choices scored within ``slack`` (squares of progress) of the best.
        self.slack = slack

    def choose(self, window: SeatWindow[TurfMasterView], seat: int, rng: random.Random) -> Action:
        legal = window.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        if kind == "set_aside":
            return self._set_aside(legal)  # from the hand alone (no view needed)
        # Only the entries each kind of choice reads: the whole view costs more than the
        # choice itself in a rollout.
        view = cast("TurfMasterView", window.view_part(*READS.get(kind, CARD_READS)))
        if kind == "choose_end":
            return self._end(view, legal, rng)
        if kind == "choose_die":
            return self._die(view, legal, rng)
        if kind == "choose_pace":
            return self._pace(view, legal, seat, rng)
        return self._card(view, legal)

    # --- geometry -------------------------------------------------------------
    @staticmethod
    def _board(view: TurfMasterView) -> Board:
        return SIDES[view["board"]["side"]]

    @staticmethod
    def _squares(view: TurfMasterView, b: Board) -> dict[int, int]:
        return {
            h["horse"]: b.index[h["square"]]
            for h in view["horses"]
            if h["status"] == "track" and h["square"] is not None
        }

    def _best(
        self, b: Board, where: dict[int, int], horse: int, value: int, card_round: bool, gn: bool
    ) -> tuple[float, int]:
        """Best (progress, end square) of ``horse`` moving ``value`` now."""
        start = where[horse]
        others = [sq for h, sq in where.items() if h != horse]
        cost, ends = reach(b, start, value, forbidden_squares(b, others), gn and card_round)
        return self._pick(b, start, cost, ends, gn and card_round)

    @staticmethod
    def _pick(b: Board, start: int, cost: int, ends: list[int], hurdles: bool) -> tuple[float, int]:
        """Best (progress, end square) among the ``ends`` of a move of ``cost``."""
        best, best_sq = FALL * 2, start
        for e in ends:
            score = progress(b, e)
            if falls(b, e, cost, hurdles):
                score = FALL
            if score > best:
                best, best_sq = score, e
        return best, best_sq

    @staticmethod
    def _moves(b: Board, options: list[CardOption] | list[DieOption]) -> dict[int, Move]:
        """The engine's word on each value's move in the view: (cost, end squares)."""
        index = b.index
        return {o["value"]: (o["cost"], [index[e] for e in o["ends"]]) for o in options}

    # --- decisions --------------------------------------------------------------
    def _end(self, view: TurfMasterView, legal: list[Action], rng: random.Random) -> Action:
        b = self._board(view)
        move = view["move"]
        fall_ends = set(move["falls"]) if move is not None else set()

        def score(a: Action) -> float:
            sq = b.index[a["square"]]
            return (FALL if a["square"] in fall_ends else 0.0) + progress(b, sq)

        return near_best(legal, score, rng, self.slack)

    def _die(self, view: TurfMasterView, legal: list[Action], rng: random.Random) -> Action:
        b = self._board(view)
        where = self._squares(view, b)
        gn = view["options"]["grand_national"]
        # the view holds where each die takes the horse to move (no hurdle falls in a dice round)
        moves = self._moves(b, view["die_options"] or [])
        acting = view["acting_horse"]

        def score(a: Action) -> float:
            move = moves.get(a["value"]) if a["horse"] == acting else None
            if move is None:
                return self._best(b, where, a["horse"], a["value"], False, gn)[0]
            return self._pick(b, where[a["horse"]], *move, False)[0]

        return near_best(legal, score, rng, self.slack)

    def _pace(
        self, view: TurfMasterView, legal: list[Action], seat: int, rng: random.Random
    ) -> Action:
        b = self._board(view)
        gn = view["options"]["grand_national"]
        start = self._squares(view, b)
        owner = {h["horse"]: h["owner"] for h in view["horses"]}
        dice = view["dice"]
        d1, d2 = dice["d1"] or 0, dice["d2"] or 0
        # which horses a pace puts over their limit (they move one die instead): the engine's
        over = {c["value"]: set(c["over_limit"]) for c in dice["pace_choices"]}

        def outcome(pace: int) -> float:
            where = dict(start)
            mine: list[float] = []
            theirs: list[float] = []
            for h in view["order"]:
                if h not in where:
                    continue
                values = sorted({d1, d2}) if h in over.get(pace, ()) else [pace]
                before = progress(b, where[h])
                score, sq = max(self._best(b, where, h, v, False, gn) for v in values)
                where[h] = sq
                gain = score - before
                (mine if owner[h] == seat else theirs).append(gain)
            others = sum(theirs) / len(theirs) if theirs else 0.0
            return float(sum(mine) - others * max(1, len(mine)))

        return near_best(legal, lambda a: outcome(a["value"]), rng, self.slack)

    def _set_aside(self, legal: list[Action]) -> Action:
        hand = [a["card"] for a in legal]
        low = [c for c in hand if c not in JOKERS and CARD_VALUE[c] <= HANDICAP[1]]

        def keep(card: str) -> float:
            v = float(CARD_VALUE[card])
            if card in JOKERS:
                v += 4
            if card in low and len(low) <= 2:
                v += 10  # keep two cards a leader may play
            return v

        card = min(hand, key=keep)
        return next(a for a in legal if a["card"] == card)

    def _card(self, view: TurfMasterView, legal: list[Action]) -> Action:
        b = self._board(view)
        horse: int = legal[0]["horse"]
        me = view["horses"][horse - 1]
        plays = [a for a in legal if a["type"] == "play_card"]
        take = next((a for a in legal if a["type"] == "take_bonus"), None)
        last_race = view["race"] >= view["races"]
        if not plays:
            return take or legal[0]
        # the engine's word on each card: its value and whether it is over the limit
        options: dict[tuple[str, int], CardOption] = {
            (o["card"], o["value"]): o for o in view["card_options"] or []
        }
        gn = view["options"]["grand_national"]
        where = self._squares(view, b)
        here = where.get(horse)
        sprint = here is None or b.togo[here] <= SPRINT
        cache: dict[int, float] = {}
        # where each value takes the horse, from the view (cards over the limit do not move)
        moves = self._moves(b, [o for o in view["card_options"] or [] if not o["too_high"]])

        def gain(value: int) -> float:
            if value not in cache:
                if here is None:
                    cache[value] = 0.0
                else:
                    score, _ = self._pick(b, here, *moves[value], gn)
                    cache[value] = score - progress(b, here)
            return cache[value]

        def value_of(a: Action) -> int:
            return int(a.get("value", CARD_VALUE[a["card"]]))

        def allowed(a: Action) -> bool:
            return not options[(a["card"], value_of(a))]["too_high"]

        number_moves = any(a["card"] not in JOKERS and allowed(a) for a in plays)

        def rank(a: Action) -> tuple[int, float, bool, int]:
            card, v = a["card"], value_of(a)
            joker = card in JOKERS
            if allowed(a) and gain(v) <= FALL / 2:
                return (-1, gain(v), not joker, -v)  # every maximal end is a fall
            if sprint:
                # the line is near: as far as possible now, with the cheapest card
                return (0, gain(v) if allowed(a) else 0.0, not joker, -v)
            if joker:
                # kept for the finish, where a capped leader has nothing else that goes far
                return (1, gain(v) - LOW_KEEP * v, False, -v)
            if not allowed(a):
                # stand still only when no number card moves, losing the card least likely to
                # move in full later: a 12 needs 4th place or worse, a 9 only 2nd
                return (0 if number_moves else 2, v, True, -v)
            keep = LOW_KEEP if v <= HANDICAP[1] else HIGH_KEEP
            return (3, gain(v) - keep * v, True, -v)

        best = max(plays, key=rank)
        useful = any(gain(value_of(a)) > 0 for a in plays if allowed(a))
        if take is not None and (
            me["hand_count"] == 0 or (last_race and (me["hand_count"] <= 3 or not useful))
        ):
            return take
        return best


register_bot("turfmaster", TurfMasterBot(), friendly=TurfMasterBot(slack=FRIENDLY_SLACK))


def _reason(window: SeatWindow[TurfMasterView], arm: Arm, arms: list[Arm]) -> Reason:
    """How a choice compares with the others (:func:`generic_reason`): the tip's name
    already says the card or pace and the horse, and its figures the chances."""
    return generic_reason("turfmaster", arm, arms)


register_reasons("turfmaster", _reason, ())
