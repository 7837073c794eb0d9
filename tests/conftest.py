"""What every folder of tests shares: the `browser` mark of the tests that start a browser,
hypothesis settings that hold on a loaded machine, and the site's build brought up to date
once before a browser opens it."""

import ast
import fcntl
import pathlib

import pytest
from hypothesis import HealthCheck, settings

_parse = ast.parse


def _parse_again_on_a_false_depth_mismatch(*args, **kwargs):
    # CPython 3.11 keeps the AST constructor's recursion depth in state shared by the
    # interpreter's threads, so a parse in another thread at the same moment (3.11's traceback
    # printer parses the failing line) can make a sound parse raise "SystemError: AST constructor
    # recursion depth mismatch" (CPython gh-106905; seen once in four whole-suite runs). Each parse
    # starts from the depth at its call, so parsing the same text again gives its true result.
    try:
        return _parse(*args, **kwargs)
    except SystemError as error:
        if "recursion depth mismatch" not in str(error):
            raise
        return _parse(*args, **kwargs)


ast.parse = _parse_again_on_a_false_depth_mismatch

# Hypothesis by default fails an example slower than 200 ms and a strategy slow to draw:
# timings, which a busy machine (the suite runs two workers on two cores) stretches at will.
# The tests time nothing (pytest-timeout bounds each one, pyproject.toml); their own
# settings (max_examples) are kept.
settings.register_profile("kalah", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("kalah")

HERE = pathlib.Path(__file__).parent
IN_A_BROWSER = (HERE / "browser", HERE / "engines")   # chromium; Firefox ESR and WebKitGTK


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config, items):
    for item in items:
        if any(folder in pathlib.Path(item.path).parents for folder in IN_A_BROWSER):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def built_site():
    """The site as setup left it, with what was edited since compiled again: the play page's
    bytecode (so a test never runs stale .mpy files), the Pyodide workers' archive, and
    build-manifest.js (the service worker serves a cached file only when it matches the
    manifest, so files edited since setup must not look poisoned offline).

    Under pytest-xdist each worker has its own session: the lock makes the second wait until
    the first has written everything, and then find nothing to do, so that no worker ever
    hashes a file the other is still writing into the manifest."""
    from scripts.build import build_manifest, compile_mpy, pyodide_modules
    lock_path = HERE.parent / "test-artifacts" / ".build.lock"
    lock_path.parent.mkdir(exist_ok=True)
    with open(lock_path, "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        compile_mpy.compile_all()
        pyodide_modules.compile_all()
        build_manifest.main()
    return HERE.parent


def _in_language(language):
    """The shipped catalog of `language` active while a test runs, English again after it."""
    from kalah import i18n
    with open(HERE.parent / "static" / "i18n" / (language + ".json"), encoding="utf-8") as handle:
        i18n.activate(i18n.load(handle.read()))
    try:
        yield
    finally:
        i18n.activate(i18n.ENGLISH)


@pytest.fixture
def french():
    yield from _in_language("fr")


@pytest.fixture
def german():
    yield from _in_language("de")
