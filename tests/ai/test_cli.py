"""The AI's commands: exact JSON shapes, and bad input exits 2 with one line."""

import json
import os
import re
import subprocess
import sys

import pytest

from tests.ai.test_book import BEYOND_THE_BOOKS

BEYOND = ",".join(map(str, BEYOND_THE_BOOKS))   # a line no book holds: the search answers

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def kalah(*args):
    return subprocess.run([sys.executable, "-m", "kalah", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def test_bestmove_prints_the_move_value_and_search_figures():
    run = kalah("bestmove", "--rules", "kalah(6,4)", "--moves", BEYOND, "--time", "0.2", "--json")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert set(answer) == {"move", "value", "exact", "depth", "nodes"}
    assert answer["move"] in range(1, 7) and answer["depth"] >= 1 and answer["exact"] is False


def test_bestmove_answers_from_the_book_where_it_proved_every_value():
    run = kalah("bestmove", "--rules", "kalah(6,4)", "--moves", "3", "--json")   # South again
    assert json.loads(run.stdout) == {"move": 6, "value": 8, "exact": True, "depth": 0, "nodes": 0}
    # The shipped Kalah(6,4) book proves every position it holds, so its third turn answers at once too.
    # (Where a book holds its build's deep search instead, the search answers: tests/ai/test_book.py.)
    run = kalah("bestmove", "--rules", "kalah(6,4)", "--moves", "3,6,1", "--time", "0.2", "--json")
    answer = json.loads(run.stdout)
    assert (answer["value"], answer["exact"], answer["depth"], answer["nodes"]) == (18, True, 0, 0)


def test_bestmove_from_a_position_near_the_end_is_exact():
    run = kalah("bestmove", "--position", "kalah(3,2)/0,0,1,5,1,0,0,5/S", "--time", "1", "--json")
    assert json.loads(run.stdout) == {"move": 3, "value": 0, "exact": True, "depth": 1, "nodes": 0}


def test_bestmove_at_a_node_budget_gives_the_same_move_on_every_run():
    # A node budget, not a time: nothing of the machine's load reaches the answer.
    runs = [kalah("bestmove", "--moves", BEYOND, "--nodes", "20000", "--json") for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    answer = json.loads(runs[0].stdout)
    assert answer["exact"] is False and 20000 <= answer["nodes"] < 20000 + 2 * 256   # the search polls every 256


def test_perfect_at_a_node_budget_says_its_proof_ran_out_of_nodes():
    # 37 seeds: within Perfect's reach, but far past a 1,000-node proof.
    position = "kalah(6,4)/0,1,2,7,7,0,10,0,5,5,5,0,5,1/N"
    run = kalah("bestmove", "--position", position, "--player", "perfect", "--nodes", "3000", "--proof-nodes", "1000")
    assert run.returncode == 0, run.stderr
    said = re.escape(position) + r": move [1-6], value [+-][0-9.]+ \(not proven: the proof did not finish within " \
        r"1000 nodes\), depth [0-9]+, [0-9]+ nodes\n"
    assert re.fullmatch(said, run.stdout), run.stdout
    # Near the end the proof finishes within its default budget: an exact move, on any machine.
    run = kalah("bestmove", "--position", "kalah(6,4)/0,0,0,1,2,1,20,1,0,2,1,0,0,20/S", "--player", "perfect",
                "--nodes", "3000", "--json")
    answer = json.loads(run.stdout)
    assert (answer["move"], answer["exact"], answer["depth"]) == (5, True, 0)


def test_solve_prints_value_best_and_values_by_house():
    run = kalah("solve", "--rules", "kalah(4,2)", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"value": 6, "best": [4], "values": {"1": -12, "2": -10, "3": 4, "4": 6}}


def test_match_counts_wins_draws_and_seeds_with_each_side_taken_equally():
    run = kalah("match", "level5", "first", "--rules", "kalah(4,3)", "--games", "2", "--time", "0.05", "--json")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert set(answer) == {"games", "wins", "draws", "seeds"} and answer["games"] == 2
    assert sum(answer["wins"]) + answer["draws"] == 2
    assert sum(answer["seeds"]) == 2 * 24


def test_match_at_a_node_budget_plays_the_same_games_on_every_run():
    args = ("match", "level8", "perfect", "--rules", "kalah(4,3)", "--games", "2", "--nodes", "3000", "--json")
    runs = [kalah(*args) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    answer = json.loads(runs[0].stdout)
    assert answer["games"] == 2 and sum(answer["wins"]) + answer["draws"] == 2 and sum(answer["seeds"]) == 2 * 24


def test_match_at_a_node_budget_keeps_the_time_rule_for_a_player_file(tmp_path):
    # The file plays by its work budget (--time, default 1), level 8 by nodes: the same games every run.
    bot = tmp_path / "bot.py"
    bot.write_text("def select_move(board, lookahead):\n    return board.legal_moves()[0]\n")
    args = ("match", "level8", str(bot), "--rules", "kalah(4,3)", "--games", "2", "--nodes", "3000", "--json",
            "--trust-bots")
    runs = [kalah(*args) for _ in range(2)]
    assert runs[0].returncode == 0, runs[0].stderr
    assert runs[0].stdout == runs[1].stdout
    answer = json.loads(runs[0].stdout)
    assert answer["games"] == 2 and sum(answer["seeds"]) == 2 * 24


@pytest.mark.parametrize("args, message", [
    (["bestmove", "--rules", "kalah(9,4)"], "houses must be 1..8"),
    (["bestmove", "--moves", "3,3"], "house 3 of South is empty"),
    (["bestmove", "--time", "-1"], "--time must be a positive"),
    (["bestmove", "--nodes", "0"], "--nodes must be at least 1, not 0"),
    (["bestmove", "--proof-nodes", "5"], "--proof-nodes goes with --player perfect and --nodes"),
    (["bestmove", "--player", "perfect", "--nodes", "9", "--proof-nodes", "0"], "--proof-nodes must be at least 1"),
    (["solve", "--position", "kalah(3,2)/1,1/S"], "has 8 pits, not 2"),
    (["solve", "--position", "kalah(3,2)/0,0,0,6,1,1,4,0/-"], "game is over"),
    (["match", "level9", "greedy"], "'level9' is neither a player"),
    (["match", "level1", "greedy", "--games", "0"], "--games must be at least 1"),
    (["match", "level1", "greedy", "--nodes", "0"], "--nodes must be at least 1, not 0"),
    (["tournament", "--players", "level1,greedy", "--nodes", "0"], "--nodes must be at least 1, not 0"),
    (["build-endgame", "--rules", "oware", "--seeds", "3"], "only Kalah"),
])
def test_bad_input_exits_2_with_one_line_saying_what_is_wrong(args, message):
    run = kalah(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    assert message in run.stderr and run.stderr.count("\n") == 1, run.stderr
