"""Puzzles: the shipped sets are proven, the build is reproducible, the reader refuses bad files."""

import json
import os
import subprocess
import sys

import pytest

from kalah.study import puzzles
from kalah.study.puzzle_maker import shipped
from kalah.game.board import Board
from kalah.errors import KalahError
from tests.micropython.runner import needs_micropython, run_micropython

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHIPPED = puzzles.SHIPPED_RULES   # the two kalah(6,4) sets and the small boards' kalah(6,3), kalah(4,3)


def kalah(*args):
    return subprocess.run([sys.executable, "-m", "kalah", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def a_puzzle(**changes):
    data = {"id": "t-1", "position": "kalah(6,4)/10,0,1,1,0,0,25,0,1,0,3,0,0,7/S", "best": 1, "value": 20,
            "second": 8, "values": {"1": 20, "3": 6, "4": 8}, "themes": ["endgame"], "difficulty": 1,
            "rating": 1004, "found": 7.97, "refutations": {"3": [4, 6, 5, 4], "4": [4, 6, 5]}, "source": "test"}
    data.update(changes)
    return data


def a_set(*items):
    return puzzles.dumps("kalah(6,4)", list(items))


@pytest.mark.parametrize("rules", SHIPPED)
def test_the_shipped_set_has_500_puzzles_of_every_theme(rules):
    found = shipped(rules)
    assert len(found) >= 500
    assert set(p.theme for p in found.puzzles) == set(puzzles.THEMES)
    assert set(p.difficulty for p in found.puzzles) == set(puzzles.DIFFICULTIES)
    assert len(set(p.position for p in found.puzzles)) == len(found)


def exact_values_of(rules):
    """`solve`'s exact values (the book, else the solver), with one solver kept for the whole set:
    a new one a position would allocate its 370 MB table each time."""
    pytest.importorskip("numba")
    from kalah import solver
    from kalah.ai.search import book_analysis
    kept = solver.solver_for(rules, 30)

    def exact_values(board):
        found = book_analysis(board)
        return dict(found.values) if found is not None else kept.move_values(board)
    return exact_values


@pytest.mark.parametrize("rules", SHIPPED)
def test_every_shipped_answer_is_the_exact_value_the_solver_gives(rules):
    exact_values = exact_values_of(rules)
    for puzzle in shipped(rules).puzzles:
        board = puzzle.board()
        assert exact_values(board) == puzzle.values, puzzle.id
        assert puzzle.value - puzzle.second >= puzzles.MIN_MARGIN


@pytest.mark.parametrize("rules", SHIPPED)
def test_every_refutation_is_a_line_of_best_replies(rules):
    exact_values = exact_values_of(rules)
    for puzzle in shipped(rules).puzzles[::5]:
        for wrong, line in puzzle.refutations.items():
            board = puzzle.board()
            board.push(wrong)
            for move in line:
                values = exact_values(board)
                assert values[move] == max(values.values()), (puzzle.id, wrong, line)
                board.push(move)


@pytest.mark.parametrize("rules", SHIPPED)
def test_themes_are_read_off_the_best_move_and_the_seeds_left(rules):
    for puzzle in shipped(rules).puzzles:
        board = puzzle.board()
        seeds = puzzles.houses_seeds(board)
        endgame, opening = puzzles.theme_bands(board.rules)
        report = board.push(puzzle.best)
        assert ("capture" in puzzle.themes) == bool(report.captured)
        assert ("extra-turn" in puzzle.themes) == report.extra_turn
        assert ("opening" in puzzle.themes) == (seeds >= opening)
        assert ("endgame" in puzzle.themes) == (seeds <= endgame)


@pytest.mark.parametrize("rules", SHIPPED)
def test_every_set_rates_on_the_one_scale(rules):
    """A rating is 1000 + 125 for each of the 8 levels that misses the puzzle, whatever the board."""
    for puzzle in shipped(rules).puzzles:
        assert puzzle.rating == puzzles.rating_of(puzzle.found) == round(1000 + 125 * (8 - puzzle.found))
        assert puzzle.difficulty == puzzles.difficulty_of(puzzle.found)
    assert puzzles.rating_scale_text().startswith(
        "Puzzle ratings run from 1000 (every computer level finds the answer) to 2000 (none does). "
        "A puzzle's rating is 1000 plus 125 for each of the computer's 8 levels that would miss it")


def test_the_theme_bands_scale_with_the_seeds_of_the_board():
    from kalah.game.rules import find_rules
    bands = [puzzles.theme_bands(find_rules(name)) for name in SHIPPED]
    assert bands == [(22, 37), (22, 37), (16, 28), (11, 19)]


def test_a_build_is_the_same_bytes_each_time():
    pytest.importorskip("numba")
    from kalah.study.puzzle_maker import build_text
    first = build_text("kalah(6,4)", games=1, count=5, seed=7)
    assert build_text("kalah(6,4)", games=1, count=5, seed=7) == first
    assert len(puzzles.PuzzleSet(first[0])) == 5 < first[1]


def test_the_command_prints_the_shipped_set():
    run = kalah("puzzles", "--rules", "kalah(6,4)", "--json")
    assert run.returncode == 0, run.stderr
    printed = json.loads(run.stdout)
    assert printed == [p.as_dict() for p in shipped("kalah(6,4)").puzzles]
    assert {"position", "best", "value", "second", "theme", "difficulty"} <= set(printed[0])
    board = Board.from_position(printed[0]["position"])
    assert printed[0]["best"] in board.legal_moves


def test_the_command_picks_a_theme_and_answers_bad_input_in_one_line():
    run = kalah("puzzles", "--rules", "kalah(6,4)+empty-capture", "--theme", "capture", "--json")
    assert run.returncode == 0 and all("capture" in p["themes"] for p in json.loads(run.stdout))
    run = kalah("puzzles", "--rules", "oware", "--json")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip() == "python -m kalah puzzles: no puzzles are shipped for oware"


@pytest.mark.parametrize("changes, message", [
    ({"best": 3}, "best, value and second do not agree"),
    ({"values": {"1": 20, "3": 19, "4": 8}, "second": 19}, "must beat every other by 2 seeds"),
    ({"values": {"1": 20, "2": 6, "4": 8}}, "'2' is not a legal move"),
    ({"values": {"1": 20, "4": 8}}, "values must give every legal move"),
    ({"position": "kalah(6,4)/1,2/S"}, "puzzle t-1:"),
    ({"themes": ["chess"]}, "themes must be a list of"),
    ({"difficulty": 9}, "difficulty must be 1..5"),
    ({"refutations": {"1": [2]}}, "which is not a wrong move"),
    ({"refutations": {"3": "4,6"}}, "must be a list of moves"),
])
def test_the_reader_refuses_a_puzzle_that_does_not_hold(changes, message):
    with pytest.raises(KalahError) as error:
        puzzles.PuzzleSet(a_set(a_puzzle(**changes)))
    assert message in str(error.value)


@pytest.mark.parametrize("text, message", [
    ("[" * 100000, "is not JSON"),
    ('{"format": "kalah-record"}', "is not a puzzle set"),
    ('{"format": "kalah-puzzles", "version": 2}', "version 2 of the format"),
    (a_set(a_puzzle(), a_puzzle()), "two puzzles with the same id"),
])
def test_the_reader_refuses_a_file_that_is_not_a_puzzle_set(text, message):
    with pytest.raises(KalahError) as error:
        puzzles.PuzzleSet(text)
    assert message in str(error.value)


def test_a_wrong_answer_has_its_refutation_line():
    found = puzzles.PuzzleSet(a_set(a_puzzle()))
    puzzle = found.by_id("t-1")
    assert puzzle.check(1) and not puzzle.check(3)
    assert puzzle.line_after(3) == [3, 4, 6, 5, 4]
    with pytest.raises(KalahError, match="there is no puzzle 'nope' in the kalah"):
        found.by_id("nope")


@needs_micropython
def test_micropython_reads_a_puzzle_set_as_cpython_does():
    text = a_set(a_puzzle(), a_puzzle(id="t-2", themes=["capture", "endgame"]))
    code = "from kalah.study import puzzles\nfound = puzzles.PuzzleSet(%r)\n" % text
    # Dicts print in no fixed order under MicroPython: compare sorted items.
    code += ("for p in found.select('endgame'):\n"
             "    print(p.id, p.best, p.value, p.second, sorted(p.values.items()), p.themes, p.difficulty,"
             " sorted(p.refutations.items()), p.line_after(3))\n")
    expected = "".join("%s %s %s %s %s %s %s %s %s\n" % (
        p.id, p.best, p.value, p.second, sorted(p.values.items()), p.themes, p.difficulty,
        sorted(p.refutations.items()), p.line_after(3)) for p in puzzles.PuzzleSet(text).select("endgame"))
    assert run_micropython(code) == expected
