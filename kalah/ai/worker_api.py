"""The Python functions the page's Pyodide worker runs for the computer players.

static/js/pyodide-worker.js calls `kalah.ai.worker_api:NAME` with a JSON
dict of arguments, a `progress(dict)` callable and, where the browser can
pause Python for the worker's messages, a `should_stop()` that turns True
once the page cancels the call; it posts back the JSON value returned. Positions travel as position text (`Board.position()`),
games as a start position and a list of moves. Everything here also runs
under CPython, which is how the tests and the benchmark call it.

    choose_move({"position": P, "player": "level8", "time": 1.0}, progress)
        -> {"move": 3, "value": 8, "exact": False, "depth": 12, "nodes": 41000}
        ("perfect" adds "why_not": None for a proven move, else the reason;
        while it proves, progress gets {"proving": True, "nodes": n})
    analyse({"position": P, "time": 1.0}, progress)
        -> {"move", "value", "exact", "depth", "nodes", "values": {"3": 8, ...}}
    review_move({"position": P, "move": 3, "time": 0.3}, progress)
        -> {"best": 6, "loss": 4, "mark": "mistake", ...}  (see `review_move`)
    bench({"positions": [P, ...], "time": 1.0}, progress)
        -> nodes searched per second, for scripts/bench/bench_browser_search.py
"""

import time

from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import NORTH, SOUTH

# A review marks a move by how much of the position's value it gave away,
# in seeds of final margin (Lichess marks by lost winning chances; a Kalah
# value is a seed count, so the steps are seed counts).
MARKS = ((6, "blunder"), (3, "mistake"), (1, "inaccuracy"))

# A move's time limit counts the tables' first loading; what is left, at
# least this, goes to the search (which then still answers a legal move).
MIN_SEARCH_SECONDS = 0.05

_endgame_checked = set()  # endgame table keys and book rule sets already looked for


def _board(args):
    position = args.get("position") if isinstance(args, dict) else None
    if not isinstance(position, str):
        raise KalahError("the worker needs a position text, e.g. 'kalah(6,4)/4,4,...,0/S'")
    board = Board.from_position(position)
    if board.is_game_over():
        raise KalahError("the game is over: there is no move to find")
    return board


def _time(args, default=1.0):
    seconds = args.get("time", default)
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds <= 0:
        raise KalahError("time must be a positive number of seconds, not %r" % (seconds,))
    return float(seconds)


def _nodes(args):
    nodes = args.get("nodes")
    if nodes is not None and (not isinstance(nodes, int) or isinstance(nodes, bool) or nodes <= 0):
        raise KalahError("nodes must be a positive whole number, not %r" % (nodes,))
    return nodes


def _report(progress):
    """A progress callback for the search that forwards plain JSON values only."""
    if progress is None:
        return None

    def forward(info):
        progress(_plain(info))
    return forward


def _plain(info):
    if isinstance(info, dict):
        return dict((str(k), _plain(v)) for k, v in info.items())
    if isinstance(info, (list, tuple)):
        return [_plain(v) for v in info]
    if isinstance(info, (int, float, str, bool)) or info is None:
        return info
    return _plain(getattr(info, "__dict__", str(info)))


def _analysis_dict(analysis):
    values = getattr(analysis, "values", None) or {}
    exact = getattr(analysis, "exact_values", None) or {}
    return {
        "move": analysis.move,
        "value": analysis.value,
        "exact": bool(analysis.exact),
        "depth": analysis.depth,
        "nodes": analysis.nodes,
        "values": dict((str(move), value) for move, value in values.items()),
        "exact_values": dict((str(move), bool(flag)) for move, flag in exact.items()),
        "book": bool(getattr(analysis, "book", False)),
    }


def _prepare(board):
    """Load the endgame database for this rule set the first time it is needed.

    The worker fetches the file from the site (static/data/) only now, so
    the page never downloads it unless the computer plays that rule set.
    """
    from kalah.ai import endgame, search
    # One rule set's search table (search.DEFAULT_TABLE_SIZE entries) and one
    # endgame table at a time, so the worker's memory stays under one of each
    # however many rule sets a visitor plays.
    for name in list(search._searchers):
        if name != board.rules.name:
            del search._searchers[name]
    _endgame_checked.difference_update(endgame.unload_others(board.rules))
    _prepare_book(board)
    key = endgame.db_key(board.rules)
    if key not in endgame.SHIPPED or key in _endgame_checked:
        return
    _endgame_checked.add(key)
    data = _fetch_bytes("static/data/" + endgame.file_name(key))
    if data is not None:
        endgame.load(board.rules, data)
    else:  # offline before the file was ever cached: play without it, look again next time
        _endgame_checked.discard(key)


