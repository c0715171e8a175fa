"""Royal Turf's computer player: a fast heuristic, not a search.

The bot looks only at ``window.view()`` (its own seat's view) and
``window.legal_actions()``, so it never sees another player's hidden chips.

Betting (D1) values every (chip, horse) placement by its expected payout. The
chances of a horse to come 1st/2nd/3rd/last and to set the pace come from the
simulation tables of spec §7.5 (start field) and §7.3 (card), combined
multiplicatively. The odds are read at the expected number of bets on the horse
once betting is over (the bets on it now, an unknown hidden chip counting 1, the
mean of 0, 1, 1, 2, plus a share of the chips the others still hold). Lowering
the odds of the opponents on that horse counts in its favour. The friendly level
draws evenly among the placements within ``BET_SLACK`` of the best one, so two
friendly players in the same position need not bet alike.

Racing (D2) reads from the view where every eligible horse would land with the
roll (the engine's movement rule P12) and scores the resulting position with a
"tempo" model: a horse that has not moved in this cycle still has a move (5
squares on average) to come, so moving a horse by ``v`` squares gains it
``v - 5``. Finishing, place, last and pace chances of each
horse follow from a normal approximation of the remaining distance; the score
is the bot's expected payout minus the mean expected payout of its opponents.

    >>> import random
    >>> from pygames.core import SeatWindow
    >>> from pygames.royal_turf.bot import RoyalTurfBot
    >>> from pygames.royal_turf import GAME
    >>> s = GAME.new_state(["Ann", "Ben"])
    >>> for c in ({"type": "first_player", "player": 0}, *[
    ...     {"type": "draw_card", "card": c}
    ...     for c in ("EG1", "AL1", "NO1", "CA1", "RF1", "MO1", "OT1")]):
    ...     _ = s.apply(c)
    >>> RoyalTurfBot().choose(SeatWindow(s, 0), 0, random.Random(0))
    {'type': 'place_chip', 'chip': 2, 'horse': 'othello'}
"""

from __future__ import annotations

import math
import random
from typing import Any, cast

from ..core.advice import Reason, generic_reason, reason, register_reasons
from ..core.bots import SeatWindow, near_best, register_bot
from ..core.search import Arm, Line, register_lines
from ..core.state import Action
from .data import CARDS, DIE, HIDDEN_CHIPS, LAST_PENALTY, ODDS, PACE_BONUS, PACE_FIELD
from .payouts import place_pay
from .view import HorseView, RoyalTurfView

MEAN_STEP = 5.0  # every card averages 5 squares per roll (spec §1.4)
HIDDEN_CHIP = 1.0  # expected value of an unseen chip: mean of 0, 1, 1, 2
FRIENDLY_SLACK = 3.0  # money: race moves closer in value count as equal
BET_SLACK = 2.0  # money (before race 3's doubling): bets closer in value count as equal
BLOCK_VAR = 4.0  # extra variance (squares²) for blocking and the players' choices

# Spec §7.5, 4 players: % of races by start field, mean of random and greedy
# movers: (1st, 2nd, 3rd, last, pacemaker).
SLOT_ODDS: dict[int, tuple[float, float, float, float, float]] = {
    33: (6.75, 8.45, 10.35, 26.25, 3.5),
    32: (8.65, 10.25, 11.8, 21.3, 6.1),
    31: (10.7, 11.75, 13.3, 16.5, 8.85),
    30: (13.05, 14.05, 14.75, 13.2, 13.4),
    29: (16.3, 16.25, 16.2, 9.95, 15.95),
    28: (19.9, 18.75, 16.75, 7.4, 21.65),
    27: (24.65, 20.55, 16.8, 5.4, 30.45),
}

