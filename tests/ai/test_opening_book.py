"""The book for any opening (kalah.solver.opening): built in parts that resume, merged, and read."""

import os
import subprocess
import sys

import pytest

from kalah.ai import book, search
from kalah.ai.solve import solve
from kalah.game.board import Board
from kalah.errors import KalahError

pytest.importorskip("numba")

from kalah.solver import opening  # noqa: E402  (needs numpy and numba)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES = "kalah(4,3)"
PLIES = 3


def plan(nodes=10000, part_size=5):
    """A tiny build: small enough for a test, a budget small enough that some values are not proven."""
    return opening.Plan(RULES, PLIES, part_size=part_size, nodes=nodes, depth=4, table_seeds=-1, tt_bits=14)


def files(folder):
    return dict((name, (folder / name).read_bytes()) for name in sorted(os.listdir(folder)))


def boards_within(plies):
    """Every board reachable from the start within `plies` moves, the game not over."""
    frontier = [Board(RULES)]
    for _ in range(plies + 1):
        yield from frontier
        following = []
        for board in frontier:
            for move in board.legal_moves:
                child = board.copy()
                child.push(move)
                if child.turn is not None:
                    following.append(child)
        frontier = following


def test_the_positions_are_every_one_within_the_plies_by_any_moves():
    depths = opening.positions(RULES, PLIES)
    keys = set()
    for board in boards_within(PLIES):
        houses, _ = board_houses(board)
        keys.add(tuple(houses))
    assert set(depths) == keys
    assert sorted(set(depths.values())) == [0, 1, 2, 3]
    leaves = opening.leaves(RULES, PLIES)
    assert [book.rank(h) for h in leaves] == sorted(book.rank(h) for h in leaves)
    assert set(leaves) == set(h for h, ply in depths.items() if ply == PLIES)


def board_houses(board):
    from kalah.solver import board_houses as houses_of
    return houses_of(board)


_truth = {}


def exact_values(board):
    """Every move's value by the solver (tests/ai/test_solver.py checks it against kalah.ai.solve)."""
    from kalah.solver import Solver
    if "solver" not in _truth:
        _truth["solver"] = Solver(RULES, table_seeds=-1, tt_bits=16)
    return _truth["solver"].move_values(board)


def test_a_tiny_build_is_the_same_bytes_twice(tmp_path):
    tiny = plan()
    assert tiny.parts > 3
    for run in ("one", "two"):
        built = opening.build_parts(tiny, str(tmp_path / run), list(range(tiny.parts)), verbose=False)
        assert sorted(built) == list(range(tiny.parts))
        opening.merge_folder(tiny, str(tmp_path / run), str(tmp_path / run / "opening.bin"))
    assert files(tmp_path / "one") == files(tmp_path / "two")
    flags = [flag for entries in opening.built_parts(tiny, str(tmp_path / "one")).values()
             for _, exact in entries.values() for flag in exact]
    assert True in flags and False in flags   # the budget proved some values, not all


def test_a_killed_build_builds_only_its_missing_parts_and_ends_the_same(tmp_path, monkeypatch):
    tiny = plan()
    whole = tmp_path / "whole"
    opening.build_parts(tiny, str(whole), list(range(tiny.parts)), verbose=False)
    killed = tmp_path / "killed"

    class Killed(Exception):
        pass

    build_part = opening.Plan.build_part

    def dying(self, part, solver=None, progress=None):
        if part == 2:
            (killed / "part-002.bin.tmp").write_bytes(b"half a part")   # as a kill while writing leaves it
            raise Killed()
        return build_part(self, part, solver, progress)

    monkeypatch.setattr(opening.Plan, "build_part", dying)
    with pytest.raises(Killed):
        opening.build_parts(tiny, str(killed), list(range(tiny.parts)), verbose=False)
    assert sorted(os.listdir(killed)) == ["part-000.bin", "part-001.bin", "part-002.bin.tmp"]
    monkeypatch.setattr(opening.Plan, "build_part", build_part)
    built = opening.build_parts(tiny, str(killed), list(range(tiny.parts)), verbose=False)
    assert built == list(range(2, tiny.parts))
    assert files(killed) == files(whole)


