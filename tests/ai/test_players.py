"""Every computer player plays only legal moves, in every rule set."""

import functools

import pytest

from kalah import Board, SWAP, find_rules, known_names
from kalah.ai import perfect, players
from kalah.ai.reference import Rng
from tests.ai.test_book import beyond_the_books

RULE_SETS = known_names() + ["kalah(4,3)+pie", "kalah(3,2)+empty-capture", "oware(4,3)"]


def random_positions(rules, count, seed):
    """Positions reached by random play (games over are skipped)."""
    rng = Rng(seed)
    positions = []
    while len(positions) < count:
        board = Board(rules)
        while board.turn is not None and len(positions) < count:
            positions.append(board.copy())
            moves = board.legal_moves
            board.push(moves[rng.randrange(len(moves))])
    return positions


# Perfect proves a position for up to perfect.CAP_SECONDS (30 s) whatever the time limit: 22
# positions took 160 s in kalah(6,3)+gamelink. Here only the legality of its move is asked (its
# proofs are tests/ai/test_perfect.py's), so its proofs stop after PERFECT_CAP: where one does
# not end by then it plays the search's move, where one does it plays the proven one; both are checked.
PERFECT_CAP = 0.3


@pytest.mark.parametrize("rules", RULE_SETS)
def test_every_player_plays_a_legal_move_in_random_positions(rules, monkeypatch):
    monkeypatch.setattr(perfect, "analyse", functools.partial(perfect.analyse, cap=PERFECT_CAP))
    boards = random_positions(rules, 150, seed=len(rules))
    for name in players.NAMES:
        player = players.get(name, seed=7)
        for board in boards[::7]:
            assert board.is_legal(player.choose(board, time_limit=0.003)), (name, board.position())


@pytest.mark.parametrize("rules", RULE_SETS)
def test_level8_plays_legal_moves_with_tiny_time_in_many_positions(rules):
    player = players.get("level8")
    for board in random_positions(rules, 300, seed=3):
        move = player.choose(board, time_limit=0.0005)
        assert board.is_legal(move), board.position()


def test_the_swap_is_a_legal_choice_when_the_pie_rule_offers_it():
    board = Board("kalah(6,4)+pie")
    board.push(1)
    assert SWAP in board.legal_moves
    seen = {players.get("random", seed=s).choose(board) for s in range(40)}
    assert SWAP in seen
    assert board.is_legal(players.get("level8").choose(board, time_limit=0.05))


def test_reference_players_choose_as_named():
    board = Board("kalah(6,4)")
    assert players.get("first").choose(board) == 1
    assert players.get("rightmost").choose(board) == 6
    # House 3 ends in the store, then house 6 (5 seeds) stores one more: 2 seeds.
    assert players.get("greedy").choose(board) == 3


def test_unknown_player_name_says_which_names_exist():
    with pytest.raises(ValueError, match="unknown player 'level9'.*level8"):
        players.get("level9")


def test_progress_is_reported_for_each_completed_depth():
    seen = []
    board = beyond_the_books()   # the books would answer without a search
    # A node budget, not 0.2 s of wall time: on a loaded machine 0.2 s once completed only 2 depths.
    players.get("level8").choose(board, time_limit=None, max_nodes=5000, progress=seen.append)
    depths = [info["depth"] for info in seen]
    assert depths == list(range(1, len(depths) + 1)) and len(depths) >= 3
    assert set(seen[0]) == {"depth", "value", "move", "nodes", "exact"}
