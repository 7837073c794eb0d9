#!/usr/bin/env python3
"""Move accuracy: how often the top level's move keeps the exact value.

    python3 -m scripts.bench.accuracy --positions 300 --time 0.6 --max-seeds 48
    .venv/bin/python -m scripts.bench.accuracy --browser --positions 300 --time 1 --max-seeds 36
    .venv/bin/python -m scripts.bench.accuracy --positions 40 --min-seeds 23 --max-seeds 36 --nodes 90000
    .venv/bin/python -m scripts.bench.accuracy --positions 40 --min-seeds 37 --max-seeds 48 --random-plies 2 --time 0.6
    .venv/bin/python -m scripts.bench.accuracy --games 20 --opponents exact --random-plies 0 --max-seeds 48 --time 1
    .venv/bin/python -m scripts.bench.accuracy --held-out --positions 40 --nodes 118000 --time 0.6
    .venv/bin/python -m scripts.bench.accuracy --held-out --values scripts/bench/tuning_values.json --min-seeds 23 --nodes 118000 --time 0

Distinct positions come from level 8's own games (against itself and levels 5..7,
seeded), taken once at most `--max-seeds` seeds are left in the houses.
The exact values come from the opening book, else the numba solver when
numba is installed (any number of seeds: `python -m kalah solve`'s means),
else the Python solver (keep --max-seeds near 22 then). Results by band of
seeds in houses. For each, the solver gives every
move's exact value; the top level then moves with `--time` seconds (with an
empty transposition table), and the move counts as accurate when its exact
value equals the best. Also the mean seeds lost per inaccurate move.

With --table-seeds 14,16 level 8 moves once with each endgame table size in
turn on every position (prefixes of the numba solver's cached table), and
each size's file, memory and load time are printed first: what a bigger
shipped table costs and buys.

With --variants "shipped;EXTEND_EXTRA_TURNS=1" level 8 moves once with
each variant of its search's settings (scripts/bench/search_settings.py) on
every position, in one run on the same positions, each move from an empty
table (with --held-out too). --evaluation 0,1 is short for
--variants "EVALUATION=0;EVALUATION=1" (0: the store difference, 1: the
learned evaluation).

With --games N level 8 is scored in its own games instead, as it plays
them: N games from two random plies (--random-plies), against itself and levels 5..7 in
turn (or the players `--opponents` names, e.g. `perfect`, or `exact`:
perfect play itself, the solver's best moves with ties drawn at random), sides alternating, keeping its tables from move to move (and game to
game) as the page's worker does. Every move level 8 makes with at most `--max-seeds` seeds in
the houses (and a choice to make) is checked. Its own tables carry what it
proved on one move to the next, which isolated positions cannot show.
With --values FILE too, every exact value solved (level 8's positions and
the exact opponent's) is written to FILE as it is solved and read back next
time; at --nodes the games are the same in every run, so a run stopped part
way carries on where it stopped. That is how a measure that costs hours of
solving (Kalah(6,4)'s, above 36 seeds) is run in pieces.

With --held-out the positions are --positions in each band (BANDS, the
opening band up to --max-seeds), drawn by seeded_band: random two-ply
openings played on by level 5 at a fixed depth, so the same --seed gives
the same positions on any machine and under any load (the levels' games
above move by the clock). Level 8 moves on each at --nodes nodes a move
(reproducible: the machine's load changes nothing) and at --time seconds
(what a player sees; --time 0: not), in one run. With the defaults (seed 1,
40 a band, up to 48 seeds) the positions and their exact values are read
from scripts/bench/held_out_values.json (scripts/bench/held_out.py made
them once), so no solver runs: the figure at --nodes is the same on any
machine. Every move that loses seeds is listed with the best moves.
`--values scripts/bench/tuning_values.json` takes the tuning set's positions
instead (`held_out.py --kept tuning`): tune a change there, then check it on the
held-out set, which it never saw.

With --browser the top level moves in headless chromium's Pyodide worker,
asked as the play page asks it (kalah.ai.worker_api.choose_move); the
positions and the exact values still come from this CPython. The worker
keeps its transposition table from one position to the next, as in a game.
With --held-out too, on the kept positions at --time seconds a move.
"""

import contextlib

import argparse
import json
import os
import time

from kalah import Board
from kalah.ai import endgame, players, search
from kalah.ai.reference import Rng
from kalah.cli.solve import exact_values
from kalah.study.puzzles import houses_seeds
from kalah.game.rules import find_rules
from scripts.bench import search_settings

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

BANDS = ((0, 22, "endgame (0-22)"), (23, 36, "middle (23-36)"), (37, 99, "opening (37+)"))


