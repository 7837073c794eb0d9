"""The Perfect level (kalah.ai.perfect): a move it claims proven is one of the solver's optimal moves,
and where it cannot prove it says why."""

import json

import pytest

from kalah import Board
from kalah.ai import perfect, players, search, worker_api

from tests.ai.test_cli import kalah
from tests.ai.test_book import beyond_the_books
from tests.ai.test_search import positions

# Kalah(6,4) positions: 35 seeds in the houses, proven in about 150,000 nodes (seconds in Python);
# 29 seeds, proven in about 6,000.
HARD = "kalah(6,4)/2,0,4,5,3,1,8,3,3,1,9,1,2,6/N"
EASY = "kalah(6,4)/0,0,12,1,7,0,6,0,1,3,2,0,3,13/S"


def middle_game(seed, low, high, count):
    """Positions of random Kalah(6,4) games with low..high seeds in the houses and a choice to make."""
    found = []
    for board in positions("kalah(6,4)", 400, seed=seed, plies=30):
        in_houses = sum(board.pits) - board.pits[6] - board.pits[13]
        if low <= in_houses <= high and len(board.legal_moves) > 1:
            found.append(board)
    return found[:count]


def test_every_move_perfect_claims_proven_is_optimal_for_the_solver():
    pytest.importorskip("numba")
    from kalah.cli.solve import exact_values
    search._searchers.clear()
    boards = middle_game(7, 22, 30, 8)
    assert len(boards) == 8
    for board in boards:
        analysis = perfect.analyse(board, 0.5)
        assert analysis.exact and analysis.why_not is None, board.position()
        values = exact_values(board)
        assert values[analysis.move] == max(values.values()), board.position()
        assert analysis.value == max(values.values()), board.position()


def test_above_40_seeds_it_searches_and_says_the_move_is_not_proven():
    board = beyond_the_books()   # 43 seeds in the houses
    reports = []
    analysis = perfect.analyse(board, 0.1, reports.append)
    assert board.is_legal(analysis.move)
    assert not analysis.exact and analysis.why_not == "more than 40 seeds in the houses"
    assert reports and not any(report.get("proving") for report in reports)


# 39 seeds in the houses, beyond level 8's proofs (36) and the books; proven in 120,080 nodes.
# Its exact values, from the numba solver: `python -m kalah solve --position P --json`.
ABOVE_LEVEL8 = "kalah(6,4)/6,1,1,0,0,11,7,2,7,5,5,0,1,2/S"
ABOVE_LEVEL8_VALUES = {1: 24, 2: 10, 3: 16, 6: 20}


def test_up_to_40_seeds_it_proves_the_solvers_best_move_and_value():
    search._searchers.clear()
    board = Board.from_position(ABOVE_LEVEL8)
    assert board.rules.houses_seeds(board.pits) == 39 > search.PROOF_SEEDS
    assert search.book_analysis(board, exact_only=True) is None
    # No time cap that a loaded machine could reach: the proof's nodes decide, not the clock.
    analysis = perfect.analyse(board, 0.1, cap=3600)
    assert (analysis.exact, analysis.why_not, analysis.depth) == (True, None, 0)
    assert (analysis.move, analysis.value) == (1, 24)
    assert analysis.values == {1: 24}


def test_past_the_cap_it_plays_its_search_and_says_so():
    search._searchers.clear()
    board = Board.from_position(HARD)
    reports = []
    analysis = perfect.analyse(board, 0.05, reports.append, cap=0.15)
    assert board.is_legal(analysis.move)
    assert not analysis.exact and analysis.why_not == "the proof did not finish within 0.15 s"
    assert reports[0] == {"proving": True, "nodes": 0}


def test_a_proof_reports_its_positions_as_it_goes_and_ends_exact():
    search._searchers.clear()
    reports = []
    analysis = perfect.analyse(Board.from_position(EASY), 1.0, reports.append)
    assert analysis.exact and analysis.depth == 0 and analysis.nodes > 0
    assert reports[0] == {"proving": True, "nodes": 0}
    assert reports[-1] == {"proving": False, "nodes": analysis.nodes, "move": analysis.move,
                           "value": analysis.value, "exact": True}
    counts = [report["nodes"] for report in reports]
    assert counts == sorted(counts)


def test_the_opening_book_answers_perfect_at_once_exactly():
    analysis = perfect.analyse(Board("kalah(6,4)"), 1.0)
    assert (analysis.move, analysis.value, analysis.exact, analysis.nodes) == (3, 8, True, 0)


def test_rules_without_proofs_get_the_search_and_the_reason():
    analysis = perfect.analyse(Board("owari"), 0.05)
    assert not analysis.exact and analysis.why_not == perfect.NO_PROOF


def test_players_know_perfect_and_it_moves_legally():
    bot = players.get("perfect")
    board = Board.from_position(EASY)
    assert "perfect" in players.NAMES and bot.choose(board, 0.5) in board.legal_moves


def test_the_worker_says_whether_perfects_move_is_proven():
    search._searchers.clear()
    answer = worker_api.choose_move({"position": EASY, "player": "perfect", "time": 0.5})
    assert answer["exact"] is True and answer["why_not"] is None and answer["depth"] == 0
    board = beyond_the_books()   # 43 seeds in the houses
    answer = worker_api.choose_move({"position": board.position(), "player": "perfect", "time": 0.1})
    assert answer["exact"] is False and answer["why_not"] == perfect.NOT_IN_REACH


def test_bestmove_player_perfect_keeps_the_json_shape_and_says_exact():
    run = kalah("bestmove", "--position", EASY, "--player", "perfect", "--json")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert set(answer) == {"move", "value", "exact", "depth", "nodes"}
    assert answer["exact"] is True and answer["depth"] == 0
    run = kalah("bestmove", "--position", EASY, "--player", "perfect", "--depth", "3")
    assert run.returncode == 2 and "--depth does not go with --player perfect" in run.stderr


def test_kalah_boards_without_an_endgame_table_are_proven_too():
    from kalah.ai.solve import solve
    board = Board("kalah(4,2)")
    for move in (1, 2):
        board.push(move)
    analysis = perfect.analyse(board, 0.1)
    assert analysis.exact and analysis.why_not is None
    values = solve(board)["values"]
    assert values[analysis.move] == max(values.values()) == analysis.value