# Spec §7.3, 4 players, per card: win %, top-3 %, last % (random movers, then greedy).
_CARD_TABLE: dict[str, tuple[float, float, float, float, float, float]] = {
    "EG1": (9.8, 40.3, 10.8, 6.9, 34.0, 12.5),
    "EG2": (15.2, 42.6, 14.7, 15.3, 41.9, 14.7),
    "EG3": (17.7, 43.3, 17.7, 21.4, 49.6, 15.8),
    "AL1": (11.3, 41.5, 11.4, 8.5, 36.7, 12.8),
    "AL2": (14.7, 42.5, 14.6, 14.4, 44.1, 14.8),
    "AL3": (17.4, 44.2, 16.4, 19.9, 49.6, 15.0),
    "NO1": (11.7, 42.5, 11.1, 8.7, 37.5, 13.2),
    "NO2": (14.5, 41.5, 14.9, 13.6, 41.0, 16.1),
    "NO3": (17.1, 41.4, 19.6, 20.4, 45.6, 17.6),
    "CA1": (10.2, 40.6, 10.9, 6.6, 32.9, 12.8),
    "CA2": (16.0, 41.3, 17.4, 16.8, 42.6, 17.2),
    "CA3": (17.4, 43.2, 17.9, 18.1, 45.0, 17.0),
    "RF1": (22.7, 45.5, 22.4, 30.7, 56.4, 17.8),
    "RF2": (5.8, 40.5, 7.2, 1.9, 24.4, 11.1),
    "RF3": (12.3, 43.5, 11.7, 11.2, 42.2, 12.0),
    "MO1": (17.9, 44.6, 17.8, 20.4, 50.0, 15.3),
    "MO2": (14.5, 44.2, 13.3, 12.4, 43.3, 14.0),
    "MO3": (12.6, 45.2, 11.4, 10.3, 43.3, 12.7),
    "OT1": (13.4, 45.7, 11.7, 14.3, 50.5, 11.6),
    "OT2": (10.3, 42.7, 9.8, 8.2, 39.9, 11.2),
    "OT3": (17.4, 43.1, 17.3, 20.0, 49.6, 15.0),
}


def _card_factors(card: str) -> tuple[float, float, float, float, float]:
    """How much more often than an average card: 1st, 2nd, 3rd, last, pace."""
    wr, tr, lr, wg, tg, lg = _CARD_TABLE[card]
    win, top3, last = (wr + wg) / 2, (tr + tg) / 2, (lr + lg) / 2
    f_win = win / (100 / 7)
    f_place = (top3 - win) / (200 / 7)
    return (f_win, f_place, f_place, last / (100 / 7), math.sqrt(f_win))


CARD_FACTORS = {card: _card_factors(card) for card in CARDS}


def _card_variance(values: dict[str, int]) -> float:
    mean = sum(float(p) * values[s] for s, p in DIE)
    return sum(float(p) * (values[s] - mean) ** 2 for s, p in DIE)


CARD_VAR = {card: _card_variance(values) for card, (_, values) in CARDS.items()}


def rate(place: int, bets: float) -> float:
    """Payout per bet for ``place`` at a (possibly fractional) number of bets."""
    row = ODDS[place]
    x = min(max(bets, 1.0), 5.0)
    lo = int(x)
    if lo >= 5:
        return float(row[4])
    frac = x - lo
    return row[lo - 1] * (1 - frac) + row[lo] * frac


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z * 0.7071067811865476))


def _order_odds(remaining: dict[str, float], var: dict[str, float]) -> dict[str, list[float]]:
    """For each horse, the distribution of how many others arrive before it.

    ``remaining`` is each horse's effective distance; the pairwise chances come
    from a normal approximation and are combined as if independent.
    """
    out: dict[str, list[float]] = {}
    sqrt = math.sqrt
    for h, rh in remaining.items():
        dist, vh = [1.0], var[h]
        for g, rg in remaining.items():
            if g == h:
                continue
            q = _phi((rh - rg) / sqrt(vh + var[g]))  # g arrives first
            r = 1 - q
            # k others before h: k before and g after, or k - 1 before and g too.
            # Plain loops: a rollout runs this a few hundred times per race.
            nxt: list[float] = []
            add = nxt.append
            before = 0.0
            for p in dist:
                add(before + p * r)
                before = p * q
            add(before)
            dist = nxt
        out[h] = dist
    return out


def _first_odds(remaining: dict[str, float], var: dict[str, float]) -> dict[str, float]:
    """Each horse's chance to arrive before all others: ``_order_odds(...)[h][0]``
    without the rest of the distribution."""
    out: dict[str, float] = {}
    sqrt = math.sqrt
    for h, rh in remaining.items():
        first, vh = 1.0, var[h]
        for g, rg in remaining.items():
            if g != h:
                first *= 1 - _phi((rh - rg) / sqrt(vh + var[g]))
        out[h] = first
    return out


