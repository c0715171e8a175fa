"""The Homestretch heuristic bot: legal, blind to secrets, sensible and stronger than random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pygames.core import RandomBot, SeatWindow, bot_for, sample_outcome
from pygames.core.search import rollout
from pygames.homestretch.bot import (
    EXPECTED_PURSE,
    GREEN_SHARE,
    PURPLE_SHARE,
    HomestretchBot,
    expected_worth,
)
from pygames.homestretch.state import HomestretchState

from .play import (
    DESC3,
    act,
    bets_of,
    deal,
    drafted,
    new_state,
    race_ready,
    reach,
    reveal,
    roll,
    run_race,
    spread,
    turn_up,
    two,
)

# Seat 0 (black) owns both blue 9s and has the least money: he starts race 1.
NINES = [
    ["B9a", "B9b", "B6a", "B7a", "B8a"],
    ["B5a", "B5b", "B2a", "B2b", "B12a"],  # the rival owns horse 5
    ["B3b", "B11a", "B11b", "B4a", "B4b"],
]
ON_NINE = {
    "black": bets_of([(3, "WIN", 9), (2, "PLACE", 9), (2, "SHOW", 9), (1, "WIN", 3), (1, "WIN", 2)])
}

BOT = HomestretchBot()


def choose(state: HomestretchState) -> dict[str, Any]:
    seat = state.current_player()
    return BOT.choose(SeatWindow(state, seat), seat, random.Random(0))


def test_registered_as_the_homestretch_bot() -> None:
    assert isinstance(bot_for("homestretch"), HomestretchBot)
    assert bot_for("homestretch").name == "heuristic"


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_only_legal_actions(n: int) -> None:
    rng = random.Random(n)
    rand = RandomBot()
    choices = 0
    state = new_state(n, open_bets=n == 4, literal_handicaps=n == 5)
    bot_seats = {s for s in range(n) if s % 2 == 0}
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        if seat in bot_seats:
            action = choose(state)  # the window offers only view() and legal_actions()
            choices += 1
            assert action in state.legal_actions()
        else:
            action = rand.choose(SeatWindow(state, seat), seat, rng)
        state.apply(action)
    assert choices > 0


def test_draft_prefers_value_over_cost() -> None:
    state = new_state(3)
    deal(state, [["B7a", "B2a", "B12a", "B3a", "B11a"]])
    assert choose(state)["card"] == "B7a"


def test_friendly_draws_between_twin_horses_in_the_draft() -> None:
    # 6 and 8 cost the same and earn the same on average: worth alike, the best here
    state = new_state(3)
    deal(state, [["B6a", "B8a", "B2a", "B3a", "B11a"]])
    window = SeatWindow(state, 0)
    friendly = bot_for("homestretch", "friendly")
    picks = {friendly.choose(window, 0, random.Random(r))["card"] for r in range(12)}
    assert picks == {"B6a", "B8a"}
    plain = {BOT.choose(window, 0, random.Random(r))["card"] for r in range(12)}
    assert plain == {"B6a"}  # the plain heuristic: the first of equals, always


def test_bets_follow_the_race_card() -> None:
    # P5: +6 on 11 and 12, X on 6 and 8. The 3-marker goes on a plus-marker long shot.
    state = drafted(DESC3)
    reveal(state, "P5")
    while state.current_player() == 0:
        state.apply(choose(state))
    cells = state.bets[0]
    assert len(cells) == 5 and state.submitted[0]
    assert cells["3"][0] in (11, 12)
    assert all(h not in (6, 8) for h, _ in cells.values())


def test_bot_respects_its_marker_limit_when_stacking() -> None:
    state = drafted(DESC3, fixed_betting_order=True)
    reveal(state, "P5")
    assert state.rank(2) == 3
    for _ in range(2):
        act(
            state,
            "place_bets",
            bets=bets_of(
                [(1, "WIN", 2), (1, "WIN", 3), (2, "WIN", 4), (2, "WIN", 5), (3, "WIN", 6)]
            ),
        )
    while state.phase == "betting":
        state.apply(choose(state))
    cells = [tuple(c) for c in state.bets[2].values()]
    assert max(cells.count(c) for c in cells) >= 2  # rank 3 may stack on the best cell


def test_friendly_draws_its_bet_among_near_equal_cells_and_keeps_what_it_laid() -> None:
    # P1 pays about alike on 10 and 4 (PLACE 2.94 and 2.92 a point, SHOW 2.90 and
    # 2.89, WIN 2.88 and 2.86): Friendly lays its markers on any of them, always the
    # best-paying six cells, and never takes back a marker it laid itself.
    friendly = bot_for("homestretch", "friendly")
    bets = set()
    for r in range(12):
        state = drafted(DESC3)
        reveal(state, "P1")
        rng = random.Random(r)
        while state.current_player() == 0:
            action = friendly.choose(SeatWindow(state, 0), 0, rng)
            assert action["type"] != "take_back_marker"
            state.apply(action)
        cells = state.bets[0]
        assert {tuple(c) for c in cells.values()} <= {
            (h, row) for h in (4, 10) for row in ("WIN", "PLACE", "SHOW")
        }
        bets.add(tuple(sorted((m, tuple(c)) for m, c in cells.items())))
    assert len(bets) >= 4
    plain = set()
    for r in range(4):
        state = drafted(DESC3)
        reveal(state, "P1")
        while state.current_player() == 0:
            state.apply(BOT.choose(SeatWindow(state, 0), 0, random.Random(r)))
        plain.add(tuple(sorted((m, tuple(c)) for m, c in state.bets[0].items())))
    assert len(plain) == 1  # the plain heuristic: the first of equals, always


def test_friendly_takes_back_a_marker_laid_on_a_poor_cell() -> None:
    # A search line may lay a marker where Friendly would not (2 WIN pays little on
    # P1): Friendly, playing the bet on, takes it back before laying the rest.
    state = drafted(DESC3)
    reveal(state, "P1")
    me = state.colours[0]
    state.apply({"type": "place_marker", "player": me, "marker": "3", "horse": 2, "row": "WIN"})
    again = bot_for("homestretch", "friendly").choose(SeatWindow(state, 0), 0, random.Random(0))
    assert again == {"type": "take_back_marker", "player": me, "marker": "3"}


def test_race_choice_pushes_own_horse_with_two() -> None:
    state = drafted(NINES)
    race_ready(state, "P1", ON_NINE)
    assert state.turn == 0
    roll(state, 4, 5)
    assert choose(state)["choice"] == "TWO"


def test_race_choice_rerolls_when_the_rolled_horse_helps_a_rival() -> None:
    state = drafted(NINES)
    race_ready(state, "P1", ON_NINE)
    assert state.turn == 0
    roll(state, 1, 4)  # horse 5 belongs to a rival
    assert choose(state)["choice"] == "ONE_AND_REROLL"


def test_bonus_target_prefers_own_horse() -> None:
    kept = [
        ["B12a", "B3a", "B4a", "B5a", "B6a"],
        ["B2a", "B3b", "B4b", "B5b", "B6b"],
        ["B9a", "B9b", "B10a", "B10b", "B11a"],
    ]
    state = drafted(kept)
    race_ready(state, "P2")  # 2 and 12 carry no marker on P2
    reach(state, {h: 5 for h in range(3, 12) if h != 7}, (7,))
    while state.turn != 0:  # turns that change nothing for 2 and 12
        two(state, 3)
    roll(state, 6, 1)
    assert choose(state) == {"type": "bonus_target", "player": "black", "horse": 12}


def test_buying_passes_on_poor_value_and_buys_good_value() -> None:
    colours = ["green", "red", "blue", "yellow"]
    # Red owns the other 2, 12 and 3: one more share of a long shot is poor value.
    poor = drafted(
        [
            ["B6a", "B6b", "B8a", "B3a", "B9a"],
            ["B2b", "B12b", "B3b", "B7a", "B7b"],
            ["B8b", "B5a", "B5b", "B11a", "B4a"],
            ["B9b", "B10a", "B10b", "B11b", "B4b"],
        ],
        colours,
    )
    race_ready(poor, "P1", {"green": spread(4)})  # WIN 4–8: nothing for Green
    run_race(poor, [2, 12, 3])
    turn_up(poor, ["B2a", "B12a", "R2", "R12"])
    assert poor.current_player() == 0 and len(poor.legal_actions()) > 1
    assert choose(poor)["choice"] == "PASS"
    # A share of 7 nobody owns is good value.
    good = drafted(
        [
            ["B6a", "B8a", "B5a", "B4a", "B3a"],
            ["B2b", "B12a", "B12b", "B6b", "B8b"],
            ["B3b", "B11a", "B11b", "B5b", "B9a"],
            ["B4b", "B10a", "B10b", "B9b", "B7b"],
        ],
        colours,
    )
    race_ready(good, "P1", {"green": spread(4)})
    run_race(good, [12, 2, 11])
    turn_up(good, ["B7a", "B2a", "R2", "R12"])
    assert good.current_player() == 0 and good.money[0] == 12
    assert choose(good) == {
        "type": "buy_action",
        "player": "green",
        "choice": "BUY_FACEUP",
        "card": "B7a",
    }


def test_expected_worth_counts_shares_for_the_races_to_come() -> None:
    """Money plus each share's part of its horse's expected purse over the races left:
    all four after the draft, fewer after each race, none at the end."""
    state = drafted(NINES)
    owned = [list(cards) for cards in state.shares]

    def shares_worth(seat: int, left: float) -> float:
        mine = [int(c[1:].rstrip("ab")) for c in owned[seat]]
        every = [int(c[1:].rstrip("ab")) for cards in owned for c in cards]
        return sum(EXPECTED_PURSE[h] * left / every.count(h) for h in mine)

    whole = 2 * PURPLE_SHARE + 2 * GREEN_SHARE
    assert whole == pytest.approx(1.0, abs=0.01)
    for seat, worth in enumerate(expected_worth(state)):
        assert worth == pytest.approx(state.money[seat] + shares_worth(seat, whole))
    race_ready(state, "P1", ON_NINE)
    run_race(state, [9, 5, 3])
    assert state.shares == owned  # no buying yet: the same shares
    for seat, worth in enumerate(expected_worth(state)):
        left = PURPLE_SHARE + 2 * GREEN_SHARE
        assert worth == pytest.approx(state.money[seat] + shares_worth(seat, left))


def test_search_rollouts_judge_a_finished_race_by_worth_not_money() -> None:
    """The sharp player's rollouts stop at the end of the race; the standings they judge
    count the shares' purses still to come, so buying a share is not weighed as a loss."""
    state = drafted(NINES)
    race_ready(state, "P1", ON_NINE)
    seat = state.current_player()
    share, money, lead = rollout(state, seat, random.Random(5))
    assert len(state.results) == 1  # stopped after the race
    worth = expected_worth(state)
    assert money == pytest.approx(worth[seat]) and money > state.money[seat]
    assert lead == pytest.approx(worth[seat] - max(w for i, w in enumerate(worth) if i != seat))
    assert 0 < share < 1


