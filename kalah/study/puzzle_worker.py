"""The worker's side of "From your games" (puzzles.html, kalah/web/puzzles/your_puzzles.py).

    game_puzzles({"record": <a record's dict, docs/formats.md>, "id": <game id>})
        -> {"puzzles": [puzzle, ...], "checked": <positions proven>}

One game per call, so the page shows its progress game by game and can
cancel between (or, where the worker is interruptible, inside) games.
Progress: {"done": n, "total": m}, the game's positions proven so far.
"""

from kalah.study import history_puzzles
from kalah.ai import endgame
from kalah.study.puzzle_maker import ExactValues, game_puzzles as find_puzzles
from kalah.ai.worker_api import _prepare
from kalah.game.board import Board
from kalah.records.record import Record
from kalah.game.rules import find_rules


def game_puzzles(args, progress=None, should_stop=None):
    record = Record.from_dict(args["record"])
    gid = str(args["id"])
    if history_puzzles.usable_rules(record.rules) is None:
        return {"puzzles": [], "checked": 0}
    _prepare(Board(record.rules))
    counted = [0]

    def report(done, total):
        counted[0] = done
        if progress is not None:
            progress({"done": done, "total": total})
    table = endgame.table_for(find_rules(record.rules))
    found = find_puzzles(record, gid, ExactValues(), table, report, should_stop)
    return {"puzzles": found, "checked": counted[0]}
