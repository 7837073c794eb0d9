"""Games of random legal moves, the same for the same seed: what tests play through the engine
when any game will do."""

import random

from kalah import Board
from kalah.records.record import Record


def random_game(seed, plies=None, rules="kalah(6,4)", **fields):
    """The Record of a game of random legal moves (random.Random(seed)), played to its end or
    for its first `plies` moves; `fields` are Record.from_board's (south, north, date...)."""
    rng = random.Random(seed)
    board = Board(rules)
    while board.turn is not None and (plies is None or board.ply() < plies):
        board.push(rng.choice(board.legal_moves))
    return Record.from_board(board, **fields)
