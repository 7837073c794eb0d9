"""Hostile students in the page (issue 10): each player runs in a sandbox of its
own (a Pyodide worker in a sandboxed, opaque-origin iframe, no network), for
one game; the page's Python is the referee. Every attack of the issue fails:
only the attacker's own game is touched, the next game is unaffected, and
the honest players' standings are exact (equal to the command line's with a
harmless twin in the attacker's place).
"""

import pytest

from scripts.harness import lab_page
from tests.lab.bots import RIGHTMOST

GAME_MS = 120_000
TWIN = "def select_move(board, lookahead):\n    return board.legal_moves()[0]\n"

# Everything a bot did to the old page (one worker ran both players and the
# referee), done at its first move; then it plays as its twin.
PATCHER = '''
import js
from kalah.game.board import Board
from kalah.lab import game as referee, worker_api

done = []


def attack(side):
    ask = worker_api.ask

    def evil_ask(args, progress=None):       # every other player's move becomes a forfeit
        if args["player"]["name"] != "mallory":
            return {"forfeit": {"kind": "error", "reason": "patched by mallory"}}
        return ask(args, progress)
    worker_api.ask = evil_ask
    referee.LabGame.answer = lambda self, reply, seconds=0.0: self.lose(1 - side, "error", "patched by mallory")
    moves = Board.legal_moves
    Board.legal_moves = property(lambda self: moves.fget(self) if self.turn == side else [])
    for attempt in (lambda: js.fetch("./lab.html"), lambda: js.indexedDB.open("pwned"),
                    lambda: js.caches.open("kalah-v1"), lambda: js.localStorage.setItem("pwned", "1"),
                    lambda: js.XMLHttpRequest.new().open("GET", "./lab.html"),
                    lambda: js.importScripts("./sw.js")):
        try:
            attempt()
        except Exception:
            pass


def select_move(board, lookahead):
    if not done:
        done.append(1)
        attack(0 if board.turn == "Player_A" else 1)
    return board.legal_moves()[0]
'''

# Its own worker's postMessage replaced: every answer it sends becomes "99".
POSTER = '''
import js
from pyodide.ffi import create_proxy
real = js.postMessage


def fake(text, *rest):
    message = js.JSON.parse(text)
    if message.type == "result":
        message.data = js.JSON.parse('{"move": 99}')
    real(js.JSON.stringify(message))
js.postMessage = create_proxy(fake)


def select_move(board, lookahead):
    return board.legal_moves()[0]
'''

# A made-up error message from its worker, as if the worker had failed.
FAKER = '''
import js


def select_move(board, lookahead):
    js.postMessage('{"id": null, "type": "error", "data": {"message": "the worker failed"}}')
    js.postMessage('{"id": null, "type": "crash", "data": {"message": "the runtime could not be loaded"}}')
    return board.legal_moves()[0]
'''

# Python itself crashes: a stack overflow of the WebAssembly runtime.
CRASHER = '''
import sys
sys.setrecursionlimit(10 ** 7)


def deep(n):
    return deep(n + 1) + 1


def select_move(board, lookahead):
    return deep(0)
'''


def open_lab(page, site_url, wait_for_python_ready):
    page.goto(site_url + "lab.html")
    wait_for_python_ready(page)


def save(page, name, source):
    page.fill("#player-name", name)
    page.fill("#code", source)
    page.click("#save")
    page.wait_for_function("/Saved %s/.test(document.getElementById('player-message').textContent)" % name)


def play(page, source, name, opponent, time_limit="5"):
    lab_page.start_game(page, source, name, opponent, time_limit)
    return lab_page.game_status(page, GAME_MS)


@pytest.mark.timeout(900)               # past the 10 minutes its tournament may take (its own wait says so first)
@pytest.mark.allow_console_errors    # the blocked fetch, storage and import attempts are logged in the sandbox
def test_patching_the_referee_and_reaching_the_site_change_nothing(page, site_url, wait_for_python_ready, tmp_path):
    open_lab(page, site_url, wait_for_python_ready)
    save(page, "mallory", PATCHER)
    save(page, "right", RIGHTMOST)
    page.fill("#time-limit", "5")
    for value in ("saved:mallory", "saved:right", "ai:first"):
        page.check("#entrants input[value='%s']" % value)
    page.dispatch_event("#tournament-seed", "change")
    command = page.inner_text("#t-command")
    assert command == "python -m kalah tournament mallory.py right.py --players first --rounds robin --time 5"
    page.click("#t-start")
    page.wait_for_function("document.body.dataset.tournament === 'finished'", timeout=600_000)
    assert page.inner_text("#t-progress-text") == "Finished: 6 games."
    # Exactly the standings with the harmless twin in mallory's place: no game was touched.
    played = lab_page.standings(page)
    assert played == lab_page.command_line_standings(command, {"mallory": TWIN, "right": RIGHTMOST}, tmp_path)
    assert played[0][:2] == ["1", "right"]
    # Nothing reached the site's storage or caches (and the guard checks no request left the site).
    assert page.evaluate("localStorage.getItem('pwned')") is None
    assert page.evaluate("async () => (await indexedDB.databases()).map(d => d.name).includes('pwned')") is False
    assert page.evaluate("""async () => {
        for (const name of await caches.keys())
            for (const request of await (await caches.open(name)).keys())
                if (request.url.includes('pwned')) return true;
        return false; }""") is False


@pytest.mark.allow_console_errors
@pytest.mark.parametrize("attacker, reason", [
    (POSTER, "mallory (South) - right (North): South forfeits (invalid: the player's sandbox sent the move 99, "
             "not a house 1..6); North wins."),
    (FAKER, "mallory (South) - right (North): South forfeits (error: the player's sandbox failed: the worker "
            "failed); North wins."),
])
def test_a_bot_s_messages_forfeit_only_its_own_game(page, site_url, wait_for_python_ready, attacker, reason):
    open_lab(page, site_url, wait_for_python_ready)
    save(page, "right", RIGHTMOST)
    assert play(page, attacker, "mallory", "saved:right") == reason
    # The next game, in fresh sandboxes, is unaffected.
    assert play(page, RIGHTMOST, "right", "ai:first") == "right (South) - first (North): South wins 38-10."


@pytest.mark.allow_console_errors
def test_a_crash_of_python_is_reported_as_a_crash_not_a_timeout(page, site_url, wait_for_python_ready):
    open_lab(page, site_url, wait_for_python_ready)
    save(page, "right", RIGHTMOST)
    # A budget big enough for the recursion to crash Python first (its calls are counted work).
    ended = play(page, CRASHER, "mallory", "saved:right", time_limit="60")
    assert ended.startswith("mallory (South) - right (North): South forfeits (error: ")
    assert "time" not in ended
    assert page.inner_text("#forfeit-reason").startswith("mallory forfeits: ")
    assert play(page, RIGHTMOST, "right", "ai:first") == "right (South) - first (North): South wins 38-10."
