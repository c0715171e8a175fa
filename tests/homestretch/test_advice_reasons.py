"""Ask the computer's reasons for Homestretch state the facts of the position: a horse's
dice chance and the shares out for a share, the cell's rate and the race card's odds for
a bet, what the turn's second roll would move for a race choice.

Positions are reached by play (``play.py``: forced deals, race cards and dice); the
expected figures are counted here from the rules on the real state, not by the code
under test, and a state the seat cannot tell from the real one gives the same reasons.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import Action, SeatWindow
from pygames.core.advice import advise
from pygames.core.lens import distinct_actions
from pygames.core.search import Arm
from pygames.homestretch.bot import (
    EXPECTED_PURSE,
    GREEN_SHARE,
    PURPLE_SHARE,
    START_ODDS,
    WAYS,
    _reason,
    bet_lines,
    purses_left,
)
from pygames.homestretch.data import CARD_HORSE, PAYOUT, last_place
from pygames.homestretch.state import HomestretchState, Phase

from .play import (
    DESC3,
    DESC4,
    act,
    bet,
    deal,
    drafted,
    new_state,
    on_cells,
    reach,
    reveal,
    roll,
    run_race,
    start_running,
    turn_up,
    two,
    x_stop,
)


def ways(h: int) -> int:
    """Throws of two dice (of 36) that roll ``h``, counted from the dice."""
    return sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == h)


def why(state: HomestretchState, action: Action, rest: tuple[Action, ...] = ()) -> dict[str, Any]:
    """The reason the seat to act is given for ``action`` (the win figure left out)."""
    arm = Arm(action, rest=rest)
    window = SeatWindow(state, state.current_player())
    out = dict(_reason(window, arm, [arm]))
    out.pop("win")
    return out


def legal(state: HomestretchState, **fields: Any) -> Action:
    """The one legal action with these fields."""
    found = [a for a in state.legal_actions() if all(a.get(k) == v for k, v in fields.items())]
    assert len(found) == 1, (fields, state.legal_actions())
    return found[0]


def same_for_a_resample(state: HomestretchState) -> None:
    """Every legal action's reason is the same in a state drawn from the seat's view."""
    seat = state.current_player()
    other = state.resample_from_infostate(seat, random.Random(99))
    assert other.view(seat) == state.view(seat)
    for action in state.legal_actions():
        assert why(other, action) == why(state, action)


def test_the_throws_of_each_number_are_the_dice_s() -> None:
    assert WAYS == {h: ways(h) for h in range(2, 13)}
    assert WAYS[7] == 6 and WAYS[2] == WAYS[12] == 1 and sum(WAYS.values()) == 36


# --- the draft ----------------------------------------------------------------------------
def test_a_draft_card_is_told_by_its_dice_its_purses_over_the_game_and_its_cost() -> None:
    state = new_state(3)
    # Seat 0 keeps the 9 first; the hand it gets next (seat 2's) holds the other blue 9.
    deal(
        state,
        [
            ["B9a", "B2a", "B2b", "B12a", "B12b"],
            ["B3a", "B3b", "B11a", "B11b", "B4a"],
            ["B7a", "B9b", "B5a", "B5b", "B10a"],
        ],
    )
    assert state.phase == Phase.DRAFT and state.current_player() == 0
    seven_to_one = {h: why(state, legal(state, card=c)) for c, h in (("B9a", 9), ("B2a", 2))}
    assert seven_to_one[9] == {
        "key": "homestretch.draft_new",
        "horse": 9,
        "ways": 4,
        "money": 27,  # §7.1: horse 9's purses over a whole game, about 27.3
        "stake": 8,  # its share cost
    }
    assert seven_to_one[2] == {
        "key": "homestretch.draft_new",
        "horse": 2,
        "ways": 1,
        "money": 4,
        "stake": 2,
    }
    same_for_a_resample(state)
    act(state, "draft_pick", card="B9a")
    act(state, "draft_pick", card="B3a")
    act(state, "draft_pick", card="B7a")
    assert state.current_player() == 0 and "B9b" in state.hands[0]
    assert why(state, legal(state, card="B9b")) == {
        "key": "homestretch.draft_more",
        "horse": 9,
        "n": 2,
        "money": 27,
        "ways": 4,
    }
    assert why(state, legal(state, card="B5a"))["key"] == "homestretch.draft_new"


# --- betting ------------------------------------------------------------------------------
def betting_turn() -> HomestretchState:
    """Three players, race card P1 (X on 6, 7, 8; +2 on 9; +6 on 4 and 10), at the first
    betting turn (the richest, seat 0, bets first)."""
    state = drafted(DESC3)
    reveal(state, "P1")
    assert state.current_player() == 0
    return state


def marker(state: HomestretchState, m: str, h: int, row: str) -> Action:
    return {"type": "place_marker", "player": "black", "marker": m, "horse": h, "row": row}


def whole_bet(state: HomestretchState, cells: list[tuple[int, str]]) -> tuple[Action, ...]:
    """The markers 3, 2, 2, 1, 1 on ``cells`` and the confirmation."""
    ids = ["3", "2a", "2b", "1a", "1b"]
    return (
        *(marker(state, m, h, row) for m, (h, row) in zip(ids, cells, strict=True)),
        {"type": "confirm_bets", "player": "black"},
    )


def odds(card: str, h: int, places: int) -> int:
    """The race card's start chance (whole percent) of ``h`` finishing in the top ``places``."""
    return round(START_ODDS[card][h - 2][places - 1] / 10)


