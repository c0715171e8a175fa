"""Finish Line's computer player: a fast heuristic, not a search.

The bot looks only at ``window.view()`` (its own seat's view) and
``window.legal_actions()``, so it never sees another player's slip.

Chances. Every horse gets a strength: its place in the row (each position counts
more as the pool empties and the race nears its end), plus a bonus for a
favourite (F wins about twice as often as a plain horse, spec §7) or a sprinter
(about 1.2×), for a white die waiting for its partner, and a malus for a whip. A
softmax of the strengths gives the win chances; second places follow by the
usual "remove the winner and renormalise" rule. Before the race, with the row
in start order, this reproduces the slot table of §7 (4 players, mixed play:
about 7 % for s1 up to 22 % for s7).

Betting (D-BET). Every horse is valued by expected return, win chance × odds.
The bot stakes all its money: half on the best win bet, a fifth on the second
best, and the rest on the best place pair that contains its main horse. The
slip is entered in R42 steps (largest amount first) and then confirmed. In the
last race a seat ahead of every rival guards its lead: it stakes no more than the
most money a rival can stake (a rival who backs the same horses then cannot gain
more than it, whatever the result, and what it keeps back stays a lead), and only
half its money when no rival's settled slips were worth even 0.8 of their stakes
(the rivals bet poorly, so the lead is likelier kept than grown).

Race (D-USE, D-EXTRA). Each legal use is played on a copy of the row and the
result is scored as the bot's expected payout (win and place lines and outsider
bonuses) minus a share of what the horses it has not backed would pay. Side
bets count +500, holding an extra-turn die a share of one more horseshoe.
Drafting prefers the colours that move horses most (yellow in the home stretch,
black, white) and always keeps two colours in the first take.

    >>> import random
    >>> from pygames.core import SeatWindow
    >>> from pygames.finish_line import GAME
    >>> from pygames.finish_line.bot import FinishLineBot
    >>> s = GAME.new_state(["Ann", "Ben"])
    >>> for a in [{"type": "start_player", "seat": 0}] + [
    ...     {"type": "draw_tile", "tile": t} for t in (8, 22, 3, 5, 18, 11, 20)]:
    ...     _ = s.apply(a)
    >>> FinishLineBot().choose(SeatWindow(s, 0), 0, random.Random(0))["type"]
    'bet_win'
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Collection
from typing import cast

from ..core.advice import Reason, generic_reason, reason, register_reasons
from ..core.bots import Bot, RandomBot, SeatWindow, near_best, register_bot
from ..core.search import Arm, Line, distinct_lines, register_lines, register_players
from ..core.state import Action
from .board import EXTRA_DIE, Track
from .data import FACES, OUTSIDER, SIDE_BET, TYPE
from .state import SlipRecord, outsider_bonuses, place_line_pays, win_line_pays
from .view import FinishLineView, RaceResult, StartSlot

TYPE_BONUS = {"F": 0.65, "S": 0.18, "": 0.0}
HORSE_BONUS = {h: TYPE_BONUS[kind] for h, kind in TYPE.items()}
WHITE_BONUS = 0.35  # a waiting white die is half a step
WHIP_MALUS = 0.25  # one more whip disqualifies
DRAFT_VALUE = {"yellow": 1.3, "black": 1.2, "white": 1.0, "red": 0.8, "green": 0.7}
OPPONENT_SHARE = 0.35
POOR_RETURN = 0.8
"""A rival whose settled slips were worth less than this per unit staked bets poorly. As
the chance model values them, friendly players' slips are worth 0.97, 1.19 and 1.48 in
races 1, 2 and 3 (below 0.8: 16 %, 4 % and none of them), random players' 0.50, 0.64 and
0.77 (above 1.04: 1 %, 4 % and 11 %; 300 games of 2-4 players each)."""
GUARD_SHARE = 0.5
"""The share of its money a leader stakes in the last race against poor bettors. In
600 games each (±0.01), Friendly with this guard won 0.94 against random players
(0.88 without) and 0.94x its equal share against friendly ones (unchanged); with the
cap of :func:`lead_stake_cap` as well, 0.95 of 600 against random players."""
FRIENDLY_SLACK = 0.02  # of the stake: race choices closer in expected money count as equal
BET_SLACK = 0.05  # return per unit staked: horses and pairs closer to the best count as equal


def _amount_step(diff: int) -> int:
    """The largest R42 amount (d × 10^k, k ≥ 2) not above ``diff`` (0 if none)."""
    if diff < 100:
        return 0
    unit: int = 10 ** (len(str(diff)) - 1)
    return (diff // unit) * unit


class _Board:
    """The bot's copy of the row with the chance model."""

    def __init__(self, view: FinishLineView) -> None:
        self.row = [r["horse"] for r in view["row"]]
        self.dice: list[list[list[str]]] = [
            [[d["colour"], d["face"]] for d in r["dice"]] for r in view["row"]
        ]
        self.odds = {r["horse"]: r["odds"] for r in view["row"]}
        self.nn = view["nn"]
        self.nn_used = view["nn_used"]
        total = max(1, sum(view["pool"].values()) + sum(view["removed"].values()))
        progress = 1.0 - view["pool_size"] / (total + 3)
        if not view["race_running"] or view["phase"] == "take_first":
            progress = 0.0
        if view["phase"] == "extra":
            progress = 1.0
        self._set_progress(progress)

    def _set_progress(self, progress: float) -> None:
        self.k = 0.18 + 2.2 * progress**2
        self.dice_weight = 0.4 + 0.6 * progress

    @classmethod
    def at_start(cls, lineup: list[StartSlot]) -> _Board:
        """The model as the betting saw a settled race: the start order, no dice yet."""
        board = cls.__new__(cls)
        ordered = sorted(lineup, key=lambda s: s["slot"])
        board.row = [s["horse"] for s in ordered]
        board.dice = [[] for _ in ordered]
        board.odds = {s["horse"]: s["odds"] for s in ordered}
        board.nn = board.nn_used = False
        board._set_progress(0.0)
        return board

    def track(self) -> Track:
        return Track(
            list(self.row), [[list(d) for d in on] for on in self.dice], self.nn, self.nn_used, {}
        )

    def chances(
        self, t: Track, need: Collection[int] | None = None
    ) -> tuple[dict[int, float], dict[int, float]]:
        """Win and second-place chances per horse on ``t``; second places only of the
        horses in ``need`` if given (they cost a pass over the row each)."""
        # Asked for every option of every decision in a rollout: kept lean (locals,
        # a bonus per tile, empty tiles skipped), the arithmetic as written in order.
        row = t.row
        m = len(row)
        level = m - 2 if t.nn else -1  # the level pair's lower horse counts as the leader
        k, white = self.k, WHITE_BONUS * self.dice_weight
        bonus = HORSE_BONUS
        strength: list[float] = []
        for i, (h, on) in enumerate(zip(row, t.dice, strict=True)):
            s = k * (m - 1 if i == level else i) + bonus[h]
            if on:
                for colour, _ in on:
                    if colour == "white" or colour == "black":
                        s += white
                    elif colour == "red":
                        s -= WHIP_MALUS
            strength.append(s)
        top = max(strength)
        exp = math.exp
        w = [exp(s - top) for s in strength]
        z = sum(w)
        win = [x / z for x in w]
        # P(b second) = sum over winners a != b of P(a) * P(b) / (1 - P(a)), a in row order
        second: dict[int, float] = {}
        if need is None or need:
            given = [(a, pa, 1.0 - pa) for a, pa in enumerate(win)]
            for b, h in enumerate(row):
                if need is not None and h not in need:
                    continue
                pb, total = win[b], 0.0
                for a, pa, rest in given:
                    if a != b and rest > 1e-12:
                        total += pa * pb / rest
                second[h] = total
        return dict(zip(row, win, strict=True)), second


