"""Build static/pyc/kalah.zip from Python: the test fixtures call it as they call compile_mpy,
so a browser test never runs modules edited since the last setup from a stale archive.

The work is done by compile_pyodide_modules.mjs (node, the pinned Pyodide).
"""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "build", "compile_pyodide_modules.mjs")


def compile_all(target=None):
    """(Re)write the archive (at target, else static/pyc/kalah.zip) when its bytes change."""
    subprocess.run(["node", SCRIPT] + ([str(target)] if target else []), cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, timeout=600)
