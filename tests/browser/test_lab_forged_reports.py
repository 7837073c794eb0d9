"""A bot that forges its worker's progress reports in the page (issue 37's open breach).

The page's referee gives a move that computes slowly more than its ceiling, but only the time
the slowdown measured by its own sampler explains (kalah.web.lab.move_clock,
static/js/referee-sampler.js): the bot's reports prove nothing, since they come from its own
interpreter. This bot switches off its count (it clears kalah.lab.work's state, then the tracer)
and adds numbers uncounted for FORGES_S seconds, posting a forged report every second. Before
the sampler it was answered in time (a report came since each look, within the cap, 40 s at
1 s a move) and its game went on; now it forfeits on time once its ceiling (4 s) is spent in
effective time, which on a busy machine is what its measured slowdown stretches it to.
"""

import pytest

from scripts.harness import lab_page
from test_lab_page_attacks import open_lab, save
from tests.lab.bots import RIGHTMOST

LIMIT = "1"           # the ceiling 4 s, the cap 40 s
# How long it computes uncounted before it answers: within the cap, and past its ceiling in
# effective time unless the measured slowdown is 3 or more (4 s x 3**2 = 36 s; 25 s was past it
# only below 2.5, which a busy machine can reach).
FORGES_S = 35
GAME_MS = 120_000

# Plays the first legal move; at its second move, forges.
FORGER = '''
import js
import json
import sys
import time

moves = []


def select_move(board, lookahead):
    if lookahead == 1:
        moves.append(1)
        if len(moves) == 2:
            forge(len(moves))
    return board.legal_moves()[0]


def forge(call_id):
    import kalah.lab.work as work
    work._owners.clear()
    sys.settrace(None)
    started = last = time.time()
    total = 0
    while time.time() - started < %d:
        total += 1
        if time.time() - last >= 1:
            last = time.time()
            js.postMessage(json.dumps({"id": call_id, "type": "progress", "data": {"work": total}}))
''' % FORGES_S


@pytest.mark.timeout(300)
def test_a_bot_that_forges_progress_reports_forfeits_on_time(page, site_url, wait_for_python_ready):
    open_lab(page, site_url, wait_for_python_ready)
    save(page, "right", RIGHTMOST)
    lab_page.start_game(page, FORGER, "mallory", "saved:right", LIMIT)
    status = lab_page.game_status(page, GAME_MS)
    assert status.startswith("mallory (South) - right (North): South forfeits (time: no move within the time "
                             "limit of 1 s; the player was stopped"), status
    assert status.endswith("North wins.")
