"""What a newcomer hit (issue 36), each checked where it was seen: a preset opened during a game
says the new game, not the old one's last move; no undo once a game is over; "Try again" goes
once a puzzle is solved."""

import pytest

from kalah import Board
from kalah.ai.puzzle_maker import shipped
from kalah.rules import SOUTH
from tests.browser.play_driver import house_selector

POSITION = "document.getElementById('board').dataset.position"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def test_a_preset_opened_during_a_game_clears_the_old_narration(page, site_url, wait_for_python_ready):
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=first")
    wait_for_python_ready(page)
    page.click(house_selector(SOUTH, 1))
    page.wait_for_function(f"{POSITION}.endsWith('/S') && /North sows/.test(document.getElementById('message').textContent)")
    page.evaluate("location.hash = '#rules=kalah(4,3)&south=person&north=person'")
    page.wait_for_function(f"{POSITION} === {Board('kalah(4,3)').position()!r}")
    page.wait_for_function("!document.querySelector('#board').classList.contains('kb-animating')")
    assert page.inner_text("#message") == "New game: Kalah, 4 houses \u00d7 3 seeds. South to move."


def test_no_undo_once_the_game_is_over(page, site_url, wait_for_python_ready):
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=person")
    wait_for_python_ready(page)
    page.click(house_selector(SOUTH, 1))
    page.wait_for_function(f"{POSITION}.endsWith('/N')")
    assert page.is_enabled("#undo")
    page.click("#resign")
    page.click("#resign")
    page.wait_for_function(f"{POSITION}.endsWith('/-')")
    assert page.is_disabled("#undo")


def test_try_again_goes_once_the_puzzle_is_solved(page, site_url, wait_for_python_ready):
    puzzle = shipped("kalah(6,4)").puzzles[0]
    board = puzzle.board()
    page.goto(site_url + "puzzles.html#id=" + puzzle.id)
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % puzzle.id)
    page.click(".kb-house[data-side='%d'][data-house='%d']" % (board.turn, puzzle.best))
    page.wait_for_selector("#puzzle[data-answer='right']")
    assert page.is_hidden("#retry") and page.is_hidden("#solution") and page.is_visible("#next")
