"""Reach Finish Line positions by playing them: every step goes through ``State.apply``.

Chance is forced by picking the outcome a scenario needs from ``chance_outcomes()``;
decisions are chosen from ``legal_actions()``. Nothing here writes to the state, so
a scenario can only reach positions the rules allow, and a rule bug in the engine
shows up in the position itself.

A turn is either a *filler* (:func:`idle`: take a die, roll dull faces, discard one,
the row untouched) or a *key* turn (:func:`act`: make sure the hand holds a die of
the wanted colour, roll it to the wanted face and use it). Fillers take the colour
the pool holds most of, so the scarce colours (green, black, and yellow for the home
stretch) stay in the pool for the key turns that need them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

import pytest

from pygames.core import Action, Event, IllegalAction
from pygames.finish_line import GAME
from pygames.finish_line.data import COLOUR_INDEX, COLOURS, FACE_IDS
from pygames.finish_line.state import FinishLineState, Phase

NAMES = ["A", "B", "C", "D"]
A, B, C, D = range(4)
S1_TILES = [8, 22, 3, 5, 18, 11, 20]

# Faces a filler rolls; they are never used, only discarded or passed on.
DULL = {
    "white": "BLANK",
    "green": "BLANK",
    "black": "EXTRA_TURN",
    "red": "BLANK",
    "yellow": "HELMET",
}
Die = tuple[str, str]


# --- setup: start player, lineup, slips ------------------------------------------------------
def new_state(n: int = 4, **options: bool) -> FinishLineState:
    state = GAME.new_state(NAMES[:n], options)
    assert isinstance(state, FinishLineState)
    return state


def draw(state: FinishLineState, tiles: Iterable[int]) -> None:
    """CH-SHUFFLE forced: the next tiles of the stack, s1 first."""
    for tile in tiles:
        chance(state, {"type": "draw_tile", "tile": tile})


def betting_state(
    n: int = 4, tiles: list[int] | None = None, start: int = 0, **options: bool
) -> FinishLineState:
    """Race 1, betting open: ``start`` is the start player, tiles drawn s1…s7."""
    state = new_state(n, **options)
    chance(state, {"type": "start_player", "seat": start})
    draw(state, tiles or S1_TILES)
    assert state.phase == Phase.BETTING and state.current_player() == start
    return state


def close_betting(state: FinishLineState) -> None:
    while state.phase == Phase.BETTING:
        state.apply({"type": "bet_done"})


def bet(state: FinishLineState, slips: dict[int, list[Action]]) -> None:
    """Every slip in B6 order (clockwise from the start player), each then confirmed."""
    while state.phase == Phase.BETTING:
        seat = state.current_player()
        for action in slips.get(seat, []):
            state.apply(action)
        state.apply({"type": "bet_done"})


def race_state(
    n: int = 4, tiles: list[int] | None = None, start: int = 0, **options: bool
) -> FinishLineState:
    """Race 1 after empty slips: the start player must take the first 3 dice."""
    state = betting_state(n, tiles, start, **options)
    close_betting(state)
    assert state.phase == Phase.TAKE_FIRST
    return state


def win(horse: int, amount: int) -> Action:
    return {"type": "bet_win", "horse": horse, "amount": amount}


def place(a: int, b: int, amount: int) -> Action:
    return {"type": "bet_place", "horses": sorted([a, b]), "amount": amount}


# --- one step ------------------------------------------------------------------------------
def chance(state: FinishLineState, outcome: Action) -> list[Event]:
    """Force a chance node: ``outcome`` must be one of its listed outcomes."""
    assert state.is_chance(), f"not a chance node but {state.phase}"
    listed = [o for o, _ in state.chance_outcomes()]
    assert outcome in listed, f"{outcome} is not a possible outcome here"
    return state.apply(outcome)


def decide(state: FinishLineState, action: Action) -> list[Event]:
    """A decision: ``action`` must be one of the legal actions listed now."""
    assert action in state.legal_actions(), f"{action} is not legal in {state.phase}"
    return state.apply(action)


# --- turns ---------------------------------------------------------------------------------
def _abundant(state: FinishLineState, allowed: list[str], avoid: Iterable[str] = ()) -> str:
    """The allowed colour the pool holds most of (colour order breaks ties)."""
    shunned = set(avoid)
    pool = [c for c in allowed if c not in shunned] or allowed
    return max(pool, key=lambda c: (state.pool[c], -COLOUR_INDEX[c]))


def _take(
    state: FinishLineState, colour: str | list[str] | None, avoid: Iterable[str] = ()
) -> None:
    """Take dice for this turn: ``colour`` if given; on the first turn three dice, the
    given colours (a list) or the given colour with two of the most plentiful other."""
    if state.phase == Phase.TAKE_FIRST:
        if isinstance(colour, list):
            colours = colour
        else:
            first = colour or "white"
            second = "red" if first == "white" else "white"
            colours = [first, second, second]
        colours = sorted(colours, key=COLOUR_INDEX.__getitem__)
        decide(state, {"type": "take_first", "colours": colours})
        return
    assert state.phase == Phase.TAKE, f"no die can be taken in {state.phase}"
    assert not isinstance(colour, list), "only the first turn takes three dice"
    allowed = [a["colour"] for a in state.legal_actions()]
    pick = colour if colour is not None else _abundant(state, allowed, avoid)
    decide(state, {"type": "take", "colour": pick})


def _roll(state: FinishLineState, faces: Iterable[Die]) -> None:
    """Force every CH-ROLL node of the hand: listed faces first, dull faces otherwise."""
    wanted = list(faces)
    while state.phase == Phase.ROLL:
        colour = next(c for c, f in state.hand if f is None)
        face = next((f for c, f in wanted if c == colour), DULL[colour])
        if (colour, face) in wanted:
            wanted.remove((colour, face))
        chance(state, {"type": "roll", "colour": colour, "face": face})
    assert not wanted, f"the hand holds no die for {wanted}"


def hand(state: FinishLineState) -> list[str]:
    """Colours of the dice in hand (passed to the player to act), in colour order."""
    return [c for c, _ in state.hand]


def roll(state: FinishLineState, *faces: Die, take: str | list[str] | None = None) -> None:
    """The player to act takes ``take`` (or a die of the first face's colour when the
    hand lacks one) and rolls ``faces``; the turn then waits for its ``use``."""
    need = [c for c, _ in faces]
    if take is None and state.phase == Phase.TAKE:
        missing = [c for c in need if need.count(c) > hand(state).count(c)]
        take = missing[0] if missing else None
    elif take is None:
        take = need[0] if need else None
    _take(state, take)
    _roll(state, faces)
    assert state.phase == Phase.USE


def use(state: FinishLineState, colour: str, face: str, **targets: Any) -> list[Event]:
    return decide(state, {"type": "use", "colour": colour, "face": face, **targets})


def discard(state: FinishLineState, colour: str, face: str) -> list[Event]:
    return decide(state, {"type": "discard", "colour": colour, "face": face})


def act(state: FinishLineState, colour: str, face: str, **targets: Any) -> list[Event]:
    """A key turn: roll a ``colour`` die to ``face`` and use it on ``targets``."""
    roll(state, (colour, face))
    return use(state, colour, face, **targets)


def idle(
    state: FinishLineState,
    take: str | list[str] | None = None,
    pass_on: tuple[str, str] | None = None,
    avoid: Iterable[str] = (),
) -> list[Event]:
    """A filler turn: take a die, roll dull faces, discard one die, the row untouched.

    ``pass_on``: the colours of the two dice kept and passed on (else the first die of
    the hand is discarded). ``avoid``: colours not to take while another is allowed.
    """
    _take(state, take, avoid)
    _roll(state, [])
    kept = pass_on or _mixed_pair(hand(state))
    rest = list(state.hand)
    for colour in kept:
        rest.remove(next(d for d in rest if d[0] == colour))
    ((colour, face),) = rest
    return discard(state, colour, face)


def pass_to(
    state: FinishLineState, first: str, second: str, take: tuple[str, str] | None = None
) -> None:
    """Two filler turns after which the player to act receives ``first`` and ``second``.

    The first filler takes ``take[0]`` (default ``first``) and keeps a ``first`` die
    with another colour; the second takes ``take[1]`` (default ``second``) and keeps
    ``first`` and ``second``.
    """
    takes = take or (first, second)
    _take(state, takes[0] if state.phase == Phase.TAKE else [takes[0], "red", "red"])
    _roll(state, [])
    other = [c for c in hand(state) if c != first] or [first]
    _discard_keeping(state, (first, other[0]))
    _take(state, takes[1])
    _roll(state, [])
    _discard_keeping(state, (first, second))
    assert hand(state) == sorted([first, second], key=COLOUR_INDEX.__getitem__)


def steer(state: FinishLineState, pool: dict[str, int]) -> None:
    """Filler turns taking only dice the pool holds beyond ``pool`` until it is that.

    Fillers pass on two different colours where they can, so the two-colour rule
    never forces a take (T3).
    """
    target = {c: pool.get(c, 0) for c in COLOURS}
    while state.view()["pool"] != target:
        assert state.phase in (Phase.TAKE, Phase.TAKE_FIRST), state.phase
        surplus = {c: state.pool[c] - target[c] for c in COLOURS}
        if state.phase == Phase.TAKE_FIRST:
            spare = sorted(
                (c for c in COLOURS if c != "yellow"), key=lambda c: (-surplus[c], COLOUR_INDEX[c])
            )
            a, b = spare[0], spare[1]
            idle(state, take=[a, a, b] if surplus[a] >= 2 else [a, b, spare[2]])
            continue
        allowed = [a["colour"] for a in state.legal_actions()]
        colour = max(allowed, key=lambda c: (surplus[c], -COLOUR_INDEX[c]))
        assert surplus[colour] > 0, f"steering to {target} has to take {colour}"
        idle(state, take=colour)


def _discard_keeping(state: FinishLineState, kept: tuple[str, str]) -> None:
    rest = list(state.hand)
    for colour in kept:
        rest.remove(next(d for d in rest if d[0] == colour))
    ((colour, face),) = rest
    discard(state, colour, face)


def whip_out(state: FinishLineState, horse: int) -> None:
    """Two key turns: a whip on ``horse``, then a second one that disqualifies it."""
    act(state, "red", "WHIP", horse=horse)
    act(state, "red", "WHIP", horse=horse)
    assert horse not in state.row


def _mixed_pair(colours: list[str]) -> tuple[str, str]:
    """Two dice of the hand to pass on, of different colours where possible."""
    for i, j in ((1, 2), (0, 2), (0, 1)):
        if colours[i] != colours[j]:
            return colours[i], colours[j]
    return colours[1], colours[2]


def idle_until(
    state: FinishLineState,
    seat: int | None = None,
    pool: int | None = None,
    avoid: Iterable[str] = (),
) -> None:
    """Filler turns until ``seat`` is to take a die and the pool holds at most ``pool``."""
    for _ in range(60):
        ready = state.phase in (Phase.TAKE, Phase.TAKE_FIRST)
        assert ready, f"the dice phase is over ({state.phase})"
        if (seat is None or state.current_player() == seat) and (
            pool is None or state.pool_size() <= pool
        ):
            return
        idle(state, avoid=avoid)
    raise AssertionError("the wanted turn never came")


def home_stretch(
    state: FinishLineState, seat: int | None = None, avoid: Iterable[str] = ()
) -> None:
    """Filler turns until yellow may be taken (R8), then on to ``seat``'s turn."""
    idle_until(state, pool=7, avoid=avoid)
    idle_until(state, seat, avoid=avoid)


