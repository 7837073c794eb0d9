"""Measure the bot lab: the cost of the move deadline, and tournaments on all cores.

    python3 scripts/bench_lab.py [--json]

1. The select_move template's search (lookahead 5 from the start, repeated)
   with no deadline, with the SIGALRM deadline (the command line), with the
   sys.monitoring deadline (the page's Pyodide worker; Python 3.12+) and with
   the trace-hook fallback, as ratios to no deadline, all in this run.
2. One round robin (4 players, 12 games, --time 0.05) with 1 job and with
   every core: wall time and the speed-up. (The select_move template searches
   until its time runs out, so its games, and the standings, vary with the
   machine's load: the point here is the time.)
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from kalah import Board  # noqa: E402
from kalah.lab.interfaces import KalahaBoard  # noqa: E402
from kalah.lab.loader import Deadline, load_bot_file  # noqa: E402
from kalah.lab.runner import play_tournament  # noqa: E402
from kalah.lab.tournament import Tournament  # noqa: E402

TEMPLATES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "kalah", "lab", "templates")


def search_once(player, guard):
    """Seconds for one lookahead-5 search under `guard`, or None if this Python lacks it."""
    board = KalahaBoard(Board())
    started = time.perf_counter()
    if guard is None:
        player.function(board, 5)
    else:
        Deadline.use_signals = guard == "signal"
        with Deadline(600, () if guard == "trace" else player.codes) as deadline:
            player.function(board, 5)
        Deadline.use_signals = True
        if deadline.mode != guard:
            return None     # sys.monitoring needs Python 3.12+
    return time.perf_counter() - started


def search_seconds(player, guards, repeats=7):
    """The best time of each guard, the guards taking turns so that a change
    of the machine's load hits them all alike."""
    best = {}
    for _ in range(repeats):
        for guard in guards:
            spent = search_once(player, guard)
            if spent is not None and (guard not in best or spent < best[guard]):
                best[guard] = spent
    return best


def tournament_seconds(jobs):
    specs = [{"name": "select_move", "source": open(os.path.join(TEMPLATES, "select_move.py")).read()},
             {"name": "algorithm", "source": open(os.path.join(TEMPLATES, "algorithm.py")).read()},
             {"name": "greedy", "ai": "greedy"}, {"name": "random", "ai": "random"}]
    tournament = Tournament(specs)
    started = time.perf_counter()
    play_tournament(tournament, specs, time_limit=0.05, jobs=jobs)
    return time.perf_counter() - started


def main():
    player = load_bot_file(os.path.join(TEMPLATES, "select_move.py"))
    best = search_seconds(player, (None, "signal", "monitor", "trace"))
    plain, signal, monitor, trace = best[None], best["signal"], best.get("monitor"), best["trace"]
    cores = os.cpu_count() or 1
    serial = tournament_seconds(1)
    parallel = tournament_seconds(cores)
    result = {
        "search_s": round(plain, 4), "signal_deadline_ratio": round(signal / plain, 3),
        "monitor_deadline_ratio": round(monitor / plain, 3) if monitor else None,
        "trace_deadline_ratio": round(trace / plain, 3), "python": sys.version.split()[0],
        "cores": cores, "tournament_1_job_s": round(serial, 2), "tournament_all_cores_s": round(parallel, 2),
        "speedup": round(serial / parallel, 2),
    }
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    print("select_move template, lookahead 5: %.3f s without a deadline" % plain)
    print("  SIGALRM deadline (command line): %.2fx" % result["signal_deadline_ratio"])
    if monitor:
        print("  sys.monitoring deadline (page worker, Python 3.12+): %.2fx" % result["monitor_deadline_ratio"])
    else:
        print("  sys.monitoring deadline: not in Python %s (run with 3.12+)" % result["python"])
    print("  trace-hook deadline (the fallback): %.2fx" % result["trace_deadline_ratio"])
    print("round robin, 4 players, 12 games, 0.05 s a move: %.2f s with 1 job, %.2f s with %d (%.2fx)"
          % (serial, parallel, cores, result["speedup"]))


if __name__ == "__main__":
    main()
