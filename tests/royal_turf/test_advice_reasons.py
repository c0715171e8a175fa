"""Ask the computer's reasons for Royal Turf say why in the game's facts, from the asking
seat's view only: a chip by its horse's start place, who already backs the horse and
what the chip would pay for a win (with hidden bets, the range the face-down chips
leave); a move by what it does to the horse (crossing the line, the pace tile, boxed
in, a short move that spends its move for the round, its field and place, a rival's
horse it pushes back) and whose chips ride on it. Positions are reached by play with
forced draws and rolls; the expected figures come from the odds table and the engine."""

from __future__ import annotations

from typing import Any

from pygames.core import Action, SeatWindow
from pygames.core.search import Arm
from pygames.royal_turf.bot import _reason
from pygames.royal_turf.data import ODDS, PACE_BONUS
from pygames.royal_turf.state import RoyalTurfState

from .play import deal, race_position, race_start, roll

A, B, C = range(3)  # seats; play.py names them "A", "B", "C"


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


def move(horse: str) -> Action:
    return {"type": "move_horse", "horse": horse}


def all_reasons(state: RoyalTurfState) -> list[dict[str, Any]]:
    return [why(state, a) for a in state.legal_actions()]


# The default deal (play.FIRST_CARDS) lines the horses up from the back: Earl Grey on 33
# (place 7) … Mocha on 28 (place 2), Othello on 27 (place 1).


def test_a_chip_says_the_start_field_who_backs_the_horse_and_what_a_win_pays() -> None:
    state = deal(3, first=A)
    # alone on Othello: one bet (column 1) or two (column 2), paid per bet
    assert why(state, chip("othello")) == {
        "key": "bet_open",
        "horse": "othello",
        "field": 27,
        "money": ODDS[1][0],
    }
    assert why(state, chip("othello", 2))["money"] == 2 * ODDS[1][1]
    assert why(state, chip("earl_grey"))["field"] == 33
    state.apply(chip("othello", 2))  # A
    # B: with its 1-chip beside A's 2, Othello carries 3 bets
    assert why(state, chip("othello")) == {
        "key": "bet_on",
        "horse": "othello",
        "field": 27,
        "players": "A",
        "bets": 3,
        "money": ODDS[1][2],
    }
    state.apply(chip("mocha"))  # B
    assert why(state, chip("othello", 2)) == {  # C: 2 + 2 bets, at column 4
        "key": "bet_on",
        "horse": "othello",
        "field": 27,
        "players": "A",
        "bets": 4,
        "money": 2 * ODDS[1][3],
    }
    state.apply(chip("othello", 2))  # C
    state.apply(chip("red_fox"))  # A
    # B again (never twice on Mocha): Othello's backers named in seat order
    got = why(state, chip("othello"))
    assert (got["players"], got["bets"], got["money"]) == ("A & C", 5, ODDS[1][4])


def test_with_hidden_bets_a_chip_gives_the_range_the_face_down_chips_leave() -> None:
    state = deal(3, hidden=True, first=A)
    assert why(state, chip("red_fox", 0)) == {"key": "bluff", "horse": "red_fox", "field": 29}
    assert why(state, chip("red_fox"))["key"] == "bet_open"  # no chip on it: exact
    state.apply(chip("red_fox", 2))  # A, face down
    # B's 1-chip: alone if A's is a 0-chip (1 bet), else up to 1 + 2 bets
    assert why(state, chip("red_fox")) == {
        "key": "bet_on_hidden",
        "horse": "red_fox",
        "field": 29,
        "players": "A",
        "stake": ODDS[1][2],
        "money": ODDS[1][0],
    }


def test_a_hidden_chip_value_never_shows_in_the_others_reasons() -> None:
    """B cannot tell A's face-down 2-chip from A's 1-chip: its reasons are the same."""
    seen = []
    for value in (2, 1):
        state = deal(3, hidden=True, first=A)
        state.apply(chip("red_fox", value))
        seen.append(all_reasons(state))
    assert seen[0] == seen[1]


