"""Puzzles you play out (issue 36): the opponent's replies and a wrong answer's refutation are
played on the board, "Try again" puts the position back, "Show the answer" plays the rest."""

from kalah.study.puzzle_maker import shipped
from tests.browser.test_puzzles_page import HOUSE, open_puzzles, stored_record

# Line 5, 3, 6, 1: North 5, South's best reply 3, North 6 (an extra turn), then North 1.
PUZZLE = "kalah6-4-0003"


def position_after(puzzle, moves):
    board = puzzle.board()
    for move in moves:
        board.push(move)
    return board.position()


def wait_for_board(page, position):
    page.wait_for_function("p => document.querySelector('#board').dataset.position === p", arg=position)


def test_a_multi_move_puzzle_plays_the_replies_and_refutations_on_the_board(page, site_url,
                                                                           wait_for_python_ready):
    puzzle = shipped("kalah(6,4)").by_id(PUZZLE)
    assert puzzle.line == [5, 3, 6, 1] and puzzle.moves == 3
    north = puzzle.board().turn
    open_puzzles(page, site_url + "puzzles.html#id=" + PUZZLE, wait_for_python_ready)
    assert page.inner_text("#prompt") == "North to move: find the best move (move 1 of 3)."
    assert "· 3 moves ·" in page.inner_text("#about")

    # A wrong first answer: it and its refutation are played, then Try again puts the start back.
    page.click(HOUSE % (north, 1))
    page.wait_for_selector("#puzzle[data-answer='wrong']")
    wait_for_board(page, position_after(puzzle, [1] + puzzle.refutations[1]))
    page.click("#retry")
    page.wait_for_selector("#puzzle:not([data-answer])")
    wait_for_board(page, puzzle.position)

    # The right answer: South's reply is played, and North is asked again.
    page.click(HOUSE % (north, 5))
    page.wait_for_selector("#puzzle[data-step='1']")
    wait_for_board(page, position_after(puzzle, [5, 3]))
    assert page.inner_text("#prompt") == "North to move: find the best move (move 2 of 3)."
    assert page.inner_text("#verdict") == "Right: e. Best reply: South C. Your move again."
    # An extra turn: no reply, North moves again.
    page.click(HOUSE % (north, 6))
    page.wait_for_selector("#puzzle[data-step='2']")
    wait_for_board(page, position_after(puzzle, [5, 3, 6]))
    assert page.inner_text("#verdict") == "Right: f, and it is your move again."
    # A wrong third answer: its refutation from this position; Try again comes back here.
    wrong = sorted(puzzle.steps[2].refutations)[0]
    page.click(HOUSE % (north, wrong))
    page.wait_for_selector("#puzzle[data-answer='wrong']")
    wait_for_board(page, position_after(puzzle, [5, 3, 6, wrong] + puzzle.steps[2].refutations[wrong]))
    page.click("#retry")
    page.wait_for_selector("#puzzle[data-step='2']:not([data-answer])")
    wait_for_board(page, position_after(puzzle, [5, 3, 6]))
    page.click(HOUSE % (north, 1))
    page.wait_for_selector("#puzzle[data-answer='right']")
    wait_for_board(page, position_after(puzzle, puzzle.line))
    assert page.inner_text("#verdict").startswith("Right! a ends +18 with best play")
    assert stored_record(page)["results"] == {PUZZLE: 0}   # the first wrong answer counted


def test_show_the_answer_plays_the_rest_of_the_solution(page, site_url, wait_for_python_ready, save_screenshot):
    puzzle = shipped("kalah(6,4)").by_id(PUZZLE)
    north = puzzle.board().turn
    open_puzzles(page, site_url + "puzzles.html#id=" + PUZZLE, wait_for_python_ready)
    page.click(HOUSE % (north, 5))
    page.wait_for_selector("#puzzle[data-step='1']")
    wait_for_board(page, position_after(puzzle, [5, 3]))
    page.wait_for_selector("#board:not(.kb-animating)")
    for width in (1280, 360):   # the docs' screenshots of a puzzle played out (docs/pages.md)
        page.set_viewport_size({"width": width, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        save_screenshot(page, "%d" % width)
    # A wrong answer first: the answer is then shown from the position asked, not the refutation's.
    wrong = sorted(puzzle.steps[1].refutations)[0]
    page.click(HOUSE % (north, wrong))
    page.wait_for_selector("#puzzle[data-answer='wrong']")
    page.click("#solution")
    page.wait_for_selector("#puzzle[data-answer='shown']")
    wait_for_board(page, position_after(puzzle, puzzle.line))
    assert page.inner_text("#line") == "The whole solution from here: North f, then North a."
    page.click("#retry")
    wait_for_board(page, position_after(puzzle, [5, 3]))
    assert stored_record(page)["results"] == {PUZZLE: 0}
