"""One bot's sandbox in the page: its own Pyodide in a worker inside a
sandboxed iframe (static/js/bot-sandbox.js and bot-worker.js).

A `SandboxClient` holds exactly one player for exactly one game (or one
check of the editor's code), and is thrown away after it: nothing a bot
does survives into another game, and no bot shares an interpreter with the
referee (this page's Python) or with another player. It offers the calls of
`kalah.web.common.worker_client.WorkerClient` that the lab uses (call, cancel,
is_ready, busy, terminate, failure). Every message from the sandbox is
checked here: only JSON objects of the known types, answers only for the
call that is running; anything else, or anything that fails while it is
read, fails this client alone, which forfeits its own seat's game and
nothing more. The frame bounds what a sandbox may send for one call (size
and number of messages, bot-sandbox.js) and ends a sandbox past them; this
client then fails. `seconds` is the frame's time of the running call's latest
message (an answer, or a report on the way), the referee's clock for that move
(kalah.web.lab.games).

A failure is a reason (kalah.lab.reasons, shown in the page's language) or a text that came from
outside this page's Python (the runtime's own error, a crash's message): data, shown as it is.

`SandboxPool` keeps a few sandboxes started ahead (Pyodide takes a while to
start), each used once, and has the page prepare their runtime once it is ready.
"""

import json

from pyscript import window
from pyscript.ffi import create_proxy

from kalah.errors import Reason
from kalah.lab import reasons
from kalah.web.common.dom import missing


class SandboxClient:
    def __init__(self, on_ready=None):
        self.on_ready = on_ready      # on_ready(): its Python has started
        self.failure = None
        self.seconds = None           # the frame's time from handing the worker the call to its latest message
        self.runtime_failure = None   # set only by the page's own side: the runtime could not be handed in
        self._ready = False
        self._pending = []         # calls sent, oldest first; each [id, on_result, on_progress, on_error]
        self._next_id = 1
        self._closed = False
        self._pong_waiters = []
        self._on_message = create_proxy(self._message)
        self._handle = window.kalahBotSandbox.create(self._on_message)

    def is_ready(self):
        return self._ready

    def busy(self):
        return bool(self._pending)

    def call(self, name, args, on_result, on_progress=None, on_error=None):
        call_id = self._next_id
        self._next_id += 1
        call = [call_id, on_result, on_progress, on_error]
        if self.failure is not None or self._closed:
            _report(call, self.failure or Reason(reasons.SANDBOX_CLOSED))
            return call_id
        self._pending.append(call)
        self._handle.post(json.dumps({"id": call_id, "call": name, "args": args}))
        return call_id

    def cancel(self, call_id, stop=True):
        """Forget a call. A sandbox serves one game: a running call is stopped by closing it."""
        for call in self._pending:
            if call[0] == call_id:
                self._pending.remove(call)
                if stop:
                    self.terminate()
                return True
        return False

    def after_sent(self, callback):
        """callback() once every message the sandbox sent so far has been handled
        (its frame answers a ping after them): a timeout is declared only then."""
        if self._closed:
            callback()
            return
        self._pong_waiters.append(callback)
        self._handle.ping()

    def terminate(self):
        if not self._closed:
            self._closed = True
            self._pending = []
            self._handle.close()

    def starting(self):
        """Its Pyodide is still starting: not ready, not failed, not closed."""
        return not (self._ready or self._closed or self.failure is not None)

    # -- what the sandbox says ------------------------------------------------------------------
    def _message(self, text, source, ms):
        if self._closed:
            return
        source = str(source)
        if source == "host":           # bot-sandbox.js itself, not anything inside the frame
            self.runtime_failure = _short(str(text))
            self._fail(self.runtime_failure)
            return
        if source == "pong":
            waiters, self._pong_waiters = self._pong_waiters, []
            for callback in waiters:
                callback()
            return
        if source == "over":
            self._fail(Reason(reasons.SANDBOX_ENDED, detail=_short(str(text))))
            return
        if source == "crash":
            self._fail(crashed(str(text)))
            return
        try:
            message = _read(text)
        except Exception as error:      # whatever breaks while reading it (nesting, memory) is the sandbox's
            self._fail(Reason(reasons.SANDBOX_UNREADABLE, error=type(error).__name__))
            return
        if message is None:
            self._fail(Reason(reasons.SANDBOX_OFF_PROTOCOL))
            return
        kind = message["type"]
        if kind == "ready":
            self._ready = True
            if self.on_ready is not None:
                self.on_ready()
            return
        data = message.get("data")
        running = self._pending[0] if self._pending else None
        if running is None or message.get("id") != running[0]:
            if kind == "crash":
                self._fail(crashed(_message_of(data)))
            elif kind == "error" and message.get("id") is None:
                self._fail(_message_of(data))
            return                 # an answer to a call cancelled meanwhile (or made up): ignored
        self.seconds = float(ms) / 1000.0
        if kind == "progress":
            if running[2] is not None and isinstance(data, dict):
                running[2](data)
            return
        self._pending.pop(0)
        if kind == "result":
            running[1](data)
        elif kind == "crash":
            _report(running, crashed(_message_of(data)))
        else:
            _report(running, _message_of(data))

    def _fail(self, message):
        self.failure = message
        pending, self._pending = self._pending, []
        self.terminate()
        for call in pending:
            _report(call, message)


