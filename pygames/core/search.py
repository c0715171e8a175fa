"""The sharp computer player: a search over the states its seat cannot rule out.

Each round draws a full state from the seat's knowledge
(:meth:`SeatWindow.resample`, never the real state), plays each of the seat's
choices still in the running from it and lets the friendly players finish the game
(or the race, see :func:`rollout`). What counts is the seat's share of the win, not
its money: a sure small gain that cannot catch the leader is worth little, a long
shot that can is worth a lot (the lesson of push-your-luck games). This is
determinized Monte Carlo search at the seat's information set (after Cowling,
Powley & Whitehouse, 2012), kept flat because the friendly rollouts, not a deep
tree, carry the game knowledge.

    >>> import random, pygames
    >>> from pygames.core import SeatWindow
    >>> s = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
    >>> while s.current_player() < 0: _ = s.apply(s.chance_outcomes()[0][0])
    >>> arms = search(SeatWindow(s, s.current_player()), random.Random(1), iterations=8)
    >>> sum(a.visits for a in arms)
    8
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, SeatWindow, bot_for, lead_for
from .playout import collector_paused
from .state import Action, State, canonical, sample_outcome

MAX_ARMS = 5
"""At most this many of the seat's choices are searched (the lead choice first): a
second of thinking in the browser plays a few dozen rollouts, too few for more."""

DEVIATE = 0.06
"""How much more win share (on equal dice) another choice must show to be played
instead of the lead one: small samples make some choice look better by luck."""

SURE = 1.64
"""How many standard errors of its round-by-round lead over the lead choice another
choice must also show (one-sided, about 95 %): with a few dozen rollouts, a lead of
0.06 is often luck, and a sharp player that follows luck plays worse than a friendly
one."""


Line = tuple[Action, ...]
"""A choice made of several of the seat's own actions in a row (a Gambler placement:
each die, then the confirmation)."""

LinesFn = Callable[[SeatWindow[Any]], list[Line] | None]
"""A game's whole choices at a decision of several steps, the friendly one first, or the
only choices worth weighing at a decision, the game's own pick first; None where the
search weighs every single action (see :func:`register_lines`)."""

_LINES: dict[str, LinesFn] = {}
_SHARP_LINES: set[str] = set()
_ADVICE_LINES: set[str] = set()

PlayersFn = Callable[[SeatWindow[Any]], list[Bot | None]]
"""How a game expects each seat to play on, judged from what the searching seat has
seen: a bot per seat, None for the friendly player (see :func:`register_players`)."""

_PLAYERS: dict[str, PlayersFn] = {}

WorthFn = Callable[[State[Any]], list[float]]
"""Each seat's money or points where a rollout stops, plus what its holdings are expected
to bring in the races still to run (see :func:`register_worth`)."""

_WORTH: dict[str, WorthFn] = {}


def register_worth(game_id: str, worth: WorthFn) -> None:
    """Judge the standings where a rollout stops at the end of a race by ``worth``, not
    by money alone. Where a holding bought now pays in every race to come (Homestretch's
    shares), money alone counts its price in full and only the first race's return, so
    the search would learn to buy cheap or not at all. ``worth`` reads a state drawn for
    the search, never the real one."""
    _WORTH[game_id] = worth


def register_players(game_id: str, players: PlayersFn) -> None:
    """Let the rollouts play a seat otherwise than the friendly player where its play
    so far, in public, says it plays otherwise (Finish Line: a rival whose settled
    slips were worth little is expected to keep betting at random). Without it every
    seat plays friendly. The function sees only the searching seat's window."""
    _PLAYERS[game_id] = players


def rollout_players(window: SeatWindow[Any]) -> list[Bot] | None:
    """The bot of each seat in the rollouts of ``window``'s search; None: all friendly."""
    judge = _PLAYERS.get(window.game_id)
    chosen = judge(window) if judge else None
    if not chosen or all(b is None for b in chosen):
        return None
    friendly = bot_for(window.game_id)
    return [friendly if b is None else b for b in chosen]


