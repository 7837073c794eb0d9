"""The computer opponent, as the play page sees it.

    handle = computer.request_move(board, "level5", 1.0, on_progress, on_done)
    handle.cancel()        # undo, new game, leaving the page: stops at once

on_done(move) gets a legal move of board's side to move; on_progress(info)
gets {"loading": True} while the computer's runtime starts, then what the
search reports as it deepens ({"depth": d, ...}); on_error(message), if
given, a failure. Levels run in the Pyodide worker (worker_client.py); the
reference players ("random", "first", "rightmost", "greedy") are instant and
run here on the page's thread (kalah.ai.players imports under MicroPython),
and so do levels 1-3 (PAGE_LEVELS: a search of 1 or 2 plies, milliseconds
here) while the worker is starting: the first moves of a game do not wait
for its cold start. Once it has started they play in the worker, which has
the endgame table (what a 2-ply search sees only in a game's last moves);
once it is known to have failed, the game waits with the reason, as for
every level.

Level 8's opening moves come from the opening book (kalah.ai.book, read
here by MicroPython): the book file of the rule set is fetched the first
time level 8 plays it (before the worker is asked anything: the file is
some 150 kB), and a move in the book is answered at once; the worker starts
right after and takes over where the book ends, or where the book did not
prove every value of the position (both level 8 and Perfect play only the
book's proven positions).

`preload()` starts the worker early (when a game with the computer is set
up, or once the board is drawn) so that the first move does not wait for
the whole runtime to start; `is_ready()` says whether it has.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from kalah.ai import player_registry
from kalah.web.common import worker_client

REFERENCE_PLAYERS = player_registry.REFERENCE_NAMES
PAGE_LEVELS = player_registry.LEVEL_NAMES[:3]
PLAYER_NAMES = player_registry.NAMES
CHOOSE_MOVE = "kalah.ai.worker_api:choose_move"
PREPARE = "kalah.ai.worker_api:prepare"


def _client():
    """The shared worker; <body data-computer="loading|ready"> tells its state
    (for styles and tests)."""
    client = worker_client.shared()
    if client.on_ready is None:
        client.on_ready = lambda timings: _mark("ready")
    if not client.is_ready() and client.failure is None:
        _mark("loading")
    return client


def _mark(state):
    document.body.dataset.computer = state


def preload(board=None):
    """Start the computer's runtime soon, in the background: after any opening book
    on its way has arrived, so that a first move from the book is not kept waiting
    behind the worker's start on this thread. With `board` (the game's), the
    worker then loads that rule set's tables, so that its first search does
    not spend its time fetching them."""
    def start():
        loading = [name for name in _books if _books[name] == LOADING]
        if loading:
            _book_waiters[loading[0]].append(lambda: _later(start))
            return
        client = _client()
        client.start()
        if board is not None and not board.is_game_over():
            client.call(PREPARE, {"position": board.position()}, _ignore, on_error=_ignore)
    _later(start)


def _ignore(*_):
    """A call whose answer is not needed: a failed prepare is retried by the first search."""


def is_ready():
    return worker_client.shared().is_ready()


def _worker_starting():
    client = worker_client.shared()
    return not client.is_ready() and client.failure is None


def retry():
    """Forget why the worker could not start, so the next move tries a fresh one."""
    client = worker_client.shared()
    client.failure = None
    client.restart()


def failure():
    """Why the computer cannot play (the worker did not start), or None."""
    return worker_client.shared().failure


class MoveRequest:
    """One pending computer move; `cancel()` makes sure on_done is never called."""

    def __init__(self, board, on_progress, on_done, on_error):
        self.position = board.position()
        self.legal = board.legal_moves
        self.on_progress = on_progress
        self.on_done = on_done
        self.on_error = on_error
        self.call_id = None
        self.done = False
        self.cancelled = False

    def cancel(self):
        if self.done or self.cancelled:
            return
        self.cancelled = True
        if self.call_id is not None:
            worker_client.shared().cancel(self.call_id)

    def is_pending(self):
        return not (self.done or self.cancelled)

    def _progress(self, info):
        if self.is_pending() and self.on_progress is not None:
            self.on_progress(info)

    def _result(self, answer):
        if not self.is_pending():
            return
        move = answer.get("move") if isinstance(answer, dict) else None
        if move not in self.legal:  # never trust a message with a move
            self._error("the computer answered %r, not a legal move" % (move,))
            return
        self.done = True
        self.answer = answer
        self.on_done(move)

    def _error(self, message):
        if not self.is_pending():
            return
        self.done = True
        if self.on_error is not None:
            self.on_error(message)
        else:
            window.console.warn("the computer could not move: " + message)


def request_move(board, player_name, time_limit, on_progress=None, on_done=None, on_error=None, seed=None):
    """Ask the computer for a move of the side to move; returns a MoveRequest."""
    if player_name not in PLAYER_NAMES:
        raise ValueError("unknown computer player '%s' (known: %s)" % (player_name, ", ".join(PLAYER_NAMES)))
    if board.is_game_over():
        raise ValueError("the game is over: the computer has no move to make")
    request = MoveRequest(board, on_progress, on_done, on_error)
    if player_name in BOOK_PLAYERS and board.rules.name in SHIPPED_BOOKS:
        snapshot = board.copy()

        def from_book():
            """The book's move, else the worker's search (the book is here, or failed)."""
            if not request.is_pending():
                return
            answer = _book_answer(snapshot)
            # Only where the book proved every value, as search.analyse: elsewhere the search
            # plays better than the book's deep values.
            if answer is not None and answer["all_exact"]:
                request._result(answer)
            else:
                _ask_worker(request, player_name, time_limit, seed)
        with_book(board.rules.name, lambda found: from_book())
        return request
    if player_name in REFERENCE_PLAYERS or (player_name in PAGE_LEVELS and _worker_starting()):
        local = _local_player(player_name, seed)
        if local is not None:
            snapshot = board.copy()
            # Answer on the next turn of the event loop, as the worker would,
            # so callers never see on_done run inside request_move.
            def answer():
                if request.is_pending():
                    request._result({"move": local.choose(snapshot, time_limit)})
            _later(answer)
            return request
    _ask_worker(request, player_name, time_limit, seed)
    return request


def _ask_worker(request, player_name, time_limit, seed):
    client = _client()
    if not client.is_ready():
        request._progress({"loading": True})
    args = {"position": request.position, "player": player_name, "time": time_limit}
    if seed is not None:
        args["seed"] = seed
    request.call_id = client.call(CHOOSE_MOVE, args, request._result,
                                  on_progress=request._progress, on_error=request._error)


BOOK_PLAYERS = ("level8", "perfect")   # they play the book's moves where every value is proven
LOADING = "loading"
_books = {}          # rule set name -> LOADING, or the Book once fetched, or False if it failed
_book_waiters = {}   # rule set name -> functions to call once the book is there


def _shipped_books():
    try:
        from kalah.ai import book
        return book.SHIPPED
    except ImportError:
        return ()


SHIPPED_BOOKS = _shipped_books()


def loaded_book(rules_name):
    """The rule set's opening book if it is here already, else None."""
    found = _books.get(rules_name)
    return found if found and found != LOADING else None


