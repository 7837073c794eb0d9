"""The analysis board's first values come from the page itself, before the computer's worker has
started (issue 36, "values at once"), and the worker's values replace them."""

import json

import pytest
from playwright.sync_api import expect

from kalah import Board
from tests.browser.play_driver import house_selector

MIDDLE = "kalah(6,4)/0,0,2,10,5,5,4,1,0,2,6,0,1,12/S"   # 32 seeds in the houses: not in the book
MIDDLE_SOLVED = {"3": -26, "4": -20, "5": -16, "6": -12}   # python -m kalah solve --position MIDDLE --json
START_BOOK = {"1": -14, "2": -10, "3": 8, "4": -2, "5": -8, "6": 4}
WORKER_SCRIPT = "**/static/js/pyodide-worker.js"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block"}


class HeldWorker:
    """Holds the worker script's request, so that the worker cannot start until `release()`."""

    def __init__(self, context):
        self.held = []
        self.released = False
        context.route(WORKER_SCRIPT, self._route)

    def _route(self, route):
        if self.released:
            route.continue_()
        else:
            self.held.append(route)

    def release(self):
        self.released = True
        for route in self.held:
            route.continue_()
        self.held = []


def board_values(page, position, source, exact=False):
    """The board's data-values once they are of `position`, from `source` ("page" or "worker"),
    and all exact with `exact`."""
    page.wait_for_function(
        """([position, source, exact]) => {
             const board = document.getElementById('board');
             if (board.dataset.valuesPosition !== position || board.dataset.valuesSource !== source
                 || !board.dataset.values) return false;
             return !exact || Object.values(JSON.parse(board.dataset.values)).every(v => v.exact);
           }""", arg=[position, source, exact], timeout=120_000)
    return json.loads(page.get_attribute("#board", "data-values"))


def test_a_search_estimate_shows_before_the_worker_starts_and_the_workers_values_replace_it(
        page, site_url, wait_for_python_ready):
    worker = HeldWorker(page.context)
    page.goto(site_url + "analysis.html#position=" + MIDDLE)
    wait_for_python_ready(page)
    first = board_values(page, MIDDLE, "page")
    assert page.get_attribute("body", "data-worker") is None   # the worker has not started
    assert set(first) == set(MIDDLE_SOLVED)
    assert all(isinstance(entry["value"], (int, float)) and isinstance(entry["exact"], bool)
               for entry in first.values())
    expect(page.locator("#values-status")).to_contain_text("a first estimate by a depth ")
    expect(page.locator("#values-status")).to_contain_text("search on this page")
    assert "estimate" in page.inner_text("#values li")

    worker.release()
    refined = board_values(page, MIDDLE, "worker", exact=True)
    assert refined == dict((move, {"value": value, "exact": True}) for move, value in MIDDLE_SOLVED.items())
    expect(page.locator("#values-status")).to_contain_text("all proven exact")


def test_the_opening_books_values_show_before_the_worker_starts(page, site_url, wait_for_python_ready):
    worker = HeldWorker(page.context)
    start = Board().position()
    page.goto(site_url + "analysis.html#position=" + start)
    wait_for_python_ready(page)
    # The book's values, exact (a search slice may show before the book's download is in).
    assert board_values(page, start, "page", exact=True) == dict(
        (move, {"value": value, "exact": True}) for move, value in START_BOOK.items())
    assert page.get_attribute("body", "data-worker") is None
    expect(page.locator("#values-status")).to_have_text(
        "South to move. A value is South's final margin in seeds with best play from both sides: "
        "all proven exact.")
    worker.release()
    assert board_values(page, start, "worker", exact=True) == dict(
        (move, {"value": value, "exact": True}) for move, value in START_BOOK.items())


@pytest.mark.parametrize("rules", ["kalah(4,3)", "owari", "kalah(6,4)+pie", "kalah(6,4)+empty-capture"])
def test_every_rule_set_gets_first_values_from_the_page_and_a_move_gets_its_own(
        rules, page, site_url, wait_for_python_ready):
    HeldWorker(page.context)
    board = Board(rules)
    page.goto(site_url + "analysis.html#position=" + board.position())
    wait_for_python_ready(page)
    values = board_values(page, board.position(), "page")
    assert set(values) == set(str(move) for move in board.legal_moves)
    # The page answers a click between its search slices; the new position gets its own estimate.
    move = board.legal_moves[-1]
    page.click(house_selector(board.turn, move))
    board.push(move)
    values = board_values(page, board.position(), "page")
    assert set(values) == set(str(move) for move in board.legal_moves)
    assert page.get_attribute("body", "data-worker") is None


def test_the_play_pages_hints_show_the_pages_estimate_before_the_worker_starts(page, site_url,
                                                                               wait_for_python_ready):
    worker = HeldWorker(page.context)
    page.goto(site_url + "index.html#rules=kalah(4,3)&south=person&north=person")
    wait_for_python_ready(page)
    page.click("#hints-toggle")
    page.wait_for_function("document.querySelectorAll('#hints li').length === 4")
    expect(page.locator("#hints-status")).to_contain_text("a first estimate on this page (depth ")
    assert page.eval_on_selector_all("#hints li", "(items) => items.map((i) => i.textContent.split(' ')[0])") == [
        "A", "B", "C", "D"]
    worker.release()
    expect(page.locator("#hints-status")).not_to_contain_text("first estimate", timeout=120_000)
    expect(page.locator("#hints-status")).to_contain_text("South to move. Each move's value")
    assert page.locator("#hints li").count() == 4


def test_level_3_plays_its_first_turn_on_the_page_before_the_worker_starts(page, site_url, wait_for_python_ready):
    worker = HeldWorker(page.context)
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=level3&north=person&speed=fast")
    wait_for_python_ready(page)
    # Level 3's whole first turn (an extra turn may make it two moves), then North, a person, to move.
    page.wait_for_function("(document.querySelector('#board').dataset.position || '').endsWith('/N')")
    assert page.get_attribute("body", "data-computer") != "ready"
    worker.release()
    page.wait_for_function("document.body.dataset.computer === 'ready'", timeout=120_000)
