"""Homestretch's computer player: a fast heuristic, not a search.

The bot looks only at ``window.view()`` (its own seat's view) and
``window.legal_actions()``, so it never sees another player's hand or marker values.

Race model. Before a race the bot uses a table of start chances per race card
(simulated from the spec's rules). During the race every unfinished horse needs about
``(10 - position - plus marker) / 1.5`` rolls of its own number (one and a half more
while it carries an X); dividing by the chance of that number (1/36 … 6/36) gives
its expected time. Strengths ``time ** -GAMMA`` are turned into finishing places by
the Harville rule (winner ∝ strength, then the next place among the rest, …).

Worth of a position. Each horse and place is worth to the bot its purse share (its
shares over all owned shares of the horse) plus what its own markers there pay, minus
a fraction of what the same place pays its opponents (their shares, and their face-down
markers counted at the average value 1.8). The expected worth over the Harville places
is computed in O(horses²).

Decisions. Draft and buying: the card whose expected purse income for the rest of the
game (spec §7.1 expected purse per horse, times the share of the horse this card adds)
most exceeds its price; blind purchases use the average over the stack's known
composition. Betting: the markers 3, 2, 2, 1, 1 go one by one to the cell with the
highest expected payout per point (probability of finishing in that row or better times
the cell's rate) that the rank limit still allows. Claims: KEEP (order does not change
payouts). Race: TWO versus ONE_AND_REROLL, REROLL versus STOP and the bonus target are
chosen by the expected worth of the resulting position (the second roll averaged over
its 11 sums). The friendly level (``slack``) draws evenly among the draft picks, buys
and race choices worth within ``slack`` of the best, and lays each marker on a cell
drawn among those paying within ``slack`` of the best cell (times the marker's value).

    >>> import random
    >>> from pygames.core import SeatWindow
    >>> from pygames.homestretch import GAME
    >>> from pygames.homestretch.bot import HomestretchBot
    >>> s = GAME.new_state(["Ann", "Ben", "Cy"])
    >>> for c in ["B7a", "B7b", "B2a", "B2b", "B3a"]:
    ...     _ = s.apply({"type": "deal_card", "card": c})
    >>> for c in ["B4a", "B4b", "B5a", "B5b", "B6a", "B6b", "B8a", "B8b", "B9a", "B9b"]:
    ...     _ = s.apply({"type": "deal_card", "card": c})
    >>> HomestretchBot().choose(SeatWindow(s, 0), 0, random.Random(0))["card"][:2]
    'B7'
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any, cast

from ..core.advice import Reason, generic_reason, reason, register_reasons
from ..core.bots import SeatWindow, near_best, register_bot
from ..core.search import Arm, Line, distinct_lines, register_lines, register_worth
from ..core.state import Action, State
from .data import (
    BLIND_FEE,
    CARD_COST,
    CARD_HORSE,
    FINISH,
    HORSES,
    MARKER_VALUE,
    PAYOUT,
    ROW_INDEX,
    ROWS,
    SHARE_COST,
    bonus_distance,
    last_place,
    plus_squares,
    race_colour,
)
from .state import ROLL_OUTCOMES, HomestretchState
from .view import HomestretchView, RaceCard

GAMMA = 2.4
STEP = 1.5
X_ROLLS = 1.5  # an X costs about one and a half own rolls  # average squares per own roll
OPPONENT_SHARE = 0.35
FRIENDLY_SLACK = 0.3  # of a race's worth: closer choices count as equal
HIDDEN_MARKER = 1.8  # average value of a face-down marker
DICE_P: dict[int, float] = {h: (6 - abs(7 - h)) / 36 for h in HORSES}
SUMS: list[tuple[int, float, list[tuple[int, float]]]] = [
    (
        s,
        DICE_P[s],
        # dice difference distribution for this sum: (difference, probability within sum)
        [
            (
                d,
                sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == s and abs(a - b) == d)
                / (36 * DICE_P[s]),
            )
            for d in range(6)
            if any(a + b == s and abs(a - b) == d for a in range(1, 7) for b in range(1, 7))
        ],
    )  # fmt: skip
    for s in HORSES
]
EXPECTED_PURSE: dict[int, float] = {
    2: 4.45,
    3: 12.3,
    4: 20.2,
    5: 27.3,
    6: 24.2,
    7: 38.0,
    8: 24.2,
    9: 27.3,
    10: 20.2,
    11: 12.3,
    12: 4.45,
}
"""Expected whole purse per horse over a 4-race game (spec §7.1, made symmetric)."""
# Per race card, per horse 2-12: chance in tenths of a percent of finishing 1st, in the
# top 2 and in the top 3 from the start, from a throwaway simulation of the spec's rules
# (20,000 races per card, the baseline policy of spec §7.1).
START_ODDS: dict[str, tuple[tuple[int, int, int], ...]] = {
    "P1": (
        (0, 0, 1),
        (2, 9, 22),
        (358, 583, 723),
        (35, 107, 212),
        (37, 122, 247),
        (75, 221, 402),
        (33, 114, 239),
        (97, 247, 406),
        (360, 588, 725),
        (3, 8, 22),
        (0, 1, 2),
    ),
    "P2": (
        (0, 1, 3),
        (4, 13, 29),
        (24, 62, 121),
        (153, 323, 475),
        (65, 178, 320),
        (126, 311, 496),
        (61, 172, 315),
        (363, 564, 706),
        (198, 360, 501),
        (5, 14, 31),
        (0, 1, 3),
    ),
    "P3": (
        (76, 144, 217),
        (259, 398, 511),
        (22, 58, 107),
        (63, 151, 249),
        (68, 169, 288),
        (127, 291, 453),
        (130, 284, 432),
        (62, 151, 250),
        (188, 341, 465),
        (4, 12, 26),
        (0, 1, 2),
    ),
    "P4": (
        (76, 155, 238),
        (19, 47, 86),
        (24, 61, 118),
        (61, 154, 260),
        (68, 174, 303),
        (220, 448, 622),
        (65, 178, 303),
        (364, 558, 691),
        (22, 61, 114),
        (5, 13, 29),
        (77, 152, 236),
    ),
    "P5": (
        (0, 1, 2),
        (4, 13, 26),
        (183, 334, 463),
        (63, 149, 252),
        (61, 160, 282),
        (215, 436, 602),
        (66, 166, 287),
        (62, 148, 252),
        (22, 58, 107),
        (251, 395, 513),
        (75, 140, 214),
    ),
    "P6": (
        (0, 1, 2),
        (3, 11, 26),
        (451, 626, 745),
        (50, 138, 248),
        (52, 153, 283),
        (101, 275, 457),
        (51, 155, 288),
        (126, 293, 445),
        (162, 337, 479),
        (3, 11, 26),
        (0, 1, 2),
    ),
    "P7": (
        (0, 1, 3),
        (4, 12, 27),
        (195, 341, 457),
        (61, 141, 240),
        (128, 273, 415),
        (129, 284, 441),
        (128, 274, 418),
        (63, 147, 246),
        (196, 338, 458),
        (19, 44, 77),
        (78, 145, 218),
    ),
    "P8": (
        (0, 0, 2),
        (274, 422, 541),
        (23, 62, 119),
        (170, 329, 475),
        (137, 297, 455),
        (143, 315, 482),
        (142, 306, 454),
        (68, 159, 267),
        (24, 64, 117),
        (6, 14, 29),
        (13, 31, 57),
    ),
    "P9": (
        (0, 0, 1),
        (190, 323, 449),
        (12, 36, 72),
        (244, 434, 583),
        (38, 109, 209),
        (137, 317, 490),
        (76, 191, 323),
        (96, 221, 346),
        (13, 37, 73),
        (193, 331, 453),
        (0, 0, 2),
    ),
    "P10": (
        (0, 1, 3),
        (4, 12, 28),
        (21, 56, 108),
        (57, 154, 258),
        (125, 280, 437),
        (220, 440, 618),
        (64, 167, 297),
        (346, 544, 678),
        (20, 57, 109),
        (69, 143, 233),
        (74, 146, 232),
    ),
    "P11": (
        (63, 128, 208),
        (3, 9, 21),
        (16, 49, 93),
        (303, 500, 644),
        (49, 137, 254),
        (184, 390, 570),
        (100, 243, 397),
        (46, 126, 220),
        (16, 46, 91),
        (219, 371, 500),
        (0, 1, 2),
    ),
    "P12": (
        (78, 152, 234),
        (6, 15, 31),
        (24, 64, 119),
        (374, 569, 697),
        (136, 302, 456),
        (138, 319, 491),
        (69, 180, 309),
        (65, 162, 274),
        (26, 66, 121),
        (6, 15, 32),
        (78, 157, 237),
    ),
    "G1": (
        (51, 112, 180),
        (2, 6, 14),
        (107, 235, 358),
        (31, 85, 159),
        (64, 166, 298),
        (114, 281, 456),
        (64, 168, 296),
        (219, 413, 563),
        (347, 527, 660),
        (2, 6, 15),
        (0, 0, 1),
    ),
    "G2": (
        (86, 157, 227),
        (94, 173, 251),
        (90, 176, 266),
        (83, 179, 281),
        (94, 207, 328),
        (169, 345, 498),
        (172, 334, 476),
        (80, 177, 277),
        (32, 75, 126),
        (6, 17, 34),
        (94, 161, 235),
    ),
    "G3": (
        (0, 1, 2),
        (214, 353, 469),
        (147, 288, 412),
        (44, 115, 199),
        (45, 126, 225),
        (94, 226, 378),
        (42, 124, 225),
        (48, 118, 205),
        (150, 296, 418),
        (215, 353, 466),
        (0, 0, 1),
    ),
    "G4": (
        (0, 1, 3),
        (5, 16, 34),
        (236, 395, 526),
        (82, 191, 311),
        (90, 220, 360),
        (170, 364, 539),
        (87, 207, 356),
        (81, 187, 304),
        (241, 401, 530),
        (6, 17, 34),
        (0, 1, 3),
    ),
    "G5": (
        (17, 38, 72),
        (6, 20, 41),
        (35, 81, 143),
        (97, 209, 328),
        (195, 374, 527),
        (196, 387, 561),
        (104, 236, 380),
        (221, 391, 529),
        (102, 203, 303),
        (7, 21, 44),
        (19, 40, 72),
    ),
    "G6": (
        (16, 35, 66),
        (5, 17, 36),
        (29, 75, 133),
        (194, 367, 512),
        (87, 214, 354),
        (164, 359, 532),
        (88, 216, 354),
        (80, 188, 306),
        (29, 74, 135),
        (308, 454, 569),
        (0, 1, 3),
    ),
    "G7": (
        (0, 1, 3),
        (85, 163, 252),
        (212, 368, 499),
        (173, 341, 485),
        (80, 194, 330),
        (265, 489, 657),
        (77, 188, 322),
        (77, 175, 294),
        (26, 66, 123),
        (6, 15, 32),
        (0, 1, 3),
    ),
    "G8": (
        (20, 48, 84),
        (11, 27, 53),
        (48, 112, 190),
        (136, 270, 396),
        (145, 303, 452),
        (274, 485, 648),
        (148, 305, 457),
        (135, 266, 392),
        (51, 113, 189),
        (10, 26, 53),
        (22, 45, 84),
    ),
    "G9": (
        (18, 39, 74),
        (8, 21, 44),
        (41, 93, 157),
        (109, 226, 349),
        (120, 268, 411),
        (220, 422, 594),
        (224, 407, 559),
        (113, 234, 357),
        (38, 92, 157),
        (108, 198, 292),
        (1, 2, 5),
    ),
    "G10": (
        (1, 1, 5),
        (108, 198, 286),
        (38, 89, 151),
        (99, 207, 326),
        (202, 386, 536),
        (204, 392, 559),
        (107, 237, 376),
        (100, 213, 326),
        (36, 86, 152),
        (104, 191, 279),
        (0, 1, 4),
    ),
    "G11": (
        (0, 0, 2),
        (203, 346, 477),
        (12, 37, 80),
        (255, 458, 616),
        (81, 209, 356),
        (140, 328, 520),
        (39, 118, 229),
        (257, 457, 618),
        (12, 39, 82),
        (2, 8, 19),
        (0, 0, 2),
    ),
}

PURPLE_SHARE = 42 / 214.9  # an average purple race's part of a game's purses
GREEN_SHARE = 65.45 / 214.9


def _strength(h: int, pos: int, marker: str | None) -> float:
    """How fast a horse at ``pos`` with ``marker`` finishes (``expected time ** -GAMMA``)."""
    d = FINISH - pos
    extra = 0.0
    if marker == "X":
        extra = X_ROLLS
    else:
        d -= plus_squares(marker)
    rolls = max(d, 0) / STEP
    rolls = max(rolls, 0.55) + extra
    time = rolls / DICE_P[h]
    return float(time**-GAMMA)


_STRENGTHS: dict[tuple[int, int, str | None], float] = {}
"""``_strength`` by (horse, position, marker), filled as met: a few hundred at most, and
a rollout asks for them tens of thousands of times."""


class Race:
    """The bot's picture of a race: positions, handicaps, finish order."""

    __slots__ = ("pos", "hcap", "finished")

    def __init__(self, pos: dict[int, int], hcap: dict[int, str], finished: list[int]) -> None:
        self.pos = pos
        self.hcap = hcap
        self.finished = finished

    def copy(self) -> Race:
        return Race(dict(self.pos), dict(self.hcap), list(self.finished))

    def live(self) -> list[int]:
        return [h for h in HORSES if h not in self.finished]

    def strength(self, h: int) -> float:
        pos, t = self.pos[h], self.hcap.get(h)
        known = _STRENGTHS.get((h, pos, t))
        if known is None:
            known = _STRENGTHS[(h, pos, t)] = _strength(h, pos, t)
        return known

    def move(self, h: int, base: int, own: bool) -> None:
        t = self.hcap.get(h)
        extra = 0
        if own and t is not None:
            del self.hcap[h]
            if t == "X":
                return
            extra = plus_squares(t)
        self.pos[h] += base + extra
        if self.pos[h] >= FINISH and h not in self.finished:
            self.finished.append(h)

    def last_place(self) -> list[int]:
        return last_place(self.pos, self.finished)

    def over(self) -> bool:
        return len(self.finished) >= 3


