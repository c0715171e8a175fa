"""The engine's fast paths against the rules written out plainly.

``legal_actions`` finds every (die, row) from precomputed tables and bit sets, and lists
shared action objects; here the same list is worked out from ``match_set`` die by die
(spec §1.3, P4), over positions of seeded random games.
"""

from __future__ import annotations

import random

from pygames.core import Action, canonical, sample_outcome
from pygames.gambler import GAME, GamblerState, Phase
from pygames.gambler.data import LAYOUTS, match_set


def _plain_legal_actions(state: GamblerState) -> list[Action]:
    """The decisions of §3 and P4, straight from the rule text."""
    if state.phase == Phase.AWAIT_ROLL:
        return [{"type": "roll"}]
    if state.phase == Phase.AWAIT_DECISION:
        return [{"type": "roll_again"}, {"type": "stop"}]
    if state.phase != Phase.AWAIT_PLACE:
        return []
    assert state.layout is not None
    rows = LAYOUTS[state.layout].rows
    values = [list(f) for f in state.filled]
    for die, row in state.pending:
        values[row - 1].append(state.roll[die])
    used = {die for die, _ in state.pending}
    actions: list[Action] = [
        {"type": "place", "die": i, "row": r}
        for i, v in enumerate(state.roll)
        if i not in used
        for r in range(1, 7)
        if v in match_set(rows[r - 1].code, values[r - 1])
    ]
    actions += [{"type": "take_back", "row": r} for r in sorted({r for _, r in state.pending})]
    if state.pending:
        actions.append({"type": "confirm"})
    return actions


def test_legal_actions_are_the_rules_written_out() -> None:
    checked = 0
    for i in range(12):
        rng = random.Random(500 + i)
        state = GAME.new_state(["A", "B", "C", "D", "E", "F"][: 2 + i % 5])
        assert isinstance(state, GamblerState)
        while not state.is_terminal():
            if state.is_chance():
                state.apply_trusted(sample_outcome(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            assert canonical(legal) == canonical(_plain_legal_actions(state))
            assert state.placements() == [
                (a["die"], a["row"]) for a in legal if a["type"] == "place"
            ]
            checked += 1
            state.apply_trusted(rng.choice(legal))
    assert checked > 1000


def test_listed_actions_are_fresh_lists_of_unchanging_actions() -> None:
    """Changing a returned list never changes the next one; the actions in it stay
    as listed however often they are applied."""
    state = GAME.new_state(["A", "B"], {"stack_order": "fixed"})
    first = state.legal_actions()
    first.clear()
    assert state.legal_actions() == [{"type": "roll"}]
    rng = random.Random(1)
    seen: list[tuple[Action, str]] = []
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance():
            outcomes = state.chance_outcomes()
            outcome = sample_outcome(outcomes, rng)
            seen.append((outcome, canonical(outcome)))
            state.apply(outcome)
        else:
            action = rng.choice(state.legal_actions())
            seen.append((action, canonical(action)))
            state.apply_trusted(action)
    assert all(canonical(a) == text for a, text in seen)
