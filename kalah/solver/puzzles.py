"""Building a puzzle set: positions from computer games, every move proven.

    python -m kalah build-puzzles --rules kalah(6,4) [--games 400] [--count 600]

The games are the computer's levels and the reference players against each
other (pairs and seeds drawn from --seed), each move chosen by a search of
fixed depth, so the same options give the same games. Each position of those
games with at most --max-seeds seeds in the houses (or in the opening book) is
solved exactly; it becomes a puzzle when one move beats every other by at
least MIN_MARGIN seeds. A puzzle's difficulty is how many of levels 1-8 would
find the move (levels 1-6 by the chance their softmax gives it, 7 and 8 by
their move at a fixed depth or node budget, each from a fresh search), so it
too is the same every build. Themes are read off the best move and the seeds
left. The file is the same bytes for the same options (`kalah.puzzles.dumps`).
"""

from kalah import puzzles as format_
from kalah.ai import endgame, players
from kalah.ai.reference import Rng
from kalah.puzzle_maker import ExactValues, puzzle_of
from kalah.ai.search import Search
from kalah.board import Board
from kalah.rules import find_rules

# Who plays the games the puzzles come from: the computer at several
# strengths and the reference players, so both good and bad positions arise.
GAME_PLAYERS = ("level7", "level6", "level5", "level4", "level3", "level2", "greedy", "rightmost", "random")


class Prover(ExactValues):
    """Exact move values where they come cheap: the opening book, else the numba solver
    up to `max_seeds` seeds in the houses (seconds at most); None beyond."""

    def __init__(self, rules, max_seeds):
        from kalah import solver
        ExactValues.__init__(self, max_seeds)
        self.rules = rules
        self.solver = solver.solver_for(rules, max_seeds, verbose=False)

    def prove(self, board):
        return self.solver.move_values(board)


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
    """The puzzle file of `rules` as text (the same for the same arguments)."""
    rules = find_rules(rules)
    prover = Prover(rules, max_seeds)
    found = list(candidates(rules, games, seed, max_seeds, prover, log))
    chosen = choose(found, count)
    prefix = format_.file_name(rules)[len("puzzles-"):-len(".json")]
    for index, puzzle in enumerate(chosen):
        puzzle["id"] = "%s-%04d" % (prefix, index + 1)
    return format_.dumps(rules, chosen), len(found)
