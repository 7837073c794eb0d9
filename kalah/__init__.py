"""Kalah and its mancala cousins: rules, boards and game records.

Plain Python that runs unchanged under CPython 3.11+, Pyodide and MicroPython
(it imports nothing MicroPython lacks): the same engine serves the command
line, the tests, the benchmarks and the web page.

    >>> import kalah
    >>> board = kalah.Board("kalah(6,4)")
    >>> board.push(3).extra_turn
    True
"""

from kalah.errors import KalahError
from kalah.game.rules import (DEFAULT_RULES, FORFEIT, MOVE_LIMIT, NO_FEED, NORMAL, NORTH, SCORE,
                         SIDE_LETTERS, SIDE_NAMES, SOUTH, SWAP, Rules, find_rules, known_names)
from kalah.game.board import Board, MoveReport, Outcome
from kalah.game.notation import house_letter, move_text, parse_move

__version__ = "0.1.0"
