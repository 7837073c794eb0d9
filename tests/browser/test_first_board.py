"""The play page's first board is in its HTML (scripts/build/pages.py writes it from
kalah/web/common/board_markup.py's tree): painted before any Python runs, and taken as it is by
BoardView, whose own drawing of the same position is the same markup to the byte."""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOARD = "document.querySelector('#board .kb').outerHTML"
# Marks the board element the parser inserts, before any script of the page can run (a JS
# property: not in outerHTML).
MARK_PARSED_BOARD = """
new MutationObserver((changes, observer) => {
  const board = document.querySelector('#board .kb');
  if (board) { board.parsedFromHtml = true; observer.disconnect(); }
}).observe(document, {childList: true, subtree: true});
"""


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block"}


def written_board(enabled=False, built=False):
    """The board in index.html; enabled: once the page's Python enabled its houses; built: as
    BoardView draws it itself (no data-needs-python either)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    board = re.search(r"<!-- generated: board, by scripts/build/pages.py -->\n\s*(.*)\n", html).group(1)
    if enabled or built:
        board = board.replace(' disabled=""', "")
    return board.replace(' data-needs-python=""', "") if built else board


def test_the_board_is_painted_before_any_python_runs(page, site_url):
    page.route("**/micropython.mjs", lambda route: None)   # never answered: no Python runs
    page.goto(site_url, wait_until="domcontentloaded")
    assert page.evaluate(BOARD) == written_board()
    assert page.locator("#board .kb-house").count() == 12
    assert page.locator("#board .kb-house").first.is_visible()
    assert page.locator("#board .kb-house:disabled").count() == 12
    assert page.evaluate("document.body.dataset.ready") is None


def test_python_takes_the_written_board_as_it_is(page, site_url, wait_for_python_ready):
    page.add_init_script(script=MARK_PARSED_BOARD)
    page.goto(site_url)
    wait_for_python_ready(page)
    assert page.evaluate("document.querySelector('#board .kb').parsedFromHtml") is True
    assert page.evaluate(BOARD) == written_board(enabled=True)


def test_the_view_draws_the_same_board_itself(page, site_url, wait_for_python_ready):
    page.add_init_script(script=MARK_PARSED_BOARD)
    page.goto(site_url)
    wait_for_python_ready(page)
    page.click("#flip")
    page.click("#flip")    # built again by Python, from the same tree
    assert page.evaluate("document.querySelector('#board .kb').parsedFromHtml") is None
    assert page.evaluate(BOARD) == written_board(built=True)