def test_a_move_from_the_start_names_your_chip_or_the_others_and_what_it_does() -> None:
    # A head: Earl Grey (head 4), Albino (4) and Red Fox (2) are boxed in; Caramello (4)
    # and Mocha (3) move short; Nougat (5) jumps four horses, Othello (7) leads.
    state = race_start(
        3,
        first=A,
        plan={
            A: {"caramello": 1, "othello": 2, "albino": 1},
            B: {"othello": 1, "mocha": 2, "earl_grey": 1},
            C: {"othello": 1, "mocha": 1, "red_fox": 2},
        },
    )
    roll(state, "head")
    assert state.current_player() == A
    assert why(state, move("albino")) == {
        "key": "stuck_yours",
        "horse": "albino",
        "chip": 1,
        "field": 32,
    }
    assert why(state, move("earl_grey")) == {
        "key": "stuck_theirs",
        "horse": "earl_grey",
        "players": "B",
        "field": 33,
    }
    assert why(state, move("red_fox"))["players"] == "C"
    assert why(state, move("caramello")) == {
        "key": "short_yours",
        "horse": "caramello",
        "chip": 1,
        "field": 26,
    }
    assert why(state, move("mocha")) == {
        "key": "hold_theirs",
        "horse": "mocha",
        "players": "B & C",
        "field": 25,
    }
    assert why(state, move("othello")) == {
        "key": "run_yours",
        "horse": "othello",
        "chip": 2,
        "field": 20,
        "place": 1,
    }
    # Nobody backs Nougat; of the horses it jumps (Caramello, Red Fox, Mocha, Othello),
    # Mocha is the nearest the line that only the others back.
    assert why(state, move("nougat")) == {
        "key": "pass_free",
        "horse": "nougat",
        "field": 26,
        "horses": "mocha",
        "players": "B & C",
    }


def test_a_move_of_an_unbacked_or_a_rivals_horse_says_so() -> None:
    state = race_start(
        3,
        first=A,
        plan={
            A: {"caramello": 1, "mocha": 2, "albino": 1},
            B: {"nougat": 1, "caramello": 2, "albino": 1},
            C: {"mocha": 1, "albino": 2, "earl_grey": 1},
        },
    )
    roll(state, "head")
    assert why(state, move("red_fox")) == {"key": "stuck_free", "horse": "red_fox", "field": 29}
    assert why(state, move("othello")) == {
        "key": "run_free",
        "horse": "othello",
        "field": 20,
        "place": 1,
    }
    # five fields (a card's average roll) is no short move; the horses it jumps are A's
    # or nobody's
    assert why(state, move("nougat")) == {
        "key": "run_theirs",
        "horse": "nougat",
        "players": "B",
        "field": 26,
        "place": 1,
    }


PACE_FIELDS = {
    "mocha": 24,
    "othello": 23,
    "nougat": 20,
    "albino": 19,
    "earl_grey": 25,
    "caramello": 26,
    "red_fox": 27,
}


def test_the_first_horse_to_field_18_takes_the_pace_tile_and_its_bonus() -> None:
    state = race_position(
        3,
        fields=PACE_FIELDS,
        cards={"mocha": "MO1", "nougat": "NO1", "albino": "AL1"},  # helmet 10, 4, 9
        plan={
            A: {"mocha": 2, "red_fox": 1, "caramello": 1},
            B: {"nougat": 1, "red_fox": 2, "caramello": 1},
            C: {"nougat": 2, "red_fox": 1, "earl_grey": 1},
        },
        turn=A,
    )
    roll(state, "helmet")
    assert why(state, move("mocha")) == {
        "key": "pace_yours",
        "horse": "mocha",
        "chip": 2,
        "field": 14,
        "money": 2 * PACE_BONUS,
    }
    assert why(state, move("nougat")) == {
        "key": "pace_theirs",
        "horse": "nougat",
        "players": "B & C",
        "field": 16,
    }
    assert why(state, move("albino")) == {"key": "pace_free", "horse": "albino", "field": 10}


FINISH_FIELDS = {
    "othello": 3,
    "albino": 4,
    "red_fox": 5,
    "nougat": 10,
    "mocha": 11,
    "earl_grey": 14,
    "caramello": 16,
}
FINISH_CARDS = {"othello": "OT1", "albino": "AL1", "red_fox": "RF3"}  # heads 7, 4, 5


def finish_position(hidden: bool, plan: dict[int, dict[str, int]]) -> RoyalTurfState:
    """Othello, Albino and Red Fox each cross the line with a head; A to move."""
    state = race_position(
        3,
        hidden,
        fields=FINISH_FIELDS,
        cards=FINISH_CARDS,
        pacemaker="othello",
        plan=plan,
        turn=A,
    )
    roll(state, "head")
    return state


