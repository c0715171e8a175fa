"""Ask the computer's reasons for Gambler state the facts of the table, not the tip's
figures: for rolling on or stopping, the chance that the next throw closes a yellow row,
forces a black row's last box on the player, or fits nowhere; for a placement, what it
does to the rows it fills.

Positions are reached by play on layout 1A (``play.py``: forced boards and dice). The
throw figures are counted here by playing every throw of the dice on a copy of the
table through the engine's own rules, not with the code under test.

Layout 1A: row 1 ``66`` +40, row 2 ``S3`` +40, row 3 ``5`` +20, row 4 ``444`` +60,
row 5 ``S4`` +60, row 6 ``11`` −40.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from pygames.core import Action, SeatWindow
from pygames.core.advice import advise
from pygames.core.search import Arm, search
from pygames.gambler import GamblerState, Phase
from pygames.gambler.bot import _reason, placement_lines, roll_facts
from pygames.gambler.data import LAYOUTS

from .play import new_game, place, roll, steps


def why(state: GamblerState, action: Action, rest: tuple[Action, ...] = ()) -> dict[str, Any]:
    """The reason the player holding the cup is given for ``action`` (win left out)."""
    arm = Arm(action, rest=rest)
    out = dict(_reason(SeatWindow(state, state.current_player()), arm, [arm]))
    out.pop("win")
    return out


def line(state: GamblerState, items: list[tuple[int, int]]) -> tuple[Action, tuple[Action, ...]]:
    """A whole placement as the advice names it: (value, row) dice, then the confirm."""
    used: list[int] = []
    actions: list[Action] = []
    for value, row in items:
        die = next(i for i in state.free_dice() if state.roll[i] == value and i not in used)
        used.append(die)
        actions.append({"type": "place", "die": die, "row": row})
    return actions[0], (*actions[1:], {"type": "confirm"})


def pct(p: float) -> int:
    return min(99, max(1, round(100 * p))) if 0 < p < 1 else round(100 * p)


def _closes_yellow(state: GamblerState) -> int:
    """The most valuable yellow row some sequence of legal placements closes (0: none)."""
    rows = LAYOUTS[state.layout].rows
    best = 0
    for action in state.legal_actions():
        if action["type"] != "place":
            continue
        r = rows[action["row"] - 1]
        after = state.clone()
        after.apply(action)
        if r.yellow and len(after.row_values(action["row"])) == r.length:
            best = max(best, r.points)
        best = max(best, _closes_yellow(after))
    return best


def counted(state: GamblerState) -> dict[str, float]:
    """Every throw of the turn dice, played on a copy: how often it closes a yellow row,
    forces a black row's last box, or fits nowhere (the turn ends), and the points."""
    rows = LAYOUTS[state.layout].rows
    n = state.turn_dice
    close = black = bust = 0
    money = stake = 0
    for throw in product(range(1, 7), repeat=n):
        s = state.clone()
        s.apply({"type": "roll_again"})
        for v in throw:
            s.apply({"type": "die", "value": v})
        if s.phase != Phase.AWAIT_PLACE or s.turn != state.turn:
            bust += 1
            continue
        got = _closes_yellow(s)
        if got:
            close += 1
            money = max(money, got)
            continue
        places = [a["row"] for a in s.legal_actions() if a["type"] == "place"]
        last = [
            not rows[r - 1].yellow and len(s.row_values(r)) + 1 == rows[r - 1].length
            for r in places
        ]
        if all(last):
            black += 1
            stake = max(stake, min(rows[r - 1].points for r in places))
    total = 6**n
    return {
        "close": close / total,
        "black": black / total,
        "bust": bust / total,
        "money": money,
        "stake": stake,
    }


def after_first_step(dice: list[int], items: list[tuple[int, int]]) -> GamblerState:
    """Seat 0's first roll on 1A, the ``items`` placed and confirmed: roll on or stop?"""
    state = new_game(2, first="1A")
    roll(state, dice)
    place(state, items)
    assert state.phase == Phase.AWAIT_DECISION and state.current_player() == 0
    return state


