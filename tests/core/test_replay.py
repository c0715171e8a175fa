"""Replay: the public table at every step, rebuilt from the seed and the actions."""

from __future__ import annotations

import pytest

from pygames.core import Match
from pygames.core.replay import CHECKPOINT_EVERY, Replay

GAMES = ["royal_turf", "homestretch", "finish_line", "gambler", "turfmaster"]


def computer_game(game_id: str, seed: int = 11) -> Match:
    match = Match(game_id, ["Ann", "Ben"], seats=["computer", "computer"], seed=seed)
    match.run_computers()
    return match


@pytest.mark.parametrize("game_id", GAMES)
def test_a_finished_game_replays_to_its_final_standings(game_id: str) -> None:
    match = computer_game(game_id)
    replay = Replay(Match.from_json(match.to_json()))
    final = replay.view_at(replay.last)
    assert final == match.state.view(None)
    assert final["final"] is not None
    assert final["final"]["scores"] == match.scores()
    # One start per race or round, in order, each after the last one's results.
    assert len(replay.race_starts) == len(final["results"])
    assert replay.race_starts == sorted(set(replay.race_starts))
    for race, start in enumerate(replay.race_starts[1:], start=1):
        assert len(replay.view_at(start)["results"]) == race
        assert replay.race_of(start) == race + 1


@pytest.mark.parametrize("game_id", ["royal_turf", "finish_line"])
def test_every_step_is_the_public_table_the_game_showed_then(game_id: str) -> None:
    match = computer_game(game_id, seed=3)
    replay = Replay(match)
    # Replaying the history again entry by entry, around checkpoints and between them.
    again = match.game.new_state(match.players, match.options)
    wanted = {0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 7, replay.last}
    for n, entry in enumerate([*match.history, None]):
        if n in wanted:
            assert replay.view_at(n) == again.view(None)
            assert replay.view_at(n)["viewer"] is None
        if entry is not None:
            again.apply(entry["action"])
    assert all(e["step"] < 30 for e in replay.events_until(30))
    assert replay.view_at(-5) == replay.view_at(0)
    assert replay.view_at(replay.last + 9) == replay.view_at(replay.last)


def test_an_unfinished_game_shows_no_more_than_its_table_did() -> None:
    # A hidden-bets game stopped in the middle: the last step is the public table.
    match = Match(
        "royal_turf",
        ["Ann", "Ben", "Cy"],
        options={"hidden_bets": True},
        seats=["computer"] * 3,
        seed=8,
    )
    for _ in range(30):
        match.play_computer()
    replay = Replay(match)
    assert not match.is_over()
    assert replay.view_at(replay.last) == match.state.view(None)
    assert replay.view_at(replay.last) != match.state.view(0)
