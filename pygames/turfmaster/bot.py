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
from collections.abc import Sequence
from functools import cache
from itertools import count
from typing import cast

from ..core.advice import Reason, generic_reason, reason, register_reasons
from ..core.bots import SeatWindow, near_best, register_bot
from ..core.search import Arm
from ..core.state import Action
from .data import BONUS_SIZE, CARD_VALUE, CARDS, HANDICAP, JOKERS, SIDES, Board
from .movement import falls, forbidden_squares, moves, reach, strides
from .state import field_position
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
TOP_CARD = max(CARD_VALUE.values())
"""The highest value a card moves: the room ahead of an end square is measured with it."""
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
        cost, ends, _ = moves(b, start, value, others, gn and card_round)
        return self._pick(b, start, cost, ends, gn and card_round)

    @staticmethod
    def _pick(
        b: Board, start: int, cost: int, ends: Sequence[int], hurdles: bool
    ) -> tuple[float, int]:
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
    """Why a choice, in the facts a rider at the table would cite: where a card or die
    takes the horse (squares, lane, its place in the field before and after, the line, a
    hurdle, the limit), whom a pace holds back, what the bonus pair can hold, how far an
    end square leaves from the line, what a card set aside leaves in hand. All from the
    seat's view and the engine's moves in it; where no fact applies, how the choice
    compares with the others (:func:`generic_reason`)."""
    action = arm.action
    kind = action["type"]
    view = window.view()
    why: Reason | None = None
    if kind == "play_card":
        why = _card_reason(view, arm)
    elif kind == "choose_die":
        why = _die_reason(view, arm)
    elif kind in ("take_bonus", "decline_bonus"):
        why = _bonus_reason(view, arm)
    elif kind == "choose_pace":
        why = _pace_reason(view, window.seat, arm)
    elif kind == "choose_end":
        why = _end_reason(view, arm)
    elif kind == "set_aside":
        why = _aside_reason(view, arm)
    return why or generic_reason("turfmaster", arm, arms)


def _place(view: TurfMasterView, horse: int, row: int) -> int:
    """The position ``horse`` would hold on ``row`` with the others where they stand (P3)."""
    rows = [
        h["row"]
        for h in view["horses"]
        if h["horse"] != horse and h["status"] == "track" and h["row"] is not None
    ]
    return field_position(row, rows, len(view["finish_order"]))


def _move_reason(
    view: TurfMasterView, arm: Arm, horse: int, value: int, cost: int, ends: list[str], card: bool
) -> Reason | None:
    """Where a move of ``value`` (the engine's ``cost`` and ``ends`` in the view) takes
    ``horse``: a fall, boxed in, over the line, points lost, or the lane of its best end
    (the one the computer would take: least ground to go, inside on a tie) and its place
    in the field before and after."""
    b = SIDES[view["board"]["side"]]
    me = view["horses"][horse - 1]
    if me["square"] is None or me["row"] is None:
        return None
    hurdles = card and view["options"]["grand_national"] and view["round_kind"] == "card"
    safe = [b.index[e] for e in ends if not falls(b, b.index[e], cost, hurdles)]
    if not safe:
        return reason("turfmaster", "move_fall", arm, horse=horse)
    if cost == 0:
        return reason("turfmaster", "move_blocked", arm, horse=horse, value=value)
    end = max(safe, key=lambda e: progress(b, e))
    squares = strides(b, b.index[me["square"]], end, cost)
    if b.row[end] >= b.finish:
        return reason("turfmaster", "move_finish", arm, horse=horse, squares=squares)
    if cost < value:
        return reason("turfmaster", "move_short", arm, horse=horse, points=cost, value=value)
    lane = b.lane[end]
    before = _place(view, horse, me["row"])
    after = _place(view, horse, b.row[end])
    limit = me["limit"]
    if card and limit is not None and value > limit:
        # only a joker moves above the limit: the fact that makes it worth playing now
        return reason(
            "turfmaster", "move_joker", arm, horse=horse, limit=limit, squares=squares, place=after
        )
    if after < before:
        return reason(
            "turfmaster",
            "move_up",
            arm,
            horse=horse,
            squares=squares,
            lane=lane,
            before=before,
            after=after,
        )
    return reason(
        "turfmaster", "move_holds", arm, horse=horse, squares=squares, lane=lane, place=after
    )


