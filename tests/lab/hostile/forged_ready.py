# Issue 37, 5: while loading, write a forged "ready" message on the protocol's pipe whose load
# error names another entrant's file: the command said the innocent right.py has a syntax
# error. The command must stop naming mallory.py, the file that sent it.
import os

FORGED = b'{"ready": true, "load_error": "right.py: line 1, column 1: invalid syntax"}\n'
for fd in range(3, 10):
    try:
        os.write(fd, FORGED)
    except OSError:
        pass


def select_move(board, lookahead):
    return board.legal_moves()[0]
