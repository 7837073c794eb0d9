"""Computer players: reference bots, the search, the endgame database, the solver.

    >>> from kalah import Board
    >>> from kalah.ai import players
    >>> board = Board("kalah(6,4)")
    >>> players.get("level5", seed=1).choose(board, time_limit=0.5) in board.legal_moves
    True

(Levels 1-6 draw their move by a softmax over the move values, so which
legal move they play depends on the seed and on what the search's table
already holds.)

`kalah.ai.reference` (random, first, rightmost, greedy) imports nothing
MicroPython lacks, so a page can run it on its main thread; everything else
here is plain CPython/Pyodide code for the worker and the command line.
This file imports nothing, so importing `kalah.ai.reference` stays light.
"""