def _balance(order: dict[str, list[float]], rounds: int = 4) -> dict[str, list[float]]:
    """Scale rows and columns (Sinkhorn) so each horse and each position sum to 1."""
    rows = [list(r) for r in order.values()]
    columns = range(len(rows))
    for _ in range(rounds):
        sums = [sum(c) for c in zip(*rows, strict=True)]
        for r in rows:
            for j in columns:
                if (col := sums[j]) > 0:
                    r[j] /= col
        for r in rows:
            if (tot := sum(r)) > 0:
                for j in columns:
                    r[j] /= tot
    return dict(zip(order, rows, strict=True))


ORDER_CACHE = 2048
"""Race positions whose place odds are kept (a few MB at most): the rollouts of a
search or of the lens from one position meet the same positions again and again."""
_ORDERS: dict[tuple[tuple[tuple[str, float], ...], tuple[float, ...]], dict[str, list[float]]] = {}


def _place_odds(remaining: dict[str, float], var: dict[str, float]) -> dict[str, list[float]]:
    """``_balance(_order_odds(remaining, var))``, from the cache when met before
    (read-only: the same lists are handed out again)."""
    key = (tuple(remaining.items()), tuple(var.values()))
    order = _ORDERS.get(key)
    if order is None:
        if len(_ORDERS) >= ORDER_CACHE:
            _ORDERS.clear()
        order = _ORDERS[key] = _balance(_order_odds(remaining, var))
    return order


class _Info:
    """What the bot extracts from its view once per decision."""

    def __init__(self, view: RoyalTurfView, seat: int) -> None:
        self.seat = seat
        self.n = len(view["money"])  # one per seat (cheaper to ask for than the names)
        self.mult = view["multiplier"]
        self.money: list[int] = list(view["money"])
        self.pacemaker: str | None = view["pacemaker"]
        self.horses: dict[str, HorseView] = {h["id"]: h for h in view["horses"]}
        # stakes[h][s]: (expected) chip value of seat s on horse h.
        self.stakes: dict[str, dict[int, float]] = {}
        self.total: dict[str, float] = {}
        for h, chips in view["bets"].items():
            row: dict[int, float] = {}
            for b in chips:
                row[b["seat"]] = HIDDEN_CHIP if b["chip"] is None else float(b["chip"])
            self.stakes[h] = row
            self.total[h] = sum(row.values())
        # Payout per bet for 1st, 2nd and 3rd at each horse's bets (the same all decision).
        self.rates = {
            h: (rate(1, t), rate(2, t), rate(3, t)) for h, t in self.total.items() if self.stakes[h]
        }

    def mine(self, horse: str) -> float:
        return self.stakes[horse].get(self.seat, 0.0)


VIEW_KEYS = ("money", "multiplier", "pacemaker", "horses", "bets", "supply")
"""The view's entries the bot reads."""


