"""Games and tournaments between players seated by `kalah.lab.seats`, with the forfeit rule.

    >>> right = "def select_move(board, lookahead):\\n    return board.legal_moves()[-1]\\n"
    >>> game = play_game({"name": "right", "source": right}, {"name": "first", "ai": "first"})
    >>> game.describe()
    'right (South) - first (North): South wins 38-10.'

Players are specs (see `kalah.lab.seats`). `play_game` plays one game,
each player in this process or (`isolate=True`, the command line) in its
own sandboxed process; `play_match` plays a series between two players,
alternating sides; `play_tournament` plays a tournament's games on a pool
(threads here, or a Dask cluster: `kalah.lab.cluster`), skipping games
already played (resume).

Runs under CPython.
"""

import os
import time

from kalah.errors import KalahError
from kalah.game.rules import DEFAULT_RULES
from kalah.lab.game import LabGame
from kalah.lab.seats import MAX_PLIES, InProcessSeat, SandboxSeat, ask_seat


def play_game(south, north, rules=DEFAULT_RULES, time_limit=1.0, seeds=(None, None),
              isolate=False, on_move=None, sandbox=True, nodes=None):
    """Play `south` against `north` (player specs) to the end; the finished LabGame.

    `isolate`: each player in its own process (`SandboxSeat`), in the OS
    sandbox unless `sandbox=False`. `on_move(game, report)` is told each move
    as it is played. With isolation the game's `.output` holds what each
    player printed (capped). `nodes`: the computer players' budget in search
    nodes a move (the same game on any machine); a player file still plays by
    `time_limit`, which is then the computer players' backstop.
    """
    game = LabGame((south["name"], north["name"]), rules)
    if isolate:
        seats = [SandboxSeat(spec, seed, time_limit, sandbox, nodes=nodes if spec.get("ai") else None)
                 for spec, seed in ((south, seeds[0]), (north, seeds[1]))]
    else:
        seats = [InProcessSeat(south, seeds[0], time_limit, nodes), InProcessSeat(north, seeds[1], time_limit, nodes)]
    try:
        while not game.is_over():
            started = time.monotonic()
            report = game.answer(ask_seat(seats[game.turn], game.board), time.monotonic() - started)
            if report is not None and on_move is not None:
                on_move(game, report)
            if game.board.ply() > MAX_PLIES:
                raise KalahError("the game passed %d plies" % MAX_PLIES)
    finally:
        for seat in seats:
            seat.close()
    game.output = [seat.printed() if isolate else "" for seat in seats]
    return game


def play_match(a, b, rules=DEFAULT_RULES, games=2, time_limit=1.0, seed=0, on_game=None, sandbox=True, nodes=None):
    """Play `games` games between specs a and b, alternating sides; the summary dict.
    A player file runs in its own process, sandboxed unless `sandbox=False`.
    `nodes`: computer players' budget in search nodes instead of seconds (play_game)."""
    isolate = "source" in a or "source" in b
    wins, seeds, draws = [0, 0], [0, 0], 0
    for game in range(games):
        a_side = game % 2  # A is South (0) in even games
        specs = (a, b) if a_side == 0 else (b, a)
        seed_pair = (seed + 2 * game, seed + 2 * game + 1)
        result = play_game(specs[0], specs[1], rules, time_limit, seed_pair, isolate=isolate, sandbox=sandbox,
                           nodes=nodes)
        outcome = result.board.outcome()
        scores = (outcome.scores[a_side], outcome.scores[1 - a_side])
        seeds[0] += scores[0]
        seeds[1] += scores[1]
        if outcome.winner is None:
            draws += 1
        else:
            wins[0 if outcome.winner == a_side else 1] += 1
        if on_game is not None:
            on_game(game, a_side, outcome)
    return {"games": games, "wins": wins, "draws": draws, "seeds": seeds}


def play_game_data(south, north, rules, time_limit, seeds, isolate=True, sandbox=True, nodes=None):
    """play_game's finished game as plain data (`LabGame.as_dict()`): the task
    a pool or a Dask worker runs. The sandbox is checked where the game runs."""
    if isolate and sandbox:
        from kalah.lab.sandbox import sandbox_problem
        problem = sandbox_problem()
        if problem:
            raise KalahError("%s on this machine: it cannot run players in a sandbox" % problem)
    return play_game(south, north, rules, time_limit, seeds, isolate, sandbox=sandbox, nodes=nodes).as_dict()


class LocalPool:
    """Games in threads on this machine (each thread waits on its players' processes)."""

    def __init__(self, jobs):
        from concurrent.futures import ThreadPoolExecutor
        self.jobs = jobs
        self.pool = ThreadPoolExecutor(max_workers=jobs)

    def submit(self, key, function, *args):
        return self.pool.submit(function, *args)

    def wait_any(self, futures):
        from concurrent.futures import FIRST_COMPLETED, wait
        return wait(futures, return_when=FIRST_COMPLETED).done

    def close(self):
        self.pool.shutdown(wait=True)


def play_tournament(tournament, specs, rules=DEFAULT_RULES, time_limit=1.0, jobs=None,
                    isolate=True, on_result=None, sandbox=True, pool=None, done=None, nodes=None):
    """Play every game of `tournament` (a kalah.lab.tournament.Tournament over
    `specs`), `jobs` games at a time (default: every core), each player in its
    own sandboxed process; `on_result(game, result)` hears each game as it ends.

    `pool` runs the games (default a LocalPool of `jobs` threads; a
    `kalah.lab.cluster.DaskPool` runs them on a cluster). `done` maps game ids
    to results already played (`as_dict()` data, e.g. read back by --resume):
    those games are recorded, not played again. `nodes`: the computer
    players' budget in search nodes a move (play_game). Returns {game id: LabGame}.
    """
    jobs = jobs or os.cpu_count() or 1
    pool = pool or LocalPool(jobs)
    done = dict(done or {})
    results = {}
    running = {}
    try:
        while not tournament.finished():
            for game in tournament.pending():
                if game["id"] in done:
                    result = LabGame.from_dict(done.pop(game["id"]))
                    expected = [specs[game["south"]]["name"], specs[game["north"]]["name"]]
                    if list(result.names) != expected:
                        raise KalahError("game %d of the saved results is %s - %s, not %s - %s: "
                                         "they belong to another tournament" % ((game["id"] + 1,) + tuple(result.names)
                                                                                + tuple(expected)))
                    results[game["id"]] = result
                    tournament.start(game["id"])
                    tournament.record(game["id"], result.as_dict())
                    continue
                if len(running) >= pool.jobs:
                    break
                tournament.start(game["id"])
                future = pool.submit("game-%d" % game["id"], play_game_data, specs[game["south"]],
                                     specs[game["north"]], rules, time_limit, game["seeds"], isolate, sandbox,
                                     nodes)
                running[future] = game
            if tournament.finished():
                break
            if not running:
                if any(g["id"] in done for g in tournament.pending()):
                    continue
                raise KalahError("the tournament has no game to play but is not finished")
            for future in pool.wait_any(list(running)):
                game = running.pop(future)
                result = LabGame.from_dict(future.result())
                results[game["id"]] = result
                tournament.record(game["id"], result.as_dict())
                if on_result is not None:
                    on_result(game, result)
    finally:
        for future in running:
            future.cancel()
        pool.close()
    return results
