"""A Kalah player in the style of the Haskell assignment: select_move.

select_move(board, lookahead) is called with lookahead 1, 2, 3, ... until the
move time runs out; the last answer given in time is played. Search deeper
when lookahead grows.

The board, seen from the player to move:
    board.turn                      "Player_A", "Player_B" or "Finished"
    board.ponds_A, board.bank_A     player A's ponds (1..6 from A's left) and bank
    board.ponds_B, board.bank_B     player B's
    board.my_ponds, board.my_bank, board.their_ponds, board.their_bank
    board.legal_moves()             the ponds you may play
    board.legal_move(pond)          True if you may play it
    board.no_of_pebbles(pond)       pebbles in one of your ponds
    board.pick_n_distribute(pond)   the board after the move (all rules applied;
                                    its turn says who moves next)

Return a pond number 1..6 that holds pebbles. Returning anything else,
raising an error or running past the time limit loses the game.
"""


def score(board, me):
    """How good the board is for `me`: the difference of the banks."""
    if me == "Player_A":
        return board.bank_A - board.bank_B
    return board.bank_B - board.bank_A


def minimax(board, depth, me):
    if depth == 0 or board.is_finished():
        return score(board, me)
    values = [minimax(board.pick_n_distribute(pond), depth - 1, me) for pond in board.legal_moves()]
    # An extra turn keeps the same player: its best, not the opponent's.
    return max(values) if board.turn == me else min(values)


def select_move(board, lookahead):
    me = board.turn
    best_pond, best_value = None, None
    for pond in board.legal_moves():
        value = minimax(board.pick_n_distribute(pond), lookahead - 1, me)
        if best_value is None or value > best_value:
            best_pond, best_value = pond, value
    return best_pond
