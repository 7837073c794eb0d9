"""The puzzles page: a puzzle failed then solved, themed links, bad links and a damaged record."""

import json

from kalah.cli.puzzles import shipped
from kalah.notation import move_text
from kalah.rules import SIDE_NAMES

HOUSE = ".kb-house[data-side='%d'][data-house='%d']"


def a_puzzle_with_a_refuted_wrong_move(rules="kalah(6,4)"):
    for puzzle in shipped(rules).puzzles:
        for wrong, line in sorted(puzzle.refutations.items()):
            if len(line) >= 2:
                return puzzle, wrong
    raise AssertionError("no puzzle has a refutation of two moves")


def open_puzzles(page, url, wait_for_python_ready):
    page.goto(url)
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle]")


def stored_record(page):
    return json.loads(page.evaluate("localStorage.getItem('kalah.puzzles')"))


def test_a_puzzle_failed_shows_the_refutation_and_counts_only_the_first_answer(page, site_url,
                                                                               wait_for_python_ready):
    puzzle, wrong = a_puzzle_with_a_refuted_wrong_move()
    board = puzzle.board()
    open_puzzles(page, site_url + "puzzles.html#id=" + puzzle.id, wait_for_python_ready)
    assert page.get_attribute("#puzzle", "data-puzzle") == puzzle.id
    assert page.get_attribute("#board", "data-position") == puzzle.position
    assert page.inner_text("#prompt") == "%s to move: find the best move." % SIDE_NAMES[board.turn]
    assert page.get_attribute("#link-study", "href") == "./analysis.html#position=" + puzzle.position

    page.click(HOUSE % (board.turn, wrong))
    page.wait_for_selector("#puzzle[data-answer='wrong']")
    played, best = move_text(board.turn, wrong), move_text(board.turn, puzzle.best)
    verdict = page.inner_text("#verdict")
    assert verdict.startswith("Not the best: %s ends %+d with best play, and %s ends %+d." % (
        played, puzzle.values[wrong], best, puzzle.value))
    after = board.copy()
    after.push(wrong)
    first_reply = "%s %s" % (SIDE_NAMES[after.turn], move_text(after.turn, puzzle.refutations[wrong][0]))
    assert page.inner_text("#line").startswith("After %s: %s, then " % (played, first_reply))
    assert stored_record(page)["results"] == {puzzle.id: 0}
    assert "solved 0 of 1 tried" in page.inner_text("#record")

    page.click("#retry")
    page.wait_for_selector("#puzzle:not([data-answer])")
    page.click(HOUSE % (board.turn, puzzle.best))
    page.wait_for_selector("#puzzle[data-answer='right']")
    assert page.inner_text("#verdict").startswith("Right! %s ends %+d" % (best, puzzle.value))
    record = stored_record(page)
    assert record["results"] == {puzzle.id: 0} and record["streak"] == 0   # a second try moves nothing

    page.reload()
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle]")
    assert page.get_attribute("#puzzle", "data-puzzle") == puzzle.id
    assert "missed before" in page.inner_text("#about")


def test_a_themed_link_keeps_to_its_theme_and_difficulty(page, site_url, wait_for_python_ready):
    open_puzzles(page, site_url + "puzzles.html#rules=kalah(6,4)%2Bempty-capture&theme=capture&difficulty=2",
                 wait_for_python_ready)
    found = shipped("kalah(6,4)+empty-capture")
    wanted = set(p.id for p in found.select("capture", 2))
    seen = []
    for _ in range(3):
        shown = page.get_attribute("#puzzle", "data-puzzle")
        assert shown in wanted and shown not in seen
        seen.append(shown)
        puzzle = found.by_id(shown)
        board = puzzle.board()
        page.click(HOUSE % (board.turn, puzzle.best))
        page.wait_for_selector("#puzzle[data-answer='right']")
        page.click("#next")
        page.wait_for_function("id => document.querySelector('#puzzle').dataset.puzzle !== id", arg=shown)
    assert stored_record(page)["streak"] == 3
    assert page.input_value("#pick-theme") == "capture" and page.input_value("#pick-difficulty") == "2"
    link = page.get_attribute("#link-set", "href")
    assert link == "./puzzles.html#rules=kalah(6,4)+empty-capture&theme=capture&difficulty=2"


def test_a_bad_link_says_what_is_wrong_and_a_damaged_record_starts_again(page, site_url,
                                                                        wait_for_python_ready):
    open_puzzles(page, site_url + "puzzles.html", wait_for_python_ready)
    page.evaluate("localStorage.setItem('kalah.puzzles', '{\"rating\": \"<b>x</b>\"}')")
    page.goto(site_url + "puzzles.html#rules=nonsense&theme=capture")
    page.reload()
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle]")
    message = page.inner_text("#message")
    assert "unknown rule set 'nonsense'" in message
    assert page.locator("#message b").count() == 0
    assert page.get_attribute("#puzzle", "data-puzzle").startswith("kalah6-4-0")
    assert "Rating 1200 · streak 0 (best 0) · solved 0 of 0 tried" == page.inner_text("#record")
