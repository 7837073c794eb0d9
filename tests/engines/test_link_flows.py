"""Links never lose work (issue 36) in Firefox and WebKit: the skip link leaves the game and the
studied position alone, and a new link in an open tab is followed (tests/browser/
test_links_keep_work.py checks the rest in chromium)."""

import json

from kalah import Board
from kalah.study.puzzle_maker import shipped
from kalah.game.rules import SOUTH
from tests.browser.play_driver import house_selector
from tests.engine.test_analysis import HELD_OUT

POSITION = "document.getElementById('board').dataset.position"


def follow_skip_link(engine, target):
    """'Skip to the board' followed as a click on it does (the fragment becomes its target)."""
    assert engine.run("return document.querySelector('a.skip').getAttribute('href');") == "#" + target
    engine.run("document.querySelector('a.skip').click(); return 1;")
    engine.wait("location.hash === %s" % json.dumps("#" + target))


def set_hash(engine, fragment):
    engine.run("location.hash = arguments[0]; return 1;", fragment)


def test_the_skip_link_keeps_the_game_and_a_new_game_link_is_followed(engine, engine_site):
    engine.goto(engine_site + "index.html#rules=kalah(6,4)&south=person&north=person")
    engine.wait_ready()
    engine.click(house_selector(SOUTH, 1))
    engine.wait(f"{POSITION}.endsWith('/N') && !document.querySelector('#board').classList.contains('kb-animating')")
    played = engine.run(f"return {POSITION};")
    follow_skip_link(engine, "board")
    # A bad link after the anchor is answered, so the anchor's hashchange has run before it.
    set_hash(engine, "#rules=chess")
    engine.wait("document.getElementById('preset-error').textContent.endsWith('Your game goes on.')")
    assert engine.run(f"return {POSITION};") == played
    assert engine.run("return document.getElementById('undo').disabled;") is False
    set_hash(engine, "#rules=kalah(4,3)&south=person&north=person")
    engine.wait(f"{POSITION} === {json.dumps(Board('kalah(4,3)').position())}")


def test_the_skip_link_keeps_the_studied_position_and_a_new_one_is_followed(engine, engine_site):
    position, other = HELD_OUT[0][0], HELD_OUT[1][0]
    engine.goto(engine_site + "analysis.html#position=" + position)
    engine.wait_ready()
    follow_skip_link(engine, "board")
    set_hash(engine, "#position=nonsense")
    engine.wait("document.getElementById('message').textContent.endsWith('The position shown stays.')")
    assert engine.run(f"return {POSITION};") == position
    set_hash(engine, "#position=" + other)
    engine.wait(f"{POSITION} === {json.dumps(other)}")


def test_the_puzzles_page_follows_a_new_link_in_an_open_tab(engine, engine_site):
    first, second = shipped("kalah(6,4)").puzzles[:2]
    engine.goto(engine_site + "puzzles.html#id=" + first.id)
    engine.wait_ready()
    engine.wait("document.getElementById('puzzle').dataset.puzzle === %s" % json.dumps(first.id))
    follow_skip_link(engine, "puzzle")
    set_hash(engine, "#id=" + second.id)
    engine.wait("document.getElementById('puzzle').dataset.puzzle === %s" % json.dumps(second.id))
    assert engine.run(f"return {POSITION};") == second.position