def _card_reason(view: TurfMasterView, arm: Arm) -> Reason | None:
    action = arm.action
    horse, card = action["horse"], action["card"]
    value = int(action.get("value", CARD_VALUE[card]))
    option = next(
        (o for o in view["card_options"] or [] if o["card"] == card and o["value"] == value),
        None,
    )
    if option is None:
        return None
    if option["too_high"]:
        limit = view["horses"][horse - 1]["limit"]
        # the cost of spending it: the first position whose limit lets it count (P3)
        needs = next(p for p in count(1) if HANDICAP.get(p, TOP_CARD) >= value)
        return reason(
            "turfmaster", "card_too_high", arm, horse=horse, card=card, limit=limit, needs=needs
        )
    return _move_reason(view, arm, horse, value, option["cost"], option["ends"], True)


def _die_reason(view: TurfMasterView, arm: Arm) -> Reason | None:
    horse, value = arm.action["horse"], arm.action["value"]
    option = next((o for o in view["die_options"] or [] if o["value"] == value), None)
    if option is None:
        return None
    return _move_reason(view, arm, horse, value, option["cost"], option["ends"], False)


def _unseen(view: TurfMasterView, horse: int) -> list[str]:
    """The cards of ``horse``'s deck its owner has not seen: the pile and the bonus pair."""
    me = view["horses"][horse - 1]
    seen = set(me["hand"] or []) | set(me["discard"]) | set(me["set_aside"] or [])
    if me["chosen_card"] is not None:  # V2: chosen face down, not yet on the discard pile
        seen.add(me["chosen_card"])
    return [c for c in CARDS if c not in seen]


def _bonus_reason(view: TurfMasterView, arm: Arm) -> Reason:
    horse = arm.action["horse"]
    me = view["horses"][horse - 1]
    last = view["race"] >= view["races"]
    if arm.action["type"] == "decline_bonus":
        return reason("turfmaster", "decline_last" if last else "decline_keep", arm, horse=horse)
    if not me["hand"]:
        return reason("turfmaster", "bonus_empty", arm, horse=horse)
    unseen = _unseen(view, horse)
    if len(unseen) == BONUS_SIZE:
        # every other card of the deck has been dealt: the pair is what is left
        low, high = sorted(CARD_VALUE[c] for c in unseen)
        return reason("turfmaster", "bonus_known", arm, horse=horse, low=low, high=high)
    high = sum(1 for c in unseen if CARD_VALUE[c] > HANDICAP[1])
    return reason("turfmaster", "bonus_unseen", arm, horse=horse, n=len(unseen), high=high)


def _pace_reason(view: TurfMasterView, seat: int | None, arm: Arm) -> Reason | None:
    value = arm.action["value"]
    dice = view["dice"]
    choice = next((c for c in dice["pace_choices"] if c["value"] == value), None)
    if choice is None or dice["d1"] is None or dice["d2"] is None:
        return None
    die = max(dice["d1"], dice["d2"])
    owner = {h["horse"]: h["owner"] for h in view["horses"]}
    position = {h["horse"]: h["position"] or 0 for h in view["horses"]}
    held = sorted(choice["over_limit"], key=lambda h: (position[h], h))
    mine = [h for h in held if owner[h] == seat]
    theirs = [h for h in held if owner[h] != seat]
    if mine:
        return reason("turfmaster", "pace_held", arm, horse=mine[0], value=value, die=die)
    if len(theirs) > 1:
        return reason(
            "turfmaster",
            "pace_brakes_more",
            arm,
            horse=theirs[0],
            n=len(theirs),
            die=die,
            value=value,
        )
    if theirs:
        return reason("turfmaster", "pace_brakes", arm, horse=theirs[0], die=die, value=value)
    # nobody is held back: every horse may move the same, so what the pace changes is
    # how much track is left for the card rounds, where the handicap holds the front back
    free = [c["value"] for c in dice["pace_choices"] if not c["over_limit"]]
    ours = [
        h
        for h in view["horses"]
        if h["owner"] == seat and h["status"] == "track" and h["position"] is not None
    ]
    if ours and value in (min(free), max(free)) and len(free) > 1:
        best = min(ours, key=lambda h: (h["position"] or 0, h["horse"]))
        place, limit = best["position"], best["limit"]
        fast = value == max(free)
        if limit is not None:  # in the front three: the less track left, the better
            rid = "pace_ahead" if fast else "pace_ahead_slow"
            return reason(
                "turfmaster", rid, arm, horse=best["horse"], place=place, limit=limit, value=value
            )
        rid = "pace_behind_fast" if fast else "pace_behind"
        return reason("turfmaster", rid, arm, horse=best["horse"], place=place, value=value)
    return reason("turfmaster", "pace_all", arm, value=value)