# A 2 starts row 2, the 5 closes row 3, a 3 starts row 5: two dice left, a 5 fits nowhere.
OPEN = ([2, 5, 3, 1, 1], [(2, 2), (5, 3), (3, 5)])
# As OPEN, with a 1 in row 6 (black, 40): a lone 1 must now close it.
BLACK = ([2, 5, 3, 1, 4], [(2, 2), (5, 3), (3, 5), (1, 6)])
# As OPEN, with a 4 in row 4 instead: one die left that can close nothing.
QUIET = ([2, 5, 3, 4, 1], [(2, 2), (5, 3), (3, 5), (4, 4)])
# Row 2 needs one more 2, row 6 one more 1, row 3 a 5: one die that may close any of them.
BOTH = ([2, 2, 1, 3, 5], [(2, 2), (2, 2), (1, 6), (3, 5)])


def test_the_throw_figures_are_the_rules_own() -> None:
    for dice, items in (OPEN, BLACK, QUIET, BOTH):
        state = after_first_step(dice, items)
        f, c = roll_facts(state), counted(state)
        assert f.dice == state.turn_dice
        assert f.close == pytest.approx(c["close"]) and f.money == c["money"]
        assert f.black == pytest.approx(c["black"]) and f.stake == c["stake"]
        assert f.bust == pytest.approx(c["bust"])
        assert f.bust == pytest.approx(1 - state.lens_facts()["fit"])  # the lens's figure


def test_roll_on_and_stop_with_a_yellow_row_in_reach_and_no_black_risk() -> None:
    state = after_first_step(*OPEN)
    # two 6s close row 1, two 2s row 2 (+40 each); a throw of two 5s fits nowhere
    assert why(state, {"type": "roll_again"}) == {
        "key": "gambler.roll_on",
        "dice": 2,
        "close": pct(2 / 36),
        "money": 40,
        "bust": pct(1 / 36),
    }
    assert why(state, {"type": "stop"}) == {
        "key": "gambler.stop_now",
        "dice": 2,
        "close": pct(2 / 36),
        "money": 40,
    }


def test_a_lone_die_that_may_have_to_close_a_black_row() -> None:
    state = after_first_step(*BLACK)
    # a 1 fits only row 6's last box (black, 40); nothing can close a yellow row
    assert why(state, {"type": "roll_again"}) == {
        "key": "gambler.roll_on_black",
        "dice": 1,
        "black": pct(1 / 6),
        "stake": 40,
    }
    assert why(state, {"type": "stop"}) == {
        "key": "gambler.stop_risk",
        "dice": 1,
        "black": pct(1 / 6),
        "stake": 40,
    }


def test_a_throw_that_may_close_a_yellow_row_or_a_black_one() -> None:
    state = after_first_step(*BOTH)
    assert why(state, {"type": "roll_again"}) == {
        "key": "gambler.roll_on_risk",
        "dice": 1,
        "close": pct(2 / 6),  # a 2 closes row 2 (40), a 5 row 3 (20)
        "money": 40,
        "black": pct(1 / 6),  # a 1 must close row 6
        "stake": 40,
    }


def test_a_quiet_throw_neither_wins_nor_costs() -> None:
    state = after_first_step(*QUIET)
    # no lone die closes a row now; a 5 fits nowhere (row 3 is closed)
    assert why(state, {"type": "roll_again"}) == {
        "key": "gambler.roll_on_quiet",
        "dice": 1,
        "bust": pct(1 / 6),
    }
    assert why(state, {"type": "stop"}) == {"key": "gambler.stop_nothing", "dice": 1}


def first_roll(dice: list[int]) -> GamblerState:
    state = new_game(2, first="1A")
    roll(state, dice)
    assert state.phase == Phase.AWAIT_PLACE
    return state


