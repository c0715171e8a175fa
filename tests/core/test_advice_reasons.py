"""The advice's fallback reason compares a choice with the others honestly: a gap that
the luck of the computer's trial games could explain is called too close."""

from __future__ import annotations

from pygames.core.advice import generic_reason
from pygames.core.search import Arm, beats


def arm(name: str, shares: list[float]) -> Arm:
    """A choice tried in rounds 0, 1, …, winning ``shares[r]`` of round ``r``."""
    out = Arm({"type": name})
    for r, share in enumerate(shares):
        out.visits += 1
        out.wins += share
        out.shares[r] = share
    return out


def test_a_clear_lead_is_said_with_its_gap_and_a_small_one_is_too_close_to_call() -> None:
    # On the same 40 rounds: "a" wins 30, "b" the same 30 but 10 of them lost, "c" ties "a"
    # but for two rounds.
    a = arm("a", [1.0] * 30 + [0.0] * 10)
    b = arm("b", [1.0] * 20 + [0.0] * 20)
    c = arm("c", [1.0] * 28 + [0.0] * 12)
    assert beats(a, b) and not beats(b, a) and not beats(a, c)
    assert generic_reason("gambler", a, [a, c]) == {
        "key": "gambler.close_call",
        "win": 75,
    }
    assert generic_reason("gambler", c, [a, c])["key"] == "gambler.close_call"
    assert generic_reason("gambler", a, [a, b]) == {
        "key": "gambler.best_chance",
        "win": 75,
        "gap": 25,
    }
    assert generic_reason("gambler", b, [a, b])["key"] == "gambler.behind_best"
    assert generic_reason("gambler", b, [a, b])["gap"] == 25
    # the best is compared with the runner-up, the others with the best
    assert generic_reason("gambler", a, [a, c, b])["key"] == "gambler.close_call"
    assert generic_reason("gambler", b, [a, c, b])["key"] == "gambler.behind_best"


def test_a_lone_choice_is_said_to_be_the_only_one() -> None:
    only = arm("a", [1.0, 0.0])
    assert generic_reason("royal_turf", only, [only])["key"] == "royal_turf.only_choice"


def test_choices_never_tried_on_the_same_dice_cannot_be_told_apart() -> None:
    a, b = arm("a", [1.0] * 10), arm("b", [])
    assert not beats(a, b) and generic_reason("gambler", a, [a, b])["key"] == "gambler.close_call"