def test_every_value_marked_exact_is_the_solvers_and_a_full_budget_proves_all(tmp_path):
    for nodes in (10000, 10 ** 9):
        tiny = plan(nodes)
        folder = tmp_path / str(nodes)
        opening.build_parts(tiny, str(folder), list(range(tiny.parts)), verbose=False)
        positions, exact, built, _ = opening.merge_folder(tiny, str(folder), str(folder / "opening.bin"))
        assert positions == len(opening.positions(RULES, PLIES)) and built == tiny.parts
        found = book.Book((folder / "opening.bin").read_bytes())
        assert not found.partial and found.extra["plies"] == PLIES
        checked = 0
        for board in boards_within(PLIES):
            values, flags = found.lookup(board.pits, board.turn)
            proven = dict((move, value) for move, value in values.items() if flags[move])
            if proven:
                truth = exact_values(board)
                assert proven == dict((move, truth[move]) for move in proven), board.position()
                checked += 1
        if nodes == 10 ** 9:
            assert exact == positions and checked == positions


def test_the_book_of_some_parts_answers_only_what_they_decide(tmp_path):
    tiny = plan(10 ** 9)
    folder = tmp_path / "some"
    some = list(range(tiny.parts - 1))   # all but the last
    opening.build_parts(tiny, str(folder), some, verbose=False)
    positions, exact, built, _ = opening.merge_folder(tiny, str(folder), str(folder / "opening.bin"))
    found = book.Book((folder / "opening.bin").read_bytes())
    assert built == len(some) and found.partial and found.extra["parts_built"] == len(some)
    in_parts = set(book.rank(h) for part in some for h in tiny.part_leaves(part))
    answered = 0
    for board in boards_within(PLIES):
        entry = found.lookup(board.pits, board.turn)
        houses, _ = board_houses(board)
        if book.rank(houses) in set(book.rank(h) for h in tiny.leaves):
            assert (entry is not None) == (book.rank(houses) in in_parts)
        if entry is not None:
            assert entry[0] == exact_values(board), board.position()
            answered += 1
    assert answered == positions > len(in_parts)   # the parts' leaves and positions they decide


def test_a_part_of_another_build_is_refused_with_the_reason_and_kept(tmp_path):
    folder = tmp_path / "parts"
    opening.build_parts(plan(), str(folder), [0], verbose=False)
    before = (folder / "part-000.bin").read_bytes()
    with pytest.raises(KalahError, match="part-000.bin was built with other arguments .*nodes 10000.*nodes 10001"):
        opening.build_parts(plan(10001), str(folder), [0, 1], verbose=False)
    (folder / "part-001.bin").write_bytes(b"KALAH-BOOK 2\n{\"rules\": \"kalah(4,3)\"\n")
    with pytest.raises(KalahError, match="part-001.bin: damaged header"):
        opening.build_parts(plan(), str(folder), [0, 1], verbose=False)
    assert (folder / "part-000.bin").read_bytes() == before


def test_the_search_answers_from_the_book_for_any_opening_where_the_other_has_no_answer(tmp_path, monkeypatch):
    tiny = plan(10 ** 9)
    folder = tmp_path / "parts"
    opening.build_parts(tiny, str(folder), list(range(tiny.parts)), verbose=False)
    opening.merge_folder(tiny, str(folder), str(folder / "opening.bin"))
    monkeypatch.setitem(book._books, RULES, None)
    monkeypatch.setitem(book._openings, RULES, None)
    board = Board(RULES)
    for move in (1, 4, 2):   # a person's opening: not the computer's line
        board.push(move)
    assert search.book_analysis(board) is None
    book.load_opening(RULES, (folder / "opening.bin").read_bytes())
    found = search.analyse(board, 1.0)
    assert found.book and found.depth == 0 and found.values == exact_values(board) == solve(board)["values"]
    with pytest.raises(KalahError, match="is the book of kalah\\(4,3\\), not of kalah\\(4,2\\)"):
        book.load_opening("kalah(4,2)", (folder / "opening.bin").read_bytes())