def test_a_bet_is_told_by_its_biggest_marker_the_cell_rate_and_the_card_odds() -> None:
    state = betting_turn()
    wins = whole_bet(state, [(4, "WIN"), (10, "WIN"), (9, "WIN"), (5, "WIN"), (3, "WIN")])
    assert why(state, wins[0], wins[1:]) == {
        "key": "homestretch.bet_all_win",
        "marker": "3",
        "horse": 4,
        "money": 8,  # WIN on horse 4 pays 8 a point
        "pct": odds("P1", 4, 1),
    }
    shows = whole_bet(state, [(10, "SHOW"), (4, "SHOW"), (9, "SHOW"), (5, "SHOW"), (3, "SHOW")])
    assert why(state, shows[0], shows[1:]) == {
        "key": "homestretch.bet_all_show",
        "marker": "3",
        "horse": 10,
        "money": 4,
        "pct": odds("P1", 10, 3),
    }
    mixed = whole_bet(state, [(10, "PLACE"), (4, "SHOW"), (9, "WIN"), (5, "WIN"), (3, "WIN")])
    assert why(state, mixed[0], mixed[1:]) == {
        "key": "homestretch.bet_cell_plus",
        "marker": "3",
        "horse": 10,
        "row": "PLACE",
        "money": 5,
        "plus": 6,  # P1 puts a +6 behind horse 10
        "pct": odds("P1", 10, 2),
    }
    assert why(state, marker(state, "2a", 7, "SHOW")) == {
        "key": "homestretch.bet_cell_x",
        "marker": "2a",
        "horse": 7,
        "row": "SHOW",
        "money": 2,
        "pct": odds("P1", 7, 3),
    }
    assert why(state, marker(state, "1b", 5, "WIN")) == {
        "key": "homestretch.bet_cell",
        "marker": "1b",
        "horse": 5,
        "row": "WIN",
        "money": 6,
        "pct": odds("P1", 5, 1),
    }
    assert odds("P1", 12, 1) == 0  # P1 gives 12 no head start: it almost never wins
    assert why(state, marker(state, "3", 12, "WIN")) == {
        "key": "homestretch.bet_cell_rare",
        "marker": "3",
        "horse": 12,
        "row": "WIN",
        "money": 20,
    }
    # the odds are the card's: a +6 horse is far likelier to pay than one without
    assert odds("P1", 10, 2) > 3 * odds("P1", 5, 2)


