"""A review that teaches (issue 36): each side's accuracy (the share of its moves within 0, 1 and 2
seeds of the best), the marked moves listed, and picking one plays the better move on the board
while "Study this position" keeps the position before the move."""

import re

import pytest

from kalah import Board
from tests.browser.review_driver import reviewed_computer_game

WITHIN_HEADERS = ["Side", "Best move", "Within 1 seed", "Within 2 seeds"]


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def percent_cell(count, moves):
    return "%d%% (%d of %d)" % (int(100 * count / moves + 0.5), count, moves)


def test_the_review_shows_each_sides_accuracy_and_plays_the_better_move_of_each_mistake(
        page, site_url, wait_for_python_ready):
    moves = reviewed_computer_game(page, site_url, wait_for_python_ready)

    # Accuracy: a table a screen reader reads by its caption and headers, one row a side.
    assert page.inner_text("#review-accuracy caption") == (
        "Accuracy: the share of each side's moves within 0, 1 and 2 seeds of the best move")
    assert page.eval_on_selector_all("#review-accuracy th[scope=col]", "hs => hs.map(h => h.textContent)") \
        == WITHIN_HEADERS
    rows = page.eval_on_selector_all("#review-accuracy tbody tr", """rs => rs.map(r =>
        [...r.children].map(c => c.textContent))""")
    expected = []
    for side, name in ((0, "South"), (1, "North")):
        losses = [loss for mover, _, loss, _ in moves if mover == side]
        if losses:
            expected.append([name] + [percent_cell(sum(1 for loss in losses if loss <= margin), len(losses))
                                      for margin in (0, 1, 2)])
    assert rows == expected

    # The mistakes: every marked move, and only those, in the order played.
    marked = [(ply, side, letter, line) for ply, (side, letter, loss, line) in enumerate(moves)
              if re.search(r"(\?!|\?\?|\?) (inaccuracy|mistake|blunder) \(best ([A-Da-d]) ", line)]
    assert marked, "a greedy player against a random one gives away seeds"
    items = page.eval_on_selector_all("#review-mistakes button", "bs => bs.map(b => [Number(b.dataset.ply), "
                                      "b.textContent])")
    assert [ply for ply, _ in items] == [ply for ply, _, _, _ in marked]

    for ply, side, letter, line in marked:
        mark, best = re.search(r" (inaccuracy|mistake|blunder) \(best ([A-Da-d]) ", line).groups()
        before = Board("kalah(4,3)")
        for _, played, _, _ in moves[:ply]:
            before.push(played)
        loss = moves[ply][2]
        article = "an" if mark == "inaccuracy" else "a"
        name = "South" if side == 0 else "North"
        text = "Move %d, %s %s: %s %s, %d seed%s given away; better %s" % (
            ply + 1, name, letter, article, mark, loss, "" if loss == 1 else "s", best)
        assert dict(items)[ply] == text
        page.click("#review-mistakes button[data-ply='%d']" % ply)
        after = Board(position=before.position())
        after.push(best)
        # The better move is played on the board; "Study this position" keeps the position before the move.
        page.wait_for_function("document.getElementById('review-board').dataset.position === %r"
                               % after.position(), timeout=10_000)
        assert page.get_attribute("#review-mistakes button[data-ply='%d']" % ply, "aria-current") == "step"
        assert page.get_attribute("#study-link", "href") == "./analysis.html#position=" + before.position()
        assert page.inner_text("#review-caption").endswith(
            "On the board: the better move, %s %s." % (name, best))
        houses = page.eval_on_selector_all("#review-board .kb-house", "hs => hs.length")
        assert houses == 8

    # Two computers played: "learn from your mistakes" has no person's mistakes to offer.
    assert page.inner_text("#lessons-status") == (
        "Both sides were played by the computer: there are no mistakes of yours here.")
    assert not page.is_visible("#lessons-start")

    # A move picked in the move list shows its position again, before the move.
    page.click("#review-moves button[data-ply='0']")
    assert page.get_attribute("#review-board", "data-position") == Board("kalah(4,3)").position()