def test_a_horse_that_crosses_the_line_says_its_place_and_what_your_chip_wins() -> None:
    state = finish_position(
        False,
        {
            A: {"othello": 2, "mocha": 1, "caramello": 1},
            B: {"othello": 1, "red_fox": 2, "caramello": 1},
            C: {"red_fox": 1, "mocha": 2, "earl_grey": 1},
        },
    )
    # Othello carries 3 bets: a win pays column 3, for each of A's two bets
    assert why(state, move("othello")) == {
        "key": "finish_yours",
        "horse": "othello",
        "place": 1,
        "chip": 2,
        "money": 2 * ODDS[1][2],
    }
    assert why(state, move("red_fox")) == {
        "key": "finish_theirs",
        "horse": "red_fox",
        "place": 1,
        "players": "B & C",
    }
    assert why(state, move("albino")) == {"key": "finish_free", "horse": "albino", "place": 1}


HIDDEN_FINISH = {
    A: {"othello": 2, "mocha": 1, "caramello": 1, "earl_grey": 0},
    B: {"othello": 1, "red_fox": 2, "caramello": 0, "nougat": 1},
    C: {"red_fox": 1, "mocha": 2, "earl_grey": 1, "albino": 0},
}


def test_with_hidden_bets_your_winnings_are_the_range_the_face_down_chips_leave() -> None:
    state = finish_position(True, HIDDEN_FINISH)
    # B's face-down chip beside A's 2-chip: 2 bets if it is a 0, up to 2 + 2
    assert why(state, move("othello")) == {
        "key": "finish_yours_hidden",
        "horse": "othello",
        "place": 1,
        "chip": 2,
        "stake": 2 * ODDS[1][3],
        "money": 2 * ODDS[1][1],
    }
    # C's chip on Albino is its 0-chip, but A cannot know it
    assert why(state, move("albino"))["key"] == "finish_theirs"
    # B swaps its 1- and 2-chip: Othello's real payout changes, A's reasons do not
    swapped = {**HIDDEN_FINISH, B: {"othello": 2, "red_fox": 1, "caramello": 0, "nougat": 1}}
    assert all_reasons(state) == all_reasons(finish_position(True, swapped))


def test_a_short_move_that_starts_a_new_round_spends_nothing() -> None:
    # Every horse but Mocha has moved: its move starts a new round, so however short,
    # it spends nothing (Mocha may move again at once)
    state = race_position(
        3,
        fields=PACE_FIELDS,
        cards={"mocha": "MO1"},  # head 3
        moved=[h for h in PACE_FIELDS if h != "mocha"],
        plan={
            A: {"red_fox": 1, "albino": 2, "caramello": 1},
            B: {"mocha": 1, "red_fox": 2, "caramello": 1},
            C: {"nougat": 2, "red_fox": 1, "earl_grey": 1},
        },
        turn=A,
    )
    roll(state, "head")
    assert state.legal_actions() == [move("mocha")]
    assert why(state, move("mocha")) == {
        "key": "run_theirs",
        "horse": "mocha",
        "players": "B",
        "field": 21,
        "place": 3,  # behind Albino (19) and Nougat (20)
    }


def test_with_two_players_a_chip_apart_from_the_rival_says_why() -> None:
    """The two-player tips leave out the rival's horses (see ``bet_lines``); a chip on
    a horse the rival left names the rival, once the rival has bet."""
    state = deal(2, first=A)
    assert why(state, chip("othello"))["key"] == "bet_open"  # the rival has not bet yet
    state.apply(chip("othello", 2))  # A
    assert why(state, chip("mocha")) == {
        "key": "bet_apart",
        "horse": "mocha",
        "field": 28,
        "players": "A",
        "money": ODDS[1][0],
    }
    assert why(state, chip("othello"))["key"] == "bet_on"  # beside the rival: as before
    # said once: a later tip on a horse apart says only that nobody backs it
    window = SeatWindow(state, state.current_player())
    tips = [Arm(chip("nougat")), Arm(chip("mocha"))]
    assert _reason(window, tips[1], tips)["key"] == "royal_turf.bet_open"
    three = deal(3, first=A)
    three.apply(chip("othello", 2))
    assert why(three, chip("mocha"))["key"] == "bet_open"  # three players: no rival to leave