class RoyalTurfBot:
    """Heuristic Royal Turf player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, slack: float = 0.0) -> None:
        # 0: today's deterministic heuristic; more: the friendly level, which draws
        # evenly among choices scored within ``slack`` of the best (the race evaluation's
        # money), and among chips within ``BET_SLACK`` of the best bet.
        self.slack = slack
        self.bet_slack = BET_SLACK if slack > 0 else 0.0

    def choose(self, state: SeatWindow[RoyalTurfView], seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # Only the entries the bot reads: a rollout asks at every step.
        view = cast(RoyalTurfView, state.view_part(*VIEW_KEYS))
        info = _Info(view, seat)
        if legal[0]["type"] == "place_chip":
            return self._bet(view, info, legal, rng)
        return self._move(info, legal, rng)

    # --- betting --------------------------------------------------------------
    @staticmethod
    def chances(info: _Info) -> dict[str, tuple[float, ...]]:
        """Pre-race chances (1st, 2nd, 3rd, last, pace) of each horse, from §7.5 and §7.3."""
        raw: dict[str, list[float]] = {}
        for h, horse in info.horses.items():
            slot = SLOT_ODDS.get(horse["field"] or 30, SLOT_ODDS[30])
            card = CARD_FACTORS.get(horse["card"] or "", (1.0,) * 5)
            raw[h] = [slot[k] * card[k] for k in range(5)]
        sums = [sum(r[k] for r in raw.values()) or 1.0 for k in range(5)]
        return {h: tuple(r[k] / sums[k] for k in range(5)) for h, r in raw.items()}

    def _bet(
        self,
        view: RoyalTurfView,
        info: _Info,
        legal: list[Action],
        rng: random.Random | None = None,
    ) -> Action:
        """The chip to place: the best value, or (friendly, with ``rng``) one drawn
        among those within ``bet_slack`` of it; the 0-chip by its own rule."""
        p = self.chances(info)
        m = info.mult
        # Chips the others will still place (hidden supplies count 1 per chip).
        others_left = 0.0
        for s, sup in enumerate(view["supply"]):
            if s != info.seat:
                chips = sup["chips"]
                others_left += sum(chips) if chips is not None else sup["count"]
        attract = {h: p[h][0] * 3 + p[h][1] * 2 + p[h][2] - p[h][3] for h in p}
        pos = {h: max(a, 0.0) for h, a in attract.items()}
        norm = sum(pos.values()) or 1.0
        future = {h: others_left * (0.5 / 7 + 0.5 * pos[h] / norm) for h in p}

        def pay(h: str, bets: float) -> float:
            """Expected payout per bet on h at ``bets`` bets (before the multiplier)."""
            ph = p[h]
            return (
                ph[0] * rate(1, bets)
                + ph[1] * rate(2, bets)
                + ph[2] * rate(3, bets)
                + ph[4] * PACE_BONUS
                - ph[3] * LAST_PENALTY
            )

        def value(chip: int, h: str) -> float:
            if chip == 0:
                return 0.0
            before = info.total[h] + future[h]
            after = before + chip
            own = chip * pay(h, after)
            # My chip lowers the odds of everyone else on this horse.
            others = info.total[h] - info.mine(h)
            hurt = others * (pay(h, after) - pay(h, before))
            return m * (own - hurt / max(info.n - 1, 1))

        placings = [a for a in legal if a["chip"] != 0]
        zero = [a for a in legal if a["chip"] == 0]
        scores = [value(a["chip"], a["horse"]) for a in placings]
        if zero and (not placings or max(scores) < 40.0 * m):
            # The 0-chip: a bluff on a horse that looks good to the others but is
            # poor value for me (already crowded), or simply the weakest horse.
            lone = {h: pay(h, 1.0) for h in p}
            return max(zero, key=lambda a: 0.5 * lone[a["horse"]] - value(1, a["horse"]))
        # without slack: the first of the best (as before)
        best = near_best(range(len(placings)), scores.__getitem__, rng, self.bet_slack * m)
        return placings[best]

    # --- racing ---------------------------------------------------------------
    def _move(self, info: _Info, legal: list[Action], rng: random.Random) -> Action:
        fields: dict[str, int] = {
            h: f for h, horse in info.horses.items() if (f := horse["field"]) is not None
        }
        moved = {h for h, horse in info.horses.items() if horse["moved"]}
        ranked = [(r, h) for h, horse in info.horses.items() if (r := horse["rank"]) is not None]
        finished = [h for _, h in sorted(ranked)]
        scores: list[float] = []
        for a in legal:
            h: str = a["horse"]
            landing = info.horses[h]["landing"]
            assert landing is not None  # the view says where every movable horse lands
            to = landing["to"] or 0  # 0: it crosses the line
            new_fields = dict(fields)
            new_finished = list(finished)
            new_moved = set(moved) | {h}
            pacemaker = info.pacemaker
            if to == 0:
                del new_fields[h]
                new_finished.append(h)
                new_moved.discard(h)
            else:
                new_fields[h] = to
            if pacemaker is None and (to == 0 or to <= PACE_FIELD):
                pacemaker = h
            if len(new_finished) < 3 and all(g in new_moved for g in new_fields):
                new_moved = set()
            scores.append(self.evaluate(info, new_fields, new_moved, new_finished, pacemaker))
        # without slack: the first of the best (as today)
        return legal[near_best(range(len(legal)), scores.__getitem__, rng, self.slack)]

    @staticmethod
    def _card_var(info: _Info, horse: str) -> float:
        card = info.horses[horse]["card"]
        return CARD_VAR[card] if card is not None else 7.0

    def evaluate(
        self,
        info: _Info,
        fields: dict[str, int],
        moved: set[str],
        finished: list[str],
        pacemaker: str | None,
    ) -> float:
        """My expected payout minus the opponents' mean, for a race position."""
        n_places = 3 - len(finished)
        place: dict[str, list[float]] = {h: [0.0, 0.0, 0.0, 0.0, 0.0] for h in info.horses}
        for k, h in enumerate(finished[:3]):
            place[h][k] = 1.0
        if n_places > 0 and fields:
            remaining: dict[str, float] = {}
            var: dict[str, float] = {}
            for h, f in fields.items():
                pending = 0.0 if h in moved else MEAN_STEP
                remaining[h] = f - pending
                var[h] = self._card_var(info, h) * max(f, 1) / MEAN_STEP + BLOCK_VAR
            order = _place_odds(remaining, var)
            for h in fields:
                for k in range(min(n_places, len(fields))):
                    place[h][len(finished) + k] = order[h][k]
                place[h][3] = order[h][-1]
        elif fields:
            worst = max(fields, key=lambda g: fields[g])
            place[worst][3] = 1.0
        if pacemaker is not None:
            place[pacemaker][4] = 1.0
        else:
            remaining = {}
            var = {}
            for h, f in fields.items():
                pending = 0.0 if h in moved else MEAN_STEP
                dist = f - PACE_FIELD
                remaining[h] = dist - pending
                var[h] = self._card_var(info, h) * max(dist, 1) / MEAN_STEP + BLOCK_VAR
            first = _first_odds(remaining, var)
            tot = sum(first[h] for h in fields) or 1.0
            for h in fields:
                place[h][4] = first[h] / tot
        gains = [0.0] * info.n
        for h, row in info.stakes.items():
            if not row:
                continue
            r1, r2, r3 = info.rates[h]
            pr = place[h]
            pace, last = pr[4] * PACE_BONUS, pr[3] * LAST_PENALTY
            per_bet = pr[0] * r1 + pr[1] * r2 + pr[2] * r3 + pace - last
            for s, chip in row.items():
                gains[s] += chip * per_bet
        mine = gains[info.seat]
        others = (sum(gains) - mine) / max(info.n - 1, 1)
        return info.mult * (mine - others)