def run_cli(*args):
    return subprocess.run([sys.executable, "-m", "kalah", "build-book"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=300)


def test_the_command_line_says_what_was_wrong_with_its_parts_and_prints_its_progress(tmp_path):
    folder = str(tmp_path / "parts")
    common = ["--rules", RULES, "--plies", str(PLIES), "--part-size", "5", "--folder", folder]
    count = plan().parts
    for parts, said in (("5..2", "--parts 5..2: this build has parts 0..%d" % (count - 1)),
                        ("x", "--parts must be A..B or A (part numbers), not 'x'"),
                        ("0..%d" % count, "this build has parts 0..%d" % (count - 1))):
        result = run_cli(*(common + ["--parts", parts]))
        assert result.returncode == 2 and said in result.stderr and not result.stdout
    result = run_cli("--rules", RULES, "--turns", "1", "--merge")
    assert result.returncode == 2 and "--merge, --status and --layer go with --plies" in result.stderr
    result = run_cli(*(common + ["--status"]))
    assert result.returncode == 0 and '"parts_built": 0' in result.stdout
    assert not os.path.exists(folder)


def test_a_layer_proves_the_top_of_the_book_and_the_merge_takes_its_values_over(tmp_path):
    """A shallower layer at a full budget makes exact, up to the start, what the main book's small
    budget left inexact; the values are the solver's, and the main book's own leaves stay as built."""
    tiny = plan(300)    # few leaves proven within 300 nodes
    folder = tmp_path / "main"
    opening.build_parts(tiny, str(folder), list(range(tiny.parts)), verbose=False)
    opening.merge_folder(tiny, str(folder), str(folder / "alone.bin"))
    alone = book.Book((folder / "alone.bin").read_bytes())
    layer = opening.Plan(RULES, PLIES - 1, part_size=4, nodes=10 ** 9, depth=4, table_seeds=-1, tt_bits=14)
    where = opening.layer_folder(str(folder), layer.plies, layer.nodes)
    assert where == str(folder / "layers" / "plies-2-nodes-1000000000")
    opening.build_parts(layer, where, list(range(layer.parts)), verbose=False)
    assert [(found.plies, found.nodes) for found, _ in opening.layers_in(tiny.rules, str(folder))] == [(2, 10 ** 9)]
    positions, exact, _, _ = opening.merge_folder(tiny, str(folder), str(folder / "opening.bin"))
    merged = book.Book((folder / "opening.bin").read_bytes())
    assert len(merged) == len(alone) == positions
    within = opening.positions(RULES, PLIES - 1)
    gained = 0
    for board in boards_within(PLIES):
        values, flags = merged.lookup(board.pits, board.turn)
        before = alone.lookup(board.pits, board.turn)
        if tuple(board_houses(board)[0]) in within:
            assert all(flags.values()) and values == exact_values(board), board.position()
            gained += not all(before[1].values())
        else:
            assert (values, flags) == before   # the main book's leaves, as its parts hold them
    assert gained > 0 and exact >= len(within)
    account = opening.summary(tiny, str(folder))
    assert account["layers"] == [{"rules": RULES, "plies": 2, "parts": layer.parts, "parts_built": layer.parts,
                                  "leaves": len(layer.leaves), "leaves_built": len(layer.leaves),
                                  "leaves_exact": len(layer.leaves), "nodes": 10 ** 9}]
    # What the merged book proves, ply by ply: all of the layer's plies, and in all as the merge said.
    by_ply = account["merged_exact_by_ply"]
    first_reached = [sum(1 for ply in opening.positions(RULES, PLIES).values() if ply == n) for n in range(PLIES + 1)]
    assert [count for _, count in by_ply] == first_reached and sum(first_reached) == positions
    assert all(proven == count for proven, count in by_ply[:PLIES]) and sum(p for p, _ in by_ply) == exact


def test_a_layer_must_be_shallower_than_the_book_and_the_command_line_keeps_it_apart(tmp_path):
    tiny = plan(300)
    folder = tmp_path / "main"
    deep = opening.Plan(RULES, PLIES, part_size=50, nodes=10 ** 9, depth=4, table_seeds=-1, tt_bits=14)
    opening.build_parts(deep, opening.layer_folder(str(folder), PLIES, 10 ** 9), [0], verbose=False)
    with pytest.raises(KalahError, match="a layer must have fewer plies than the book's 3"):
        opening.merge_folder(tiny, str(folder), str(folder / "opening.bin"))
    assert not (folder / "opening.bin").exists()
    result = run_cli("--rules", RULES, "--plies", "2", "--layer", "--merge", "--folder", str(folder))
    assert result.returncode == 2 and "--merge goes with the main book's --plies and --nodes" in result.stderr
    result = run_cli("--rules", RULES, "--turns", "1", "--layer")
    assert result.returncode == 2 and "--status and --layer go with --plies" in result.stderr
