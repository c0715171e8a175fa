"""Every reason Ask the computer gives in real play reads as a sentence in both
languages: a sweep over Friendly games of each game (2, 3 and 4 seats), asking at every
ninth decision of whoever is to act and drawing each tip as the panel does, with a
catalogue that refuses a missing text. The reason modules' own tests check what the
sentences say; this one finds the positions they did not think of."""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web")]

import pytest  # noqa: E402
from paddock_web import advice_panel  # noqa: E402
from paddock_web.i18n import Catalogue  # noqa: E402
from paddock_web.table import GameContext  # noqa: E402
from paddock_web.tables import TABLES  # noqa: E402

import pygames  # noqa: E402
from pygames.core import Match, SeatWindow  # noqa: E402
from pygames.core.advice import GENERIC_IDS, advise  # noqa: E402

EVERY = 9


@pytest.mark.parametrize("game_id", [g.id for g in pygames.games()])
def test_every_tip_of_a_game_played_through_reads_in_english_and_german(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Catalogue, "strict", True)
    table = TABLES[game_id]
    own = 0  # tips with a reason of the game's own, not the generic comparison
    asked = 0
    for players in (2, 3, 4):
        names = ["Ann", "Ben", "Cy", "Dee"][:players]
        match = Match(game_id, names, seats=["computer"] * players, seed=players)
        step = 0
        while not match.is_over():
            seat = match.current_player()
            if seat >= 0 and len(match.state.legal_actions()) > 1:
                step += 1
                if step % EVERY == 0:
                    asked += 1
                    tips = advise(SeatWindow(match.state, seat), random.Random(step), iterations=4)
                    assert tips
                    view = match.state.view(seat)
                    for lang in ("en", "de"):
                        ctx = GameContext(Catalogue(lang), names, match.seats, [], {}, seat)
                        for i, tip in enumerate(tips):
                            html = str(advice_panel.tip_row(i, tip, game_id, table, view, ctx))
                            assert "advice-why" in html and "{" not in html, (tip, html)
                    own += sum(t["reason"]["key"].split(".")[1] not in GENERIC_IDS for t in tips)
            match.play_computer()
    assert asked >= 20
    assert own >= asked  # most tips say why in the game's own facts


def test_a_homestretch_move_is_advised_in_the_words_of_its_button() -> None:
    """A tester read "Two squares, end the turn" in the advice beside a button saying
    "Run 8, end turn": a horse with a head start runs more than two."""
    from paddock_web import homestretch

    names = ["Ann", "Ben", "Cy"]
    match = Match("homestretch", names, seats=["computer"] * 3, seed=4)
    seen: set[int] = set()
    while not match.is_over() and len(seen) < 2:
        seat = match.current_player()
        view = match.state.view(seat) if seat >= 0 else None
        if view is not None and view["turn"]["moves"] is not None:
            legal = match.state.legal_actions()
            ctx = GameContext(Catalogue("en"), names, match.seats, legal, {}, seat)
            buttons = str(homestretch.actions(view, ctx))
            for action in legal:
                words = advice_panel.label(action, TABLES["homestretch"], view, ctx)
                assert words is not None and f">{words}<" in buttons, (words, buttons)
            seen.add(view["turn"]["moves"]["two"])
        match.play_computer()
    assert 2 in seen and max(seen) > 2, seen  # plain moves and a head start both met