def register_lines(game_id: str, lines: LinesFn, *, sharp: bool | None = True) -> None:
    """Let the search weigh whole lines of actions where a game's choice takes several
    steps. Without it an arm is one action and the friendly rollout finishes the rest,
    which in Gambler means taking a die that is not in its own plan straight back: the
    search could never find a better placement. A game may also list one-action lines
    to narrow a decision to the choices worth weighing (Royal Turf's two-player bets:
    only those apart from the rival's, since a copied bet cannot change who is ahead).

    The advice always weighs the lines. ``sharp=False``: the sharp player does not, it
    plays the friendly line whole (where measured play showed that its rollouts cannot
    tell the lines apart beyond luck, so following the lucky one loses games).
    ``sharp=None``: the lines are the advice's alone; the sharp player searches the
    decision's single steps as if none were registered."""
    _LINES[game_id] = lines
    _SHARP_LINES.discard(game_id)
    _ADVICE_LINES.discard(game_id)
    if sharp:
        _SHARP_LINES.add(game_id)
    elif sharp is None:
        _ADVICE_LINES.add(game_id)


def distinct_lines(
    lines: list[Line], key: Callable[[Line], Hashable] = lambda line: canonical(list(line))
) -> list[Line]:
    """``lines`` without repeats, in their order (the first is the friendly one): two
    are the same choice when ``key`` (by default the actions as JSON) gives both the same
    key, as where a game counts lines that end alike as one."""
    seen: dict[Hashable, Line] = {}
    for line in lines:
        seen.setdefault(key(line), line)
    return list(seen.values())


@dataclass
class Arm:
    """One of the seat's choices and what the iterations that tried it found."""

    action: Action
    lead: bool = False
    """The choice to beat: the lead player's (:func:`~pygames.core.bots.lead_for`), or
    the first of the game's lines."""
    rest: Line = ()
    """The seat's further actions of this choice, played right after ``action``."""
    visits: int = 0
    wins: float = 0.0
    money: float = 0.0
    shares: dict[int, float] = field(default_factory=dict)
    """Its share of the win in each round it was played (round -> share)."""
    worst_lead: float = math.inf
    """The seat's smallest lead over the best other seat at the end of its rollouts."""

    @property
    def win(self) -> float:
        return self.wins / self.visits if self.visits else 0.0

    @property
    def value(self) -> float:
        return self.money / self.visits if self.visits else 0.0

    @property
    def always_won(self) -> bool:
        """Whether the seat won every rollout of this choice outright."""
        return self.visits > 0 and self.wins == self.visits


def candidate_lines(
    window: SeatWindow[Any], rng: random.Random, *, lines_allowed: bool = True
) -> list[Line]:
    """The seat's distinct choices, the lead player's pick first
    (:func:`~pygames.core.bots.lead_for`): single actions, or whole lines where the game
    registered them (:func:`register_lines`; their first is the friendly one, or the
    game's own pick where it narrows the choices). When there are more than
    :data:`MAX_ARMS`, the rest is a draw of the others."""
    assert window.seat is not None, "search needs a seat on its turn"
    weighs = lines_allowed and window.game_id in _LINES
    lines = _LINES[window.game_id](window) if weighs else None
    if lines:
        first, *others = distinct_lines(lines)
    else:

        def key(line: Line) -> str:  # one action per choice of the game
            return window.choice_key(line[0])

        choices = distinct_lines([(action,) for action in window.legal_actions()], key)
        assert choices, "search needs a seat on its turn"
        lead = lead_for(window.game_id).choose(window, window.seat, rng)
        lead_key = window.choice_key(lead)
        first = next((line for line in choices if key(line) == lead_key), (lead,))
        others = [line for line in choices if line is not first]
    if len(others) >= MAX_ARMS:
        others = rng.sample(others, MAX_ARMS - 1)
    return [first, *others]


clock = time.perf_counter
"""The search's clock (seconds): a test may put a fake one in its place."""


RACE_SPREAD: dict[str, float] = {"homestretch": 11.0, "royal_turf": 220.0, "turfmaster": 20.0}
"""Games whose rollouts stop at the end of the current race, with the spread of one
player's gain in a race against the table's mean (measured in friendly games). The
other games are short enough to play to the end."""

RACES_IN_GAME = 3
"""Races in a game that does not say (:meth:`State.races` where it does)."""


def standing(state: State[Any]) -> list[float]:
    """Each seat's money or points so far (public)."""
    held = getattr(state, "money", None)
    if held is None:
        held = getattr(state, "points", [])
    return [float(x) for x in held]


def estimated_shares(state: State[Any], spread: float, money: list[float]) -> list[float]:
    """Each seat's chance to win from the standings after a race (``money``: each seat's
    money or worth): a softmax whose width grows with the races still to run (each adds
    ``spread`` of noise)."""
    races = getattr(state, "races", RACES_IN_GAME)  # a method in some games
    races = races() if callable(races) else races
    left = max(races - state.finished_races(), 1)
    width = 0.8 * spread * math.sqrt(left)
    top = max(money)
    weights = [math.exp((m - top) / width) for m in money]
    total = sum(weights)
    return [w / total for w in weights]


