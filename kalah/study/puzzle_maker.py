"""Making puzzles: the rule one position becomes a puzzle by, the puzzles of a stored game, a set.

One rule (`puzzle_of`: the best move beats every other by MIN_MARGIN seeds; themes,
difficulty, rating and refutations; then `with_line`: the forced line where the proof
shows one) for the shipped sets and for "From your games"
(kalah/study/history_puzzles.py), so a puzzle from the player's games is judged exactly as
a shipped one. A prover is anything with `values(board)` -> {move: exact value}, or
None when it cannot prove the position cheaply: `ExactValues` (the book, else the
pure-Python proof, under Pyodide or CPython) for the player's games, the numba
solver's (kalah/solver/puzzles.py) for the shipped sets.

A shipped set (`build_text`, `python -m kalah build-puzzles`, CPython with numba):
positions from seeded games of the computer's levels and the reference players
against each other, each move chosen by a search of fixed depth, so the same
options give the same games; each position with at most --max-seeds seeds in the
houses (or in the opening book) is solved exactly. A puzzle's difficulty is how many
of levels 1-8 would find the move (levels 1-6 by the chance their softmax gives it,
7 and 8 by their move at a fixed depth or node budget, each from a fresh search), so
it too is the same every build. The chosen puzzles are numbered (`with_ids`), then
each is made several moves long where the proof shows a forced line (`with_line`,
`forced_line`), its difficulty then counted over every move asked. The file is the
same bytes for the same options (`kalah.study.puzzles.dumps`).

Also, under CPython: `shipped(rules)`, the set in static/data/, and
`your_puzzles(entries)`, the "From your games" set of a whole history file
(`python -m kalah puzzles`).

A site feature (the puzzles page's), not part of kalah.ai: it uses the computer's
search, levels and proofs and the puzzle formats of kalah/study/puzzles.py and
kalah/study/history_puzzles.py, which the AI layer never imports (the import contracts
in pyproject.toml).
"""

import math

from kalah.study import history_puzzles
from kalah.study import puzzles as format_
from kalah.ai import endgame, players, solve
from kalah.ai.reference import Rng
from kalah.ai.search import Search, book_analysis
from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import find_rules

# Who plays the games a shipped set's puzzles come from: the computer at several
# strengths and the reference players, so both good and bad positions arise.
GAME_PLAYERS = ("level7", "level6", "level5", "level4", "level3", "level2", "greedy", "rightmost", "random")
LEVEL8_NODES = 40000        # level 8's budget when it is asked a puzzle (about a move's worth)
REFUTATION_PLIES = 4        # moves shown after a wrong answer
MAX_SOLVER_MOVES = 3        # a played-out puzzle asks at most this many moves of the solver


class ExactValues(solve.ExactValues):
    """The proofs "From your games" makes (kalah.ai.solve.ExactValues): up to the endgame's
    ENDGAME_SEEDS seeds in the houses, where the endgame table and the proof answer in seconds."""

    def __init__(self, max_seeds=format_.ENDGAME_SEEDS):
        solve.ExactValues.__init__(self, max_seeds)


def best_of(values):
    """The best move, the smallest house among equals."""
    top = max(values.values())
    return min(move for move, value in values.items() if value == top)


def themes_of(board, best):
    seeds = format_.houses_seeds(board)
    endgame_seeds, opening_seeds = format_.theme_bands(board.rules)
    after = board.copy()
    report = after.push(best)
    themes = []
    if seeds >= opening_seeds:
        themes.append("opening")
    if report.captured:
        themes.append("capture")
    if report.extra_turn:
        themes.append("extra-turn")
    themes.append("endgame" if seeds <= endgame_seeds else "middle-game"
                  if seeds < opening_seeds else None)
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


def one_answer(values):
    """The move that beats every other by MIN_MARGIN seeds, else None."""
    best = best_of(values)
    others = [value for move, value in values.items() if move != best]
    return best if others and values[best] - max(others) >= format_.MIN_MARGIN else None


def forced_line(board, best, prover):
    """The proof's forced line after `best`: (line, later), the whole solution as house numbers
    (the opponent's replies included) and the boards of the solver's later moves.

    After each move of the solver the opponent plays its best reply (the smallest house among
    equals; none after an extra turn), and the line goes on while the solver's next move is
    again the one that beats every other by MIN_MARGIN seeds, up to MAX_SOLVER_MOVES moves of
    the solver. It ends on a move of the solver: a forced move (one legal house) or a position
    with two good answers ends it, as does one the prover cannot prove."""
    solver = board.turn
    after = board.copy()
    after.push(best)
    line, later, replies = [best], [], []
    while after.turn is not None and len(later) + 1 < MAX_SOLVER_MOVES:
        values = prover.values(after)
        if values is None:
            break
        if after.turn != solver:
            reply = best_of(values)
            replies.append(reply)
            after.push(reply)
            continue
        answer = one_answer(values) if len(values) > 1 else None
        if answer is None:
            break
        later.append(after.copy())
        line.extend(replies + [answer])
        replies = []
        after.push(answer)
    return line, later


