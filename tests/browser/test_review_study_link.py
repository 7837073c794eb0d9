"""The review (issue 36): "Study this position on the analysis board" follows the move picked, the
end of the game links the final board, and every mark takes its article ("An inaccuracy")."""

import re

import pytest

from kalah import Board
from tests.browser.review_driver import reviewed_computer_game


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def test_the_study_link_follows_the_reviewed_move_and_the_end_links_the_final_board(
        page, site_url, wait_for_python_ready):
    lines = [line for _side, _letter, _loss, line in reviewed_computer_game(page, site_url, wait_for_python_ready)]
    board = Board("kalah(4,3)")
    marks = 0
    for ply, line in enumerate(lines):
        page.click("#review-moves button[data-ply='%d']" % ply)
        assert page.get_attribute("#study-link", "href") == "./analysis.html#position=" + board.position()
        caption = page.inner_text("#review-caption")
        mark = re.search(r"\. (\w+) (inaccuracy|mistake|blunder): ", caption)
        if mark:
            marks += 1
            assert mark.group(1) == ("An" if mark.group(2) == "inaccuracy" else "A"), caption
        assert not re.search(r"\bA inaccuracy|\bAn (mistake|blunder)", caption + " ".join(lines))
        board.push(re.match(r"\d+\. \w+ ([A-Da-d]) ", line).group(1))
    assert board.is_game_over() and marks > 0
    # The chart's right end is the end of the game: the final board, not the position before it.
    chart = page.locator("#review-chart svg")
    box = chart.bounding_box()
    chart.click(position={"x": box["width"] - 2, "y": box["height"] / 2})
    assert page.inner_text("#review-caption").startswith("The end: ")
    assert page.get_attribute("#study-link", "href") == "./analysis.html#position=" + board.position()
    assert board.position().endswith("/-")
