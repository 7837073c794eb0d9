"""The computer in the play page: it plays in a Pyodide worker, the page stays
responsive meanwhile, undo and new game stop it at once, hints and the review.

Pyodide takes several seconds to start here, so each test shares one page
across its steps. The conftest's guards also apply: every request (the
worker's included: the first test checks that the guard sees them) stays
on the site, and no console error.
"""

import re

import pytest

from kalah import Board
from kalah.ai import book, endgame
from kalah.game.notation import signed
from tests.browser import held_messages
from tests.browser.play_driver import present, serve_books, without_books

TIMEOUT = 120_000  # ms: Pyodide's start on a loaded 2-core machine can take 20 s
HOUSE = '#board button.kb-house[data-side="{side}"][data-house="{house}"]'
THINKING = present("#thinking", "e.textContent.includes('depth')")
IS_THINKING = "(document.querySelector('#thinking')?.textContent || '').includes('depth')"
LEGAL_SOUTH_HOUSE = '#board button.kb-house[data-side="0"]:not([aria-disabled="true"])'
SOUTH_TO_MOVE = present("#status", "e.textContent.startsWith('South to move')")
AT_POSITION = "document.querySelector('#board').dataset.position === '%s'"


# Counts, in the page, the final answers (result or error, not progress) its workers sent, and
# the workers it ended: a worker answers every call once, a cancelled one too (at once or when
# its search stops), unless the page ends it first (a cancelled search still running after
# worker_client.STOP_MS is ended and a new worker started: seen once with both cores busy).
COUNT_WORKER_ANSWERS = """
window.kalahWorkerAnswers = 0;
window.kalahWorkersEnded = 0;
window.Worker = class extends window.Worker {
  constructor(...args) {
    super(...args);
    this.addEventListener("message", (event) => {
      const type = event.data && event.data.type;
      if (type === "result" || type === "error") window.kalahWorkerAnswers += 1;
    });
  }
  terminate() {
    window.kalahWorkersEnded += 1;
    super.terminate();
  }
};
"""
WORKER_MARKS = "[window.kalahWorkerAnswers, window.kalahWorkersEnded]"


def marks_while_thinking(page):
    """WORKER_MARKS if the computer is thinking, else None, read in one go: the answer that ends
    the thinking is counted in the same task, so marks read while it thinks come before it."""
    return page.evaluate("%s ? %s : null" % (IS_THINKING, WORKER_MARKS))


def after_the_cancelled_answer(page, marks_before):
    """Wait until the worker has answered the call running when `marks_before` (WORKER_MARKS) was
    read, the one just cancelled, or the page has ended that worker: had the page taken that
    answer, it would show by now."""
    answers, ended = marks_before
    page.wait_for_function("window.kalahWorkerAnswers > %d || window.kalahWorkersEnded > %d" % (answers, ended),
                           timeout=TIMEOUT)


def open_page(context, site_url, wait_for_python_ready):
    page = context.new_page()
    page.goto(site_url + "index.html")
    wait_for_python_ready(page)
    return page


def new_game(page, south="human", north="human", speed="normal"):
    """Start a Kalah(6,4) game from the new-game panel."""
    if not page.evaluate("document.querySelector('#new-game').open"):
        page.click("#new-game summary")
    # the options are added once the panel's module has loaded: wait for the option, then for it to be enabled
    page.wait_for_function(present("select[name=south] option[value=level8]", "!e.disabled"), timeout=TIMEOUT)
    page.select_option("select[name=south]", south)
    page.select_option("select[name=north]", north)
    page.select_option("select[name=speed]", speed)
    page.click("#new-game-form button[type=submit]")


def pits(page):
    """{pit index: seeds} as the board's houses announce them (whichever way up)."""
    labels = page.eval_on_selector_all(
        "#board button.kb-house", "(bs) => bs.map((b) => [b.dataset.index, b.getAttribute('aria-label')])")
    return {int(index): int(re.search(r"(\d+) seeds?", label).group(1)) for index, label in labels}


