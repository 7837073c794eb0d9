"""The first five minutes on the play page: what a newcomer sees and does.

A first visit is you against the computer with one line saying what to do;
the history gets no entry for a game with no moves; names are kept with the
game and shown in the history and ranking; the keyboard focus stays where
the player was; the end of a game offers play again, swap sides, review,
share and embed (without clipboard permission); on a phone the board and
status are in view after starting and nothing moves while the computer
thinks (layout-shift entries: 0).
"""

import re

import pytest

from kalah import Board
from kalah.game.rules import NORTH, SOUTH
from tests.browser.play_driver import start_game
from tests.browser.reference_game import play_against_first

POSITION = "document.getElementById('board').dataset.position"
HOUSE = '#board .kb-house[data-side="{side}"][data-house="{house}"]'
TIMEOUT = 120_000  # Pyodide's first start on a loaded machine
GAMES_SAVED = "Object.keys(localStorage).filter(k => k.startsWith('kalah.game.')).length"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def test_a_first_visit_is_you_against_level_3_and_saves_nothing_until_a_move(page, site_url,
                                                                             wait_for_python_ready):
    page.goto(site_url + "index.html")
    wait_for_python_ready(page)
    assert page.inner_text("#game-title") == "Kalah, 6 houses \u00d7 4 seeds"
    assert page.inner_text("#hint") == "You play South (bottom row): click a house to sow its seeds."
    assert page.eval_on_selector_all("#board .kb-caption .kb-name", "ns => ns.map(n => n.textContent)") == [
        "North \u00b7 Computer (level 3)", "South \u00b7 Person"]
    # The page's later work (the computer's module) has run: still nothing saved.
    page.wait_for_function("document.body.dataset.computer")
    assert page.evaluate(GAMES_SAVED) == 0
    page.reload()
    wait_for_python_ready(page)
    page.wait_for_function("document.body.dataset.computer")
    assert page.evaluate(GAMES_SAVED) == 0
    page.click(HOUSE.format(side=SOUTH, house=3))   # ends in the store: still South's turn
    page.wait_for_function(GAMES_SAVED + " === 1")
    # Undone back to the start, the game has no entry again; redone, it has.
    page.click("#undo")
    page.wait_for_function(GAMES_SAVED + " === 0")
    page.click("#redo")
    page.wait_for_function(GAMES_SAVED + " === 1")


def test_names_are_kept_with_the_game_and_shown_in_the_history_and_ranking(page, site_url,
                                                                           wait_for_python_ready):
    page.goto(site_url + "index.html")
    wait_for_python_ready(page)
    start_game(page, north="first", south_name="  Ann   <b>Lee</b> ")
    page.wait_for_function("document.querySelector('#board .kb-caption-bottom .kb-name').textContent"
                           " === 'South \u00b7 Ann <b>Lee</b>'")
    play_against_first(page, "kalah(6,4)", SOUTH)
    stored = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('kalah.game.'))
        .map(k => JSON.parse(localStorage.getItem(k)).record.meta)""")
    assert len(stored) == 1 and stored[0]["south_name"] == "Ann <b>Lee</b>"
    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    assert "Ann <b>Lee</b>" in page.inner_text("#games-body")
    assert "Ann <b>Lee</b>" in page.inner_text("table.ranking")
    assert page.locator("#games-body b").count() == 0


def test_after_a_move_the_keyboard_focus_stays_where_the_player_was(page, site_url, wait_for_python_ready):
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=first")
    wait_for_python_ready(page)
    page.focus(HOUSE.format(side=SOUTH, house=1))
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    focused = "[+document.activeElement.dataset.side, +document.activeElement.dataset.house]"
    assert page.evaluate(focused) == [SOUTH, 4]
    board = Board("kalah(6,4)")
    board.push(4)               # D: 4 seeds to E, F, the store and a: North to move
    board.push(board.legal_moves[0])
    page.keyboard.press("Enter")
    page.wait_for_function(f"{POSITION} === {board.position()!r}")
    # D is empty now: the nearest playable house of the same row, not house A.
    assert page.evaluate(focused) in ([SOUTH, 3], [SOUTH, 5])


def finish_a_small_game(page):
    """Kalah(2,1): the person (South) plays the right-hand house, 'first' answers."""
    return play_against_first(page, "kalah(2,1)", SOUTH)


def test_the_end_of_a_game_offers_play_again_swap_share_embed_and_review(new_context, site_url,
                                                                         wait_for_python_ready):
    # No clipboard permission: the texts are shown selected, to copy by hand.
    context = new_context()
    page = context.new_page()
    page.goto(site_url + "index.html#rules=kalah(2,1)&south=person&north=first")
    wait_for_python_ready(page)
    assert page.is_hidden("#game-over")
    board = finish_a_small_game(page)
    outcome = board.outcome()
    scores = outcome.scores
    page.wait_for_selector("#game-over", state="visible")
    result = page.inner_text("#result")
    if outcome.winner == SOUTH:
        assert result == "You win %d-%d!" % (scores[SOUTH], scores[NORTH])
    elif outcome.winner == NORTH:
        assert result == "You lose %d-%d." % (scores[SOUTH], scores[NORTH])
    else:
        assert result == "Draw, %d-%d." % scores
    final = page.evaluate(POSITION)

    page.click("#share-end")
    page.wait_for_function("document.getElementById('copy-text').value.includes('replay.html#g=')")
    link = page.input_value("#copy-text")
    assert page.evaluate("document.activeElement.id") == "copy-text"
    page.click("#embed-end")
    page.wait_for_function("document.getElementById('copy-text').value.startsWith('<iframe')")
    snippet = page.input_value("#copy-text")
    assert 'width="480" height="340"' in snippet and "embed.html#g=" in snippet

    # The share link shows the same final position in a fresh browser.
    fresh = new_context().new_page()
    fresh.goto(link)
    wait_for_python_ready(fresh)
    assert fresh.evaluate(POSITION) == final
    assert "Computer (first legal house)" in fresh.inner_text("#board")

    page.click("#play-again")
    page.wait_for_function(f"{POSITION} === {Board('kalah(2,1)').position()!r}")
    assert page.is_hidden("#game-over")
    finish_a_small_game(page)
    page.click("#swap-sides")
    page.wait_for_function("document.querySelector('#board .kb-caption-bottom').classList.contains('kb-n')")
    assert page.eval_on_selector_all("#board .kb-caption .kb-name", "ns => ns.map(n => n.textContent)") == [
        "South \u00b7 Computer (first legal house)", "North \u00b7 Person"]
    # "first" (South now) opens at once; the person answers as North until the end.
    play_against_first(page, "kalah(2,1)", NORTH, choose=lambda board: board.legal_moves[0])
    page.click("#review")
    page.wait_for_function("document.getElementById('review-status').textContent !== '' || "
                           "document.querySelectorAll('#review-moves li').length > 0", timeout=TIMEOUT)


def test_during_a_game_the_share_link_is_one_click_away(page, site_url, wait_for_python_ready):
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=person")
    wait_for_python_ready(page)
    page.click(HOUSE.format(side=SOUTH, house=1))
    page.wait_for_function(f"{POSITION}.endsWith('/N')")
    page.click("#share")
    page.wait_for_function("document.getElementById('copy-text').value !== ''")
    assert re.fullmatch(re.escape(site_url) + r"replay\.html#g=k1\.K64\.m1", page.input_value("#copy-text"))


# Installed before the page's own scripts: every layout shift, with its time
# and what moved (so that a failure names the element and its two boxes).
RECORD_SHIFTS = """window.__shifts = [];
const describe = (node) => !node ? '?' : node.nodeType !== 1 ? node.nodeName + ' in ' + describe(node.parentElement)
  : node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (node.className ? '.' + node.className : '');