def place_probs(race: Race) -> dict[int, list[float]]:
    """Harville probabilities of each live horse taking each remaining place (1-3)."""
    live = race.live()
    s = {h: race.strength(h) for h in live}
    total = sum(s.values())
    out = {h: [0.0, 0.0, 0.0] for h in live}
    f = len(race.finished)
    for i in live:
        pi = s[i] / total
        out[i][f] += pi
        if f + 1 >= 3:
            continue
        rest = total - s[i]
        for j in live:
            if j == i:
                continue
            pj = pi * s[j] / rest
            out[j][f + 1] += pj
            if f + 2 >= 3:
                continue
            rest2 = rest - s[j]
            for k in live:
                if k != i and k != j:
                    out[k][f + 2] += pj * s[k] / rest2
    return out


def worth(race: Race, w: dict[int, list[float]]) -> float:
    """Expected worth of ``race`` for the weights ``w[h][place-1]`` (O(horses²))."""
    finished = race.finished
    value = sum(w[h][k] for k, h in enumerate(finished[:3]))
    f = len(finished)
    if f >= 3:
        return value
    live = race.live()
    strength = race.strength
    s = [strength(h) for h in live]
    total = sum(s)
    if f == 2:
        return value + sum(si * w[h][2] for h, si in zip(live, s, strict=True)) / total
    a3 = sum(si * w[h][2] for h, si in zip(live, s, strict=True))
    if f == 1:
        return (
            value
            + sum(
                si * (w[i][1] + (a3 - si * w[i][2]) / (total - si))
                for i, si in zip(live, s, strict=True)
            )
            / total
        )
    # Per horse: strength, worth of 2nd, strength x worth of 3rd (loop invariants).
    rows = [(si, w[h][1], si * w[h][2]) for h, si in zip(live, s, strict=True)]
    a2_terms = 0.0
    for i, h in enumerate(live):
        si, _, si_third = rows[i]
        rest = total - si
        a3_i = a3 - si_third
        acc = 0.0
        # the others in order, without a test per pair (the hot loop of a rollout)
        for sj, second, sj_third in rows[:i]:
            acc += sj * (second + (a3_i - sj_third) / (rest - sj))
        for sj, second, sj_third in rows[i + 1 :]:
            acc += sj * (second + (a3_i - sj_third) / (rest - sj))
        a2_terms += si * (w[h][0] + acc / rest)
    return value + a2_terms / total