def test_computer_plays_a_game_to_the_end_and_the_review_marks_it(new_context, site_url, wait_for_python_ready,
                                                                  save_screenshot):
    context = new_context(reduced_motion="reduce")
    requested = []
    context.on("request", lambda request: requested.append(request.url))
    page = open_page(context, site_url, wait_for_python_ready)
    new_game(page, south="level8", north="greedy", speed="fast")
    page.wait_for_function(present("#status", "e.classList.contains('over')"), timeout=4 * TIMEOUT)
    final = re.search(r"(\d+)-(\d+)", page.inner_text("#status"))

    # The worker's own fetches go through the context, so the guard sees them.
    assert site_url + "static/vendor/pyodide/python_stdlib.zip" in requested
    assert site_url + "kalah/ai/search.py" in requested

    page.click("#review-start")
    page.wait_for_function(present("#review-moves", "!e.closest('[hidden]')"), timeout=2 * TIMEOUT)
    lines = page.eval_on_selector_all("#review-moves button", "(bs) => bs.map((b) => b.textContent)")
    # Replaying the listed moves with the engine: every move was legal and
    # they lead to the final score the page shows.
    board = Board("kalah(6,4)")
    for number, line in enumerate(lines, 1):
        found = re.match(r"(\d+)\. (South|North) ([A-Fa-f]) [+-]?\d+", line)
        assert found and int(found.group(1)) == number, line
        assert found.group(2) == ("South", "North")[board.turn]
        board.push(found.group(3))
    assert board.is_game_over()
    assert board.scores() == (int(final.group(1)), int(final.group(2)))
    for line in lines:  # a marked move names the better one
        assert re.search(r"(\?!|\?|\?\?) (inaccuracy|mistake|blunder) \(best [A-Fa-f] [+-]?\d+\)$", line) or \
            re.fullmatch(r"\d+\. \w+ [A-Fa-f] [+-]?\d+", line), line

    # A click on the chart jumps to that move: its right end is the final position.
    chart = page.locator("#review-chart svg")
    box = chart.bounding_box()
    chart.click(position={"x": box["width"] - 2, "y": box["height"] / 2})
    assert page.inner_text("#review-caption") == "The end: South %s, North %s." % final.groups()
    chart.click(position={"x": 2, "y": box["height"] / 2})
    assert page.inner_text("#review-caption").startswith("Move 1: South played ")
    assert page.get_attribute("#review-moves button[data-ply='0']", "aria-current") == "step"
    save_screenshot(page, "review")


