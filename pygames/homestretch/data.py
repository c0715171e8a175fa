"""Homestretch's components as plain data (spec §1, §2), checked at import time.

>>> SHARE_COST[7], HORSE_NAMES[12], CARD_HORSE["R9"], PAYOUT["WIN"][11]
(10, 'Pants on Fire', 9, 10)
>>> RACE_CARDS["P7"]["handicaps"]
{7: 'X', 11: '+2', 4: '+4', 10: '+4', 12: '+6'}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

# --- money (§1.1) -------------------------------------------------------------------
START_MONEY = 50
BLIND_FEE = 3  # a blind purchase costs 3 + the card's cost (R6)

# --- horses (§1.2) ------------------------------------------------------------------
HORSES: tuple[int, ...] = tuple(range(2, 13))
HORSE_NAMES: dict[int, str] = {
    2: "Emalus",
    3: "Triple Dare",
    4: "Four Leaf Clover",
    5: "High Five",
    6: "Pressure Point",
    7: "Time's Up",
    8: "My Lucky Day",
    9: "Cloud Nine",
    10: "Perfect Ten",
    11: "Eleventh Hour",
    12: "Pants on Fire",
}
SHARE_COST: dict[int, int] = {
    2: 2,
    3: 4,
    4: 6,
    5: 8,
    6: 10,
    7: 10,
    8: 10,
    9: 8,
    10: 6,
    11: 4,
    12: 2,
}
GROUPS: tuple[str, ...] = ("long shot", "middle", "favourite")
"""Tie-break groups in the order P38 checks them."""
GROUP: dict[int, str] = {
    **{h: "long shot" for h in (2, 3, 11, 12)},
    **{h: "middle" for h in (4, 5, 9, 10)},
    **{h: "favourite" for h in (6, 7, 8)},
}

# --- share cards (§1.3) ---------------------------------------------------------------
BLUE_CARDS: tuple[str, ...] = tuple(f"B{h}{x}" for h in HORSES for x in "ab")
RED_CARDS: tuple[str, ...] = tuple(f"R{h}" for h in HORSES)
CARD_HORSE: dict[str, int] = {
    **{f"B{h}{x}": h for h in HORSES for x in "ab"},
    **{f"R{h}": h for h in HORSES},
}
CARD_COST: dict[str, int] = {c: SHARE_COST[h] for c, h in CARD_HORSE.items()}

# --- race cards (§1.4) --------------------------------------------------------------
# id, colour, track name, X horses, +2 horses, +4 horses, +6 horses, purse (WIN, PLACE, SHOW)
_RACE_TABLE: tuple[tuple[Any, ...], ...] = (
    ("P1", "purple", "Asbury Downs", (6, 7, 8), (9,), (), (4, 10), (18, 12, 6)),
    ("P2", "purple", "Cedar Flats Park", (6, 7, 8), (5,), (9, 10), (), (24, 18, 6)),
    ("P3", "purple", "Harbor Lights Raceway", (6, 7), (), (10,), (2, 3), (18, 12, 6)),
    ("P4", "purple", "Willow Creek Downs", (6, 8), (3,), (9,), (2, 12), (24, 18, 6)),
    ("P5", "purple", "Red Mesa Park", (6, 8), (), (4,), (11, 12), (24, 18, 6)),
    ("P6", "purple", "Maple Hollow Downs", (6, 7, 8), (9,), (10,), (4,), (24, 18, 6)),
    ("P7", "purple", "Sandy Bay Raceway", (7,), (11,), (4, 10), (12,), (24, 18, 6)),
    ("P8", "purple", "Pine Ridge Park", (7,), (5,), (12,), (3,), (18, 12, 6)),
    ("P9", "purple", "Silver Lake Downs", (6,), (9,), (5,), (3, 11), (24, 18, 6)),
    ("P10", "purple", "Foxfield Park", (8,), (), (9, 11), (12,), (18, 12, 6)),
    ("P11", "purple", "Brookside Raceway", (6,), (), (5,), (2, 11), (18, 12, 6)),
    ("P12", "purple", "Meadowlark Downs", (7, 8), (), (5,), (2, 12), (18, 12, 6)),
    ("G1", "green", "Golden Mile Stakes", (), (), (4, 9), (2, 10), (36, 24, 12)),
    ("G2", "green", "Governor's Cup", (6, 7), (4,), (3,), (2, 12), (30, 18, 12)),
    ("G3", "green", "Bluebonnet Classic", (6, 7, 8), (), (4, 10), (3, 11), (30, 18, 12)),
    ("G4", "green", "Harvest Moon Handicap", (6, 7, 8), (), (4, 10), (), (36, 24, 12)),
    ("G5", "green", "Silver Spur Stakes", (7, 8), (9, 10), (2, 12), (), (30, 18, 12)),
    ("G6", "green", "Lakeshore Derby", (6, 7, 8), (5,), (2,), (11,), (30, 18, 12)),
    ("G7", "green", "Iron Horse Invitational", (6, 8), (5,), (3, 4), (), (36, 24, 12)),
    ("G8", "green", "Crown Jewel Stakes", (6, 7, 8), (), (2, 12), (), (30, 18, 12)),
    ("G9", "green", "Twilight Derby", (6, 7), (), (2, 11), (), (36, 24, 12)),
    ("G10", "green", "Champions' Cup", (7, 8), (), (3, 11), (), (36, 24, 12)),
    ("G11", "green", "Starlight Stakes", (8,), (), (5, 9), (3,), (30, 18, 12)),
)
HANDICAP_TYPES: tuple[str, ...] = ("X", "+2", "+4", "+6")
HANDICAP_BONUS: dict[str, int] = {"+2": 2, "+4": 4, "+6": 6}
HANDICAP_SUPPLY: dict[str, int] = {"X": 3, "+2": 2, "+4": 2, "+6": 2}
HANDICAP_IDS: dict[str, tuple[str, ...]] = {
    "X": ("HX1", "HX2", "HX3"),
    "+2": ("HA1", "HA2"),
    "+4": ("HB1", "HB2"),
    "+6": ("HC1", "HC2"),
}
HANDICAP_COLOUR: dict[str, str] = {"X": "red", "+2": "blue", "+4": "yellow", "+6": "green"}

RACE_CARDS: dict[str, dict[str, Any]] = {
    cid: {
        "id": cid,
        "colour": colour,
        "name": name,
        # horse -> marker type, in the table's column order (X, +2, +4, +6)
        "handicaps": {
            **{h: "X" for h in xs},
            **{h: "+2" for h in p2},
            **{h: "+4" for h in p4},
            **{h: "+6" for h in p6},
        },
        "purse": tuple(purse),
    }
    for cid, colour, name, xs, p2, p4, p6, purse in _RACE_TABLE
}
PURPLE_CARDS: tuple[str, ...] = tuple(c for c in RACE_CARDS if RACE_CARDS[c]["colour"] == "purple")
GREEN_CARDS: tuple[str, ...] = tuple(c for c in RACE_CARDS if RACE_CARDS[c]["colour"] == "green")

# --- board (§1.6) ---------------------------------------------------------------------
SQUARES = 9
FINISH = 10  # a horse is finished once its position is >= 10
ROWS: tuple[str, ...] = ("WIN", "PLACE", "SHOW")
ROW_INDEX: dict[str, int] = {"WIN": 1, "PLACE": 2, "SHOW": 3}
PLACE_NAMES: tuple[str, ...] = ("WIN", "PLACE", "SHOW")  # 1st, 2nd, 3rd
CELLS: tuple[tuple[int, str], ...] = tuple((h, row) for h in HORSES for row in ROWS)
"""The 33 betting cells, horse-major."""
PAYOUT: dict[str, dict[int, int]] = {
    row: dict(zip(HORSES, values, strict=True))
    for row, values in (
        ("WIN", (20, 10, 8, 6, 6, 5, 6, 6, 8, 10, 20)),
        ("PLACE", (12, 8, 5, 4, 4, 3, 4, 4, 5, 8, 12)),
        ("SHOW", (9, 6, 4, 3, 3, 2, 3, 3, 4, 6, 9)),
    )
}

# --- player sets (§1.7) ---------------------------------------------------------------
COLOURS: tuple[str, ...] = ("black", "blue", "green", "red", "white", "yellow")
"""The fixed colour order P2 (English alphabetical); seat i plays COLOURS[i] by default."""
MARKERS: tuple[str, ...] = ("1a", "1b", "2a", "2b", "3")
MARKER_VALUE: dict[str, int] = {"1a": 1, "1b": 1, "2a": 2, "2b": 2, "3": 3}

# --- deal (§2 step 6, R1) ---------------------------------------------------------------
DEAL_SIZE: dict[int, int] = {2: 5, 3: 5, 4: 5, 5: 4, 6: 3}
RACES_FULL = 4
RACES_SHORT = 2  # V3


def bonus_distance(difference: int) -> int:
    """P25: squares of a bonus move for the dice difference 0–5."""
    return 1 if difference <= 1 else 2 if difference == 2 else 3


def plus_squares(marker: str | None) -> int:
    """P24: extra squares a horse's marker adds to its own-number move (0 for X or none)."""
    return HANDICAP_BONUS.get(marker or "", 0)


