"""The harmless twins of the hostile players: each does what its attacker does once the
attack has failed, so the honest players' standings must be the same against either."""

from tests.lab.bots import STUBBORN

FIRST_LEGAL = "def select_move(board, lookahead):\n    return board.legal_moves()[0]\n"

SLEEPS_AT_SECOND_MOVE = """import time
calls = []
def select_move(board, lookahead):
    calls.append(1)
    while len(calls) > 1:
        time.sleep(1)
    return board.legal_moves()[0]
"""

INVALID = "def select_move(board, lookahead):\n    return 99\n"

# over_time's twin: loops past every interrupt, as the attacker's moves run past the clock.
LOOPS = STUBBORN

RAISES = "def select_move(board, lookahead):\n    raise ValueError('plain text')\n"
