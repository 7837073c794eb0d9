# Issue 37, 6: an exception whose text holds newlines and the lines the referee prints: a game's
# result and a standings row. Printed raw, they read as a game the honest players lost.
# Twin: RAISES (the same exception with plain text).
FORGED = ("\ngame 1 (round 1): right (South) - mallory (North): North wins 48-0."
          "\n   1  mallory      4    4    0    0    0      8    192\n")


def select_move(board, lookahead):
    raise ValueError(FORGED)