def random_opening(rules, plies, rng):
    """A new game after `plies` random plies drawn from rng (fewer if it ends)."""
    board = Board(rules)
    for _ in range(plies):
        if board.turn is not None:
            board.push(board.legal_moves[rng.randrange(len(board.legal_moves))])
    return board


def game_positions(rules, count, max_seeds, seed, random_plies=0):
    """Distinct positions from games between levels, once few enough seeds are left.

    Games of level 8 against itself often repeat one another, so a position
    already taken is not taken again (it would count its move twice).
    random_plies: each game opens with that many random plies (seeded), which
    the opening band needs: without them its positions are the book's few lines."""
    names = ["level8", "level5", "level6", "level7"]
    found = []
    seen = set()
    game = 0
    rng = Rng(seed)
    while len(found) < count:
        opponent = players.get(names[game % len(names)], seed=seed + game)
        level8 = players.get("level8")
        south, north = (level8, opponent) if game % 2 == 0 else (opponent, level8)
        board = random_opening(rules, random_plies, rng)
        taken = 0
        while board.turn is not None and taken < 3:
            m = board.rules.houses
            in_houses = sum(board.pits[:m]) + sum(board.pits[m + 1:2 * m + 1])
            if (in_houses <= max_seeds and len(board.legal_moves) > 1 and board.ply() % 3 == 0
                    and board.position() not in seen):
                seen.add(board.position())
                found.append(board.copy())
                taken += 1
            player = south if board.turn == 0 else north
            board.push(player.choose(board, time_limit=0.05))
        game += 1
    return found[:count]


def in_band(rules, count, min_seeds, max_seeds, seed, random_plies=0):
    """Distinct positions of game_positions' games with min_seeds..max_seeds seeds in the houses."""
    boards = {}
    draw = seed
    while len(boards) < count:
        for board in game_positions(rules, count, max_seeds, draw, random_plies):
            if houses_seeds(board) >= min_seeds:
                boards.setdefault(board.position(), board)
        draw += 1000
    return list(boards.values())[:count]


LEVEL5_SECONDS = 60.0   # never reached: level 5 stops at its depth, so no clock decides its move


def seeded_position(rules, low, high, rng, seed):
    """A game's first position with a choice of moves and at most a target of seeds in the houses
    (the target drawn evenly in low..high), or None when the game falls below `low` first.

    The game opens with two random plies from rng, then level 5 plays both sides (depth 4,
    its softmax seeded by `seed`) from an empty table each move: no clock and no earlier
    search decides a move, so the same seeds give the same position on any machine."""
    target = low + rng.randrange(high - low + 1)
    board = random_opening(rules, 2, rng)
    level5 = players.get("level5", seed=seed)
    while board.turn is not None:
        seeds = houses_seeds(board)
        if seeds < low:
            return None
        if seeds <= target and len(board.legal_moves) > 1:
            return board
        search._searchers.clear()
        board.push(level5.choose(board, time_limit=LEVEL5_SECONDS))
    return None


def seeded_band(rules, low, high, count, seed, exclude=()):
    """`count` distinct positions of seeded_position's games with low..high seeds in the houses,
    leaving out those the opening book proves (every level answers them at once, exactly)
    and those named in `exclude` (another set's)."""
    rng = Rng(seed * 1000 + low)
    found = {}
    game = 0
    while len(found) < count:
        game += 1
        board = seeded_position(rules, low, high, rng, seed * 100000 + game)
        if board is None or board.position() in found or board.position() in exclude:
            continue
        if search.book_analysis(board, exact_only=True) is None:
            found[board.position()] = board
    search._searchers.clear()
    return list(found.values())


def band_arguments(parser):
    """The options naming one band of positions (in_band), as the benchmarks of a band take them."""
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--min-seeds", type=int, default=30)
    parser.add_argument("--max-seeds", type=int, default=36)
    parser.add_argument("--seed", type=int, default=21)


def band_boards(args):
    """The positions band_arguments' options name."""
    return in_band(find_rules(args.rules).name, args.positions, args.min_seeds, args.max_seeds, args.seed)


OPPONENTS = ("level8", "level5", "level6", "level7")
# An opponent of --games that is perfect play itself: ExactPlayer.
EXACT = "exact"


