"""Play one game between two players, applying the forfeit rule.

    >>> right = "def select_move(board, lookahead):\\n    return board.legal_moves()[-1]\\n"
    >>> game = play_game({"name": "right", "source": right}, {"name": "first", "ai": "first"})
    >>> game.describe()
    'right (South) - first (North): South wins 38-10.'

A player is given by a spec, a plain dict that also travels to the page:
`{"name": N, "source": TEXT}` for a student's file (see `loader`), or
`{"name": N, "ai": "greedy"}` for a computer player of `kalah.ai.players`
(random, first, rightmost, greedy, level1..level8).

With `isolate=True` (the command line) each player runs in its own process
for the whole game. The bot's own process keeps its time with a `Deadline`
and answers 'time' itself; the parent waits at most the time limit plus
`GRACE` for any answer and otherwise kills the process (SIGKILL) and the
player forfeits on time: an endless loop, a C call that never returns or a
bot that swallows the interrupt cannot hold a game. A process that dies
(`sys.exit`, a crash) forfeits with an error.

Runs under CPython (and the Pyodide worker, without isolation).
"""

import time
import traceback

from kalah.board import Board
from kalah.errors import KalahError
from kalah.rules import DEFAULT_RULES
from kalah.lab.game import LabGame
from kalah.lab.loader import ERROR, TIMEOUT, BotForfeit, format_error, load_bot_source

GRACE = 0.5          # seconds past the move time limit before a bot is killed
LOAD_TIMEOUT = 20.0   # seconds to start a player's process and load its file
MAX_PLIES = 2000     # a safety net: no rule set here plays this long


def make_player(spec, seed=None):
    """The Player a spec names (see the module doc); KalahError when it cannot."""
    if not isinstance(spec, dict) or not spec.get("name"):
        raise KalahError("a player spec is a dict with a name and a source or an ai, not %r" % (spec,))
    if spec.get("source") is not None:
        return load_bot_source(spec["source"], spec["name"], spec.get("filename"))
    if spec.get("ai"):
        from kalah.ai import players
        return players.get(spec["ai"], seed=seed)
    raise KalahError("player %s: give a source or an ai name" % spec["name"])


def _plain(value):
    return value if value is None or isinstance(value, (int, str)) else repr(value)


def forfeit_reply(forfeit):
    """A BotForfeit as the answer LabGame takes."""
    return {"forfeit": {"kind": forfeit.kind, "reason": forfeit.reason,
                        "traceback": forfeit.traceback, "answer": _plain(forfeit.answer)}}


class InProcessSeat:
    """A player asked in this process (the page's worker, or trusted players)."""

    def __init__(self, spec, seed, time_limit):
        self.spec = spec
        self.time_limit = time_limit
        try:
            self.player = make_player(spec, seed)
            self.error = None
        except KalahError as error:
            self.player = None
            self.error = (ERROR, "could not be loaded: %s" % error, getattr(error, "traceback", None))

    def ask(self, board, progress=None):
        """{"move": house} or {"forfeit": {...}} for the side to move on `board`."""
        try:
            if self.error:
                raise BotForfeit(*self.error)
            try:
                return {"move": self.player.choose(board, self.time_limit, progress)}
            except BotForfeit:
                raise
            except Exception as error:
                raise BotForfeit(ERROR, "raised %s: %s" % (type(error).__name__, error),
                                 format_error(error, "<%s>" % self.spec["name"]))
        except BotForfeit as forfeit:
            return forfeit_reply(forfeit)

    def close(self):
        pass


def _seat_process(conn, spec, seed, time_limit):
    """The body of a player's process: answer (start, moves) with a move."""
    seat = InProcessSeat(spec, seed, time_limit)
    conn.send(("ready",))
    while True:
        try:
            message = conn.recv()
        except (EOFError, KeyboardInterrupt):
            return
        if message is None:
            return
        start, moves = message
        try:
            board = Board.from_position(start)
            for move in moves:
                board.push(move)
            conn.send(seat.ask(board))
        except BaseException as error:  # sys.exit() and the like: still an error
            conn.send(forfeit_reply(BotForfeit(
                ERROR, "raised %s: %s" % (type(error).__name__, error),
                "".join(traceback.format_exception(type(error), error, error.__traceback__)))))


_CONTEXT = None


