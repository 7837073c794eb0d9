from kalah import Board, NORTH
from kalah.errors import KalahError
from kalah.lab.interfaces import GameLinkGame, KalahaBoard, parse_answer

import pytest


def test_kalaha_board_names_the_position_as_the_haskell_assignment():
    board = Board("kalah(6,4)")
    board.push(3)                 # ends in the store: South again
    board.push(1)
    view = KalahaBoard(board)
    assert view.turn == "Player_B"
    assert view.ponds_A == [0, 5, 1, 6, 6, 5]
    assert view.bank_A == 1
    assert view.ponds_B == [4, 4, 4, 4, 4, 4]
    assert view.bank_B == 0
    assert view.my_ponds == view.ponds_B and view.their_bank == 1
    assert view.legal_moves() == [1, 2, 3, 4, 5, 6]
    assert view.no_of_pebbles(1) == 4
    after = view.pick_n_distribute(3)      # North's 4 seeds from pond 3: last in its bank
    assert after.turn == "Player_B" and after.bank_B == 1
    assert view.bank_B == 0                  # the original is unchanged
    with pytest.raises(KalahError):
        KalahaBoard(Board()).pick_n_distribute(7)


def test_finished_board():
    board = Board.from_position("kalah(6,4)/0,0,0,0,0,1,23,0,0,0,0,0,1,23/S")
    view = KalahaBoard(board).pick_n_distribute(6)
    assert view.turn == "Finished" and view.is_finished()
    assert (view.bank_A, view.bank_B) == (24, 24)


def test_gamelink_board_is_the_platform_array_from_the_movers_seat():
    board = Board.from_position("kalah(6,4)/1,2,3,4,5,6,7,8,1,2,0,0,8,1/S")
    assert GameLinkGame(board).getBoard() == [[1, 8, 0, 0, 2, 1, 8, 0],
                                              [0, 1, 2, 3, 4, 5, 6, 7]]
    board = Board.from_position("kalah(6,4)/1,2,3,4,5,6,7,8,1,2,0,0,8,1/N")
    assert board.turn == NORTH
    assert GameLinkGame(board).getBoard() == [[7, 6, 5, 4, 3, 2, 1, 0],
                                              [0, 8, 1, 2, 0, 0, 8, 1]]


@pytest.mark.parametrize("answer, house", [("3", 3), (3, 3), (" 6 ", 6)])
def test_answers_that_name_a_house(answer, house):
    assert parse_answer(answer, 6) == house


@pytest.mark.parametrize("answer, message", [
    ("7", "returned '7': houses are 1..6"), (0, "returned 0: houses are 1..6"),
    ("three", "returned 'three', which is not a house number 1..6"),
    (None, "returned None, which is not a house number 1..6"),
    (True, "returned True, which is not a house number 1..6"),
    (2.0, "returned 2.0, which is not a house number 1..6")])
def test_answers_that_do_not(answer, message):
    with pytest.raises(KalahError) as error:
        parse_answer(answer, 6)
    assert str(error.value) == message
