"""Property tests: many random Homestretch games with invariants checked after every step.

1,000 seeded random games (40 per player count 2–6 × variant set) keep the game's own
invariants (cards, money, markers, horses, bets), and no view changes when every secret
hidden from its viewer is scrambled. What holds for every game (refusals leave the state
unchanged, chance sums to 1, views are JSON and fresh, saves replay) is checked by the
contract suite, ``tests/core/test_every_game.py``.
"""

from __future__ import annotations

import random

import pytest

from pygames.core import sample_outcome
from pygames.homestretch import GAME, HomestretchState
from pygames.homestretch.data import (
    BLUE_CARDS,
    DEAL_SIZE,
    HANDICAP_SUPPLY,
    HORSES,
    MARKERS,
    RED_CARDS,
)

GAMES_PER_CONFIG = 40
BLUE = frozenset(BLUE_CARDS)
RED = frozenset(RED_CARDS)
VARIANTS: list[dict[str, bool]] = [
    {},
    {"fixed_betting_order": True},
    {"open_bets": True},
    {"short_game": True, "literal_handicaps": True},
    {
        "fixed_betting_order": True,
        "open_bets": True,
        "short_game": True,
        "literal_handicaps": True,
    },
]


def check_invariants(s: HomestretchState) -> None:
    """Named invariants of a Homestretch state (spec §1–§4)."""
    n = len(s.players)
    # card conservation: every card is in exactly one zone
    zones: list[str] = [*s.deck, *s.ghost, *s.pool, *s.display, *s.removed_after_buying]
    for seat in range(n):
        zones += s.hands[seat] + s.kept[seat] + s.shares[seat]
    cards = set(zones)
    assert len(cards) == len(zones), "card conservation: a card in two places"
    reds_in = s.phase in ("display", "buying", "blind") or s.buy_round == 2
    expected = BLUE | (RED if n >= 4 and reds_in else frozenset())
    if s.buy_round == 2 and s.phase not in ("display", "buying", "blind"):
        assert cards <= expected, "card conservation after buying"
    else:
        assert cards == expected, "card conservation: blue deck (+ red deck at buying)"
    if n < 4:
        assert not cards & RED, "2-3 players: red deck out of the game"
    # draft
    k = DEAL_SIZE[n]
    if s.phase in ("draft", "ghost"):
        sizes = {len(h) + int(p) for h, p in zip(s.hands, s.picked, strict=True)}
        assert len(sizes) == 1, "draft hands have equal size"
        for seat in range(n):
            kept = s.draft_round - 1 + int(s.picked[seat])
            assert len(s.kept[seat]) == kept, "P6: one card kept per draft round"
            assert len(s.kept[seat]) + len(s.hands[seat]) <= k, "draft: hand + kept <= dealt"
        if n == 2:
            size = len(s.hands[0]) + int(s.picked[0])
            assert len(s.ghost) == size - int(s.ghost_done), "ghost hand size"
    if s.phase not in ("deal", "draft", "ghost"):
        assert not any(s.hands) and not any(s.kept) and not s.ghost, "draft over: hands empty"
        for seat in range(n):
            assert k <= len(s.shares[seat]) <= k + 2, "P9/P33: dealt cards + at most 2 bought"
    # money
    assert all(type(m) is int and m >= 0 for m in s.money), "R7: money never negative"
    # handicap markers
    for t, total in HANDICAP_SUPPLY.items():
        on_board = s.hcap.count(t)
        assert s.supply[t] >= 0 and s.supply[t] + on_board == total, "handicap conservation"
    # horses
    assert len(s.finished) == len(set(s.finished)) <= 3, "at most 3 finishers, no dead heats"
    if s.phase in ("claims", "betting", "roll_off", "race"):
        for h in HORSES:
            if h in s.finished:
                assert s.pos[h] >= 10, "a finished horse is past the line"
            else:
                assert 0 <= s.pos[h] < 10, "an unfinished horse is on the track"
    if s.phase == "race":
        assert len(s.finished) < 3, "the race ends at the 3rd finisher (P27)"
        assert s.roll_no <= 2, "P21: two rolls at most"
        if s.pending is None:
            assert s.roll_no < 2, "no third roll"
    # bets
    ranks = s.ranks() if s.phase in ("betting", "roll_off", "race") else []
    for seat in range(n):
        bets = s.bets[seat]
        assert set(bets) <= set(MARKERS), "marker ids"
        if bets and s.phase in ("betting", "roll_off", "race"):
            cells = [(h, r) for h, r in bets.values()]
            most = max(cells.count(c) for c in cells)
            assert most <= ranks[seat], "P17: per-cell limit = rank"
        if s.submitted[seat]:
            assert len(bets) == 5, "R13: all 5 markers placed"
    if s.phase in ("roll_off", "race"):
        assert all(s.submitted), "every player has bet before the race"
    if s.is_terminal():
        assert len(s.results) == s.races, "every race was run"
        assert len(s.race_cards) == s.races