class ExactValues:
    """Every move's exact value of a board (exact_values), solved once and kept: in `path`
    (--values) when given, written as each position is solved, so that a run stopped part way
    carries on where it stopped (a game's moves at --nodes are the same every run)."""

    def __init__(self, path=None, solvers=None):
        self.path = path
        self.solvers = {} if solvers is None else solvers   # the numba solvers, kept from position to position
        self.known = load_values(path)
        self.seconds = 0.0   # spent solving

    def __call__(self, board):
        position = board.position()
        values = self.known.get(position)
        if values is None:
            started = time.time()
            values = self.known[position] = exact_values(board, self.solvers)
            self.seconds += time.time() - started
            save_values(self.path, self.known)
        return values


class ExactPlayer:
    """Perfect play: a move of the best exact value (ExactValues: the book's
    proofs or the numba solver's), drawn at random among equals, so that
    games spread over the perfect lines. Seconds to a minute a move while
    more than 36 seeds are in the houses."""

    def __init__(self, seed, values):
        self.rng = Rng(seed)
        self.values = values

    def choose(self, board, time_limit=None):
        values = self.values(board)
        best = max(values.values())
        moves = sorted(move for move, value in values.items() if value == best)
        return moves[self.rng.randrange(len(moves))]


def game_moves(rules, games, max_seeds, seed, choose, names=OPPONENTS, random_plies=2, values=None):
    """[(board, level 8's move)] from level 8's own games, for its moves with few enough seeds left.

    choose(board): level 8's move; names: its opponents in turn ("level8": itself,
    "exact": ExactPlayer, on `values`, an ExactValues); each game opens with random_plies random
    plies (seeded)."""
    rng = Rng(seed)
    found = []
    for game in range(games):
        opponent = names[game % len(names)]
        if opponent == EXACT:
            other = ExactPlayer(seed + game, values or ExactValues())
        else:
            other = None if opponent == "level8" else players.get(opponent, seed=seed + game)
        level8_side = game % 2
        board = random_opening(rules, random_plies, rng)
        while board.turn is not None:
            if board.turn != level8_side and other is not None:
                board.push(other.choose(board, time_limit=0.05))
                continue
            move = choose(board)
            m = board.rules.houses
            if sum(board.pits[:m]) + sum(board.pits[m + 1:2 * m + 1]) <= max_seeds and len(board.legal_moves) > 1:
                found.append((board.copy(), move))
            board.push(move)
    return found


def level8_here(seconds, table=None, keep_tables=False, nodes=None):
    """level 8's move under this CPython, from an empty transposition table.

    table: an endgame.Table to search with instead of the shipped one.
    keep_tables: keep the search's tables from one call to the next (a game).
    nodes: search this many nodes instead of `seconds` (its proof gets its usual
    share of them), so that the machine's load does not change the move."""
    def choose(board):
        if not keep_tables:
            search._searchers.clear()
        if table is not None:
            endgame.load(board.rules, table)
        if nodes is not None:
            return search.analyse(board, None, max_nodes=nodes, all_values=False).move
        return players.get("level8").choose(board, time_limit=seconds)
    return choose


def with_variants(variants, seconds, nodes=None):
    """{label: level 8 with each variant of scripts/bench/search_settings.py in force}."""
    def chooser(settings):
        plain = level8_here(seconds, nodes=nodes)

        def choose(board):
            with search_settings.applied(settings):
                return plain(board)
        return choose
    return dict(("with %s" % variant, chooser(search_settings.parse(variant))) for variant in variants)


def with_table_sizes(rules, sizes, seconds):
    """{label: level 8 with each endgame table size}, after printing each size's costs."""
    from kalah import solver
    rules = find_rules(rules)
    largest = solver.cached_table(rules, max(sizes))
    choosers = {}
    for seeds in sizes:
        data = largest[:solver.table_size(rules.houses, seeds)].tobytes()
        blob = endgame.Table(endgame.db_key(rules), rules.houses, seeds, data).to_bytes()
        started = time.perf_counter()
        table = endgame.Table.from_bytes(blob)
        print("%d-seed table: %.1f MB file, %.1f MB in memory, loaded in %.3f s" % (
            seeds, len(blob) / 1e6, table.memory() / 1e6, time.perf_counter() - started), flush=True)
        choosers["%d-seed table" % seeds] = level8_here(seconds, table)
    return choosers


