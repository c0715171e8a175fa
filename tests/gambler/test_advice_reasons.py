"""Ask the computer's reasons for Gambler's push-your-luck choice say how likely the next
roll is to fit and what each choice does with the turn's dice, not the tip's figures."""

from __future__ import annotations

from pygames.core import SeatWindow
from pygames.core.search import Arm
from pygames.gambler import Phase
from pygames.gambler.bot import _reason

from .play import misses, new_game, place, roll


def test_roll_on_says_the_chance_to_fit_and_stop_the_dice_kept() -> None:
    state = new_game(2, first="1A")
    roll(state, [2, 5, 3, 1, 1])
    # a 2 starts the same-value row 2, the 5 closes row 3, a 3 starts the same-value
    # row 5: a 5 now fits nowhere, and two dice are left to roll
    place(state, [(2, 2), (5, 3), (3, 5)])
    assert state.phase == Phase.AWAIT_DECISION
    window = SeatWindow(state, state.current_player())
    again, stop = Arm({"type": "roll_again"}), Arm({"type": "stop"})
    arms = [again, stop]
    on = _reason(window, again, arms)
    # a roll fits unless both dice show values no open row takes
    assert misses(state) == [5]
    fit = 1 - (1 / 6) ** 2
    assert (on["key"], on["dice"], on["fit"]) == ("gambler.roll_on", 2, round(100 * fit))
    off = _reason(window, stop, arms)
    assert (off["key"], off["dice"]) == ("gambler.stop_now", 2)
    assert "fit" not in off
