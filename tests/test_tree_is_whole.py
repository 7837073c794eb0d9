"""The tree as committed: no merge left half done, and every script at least imports.

Benchmarks are run by hand, not by the suite, so a broken one would otherwise go unseen until
someone needs its figures."""

import importlib
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
MARKERS = ("<<<<<<< ", ">>>>>>> ")


def tracked_text_files():
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / name for name in names if name.endswith((".py", ".md", ".html", ".toml", ".js", ".json", ".css", ".sh", ".mjs"))]


def test_no_file_holds_a_merge_conflict_marker():
    found = []
    for path in tracked_text_files():
        if not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if line.startswith(MARKERS):
                found.append("%s:%d" % (path.relative_to(ROOT), number))
    assert not found, "merge conflict markers left in: %s" % ", ".join(found)


SCRIPTS = sorted(path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
                 for folder in ("scripts/bench", "scripts/build", "scripts/harness")
                 for path in (ROOT / folder).glob("*.py") if path.name != "__init__.py")


@pytest.mark.parametrize("module", SCRIPTS)
def test_every_script_imports(module):
    importlib.import_module(module)