def with_book(rules_name, then):
    """then(book) on a later turn of the event loop, once the rule set's opening book is here:
    the Book, or None where none is shipped or it could not load. Fetched once a rule set
    (some 150 kB: sooner than the worker's start)."""
    def ready():
        then(loaded_book(rules_name))
    if rules_name in SHIPPED_BOOKS and _books.get(rules_name) in (None, LOADING):
        _fetch_book(rules_name, ready)
    else:
        _later(ready)


def _book_answer(board):
    """{"move", "value", "exact", "book"} from the loaded book, or None."""
    found = _books.get(board.rules.name)
    if not found or found == LOADING:
        return None
    from kalah.ai import book
    entry = found.lookup(board.pits, board.turn)
    if not entry or not entry[0]:
        return None
    values, exact = entry
    move = book.best_move(values)
    return {"move": move, "value": values[move], "exact": exact[move], "depth": 0, "book": True,
            "all_exact": all(exact.values())}


def _fetch_book(rules_name, then):
    """Fetch the rule set's book once (static/data/), then call `then` (also when it failed)."""
    _book_waiters.setdefault(rules_name, []).append(then)
    if rules_name in _books:
        return
    _books[rules_name] = LOADING
    from kalah.ai import book
    url = "static/data/" + book.file_name(rules_name)

    def finish(found):
        _books[rules_name] = found
        for waiter in _book_waiters.pop(rules_name, []):
            waiter()

    def failed(*_):
        window.console.warn("no opening book at " + url)
        finish(False)

    def got_buffer(buffer):
        try:
            finish(book.load(rules_name, window.Uint8Array.new(buffer)))
        except Exception as error:  # a damaged file: play without the book
            window.console.warn("opening book %s: %s" % (url, error))
            finish(False)

    def got_response(response):
        if not response.ok:
            failed()
            return
        response.arrayBuffer().then(_once(got_buffer), _once(failed))

    window.fetch(url).then(_once(got_response), _once(failed))


_proxies = []


def _once(function):
    """A JS callback proxy kept alive until it has been called once."""
    def call(*args):
        if proxy in _proxies:
            _proxies.remove(proxy)
        return function(*args)
    proxy = create_proxy(call)
    _proxies.append(proxy)
    return proxy


_players = {}


def _local_player(name, seed):
    """A player on this thread, or None if kalah.ai.players cannot load here."""
    key = (name, seed)
    if key not in _players:
        try:
            from kalah.ai import players
            _players[key] = players.get(name, seed=seed)
        except Exception as error:  # ImportError, or a module MicroPython lacks
            window.console.warn("player %s runs in the worker (%s)" % (name, error))
            _players[key] = None
    return _players[key]


_timers = []


def _later(function):
    def run(*_):
        _timers.remove(proxy)
        function()
    proxy = create_proxy(run)
    _timers.append(proxy)
    window.setTimeout(proxy, 0)
