"""Modules the play page needs only after its first paint, fetched then.

PyScript downloads every file its config lists before any Python runs, so
play.json lists only what draws the board; these (saving and resuming, the
computer, the analysis panel, sharing) are fetched once the board is on
screen and written into the interpreter's file system, where `import`
finds them. pyscript.toml still lists them all (the Pyodide worker and the
service worker's precache read it).

    later.load(on_done)      # on_done() once every module below can be imported
    later.loaded()           # True once they can
"""

import os

from pyscript import window
from pyscript.ffi import create_proxy, to_js

MODULES = (  # index.html preloads them too (data-later)
    "kalah/records.py", "kalah/history.py", "kalah/links.py",
    "kalah/ai/__init__.py", "kalah/ai/reference.py", "kalah/ai/book.py",
    "kalah/web/storage.py", "kalah/web/files.py", "kalah/web/embed_code.py",
    "kalah/web/worker_client.py", "kalah/web/computer.py",
    "kalah/web/chart_view.py", "kalah/web/analysis_view.py",
)

_state = {"loaded": False, "failed": None, "waiting": []}
_kept = []

# Fetch every file at once, in JS; resolves to their texts in MODULES' order.
_FETCH_ALL = """
return Promise.all(paths.map((path) => fetch(new URL(path, base)).then((response) => {
  if (!response.ok) throw new Error(path + " answered " + response.status);
  return response.text();
})));
"""


def loaded():
    return _state["loaded"]


def failure():
    """Why the modules could not be fetched, or None."""
    return _state["failed"]


def load(on_done):
    """Fetch the modules (once); on_done() runs when they are in place, or at once if they are.
    On failure on_done() still runs: importing them then raises ImportError, which every
    caller already handles (the page plays on without saving or the computer)."""
    if _state["loaded"] or _state["failed"] is not None:
        on_done()
        return
    _state["waiting"].append(on_done)
    if len(_state["waiting"]) > 1:
        return  # already on its way
    base = str(window.location.href).split("#")[0]
    fetch_all = window.Function.new("paths", "base", _FETCH_ALL)
    promise = fetch_all(to_js(list(MODULES)), base)

    def written(texts):
        try:
            for path, text in zip(MODULES, list(texts)):
                _write(path, str(text))
            _state["loaded"] = True
        except Exception as error:
            _state["failed"] = str(error)
        _finish()

    def refused(error):
        _state["failed"] = str(error)
        window.console.warn("modules for later could not load: %s" % error)
        _finish()

    on_texts, on_error = create_proxy(written), create_proxy(refused)
    _kept.extend((on_texts, on_error))
    promise.then(on_texts, on_error)


def _write(path, text):
    folder = path[:path.rfind("/")]
    try:
        os.stat(folder)
    except OSError:
        os.mkdir(folder)
    with open(path, "w") as handle:
        handle.write(text)


def _finish():
    waiting, _state["waiting"] = _state["waiting"], []
    for callback in waiting:
        callback()
