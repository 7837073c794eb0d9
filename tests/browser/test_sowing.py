"""The sowing animation, with motion on: the game runs ahead of the view.

A move is in the game, and in the board's data-position, the moment it is
played; the view then sows it seed by seed, and moves queue up behind each
other. So the computer's opening turn from the book is there at once, the
message tells the whole turn once it has been shown, and a click on a house
during the computer's sowing is a move (the sowing skips to its end first).
"""

import pathlib

import pytest

from kalah import Board
from kalah.ai.book import Book, best_move, file_name
from kalah.game.narration import describe_move
from kalah.game.rules import NORTH, SOUTH
from tests.browser.play_driver import assert_page_shows

ROOT = pathlib.Path(__file__).resolve().parents[2]
PRESET = "index.html#rules=kalah(6,4)&south=level8&north=person"
IDLE = "!document.getElementById('board').classList.contains('kb-animating')"

# What happens to the board, in order: ["position", text] for every write of data-position,
# ["animating", true|false] when its sowing starts or ends; CLICK_AT_NORTH adds ["clicked", animating].
RECORD_BOARD = """
window.__board = [];
window.__animating = false;
new MutationObserver((changes) => {
  for (const change of changes) {
    const board = change.target;
    if (board.id !== 'board') continue;
    if (change.attributeName === 'data-position') {
      window.__board.push(['position', board.dataset.position]);
      if (window.__onPosition) window.__onPosition(board);
    } else if (board.classList.contains('kb-animating') !== window.__animating) {
      window.__animating = !window.__animating;
      window.__board.push(['animating', window.__animating]);
    }
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-position', 'class']});
"""

# The first time North is to move, click North's house B at once (the computer's sowing has just begun).
CLICK_AT_NORTH = """
window.__onPosition = (board) => {
  if (!board.dataset.position.endsWith('/N')) return;
  window.__onPosition = null;
  window.__board.push(['clicked', board.classList.contains('kb-animating')]);
  board.querySelector('.kb-house[data-side="1"][data-house="2"]').click();
};
"""


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "no-preference", "service_workers": "block"}


def book_turn():
    """Level 8's first turn as South, from the shipped book: the engine's board after it, and its reports."""
    board = Board("kalah(6,4)")
    book = Book((ROOT / "static" / "data" / file_name("kalah(6,4)")).read_bytes())
    reports = []
    while board.turn == SOUTH:
        reports.append(board.push(best_move(book.move_values(board.pits, board.turn))))
    return board, reports


def position_after(moves):
    board = Board("kalah(6,4)")
    for move in moves:
        board.push(move)
    return board.position()


def test_the_computers_opening_turn_is_in_data_position_while_its_seeds_still_move(page, site_url):
    board, reports = book_turn()
    assert len(reports) == 2 and board.turn == NORTH  # the book's first house ends in South's store
    first = position_after([reports[0].move])
    page.add_init_script(RECORD_BOARD)
    page.goto(site_url + PRESET)
    page.wait_for_function(f"document.getElementById('board').dataset.position === {board.position()!r}")
    page.wait_for_function(IDLE)

    # Both moves were in data-position before the sowing of the first had ended.
    changes = page.evaluate("window.__board")
    start = changes.index(["animating", True])
    assert changes[start - 1:start + 3] == [
        ["position", first], ["animating", True], ["position", board.position()], ["animating", False]]
    # Once shown, the board is the engine's and the message tells the whole turn, both moves.
    assert_page_shows(page, board)
    message = page.inner_text("#message")
    for report in reports:
        for sentence in describe_move(board.rules, report):
            assert sentence in message, message
    assert message.endswith("North to move.")


def test_a_click_on_a_house_during_the_computers_sowing_is_a_move(page, site_url):
    board, _ = book_turn()
    page.add_init_script(RECORD_BOARD)
    page.add_init_script(CLICK_AT_NORTH)
    page.goto(site_url + PRESET)
    report = board.push(2)  # the click on North's house B: its last seed in North's store, North again
    assert board.turn == NORTH  # so the computer does not move on while the test reads the page
    page.wait_for_function(f"document.getElementById('board').dataset.position === {board.position()!r}")
    page.wait_for_function(IDLE)

    changes = page.evaluate("window.__board")
    clicked = changes.index(["clicked", True])   # clicked while the computer's seeds were moving...
    assert ["position", board.position()] in changes[clicked:]   # ...and the click was North's move
    assert_page_shows(page, board, report)