def last_turn(state: FinishLineState) -> None:
    """Filler turns until the next die taken empties the pool (the race's final turn)."""
    idle_until(state, pool=1)
    assert state.phase == Phase.TAKE


def finish_race(state: FinishLineState) -> list[Event]:
    """Fillers to the end of the dice phase, held extra-turn dice declined: the race is
    settled, or waits for its photo finish (a chance node the caller forces)."""
    events: list[Event] = []
    race = state.race
    while state.race == race and not state.is_terminal() and state.phase != Phase.PHOTO:
        if state.phase in (Phase.TAKE, Phase.TAKE_FIRST):
            events += idle(state)
        else:
            assert state.phase == Phase.EXTRA, f"finish_race stops at {state.phase}"
            events += decide(state, {"type": "extra_decline"})
    return events


def photo(state: FinishLineState, upper: int, lower: int) -> list[Event]:
    return chance(state, {"type": "photo", "upper": upper, "lower": lower})


def race_between(
    state: FinishLineState, tiles: list[int], slips: dict[int, list[Action]] | None = None
) -> None:
    """The next race's lineup (forced draws) and slips, up to its first take."""
    assert state.phase == Phase.LINEUP
    draw(state, tiles)
    bet(state, slips or {})


def dice_on(state: FinishLineState, horse: int) -> list[tuple[str, str]]:
    """The dice lying on ``horse`` (colour, face), as the public view shows them."""
    row = state.view()["row"]
    return [(d["colour"], d["face"]) for r in row if r["horse"] == horse for d in r["dice"]]


