"""The fast listings (kept action dicts, cut betting blocks) list exactly what the rules
give, in the documented order: checked against plain enumerations written from the rules."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, permutations
from typing import Any

from pygames.core import Action, sample_outcome
from pygames.finish_line.data import (
    BLANKS,
    COLOURS,
    FACE_IDS,
    HOME_STRETCH,
    MAX_PLACE_LINES,
    MAX_WIN_LINES,
    OUTSIDER,
    TILE_IDS,
    TYPE,
)
from pygames.finish_line.state import (
    FinishLineState,
    Phase,
    amount_count,
    amounts_up_to,
    lineup_lines,
    nth_amount,
    slip_stake,
)

from .play import A, B, betting_state, decide, new_state, place, win


def plain_bets(state: FinishLineState) -> list[Action]:
    """D-BET written straight from B1–B4 and the module docstring's order."""
    slip = state.slips[state.turn]
    amounts = amounts_up_to(state.money[state.turn] - slip_stake(slip))
    out: list[Action] = []
    if amounts:
        wins = [h for h, _ in slip["win"]]
        for h in state.lineup:
            if h in wins or len(wins) < MAX_WIN_LINES:
                out += [{"type": "bet_win", "horse": h, "amount": a} for a in amounts]
        pairs = [p for p, _ in slip["place"]]
        for i, a in enumerate(state.lineup):
            for b in state.lineup[i + 1 :]:
                pair = sorted([a, b])
                if pair in pairs or len(pairs) < MAX_PLACE_LINES:
                    out += [{"type": "bet_place", "horses": pair, "amount": x} for x in amounts]
    out.append({"type": "bet_done"})
    return out


def plain_horses(state: FinishLineState, face: str) -> list[int]:
    """The horses a horse face may be used on, back→front, straight from §3.5 and V3."""
    t, row = state.track(), state.row
    if face in ("HORSESHOE", "DOUBLE_HORSESHOE"):
        return list(row)
    if face in OUTSIDER:
        return [h for h in row if not t.has(h, "green")]
    if face == "DISQUALIFIED":
        return [] if state.family or len(row) < 3 else [h for h in row if TYPE[h] != "S"]
    if face == "WHIP":  # a second whip disqualifies, unless that is not allowed
        lenient = not state.family and len(row) >= 3
        return [h for h in row if TYPE[h] != "S" and (lenient or not t.has(h, "red"))]
    if face == "HELMET":
        return [h for h in row if t.rank(h) > 1 and (TYPE[h] == "F" or t.has(h, "white"))]
    assert face == "LOSS_OF_SPEED", face
    return [h for h in row if t.behind(h) >= 2]


def plain_targets(state: FinishLineState, colour: str, face: str) -> list[dict[str, Any]]:
    """Target fields of each use of one die, written from the rules in the order of the
    module docstring; ``[]``: the die can only be discarded."""
    t, row = state.track(), state.row
    if face in BLANKS[colour] or (state.family and face in ("SIDE_BET", "DISQUALIFIED")):
        return []
    if face in ("SIDE_BET", "EXTRA_TURN"):
        return [{}]
    if face == "NECK_AND_NECK":
        return [] if state.nn_used or len(row) < 2 else [{}]
    if face == "INSIDER_TIP":
        return [{"colours": c} for c in state.insider_choices()]
    if face == "CHANGE_OF_PACE":
        sources = [h for h in row if TYPE[h] != "S" and t.has(h, "white")]
        return [{"from": s, "to": d} for s in sources for d in row if d != s]
    if face == "INTERFERENCE":
        return [
            {"order": list(order)}
            for block in t.interference_blocks()
            for order in permutations(block)
        ]
    return [{"horse": h} for h in plain_horses(state, face)]


def plain_uses(state: FinishLineState) -> list[Action]:
    """D-USE from ``plain_targets``: each distinct die's uses, then its discard."""
    dice = state.hand_dice()
    out: list[Action] = [
        {"type": "use", "colour": c, "face": f, **t}
        for c, f in dice
        for t in plain_targets(state, c, f)
    ]
    return out + [{"type": "discard", "colour": c, "face": f} for c, f in dice]


