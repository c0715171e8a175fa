"""Unit tests for the Finish Line rules, rulings R1–R44, variants V1–V3 and the chance
model (spec §1–§6, §9). The acceptance scenarios S1–S25 live in ``test_scenarios.py``;
these tests cover what the scenarios do not, one rule (or a small group) per test.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from pygames.core import CHANCE, BadSave, IllegalAction, Match, sample_outcome
from pygames.finish_line import GAME, FinishLineState
from pygames.finish_line.data import (
    DICE_COUNTS,
    FACES,
    FIELDS,
    NAME,
    ODDS,
    TWO_PLAYER_COUNTS,
    TYPE,
)
from pygames.finish_line.state import PHOTO_OUTCOMES, Phase, amounts_up_to

from .play import (
    A_SLIP,
    S1_TILES,
    A,
    B,
    C,
    D,
    W,
    act,
    bet,
    betting_state,
    close_betting,
    decide,
    dice_on,
    discard,
    draw,
    finish_race,
    hand,
    home_stretch,
    horse_targets,
    idle,
    idle_until,
    last_turn,
    new_state,
    pass_to,
    photo,
    race_state,
    ranks,
    refused,
    removed,
    roll,
    steer,
    two_horses_left,
    use,
    win,
)


# --- components (§1) ----------------------------------------------------------------
def test_tiles_match_the_spec_table():
    assert (
        NAME[1] == "Oat Couture"
        and NAME[24] == "Quicksilver Sue"
        and NAME[11] == ("Last Minute Larry")
    )
    assert sorted(h for h in TYPE if TYPE[h] == "F") == [2, 7, 12, 15, 19, 23]
    assert sorted(h for h in TYPE if TYPE[h] == "S") == [4, 9, 13, 17, 21, 24]
    assert sum(FIELDS.values()) == 6 * 2 + 6 * 2 + 12 * 3


def test_dice_and_odds_match_the_spec():
    assert DICE_COUNTS == {"white": 13, "green": 2, "black": 2, "red": 6, "yellow": 4}
    assert TWO_PLAYER_COUNTS == {"white": 11, "green": 2, "black": 2, "red": 5, "yellow": 3}
    assert dict(FACES["white"]) == {"HORSESHOE": 4, "LOGO": 1, "BLANK": 1}
    assert dict(FACES["red"]) == {"WHIP": 2, "BLANK": 2, "DOUBLE_HORSESHOE": 2}
    assert dict(FACES["yellow"]) == {
        "HELMET": 2,
        "INTERFERENCE": 1,
        "NECK_AND_NECK": 1,
        "LOSS_OF_SPEED": 2,
    }
    assert ODDS == {
        1: (12, 9, 7, 5, 4, 3, 2),
        2: (15, 12, 9, 6, 4, 3, 2),
        3: (20, 15, 10, 7, 5, 3, 2),
    }


def test_the_view_lists_each_colours_six_sides_and_every_tiles_name():
    view = GAME.new_state(["Ann", "Ben"]).view(None)
    assert view["faces"]["black"] == [
        "EXTRA_TURN",
        "EXTRA_TURN",
        "DISQUALIFIED",
        "INSIDER_TIP",
        "CHANGE_OF_PACE",
        "CHANGE_OF_PACE",
    ]
    assert view["names"]["24"] == "Quicksilver Sue" and len(view["names"]) == 24
    for colour, sides in view["faces"].items():
        assert len(sides) == 6
        assert {f: sides.count(f) for f in sides} == dict(FACES[colour])


def test_options_are_three_booleans_off_by_default():
    names = [o.name for o in GAME.options]
    assert names == ["strict_outsider", "rotating_start", "family_dice"]
    assert all(o.default is False and o.values == (False, True) for o in GAME.options)
    assert all(o.description for o in GAME.options)
    with pytest.raises(ValueError):
        GAME.new_state(["A"])
    with pytest.raises(ValueError):
        GAME.new_state(["A", "B", "C", "D", "E"])
    with pytest.raises(ValueError):
        GAME.new_state(["A", "B"], {"family_dice": 1})


# --- setup and chance model (§2, §3.6, §3.7, R43) ----------------------------------------
def test_setup_money_and_start_player_chance():
    state = new_state(3)
    assert state.money == [1000] * 3 and state.ledger == [0] * 3
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [
        ({"type": "start_player", "seat": i}, pytest.approx(1 / 3)) for i in range(3)
    ]
    assert state.pool_size() == 27


def test_lazy_tile_draws():
    state = new_state(4)
    state.apply({"type": "start_player", "seat": 2})
    for k, tile in enumerate(S1_TILES):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 24 - k
        assert all(p == pytest.approx(1 / (24 - k)) for _, p in outcomes)
        assert all(o["type"] == "draw_tile" for o, _ in outcomes)
        state.apply({"type": "draw_tile", "tile": tile})
    assert state.lineup == S1_TILES and state.phase == "betting"
    assert state.view()["unused_tiles"] == 17
    assert state.current_player() == 2


def test_rolls_one_node_per_die_in_colour_order():
    state = race_state(4)
    state.apply({"type": "take_first", "colours": ["white", "black", "red"]})
    outcomes = state.chance_outcomes()
    assert [(o["face"], p) for o, p in outcomes] == [
        ("HORSESHOE", pytest.approx(4 / 6)),
        ("LOGO", pytest.approx(1 / 6)),
        ("BLANK", pytest.approx(1 / 6)),
    ]
    with pytest.raises(IllegalAction, match="not a possible outcome"):
        state.apply({"type": "roll", "colour": "red", "face": "WHIP"})
    state.apply({"type": "roll", "colour": "white", "face": "LOGO"})
    assert {o["colour"] for o, _ in state.chance_outcomes()} == {"black"}
    state.apply({"type": "roll", "colour": "black", "face": "EXTRA_TURN"})
    assert {o["colour"] for o, _ in state.chance_outcomes()} == {"red"}
    state.apply({"type": "roll", "colour": "red", "face": "WHIP"})
    assert state.phase == "use" and state.current_player() == A


def test_photo_probabilities():
    total = sum(p for _, _, p in PHOTO_OUTCOMES)
    assert total == pytest.approx(1.0)
    equal = sum(p for a, b, p in PHOTO_OUTCOMES if a == b)
    assert equal == pytest.approx(float(Fraction(127905, 531441)))
    p = dict(((a, b), q) for a, b, q in PHOTO_OUTCOMES)
    assert p[(6, 6)] == pytest.approx((2 / 3) ** 12)


def test_photo_upper_can_win():
    state = race_state(4)
    home_stretch(state)
    act(state, "yellow", "NECK_AND_NECK")
    finish_race(state)
    photo(state, 6, 2)
    assert (state.results[0]["winner"], state.results[0]["second"]) == (11, 20)


# --- betting (B1–B7, R3–R5, R42) -----------------------------------------------------------
def test_slips_open_clockwise_from_the_start_player():
    state = betting_state(4, start=C)
    seen = []
    while state.phase == "betting":
        seen.append(state.current_player())
        assert state.view()["slip_open"] == state.current_player()
        state.apply({"type": "bet_done"})
    assert seen == [C, D, A, B]
    assert state.current_player() == C and state.phase == "take_first"


def test_r42_amounts_listed_and_accepted():
    assert amounts_up_to(1000) == [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]
    assert amounts_up_to(3200)[-4:] == [900, 1000, 2000, 3000]
    assert amounts_up_to(99) == []
    state = betting_state(4)
    legal = state.legal_actions()
    wins = [a for a in legal if a["type"] == "bet_win"]
    places = [a for a in legal if a["type"] == "bet_place"]
    assert len(wins) == 7 * 10 and len(places) == 21 * 10 and legal[-1] == {"type": "bet_done"}
    assert wins[0] == {"type": "bet_win", "horse": 8, "amount": 100}  # slot order s1 first
    # Race 2: 3000 to stake, so 1000 and 1100 fit the money; only R42 refuses 1100.
    close_betting(state)
    finish_race(state)
    draw(state, (1, 2, 4, 6, 7, 9, 10))
    seat = state.current_player()
    assert state.money[seat] == 3000
    refused(state, {"type": "bet_win", "horse": 1, "amount": 1100}, "not a stake amount")
    decide(state, win(1, 1000))
    decide(state, win(1, 100))
    slip = state.view(seat)["slip"]
    assert slip is not None and slip["win"] == [{"horse": 1, "amount": 1100, "odds": 15}]


def test_bet_refusals_have_reasons():
    state = betting_state(4)
    refused(state, {"type": "bet_win", "horse": 1, "amount": 100}, "not running")
    refused(state, {"type": "bet_win", "horse": 8, "amount": 0}, "not a stake")
    refused(state, {"type": "bet_win", "horse": 8, "amount": True}, "not a stake")
    refused(state, {"type": "bet_place", "horses": [18, 11], "amount": 100}, "smaller id")
    refused(state, {"type": "bet_place", "horses": [11, 1], "amount": 100}, "both horses")
    refused(state, {"type": "bet_place", "horses": [11], "amount": 100}, "pair")
    refused(state, {"type": "bet_win", "horse": 8}, "lacks amount")
    refused(state, {"type": "bet_done", "x": 1}, "does not know")
    refused(state, {"type": "take", "colour": "white"}, "no die can be taken")
    close_betting(state)
    refused(state, {"type": "bet_win", "horse": 8, "amount": 100}, "slips are open")
    refused(state, {"type": "bet_done"}, "no open bet slip")


def test_empty_slip_and_unstaked_money_kept():
    state = betting_state(4)
    state.apply({"type": "bet_win", "horse": 11, "amount": 300})
    close_betting(state)
    assert state.money == [700, 1000, 1000, 1000] and state.stakes == [300, 0, 0, 0]


def test_stakes_and_money_private_until_settlement():
    state = betting_state(4)
    for action in A_SLIP[:2]:
        state.apply(action)
    # Money at the start of betting is public; the slip only for its owner.
    assert state.view()["money"] == [1000] * 4
    assert state.view(B)["slip"] == {"win": [], "place": [], "stake": 0, "left": 1000}
    assert state.view(A)["slip"]["stake"] == 300
    close_betting(state)
    assert state.view()["money"] == [None] * 4
    assert state.view(A)["money"] == [700, None, None, None]
    finish_race(state)
    view = state.view(B)
    assert view["money"] == [2700, 3000, 3000, 3000]  # public again, grant included
    assert view["results"][0]["slips"][A]["win"][0] == {
        "horse": 18,
        "amount": 200,
        "odds": 4,
        "payout": 0,
    }
    assert view["results"][0]["grant"] == 2000


def test_slips_are_private_turns_and_held_secrets_while_racing():
    state = new_state(4)
    assert not state.private_turn() and state.view()["holds_secrets"] == [False] * 4
    state = betting_state(4)
    view = state.view()
    assert view["private_turn"] and state.private_turn()
    assert view["holds_secrets"] == [False] * 4 and not view["race_running"]
    close_betting(state)
    view = state.view()
    assert not view["private_turn"]  # the dice phase is played in the open (§9)
    assert view["holds_secrets"] == [True] * 4 and view["race_running"]
    finish_race(state)
    assert state.view()["holds_secrets"] == [False] * 4


def test_events_of_betting_reveal_nothing():
    state = betting_state(4)
    assert state.apply(A_SLIP[0]) == []
    assert state.apply({"type": "bet_done"}) == [{"type": "slip_confirmed", "seat": A}]


# --- undo (B6, Match) ------------------------------------------------------------------
def test_undo_barriers():
    state = betting_state(4)
    assert state.undo_barrier({"type": "bet_done"})
    assert not state.undo_barrier(A_SLIP[0])
    race = race_state(4)
    roll(race)
    colour, face = race.hand[0]
    assert not race.undo_barrier({"type": "discard", "colour": colour, "face": face})
    discard(race, colour, face)
    last_turn(race)  # the discard that ends this turn ends the race and reveals the slips
    roll(race)
    colour, face = race.hand[0]
    assert race.undo_barrier({"type": "discard", "colour": colour, "face": face})


def test_match_undo_never_past_a_confirmed_slip():
    m = Match("finish_line", ["A", "B"], seed=3)
    seat = m.current_player()
    m.play({"type": "bet_win", "horse": m.state.lineup[0], "amount": 100})
    assert m.can_undo()
    m.undo()
    assert m.current_player() == seat and not m.state.slips[seat]["win"]
    m.play({"type": "bet_done"})
    assert not m.can_undo()


# --- taking dice (T1–T3, R6–R9) -----------------------------------------------------------
def test_take_refusals():
    state = race_state(4)
    refused(state, {"type": "take", "colour": "white"}, "take_first")
    refused(state, {"type": "take_first", "colours": ["white", "red"]}, "exactly 3")
    refused(state, {"type": "take_first", "colours": ["red", "white", "white"]}, "order")
    # (The first take always meets a full pool, so "does not hold" is never its reason.)
    steer(state, {"white": 5, "yellow": 4})  # every black die is gone
    assert state.phase == Phase.TAKE and state.pool["black"] == 0
    refused(state, {"type": "take", "colour": "black"}, "no black")
    refused(state, {"type": "take", "colour": "pink"}, "no dice colour")


def test_insider_tip_can_lock_yellow_again():
    # Pool 7 (home stretch) as B takes a die; B's Insider tip returns two: pool 8 (R8).
    state = race_state(4)
    steer(state, {"white": 4, "yellow": 4, "black": 1})
    pass_to(state, "black", "white")
    assert state.view()["pool"] == {"white": 3, "green": 0, "black": 0, "red": 0, "yellow": 4}
    assert state.view()["locked"] == []
    roll(state, ("black", "INSIDER_TIP"), take="white")
    choices = [a.get("colours") for a in state.legal_actions() if a["face"] == "INSIDER_TIP"]
    assert ["white", "white"] in choices
    black = removed(state)["black"]
    use(state, "black", "INSIDER_TIP", colours=["white", "white"])
    assert state.pool_size() == 8 and "yellow" not in state.view()["takeable"]
    assert state.view()["locked"] == ["yellow"]
    assert removed(state)["black"] == black + 1


# --- using dice (T5, §3.5) ---------------------------------------------------------------
def test_discard_is_always_legal():
    state = race_state(4)
    steer(state, {"white": 3, "yellow": 4, "black": 1})  # a black die left for the stretch
    pass_to(state, "white", "black")
    roll(state, W, ("black", "DISQUALIFIED"), ("yellow", "HELMET"), take="yellow")
    discards = [a for a in state.legal_actions() if a["type"] == "discard"]
    assert discards == [
        {"type": "discard", "colour": c, "face": f}
        for c, f in (W, ("black", "DISQUALIFIED"), ("yellow", "HELMET"))
    ]


def test_identical_dice_are_listed_once():
    state = race_state(4)
    roll(state, W, W, ("red", "BLANK"), take=["white", "white", "red"])
    uses = [a for a in state.legal_actions() if a["type"] == "use"]
    assert len(uses) == 7 and len({json.dumps(a) for a in uses}) == 7


def test_use_refusals():
    state = race_state(4)
    refused(state, {"type": "use", "colour": "white", "face": "HORSESHOE", "horse": 8}, "after")
    act(state, "green", "OUTSIDER_3000", horse=8)
    roll(state, W, ("green", "OUTSIDER_1000"), take="green")
    assert "red" not in hand(state)
    refused(state, {"type": "use", "colour": "red", "face": "WHIP", "horse": 8}, "no red die")
    refused(state, {"type": "use", "colour": "white", "face": "HORSESHOE"}, "lacks horse")
    refused(
        state,
        {"type": "use", "colour": "white", "face": "HORSESHOE", "horse": 8, "to": 3},
        "does not know",
    )
    refused(
        state, {"type": "use", "colour": "white", "face": "HORSESHOE", "horse": 1}, "not in the"
    )
    refused(
        state,
        {"type": "use", "colour": "green", "face": "OUTSIDER_1000", "horse": 8},
        "green die",
    )
    assert 8 not in horse_targets(state, "green", "OUTSIDER_1000")


def test_extra_turn_die_is_held():
    state = race_state(4)
    idle(state)
    act(state, "black", "EXTRA_TURN")
    assert state.view()["held"] == [0, 1, 0, 0]
    assert state.current_player() == C


def test_extra_turns_optional_and_on_a_favourite():
    # C starts, so C also plays the 25th and last turn: the extra turns go D, A.
    state = race_state(4, [8, 22, 3, 12, 18, 11, 20], start=C)
    idle_until(state, D)
    act(state, "black", "EXTRA_TURN")
    act(state, "black", "EXTRA_TURN")  # A
    while state.phase != Phase.EXTRA:
        idle(state)
    assert state.last_turn == C and state.view()["extra_queue"] == [D, A]
    refused(state, {"type": "extra", "horse": 1}, "not in the race")
    decide(state, {"type": "extra_decline"})
    assert state.current_player() == A
    decide(state, {"type": "extra", "horse": 12})
    assert state.results[0]["finish"][:4] == [20, 11, 12, 18]


def test_level_pair_horse_advancing_leads_alone():
    state = race_state(4)
    home_stretch(state, avoid=["red"])
    act(state, "yellow", "NECK_AND_NECK")
    act(state, "red", "DOUBLE_HORSESHOE", horse=11)
    assert state.row[-2:] == [20, 11] and not state.nn and state.nn_used


def test_neck_and_neck_with_two_horses_and_interference_keeps_a_far_pair():
    state = two_horses_left(whip_on_11=False)
    home_stretch(state)
    act(state, "yellow", "NECK_AND_NECK")
    assert state.nn and ranks(state) == {11: 1, 20: 1}
    other = race_state(4)
    home_stretch(other)
    act(other, "yellow", "NECK_AND_NECK")
    act(other, "yellow", "INTERFERENCE", order=[3, 22, 8])
    assert other.row == [3, 22, 8, 5, 18, 11, 20] and other.nn  # the pair is untouched


def test_helmet_on_a_favourite_further_back_moves_two():
    state = race_state(4, [8, 12, 3, 5, 18, 11, 20])
    home_stretch(state)
    act(state, "yellow", "HELMET", horse=12)
    assert state.row == [8, 3, 5, 12, 18, 11, 20]


def test_loss_of_speed_strips_every_die():
    state = race_state(4)
    act(state, "white", "HORSESHOE", horse=18)
    act(state, "red", "WHIP", horse=18)
    act(state, "green", "OUTSIDER_1000", horse=18)
    assert len(dice_on(state, 18)) == 3
    home_stretch(state)
    roll(state, ("yellow", "LOSS_OF_SPEED"))
    before = removed(state)
    use(state, "yellow", "LOSS_OF_SPEED", horse=18)
    assert state.row == [8, 22, 18, 3, 5, 11, 20]
    assert dice_on(state, 18) == []
    after = removed(state)
    for colour in ("white", "red", "green"):
        assert after[colour] == before[colour] + 1, colour


def test_change_of_pace_onto_a_sprinter_and_the_leader():
    tiles = [8, 22, 3, 4, 18, 11, 20]
    state = race_state(4, tiles)
    act(state, "white", "HORSESHOE", horse=8)
    roll(state, ("black", "CHANGE_OF_PACE"))
    moves = {(a["from"], a["to"]) for a in state.legal_actions() if a.get("from")}
    assert moves == {(8, h) for h in tiles if h != 8}
    use(state, "black", "CHANGE_OF_PACE", **{"from": 8, "to": 4})
    assert dice_on(state, 4) == [W]


# --- variants (§5) ------------------------------------------------------------------------
def test_v3_family_dice():
    state = race_state(4, family_dice=True)
    act(state, "red", "WHIP", horse=18)
    pass_to(state, "green", "black")
    roll(state, ("red", "WHIP"), ("black", "DISQUALIFIED"), ("green", "SIDE_BET"), take="red")
    assert 18 not in horse_targets(state, "red", "WHIP")
    refused(state, {"type": "use", "colour": "red", "face": "WHIP", "horse": 18}, "family")
    refused(state, {"type": "use", "colour": "green", "face": "SIDE_BET"}, "family dice")
    refused(state, {"type": "use", "colour": "black", "face": "DISQUALIFIED", "horse": 8}, "family")
    assert {"type": "discard", "colour": "green", "face": "SIDE_BET"} in state.legal_actions()


def test_v2_rotating_start():
    # A alone doubles their money on the leader, yet the start passes from B to C.
    state = betting_state(4, start=B, rotating_start=True)
    bet(state, {A: [win(20, 1000)]})
    finish_race(state)
    assert state.results[0]["money"] == [2000, 1000, 1000, 1000]
    assert state.start_player == C


# --- next race (P6, R36–R39) -----------------------------------------------------------------
def test_next_race_resets_dice_and_flags():
    state = race_state(4, start=B)  # B also takes the 25th turn: A's extra turn comes first
    idle_until(state, A)
    act(state, "black", "EXTRA_TURN")
    act(state, "white", "HORSESHOE", horse=5)
    home_stretch(state)
    act(state, "yellow", "NECK_AND_NECK")
    assert state.view()["held"] == [1, 0, 0, 0]
    while state.phase != Phase.EXTRA:
        idle(state)
    decide(state, {"type": "extra_decline"})
    photo(state, 1, 2)
    view = state.view()
    assert state.race == 2 and view["phase"] == "lineup"
    assert view["pool"] == DICE_COUNTS and sum(view["removed"].values()) == 0
    assert view["held"] == [0] * 4 and not view["nn"] and not view["nn_used"]
    assert view["row"] == []
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 17 and not {o["tile"] for o, _ in outcomes} & set(S1_TILES)


def test_race_odds_rows_follow_the_race():
    state = race_state(2)
    finish_race(state)
    draw(state, (1, 2, 4, 6, 7, 9, 10))
    assert state.view()["odds"] == [15, 12, 9, 6, 4, 3, 2]
    assert state.money == [3000, 3000]


# --- state handling -------------------------------------------------------------------------
def test_scores_only_at_the_end_and_json_round_trip():
    state = race_state(3)
    with pytest.raises(ValueError):
        state.scores()
    data = json.loads(json.dumps(state.to_json()))
    assert FinishLineState.from_json(data) == state
    with pytest.raises(BadSave):
        FinishLineState.from_json({"game": "royal_turf"})
    with pytest.raises(BadSave):
        FinishLineState.from_json({**data, "phase": "nap"})
    bad = dict(data)
    del bad["pool"]
    with pytest.raises(BadSave):
        FinishLineState.from_json(bad)


def test_a_save_made_before_the_state_was_a_dataclass_still_loads():
    """Saved text is unchanged: a match saved by the older code replays to the same state."""
    saved = json.loads((Path(__file__).parent / "data" / "save_before_dataclass.json").read_text())
    match = Match.from_json(saved["match"])
    assert match.state.phase == Phase.BETTING and match.state.race == 2
    assert match.state.to_json() == saved["state"]
    assert FinishLineState.from_json(saved["state"]) == match.state


def test_unknown_action_and_terminal_refusals():
    state = race_state(4)
    refused(state, {"type": "fly"}, "no action 'fly'")
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert state.why_illegal({"type": "bet_done"}) == "the game is over"
    assert state.legal_actions() == [] and state.current_player() == -2