@functools.cache
def _cells_by_value(card: str) -> tuple[tuple[float, int, str], ...]:
    """The betting cells best first by expected payout per point from the start odds of
    the race card: (value, horse, row). The same all race: worked out once per card."""
    odds = START_ODDS[card]
    probs = {
        h: [
            odds[i][0] / 1000,
            (odds[i][1] - odds[i][0]) / 1000,
            (odds[i][2] - odds[i][1]) / 1000,
        ]
        for i, h in enumerate(HORSES)
    }
    ev: list[tuple[float, int, str]] = []
    for h in HORSES:
        p = probs.get(h, [0.0, 0.0, 0.0])
        for row in ROWS:
            chance = sum(p[: ROW_INDEX[row]])
            ev.append((chance * PAYOUT[row][h], h, row))
    ev.sort(key=lambda e: (-e[0], e[1], ROW_INDEX[e[2]]))
    return tuple(ev)  # kept: nobody may change it


BET_ORDER = ("3", "2a", "2b", "1a", "1b")
"""The markers in the order the friendly player places them (highest value first)."""


def _greedy(
    cells: Sequence[tuple[float, int, str]],
    limit: int,
    down: dict[str, tuple[int, str]] | None = None,
) -> dict[str, tuple[int, str]]:
    """Each marker, highest first, on the first of ``cells`` with room under ``limit``;
    the markers ``down`` stay where they lie (and count against the limit)."""
    plan: dict[str, tuple[int, str]] = {}
    used: dict[tuple[int, str], int] = {}
    for cell in (down or {}).values():
        used[cell] = used.get(cell, 0) + 1
    for m in BET_ORDER:
        if down and m in down:
            continue
        for _, h, row in cells:
            if used.get((h, row), 0) < limit:
                plan[m] = (h, row)
                used[(h, row)] = used.get((h, row), 0) + 1
                break
    return plan