def process_context():
    """forkserver where it exists: children start from a clean one-thread
    parent, fast, even when games run in threads."""
    global _CONTEXT
    if _CONTEXT is None:
        import multiprocessing
        try:
            _CONTEXT = multiprocessing.get_context("forkserver")
            _CONTEXT.set_forkserver_preload(["kalah.lab.runner"])
        except ValueError:
            _CONTEXT = multiprocessing.get_context("spawn")
    return _CONTEXT


class ProcessSeat:
    """A player in its own process, killed when it does not answer in time."""

    def __init__(self, spec, seed, time_limit):
        context = process_context()
        self.time_limit = time_limit
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_seat_process, args=(child, spec, seed, time_limit),
                                       daemon=True)
        self.process.start()
        child.close()
        self.ready = False

    def ask(self, board):
        """As InProcessSeat.ask, from the player's own process (killed past the time)."""
        try:
            return self._ask(board)
        except BotForfeit as forfeit:
            return forfeit_reply(forfeit)

    def _ask(self, board):
        # The child rebuilds the game from the start position and the moves.
        start = Board.from_position(board.start_position())
        moves = list(board.move_stack)
        try:
            if not self.ready:
                # Starting the process and loading the player is not the bot's move time.
                if not self.conn.poll(LOAD_TIMEOUT):
                    self.kill()
                    raise BotForfeit(ERROR, "the player did not load within %g s" % LOAD_TIMEOUT)
                self.conn.recv()
                self.ready = True
            self.conn.send((start.position(), moves))
            if not self.conn.poll(self.time_limit + GRACE):
                self.kill()
                raise BotForfeit(TIMEOUT, "no move within the time limit of %g s; the player was stopped"
                                 % self.time_limit)
            return self.conn.recv()
        except (EOFError, OSError, BrokenPipeError):
            self.kill()
            raise BotForfeit(ERROR, "the player's process ended without a move")

    def kill(self):
        if self.process.is_alive():
            self.process.kill()
        self.process.join(1)

    def close(self):
        try:
            self.conn.send(None)
        except (OSError, BrokenPipeError):
            pass
        self.process.join(1)
        self.kill()
        self.conn.close()


def play_game(south, north, rules=DEFAULT_RULES, time_limit=1.0, seeds=(None, None),
              isolate=False, on_move=None):
    """Play `south` against `north` (player specs) to the end; the finished LabGame.

    `on_move(game, report)` is told each move as it is played.
    """
    game = LabGame((south["name"], north["name"]), rules)
    seat_class = ProcessSeat if isolate else InProcessSeat
    seats = [seat_class(south, seeds[0], time_limit), seat_class(north, seeds[1], time_limit)]
    try:
        while not game.is_over():
            started = time.monotonic()
            report = game.answer(seats[game.turn].ask(game.board), time.monotonic() - started)
            if report is not None and on_move is not None:
                on_move(game, report)
            if game.board.ply() > MAX_PLIES:
                raise KalahError("the game passed %d plies" % MAX_PLIES)
    finally:
        for seat in seats:
            seat.close()
    return game


def describe(game):
    return game.describe()


def play_tournament(tournament, specs, rules=DEFAULT_RULES, time_limit=1.0, jobs=None,
                    isolate=True, on_result=None):
    """Play every game of `tournament` (a kalah.lab.tournament.Tournament over
    `specs`), `jobs` games at a time (default: every core), each player in its
    own process; `on_result(game, result)` hears each game as it ends.

    Games run in threads that only wait on their players' processes, so the
    work spreads over all cores. Returns {game id: LabGame}.
    """
    import os
    from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
    jobs = jobs or os.cpu_count() or 1
    results = {}
    running = {}
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        while not tournament.finished():
            for game in tournament.pending():
                if len(running) >= jobs:
                    break
                tournament.start(game["id"])
                future = pool.submit(play_game, specs[game["south"]], specs[game["north"]], rules,
                                     time_limit, game["seeds"], isolate)
                running[future] = game
            if not running:
                raise KalahError("the tournament has no game to play but is not finished")
            done, _ = wait(list(running), return_when=FIRST_COMPLETED)
            for future in done:
                game = running.pop(future)
                result = future.result()
                results[game["id"]] = result
                tournament.record(game["id"], result.as_dict())
                if on_result is not None:
                    on_result(game, result)
    return results
