"""Modules the play page needs only after its first paint, fetched then.

PyScript downloads every file its config lists before any Python runs, so
play.json bundles only what draws the board; these (saving and resuming, the
computer, the analysis panel, sharing) are fetched once the board is on
screen: every module the play page imports but not on the way to its board
(scripts/build/pages.py works them out from the imports). They are
MicroPython bytecode, compiled by scripts/build/compile_mpy.py into static/mpy/
(compiling source here cost more than carrying the bytes over) and packed
into one file, static/mpy/bundles/later.mpy: a module that writes each of
them where `import` finds them when it is imported (index.html preloads it, so
sw.js precaches it with the page).

    later.load(on_done)      # on_done() once every one of them can be imported
    later.loaded()           # True once they can
"""

from pyscript import window
from pyscript.ffi import create_proxy

# One fetch for them all; index.html preloads it too (data-later).
BUNDLE = "static/mpy/bundles/later.mpy"

_state = {"loaded": False, "failed": None, "waiting": []}
_kept = []

# Fetch the bundle in JS; resolves to its bytes as a hex string. Hex because a string
# crosses into MicroPython in one copy and bytes.fromhex() is C, where bytes(a Uint8Array)
# goes element by element (about 3x slower, measured).
_FETCH = """
const hex = Array.from({length: 256}, (_, i) => i.toString(16).padStart(2, "0"));
return fetch(new URL(path, base)).then((response) => {
  if (!response.ok) throw new Error(path + " answered " + response.status);
  return response.arrayBuffer();
}).then((buffer) => {
  const bytes = new Uint8Array(buffer), out = new Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = hex[bytes[i]];
  return out.join("");
});
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
    fetch = window.Function.new("path", "base", _FETCH)
    promise = fetch(BUNDLE, base)

    def written(text):
        try:
            with open("later_bundle.mpy", "wb") as handle:
                handle.write(bytes.fromhex(str(text)))
            import later_bundle  # noqa: F401 (importing it writes the modules)
            _state["loaded"] = True
        except Exception as error:
            _state["failed"] = str(error)
        _finish()

    def refused(error):
        _state["failed"] = str(error)
        window.console.warn("modules for later could not load: %s" % error)
        _finish()

    on_text, on_error = create_proxy(written), create_proxy(refused)
    _kept.extend((on_text, on_error))
    promise.then(on_text, on_error)


def _finish():
    waiting, _state["waiting"] = _state["waiting"], []
    for callback in waiting:
        callback()
