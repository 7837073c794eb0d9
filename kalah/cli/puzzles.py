"""`python -m kalah puzzles`: the shipped puzzle set of a rule set.

    python -m kalah puzzles --rules kalah(6,4) --json
    [{"id": ..., "position": P, "best": 3, "value": 4, "second": 1, "theme": "capture",
      "themes": [...], "difficulty": 2, "values": {...}, "refutations": {...}, ...}, ...]

Without --json, one line a puzzle. --theme and --difficulty pick a part of the
set. Format and fields: kalah/puzzles.py and docs/formats.md.
"""

import json
import os

from kalah import puzzles
from kalah.ai.endgame import DATA_DIR
from kalah.errors import KalahError
from kalah.notation import move_text
from kalah.rules import find_rules


def add_arguments(parser):
    parser.add_argument("--rules", default="kalah(6,4)", help="the rule set (default kalah(6,4))")
    parser.add_argument("--theme", choices=puzzles.THEMES, help="only the puzzles of this theme")
    parser.add_argument("--difficulty", type=int, choices=puzzles.DIFFICULTIES,
                        help="only the puzzles of this difficulty (1 easy .. 5 very hard)")
    parser.add_argument("--json", action="store_true", help="print one JSON list")


def shipped(rules):
    """The PuzzleSet shipped in static/data/ for `rules`."""
    rules = find_rules(rules)
    path = os.path.join(DATA_DIR, puzzles.file_name(rules))
    if not os.path.exists(path):
        raise KalahError("no puzzles are shipped for %s" % rules.name)
    with open(path, encoding="utf-8") as handle:
        return puzzles.PuzzleSet(handle.read(), path)


def run(args):
    found = shipped(args.rules)
    chosen = found.select(args.theme, args.difficulty)
    if args.json:
        print(json.dumps([puzzle.as_dict() for puzzle in chosen]))
        return 0
    for puzzle in chosen:
        board = puzzle.board()
        print("%s  %s  best %s (%+d, next best %+d)  %s, %s" % (
            puzzle.id, puzzle.position, move_text(board.turn, puzzle.best), puzzle.value, puzzle.second,
            "/".join(puzzle.themes), puzzles.DIFFICULTY_NAMES[puzzle.difficulty]))
    return 0
