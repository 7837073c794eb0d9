"""static/pyc/kalah.zip: pyscript.toml's [files] as bytecode, for the Pyodide workers.

scripts/build/compile_pyodide_modules.mjs builds it under node with the pinned
Pyodide (scripts/setup.sh runs it). The workers unpack it instead of fetching
every module as text, so it must hold exactly the listed modules, each as a
sourceless .pyc, and be the same bytes every time it is built (the offline
cache checks files by their hash).
"""

import pathlib
import tomllib
import zipfile

from scripts.build import pyodide_modules

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
HASH_BASED_UNCHECKED = (1).to_bytes(4, "little")  # PEP 552 flags: no source to check against


def build(target):
    pyodide_modules.compile_all(target)
    return target.read_bytes()


def test_archive_holds_the_listed_modules_as_bytecode_and_builds_the_same_twice(tmp_path):
    first = build(tmp_path / "first.zip")
    second = build(tmp_path / "second.zip")
    assert first == second
    listed = sorted(destination.removeprefix("./") + "c" for destination in CONFIG["files"].values())
    with zipfile.ZipFile(tmp_path / "first.zip") as archive:
        assert archive.namelist() == listed
        for info in archive.infolist():
            assert info.date_time == (1980, 1, 1, 0, 0, 0)
            assert archive.read(info)[4:8] == HASH_BASED_UNCHECKED, info.filename


def test_setup_built_the_archive_the_site_serves(tmp_path):
    served = ROOT / "static" / "pyc" / "kalah.zip"
    assert served.is_file(), "run ./scripts/setup.sh"
    assert served.read_bytes() == build(tmp_path / "kalah.zip"), "run ./scripts/setup.sh"