def last_place(pos: Mapping[int, int] | Sequence[int], finished: Collection[int]) -> list[int]:
    """P25/R19: the unfinished horses with the lowest position (horses at 0 included).

    ``pos`` is indexed by horse number (the engine's list of 13, or a bot's dict).
    """
    live = [h for h in HORSES if h not in finished]
    low = min(pos[h] for h in live)
    return [h for h in live if pos[h] == low]


def race_colour(race: int, short: bool) -> str:
    """Colour of race ``race`` (1-based): purple first, then green (§2 step 4, V3)."""
    half = RACES_SHORT // 2 if short else RACES_FULL // 2
    return "purple" if race <= half else "green"


def _check() -> None:
    assert len(HORSES) == 11 and set(HORSE_NAMES) == set(SHARE_COST) == set(GROUP) == set(HORSES)
    for h in HORSES:
        assert SHARE_COST[h] == SHARE_COST[14 - h], "share costs are symmetric"
        assert SHARE_COST[h] == 2 * min(h - 1, 13 - h, 5), "costs follow the dice odds"
    assert len(BLUE_CARDS) == 22 and len(RED_CARDS) == 11 and len(CARD_HORSE) == 33
    for h in HORSES:
        assert sum(1 for x in CARD_HORSE.values() if x == h) == 3, "3 cards per horse"
    assert len(PURPLE_CARDS) == 12 and len(GREEN_CARDS) == 11 and len(RACE_CARDS) == 23
    for cid, card in RACE_CARDS.items():
        purse = card["purse"]
        assert len(purse) == 3 and purse[0] > purse[1] > purse[2], cid
        assert all(p % 6 == 0 for p in purse), "purses divide among 1-3 shares (P34)"
        low, high = (6, 24) if card["colour"] == "purple" else (12, 36)
        assert min(purse) >= low and max(purse) <= high, "purse range by colour"
        counts = {t: 0 for t in HANDICAP_TYPES}
        for h, t in card["handicaps"].items():
            assert h in HORSES and t in HANDICAP_TYPES, cid
            counts[t] += 1
        assert all(counts[t] <= HANDICAP_SUPPLY[t] for t in counts), f"supply suffices ({cid})"
        assert all(h in (6, 7, 8) for h, t in card["handicaps"].items() if t == "X"), cid
    assert len(RACE_CARDS["P1"]["handicaps"]) == 6  # dict keys: one marker per horse (R30)
    for t, ids in HANDICAP_IDS.items():
        assert len(ids) == HANDICAP_SUPPLY[t]
    assert sum(HANDICAP_SUPPLY.values()) == 9
    for row in ROWS:
        for h in HORSES:
            assert PAYOUT[row][h] == PAYOUT[row][14 - h], "board is symmetric"
            if h < 7:
                assert PAYOUT[row][h] >= PAYOUT[row][h + 1], "rows fall towards 7"
    for h in HORSES:
        assert PAYOUT["WIN"][h] > PAYOUT["PLACE"][h] > PAYOUT["SHOW"][h], "WIN > PLACE > SHOW"
    # anchors fixed by the seed (§1.6, §7.1)
    assert PAYOUT["WIN"][11] == 10 and PAYOUT["PLACE"][11] == 8 and PAYOUT["SHOW"][11] == 6
    assert PAYOUT["SHOW"][9] == 3 and PAYOUT["SHOW"][7] == 2
    assert len(COLOURS) == 6 and list(COLOURS) == sorted(COLOURS)
    assert sum(MARKER_VALUE.values()) == 9 and len(MARKERS) == 5
    for n, k in DEAL_SIZE.items():
        dealt = k * (n + 1 if n == 2 else n)
        assert dealt <= len(BLUE_CARDS)
        if n >= 4:
            assert k == len(BLUE_CARDS) // n, "R1: floor(22/N)"
        assert k * 10 <= START_MONEY, "a draft never costs more than the start money"
    assert [bonus_distance(d) for d in range(6)] == [1, 1, 2, 3, 3, 3]
    assert [plus_squares(t) for t in (None, "X", "+2", "+4", "+6")] == [0, 0, 2, 4, 6]


_check()
