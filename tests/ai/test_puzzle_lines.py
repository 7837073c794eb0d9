"""Puzzles you play out: the forced lines of the shipped sets, the reader's checks, an attempt move by move."""

import json

import pytest

from kalah.study import puzzles
from kalah.errors import KalahError
from kalah.study.puzzle_maker import best_of, forced_line, one_answer, shipped
from tests.ai.test_puzzles import SHIPPED, exact_values_of, kalah
from tests.micropython.runner import needs_micropython, run_micropython

# kalah6-4-0002 of the shipped set: North 2, South's best reply 4, then North 1 is the one answer.
THREE_PLIES = {
    "id": "t-3", "position": "kalah(6,4)/0,0,10,1,0,0,15,1,2,0,0,1,5,13/N", "best": 2, "value": 18,
    "second": 4, "values": {"1": 2, "2": 18, "5": 4, "6": 2}, "themes": ["capture", "endgame"],
    "difficulty": 1, "rating": 1078, "found": 7.38, "source": "test",
    "refutations": {"1": [4, 5, 3, 1], "5": [4, 1, 3, 1], "6": [3, 1, 1, 5]},
    "line": [2, 4, 1],
    "steps": [{"refutations": {"3": [5], "5": [5], "6": [5, 3, 1, 5]}, "values": {"1": 18, "3": 14, "5": 14, "6": 8}}]}


def three_plies(**changes):
    data = json.loads(json.dumps(THREE_PLIES))
    data.update(changes)
    return data


def read(data):
    return puzzles.PuzzleSet(puzzles.dumps("kalah(6,4)", [data])).puzzles[0]


@pytest.mark.parametrize("rules", SHIPPED)
def test_both_kalah_6_4_sets_keep_500_puzzles_and_have_multi_move_ones(rules):
    found = shipped(rules)
    assert len(found) >= 500
    longer = [p for p in found.puzzles if p.moves > 1]
    assert len(longer) >= 100
    assert max(p.moves for p in found.puzzles) == 3
    # A line is the solution as houses, the replies included, and ends on the solver's move.
    for puzzle in longer:
        board = puzzle.board()
        solver = board.turn
        movers = []
        for move in puzzle.line:
            movers.append(board.turn)
            board.push(move)
        assert movers[0] == movers[-1] == solver and movers.count(solver) == puzzle.moves, puzzle.id


@pytest.mark.parametrize("rules", SHIPPED)
def test_every_line_is_forced_by_the_proof(rules):
    """Each reply is the opponent's best; each later move of the solver the one that beats
    every other by 2 seeds, with the values and refutations the file gives."""
    exact_values = exact_values_of(rules)
    for puzzle in [p for p in shipped(rules).puzzles if p.moves > 1][::4]:
        board = puzzle.board()
        solver = board.turn
        board.push(puzzle.line[0])
        steps = iter(puzzle.steps[1:])
        for move in puzzle.line[1:]:
            values = exact_values(board)
            if board.turn == solver:
                step = next(steps)
                assert one_answer(values) == move == step.best and values == step.values, puzzle.id
            else:
                assert move == best_of(values), puzzle.id
            board.push(move)


def test_the_command_adds_line_to_a_longer_puzzle_and_keeps_every_other_key():
    run = kalah("puzzles", "--rules", "kalah(6,4)", "--json")
    assert run.returncode == 0, run.stderr
    printed = json.loads(run.stdout)
    keys = {"id", "position", "best", "value", "second", "values", "theme", "themes", "difficulty",
            "rating", "found", "refutations", "source"}
    assert set(printed[0]) == keys and "line" not in printed[0]
    assert printed[1]["id"] == "kalah6-4-0002" and printed[1]["line"] == [2, 4, 1]
    assert set(printed[1]) == keys | {"line"}
    assert all(p["line"][0] == p["best"] and len(p["line"]) > 1 for p in printed if "line" in p)