def test_the_advised_bets_are_told_by_their_own_first_marker() -> None:
    state = betting_turn()
    tips = advise(SeatWindow(state, 0), random.Random(1), iterations=8)
    assert tips
    for tip in tips:
        first = tip["action"]
        reason = tip["reason"]
        assert reason["key"].startswith("homestretch.bet_")
        assert (reason["marker"], reason["horse"]) == (first["marker"], first["horse"])


def test_keeping_the_place_in_the_betting_order_says_it_changes_no_payout() -> None:
    state = drafted(DESC3)
    state.apply({"type": "race_card", "card": "P1"})
    assert state.phase == Phase.CLAIMS
    seat = state.current_player()
    keep = legal(state, choice="KEEP")
    assert why(state, keep) == {"key": "homestretch.claim_keep"}
    cut = next(a for a in state.legal_actions() if a["choice"] == "CUT_IN_BEFORE")
    target = state.colours.index(cut["target"])
    assert target != seat
    # cutting in names the player whose turn it takes, by the name at the table
    assert why(state, cut) == {"key": "homestretch.claim_cut", "name": state.players[target]}
    assert seat != 0  # the richest bets first and claims nothing


def test_confirming_a_bet_is_told_by_the_cell_its_biggest_marker_lies_on() -> None:
    state = betting_turn()
    laid = whole_bet(state, [(12, "WIN"), (5, "WIN"), (7, "SHOW"), (9, "PLACE"), (4, "SHOW")])
    for action in laid[:-1]:
        state.apply(action)
    confirm = legal(state, type="confirm_bets")
    # the biggest marker down (the 3) lies where this card almost never pays
    assert odds("P1", 12, 1) == 0
    assert why(state, confirm) == {
        "key": "homestretch.bet_confirm_rare",
        "marker": "3",
        "horse": 12,
        "row": "WIN",
        "money": 20,
    }
    same_for_a_resample(state)
    # with the 3 taken back and laid on a cell that pays, the confirmation says so
    state.apply(legal(state, type="take_back_marker", marker="3"))
    state.apply(marker(state, "3", 9, "SHOW"))
    assert why(state, legal(state, type="confirm_bets")) == {
        "key": "homestretch.bet_confirm",
        "marker": "3",
        "horse": 9,
        "row": "SHOW",
        "money": PAYOUT["SHOW"][9],
        "pct": odds("P1", 9, 3),
    }


def test_a_bet_begun_is_weighed_as_whole_bets() -> None:
    """Once a marker is down, each choice is still a whole bet: one marker at a time, the
    friendly player finishing the bet would take back a marker it did not plan, and a
    lone marker would get the figures of the friendly bet."""
    state = betting_turn()
    state.apply(marker(state, "3", 12, "WIN"))  # a long shot the friendly plan leaves out
    window = SeatWindow(state, 0)
    lines = bet_lines(window)
    assert lines is not None and len(lines) >= 3
    confirm = {"type": "confirm_bets", "player": "black"}
    for ln in lines:
        assert ln[-1] == confirm
        copy = state.clone()
        for action in ln:
            copy.apply(action)  # legal all the way, and the bet is in
        assert copy.current_player() != 0
    # the friendly way on takes the 3 back first; the others keep it where it lies
    assert lines[0][0] == {"type": "take_back_marker", "player": "black", "marker": "3"}
    assert all(
        a["type"] == "place_marker" and a["marker"] != "3" for ln in lines[1:] for a in ln[:-1]
    )
    ends = set()
    for ln in lines:
        bet = {"3": (12, "WIN")}
        for a in ln:
            if a["type"] == "take_back_marker":
                bet.pop(a["marker"])
            elif a["type"] == "place_marker":
                bet[a["marker"]] = (a["horse"], a["row"])
        ends.add(tuple(sorted((m[0], cell) for m, cell in bet.items())))
    assert len(ends) == len(lines)  # no two end alike
    tips = advise(window, random.Random(1), iterations=12)
    assert all(t.get("line", [t["action"]])[-1] == confirm for t in tips)
    remade = next(t for t in tips if t["action"]["type"] == "take_back_marker")
    first_laid = next(a for a in remade["line"] if a["type"] == "place_marker")
    # a bet made over is told by what it lays, not by the marker it takes back
    assert remade["reason"]["key"].startswith("homestretch.bet_cell")
    assert (remade["reason"]["marker"], remade["reason"]["horse"]) == (
        first_laid["marker"],
        first_laid["horse"],
    )


