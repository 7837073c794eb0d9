"""scripts/bench/held_out.py's kept sets (held_out_values.json, tuning_values.json and the empty
capture's two): accuracy.py's held-out and tuning positions with their exact values, kept so
that a run at a fixed node budget needs no solver."""

import pytest

from kalah.ai.solve import solve
from kalah.study.puzzles import houses_seeds
from scripts.bench import held_out
from scripts.bench.accuracy import BANDS

SETS = dict((name, (path, max_seeds)) for name, (path, _, _, max_seeds, _) in held_out.KEPT.items())


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_band_holds_its_distinct_positions_each_with_a_choice_of_moves(name):
    path, max_seeds = SETS[name]
    entries = held_out.read(path)["positions"]
    assert len(set(entry["position"] for entry in entries)) == len(entries)
    for low, high, _ in BANDS:
        band = [entry for entry in entries if low <= entry["seeds"] <= high]
        assert len(band) == held_out.PER_BAND
    for board, entry in zip(held_out.boards(path), entries):
        assert houses_seeds(board) == entry["seeds"] <= max_seeds
        assert board.turn is not None and len(board.legal_moves) > 1


@pytest.mark.parametrize("name", sorted(name for name, kept in held_out.KEPT.items() if kept[-1]))
def test_a_tuning_set_shares_no_position_with_the_set_it_leaves_out(name):
    path, unseen = held_out.KEPT[name][0], held_out.KEPT[held_out.KEPT[name][-1]][0]
    tuning = set(entry["position"] for entry in held_out.read(path)["positions"])
    assert not tuning & set(entry["position"] for entry in held_out.read(unseen)["positions"])
    assert held_out.is_kept(path) and held_out.is_kept(unseen)


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_position_is_solved_with_one_value_per_legal_move(name):
    path, _ = SETS[name]
    values = held_out.exact_values_of(path)
    for board in held_out.boards(path):
        assert sorted(values[board.position()]) == sorted(board.legal_moves)


@pytest.mark.parametrize("name, index", [("held-out", 0), ("held-out", 13), ("held-out", 27), ("held-out", 39),
                                         ("tuning", 5), ("tuning", 31),
                                         ("empty-capture", 20), ("empty-capture-tuning", 7)])
def test_endgame_values_agree_with_the_search_solver(name, index):
    path, _ = SETS[name]
    board = held_out.boards(path)[index]   # the endgame band comes first: at most 22 seeds, solved in moments
    assert houses_seeds(board) <= 22
    assert held_out.exact_values_of(path)[board.position()] == solve(board)["values"]