def test_an_attempt_plays_the_replies_and_a_wrong_answer_keeps_the_board():
    attempt = puzzles.Attempt(read(three_plies()))
    start = attempt.board.position()
    assert attempt.answer(5) == (puzzles.WRONG, [5, 4, 1, 3, 1])
    assert attempt.board.position() == start and attempt.index == 0
    assert attempt.answer(2) == (puzzles.RIGHT, [2, 4])
    assert attempt.board.position() == "kalah(6,4)/0,0,0,0,1,0,15,1,0,1,0,1,5,24/N"
    assert attempt.index == 1 and attempt.step.values == {1: 18, 3: 14, 5: 14, 6: 8}
    assert attempt.answer(6) == (puzzles.WRONG, [6, 5, 3, 1, 5])
    assert attempt.answer(1) == (puzzles.SOLVED, [1])


def test_a_one_move_puzzle_is_solved_by_its_move():
    data = three_plies()
    del data["line"], data["steps"]
    puzzle = read(data)
    assert puzzle.line == [2] and puzzle.moves == 1 and "line" not in puzzle.as_dict()
    assert puzzles.Attempt(puzzle).answer(2) == (puzzles.SOLVED, [2])


@pytest.mark.parametrize("changes, message", [
    ({"line": [2]}, "line must be a list of two or more moves"),
    ({"line": "2,4,1"}, "line must be a list of two or more moves"),
    ({"line": [1, 4, 1]}, "its line must start with the best move"),
    ({"line": [2, 7, 1]}, "move 2 of its line (7) is not legal there"),
    ({"line": [2, 4], "steps": []}, "its line must end with a move of the solver"),
    ({"steps": None}, "a puzzle with a line must have its later steps"),
    ({"steps": []}, "its steps must give each later move of the solver"),
    ({"steps": [{"values": {"1": 18, "3": 17, "5": 14, "6": 8}, "refutations": {}}]},
     "move 3 of its line: it must beat every other move by 2 seeds"),
    ({"steps": [{"values": {"1": 18, "3": 14}, "refutations": {}}]}, "values must give every legal move"),
    ({"steps": [{"values": {"1": 18, "3": 14, "5": 14, "6": 8}, "refutations": {"1": [5]}}]},
     "a refutation of '1', which is not a wrong move"),
])
def test_the_reader_refuses_a_line_that_does_not_hold(changes, message):
    with pytest.raises(KalahError) as error:
        read(three_plies(**changes))
    assert message in str(error.value)


def test_a_forced_line_stops_where_the_solver_has_two_good_answers():
    class Values:
        """Made-up proofs: after North 2, South's reply; then North has two moves as good."""
        def values(self, board):
            return {1: 18, 3: 18, 5: 14, 6: 8} if board.turn == 1 else dict((m, 0) for m in board.legal_moves)
    board = read(three_plies()).board()
    assert forced_line(board, 2, Values()) == ([2], [])


@needs_micropython
def test_micropython_plays_an_attempt_as_cpython_does():
    text = puzzles.dumps("kalah(6,4)", [three_plies()])
    code = ("from kalah.study import puzzles\np = puzzles.PuzzleSet(%r).puzzles[0]\na = puzzles.Attempt(p)\n"
            "print(p.line, p.moves, a.answer(5), a.answer(2), a.index, a.answer(1))\n" % text)
    assert run_micropython(code) == "[2, 4, 1] 2 ('wrong', [5, 4, 1, 3, 1]) ('right', [2, 4]) 1 ('solved', [1])\n"


def test_the_performance_log_holds_the_counts_the_command_prints():
    import pathlib
    run = kalah("puzzles", "--counts")
    assert run.returncode == 0, run.stderr
    log = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "performance-log.md").read_text(encoding="utf-8")
    assert run.stdout.strip() in log
    assert run.stdout.startswith("kalah(6,4): 600 puzzles (counted under each of their themes)\n\n"
                                 "| theme | 1 move | 2 moves | 3 moves | all |\n")