@contextlib.contextmanager
def level8_in_browser(seconds):
    """level 8's move from the Pyodide worker of headless chromium, as the play page asks for it."""
    from scripts.bench.bench_browser_search import BrowserWorker
    from scripts.harness.chromium import chromium_launch_options
    from playwright.sync_api import sync_playwright
    from scripts.build.serve import start_server
    server, url = start_server(ROOT, port=0)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**chromium_launch_options())
            worker = BrowserWorker(browser, url)
            worker.start()

            def choose(board):
                args = {"position": board.position(), "player": "level8", "time": seconds}
                return worker.page.evaluate("(args) => callWorker('kalah.ai.worker_api:choose_move', args)",
                                            args)["move"]
            yield choose
            browser.close()
    finally:
        server.shutdown()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--max-seeds", type=int, default=48)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--browser", action="store_true",
                        help="level 8 moves in headless chromium's Pyodide worker (the page's computer)")
    parser.add_argument("--table-seeds", default=None, metavar="N,N",
                        help="compare endgame table sizes under CPython (needs numba), e.g. 14,16")
    parser.add_argument("--min-seeds", type=int, default=0,
                        help="only positions with at least this many seeds in the houses (one band)")
    parser.add_argument("--nodes", type=int, default=0,
                        help="level 8 searches this many nodes a move instead of --time (load-independent)")
    parser.add_argument("--evaluation", default=None, metavar="0,1",
                        help="compare settings of kalah.ai.search.EVALUATION on the same positions")
    parser.add_argument("--variants", default=None, metavar="SPEC;SPEC",
                        help="compare variants of the search's settings on the same positions: each "
                             "'shipped' or NAME=VALUE[,NAME=VALUE] (scripts/bench/search_settings.py)")
    parser.add_argument("--random-plies", type=int, default=None, metavar="N",
                        help="each game opens with N random plies: distinct opening-band positions "
                             "(37+ seeds), which the levels' games alone repeat (default 0; 2 with --games)")
    parser.add_argument("--held-out", action="store_true",
                        help="--positions positions in each band (endgame, middle, opening; within "
                             "--min-seeds..--max-seeds) "
                             "from seeded_band, the same on any machine; level 8 moves at --nodes and at "
                             "--time (0: not) on each, in one run")
    parser.add_argument("--values", default=None, metavar="FILE",
                        help="keep the exact values in this JSON file and read them from it next time, "
                             "the exact opponent's of --games too, written as each is solved, so that a "
                             "stopped run carries on (the solver takes up to a minute a position above 36 seeds)")
    parser.add_argument("--games", type=int, default=0,
                        help="score level 8's moves in N of its own games instead of isolated positions")
    parser.add_argument("--opponents", default=",".join(OPPONENTS), metavar="NAME,NAME",
                        help="with --games: level 8's opponents in turn, under CPython (default %(default)s)")
    args = parser.parse_args()
    if args.evaluation:
        args.variants = ";".join("EVALUATION=%s" % setting for setting in args.evaluation.split(","))
    variants = args.variants.split(";") if args.variants else None
    plies = args.random_plies if args.random_plies is not None else 2 if args.games else 0
    if args.games:
        opponents = args.opponents.split(",")
        values = ExactValues(args.values)   # the exact opponent's and level 8's positions'
        if args.browser:
            with level8_in_browser(args.time) as choose:
                moves = game_moves(args.rules, args.games, args.max_seeds, args.seed, choose, opponents, plies,
                                   values)
            where = "in the browser's Pyodide worker, in its own games"
        else:
            search._searchers.clear()
            moves = game_moves(args.rules, args.games, args.max_seeds, args.seed,
                               level8_here(args.time, keep_tables=True, nodes=args.nodes or None), opponents,
                               plies, values)
            where = "under CPython, in its own games" + (
                " at %d nodes a move" % args.nodes if args.nodes else "")
        played = dict((id(board), move) for board, move in moves)
        measure(args, [board for board, _ in moves], {where: lambda board: played[id(board)]}, values)
        return
    if args.held_out and args.browser:
        with level8_in_browser(args.time) as choose:
            measure(args, held_out_boards(args), {"in the browser's Pyodide worker at %g s a move" % args.time: choose})
        return
    if args.held_out:
        boards = held_out_boards(args)
        choosers = {}
        if args.nodes:
            choosers.update(("under CPython at %d nodes a move%s" % (args.nodes, suffix), choose)
                            for suffix, choose in labelled(variants, None, args.nodes))
        if args.time:
            choosers.update(("under CPython at %g s a move%s" % (args.time, suffix), choose)
                            for suffix, choose in labelled(variants, args.time))
        measure(args, boards, choosers)
        return
    if args.min_seeds:
        boards = in_band(args.rules, args.positions, args.min_seeds, args.max_seeds, args.seed, plies)
    else:
        boards = game_positions(args.rules, args.positions, args.max_seeds, args.seed, plies)
    if variants:
        measure(args, boards, with_variants(variants, args.time, args.nodes or None))
    elif args.nodes:
        measure(args, boards, {"under CPython at %d nodes a move" % args.nodes: level8_here(None, nodes=args.nodes)})
    elif args.browser:
        with level8_in_browser(args.time) as choose:
            measure(args, boards, {"in the browser's Pyodide worker": choose})
    elif args.table_seeds:
        sizes = [int(seeds) for seeds in args.table_seeds.split(",")]
        measure(args, boards, with_table_sizes(args.rules, sizes, args.time))
    else:
        measure(args, boards, {"under CPython": level8_here(args.time)})