def _read(text):
    """The message as a dict of a known type, or None."""
    message = json.loads(str(text))
    if not isinstance(message, dict) or message.get("type") not in ("ready", "progress", "result", "error",
                                                                     "crash"):
        return None
    return message


def _message_of(data):
    """The error text a message carries (its worker's words: data), or the reason it has none."""
    text = data.get("message") if isinstance(data, dict) else None
    return _short(text) if isinstance(text, str) and text else Reason(reasons.SANDBOX_FAILED)


def crashed(detail):
    """The failure of a sandbox whose Python itself broke (`detail`: its words, or a reason)."""
    return Reason(reasons.CRASHED, detail=_short(detail) if isinstance(detail, str) else detail)


def _short(text):
    return text if len(text) <= 300 else text[:300] + "..."


def _report(call, message):
    if call[3] is not None:
        call[3](message)


class SandboxPool:
    """Sandboxes started ahead of need, `spare` at most; `take()` hands one out for good.

    A spare starts only when no sandbox handed out is still starting: a game waits for those,
    and on two cores four spares starting beside them made the first games of a tournament
    wait twice as long (docs/lab.md)."""

    def __init__(self, spare=2):
        self.spare = spare
        self._want = 0
        self._ready = []         # the spares, started or starting
        self._handed = []        # handed out and maybe still starting

    def prepare(self):
        """Fetch the players' runtime and make its snapshot (bot-sandbox.js) while the page is
        idle, so that the first game's sandboxes do not wait for them."""
        sandboxes = getattr(window, "kalahBotSandbox", None)
        if not missing(sandboxes):      # bot-sandbox.js runs before core.js (scripts/build/pages.py)
            sandboxes.prepare()

    def take(self):
        client = self._ready.pop(0) if self._ready else self._start()
        self._handed.append(client)
        return client

    def fill(self, count=None):
        """Keep `count` (default: spare) sandboxes ready for use, started as soon as no sandbox
        handed out is still starting."""
        self._want = self.spare if count is None else count
        self._top_up()

    def _start(self):
        # Only a start tops the spares up between fill()s: a sandbox that fails does not, so a
        # runtime that cannot load is not asked for again and again (the next fill() retries).
        return SandboxClient(on_ready=self._top_up)

    def _top_up(self):
        self._handed = [client for client in self._handed if client.starting()]
        if self._handed:
            return
        self._ready = [client for client in self._ready if client.failure is None]
        while len(self._ready) < self._want:
            self._ready.append(self._start())
