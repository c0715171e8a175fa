"""An autosave encodes only the moves made since the last one, and still writes the
whole game: after moves, undo and a reload the stored match is exactly the match."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web.app import App  # noqa: E402


def stored_match(b: FakeBrowser) -> object:
    slot = b.hash[len("#/play/") :]
    return json.loads(b.store["paddock.game." + slot])["match"]


def test_incremental_autosave_equals_the_whole_match() -> None:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.start_game("royal_turf", ["Ann", "Ben"], ["human", "human"], 4)
    rng = random.Random(3)
    undone = 0
    for n in range(120):
        assert app.match is not None
        assert stored_match(b) == json.loads(json.dumps(app.match.to_json())), n
        if b.find(data_act="undo") and rng.random() < 0.3:
            b.click("undo")
            undone += 1
            continue
        unlock = b.find(data_act="unlock")
        if unlock:
            b.click("unlock", unlock["data-arg"])
            continue
        if b.find(data_act="continue"):
            b.click("continue")
            continue
        choices = [c for c in b.controls() if c["data-act"] in ("play", "local")]
        if not choices:
            break
        c = rng.choice(choices)
        b.click(c["data-act"], c.get("data-arg", ""), c.get("value"))
    assert undone > 0
    # A fresh page (a reload) starts its own encoding from the stored game.
    again = FakeBrowser(hash_=b.hash)
    again.store = b.store
    app2 = App(again)
    app2.start()
    assert app2.match is not None and app2.match.history == app.match.history  # type: ignore[union-attr]
