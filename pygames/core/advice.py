"""Ask the computer: a seat's best choices with their chances, and one plain reason each.

The figures come from the sharp player's search (:mod:`.search`) over states drawn
from the seat's own knowledge. Each game gives the reasons (:func:`register_reasons`):
a sentence id and its parameters, the texts living in the site's catalogues under
``"advice"`` in ``locales/<lang>/<game>.json``.

    >>> import random, pygames
    >>> from pygames.core import SeatWindow
    >>> s = pygames.get_game("royal_turf").new_state(["Ann", "Ben"])
    >>> while s.current_player() < 0: _ = s.apply(s.chance_outcomes()[0][0])
    >>> tips = advise(SeatWindow(s, s.current_player()), random.Random(1), iterations=12)
    >>> [t["reason"]["key"].split(".")[0] for t in tips][:1]
    ['royal_turf']
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, NotRequired, TypedDict

from .bots import SeatWindow, bot_for
from .registry import get_game
from .search import Arm, beats, search
from .state import Action

Reason = dict[str, Any]
"""``{"key": "<game>.<reason_id>", **params}``: a plain sentence's id and its fields."""

ReasonFn = Callable[[SeatWindow[Any], Arm, list[Arm]], Reason]
"""A game's reason for one searched choice, given all of them (best first)."""

_REASONS: dict[str, ReasonFn] = {}
_REASON_IDS: dict[str, tuple[str, ...]] = {}
GENERIC_IDS = ("best_chance", "behind_best", "close_call", "only_choice")
"""The reasons of :func:`generic_reason`, which every game may give."""


class Advice(TypedDict):
    """One suggested choice: the action, the seat's chance to win the game after it,
    its expected final money or points, and why. ``line``: the whole choice where it
    takes several actions (a Gambler placement: each die, then the confirmation),
    starting with ``action``; absent where the choice is the one action."""

    action: Action
    win: float
    value: float
    reason: Reason
    line: NotRequired[list[Action]]


def register_reasons(game_id: str, reason: ReasonFn, ids: tuple[str, ...]) -> None:
    """Give ``game_id``'s own reasons: ``reason`` returns keys ``<game_id>.<id>`` with
    ``id`` in ``ids`` or in :data:`GENERIC_IDS` (it may fall back on :func:`generic_reason`)."""
    _REASONS[game_id] = reason
    _REASON_IDS[game_id] = ids


def reason_ids(game_id: str) -> tuple[str, ...]:
    """Every reason id ``game_id`` can give (each needs its EN and DE text)."""
    get_game(game_id)  # the game's package registers its reasons
    return GENERIC_IDS + _REASON_IDS.get(game_id, ())


def reason(game_id: str, rid: str, arm: Arm, **params: Any) -> Reason:
    """A reason of ``game_id`` with the arm's chance to win as ``{win}`` (whole percent).
    A ``horse`` parameter is the game's own horse id (the table shows its name)."""
    return {"key": f"{game_id}.{rid}", "win": round(100 * arm.win), **params}


def generic_reason(game_id: str, arm: Arm, arms: list[Arm]) -> Reason:
    """The fallback every game may use: how this choice compares with the others (the
    tip shows its own figures). Where luck could explain the difference (:func:`beats`,
    on the rollouts both choices shared), it is too close to call."""
    if len(arms) == 1:
        return reason(game_id, "only_choice", arm)
    best = arms[0]
    other = arms[1] if arm is best else best
    ahead, behind = (arm, other) if arm is best else (best, arm)
    gap = round(100 * (ahead.win - behind.win))
    if gap < 1 or not beats(ahead, behind):
        return reason(game_id, "close_call", arm)
    return reason(game_id, "best_chance" if arm is best else "behind_best", arm, gap=gap)


def advise(
    window: SeatWindow[Any],
    rng: random.Random,
    *,
    iterations: int | None = None,
    think_ms: int | None = None,
    top: int = 3,
) -> list[Advice]:
    """The seat's ``top`` best distinct legal choices, best chance to win first.

    Empty when it is not the seat's turn.
    """
    if not window.legal_actions():
        return []
    if iterations is None and think_ms is None:
        think_ms = 1000
    # Even a lone choice is played out: its chance and amount are what the player asks.
    # The halving stops at ``top`` arms: each choice shown is played out as often, so its
    # figures are as sure as the others' (not those of an arm dropped after 2 rounds).
    arms = search(window, rng, iterations=iterations, think_ms=think_ms, weigh_one=True, keep=top)
    # The arms that stayed longest in the search, then the best chance among them.
    tried = sorted(arms, key=lambda a: -a.visits)[:top]
    tried.sort(key=lambda a: (-a.win, -a.value))
    why_fn = _REASONS.get(window.game_id)
    out: list[Advice] = []
    for arm in tried:
        why = why_fn(window, arm, tried) if why_fn else generic_reason(window.game_id, arm, tried)
        tip: Advice = {"action": arm.action, "win": arm.win, "value": arm.value, "reason": why}
        if arm.rest:
            tip["line"] = [arm.action, *arm.rest]
        out.append(tip)
    return out


def _window(game_id: str, state: str, seat: int) -> SeatWindow[Any]:
    full = get_game(game_id).state_from_json(json.loads(state))
    return SeatWindow(full, seat)


def advise_json(game_id: str, state: str, seat: int, seed: int, think_ms: int) -> str:
    """:func:`advise` for the browser worker, as JSON text. ``state`` is a state the page
    has already resampled for ``seat`` (its ``to_json()`` as text), never the real one."""
    tips = advise(_window(game_id, state, seat), random.Random(seed), think_ms=think_ms)
    return json.dumps(tips)


def decide_json(game_id: str, state: str, seat: int, level: str, seed: int, think_ms: int) -> str:
    """The action (JSON) of a computer seat of ``level``, for the browser worker;
    ``state`` as in :func:`advise_json`."""
    window = _window(game_id, state, seat)
    bot = bot_for(game_id, level, think_ms=think_ms)
    return json.dumps(bot.choose(window, seat, random.Random(seed)))
