"""The probability lens: each horse's and each player's chances, from one seat's knowledge.

Every estimate comes from rollouts: a full state drawn with
:meth:`SeatWindow.resample` (so only what the seat knows goes in), played on by the
game's own computer players to the end of the game. The race figures count how the
current race finished in those rollouts, the seat figures who won the game.

    >>> import random, pygames
    >>> from pygames.core import SeatWindow
    >>> state = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
    >>> result = odds(SeatWindow(state, 0), samples=4, rng=random.Random(1))
    >>> result["samples"], round(sum(result["seats"].values()), 6)
    (4, 1.0)

A :class:`LensRun` refines step by step (the browser worker posts each estimate and
stops when the state changes); :func:`odds` is one run of a fixed size.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Any, NotRequired, TypedDict

from .bots import Bot, SeatWindow, bot_for
from .playout import collector_paused
from .state import Action, Bet, RaceFinish, State, canonical, sample_outcome

Z95 = 1.96
"""Normal quantile of a two-sided 95 % interval."""


class HorseOdds(TypedDict):
    """A horse's chances in the current race: 1st, top two, top three, and of each
    place the game ranks (``slots[i]``: to finish in place ``i + 1``)."""

    win: float
    place: float
    show: float
    slots: list[float]


class ActionOdds(TypedDict):
    """What one of the seat's choices is worth: its chance to win the game after it,
    and its expected final money or points."""

    action: Action
    win: float
    value: float


class BetValue(TypedDict):
    """One bet the seat can make in this race (in the game's terms) and what it is
    expected to pay the seat (see :meth:`State.lens_bets`)."""

    bet: Bet
    value: float


class Odds(TypedDict):
    """The lens's answer (JSON): see :func:`odds`."""

    samples: int
    seats: dict[str, float]
    value: float
    margin: float
    race: NotRequired[dict[str, HorseOdds]]
    actions: NotRequired[list[ActionOdds]]
    facts: NotRequired[dict[str, float]]
    bets: NotRequired[list[BetValue]]


def distinct_actions(
    actions: list[Action], key_of: Callable[[Action], str] = canonical
) -> list[Action]:
    """The listed actions without repeats, in their listed order: two are the same
    choice when ``key_of`` (by default the action as JSON) gives both the same key."""
    seen: set[str] = set()
    out: list[Action] = []
    for action in actions:
        key = key_of(action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def margin_95(p: float, n: int) -> float:
    """Half-width of the 95 % interval of a share ``p`` seen in ``n`` rollouts."""
    if n == 0:
        return 1.0
    return Z95 * math.sqrt(max(p * (1 - p), 0.25 / n) / n)


def bet_values(
    state: State[Any], seat: int, finishes: list[tuple[RaceFinish, float]]
) -> list[BetValue]:
    """Each of ``seat``'s bets in ``state``'s race (:meth:`State.lens_bets`) and what
    it pays on average over ``finishes`` (each a :meth:`State.race_finish` record and
    its chance), by the game's own payout rules (:meth:`State.bet_payouts`)."""
    bets = state.lens_bets(seat)
    if not bets:
        return []
    totals = [0.0] * len(bets)
    for finish, chance in finishes:
        for i, pay in enumerate(state.bet_payouts(seat, finish)):
            totals[i] += chance * pay
    return [{"bet": bet, "value": total} for bet, total in zip(bets, totals, strict=True)]


class Rollout:
    """One game played on from a state by the computer players (trusted path)."""

    def __init__(self, bots: list[Bot], rng: random.Random) -> None:
        self.bots = bots
        self.rng = rng

    def play(self, state: State[Any], race: int | None) -> tuple[list[float], list[str]]:
        """Play ``state`` to the end: each seat's share of the win and the placings
        of race ``race`` (0-based; empty if it is not finished in this game)."""
        rng = self.rng
        while not state.is_terminal():
            if state.is_chance():
                state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            state.apply_trusted(self.bots[seat].choose(SeatWindow(state, seat), seat, rng))
        winners = state.winners()
        share = [1.0 / len(winners) if s in winners else 0.0 for s in range(len(state.players))]
        placings: list[str] = []
        if race is not None and race < state.finished_races():
            placings = state.race_placings(race)
        return share, placings


class LensRun:
    """Estimates that refine as rollouts are added (:meth:`step`), read with :meth:`odds`.

    ``with_actions``: also value each distinct legal action of the player to act (each
    rollout round plays one game per action, from the same resample, so the actions are
    compared on equal dice). For a seat's window that is the seat on its own turn; for
    an onlooker's window (``seat=None``, the public table) it is whoever acts, valued
    from public information. ``"value"`` is the valued seat's expected final score.
    """

    def __init__(
        self, window: SeatWindow[Any], rng: random.Random, *, with_actions: bool = False
    ) -> None:
        self.window = window
        self.rng = rng
        self.bot = bot_for(window.game_id)
        view = window.view()
        self.n_seats = len(view["players"])
        self.race = len(view["results"]) if view["final"] is None else None
        mover = window.current_player()
        self.valued = window.seat if window.seat is not None else max(mover, 0)
        listed: list[Action] = []
        if with_actions and mover >= 0:
            listed = window.choices()
        self.actions = distinct_actions(listed, window.choice_key)
        self.facts = window.lens_facts()
        self.samples = 0
        self.wins = [0.0] * self.n_seats
        self.money = 0.0
        self.placed: dict[str, list[int]] = {}
        self.action_wins = [0.0] * len(self.actions)
        self.action_money = [0.0] * len(self.actions)
        self.bet_sums: dict[str, BetValue] = {}
        self.bet_counts: dict[str, int] = {}
        self._rollout = Rollout([self.bot] * self.n_seats, rng)

    def _play(self, state: State[Any]) -> tuple[list[float], list[str], float]:
        share, placings = self._rollout.play(state, self.race)
        return share, placings, state.scores()[self.valued]

    def step(self, rounds: int = 1) -> None:
        """Add ``rounds`` rollouts (and as many per valued action)."""
        with collector_paused():
            self._step(rounds)

    def _step(self, rounds: int) -> None:
        seat = self.valued
        for _ in range(rounds):
            start = self.window.resample(self.rng)
            for i, action in enumerate(self.actions):
                trial = start.clone()
                trial.apply_trusted(action)
                share, _, money = self._play(trial)
                self.action_wins[i] += share[seat]
                self.action_money[i] += money
            # The board as it is now prices the bets; the rollout then says how the race ends.
            priced = self.race is not None and start.lens_bets(seat)
            board = start.clone() if priced else None
            share, placings, money = self._play(start)
            if board is not None and self.race is not None and placings:
                self._price(board, start.race_finish(self.race))
            self.samples += 1
            self.money += money
            for s, w in enumerate(share):
                self.wins[s] += w
            for place, horse in enumerate(placings):
                counts = self.placed.setdefault(horse, [0, 0, 0])
                counts.extend([0] * (place + 1 - len(counts)))
                counts[place] += 1

    def _price(self, board: State[Any], finish: RaceFinish) -> None:
        """Add what each of the valued seat's bets on ``board`` pays with ``finish``."""
        sums, counts = self.bet_sums, self.bet_counts
        for item in bet_values(board, self.valued, [(finish, 1.0)]):
            # Counted per bet: a resample may offer a bet another did not (an
            # onlooker's guess at a hidden supply), and each is averaged where it was.
            key = canonical(item["bet"])
            if key in sums:
                sums[key]["value"] += item["value"]
                counts[key] += 1
            else:
                sums[key] = item
                counts[key] = 1

    def margin(self) -> float:
        """The widest 95 % half-width among the seat chances (and horse wins)."""
        n = self.samples
        shares = [w / n for w in self.wins] if n else [0.5]
        shares += [c[0] / n for c in self.placed.values()] if n else []
        return max(margin_95(p, n) for p in shares)

    def odds_json(self) -> str:
        """:meth:`odds` as JSON text (what the worker posts to the page)."""
        return json.dumps(self.odds())

    def odds(self) -> Odds:
        """The estimates so far (JSON-able)."""
        n = max(self.samples, 1)
        result: Odds = {
            "samples": self.samples,
            "seats": {str(s): w / n for s, w in enumerate(self.wins)},
            "value": self.money / n,
            "margin": self.margin(),
        }
        if self.placed:
            ranked = max(3, *(len(c) for c in self.placed.values()))
            result["race"] = {
                horse: {
                    "win": c[0] / n,
                    "place": (c[0] + c[1]) / n,
                    "show": (c[0] + c[1] + c[2]) / n,
                    "slots": [k / n for k in c] + [0.0] * (ranked - len(c)),
                }
                for horse, c in sorted(self.placed.items())
            }
        if self.facts:
            result["facts"] = dict(self.facts)
        if self.bet_sums:
            counts = self.bet_counts
            result["bets"] = [
                {"bet": b["bet"], "value": b["value"] / counts[key]}
                for key, b in self.bet_sums.items()
            ]
        if self.actions:
            result["actions"] = [
                {"action": a, "win": self.action_wins[i] / n, "value": self.action_money[i] / n}
                for i, a in enumerate(self.actions)
            ]
        return result


def start(game_id: str, state: str, seat: int | None, with_actions: bool, seed: int) -> LensRun:
    """A run for the browser worker: ``state`` is a resample's ``to_json()`` as text.

    The page sends a state already resampled for ``seat`` (``None``: the public
    table), so the worker never holds a secret the viewer may not know.
    """
    from .registry import get_game

    full = get_game(game_id).state_from_json(json.loads(state))
    return LensRun(SeatWindow(full, seat), random.Random(seed), with_actions=with_actions)


def warm(game_id: str, players: int = 3) -> None:
    """Load ``game_id``'s rules and computer player in the worker before the first
    question, and play one short lens run of a new game so that the tables the
    computer player builds on first use are ready: the first estimate a player asks
    for then comes as fast as any later one.

    >>> warm("gambler")
    """
    from .registry import get_game

    game = get_game(game_id)
    n = min(max(players, game.min_players), game.max_players)
    state = game.new_state([f"P{i + 1}" for i in range(n)])
    LensRun(SeatWindow(state, None), random.Random(0), with_actions=False).step(2)


def odds(
    window: SeatWindow[Any], samples: int, rng: random.Random, *, with_actions: bool = True
) -> Odds:
    """The lens for ``window``'s seat from ``samples`` rollouts.

    ``"seats"``: each seat's chance to win the game (ties share a win);
    ``"value"``: the seat's expected final money or points; ``"race"`` (race games,
    while a race is to be run): each horse's chance to finish 1st / top two / top
    three of the current race; ``"facts"``: exact chances the game gives from public
    information (Gambler: ``"fit"``, that the next roll has a die that fits);
    ``"actions"`` (the seat's turn): each distinct legal action's chance to win and
    expected final money or points; ``"bets"`` (betting games, while there are bets to
    make in this race): each bet's expected payout to the seat, priced on the board as
    it is now by the game's payout rules against how the race ends in the rollouts;
    ``"margin"``: the
    widest 95 % half-width of the seat and horse chances.
    """
    run = LensRun(window, rng, with_actions=with_actions)
    run.step(samples)
    return run.odds()