_PLAIN = RoyalTurfBot()
register_bot("royal_turf", _PLAIN, friendly=RoyalTurfBot(slack=FRIENDLY_SLACK))


def rival_backed(view: RoyalTurfView, seat: int) -> set[str]:
    """The horses another seat has a chip on (who bet is public, a hidden chip's value
    is not)."""
    return {h for h in view["bets"] if _others(view, seat, h)}


def sole_rival(view: RoyalTurfView, seat: int | None) -> int | None:
    """In a two-player game, the seat's one rival; None with more players (or none)."""
    if seat is None or len(view["money"]) != 2:
        return None
    return 1 - seat


def bet_lines(window: SeatWindow[RoyalTurfView]) -> list[Line] | None:
    """With two players, the bets a sharp player weighs: only those on horses its rival
    has not backed, the rule of thumb's pick among them first. Elsewhere (and where
    every horse is backed) None: every bet, the friendly one first.

    Two friendly players copy each other chip for chip (the second finds the first's
    bet the best value too), and identical bets pay both alike, so the game ends
    level. A chip beside the rival's cannot change who is ahead; a chip elsewhere can.

        >>> import pygames
        >>> from pygames.core import SeatWindow
        >>> s = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
        >>> for c in ({"type": "first_player", "player": 0}, *[
        ...     {"type": "draw_card", "card": c}
        ...     for c in ("EG1", "AL1", "NO1", "CA1", "RF1", "MO1", "OT1")]):
        ...     _ = s.apply(c)
        >>> _ = s.apply({"type": "place_chip", "chip": 2, "horse": "othello"})
        >>> lines = bet_lines(SeatWindow(s, 1))
        >>> sorted({line[0]["horse"] for line in lines})  # all but Othello
        ['albino', 'caramello', 'earl_grey', 'mocha', 'nougat', 'red_fox']
    """
    assert window.seat is not None
    legal = window.legal_actions()
    if not legal or legal[0]["type"] != "place_chip":
        return None  # not the seat's turn, or racing
    view = cast(RoyalTurfView, window.view_part(*VIEW_KEYS))
    if sole_rival(view, window.seat) is None:
        return None
    backed = rival_backed(view, window.seat)
    free = [a for a in legal if a["horse"] not in backed]
    if not free:
        return None
    first = _PLAIN._bet(view, _Info(view, window.seat), free)
    return [(first,), *((a,) for a in free if a != first)]


