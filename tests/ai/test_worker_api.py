"""The functions the browser's Pyodide worker runs, called as the worker calls them.

The worker passes JSON-decoded arguments and a progress callable and sends
back the JSON-encoded return value, so every answer must survive json.dumps.
"""

import json
import time

import pytest

from kalah import Board, KalahError, known_names
from kalah.ai import search, worker_api
from tests.ai.test_book import beyond_the_books

START = Board("kalah(6,4)").position()


def call(name, args):
    """Run a worker_api function the way the worker does: JSON in, JSON out."""
    reports = []
    result = getattr(worker_api, name)(json.loads(json.dumps(args)), reports.append)
    return json.loads(json.dumps(result)), json.loads(json.dumps(reports))


@pytest.mark.parametrize("player", ["random", "first", "rightmost", "greedy", "level1", "level5", "level8"])
def test_choose_move_answers_a_legal_move(player):
    board = Board("kalah(6,4)")
    board.push(3)
    board.push(1)
    answer, _ = call("choose_move", {"position": board.position(), "player": player, "time": 0.05, "seed": 1})
    assert answer["move"] in board.legal_moves


def test_choose_move_reports_the_depth_as_it_deepens():
    board = beyond_the_books()   # the books would answer without a search
    answer, reports = call("choose_move", {"position": board.position(), "player": "level8", "time": 0.2})
    depths = [r["depth"] for r in reports]
    assert depths == sorted(depths) and depths[0] == 1
    assert answer["depth"] == depths[-1]


def test_prepare_loads_the_rule_sets_tables_before_the_first_search():
    from kalah.ai import endgame
    endgame.unload()
    worker_api._endgame_checked.clear()
    answer, reports = call("prepare", {"position": Board("kalah(6,3)+empty-capture").position()})
    assert answer == {"endgame": ["kalah6+empty-capture"]} and reports == []


def test_a_moves_time_counts_loading_the_tables(monkeypatch):
    from kalah.ai import players
    limits = []
    monkeypatch.setattr(worker_api, "_prepare", lambda board: time.sleep(0.3))
    monkeypatch.setattr(players.SearchPlayer, "choose", lambda self, board, seconds, *rest: limits.append(seconds) or 1)
    call("choose_move", {"position": START, "player": "level5", "time": 1.0})
    call("choose_move", {"position": START, "player": "level5", "time": 0.2})
    assert 0.6 < limits[0] <= 0.7 and limits[1] == worker_api.MIN_SEARCH_SECONDS


def test_the_worker_keeps_one_endgame_table_in_memory():
    from kalah.ai import endgame
    for rules in ("kalah(6,4)", "kalah(6,3)+empty-capture", "kalah(6,6)"):
        board = Board(rules)
        board.push(1)
        call("choose_move", {"position": board.position(), "player": "level8", "time": 0.05})
        assert endgame.loaded() == [endgame.db_key(rules)]


def test_level8_and_analyse_answer_the_start_from_the_opening_book():
    answer, reports = call("choose_move", {"position": START, "player": "level8", "time": 0.2})
    assert answer["move"] == 3 and reports == []
    answer, _ = call("analyse", {"position": START, "time": 0.2})
    assert answer["depth"] == 0 and answer["value"] == 8 and all(answer["exact_values"].values())


def test_analyse_values_every_legal_move_and_marks_exact_ones():
    # South to move with few seeds left: the search reaches the end of the game.
    board = Board(position="kalah(6,4)/0,0,0,0,1,2,20,1,0,0,0,0,1,23/S")
    answer, _ = call("analyse", {"position": board.position(), "time": 1.0})
    assert sorted(answer["values"]) == [str(m) for m in board.legal_moves]
    assert set(answer["exact_values"]) == set(answer["values"])
    assert answer["exact"] is True
    assert answer["value"] == max(answer["values"].values())


def test_review_move_marks_the_move_that_gave_value_away():
    # Few seeds left, so every value is exact: houses 6 and 1 keep South's
    # +4, house 3 lets North store the last seeds (+0): a mistake of 4.
    position = "kalah(6,4)/1,0,2,0,0,1,21,0,0,3,0,1,0,19/S"
    analysis, _ = call("analyse", {"position": position, "time": 2.0})
    assert analysis["values"] == {"6": 4, "1": 4, "3": 0} and analysis["exact"]
    answer, _ = call("review_move", {"position": position, "move": 3, "time": 2.0})
    assert answer.pop("best") in (6, 1)  # equal values: either is best
    assert answer == {"side": 0, "move": 3, "best_value": 4, "played_value": 0, "loss": 4,
                      "mark": "mistake", "exact": True, "played_exact": True, "south_value": 4}
    best, _ = call("review_move", {"position": position, "move": 6, "time": 2.0})
    assert (best["loss"], best["mark"]) == (0, None)


def test_review_move_gives_north_values_from_south_side():
    north = "kalah(6,4)/0,0,3,0,1,0,19,1,0,2,0,0,1,21/N"
    answer, _ = call("review_move", {"position": north, "move": 6, "time": 2.0})
    assert answer["side"] == 1 and answer["south_value"] == -answer["best_value"]


def test_review_move_at_a_node_budget_is_the_same_each_time():
    # The pages review by nodes (kalah/web/common/review_panel.py): the same marks on any machine.
    position = "kalah(6,4)/0,0,2,10,5,5,4,1,0,2,6,0,1,12/S"
    answers = []
    for _ in range(2):
        search._searchers.clear()   # each from an empty table, as in a new worker
        answers.append(call("review_move", {"position": position, "move": 4, "nodes": 20000, "time": 60})[0])
    assert answers[0] == answers[1] and answers[0]["move"] == 4


def test_review_move_refuses_a_budget_that_is_not_a_count():
    with pytest.raises(KalahError, match="nodes must be a positive whole number, not 'many'"):
        worker_api.review_move({"position": START, "move": 3, "nodes": "many"})


def test_classify_steps():
    assert [worker_api.classify(loss) for loss in (0, 1, 2, 3, 5, 6, 20)] == [
        None, "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"]


@pytest.mark.parametrize("args, message", [
    ({}, "needs a position"),
    ({"position": "kalah(6,4)/nonsense/S"}, "whole numbers"),
    ({"position": START, "time": -1}, "positive number of seconds"),
    ({"position": START, "player": "nobody"}, "unknown player"),
])
def test_bad_input_says_what_was_wrong(args, message):
    with pytest.raises(KalahError, match=message):
        worker_api.choose_move(args)


def test_review_move_rejects_an_illegal_move():
    with pytest.raises(KalahError, match="house 3 of South is empty"):
        worker_api.review_move({"position": "kalah(6,4)/1,0,0,0,0,1,21,0,0,3,0,1,2,19/S", "move": 3})


@pytest.mark.parametrize("rules", known_names())
def test_every_rule_set_gets_a_move_and_a_value_for_each_legal_move(rules):
    board = Board(rules)
    board.push(board.legal_moves[-1])
    answer, _ = call("choose_move", {"position": board.position(), "player": "level4", "time": 0.05, "seed": 3})
    assert answer["move"] in board.legal_moves
    analysis, _ = call("analyse", {"position": board.position(), "time": 0.05})
    assert sorted(int(move) for move in analysis["values"]) == sorted(board.legal_moves)
    review, _ = call("review_move", {"position": board.position(), "move": board.legal_moves[0], "time": 0.05})
    assert review["loss"] >= 0 and review["best"] in board.legal_moves