def start_chances(lineup: list[StartSlot]) -> tuple[dict[int, float], dict[int, float]]:
    """Win and second-place chances per horse as the betting saw a settled race (read,
    never change them). Kept per lineup: a leader's last-race betting and each search
    value the same settled slips again and again."""
    return _start_chances(tuple(sorted((s["slot"], s["horse"], s["odds"]) for s in lineup)))


@functools.lru_cache(maxsize=4096)
def _start_chances(
    slots: tuple[tuple[int, int, int], ...],
) -> tuple[dict[int, float], dict[int, float]]:
    board = _Board.at_start([StartSlot(slot=s, horse=h, odds=o) for s, h, o in slots])
    return board.chances(board.track())


def expected_return(results: list[RaceResult], seat: int) -> float | None:
    """What ``seat``'s settled slips were worth per unit staked, each valued by the chance
    model on its race's lineup before the start; None if the seat never bet."""
    worth = staked = 0.0
    for result in results:
        slip = result["slips"][seat]
        if not slip["stake"]:
            continue
        win, second = start_chances(result["lineup"])
        worth += sum(w["amount"] * w["odds"] * win[w["horse"]] for w in slip["win"])
        for p in slip["place"]:
            a, b = p["horses"]
            worth += p["amount"] * p["odds"] * (win[a] * second[b] + win[b] * second[a])
        staked += slip["stake"]
    return worth / staked if staked else None


def _totals(view: FinishLineView) -> list[int]:
    """Each seat's money and side bets, as the view shows them."""
    return [(m or 0) + side for m, side in zip(view["money"], view["ledger"], strict=True)]