def rollout(
    state: State[Any], seat: int, rng: random.Random, players: list[Bot] | None = None
) -> tuple[float, float, float]:
    """Play ``state`` on with the friendly players (or ``players``, one bot per seat):
    the seat's share of the win, its money or points, and its lead over the best other
    seat (negative when behind). In the games of :data:`RACE_SPREAD` it stops when the
    current race is over and estimates the share from the standings; where the game
    registered a worth (:func:`register_worth`), the money and the lead are worths too."""
    bot = bot_for(state.game_id)
    spread = RACE_SPREAD.get(state.game_id)
    worth = _WORTH.get(state.game_id, standing)
    race = state.finished_races()
    apply, outcomes = state.apply_trusted, state.chance_outcomes
    while not state.is_terminal():
        if spread is not None and state.finished_races() > race:
            money = worth(state)
            return estimated_shares(state, spread, money)[seat], money[seat], _lead(money, seat)
        if state.is_chance():
            apply(sample_outcome(outcomes(), rng))
        else:
            mover = state.current_player()
            player = bot if players is None else players[mover]
            apply(player.choose(SeatWindow(state, mover), mover, rng))
    winners = state.winners()
    scores = state.scores()
    share = 1.0 / len(winners) if seat in winners else 0.0
    return share, scores[seat], _lead(scores, seat)


def _lead(money: list[float], seat: int) -> float:
    return money[seat] - max(m for i, m in enumerate(money) if i != seat)


