"""The TurfMaster heuristic bot: legal, blind to secrets, sensible and stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import RandomBot, SeatWindow, bot_for, sample_outcome
from pygames.core.playout import play_with_bots
from pygames.turfmaster import GAME
from pygames.turfmaster.bot import TurfMasterBot
from pygames.turfmaster.state import TurfMasterState

from .direct import dealt, place
from .test_scenarios import play

BOT = TurfMasterBot()


def choose(state: TurfMasterState) -> dict[str, Any]:
    seat = state.current_player()
    return BOT.choose(SeatWindow(state, seat), seat, random.Random(0))


def test_registered_as_the_turfmaster_bot() -> None:
    assert bot_for("turfmaster").name == "heuristic" == BOT.name


@pytest.mark.parametrize(
    ("n", "per", "options"),
    [
        (2, 3, {}),
        (3, 2, {"grand_national": True}),
        (4, 2, {"blind_cards": True}),
        (5, 1, {"free_jokers": True}),
        (8, 1, {"quick_race": True}),
    ],
)
def test_only_legal_actions(n: int, per: int, options: dict[str, bool]) -> None:
    rng = random.Random(n)
    state = GAME.new_state([f"P{i}" for i in range(n)], {"horses_per_player": per, **options})
    assert isinstance(state, TurfMasterState)
    choices = 0
    rand = RandomBot()
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        if seat % 2 == 0:
            action = BOT.choose(SeatWindow(state, seat), seat, rng)
            choices += 1
            assert action in state.legal_actions()
        else:
            action = rand.choose(SeatWindow(state, seat), seat, rng)
        state.apply(action)
    assert choices > 0


def test_prefers_the_inside_end_square() -> None:
    s = dealt(4)
    place(s, {1: "3-10"}, hands={1: ["8a", "3a"]})
    play(s, 1, "8a")
    assert choose(s) == {"type": "choose_end", "horse": 1, "square": "1-26"}


def test_free_horse_spends_its_high_number_card() -> None:
    s = dealt(4)
    place(s, {4: "2-60"}, finished=(1, 2, 3), hands={4: ["8a", "12a", "J12"]})
    assert s.limits[3] is None
    assert choose(s) == {"type": "play_card", "horse": 4, "card": "12a"}


def test_capped_leader_saves_high_cards_and_jokers() -> None:
    s = dealt(4)
    place(s, {1: "2-60", 2: "2-40"}, hands={1: ["8a", "12a", "J12"]})
    assert s.limits[0] == 8
    assert choose(s) == {"type": "play_card", "horse": 1, "card": "8a"}


def test_capped_leader_with_only_high_cards_loses_the_least_usable() -> None:
    # a 9 moves again from 2nd place, a 12 only from 4th or worse
    s = dealt(4)
    place(s, {1: "2-60", 2: "2-40"}, hands={1: ["9b", "11a", "12c"]})
    assert choose(s) == {"type": "play_card", "horse": 1, "card": "12c"}


def test_capped_horse_keeps_its_joker_for_the_finish() -> None:
    s = dealt(4)
    place(s, {1: "2-60", 2: "2-40"}, hands={1: ["10a", "12a", "J10"]})
    assert choose(s) == {"type": "play_card", "horse": 1, "card": "12a"}


def test_capped_horse_with_only_jokers_plays_the_smallest() -> None:
    s = dealt(4)
    place(s, {1: "2-60", 2: "2-40"}, hands={1: ["J10", "J12"]})
    assert choose(s) == {"type": "play_card", "horse": 1, "card": "J10"}


def test_capped_leader_plays_its_lowest_card_far_from_the_line() -> None:
    # every low card moves in full whenever it is played: the 3 lets the field close up
    s = dealt(4)
    place(s, {1: "2-60", 2: "2-40"}, hands={1: ["3a", "8a", "12a", "J12"]})
    assert choose(s) == {"type": "play_card", "horse": 1, "card": "3a"}


def test_third_place_spends_the_high_card_its_limit_allows() -> None:
    s = dealt(4)
    place(s, {1: "2-70", 2: "3-66", 3: "2-60", 4: "2-40"}, moved=2, hands={3: ["3a", "8a", "10a"]})
    assert s.limits[2] == 10 and s.acting_horse() == 3
    assert choose(s) == {"type": "play_card", "horse": 3, "card": "10a"}


def test_capped_leader_sprints_with_a_joker_near_the_line() -> None:
    s = dealt(4)
    place(s, {1: "2-112", 2: "2-100"}, hands={1: ["3a", "8a", "J12"]})
    assert s.limits[0] == 8
    assert choose(s) == {"type": "play_card", "horse": 1, "card": "J12"}


def test_never_chooses_a_fall_when_a_safe_end_exists() -> None:
    s = dealt(4, grand_national=True)
    place(s, {4: "1-31"}, finished=(1, 2, 3), hands={4: ["9a", "3a"]})
    play(s, 4, "9a")
    assert choose(s) == {"type": "choose_end", "horse": 4, "square": "1-39"}


def test_does_not_play_a_card_that_can_only_fall() -> None:
    s = dealt(4, grand_national=True)
    place(s, {1: "2-34", 2: "1-10"}, hands={1: ["7a", "4a"]})
    assert choose(s) == {"type": "play_card", "horse": 1, "card": "4a"}


def test_over_limit_horse_takes_the_better_die() -> None:
    s = dealt(5)
    place(s, {1: "1-50", 2: "2-48", 3: "3-46", 4: "4-44", 5: "5-40"}, "dice")
    s.apply({"type": "dice_roll", "d1": 5, "d2": 6})
    s.apply({"type": "choose_pace", "value": 11})
    assert choose(s) == {"type": "choose_die", "horse": 1, "value": 6}


def test_roller_picks_the_pace_that_helps_its_horse() -> None:
    s = dealt(5)
    place(s, {1: "1-50", 2: "2-48", 3: "3-46", 4: "4-44", 5: "5-40"}, "dice")
    s.roller = 4  # E's owner rolls: the leaders are capped, E runs 11
    s.apply({"type": "dice_roll", "d1": 5, "d2": 6})
    assert choose(s) == {"type": "choose_pace", "value": 11}


def test_selection_sets_aside_low_cards_but_keeps_two_for_leading() -> None:
    s = dealt(4)
    s.phase = "select"
    s.select_queue = [1]
    s.hands[0] = ["3a", "3b", "9a", "9b", "10a", "10b", "11a", "11b", "12a", "12b", "J9"]
    assert choose(s) == {"type": "set_aside", "horse": 1, "card": "9a"}
    s.hands[0] = ["3a", "3b", "4a", "8a", "10a", "10b", "11a", "11b", "12a", "12b", "J9"]
    assert choose(s) == {"type": "set_aside", "horse": 1, "card": "3a"}


def test_takes_the_bonus_with_an_empty_hand() -> None:
    s = dealt(4)
    place(s, {1: "2-60", 2: "2-40"}, hands={1: []})
    assert choose(s) == {"type": "take_bonus", "horse": 1}


def wins_against_random(counts: list[int], games: int, seed: int) -> int:
    """Games (fixed seeds) that one bot seat wins outright among random seats; the player
    count cycles through ``counts`` and the bot's seat rotates."""
    wins = 0
    for g in range(games):
        n = counts[g % len(counts)]
        seat = g % n
        bots = [BOT if s == seat else RandomBot() for s in range(n)]
        state = GAME.new_state([f"P{i}" for i in range(n)])
        play_with_bots(state, bots, random.Random(seed + g))  # type: ignore[arg-type]
        wins += state.ranking()[seat] == 1
    return wins


def test_clearly_beats_random_players() -> None:
    """2–3 players (several horses each)."""
    wins = wins_against_random([2, 3], 24, 1000)
    assert wins >= 24 * 0.7, f"won {wins} of 24"


def test_clearly_beats_random_players_with_one_horse_each() -> None:
    """One bot seat against 4–7 random seats (one horse each, all capped alike)."""
    wins = wins_against_random([5, 6, 7, 8], 20, 2000)
    assert wins >= 20 * 0.6, f"won {wins} of 20"
