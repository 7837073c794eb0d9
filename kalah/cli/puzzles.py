"""`python -m kalah puzzles`: the shipped puzzle set of a rule set.

    python -m kalah puzzles --rules kalah(6,4) --json
    [{"id": ..., "position": P, "best": 3, "value": 4, "second": 1, "theme": "capture",
      "themes": [...], "difficulty": 2, "values": {...}, "refutations": {...}, ...}, ...]

Without --json, one line a puzzle. --theme and --difficulty pick a part of the
set. Format and fields: kalah/study/puzzles.py and docs/formats.md.

    python -m kalah puzzles --counts [--rules R]

The shipped sets' puzzle counts by theme and by length (the solver's moves), as
Markdown tables, one a rule set (every shipped set unless --rules names one):
the tables of docs/performance-log.md ("Puzzles").

    python -m kalah puzzles --from-history FILE [--rules R] --json

The puzzles of the games in FILE (a history export, a record or PGN games:
kalah/library/history_import.py) instead, found exactly as puzzles.html's "From
your games" finds them (kalah/study/history_puzzles.py), of every rule set
puzzles ship for unless --rules names one. A file that cannot be read is
an error (exit status 2), said at once for a folder, a pipe or a device
(/dev/zero), and after reading at most its cap for a file too large; games
of other rule sets are counted on stderr.
"""

import json

from kalah.study import puzzles
from kalah.study.puzzle_maker import shipped
from kalah.errors import KalahError
from kalah.game.notation import move_text
from kalah.game.rules import find_rules


def add_arguments(parser):
    parser.add_argument("--rules", help="the rule set (default kalah(6,4); with --from-history, every one)")
    parser.add_argument("--from-history", metavar="FILE",
                        help="the puzzles found in the games of this history export or record file")
    parser.add_argument("--theme", choices=puzzles.THEMES, help="only the puzzles of this theme")
    parser.add_argument("--difficulty", type=int, choices=puzzles.DIFFICULTIES,
                        help="only the puzzles of this difficulty (1 easy .. 5 very hard)")
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    parser.add_argument("--counts", action="store_true",
                        help="print the shipped sets' counts by theme and length as Markdown tables")


def from_history(path):
    """The YourPuzzles of the games in the file at `path`, and how many games were of other rules."""
    from kalah.study.puzzle_maker import your_puzzles
    from kalah.cli import read_capped
    from kalah.library.history_import import read_import
    from kalah.input_guards import MAX_IMPORT
    # Characters are at least one byte each: a file over MAX_IMPORT bytes may still be in
    # characters under the cap, so up to 4 bytes a character are read, then the text is checked.
    data = read_capped(path, 4 * MAX_IMPORT)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise KalahError("%s is not a text file (UTF-8)" % path)
    try:
        entries = read_import(text)
    except KalahError as error:
        raise KalahError("%s: %s" % (path, error))
    return your_puzzles(entries)


def run(args):
    if args.counts:
        if args.from_history or args.json or args.theme or args.difficulty:
            raise KalahError("--counts takes only --rules")
        names = [find_rules(args.rules).name] if args.rules else list(puzzles.SHIPPED_RULES)
        print("\n\n".join(counts_table(shipped(name)) for name in names))
        return 0
    if args.from_history:
        return run_history(args)
    found = shipped(args.rules or "kalah(6,4)")
    show(found.select(args.theme, args.difficulty), args.json)
    return 0


def run_history(args):
    import sys
    found, others = from_history(args.from_history)
    if others:
        sys.stderr.write("%d game(s) of other rule sets give no puzzles (puzzles come from %s games)\n" % (
            others, " and ".join(puzzles.YOUR_GAMES_RULES)))
    names = [find_rules(args.rules).name] if args.rules else list(puzzles.YOUR_GAMES_RULES)
    chosen = []
    for name in names:
        chosen.extend(found.puzzle_set(name).select(args.theme, args.difficulty))
    show(chosen, args.json)
    return 0


def counts_table(found):
    """A set's counts by theme (a puzzle under each of its themes) and by length, in Markdown."""
    lengths = sorted(set(p.moves for p in found.puzzles))
    head = ["theme"] + [("%d move" if n == 1 else "%d moves") % n for n in lengths] + ["all"]
    rows = []
    for theme in puzzles.THEMES + (None,):
        kept = [p for p in found.puzzles if theme is None or theme in p.themes]
        rows.append(["every puzzle" if theme is None else theme]
                    + [str(len([p for p in kept if p.moves == n])) for n in lengths] + [str(len(kept))])
    lines = ["%s: %d puzzles (counted under each of their themes)" % (found.rules.name, len(found)), "",
             "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(row) + " |" for row in rows])


def show(chosen, as_json):
    if as_json:
        print(json.dumps([puzzle.as_dict() for puzzle in chosen]))
        return
    for puzzle in chosen:
        board = puzzle.board()
        print("%s  %s  best %s (%+d, next best %+d)  %s, %s" % (
            puzzle.id, puzzle.position, move_text(board.turn, puzzle.best), puzzle.value, puzzle.second,
            "/".join(puzzle.themes), puzzles.DIFFICULTY_NAMES[puzzle.difficulty]))
