"""The race row and its dice: positions, movement and face effects (spec §3.4–§3.5).

A :class:`Track` works on plain lists so the game state and the computer player
share the same code: ``row`` holds the horses back→front, ``dice`` is parallel
to it (``dice[i]`` lies on ``row[i]``, each die a ``[colour, face]`` pair), and
``removed`` counts the dice of the removed area by colour.

    >>> t = Track([18, 11, 5, 20], [[], [["white", "HORSESHOE"]], [], []], False, False, {})
    >>> t.resolve("white", "HORSESHOE", {"horse": 11})
    >>> t.row, t.removed
    ([18, 5, 11, 20], {'white': 2})
"""

from __future__ import annotations

from typing import Any

from .data import OUTSIDER, TYPE

Die = list[str]

# Faces whose use needs a ``horse`` target.
HORSE_FACES = frozenset(
    {
        "HORSESHOE",
        "OUTSIDER_1000",
        "OUTSIDER_2000",
        "OUTSIDER_3000",
        "DISQUALIFIED",
        "WHIP",
        "DOUBLE_HORSESHOE",
        "HELMET",
        "LOSS_OF_SPEED",
    }
)
HORSESHOE_DIE = ("white", "HORSESHOE")
EXTRA_DIE = ("black", "EXTRA_TURN")


def is_horseshoe(die: Die) -> bool:
    """A white die on a tile, or (in P4) a placed EXTRA_TURN die."""
    return die[0] == "white" or (die[0] == "black" and die[1] == "EXTRA_TURN")


class Track:
    """The row, the level-pair flags, dice on tiles and the removed area."""

    __slots__ = ("row", "dice", "nn", "nn_used", "removed")

    def __init__(
        self,
        row: list[int],
        dice: list[list[Die]],
        nn: bool,
        nn_used: bool,
        removed: dict[str, int],
    ) -> None:
        self.row = row
        self.dice = dice
        self.nn = nn
        self.nn_used = nn_used
        self.removed = removed

    # --- queries ------------------------------------------------------------
    def ranks(self) -> dict[int, int]:
        """Horse -> rank (1 = leader); a level pair shares rank 1 (§3.4)."""
        m = len(self.row)
        if self.nn:
            out = {h: m - i - 1 for i, h in enumerate(self.row)}
            out[self.row[-1]] = 1
            return out
        return {h: m - i for i, h in enumerate(self.row)}

    def rank(self, horse: int) -> int:
        return self.ranks()[horse]

    def behind(self, horse: int) -> int:
        """Number of horses behind ``horse`` (greater rank); the level partner is not."""
        i = self.row.index(horse)
        if self.nn and i >= len(self.row) - 2:
            return len(self.row) - 2
        return i

    def dice_on(self, horse: int) -> list[Die]:
        return self.dice[self.row.index(horse)]

    def has(self, horse: int, colour: str, face: str | None = None) -> bool:
        return any(d[0] == colour and (face is None or d[1] == face) for d in self.dice_on(horse))

    def has_horseshoe(self, horse: int) -> bool:
        return any(is_horseshoe(d) for d in self.dice_on(horse))

    # --- movement -----------------------------------------------------------
    def _swap(self, i: int, j: int) -> None:
        self.row[i], self.row[j] = self.row[j], self.row[i]
        self.dice[i], self.dice[j] = self.dice[j], self.dice[i]

    def _to_front(self, i: int) -> None:
        self.row.append(self.row.pop(i))
        self.dice.append(self.dice.pop(i))

    def advance(self, horse: int, k: int) -> None:
        """M1: move ``horse`` forward ``k`` positions, stopping as sole leader."""
        for _ in range(k):
            m = len(self.row)
            i = self.row.index(horse)
            if i == m - 1 and not self.nn:
                return  # (a) sole leader
            if self.nn and i >= m - 2:
                self.nn = False  # (b) one of the level pair leads alone
                if i == m - 2:
                    self._swap(i, i + 1)
                return
            if self.nn and i == m - 3:
                self.nn = False  # (c) pass the whole pair: upper 3rd, lower 2nd
                self._to_front(i)
                return
            self._swap(i, i + 1)  # (d)

    def fall_back(self, horse: int) -> None:
        """M2: ``horse`` loses two positions (Loss of speed)."""
        i = self.row.index(horse)
        m = len(self.row)
        steps = 2
        if self.nn and i >= m - 2:
            self.nn = False
            if i == m - 1:
                self._swap(m - 2, m - 1)  # directly behind its partner
            i = m - 2
            steps = 1
        for _ in range(steps):
            self._swap(i - 1, i)
            i -= 1

    def remove(self, horse: int) -> None:
        """M3: disqualify ``horse``; its dice go to the removed area."""
        i = self.row.index(horse)
        if self.nn and i >= len(self.row) - 2:
            self.nn = False
        self.row.pop(i)
        for die in self.dice.pop(i):
            self.discard(die[0])

    def discard(self, colour: str, count: int = 1) -> None:
        self.removed[colour] = self.removed.get(colour, 0) + count

    def strip(self, horse: int) -> None:
        """All dice on ``horse`` go to the removed area."""
        i = self.row.index(horse)
        for die in self.dice[i]:
            self.discard(die[0])
        self.dice[i] = []

    def place_horseshoe(self, horse: int, die: Die) -> None:
        """P-W1 (also Change of pace and extra turns): put a horseshoe die on ``horse``."""
        if TYPE[horse] == "F":
            self.advance(horse, 1)
            self.discard(die[0])
            return
        on = self.dice_on(horse)
        partner = next((d for d in on if is_horseshoe(d)), None) if on else None
        if partner is not None:
            on.remove(partner)
            self.advance(horse, 1)
            self.discard(partner[0])
            self.discard(die[0])
            return
        on.append(list(die))

    # --- legal targets --------------------------------------------------------
    def interference_blocks(self) -> list[list[int]]:
        """P-Y2: the legal blocks, back to front, each in its current order."""
        m = len(self.row)
        if m == 2:
            return [list(self.row)]
        return [self.row[i : i + 3] for i in range(m - 2) if not (self.nn and i == m - 4)]

    def horse_targets(self, colour: str, face: str, family: bool) -> list[int]:
        """The horses a die of ``HORSE_FACES`` may be used on, back→front."""
        return horse_targets(self.row, self.dice, self.nn, face, family)

    # --- effects ----------------------------------------------------------------
    def resolve(self, colour: str, face: str, action: dict[str, Any]) -> None:
        """Carry out a legal board use of the die ``colour``/``face`` (§3.5)."""
        if face == "HORSESHOE":
            self.place_horseshoe(action["horse"], [colour, face])
        elif face in OUTSIDER:
            self.dice_on(action["horse"]).append([colour, face])
        elif face == "DISQUALIFIED":
            self.remove(action["horse"])
            self.discard(colour)
        elif face == "WHIP":
            horse = action["horse"]
            if self.has(horse, "red"):
                self.remove(horse)
                self.discard(colour)
            else:
                self.dice_on(horse).append([colour, face])
        elif face == "DOUBLE_HORSESHOE":
            self.advance(action["horse"], 1)
            self.discard(colour)
        elif face == "CHANGE_OF_PACE":
            src = self.dice_on(action["from"])
            white = next(d for d in src if d[0] == "white")
            src.remove(white)
            self.place_horseshoe(action["to"], white)
            self.discard(colour)
        elif face == "HELMET":
            horse = action["horse"]
            self.advance(horse, 2)
            on = self.dice_on(horse)
            whites = [d for d in on if d[0] == "white"]
            if whites:
                white = whites[0]
                on.remove(white)
                self.discard("white")
            self.discard(colour)
        elif face == "INTERFERENCE":
            order: list[int] = action["order"]
            idx = sorted(self.row.index(h) for h in order)
            moved = {h: self.dice[self.row.index(h)] for h in order}
            for i, h in zip(idx, order, strict=True):
                self.row[i] = h
                self.dice[i] = moved[h]
            if self.nn and idx[-1] == len(self.row) - 1:
                self.nn = False
            self.discard(colour)
        elif face == "NECK_AND_NECK":
            self.nn = True
            self.nn_used = True
            self.discard(colour)
        elif face == "LOSS_OF_SPEED":
            horse = action["horse"]
            self.fall_back(horse)
            self.strip(horse)
            self.discard(colour)
        else:
            raise ValueError(f"no board effect for {colour} {face}")


