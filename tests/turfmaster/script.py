"""Scripted play for scenario tests: every position is reached through ``State.apply``.

Chance is forced, never edited: each shuffle, start box and dice roll is picked from
``chance_outcomes()`` (refusing one that is not offered), so a horse's hand is the
head of a deck dealt card by card. Decisions are the scenario's own: which card each
horse plays and which end square it takes (by default straight ahead in its lane).
Nothing here assigns to a state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pygames.core.state import Event
from pygames.turfmaster import GAME
from pygames.turfmaster.data import CARDS, HURDLE_COST
from pygames.turfmaster.state import TurfMasterState

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def chance(state: TurfMasterState, **fields: Any) -> list[Event]:
    """Apply the one offered chance outcome that has these fields."""
    offered = [
        o for o, _ in state.chance_outcomes() if all(o.get(k) == v for k, v in fields.items())
    ]
    assert len(offered) == 1, (fields, state.phase)
    return state.apply(offered[0])


def deck(hand: list[str], bonus: list[str] | None = None) -> list[str]:
    """A shuffled deck whose first cards are ``hand`` (and last two ``bonus``)."""
    tail = list(bonus or [])
    rest = [c for c in CARDS if c not in hand and c not in tail]
    if not tail:
        tail, rest = rest[-2:], rest[:-2]
    return [*hand, *rest, *tail]


def deal(
    n: int,
    per: int = 0,
    *,
    hands: dict[int, list[str]] | None = None,
    bonus: dict[int, list[str]] | None = None,
    boxes: list[int] | None = None,
    **options: Any,
) -> TurfMasterState:
    """A new game dealt through the chance events, up to race 1's first card turn.

    ``hands[h]``: the first cards of horse h's deck (its hand is the first 10);
    ``boxes``: the horses in start-box order (box k is square ``k-0``).
    """
    state = GAME.new_state(NAMES[:n], {"horses_per_player": per, **options})
    assert isinstance(state, TurfMasterState)
    horses = list(state.horses)
    for h in horses:
        for i, card in enumerate(deck((hands or {}).get(h, []), (bonus or {}).get(h))):
            chance(state, type="deck_shuffle", horse=h, position=i + 1, card=card)
    for box, h in enumerate(boxes or horses, start=1):
        chance(state, type="start_order", box=box, horse=h)
    assert state.race == 1 and state.round == 1 and not state.is_chance()
    return state


def where(state: TurfMasterState) -> dict[int, str | None]:
    """Each horse's square, read from the public view."""
    return {h["horse"]: h["square"] for h in state.view(None)["horses"]}


def ends(state: TurfMasterState) -> list[str]:
    assert state.phase == "end", state.phase
    return [a["square"] for a in state.legal_actions()]


def straight(state: TurfMasterState, square: str, points: int) -> str | None:
    """The square ``points`` movement points straight ahead in the lane (hurdles cost 4),
    or None if a hurdle takes more points than are left."""
    b = state.board
    i = b.index[square]
    while points > 0:
        i = b.straight[i]
        points -= HURDLE_COST if b.hurdle[i] else 1
    return b.ids[i] if points == 0 else None


def settle(state: TurfMasterState, horse: int, end: str | None = None) -> list[Event]:
    """If ``horse`` waits for its end square: take ``end``, else straight ahead in its lane.

    Straight ahead is the end of the path that never changes lane (else the first end);
    if that end is a fall, the first end that is not.
    """
    if state.phase != "end" or state.acting_horse() != horse:
        # (moved already, its one end applied at once; None: it fell there)
        assert end is None or where(state)[horse] in (end, None), (horse, end)
        return []
    move = state.view(None)["move"]
    assert move is not None and move["from"] is not None
    if end is None:
        ahead = straight(state, move["from"], move["cost"])
        end = ahead if ahead in move["ends"] else move["ends"][0]
        if end in move["falls"]:  # never a fall unless the script names it
            end = next((e for e in move["ends"] if e not in move["falls"]), end)
    assert end in move["ends"], (horse, end, move["ends"])
    return state.apply({"type": "choose_end", "horse": horse, "square": end})


def play(
    state: TurfMasterState, horse: int, card: str, end: str | None = None, **extra: Any
) -> list[Event]:
    """Horse ``horse`` plays ``card`` at its card turn and settles on ``end``."""
    assert state.acting_horse() == horse and state.phase in ("card", "blind"), state.phase
    events = state.apply({"type": "play_card", "horse": horse, "card": card, **extra})
    return events + settle(state, horse, end)


def card_round(
    state: TurfMasterState, cards: dict[int, str], ends: dict[int, str] | None = None
) -> list[Event]:
    """Every horse of the round plays its card, in movement order."""
    assert state.phase == "card" and state.turn_index == 0, state.phase
    events: list[Event] = []
    for h in list(state.order):
        events += play(state, h, cards[h], (ends or {}).get(h))
    return events