def leads(seat: int, totals: list[int]) -> bool:
    """Whether ``seat``'s total is above every rival's."""
    return all(t < totals[seat] for s, t in enumerate(totals) if s != seat)


def guards_lead(view: FinishLineView, seat: int) -> bool:
    """Whether ``seat`` holds money back on its slip: it is the last race and the seat
    leads rivals who bet poorly (:func:`leads_poor_bettors`)."""
    if view["race"] != view["races"]:
        return False
    return leads_poor_bettors(seat, _totals(view), view["results"])


def lead_stake_cap(view: FinishLineView, seat: int) -> int | None:
    """The most ``seat`` stakes in the last race when it is ahead of every rival (money
    and side bets): the most money a rival can stake. A rival who backs the same horses
    (as friendly players do) then gains no more than the leader whatever the result,
    and what the leader keeps back is a lead that only a better bet than its own can
    take. None before the last race or when a rival is level or ahead."""
    if view["race"] != view["races"]:
        return None
    return stake_cap(seat, [m or 0 for m in view["money"]], _totals(view))


def stake_cap(seat: int, money: list[int], totals: list[int]) -> int | None:
    """:func:`lead_stake_cap` from each seat's money before the last race's betting and
    its total with side bets."""
    if not leads(seat, totals):
        return None
    return max(richest_rival(seat, money), 0)


def richest_rival(seat: int, money: list[int]) -> int:
    """The most money another seat has."""
    return max(m for s, m in enumerate(money) if s != seat)


def leads_poor_bettors(seat: int, totals: list[int], results: list[RaceResult]) -> bool:
    """Whether ``seat``'s total (money and side bets) is above every rival's and no
    rival's settled slips were worth :data:`POOR_RETURN` of their stakes."""
    if not leads(seat, totals):
        return False
    returns = (expected_return(results, s) for s in range(len(totals)) if s != seat)
    return all(r is None or r < POOR_RETURN for r in returns)


_BOARD_KEYS = ("phase", "row", "nn", "nn_used", "pool", "removed", "pool_size", "race_running")
"""The view's entries :class:`_Board` reads."""

VIEW_KEYS: dict[str, tuple[str, ...]] = {
    "betting": (*_BOARD_KEYS, "slip", "money", "ledger", "race", "races", "results"),
    "use": (*_BOARD_KEYS, "slip"),
    "extra": (*_BOARD_KEYS, "slip"),
}
"""The view's entries the bot reads in each phase where it decides from the view (the
draft is decided from the colours offered alone)."""