def test_two_markers_of_one_value_on_one_cell_are_one_choice_to_take_back() -> None:
    state = betting_turn()
    for action in whole_bet(
        state, [(12, "WIN"), (5, "WIN"), (7, "SHOW"), (9, "PLACE"), (4, "SHOW")]
    ):
        state.apply(action)
    seat = state.current_player()
    assert seat != 0 and state.view(seat)["seats"][seat]["marker_limit"] >= 2
    me = state.colours[seat]
    cells = {"3": (9, "WIN"), "2a": (5, "PLACE"), "2b": (5, "PLACE"), "1a": (4, "SHOW")}
    cells["1b"] = (10, "SHOW")
    for m, (h, row) in cells.items():
        state.apply({"type": "place_marker", "player": me, "marker": m, "horse": h, "row": row})
    window = SeatWindow(state, seat)
    takes = [a for a in state.legal_actions() if a["type"] == "take_back_marker"]
    assert len(takes) == 5
    keys = {a["marker"]: window.choice_key(a) for a in takes}
    assert keys["2a"] == keys["2b"]  # both 2s lie on 5's PLACE cell
    assert len(set(keys.values())) == 4
    # the lens values each choice once: the confirmation and four different take-backs
    valued = distinct_actions(state.legal_actions(), window.choice_key)
    assert len(valued) == 5
    assert len([a for a in valued if a.get("marker") in ("2a", "2b")]) == 1
    # once the 2s lie on different cells, taking back either is a choice of its own
    state.apply({"type": "take_back_marker", "player": me, "marker": "2b"})
    state.apply({"type": "place_marker", "player": me, "marker": "2b", "horse": 6, "row": "SHOW"})
    takes = [a for a in state.legal_actions() if a["type"] == "take_back_marker"]
    assert len({window.choice_key(a) for a in takes}) == 5


# --- the race -----------------------------------------------------------------------------
# Seat 0 (black) owns 2, 12 and 3 and bets on them and on 8; blue owns 3, 11 and 4 and
# bets on 4 and 11; green owns 10, 5 and 9 and bets on them. Nobody has a stake in 6 or 7.
MINE = {2, 3, 8, 12}
THEIRS = {4, 5, 9, 10, 11}
BETS = {
    "black": on_cells([(2, "WIN"), (3, "WIN"), (12, "WIN"), (2, "PLACE"), (8, "SHOW")]),
    "blue": on_cells([(4, "WIN"), (11, "WIN"), (4, "PLACE"), (11, "PLACE"), (4, "SHOW")]),
    "green": on_cells([(5, "WIN"), (9, "WIN"), (10, "WIN"), (5, "PLACE"), (9, "PLACE")]),
}


def racing(targets: dict[int, int] | None = None, finish: tuple[int, ...] = ()) -> HomestretchState:
    """Race 1 on P1 with the bets above, played to ``targets`` (see ``reach``); then
    turns that move nobody's horse until it is seat 0's turn."""
    state = drafted(DESC3)
    reveal(state, "P1")
    bet(state, BETS)
    start_running(state)
    reach(state, targets or {}, finish)
    while state.turn != 0:
        spare = [h for h in (8, 7) if state.hcap[h] == "X"]  # 6 keeps its X for the test
        if spare:
            x_stop(state, spare[0])
        else:  # no X left: a horse nobody has a stake in runs
            two(state, next(h for h in (7, 6) if h not in state.finished))
    return state