VIEW_KEYS: dict[str, tuple[str, ...]] = {
    "draft_pick": ("colours", "draft"),
    "place_marker": ("race_card", "seats", "my_markers", "colours"),
    "buy_action": ("horses", "options", "buying"),
    "move_choice": ("colours", "horses", "finish_order", "race_card", "betting_board", "turn"),
}
"""The view's entries each kind of decision reads (the same for its kindred kinds). The
table's size is read from ``colours`` (one per seat), which is cheaper than ``players``."""
for _kind, _same in (("place_marker", "take_back_marker"), ("place_marker", "confirm_bets")):
    VIEW_KEYS[_same] = VIEW_KEYS[_kind]
for _same in ("reroll_or_stop", "bonus_target"):
    VIEW_KEYS[_same] = VIEW_KEYS["move_choice"]


class HomestretchBot:
    """Heuristic computer player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, slack: float = 0.0) -> None:
        # 0: today's deterministic heuristic; more: the friendly level, which draws
        # evenly among choices scored within ``slack`` of the best (the race's worth).
        self.slack = slack

    def choose(self, state: SeatWindow[HomestretchView], seat: int, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        # Only the entries this kind of decision reads: a rollout asks at every step.
        view = cast(HomestretchView, state.view_part(*VIEW_KEYS.get(kind, ())))
        if kind == "draft_pick":
            return self._draft(view, seat, legal, rng)
        if kind == "bet_order_claim":
            return legal[0]  # KEEP
        if kind in ("place_marker", "take_back_marker", "confirm_bets"):
            if self.slack:
                return self._drawn_bet(view, seat, legal, rng)
            return self._bet(view, seat, legal)
        if kind == "buy_action":
            return self._buy(view, seat, legal, rng)
        if kind in ("move_choice", "reroll_or_stop", "bonus_target"):
            return self._race(view, seat, legal, rng)
        return legal[0]

    # --- shares --------------------------------------------------------------
    @staticmethod
    def _owned(view: HomestretchView, seat: int) -> tuple[dict[int, int], dict[int, int]]:
        mine: dict[int, int] = {h: 0 for h in HORSES}
        others: dict[int, int] = {h: 0 for h in HORSES}
        for hv in view["horses"]:
            for s, k in hv["shares"].items():
                if int(s) == seat:
                    mine[hv["horse"]] += k
                else:
                    others[hv["horse"]] += k
        return mine, others

    @staticmethod
    def _gain(h: int, mine: int, others: float, factor: float) -> float:
        """Extra expected purse income from one more share of ``h``."""
        before = mine / (mine + others) if mine + others > 0 else 0.0
        after = (mine + 1) / (mine + 1 + others)
        return EXPECTED_PURSE[h] * factor * (after - before)

    def _draft(
        self, view: HomestretchView, seat: int, legal: list[Action], rng: random.Random
    ) -> Action:
        kept = [CARD_HORSE[c["card"]] for c in view["draft"]["kept"] or []]
        n = len(view["colours"])
        copies = 2 if n <= 3 else 2.6  # shares of a horse expected in play

        def value(a: Action) -> float:
            h = CARD_HORSE[a["card"]]
            mine = kept.count(h)
            others = max(copies - mine - 1, 0.0) * 0.8
            return self._gain(h, mine, others, 1.0) - CARD_COST[a["card"]]

        # friendly: twin horses (6 and 8, 5 and 9, ...) and other near-equal cards
        # are picked at random
        return near_best(legal, value, rng, self.slack)

    def _buy(
        self, view: HomestretchView, seat: int, legal: list[Action], rng: random.Random
    ) -> Action:
        mine, others = self._owned(view, seat)
        short = view["options"].get("short_game", False)
        factor = GREEN_SHARE if short else PURPLE_SHARE + 2 * GREEN_SHARE

        def value(a: Action) -> float:
            if a["choice"] == "BUY_FACEUP":
                h = CARD_HORSE[a["card"]]
                return self._gain(h, mine[h], others[h], factor) - CARD_COST[a["card"]]
            if a["choice"] == "BUY_BLIND":
                stack = view["buying"]["stack"]
                return (
                    sum(
                        self._gain(
                            CARD_HORSE[c], mine[CARD_HORSE[c]], others[CARD_HORSE[c]], factor
                        )
                        - CARD_COST[c]
                        for c in stack
                    )
                    / len(stack)
                    - BLIND_FEE
                )
            return 0.5  # pass: keep money unless a card clearly pays

        # passing first, so that it wins a tie; friendly: near-equal choices at random
        ordered = sorted(legal, key=lambda a: a["choice"] != "PASS")
        return near_best(ordered, value, rng, self.slack)

    # --- betting -------------------------------------------------------------
    @staticmethod
    def _race_of(view: HomestretchView) -> Race:
        pos = {hv["horse"]: hv["position"] for hv in view["horses"]}
        hcap = {hv["horse"]: hv["handicap"] for hv in view["horses"] if hv["handicap"]}
        return Race(pos, hcap, list(view["finish_order"]))

    def _bet(self, view: HomestretchView, seat: int, legal: list[Action]) -> Action:
        card = view["race_card"]
        assert card is not None  # betting happens with this race's card revealed
        plan = _greedy(_cells_by_value(card["id"]), view["seats"][seat]["marker_limit"])
        placed = {
            m["marker"]: (m["horse"], m["row"])
            for m in view["my_markers"] or []
            if m["horse"] is not None
        }
        legal_keys = {(a["type"], a.get("marker"), a.get("horse"), a.get("row")) for a in legal}
        me = view["colours"][seat]
        for m, cell in placed.items():
            if plan.get(m) != cell and ("take_back_marker", m, None, None) in legal_keys:
                return {"type": "take_back_marker", "player": me, "marker": m}
        for m in BET_ORDER:
            if m not in placed:
                h, row = plan[m]
                action = {"type": "place_marker", "player": me, "marker": m, "horse": h, "row": row}
                if ("place_marker", m, h, row) in legal_keys:
                    return action
                break
        for a in legal:
            if a["type"] == "confirm_bets":
                return a
        return next(a for a in legal if a["type"] == "place_marker")

    def _drawn_bet(
        self, view: HomestretchView, seat: int, legal: list[Action], rng: random.Random
    ) -> Action:
        """The friendly bet: each marker, highest first, on a cell drawn among those
        whose expected payout for it is within ``slack`` of the best cell with room.
        The bet is laid one marker a call, so a marker down stays where it lies when its
        cell passes the same test (a plan stays one plan while it is laid); one that
        does not, laid otherwise by a search line, is taken back."""
        card = view["race_card"]
        assert card is not None  # betting happens with this race's card revealed
        cells = _cells_by_value(card["id"])
        limit = view["seats"][seat]["marker_limit"]
        down = _laid_cells(view)
        me = view["colours"][seat]
        used: dict[tuple[int, str], int] = {}

        def near(marker: str) -> list[tuple[float, int, str]]:
            room = [c for c in cells if used.get(c[1:], 0) < limit]
            top = room[0][0] if room else 0.0
            return [c for c in room if (top - c[0]) * MARKER_VALUE[marker] <= self.slack]

        for m in BET_ORDER:  # the markers down first, in the order Friendly lays them
            if m in down:
                cell = down[m]
                if cell not in {c[1:] for c in near(m)}:
                    back: Action = {"type": "take_back_marker", "player": me, "marker": m}
                    if back in legal:
                        return back
                used[cell] = used.get(cell, 0) + 1
        for m in BET_ORDER:
            if m not in down:
                places = [
                    a
                    for _, h, row in near(m)
                    if (
                        a := {
                            "type": "place_marker",
                            "player": me,
                            "marker": m,
                            "horse": h,
                            "row": row,
                        }
                    )
                    in legal
                ]
                if places:
                    return rng.choice(places)
                break
        # all down: confirm; else (no near cell may take it) a marker where the rules allow
        laying = [a for a in legal if a["type"] in ("confirm_bets", "place_marker")]
        return next((a for a in laying if a["type"] == "confirm_bets"), laying[0])

    # --- racing --------------------------------------------------------------
    @staticmethod
    def _weights(view: HomestretchView, seat: int) -> dict[int, list[float]]:
        card = view["race_card"]
        purse = card["purse"] if card else [0, 0, 0]
        n = len(view["colours"])
        opp = OPPONENT_SHARE / max(n - 1, 1) * 2
        w = {h: [0.0, 0.0, 0.0] for h in HORSES}
        for hv in view["horses"]:
            h = hv["horse"]
            total = sum(hv["shares"].values())
            if not total:
                continue
            mine = hv["shares"].get(str(seat), 0)
            for k in range(3):
                w[h][k] += purse[k] * (mine - opp * (total - mine)) / total
        for cell in view["betting_board"]:
            h, row = cell["horse"], cell["row"]
            for m in cell["markers"]:
                value: float
                if m["seat"] == seat:
                    value = (m["value"] or 0) * PAYOUT[row][h]
                else:
                    v = m["value"] if m["value"] is not None else HIDDEN_MARKER
                    value = -opp * v * PAYOUT[row][h]
                for k in range(ROW_INDEX[row]):
                    w[h][k] += value
        return w

    @staticmethod
    def _second_roll(race: Race, w: dict[int, list[float]]) -> float:
        """Expected worth after one more roll resolved under P23."""
        total = 0.0
        bonus_best: dict[int, float] = {}  # by bonus distance: several differences share one
        for s, p, diffs in SUMS:
            if s in race.finished:
                for d, q in diffs:
                    squares = bonus_distance(d)
                    best = bonus_best.get(squares)
                    if best is None:
                        best = -1e18
                        for t in race.last_place():
                            r = race.copy()
                            r.move(t, squares, False)
                            best = max(best, worth(r, w))
                        bonus_best[squares] = best
                    total += p * q * best
            else:
                r = race.copy()
                r.move(s, 2, True)
                total += p * worth(r, w)
        return total

    def _race(
        self, view: HomestretchView, seat: int, legal: list[Action], rng: random.Random
    ) -> Action:
        race = self._race_of(view)
        w = self._weights(view, seat)
        kind = legal[0]["type"]
        dice = view["turn"]["dice"]
        if kind == "bonus_target":
            squares = view["turn"]["bonus_squares"] or 0

            def bonus(a: Action) -> float:
                r = race.copy()
                r.move(a["horse"], squares, False)
                return worth(r, w)

            return near_best(legal, bonus, rng, self.slack)
        if kind == "reroll_or_stop":
            stop = worth(race, w)
            again = self._second_roll(race, w)
            choice = "REROLL" if self._takes(again - stop, rng, on_a_tie=False) else "STOP"
            return next(a for a in legal if a["choice"] == choice)
        assert dice is not None  # a move choice follows a roll
        h = dice["sum"]
        two = race.copy()
        two.move(h, 2, True)
        one = race.copy()
        one.move(h, 1, True)
        v_two = worth(two, w)
        v_one = worth(one, w) if one.over() else self._second_roll(one, w)
        choice = "TWO" if self._takes(v_two - v_one, rng, on_a_tie=True) else "ONE_AND_REROLL"
        return next(a for a in legal if a["choice"] == choice)

    def _takes(self, gain: float, rng: random.Random, on_a_tie: bool) -> bool:
        """Whether to take one of two choices, worth ``gain`` more than the other
        (``on_a_tie``: whether it wins an exact tie); friendly: a near-even call, within
        ``slack``, goes either way at random."""
        if abs(gain) < self.slack:
            return rng.random() < 0.5
        return gain > 0 or (on_a_tie and gain == 0)


PLAIN = HomestretchBot()
"""The plain heuristic (no draw): the registered default, and the search's first bet."""
register_bot("homestretch", PLAIN, friendly=HomestretchBot(slack=FRIENDLY_SLACK))


