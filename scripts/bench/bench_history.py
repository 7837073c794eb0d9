"""How fast the history loads: stored summaries against replaying every record, in the same run.

    python3 -m scripts.bench.bench_history [--games 200]     (CPython, then MicroPython when node is there)

The page lists the history from each entry's summary and replays a game only
when it is opened; the baseline replays every record at load, as the first
version did. Prints milliseconds and the ratio, per interpreter.
"""

import argparse
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

CODE = r'''
import json, time
from kalah.game.board import Board
from kalah.records.record import Record
from kalah.library.history import History, GAME_PREFIX, entry_from_json

def now():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else time.time() * 1000

seed = 1
def pick(n):
    global seed
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed % n

store = {}
history = History(store)
for game in range(GAMES):
    board = Board()
    while board.turn is not None:
        moves = board.legal_moves
        board.push(moves[pick(len(moves))])
    history.save(Record.from_board(board, south="P%d" % (game % 7), north="Q"), game, "tab")
start = now()
listed = len(History(store).listing())
summaries = now() - start
start = now()
replayed = [entry_from_json(json.loads(store[key])) for key in store if key.startswith(GAME_PREFIX)]
full = now() - start
print("%d games: summaries %.0f ms, replaying every record %.0f ms, ratio %.1fx" % (
    listed, summaries, full, full / max(summaries, 1)))
'''


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    code = "GAMES = %d\n" % args.games + CODE
    print("CPython:     ", end="", flush=True)
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, PYTHONPATH=ROOT), check=True)
    runner = os.path.join(ROOT, "tests", "micropython", "run.mjs")
    node = shutil.which("node")
    if node and os.path.exists(os.path.join(ROOT, "node_modules", "@micropython")):
        print("MicroPython: ", end="", flush=True)
        subprocess.run([node, runner], input=code, text=True, cwd=ROOT, check=True)


if __name__ == "__main__":
    main()