def test_page_answers_clicks_while_the_computer_thinks_and_undo_or_new_game_stop_it(
        new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce")
    # A small endgame table (at most 4 seeds left) served as the site's file:
    # the worker fetches it for a game with the computer (the first visit's
    # game is one), before its first search.
    table = endgame.build("kalah(6,4)", 4).to_bytes()
    fetched = []
    context.route("**/static/data/" + endgame.file_name(endgame.db_key("kalah(6,4)")),
                  lambda route: fetched.append(route.request.url) or route.fulfill(body=table))
    without_books(context)
    context.add_init_script(COUNT_WORKER_ANSWERS)
    page = open_page(context, site_url, wait_for_python_ready)
    new_game(page, north="level8", speed="slow")
    page.wait_for_function("document.body.dataset.computer === 'ready'", timeout=TIMEOUT)
    start = pits(page)
    before = start  # the position before South's last move, where undo takes the game back
    page.click(HOUSE.format(side=0, house=1))  # A: 4 seeds end in house E, North's turn
    page.wait_for_function(THINKING, timeout=TIMEOUT)

    def south_moves_again():
        """On a loaded machine the computer's 3 s can end first: South plays on, it thinks again."""
        page.wait_for_function(SOUTH_TO_MOVE, timeout=TIMEOUT)
        position = pits(page)
        page.locator(LEGAL_SOUTH_HOUSE).first.click()
        page.wait_for_function(THINKING, timeout=TIMEOUT)
        return position

    # Responsiveness: a real click on the hints button and its Python
    # handler's change to the page (aria-pressed), both while the computer
    # was thinking, three times: a page blocked by the search would answer
    # only after it. (How fast it answers is a benchmark's figure, not a
    # test's: a busy machine delays any frame.)
    page.evaluate("""() => {
      window.__delays = [];
      let clicked = null, thinking = false;
      const button = document.querySelector('#hints-toggle');
      document.addEventListener('click', (event) => {
        clicked = event.timeStamp;
        thinking = (document.querySelector('#thinking')?.textContent || '').includes('depth');
      }, true);
      new MutationObserver(() => window.__delays.push([performance.now() - clicked, thinking]))
        .observe(button, {attributes: true, attributeFilter: ['aria-pressed']});
    }""")
    # Clicks until three landed while it thought (a condition, not a count of clicks), and an even
    # number of them, which leaves the hints off as they were.
    clicks = 0
    while sum(1 for _, thinking in page.evaluate("window.__delays") if thinking) < 3 or clicks % 2:
        assert clicks < 60, "the computer should have been thinking during the clicks"
        if clicks % 2 == 0 and not page.evaluate(IS_THINKING):
            before = south_moves_again()
        clicks += 1
        page.click("#hints-toggle")
        page.wait_for_function("window.__delays.length >= %d" % clicks)
    # Undo while it thinks: the search stops at once and no move arrives
    # later. This chromium has JSPI, so the worker stops the search itself
    # and stays warm (without JSPI the client would terminate it), unless it
    # has not answered within worker_client.STOP_MS: then the page ends it.
    worker = page.workers[0]
    closed = []
    worker.on("close", lambda w: closed.append(w))
    marks = marks_while_thinking(page)
    while marks is None:
        before = south_moves_again()
        marks = marks_while_thinking(page)
    page.click("#undo")
    assert page.inner_text("#thinking") == ""
    after_the_cancelled_answer(page, marks)
    if page.evaluate(WORKER_MARKS)[1] == marks[1]:   # answered, not ended
        assert closed == [] and page.workers == [worker]
    assert pits(page) == before
    if before == start:
        assert page.locator("#board .kb-last").count() == 0
    assert page.inner_text("#status").startswith("South to move")

    # New game while it thinks: the same.
    page.locator(LEGAL_SOUTH_HOUSE).first.click()
    page.wait_for_function(THINKING, timeout=TIMEOUT)
    marks = marks_while_thinking(page)
    while marks is None:
        south_moves_again()
        marks = marks_while_thinking(page)
    new_game(page)  # two people
    assert page.inner_text("#thinking") == ""
    after_the_cancelled_answer(page, marks)
    assert pits(page) == start and page.locator("#board .kb-last").count() == 0

    # Hints: a value for every legal move, following the game.
    page.click("#hints-toggle")
    page.wait_for_function("document.querySelectorAll('#hints li').length === 6", timeout=TIMEOUT)
    hints = page.eval_on_selector_all("#hints li", "(items) => items.map((i) => i.textContent)")
    assert [hint.split()[0] for hint in hints] == list("ABCDEF")
    assert all(re.fullmatch(r"[A-F] [+-]?\d+( exact)?", hint) for hint in hints), hints
    assert page.locator("#hints li.best").count() >= 1
    page.click(HOUSE.format(side=0, house=3))  # C ends in the store: South again, C empty
    page.wait_for_function("document.querySelectorAll('#hints li').length === 5", timeout=TIMEOUT)
    hints = page.eval_on_selector_all("#hints li", "(items) => items.map((i) => i.textContent)")
    assert [hint.split()[0] for hint in hints] == list("ABDEF")
    assert fetched, "the worker loaded the endgame table for the computer's game"


@pytest.mark.allow_console_errors  # the missing file's 404 is logged
def test_the_computer_thinks_again_when_the_page_comes_back_from_the_back_forward_cache(
        new_context, site_url, wait_for_python_ready):
    # Playwright's chromium keeps no page in that cache, so the page's two events are sent by hand.
    context = new_context(reduced_motion="reduce")
    without_books(context)
    page = open_page(context, site_url, wait_for_python_ready)
    new_game(page, north="level8", speed="slow")
    page.click(HOUSE.format(side=0, house=1))  # A: North's turn
    page.wait_for_function(THINKING, timeout=TIMEOUT)
    page.evaluate("dispatchEvent(new PageTransitionEvent('pagehide', {persisted: true}))")
    assert page.inner_text("#thinking") == ""   # stopped while the page is away
    page.evaluate("dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")
    page.wait_for_function(SOUTH_TO_MOVE, timeout=TIMEOUT)   # North thought again, and moved


def test_a_computer_that_cannot_start_says_why(new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce")
    context.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="missing"))
    page = open_page(context, site_url, wait_for_python_ready)
    new_game(page, south="level4")   # levels 1-3 play their first moves on the page while it starts
    page.wait_for_function(present("#message", "e.textContent.includes('could not start')"), timeout=TIMEOUT)
    assert "pyodide.asm.wasm answered 404" in page.inner_text("#message")


def test_without_jspi_undo_terminates_the_thinking_worker_and_a_fresh_one_plays(
        new_context, site_url, wait_for_python_ready):
    # Browsers without JSPI (WebAssembly stack switching) cannot pause the
    # search for messages: the worker is told it has none, as they would.
    context = new_context(reduced_motion="reduce")

    def without_jspi(route):
        script = route.fetch().text()
        assert 'typeof WebAssembly.Suspending === "function"' in script
        route.fulfill(body=script.replace('typeof WebAssembly.Suspending === "function"', "false"),
                      content_type="text/javascript")
    context.route("**/static/js/pyodide-worker.js", without_jspi)
    without_books(context)
    page = open_page(context, site_url, wait_for_python_ready)
    new_game(page, north="level8", speed="slow")
    start = pits(page)
    page.click(HOUSE.format(side=0, house=1))
    page.wait_for_function(THINKING, timeout=TIMEOUT)
    worker = page.workers[0]
    closed = []
    worker.on("close", lambda w: closed.append(w))
    with worker.expect_event("close", timeout=TIMEOUT):   # terminated: no answer can come from it
        page.click("#undo")
    assert page.inner_text("#thinking") == ""
    assert closed == [worker]
    assert pits(page) == start and page.locator("#board .kb-last").count() == 0

    page.click(HOUSE.format(side=0, house=1))
    page.wait_for_function("document.querySelector('#board .kb-last') && "
                           "document.querySelector('#board .kb-last').dataset.side === '1'", timeout=TIMEOUT)




