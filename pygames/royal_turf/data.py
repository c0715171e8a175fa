"""Royal Turf's components as plain data (spec §1), checked at import time."""

from __future__ import annotations

from fractions import Fraction

HORSES: tuple[str, ...] = (
    "earl_grey",
    "albino",
    "nougat",
    "caramello",
    "red_fox",
    "mocha",
    "othello",
)
"""Canonical order (spec §1.2): display order and iteration order."""

HORSE_NAMES: dict[str, str] = {
    "earl_grey": "Earl Grey",
    "albino": "Albino",
    "nougat": "Nougat",
    "caramello": "Caramello",
    "red_fox": "Red Fox",
    "mocha": "Mocha",
    "othello": "Othello",
}

HORSE_COLOURS: dict[str, str] = {
    "earl_grey": "grey",
    "albino": "white",
    "nougat": "beige",
    "caramello": "caramel",
    "red_fox": "red-brown",
    "mocha": "dark brown",
    "othello": "black",
}

PLAYER_COLOURS: tuple[str, ...] = ("blue", "red", "green", "yellow", "purple", "orange")

SYMBOLS: tuple[str, ...] = ("head", "helmet", "saddle", "horseshoe")

DIE: tuple[tuple[str, Fraction], ...] = (
    ("head", Fraction(1, 2)),  # faces 1, 2, 3
    ("helmet", Fraction(1, 6)),
    ("saddle", Fraction(1, 6)),
    ("horseshoe", Fraction(1, 6)),
)

# card id -> (horse, {symbol: squares}); values [designed], spec §1.4.
CARDS: dict[str, tuple[str, dict[str, int]]] = {
    card: (horse, dict(zip(SYMBOLS, values, strict=True)))
    for card, horse, values in (
        ("EG1", "earl_grey", (4, 9, 5, 4)),
        ("EG2", "earl_grey", (3, 11, 6, 4)),
        ("EG3", "earl_grey", (2, 12, 7, 5)),
        ("AL1", "albino", (4, 9, 6, 3)),
        ("AL2", "albino", (3, 10, 8, 3)),
        ("AL3", "albino", (2, 10, 9, 5)),
        ("NO1", "nougat", (5, 4, 2, 9)),
        ("NO2", "nougat", (3, 4, 6, 11)),
        ("NO3", "nougat", (3, 3, 5, 13)),
        ("CA1", "caramello", (4, 5, 9, 4)),
        ("CA2", "caramello", (4, 2, 12, 4)),
        ("CA3", "caramello", (3, 2, 12, 7)),
        ("RF1", "red_fox", (2, 14, 9, 1)),
        ("RF2", "red_fox", (5, 5, 5, 5)),
        ("RF3", "red_fox", (5, 9, 1, 5)),
        ("MO1", "mocha", (3, 10, 1, 10)),
        ("MO2", "mocha", (4, 1, 9, 8)),
        ("MO3", "mocha", (6, 1, 3, 8)),
        ("OT1", "othello", (7, 1, 2, 6)),
        ("OT2", "othello", (6, 2, 7, 3)),
        ("OT3", "othello", (5, 2, 1, 12)),
    )
}

FIELDS = 33
PACE_FIELD = 18
START_FIELD_OF_SLOT = {slot: 34 - slot for slot in range(1, 8)}  # slot 1 -> 33 ... 7 -> 27

# ODDS[place][column]: payout per bet; column = min(total bets, 5) - 1. Spec §1.8.
ODDS: dict[int, tuple[int, ...]] = {
    1: (500, 350, 250, 200, 150),
    2: (350, 250, 200, 150, 100),
    3: (250, 200, 150, 100, 50),
}
PACE_BONUS = 100
LAST_PENALTY = 100
RACES = 3
BASE_CHIPS: tuple[int, ...] = (1, 1, 2)
HIDDEN_CHIPS: tuple[int, ...] = (0, 1, 1, 2)


def multiplier(race: int) -> int:
    """Race 3 doubles every amount (spec §1.8)."""
    return 2 if race == 3 else 1


def _check() -> None:
    assert len(HORSES) == 7 and set(HORSE_NAMES) == set(HORSES) == set(HORSE_COLOURS)
    assert sum(p for _, p in DIE) == 1
    for card, (horse, values) in CARDS.items():
        assert horse in HORSES, card
        v = values
        # Design invariant: every card averages 5 squares per roll.
        assert 3 * v["head"] + v["helmet"] + v["saddle"] + v["horseshoe"] == 30, card
        assert all(1 <= x <= 14 for x in v.values()), card
    for horse in HORSES:
        assert sum(1 for h, _ in CARDS.values() if h == horse) == 3, horse
    assert [c[0] for c in CARDS.values()].count("othello") == 3
    assert any(v["head"] == 7 for h, v in CARDS.values() if h == "othello")
    for place, row in ODDS.items():
        assert list(row) == sorted(row, reverse=True), place
        assert all(x % 50 == 0 for x in row)
        if place > 1:
            # Each row is the row above shifted one column left.
            assert row[:-1] == ODDS[place - 1][1:]
    # The three cells fixed by the rulebook's worked example.
    assert ODDS[1][1] == 350 and ODDS[2][3] == 150 and ODDS[3][0] == 250


_check()
