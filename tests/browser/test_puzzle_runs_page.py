"""Streak and timed runs on puzzles.html (issue 36). The timed run's clock is driven by
Playwright's fake clock (page.clock): the test moves time on, it never waits for it."""

import re

from kalah.study import puzzles
from kalah.study.puzzle_maker import shipped
from tests.browser.test_puzzles_page import HOUSE, open_puzzles, solve, stored_record

SMALL = "kalah(4,3)"


def expected_run(mode, answers):
    """The puzzles a run shows, as kalah.study.puzzles.Run picks them, for answers right (True) or wrong."""
    run = puzzles.Run(mode)
    found = shipped(SMALL).puzzles
    shown = []
    for right in answers:
        shown.append(run.next_puzzle(found))
        run.answered(right)
    shown.append(run.next_puzzle(found))
    return shown


def wrong_move(puzzle):
    board = puzzle.board()
    return board.turn, [m for m in board.legal_moves if m != puzzle.best][0]


def test_a_streak_ends_at_the_first_wrong_answer_and_its_best_is_kept(page, site_url, wait_for_python_ready):
    first, second, _ = expected_run("streak", [True, False])
    open_puzzles(page, site_url + "puzzles.html#rules=%s&mode=streak" % SMALL, wait_for_python_ready)
    assert page.get_attribute("#puzzle", "data-puzzle") == first.id
    assert page.input_value("#pick-mode") == "streak" and page.is_hidden("#clock")
    assert page.inner_text("#run-count") == "Streak: 0 solved · best 0"
    solve(page, first)
    page.wait_for_selector("#run[data-solved='1']")
    assert page.is_hidden("#retry")
    page.click("#next")
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % second.id)
    side, wrong = wrong_move(second)
    page.click(HOUSE % (side, wrong))
    page.wait_for_selector("#run[data-state='over']")
    assert page.inner_text("#run-count") == "Streak over: 1 solved (a new best)."
    assert page.is_hidden("#retry") and page.is_hidden("#next") and page.is_visible("#run-again")
    assert stored_record(page)["runs"] == {"streak": 1}
    page.click("#run-again")
    page.wait_for_selector("#run[data-state='running']")
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % first.id)
    assert page.inner_text("#run-count") == "Streak: 0 solved · best 1"


def test_a_timed_run_moves_on_after_each_answer_until_the_clock_ends_it(page, site_url, wait_for_python_ready):
    first, second, third = expected_run("timed", [True, False])
    page.clock.install()
    open_puzzles(page, site_url + "puzzles.html#rules=%s&mode=timed" % SMALL, wait_for_python_ready)
    assert page.get_attribute("#puzzle", "data-puzzle") == first.id
    assert re.fullmatch(r"[23]:\d\d", page.inner_text("#clock"))
    solve(page, first)
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % second.id)   # straight on, no Next
    side, wrong = wrong_move(second)
    page.click(HOUSE % (side, wrong))
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % third.id)
    assert page.inner_text("#run-count") == "Timed run: 1 solved, 1 missed · best 0"
    page.clock.fast_forward("02:00")
    page.wait_for_function("() => /^[01]:\\d\\d$/.test(document.getElementById('clock').textContent)")
    page.clock.fast_forward("01:00")
    page.wait_for_selector("#run[data-state='over']")
    assert page.inner_text("#clock") == "0:00"
    assert page.inner_text("#run-count") == "Time is up. Run over: 1 solved (a new best)."
    assert stored_record(page)["runs"] == {"timed": 1}
    side, move = third.board().turn, third.best   # the board takes no more answers
    page.click(HOUSE % (side, move))
    assert page.get_attribute("#puzzle", "data-answer") is None


def test_a_short_timed_run_from_its_link(page, site_url, wait_for_python_ready):
    page.clock.install()
    open_puzzles(page, site_url + "puzzles.html#rules=%s&mode=timed&seconds=30" % SMALL, wait_for_python_ready)
    page.wait_for_function("() => /^0:[23]\\d$/.test(document.getElementById('clock').textContent)")
    assert page.get_attribute("#link-set", "href") == "./puzzles.html#rules=kalah(4,3)&mode=timed&seconds=30"
    page.clock.fast_forward("00:31")
    page.wait_for_selector("#run[data-state='over']")
    assert page.inner_text("#run-count") == "Time is up. Run over: 0 solved."
    assert page.inner_text("#rating-scale") == puzzles.rating_scale_text()   # one scale, explained