def _end_reason(view: TurfMasterView, arm: Arm) -> Reason | None:
    move = view["move"]
    if move is None:
        return None
    b = SIDES[view["board"]["side"]]
    horse, square = arm.action["horse"], arm.action["square"]
    lane, row = b.lane[b.index[square]], b.row[b.index[square]]
    if square in move["falls"]:
        return reason("turfmaster", "end_fall", arm, horse=horse)
    if row >= b.finish:
        return reason("turfmaster", "end_finish", arm, lane=lane, rows=row - b.finish + 1)
    safe = [e for e in move["ends"] if e not in move["falls"]]
    togo = b.togo[b.index[square]]
    fewest = min(b.togo[b.index[e]] for e in safe)
    if togo == fewest:
        return reason("turfmaster", "end_shortest", arm, lane=lane, togo=togo)
    shortest = min(safe, key=lambda e: (b.togo[b.index[e]], b.lane[b.index[e]]))
    room, boxed = _room(view, b, horse, square), _room(view, b, horse, shortest)
    if room > boxed:
        # the longer way pays where the shorter one runs into the field
        return reason(
            "turfmaster", "end_room", arm, lane=lane, more=togo - fewest, room=room, boxed=boxed
        )
    place = _place(view, horse, row)
    ahead = _place(view, horse, b.row[b.index[shortest]])
    if _looser(place, ahead):
        # a row less keeps the horse further back, where the handicap allows more
        return reason(
            "turfmaster",
            "end_back",
            arm,
            horse=horse,
            lane=lane,
            more=togo - fewest,
            place=place,
            other=ahead,
        )
    return reason("turfmaster", "end_longer", arm, lane=lane, togo=togo, more=togo - fewest)


def _looser(place: int, other: int) -> bool:
    """Whether the handicap (P3) allows a horse in ``place`` more than one in ``other``."""
    return HANDICAP.get(place, TOP_CARD) > HANDICAP.get(other, TOP_CARD)


def _room(view: TurfMasterView, b: Board, horse: int, square: str) -> int:
    """How much of the highest card ``horse`` could use from ``square`` on its next move,
    the other horses standing where they are (the engine's :func:`reach`)."""
    others = [
        b.index[h["square"]]
        for h in view["horses"]
        if h["horse"] != horse and h["status"] == "track" and h["square"] is not None
    ]
    # rounds alternate: after a dice round the next move is a card (hurdles can fall)
    hurdles = view["options"]["grand_national"] and view["round_kind"] == "dice"
    cost, _ = reach(b, b.index[square], TOP_CARD, forbidden_squares(b, others), hurdles)
    return cost


def _aside_reason(view: TurfMasterView, arm: Arm) -> Reason | None:
    horse, card = arm.action["horse"], arm.action["card"]
    hand = view["horses"][horse - 1]["hand"] or []
    if card not in hand:
        return None
    rest = list(hand)
    rest.remove(card)
    lower = sum(1 for c in rest if CARD_VALUE[c] < CARD_VALUE[card])
    # a leader's card: a number card within the leader's limit, or a joker
    lead = sum(1 for c in rest if c in JOKERS or CARD_VALUE[c] <= HANDICAP[1])
    if lower == 0:
        return reason("turfmaster", "aside_lowest", arm, horse=horse, lead=lead)
    return reason("turfmaster", "aside_card", arm, horse=horse, lower=lower, lead=lead)


register_reasons(
    "turfmaster",
    _reason,
    (
        "move_fall",
        "move_blocked",
        "move_finish",
        "move_short",
        "move_joker",
        "move_up",
        "move_holds",
        "card_too_high",
        "bonus_empty",
        "bonus_known",
        "bonus_unseen",
        "decline_keep",
        "decline_last",
        "pace_held",
        "pace_brakes",
        "pace_brakes_more",
        "pace_ahead",
        "pace_ahead_slow",
        "pace_behind",
        "pace_behind_fast",
        "pace_all",
        "end_fall",
        "end_finish",
        "end_shortest",
        "end_room",
        "end_back",
        "end_longer",
        "aside_lowest",
        "aside_card",
    ),
)
