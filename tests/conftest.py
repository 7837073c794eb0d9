"""What every folder of tests shares: the `browser` mark of the tests that start a browser."""

import pathlib

import pytest

HERE = pathlib.Path(__file__).parent
IN_A_BROWSER = (HERE / "browser", HERE / "engines")   # chromium; Firefox ESR and WebKitGTK


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config, items):
    for item in items:
        if any(folder in pathlib.Path(item.path).parents for folder in IN_A_BROWSER):
            item.add_marker(pytest.mark.browser)