def plain_takes(state: FinishLineState) -> list[Action]:
    """T1–T3 written from the rules: three dice of at least two colours, no yellow, to
    begin a race; later one die, yellow only in the home stretch, not the passed
    pair's colour while another colour is left."""
    pool = state.pool
    if state.phase == Phase.TAKE_FIRST:
        return [
            {"type": "take_first", "colours": list(combo)}
            for combo in combinations_with_replacement(("white", "green", "black", "red"), 3)
            if len(set(combo)) > 1 and all(combo.count(c) <= pool[c] for c in combo)
        ]
    colours = [
        c for c in COLOURS if pool[c] and (c != "yellow" or sum(pool.values()) <= HOME_STRETCH)
    ]
    pair = {c for c, _ in state.hand}
    if len(state.hand) == 2 and len(pair) == 1 and colours != list(pair):
        colours = [c for c in colours if c not in pair]
    return [{"type": "take", "colour": c} for c in colours]


def test_amounts_are_counted_and_numbered_as_listed() -> None:
    for limit in [*range(0, 30_000, 100), 99, 150, 999_999, 10**9, 123_456_700]:
        assert amount_count(limit) == len(amounts_up_to(limit)), limit
    assert [nth_amount(i) for i in range(45)] == amounts_up_to(nth_amount(44))


def test_betting_lists_follow_the_rules_with_open_and_full_slips() -> None:
    state = betting_state(2, start=A)
    checked = 0
    for action in [
        win(8, 100),
        place(3, 5, 200),
        win(22, 100),
        place(18, 20, 100),  # both place lines taken
        win(20, 100),  # all three win lines taken
        win(8, 300),
    ]:
        assert state.legal_actions() == plain_bets(state)
        decide(state, action)
        checked += 1
    assert state.legal_actions() == plain_bets(state)
    decide(state, {"type": "bet_done"})
    assert state.current_player() == B and state.legal_actions() == plain_bets(state)
    assert checked == 6


def test_listings_match_the_plain_ones_over_random_games() -> None:
    rng = random.Random(3)
    counts: Counter[str] = Counter()
    for game in range(12):
        state = new_state(2 + game % 3, family_dice=game % 2 == 1)
        while not state.is_terminal():
            if state.is_chance():
                if state.phase == Phase.LINEUP:
                    left = [t for t in TILE_IDS if t not in state.drawn]
                    assert state.chance_outcomes() == [
                        ({"type": "draw_tile", "tile": t}, 1 / len(left)) for t in left
                    ]
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            if state.phase == Phase.USE:
                assert legal == plain_uses(state)
                counts.update(f for c, f in state.hand_dice() if plain_targets(state, c, f))
            elif state.phase == Phase.BETTING:
                assert legal == plain_bets(state)
                counts["bets"] += 1
            elif state.phase in (Phase.TAKE, Phase.TAKE_FIRST):
                assert legal == plain_takes(state)
                counts[state.phase] += 1
            state.apply(rng.choice(legal))
    # Every face with targets was listed somewhere, each kind of step many times.
    faces = {f for c in COLOURS for f in FACE_IDS[c] if f not in BLANKS[c]}
    assert faces <= set(counts), faces - set(counts)
    assert counts["bets"] > 40 and counts[Phase.TAKE] > 300 and counts[Phase.TAKE_FIRST] > 30


def test_kept_lines_grow_for_a_rich_slip() -> None:
    """Lines are kept for the first 36 amounts (up to 900,000); more money asks for
    more, and the blocks of a lineup then reach that far."""
    lineup = (8, 22, 3, 5, 18, 11, 20)
    win_blocks, place_blocks = lineup_lines(lineup, 45)
    assert [h for h, _ in win_blocks] == list(lineup)
    assert len(place_blocks) == 21 and all(a < b for (a, b), _ in place_blocks)
    for h, lines in win_blocks:
        assert lines[:45] == [
            {"type": "bet_win", "horse": h, "amount": nth_amount(i)} for i in range(45)
        ]
    (a, b), lines = place_blocks[0]
    assert (a, b) == (8, 22) and lines[44] == {
        "type": "bet_place",
        "horses": [8, 22],
        "amount": 9_000_000,
    }