def roll(state: TurfMasterState, d1: int, d2: int, pace: int) -> list[Event]:
    """The dice round's roll and the roller's pace."""
    assert state.phase == "roll", state.phase
    return chance(state, type="dice_roll", d1=d1, d2=d2) + state.apply(
        {"type": "choose_pace", "value": pace}
    )


def dice_round(
    state: TurfMasterState,
    d1: int,
    d2: int,
    pace: int,
    ends: dict[int, str] | None = None,
    dice: dict[int, int] | None = None,
) -> list[Event]:
    """A whole dice round: over-limit horses take ``dice[h]``; ends as given or straight."""
    events = roll(state, d1, d2, pace)
    while state.kind == "dice" and state.phase in ("die", "end"):
        h = state.acting_horse()
        assert h is not None
        if state.phase == "die":
            events += state.apply({"type": "choose_die", "horse": h, "value": (dice or {})[h]})
        events += settle(state, h, (ends or {}).get(h))
    return events


Round = dict[int, str] | tuple[int, int, int]
BONUS = "bonus"
"""In a :func:`run_race` script: take the bonus pair at this card turn."""


def rounds(state: TurfMasterState, *plan: Round) -> TurfMasterState:
    """Whole rounds in turn: a dict is a card round (each horse's card), a triple a
    dice round (d1, d2, pace); every horse runs straight ahead in its lane."""
    for step in plan:
        if isinstance(step, dict):
            card_round(state, step)
        else:
            dice_round(state, *step)
    return state


def same(card: str, *horses: int) -> dict[int, str]:
    """A card round in which every one of ``horses`` plays ``card``."""
    return dict.fromkeys(horses, card)


def run_race(
    state: TurfMasterState,
    cards: dict[int, list[str]],
    aside: dict[int, list[str]] | None = None,
    until: Callable[[TurfMasterState], bool] | None = None,
    dice: tuple[int, int, int] = (4, 4, 8),
) -> list[Event]:
    """Play the current race to its end (or until ``until(state)`` holds before a step).

    Each horse plays ``cards[h]`` in turn at its card turns (then its lowest card that
    cannot only fall, taking the bonus if every card would; with an empty hand it
    declines the bonus; ``BONUS`` in a script takes it), every dice round is ``dice``
    (4 and 4 at pace 8), every horse runs straight ahead (never into a fall it can avoid).
    Before the next race each horse sets aside ``aside[h]`` (then its lowest cards)
    down to ten.
    """
    race = state.race
    queue = {h: list(c) for h, c in cards.items()}
    events: list[Event] = []
    while state.race == race and not state.is_terminal():
        if until is not None and until(state):
            return events
        h = state.acting_horse()
        if state.phase == "roll":
            events += roll(state, *dice)
        elif state.phase == "end":
            assert h is not None
            events += settle(state, h)
        elif state.phase in ("card", "blind"):  # V2: the same choice, made face down
            assert h is not None
            hand = hand_of(state, h)
            mine = queue.get(h, [])
            if mine and mine[0] == BONUS:
                mine.pop(0)
                events += state.apply({"type": "take_bonus", "horse": h})
            elif mine:
                events += play(state, h, mine.pop(0))
            elif hand:
                card = next((c for c in hand if safe(state, h, c)), None)
                if card is None and state.is_legal({"type": "take_bonus", "horse": h}):
                    events += state.apply({"type": "take_bonus", "horse": h})  # to not fall
                    continue
                events += play(state, h, card or hand[0])
            else:
                events += state.apply({"type": "decline_bonus", "horse": h})
        elif state.phase == "select":
            events += _set_aside(state, aside)
        else:
            raise AssertionError(f"run_race does not handle {state.phase!r}")
    while state.phase == "select" and not (until is not None and until(state)):
        events += _set_aside(state, aside)
    return events


def _set_aside(state: TurfMasterState, aside: dict[int, list[str]] | None) -> list[Event]:
    h = state.acting_horse()
    assert h is not None
    hand = hand_of(state, h)
    card = next((c for c in (aside or {}).get(h, []) if c in hand), hand[0])
    return state.apply({"type": "set_aside", "horse": h, "card": card})


def safe(state: TurfMasterState, horse: int, card: str) -> bool:
    """Whether playing ``card`` now leaves the horse an end that is not a fall (V1)."""
    view = state.view(state.owner(horse))
    hurdles = set(view["board"]["hurdle_rows"])
    return any(
        o["too_high"]
        or o["cost"] == 0
        or any(int(e.split("-")[1]) not in hurdles for e in o["ends"])
        for o in view["card_options"] or []
        if o["card"] == card
    )


def hand_of(state: TurfMasterState, horse: int) -> list[str]:
    """The horse's hand, as its owner's view shows it."""
    return state.view(state.owner(horse))["horses"][horse - 1]["hand"] or []


def placings(state: TurfMasterState, race: int) -> list[int]:
    """The horses in place order of a finished race (from the public results)."""
    result = state.view(None)["results"][race - 1]
    return [p["horse"] for p in result["places"]]
