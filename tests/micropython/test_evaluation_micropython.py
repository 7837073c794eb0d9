"""The learned evaluation (kalah.ai.evaluation) runs under MicroPython and agrees with CPython."""

from tests.micropython.runner import needs_micropython, run_cpython, run_micropython

CODE = """
from kalah import Board
from kalah.ai import evaluation
from kalah.ai.search import Search
for text in ["kalah(6,4)/4,1,0,3,0,2,5,5,6,7,1,0,9,5/S", "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S",
             "kalah(6,4)/0,7,2,1,8,1,6,1,6,0,6,2,1,7/N"]:
    pits = Board(position=text).pits
    print(evaluation.features(pits), evaluation.value(pits), evaluation.value(pits, True))
board = Board(position="kalah(6,4)/5,5,0,6,6,6,2,5,5,1,5,0,0,2/S")
analysis = Search(board.rules, table_size=5000, evaluation=1).analyse(board, None, max_depth=5)
print(sorted(analysis.values.items()), analysis.nodes)
"""


@needs_micropython
def test_the_evaluation_and_a_search_with_it_give_cpythons_values_under_micropython():
    out = run_micropython(CODE)
    assert out == run_cpython(CODE)
    assert out.splitlines()[0].startswith("[4, 1, 0, 3, 0, 2, 5, 6, 7, 1, 0, 9, 7, 2, 1, ")
