"""Unit tests for the Homestretch rules, rulings R1–R45, variants V1–V4 and the chance
model (spec §1–§7, §9). The acceptance scenarios S1–S23 live in ``test_scenarios.py``;
these tests cover what the scenarios do not, one rule (or a small group) per test.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pygames.core import BadSave, Match, sample_outcome
from pygames.homestretch import GAME, HomestretchState
from pygames.homestretch.data import (
    BLUE_CARDS,
    CARD_COST,
    GREEN_CARDS,
    HORSE_NAMES,
    PAYOUT,
    PURPLE_CARDS,
    RACE_CARDS,
    SHARE_COST,
)
from pygames.homestretch.state import Phase

from .play import (
    DESC3,
    DESC4,
    EQUAL3,
    act,
    buy,
    deal,
    draft_all,
    draft_to,
    drafted,
    horses_of,
    new_state,
    race_ready,
    reach,
    reveal,
    roll,
    run_race,
    spread,
    turn_up,
)
from .test_scenarios import S3_COLOURS, S3_KEPT, refused


def race_one(card: str = "P1", kept: list[list[str]] = DESC3, **options: bool) -> HomestretchState:
    """Race 1 on ``card`` after the draft ``kept``: the first roll is due."""
    state = drafted(kept, **options)
    race_ready(state, card)
    return state


# --- components (§1) ------------------------------------------------------------------
def test_data_matches_the_spec_tables() -> None:
    assert HORSE_NAMES[2] == "Emalus" and HORSE_NAMES[7] == "Time's Up"
    assert [SHARE_COST[h] for h in range(2, 13)] == [2, 4, 6, 8, 10, 10, 10, 8, 6, 4, 2]
    assert len(BLUE_CARDS) == 22 and CARD_COST["R7"] == 10 and CARD_COST["B12b"] == 2
    assert len(PURPLE_CARDS) == 12 and len(GREEN_CARDS) == 11
    assert RACE_CARDS["G1"]["purse"] == (36, 24, 12) and RACE_CARDS["P1"]["name"] == "Asbury Downs"
    assert RACE_CARDS["G6"]["handicaps"] == {6: "X", 7: "X", 8: "X", 5: "+2", 2: "+4", 11: "+6"}
    assert [PAYOUT["WIN"][h] for h in range(2, 13)] == [20, 10, 8, 6, 6, 5, 6, 6, 8, 10, 20]
    assert [PAYOUT["SHOW"][h] for h in range(2, 13)] == [9, 6, 4, 3, 3, 2, 3, 3, 4, 6, 9]


def test_options_have_descriptions_and_default_off() -> None:
    assert [o.name for o in GAME.options] == [
        "colours",
        "fixed_betting_order",
        "open_bets",
        "short_game",
        "literal_handicaps",
    ]
    switches = [o for o in GAME.options if o.values]
    assert all(o.default is False and o.description for o in switches)


def test_players_choose_their_colours_default_by_seat() -> None:
    """Setup step 1: each player chooses a different colour; without a choice, by seat."""
    assert new_state(3).colours == ["black", "blue", "green"]
    s = GAME.new_state(["Ann", "Ben", "Cy"], {"colours": "yellow,red,black"})
    assert isinstance(s, HomestretchState)
    assert s.colours == ["yellow", "red", "black"]
    assert s.view(None)["colours"] == ["yellow", "red", "black"]
    for bad in ("red,red,black", "red,black", "pink,red,black", "red,black,blue,green"):
        with pytest.raises(ValueError):
            GAME.new_state(["Ann", "Ben", "Cy"], {"colours": bad})
    # The chosen colours order the ties (P2). Hands of equal costs, and everyone keeps
    # the dearest card: all end level on money, so the betting order is by colour.
    deal(
        s,
        [
            ["B2a", "B3a", "B4a", "B5a", "B6a"],
            ["B12a", "B11a", "B10a", "B9a", "B7a"],
            ["B2b", "B3b", "B4b", "B5b", "B8a"],
        ],
    )
    while s.phase == "draft":
        act(s, "draft_pick", card=max(s.hands[s.current_player()], key=CARD_COST.__getitem__))
    s.apply({"type": "race_card", "card": "P1"})
    assert s.money == [20, 20, 20] and s.ranks() == [1, 1, 1]
    assert [s.colours[x] for x in s.default_order] == ["black", "red", "yellow"]
    # Actions name the player by the chosen colour.
    assert all(a["player"] == s.colours[s.current_player()] for a in s.legal_actions())


@pytest.mark.parametrize("n", [1, 7])
def test_r41_player_count(n: int) -> None:
    with pytest.raises(ValueError, match="2–6 players"):
        GAME.new_state([f"P{i}" for i in range(n)])


def test_setup_money_colours_and_markers() -> None:
    s = new_state(6)
    assert s.money == [50] * 6
    assert s.colours == ["black", "blue", "green", "red", "white", "yellow"]
    assert s.view(0)["my_markers"][4] == {"marker": "3", "value": 3, "horse": None, "row": None}


# --- chance model (§3.1) ----------------------------------------------------------------
def test_c1_deal_is_successive_uniform_draws_in_blocks() -> None:
    s = new_state(3)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 22 and all(p == pytest.approx(1 / 22) for _, p in outcomes)
    s.apply({"type": "deal_card", "card": "B9b"})
    assert s.hands[0] == ["B9b"] and len(s.chance_outcomes()) == 21
    deal(s)
    assert [len(h) for h in s.hands[1:]] == [5, 5] and len(s.pool) == 7


def test_c2_race_cards_by_colour_and_never_repeated() -> None:
    s = drafted(DESC3)
    cards = [o["card"] for o, _ in s.chance_outcomes()]
    assert cards == list(PURPLE_CARDS)
    race_ready(s, "P1")
    run_race(s, [7, 6, 8])
    buy(s)
    assert s.race == 2 and [o["card"] for o, _ in s.chance_outcomes()] == list(PURPLE_CARDS[1:])
    race_ready(s, "P2")
    run_race(s, [7, 6, 8])
    assert s.race == 3 and [o["card"] for o, _ in s.chance_outcomes()] == list(GREEN_CARDS)


def test_c5_dice_and_c4_display_draws() -> None:
    s = race_one()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == pytest.approx(1)
    refused(s, {"type": "roll", "a": 0, "b": 7}, "not a possible outcome")
    run_race(s, [7, 6, 8])
    assert s.phase == "display"
    outcomes = s.chance_outcomes()
    assert len(outcomes) == len(s.pool) and outcomes[0][0]["type"] == "display_card"


# --- draft (P5–P11) ------------------------------------------------------------------------
def test_draft_passes_left_and_picks_are_hidden() -> None:
    s = new_state(3)
    deal(s)
    hands = [list(h) for h in s.hands]
    act(s, "draft_pick", card=hands[0][0])
    assert s.view(None)["seats"][0]["kept_count"] == 1
    assert s.view(0)["draft"]["kept"][0]["card"] == hands[0][0]
    assert s.view(1)["draft"]["kept"] == [] and s.view(None)["draft"]["kept"] is None
    act(s, "draft_pick", card=hands[1][0])
    act(s, "draft_pick", card=hands[2][0])
    assert sorted(s.hands[1]) == sorted(hands[0][1:])  # seat 1's hand moved to seat 2
    assert sorted(s.hands[0]) == sorted(hands[2][1:])


def test_r2_last_card_kept_automatically_and_p10_reveal_pays() -> None:
    s = new_state(3)
    deal(s)
    while s.phase == "draft" and any(len(h) > 1 for h in s.hands):
        events = s.apply(s.legal_actions()[0])
    assert s.phase == "race_card"
    assert any(e["type"] == "draft_auto_keep" for e in events)
    reveal = next(e for e in events if e["type"] == "draft_revealed")
    for seat in range(3):
        cost = sum(CARD_COST[c] for c in s.shares[seat])
        assert reveal["paid"][seat] == cost and s.money[seat] == 50 - cost


def test_draft_pick_refusals() -> None:
    s = new_state(3)
    deal(s)
    refused(s, {"type": "draft_pick", "player": "black", "card": "R7"}, "not in your draft hand")
    card = s.hands[1][0]
    refused(s, {"type": "draft_pick", "player": "blue", "card": card}, "black's turn")
    refused(s, {"type": "move_choice", "player": "black", "choice": "TWO"}, "during the race")
    refused(s, {"type": "draft_pick", "player": "black"}, "not in your draft hand")
    refused(s, {"type": "draft_pick", "player": "black", "card": card, "x": 1}, "does not know")
    refused(s, {"type": "teleport", "player": "black"}, "no action")


def test_r4_ghost_removals_are_never_shown() -> None:
    s = new_state(2)
    deal(s)
    act(s, "draft_pick", card=s.hands[0][0])
    act(s, "draft_pick", card=s.hands[1][0])
    removed = s.ghost[0]
    events = s.apply({"type": "ghost_removal", "card": removed})
    assert all(removed not in json.dumps(e) for e in events)
    for viewer in (None, 0, 1):
        assert removed not in json.dumps(s.view(viewer)["draft"])


# --- betting (P14–P19) ------------------------------------------------------------------------
def test_p16_claim_target_must_be_ahead_and_v1_skips_claims() -> None:
    s = drafted(DESC4)
    assert s.money == [38, 26, 14, 2]
    s.apply({"type": "race_card", "card": "P1"})
    assert s.current_player() == 1
    refused(
        s,
        {"type": "bet_order_claim", "player": "blue", "choice": "CUT_IN_BEFORE", "target": "red"},
        "not ahead",
    )
    refused(
        s,
        {"type": "bet_order_claim", "player": "blue", "choice": "CUT_IN_BEFORE", "target": "blue"},
        "yourself",
    )
    refused(
        s,
        {"type": "bet_order_claim", "player": "blue", "choice": "KEEP", "target": "black"},
        "no target",
    )
    targets = [a.get("target") for a in s.legal_actions()]
    assert targets == [None, "black"]
    v1 = drafted(DESC4, fixed_betting_order=True)
    v1.apply({"type": "race_card", "card": "P1"})
    assert v1.phase == "betting" and v1.order == v1.default_order


def test_betting_steps_take_back_and_confirm() -> None:
    s = drafted(DESC3)
    reveal(s, "P1")
    assert s.current_player() == 0 and s.rank(0) == 1
    legal = s.legal_actions()
    assert {a["marker"] for a in legal if a["type"] == "place_marker"} == {"1a", "2a", "3"}
    assert len(legal) == 3 * 33
    act(s, "place_marker", marker="3", horse=12, row="WIN")
    refused(
        s,
        {"type": "place_marker", "player": "black", "marker": "3", "horse": 2, "row": "WIN"},
        "already on the board",
    )
    refused(
        s,
        {"type": "place_marker", "player": "black", "marker": "1b", "horse": 12, "row": "WIN"},
        "at most 1",
    )
    refused(
        s,
        {"type": "place_marker", "player": "black", "marker": "1b", "horse": 13, "row": "WIN"},
        "no horse",
    )
    refused(
        s,
        {"type": "place_marker", "player": "black", "marker": "1b", "horse": 3, "row": "TOP"},
        "no row",
    )
    act(s, "place_marker", marker="1b", horse=3, row="SHOW")  # any marker id is accepted
    # the unconfirmed markers are visible only to the bettor
    assert all(not c["markers"] for c in s.view(None)["betting_board"])
    assert any(c["markers"] for c in s.view(0)["betting_board"])
    act(s, "take_back_marker", marker="3")
    refused(s, {"type": "take_back_marker", "player": "black", "marker": "3"}, "not on the board")
    for m, h in (("3", 4), ("2a", 5), ("2b", 6), ("1a", 7)):
        act(s, "place_marker", marker=m, horse=h, row="PLACE")
    assert {"type": "confirm_bets", "player": "black"} in s.legal_actions()
    events = act(s, "confirm_bets")
    placed = next(e for e in events if e["type"] == "bets_placed")
    assert len(placed["cells"]) == 5 and "value" not in placed["cells"][0]
    board = s.view(1)["betting_board"]
    shown = [m for c in board for m in c["markers"]]
    assert len(shown) == 5 and all(m["value"] is None and m["marker"] is None for m in shown)
    mine = [m for c in s.view(0)["betting_board"] for m in c["markers"]]
    assert sorted(m["value"] for m in mine) == [1, 1, 2, 2, 3]


def test_v2_open_bets_show_values() -> None:
    s = drafted(DESC3, open_bets=True)
    reveal(s, "P1")
    events = act(s, "place_bets", bets=spread())
    assert all("value" in c for c in next(e for e in events if e["type"] == "bets_placed")["cells"])
    shown = [m for c in s.view(None)["betting_board"] for m in c["markers"]]
    assert sorted(m["value"] for m in shown) == [1, 1, 2, 2, 3]


def test_r35_all_tied_means_rank_one_and_colour_order() -> None:
    s = drafted(EQUAL3, ["red", "black", "green"])
    reveal(s, "P1")
    assert s.money == [20, 20, 20]
    assert s.ranks() == [1, 1, 1] and s.default_order == [1, 2, 0]


# --- running (P20–P29) ----------------------------------------------------------------------
def test_p20_least_money_starts_and_turns_pass_left() -> None:
    s = race_one("P1", [DESC3[0], DESC3[2], DESC3[1]])
    assert s.money == [38, 14, 26]
    assert s.start_player == 1 and s.turn == 1 and s.start_by == "money"


def test_p22a_single_last_place_is_automatic_then_reroll_or_stop() -> None:
    s = race_one("P2")
    reach(s, {h: 5 for h in range(3, 13) if h != 7} | {2: 1}, (7,))
    roll(s, 3, 4)
    assert s.pos[2] == 2 and s.pending == "reroll_or_stop"  # difference 1 -> 1 square


def test_r42_finished_horse_keeps_its_marker_unused() -> None:
    s = race_one("P1")  # 9 carries +2
    # 5 finishes; every other horse but 9 waits on square 9; 9 then gets bonus moves only.
    reach(s, {h: 9 for h in range(2, 13) if h not in (5, 9)}, (5,))
    for square in (3, 6, 9):
        roll(s, 1, 4)  # 5 has finished: 3 squares for 9, the only last horse
        assert s.pos[9] == square
        act(s, "reroll_or_stop", choice="STOP")
    roll(s, 1, 4)
    assert s.pending == "bonus_target" and 9 in s.bonus_targets  # level with all on 9
    act(s, "bonus_target", horse=9)
    act(s, "reroll_or_stop", choice="STOP")
    assert s.finished == [5, 9] and s.hcap[9] == "+2" and s.supply["+2"] == 1
    events = roll(s, 4, 5)  # 9's own number: a bonus move, the marker stays (P22(a))
    assert s.hcap[9] == "+2"
    assert not any(e["type"] == "handicap_removed" for e in events)
    assert s.pending == "bonus_target"
    act(s, "bonus_target", horse=s.bonus_targets[0])  # a horse on 9 finishes 3rd
    assert len(s.results) == 1 and s.results[-1]["places"][:2] == [5, 9]
    assert s.hcap[9] is None and s.supply["+2"] == 2  # back to the supply at clean-up (P36)


def test_r33_one_and_reroll_may_finish_a_horse_and_the_second_roll_follows() -> None:
    s = race_one("P1")
    reach(s, {9: 9})
    roll(s, 4, 5)
    act(s, "move_choice", choice="ONE_AND_REROLL")
    assert s.finished == [9] and s.is_chance() and s.roll_no == 1


def test_race_decision_refusals() -> None:
    s = race_one("P1")
    me = s.colours[s.turn]
    roll(s, 1, 1)
    refused(s, {"type": "reroll_or_stop", "player": me, "choice": "STOP"}, "TWO or ONE_AND_REROLL")
    refused(s, {"type": "move_choice", "player": me, "choice": "THREE"}, "TWO or ONE_AND_REROLL")
    refused(s, {"type": "bonus_target", "player": me, "horse": 2}, "move_choice")
    act(s, "move_choice", choice="TWO")
    reach(s, {}, (5,))
    me = s.colours[s.turn]
    roll(s, 2, 3)  # 5 has finished; many horses share last place
    assert s.pending == "bonus_target" and len(s.bonus_targets) > 1
    refused(s, {"type": "bonus_target", "player": me, "horse": 5}, "last-place horse")


@pytest.mark.parametrize("horse, marker, final", [(4, "+4", 7), (6, "X", 0)])
def test_v4_literal_handicaps_trigger_on_bonus_moves(horse: int, marker: str, final: int) -> None:
    # P5: X on 6 and 8, +4 on 4, +6 on 11 and 12; 7 finishes, the others wait ahead.
    others = {h: 7 for h in range(2, 13) if h not in (7, horse)}
    literal = race_one("P5", literal_handicaps=True)
    reach(literal, others, (7,))
    assert literal.hcap[horse] == marker and literal.pos[horse] == 0
    roll(literal, 6, 1)  # difference 5 -> 3 squares for the last horse
    assert literal.pos[horse] == final and literal.hcap[horse] is None
    base = race_one("P5")
    reach(base, others, (7,))
    roll(base, 6, 1)
    assert base.pos[horse] == 3 and base.hcap[horse] == marker  # R20


def test_p12_p13_preparation_resets_the_track_and_sets_the_card_markers() -> None:
    s = race_one("P1")
    run_race(s, [7, 6, 8])
    buy(s)  # share buying: everyone passes twice
    assert s.race == 2 and s.finished == [] and all(p == 0 for p in s.pos)
    assert s.view()["race_card"] is None and s.view()["race_stack"] == 3
    events = s.apply({"type": "race_card", "card": "P7"})
    assert {h: s.hcap[h] for h in range(2, 13) if s.hcap[h]} == {
        7: "X",
        11: "+2",
        4: "+4",
        10: "+4",
        12: "+6",
    }
    assert s.supply == {"X": 2, "+2": 1, "+4": 0, "+6": 1}
    prepared = next(e for e in events if e["type"] == "race_prepared")
    assert prepared["purse"] == [24, 18, 6] and prepared["race"] == 2
    card = s.view(None)["race_card"]
    assert card is not None and card["id"] == "P7" and card["purse"] == [24, 18, 6]
    assert [c["horse"] for c in s.view(None)["finishing_circles"]] == [None, None, None]


def test_r39_markers_may_go_on_x_horses_and_unowned_horses() -> None:
    s = drafted(DESC3)  # nobody owns 6, 7 or 8
    reveal(s, "P1")
    owned = horses_of(c for sh in s.shares for c in sh)
    assert s.hcap[7] == "X" and not {6, 7, 8} & set(owned)
    act(s, "place_marker", marker="3", horse=7, row="WIN")
    act(s, "place_marker", marker="1a", horse=8, row="SHOW")
    assert s.bets[0] == {"3": [7, "WIN"], "1a": [8, "SHOW"]}


def test_r36_two_players_ranks_and_display() -> None:
    ghost = ["B6a", "B6b", "B7a", "B7b", "B8a"]
    s = new_state(2)
    draft_to(s, [DESC3[0], DESC3[1]], ghost)
    assert s.money == [38, 26] and s.ranks() == [1, 2]
    level = new_state(2)
    draft_to(level, [EQUAL3[0], EQUAL3[1]], ["B2b", "B3b", "B4b", "B5b", "B8a"])
    assert level.money == [20, 20] and level.ranks() == [1, 1]


def test_r43_a_single_legal_option_is_still_asked() -> None:
    state = drafted(S3_KEPT, S3_COLOURS)  # Green has spent all 50 on shares
    race_ready(state, "P1", {"green": spread(2, "SHOW")})  # SHOW 2–6: nothing for Green
    run_race(state, [12, 11, 10])
    assert state.money[3] == 0
    turn_up(state)
    assert state.current_player() == 3 and not state.is_chance()
    assert state.legal_actions() == [{"type": "buy_action", "player": "green", "choice": "PASS"}]
    act(state, "buy_action", choice="PASS")
    assert state.current_player() != 3 and state.money[3] == 0


def test_r26_r10_only_owned_shares_divide_a_purse() -> None:
    # Of horse 5's cards only B5a is owned (B5b stays in the pool, and 3 players have no
    # red deck): the one owned share takes the whole purse.
    kept = [
        ["B5a", "B2a", "B2b", "B12a", "B3a"],
        ["B3b", "B11a", "B11b", "B4a", "B4b"],
        ["B10a", "B10b", "B9a", "B9b", "B6a"],
    ]
    s = race_one("P2", kept)
    assert "B5b" in s.pool
    run_race(s, [5, 7, 8])
    assert s.results[-1]["purses"][0]["paid"] == [{"seat": 0, "shares": 1, "amount": 24}]


def test_p36_clean_up_and_r40_money_only_grows_in_races() -> None:
    s = race_one("P7")
    before = list(s.money)
    run_race(s, [7, 6, 8])
    assert all(m >= b for m, b in zip(s.money, before, strict=True))
    assert s.bets == [{}, {}, {}] and s.hcap == [None] * 13
    assert s.supply == {"X": 3, "+2": 2, "+4": 2, "+6": 2}


def test_v3_short_game_is_one_purple_and_one_green_race() -> None:
    s = new_state(3, short_game=True)
    rng = random.Random(3)
    while not s.is_terminal():
        if s.is_chance():
            s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    assert len(s.results) == 2 and s.race_cards[0][0] == "P" and s.race_cards[1][0] == "G"
    assert s.races == 2 and s.view()["races"] == 2


def test_p33_at_most_two_purchases_and_leftovers_leave() -> None:
    s = new_state(4)
    deal(s)
    draft_all(s)
    race_ready(s, "P1")
    run_race(s, [7, 6, 8])
    while s.phase != "race_card":  # everyone buys whatever he can, first listed
        if s.is_chance():
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply(s.legal_actions()[0])
    assert all(5 <= len(sh) <= 7 for sh in s.shares)
    assert s.pool == [] and s.display == [] and s.removed_after_buying


# --- undo, saving -------------------------------------------------------------------------------
def test_undo_barriers_for_secrets() -> None:
    m = Match("homestretch", ["A", "B", "C"], seed=5)
    assert m.state.phase == "draft"
    m.play(m.state.legal_actions()[0])
    assert not m.can_undo()  # a draft pick passes the device (secret)
    while m.state.phase != "betting":
        if m.state.phase == "claims":
            m.play(m.state.legal_actions()[0])
            assert m.can_undo()  # claims are public and may be taken back
        else:
            m.play(m.state.legal_actions()[0])
    m.play(m.state.legal_actions()[0])
    assert m.can_undo() and m.undo()  # a single marker step may be taken back
    s = m.state
    assert isinstance(s, HomestretchState)
    colour = s.colours[s.current_player()]
    m.play({"type": "place_bets", "player": colour, "bets": spread()})
    assert not m.can_undo()  # a confirmed betting turn is final


def test_race_ending_decision_is_an_undo_barrier() -> None:
    s = race_one("P1")
    reach(s, {9: 9}, (7, 5))
    me = s.colours[s.turn]
    roll(s, 4, 5)
    assert s.undo_barrier({"type": "move_choice", "player": me, "choice": "TWO"})
    assert not s.undo_barrier({"type": "reroll_or_stop", "player": me, "choice": "STOP"})


def test_from_json_refuses_damaged_data() -> None:
    s = race_one()
    data = s.to_json()
    assert HomestretchState.from_json(json.loads(json.dumps(data))) == s
    with pytest.raises(BadSave):
        HomestretchState.from_json({"game": "royal_turf"})
    with pytest.raises(BadSave):
        HomestretchState.from_json({**data, "phase": "nap"})
    with pytest.raises(BadSave):
        HomestretchState.from_json({**data, "pool": ["B7a", "B7a"]})
    broken = dict(data)
    del broken["money"]
    with pytest.raises(BadSave):
        HomestretchState.from_json(broken)


def test_saves_from_before_the_typed_state_still_load() -> None:
    """A match and a state saved by the engine before the dataclass state (and before
    colours could be chosen) load unchanged: same fields, phase text, colours by seat."""
    path = Path(__file__).parent / "data" / "save_before_typed_view.json"
    saved = json.loads(path.read_text(encoding="utf-8"))
    match = Match.from_json(saved["match"])
    state = match.state
    assert isinstance(state, HomestretchState)
    assert state.phase == "race" and state.colours == ["black", "blue", "green"]
    now = state.to_json()
    assert now["options"] == {**saved["state"]["options"], "colours": ""}
    assert {**now, "options": saved["state"]["options"]} == saved["state"]
    direct = HomestretchState.from_json(saved["state"])
    assert direct.to_json() == saved["state"] and direct.phase is Phase.RACE