register_lines("royal_turf", bet_lines)


def _names(view: RoyalTurfView, seats: list[int]) -> str:
    """Players by name, as one word for a sentence: "Ben", "Ben & Cy", "Ben, Cy & Di"."""
    names = [view["players"][s] for s in seats]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} & {names[-1]}"


def _place(view: RoyalTurfView, horse: str) -> int:
    """``horse``'s place in the running order: finishers by rank, then the horses on the
    track from the lowest field (the nearest the line) to the highest, the last horse."""
    horses = view["horses"]
    own = next(h for h in horses if h["id"] == horse)
    if own["rank"] is not None:
        return own["rank"]
    field = own["field"]
    assert field is not None
    finished = sum(1 for h in horses if h["rank"] is not None)
    nearer = sum(1 for h in horses if h["field"] is not None and h["field"] < field)
    return finished + nearer + 1


def _chip(view: RoyalTurfView, seat: int | None, horse: str) -> int:
    """The value of the seat's chip on ``horse`` (theirs to see even face down), 0 for
    none or a 0-chip: a 0-chip is no bet (V5)."""
    return next((c["chip"] or 0 for c in view["bets"][horse] if c["seat"] == seat), 0)


def _others(view: RoyalTurfView, seat: int | None, horse: str) -> list[int]:
    """The other seats with a chip on ``horse`` (who placed it is public, P7: one each)."""
    return sorted(c["seat"] for c in view["bets"][horse] if c["seat"] != seat)


def _pay_range(place: int, chip: int, hidden: int, m: int) -> tuple[int, int]:
    """What ``chip`` pays for ``place`` beside ``hidden`` face-down chips of other players
    (one each, P7): the least if every one of them is worth the most a chip can be, the
    most if all are 0-chips (V5)."""
    least = place_pay(place, chip + max(HIDDEN_CHIPS) * hidden, chip, m)
    return least, place_pay(place, chip, chip, m)


def _start_field(view: RoyalTurfView, horse: str) -> int:
    """The field ``horse`` stands on before the race (the board's numbers: 33 at the back,
    27 at the front)."""
    field = next(h["field"] for h in view["horses"] if h["id"] == horse)
    assert field is not None  # bets are placed before the race, every horse on its field
    return field


def _bet_reason(
    view: RoyalTurfView, seat: int | None, arm: Arm, chip: int, horse: str, first: bool = True
) -> Reason:
    """A chip by the horse's start field, who already backs it and what the chip would
    pay for a win with the bets it joins (with hidden bets, the range the face-down
    chips leave); a 0-chip by what it is: a bluff. ``first``: the first tip shown, which
    alone says why two-player tips leave the rival's horses out (once is enough)."""
    field = _start_field(view, horse)
    others = _others(view, seat, horse)  # P7: none of the seat's own yet
    if chip == 0:
        return reason("royal_turf", "bluff", arm, horse=horse, field=field)
    m = view["multiplier"]
    totals = view["bet_totals"]
    if not others:  # alone on it, as things stand
        money = place_pay(1, chip, chip, m)
        rival = sole_rival(view, seat)
        if first and seat is not None and rival is not None and rival_backed(view, seat):
            # two players: the tips leave out the rival's horses (see bet_lines); say why
            players = _names(view, [rival])
            return reason(
                "royal_turf",
                "bet_apart",
                arm,
                horse=horse,
                field=field,
                players=players,
                money=money,
            )
        return reason("royal_turf", "bet_open", arm, horse=horse, field=field, money=money)
    players = _names(view, others)
    if totals is None:
        least, most = _pay_range(1, chip, len(others), m)
        return reason(
            "royal_turf",
            "bet_on_hidden",
            arm,
            horse=horse,
            field=field,
            players=players,
            stake=least,  # shown as money, like ``money``
            money=most,
        )
    bets = totals[horse] + chip
    return reason(
        "royal_turf",
        "bet_on",
        arm,
        horse=horse,
        field=field,
        players=players,
        bets=bets,
        money=place_pay(1, bets, chip, m),
    )


SHORT_MOVE = MEAN_STEP
"""A move of fewer fields than a card's average roll gains its horse less than a turn's worth."""