class FinishLineBot:
    """Heuristic computer player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, slack: float = 0.0, stake_share: float = 1.0) -> None:
        # 0: today's deterministic heuristic; more: the friendly level, which draws
        # evenly among choices scored within ``slack`` of the best (a share of the slip's stake).
        self.slack = slack
        # friendly: the slip's horses and pair drawn among near-equal ones (BET_SLACK)
        self.bet_slack = BET_SLACK if slack > 0 else 0.0
        # the share of its money the slip stakes (the advice weighs smaller ones)
        self.stake_share = stake_share

    def choose(self, state: SeatWindow[FinishLineView], seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        # the draft is decided from the colours offered alone (no view needed): only the
        # take_first and take phases list these actions
        kind = legal[0]["type"]
        if kind == "take_first":
            return max(
                legal, key=lambda a: (sum(DRAFT_VALUE[c] for c in a["colours"]), -legal.index(a))
            )
        if kind == "take":
            return max(legal, key=lambda a: DRAFT_VALUE[a["colour"]])
        phase = state.view_part("phase")["phase"]
        keys = VIEW_KEYS.get(phase)
        if keys is None:
            return legal[0]
        # only the entries this decision reads: a rollout asks at every step
        view = cast(FinishLineView, state.view_part(*keys))
        if phase == "betting":
            return self._bet(view, seat, legal, rng)
        return self._race(view, seat, legal, rng)

    # --- betting --------------------------------------------------------------
    def target_slip(
        self, view: FinishLineView, seat: int, rng: random.Random | None = None
    ) -> list[tuple[str, int | list[int], int]]:
        """The slip the bot wants: [(kind, horse or pair, amount)].

        With ``rng`` a friendly bot draws its main horse, its second horse and its
        pair's partner each among those within ``bet_slack`` of the best. A slip is
        written one amount at a time, so a line already opened stays its choice (read
        back from the slip: main, then second, win lines in the order opened).
        """
        money = view["money"][seat] or 0
        board = _Board(view)
        win, second = board.chances(board.track())
        odds = board.odds
        ev = {h: win[h] * odds[h] for h in board.row}
        order = sorted(board.row, key=lambda h: (-ev[h], h))
        drawn = rng is not None and self.bet_slack > 0
        slip = view["slip"] if drawn else None
        opened = [w["horse"] for w in slip["win"]] if slip else []
        pairs = [p["horses"] for p in slip["place"]] if slip else []

        def pick(options: list[int], value: Callable[[int], float]) -> int:
            return near_best(options, value, rng if drawn else None, self.bet_slack)

        main = opened[0] if opened else pick(order, ev.__getitem__)
        rest = [h for h in order if h != main]
        other = opened[1] if len(opened) > 1 else pick(rest, ev.__getitem__)

        def pair_value(b: int) -> float:
            p = win[main] * second[b] + win[b] * second[main]
            return float(p * (odds[main] + odds[b]))

        if pairs and main in pairs[0]:
            partner = next(h for h in pairs[0] if h != main)
        else:  # by value, the lower number first among equals
            partner = pick(sorted(rest), pair_value)
        share = self.stake_share
        if guards_lead(view, seat):
            share = min(share, GUARD_SHARE)
        units = int(money * share) // 100
        cap = lead_stake_cap(view, seat)
        if cap is not None:
            units = min(units, cap // 100)
        if units < 3:
            return [("win", main, units * 100)] if units else []
        first = units * 50 // 100
        side = units * 20 // 100
        place = units - first - side
        pair = [min(main, partner), max(main, partner)]
        return [
            ("win", main, first * 100),
            ("win", other, side * 100),
            ("place", pair, place * 100),
        ]

    def _bet(
        self, view: FinishLineView, seat: int, legal: list[Action], rng: random.Random
    ) -> Action:
        slip = view["slip"]
        assert slip is not None, "a seat's own view shows its slip"
        have: dict[str, int] = {}
        for w in slip["win"]:
            have[f"win:{w['horse']}"] = w["amount"]
        for p in slip["place"]:
            have[f"place:{p['horses']}"] = p["amount"]
        for kind, target, amount in self.target_slip(view, seat, rng):
            key = f"{kind}:{target}"
            step = _amount_step(amount - have.get(key, 0))
            if step <= 0:
                continue
            if kind == "win":
                action: Action = {"type": "bet_win", "horse": target, "amount": step}
            else:
                action = {"type": "bet_place", "horses": target, "amount": step}
            if action in legal:
                return action
        return {"type": "bet_done"}

    # --- race -----------------------------------------------------------------
    def _race(
        self, view: FinishLineView, seat: int, legal: list[Action], rng: random.Random
    ) -> Action:
        board = _Board(view)
        slip = view["slip"]
        assert slip is not None, "a seat's own view shows its slip"
        # Odds are known once the lineup is complete, as it is during a race.
        wins = [(w["horse"], w["amount"], w["odds"] or 0) for w in slip["win"]]
        places = [(p["horses"], p["amount"], p["odds"] or 0) for p in slip["place"]]
        backed = {h for h, _, _ in wins}
        in_pairs = {h for pair, _, _ in places for h in pair}
        mine = backed | in_pairs
        stake = float(max(100, slip["stake"]))

        def value(t: Track) -> float:
            win, second = board.chances(t, in_pairs)
            total = 0.0
            for h, amount, odds in wins:
                total += amount * odds * win.get(h, 0.0)
            for pair, amount, odds in places:
                a, b = pair
                p = win.get(a, 0.0) * second.get(b, 0.0) + win.get(b, 0.0) * second.get(a, 0.0)
                total += amount * odds * p
            for h, on in zip(t.row, t.dice, strict=True):
                if h not in mine:
                    continue  # an outsider bonus pays only on the slip's horses
                for _, face in on:
                    x = OUTSIDER.get(face, 0)
                    if not x:
                        continue
                    if h in backed:
                        total += x * win[h]
                    if h in in_pairs:
                        total += x / 2 * (win[h] + second[h])
            rivals = sum(win[h] * board.odds[h] for h in t.row if h not in mine)
            return float(total - OPPONENT_SHARE * stake * rivals)

        base = value(board.track())
        scores: list[float] = []
        for action in legal:
            kind = action["type"]
            face = action.get("face")
            if kind == "discard" or kind == "extra_decline":
                score = base - 1.0
            elif kind == "extra":
                t = board.track()
                t.place_horseshoe(action["horse"], ["black", "EXTRA_TURN"])
                score = value(t)
            elif face == "SIDE_BET":
                score = base + 500
            elif face == "EXTRA_TURN":
                score = base + 0.1 * stake + 50
            elif face == "INSIDER_TIP":
                score = base
            else:
                t = board.track()
                t.resolve(action["colour"], str(face), action)
                score = value(t)
            scores.append(score)
        # ties go to the earlier action (near_best without slack)
        pick = near_best(range(len(legal)), scores.__getitem__, rng, self.slack * stake)
        return legal[pick]


_FRIENDLY = FinishLineBot(slack=FRIENDLY_SLACK)
register_bot("finish_line", FinishLineBot(), friendly=_FRIENDLY)


class PoorBettor:
    """A rival as the search expects a poor bettor to play on: its slip filled in at
    random, step by step, like a random player's; its race as Friendly plays it."""

    name = "poor_bettor"

    def __init__(self, friendly: Bot) -> None:
        self.friendly = friendly
        self.slip = RandomBot()

    def choose(self, state: SeatWindow[FinishLineView], seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if any(a["type"] == "bet_done" for a in legal):
            return self.slip.choose(state, seat, rng)
        return self.friendly.choose(state, seat, rng)


_POOR_BETTOR = PoorBettor(_FRIENDLY)


def expected_players(window: SeatWindow[FinishLineView]) -> list[Bot | None]:
    """How the search expects each seat to bet from here: a rival whose settled slips
    were worth less than :data:`POOR_RETURN` of their stakes as a :class:`PoorBettor`,
    every other seat as the friendly player (None). Friendly players would bet on the
    same horses as the searching seat, so a search that took every rival for one would
    see its own bets mirrored and a big lead safe whatever it staked."""
    view = window.view()
    players: list[Bot | None] = []
    for seat in range(len(view["money"])):
        judged = None if seat == window.seat else expected_return(view["results"], seat)
        players.append(_POOR_BETTOR if judged is not None and judged < POOR_RETURN else None)
    return players


register_players("finish_line", expected_players)

STAKE_SHARES = (1.0, 0.5, 0.25, 0.1, 0.0)
"""The slips the advice weighs: the friendly slip staking all the money, the same
bets on smaller shares of it, and no bet at all. Staking everything maximises the
expected money, not the chance to win: a seat in the lead may keep it by betting less."""

MAX_SLIP_STEPS = 40
"""More steps than any slip takes (three lines of R42 amounts, then done)."""

_NO_DRAW = random.Random(0)
"""Handed to the betting steps, which draw nothing."""


def slip_lines(window: SeatWindow[FinishLineView]) -> list[Line] | None:
    """The whole slips Ask the computer weighs when the seat's slip opens (see
    :data:`STAKE_SHARES`), the plain heuristic's (no draw) first. None at any other
    decision, or once a bet is on the slip."""
    seat = window.seat
    legal = window.legal_actions()
    if seat is None or not any(a["type"] == "bet_done" for a in legal):
        return None
    slip = window.view()["slip"]
    if slip is None or slip["win"] or slip["place"]:
        return None
    start = window.resample(random.Random(0))  # the seat's own steps: no chance between
    lines: list[Line] = []
    for share in STAKE_SHARES:
        state, line = start.clone(), list[Action]()
        bettor = FinishLineBot(stake_share=share)
        while len(line) < MAX_SLIP_STEPS:
            action = bettor.choose(SeatWindow(state, seat), seat, _NO_DRAW)
            line.append(action)
            if action["type"] == "bet_done":
                lines.append(tuple(line))
                break
            state.apply_trusted(action)
    return distinct_lines(lines)


# The slips are the advice's: it shows a player what staking less does to their chance.
# The sharp player keeps searching the slip step by step: weighing these slips itself, it
# won 1.66x its equal share against friendly players in 45 games (48 rollouts a choice),
# against 2.3x step by step.
register_lines("finish_line", slip_lines, sharp=None)


# --- Ask the computer: why a choice, in the game's facts -------------------------------
# Every fact comes from the seat's own view (its slip, the row, the odds, the money shown)
# and the data tables; what a die does is played on a copy of the row by the engine's own
# Track, since a die's effect is public and follows from the row alone.

_MOVING_FACES = ("HORSESHOE", "DOUBLE_HORSESHOE")
"""The faces that push a horse forward the moment they are used (a white horseshoe on a
favourite or beside a waiting white die; a double horseshoe on any horse)."""


def sides(colour: str, *faces: str) -> int:
    """How many of a ``colour`` die's six sides show one of ``faces`` (spec §1.3)."""
    return sum(m for f, m in FACES[colour] if f in faces)


def _track(view: FinishLineView) -> Track:
    """A copy of the row in the view, for the engine to play a die on."""
    dice = [[[d["colour"], d["face"]] for d in r["dice"]] for r in view["row"]]
    return Track([r["horse"] for r in view["row"]], dice, view["nn"], view["nn_used"], {})


def _backing(view: FinishLineView) -> dict[int, int]:
    """What the seat's own slip has on each horse: its win line plus every place line
    that includes it."""
    slip = view["slip"]
    backed: dict[int, int] = {}
    if slip is None:
        return backed
    for w in slip["win"]:
        backed[w["horse"]] = backed.get(w["horse"], 0) + w["amount"]
    for p in slip["place"]:
        for h in p["horses"]:
            backed[h] = backed.get(h, 0) + p["amount"]
    return backed


def _slip_reason(view: FinishLineView, seat: int, arm: Arm) -> Reason:
    """A whole slip: what it stakes of the seat's money and what it pays at best (the
    finish that pays it most, said by its winner)."""
    wins: dict[int, int] = {}
    places: dict[tuple[int, int], int] = {}
    for a in (arm.action, *arm.rest):
        if a["type"] == "bet_win":
            wins[a["horse"]] = wins.get(a["horse"], 0) + a["amount"]
        elif a["type"] == "bet_place":
            x, y = sorted(a["horses"])
            places[x, y] = places.get((x, y), 0) + a["amount"]
    odds = {r["horse"]: r["odds"] for r in view["row"]}
    best = (0, 0, False)  # payout, winner, whether a place line pays in it
    for first in odds:
        for second in odds:
            if first == second:
                continue
            pays = sum(win_line_pays(h, a * odds[h], first) for h, a in wins.items())
            placed = sum(
                place_line_pays(p, a * view["place_odds"][f"{p[0]}-{p[1]}"], {first, second})
                for p, a in places.items()
            )
            if pays + placed > best[0]:
                best = (pays + placed, first, placed > 0)
    stake = sum(wins.values()) + sum(places.values())
    money = view["money"][seat] or 0
    rid = "stake_slip" if best[2] else "stake_slip_win"
    cap = lead_stake_cap(view, seat)
    if cap is not None:  # the last race, in the lead: the most the others can stake counts
        return reason(
            "finish_line",
            f"{rid}_lead",
            arm,
            stake=stake,
            amount=money,
            cap=cap,
            money=best[0],
            horse=best[1],
        )
    return reason("finish_line", rid, arm, stake=stake, amount=money, money=best[0], horse=best[1])


def _bet_reason(view: FinishLineView, seat: int, arm: Arm) -> Reason | None:
    """One betting step: a bet by its start place and odds and what the line would pay
    with this amount; closing the slip by what it keeps out of the race."""
    action = arm.action
    slip = view["slip"]
    assert slip is not None, "a seat's own view shows its slip"
    horses = {r["horse"]: r for r in view["row"]}
    if action["type"] == "bet_win":
        horse = horses[action["horse"]]
        total = action["amount"] + sum(
            w["amount"] for w in slip["win"] if w["horse"] == horse["horse"]
        )
        rid = {"F": "bet_win_favourite", "S": "bet_win_sprinter"}.get(horse["type"], "bet_win")
        return reason(
            "finish_line",
            rid,
            arm,
            horse=horse["horse"],
            place=horse["rank"],
            odds=horse["odds"],
            amount=total,
            money=total * horse["odds"],
        )
    if action["type"] == "bet_place":
        a, b = sorted(action["horses"])
        odds = view["place_odds"][f"{a}-{b}"]
        total = action["amount"] + sum(p["amount"] for p in slip["place"] if p["horses"] == [a, b])
        first, second = sorted((horses[a]["rank"], horses[b]["rank"]))
        return reason(
            "finish_line",
            "bet_place",
            arm,
            place=first,
            other=second,
            odds=odds,
            amount=total,
            money=total * odds,
        )
    if action["type"] == "bet_done":
        # all money is public while the slips are written: stakes leave it only once
        # every slip is in
        rival = richest_rival(seat, [m or 0 for m in view["money"]])
        if not slip["win"] and not slip["place"]:
            # its own title, "Bet nothing" (see advice_panel.tip_label)
            return reason(
                "finish_line", "bet_nothing", arm, money=view["money"][seat] or 0, amount=rival
            )
        return reason(
            "finish_line",
            "bet_done",
            arm,
            stake=slip["stake"],
            money=slip["left"] or 0,
            amount=rival,
        )
    return None


def _moves_now(
    view: FinishLineView, colour: str, face: str, backed: dict[int, int]
) -> tuple[int, int] | None:
    """The best-placed horse on the seat's slip that a ``colour`` die showing ``face``
    would move at once, with its place after the move (None: no such horse)."""
    t = _track(view)
    family = view["options"].get("family_dice", False)
    targets = t.horse_targets(colour, face, family)
    before = t.ranks()
    best: tuple[int, int] | None = None
    for h in targets:
        if h not in backed:
            continue
        after = _track(view)
        after.resolve(colour, face, {"horse": h})
        place = after.ranks()[h]
        if place < before[h] and (best is None or place < best[1]):
            best = (h, place)
    return best


_MOVER = {"white": "HORSESHOE", "yellow": "HELMET", "red": "DOUBLE_HORSESHOE"}
"""The face of each colour that moves a horse up, said by the tip for taking it."""


def _take_reason(view: FinishLineView, arm: Arm) -> Reason | None:
    """Taking dice: what the colour's sides do, and a horse of the seat's it would move."""
    action = arm.action
    if action["type"] == "take_first":
        # the chance that at least one of the three rolls a face that moves a horse now
        miss = 1.0
        for c in action["colours"]:
            miss *= 1 - sides(c, *_MOVING_FACES) / 6
        return reason("finish_line", "take_first", arm, chance=round(100 * (1 - miss)))
    colour = action["colour"]
    face = _MOVER.get(colour)
    if face is not None:  # white, yellow, red: the face that moves a horse
        facts: dict[str, int] = {"sides": sides(colour, face)}
        if colour == "red":
            facts["whips"] = sides("red", "WHIP")
        backed = _backing(view)
        yours = _moves_now(view, colour, face, backed)
        if yours is None:
            return reason("finish_line", f"take_{colour}", arm, **facts)
        h, place = yours
        return reason(
            "finish_line",
            f"take_{colour}_yours",
            arm,
            horse=h,
            amount=backed[h],
            place=place,
            **facts,
        )
    if colour == "black":
        return reason(
            "finish_line", "take_black", arm, sides=sides("black", "EXTRA_TURN", "CHANGE_OF_PACE")
        )
    if colour == "green":
        return reason(
            "finish_line",
            "take_green",
            arm,
            sides=sides("green", *OUTSIDER),
            bets=sides("green", "SIDE_BET"),
            money=SIDE_BET,
        )
    return None


def _outcome(before: Track, after: Track, horse: int) -> str | None:
    """What a die did to ``horse``'s place in the running order: out of the race, level
    with the leader, in the lead alone, up, back, or nothing (None)."""
    if horse not in after.row:
        return "out"
    level_after = after.nn and horse in after.row[-2:]
    level_before = before.nn and horse in before.row[-2:]
    if level_after and not level_before:
        return "level"
    rank_before, rank_after = before.rank(horse), after.rank(horse)
    if rank_after == 1 and not level_after and (rank_before != 1 or level_before):
        return "lead"
    if rank_after < rank_before:
        return "up"
    if rank_after > rank_before:
        return "back"
    return None


def _race_reason(view: FinishLineView, arm: Arm) -> Reason | None:
    """A die used, put away or played as an extra turn: the horse it acts on, whether the
    seat backed it (and with how much), and where it ends up in the running order."""
    action = arm.action
    kind, face = action["type"], action.get("face")
    backed = _backing(view)
    before = _track(view)
    if kind in ("discard", "extra_decline"):
        return _keep_row(view, arm, backed)
    if face == "SIDE_BET":
        return reason("finish_line", "side_bet", arm, money=SIDE_BET)
    if face == "EXTRA_TURN":
        return reason("finish_line", "keep_extra", arm)
    if face == "INSIDER_TIP":
        if not action["colours"]:
            return None  # the box is empty: nothing comes back
        left = view["pool_size"]  # turns still to come: each takes one die
        return reason(
            "finish_line", "insider", arm, before=left, after=left + len(action["colours"])
        )
    after = _track(view)
    if kind == "extra":
        after.place_horseshoe(action["horse"], list(EXTRA_DIE))
        target: int | None = action["horse"]
    else:
        after.resolve(action["colour"], str(face), action)
        target = action.get("horse", action.get("to"))
        if face == "NECK_AND_NECK":
            target = before.row[-2]  # the second horse draws level
    if target is None:  # interference: the horse that gained most, the seat's first
        gains = [
            (h in backed, before.rank(h) - after.rank(h), -after.rank(h), h)
            for h in after.row
            if after.rank(h) < before.rank(h)
        ]
        if not gains:
            return _keep_row(view, arm, backed)
        target = max(gains)[3]
    return _horse_reason(view, arm, before, after, target, backed)


def _horse_reason(
    view: FinishLineView,
    arm: Arm,
    before: Track,
    after: Track,
    horse: int,
    backed: dict[int, int],
) -> Reason | None:
    """The die's effect on ``horse``: its new place, or the die that now lies on it."""
    what = _outcome(before, after, horse)
    face = arm.action.get("face")
    place = after.rank(horse) if horse in after.row else None
    money: int | None = None
    if what is None:
        sole_leader = after.rank(horse) == 1 and not (after.nn and horse in after.row[-2:])
        if face in _MOVING_FACES or arm.action["type"] == "extra" or face == "CHANGE_OF_PACE":
            what = "stays" if sole_leader else "waits"
            if what == "waits" and arm.action["type"] == "extra" and len(view["extra_queue"]) < 2:
                # the last extra-turn die: nothing is left to pair with it
                return reason("finish_line", "no_partner", arm, horse=horse)
        elif face == "WHIP":
            family = view["options"].get("family_dice", False)
            if horse not in after.horse_targets("red", "WHIP", family):
                return None  # a second whip could not put it out
            what = "whip"
        elif face in OUTSIDER:
            what, money = "bonus", OUTSIDER[str(face)]
            if horse in backed:  # the most it can add to the seat's own payout
                money = _bonus_worth(view, horse, money)
        else:
            return None
    if what == "stays":
        return reason("finish_line", "stays", arm, horse=horse)
    params: dict[str, int] = {"horse": horse}
    if what in ("up", "back"):
        assert place is not None
        params["place"] = place
    if money is not None:
        params["money"] = money
    if horse in backed:
        return reason("finish_line", f"{what}_yours", arm, amount=backed[horse], **params)
    if what in ("out", "back"):
        # the seat's horse it was ahead of: it moves up as this one drops away
        lifted = [h for h in backed if h in after.row and after.rank(h) < before.rank(h)]
        if lifted:
            mine = min(lifted, key=lambda h: (after.rank(h), h))
            return reason(
                "finish_line",
                f"{what}_lifts",
                arm,
                horse=horse,
                horses=mine,
                amount=backed[mine],
                place=after.rank(mine),
            )
    return reason("finish_line", what, arm, **params)


def _bonus_worth(view: FinishLineView, horse: int, amount: int) -> int:
    """The most an outsider die of ``amount`` on ``horse`` can add to the seat's own
    payout: the finish where it wins, with the second that pays the slip best."""
    slip = view["slip"]
    assert slip is not None, "a seat's own view shows its slip"
    record: SlipRecord = {
        "win": [[w["horse"], w["amount"]] for w in slip["win"]],
        "place": [[p["horses"], p["amount"]] for p in slip["place"]],
    }
    strict = view["options"].get("strict_outsider", False)
    return max(
        sum(b["amount"] for b in outsider_bonuses(record, horse, amount, horse, {horse, h}, strict))
        for h in (r["horse"] for r in view["row"])
        if h != horse
    )


def _keep_row(view: FinishLineView, arm: Arm, backed: dict[int, int]) -> Reason:
    """Nothing on the row changes: who stays in front (the seat's horse of a level pair)."""
    front = [r["horse"] for r in view["row"] if r["rank"] == 1]
    mine = [h for h in front if h in backed]
    if mine:
        return reason("finish_line", "keep_row_yours", arm, horse=mine[-1], amount=backed[mine[-1]])
    return reason("finish_line", "keep_row", arm, horse=front[-1])


def _reason(window: SeatWindow[FinishLineView], arm: Arm, arms: list[Arm]) -> Reason:
    """Why a choice, in the facts a player at the table would name (see above); the
    generic comparison where none applies or the choice is the only one."""
    seat = window.seat
    legal = window.legal_actions()
    if seat is None or (len(legal) == 1 and not arm.rest):
        return generic_reason("finish_line", arm, arms)
    view = window.view()
    kind = arm.action["type"]
    why: Reason | None = None
    if arm.rest:  # a whole slip (see slip_lines)
        why = _slip_reason(view, seat, arm)
    elif kind in ("bet_win", "bet_place", "bet_done"):
        why = _bet_reason(view, seat, arm)
    elif kind in ("take_first", "take"):
        why = _take_reason(view, arm)
    elif kind in ("use", "discard", "extra", "extra_decline"):
        why = _race_reason(view, arm)
    return why or generic_reason("finish_line", arm, arms)


_OUTCOMES = ("lead", "up", "back", "out", "level", "waits", "whip", "bonus")
register_reasons(
    "finish_line",
    _reason,
    (
        "bet_win",
        "bet_win_favourite",
        "bet_win_sprinter",
        "bet_place",
        "bet_done",
        "bet_nothing",
        "stake_slip",
        "stake_slip_win",
        "stake_slip_lead",
        "stake_slip_win_lead",
        "take_first",
        "take_white",
        "take_white_yours",
        "take_yellow",
        "take_yellow_yours",
        "take_red",
        "take_red_yours",
        "take_black",
        "take_green",
        *_OUTCOMES,
        *(f"{o}_yours" for o in _OUTCOMES),
        "back_lifts",
        "out_lifts",
        "stays",
        "no_partner",
        "keep_row",
        "keep_row_yours",
        "side_bet",
        "keep_extra",
        "insider",
    ),
)
