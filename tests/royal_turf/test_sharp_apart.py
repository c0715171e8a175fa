"""Royal Turf's sharp player bets apart from its rival in two-player games.

Two friendly players copy each other's bets chip for chip and the game ends level, so
with two players the search weighs only bets on horses the rival has not backed (see
:func:`pygames.royal_turf.bot.bet_lines`). With more players it weighs every bet.
"""

from __future__ import annotations

import random

from pygames.core import SeatWindow, bot_for
from pygames.core.search import candidate_lines, search
from pygames.royal_turf.bot import RoyalTurfBot, bet_lines, rival_backed
from pygames.royal_turf.state import RoyalTurfState

from .play import deal

PLAIN = RoyalTurfBot()


def after_first_bet(players: int) -> tuple[RoyalTurfState, str]:
    """Race 1, after seat 0 placed the rule of thumb's bet; seat 1 to bet next."""
    state = deal(players)
    bet = PLAIN.choose(SeatWindow(state, 0), 0, random.Random(0))
    state.apply(bet)
    assert state.current_player() == 1
    return state, bet["horse"]


def test_the_rule_of_thumb_copies_its_rivals_bet() -> None:
    """Why the rule exists: the second bettor finds the first's bet the best value."""
    state, backed = after_first_bet(2)
    assert PLAIN.choose(SeatWindow(state, 1), 1, random.Random(0))["horse"] == backed


def test_with_two_players_sharp_weighs_only_the_horses_its_rival_left() -> None:
    state, backed = after_first_bet(2)
    window = SeatWindow(state, 1)
    assert rival_backed(window.view(), 1) == {backed}
    lines = bet_lines(window)
    assert lines is not None and all(len(line) == 1 for line in lines)
    free = [a for a in state.legal_actions() if a["horse"] != backed]
    assert sorted(str(line[0]) for line in lines) == sorted(str(a) for a in free)
    # the search starts from the rule of thumb's pick among them, and plays one of them
    arms = search(window, random.Random(3), iterations=12)
    assert all(arm.action["horse"] != backed for arm in arms)
    assert next(arm for arm in arms if arm.lead).action == lines[0][0]
    chosen = bot_for("royal_turf", "sharp", iterations=12).choose(window, 1, random.Random(3))
    assert chosen["horse"] != backed and state.is_legal(chosen)


def test_with_three_players_every_bet_is_weighed() -> None:
    state, backed = after_first_bet(3)
    window = SeatWindow(state, 1)
    assert bet_lines(window) is None
    horses = set()
    for seed in range(12):  # the arms beyond the lead one are a draw of the others
        horses |= {line[0]["horse"] for line in candidate_lines(window, random.Random(seed))}
    assert backed in horses


def test_the_rival_is_judged_by_who_bet_not_by_hidden_values() -> None:
    """With hidden bets the chip's value is secret, but who placed it is public."""
    state = deal(2, hidden=True)
    state.apply(PLAIN.choose(SeatWindow(state, 0), 0, random.Random(0)))
    window = SeatWindow(state, 1)
    backed = rival_backed(window.view(), 1)
    assert len(backed) == 1
    lines = bet_lines(window)
    assert lines and all(line[0]["horse"] not in backed for line in lines)


def test_the_race_is_searched_as_before() -> None:
    """Moving a horse is one action for every player count: no narrowing."""
    state, _ = after_first_bet(2)
    rng = random.Random(5)
    while state.phase == "betting":
        seat = state.current_player()
        state.apply(bot_for("royal_turf").choose(SeatWindow(state, seat), seat, rng))
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])
    assert bet_lines(SeatWindow(state, state.current_player())) is None
