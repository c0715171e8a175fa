"""TurfMaster's computer player: a fast heuristic, not a search.

The bot reads only ``window.view()`` (its own seat's view: its own hands, every
horse's square) and ``window.legal_actions()``; the board geometry is the
public static data of :mod:`pygames.turfmaster.data`. Squares are valued by the
strides still needed to cross the line in their own lane, so inside lanes (which
are shorter in the bends) are preferred and paths are simulated with the shared
movement rule (:func:`pygames.turfmaster.movement.reach`).

- **Card turn:** every card is scored as the ground it gains now minus a share of
  what it is worth later. A number card above the horse's limit gains nothing, so
  a capped horse plays a low card (or, failing that, loses its cheapest high
  card), while high number cards are spent when the handicap does not cap the
  horse. Jokers are worth more later (they ignore any limit), so they are kept
  unless they clearly help. A card whose every maximal end is a fall is never
  chosen while another card exists. The bonus pair is taken when the hand is
  empty or late in the last race.
- **End square:** the end with the least ground to go (inside on ties), never a
  fall in a card round if any other end exists ("jumps only when it cannot fall").
- **Die / pace:** the die giving its horse the best end; as roller, the pace that
  moves its own horses furthest compared with the other horses, simulating the
  whole round in movement order.
- **Selection:** sets aside its lowest cards but keeps two cards a leader may play.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.bots import SeatWindow, register_bot
from ..core.state import Action
from .data import CARD_VALUE, HANDICAP, JOKERS, SIDES, Board
from .movement import forbidden_squares, reach

JOKER_MARGIN = 5.0  # a capped horse spends a joker only if it gains this much more
FALL = -1000.0


def progress(b: Board, sq: int) -> float:
    """Higher is better: minus the strides to go in its lane (inside first on ties)."""
    row = b.row[sq]
    if row >= b.finish:
        return 200.0 + row - 0.01 * b.lane[sq]
    hurdles = sum(1 for r in b.hurdle_rows if r > row)
    return -b.togo[sq] - 3.0 * hurdles - 0.01 * b.lane[sq]


class TurfMasterBot:
    name = "heuristic"

    def choose(self, window: SeatWindow, seat: int, rng: random.Random) -> Action:
        legal = window.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = window.view()
        kind = legal[0]["type"]
        if kind == "choose_end":
            return self._end(view, legal)
        if kind == "choose_die":
            return self._die(view, legal)
        if kind == "choose_pace":
            return self._pace(view, legal, seat)
        if kind == "set_aside":
            return self._set_aside(legal)
        return self._card(view, legal)

    # --- geometry -------------------------------------------------------------
    @staticmethod
    def _board(view: Any) -> Board:
        return SIDES[view["board"]["side"]]

    @staticmethod
    def _squares(view: Any, b: Board) -> dict[int, int]:
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
        best, best_sq = FALL * 2, start
        for e in ends:
            score = progress(b, e)
            if gn and card_round and cost > 0 and b.hurdle[e]:
                score = FALL
            if score > best:
                best, best_sq = score, e
        return best, best_sq

    # --- decisions --------------------------------------------------------------
    def _end(self, view: Any, legal: list[Action]) -> Action:
        b = self._board(view)
        move = view["move"] or {}
        falls = set(move.get("falls") or [])

        def score(a: Action) -> float:
            sq = b.index[a["square"]]
            return (FALL if a["square"] in falls else 0.0) + progress(b, sq)

        return max(legal, key=score)

    def _die(self, view: Any, legal: list[Action]) -> Action:
        b = self._board(view)
        where = self._squares(view, b)
        gn = bool(view["options"].get("grand_national"))
        return max(legal, key=lambda a: self._best(b, where, a["horse"], a["value"], False, gn)[0])

    def _pace(self, view: Any, legal: list[Action], seat: int) -> Action:
        b = self._board(view)
        gn = bool(view["options"].get("grand_national"))
        start = self._squares(view, b)
        owner = {h["horse"]: h["owner"] for h in view["horses"]}
        limits = {h["horse"]: h["limit"] for h in view["horses"]}
        d1, d2 = view["dice"]["d1"], view["dice"]["d2"]

        def outcome(pace: int) -> float:
            where = dict(start)
            mine: list[float] = []
            theirs: list[float] = []
            for h in view["order"]:
                if h not in where:
                    continue
                limit = limits[h]
                values = [pace] if limit is None or pace <= limit else sorted({d1, d2})
                before = progress(b, where[h])
                score, sq = max(self._best(b, where, h, v, False, gn) for v in values)
                where[h] = sq
                gain = score - before
                (mine if owner[h] == seat else theirs).append(gain)
            others = sum(theirs) / len(theirs) if theirs else 0.0
            return float(sum(mine) - others * max(1, len(mine)))

        return max(legal, key=lambda a: outcome(a["value"]))

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

    def _card(self, view: Any, legal: list[Action]) -> Action:
        b = self._board(view)
        horse = legal[0]["horse"]
        me = view["horses"][horse - 1]
        plays = [a for a in legal if a["type"] == "play_card"]
        take = next((a for a in legal if a["type"] == "take_bonus"), None)
        last_race = view["race"] >= view["races"]
        if not plays:
            return take or legal[0]
        limit = me["limit"]
        gn = bool(view["options"].get("grand_national"))
        where = self._squares(view, b)
        cache: dict[int, float] = {}

        def gain(value: int) -> float:
            if value not in cache:
                if horse not in where:
                    cache[value] = 0.0
                else:
                    score, _ = self._best(b, where, horse, value, True, gn)
                    cache[value] = score - progress(b, where[horse])
            return cache[value]

        def value_of(a: Action) -> int:
            return int(a.get("value", CARD_VALUE[a["card"]]))

        numbers = [a for a in plays if a["card"] not in JOKERS]
        jokers = [a for a in plays if a["card"] in JOKERS]
        allowed = [a for a in numbers if limit is None or value_of(a) <= limit]
        # the farthest move, and the cheapest card that makes it (saves high cards)
        pool = allowed or jokers
        if pool:
            best = max(pool, key=lambda a: (gain(value_of(a)), -value_of(a)))
            if allowed and jokers and limit is not None:
                joker = max(jokers, key=lambda a: (gain(value_of(a)), -value_of(a)))
                if gain(value_of(joker)) >= gain(value_of(best)) + JOKER_MARGIN:
                    best = joker
            useful = gain(value_of(best)) > 0
        else:
            best = min(numbers, key=value_of)  # every card is too high: lose the cheapest
            useful = False
        if take is not None and (
            me["hand_count"] == 0 or (last_race and (me["hand_count"] <= 3 or not useful))
        ):
            return take
        return best


register_bot("turfmaster", TurfMasterBot())
