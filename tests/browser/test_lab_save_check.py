"""The lab says when a player saved does not compile, at once and at its line and column, not at
its first game (issue 36); a player that compiles is saved with no word more."""

from tests.lab.bots import RIGHTMOST

SAVED_TIMEOUT = 120_000   # the check's sandbox starts Pyodide: seconds on a loaded machine


def test_saving_a_player_with_a_syntax_error_says_where(page, site_url, wait_for_python_ready):
    page.goto(site_url + "lab.html")
    wait_for_python_ready(page)
    page.fill("#player-name", "ada")
    page.fill("#code", "def select_move(board, lookahead):\n    return (1\n\nx = 2\n")
    page.click("#save")
    page.wait_for_function("document.getElementById('player-message').textContent.includes('cannot play')",
                           timeout=SAVED_TIMEOUT)
    assert page.inner_text("#player-message") == (
        "Saved ada in this browser, but it cannot play yet: ada.py: line 2, column 12: '(' was never closed.")
    assert page.evaluate("[...document.getElementById('saved').options].map(o => o.value)").count("ada") == 1
    # Fixed and saved again: saved, and nothing more is said once the check has answered.
    page.fill("#code", RIGHTMOST)
    page.click("#save")
    assert page.inner_text("#player-message") == "Saved ada in this browser."
    page.wait_for_function("document.getElementById('code-error').textContent === ''", timeout=SAVED_TIMEOUT)
    page.wait_for_function("!document.getElementById('code').hasAttribute('aria-invalid')")
    assert page.inner_text("#player-message") == "Saved ada in this browser."
