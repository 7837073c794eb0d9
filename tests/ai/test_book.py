"""The opening book: its reader (CPython and MicroPython), the shipped files, and who uses it."""

import os

import pytest

from kalah.ai import book, search
from kalah.ai.solve import solve
from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import find_rules
from tests.micropython.runner import needs_micropython, run_micropython

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


PROVE_ALL = 10 ** 9   # nodes a position: kalah(4,3) is proven everywhere

# A Kalah(6,4) line of 8 plies that no shipped book holds (the book for any opening stops at 5
# plies; the book along the computer's lines follows its own replies), 43 seeds in the houses:
# the tests that need a search, not a book's answer, start here. Lines of 3 plies, once
# beyond the books, are in the book for any opening as its parts are built.
BEYOND_THE_BOOKS = (1, 1, 2, 3, 1, 5, 2, 4)


def beyond_the_books():
    board = Board("kalah(6,4)")
    for move in BEYOND_THE_BOOKS:
        board.push(move)
    return board


def test_the_tests_line_beyond_the_books_is_in_no_book():
    board = beyond_the_books()
    assert board.position() == "kalah(6,4)/1,1,1,0,1,8,4,2,1,8,8,7,5,1/N"
    assert book.lookup("kalah(6,4)", board.pits, board.turn) is None


def small_book():
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes
    solver = Solver("kalah(4,3)", table_seeds=-1, tt_bits=18)
    return build_bytes("kalah(4,3)", 2, solver, nodes=PROVE_ALL)


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
    assert found.rules == "kalah(4,3)" and found.turns == 2
    start = Board("kalah(4,3)")
    assert found.move_values(start.pits, start.turn) == {1: -6, 2: 6, 3: 2, 4: -2}
    checked = 0
    for board in walk("kalah(4,3)", 2):
        values = found.move_values(board.pits, board.turn)
        if values is not None and checked < 4:
            assert values == solve(board)["values"], board.position()
            assert all(found.lookup(board.pits, board.turn)[1].values())
            checked += 1
    assert checked == 4


def test_the_same_book_bytes_are_built_twice():
    assert small_book() == small_book()


def test_a_book_built_on_an_earlier_one_is_the_same_bytes():
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes, entries_of
    shallow = build_bytes("kalah(4,3)", 1, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18), nodes=PROVE_ALL)
    reused = build_bytes("kalah(4,3)", 2, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18), nodes=PROVE_ALL,
                         known=entries_of(shallow))
    assert reused == small_book()


def test_the_book_plays_its_sides_whole_first_turn():
    """With no turn of the opponent, every position of the book's side's first turn (extra moves too) is in the book."""
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes
    found = book.Book(build_bytes("kalah(4,3)", 0, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18), nodes=PROVE_ALL))
    board = Board("kalah(4,3)")
    moves = 0
    while board.turn == 0:
        values = found.move_values(board.pits, board.turn)
        assert values is not None, board.position()
        board.push(book.best_move(values))
        moves += 1
    assert moves == 2   # house 2 ends in the store, then South moves again


def test_with_one_turn_the_book_answers_every_first_turn_of_the_opponent():
    """North's whole reply is in the book after any first turn of South, extra moves and all."""
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes
    found = book.Book(build_bytes("kalah(4,3)", 1, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18), nodes=PROVE_ALL))

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
    with pytest.raises(KalahError, match="bytes of records"):
        book.Book(blob + b"\0")
    with pytest.raises(KalahError, match="damaged header"):
        book.Book(book.MAGIC + b"{\"rules\": 1\n")
    with pytest.raises(KalahError, match="damaged header"):
        book.Book(book.MAGIC + b"[1, 2]\n")
    with pytest.raises(KalahError, match="damaged header"):
        book.Book(book.MAGIC + b'{"rules": "kalah(4,3)", "houses": 0, "positions": 0, "turns": 1}\n')
    with pytest.raises(KalahError, match="not a Kalah opening book"):
        book.Book(b"KALAH-BOOK 3\n{}\n")


def test_a_version_1_book_reads_as_all_exact():
    """The first format (no flags, every value proven) still reads: every value exact."""
    header = b'{"houses": 4, "plies": 1, "positions": 1, "rules": "kalah(4,3)"}\n'
    start = [3] * 8
    record = book.rank(start).to_bytes(book.KEY_BYTES, "big") + bytes([128 - 6, 128 + 6, 128 + 2, 128 - 2])
    found = book.Book(book.MAGIC_V1 + header + record)
    assert found.turns is None and found.plies == 1
    board = Board("kalah(4,3)")
    assert found.lookup(board.pits, board.turn) == ({1: -6, 2: 6, 3: 2, 4: -2}, dict.fromkeys((1, 2, 3, 4), True))


