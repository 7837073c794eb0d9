"""Links never lose work (issue 36), checked from outside in chromium: an in-page anchor (the skip
link's `#board`) or any fragment that is not a game, position or puzzle link leaves each page as
it was; a bad link says why where the user looks and keeps what is shown; every page follows a
new link in an open tab."""

import pytest

from kalah import Board
from kalah.study.puzzle_maker import shipped
from kalah.library.links import share_fragment
from kalah.game.rules import SOUTH
from tests.browser.play_driver import house_selector
from tests.engine.test_analysis import HELD_OUT
from test_replay import finished_game, ply_of

POSITION = "document.getElementById('board').dataset.position"
# Within the first screen (a scroll to it may leave its top a fraction of a pixel above).
IN_VIEW = """(id) => { const r = document.getElementById(id).getBoundingClientRect();
                       return r.height > 0 && r.top > -1 && r.bottom < innerHeight + 1; }"""
PHONE = {"width": 360, "height": 740}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def open_page(page, url, wait_for_python_ready):
    page.goto(url)
    wait_for_python_ready(page)


def follow_skip_link(page, target):
    """The skip link ("Skip to the board", the first Tab stop), followed with the keyboard."""
    page.focus("a.skip")
    assert page.get_attribute("a.skip", "href") == "#" + target
    page.keyboard.press("Enter")
    page.wait_for_function("t => location.hash === t", arg="#" + target)


def set_hash(page, fragment):
    """A new fragment in the open tab, as a link clicked in the page or typed in the address bar."""
    page.evaluate("f => { location.hash = f; }", fragment)


def test_the_play_page_keeps_its_game_through_the_skip_link_and_a_bad_link(page, site_url,
                                                                          wait_for_python_ready):
    open_page(page, site_url + "index.html#rules=kalah(6,4)&south=person&north=person", wait_for_python_ready)
    page.click(house_selector(SOUTH, 1))
    page.wait_for_function(f"{POSITION}.endsWith('/N')")
    played = page.evaluate(POSITION)
    follow_skip_link(page, "board")
    # What the page did with the anchor, if anything, is done once the hashchange has run: a bad
    # link after it must be answered, so the anchor had its turn.
    set_hash(page, "#rules=chess")
    page.wait_for_function("document.getElementById('preset-error').textContent !== ''")
    problem = page.inner_text("#preset-error")
    assert problem.startswith("This link's game cannot start: ") and "'chess'" in problem, problem
    assert problem.endswith(". Your game goes on."), problem
    assert page.evaluate(POSITION) == played
    assert page.evaluate(IN_VIEW, "preset-error")
    assert page.is_enabled("#undo")
    # The game survives a reload, and undo still takes its move back.
    set_hash(page, "#board")
    page.reload()
    wait_for_python_ready(page)
    assert page.evaluate("location.hash") == "#board"
    page.wait_for_function(f"{POSITION} === {played!r}")
    assert page.inner_text("#preset-error") == ""
    page.click("#undo")
    page.wait_for_function(f"{POSITION} === {Board().position()!r}")
    # A new game link in the open tab is followed.
    set_hash(page, "#rules=kalah(4,3)&south=person&north=person")
    page.wait_for_function(f"{POSITION} === {Board('kalah(4,3)').position()!r}")


def test_the_analysis_board_keeps_its_position_through_the_skip_link_and_a_bad_link(
        page, site_url, wait_for_python_ready):
    page.set_viewport_size(PHONE)
    position = HELD_OUT[0][0]
    open_page(page, site_url + "analysis.html#position=" + position, wait_for_python_ready)
    page.click(house_selector(SOUTH, 1))
    page.wait_for_function(f"{POSITION} !== {position!r}")
    played = page.evaluate(POSITION)
    link = site_url + "analysis.html#position=%s&moves=1&at=1" % position   # the study: its start and move
    assert page.input_value("#link") == link
    follow_skip_link(page, "board")
    page.evaluate("document.getElementById('link').scrollIntoView()")   # where "Copy link" is
    set_hash(page, "#position=kalah(6,4)/4,4/S")
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert page.inner_text("#message") == (
        "This link's position cannot be opened: position 'kalah(6,4)/4,4/S': kalah(6,4) has 14 pits, "
        "not 2. The position shown stays.")
    assert page.evaluate(IN_VIEW, "message")
    assert page.evaluate(POSITION) == played and page.input_value("#link") == link
    assert page.is_enabled("#back")
    # A new position link in the open tab is followed, and the link field follows it.
    other = HELD_OUT[1][0]
    set_hash(page, "#position=" + other)
    page.wait_for_function(f"{POSITION} === {other!r}")
    assert page.input_value("#link") == site_url + "analysis.html#position=" + other
    assert page.inner_text("#message") == ""


def test_a_bad_first_analysis_link_leaves_the_link_field_true(page, site_url, wait_for_python_ready):
    open_page(page, site_url + "analysis.html#position=chess/1,2/S", wait_for_python_ready)
    start = Board().position()
    assert page.evaluate(POSITION) == start
    assert page.inner_text("#message").startswith("This link's position cannot be opened: ")
    assert page.input_value("#link") == site_url + "analysis.html#position=" + start


def test_the_replay_keeps_its_game_through_anchors_and_a_bad_link(page, site_url, wait_for_python_ready):
    record = finished_game(seed=5)
    open_page(page, site_url + "replay.html#" + share_fragment(record, 6), wait_for_python_ready)
    assert ply_of(page) == 6
    shown = page.evaluate(POSITION)
    follow_skip_link(page, "viewer")
    set_hash(page, "#board")
    set_hash(page, "#g=k1.nonsense")
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert page.inner_text("#message").startswith("This link cannot be opened: ")
    assert page.inner_text("#message").endswith(" The game shown stays.")
    assert page.evaluate(IN_VIEW, "message")
    assert page.is_visible("#replay") and ply_of(page) == 6 and page.evaluate(POSITION) == shown
    other = finished_game(seed=6)
    set_hash(page, "#" + share_fragment(other, 3))
    page.wait_for_function("document.getElementById('ply-slider').max === %r" % str(len(other.moves)))
    assert ply_of(page) == 3 and page.inner_text("#message") == ""


def test_the_puzzles_page_follows_a_new_link_in_an_open_tab(page, site_url, wait_for_python_ready):
    first, second = shipped("kalah(6,4)").puzzles[:2]
    open_page(page, site_url + "puzzles.html#id=" + first.id, wait_for_python_ready)
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % first.id)
    follow_skip_link(page, "puzzle")
    set_hash(page, "#id=" + second.id)
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % second.id)
    assert page.evaluate(POSITION) == second.position
    # A themed set's link: a puzzle of that theme.
    set_hash(page, "#rules=kalah(6,4)&theme=capture")
    page.wait_for_function("document.getElementById('pick-theme').value === 'capture'")
    page.wait_for_function("id => document.getElementById('puzzle').dataset.puzzle !== id", arg=second.id)
    shown = page.get_attribute("#puzzle", "data-puzzle")
    assert "capture" in shipped("kalah(6,4)").by_id(shown).themes
    # A bad link keeps the puzzle shown.
    set_hash(page, "#rules=kalah(6,4)&theme=nonsense")
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert page.inner_text("#message").endswith(" The puzzle shown stays.")
    assert page.get_attribute("#puzzle", "data-puzzle") == shown
