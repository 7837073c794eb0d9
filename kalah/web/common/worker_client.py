"""The page's side of the Pyodide worker (static/js/pyodide-worker.js).

The page runs MicroPython, which starts fast but searches slowly; the
computer players run in Pyodide in a Web Worker, so the page never waits for
them. A `WorkerClient` starts the worker, sends calls, routes each answer to
the call's callbacks and can stop everything at once:

    client = WorkerClient()
    call_id = client.call("kalah.ai.worker_api:choose_move", {...},
                          on_result, on_progress=None, on_error=None)
    client.cancel(call_id)   # terminates the worker if that call is running

Python cannot be interrupted inside a worker without SharedArrayBuffer
(which static hosts cannot promise). Where the browser has JSPI the worker
lets a search look at its messages every 50 ms, and a cancel stops it
there; elsewhere cancelling a running computer move terminates the worker
and starts a new one at once (calls still waiting are sent to it again).
Messages are JSON on both sides.
"""

import json

from pyscript import window
from pyscript.ffi import create_proxy, to_js

WORKER_URL = "./static/js/pyodide-worker.js"
STOP_MS = 1000  # a cancelled search that is still running after this is terminated


def _now():
    return window.performance.now()


class _Call:
    def __init__(self, call_id, name, args, on_result, on_progress, on_error):
        self.id = call_id
        self.name = name
        self.args = args
        self.on_result = on_result
        self.on_progress = on_progress
        self.on_error = on_error
        self.cancelled = False
        self.stop = False   # cancelled with stop=True: a running call must end (WorkerClient.cancel)