const box = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(',');
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push([e.startTime, e.value,
    e.sources.map((s) => describe(s.node) + ' ' + box(s.previousRect) + ' -> ' + box(s.currentRect))]); })
  .observe({type: 'layout-shift', buffered: true});"""


def shifts_since(page, started):
    """(score, what moved) of every layout shift after performance.now() was `started`."""
    return [(value, sources) for at, value, sources in page.evaluate("window.__shifts") if at > started]


def test_on_a_phone_the_game_is_in_view_after_starting_and_nothing_moves_while_the_computer_thinks(
        new_context, site_url, wait_for_python_ready, save_screenshot):
    context = new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(RECORD_SHIFTS)
    page = context.new_page()
    page.goto(site_url + "index.html")
    wait_for_python_ready(page)
    start_game(page, north="level1", speed="fast")
    in_view = """(id) => { const r = document.getElementById(id).getBoundingClientRect();
                           return r.top >= 0 && r.bottom <= innerHeight; }"""
    page.wait_for_function("document.getElementById('new-game').open === false")
    assert page.evaluate(in_view, "status") and page.evaluate(in_view, "board")
    started = page.evaluate("performance.now()")
    board = Board("kalah(6,4)")
    for _ in range(4):
        move = [m for m in board.legal_moves if m][-1]
        board.push(move)
        page.click(HOUSE.format(side=SOUTH, house=move))
        # The computer's answers, then the person's turn again (or the end).
        page.wait_for_function(f"{POSITION}.endsWith('/S') || {POSITION}.endsWith('/-')", timeout=TIMEOUT)
        board = Board(position=page.evaluate(POSITION))
        if board.is_game_over():
            break
    shifts = shifts_since(page, started)
    save_screenshot(page, "360-against-level1")
    assert sum(value for value, _ in shifts) == 0, shifts


# A two-person game in which South's store passes 9 and North's house a
# reaches 10: a count that gains a digit must not push its label.
COUNTS_GAIN_A_DIGIT = (2, 5, 5, 2, 4, 6, 4, 1, 6, 2, 5, 3, 2, 2, 6, 4, 5, 6, 4, 3)


@pytest.mark.parametrize("width", (360, 1280), ids=["360px", "1280px"])
def test_nothing_moves_when_a_count_gains_a_digit(new_context, site_url, wait_for_python_ready, width):
    context = new_context(viewport={"width": width, "height": 740})
    context.add_init_script(RECORD_SHIFTS)
    page = context.new_page()
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=person")
    wait_for_python_ready(page)
    page.wait_for_function(f"{POSITION}.endsWith('/S')")
    started = page.evaluate("performance.now()")
    board = Board("kalah(6,4)")
    for move in COUNTS_GAIN_A_DIGIT:
        side = board.turn
        board.push(move)
        page.click(HOUSE.format(side=side, house=move))
        page.wait_for_function(f"{POSITION} === {str(board.position())!r}")
    assert str(board.position()) == "kalah(6,4)/2,0,0,0,5,0,20,10,2,0,0,0,2,7/N"
    assert shifts_since(page, started) == []