def second_roll(state: HomestretchState) -> tuple[int, int, dict[int, int]]:
    """At the second roll: throws (of 36) moving a horse of seat 0's, throws moving only
    other players' horses, and per horse the throws bringing it home (P23, from the
    rules: a finished number gives a bonus move to a last-place horse of the roller's
    choice, an X stops the move, else the number runs two plus its marker)."""
    mine = theirs = 0
    home: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            h = a + b
            if h in state.finished:
                targets = set(last_place(state.pos, state.finished))
                if targets & MINE:
                    mine += 1
                elif targets <= THEIRS:
                    theirs += 1
                continue
            if state.hcap[h] == "X":
                continue
            if h in MINE:
                mine += 1
            elif h in THEIRS:
                theirs += 1
            if state.pos[h] + 2 + state.plus_squares(h) >= 10:
                home[h] = home.get(h, 0) + 1
    return mine, theirs, home


def after(state: HomestretchState, **fields: Any) -> HomestretchState:
    out = state.clone()
    out.apply(legal(state, **fields))
    return out


def test_a_move_choice_says_where_the_horse_goes_and_what_a_second_roll_moves() -> None:
    state = racing()
    roll(state, 1, 2)  # seat 0 rolls its own 3
    assert state.pending == "move_choice" and state.current_player() == 0
    one = after(state, choice="ONE_AND_REROLL")
    mine, theirs, _ = second_roll(one)
    # 2, 3, 12 and 8 (its X used up before seat 0's turn, a marker of seat 0's on it)
    # against 4, 5, 9, 10 and 11
    assert (mine, theirs) == (1 + 2 + 1 + 5, 16)
    assert why(state, legal(state, choice="TWO")) == {
        "key": "homestretch.two_yours",
        "horse": 3,
        "square": 2,
        "rival": theirs,
    }
    assert why(state, legal(state, choice="ONE_AND_REROLL")) == {
        "key": "homestretch.one_reroll",
        "horse": 3,
        "square": 1,
        "mine": mine,
    }
    same_for_a_resample(state)


def test_a_move_choice_for_another_players_horse_says_it_is_not_yours() -> None:
    state = racing()
    roll(state, 2, 2)  # horse 4, blue's, with a +6 from the race card
    assert why(state, legal(state, choice="TWO")) == {
        "key": "homestretch.two",
        "horse": 4,
        "square": 8,  # two and the +6
        "rival": 16,
    }
    assert why(state, legal(state, choice="ONE_AND_REROLL")) == {
        "key": "homestretch.one_reroll_other",
        "horse": 4,
        "mine": 9,
    }


def test_a_move_that_brings_the_horse_home_says_its_place() -> None:
    state = racing({3: 8})
    roll(state, 1, 2)
    assert why(state, legal(state, choice="TWO")) == {
        "key": "homestretch.two_home",
        "horse": 3,
        "place": 1,
    }
    assert why(state, legal(state, choice="ONE_AND_REROLL"))["square"] == 9
    state = racing({3: 9})
    roll(state, 1, 2)
    one = after(state, choice="ONE_AND_REROLL")
    assert one.finished == [3]
    mine, _, _ = second_roll(one)
    # 3 is home: its throws give a bonus move, and seat 0's 2 and 12 are among the last
    assert mine == 1 + 1 + 2 + (0 if one.hcap[8] == "X" else 5)
    assert why(state, legal(state, choice="ONE_AND_REROLL")) == {
        "key": "homestretch.one_home",
        "horse": 3,
        "place": 1,
        "mine": mine,
    }


def test_reroll_or_stop_counts_the_throws_for_each_side() -> None:
    state = racing()
    roll(state, 3, 3)  # horse 6: its X cancels the move
    assert state.pending == "reroll_or_stop" and state.current_player() == 0
    mine, theirs, home = second_roll(after(state, choice="REROLL"))
    assert not home and (mine, theirs) == (9, 16)
    assert why(state, legal(state, choice="REROLL")) == {
        "key": "homestretch.reroll",
        "mine": 9,
        "rival": 16,
    }
    assert why(state, legal(state, choice="STOP")) == {
        "key": "homestretch.stop",
        "rival": 16,
        "mine": 9,
    }
    same_for_a_resample(state)


