"""Property tests: many random TurfMaster games with TurfMaster's invariants after every step.

1,000 seeded random games: 100 for each of the ten setups (players × horses) the
spec allows, with the variants cycling through default, Grand National, blind
cards, free jokers, quick race and all of V1–V3 together. The checks every game
shares (refusals, chance, views as fresh typed JSON, secrets, saving) are the
contract suite's (``tests/core/test_every_game.py``); here are the game's own:
cards conserved, blocking, snapshots, the dice right, points, and what each seat's
view hides (hands, set-aside and face-down cards, V2 bonuses until the reveal).
"""

from __future__ import annotations

import random

import pytest

from pygames.core import sample_outcome
from pygames.turfmaster import GAME
from pygames.turfmaster.data import CARDS, HAND_SIZE, HANDICAP, MAX_ROUNDS, POINTS, SIDES
from pygames.turfmaster.state import TurfMasterState

GAMES_PER_SETUP = 100
SETUPS = [(2, 2), (2, 3), (2, 4), (3, 2), (4, 1), (4, 2), (5, 1), (6, 1), (7, 1), (8, 1)]
VARIANTS: list[dict[str, bool]] = [
    {},
    {"grand_national": True},
    {"blind_cards": True},
    {"free_jokers": True},
    {"quick_race": True},
    {"grand_national": True, "blind_cards": True, "free_jokers": True},
]
ALL_CARDS = sorted(CARDS)


def check_invariants(s: TurfMasterState, full: bool = True) -> None:
    """Named invariants of a TurfMaster state (spec §1–§5).

    ``full=False`` checks card conservation by counts only (the full multiset
    check runs whenever the phase changes), to keep 1,000 games fast.
    """
    b = SIDES["B" if s.steeplechase else "A"]
    total = len(s.hands)
    assert 4 <= total <= 8 and total == len(s.players) * s.per, "4–8 horses, equal per player"
    assert 1 <= s.race <= s.races, "race number in 1..races"
    assert 0 <= s.round <= MAX_ROUNDS, "safety cap: at most 60 rounds"
    dealt = s.phase not in ("deal",)
    for h in s.horses:
        i = h - 1
        if dealt:
            chosen = s.chosen[i]
            parts = (s.hands[i], s.piles[i], s.bonus[i], s.discards[i], s.aside[i])
            if full:
                cards = [c for part in parts for c in part] + ([chosen[0]] if chosen else [])
                assert sorted(cards) == ALL_CARDS, "each deck's 32 cards are conserved"
            else:
                count = sum(map(len, parts)) + (1 if chosen else 0)
                assert count == 32, "each deck's 32 cards are conserved"
            assert s.bonus_taken[i] == (not s.bonus[i]), "bonus taken once, then empty"
            assert len(s.bonus[i]) in (0, 2), "the bonus pair is two cards"
            expected_pile = 20 - 10 * (s.race - 1)
            assert len(s.piles[i]) == expected_pile, "the pile holds 20/10/0 cards"
            limit_hand = 22 if s.phase == "select" else HAND_SIZE + 2
            assert len(s.hands[i]) <= limit_hand, "hand size bounded"
            if full:
                assert s.hands[i] == sorted(s.hands[i], key=CARDS.index), "hands kept sorted"
        st = s.status[i]
        assert st in ("track", "finished", "out"), "status known"
        if st == "track" and s.phase in ("card", "blind", "roll", "pace", "die", "end"):
            assert s.squares[i] is not None and s.squares[i] in b.index, (
                "on-track horse on a square"
            )
        if st != "track":
            assert s.squares[i] is None, "finished or fallen horses are off the board"
    on = [h for h in s.horses if s.status[h - 1] == "track" and s.squares[h - 1] is not None]
    idx = {h: b.index[s.squares[h - 1]] for h in on}  # type: ignore[index]
    assert len(set(idx.values())) == len(idx), "at most one horse per square"
    for h, sq in idx.items():
        for o, osq in idx.items():
            if o != h:
                assert b.straight[osq] != sq, "no horse directly in front of another (P12)"
    assert s.phase == "blind" or not s.blind_bonus, "V2: face-down bonuses are told at the reveal"
    assert all(s.bonus_taken[h - 1] for h in s.blind_bonus), "V2: a face-down bonus was taken"
    assert len(set(s.finish)) == len(s.finish), "each horse finishes once"
    assert all(s.status[h - 1] == "finished" for h in s.finish) or s.phase in ("select", "over")
    if s.phase in ("card", "blind", "roll", "pace", "die", "end"):
        for h in s.order:
            pos = s.positions[h - 1]
            assert pos is not None and s.limits[h - 1] == HANDICAP.get(pos), "limit from snapshot"
        assert s.kind == ("card" if s.round % 2 == 1 else "dice"), "rounds alternate, card first"
    if s.phase == "pace":
        assert s.dice is not None and s.roller is not None
        roller_horses = [h for h in s.on_track() if s.owner(h) == s.roller]
        assert roller_horses, "the roller has a horse on track (R17)"
    awarded = sum(sum(r["points"]) for r in s.results)
    assert awarded <= sum(POINTS) * len(s.results), "at most 110 points per race"
    assert sum(s.points) == awarded, "meeting totals are the sum of race points"
    if not s.is_terminal() and not s.is_chance():
        assert len(s.legal_actions()) >= 2, "single-action decisions are applied automatically"
    if s.is_terminal():
        assert len(s.results) == s.races, "the meeting has all its races"
        assert sorted(s.ranking())[0] == 1


