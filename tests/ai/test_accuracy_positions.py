"""scripts/bench/accuracy.py's positions: distinct, in the band asked for, and (with random
plies) many in the opening band, which the levels' own games keep to a few book lines."""

import pytest

from kalah.study.puzzles import houses_seeds
from scripts.bench.accuracy import in_band


def test_the_opening_band_with_random_plies_gives_distinct_positions_in_the_band():
    boards = in_band("kalah(6,4)", 12, 37, 48, seed=1, random_plies=2)
    assert len(boards) == 12
    assert len(set(board.position() for board in boards)) == 12
    assert all(37 <= houses_seeds(board) <= 48 for board in boards)
    assert all(board.turn is not None and len(board.legal_moves) > 1 for board in boards)


def test_the_exact_opponent_plays_only_moves_of_the_best_exact_value():
    pytest.importorskip("numba")
    from kalah import Board
    from kalah.cli.solve import exact_values
    from scripts.bench.accuracy import ExactPlayer
    solvers = {}
    player = ExactPlayer(seed=3, solvers=solvers)
    board = Board("kalah(4,3)")
    while board.turn is not None:
        values = exact_values(board, solvers)
        move = player.choose(board)
        assert values[move] == max(values.values())
        board.push(move)
    assert list(solvers) == [("kalah(4,3)", True)]   # one solver, kept from move to move
