"""The harmless twins of the hostile players: each does what its attacker does once the
attack has failed, so the honest players' standings must be the same against either."""

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

LOOPS = """def select_move(board, lookahead):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
"""

RAISES = "def select_move(board, lookahead):\n    raise ValueError('plain text')\n"
