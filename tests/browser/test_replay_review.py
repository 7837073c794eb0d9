"""A review on any replay (issue 36): a shared game opened on replay.html gets "Review this game",
the play page's review (kalah/web/common/review_panel.py) computed in the worker with its progress
shown, while the viewer still steps through the game; the embed stays without it."""

import pytest

from kalah import Board
from kalah.ai.worker_api import review_move
from kalah.library.links import embed_fragment, share_fragment
from kalah.records.record import Record
from kalah.study.analysis_link import position_link
from tests.browser.review_driver import REVIEW_LISTED, TIMEOUT

# A kalah(4,3) game from a 14-seed endgame: every value is proven in CPython within 0.01 s, so
# within the review's 0.3 s a position on any machine, and the marks are the same on every run.
# Both sides err: North at moves 1 and 5, South at 2, 7 and 9.
START = "kalah(4,3)/2,0,1,1,4,1,0,0,9,6/N"
MOVES = [1, 1, 4, 4, 2, 3, 2, 1, 3, 2, 4]
NAMES = ("South", "North")
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


def letter(side, move):
    return ("ABCD" if side == 0 else "abcd")[move - 1]


def marked(answers, side=None):
    return [ply for ply, (board, answer) in enumerate(answers)
            if answer["mark"] and side in (None, board.turn)]


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
    assert page.inner_text("#review-status") in ("Starting the computer\u2026", "Reviewing move 1 of 11\u2026")
    page.click("#next")
    page.wait_for_function("document.getElementById('board').dataset.position === %r" % answers[1][0].position())
    page.wait_for_function(REVIEW_LISTED, timeout=TIMEOUT)
    assert page.is_hidden("#review-progress")

    shown = page.eval_on_selector_all("#review-moves button", "bs => bs.map(b => [Number(b.dataset.side), "
                                      "Number(b.dataset.loss)])")
    assert shown == [[board.turn, answer["loss"]] for board, answer in answers]
    rows = page.eval_on_selector_all("#review-accuracy tbody tr", "rs => rs.map(r => [...r.children].map("
                                     "c => c.textContent))")
    expected = []
    for side in (0, 1):
        losses = [answer["loss"] for board, answer in answers if board.turn == side]
        expected.append([NAMES[side]] + [share(sum(1 for loss in losses if loss <= margin), len(losses))
                                          for margin in (0, 1, 2)])
    assert rows == expected
    counts = ["%s: %s." % (NAMES[side], ", ".join(
        "%d %s" % (n, word if n == 1 else plural) for n, word, plural in (
            (sum(1 for ply in marked(answers, side) if answers[ply][1]["mark"] == mark), mark, plurals)
            for mark, plurals in (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"),
                                  ("blunder", "blunders"))))) for side in (0, 1)]
    assert page.inner_text("#review-summary") == " ".join(counts)

    mistakes = page.eval_on_selector_all("#review-mistakes button", "bs => bs.map(b => b.textContent)")
    lines = []
    for ply in marked(answers):
        board, answer = answers[ply]
        lines.append("Move %d, %s %s: %s %s, %d seed%s given away; better %s" % (
            ply + 1, NAMES[board.turn], letter(board.turn, answer["move"]),
            "an" if answer["mark"] == "inaccuracy" else "a", answer["mark"], answer["loss"],
            "" if answer["loss"] == 1 else "s", letter(board.turn, answer["best"])))
    assert mistakes == lines and len(lines) == 5
    for ply in marked(answers):
        before, answer = answers[ply]
        after = Board(position=before.position())
        after.push(answer["best"])
        page.click("#review-mistakes button[data-ply='%d']" % ply)
        # The better move is played on the review's board; its study link opens the position before it.
        page.wait_for_function("document.getElementById('review-board').dataset.position === %r"
                               % after.position())
        assert page.get_attribute("#review-study-link", "href") == "./" + position_link(before)
    last = len(MOVES) - 1
    page.click("#review-moves button[data-ply='%d']" % last)
    assert page.get_attribute("#review-board", "data-position") == answers[last][0].position()

    # A shared game's players are two names: the reader says which side was theirs.
    assert page.inner_text("#lessons-status") == "Both sides were played by people: choose yours."


def test_the_embed_stays_without_a_review(page, site_url, wait_for_python_ready):
    page.goto(site_url + "embed.html#" + embed_fragment(GAME, 0, 0))
    wait_for_python_ready(page)
    page.wait_for_function("document.getElementById('board').dataset.position === %r" % START)
    assert page.query_selector_all("#review-start, #review, #review-board") == []


def test_a_stored_game_against_the_computer_is_reviewed_for_the_person_and_fits_a_phone(
        page, site_url, wait_for_python_ready):
    from kalah.library.history import History
    record = Record("kalah(4,3)", MOVES, start=START, meta={"south_player": "human", "north_player": "level3"})
    store = {}
    History(store).save(record, now=1)
    gid = list(History(store).entries)[0]
    page.goto(site_url + "replay.html")
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", store)
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "replay.html#l=%s&p=0" % gid)
    wait_for_python_ready(page)
    page.click("#review-start")
    page.wait_for_function(REVIEW_LISTED, timeout=TIMEOUT)
    # The person played South (the stored players): the lessons are South's only.
    assert page.inner_text("#lessons-status") == "You played South."
    assert page.is_hidden("#lessons-side")
    page.click("#lessons-start")
    south = marked(proven_review(), side=0)
    assert page.inner_text("#lessons-status") == (
        "Mistake 1 of %d (move %d): South to move. Find a better move than %s."
        % (len(south), south[0] + 1, letter(0, MOVES[south[0]])))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
