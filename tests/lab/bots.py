"""Small students' players the lab tests share (sources, as a student writes them)."""

RIGHTMOST = """
def select_move(board, lookahead):
    return board.legal_moves()[-1]
"""

FIRST = """
def algorithm(game):
    row = game.getBoard()[1]
    for house in range(1, len(row) - 1):
        if row[house]:
            return str(house)
"""

CRASH = """
def select_move(board, lookahead):
    helper = {}
    return helper["missing"]
"""

SEVEN = """
def algorithm(game):
    return "7"
"""

EMPTY_HOUSE = """
def select_move(board, lookahead):
    for pond in range(1, 7):
        if board.no_of_pebbles(pond) == 0:
            return pond
    return 1
"""

LOOP = """
def select_move(board, lookahead):
    while True:
        pass
"""

# Swallows the interrupt: only killing its process stops it.
STUBBORN = """
def select_move(board, lookahead):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
"""

# Stuck in one long C call: no deadline inside the interpreter reaches it.
STUCK_IN_C = """
def select_move(board, lookahead):
    return sum(range(10 ** 13))
"""

# One move ahead: the most seeds in the own bank after the move.
GREEDY = """
def select_move(board, lookahead):
    best = None
    for pond in board.legal_moves():
        after = board.pick_n_distribute(pond)
        gain = after.bank_A - board.bank_A if board.turn == "Player_A" else after.bank_B - board.bank_B
        if best is None or gain > best[0]:
            best = (gain, pond)
    return best[1]
"""


def spec(name, source):
    return {"name": name, "source": source}
