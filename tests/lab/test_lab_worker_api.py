"""The lab's worker calls, as the page's Pyodide worker runs them (JSON in, JSON out)."""

import json

from kalah import Board
from kalah.lab import worker_api

from tests.lab.bots import CRASH, GREEDY, spec


def roundtrip(value):
    return json.loads(json.dumps(value))


def test_check_reports_the_line_of_a_syntax_error():
    assert worker_api.check({"source": GREEDY, "name": "g"}) == {"ok": True, "interface": "select_move"}
    answer = roundtrip(worker_api.check({"source": "def select_move(board, l):\n  return (\n", "name": "g"}))
    assert answer["ok"] is False and answer["line"] == 2
    assert answer["message"].startswith("<g>: line 2")


def test_ask_keeps_the_player_between_moves_and_reports_lookaheads():
    counter = "moves = []\ndef algorithm(game):\n    moves.append(1)\n    return str(len(moves))\n"
    heard = []
    args = {"game": "g1", "side": 0, "player": spec("count", counter), "seed": None, "time": 1.0,
            "start": Board().position(), "moves": []}
    assert worker_api.ask(args, heard.append)["move"] == 1
    assert worker_api.ask(dict(args, moves=[1, 6]), heard.append)["move"] == 2   # same module, second call
    assert worker_api.ask(dict(args, game="g1b"))["move"] == 1                     # a new game loads it afresh
    reply = roundtrip(worker_api.ask({"game": "g2", "side": 0, "player": spec("g", GREEDY), "time": 1.0,
                                      "start": Board().position(), "moves": []}, heard.append))
    assert reply["move"] == 3 and heard[-1]["move"] == 3


def test_ask_returns_a_forfeit_with_its_traceback():
    reply = roundtrip(worker_api.ask({"game": "g3", "side": 0, "player": spec("crash", CRASH), "time": 1.0,
                                      "start": Board().position(), "moves": []}))
    assert reply["forfeit"]["kind"] == "error"
    assert 'File "<crash>", line 4' in reply["forfeit"]["traceback"]


def test_ask_reports_that_the_move_began_and_how_far_its_count_is():
    # The page's referee waits past the wall ceiling only for a bot it sees compute (kalah.web.lab.games):
    # the move's first report says it began (before the player loads), then one a 32nd of each budget.
    busy = "def step():\n    return 1\n\ndef algorithm(game):\n    for _ in range(60000):\n        step()\n" \
           "    return '1'\n"
    heard = []
    reply = worker_api.ask({"game": "g4", "side": 0, "player": spec("busy", busy), "time": 1.0,
                            "start": Board().position(), "moves": []}, heard.append)
    assert reply["move"] == 1
    assert heard[0] == {"work": 0}
    counts = [report["work"] for report in heard[1:]]
    assert counts == [15625 * n for n in range(1, 20)]     # 300,000 units of work, a report each 15,625
    worker_api.ask({"game": "g5", "side": 0, "player": spec("busy", busy), "time": 1.0,
                    "start": Board().position(), "moves": []})
    assert len(heard) == len(counts) + 1          # no progress asked for: none reported