def check_views(s: TurfMasterState) -> None:
    """No view shows another seat's hand, set-aside cards, face-down card or any pile."""
    for viewer in [None, *range(len(s.players))]:
        view = s.view(viewer)
        for h in view["horses"]:
            own = viewer is not None and h["owner"] == viewer
            if not own:
                assert h["hand"] is None, "foreign hand leaked"
                assert h["set_aside"] is None, "foreign set-aside cards leaked"
                if s.phase == "blind":
                    assert h["chosen_card"] is None, "foreign face-down card leaked"
                    assert h["chosen_value"] is None, "foreign face-down value leaked"
                assert h["useless"] is None and h["jokers"] is None, "foreign hand leaked"
                if s.phase == "blind" and h["horse"] in s.blind_bonus:
                    real = len(s.hands[h["horse"] - 1])
                    assert h["bonus_available"], "V2: a face-down bonus is public at the reveal"
                    assert h["hand_count"] == max(0, real - 2), "V2: bonus cards not counted"
            assert "pile" not in h and "bonus" not in h, "piles and bonus pairs stay hidden"
        if view["card_options"] is not None:
            assert viewer is not None and view["current_player"] == viewer


def play_checked(n: int, per: int, options: dict[str, bool], seed: int) -> TurfMasterState:
    rng = random.Random(seed)
    s = GAME.new_state([f"P{i}" for i in range(n)], {"horses_per_player": per, **options})
    assert isinstance(s, TurfMasterState)
    steps = 0
    last_phase = ""
    while not s.is_terminal():
        if s.phase == "deal":
            s.apply(sample_outcome(s.chance_outcomes(), rng))
            continue
        check_invariants(s, full=s.phase != last_phase)
        last_phase = s.phase
        if rng.random() < 0.02 and not s.is_chance():
            check_views(s)
        if s.is_chance():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
        steps += 1
        assert steps < 20_000, "the game must end"
    check_invariants(s)
    check_views(s)
    assert len(s.scores()) == n and len(s.ranking()) == n
    return s


@pytest.mark.parametrize(("n", "per"), SETUPS, ids=[f"{n}x{p}" for n, p in SETUPS])
def test_random_games_keep_invariants(n: int, per: int) -> None:
    for g in range(GAMES_PER_SETUP):
        options = VARIANTS[g % len(VARIANTS)]
        s = play_checked(n, per, options, seed=g * 1009 + n * 31 + per)
        assert s.is_terminal()
