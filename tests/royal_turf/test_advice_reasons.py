"""Ask the computer's reasons for Royal Turf say whose chips ride on the horse: a chip
on a horse nobody backs pays its owner alone, one beside the others' chips pays them
too, a move helps the bets on the horse moved. Positions are played with forced draws."""

from __future__ import annotations

from typing import Any

from pygames.core import Action, SeatWindow
from pygames.core.search import Arm
from pygames.royal_turf import HORSES
from pygames.royal_turf.bot import _reason
from pygames.royal_turf.state import RoyalTurfState

from .play import deal, roll


def why(state: RoyalTurfState, action: Action) -> dict[str, Any]:
    """The reason for ``action`` from the seat to act's own window, without its game
    and the chance to win every reason carries."""
    window = SeatWindow(state, state.current_player())
    assert window.is_legal(action), action
    arm = Arm(action)
    out = dict(_reason(window, arm, [arm, Arm({"type": "other"})]))
    out.pop("win")
    return {**out, "key": out["key"].removeprefix("royal_turf.")}


def chip(horse: str, value: int = 1) -> Action:
    return {"type": "place_chip", "chip": value, "horse": horse}


def test_a_chip_says_whose_chips_already_ride_on_the_horse_and_what_it_would_pay() -> None:
    a, b, c = HORSES[:3]
    state = deal(3, first=0)
    # alone on a: one bet, the odds table's first column (500 for a win, race 1)
    assert why(state, chip(a)) == {"key": "bet_open_pays", "horse": a, "money": 500}
    assert why(state, chip(a, 2)) == {"key": "bet_open_pays", "horse": a, "money": 2 * 350}
    state.apply(chip(a))  # seat 0 on a
    # seat 1: with its 2-chip, a carries 3 bets, each paying 250 for a win
    assert why(state, chip(a, 2)) == {
        "key": "bet_on_pays",
        "horse": a,
        "bets": 3,
        "money": 2 * 250,
        "chips": 1,
    }
    state.apply(chip(b))  # seat 1 on b
    state.apply(chip(c))  # seat 2 on c
    # seat 0 again (P7: never twice on a): b carries one chip of the others'
    assert state.current_player() == 0
    assert why(state, chip(b)) == {
        "key": "bet_on_pays",
        "horse": b,
        "bets": 2,
        "money": 350,
        "chips": 1,
    }
    state.apply(chip(b))
    state.apply(chip(HORSES[3]))  # seat 1
    got = why(state, chip(b, 2))  # seat 2
    assert (got["key"], got["bets"], got["chips"]) == ("bet_on_pays", 4, 2)


def test_with_hidden_bets_a_chip_says_only_how_many_chips_ride_on_the_horse() -> None:
    a = HORSES[0]
    state = deal(3, hidden=True, first=0)
    assert why(state, chip(a)) == {"key": "bet_open", "horse": a}
    state.apply(chip(a))
    assert why(state, chip(a)) == {"key": "bet_on", "horse": a, "chips": 1}


def test_a_zero_chip_is_the_bluff_of_the_hidden_bets() -> None:
    state = deal(3, hidden=True, first=0)
    assert why(state, chip(HORSES[0], 0)) == {"key": "bluff", "horse": HORSES[0]}


def test_a_move_says_whether_it_helps_your_bets_the_others_or_nobody() -> None:
    state = deal(3, first=0)
    backers: dict[str, list[int]] = {}
    while state.phase == "betting":  # seat s bets on horses s, s+1, s+2: 5 and 6 unbacked
        seat = state.current_player()
        wanted = HORSES[seat : seat + 3]
        legal = [a for a in state.legal_actions() if a["horse"] in wanted]
        state.apply(legal[0])
        backers.setdefault(legal[0]["horse"], []).append(seat)
    while state.is_chance():
        roll(state, "head")
    seat = state.current_player()
    moves = [a for a in state.legal_actions() if a["type"] == "move_horse"]
    assert len(moves) > 1
    seen = set()
    for action in moves:
        horse = action["horse"]
        on = backers.get(horse, [])
        mine, others = on.count(seat), len(on) - on.count(seat)
        got = why(state, action)
        if mine:
            assert got == {"key": "move_yours", "horse": horse, "mine": mine, "chips": others}
        elif others:
            assert got == {"key": "move_theirs", "horse": horse, "chips": others}
        else:
            assert got == {"key": "move_free", "horse": horse}
        seen.add(got["key"])
    assert {"move_yours", "move_theirs", "move_free"} <= seen
