"""Reaching Homestretch positions by play: forced chance outcomes and chosen decisions.

Every helper here goes through ``State.apply`` only: the deal is a forced C1 order,
race cards are forced C2 draws, dice are forced C5 outcomes, and money, shares and
positions follow from the rules. Nothing sets an attribute of the state directly, so
a scenario built with these helpers can only pass if the rules produce its position.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pygames.core import Action
from pygames.homestretch import GAME
from pygames.homestretch.data import CARD_COST, CARD_HORSE
from pygames.homestretch.state import HomestretchState, Phase

NAMES = ["Jon", "Anna", "Frank", "Dee", "Eve", "Fay"]
MARKERS = ["1a", "1b", "2a", "2b", "3"]
Bets = dict[str, dict[str, Any]]


# --- setup and draft ---------------------------------------------------------------------
def new_state(n: int = 3, colours: list[str] | None = None, **options: bool) -> HomestretchState:
    """A new game; ``colours`` are chosen at setup (spec §2 step 1), else by seat."""
    opts: dict[str, Any] = dict(options)
    if colours:
        opts["colours"] = ",".join(colours)
    state = GAME.new_state(NAMES[:n], opts)
    assert isinstance(state, HomestretchState)
    return state


def act(state: HomestretchState, kind: str, **fields: Any) -> list[dict[str, Any]]:
    """The player to act plays ``kind`` (his colour filled in)."""
    colour = state.colours[state.current_player()]
    return state.apply({"type": kind, "player": colour, **fields})


def deal(state: HomestretchState, blocks: list[list[str]] | None = None) -> None:
    """Force the deal (C1 draws, block order); without ``blocks`` the first card each time."""
    for block in blocks or []:
        for card in block:
            state.apply({"type": "deal_card", "card": card})
    while state.phase == Phase.DEAL:
        state.apply(state.chance_outcomes()[0][0])


def draft_all(state: HomestretchState) -> None:
    """Every pick takes the first listed card; ghost removals take the first card."""
    while state.phase in (Phase.DRAFT, Phase.GHOST):
        if state.is_chance():
            state.apply(state.chance_outcomes()[0][0])
        else:
            state.apply(state.legal_actions()[0])


def deal_for(kept: list[list[str]], ghost: list[str] | None = None) -> list[list[str]]:
    """The deal (hands in C1 block order) after which every seat can keep ``kept[seat]``.

    Hands pass to the left each round, so the hand first dealt to position ``j`` is seen
    by position ``j + r`` in round ``r``: it must hold what that position keeps then.
    With 2 players the ghost is a position between the seats (R3) whose round-``r``
    card, from ``ghost``, it removes (C3).
    """
    rounds = len(kept[0])
    assert all(len(k) == rounds for k in kept)
    if len(kept) == 2:
        assert ghost is not None and len(ghost) == rounds
        ring: list[list[str]] = [kept[0], list(ghost), kept[1]]  # seat 1, ghost, seat 2
    else:
        ring = kept
    size = len(ring)
    return [[ring[(j + r) % size][r] for r in range(rounds)] for j in range(size)]


def draft_to(
    state: HomestretchState, kept: list[list[str]], ghost: list[str] | None = None
) -> None:
    """Deal and draft so that seat ``s`` keeps exactly ``kept[s]`` (in that pick order).

    With 2 players ``ghost`` lists the cards the ghost removes, one per round.
    """
    deal(state, deal_for(kept, ghost))
    planned = {c for k in kept for c in k}
    while state.phase in (Phase.DRAFT, Phase.GHOST):
        if state.phase == Phase.GHOST:
            card = next(c for c in sorted(state.ghost) if c not in planned)
            state.apply({"type": "ghost_removal", "card": card})
        else:
            seat = state.current_player()
            act(state, "draft_pick", card=kept[seat][state.draft_round - 1])
    assert state.phase == Phase.RACE_CARD
    assert [sorted(s) for s in state.shares] == [sorted(k) for k in kept]


def cost(cards: Iterable[str]) -> int:
    return sum(CARD_COST[c] for c in cards)


# --- race preparation and betting -----------------------------------------------------------
def reveal(state: HomestretchState, card: str) -> None:
    """Race preparation with ``card`` (a forced C2 draw); every claim is KEEP."""
    assert state.phase == Phase.RACE_CARD
    state.apply({"type": "race_card", "card": card})
    while state.phase == Phase.CLAIMS:
        act(state, "bet_order_claim", choice="KEEP")
    assert state.phase == Phase.BETTING


def spread(horse0: int = 2, row: str = "WIN") -> Bets:
    """Five markers on five different cells of one row (legal at every rank)."""
    return {m: {"horse": horse0 + i, "row": row} for i, m in enumerate(MARKERS)}


def on_cells(cells: list[tuple[int, str]]) -> Bets:
    """Five markers on the given cells, the 3 first, then 2, 2, 1, 1 (one per cell)."""
    return {
        m: {"horse": h, "row": row}
        for m, (h, row) in zip(["3", "2a", "2b", "1a", "1b"], cells, strict=True)
    }


def bets_of(items: list[tuple[int, str, int]]) -> Bets:
    """[(value, row, horse)] -> a place_bets map using marker ids 1a, 1b, 2a, 2b, 3."""
    free = {1: ["1a", "1b"], 2: ["2a", "2b"], 3: ["3"]}
    return {free[v].pop(0): {"horse": h, "row": row} for v, row, h in items}


def bet(state: HomestretchState, by_colour: Mapping[str, Bets] | None = None) -> None:
    """Every betting turn places its whole map (``by_colour``, else WIN on 2–6)."""
    while state.phase == Phase.BETTING:
        colour = state.colours[state.current_player()]
        act(state, "place_bets", bets=(by_colour or {}).get(colour, spread()))


def start_running(state: HomestretchState, first: int | None = None) -> None:
    """Resolve a start-player roll-off (C6), ``first`` (else the first tied seat) winning."""
    while state.phase == Phase.ROLL_OFF:
        seat = state.rolloff[len(state.rolloff_rolls)]
        winner = first if first is not None else state.rolloff[0]
        a = 6 if seat == winner else 1
        state.apply({"type": "roll_off", "player": state.colours[seat], "a": a, "b": a})
    assert state.phase == Phase.RACE and state.is_chance()


def race_ready(
    state: HomestretchState, card: str, by_colour: Mapping[str, Bets] | None = None
) -> None:
    """From a race card due: reveal ``card``, all KEEP, place the bets, find the start player."""
    reveal(state, card)
    bet(state, by_colour)
    start_running(state)


# --- running ---------------------------------------------------------------------------
def dice_for(h: int) -> tuple[int, int]:
    a = max(1, h - 6)
    return a, h - a


def roll(state: HomestretchState, a: int, b: int) -> list[dict[str, Any]]:
    assert state.is_chance() and state.phase == Phase.RACE
    return state.apply({"type": "roll", "a": a, "b": b})


def two(state: HomestretchState, h: int) -> None:
    """A turn: roll ``h``, move it TWO (its X, if any, is used up instead and the turn stops)."""
    roll(state, *dice_for(h))
    if state.pending == "reroll_or_stop":  # an X: P22(b)
        act(state, "reroll_or_stop", choice="STOP")
    else:
        act(state, "move_choice", choice="TWO")


def one(state: HomestretchState, h: int, then: int) -> None:
    """A turn: roll ``h``, ONE_AND_REROLL, then the second roll is ``then`` (P23)."""
    roll(state, *dice_for(h))
    act(state, "move_choice", choice="ONE_AND_REROLL")
    roll(state, *dice_for(then))


def x_stop(state: HomestretchState, h: int) -> None:
    """A turn: roll ``h`` while it carries an X (P22(b)) and STOP."""
    roll(state, *dice_for(h))
    assert state.pending == "reroll_or_stop"
    act(state, "reroll_or_stop", choice="STOP")


def play_turns(state: HomestretchState, script: list[tuple[Any, ...]]) -> None:
    """Turns by script: ("two", h), ("one", h, then), ("x", h)."""
    for step in script:
        match step:
            case ("two", h):
                two(state, h)
            case ("one", h, then):
                one(state, h, then)
            case ("x", h):
                x_stop(state, h)
            case _:
                raise AssertionError(f"unknown turn {step!r}")


def run_race(state: HomestretchState, places: list[int]) -> list[dict[str, Any]]:
    """Play the race to its end with ``places`` finishing 1st, 2nd, 3rd (own rolls, TWO).

    Returns the events of the last turn (the payout)."""
    events: list[dict[str, Any]] = []
    races = len(state.results)
    for h in places:
        # (once the race is over the next one may already be prepared: finish order reset)
        while h not in state.finished and len(state.results) == races:
            roll(state, *dice_for(h))
            if state.pending == "reroll_or_stop":
                events = act(state, "reroll_or_stop", choice="STOP")
            else:
                events = act(state, "move_choice", choice="TWO")
    assert state.results and state.results[-1]["places"] == places
    return events


def positions(state: HomestretchState) -> dict[int, int]:
    return {h: state.pos[h] for h in range(2, 13)}


# --- buying ------------------------------------------------------------------------------
def turn_up(state: HomestretchState, cards: list[str] | None = None) -> None:
    """Resolve C4 draws: ``cards`` in order, then the first card each time."""
    for card in cards or []:
        assert state.is_chance()
        kind = "display_card" if state.phase == Phase.DISPLAY else "blind_card"
        state.apply({"type": kind, "card": card})
    while state.phase in (Phase.DISPLAY, Phase.BLIND):
        state.apply(state.chance_outcomes()[0][0])


def buy(state: HomestretchState, plan: Mapping[str, Action] | None = None) -> None:
    """Share buying to its end: each colour's listed choice in round 1, else PASS."""
    turn_up(state)
    done: set[str] = set()
    while state.phase in (Phase.BUYING, Phase.DISPLAY, Phase.BLIND):
        if state.is_chance():
            turn_up(state)
            continue
        colour = state.colours[state.current_player()]
        choice = (plan or {}).get(colour) if colour not in done else None
        done.add(colour)
        act(state, "buy_action", **(choice or {"choice": "PASS"}))


