"""The lab modules the page imports give the same answers under MicroPython."""

from tests.micropython.runner import needs_micropython, run_cpython, run_micropython

# A Swiss tournament with a bye, fed fixed results, then a LabGame with a
# forfeit, and the highlighter on a template: everything printed.
CODE = """
from kalah.lab.tournament import Tournament, format_standings, format_crosstable
from kalah.lab.game import LabGame
from kalah.lab.highlight import highlight

t = Tournament(["a", "b", "c", "d", "e"], system="swiss", seed=3)
k = 0
while not t.finished():
    for g in t.pending():
        k += 1
        w = (None, 0, 1)[k % 3]
        t.record(g["id"], {"scores": [24, 24] if w is None else [30, 18] if w == 0 else [10, 38], "winner": w})
print(t.byes)
print(format_standings(t))
print(format_crosstable(t))
game = LabGame(("x", "y"))
game.answer({"move": 3})
game.answer({"move": 7})
result = game.as_dict()
forfeit = result.pop("forfeit")
print(sorted(result.items()))
why = forfeit.pop("why")      # a dict's order is not kept by MicroPython: printed sorted
print(sorted(forfeit.items()))
print(sorted(why.items()), sorted(why["params"].items()))
print(highlight(open("kalah/lab/templates/select_move.py").read())[-8:])
"""


@needs_micropython
def test_tournament_game_and_highlight_print_the_same_under_micropython_and_cpython():
    assert run_micropython(CODE) == run_cpython(CODE)