def scramble_secrets(
    s: HomestretchState, viewer: int | None, rng: random.Random
) -> HomestretchState:
    """A copy in which every secret hidden from ``viewer`` is changed."""
    other = s.clone()
    n = len(s.players)
    drafting = s.phase in ("deal", "draft", "ghost")
    if drafting:
        hidden: list[str] = list(other.deck) + list(other.ghost) + list(other.pool)
        for seat in range(n):
            if seat != viewer:
                hidden += other.hands[seat] + other.kept[seat]
        rng.shuffle(hidden)

        def take(k: int) -> list[str]:
            out = hidden[:k]
            del hidden[:k]
            return out

        other.deck = sorted(take(len(other.deck)))
        other.ghost = take(len(other.ghost))
        other.pool = sorted(take(len(other.pool)))
        for seat in range(n):
            if seat != viewer:
                other.hands[seat] = take(len(other.hands[seat]))
                other.kept[seat] = take(len(other.kept[seat]))
    for seat in range(n):
        if seat == viewer:
            continue
        if not other.submitted[seat]:
            other.bets[seat] = {}  # an unconfirmed turn is invisible
        elif not s.opt("open_bets"):
            cells = list(other.bets[seat].values())
            ids = list(other.bets[seat])
            rng.shuffle(ids)
            other.bets[seat] = dict(zip(ids, cells, strict=True))
    return other


def check_views(s: HomestretchState, rng: random.Random) -> None:
    """No view shows another seat's hand, kept cards or marker values (§9)."""
    n = len(s.players)
    for viewer in [None, *range(n)]:
        view = s.view(viewer)
        if viewer is None:
            assert view["my_markers"] is None and view["draft"]["hand"] is None
        other = scramble_secrets(s, viewer, rng)
        assert other.view(viewer) == view, "a view leaks another seat's secret"


def play_checked(n: int, options: dict[str, bool], seed: int) -> HomestretchState:
    rng = random.Random(seed)
    s = GAME.new_state([f"P{i}" for i in range(n)], options)
    assert isinstance(s, HomestretchState)
    steps = 0
    while not s.is_terminal():
        check_invariants(s)
        if rng.random() < 0.003:
            check_views(s, rng)
        if s.is_chance():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            legal = s.legal_actions()
            # Random betting: confirm as soon as possible now and then, to keep games short.
            confirm = [a for a in legal if a["type"] == "confirm_bets"]
            if confirm and rng.random() < 0.7:
                s.apply(confirm[0])
            else:
                s.apply(rng.choice(legal))
        steps += 1
        assert steps < 20_000, "every game ends"
    check_invariants(s)
    check_views(s, rng)
    assert len(s.scores()) == n and s.winners()
    return s


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_games_keep_invariants(n: int, variant: int) -> None:
    for k in range(GAMES_PER_CONFIG):
        s = play_checked(n, VARIANTS[variant], k * 1009 + n * 31 + variant)
        assert s.is_terminal()
