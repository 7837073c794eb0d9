"""The opening book: its reader (CPython and MicroPython), the shipped files, and who uses it."""

import os

import pytest

from kalah.ai import book, search
from kalah.ai.solve import solve
from kalah.board import Board
from kalah.errors import KalahError
from kalah.rules import find_rules
from tests.micropython.runner import needs_micropython, run_micropython

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def small_book():
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes
    solver = Solver("kalah(4,3)", table_seeds=-1, tt_bits=18)
    return build_bytes("kalah(4,3)", 4, solver)


def walk(rules_name, plies):
    """Boards reachable from the start within `plies` moves (all moves of both sides)."""
    frontier = [Board(rules_name)]
    for _ in range(plies):
        following = []
        for board in frontier:
            for move in board.legal_moves:
                child = board.copy()
                child.push(move)
                if child.turn is not None:
                    following.append(child)
        frontier = following
        yield from frontier


def test_a_built_book_holds_the_exact_values_of_the_python_solver():
    found = book.Book(small_book())
    assert found.rules == "kalah(4,3)" and found.plies == 4
    start = Board("kalah(4,3)")
    assert found.move_values(start.pits, start.turn) == {1: -6, 2: 6, 3: 2, 4: -2}
    checked = 0
    for board in walk("kalah(4,3)", 2):
        values = found.move_values(board.pits, board.turn)
        if values is not None and checked < 4:
            assert values == solve(board)["values"], board.position()
            checked += 1
    assert checked == 4


def test_the_same_book_bytes_are_built_twice():
    assert small_book() == small_book()


def test_a_book_built_on_an_earlier_one_is_the_same_bytes():
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes, entries_of
    shallow = build_bytes("kalah(4,3)", 2, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18))
    reused = build_bytes("kalah(4,3)", 4, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18), known=entries_of(shallow))
    assert reused == small_book()


def test_the_book_plays_its_sides_whole_first_turn():
    """With one ply, every position of the book's side's first turn (extra moves too) is in the book."""
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes
    found = book.Book(build_bytes("kalah(4,3)", 1, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18)))
    board = Board("kalah(4,3)")
    moves = 0
    while board.turn == 0:
        values = found.move_values(board.pits, board.turn)
        assert values is not None, board.position()
        board.push(book.best_move(values))
        moves += 1
    assert moves == 2   # house 2 ends in the store, then South moves again


def test_with_two_plies_the_book_answers_every_first_turn_of_the_opponent():
    """North's whole reply is in the book after any first turn of South, extra moves and all."""
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes
    found = book.Book(build_bytes("kalah(4,3)", 2, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18)))

    def first_turns(board):
        """Every board after a whole first turn of South (each choice of moves)."""
        for move in board.legal_moves:
            after = board.copy()
            after.push(move)
            if after.turn == 0:
                yield from first_turns(after)
            elif after.turn == 1:
                yield after

    replies = list(first_turns(Board("kalah(4,3)")))
    assert len(replies) > len(Board("kalah(4,3)").legal_moves)   # some openings move again
    for board in replies:
        while board.turn == 1:
            values = found.move_values(board.pits, board.turn)
            assert values is not None, board.position()
            board.push(book.best_move(values))


def test_a_damaged_book_is_refused_with_the_reason():
    blob = small_book()
    with pytest.raises(KalahError, match="not a Kalah opening book"):
        book.Book(b"KALAH-ENDGAME 1\n{}\n")
    with pytest.raises(KalahError, match="bytes of records"):
        book.Book(blob[:-3])
    with pytest.raises(KalahError, match="is the book of kalah\\(4,3\\), not of kalah\\(6,4\\)"):
        book.load("kalah(6,4)", blob)


@needs_micropython
def test_micropython_reads_the_book_as_cpython_does():
    blob = small_book()
    found = book.Book(blob)
    boards = [Board("kalah(4,3)")] + list(walk("kalah(4,3)", 3))[:40]
    code = "from kalah.ai import book\nfound = book.Book(bytes.fromhex(%r))\n" % blob.hex()
    code += "for pits, side in %r:\n    values = found.move_values(pits, side)\n" % (
        [(list(b.pits), b.turn) for b in boards],)
    code += "    print(None if values is None else sorted(values.items()))\n"
    expected = []
    for board in boards:
        values = found.move_values(board.pits, board.turn)
        expected.append(str(None if values is None else sorted(values.items())))
    assert run_micropython(code).split("\n")[:-1] == expected
    assert any(line != "None" for line in expected) and "None" in expected


@pytest.mark.parametrize("name", book.SHIPPED)
def test_shipped_books_are_consistent_move_by_move(name):
    """Each move's value is the store gain plus the next position's best value (sign by who moves)."""
    found = book.book_for(name)
    assert found is not None and found.rules == name
    rules = find_rules(name)
    start = Board(name)
    assert found.move_values(start.pits, start.turn)[3] == max(found.move_values(start.pits, start.turn).values())
    checked = 0
    for board in [start] + list(walk(name, 3)):
        values = found.move_values(board.pits, board.turn)
        if values is None:
            continue
        for move, value in values.items():
            pits = list(board.pits)
            next_side = rules.play(pits, board.turn, move)[0]
            if next_side is None:
                continue
            after = found.move_values(pits, next_side)
            if after is None:
                continue
            best = max(after.values())
            assert value == (best if next_side == board.turn else -best), (board.position(), move)
            checked += 1
    assert checked >= min(len(found) - 1, 50)


PUBLISHED = {"kalah(6,4)": 8, "kalah(6,4)+empty-capture": 10}  # ../shared/ANCHORS.md


@pytest.mark.parametrize("name", book.SHIPPED)
def test_the_start_values_are_the_published_ones(name):
    start = Board(name)
    values = book.book_for(name).move_values(start.pits, start.turn)
    assert max(values.values()) == PUBLISHED[name] and book.best_move(values) == 3


def test_level8_hints_and_bestmove_answer_from_the_book_at_once():
    board = Board("kalah(6,4)")
    analysis = search.analyse(board, 1.0)
    assert analysis.depth == 0 and analysis.nodes == 0
    assert all(analysis.exact_values.values()) and analysis.exact
    expected = book.book_for("kalah(6,4)").move_values(board.pits, board.turn)
    assert analysis.values == expected and analysis.move == book.best_move(expected)
    limited = search.analyse(board, 1.0, max_depth=2)  # the weaker levels search as before
    assert limited.depth == 2 and limited.nodes > 0
