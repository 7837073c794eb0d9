"""The search and the solver give the exact values that plain minimax gives."""

import pytest

from kalah import Board, KalahError, SWAP
from kalah.ai.reference import Rng
from kalah.ai.search import Search, analyse
from kalah.ai.solve import brute_force_values, solve


def positions(rules, count, seed, plies=None):
    """Positions reached by random play from the start."""
    rng = Rng(seed)
    found = []
    while len(found) < count:
        board = Board(rules)
        for _ in range(rng.randrange(plies or 12)):
            if board.turn is None:
                break
            moves = board.legal_moves
            board.push(moves[rng.randrange(len(moves))])
        if board.turn is not None:
            found.append(board)
    return found


SMALL = ["kalah(3,2)", "kalah(3,3)", "kalah(4,1)", "kalah(3,2)+empty-capture",
         "kalah(3,3)+gamelink", "relay-kalaha(3,2)", "kalah(2,3)+empty-capture"]


@pytest.mark.parametrize("rules", SMALL)
def test_solve_equals_brute_force_from_the_start(rules):
    board = Board(rules)
    expected = brute_force_values(board)
    result = solve(board)
    assert result["values"] == expected
    assert result["value"] == max(expected.values())
    assert result["best"] == sorted(m for m, v in expected.items() if v == result["value"])


@pytest.mark.parametrize("rules", SMALL + ["kalah(4,2)", "kalah(4,2)+empty-capture"])
def test_solve_equals_brute_force_in_positions_of_random_games(rules):
    for board in positions(rules, 12, seed=len(rules), plies=14)[:12]:
        if sum(board.rules.row(board.pits, 0)) + sum(board.rules.row(board.pits, 1)) > 10:
            continue  # keep brute force quick
        assert solve(board)["values"] == brute_force_values(board), board.position()


def test_kalah_4_2_from_the_start_is_a_win_by_6():
    result = solve(Board("kalah(4,2)"))
    assert result == {"value": 6, "best": [4], "values": {1: -12, 2: -10, 3: 4, 4: 6}}


def test_analysis_values_are_exact_when_marked_exact():
    for board in positions("kalah(3,3)", 30, seed=4):
        analysis = analyse(board, time_limit=None, max_depth=4)
        truth = brute_force_values(board)
        for move, value in analysis.values.items():
            if analysis.exact_values[move]:
                assert value == truth[move], (board.position(), move)


def test_the_swap_is_valued_as_taking_the_opponents_seat():
    board = Board("kalah(3,2)+pie")
    board.push(1)  # South's turn ends: North may swap
    assert SWAP in board.legal_moves
    result = solve(board)
    assert result["values"] == brute_force_values(board)


@pytest.mark.parametrize("rules", ["kalah(3,2)+pie", "kalah(3,3)+pie", "kalah(4,2)+pie"])
def test_the_first_turn_foresees_the_swap_offer(rules):
    # The first player's values count on the opponent swapping whenever it pays.
    board = Board(rules)
    assert solve(board)["values"] == brute_force_values(board)


def test_an_extra_turn_keeps_the_sign():
    # South's house 3 (1 seed) ends in the store; then South captures.
    board = Board(position="kalah(3,2)/0,1,1,3,1,0,2,4/S")
    assert solve(board)["values"] == brute_force_values(board)


def test_a_finished_game_cannot_be_analysed():
    board = Board(position="kalah(3,2)/0,0,0,6,1,1,4,0/-")
    with pytest.raises(KalahError, match="game is over"):
        analyse(board, 0.1)
    with pytest.raises(KalahError, match="game is over"):
        solve(board)


def test_should_stop_ends_the_search_after_the_first_depth():
    calls = []

    def stop():
        calls.append(1)
        return True

    analysis = analyse(Board("kalah(6,6)"), time_limit=30, should_stop=stop)
    assert analysis.depth == 1 and calls
    assert analysis.move in Board("kalah(6,6)").legal_moves


def test_the_search_reaches_depth_8_from_the_kalah_6_4_start_and_finds_house_3_or_6():
    seen = []
    analysis = Search(Board().rules).analyse(Board(), time_limit=None, max_depth=8, progress=seen.append)
    assert [info["depth"] for info in seen] == list(range(1, 9))
    assert analysis.depth == 8 and not analysis.exact
    assert analysis.move in (3, 6)


@pytest.mark.parametrize("rules, value", [
    ("kalah(6,1)+empty-capture", 2),   # Irving, Donkers and Uiterwijk 2000
    ("kalah(6,2)+empty-capture", 10),  # the same paper, with the shipped endgame table
    ("kalah(6,1)", 2),
])
def test_solve_finds_the_published_values(rules, value):
    assert solve(Board(rules))["value"] == value


def test_kalah_searches_captures_after_extra_turns_the_largest_first():
    rules = Board("kalah(6,4)").rules
    # South: house 4 ends in the store; house 1 (1 seed) takes the 5 facing house 2, house 3
    # (2 seeds) the 3 facing house 5; house 6 captures nothing.
    pits = (1, 0, 2, 3, 0, 4, 11, 5, 3, 4, 5, 5, 5, 0)
    search = Search(rules)
    search.history = [0, 0, 0, 0, 0, 0, 90]   # a quiet move that cut off often comes after the captures
    assert search.ordered_moves(pits, 0) == [4, 1, 3, 6]
    assert search.ordered_moves(pits, 6) == [6, 4, 1, 3]   # the table's move first still
    plain = Search(rules, order_captures=False)
    plain.history = search.history
    assert plain.ordered_moves(pits, 0) == [4, 6, 3, 1]


def test_extra_turns_cost_no_depth_only_where_no_depth_limit_counts_the_plies():
    board = Board("kalah(6,4)")   # house 3's 4 seeds end in the store: an extra turn
    extending = Search(board.rules, extend_extra_turns=True)
    plain = Search(board.rules, extend_extra_turns=False)
    # The levels with a depth limit count every ply, whatever the setting.
    counted = plain.analyse(board, None, max_depth=5).nodes
    assert extending.analyse(board, None, max_depth=5).nodes == counted
    assert not extending.extending
    # Asked for at a depth, the mover's chains of extra turns are searched past it.
    deeper = Search(board.rules, extend_extra_turns=True).analyse(board, None, max_depth=5, extend=True)
    assert deeper.nodes > counted
    # Without a depth limit (level 8), extra turns cost no depth...
    extending.analyse(board, None, max_nodes=2000)
    assert extending.extending
    # ...except under a move limit, whose plies the depth must count.
    oware = Search(Board("oware").rules, extend_extra_turns=True)
    oware.analyse(Board("oware"), None, max_nodes=2000)
    assert not oware.extending