def play(bots: list[Any], seed: int) -> list[float]:
    state = new_state(len(bots))
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        state.apply(bots[seat].choose(SeatWindow(state, seat), seat, rng))
    return state.scores()


def test_beats_random_bots_clearly() -> None:
    """Fixed seeds: the bot wins far more often than its 1/n share."""
    wins = 0
    expected = 0.0
    games = 30
    for g in range(games):
        n = 2 + g % 5
        seat = g % n
        bots: list[Any] = [BOT if s == seat else RandomBot() for s in range(n)]
        scores = play(bots, 777 + g)
        wins += scores[seat] == max(scores)
        expected += 1 / n
    assert wins >= 2 * expected and wins >= 0.6 * games


@pytest.mark.parametrize("kind", ["buy_action", "move_choice"])
def test_friendly_draws_between_near_equal_buys_and_moves(kind: str) -> None:
    # Seeded games among friendly players, until a share buying turn (a choice of two
    # squares or one and a second roll) where Friendly's choice depends on its draw:
    # there the plain heuristic still makes one choice, always the same.
    friendly = bot_for("homestretch", "friendly")
    for game in range(40):
        rng = random.Random(game)
        state = new_state(2 + game % 3)
        while not state.is_terminal():
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            window = SeatWindow(state, seat)
            if state.legal_actions()[0]["type"] == kind:
                drawn = {repr(friendly.choose(window, seat, random.Random(r))) for r in range(16)}
                plain = {repr(BOT.choose(window, seat, random.Random(r))) for r in range(16)}
                assert len(plain) == 1
                if len(drawn) > 1:
                    return
            state.apply(friendly.choose(window, seat, rng))
    pytest.fail(f"no {kind} in 40 games where Friendly drew between choices")
