"""Direct setup: positions made by assigning a state's attributes (not by play).

Only for what play cannot reach (each use says why) and for rules and computer-player
tests not yet rewritten as play; scenarios are reached by play (:mod:`.script`).
These helpers deal and draw the start order through the contract, then assign the
squares, hands and statuses and take the round's snapshot (P3/P4) by calling the
state's own round start.
"""

from __future__ import annotations

from typing import Any

from pygames.turfmaster import GAME
from pygames.turfmaster.data import CARDS
from pygames.turfmaster.state import Phase, TurfMasterState

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def new_state(n: int = 4, per: int = 0, **options: Any) -> TurfMasterState:
    state = GAME.new_state(NAMES[:n], {"horses_per_player": per, **options})
    assert isinstance(state, TurfMasterState)
    return state


def dealt(
    n: int = 4,
    per: int = 0,
    decks: dict[int, list[str]] | None = None,
    boxes: list[int] | None = None,
    **options: Any,
) -> TurfMasterState:
    """Race 1, first card round: decks dealt (canonical order unless given), boxes drawn."""
    state = new_state(n, per, **options)
    total = len(state.hands)
    for h in range(1, total + 1):
        order = (decks or {}).get(h, list(CARDS))
        for i, card in enumerate(order):
            state.apply({"type": "deck_shuffle", "horse": h, "position": i + 1, "card": card})
    for box, h in enumerate(boxes or range(1, total + 1), start=1):
        state.apply({"type": "start_order", "box": box, "horse": h})
    assert state.race == 1 and state.round == 1
    return state


def place(
    state: TurfMasterState,
    squares: dict[int, str],
    kind: str = "card",
    *,
    finished: tuple[int, ...] = (),
    moved: int = 0,
    hands: dict[int, list[str]] | None = None,
    no_bonus: tuple[int, ...] = (),
    round_no: int | None = None,
) -> TurfMasterState:
    """Set the scenario's position and take the round's snapshot.

    Horses not in ``squares`` or ``finished`` are off the board (status "out").
    ``moved``: how many horses at the head of the movement order already acted.
    """
    for h in state.horses:
        if h in squares:
            state.squares[h - 1] = squares[h]
            state.status[h - 1] = "track"
        else:
            state.squares[h - 1] = None
            state.status[h - 1] = "finished" if h in finished else "out"
    state.finish = list(finished)
    for h, hand in (hands or {}).items():
        state.hands[h - 1] = list(hand)
    for h in no_bonus:
        state.bonus_taken[h - 1] = True
        state.bonus[h - 1] = []
    state.round = (round_no or 1) - 1
    state._begin_round(kind, [])
    state.turn_index = moved
    if kind == "card":
        state._proceed([])
    return state


def at_dice_move(state: TurfMasterState, d1: int, d2: int, pace: int, moved: int) -> None:
    """Dice round whose pace is already chosen and whose first ``moved`` horses acted."""
    assert state.kind == "dice"
    state.dice = [d1, d2]
    state.pace = pace
    state.phase = Phase.DICE
    state.turn_index = moved
    state._proceed([])


def finish_race(state: TurfMasterState, order: list[int], extra: str = "3c") -> None:
    """All horses level on row F-1; one card round finishes them in ``order``."""
    cards = ["J12", "J11", "J10", "J9", "8a", "7a", "4a", "3a"]
    line = state.board.finish - 1
    squares = {h: f"{i + 1}-{line}" for i, h in enumerate(order)}
    hands = {
        h: sorted({*state.hands[h - 1], cards[i], extra}, key=CARDS.index)
        for i, h in enumerate(order)
    }
    place(state, squares, hands=hands)
    race = state.race
    for i, h in enumerate(order):
        state.apply({"type": "play_card", "horse": h, "card": cards[i]})
        if state.phase == "end":
            end = f"{i + 1}-{line + int(cards[i].strip('Jabcd'))}"
            state.apply({"type": "choose_end", "horse": h, "square": end})
    assert state.results[-1]["race"] == race
    assert [p["horse"] for p in state.results[-1]["places"]] == order


def select_first(state: TurfMasterState) -> None:
    while state.phase == "select":
        state.apply(state.legal_actions()[0])
