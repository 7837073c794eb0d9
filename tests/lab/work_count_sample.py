"""Work counted in the Python running this file (tests/lab/test_work_count.py): the constructs whose
trace events differ between CPython 3.11 and Pyodide's 3.14, then the template's search. Printed
as one JSON list; run by CPython directly and by Node + Pyodide (work_count_pyodide.mjs)."""

import json
import os

from kalah.game.board import Board
from kalah.lab.interfaces import KalahaBoard
from kalah.lab.loader import load_bot_file
import kalah.lab
from kalah.lab.work import WorkBudget


def constructs(text):
    squares = [int(c) * int(c) for c in text]
    odd = {int(c) for c in text if int(c) % 2}
    where = {c: i for i, c in enumerate(text)}
    nested = [[a + b for b in text] for a in text]
    checks = (all(c in "0123456789" for c in text), any(c == "9" for c in text), tuple(int(c) for c in text))
    total = sum(int(c) for c in text)
    for digit in (int(c) for c in text):
        total += digit
    return squares, odd, where, nested, checks, total


def counted(function, *args):
    function(*args)                  # once uncounted: caches filled, as in a game's later moves
    with WorkBudget(10 ** 12) as budget:
        function(*args)
    return budget.used


def main():
    template = os.path.join(os.path.dirname(kalah.lab.__file__), "templates", "select_move.py")
    player = load_bot_file(open(template).read(), name="template")
    counts = [counted(constructs, "0123456789" * 3), counted(constructs, "")]
    counts += [counted(player.function, KalahaBoard(Board()), depth) for depth in (1, 2, 3)]
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
