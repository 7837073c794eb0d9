"""One game with the forfeit rule, in this process and in a process per bot."""

import pytest

from kalah.ai.perfect import CAP_NODES
from kalah.errors import KalahError
from kalah.lab.runner import play_game
from kalah.lab.sandbox import sandbox_problem
from kalah.lab.seats import NODES_FLOOR, SandboxSeat, node_backstop

from tests.lab.bots import CRASH, FIRST, GREEDY, RIGHTMOST, SEVEN, STUBBORN, STUCK_IN_C, spec

# Each player's process runs in the bubblewrap sandbox where it starts (scripts/test installs it).
SANDBOX = sandbox_problem() is None


def test_a_game_between_two_valid_players_ends_normally():
    result = play_game(spec("right", RIGHTMOST), spec("first", FIRST), time_limit=1.0)
    assert result.forfeit is None
    assert result.outcome.scores == (38, 10)
    assert result.describe() == "right (South) - first (North): South wins 38-10."


@pytest.mark.parametrize("isolate", [False, True])
def test_an_error_forfeits_and_the_record_keeps_the_traceback(isolate):
    result = play_game(spec("right", RIGHTMOST), spec("crash", CRASH), time_limit=1.0, isolate=isolate, sandbox=SANDBOX)
    outcome = result.outcome
    assert (outcome.termination, outcome.forfeit_by, outcome.winner, outcome.scores) == ("forfeit", 1, 0, (48, 0))
    assert outcome.reason == "error: raised KeyError: 'missing'"
    assert 'File "<crash>", line 4, in select_move' in result.forfeit["traceback"]
    assert result.as_dict()["forfeit"]["traceback"] == result.forfeit["traceback"]


def test_seven_forfeits_in_its_own_process():
    result = play_game(spec("seven", SEVEN), spec("right", RIGHTMOST), time_limit=1.0, isolate=True, sandbox=SANDBOX)
    assert result.outcome.reason == "invalid: returned '7': houses are 1..6"
    assert result.outcome.scores == (0, 48)


def test_a_bot_that_swallows_the_interrupt_forfeits_on_time():
    result = play_game(spec("right", RIGHTMOST), spec("stubborn", STUBBORN), time_limit=0.1, isolate=True, sandbox=SANDBOX)
    assert result.forfeit["kind"] == "time"
    assert result.outcome.forfeit_by == 1
    assert result.seconds[1] < 2.0


def test_a_bot_stuck_in_a_c_call_is_killed_and_forfeits_on_time():
    result = play_game(spec("stuck", STUCK_IN_C), spec("right", RIGHTMOST), time_limit=0.1, isolate=True, sandbox=SANDBOX)
    assert result.outcome.reason == "time: no move within the time limit of 0.1 s of CPU time; the player was stopped"
    assert result.seconds[0] < 2.0


def test_a_bot_that_exits_its_process_forfeits():
    leaver = "import sys\ndef select_move(board, lookahead):\n    sys.exit(3)\n"
    result = play_game(spec("leaver", leaver), spec("right", RIGHTMOST), time_limit=1.0, isolate=True, sandbox=SANDBOX)
    assert result.outcome.reason == "error: raised SystemExit: 3"


def test_a_simple_valid_player_beats_the_random_player_in_most_games():
    wins = 0
    for game in range(10):
        me, rnd = spec("greedy", GREEDY), {"name": "random", "ai": "random"}
        if game % 2 == 0:
            result = play_game(me, rnd, time_limit=1.0, seeds=(None, game))
            wins += result.outcome.winner == 0
        else:
            result = play_game(rnd, me, time_limit=1.0, seeds=(game, None))
            wins += result.outcome.winner == 1
    assert wins >= 8


SLEEPER = ("import time\ndef algorithm(game):\n    time.sleep(%s)\n    row = game.getBoard()[1]\n"
           "    return str(next(h for h in range(1, 7) if row[h]))\n")


@pytest.mark.skipif(not SANDBOX, reason="bubblewrap does not run here")
def test_the_referee_charges_cpu_time_and_stops_a_sleeper_at_three_times_the_limit_plus_a_second():
    # Sleeping costs no CPU: 0.5 s at a 0.2 s limit is within the wall ceiling of 1.6 s.
    napper = play_game(spec("napper", SLEEPER % 0.5), spec("right", RIGHTMOST), time_limit=0.2, isolate=True)
    assert napper.forfeit is None
    assert napper.seconds[0] > 1.0          # it did sleep, more than once
    sleeper = play_game(spec("sleeper", SLEEPER % 5), spec("right", RIGHTMOST), time_limit=0.2, isolate=True)
    assert sleeper.outcome.reason == ("time: no move within 1.6 s (the time limit of 0.2 s: at most 3 x the limit "
                                      "+ 1 s of wall time); the player was stopped")
    assert 1.6 <= sleeper.seconds[0] < 4


def test_an_exception_while_asking_a_seat_forfeits_that_seat_only():
    from kalah.lab import runner

    class Broken(runner.InProcessSeat):
        def ask(self, board):
            raise MemoryError()
    real = runner.InProcessSeat
    runner.InProcessSeat = lambda spec, seed, time_limit, nodes=None: (Broken if spec["name"] == "broken" else real)(
        spec, seed, time_limit, nodes)
    try:
        result = play_game(spec("broken", RIGHTMOST), spec("right", RIGHTMOST), time_limit=1.0)
    finally:
        runner.InProcessSeat = real
    assert result.outcome.reason == "error: the referee could not read this player's answer (MemoryError)"
    assert result.outcome.scores == (0, 48)


def test_at_a_node_budget_a_computer_player_in_its_own_process_moves_by_its_nodes_not_the_clock():
    # A hundredth of the time gives the same game: the player searches its nodes whatever the limit.
    south, north = {"name": "eight", "ai": "level8"}, {"name": "five", "ai": "level5"}
    games = [play_game(south, north, "kalah(4,3)", seconds, (1, 2), isolate=True, sandbox=SANDBOX, nodes=2000)
             for seconds in (1.0, 0.01)]
    assert [game.forfeit for game in games] == [None, None]
    assert games[0].board.move_stack == games[1].board.move_stack


def test_the_referees_clock_for_a_node_budget_is_a_backstop_at_a_slow_machines_speed():
    assert node_backstop({"name": "eight", "ai": "level8"}, 118000, 1.0) == 1.0 + 118000 / NODES_FLOOR
    # Perfect's proof may take its own CAP_NODES before the search's budget.
    assert node_backstop({"name": "p", "ai": "perfect"}, 118000, 1.0) == 1.0 + (118000 + CAP_NODES) / NODES_FLOOR
    message = "^a node budget is for computer players: a player file plays by the time rule$"
    with pytest.raises(KalahError, match=message):
        SandboxSeat(spec("first", FIRST), None, 1.0, SANDBOX, nodes=100)