def labelled(variants, seconds, nodes=None):
    """[(suffix of the label, chooser)]: each variant's level 8 (' with VARIANT'), or the shipped
    one alone (suffix '') without variants."""
    if not variants:
        return [("", level8_here(seconds, nodes=nodes))]
    return [(" " + label, choose) for label, choose in with_variants(variants, seconds, nodes).items()]


def held_out_boards(args):
    """--held-out's positions: those of a file of scripts/bench/held_out.py's (--values, or the
    held-out set itself when the arguments name it: its rules, seed and count a band), solved
    once and kept; else seeded_band's afresh."""
    from scripts.bench import held_out
    kept = (args.rules, args.seed, args.positions, args.max_seeds) == (
        held_out.RULES, held_out.SEED, held_out.PER_BAND, held_out.MAX_SEEDS)
    if kept and not args.values:
        args.values = held_out.HELD_OUT
    stored = held_out.boards(args.values) if args.values and held_out.is_kept(args.values) else None
    if stored is not None:
        args.rules = held_out.read(args.values)["rules"]   # what the report names
    boards = []
    for low, high, _ in BANDS:
        if low <= args.max_seeds and high >= args.min_seeds:
            if stored is not None:
                boards += [board for board in stored
                           if max(low, args.min_seeds) <= houses_seeds(board) <= min(high, args.max_seeds)]
            else:
                boards += seeded_band(args.rules, max(low, args.min_seeds), min(high, args.max_seeds),
                                      args.positions, args.seed)
    return boards


def load_values(path):
    """{position: {move: exact value}} saved by an earlier run (--values), else {}."""
    if not path or not os.path.exists(path):
        return {}
    from scripts.bench import held_out
    if held_out.is_kept(path):
        return held_out.exact_values_of(path)
    with open(path) as stored:
        return dict((position, dict((int(move), value) for move, value in values.items()))
                    for position, values in json.load(stored).items())


def save_values(path, known):
    from scripts.bench import held_out
    if path and os.path.exists(path) and held_out.is_kept(path):
        position, values = list(known.items())[-1]   # the one just solved
        held_out.record(path, position, values, 0.0)
    elif path:
        # Written whole and renamed over the old file, so that a run stopped part way never
        # leaves half a file (and loses none of what it solved before).
        with open(path + ".tmp", "w") as stored:
            json.dump(known, stored)
        os.replace(path + ".tmp", path)


def measure(args, boards, choosers, exact=None):
    """Each chooser's move on every board, against the exact values (`exact`, an ExactValues:
    solved once a board)."""
    found = dict((where, dict((name, [0, 0, 0]) for _, _, name in BANDS)) for where in choosers)
    exact = exact or ExactValues(args.values)
    for board in boards:
        values = exact(board)
        in_houses = houses_seeds(board)
        band = [name for low, high, name in BANDS if low <= in_houses <= high][0]
        for where, choose in choosers.items():
            move = choose(board)
            loss = max(values.values()) - values[move]
            if loss:
                best = [other for other, value in sorted(values.items()) if value == max(values.values())]
                print("  %s: %s (%d seeds) played %d, best %s, %d seeds lost" % (
                    where, board.position(), in_houses, move, "/".join(map(str, best)), loss), flush=True)
            counts = found[where][band]   # positions, accurate, seeds lost
            counts[0] += 1
            counts[1] += loss == 0
            counts[2] += loss
    for where, bands in found.items():
        accurate = sum(good for _, good, _ in bands.values())
        lost = sum(seeds for _, _, seeds in bands.values())
        pace = "" if args.nodes or args.held_out else " at %gs/move" % args.time
        print("%s: level8%s %s kept the exact value in %d of %d positions (%.0f%%); "
              "mean loss %.2f seeds per position; %.0f s of solving this run" % (
                  args.rules, pace, where, accurate, len(boards), 100.0 * accurate / len(boards),
                  lost / len(boards), exact.seconds))
        for _, _, name in BANDS:
            count, good, seeds = bands[name]
            if count:
                print("  %s: %d/%d optimal, %d seeds lost" % (name, good, count, seeds))
        if args.games:
            print("  %.2f seeds lost a game (%d games)" % (lost / args.games, args.games))


if __name__ == "__main__":
    main()