def face_ids(colour: str) -> tuple[str, ...]:
    return FACE_IDS[colour]


# --- positions several tests start from and checks they share ---------------------------
W = ("white", "HORSESHOE")
BLANKS = (("white", "BLANK"), ("red", "BLANK"), ("green", "BLANK"))


def ranks(state: FinishLineState) -> dict[int, int]:
    return {int(h): r for h, r in state.view()["ranks"].items()}


def refused(state: FinishLineState, action: dict[str, Any], reason: str = "") -> str:
    """``apply`` refuses ``action`` (with ``reason`` in the message); state unchanged."""
    before = json.dumps(state.to_json(), sort_keys=True)
    assert action not in state.legal_actions()
    with pytest.raises(IllegalAction, match=reason) as info:
        state.apply(action)
    assert json.dumps(state.to_json(), sort_keys=True) == before
    return str(info.value)


def horse_targets(state: FinishLineState, colour: str, face: str) -> set[int]:
    return {
        a["horse"]
        for a in state.legal_actions()
        if a["type"] == "use" and a["colour"] == colour and a["face"] == face
    }


def removed(state: FinishLineState) -> dict[str, int]:
    return dict(state.view()["removed"])


A_SLIP = [
    win(18, 200),
    win(3, 100),
    win(11, 400),
    place(11, 18, 200),
    place(11, 20, 100),
]