def test_the_exact_flags_round_trip_house_by_house():
    entries = {5: ([3, None, -2, 0], [True, False, False, True]), 9: ([None, 1, 1, 1], [False, True, True, False])}
    blob = book.encode("kalah(4,3)", 4, 3, entries, nodes=10, depth=4)
    found = book.Book(blob)
    assert (found.turns, found.nodes, found.depth, len(found)) == (3, 10, 4, 2)
    assert found.record_at(0) == ({1: 3, 3: -2, 4: 0}, {1: True, 3: False, 4: True})
    assert found.record_at(1) == ({2: 1, 3: 1, 4: 1}, {2: True, 3: True, 4: False})
    assert blob.endswith(bytes([0, 0, 0, 0, 0, 9, 0, 129, 129, 129, 0b0110]))   # key, values + 128, flags


def tiny_budget_book(**options):
    """A kalah(4,3) book whose budget (40 nodes a position) proves only the positions near the end."""
    pytest.importorskip("numba")
    from kalah.solver import Solver
    from kalah.solver.book import build_bytes
    return build_bytes("kalah(4,3)", 2, Solver("kalah(4,3)", table_seeds=-1, tt_bits=18), nodes=40, depth=4,
                       **options)


def margin_at_depth(board, depth):
    """The mover's store difference after `depth` moves (extra moves too) of best play: plain minimax."""
    m = board.rules.houses
    mover = board.turn
    best = None
    for move in board.legal_moves:
        child = board.copy()
        child.push(move)
        if child.turn is None or depth == 1:
            stores = child.pits[m], child.pits[2 * m + 1]
            value = stores[mover] - stores[1 - mover]
        else:
            value = margin_at_depth(child, depth - 1)
            if child.turn != mover:
                value = -value
        best = value if best is None else max(best, value)
    return best


def test_values_past_the_node_budget_are_the_deep_searchs_and_not_exact():
    found = book.Book(tiny_budget_book())
    assert (found.nodes, found.depth) == (40, 4)
    flags = [flag for i in range(len(found)) for flag in found.record_at(i)[1].values()]
    assert True in flags and False in flags
    start = Board("kalah(4,3)")
    values, exact = found.lookup(start.pits, start.turn)
    assert not any(exact.values())
    for move in values:
        after = start.copy()
        after.push(move)
        expected = margin_at_depth(after, 3) * (1 if after.turn == start.turn else -1)
        assert values[move] == expected, move


def test_the_search_answers_where_the_book_did_not_prove_every_value(monkeypatch):
    found = book.Book(tiny_budget_book())
    monkeypatch.setitem(book._books, "kalah(4,3)", found)
    start = Board("kalah(4,3)")
    unproven = search.book_analysis(start)
    assert unproven.book and unproven.depth == 0 and not unproven.exact
    assert unproven.exact_values == dict.fromkeys(unproven.values, False)
    assert search.book_analysis(start, exact_only=True) is None
    # Level 8, hints and bestmove search there: the book's deep values lose seeds its search keeps.
    analysis = search.analyse(start, 1.0)
    assert not getattr(analysis, "book", False) and analysis.depth >= 1
    from kalah.ai import worker_api
    assert not worker_api._analysis_dict(analysis)["book"]
    from kalah.ai import perfect
    assert not getattr(perfect.analyse(Board("kalah(4,3)"), 0.2), "book", False)   # Perfect proves or says why not
    # Whoever asks for a proof (no time limit) gets one, not the book's search.
    assert solve(Board("kalah(4,3)"))["values"] == {1: -6, 2: 6, 3: 2, 4: -2}
    from kalah.cli.solve import exact_values
    assert exact_values(Board("kalah(4,3)")) == {1: -6, 2: 6, 3: 2, 4: -2}


def test_a_killed_build_carries_on_from_its_checkpoint_to_the_same_bytes(tmp_path, monkeypatch):
    from kalah.solver import Solver
    from kalah.solver import book as builder
    whole = tiny_budget_book()
    monkeypatch.setattr(builder, "CHECKPOINT_EVERY", 3)
    checkpoint = str(tmp_path / "book.bin.part")

    class Killed(Exception):
        pass

    class Dying(Solver):
        calls = 0

        def house_values_within(self, *args):
            Dying.calls += 1
            if Dying.calls == 8:
                raise Killed()
            return Solver.house_values_within(self, *args)

    with pytest.raises(Killed):
        builder.build_bytes("kalah(4,3)", 2, Dying("kalah(4,3)", table_seeds=-1, tt_bits=18), nodes=40, depth=4,
                            checkpoint=checkpoint)
    with open(checkpoint, "rb") as handle:
        saved = handle.read()
    partial = book.Book(saved)
    assert len(partial) == 6 and partial.partial and partial.turns == 0   # level 0 done, level 1 begun
    assert not book.Book(whole).partial and book.Book(whole).turns == 2
    known = builder.entries_of(saved, 40, 4)
    assert len(known) == 6
    assert tiny_budget_book(known=known, checkpoint=checkpoint) == whole
    # A checkpoint of another budget lends only its exact entries.
    assert all(all(flag for value, flag in zip(*entry) if value is not None)
               for entry in builder.entries_of(saved, 41, 4).values())