class WorkerClient:
    """One Pyodide worker, started on first use (or by `start()`)."""

    def __init__(self, url=WORKER_URL, on_ready=None):
        self.url = url
        self.on_ready = on_ready      # on_ready(timings dict), after each (re)start
        self.failure = None           # the message when the worker cannot start
        self.timings = None           # the worker's last "ready" timings (ms)
        self.interruptible = False    # True once a worker that can stop a call said so
        self.starts = 0
        self._worker = None
        self._ready = False
        self._started_at = None
        self._next_id = 1
        self._pending = []            # calls sent and not answered, oldest first
        self._timers = []             # proxies of pending timeouts, kept alive
        self._on_message = create_proxy(self._message)
        self._on_error = create_proxy(self._script_error)

    # -- life cycle -------------------------------------------------------
    def start(self):
        """Start the worker unless it runs already (cheap to call often)."""
        if self._worker is not None or self.failure is not None:
            return
        self._ready = False
        self._started_at = _now()
        self.starts += 1
        try:
            self._worker = window.Worker.new(self.url, to_js({"type": "module"}))
        except Exception as error:  # e.g. a browser without module workers
            self._fail("this browser cannot start the computer's worker (%s)" % error)
            return
        self._worker.addEventListener("message", self._on_message)
        self._worker.addEventListener("error", self._on_error)
        for call in self._pending:
            self._post(call)

    def is_ready(self):
        return self._ready

    def restart(self):
        """Stop whatever runs now and start a fresh worker; waiting calls are resent."""
        self._stop_worker()
        self._pending = [call for call in self._pending if not call.cancelled]
        self.start()

    def terminate(self):
        """Stop the worker and forget every call (e.g. when leaving the page)."""
        self._pending = []
        self._stop_worker()

    def _stop_worker(self):
        if self._worker is not None:
            self._worker.removeEventListener("message", self._on_message)
            self._worker.removeEventListener("error", self._on_error)
            self._worker.terminate()
            self._worker = None
        self._ready = False

    # -- calls --------------------------------------------------------------
    def call(self, name, args, on_result, on_progress=None, on_error=None):
        """Run `module:function`(args, progress) in the worker; returns the call's id.

        on_result(data) gets the return value, on_progress(data) each progress
        report, on_error(message) a failure (a Python traceback's last line,
        or why the worker could not start).
        """
        call = _Call(self._next_id, name, args, on_result, on_progress, on_error)
        self._next_id += 1
        if self.failure is not None:
            self._report_error(call, self.failure)
            return call.id
        self._pending.append(call)
        if self._worker is None:
            self.start()
        else:
            self._post(call)
        return call.id

    def cancel(self, call_id, stop=True):
        """Forget a call; its callbacks are never called.

        A call still waiting its turn is told not to run. The running call:
        where the worker is interruptible (JSPI) it is told to stop and does
        within about 50 ms; elsewhere stop=True (a computer move) terminates
        the worker and starts a new one, and stop=False (a hint, one review
        position: short calls) lets it finish and drops its answer.
        """
        call = self._find(call_id)
        if call is None or call.cancelled:
            return False
        call.on_result = call.on_progress = call.on_error = None
        call.cancelled = True
        call.stop = stop
        running = self._pending[0] is call and self._ready
        if self._worker is None:
            self._pending.remove(call)
        elif running and stop and not self.interruptible:
            self._pending.remove(call)
            self.restart()
        else:
            self._worker.postMessage(json.dumps({"cancel": call_id}))
            if running and stop:
                self._watch(call)
        return True

    def _watch(self, call):
        """Restart the worker if a cancelled call does not stop within STOP_MS."""
        def check(*_):
            self._timers.remove(proxy)
            if call in self._pending and self._pending[0] is call:
                self._pending.remove(call)
                self.restart()
        proxy = create_proxy(check)
        self._timers.append(proxy)
        window.setTimeout(proxy, STOP_MS)

    def busy(self):
        return bool(self._pending)

    def _post(self, call):
        # JSON text: no JS object conversion needed on either side.
        self._worker.postMessage(json.dumps({"id": call.id, "call": call.name, "args": call.args}))

    # -- answers ------------------------------------------------------------
    def _message(self, event):
        message = json.loads(window.JSON.stringify(event.data))
        kind = message.get("type")
        if kind == "ready":
            self._ready = True
            self.timings = message.get("data") or {}
            self.interruptible = bool(self.timings.get("interruptible"))
            self.timings["page_wait_ms"] = int(_now() - self._started_at)
            if self.on_ready is not None:
                self.on_ready(self.timings)
            first = self._pending[0] if self._pending else None
            if first is not None and first.cancelled and first.stop:
                # The worker starts its first waiting call as it says ready, and this one was
                # cancelled before the page heard that: cancel() took it for waiting and only
                # told the worker. Skipped there, its "cancelled" answer comes at once; running
                # in a worker that cannot read the cancel until it ends (no JSPI), it is ended.
                self._watch(first)
            return
        call_id = message.get("id")
        if call_id is None and kind == "error":
            self._fail((message.get("data") or {}).get("message", "the worker failed"))
            return
        call = self._find(call_id)
        if call is None:
            return  # an answer to a call cancelled meanwhile
        data = message.get("data")
        if kind == "progress":
            if call.on_progress is not None:
                call.on_progress(data)
            return
        self._pending.remove(call)
        if call.cancelled:
            return
        if kind == "result":
            call.on_result(data)
        elif kind == "error":
            window.console.warn((data or {}).get("traceback", ""))
            self._report_error(call, (data or {}).get("message", "the computer failed"))

    def _script_error(self, event):
        event.preventDefault()
        message = getattr(event, "message", None) or "static/js/pyodide-worker.js did not load"
        if not self._ready:  # the script itself failed: missing file, syntax error
            self._fail("the computer's worker could not start: %s" % message)
            return
        # A crash after a good start: the running call fails, the rest go to a fresh worker.
        running = self._pending.pop(0) if self._pending else None
        self.restart()
        if running is not None and not running.cancelled:
            self._report_error(running, "the computer's worker stopped: %s" % message)

    def _fail(self, message):
        self.failure = message
        self._stop_worker()
        pending, self._pending = self._pending, []
        for call in pending:
            if not call.cancelled:
                self._report_error(call, message)

    def _find(self, call_id):
        for call in self._pending:
            if call.id == call_id:
                return call
        return None

    def _report_error(self, call, message):
        if call.on_error is not None:
            call.on_error(message)
        else:
            window.console.warn("worker call %s failed: %s" % (call.name, message))


_shared = None


def shared():
    """The page's one worker for the computer players and the hints."""
    global _shared
    if _shared is None:
        _shared = WorkerClient()
    return _shared