def a_slip_race() -> FinishLineState:
    """S1 lineup, A's slip of S2, the other slips empty: the first take is due."""
    state = betting_state(4)
    bet(state, {A: A_SLIP})
    return state


def level_pair(
    extra: tuple[tuple[str, str, int], ...] = (), seat: int | None = B
) -> FinishLineState:
    """Row [8, 3, 5, (11^20)]: 22 and 18 whipped out of the lineup [8, 22, 3, 18, 5,
    11, 20], the dice ``extra`` (colour, face, horse) placed, then neck and neck in the
    home stretch; ``seat`` is to take a die next."""
    state = race_state(4, [8, 22, 3, 18, 5, 11, 20])
    whip_out(state, 22)
    whip_out(state, 18)
    for colour, face, horse in extra:
        act(state, colour, face, horse=horse)
    home_stretch(state)
    act(state, "yellow", "NECK_AND_NECK")
    idle_until(state, seat)
    assert state.row == [8, 3, 5, 11, 20] and state.nn and state.nn_used
    return state


def two_horses_left(whip_on_11: bool) -> FinishLineState:
    """[11, 20] from [8, 22, 3, 18, 5, 11, 20]: five horses leave the race.

    Two black dice and six red ones are too few for five disqualifications and a whip,
    so the black dice take turns returning each other and a used red die (Insider tip,
    R15): one black die then stays in the pool for later.
    """
    state = race_state(4, [8, 22, 3, 18, 5, 11, 20])
    if whip_on_11:
        act(state, "red", "WHIP", horse=11)
    whip_out(state, 8)
    act(state, "black", "DISQUALIFIED", horse=22)
    for _ in range(2):
        act(state, "black", "INSIDER_TIP", colours=["black", "red"])
    whip_out(state, 3)
    for _ in range(2):
        act(state, "black", "INSIDER_TIP", colours=["black", "red"])
    whip_out(state, 18)
    whip_out(state, 5)
    assert state.row == [11, 20]
    return state


def last_race_betting(rival_bet: list[Action]) -> FinishLineState:
    """Two players, every race run by fillers (the s7 horse wins). A puts 1000 on race 1's
    leader at 2x, B places ``rival_bet`` on race 1; nobody bets on race 2. At race 3's
    betting A leads (7000 against B's 6000 or less) and is to write its slip."""
    state = betting_state(2)
    bet(state, {A: [win(20, 1000)], B: rival_bet})
    finish_race(state)
    race_between(state, [1, 2, 4, 6, 7, 9, 10])
    finish_race(state)
    draw(state, [13, 14, 15, 16, 17, 19, 21])
    assert state.race == 3 and state.current_player() == A
    money = state.view(A)["money"]
    assert money[A] == 7000 and (money[B] or 0) < 7000
    return state
