"""Drive the review (kalah/web/common/review_panel.py) on the play page and on replay.html."""

import re

# The worker's start and a short game's review on a loaded 2-core machine.
TIMEOUT = 240_000
REVIEW_LISTED = ("document.querySelector('#review-moves button') && "
                 "!document.getElementById('review-moves').closest('[hidden]')")
# A kalah(4,3) game between two computers, played to its end at once.
COMPUTER_GAME = "index.html#rules=kalah(4,3)&south=greedy&north=random&speed=fast"


def start_review(page):
    """Ask for the review (once the page offers it) and wait until its marked moves are listed."""
    page.wait_for_selector("#review-start:not([disabled])", timeout=TIMEOUT)
    page.click("#review-start")
    page.wait_for_function(REVIEW_LISTED, timeout=TIMEOUT)


def reviewed_computer_game(page, site_url, wait_for_python_ready):
    """COMPUTER_GAME played and reviewed: [(side, move letter, loss, line)] a move."""
    page.goto(site_url + COMPUTER_GAME)
    wait_for_python_ready(page)
    page.wait_for_function("document.getElementById('board').dataset.position.endsWith('/-')", timeout=TIMEOUT)
    start_review(page)
    moves = page.eval_on_selector_all("#review-moves button", """bs => bs.map(b =>
        [Number(b.dataset.side), Number(b.dataset.loss), b.textContent])""")
    return [(side, re.match(r"\d+\. \w+ ([A-Da-d]) ", line).group(1), loss, line) for side, loss, line in moves]
