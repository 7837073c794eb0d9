"""The first values the page works out itself (kalah.ai.first_values): the worker's shape, the book's
values, a search's, and the same under the page's MicroPython."""

from kalah import Board
from kalah.ai import book, first_values
from kalah.ai.search import Search
from tests.micropython.runner import needs_micropython, run_cpython, run_micropython

MIDDLE = "kalah(6,4)/0,0,2,10,5,5,4,1,0,2,6,0,1,12/S"


def test_the_answer_has_the_workers_shape():
    assert first_values.values_answer({6: 2.25, 3: -1}, {3: True}, 5) == {
        "values": {"3": {"value": -1, "exact": True}, "6": {"value": 2.25, "exact": False}},
        "depth": 5, "complete": False}
    assert first_values.values_answer({1: 4}, {1: True})["complete"] is True


def test_the_books_values_where_the_position_is_in_it_and_none_elsewhere():
    opening = book.book_for("kalah(6,4)")
    assert first_values.book_values(Board(), opening) == {
        "values": dict((str(move), {"value": value, "exact": True})
                       for move, value in {1: -14, 2: -10, 3: 8, 4: -2, 5: -8, 6: 4}.items()),
        "depth": 0, "complete": True}
    assert first_values.book_values(Board(position=MIDDLE), opening) is None
    assert first_values.book_values(Board(), None) is None


def test_an_estimate_is_the_searchs_values_and_a_second_slice_keeps_them():
    board = Board(position=MIDDLE)
    expected = Search(board.rules).analyse(board, None, max_depth=5)
    wanted = first_values.values_answer(expected.values, expected.exact_values, 5)
    assert first_values.estimate(board, None, max_depth=5) == wanted
    # The table kept from the first slice changes no value at the same depth.
    assert first_values.estimate(board, None, max_depth=5) == wanted


def test_a_position_near_the_end_is_estimated_exact():
    board = Board(position="kalah(6,4)/0,0,0,0,1,1,20,1,0,0,0,0,0,25/S")
    answer = first_values.estimate(board, 0.5)
    assert answer["complete"] is True
    # F first: an extra turn, then E's seed captures into the empty F: 23-25.
    assert answer["values"] == {"5": {"value": -6, "exact": True}, "6": {"value": -2, "exact": True}}


ESTIMATES = """
from kalah import Board
from kalah.ai import first_values
for text in ["kalah(6,4)/0,0,2,10,5,5,4,1,0,2,6,0,1,12/S", "kalah(4,3)/3,3,3,3,0,3,3,3,3,0/S",
             "owari/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"]:
    answer = first_values.estimate(Board(position=text), None, max_depth=4)
    print(sorted(answer["values"].items()), answer["depth"], answer["complete"])
"""


@needs_micropython
def test_the_page_estimates_as_cpython_does_under_micropython():
    out = run_micropython(ESTIMATES)
    assert out == run_cpython(ESTIMATES)
    assert [line.endswith(" 4 False") for line in out.splitlines()] == [True] * 3
