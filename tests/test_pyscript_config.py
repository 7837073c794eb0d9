"""pyscript.toml names the vendored MicroPython and lists what the Pyodide hosts run.

scripts/build/pages.py writes it (tests/test_page_configs.py fails when it is stale): its
[files] are the import closure of the modules the workers are asked to run (pages.WORKERS).
A module missing there imports fine under CPython and fails only in the browser's worker, so
these checks find every module a page or a worker script names and require it listed.
"""

import pathlib
import re
import tomllib

from scripts.build import import_closure, pages

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))


def local_path(url):
    """The repository file a config path like "./kalah/x.py" names."""
    assert url.startswith("./"), f"{url!r}: use a relative ./ path so the site works from any folder"
    return ROOT / url[2:]


def test_interpreter_is_the_vendored_micropython():
    interpreter = CONFIG["interpreter"]
    assert interpreter == "./static/vendor/micropython/micropython.mjs"
    assert local_path(interpreter).is_file(), "run ./scripts/setup.sh to fill static/vendor/"
    assert local_path(interpreter).with_suffix(".wasm").is_file()


def test_micropython_needs_no_packages():
    # `packages` would make PyScript fetch from a package index at startup.
    assert "packages" not in CONFIG


def test_files_are_the_workers_closure_each_at_the_same_path():
    for source, destination in CONFIG["files"].items():
        assert source == destination, f"{source} is copied to {destination}; imports expect the same path"
        assert local_path(source).is_file(), f"pyscript.toml lists {source}, which does not exist"
    assert [source[2:] for source in CONFIG["files"]] == pages.worker_files()


def called_modules():
    """Every kalah module a page asks a worker to run ("kalah.ai.worker_api:choose_move") or a
    worker script imports itself (bot-worker.js: `import kalah.lab.worker_api, kalah.ai.players`)."""
    found = set()
    for path in sorted((ROOT / "kalah" / "web").rglob("*.py")):
        found.update(re.findall(r'"(kalah(?:\.\w+)+):\w+"', path.read_text(encoding="utf-8")))
    for path in sorted((ROOT / "static" / "js").glob("*.js")):
        for names in re.findall(r"\b(?:from|import) (kalah[\w.]*(?:, kalah[\w.]*)*)", path.read_text(encoding="utf-8")):
            found.update(names.split(", "))
    return found


def test_every_module_a_worker_is_asked_to_run_is_listed():
    called = called_modules()
    assert {"kalah.ai.worker_api", "kalah.lab.worker_api", "kalah.ai.players", "kalah.lab.game"} <= called
    listed = {local_path(source) for source in CONFIG["files"]}
    missing = sorted(module for module in called if import_closure.module_path(module) is None
                     or pathlib.Path(import_closure.module_path(module)) not in listed)
    assert not missing, "add these to WORKERS in scripts/build/pages.py: %s" % ", ".join(missing)


def test_no_browser_gets_the_command_line():
    in_a_browser = set(pages.worker_files()).union(*(pages.page_files(page) for page in pages.PAGES))
    assert not [path for path in in_a_browser if import_closure.command_line_only(path[:-3].replace("/", "."))]
    assert "kalah/lab/seats.py" in in_a_browser   # the seats are shared, their OS sandbox is not


def test_every_module_runs_somewhere():
    # A module that neither a page, a worker nor only the command line imports is dead code, or
    # one a browser misses.
    in_a_browser = set(pages.worker_files()).union(*(pages.page_files(page) for page in pages.PAGES))
    read_as_text = {path for page in pages.PAGES for path in pages.bundle_entries(page) if path.startswith("./kalah/")}
    nowhere = sorted(path.relative_to(ROOT).as_posix() for path in (ROOT / "kalah").rglob("*.py")
                     if not import_closure.empty_package(str(path))   # a folder imports without it
                     and path.relative_to(ROOT).as_posix() not in in_a_browser
                     and "./" + path.relative_to(ROOT).as_posix() not in read_as_text
                     and not import_closure.command_line_only(path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")))
    assert not nowhere, "no page, worker or command line imports: %s" % ", ".join(nowhere)
