"""The same work counts the same in both Pythons that run players (issue 37): CPython 3.11 on the
command line and Pyodide's 3.14 in the page. Their trace events differ (3.11 runs a comprehension
as a frame of its own, 3.14 runs all(), any() and tuple() of a generator expression as a loop of
its caller); kalah.lab.work leaves out what only one reports. The counts below were recorded
from Pyodide (node_modules/pyodide 314.0.7, Python 3.14.2) under Node: `node tests/lab/work_count_pyodide.mjs`."""

import json
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
NODE = shutil.which("node") or "/usr/bin/node"
PYODIDE = os.path.join(ROOT, "node_modules", "pyodide")

# comprehensions and generators over 30 digits, then over none; the template's search from the
# start at lookahead 1, 2, 3. (Each 2 more since WorkBudget.__exit__ takes its turn to remove
# the tracer, in both Pythons alike: its `try` and `with` lines are counted.)
PYODIDE_COUNTS = [1499, 29, 3044, 20693, 114349]


def counts_in(command):
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_cpython_counts_the_work_pyodide_counts():
    assert counts_in([sys.executable, "-m", "tests.lab.work_count_sample"]) == PYODIDE_COUNTS


@pytest.mark.skipif(not (os.path.isdir(PYODIDE) and os.path.exists(NODE)),
                    reason="node_modules/pyodide (or node) is missing: run scripts/setup.sh first")
def test_pyodide_under_node_still_counts_the_recorded_work():
    assert counts_in([NODE, os.path.join(HERE, "work_count_pyodide.mjs")]) == PYODIDE_COUNTS
