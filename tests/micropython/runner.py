"""One runner for every check under the MicroPython the page runs (node_modules' WebAssembly build).

`run_micropython(code)` runs Python code there, with the working tree's kalah/
package in its file system, and returns what it printed; other parts can
check their pure modules with it (the checks live beside it, in tests/micropython/):

    from tests.micropython.runner import run_micropython, needs_micropython

    @needs_micropython
    def test_my_module_runs_under_micropython():
        assert run_micropython("import kalah.library.history; print('ok')") == "ok\\n"
"""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUNNER = os.path.join(ROOT, "tests", "micropython", "run.mjs")
GAMES = os.path.join(ROOT, "tests", "micropython", "games.py")
MICROPYTHON = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript",
                           "micropython.mjs")
NODE = shutil.which("node") or "/usr/bin/node"

needs_micropython = pytest.mark.skipif(
    not os.path.exists(MICROPYTHON) or not os.path.exists(NODE),
    reason="node_modules/@micropython (or node) is missing: run scripts/setup.sh (or npm ci) first")


class MicroPythonError(AssertionError):
    """The code raised under MicroPython; the message is its traceback."""


def run_micropython(code, timeout=300):
    """Run `code` under MicroPython in node; return its standard output."""
    done = subprocess.run([NODE, RUNNER], input=code, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)
    if done.returncode != 0:
        raise MicroPythonError("MicroPython failed:\n%s%s" % (done.stdout[-2000:], done.stderr))
    return done.stdout


def run_cpython(code, timeout=300):
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env=dict(os.environ, PYTHONPATH=ROOT))
    assert done.returncode == 0, done.stderr
    return done.stdout