@needs_micropython
def test_micropython_reads_the_book_as_cpython_does():
    """Values and exact flags alike (a book with both exact and searched values)."""
    blob = tiny_budget_book()
    found = book.Book(blob)
    boards = [Board("kalah(4,3)")] + list(walk("kalah(4,3)", 3))[:40]
    code = "from kalah.ai import book\nfound = book.Book(bytes.fromhex(%r))\n" % blob.hex()
    code += "for pits, side in %r:\n    entry = found.lookup(pits, side)\n" % (
        [(list(b.pits), b.turn) for b in boards],)
    code += "    print(None if entry is None else [sorted(part.items()) for part in entry])\n"
    code += "for i in range(len(found)):\n    print([sorted(part.items()) for part in found.record_at(i)])\n"
    expected = []
    for board in boards:
        entry = found.lookup(board.pits, board.turn)
        expected.append(str(None if entry is None else [sorted(part.items()) for part in entry]))
    assert "None" in expected and any(line != "None" for line in expected)
    records = [str([sorted(part.items()) for part in found.record_at(i)]) for i in range(len(found))]
    assert "True" in "".join(records) and "False" in "".join(records)
    assert run_micropython(code).split("\n")[:-1] == expected + records


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
        exact = found.lookup(board.pits, board.turn)[1]
        for move, value in values.items():
            if not exact[move]:
                continue    # a deep search's value need not agree with the next position's
            pits = list(board.pits)
            next_side = rules.play(pits, board.turn, move)[0]
            if next_side is None:
                continue
            after = found.move_values(pits, next_side)
            if after is None or not all(found.lookup(pits, next_side)[1].values()):
                continue
            best = max(after.values())
            assert value == (best if next_side == board.turn else -best), (board.position(), move)
            checked += 1
    assert checked >= 20


def whole_turns(board):
    """Every board after a whole turn of the side to move (each choice after an extra move too)."""
    for move in board.legal_moves:
        after = board.copy()
        after.push(move)
        if after.turn == board.turn:
            yield from whole_turns(after)
        elif after.turn is not None:
            yield after


@pytest.mark.parametrize("name", book.SHIPPED)
def test_shipped_books_answer_every_reply_along_the_computers_lines(name):
    """For each side: its book moves against every reply, for the book's `turns` turns of the opponent."""
    found = book.book_for(name)
    assert found.turns >= 2 and not found.partial
    for side in (0, 1):
        frontier = [Board(name)] if side == 0 else list(whole_turns(Board(name)))
        for turn in range(side, found.turns + 1):   # moving second, the opponent's first turn is behind
            following = []
            for board in frontier:
                while board.turn == side:
                    values = found.move_values(board.pits, board.turn)
                    assert values is not None, (side, turn, board.position())
                    board.push(book.best_move(values))
                if board.turn is not None and turn < found.turns:
                    following.extend(whole_turns(board))
            frontier = following


PUBLISHED = {"kalah(6,4)": 8, "kalah(6,4)+empty-capture": 10}  # Rawlings 2015; with empty capture, Irving, Donkers and Uiterwijk 2000


@pytest.mark.parametrize("name", book.SHIPPED)
def test_the_start_values_are_the_published_ones(name):
    start = Board(name)
    values = book.book_for(name).move_values(start.pits, start.turn)
    assert max(values.values()) == PUBLISHED[name] and book.best_move(values) == 3


# Positions exact in every move at plies 0-4 of the book for any opening, of all there (docs/ai.md):
# its 3-ply layers prove every position within 3 plies in both rule sets, so after any two-ply
# opening either side's move is a proof's; the empty capture's 4-ply layer proves ply 4 too.
EXACT_BY_PLY = {
    "kalah(6,4)": [[1, 1], [6, 6], [35, 35], [185, 185], [712, 941]],
    "kalah(6,4)+empty-capture": [[1, 1], [6, 6], [35, 35], [185, 185], [941, 941]],
}


@pytest.mark.parametrize("name", book.SHIPPED)
def test_the_book_for_any_opening_proves_what_its_layers_proved(name):
    from kalah.solver import opening
    found = book.opening_for(name)
    assert opening.exact_by_ply(opening.Plan(name, 4), found) == EXACT_BY_PLY[name]
    start = Board(name)
    values, _ = found.lookup(start.pits, start.turn)
    assert values == book.book_for(name).move_values(start.pits, start.turn)    # the published start, above


def test_level8_hints_and_bestmove_answer_from_the_book_at_once():
    board = Board("kalah(6,4)")
    analysis = search.analyse(board, 1.0)
    assert analysis.depth == 0 and analysis.nodes == 0
    assert all(analysis.exact_values.values()) and analysis.exact
    expected = book.book_for("kalah(6,4)").move_values(board.pits, board.turn)
    assert analysis.values == expected and analysis.move == book.best_move(expected)
    # The weaker levels search as before. A fresh table: the shared one may hold the start
    # position from an earlier test, and then answers depth 2 without visiting a node.
    search.searcher(board.rules).tt.clear()
    limited = search.analyse(board, None, max_depth=2)
    assert limited.depth == 2 and limited.nodes > 0


def test_a_build_in_two_processes_is_the_same_bytes():
    assert tiny_budget_book(jobs=2) == tiny_budget_book()
