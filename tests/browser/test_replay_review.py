"""A review on any replay (issue 36): a shared game opened on replay.html gets "Review this game",
the play page's review (kalah/web/common/review_panel.py) computed in the worker with its progress
shown, while the viewer still steps through the game; the embed stays without it."""

import pytest

from kalah import Board
from kalah.ai.worker_api import review_move
from kalah.library.links import embed_fragment, share_fragment
from kalah.records.record import Record
from kalah.study.analysis_link import position_link

TIMEOUT = 240_000   # the worker's start and a 12-move review on a loaded 2-core machine
# A kalah(4,3) game from a 20-seed middle game: every value proven within the review's 0.3 s,
# so the marks are the same on every run. South blunders at move 2, North errs at 3 and 5.
START = "kalah(4,3)/4,1,5,0,2,0,5,0,5,2/S"
MOVES = [1, 3, 4, 4, 3, 3, 2, 1, 4, 3, 3, 4]
GAME = Record("kalah(4,3)", MOVES, "Ann", "Bob", start=START)


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def proven_review():
    """[(board before the move, the worker's answer)] a move, each value proven in CPython."""
    board, answers = Board(position=START), []
    for move in MOVES:
        answer = review_move({"position": board.position(), "move": move, "time": 3})
        assert answer["exact"]
        answers.append((Board(position=board.position()), answer))
        board.push(move)
    return answers


def share(count, moves):
    return "%d%% (%d of %d)" % (int(100 * count / moves + 0.5), count, moves)


def test_a_shared_game_is_reviewed_in_the_worker_with_accuracy_mistakes_and_study_links(
        page, site_url, wait_for_python_ready):
    answers = proven_review()
    page.goto(site_url + "replay.html#" + share_fragment(GAME, 0))
    wait_for_python_ready(page)
    assert page.inner_text("#review-start") == "Review this game"
    page.click("#review-start")
    # The progress shows at once; the viewer still answers while the worker reviews.
    assert page.is_visible("#review-progress")
    assert page.get_attribute("#review-progress", "max") == str(len(MOVES))
    assert page.inner_text("#review-status") in ("Starting the computer\u2026", "Reviewing move 1 of 12\u2026")
    page.click("#next")
    page.wait_for_function("document.getElementById('board').dataset.position === %r" % answers[1][0].position())
    page.wait_for_function("document.querySelector('#review-moves button') && "
                           "!document.getElementById('review-moves').closest('[hidden]')", timeout=TIMEOUT)
    assert page.is_hidden("#review-progress")

    shown = page.eval_on_selector_all("#review-moves button", "bs => bs.map(b => [Number(b.dataset.side), "
                                      "Number(b.dataset.loss)])")
    assert shown == [[board.turn, answer["loss"]] for board, answer in answers]
    rows = page.eval_on_selector_all("#review-accuracy tbody tr", "rs => rs.map(r => [...r.children].map("
                                     "c => c.textContent))")
    # South: 6 moves, one 16 seeds off; North: 6 moves, one 2 and one 10 seeds off.
    assert rows == [["South", share(5, 6), share(5, 6), share(5, 6)],
                    ["North", share(4, 6), share(4, 6), share(5, 6)]]
    assert page.inner_text("#review-summary") == ("South: 0 inaccuracies, 0 mistakes, 1 blunder. "
                                                  "North: 1 inaccuracy, 0 mistakes, 1 blunder.")

    mistakes = page.eval_on_selector_all("#review-mistakes button", "bs => bs.map(b => b.textContent)")
    assert mistakes == ["Move 2, South C: a blunder, 16 seeds given away; better D",
                        "Move 3, North d: an inaccuracy, 2 seeds given away; better b",
                        "Move 5, North c: a blunder, 10 seeds given away; better a"]
    for ply in (1, 2, 4):
        before, answer = answers[ply]
        after = Board(position=before.position())
        after.push(answer["best"])
        page.click("#review-mistakes button[data-ply='%d']" % ply)
        # The better move is played on the review's board; its study link opens the position before it.
        page.wait_for_function("document.getElementById('review-board').dataset.position === %r"
                               % after.position())
        assert page.get_attribute("#review-study-link", "href") == "./" + position_link(before)
    page.click("#review-moves button[data-ply='11']")
    assert page.get_attribute("#review-board", "data-position") == answers[11][0].position()

    # A shared game's players are two names: the reader says which side was theirs.
    assert page.inner_text("#lessons-status") == "Both sides were played by people: choose yours."


def test_the_embed_stays_without_a_review(page, site_url, wait_for_python_ready):
    page.goto(site_url + "embed.html#" + embed_fragment(GAME, 0, 0))
    wait_for_python_ready(page)
    page.wait_for_function("document.getElementById('board').dataset.position === %r" % START)
    assert page.query_selector_all("#review-start, #review, #review-board") == []
