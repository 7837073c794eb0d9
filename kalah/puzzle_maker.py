"""Making a puzzle from one position: the qualifying rule, themes, difficulty, refutations.

Plain Python shared by the offline builder of the shipped sets
(kalah/solver/puzzles.py, exact values from the numba solver) and by the
"From your games" set (kalah/history_puzzles.py, exact values from the
pure-Python proof under Pyodide or CPython): one rule for both, so a puzzle
from the player's games is judged exactly as a shipped one.

A prover is anything with `values(board)` -> {move: exact value} or None
when it cannot prove the position cheaply.

Also, under CPython: `shipped(rules)`, the set in static/data/, and
`your_puzzles(entries)`, the "From your games" set of a whole history file
(`python -m kalah puzzles`).

A site feature (the puzzles page's), not part of kalah.ai: it uses the
computer's search, levels and proofs, and the puzzle formats of
kalah/puzzles.py and kalah/history_puzzles.py, which the AI layer never
imports (the import contracts in pyproject.toml).
"""

import math

from kalah import history_puzzles
from kalah import puzzles as format_
from kalah.ai import players
from kalah.ai.search import Search, book_analysis
from kalah.errors import KalahError
from kalah.rules import find_rules

LEVEL8_NODES = 40000        # level 8's budget when it is asked a puzzle (about a move's worth)
REFUTATION_PLIES = 4        # moves shown after a wrong answer


class ExactValues:
    """Exact move values without numba: the opening book, else the search run to a proof
    (kalah.ai.solve: the endgame table and kalah.ai.proof) up to `max_seeds` seeds in the houses."""

    def __init__(self, max_seeds=format_.ENDGAME_SEEDS):
        self.max_seeds = max_seeds

    def values(self, board):
        found = book_analysis(board, exact_only=True)
        if found is not None:
            return dict(found.values)
        if format_.houses_seeds(board) > self.max_seeds:
            return None
        return self.prove(board)

    def prove(self, board):
        from kalah.ai.solve import solve
        return dict(solve(board)["values"])


def best_of(values):
    """The best move, the smallest house among equals."""
    top = max(values.values())
    return min(move for move, value in values.items() if value == top)


def themes_of(board, best):
    seeds = format_.houses_seeds(board)
    after = board.copy()
    report = after.push(best)
    themes = []
    if seeds >= format_.OPENING_SEEDS:
        themes.append("opening")
    if report.captured:
        themes.append("capture")
    if report.extra_turn:
        themes.append("extra-turn")
    themes.append("endgame" if seeds <= format_.ENDGAME_SEEDS else "middle-game"
                  if seeds < format_.OPENING_SEEDS else None)
    return [theme for theme in themes if theme is not None]


def level_finds(board, level, best, table):
    """The chance (0..1) that `level` plays `best` here, from a fresh search."""
    depth, temperature, _ = players.LEVELS[level]
    if depth is None:
        found = book_analysis(board, exact_only=True)   # as level 8 plays
        if found is None:
            found = Search(board.rules, endgame=table).analyse(
                board, None, max_nodes=LEVEL8_NODES, all_values=False)
        return 1.0 if found.move == best else 0.0
    noisy = temperature > 0
    analysis = Search(board.rules, endgame=table).analyse(board, None, max_depth=depth, all_values=noisy)
    if not noisy:
        return 1.0 if analysis.move == best else 0.0
    top = max(analysis.values.values())
    weights = dict((move, math.exp((value - top) / temperature)) for move, value in analysis.values.items())
    return weights.get(best, 0.0) / sum(weights.values())


def refutation(board, move, prover):
    """The best play after the wrong `move`, REFUTATION_PLIES moves at most (fewer where
    the line leaves the book with more seeds than the prover takes)."""
    after = board.copy()
    after.push(move)
    line = []
    while after.turn is not None and len(line) < REFUTATION_PLIES:
        values = prover.values(after)
        if values is None:
            break
        reply = best_of(values)
        line.append(reply)
        after.push(reply)
    return line


def puzzle_of(board, prover, table, source):
    """The puzzle of `board` (a dict without id) when one move beats every other by
    MIN_MARGIN seeds, else None (also when the prover cannot prove it)."""
    if board.turn is None or len(board.legal_moves) < 2:
        return None
    values = prover.values(board)
    if values is None:
        return None
    best = best_of(values)
    second = max(value for move, value in values.items() if move != best)
    if values[best] - second < format_.MIN_MARGIN:
        return None
    found = sum(level_finds(board, "level%d" % level, best, table) for level in range(1, 9))
    found = round(found, 2)
    return {"position": board.position(), "best": best, "value": values[best], "second": second,
            "values": dict((str(move), value) for move, value in sorted(values.items())),
            "themes": themes_of(board, best), "found": found,
            "difficulty": format_.difficulty_of(found), "rating": format_.rating_of(found),
            "refutations": dict((str(move), refutation(board, move, prover))
                                for move in sorted(values) if move != best),
            "source": source}


def game_puzzles(record, gid, prover, table, progress=None, should_stop=None):
    """The puzzles of one stored game (dicts with ids, kalah/history_puzzles.py), in the order of its moves.

    progress(done, total) after each position proven; should_stop() ends early (KalahError)."""
    rules = history_puzzles.usable_rules(record.rules)
    if rules is None:
        return []
    boards = list(history_puzzles.candidate_boards(record))
    found = []
    who = "%s v %s" % (record.south or "South", record.north or "North")
    when = (" (%s)" % record.date[:10]) if isinstance(record.date, str) and record.date else ""
    for done, (board, ply) in enumerate(boards):
        if should_stop is not None and should_stop():
            raise KalahError("stopped")
        puzzle = puzzle_of(board, prover, table, "your game %s%s, move %d" % (who[:80], when, ply))
        if puzzle is not None:
            puzzle["id"] = history_puzzles.puzzle_id(rules, gid, ply)
            found.append(puzzle)
        if progress is not None:
            progress(done + 1, len(boards))
    return found


def shipped(rules):
    """The PuzzleSet shipped in static/data/ for `rules`."""
    import os
    from kalah.ai.endgame import DATA_DIR
    rules = find_rules(rules)
    path = os.path.join(DATA_DIR, format_.file_name(rules))
    if not os.path.exists(path):
        raise KalahError("no puzzles are shipped for %s" % rules.name)
    with open(path, encoding="utf-8") as handle:
        return format_.PuzzleSet(handle.read(), path)


def your_puzzles(entries):
    """The YourPuzzles of history entries (`kalah.history_import.read_import`'s),
    found as puzzles.html's "From your games" finds them, and how many entries
    were of rule sets that give no puzzles."""
    from kalah.ai import endgame
    found = history_puzzles.YourPuzzles()
    prover = ExactValues()
    others = 0
    for entry in entries:
        rules = history_puzzles.usable_rules(entry.rules)
        if rules is None:
            others += 1
            continue
        found.add(entry, game_puzzles(entry.record, entry.id, prover, endgame.table_for(find_rules(rules))))
    return found, others