def test_placements_that_close_rows() -> None:
    state = first_roll([6, 6, 5, 1, 1])
    assert why(state, *line(state, [(6, 1), (6, 1)])) == {
        "key": "gambler.place_close",
        "row": 1,
        "money": 40,
    }
    assert why(state, *line(state, [(6, 1), (6, 1), (5, 3)])) == {
        "key": "gambler.place_close_rows",
        "count": 2,
        "money": 60,
    }
    # both 1s close black row 6, though the other dice fit elsewhere
    assert why(state, *line(state, [(1, 6), (1, 6)])) == {
        "key": "gambler.place_black",
        "row": 6,
        "stake": 40,
    }
    # closing row 1 and black row 6 in one step says both: the gain and the cost (P5)
    assert why(state, *line(state, [(6, 1), (6, 1), (1, 6), (1, 6)])) == {
        "key": "gambler.place_close_and_black",
        "row": 1,
        "money": 40,
        "black": 6,
        "stake": 40,
    }
    assert why(state, *line(state, [(6, 1), (6, 1), (5, 3), (1, 6), (1, 6)])) == {
        "key": "gambler.place_close_rows_and_black",
        "count": 2,
        "money": 60,
        "black": 6,
        "stake": 40,
    }
    # one 1 leaves row 6 open: it costs nothing and brings no yellow row closer
    assert why(state, *line(state, [(1, 6)])) == {"key": "gambler.place_black_open", "row": 6}
    # midway through the step, confirming is judged by the dice already placed
    steps(state, [(6, 1), (6, 1)])
    assert why(state, {"type": "confirm"}) == {"key": "gambler.place_close", "row": 1, "money": 40}


def test_a_yellow_row_pushed_says_the_chance_to_finish_it_this_turn() -> None:
    state = first_roll([4, 4, 2, 3, 5])
    # row 4 (444) then needs one more 4; three dice are left for the turn's further throws
    assert why(state, *line(state, [(4, 4), (4, 4)])) == {
        "key": "gambler.place_push",
        "row": 4,
        "money": 60,
        "need": 1,
        "left": 3,
        "chance": pct(1 - (5 / 6) ** 3),
    }


def test_a_yellow_row_left_for_the_next_player() -> None:
    state = after_first_step(*QUIET)
    roll(state, [4])  # the last die: row 4 then needs one more 4, and no dice are left
    assert why(state, *line(state, [(4, 4)])) == {
        "key": "gambler.place_gift",
        "row": 4,
        "money": 60,
        "need": 1,
        "left": 0,
    }


def test_a_die_that_fits_only_a_black_row_s_last_box() -> None:
    state = after_first_step(*BLACK)
    roll(state, [1])
    assert state.placements() == [(0, 6)]
    forced = {"key": "gambler.place_black_forced", "row": 6, "stake": 40}
    assert why(state, *line(state, [(1, 6)])) == forced
    # once the die is in, confirming is the same forced step, judged from its start
    steps(state, [(1, 6)])
    assert why(state, {"type": "confirm"}) == forced


def test_a_black_row_closed_by_choice_is_not_forced() -> None:
    state = after_first_step(*BLACK)
    state.apply({"type": "stop"})
    roll(state, [1, 6, 6, 6, 6])  # seat 1: the 1 would close row 6, the 6s fit row 1
    assert state.current_player() == 1
    chosen = {"key": "gambler.place_black", "row": 6, "stake": 40}
    assert why(state, *line(state, [(1, 6)])) == chosen
    steps(state, [(1, 6)])
    assert why(state, {"type": "confirm"}) == chosen


def test_a_placement_made_over_is_told_by_what_it_places() -> None:
    state = first_roll([6, 6, 5, 1, 1])
    steps(state, [(1, 6)])  # a 1 into black row 6 (11, -40)
    take = {"type": "take_back", "row": 6}
    first, rest = line(state, [(6, 1), (6, 1)])  # then both 6s close row 1 (66, +40)
    assert why(state, take, (first, *rest)) == {"key": "gambler.place_close", "row": 1, "money": 40}
    # a lone take-back is no placement: it falls back on the comparison
    assert why(state, take)["key"] == "gambler.only_choice"


