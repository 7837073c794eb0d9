"""scripts/bench/held_out_values.json: accuracy.py's held-out positions and their exact values,
kept so that a run at a fixed node budget needs no solver."""

import pytest

from kalah import Board
from kalah.ai.solve import solve
from kalah.study.puzzles import houses_seeds
from scripts.bench import held_out
from scripts.bench.accuracy import BANDS


def test_every_band_holds_its_distinct_positions_each_with_a_choice_of_moves():
    entries = held_out.read()["positions"]
    assert len(set(entry["position"] for entry in entries)) == len(entries)
    for low, high, _ in BANDS:
        band = [entry for entry in entries if low <= entry["seeds"] <= high]
        assert len(band) == held_out.PER_BAND
    for board, entry in zip(held_out.boards(), entries):
        assert houses_seeds(board) == entry["seeds"] <= held_out.MAX_SEEDS
        assert board.turn is not None and len(board.legal_moves) > 1


def test_the_values_are_one_per_legal_move():
    values = held_out.exact_values_of()
    for board in held_out.boards():
        if board.position() in values:
            assert sorted(values[board.position()]) == sorted(board.legal_moves)


@pytest.mark.parametrize("index", [0, 13, 27, 39])
def test_endgame_values_agree_with_the_search_solver(index):
    board = held_out.boards()[index]   # the endgame band comes first: at most 22 seeds, solved in moments
    assert houses_seeds(board) <= 22
    assert held_out.exact_values_of()[board.position()] == solve(board)["values"]
