"""Class links on the fake page: no names, own or shared dice, the table's name asked."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "web"), str(Path(__file__).parent)]

from fake_browser import FakeBrowser  # noqa: E402
from paddock_web import teachers  # noqa: E402
from paddock_web.app import App  # noqa: E402


def setup_screen(names: list[str]) -> tuple[App, FakeBrowser]:
    b = FakeBrowser()
    app = App(b)
    app.start()
    b.click("choose", "homestretch")
    b.click("count", str(len(names)))
    b.form = {f"name{i}": n for i, n in enumerate(names)}
    b.click("count", str(len(names)))  # the form is read again on any change
    return app, b


def links_on(b: FakeBrowser) -> dict[str, str]:
    found = {}
    for testid in ("class-link-own", "class-link-same"):
        marker = f'data-testid="{testid}"'
        tag = b.html[: b.html.index(marker)].rsplit("<a ", 1)[1]
        found[testid] = tag.split('href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    return found


def test_class_links_carry_no_names_and_only_the_shared_one_a_seed() -> None:
    app, b = setup_screen(["Ann", "Ben", "Cy"])
    links = links_on(b)
    for link in links.values():
        assert link.startswith("#class?") and "Ann" not in link and "Ben" not in link
    assert "seed=" not in links["class-link-own"]
    assert "seed=" in links["class-link-same"]
    assert teachers.parse_class(links["class-link-same"])["seed"] == teachers.shared_seed(app)
    assert "work out every die" in b.text()  # the seed warning beside the same-dice link
    # The drawn seed stays the same while the form is open (one link for the class).
    b.click("count", "4")
    assert (
        links_on(b)["class-link-same"].split("seed=")[1]
        == links["class-link-same"].split("seed=")[1]
    )


def test_opening_a_class_link_asks_for_the_table_name_which_the_csv_carries() -> None:
    _, teacher = setup_screen(["Ann", "Ben"])
    link = links_on(teacher)["class-link-own"]
    b = FakeBrowser(hash_=link)
    app = App(b)
    app.start()
    assert app.screen == "setup" and 'data-testid="table-name"' in b.html
    b.form = {"name0": "Zoe", "name1": "Max", "seat0": "human", "seat1": "computer"}
    b.click("start")
    assert app.screen == "setup" and "give your table a name" in b.text()
    b.form["table"] = "Table <b>7</b>"
    b.click("start")
    assert app.screen == "table" and app.slot is not None
    assert app.slot.table == "Table <b>7</b>"
    saved = json.loads(b.store["paddock.game." + app.slot.id])
    assert saved["table"] == "Table <b>7</b>"
    b.handler("csv", "", None)  # type: ignore[misc]  # (a draft curtain is up: no menu)
    _, text = b.downloads[-1]
    assert text.splitlines()[1].startswith(f"{app.slot.id},Table <b>7</b>,homestretch,")


def test_the_teachers_page_covers_every_game_in_both_languages() -> None:
    for lang, money in (("en-GB", "play money"), ("de-DE", "Spielgeld")):
        b = FakeBrowser(languages=[lang], hash_="#/teachers")
        app = App(b)
        app.start()
        assert app.screen == "teachers" and money in b.text()
        for game in ("royal_turf", "homestretch", "finish_line", "gambler", "turfmaster"):
            section = b.html.split(f'data-testid="teachers-{game}"', 1)[1].split("</section>")[0]
            assert section.count("<li>") >= 5  # a lesson outline of several steps
    home = FakeBrowser()
    App(home).start()
    assert 'href="#/teachers"' in home.html


def test_the_links_follow_the_form_as_it_changes_and_keep_a_sharp_computer() -> None:
    """A teacher copies a link without pressing anything first: it must hold what the
    form shows (names typed, seats, options), and a Sharp computer stays Sharp."""
    app, b = setup_screen(["Ann", "Ben", "Cy"])
    renders = b.html
    b.form = {"name0": "Dora", "name1": "Ben", "name2": "Cy", "seat2": "sharp", "seed": "77"}
    assert b.handler is not None
    b.handler("typed", "0", "Dora")  # a keystroke in the first name
    b.handler("form_changed", "", None)  # the seat's choice and the seed
    assert b.html == renders, "the form was redrawn under the typing"
    selector, drawn = b.htmls_set[-1]
    assert selector == "#setup-links"
    b.html = drawn  # the links as the page now shows them
    share = drawn.split('data-testid="share-link"')[0].rsplit('href="', 1)[1].split('"')[0]
    share = share.replace("&amp;", "&")
    assert "p=Dora" in share and "s=hhc" in share and "l=ffs" in share and "seed=77" in share
    assert "work out every die" in drawn  # the seed warning came with the typed seed
    for link in links_on(b).values():
        assert teachers.parse_class(link)["levels"] == ["friendly", "friendly", "sharp"]
    assert app.setup["players"][0] == "Dora"