def horses_of(cards: Iterable[str]) -> list[int]:
    return sorted(CARD_HORSE[c] for c in cards)


def play_races(state: HomestretchState, races: list[tuple[str, list[int]]]) -> None:
    """Whole races by script: (card, places) each, default bets, buying all PASS."""
    for card, places in races:
        race_ready(state, card)
        run_race(state, places)
        if state.phase in (Phase.DISPLAY, Phase.BUYING):
            buy(state)


def reach(
    state: HomestretchState, targets: Mapping[int, int], finish: tuple[int, ...] = ()
) -> None:
    """Play turns until the horses in ``finish`` have finished in that order and every
    horse of ``targets`` stands on its square (own rolls only, no bonus moves).

    X markers on target horses are used up first. Each horse's way is split into
    moves of 2 (TWO, or a second roll) and at most one move of 1 (ONE_AND_REROLL, whose
    second roll is another horse's move of 2); a plus marker adds to the first move.
    """
    for h in finish:
        while h not in state.finished:
            two(state, h)
    for h in targets:
        if state.hcap[h] == "X" and targets[h] > state.pos[h]:
            x_stop(state, h)
    doubles: list[int] = []  # one entry per move of 2 still to make
    singles: list[int] = []
    for h, target in targets.items():
        rest = target - state.pos[h]
        plus = state.plus_squares(h)
        if rest <= 0:
            assert rest == 0, f"horse {h} is beyond square {target}"
            continue
        if plus:
            if rest >= 2 + plus:
                doubles.append(h)
                rest -= 2 + plus
            else:
                assert rest == 1 + plus, f"horse {h} cannot stop on {target} with +{plus}"
                singles.append(h)
                rest = 0
        doubles += [h] * (rest // 2)
        if rest % 2:
            singles.append(h)
    for h in singles:
        # A plus marker adds to whichever own move comes first: the sum is the same.
        one(state, h, doubles.pop(0))
    for h in doubles:
        two(state, h)
    assert {h: state.pos[h] for h in targets} == dict(targets), positions(state)
    assert state.finished == list(finish)


# --- drafts with known money (50 minus the kept shares' cost) ----------------------------
DESC3 = [
    ["B2a", "B2b", "B12a", "B12b", "B3a"],  # 12 -> money 38
    ["B3b", "B11a", "B11b", "B4a", "B4b"],  # 24 -> 26
    ["B10a", "B10b", "B5a", "B5b", "B9a"],  # 36 -> 14
]
"""Three players, richest first; horses 6, 7 and 8 belong to nobody."""
DESC4 = [*DESC3, ["B9b", "B6a", "B6b", "B7a", "B7b"]]  # the 4th: 48 -> 2
"""Four players, richest first; horse 8 belongs to nobody."""
EQUAL3 = [
    ["B2a", "B3a", "B4a", "B5a", "B6a"],
    ["B12a", "B11a", "B10a", "B9a", "B7a"],
    ["B2b", "B3b", "B4b", "B5b", "B8a"],
]
"""Three players whose shares cost 30 each: all level on money 20."""


def drafted(
    kept: list[list[str]], colours: list[str] | None = None, **options: bool
) -> HomestretchState:
    """A new game drafted to ``kept``: race 1's card is the next chance node."""
    state = new_state(len(kept), colours, **options)
    draft_to(state, kept)
    return state
