"""The projector window on the fake page: it gets the public table and nothing else."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web import projector  # noqa: E402
from paddock_web.app import App  # noqa: E402


def test_the_projector_mirrors_the_public_table_even_while_a_panel_is_open() -> None:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game("royal_turf", ["Ann", "Ben"], ["human", "human"], 12, {"opt_hidden_bets": "on"})
    assert app.match is not None and app.slot is not None
    seat = app.match.current_player()
    b.click("unlock", str(seat))  # the first chip is hidden: its owner's panel opens
    assert f'data-testid="private-{seat}"' in b.html
    b.click("overlay", "menu")
    b.click("projector")
    assert b.windows == [f"#/projector/{app.slot.id}"]
    key = projector.key_of(app.slot.id)

    # The projector window: same storage, its own page.
    pb = FakeBrowser(hash_=b.windows[0])
    pb.store = b.store
    shown = App(pb)
    shown.start()
    assert 'data-testid="projector"' in pb.html and "data-act" not in pb.html.split("<main", 1)[1]

    # A hidden chip is placed in the private panel.
    chips = [c for c in b.controls() if c["data-act"] == "local"]
    b.handler("local", "chip", chips[-1]["value"])  # type: ignore[misc]
    b.click("play", next(c for c in b.controls() if c["data-act"] == "play")["data-arg"])
    if b.find(data_act="unlock"):
        b.click("unlock", b.find(data_act="unlock")["data-arg"])  # type: ignore[index]
    sent = json.loads(b.store[key])
    assert sent["view"] == app.match.state.view(None)
    assert sent["view"] != app.match.state.view(seat)  # the owner's chip stays out
    assert "seed" not in b.store[key] and "history" not in sent
    shown.on_storage(key)
    assert "private" not in pb.html
    assert projector.read(shown, app.slot.id) == sent


def test_a_projector_without_a_game_waits_and_refuses_junk() -> None:
    pb = FakeBrowser(hash_="#/projector/nothing")
    pb.store[projector.key_of("nothing")] = "<img src=x>"
    shown = App(pb)
    shown.start()
    assert shown.screen == "projector" and "<img" not in pb.html
    assert 'data-testid="projector"' in pb.html
