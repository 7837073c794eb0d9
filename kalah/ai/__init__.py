"""Computer players: reference bots, the search, the endgame database, the solver.

    >>> from kalah import Board
    >>> from kalah.ai import players
    >>> players.get("level5").choose(Board("kalah(6,4)"), time_limit=0.5)
    3

`kalah.ai.reference` (random, first, rightmost, greedy) imports nothing
MicroPython lacks, so a page can run it on its main thread; everything else
here is plain CPython/Pyodide code for the worker and the command line.
This file imports nothing, so importing `kalah.ai.reference` stays light.
"""