def _prepare_book(board):
    """Fetch the rule set's opening books the first time they are needed (search.analyse reads them).

    The book for any opening (static/data/book/RULES/opening.bin) is fetched
    here in the worker only, never by the page, so the page's first load
    stays as light as it was."""
    from kalah.ai import book
    name = board.rules.name
    if name not in book.SHIPPED or name in _endgame_checked:
        return
    _endgame_checked.add(name)
    if book.loaded(name) is None:
        data = _fetch_bytes("static/data/" + book.file_name(name))
        if data is not None:
            book.load(name, data)
    data = _fetch_bytes("static/data/" + book.opening_file(name))
    if data is not None:
        book.load_opening(name, data)


def _fetch_bytes(path):
    """The bytes of a site file (path from the site root), or None if missing.

    In the worker this is a synchronous request (allowed in workers), so the
    search can stay plain synchronous Python; under CPython it reads the file.
    """
    try:
        import js  # Pyodide only
    except ImportError:
        import os
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        full = os.path.join(root, path)
        if not os.path.exists(full):
            return None
        with open(full, "rb") as handle:
            return handle.read()
    request = js.XMLHttpRequest.new()
    # The worker lives at static/js/; the site root is two folders up.
    request.open("GET", js.URL.new("../../" + path, js.location.href).href, False)
    request.responseType = "arraybuffer"
    try:
        request.send()
    except Exception:  # no network and not cached: the caller goes on without the file
        return None
    if request.status != 200:
        return None
    return bytes(js.Uint8Array.new(request.response).to_py())


def choose_move(args, progress=None, should_stop=None):
    """The move a player ('random', 'greedy', 'level1'..'level8', ...) chooses.

    Returns {"move": house, "seconds": s} and, for the levels, what the
    search last reported (depth, value, exact, nodes).
    """
    from kalah.ai import players
    board = _board(args)
    seconds = _time(args)
    name = args.get("player", "level8")
    player = players.get(name, seed=args.get("seed"))
    started = time.time()
    _prepare(board)   # fetching the tables (the page asks for them sooner, see prepare) is the move's time too
    last = {}

    def report(info):
        last.clear()
        last.update(_plain(info))
        if progress is not None:
            progress(dict(last))
    left = max(seconds - (time.time() - started), MIN_SEARCH_SECONDS)
    if name == players.PERFECT and len(board.legal_moves) > 1:
        # The page says whether the move is proven, and why not.
        from kalah.ai import perfect
        analysis = perfect.analyse(board, left, report, should_stop)
        move = analysis.move
        last.update(analysis.as_dict())
        last["why_not"] = analysis.why_not
    else:
        move = player.choose(board, left, report, should_stop)
    if move not in board.legal_moves:
        raise KalahError("player %s chose %r, not a legal move (%s)" % (
            name, move, ", ".join(str(m) for m in board.legal_moves)))
    answer = dict(last)
    answer["move"] = move
    answer["seconds"] = round(time.time() - started, 3)
    return answer


def prepare(args, progress=None, should_stop=None):
    """Fetch and load the opening book and endgame table of the position's rule set now.

    The page asks this as soon as the worker has started in a game with the
    computer, so the first search does not spend its time on a 3-11 MB
    download. Returns the endgame tables in memory."""
    from kalah.ai import endgame
    _prepare(_board(args))
    return {"endgame": endgame.loaded()}


def analyse(args, progress=None, should_stop=None):
    """The value of every legal move for the side to move (for hints)."""
    from kalah.ai import search
    board = _board(args)
    _prepare(board)
    analysis = search.analyse(board, _time(args), _report(progress), should_stop)
    return _analysis_dict(analysis)


def classify(loss):
    """The review's mark for a move that gave away `loss` seeds, or None."""
    for threshold, mark in MARKS:
        if loss >= threshold:
            return mark
    return None


