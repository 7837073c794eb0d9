"""The bot lab's calls in the page's Pyodide worker (static/js/pyodide-worker.js).

Runs only in the worker (Pyodide) and in CPython tests; the MicroPython page
sends these calls through `kalah.web.common.worker_client` and never imports this.
Each call takes a JSON dict and a progress callable and returns JSON.

    check({"source": S, "name": N})
        -> {"ok": True, "interface": "select_move"} or
           {"ok": False, "message": M, "why": W, "line": 3 or None, "traceback": T or None}
    syntax({"source": S, "filename": "ada.py"})    the code compiled, never run (a save's check)
        -> {"ok": True} or {"ok": False, "message": "ada.py: line 2, column 11: ...", "why": W, "line": 2}
           (M: the load error's English; W: the same as data, for the page's language, kalah.lab.reasons)
    ask({"game": G, "side": 0, "player": SPEC, "seed": 7, "time": 1.0,
         "start": POSITION, "moves": [3, 6, ...]}, progress)
        -> {"move": 4, "seconds": 0.31} or {"forfeit": {...}, "seconds": ...}
           progress({"work": 0}) first, as the move begins (before the player loads),
           progress({"work": units}) as a student's count passes each 32nd of a budget
           (kalah.lab.work.progress_to: the referee's sign that a move is still computing),
           progress({"depth": 2, "move": 4}) for each answer in time (select_move:
           depth is the lookahead; our players: the search depth)
    forget({"game": G}) -> {"forgot": 2}

A game's players stay loaded in the worker between moves (keyed by game and
side), so module-level state and seeded random players behave as on the
command line, where each player keeps its process for the whole game.
"""

import time

from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.lab.loader import BotLoadError, compile_bot, load_bot_source
from kalah.lab.reasons import as_data
from kalah.lab.seats import InProcessSeat
from kalah.lab.work import progress_to

_seats = {}   # (game, side) -> InProcessSeat


def check(args, progress=None):
    try:
        player = load_bot_source(args["source"], args.get("name") or "bot")
    except BotLoadError as error:
        return {"ok": False, "message": str(error), "why": as_data(error), "line": error.line,
                "traceback": error.traceback}
    return {"ok": True, "interface": player.interface}


def syntax(args, progress=None):
    try:
        compile_bot(args["source"], args.get("filename") or "bot.py")
    except BotLoadError as error:
        return {"ok": False, "message": str(error), "why": as_data(error), "line": error.line}
    return {"ok": True}


def ask(args, progress=None):
    if progress is None:
        return _ask(args, None)
    progress({"work": 0})
    progress_to(lambda units: progress({"work": units}))
    try:
        return _ask(args, progress)
    finally:
        progress_to(None)


def _ask(args, progress):
    key = (args["game"], args["side"])
    seat = _seats.get(key)
    if seat is None:
        seat = _seats[key] = InProcessSeat(args["player"], args.get("seed"), float(args["time"]))
    board = Board.from_position(args["start"])
    for move in args.get("moves") or []:
        board.push(move)
    if board.is_game_over():
        raise KalahError("the game is over: there is no move to ask for")
    report = None
    if progress is not None:
        def report(info):
            progress({"depth": info.get("depth"), "move": info.get("move")})
    started = time.monotonic()
    reply = seat.ask(board, report)
    reply["seconds"] = time.monotonic() - started
    return reply
