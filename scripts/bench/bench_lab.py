"""Measure the bot lab: the move deadline, the players' sandbox, and tournaments.

    python3 -m scripts.bench.bench_lab [--json] [--sandbox-only]
    .venv/bin/python -m scripts.bench.bench_lab --scale [--players N] [--swiss-players N] [--only 1,2,dask]

1. The select_move template's search (lookahead 5 from the start, repeated)
   without and with the work budget's counting (kalah.lab.work, the page and
   the command line alike), as a ratio, in this run.
2. One round robin (4 players, 12 games, --time 0.05) with 1 job and with
   every core: wall time and the speed-up. (The select_move template searches
   until its work budget runs out: its games are the same on 1 job or all.)
3. The players' process (issue 10), per game start (the process started and
   the player loaded) and per move (one question and its answer), in this
   run: today's runner before issue 10 (a forkserver child, a multiprocessing
   pipe, pickle; rebuilt below as the baseline), the JSON-lines process
   without a sandbox (--trust-bots), the same under bubblewrap (the default),
   and under Node + Pyodide (scripts/bench/pyodide_bot.mjs), as ratios to today's.
4. --scale: a round robin and a Swiss of cheap deterministic bots at 0.1 s a
   move, sandboxed, on 1 local job, 2 local jobs, and a 2-worker Dask
   cluster on localhost: wall time and seconds per game.
"""

import json
import os
import sys
import time


from kalah import Board
from kalah.lab.interfaces import KalahaBoard
from kalah.lab.loader import load_bot_file
from kalah.lab.runner import play_tournament
from kalah.lab.tournament import Tournament
from kalah.lab.work import WorkBudget

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEMPLATES = os.path.join(ROOT, "kalah", "lab", "templates")


def search_once(player, guard):
    """Seconds for one lookahead-5 search, counted (`guard` "work") or not (None)."""
    board = KalahaBoard(Board())
    started = time.perf_counter()
    if guard is None:
        player.function(board, 5)
    else:
        with WorkBudget(10 ** 12):
            player.function(board, 5)
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


RIGHTMOST = "def select_move(board, lookahead):\n    return board.legal_moves()[-1]\n"


def _old_child(conn, spec):
    """Today's runner before issue 10: the player's process answered over a pickling pipe."""
    from kalah.lab.seats import InProcessSeat
    seat = InProcessSeat(spec, None, 1.0)
    conn.send(("ready",))
    while True:
        message = conn.recv()
        if message is None:
            return
        start, moves = message
        board = Board.from_position(start)
        for move in moves:
            board.push(move)
        conn.send(seat.ask(board))


class OldSeat:
    def __init__(self, spec):
        import multiprocessing
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["kalah.lab.seats"])
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_old_child, args=(child, spec), daemon=True)
        self.process.start()
        child.close()

    def wait_ready(self):
        self.conn.recv()

    def ask(self, board):
        self.conn.send((Board.from_position(board.start_position()).position(), list(board.move_stack)))
        return self.conn.recv()

    def close(self):
        self.conn.send(None)
        self.process.join(5)


def seat_costs(kind, starts, moves):
    """(seconds per game start, seconds per move) of one kind of player's process."""
    from kalah.lab.seats import SandboxSeat
    spec = {"name": "right", "source": RIGHTMOST}

    def make():
        if kind == "today":
            return OldSeat(spec)
        sandbox = {"plain": False, "bwrap": True, "pyodide": "pyodide"}[kind]
        return SandboxSeat(spec, None, 1.0, sandbox, load_timeout=300)

    started = time.perf_counter()
    for _ in range(starts):
        seat = make()
        seat.wait_ready()
        seat.close()
    per_start = (time.perf_counter() - started) / starts
    seat = make()
    seat.wait_ready()
    board = Board()
    board.push(3)      # a position a few plies in: the question carries its moves
    board.push(1)
    started = time.perf_counter()
    for _ in range(moves):
        reply = seat.ask(board)
        assert reply == {"move": 6}, reply
    per_move = (time.perf_counter() - started) / moves
    seat.close()
    return per_start, per_move


def sandbox_costs(quick=False):
    import shutil
    from kalah.lab.sandbox import sandbox_problem
    kinds = ["today", "plain"]
    if sandbox_problem() is None:
        kinds.append("bwrap")
    if shutil.which("node") and os.path.isdir(os.path.join(ROOT, "node_modules", "pyodide")):
        kinds.append("pyodide")
    costs = {}
    for kind in kinds:
        slow = kind == "pyodide"
        costs[kind] = seat_costs(kind, 1 if slow or quick else 10, 50 if slow or quick else 300)
    return costs