def review_move(args, progress=None, should_stop=None):
    """How a move played in a game compares with the best move there.

    args: {"position": the position before the move, "move": house or 0
    (swap), "time": seconds, "nodes": the search's budget (optional)}.
    With a node budget the review is the same on every machine, loaded or
    not; the time is then only a backstop. Returns {side, move, best, best_value,
    played_value, loss, mark, exact, played_exact, south_value}: values are
    the mover's final margin in seeds, `loss` what the move gave away,
    `mark` its review mark (or None), `south_value` the position's value
    for South, so that a game's values read as one line on a chart.
    The page reviews a game one position at a time, so that leaving the
    review never has to wait for a long call.
    """
    from kalah.ai import search
    board = _board(args)
    move = args.get("move")
    board.check_move(move)
    _prepare(board)
    analysis = search.analyse(board, _time(args, 0.3), _report(progress), should_stop,
                              max_nodes=_nodes(args))
    values = analysis.values or {}
    exact = analysis.exact_values or {}
    best_value = analysis.value
    played_value = values.get(move, best_value)
    loss = max(0, best_value - played_value)
    return {
        "side": board.turn, "move": move,
        "best": analysis.move, "best_value": best_value,
        "played_value": played_value, "loss": loss,
        "mark": classify(loss) if move != analysis.move else None,
        "exact": bool(analysis.exact),
        "played_exact": bool(exact.get(move, analysis.exact)),
        "south_value": best_value if board.turn == SOUTH else -best_value,
    }


def bench(args, progress=None):
    """Search speed on this host, for scripts/bench/bench_browser_search.py.

    Each position is searched to a fixed depth from an empty table and
    without the endgame database, so every host visits exactly the same
    nodes and only the speed differs. Then the depth the players' search
    (shared table, endgame database when shipped) reaches in `time`
    seconds from `timed` (else the first position). With `proofs`, those
    positions are proven (kalah.ai.proof) from an empty proof table.
    """
    from kalah.ai import search
    positions = args.get("positions") or []
    depth = args.get("depth", 8)
    results = []
    for position in positions:
        board = Board.from_position(position)
        searcher = search.Search(board.rules)
        started = time.time()
        analysis = searcher.analyse(board, None, max_depth=depth)
        results.append({"position": position, "nodes": analysis.nodes,
                        "seconds": time.time() - started, "move": analysis.move, "value": analysis.value})
        if progress is not None:
            progress({"done": len(results), "of": len(positions)})
    nodes = sum(r["nodes"] for r in results)
    elapsed = sum(r["seconds"] for r in results)
    answer = {"nodes": nodes, "seconds": elapsed,
              "nodes_per_second": nodes / elapsed if elapsed else 0, "results": results}
    if positions:
        # A position outside the opening book, which would answer at depth 0.
        board = Board.from_position(args.get("timed") or positions[0])
        _prepare(board)
        search._searchers.clear()  # start from an empty table, as a new game does
        timed = search.analyse(board, _time(args))
        answer["timed"] = {"depth": timed.depth, "nodes": timed.nodes, "seconds": timed.seconds,
                           "move": timed.move, "value": timed.value, "exact": bool(timed.exact)}
    proofs = args.get("proofs") or []
    if proofs:
        answer["proofs"] = _bench_proofs(proofs)
    if args.get("fill") and positions:
        # Fill one table to its bound: the worker's heap then shows what the
        # table costs at most (WebAssembly memory grows and never shrinks).
        board = Board.from_position(positions[0])
        before = _memory_bytes()
        searcher = search.Search(board.rules)
        full = searcher.table_size - 1000
        started = time.time()
        searcher.analyse(board, 300.0, should_stop=lambda: len(searcher.tt) >= full)
        answer["fill"] = {"entries": len(searcher.tt), "seconds": time.time() - started,
                          "memory_before": before, "memory_after": _memory_bytes()}
    answer["memory_bytes"] = _memory_bytes()
    return answer


def _bench_proofs(positions):
    """Each position proven from an empty proof table, on the shipped endgame table: nodes and seconds."""
    from kalah.ai import endgame
    from kalah.ai.proof import Prover
    from kalah.ai.search import rotate
    results = []
    for position in positions:
        board = Board.from_position(position)
        _prepare(board)
        pits = tuple(board.pits)
        if board.turn == NORTH:
            pits = rotate(pits, board.rules.houses)
        prover = Prover(board.rules, endgame.table_for(board.rules))
        started = time.time()
        move, values = prover.best(pits, board.legal_moves)
        results.append({"position": position, "move": move, "future": values[move],
                        "nodes": prover.nodes, "seconds": time.time() - started})
    nodes = sum(r["nodes"] for r in results)
    seconds = sum(r["seconds"] for r in results)
    return {"nodes": nodes, "seconds": seconds, "nodes_per_second": nodes / seconds if seconds else 0,
            "results": results}


def _memory_bytes():
    """The Python heap's size in the worker (WebAssembly memory), None elsewhere."""
    try:
        import pyodide_js
        return pyodide_js._module.HEAPU8.length
    except Exception:
        return None
