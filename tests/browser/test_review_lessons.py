"""'Learn from your mistakes' (issue 36): after the review, the reviewing player's own marked moves
replayed as puzzles on the review's board (never the opponent's; the side chosen when both sides
were people): the position, the move to find, and a wrong answer's refutation played on the board."""

import re

import pytest

from kalah import Board
from tests.browser import held_messages
from tests.browser.play_driver import house_selector
from tests.browser.review_driver import TIMEOUT, start_review


def review_house(side, house):
    return "#review-board .kb-house[data-side='%d'][data-house='%d']" % (side, house)


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def test_your_own_mistakes_replay_as_puzzles_with_the_refutation_of_a_wrong_answer(
        page, site_url, wait_for_python_ready):
    page.goto(site_url + "index.html#rules=kalah(4,3)&south=person&north=person")
    wait_for_python_ready(page)
    board = Board("kalah(4,3)")
    while not board.is_game_over():   # both people play their first legal house
        page.click(house_selector(board.turn, board.legal_moves[0]))
        board.push(board.legal_moves[0])
        page.wait_for_function("document.getElementById('board').dataset.position === %r" % board.position())
    start_review(page)
    lines = page.eval_on_selector_all("#review-moves button", "bs => bs.map(b => b.textContent)")
    assert page.inner_text("#lessons-status") == "Both sides were played by people: choose yours."
    assert page.is_visible("#lessons-side")

    page.select_option("#lessons-side", "1")
    page.click("#lessons-start")
    north = [(ply, re.search(r" \(best ([a-d]) ", line).group(1)) for ply, line in enumerate(lines)
             if line.split()[1] == "North" and re.search(r" \(best ", line)]
    assert north, "first-legal play gives seeds away"
    moves = Board("kalah(4,3)")
    played = []
    for _ in range(200):
        if moves.is_game_over():
            break
        played.append(moves.legal_moves[0])
        moves.push(moves.legal_moves[0])
    for index, (ply, best) in enumerate(north):
        before = Board("kalah(4,3)")
        for move in played[:ply]:
            before.push(move)
        assert page.inner_text("#lessons-status") == (
            "Mistake %d of %d (move %d): North to move. Find a better move than %s."
            % (index + 1, len(north), ply + 1, "abcd"[played[ply] - 1]))
        assert page.get_attribute("#review-board", "data-position") == before.position()
        if index == 0:
            # The move played in the game is wrong: it is played, then North's opponent answers it.
            page.click(review_house(1, played[ply]))
            page.wait_for_function("document.getElementById('lessons-status').textContent.startsWith('Not this')",
                                   timeout=TIMEOUT)
            status = page.inner_text("#lessons-status")
            assert re.fullmatch(r"Not this one: %s gives [+-]?\d+, the better %s gives [+-]?\d+\.( South answers "
                                r"[A-D]\.)?" % ("abcd"[played[ply] - 1], best), status), status
            after = Board(position=before.position())
            after.push(played[ply])
            answer = re.search(r"South answers ([A-D])\.", status)
            if answer:
                after.push(answer.group(1))
            assert page.get_attribute("#review-board", "data-position") == after.position()
            page.click("#lessons-retry")
            assert page.get_attribute("#review-board", "data-position") == before.position()
        page.click(review_house(1, "abcd".index(best) + 1))
        page.wait_for_function("document.getElementById('lessons-status').textContent.startsWith('Right: ')")
        right = Board(position=before.position())
        right.push(best)
        assert page.get_attribute("#review-board", "data-position") == right.position()
        page.click("#lessons-next")
    assert page.inner_text("#lessons-status") == "That was the last of your %d mistakes." % len(north)




def test_an_answer_that_comes_after_the_puzzle_was_shown_again_is_dropped(page, site_url, wait_for_python_ready):
    page.add_init_script(held_messages.script())
    page.goto(site_url + "index.html#rules=kalah(4,3)&south=person&north=person")
    wait_for_python_ready(page)
    board = Board("kalah(4,3)")
    while not board.is_game_over():   # both people play their first legal house, as above
        page.click(house_selector(board.turn, board.legal_moves[0]))
        board.push(board.legal_moves[0])
        page.wait_for_function("document.getElementById('board').dataset.position === %r" % board.position())
    start_review(page)
    page.select_option("#lessons-side", "1")
    page.click("#lessons-start")
    shown = page.inner_text("#lessons-status")
    before = page.get_attribute("#review-board", "data-position")
    played = Board(position=before).legal_moves[0]   # the first legal house: the game's own mistake
    page.evaluate("window.__holdTypes.add('result')")
    page.click(review_house(1, played))
    page.wait_for_function("window.__held.length > 0", timeout=TIMEOUT)   # judged, and held back
    page.click("#review-moves button")   # the board goes to the game's positions
    page.click("#lessons-retry")         # and the puzzle is shown again
    page.evaluate("window.__release('result')")  # the first click's answer comes now
    assert page.inner_text("#lessons-status") == shown
    assert page.get_attribute("#review-board", "data-position") == before