def test_dice_of_one_value_into_one_row_are_one_choice() -> None:
    state = first_roll([4, 4, 4, 6, 6])
    steps(state, [(4, 4)])  # mid-step: the advice weighs single dice, not whole lines
    window = SeatWindow(state, 0)
    places = [a for a in state.legal_actions() if a["type"] == "place"]
    by_choice: dict[str, set[tuple[int, int]]] = {}
    for a in places:
        by_choice.setdefault(window.choice_key(a), set()).add((state.roll[a["die"]], a["row"]))
    # one key per (value, row), and two dice of one value into one row share it
    assert all(len(cells) == 1 for cells in by_choice.values())
    assert len(by_choice) < len(places)
    assert len(by_choice) == len({(state.roll[a["die"]], a["row"]) for a in places})


def rows_after(state: GamblerState, line: list[Action]) -> tuple[tuple[int, ...], ...]:
    """Every row's dice once ``line`` (but its confirmation) is played on a copy."""
    after = state.clone()
    for action in line:
        if action["type"] != "confirm":
            after.apply(action)
    return tuple(tuple(after.row_values(row)) for row in range(1, 7))


def test_a_step_begun_is_weighed_as_whole_placements() -> None:
    """Once a die is down, each choice is still a whole placement: one die at a time,
    the friendly player finishing the step would take a die it did not plan straight
    back, and a lone die would get the figures of the step without it."""
    state = first_roll([6, 6, 5, 1, 1])
    steps(state, [(6, 1)])
    window = SeatWindow(state, 0)
    lines = placement_lines(window)
    assert lines is not None and all(ln[-1] == {"type": "confirm"} for ln in lines)
    assert ({"type": "confirm"},) in lines  # the step as it lies
    first, rest = line(state, [(6, 1)])
    assert (first, *rest) in lines  # the second 6 closes row 1
    assert len({rows_after(state, list(ln)) for ln in lines}) == len(lines)
    tips = advise(window, random.Random(1), iterations=30)
    assert len(tips) == 3
    whole = [tip.get("line", [tip["action"]]) for tip in tips]  # a lone confirm is no line
    assert all(ln[-1] == {"type": "confirm"} for ln in whole)
    assert len({rows_after(state, ln) for ln in whole}) == 3
    closing = next(t for t, ln in zip(tips, whole, strict=True) if ln == [first, *rest])
    closed = {"key": "gambler.place_close", "row": 1, "money": 40}
    assert closing["reason"] == {**closed, "win": closing["reason"]["win"]}
    # the three shown are played out alike, so their figures are equally sure
    # (the sharp player's search, which halves down to two, would leave the third far behind)
    for keep, alike in ((3, True), (2, False)):
        arms = search(window, random.Random(1), iterations=30, weigh_one=True, keep=keep)
        top3 = sorted(a.visits for a in arms)[-3:]
        assert (top3[-1] - top3[0] <= 1) is alike, (keep, top3)


def test_every_seat_and_every_resample_gets_the_same_reasons() -> None:
    """Nothing is hidden: the reasons depend on the public table alone."""
    state = after_first_step(*BOTH)
    other = state.resample_from_infostate(1, random.Random(5))
    assert other.view(0) == state.view(0)
    for action in state.legal_actions():
        assert why(other, action) == why(state, action)


def test_real_advice_gives_game_facts() -> None:
    state = first_roll([6, 6, 5, 1, 1])
    tips = advise(SeatWindow(state, 0), random.Random(1), iterations=8)
    keys = {t["reason"]["key"] for t in tips}
    assert keys and all(k.startswith("gambler.place_") for k in keys), keys
    state = after_first_step(*BLACK)
    tips = advise(SeatWindow(state, 0), random.Random(1), iterations=8)
    assert {t["reason"]["key"] for t in tips} == {"gambler.roll_on_black", "gambler.stop_risk"}