def search(
    window: SeatWindow[Any],
    rng: random.Random,
    *,
    iterations: int | None = None,
    think_ms: float | None = None,
    weigh_one: bool = False,
    lines_allowed: bool = True,
    keep: int = 2,
) -> list[Arm]:
    """Search the seat's choices: ``iterations`` rollouts if given, else as many as fit
    in ``think_ms`` (at least one round). Returns the arms, best first (by win share,
    then rounds played, then money; among choices that won every rollout, by the
    narrowest lead over the other seats, widest first). ``lines_allowed=False``: the
    decision's single steps, even where the game registered whole lines. ``keep``: the
    halving stops at this many arms (the advice shows three, each played as often).

    Each round draws one state from the seat's knowledge and plays every arm still in
    the running from it with the same dice (one seed per round): the choices are
    compared on equal luck, which needs far fewer rollouts than independent draws.
    After rounds 2, 4, 8, ... the worse half of the arms is dropped (sequential halving),
    never the lead choice (the first arm), down to ``keep`` arms. Once the time is
    up no arm starts another rollout, and a round cut short counts for none of its arms.
    """
    seat = window.seat
    assert seat is not None
    lines = candidate_lines(window, rng, lines_allowed=lines_allowed)
    arms = [Arm(line[0], lead=i == 0, rest=line[1:]) for i, line in enumerate(lines)]
    if len(arms) == 1 and not weigh_one:
        return arms  # nothing to choose; advice still weighs it (``weigh_one``)
    players = rollout_players(window)
    deadline = clock() + (think_ms or 0) / 1000
    timed = iterations is None
    active = list(arms)
    done = rounds = 0
    with collector_paused():
        while _more(done, rounds, iterations, deadline):
            start, seed = window.resample(rng), rng.getrandbits(32)
            results: list[tuple[Arm, float, float, float]] = []
            for arm in active:
                if iterations is not None and done >= iterations:
                    break
                if timed and rounds and clock() >= deadline:
                    break  # out of time: no arm starts another rollout
                state = start.clone()
                state.apply_trusted(arm.action)
                for action in arm.rest:
                    state.apply_trusted(action)
                results.append((arm, *rollout(state, seat, random.Random(seed), players)))
                done += 1
            if timed and len(results) < len(active):
                break  # a round cut short would favour the arms it reached: drop it
            for arm, share, money, lead in results:
                arm.visits += 1
                arm.wins += share
                arm.money += money
                arm.shares[rounds] = share
                arm.worst_lead = min(arm.worst_lead, lead)
            rounds += 1
            if rounds & (rounds - 1) == 0 and rounds > 1 and len(active) > keep:
                # halve, but keep the lead choice: it is the one to beat
                rest = sorted(active[1:], key=_rank)
                active = [active[0], *rest[: max(keep - 1, (len(active) + 1) // 2 - 1)]]
    return sorted(arms, key=_rank)


def _rank(arm: Arm) -> tuple[float, int, float]:
    # choices that won every rollout are told apart by their narrowest lead: the surest
    # way to keep the win, not the most money (betting it all could still lose it all)
    return (-arm.win, -arm.visits, -(arm.worst_lead if arm.always_won else arm.value))


def _more(done: int, rounds: int, iterations: int | None, deadline: float) -> bool:
    if iterations is not None:
        return done < iterations
    return rounds == 0 or clock() < deadline


def choice(arms: list[Arm]) -> Arm:
    """The arm to play: the lead choice unless another that stayed as long in the
    search (so played on the same dice) wins clearly more often: by :data:`DEVIATE` on
    average, and by :data:`SURE` standard errors of its lead round by round. Where the
    lead choice won every rollout, another that did too is played if its narrowest
    lead over the other seats was wider (a seat far ahead keeps its lead safe)."""
    lead = next(a for a in arms if a.lead)
    rivals = [a for a in arms if a.visits >= lead.visits and not a.lead]
    sure = [a for a in rivals if clear_lead(a, lead)]
    if not sure and lead.always_won:
        # every choice that also always won, with a wider narrowest lead, keeps the win
        # more surely (win shares cannot tell them apart: they are all 1)
        sure = [a for a in rivals if a.always_won and a.worst_lead > lead.worst_lead]
    return min(sure, key=_rank, default=lead)


def clear_lead(arm: Arm, lead: Arm) -> bool:
    """Whether ``arm`` beats the ``lead`` choice in the rounds both played, beyond luck."""
    return beats(arm, lead, DEVIATE)


def beats(arm: Arm, other: Arm, margin: float = 0.0) -> bool:
    """Whether ``arm`` won more often than ``other`` in the rounds both played (so on
    the same dice) by more than ``margin`` on average and by :data:`SURE` standard
    errors of its lead: a difference that luck alone hardly explains."""
    leads = [share - other.shares[r] for r, share in arm.shares.items() if r in other.shares]
    n = len(leads)
    if n < 2:
        return False
    mean = sum(leads) / n
    spread = math.sqrt(sum((x - mean) ** 2 for x in leads) / (n - 1))
    return mean > margin and mean > SURE * spread / math.sqrt(n)


_PLANNED: dict[tuple[str, int, str], Action] = {}
"""The next action of each line a sharp player chose, by (game, seat, seat's view):
the rest of its placement is played without searching again."""


def _view_key(window: SeatWindow[Any], seat: int) -> tuple[str, int, str]:
    return (window.game_id, seat, canonical(window.view()))


def _plan(window: SeatWindow[Any], seat: int, arm: Arm) -> None:
    """Remember the rest of ``arm``'s line, keyed by the view before each of its steps."""
    if len(_PLANNED) > 256:
        _PLANNED.clear()
    state = window.resample(random.Random(0))  # the seat's own actions: no chance
    state.apply_trusted(arm.action)
    for action in arm.rest:
        _PLANNED[_view_key(SeatWindow(state, seat), seat)] = action
        state.apply_trusted(action)


class SharpBot:
    """Searches the seat's choices by playouts from resampled states (see the module)."""

    name = "sharp"

    def __init__(self, *, think_ms: float | None = None, iterations: int | None = None) -> None:
        self.think_ms = think_ms
        self.iterations = iterations

    def choose(self, state: SeatWindow[Any], seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len({state.choice_key(a) for a in legal}) == 1:
            return legal[0]
        weighs_lines = state.game_id not in _ADVICE_LINES  # else the advice's alone
        if state.game_id in _LINES and weighs_lines:
            planned = _PLANNED.pop(_view_key(state, seat), None)
            if planned is not None and state.is_legal(planned):
                return planned
            lines = None if state.game_id in _SHARP_LINES else _LINES[state.game_id](state)
            if lines:  # the friendly line, whole, without a search
                arm = Arm(lines[0][0], lead=True, rest=lines[0][1:])
                _plan(state, seat, arm)
                return arm.action
        arms = search(
            state,
            rng,
            iterations=self.iterations,
            think_ms=self.think_ms,
            lines_allowed=weighs_lines,
        )
        best = choice(arms)
        if best.rest:
            _plan(state, seat, best)
        return best.action