def bet_lines(window: SeatWindow[HomestretchView]) -> list[Line] | None:
    """The whole bets the sharp player and the advice weigh in a betting turn: the
    plain heuristic's plan (the markers on the cells worth most per point at the start
    odds; the friendly player draws among cells that pay about as much) first, then
    plans that trade that value for the seat's chance to win: only WIN cells (a long
    shot pays most), only SHOW cells (paid most often), and the plain plan without its
    best cell or its two best (spread over other horses). Once markers are
    down: the plain heuristic's way on from there first (it takes back what is not in
    its plan), then the markers in hand laid by those plans beside the ones down, and
    the bet confirmed as it lies. Bets that end alike are one choice. None at any other
    decision."""
    seat = window.seat
    assert seat is not None
    legal = window.legal_actions()
    kinds = {a["type"] for a in legal}
    if not kinds & {"place_marker", "confirm_bets"}:
        return None
    view = cast(HomestretchView, window.view_part(*VIEW_KEYS["place_marker"]))
    down = _laid_cells(view)
    card = view["race_card"]
    assert card is not None
    limit = view["seats"][seat]["marker_limit"]
    cells = _cells_by_value(card["id"])
    choices = [
        cells,
        [c for c in cells if c[2] == "WIN"],
        [c for c in cells if c[2] == "SHOW"],
        cells[1:],
        cells[2:],
    ]
    me = view["colours"][seat]
    lines: list[Line] = []
    if down:
        lines.append(_plain_bet(window, seat))
        choices = choices[:3]
    for chosen in choices:
        plan = _greedy(chosen, limit, down)
        if len(plan) + len(down) < len(BET_ORDER):
            continue
        line: list[Action] = [
            {"type": "place_marker", "player": me, "marker": m, "horse": h, "row": row}
            for m, (h, row) in plan.items()
        ]
        lines.append((*line, {"type": "confirm_bets", "player": me}))
    return distinct_lines([line for line in lines if line], functools.partial(_bet_after, down))


