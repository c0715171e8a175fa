"""Finish Line's components as plain data (spec §1), checked at import time."""

from __future__ import annotations

# --- horse tiles (spec §1.2) ----------------------------------------------------
# id -> (name, type, free dice fields). Type "F" = favourite, "S" = sprinter, "" = plain.
TILES: dict[int, tuple[str, str, int]] = {
    1: ("Oat Couture", "", 3),
    2: ("Hay Fever", "F", 2),
    3: ("Neigh Sayer", "", 3),
    4: ("Mane Attraction", "S", 2),
    5: ("Gallop Poll", "", 3),
    6: ("Stable Mabel", "", 3),
    7: ("Canter Bury", "F", 2),
    8: ("Foal Proof", "", 3),
    9: ("Rein Check", "S", 2),
    10: ("Trot Pocket", "", 3),
    11: ("Last Minute Larry", "", 3),
    12: ("Furlong Shot", "F", 2),
    13: ("Sugar Rush", "S", 2),
    14: ("Bridle Path", "", 3),
    15: ("Sir Trots-a-Lot", "F", 2),
    16: ("Horsepower", "", 3),
    17: ("Carrot Top", "S", 2),
    18: ("Saddle Sore", "", 3),
    19: ("Odds On", "F", 2),
    20: ("Photo Finisher", "", 3),
    21: ("Hay Presto", "S", 2),
    22: ("Dark Horse", "", 3),
    23: ("Nosebag Royale", "F", 2),
    24: ("Quicksilver Sue", "S", 2),
}
TILE_IDS: tuple[int, ...] = tuple(sorted(TILES))
NAME: dict[int, str] = {t: v[0] for t, v in TILES.items()}
TYPE: dict[int, str] = {t: v[1] for t, v in TILES.items()}
FIELDS: dict[int, int] = {t: v[2] for t, v in TILES.items()}
HORSES_PER_RACE = 7
RACES = 3

# --- dice (spec §1.3) -------------------------------------------------------------
COLOURS: tuple[str, ...] = ("white", "green", "black", "red", "yellow")
"""Canonical colour order: lists of colours and the hand are sorted this way (§3.7)."""
COLOUR_INDEX: dict[str, int] = {c: i for i, c in enumerate(COLOURS)}

# colour -> ((face, multiplicity out of 6), ...) in the spec's table order.
FACES: dict[str, tuple[tuple[str, int], ...]] = {
    "white": (("HORSESHOE", 4), ("LOGO", 1), ("BLANK", 1)),
    "green": (
        ("BLANK", 2),
        ("OUTSIDER_1000", 1),
        ("OUTSIDER_2000", 1),
        ("OUTSIDER_3000", 1),
        ("SIDE_BET", 1),
    ),
    "black": (("EXTRA_TURN", 2), ("DISQUALIFIED", 1), ("INSIDER_TIP", 1), ("CHANGE_OF_PACE", 2)),
    "red": (("WHIP", 2), ("BLANK", 2), ("DOUBLE_HORSESHOE", 2)),
    "yellow": (("HELMET", 2), ("INTERFERENCE", 1), ("NECK_AND_NECK", 1), ("LOSS_OF_SPEED", 2)),
}
FACE_IDS: dict[str, tuple[str, ...]] = {c: tuple(f for f, _ in fs) for c, fs in FACES.items()}

DICE_COUNTS: dict[str, int] = {"white": 13, "green": 2, "black": 2, "red": 6, "yellow": 4}
"""Dice of each colour in the box, used by 3 and 4 players."""
TWO_PLAYER_COUNTS: dict[str, int] = {"white": 11, "green": 2, "black": 2, "red": 5, "yellow": 3}
"""Dice in play with 2 players; the rest stay out for the whole game."""

OUTSIDER: dict[str, int] = {"OUTSIDER_1000": 1000, "OUTSIDER_2000": 2000, "OUTSIDER_3000": 3000}
BLANKS: dict[str, frozenset[str]] = {
    "white": frozenset({"LOGO", "BLANK"}),
    "green": frozenset({"BLANK"}),
    "black": frozenset(),
    "red": frozenset({"BLANK"}),
    "yellow": frozenset(),
}
HOME_STRETCH = 7
"""Yellow dice may be taken only while the pool holds at most this many dice (R8)."""

# --- odds and money (spec §1.5, §1.6) ---------------------------------------------
ODDS: dict[int, tuple[int, ...]] = {
    1: (12, 9, 7, 5, 4, 3, 2),
    2: (15, 12, 9, 6, 4, 3, 2),
    3: (20, 15, 10, 7, 5, 3, 2),
}
"""ODDS[race][slot - 1]: win multiplier of the horse that started in that slot."""

START_MONEY = 1000
GRANTS: dict[int, int] = {2: 2000, 3: 3000}
"""Capital paid to every player before the betting of race 2 and race 3."""
SIDE_BET = 500
MAX_WIN_LINES = 3
MAX_PLACE_LINES = 2
STAKE_UNIT = 100


def dice_in_play(n_players: int) -> dict[str, int]:
    """The pool at the start of every race for ``n_players`` (setup step 3)."""
    return dict(TWO_PLAYER_COUNTS if n_players == 2 else DICE_COUNTS)


def _check() -> None:
    assert TILE_IDS == tuple(range(1, 25))
    types = [TYPE[t] for t in TILE_IDS]
    assert types.count("F") == 6 and types.count("S") == 6 and types.count("") == 12
    assert [t for t in TILE_IDS if TYPE[t] == "F"] == [2, 7, 12, 15, 19, 23]
    assert [t for t in TILE_IDS if TYPE[t] == "S"] == [4, 9, 13, 17, 21, 24]
    for t in TILE_IDS:
        assert FIELDS[t] == (2 if TYPE[t] else 3), t
    assert len(set(NAME.values())) == 24
    # The scenario horses of §8.
    assert all(TYPE[h] == "" for h in (3, 5, 8, 11, 18, 20, 22))
    assert TYPE[12] == "F" and TYPE[4] == "S"
    assert tuple(FACES) == COLOURS
    for colour, faces in FACES.items():
        assert sum(m for _, m in faces) == 6, colour
        assert len({f for f, _ in faces}) == len(faces), colour
        assert BLANKS[colour] <= set(FACE_IDS[colour])
    assert not BLANKS["black"] and not BLANKS["yellow"], "black and yellow have no blank"
    assert sum(DICE_COUNTS.values()) == 27 and sum(TWO_PLAYER_COUNTS.values()) == 23
    gone = {c: DICE_COUNTS[c] - TWO_PLAYER_COUNTS[c] for c in COLOURS}
    assert gone == {"white": 2, "green": 0, "black": 0, "red": 1, "yellow": 1}
    for race, row in ODDS.items():
        assert len(row) == HORSES_PER_RACE and list(row) == sorted(row, reverse=True), race
        assert row[-1] == 2, race
    # Seed values: race 1 s3 7x, s5 4x, s6 3x, s7 2x; the sheet's 20x/15x/10x.
    assert (ODDS[1][2], ODDS[1][4], ODDS[1][5], ODDS[1][6]) == (7, 4, 3, 2)
    assert ODDS[3][:3] == (20, 15, 10)
    assert all(ODDS[r][i] <= ODDS[r + 1][i] for r in (1, 2) for i in range(7))
    assert START_MONEY == 1000 and GRANTS == {2: 2000, 3: 3000}
    assert all(v % (2 * STAKE_UNIT) == 0 for v in OUTSIDER.values()), "bonus halves"
    assert RACES * HORSES_PER_RACE + 3 == len(TILES), "3 tiles stay unused"


_check()
