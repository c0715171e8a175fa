"""The computer levels over every game: friendly and sharp players, and the advice.

The sharp player and the advice search states drawn from one seat's knowledge, so
two states the seat cannot tell apart (reached by play with different hidden choices
or chance outcomes, or by resampling) must give the same decision for the same seed.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import pygames
from pygames.core import SeatWindow, State, canonical, sample_outcome
from pygames.core.advice import advise, advise_json, decide_json, reason_ids
from pygames.core.bots import LEVELS, bot_for, heuristic_for, lead_for
from pygames.core.search import DEVIATE, Arm, _rank, choice, rollout, rollout_players
from pygames.core.state import is_listed

from .test_every_game import NAMES, sample_games

GAMES = [g.id for g in pygames.games()]
HIDDEN = {"finish_line", "homestretch", "royal_turf", "turfmaster"}
LOCALES = Path(__file__).resolve().parents[2] / "web" / "paddock_web" / "locales"
SHARP_ITERATIONS = 6


def _step(state: State[Any], rng: random.Random) -> None:
    if state.is_chance():
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    else:
        state.apply(rng.choice(state.legal_actions()))


def _choices(state: State[Any]) -> int:
    return len({canonical(a) for a in state.legal_actions()})


def decisions(game_id: str, count: int, seed: int) -> list[State[Any]]:
    """``count`` positions from random games where the seat to act has 2+ choices."""
    game = pygames.get_game(game_id)
    found: list[State[Any]] = []
    for i, (n, options) in enumerate(sample_games(game_id, 50, seed=seed)):
        rng = random.Random(seed * 100 + i)
        state = game.new_state(NAMES[:n], options)
        while not state.is_terminal() and len(found) < count * (i + 1) // 3 + 1:
            if not state.is_chance() and _choices(state) > 1 and rng.random() < 0.05:
                found.append(state.clone())
            _step(state, rng)
        if len(found) >= count:
            return found[:count]
    return found


def _advance_together(
    a: State[Any], b: State[Any], seat: int, rng: random.Random
) -> tuple[State[Any], State[Any]] | None:
    """Play the same public steps in two twins of ``seat`` until it has a choice."""
    for _ in range(40):  # the seat acts soon or the twins part
        if a.is_terminal() or a.view(seat) != b.view(seat):
            return None
        if a.current_player() == seat:
            if _choices(a) > 1:
                return a, b
            action = a.legal_actions()[0]
        elif a.is_chance():
            action = sample_outcome(a.chance_outcomes(), rng)
            if not is_listed(action, [o for o, _ in b.chance_outcomes()]):
                return None
        else:
            action = rng.choice(a.legal_actions())
            if not b.is_legal(action):
                return None
        a.apply(action)
        b.apply(action)
    return None


def played_twins(game_id: str, want: int, seed: int) -> list[tuple[State[Any], State[Any], int]]:
    """Pairs of different states that look the same to ``seat``, on its turn, reached
    by different hidden choices or chance outcomes and the same steps after them."""
    game = pygames.get_game(game_id)
    found: list[tuple[State[Any], State[Any], int]] = []
    for i, (n, options) in enumerate(sample_games(game_id, 40, seed=seed)):
        rng = random.Random(seed + i)
        state = game.new_state(NAMES[:n], options)
        while not state.is_terminal() and len(found) < want:
            if not (state.is_chance() or state.private_turn()):
                _step(state, rng)  # a public choice makes no twins
                continue
            listed = (
                [o for o, _ in state.chance_outcomes()]
                if state.is_chance()
                else state.legal_actions()
            )
            afters = []
            for action in rng.sample(listed, min(len(listed), 4)):
                after = state.clone()
                after.apply(action)
                afters.append(after)
            for x, y in itertools.combinations(afters, 2):
                for seat in range(n):
                    if x != y and x.view(seat) == y.view(seat):
                        pair = _advance_together(x.clone(), y.clone(), seat, random.Random(i))
                        if pair is not None and pair[0] != pair[1]:
                            found.append((*pair, seat))
                            break
                if len(found) >= want:
                    return found
            _step(state, rng)
    return found


def _sharp_choice(state: State[Any], seat: int, seed: int) -> str:
    bot = bot_for(state.game_id, "sharp", iterations=SHARP_ITERATIONS)
    return canonical(bot.choose(SeatWindow(state, seat), seat, random.Random(seed)))


@pytest.mark.parametrize("game_id", GAMES)
def test_sharp_decides_the_same_in_states_its_seat_cannot_tell_apart(game_id: str) -> None:
    twins = []
    for state in decisions(game_id, 2, seed=3):
        seat = state.current_player()
        twins.append((state, state.resample_from_infostate(seat, random.Random(99)), seat))
    if game_id in HIDDEN:
        played = played_twins(game_id, 1, seed=11)
        assert played, "no two played states looked the same to a seat on its turn"
        twins += played
    for a, b, seat in twins:
        assert a.view(seat) == b.view(seat)
        assert _sharp_choice(a, seat, 5) == _sharp_choice(b, seat, 5)
    a, b, seat = twins[-1]  # the advice searches alike too
    assert advise(SeatWindow(a, seat), random.Random(6), iterations=SHARP_ITERATIONS) == (
        advise(SeatWindow(b, seat), random.Random(6), iterations=SHARP_ITERATIONS)
    )


class Recording:
    """A friendly player that notes the seats it moved for."""

    name = "recording"

    def __init__(self, game_id: str, moved: list[int]) -> None:
        self.friendly, self.moved = bot_for(game_id), moved

    def choose(self, state: SeatWindow[Any], seat: int, rng: random.Random) -> Any:
        self.moved.append(seat)
        return self.friendly.choose(state, seat, rng)


@pytest.mark.parametrize("game_id", GAMES)
def test_rollouts_let_each_seat_play_as_its_expected_player(game_id: str) -> None:
    state = decisions(game_id, 1, seed=8)[0]
    seat = state.current_player()
    n = len(state.view(None)["players"])
    moved: list[list[int]] = [[] for _ in range(n)]
    players: list[Any] = [Recording(game_id, moved[s]) for s in range(n)]
    rollout(state.clone(), seat, random.Random(2), players)
    assert any(moved), "the rollout asked nobody"
    for s in range(n):
        assert set(moved[s]) <= {s}, "each seat's moves come from its own player"
    # at the start of a game nobody has shown how they play: everyone plays friendly
    fresh = pygames.get_game(game_id).new_state(NAMES[:n])
    while fresh.is_chance():
        fresh.apply(sample_outcome(fresh.chance_outcomes(), random.Random(1)))
    assert rollout_players(SeatWindow(fresh, fresh.current_player())) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_sharp_is_repeatable_and_legal(game_id: str) -> None:
    for k, state in enumerate(decisions(game_id, 3, seed=4)):
        seat = state.current_player()
        first = _sharp_choice(state, seat, k)
        assert first == _sharp_choice(state, seat, k)
        assert any(canonical(a) == first for a in state.legal_actions())


def test_the_search_starts_from_the_friendly_player_unless_a_game_names_a_lead() -> None:
    leads = {g: lead_for(g) for g in GAMES}
    assert {g for g, lead in leads.items() if lead is not bot_for(g)} == {"gambler"}


@pytest.mark.parametrize("game_id", GAMES)
def test_friendly_is_legal_and_not_always_the_same(game_id: str) -> None:
    """In games among friendly players, the friendly level sometimes draws among
    near-equal choices; the plain heuristic never does (the same choice whatever the rng)."""
    game = pygames.get_game(game_id)
    friendly, plain = bot_for(game_id), heuristic_for(game_id)
    rng = random.Random(5)
    varied = seen = 0
    for n, options in sample_games(game_id, 30, seed=5):
        state = game.new_state(NAMES[:n], options)
        while not state.is_terminal() and not varied:
            if state.is_chance():
                state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            window = SeatWindow(state, seat)
            if _choices(state) > 1:
                seen += 1
                picks = {
                    canonical(friendly.choose(window, seat, random.Random(r))) for r in range(6)
                }
                sure = {canonical(plain.choose(window, seat, random.Random(r))) for r in range(3)}
                assert len(sure) == 1
                legal = {canonical(a) for a in state.legal_actions()}
                assert picks <= legal
                varied += len(picks) > 1
            state.apply(friendly.choose(window, seat, rng))
        if varied:
            break
    assert varied, f"the friendly level never varied in {seen} choices"


@pytest.mark.parametrize("game_id", GAMES)
def test_advice_lists_up_to_three_legal_choices_best_chance_first(game_id: str) -> None:
    en, de = (_advice_texts(lang, game_id) for lang in ("en", "de"))
    for k, state in enumerate(decisions(game_id, 2, seed=6)):
        seat = state.current_player()
        tips = advise(SeatWindow(state, seat), random.Random(k), iterations=10)
        assert 1 <= len(tips) <= 3
        # distinct whole choices (two Gambler placements may start with the same die)
        keys = [canonical(t.get("line") or [t["action"]]) for t in tips]
        assert len(set(keys)) == len(keys)
        starts = [canonical(t["action"]) for t in tips]
        assert all(any(canonical(a) == key for a in state.legal_actions()) for key in starts)
        for tip in tips:  # a whole choice is legal all the way
            after = state.clone()
            for action in tip.get("line") or [tip["action"]]:
                after.apply(action)
        wins = [t["win"] for t in tips]
        assert wins == sorted(wins, reverse=True) and all(0 <= w <= 1 for w in wins)
        for tip in tips:
            reason = dict(tip["reason"])
            game, _, rid = reason.pop("key").partition(".")
            assert game == game_id and rid in reason_ids(game_id)
            assert "{" not in en[rid].format(**reason) and "{" not in de[rid].format(**reason)
    assert advise(SeatWindow(state, None), random.Random(0), iterations=4) == []


def _advice_texts(lang: str, game_id: str) -> dict[str, str]:
    texts: dict[str, str] = json.loads((LOCALES / lang / f"{game_id}.json").read_text("utf-8"))[
        "advice"
    ]
    return texts


@pytest.mark.parametrize("game_id", GAMES)
def test_every_reason_the_engine_gives_has_english_and_german_text(game_id: str) -> None:
    pygames.get_game(game_id)
    en, de = _advice_texts("en", game_id), _advice_texts("de", game_id)
    assert reason_ids(game_id)
    for rid in reason_ids(game_id):
        assert en[rid] and de[rid], rid
        assert set(re.findall(r"{(\w+)}", en[rid])) == set(re.findall(r"{(\w+)}", de[rid])), rid
    # besides the reasons, a reason may have its own title for its tip (no parameters)
    titles = {k for k in en if k.endswith("_title") and k.removesuffix("_title") in en}
    assert all("{" not in en[k] + de[k] for k in titles)
    assert set(en) == set(de) and set(en) - titles == set(reason_ids(game_id))


def test_levels_and_unknown_level() -> None:
    assert LEVELS == ("friendly", "sharp")
    assert bot_for("royal_turf", "sharp", iterations=3).name == "sharp"
    with pytest.raises(ValueError, match="unknown computer level"):
        bot_for("royal_turf", "grandmaster")


def test_the_worker_entry_points_answer_json_from_a_resampled_state() -> None:
    state = decisions("royal_turf", 1, seed=7)[0]
    seat = state.current_player()
    sent = json.dumps(state.resample_from_infostate(seat, random.Random(1)).to_json())
    action = json.loads(decide_json("royal_turf", sent, seat, "sharp", 3, 60))
    assert state.is_legal(action)
    assert state.is_legal(json.loads(decide_json("royal_turf", sent, seat, "friendly", 3, 0)))
    tips = json.loads(advise_json("royal_turf", sent, seat, 3, 60))
    assert 1 <= len(tips) <= 3 and all(state.is_legal(t["action"]) for t in tips)


def test_advice_weighs_a_lone_choice_too() -> None:
    """At Gambler's first roll there is one choice; its chance must come from rollouts,
    not stand at 0 % because nothing was searched."""
    state = pygames.get_game("gambler").new_state(["Ann", "Ben"])
    rng = random.Random(3)
    while state.current_player() < 0:
        state.apply(sample_outcome(state.chance_outcomes(), rng))
    window = SeatWindow(state, state.current_player())
    assert len(window.legal_actions()) == 1
    tips = advise(window, random.Random(5), iterations=8)
    assert len(tips) == 1 and 0 < tips[0]["win"] < 1 and tips[0]["value"] > 0


def _arm(shares: list[float], friendly: bool = False) -> Arm:
    arm = Arm({"type": "x"}, lead=friendly, visits=len(shares), wins=sum(shares))
    arm.shares = dict(enumerate(shares))
    return arm


def test_sharp_leaves_the_friendly_choice_only_for_a_lead_beyond_luck() -> None:
    friendly = _arm([0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0], friendly=True)
    # The same mean lead (+0.25), once steady and once from two lucky rounds of eight.
    steady = _arm([0.5, 1.0, 0.5, 1.0, 0.5, 1.0, 0.5, 1.0])
    lucky = _arm([1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 0.0, 1.0])
    assert steady.win == lucky.win > friendly.win + DEVIATE
    assert choice([friendly, steady]) is steady
    assert choice([friendly, lucky]) is friendly
    # A steady lead smaller than DEVIATE is not worth leaving the friendly choice for.
    small = _arm([0.05, 1.0, 0.05, 1.0, 0.05, 1.0, 0.05, 1.0])
    assert choice([friendly, small]) is friendly
    # A rival dropped early (fewer rounds) is never chosen, however good it looked.
    dropped = _arm([1.0, 1.0])
    assert choice([friendly, dropped]) is friendly


def test_where_every_rollout_was_won_sharp_keeps_the_widest_narrowest_lead() -> None:
    def won(worst_lead: float, rounds: int = 8, friendly: bool = False) -> Arm:
        arm = _arm([1.0] * rounds, friendly=friendly)
        arm.worst_lead = worst_lead
        return arm

    friendly = won(100.0, friendly=True)
    safe, safer = won(400.0), won(900.0)
    assert choice([friendly, safe, safer]) is safer
    assert sorted([friendly, safe, safer], key=_rank) == [safer, safe, friendly]
    # Not for a rival that lost a rollout, nor one dropped early (fewer rounds).
    once_lost = _arm([1.0] * 7 + [0.0])
    once_lost.worst_lead = 900.0
    assert choice([friendly, once_lost]) is friendly
    assert choice([friendly, won(900.0, rounds=2)]) is friendly
    # Nor where the friendly choice itself lost a rollout: then win shares decide.
    shaky = _arm([1.0] * 7 + [0.0], friendly=True)
    shaky.worst_lead = -50.0
    assert choice([shaky, safer]) is shaky