def _laid_cells(view: HomestretchView) -> dict[str, tuple[int, str]]:
    """The viewer's markers on the board: marker -> (horse, row)."""
    return {
        m["marker"]: (m["horse"], m["row"])
        for m in view["my_markers"] or []
        if m["horse"] is not None and m["row"] is not None
    }


def _plain_bet(window: SeatWindow[HomestretchView], seat: int) -> Line:
    """The plain heuristic's actions from here to its confirmation (empty if it does not
    get there): played on a state drawn from the seat's view, which holds its markers."""
    state = window.resample(random.Random(0))
    line: list[Action] = []
    for _ in range(2 * len(BET_ORDER) + 1):  # each marker taken back and laid, then confirm
        action = PLAIN.choose(SeatWindow(state, seat), seat, random.Random(0))
        line.append(action)
        if action["type"] == "confirm_bets":
            return tuple(line)
        state.apply_trusted(action)
    return ()


def _bet_after(down: dict[str, tuple[int, str]], line: Line) -> tuple[tuple[int, int, str], ...]:
    """The bet once ``line`` is played beside the markers ``down``, each marker by its
    value: bets that end alike are one choice."""
    bet = dict(down)
    for action in line:
        if action["type"] == "take_back_marker":
            bet.pop(action["marker"], None)
        elif action["type"] == "place_marker":
            bet[action["marker"]] = (action["horse"], action["row"])
    return tuple(sorted((MARKER_VALUE[m], h, row) for m, (h, row) in bet.items()))


# The sharp player keeps the plain heuristic's bet (no draw): weighed against it in
# play (48 rollouts a choice, each checked with 300 more), these bets never won more
# often beyond luck.
register_lines("homestretch", bet_lines, sharp=False)


def purses_left(done: int, races: int, short: bool) -> float:
    """The part of a game's purses still to run once ``done`` of ``races`` races are over
    (a purple race about a fifth, a green one about three tenths; 1.0 before race 1)."""
    return sum(
        PURPLE_SHARE if race_colour(r, short) == "purple" else GREEN_SHARE
        for r in range(done + 1, races + 1)
    )


def expected_worth(state: State[Any]) -> list[float]:
    """Each seat's money plus the purses its shares are expected to bring in the races
    still to run (§7.1's expected purse per horse, split by the shares in play), for the
    search's rollouts that stop at the end of a race. A share pays in every race to
    come, so counting money alone would weigh its full price against one race's purse.

    >>> from pygames.homestretch import GAME
    >>> expected_worth(GAME.new_state(["Ann", "Ben"]))
    [50.0, 50.0]
    """
    hs = cast(HomestretchState, state)
    left = purses_left(hs.finished_races(), hs.races, hs.opt("short_game"))
    worth = [float(m) for m in hs.money]
    if left:
        owned = [[CARD_HORSE[c] for c in cards] for cards in hs.shares]
        for h in HORSES:
            held = [horses.count(h) for horses in owned]
            total = sum(held)
            for seat, k in enumerate(held):
                if k:
                    worth[seat] += EXPECTED_PURSE[h] * left * k / total
    return worth


register_worth("homestretch", expected_worth)


# --- Ask the computer: why a choice, in the game's facts ---------------------------------
# Every fact comes from the seat's own view, the data tables and the engine: a race choice
# is played on a state drawn from the seat's view (its movements are public and follow the
# dice alone), and the turn's second roll is tried with each of the 36 throws.

WAYS: dict[int, int] = {h: sum(1 for o, _ in ROLL_OUTCOMES if o["a"] + o["b"] == h) for h in HORSES}
"""How many of the 36 throws of two dice roll each horse's number (1 for 2 … 6 for 7)."""


def _stakes(view: HomestretchView, seat: int) -> tuple[set[int], set[int]]:
    """The horses the seat holds a share of or has a marker on, and those only the
    other players do (shares are public, and everyone sees whose markers lie where)."""
    mine: set[int] = set()
    theirs: set[int] = set()
    for hv in view["horses"]:
        for owner in hv["shares"]:
            (mine if int(owner) == seat else theirs).add(hv["horse"])
    for cell in view["betting_board"]:
        for m in cell["markers"]:
            (mine if m["seat"] == seat else theirs).add(cell["horse"])
    return mine, theirs - mine


