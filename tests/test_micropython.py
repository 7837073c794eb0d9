"""The engine under the MicroPython the page runs (node_modules' WebAssembly build).

`run_micropython(code)` runs Python code there, with the working tree's kalah/
package in its file system, and returns what it printed; other parts can
check their pure modules with it:

    from tests.test_micropython import run_micropython, needs_micropython

    @needs_micropython
    def test_my_module_runs_under_micropython():
        assert run_micropython("import kalah.history; print('ok')") == "ok\\n"
"""

import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


@needs_micropython
def test_it_is_micropython():
    assert run_micropython("import sys\nprint(sys.implementation.name)") == "micropython\n"


@needs_micropython
def test_fixed_games_of_every_rule_set_print_the_same_under_micropython_and_cpython():
    with open(GAMES, encoding="utf-8") as handle:
        code = handle.read()
    expected = run_cpython(code)
    assert expected.count("\n") > 600
    actual = run_micropython(code)
    assert actual.splitlines() == expected.splitlines()


@needs_micropython
def test_a_python_error_under_micropython_is_reported():
    with pytest.raises(MicroPythonError, match="house 3 of South is empty"):
        run_micropython("import kalah\nb = kalah.Board()\nb.push(3)\nb.push(3)\n")
