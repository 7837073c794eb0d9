"""The numba solver (kalah.solver): published values, and the same answers compiled and plain."""

import json
import os
import random
import subprocess
import sys

import pytest

from kalah.ai import endgame
from kalah.ai.solve import solve
from kalah.game.board import Board

pytest.importorskip("numpy")
from kalah.solver import Solver, build_table, table_size  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Start values: the README's Python solver and Irving et al. (empty capture).
START_VALUES = {
    "kalah(4,3)": 6,
    "kalah(5,2)": 2,
    "kalah(6,1)": 2,
    "kalah(6,1)+empty-capture": 2,
    "kalah(6,2)": 6,
    "kalah(6,2)+empty-capture": 10,
}


def random_positions(name, count, max_seeds, seed):
    """Positions from random games, the first with at most `max_seeds` seeds in the houses."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        board = Board(name)
        while board.turn is not None:
            m = board.rules.houses
            if sum(board.pits) - board.pits[m] - board.pits[2 * m + 1] <= max_seeds:
                found.append(board.position())
                break
            board.push(rng.choice(board.legal_moves))
    return found


@pytest.mark.parametrize("name", sorted(START_VALUES))
def test_solver_finds_the_known_start_values(name):
    values = Solver(name, table_seeds=-1, tt_bits=18).move_values(Board(name))
    assert max(values.values()) == START_VALUES[name]


@pytest.mark.parametrize("name", ["kalah(6,4)", "kalah(6,4)+empty-capture", "kalah(5,3)"])
def test_solver_agrees_with_the_python_search_on_random_positions(name):
    solver = Solver(name, table_seeds=-1, tt_bits=18)
    for position in random_positions(name, 12, 18, seed=5):
        board = Board(position=position)
        assert solver.move_values(board) == solve(board)["values"], position


def test_solver_with_an_endgame_table_agrees_without_one():
    with_table = Solver("kalah(6,4)", table_seeds=8, tt_bits=18, table=build_table("kalah(6,4)", 8))
    without = Solver("kalah(6,4)", table_seeds=-1, tt_bits=18)
    for position in random_positions("kalah(6,4)", 10, 22, seed=9):
        board = Board(position=position)
        assert with_table.move_values(board) == without.move_values(board), position


@pytest.mark.parametrize("name", ["kalah(6,4)", "kalah(6,4)+empty-capture"])
def test_compiled_table_builder_matches_the_python_builder(name):
    compiled = build_table(name, 7)
    plain = endgame.build(name, 7)
    assert bytes(compiled) == bytes(plain.data)
    assert len(compiled) == table_size(6, 7)


PLAIN_SCRIPT = """
import json
from kalah.game.board import Board
from kalah.solver import Solver, build_table
values = {}
for name in ("kalah(4,2)", "kalah(5,2)", "kalah(6,1)", "kalah(6,2)+empty-capture"):
    values[name] = Solver(name, table_seeds=-1, tt_bits=16).move_values(Board(name))
board = Board(position=%r)
values["position"] = Solver("kalah(6,4)", table_seeds=-1, tt_bits=16).move_values(board)
values["table"] = bytes(build_table("kalah(6,4)", 5)).hex()
budgeted = Solver("kalah(6,2)", table_seeds=-1, tt_bits=16).house_values_within([2] * 12, 300, 5)
values["budgeted"] = [sorted(part.items()) for part in budgeted]
print(json.dumps(values, sort_keys=True))
"""


def test_plain_python_and_numba_give_identical_values():
    pytest.importorskip("numba")
    position = random_positions("kalah(6,4)", 1, 16, seed=3)[0]
    script = PLAIN_SCRIPT % position
    outputs = []
    for disable in ("1", "0"):
        env = dict(os.environ, PYTHONPATH=ROOT, NUMBA_DISABLE_JIT=disable)
        done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                              cwd=ROOT, env=env, timeout=600)
        assert done.returncode == 0, done.stderr
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1]
    assert max(outputs[0]["kalah(6,2)+empty-capture"].values()) == 10


def test_a_node_budget_proves_what_it_can_and_values_the_rest_by_a_fixed_depth_search():
    solver = Solver("kalah(6,2)", table_seeds=-1, tt_bits=16)
    houses = [2] * 12
    full, exact = solver.house_values_within(houses, 10 ** 9, 3)
    assert full == solver.house_values(houses) and all(exact.values())
    cut, exact = solver.house_values_within(houses, 100000, 3)
    assert 0 < sum(exact.values()) < len(exact)
    # Moves are proven in house order until the budget runs out: exact first, then searched.
    flags = [exact[house] for house in sorted(exact)]
    assert flags == sorted(flags, reverse=True)
    assert all(cut[house] == full[house] for house in exact if exact[house])
    # The same answer again, whatever the table held before: the budget starts from an empty table.
    solver.house_values(houses)
    assert solver.house_values_within(houses, 100000, 3) == (cut, exact)
    assert solver.counts[1] == 0 and solver.counts[2] == 0    # no budget left behind for other calls
