"""Reaching Royal Turf positions by play: forced chance outcomes and chosen moves only.

Scenario tests never write to a state's attributes. They deal the cards they need
(forced draws), place the chips they need (betting turns), win the money they need in
earlier races (:func:`finish_race`) and run a race to a position (:func:`run_to`,
:func:`race_position`): the cards are drawn to suit it, and a depth-first search over
rolls and horse choices plans the moves. The planner only plans unhindered moves (no
horse lands on a taken field), so it needs no copy of the blocking rule; the engine
plays every step through ``State.apply`` and the position reached is then checked,
so a position the rules cannot produce is never reached.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from pygames.royal_turf import CARDS, GAME, HORSES
from pygames.royal_turf.data import PACE_FIELD
from pygames.royal_turf.state import RoyalTurfState

NAMES = ["A", "B", "C", "D", "E", "F"]
SYMBOLS = ("head", "helmet", "saddle", "horseshoe")
FIRST_CARDS = ["EG1", "AL1", "NO1", "CA1", "RF1", "MO1", "OT1"]  # slots 33 … 27
Step = tuple[str, str]  # (symbol rolled, horse moved)
ANY = "any horse"  # a goal's pacemaker when it does not matter which horse took the tile


# --- dealing and betting -----------------------------------------------------------
def new_state(n: int = 4, hidden: bool = False) -> RoyalTurfState:
    state = GAME.new_state(NAMES[:n], {"hidden_bets": hidden})
    assert isinstance(state, RoyalTurfState)
    return state


def draw(state: RoyalTurfState, deck: Iterable[str]) -> RoyalTurfState:
    """Force the never-revealed cards of this race's reveal in ``deck`` order."""
    cards = list(deck)
    while state.phase == "reveal":
        state.apply({"type": "draw_card", "card": cards.pop(0)})
    return state


def deal(
    n: int = 4, hidden: bool = False, first: int = 0, deck: Iterable[str] = FIRST_CARDS
) -> RoyalTurfState:
    """Race 1, betting: ``first`` starts (CH2), the cards drawn in ``deck`` order."""
    state = new_state(n, hidden)
    state.apply({"type": "first_player", "player": first})
    draw(state, deck)
    assert state.phase == "betting"
    return state


def bet(state: RoyalTurfState, plan: Mapping[int, Mapping[str, int]]) -> RoyalTurfState:
    """Play the whole betting phase: each seat places its planned chips in plan order."""
    placed: dict[int, int] = {}
    while state.phase == "betting":
        seat = state.current_player()
        horse, chip = list(plan[seat].items())[placed.get(seat, 0)]
        state.apply({"type": "place_chip", "chip": chip, "horse": horse})
        placed[seat] = placed.get(seat, 0) + 1
    assert all(placed[s] == len(plan[s]) for s in plan), "every planned chip is placed"
    return state


def roll(state: RoyalTurfState, symbol: str) -> list[dict[str, Any]]:
    return state.apply({"type": "roll", "symbol": symbol})


def move(state: RoyalTurfState, horse: str) -> list[dict[str, Any]]:
    return state.apply({"type": "move_horse", "horse": horse})


def roll_move(state: RoyalTurfState, symbol: str, horse: str) -> list[dict[str, Any]]:
    return roll(state, symbol) + move(state, horse)


def play(state: RoyalTurfState, script: Iterable[Step]) -> RoyalTurfState:
    for symbol, horse in script:
        roll_move(state, symbol, horse)
    return state


# --- planning a race position ------------------------------------------------------
@cache
def _sums(card: str, moves: int) -> frozenset[int]:
    """Every distance ``moves`` unhindered moves with ``card`` can cover."""
    if moves <= 0:
        return frozenset({0}) if moves == 0 else frozenset()
    values = set(CARDS[card][1].values())
    return frozenset(v + s for v in values for s in _sums(card, moves - 1))


class Goal:
    """A race position before a roll: fields of the horses on the track, the finishers
    in order, the horses flagged moved in this cycle and the pacemaker."""

    def __init__(
        self,
        fields: Mapping[str, int],
        finished: tuple[str, ...] = (),
        moved: Iterable[str] = (),
        pacemaker: str | None = None,
    ) -> None:
        assert set(fields) | set(finished) == set(HORSES) and not set(fields) & set(finished)
        self.fields = dict(fields)
        self.finished = tuple(finished)
        self.moved = frozenset(moved)
        self.pacemaker = pacemaker

    def reached(self, s: RoyalTurfState) -> bool:
        return (
            s.phase == "race"
            and s.roll is None
            and s.fields == self.fields
            and tuple(s.finished) == self.finished
            and set(s.moved) == self.moved
            and self.pace_ok(s.pacemaker, final=True)
        )

    def pace_ok(self, pacemaker: str | None, final: bool = False) -> bool:
        if self.pacemaker == ANY:
            return pacemaker is not None or not final or self._no_tile_needed()
        return pacemaker == self.pacemaker or (not final and pacemaker is None)

    def _no_tile_needed(self) -> bool:
        return not self.finished and min(self.fields.values()) > PACE_FIELD

    def fits(self, horse: str, card: str, start: int, cycles: int) -> bool:
        """Whether ``horse`` could run from ``start`` to its goal in ``cycles`` cycles."""
        if horse in self.fields:
            return start - self.fields[horse] in _sums(card, cycles + (horse in self.moved))
        return (cycles + 1) * max(CARDS[card][1].values()) >= start