def test_without_jspi_a_search_cancelled_before_the_page_heard_its_worker_ready_is_ended(
        new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce")

    def without_jspi(route):
        script = route.fetch().text()
        route.fulfill(body=script.replace('typeof WebAssembly.Suspending === "function"', "false"),
                      content_type="text/javascript")
    context.route("**/static/js/pyodide-worker.js", without_jspi)
    context.add_init_script(held_messages.script("ready"))   # the page hears its worker ready late
    without_books(context)
    page = open_page(context, site_url, wait_for_python_ready)
    new_game(page, north="level8", speed="slow")
    page.click(HOUSE.format(side=0, house=1))
    page.wait_for_function(THINKING, timeout=TIMEOUT)   # the worker runs the search; the page thinks it is starting
    worker = page.workers[0]
    page.evaluate("window.__holdTypes.add('result'); window.__holdTypes.add('error')")   # its answer never comes
    page.click("#undo")   # so the page only tells the worker, which cannot read it while it searches
    with worker.expect_event("close", timeout=TIMEOUT):   # ended once the page hears "ready"
        page.evaluate("window.__release('ready')")
    assert page.inner_text("#thinking") == ""


def book_proving_only(proven, unproven):
    """A Kalah(6,4) book of the shipped book's values at two positions, proven at the first only.

    The shipped book proves every position it holds, so the second's flags
    are cleared by hand: its values stand for a build's deep search."""
    shipped = book.book_for("kalah(6,4)")
    entries = {}
    for board, exact in ((proven, True), (unproven, False)):
        pits = board.pits
        houses = list(pits[7:13]) + list(pits[:6]) if board.turn else list(pits[:6]) + list(pits[7:13])
        values = shipped.record_at(shipped.find(houses))[0]
        entries[book.rank(houses)] = ([values.get(house) for house in range(1, 7)], [exact] * 6)
    return book.encode("kalah(6,4)", 6, 4, entries, 20000000, 14)


def test_hints_come_from_the_book_only_where_it_proved_every_value(new_context, site_url, wait_for_python_ready):
    """After South 3 (an extra turn) the book proved every value: the hints are its own.
    After South 3, 6 and North 1 its values are its deep search's, not proofs: the search answers."""
    proven = Board("kalah(6,4)")
    proven.push(3)
    unproven = Board("kalah(6,4)")
    for move in (3, 6, 1):
        unproven.push(move)
    served = book_proving_only(proven, unproven)
    values, exact = book.Book(served).lookup(proven.pits, proven.turn)
    assert all(exact.values())
    assert not any(book.Book(served).lookup(unproven.pits, unproven.turn)[1].values())
    context = new_context(reduced_motion="reduce")
    serve_books(context, served)    # both: the book for any opening proves the second position too (its layer)
    page = open_page(context, site_url, wait_for_python_ready)
    new_game(page)  # two people
    page.click(HOUSE.format(side=0, house=3))
    page.wait_for_function(AT_POSITION % proven.position(), timeout=TIMEOUT)
    page.click("#hints-toggle")
    # The page's own search may show first estimates while the book is still on its way (slow under load):
    # the book's values replace them when it comes.
    page.wait_for_function("document.querySelector('#hints-status').textContent.includes("
                           "'from the opening book (proved to the end of the game)')", timeout=TIMEOUT)
    hints = page.eval_on_selector_all("#hints li", "(items) => items.map((i) => i.textContent)")
    assert hints == ["%s %s exact" % ("ABCDEF"[move - 1], signed(values[move])) for move in sorted(values)]

    for side, house in ((0, 6), (1, 1)):
        page.click(HOUSE.format(side=side, house=house))
    page.wait_for_function(AT_POSITION % unproven.position(), timeout=TIMEOUT)
    page.wait_for_function("document.querySelector('#hints-status').textContent.includes('as far as the "
                           "computer sees')", timeout=TIMEOUT)
    assert "opening book" not in page.inner_text("#hints-status")
    assert page.locator("#hints li").count() == len(unproven.legal_moves)