SPRINTERS = frozenset(h for h, kind in TYPE.items() if kind == "S")
FAVOURITES = frozenset(h for h, kind in TYPE.items() if kind == "F")


def horse_targets(
    row: list[int], dice: list[list[Die]], nn: bool, face: str, family: bool
) -> list[int]:
    """:meth:`Track.horse_targets` on the lists themselves (listing a hand's uses asks
    for it at every step of a playout)."""
    if face == "HORSESHOE" or face == "DOUBLE_HORSESHOE":
        return list(row)
    # Most tiles hold no die: `not on` and `on and` skip the scan of an empty tile.
    if face == "WHIP":
        if not family and len(row) >= 3:  # the second whip disqualifies (R27, V3)
            return [h for h in row if h not in SPRINTERS]
        return [
            h
            for h, on in zip(row, dice, strict=True)
            if h not in SPRINTERS and (not on or all(d[0] != "red" for d in on))
        ]
    if face in OUTSIDER:
        return [
            h for h, on in zip(row, dice, strict=True) if not on or all(d[0] != "green" for d in on)
        ]
    if face == "HELMET":
        top = len(row) - (2 if nn else 1)  # the leaders: rank 1
        return [
            row[i]
            for i in range(top)
            if row[i] in FAVOURITES or (dice[i] and any(d[0] == "white" for d in dice[i]))
        ]
    if face == "DISQUALIFIED":
        if family or len(row) < 3:
            return []
        return [h for h in row if h not in SPRINTERS]
    if face == "LOSS_OF_SPEED":
        # Two or more horses behind; the level partner of the leader does not count.
        last = len(row) - 2 if nn else len(row)
        return row[2:last] + (row[-2:] if nn and len(row) >= 4 else [])
    raise ValueError(f"no horse target for {face}")