class _Planner:
    """A quick model of a race run with unhindered moves only, to find a script.

    It never lets a horse land on a taken field, so it needs no copy of the blocking
    rule; the engine then plays the script and :meth:`Goal.reached` checks the result.
    """

    def __init__(self, goal: Goal, cards: Mapping[str, str]) -> None:
        self.goal = goal
        self.cards = dict(cards)
        self.values = {h: sorted(set(CARDS[c][1].values()), reverse=True) for h, c in cards.items()}
        self.symbol = {
            (h, v): next(s for s in SYMBOLS if CARDS[c][1][s] == v)
            for h, c in cards.items()
            for v in self.values[h]
        }
        self.failed: set[Any] = set()
        self.budget = 200_000

    def possible(
        self,
        fields: Mapping[str, int],
        moved: frozenset[str],
        finished: tuple[str, ...],
        pacemaker: str | None,
        cycles: int,
    ) -> bool:
        goal = self.goal
        if finished != goal.finished[: len(finished)] or not goal.pace_ok(pacemaker):
            return False
        for h, target in goal.fields.items():
            left = cycles + (h in goal.moved) - (h in moved)
            if h not in fields or fields[h] - target not in _sums(self.cards[h], left):
                return False
        for h in goal.finished[len(finished) :]:
            if (cycles + 1 - (h in moved)) * self.values[h][0] < fields[h]:
                return False
        return True

    def search(
        self,
        fields: dict[str, int],
        moved: frozenset[str],
        finished: tuple[str, ...],
        pacemaker: str | None,
        cycles: int,
    ) -> list[Step] | None:
        goal = self.goal
        if (
            cycles == 0
            and (fields, moved, finished) == (goal.fields, goal.moved, goal.finished)
            and goal.pace_ok(pacemaker, final=True)
        ):
            return []
        key = (tuple(sorted(fields.items())), moved, finished, pacemaker, cycles)
        if key in self.failed or self.budget <= 0:
            return None
        self.budget -= 1
        taken = set(fields.values())
        for h in HORSES:
            if h not in fields or h in moved:
                continue
            for v in self.values[h]:
                to = fields[h] - v
                if to in taken:
                    continue  # it would be blocked: not planned for
                after, now_moved, now_finished = dict(fields), moved, finished
                if to <= 0:
                    del after[h]
                    now_finished = (*finished, h)
                else:
                    after[h] = to
                    now_moved = moved | {h}
                pace = h if pacemaker is None and to <= PACE_FIELD else pacemaker
                if len(now_finished) == 3:
                    continue  # the race would be over
                left = cycles
                if all(g in now_moved for g in after):
                    now_moved, left = frozenset(), cycles - 1
                if left < 0 or not self.possible(after, now_moved, now_finished, pace, left):
                    continue
                rest = self.search(after, now_moved, now_finished, pace, left)
                if rest is not None:
                    return [(self.symbol[h, v], h), *rest]
        self.failed.add(key)
        return None


def script_to(state: RoyalTurfState, goal: Goal, cycles: int) -> list[Step] | None:
    """Rolls and moves from ``state`` (a race before a roll) to ``goal`` after ``cycles``
    cycle resets, or None if the planner finds none."""
    planner = _Planner(goal, state.cards)
    start = (dict(state.fields), frozenset(state.moved), tuple(state.finished), state.pacemaker)
    if not planner.possible(*start, cycles):
        return None
    return planner.search(*start, cycles)


