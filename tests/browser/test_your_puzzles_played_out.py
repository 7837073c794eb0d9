"""Puzzles from your own games played out (issue 36): where the proof shows a forced line, a puzzle
found in a stored game is several moves long like the shipped ones (kalah.study.puzzle_maker.with_line),
the computer's replies sown on the board between the player's moves."""

from kalah.records.record import Record
from kalah.study.puzzle_maker import shipped
from tests.browser.test_puzzles_page import HOUSE, open_yours, seed_storage, stored_games, stored_record

# The position of shipped puzzle kalah6-4-0009 (line 4, 6, 5, 3: South D, North's replies f, an
# extra turn, and e, then South C), reached in a game of a person (South) against level 3.
KNOWN = "kalah(6,4)/0,0,1,1,0,5,6,0,3,0,0,1,1,30/S"
GAME = Record("kalah(6,4)", [4, 6, 5, 3], south="Ann", start=KNOWN,
              meta={"south_player": "human", "north_player": "level3"})


def position_after(moves):
    board = Record("kalah(6,4)", moves, start=KNOWN).board()
    return board.position()


def wait_for_board(page, position):
    page.wait_for_function("p => document.querySelector('#board').dataset.position === p", arg=position)


def test_a_puzzle_from_your_game_is_played_out_with_the_computers_replies(page, site_url,
                                                                         wait_for_python_ready):
    assert shipped("kalah(6,4)").by_id("kalah6-4-0009").line == [4, 6, 5, 3]
    seed_storage(page, site_url, stored_games(GAME))
    open_yours(page, site_url, wait_for_python_ready)
    page.wait_for_selector("#puzzle[data-puzzle]")
    assert page.get_attribute("#puzzle", "data-puzzle").endswith("-1")
    assert page.get_attribute("#board", "data-position") == KNOWN
    assert page.inner_text("#prompt") == "South to move: find the best move (move 1 of 2)."

    page.click(HOUSE % (0, 4))
    page.wait_for_selector("#puzzle[data-step='1']")
    wait_for_board(page, position_after([4, 6, 5]))
    assert page.inner_text("#verdict") == "Right: D. Best reply: North f, then North e. Your move again."
    assert page.inner_text("#prompt") == "South to move: find the best move (move 2 of 2)."
    page.click(HOUSE % (0, 3))
    page.wait_for_selector("#puzzle[data-answer='right']")
    wait_for_board(page, position_after([4, 6, 5, 3]))
    pid = page.get_attribute("#puzzle", "data-puzzle")
    assert stored_record(page)["results"] == {pid: 1}