def with_line(puzzle, prover, table):
    """A puzzle (a dict) made several moves long where the proof shows a forced line: "line"
    and "steps" added, and `found`, difficulty and rating counted over every move asked
    (a level finds the puzzle when it finds each of them)."""
    board = Board.from_position(puzzle["position"])
    line, later = forced_line(board, puzzle["best"], prover)
    if len(line) == 1:
        return puzzle
    asked = [(board, puzzle["best"])]
    steps = []
    for position in later:
        values = prover.values(position)
        answer = one_answer(values)
        asked.append((position, answer))
        steps.append({"values": dict((str(move), value) for move, value in sorted(values.items())),
                      "refutations": dict((str(move), refutation(position, move, prover))
                                          for move in sorted(values) if move != answer)})
    found = 0.0
    for level in range(1, 9):
        chance = 1.0
        for position, answer in asked:
            chance *= level_finds(position, "level%d" % level, answer, table)
        found += chance
    found = round(found, 2)
    puzzle = dict(puzzle)
    puzzle.update({"line": line, "steps": steps, "found": found,
                   "difficulty": format_.difficulty_of(found), "rating": format_.rating_of(found)})
    return puzzle


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
    """The puzzles of one stored game (dicts with ids, kalah/study/history_puzzles.py), in the order of its moves,
    each played out as the shipped ones are (`with_line`).

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
            puzzle = with_line(puzzle, prover, table)   # played out where the proof shows a forced line
            puzzle["id"] = history_puzzles.puzzle_id(rules, gid, ply)
            found.append(puzzle)
        if progress is not None:
            progress(done + 1, len(boards))
    return found


def shipped(rules):
    """The PuzzleSet shipped in static/data/ for `rules`."""
    import os
    rules = find_rules(rules)
    path = os.path.join(endgame.DATA_DIR, format_.file_name(rules))
    if not os.path.exists(path):
        raise KalahError("no puzzles are shipped for %s" % rules.name)
    with open(path, encoding="utf-8") as handle:
        return format_.PuzzleSet(handle.read(), path)


def your_puzzles(entries):
    """The YourPuzzles of history entries (`kalah.library.history_import.read_import`'s),
    found as puzzles.html's "From your games" finds them, and how many entries
    were of rule sets that give no puzzles."""
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


# -- a shipped set (python -m kalah build-puzzles) ---------------------------------
def game_positions(rules, games, seed):
    """(board, source) before each move of `games` seeded games, in order."""
    rng = Rng(seed)
    table = endgame.table_for(rules)
    for index in range(games):
        names = (GAME_PLAYERS[rng.randrange(len(GAME_PLAYERS))], GAME_PLAYERS[rng.randrange(len(GAME_PLAYERS))])
        seats = [players.get(name, seed=rng.randrange(1 << 30)) for name in names]
        board = Board(rules)
        while board.turn is not None:
            yield board.copy(), "%s v %s, game %d, ply %d" % (names[0], names[1], index + 1, board.ply() + 1)
            board.push(game_move(seats[board.turn], board, table))


def game_move(seat, board, table):
    """The seat's move, a level's from a fresh search of its depth (never the clock's)."""
    if not isinstance(seat, players.SearchPlayer) or len(board.legal_moves) == 1:
        return seat.choose(board)
    noisy = seat.temperature > 0
    analysis = Search(board.rules, endgame=table).analyse(board, None, max_depth=seat.depth, all_values=noisy)
    return seat.pick(analysis.values) if noisy else analysis.move


def candidates(rules, games, seed, max_seeds, prover, log=None):
    """Every qualifying puzzle of the games (a dict without id), in the order met."""
    seen = set()
    table = endgame.table_for(rules)
    for board, source in game_positions(rules, games, seed):
        position = board.position()
        if position in seen or len(board.legal_moves) < 2:
            continue
        seen.add(position)
        puzzle = puzzle_of(board, prover, table, source)
        if puzzle is None:
            continue
        yield puzzle
        if log is not None:
            log(source)


def choose(found, count):
    """Up to `count` puzzles, taken in turn from each theme (its first), then easiest first."""
    groups = dict((theme, [p for p in found if p["themes"][0] == theme]) for theme in format_.THEMES)
    chosen = []
    while len(chosen) < count and any(groups.values()):
        for theme in format_.THEMES:
            if groups[theme] and len(chosen) < count:
                chosen.append(groups[theme].pop(0))
    order = dict((id(p), index) for index, p in enumerate(found))
    chosen.sort(key=lambda p: (p["rating"], order[id(p)]))
    return chosen


def build_text(rules, games=400, count=600, seed=1, max_seeds=30, log=None):
    """The puzzle file of `rules` as text (the same for the same arguments), every move
    proven by the numba solver (kalah/solver/puzzles.py: CPython with numpy and numba)."""
    from kalah.solver.puzzles import Prover
    rules = find_rules(rules)
    prover = Prover(rules, max_seeds)
    found = list(candidates(rules, games, seed, max_seeds, prover, log))
    chosen = with_ids(rules, choose(found, count))
    table = endgame.table_for(rules)
    return format_.dumps(rules, [with_line(puzzle, prover, table) for puzzle in chosen]), len(found)


def with_ids(rules, chosen):
    """The chosen puzzles numbered in their order (by their first move's rating): lines are
    added after, so a puzzle keeps the id the sets of one-move puzzles gave it and the links
    teachers made to it stay true."""
    prefix = format_.set_key(rules)
    for index, puzzle in enumerate(chosen):
        puzzle["id"] = "%s-%04d" % (prefix, index + 1)
    return chosen