def lineups(
    state: RoyalTurfState,
    goal: Goal,
    cards: Mapping[str, str] | None = None,
    keep: Iterable[str] = (),
) -> Iterable[tuple[list[str], int]]:
    """Draw orders for this race (one unseen card per horse, slot by slot) from which
    the goal can be run to, each with its number of whole cycles (fewest first).

    ``cards`` are the cards some horses must run with; ``keep`` are cards left unseen
    for a later race."""
    wanted = dict(cards or {})
    spare = [c for c in state.unrevealed if c not in set(keep)]
    options = {
        h: [wanted[h]] if h in wanted else [c for c in spare if CARDS[c][0] == h] for h in HORSES
    }
    order = sorted(HORSES, key=lambda h: (h not in goal.fields, -goal.fields.get(h, 0)))

    def assign(i: int, free: list[int], cycles: int) -> Iterable[dict[str, tuple[str, int]]]:
        if i == len(order):
            yield {}
            return
        h = order[i]
        for start in free:
            for card in options[h]:
                if goal.fits(h, card, start, cycles):
                    rest_free = [f for f in free if f != start]
                    for rest in assign(i + 1, rest_free, cycles):
                        yield {h: (card, start), **rest}

    for cycles in range(10):
        for found in assign(0, list(range(33, 26, -1)), cycles):
            by_start = sorted(found.values(), key=lambda card_start: -card_start[1])
            yield [card for card, _ in by_start], cycles


def run_to(
    state: RoyalTurfState,
    goal: Goal,
    *,
    cards: Mapping[str, str] | None = None,
    plan: Mapping[int, Mapping[str, int]] | None = None,
    lot: int | None = None,
    keep: Iterable[str] = (),
    tries: int = 400,
) -> list[Step]:
    """From a race's reveal: draw cards that suit ``goal``, bet (``plan``, else the first
    legal chip each turn), run the race to ``goal``; return the race's script."""
    assert state.phase == "reveal"

    def prepare(s: RoyalTurfState, deck: list[str]) -> None:
        draw(s, deck)
        if s.phase == "start_lot":
            tied = [o["player"] for o, _ in s.chance_outcomes()]
            s.apply({"type": "start_player_lot", "player": tied[0] if lot is None else lot})
        if plan is not None:
            bet(s, plan)
        while s.phase == "betting":
            s.apply(s.legal_actions()[0])

    for deck, cycles in itertools.islice(lineups(state, goal, cards, keep), tries):
        trial = state.clone()
        prepare(trial, deck)
        for more in (cycles, cycles + 1):
            script = script_to(trial, goal, more)
            if script is not None:
                # Play it for real on the caller's state: the same draws, chips and moves.
                prepare(state, deck)
                play(state, script)
                assert goal.reached(state), "the engine did not follow the plan"
                return script
    raise AssertionError(f"no play found to {goal.__dict__}")


def race_position(
    n: int = 4,
    hidden: bool = False,
    *,
    fields: Mapping[str, int],
    finished: tuple[str, ...] = (),
    moved: Iterable[str] = (),
    pacemaker: str | None = None,
    cards: Mapping[str, str] | None = None,
    plan: Mapping[int, Mapping[str, int]] | None = None,
    turn: int | None = None,
) -> RoyalTurfState:
    """A new game's race 1 played to this position (before a roll), with ``turn`` (if
    given) the seat to roll next: the first player (CH2) is chosen to make it so."""
    goal = Goal(fields, finished, moved, pacemaker)
    first = 0
    for _ in range(2):
        state = new_state(n, hidden)
        state.apply({"type": "first_player", "player": first})
        script = run_to(state, goal, cards=cards, plan=plan)
        if turn is None or state.turn == turn:
            return state
        first = (turn - len(script)) % n
    raise AssertionError("the turn could not be arranged")


def finish_race(
    state: RoyalTurfState,
    places: tuple[str, str, str],
    pacemaker: str,
    last: str,
    *,
    plan: Mapping[int, Mapping[str, int]] | None = None,
    keep: Iterable[str] = (),
) -> list[dict[str, Any]]:
    """From a race's reveal, run the whole race to this result; the last move's events.

    The third horse home finishes from field 2; the last horse ends on field 16 and
    the others in between."""
    others = [h for h in HORSES if h not in places and h != last]
    fields = {places[2]: 2, **dict(zip(others, (6, 9, 12), strict=True)), last: 16}
    run_to(state, Goal(fields, places[:2], (), pacemaker), plan=plan, keep=keep)
    card = CARDS[state.cards[places[2]]][1]
    events = roll_move(state, max(SYMBOLS, key=lambda s: card[s]), places[2])
    over = next(e for e in events if e["type"] == "race_over")
    assert (tuple(over["places"]), over["pacemaker"], over["last"]) == (places, pacemaker, last)
    return events


def race_start(
    n: int = 4,
    hidden: bool = False,
    first: int = 0,
    deck: Iterable[str] = FIRST_CARDS,
    plan: Mapping[int, Mapping[str, int]] | None = None,
) -> RoyalTurfState:
    """Race 1 after betting (``plan``, or the first legal chip each turn), before the roll."""
    state = deal(n, hidden, first, deck)
    if plan is not None:
        bet(state, plan)
    while state.phase == "betting":
        state.apply(state.legal_actions()[0])
    assert state.phase == "race" and state.roll is None
    return state
