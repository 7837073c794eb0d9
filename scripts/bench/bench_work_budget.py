"""What counting a move's work costs (issue 37): a search player's nodes per second, uncounted
and counted by `kalah.lab.work.WorkBudget`, and the units of work a second, in this Python.

    .venv/bin/python -m scripts.bench.bench_work_budget [--depth 5] [--repeats 5] [--json]

The player is the lab's select_move template (kalah/lab/templates/select_move.py), its
minimax wrapped to count the positions it visits; each measure is the best of `repeats`, the
two runs taking turns so that a change of the machine's load hits both alike. The units of
one search (its work at `--depth`) and the depth the template reaches from the start within
the budget of a 1 s move (kalah.lab.game.work_budget) are printed too: both are the same on
any machine.
"""

import argparse
import json
import os
import time

from kalah import Board
from kalah.lab.game import work_budget
from kalah.lab.interfaces import KalahaBoard
from kalah.lab.loader import load_bot_file
from kalah.lab.work import WorkBudget

TEMPLATE = os.path.join(os.path.dirname(__file__), "..", "..", "kalah", "lab", "templates", "select_move.py")


def counting_player():
    """The template, its minimax counting the nodes it visits in `nodes[0]`."""
    player = load_bot_file(TEMPLATE)
    namespace = player.function.__globals__
    search, nodes = namespace["minimax"], [0]

    def minimax(board, depth, me):
        nodes[0] += 1
        return search(board, depth, me)
    namespace["minimax"] = minimax
    return player, nodes


def one_search(player, nodes, depth, counted):
    nodes[0] = 0
    board = KalahaBoard(Board())
    started = time.perf_counter()
    if counted:
        with WorkBudget(10 ** 12) as budget:
            player.function(board, depth)
    else:
        player.function(board, depth)
        budget = None
    return nodes[0], time.perf_counter() - started, budget.used if budget else None


def depth_in_budget(player, seconds=1.0):
    """The deepest lookahead the template finishes from the start within a move's budget."""
    reached = []
    player.choose(Board(), seconds, progress=lambda info: reached.append(info["depth"]))
    return max(reached)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    player, nodes = counting_player()
    best = {}
    for _ in range(options.repeats):
        for counted in (False, True):
            visited, seconds, units = one_search(player, nodes, options.depth, counted)
            if counted not in best or seconds < best[counted][1]:
                best[counted] = (visited, seconds, units)
    plain, counted = best[False], best[True]
    result = {"depth": options.depth, "nodes": plain[0],
              "nodes_per_s_uncounted": round(plain[0] / plain[1]), "nodes_per_s_counted": round(counted[0] / counted[1]),
              "slowdown": round(counted[1] / plain[1], 2), "units": counted[2],
              "units_per_s_counted": round(counted[2] / counted[1]),
              "budget_1s": work_budget(1.0), "depth_in_1s_budget": depth_in_budget(load_bot_file(TEMPLATE))}
    if options.json:
        print(json.dumps(result))
        return
    print("select_move template, lookahead %d from the start: %d nodes, %d units of work" %
          (options.depth, result["nodes"], result["units"]))
    print("  uncounted: %d nodes/s; counted: %d nodes/s (%.2fx the time); %d units/s counted" %
          (result["nodes_per_s_uncounted"], result["nodes_per_s_counted"], result["slowdown"],
           result["units_per_s_counted"]))
    print("  a 1 s move's budget: %d units; the template finishes lookahead %d from the start within it"
          % (result["budget_1s"], result["depth_in_1s_budget"]))


if __name__ == "__main__":
    main()
