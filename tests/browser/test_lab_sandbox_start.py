"""How the lab's sandboxes start (static/js/bot-sandbox.js, bot-worker.js): each restores its own
copy of a snapshot of Python already started, which a worker of the page made before any player
ran, so no sandbox starts Python afresh; and a player's random numbers still differ from game to
game (every sandbox restores the same memory, so each reseeds `random`). That what one game's
player changes is gone in the next is test_lab_page_attacks.py's PATCHER.
"""

import re

from scripts.harness import lab_page
from test_lab_page_attacks import open_lab, play

# Forfeits at its first move, saying the first number `random` gave it.
DICE = '''import random


def select_move(board, lookahead):
    raise RuntimeError("rolled %r" % random.random())
'''


def test_every_sandbox_restores_the_snapshot_and_rolls_numbers_of_its_own(page, site_url, wait_for_python_ready):
    open_lab(page, site_url, wait_for_python_ready)
    page.evaluate(lab_page.WATCH_STARTS)
    rolls = []
    for _ in range(2):
        status = play(page, DICE, "dice", "ai:first")
        assert status.startswith("dice (South) - first (North): South forfeits (error: raised RuntimeError: rolled 0."), status
        rolls.append(re.search(r"rolled (0\.\d+)", status).group(1))
    assert rolls[0] != rolls[1]
    # Every sandbox that became ready restored the snapshot: at least each game's dice player (the
    # game ends at its first move, which may come before first's sandbox, or a spare, is ready).
    starts = page.evaluate("window.kalahStarts")
    assert len(starts) >= 2 and set(starts) == {"snapshot"}, starts
