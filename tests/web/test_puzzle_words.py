"""The puzzles page's words (kalah/web/puzzles/words.py) in English and in another language."""

from kalah import i18n
from kalah.game.board import Board
from kalah.game.rules import find_rules
from kalah.study.puzzle_maker import shipped
from kalah.web.puzzles.words import about_text, line_text, moves_text, prompt_text


def test_a_line_of_moves_in_english_then_in_german(german):
    board = Board(find_rules("kalah(6,4)"))
    assert line_text(board, [1, 4]) == "Süd A, dann Nord d"
    i18n.activate(i18n.ENGLISH)
    assert line_text(board, [1, 4, 6]) == "South A, then North d, then South F"
    assert line_text(board, []) == ""


def test_the_puzzle_s_description_and_question(german):
    puzzle = shipped("kalah(6,4)").puzzles[0]
    assert moves_text(1) == "1 Zug" and moves_text(3) == "3 Züge"
    assert about_text(puzzle, None, False).startswith("Aufgabe %s · " % puzzle.id)
    assert about_text(puzzle, True, False).endswith(" · Wertung %d · schon gelöst" % puzzle.rating)
    assert prompt_text(0, 1, 2) == "Süd am Zug: finden Sie den besten Zug (Zug 2 von 2)."
