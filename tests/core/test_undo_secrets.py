"""Whether Undo is offered never depends on a secret, in any game.

The undo button is seen by the whole table. If two moves of the same seat at
the same node leave the same public table (``view(None)``), the undo status
after them must be the same too, or the button would tell what the table may
not see (e.g. which face-down choice a rider made). Moves are compared one step
deep and, within one seat's multi-step turn, two steps deep (taking a bonus
pair and then choosing a card face down must look like declining face down).
"""

from __future__ import annotations

import pickle
import random
import time
from typing import Any

import pytest

from pygames.core import Match, UndoStatus, games

# Option sets under which something is secret (or, for contrast, open), per game.
SECRET_VARIANTS: dict[str, list[dict[str, Any]]] = {
    "finish_line": [{}, {"family_dice": True}],
    "gambler": [{}],  # nothing is secret in Gambler; still, the rule must hold
    "homestretch": [{}, {"open_bets": True}, {"fixed_betting_order": True, "short_game": True}],
    "royal_turf": [{"hidden_bets": False}, {"hidden_bets": True}],
    "turfmaster": [
        {"blind_cards": True, "quick_race": True},
        {"blind_cards": True, "free_jokers": True, "quick_race": True},
        {"blind_cards": True, "horses_per_player": 2, "quick_race": True},
        {"free_jokers": True, "quick_race": True},
    ],
}
GAMES_PER_VARIANT = 12
MAX_NODES = 40  # decision nodes examined per variant
ACTIONS_PER_NODE = 6
SECOND_STEPS = 3


def _after(match: Match, *actions: dict[str, Any]) -> Match:
    child: Match = pickle.loads(pickle.dumps(match))  # a deep copy, several times faster
    for action in actions:
        child.play(action)
    return child


def _outcomes(match: Match, rng: random.Random) -> list[Match]:
    """Matches after one or two moves of the seat to act (sampled, bounded)."""
    seat = match.current_player()
    legal = match.state.legal_actions()
    firsts = rng.sample(legal, min(len(legal), ACTIONS_PER_NODE))
    out: list[Match] = []
    for a in firsts:
        child = _after(match, a)
        out.append(child)
        if child.current_player() == seat:  # the same seat's turn goes on
            more = child.state.legal_actions()
            for b in rng.sample(more, min(len(more), SECOND_STEPS)):
                out.append(_after(child, b))
    return out


def _examine(match: Match, rng: random.Random) -> int:
    """Assert the rule at this node; returns how many groups of look-alikes it had."""
    groups: list[tuple[Any, list[Match]]] = []
    for child in _outcomes(match, rng):
        # Rolls and draws happen in front of everybody: what is public is the
        # table, and how many chance events took place (and whether one was last).
        chance = sum(e["kind"] == "chance" for e in child.history[len(match.history) :])
        key = (child.state.view(None), chance, child.history[-1]["kind"])
        # Views compared with == (a big view is slow to encode for hashing).
        group = next((g for k, g in groups if k == key), None)
        if group is None:
            groups.append((key, [child]))
        else:
            group.append(child)
    alike = 0
    for _, members in groups:
        statuses = {m.undo_status() for m in members}
        if len(members) > 1:
            alike += 1
        assert len(statuses) == 1, (
            f"{match.game_id} {match.options}: the same public table after "
            f"{[m.history[-1]['action'] for m in members]} offers undo differently: {statuses}"
        )
    return alike


def _variant_ids() -> list[tuple[str, dict[str, Any]]]:
    return [(game_id, opts) for game_id, variants in SECRET_VARIANTS.items() for opts in variants]


def test_every_game_has_its_secret_variants_listed() -> None:
    assert set(SECRET_VARIANTS) == {g.id for g in games()}
    for g in games():
        names = {o.name for o in g.options}
        for opts in SECRET_VARIANTS[g.id]:
            assert set(opts) <= names
            g.resolve_options(opts)  # only real values


@pytest.mark.parametrize(("game_id", "options"), _variant_ids(), ids=repr)
def test_undo_status_depends_only_on_the_public_table(
    game_id: str, options: dict[str, Any]
) -> None:
    start = time.perf_counter()
    examined = alike = 0
    seen: dict[frozenset[str], int] = {}
    for seed in range(GAMES_PER_VARIANT):
        rng = random.Random(seed)
        n = 2 + seed % 2
        match = Match(game_id, [f"P{i}" for i in range(n)], options, seed=seed)
        while not match.is_over():
            legal = match.state.legal_actions()
            kinds = frozenset(a["type"] for a in legal)
            # Rare mixes of moves (a face-down decline beside taking a bonus…) are
            # where secrets meet: examine each mix a few times, others seldom.
            novel = seen.get(kinds, 0) < 3
            if len(legal) > 1 and examined < MAX_NODES and (novel or rng.random() < 0.01):
                seen[kinds] = seen.get(kinds, 0) + 1
                alike += _examine(match, rng)
                examined += 1
            match.play(rng.choice(legal))
    assert examined >= 5
    # Only secret variants have look-alike moves; there the test must have met some.
    secret = options.get("hidden_bets") or options.get("blind_cards") or game_id == "finish_line"
    if secret:
        assert alike > 0
    assert time.perf_counter() - start < 10


def test_turfmaster_blind_decline_is_as_final_as_a_face_down_card() -> None:
    # The reported leak: in V2, declining face down was undoable while choosing a
    # card face down was not, so the button told the table which one it was.
    for seed in range(40):
        rng = random.Random(seed)
        match = Match("turfmaster", ["A", "B"], {"blind_cards": True, "quick_race": True}, seed)
        while not match.is_over():
            legal = match.state.legal_actions()
            kinds = {a["type"] for a in legal}
            if match.state.phase == "blind" and kinds == {"take_bonus", "decline_bonus"}:
                seat = match.current_player()
                decline = _after(match, next(a for a in legal if a["type"] == "decline_bonus"))
                took = _after(match, next(a for a in legal if a["type"] == "take_bonus"))
                card = _after(took, took.state.legal_actions()[0])
                assert decline.state.view(None) == card.state.view(None)
                assert decline.undo_status() == card.undo_status() == UndoStatus(seat, "secret")
                return
            match.play(rng.choice(legal))
    raise AssertionError("no face-down decline reached")
