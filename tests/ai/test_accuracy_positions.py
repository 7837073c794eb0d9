"""scripts/bench/accuracy.py's positions: distinct, in the band asked for, and (with random
plies) many in the opening band, which the levels' own games keep to a few book lines."""

import pytest

from kalah.game.rules import find_rules
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
    from scripts.bench.accuracy import ExactPlayer, ExactValues
    solvers = {}
    player = ExactPlayer(seed=3, values=ExactValues(solvers=solvers))
    board = Board("kalah(4,3)")
    while board.turn is not None:
        values = exact_values(board, solvers)
        move = player.choose(board)
        assert values[move] == max(values.values())
        board.push(move)
    assert list(solvers) == [("kalah(4,3)", True)]   # one solver, kept from move to move


def test_exact_values_kept_in_a_file_are_read_back_instead_of_solved_again(tmp_path, monkeypatch):
    from kalah import Board
    from scripts.bench import accuracy
    path = str(tmp_path / "values.json")
    board = Board("kalah(4,3)")
    first = accuracy.ExactValues(path)
    solved = first(board)
    assert solved == {1: -6, 2: 6, 3: 2, 4: -2}   # Kalah(4,3) from the start

    def unexpected(*args):
        raise AssertionError("solved again")
    monkeypatch.setattr(accuracy, "exact_values", unexpected)
    again = accuracy.ExactValues(path)
    assert again(board) == solved
    assert again.seconds == 0.0
    assert not (tmp_path / "values.json.tmp").exists()


def test_a_variant_of_the_search_holds_within_its_block_and_names_real_settings_only():
    from kalah.ai import search
    from scripts.bench import search_settings
    assert search_settings.parse("shipped") == {}
    settings = search_settings.parse("EXTEND_EXTRA_TURNS=0,PROOF_SHARE=0.5,QUIESCENCE=2")
    assert settings == {"EXTEND_EXTRA_TURNS": False, "PROOF_SHARE": 0.5, "QUIESCENCE": 2}
    shipped = (search.EXTEND_EXTRA_TURNS, search.PROOF_SHARE, search.QUIESCENCE)
    with search_settings.applied(settings):
        assert (search.EXTEND_EXTRA_TURNS, search.PROOF_SHARE, search.QUIESCENCE) == (False, 0.5, 2)
        assert search.Search(find_rules("kalah(6,4)")).extend_extra_turns is False
    assert (search.EXTEND_EXTRA_TURNS, search.PROOF_SHARE, search.QUIESCENCE) == shipped
    for wrong in ("extend_extra_turns=1", "NO_SUCH=1", "QUIESCENCE"):
        with pytest.raises(SystemExit, match="not a setting of kalah.ai.search"):
            search_settings.parse(wrong)


def test_a_searchers_keyword_arguments_are_read_as_integers_in_lower_case_only():
    from scripts.bench import search_settings
    assert search_settings.keywords("") == {}
    assert search_settings.keywords("extend_extra_turns=1,row_weight=-2") == {"extend_extra_turns": 1, "row_weight": -2}
    for wrong in ("EXTEND_EXTRA_TURNS=1", "row_weight=0.5", "row_weight", "row_weight=1,"):
        with pytest.raises(SystemExit, match="not a keyword argument of Search: %r" % wrong.split(",")[-1]):
            search_settings.keywords(wrong)


def test_the_book_s_proven_positions_are_whole_boards_with_a_choice_that_matters():
    from scripts.bench.book_positions import board_of, proven_positions
    rules = find_rules("kalah(6,4)")
    # Within two plies: the start, its 6 children and their 35, every one proven in every move
    # (tests/ai/test_book.py), and in each the moves do not all keep one value.
    found = proven_positions(rules, 2, 37, 48)
    assert len(found) == 1 + 6 + 35
    for houses, values in found:
        board = board_of(rules, houses)
        assert sum(board.pits) == 48 and board.turn == 0 and 37 <= houses_seeds(board) <= 48
        assert sorted(values) == sorted(board.legal_moves) and len(set(values.values())) > 1