def test_reroll_or_stop_names_the_horse_a_second_roll_may_bring_home() -> None:
    state = racing({3: 8, 5: 8})
    roll(state, 3, 3)
    assert state.pending == "reroll_or_stop"
    mine, theirs, home = second_roll(after(state, choice="REROLL"))
    assert home == {3: ways(3), 5: ways(5)}
    assert why(state, legal(state, choice="REROLL")) == {
        "key": "homestretch.reroll_home",
        "mine": mine,
        "horse": 3,
        "ways": 2,
    }
    assert why(state, legal(state, choice="STOP")) == {
        "key": "homestretch.stop_rival_home",
        "rival": theirs,
        "horse": 5,
        "ways": 4,
    }


def test_a_bonus_target_says_whose_horse_it_is_and_where_it_goes() -> None:
    state = racing(finish=(8,))
    roll(state, 4, 4)  # 8 is home: a bonus move of one square (difference 0)
    assert state.pending == "bonus_target" and state.current_player() == 0
    assert {2, 4, 6} <= set(state.bonus_targets)
    assert why(state, legal(state, horse=2)) == {
        "key": "homestretch.bonus_yours",
        "horse": 2,
        "square": 1,
    }
    assert why(state, legal(state, horse=6)) == {
        "key": "homestretch.bonus_free",
        "horse": 6,
        "square": 1,
    }
    # horse 4 is only blue's: no fact speaks for it, the comparison does
    assert why(state, legal(state, horse=4))["key"] == "homestretch.only_choice"


# --- buying -------------------------------------------------------------------------------
def buying_turn() -> HomestretchState:
    """Four players after race 1: the face-up row R2, B8a, R5, R9 and seat 0 to buy."""
    state = drafted(DESC4)
    reveal(state, "P1")
    bet(state)
    start_running(state)
    run_race(state, [2, 12, 3])
    turn_up(state, ["R2", "B8a", "R5", "R9"])
    while state.current_player() != 0:
        act(state, "buy_action", choice="PASS")
    assert state.phase == Phase.BUYING
    return state


def test_a_share_on_offer_is_told_by_its_dice_its_purses_to_come_and_the_shares_out() -> None:
    state = buying_turn()
    # seat 0 holds both blue 2s; green both blue 5s; nobody owns 8; 9 is green's and Dee's
    assert state.shares[0].count("B2a") + state.shares[0].count("B2b") == 2
    left = purses_left(1, 4, False)
    assert left == pytest.approx(PURPLE_SHARE + 2 * GREEN_SHARE)
    assert why(state, legal(state, choice="BUY_FACEUP", card="R2")) == {
        "key": "homestretch.buy_no_gain",
        "horse": 2,
    }
    assert why(state, legal(state, choice="BUY_FACEUP", card="B8a")) == {
        "key": "homestretch.buy_sole",
        "horse": 8,
        "next": 2,
        "money": round(EXPECTED_PURSE[8] * left),
        "ways": 5,
    }
    assert why(state, legal(state, choice="BUY_FACEUP", card="R5")) == {
        "key": "homestretch.buy_share",
        "horse": 5,
        "ways": 4,
        "next": 2,
        "money": round(EXPECTED_PURSE[5] * left),
        "mine": 1,
        "total": 3,
    }
    assert why(state, legal(state, choice="BUY_FACEUP", card="R9"))["total"] == 3
    assert why(state, legal(state, choice="PASS")) == {
        "key": "homestretch.keep_money",
        "money": state.money[0],
        "next": 2,
    }
    stack = [CARD_HORSE[c] for c in state.pool]
    likeliest = min(stack, key=lambda h: (abs(h - 7), h))
    assert why(state, legal(state, choice="BUY_BLIND")) == {
        "key": "homestretch.buy_blind",
        "money": 3,
        "cards": len(stack),
        "horse": likeliest,
    }
    same_for_a_resample(state)