def _move_reason(window: SeatWindow[RoyalTurfView], arm: Arm, horse: str) -> Reason:
    """A move by what it does to the horse and whose chips ride on it: it crosses the
    line in a place, takes the pace tile, is boxed in, lands on a field and place in the
    running order, or moves little and spends its move for this round (holding back a
    horse the others back). The move is played on a state the seat cannot tell from the
    real one: what a move does is public (the roll, the track, the cards)."""
    view = window.view()
    seat = window.seat
    chip, others = _chip(view, seat, horse), _others(view, seat, horse)
    m = view["multiplier"]

    def whose(kind: str, **params: Any) -> Reason:
        """``<kind>_yours`` (your chip rides on it), ``<kind>_theirs`` (only the others'
        chips do) or ``<kind>_free`` (nobody's), with your chip or the players named."""
        if chip:
            return reason("royal_turf", f"{kind}_yours", arm, horse=horse, chip=chip, **params)
        if others:
            players = _names(view, others)
            return reason(
                "royal_turf", f"{kind}_theirs", arm, horse=horse, players=players, **params
            )
        return reason("royal_turf", f"{kind}_free", arm, horse=horse, **params)

    state = window.resample(random.Random(0))
    events = state.apply(arm.action)
    done = next((e for e in events if e["type"] == "horse_finished"), None)
    if done is not None:
        place = done["rank"]
        if chip and others and view["bet_totals"] is None:  # face-down chips beside yours
            least, most = _pay_range(place, chip, len(others), m)
            return reason(
                "royal_turf",
                "finish_yours_hidden",
                arm,
                horse=horse,
                place=place,
                chip=chip,
                stake=least,  # shown as money, like ``money``
                money=most,
            )
        totals = view["bet_totals"]
        bets = totals[horse] if totals is not None else chip  # hidden: yours alone
        pays = {"money": place_pay(place, bets, chip, m)} if chip else {}
        return whose("finish", place=place, **pays)
    moved = next(e for e in events if e["type"] == "horse_moved")
    field: int = moved["to"]
    if any(e["type"] == "pacemaker" for e in events):
        bonus = {"money": view["pace_bonus"] * chip} if chip else {}
        return whose("pace", field=field, **bonus)
    if field == moved["from"]:  # boxed in: the roll moves no horse at all
        return whose("stuck", field=field)
    # Short, far from the line and no new round straight after: the horse has spent
    # its move for this round on little.
    spent = moved["from"] - field < SHORT_MOVE < field and not any(
        e["type"] == "cycle_reset" for e in events
    )
    if spent and (chip or others):
        return whose("short" if chip else "hold", field=field)
    if not chip and not others:
        # An unbacked horse that jumps a horse only the others back costs it a place.
        passed = sorted(
            (f, g["id"])
            for g in view["horses"]
            if (f := g["field"]) is not None
            and field < f < moved["from"]
            and _others(view, seat, g["id"])
            and not _chip(view, seat, g["id"])
        )
        if passed:
            rival = passed[0][1]  # the one nearest the line
            return reason(
                "royal_turf",
                "pass_free",
                arm,
                horse=horse,
                field=field,
                horses=rival,
                players=_names(view, _others(view, seat, rival)),
            )
    return whose("run", field=field, place=_place(state.view(seat), horse))


def _reason(window: SeatWindow[RoyalTurfView], arm: Arm, arms: list[Arm]) -> Reason:
    """Why a choice, in the game's facts from the seat's own view: a chip by the horse's
    start place, who already backs it and what it would pay; a move by what it does to
    the horse and whose bets ride on it."""
    action = arm.action
    if action["type"] == "place_chip":
        first = not arms or arm is arms[0]
        return _bet_reason(window.view(), window.seat, arm, action["chip"], action["horse"], first)
    if action["type"] == "move_horse":
        return _move_reason(window, arm, action["horse"])
    return generic_reason("royal_turf", arm, arms)


register_reasons(
    "royal_turf",
    _reason,
    (
        "bluff",
        "bet_open",
        "bet_apart",
        "bet_on",
        "bet_on_hidden",
        "finish_yours",
        "finish_yours_hidden",
        "finish_theirs",
        "finish_free",
        "pace_yours",
        "pace_theirs",
        "pace_free",
        "stuck_yours",
        "stuck_theirs",
        "stuck_free",
        "short_yours",
        "hold_theirs",
        "run_yours",
        "run_theirs",
        "run_free",
        "pass_free",
    ),
)