class _Roll:
    """What the turn's second roll does over the 36 throws, as the engine plays them:
    throws that move a horse of the seat's (or offer one as a bonus target), throws that
    move only the other players' horses, and among each kind the throws bringing each
    horse home."""

    def __init__(self, state: HomestretchState, mine: set[int], theirs: set[int]) -> None:
        self.mine = 0
        self.theirs = 0
        self.home: dict[int, int] = {}
        for outcome, p in state.chance_outcomes():
            after = state.clone()
            events = after.apply_trusted(outcome)
            throws = round(36 * p)
            moved = {e["horse"] for e in events if e["type"] == "horse_moved"}
            home = {e["horse"] for e in events if e["type"] == "horse_finished"}
            if after.pending == "bonus_target":  # the roller picks among the last
                moved = set(after.bonus_targets)
                for target in after.legal_actions():
                    if target["horse"] in mine:  # one they would pick
                        done = after.clone().apply_trusted(target)
                        home |= {e["horse"] for e in done if e["type"] == "horse_finished"}
            if moved & mine:
                self.mine += throws
            elif moved and moved <= theirs:
                self.theirs += throws
            else:
                continue
            for h in home & moved:
                self.home[h] = self.home.get(h, 0) + throws

    def likeliest_home(self, horses: set[int]) -> tuple[int, int] | None:
        """The horse of ``horses`` most throws bring home, and how many (None: none)."""
        best = max(((n, -h) for h, n in self.home.items() if h in horses), default=None)
        return None if best is None else (-best[1], best[0])


def _played(
    window: SeatWindow[HomestretchView], action: Action
) -> tuple[HomestretchState, list[dict[str, Any]]]:
    """``action`` played on a state drawn from the seat's view (fixed seed: the same
    view always gives the same state), with its events."""
    state = cast(HomestretchState, window.resample(random.Random(0)))
    return state, state.apply(action)


def _second_roll(
    window: SeatWindow[HomestretchView], action: Action, mine: set[int], theirs: set[int]
) -> _Roll | None:
    """The second roll after ``action`` (None: the turn or the race ends first)."""
    state, _ = _played(window, action)
    if not (state.is_chance() and state.phase == "race" and state.roll_no == 1):
        return None
    return _Roll(state, mine, theirs)


def _moved(events: list[dict[str, Any]], h: int) -> tuple[int, int | None] | None:
    """Where horse ``h`` ended after ``events``: its square and its place if it finished."""
    to = next((e["to"] for e in events if e["type"] == "horse_moved" and e["horse"] == h), None)
    if to is None:
        return None
    place = next(
        (e["place"] for e in events if e["type"] == "horse_finished" and e["horse"] == h), None
    )
    return to, place


def _race_reason(window: SeatWindow[HomestretchView], seat: int, arm: Arm) -> Reason | None:
    """A race choice by whose horses it moves: the bonus target's owners and square, the
    throws of a second roll that move the seat's horses or only the others' (and bring
    one home), where the rolled horse gets to. None where no such fact applies."""
    view = window.view()
    mine, theirs = _stakes(view, seat)
    action = arm.action
    kind, choice = action["type"], action.get("choice")
    if kind == "bonus_target":
        h = action["horse"]
        where = _moved(_played(window, action)[1], h)
        if where is None or (h in theirs):
            return None
        rid = "bonus_yours" if h in mine else "bonus_free"
        return reason("homestretch", rid, arm, horse=h, square=where[0])
    if kind == "reroll_or_stop":
        reroll = next(a for a in window.legal_actions() if a["choice"] == "REROLL")
        roll = _second_roll(window, reroll, mine, theirs)
        if roll is None:
            return None
        if choice == "REROLL":
            facts = {"mine": roll.mine}
            home = roll.likeliest_home(mine)
            rid = "reroll"
            if home is not None:
                rid, facts = "reroll_home", {**facts, "horse": home[0], "ways": home[1]}
            else:
                facts["rival"] = roll.theirs
            return reason("homestretch", rid, arm, **facts)
        facts = {"rival": roll.theirs}
        home = roll.likeliest_home(theirs)
        rid = "stop"
        if home is not None:
            rid, facts = "stop_rival_home", {**facts, "horse": home[0], "ways": home[1]}
        else:
            facts["mine"] = roll.mine
        return reason("homestretch", rid, arm, **facts)
    # move_choice: the rolled horse, two squares now or one and a second roll
    dice = view["turn"]["dice"]
    assert dice is not None
    h = dice["sum"]
    one_action = next(a for a in window.legal_actions() if a["choice"] == "ONE_AND_REROLL")
    where = _moved(_played(window, action)[1], h)
    roll = _second_roll(window, one_action, mine, theirs)
    if where is None or roll is None:
        return None  # a move that ends the race either way: nothing to tell them apart
    square, place = where
    yours = h in mine
    # Two squares weighed by what a second roll risks, one by what it may bring.
    if choice == "TWO":
        if place is not None:
            return reason("homestretch", "two_home", arm, horse=h, place=place)
        rid = "two_yours" if yours else "two"
        return reason("homestretch", rid, arm, horse=h, square=square, rival=roll.theirs)
    if place is not None:
        return reason("homestretch", "one_home", arm, horse=h, place=place, mine=roll.mine)
    if not yours:
        return reason("homestretch", "one_reroll_other", arm, horse=h, mine=roll.mine)
    return reason("homestretch", "one_reroll", arm, horse=h, square=square, mine=roll.mine)


def _cell_facts(card: RaceCard, marker: str, h: int, row: str) -> dict[str, Any]:
    """A marker's cell in the facts a bettor reads: what it pays a point and how often
    this race card's start odds (START_ODDS) see the horse finish in that row or better
    (``pct`` left out where that is under 1 %: "about 0 %" reads oddly)."""
    odds = START_ODDS[card["id"]][h - HORSES[0]][ROW_INDEX[row] - 1]
    facts: dict[str, Any] = {"marker": marker, "horse": h, "row": row, "money": PAYOUT[row][h]}
    if round(odds / 10):
        facts["pct"] = round(odds / 10)
    return facts