def scale_seconds(players, system, jobs=None, cluster=None, time_limit=0.1):
    """Wall seconds and games of one sandboxed tournament of `players` cheap deterministic bots."""
    specs = []
    for i in range(players):
        # house (i mod 6)+1 when it can, else the last legal one: deterministic and all different enough
        specs.append({"name": "bot%03d" % i, "source":
                      "def select_move(board, lookahead):\n    moves = board.legal_moves()\n"
                      "    return %d if %d in moves else moves[-1]\n" % (i % 6 + 1, i % 6 + 1)})
    tournament = Tournament(specs, system, None, 1)
    pool = None
    if cluster is not None:
        from kalah.lab.cluster import DaskPool
        pool = DaskPool(cluster)
    started = time.perf_counter()
    play_tournament(tournament, specs, time_limit=time_limit, jobs=jobs, pool=pool)
    return time.perf_counter() - started, len(tournament.games)


def scale(robin_players, swiss_players, only=None):
    import tempfile
    from kalah.lab.cluster import LocalCluster
    rows = {}
    folder = tempfile.mkdtemp(prefix="bench-lab-dask-")
    cluster = LocalCluster(folder, pythonpath=ROOT)
    try:
        for name, players, system in (("robin", robin_players, "robin"), ("swiss", swiss_players, "swiss")):
            for where, jobs, address in (("1 job", 1, None), ("2 jobs", 2, None),
                                         ("dask 2 workers", None, cluster.address)):
                if only and where.split()[0] not in only:
                    continue
                seconds, games = scale_seconds(players, system, jobs, address)
                rows["%s %d players, %s" % (name, players, where)] = {
                    "seconds": round(seconds, 1), "games": games, "per_game_s": round(seconds / games, 3)}
    finally:
        cluster.stop()
    return rows


def _argument(name, default):
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main():
    if "--scale" in sys.argv:
        only = sys.argv[sys.argv.index("--only") + 1].split(",") if "--only" in sys.argv else None
        rows = scale(_argument("--players", 60), _argument("--swiss-players", 200), only)
        print(json.dumps(rows) if "--json" in sys.argv else "\n".join(
            "%-40s %7.1f s  %5d games  %.3f s a game" % (k, v["seconds"], v["games"], v["per_game_s"])
            for k, v in rows.items()))
        return
    costs = sandbox_costs("--quick" in sys.argv)
    base_start, base_move = costs["today"]
    sandbox = {kind: {"start_ms": round(1000 * start, 1), "move_ms": round(1000 * move, 3),
                      "start_ratio": round(start / base_start, 2), "move_ratio": round(move / base_move, 2)}
               for kind, (start, move) in costs.items()}
    if "--sandbox-only" in sys.argv:
        print(json.dumps(sandbox) if "--json" in sys.argv else _sandbox_lines(sandbox))
        return
    player = load_bot_file(os.path.join(TEMPLATES, "select_move.py"))
    best = search_seconds(player, (None, "work"))
    plain, counted = best[None], best["work"]
    cores = os.cpu_count() or 1
    serial = tournament_seconds(1)
    parallel = tournament_seconds(cores)
    result = {
        "search_s": round(plain, 4), "counted_ratio": round(counted / plain, 3), "python": sys.version.split()[0],
        "cores": cores, "tournament_1_job_s": round(serial, 2), "tournament_all_cores_s": round(parallel, 2),
        "speedup": round(serial / parallel, 2), "players_process": sandbox,
    }
    if "--json" in sys.argv:
        print(json.dumps(result))
        return
    print("select_move template, lookahead 5: %.3f s uncounted, %.2fx counted (the work budget)"
          % (plain, result["counted_ratio"]))
    print("round robin, 4 players, 12 games, 0.05 s a move: %.2f s with 1 job, %.2f s with %d (%.2fx)"
          % (serial, parallel, cores, result["speedup"]))
    print(_sandbox_lines(sandbox))


def _sandbox_lines(sandbox):
    names = {"today": "today's runner (forkserver, pickle)", "plain": "JSON lines, no sandbox (--trust-bots)",
             "bwrap": "JSON lines in bubblewrap (default)", "pyodide": "JSON lines, Node + Pyodide"}
    lines = ["a player's process: per game start, per move (ratio to today's runner)"]
    for kind, row in sandbox.items():
        lines.append("  %-40s %8.1f ms (%5.2fx)  %7.3f ms (%5.2fx)" % (
            names[kind], row["start_ms"], row["start_ratio"], row["move_ms"], row["move_ratio"]))
    return "\n".join(lines)


if __name__ == "__main__":
    main()
