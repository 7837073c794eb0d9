"""Placeholder page: proves the chain HTML -> PyScript -> MicroPython -> kalah.

Page convention (every page): once Python has rendered the page, set
`data-ready="1"` on <body>; tests and scripts/measure_startup.py wait for it.
"""

from pyscript import document

import kalah


def main():
    board = kalah.Board()  # touches the engine, so a module it cannot import shows here
    status = document.getElementById("status")
    status.textContent = "Python ready"
    status.className = "ready"
    moves = " ".join(str(move) for move in board.legal_moves)
    document.getElementById("engine").textContent = "kalah " + kalah.__version__ + ", first moves: " + moves
    document.body.dataset.ready = "1"
