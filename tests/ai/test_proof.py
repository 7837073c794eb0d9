"""Proofs (kalah.ai.proof) give the exact values that plain minimax and the endgame table give."""

import pytest

from kalah import Board
from kalah.ai import endgame, search
from kalah.ai.proof import Prover
from kalah.ai.search import Search, rotate
from kalah.ai.solve import brute_force_values
from kalah.game.rules import NORTH

from tests.ai.test_search import positions


def mover_pits(board):
    pits = tuple(board.pits)
    return rotate(pits, board.rules.houses) if board.turn == NORTH else pits


def small_positions(rules, seed):
    """Positions of random games with at most 10 seeds in the houses (brute force stays quick)."""
    found = []
    for board in positions(rules, 40, seed=seed, plies=24):
        if sum(board.pits) - board.pits[board.rules.houses] - board.pits[-1] <= 10:
            found.append(board)
    assert len(found) >= 8
    return found[:12]


def proven_values(prover, board):
    """{move: final margin} from a proof of every move."""
    m = board.rules.houses
    pits = mover_pits(board)
    _, future = prover.best(pits, board.legal_moves, all_values=True)
    return dict((move, pits[m] - pits[2 * m + 1] + value) for move, value in future.items())


@pytest.mark.parametrize("rules", ["kalah(3,3)", "kalah(4,2)", "kalah(3,3)+empty-capture",
                                   "kalah(4,2)+empty-capture", "kalah(3,3)+gamelink"])
def test_proofs_without_a_table_equal_brute_force(rules):
    for board in small_positions(rules, seed=7):
        prover = Prover(board.rules, None)
        assert proven_values(prover, board) == brute_force_values(board), board.position()


def test_the_best_move_alone_is_proven_optimal_with_its_value():
    for board in small_positions("kalah(4,2)", seed=3):
        truth = brute_force_values(board)
        move, future = Prover(board.rules, None).best(mover_pits(board), board.legal_moves)
        m = board.rules.houses
        pits = mover_pits(board)
        assert truth[move] == max(truth.values()), board.position()
        assert future == {move: truth[move] - (pits[m] - pits[2 * m + 1])}


def test_the_best_move_costs_one_node_more_than_the_root_value_by_trying_the_tables_move_first():
    """A 35-seed position whose best move, house 6, comes last in `moves`: proving that houses
    2-5 fall short of the value first cost 125,900 nodes in all (before 2026-11-30)."""
    board = Board.from_position("kalah(6,4)/0,7,3,1,1,8,11,1,0,6,0,1,7,2/S")
    root = Prover(board.rules, endgame.table_for(board.rules))
    value = root.mtdf(root.houses(mover_pits(board)))
    prover = Prover(board.rules, endgame.table_for(board.rules))
    assert prover.best(mover_pits(board), board.legal_moves) == (6, {6: value})
    assert (value, root.nodes, prover.nodes) == (7, 75746, 75747)


@pytest.mark.parametrize("rules,table_size", [("kalah(6,4)", 200000), ("kalah(6,4)+empty-capture", 200000),
                                              ("kalah(6,4)", 300)])
def test_proofs_on_a_small_table_agree_with_the_shipped_table(rules, table_size):
    """Positions of 13 to 16 seeds, proven over a 10-seed table, against the 16-seed file; with
    300 entries the proof table fills again and again (Prover.make_room) and stays exact."""
    shipped = endgame.table_for(rules)
    small = endgame.Table(shipped.key, shipped.m, 10)
    small.data = shipped.data[:small.size]
    prover = Prover(Board(rules).rules, small, table_size=table_size)
    checked = 0
    for board in positions(rules, 800, seed=5, plies=60):
        m = board.rules.houses
        pits = mover_pits(board)
        left = sum(pits) - pits[m] - pits[2 * m + 1]
        if 13 <= left <= shipped.seeds:
            assert prover.mtdf(prover.houses(pits)) == shipped.value(pits), board.position()
            checked += 1
    assert checked >= 20


def test_a_full_proof_table_keeps_the_half_with_the_most_seeds():
    prover = Prover(Board("kalah(6,4)").rules, None, table_size=100)
    for seeds in range(10, 20):   # ten nodes of each count, 10 to 19 seeds in the houses
        for first in range(10):
            prover.tt[(seeds - first, first) + (0,) * 12] = (-seeds, seeds, 1)
    prover.make_room()
    assert len(prover.tt) == 50
    assert sorted(set(sum(node) for node in prover.tt)) == [15, 16, 17, 18, 19]


MIDDLE_GAME = "kalah(6,4)/0,4,9,0,9,0,11,0,1,3,6,0,1,4/S"   # 33 seeds in houses; exact: {2: 8, 3: 16, 5: 8}


def test_the_search_proves_a_middle_game_position_and_marks_every_value_exact():
    board = Board.from_position(MIDDLE_GAME)
    analysis = Search(board.rules, endgame=endgame.table_for(board.rules)).analyse(board, time_limit=None)
    assert analysis.values == {2: 8, 3: 16, 5: 8}
    assert analysis.move == 3 and analysis.value == 16 and analysis.exact
    assert all(analysis.exact_values.values())


def test_level8_plays_the_proven_move_where_the_heuristic_search_does_not():
    board = Board.from_position(MIDDLE_GAME)
    # Without a proof, the plain evaluation (store difference), with every extra turn costing
    # a ply, picks house 5 (worth 8, not 16) at 60,000 nodes (at 100,000, with captures
    # ordered first, it reaches house 3 unproven); the learned evaluation, or extra turns
    # searched at no cost in depth, happen to find house 3 here unproven.
    no_proof = Search(board.rules, endgame=endgame.table_for(board.rules), evaluation=0,
                      extend_extra_turns=False)
    no_proof.prover = None
    assert no_proof.analyse(board, time_limit=None, all_values=False, max_nodes=60000).move == 5
    proving = Search(board.rules, endgame=endgame.table_for(board.rules))
    analysis = proving.analyse(board, time_limit=None, all_values=False, max_nodes=2000000)
    assert (analysis.move, analysis.value, analysis.exact) == (3, 16, True)


def test_an_unfinished_proof_falls_back_to_the_heuristic_search():
    board = Board.from_position(MIDDLE_GAME)
    analysis = Search(board.rules, endgame=endgame.table_for(board.rules)).analyse(
        board, time_limit=None, all_values=False, max_nodes=2000)
    assert analysis.depth >= 1 and analysis.move in board.legal_moves


def test_a_depth_limited_search_never_proves():
    """Levels 1-7 keep their horizon (and their mistakes)."""
    board = Board.from_position(MIDDLE_GAME)
    analysis = Search(board.rules, endgame=endgame.table_for(board.rules)).analyse(board, max_depth=3)
    assert analysis.depth == 3


def test_positions_above_the_proof_limit_are_searched():
    board = Board("kalah(6,4)")
    board.push(1)
    assert 48 > search.PROOF_SEEDS
    analysis = Search(board.rules, endgame=endgame.table_for(board.rules)).analyse(
        board, time_limit=None, max_depth=None, all_values=False, max_nodes=3000)
    assert analysis.depth >= 1