def _bet_reason(view: HomestretchView, arm: Arm) -> Reason:
    """A bet by its biggest marker: the cell's rate and how often this race card's start
    odds see the horse finish in that row or better."""
    card = view["race_card"]
    assert card is not None  # betting happens with this race's card revealed
    laid = [a for a in (arm.action, *arm.rest) if a["type"] == "place_marker"]
    lead = laid[0]  # the line's markers come biggest first; a lone marker is itself
    h, row = lead["horse"], lead["row"]
    facts = _cell_facts(card, lead["marker"], h, row)
    rows = {a["row"] for a in laid}
    whole = {k: v for k, v in facts.items() if k != "row"} | {"pct": facts.get("pct", 0)}
    if len(laid) == len(BET_ORDER) and rows == {"WIN"}:
        return reason("homestretch", "bet_all_win", arm, **whole)
    if len(laid) == len(BET_ORDER) and rows == {"SHOW"}:
        return reason("homestretch", "bet_all_show", arm, **whole)
    if "pct" not in facts:  # a cell this card almost never pays
        return reason("homestretch", "bet_cell_rare", arm, **facts)
    handicap = card["handicaps"].get(str(h))
    if handicap == "X":
        return reason("homestretch", "bet_cell_x", arm, **facts)
    if handicap:
        return reason("homestretch", "bet_cell_plus", arm, plus=plus_squares(handicap), **facts)
    return reason("homestretch", "bet_cell", arm, **facts)


def _confirm_reason(view: HomestretchView, arm: Arm) -> Reason | None:
    """Confirming the bet, by the biggest marker down: its cell's rate and how often this
    race card sees it pay."""
    card = view["race_card"]
    laid = _laid_cells(view)
    marker = next((m for m in BET_ORDER if m in laid), None)
    if card is None or marker is None:
        return None
    facts = _cell_facts(card, marker, *laid[marker])
    return reason(
        "homestretch", "bet_confirm" if "pct" in facts else "bet_confirm_rare", arm, **facts
    )


def _claim_reason(view: HomestretchView, arm: Arm) -> Reason:
    """Keeping one's place or cutting in: neither changes a payout or a marker limit
    (P16); only who sees whose markers first."""
    if arm.action["choice"] == "KEEP":
        return reason("homestretch", "claim_keep", arm)
    target = view["colours"].index(arm.action["target"])
    return reason("homestretch", "claim_cut", arm, name=view["seats"][target]["name"])


def _buy_reason(view: HomestretchView, seat: int, arm: Arm) -> Reason:
    """A purchase by its horse's dice, its purses still to run and the shares out; a
    pass by the money kept."""
    action = arm.action
    later = len(view["results"]) + 1  # a share bought now pays from this race on
    if action["choice"] == "PASS":
        money = view["seats"][seat]["money"]
        return reason("homestretch", "keep_money", arm, money=money, next=later)
    if action["choice"] == "BUY_BLIND":
        stack = [CARD_HORSE[c] for c in view["buying"]["stack"]]
        likeliest = max(stack, key=lambda h: (WAYS[h], -h))
        return reason(
            "homestretch", "buy_blind", arm, money=BLIND_FEE, cards=len(stack), horse=likeliest
        )
    h = CARD_HORSE[action["card"]]
    shares = next(hv["shares"] for hv in view["horses"] if hv["horse"] == h)
    held = shares.get(str(seat), 0)
    total = sum(shares.values())
    if held and held == total:
        return reason("homestretch", "buy_no_gain", arm, horse=h)
    left = purses_left(len(view["results"]), view["races"], view["options"]["short_game"])
    purse = round(EXPECTED_PURSE[h] * left)
    if not total:
        return reason(
            "homestretch", "buy_sole", arm, horse=h, next=later, money=purse, ways=WAYS[h]
        )
    return reason(
        "homestretch",
        "buy_share",
        arm,
        horse=h,
        ways=WAYS[h],
        next=later,
        money=purse,
        mine=held + 1,
        total=total + 1,
    )


def _draft_reason(view: HomestretchView, arm: Arm) -> Reason:
    """A draft card by its horse's dice, its purses over the game and the cost; a second
    share of a horse by the part of its purses it adds."""
    h = CARD_HORSE[arm.action["card"]]
    kept = [c["horse"] for c in view["draft"]["kept"] or []].count(h)
    left = purses_left(0, view["races"], view["options"]["short_game"])
    purse = round(EXPECTED_PURSE[h] * left)
    if kept:
        return reason(
            "homestretch", "draft_more", arm, horse=h, n=kept + 1, money=purse, ways=WAYS[h]
        )
    cost = SHARE_COST[h]
    return reason("homestretch", "draft_new", arm, horse=h, ways=WAYS[h], money=purse, stake=cost)


def _reason(window: SeatWindow[HomestretchView], arm: Arm, arms: list[Arm]) -> Reason:
    """Why a choice, in the facts a player at the table would cite: the dice chance of
    a horse and the shares of it out for a share, the cell's rate and the race card's
    odds for a bet, what the turn's second roll would move for a race choice. Where no
    fact tells the choices apart, how they compare (:func:`generic_reason`)."""
    seat = window.seat
    assert seat is not None  # only a seat is advised
    kind = arm.action["type"]
    why: Reason | None = None
    if kind == "draft_pick":
        why = _draft_reason(window.view(), arm)
    elif kind == "buy_action":
        why = _buy_reason(window.view(), seat, arm)
    elif kind == "place_marker":
        why = _bet_reason(window.view(), arm)
    elif kind == "take_back_marker" and any(a["type"] == "place_marker" for a in arm.rest):
        why = _bet_reason(window.view(), arm)  # a bet made over: told by what it lays
    elif kind == "confirm_bets":
        why = _confirm_reason(window.view(), arm)
    elif kind == "bet_order_claim":
        why = _claim_reason(window.view(), arm)
    elif kind in ("move_choice", "reroll_or_stop", "bonus_target"):
        why = _race_reason(window, seat, arm)
    return why or generic_reason("homestretch", arm, arms)


register_reasons(
    "homestretch",
    _reason,
    (
        "draft_new",
        "draft_more",
        "claim_keep",
        "claim_cut",
        "bet_confirm",
        "bet_confirm_rare",
        "bet_cell",
        "bet_cell_plus",
        "bet_cell_x",
        "bet_cell_rare",
        "bet_all_win",
        "bet_all_show",
        "two_home",
        "two",
        "two_yours",
        "one_home",
        "one_reroll",
        "one_reroll_other",
        "reroll",
        "reroll_home",
        "stop",
        "stop_rival_home",
        "bonus_yours",
        "bonus_free",
        "buy_share",
        "buy_sole",
        "buy_no_gain",
        "buy_blind",
        "keep_money",
    ),
)
