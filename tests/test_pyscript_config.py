"""pyscript.toml must load MicroPython from this site and ship every page module.

PyScript copies only the files listed in `[files]` into the browser's Python,
so a module that is missing there imports fine under CPython and fails only in
the browser. These checks catch that without starting a browser.
"""

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))

# Modules the pages never import, so they stay out of the browser:
NOT_FOR_PAGES = (
    "kalah/cli/",  # the command line (argparse, files, terminals)
    "kalah/__main__.py",  # `python -m kalah` entry point
    # The command line's games and tournaments, players' processes, their sandbox, results folder
    # and Dask cluster.
    "kalah/lab/runner.py", "kalah/lab/bot_process.py", "kalah/lab/sandbox.py", "kalah/lab/results.py",
    "kalah/lab/cluster.py", "kalah/lab/player_files.py", "kalah/lab/seccomp.py", "kalah/lab/process_tree.py",
    "kalah/solver/",  # the offline solver and table builders (numpy, numba)
    # The command line's own library parts: replay's and show's reading of their input.
    "kalah/replay.py", "kalah/records/detect.py",
)


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


def test_files_map_each_module_to_the_same_path():
    for source, destination in CONFIG["files"].items():
        assert source == destination, f"{source} is copied to {destination}; imports expect the same path"
        assert local_path(source).is_file(), f"pyscript.toml lists {source}, which does not exist"


def test_every_page_module_is_listed_in_files():
    listed = {local_path(source) for source in CONFIG["files"]}
    modules = {
        path
        for path in (ROOT / "kalah").rglob("*.py")
        if not path.relative_to(ROOT).as_posix().startswith(NOT_FOR_PAGES)
    }
    missing = sorted(p.relative_to(ROOT).as_posix() for p in modules - listed)
    assert not missing, (
        "add these to [files] in pyscript.toml so the browser can import them "
        "(or to NOT_FOR_PAGES in this test if no page needs them):\n"
        + "\n".join(f'"./{m}" = "./{m}"' for m in missing)
    )
