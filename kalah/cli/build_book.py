"""`python -m kalah build-book`: the opening book of a Kalah rule set, along the computer's lines.

    python -m kalah build-book --rules kalah(6,4) --turns 2 [--nodes N] [--depth D] [--reuse FILE] [--jobs J]
    (writes static/data/book-kalah6-4.bin; progress in static/data/book-kalah6-4.bin.part)

For each side as the computer's: every position where it is to move after
playing its book moves against every reply, down to --turns turns of the
opponent (a side's extra moves belong to its turn). Every move's value is
proven by the numba solver (kalah.solver; it loads its 20-seed endgame
table from the cache folder, building it the first time) within --nodes
nodes per position, else valued by its search to --depth moves and marked
not exact. The file is the same bytes for the same rules, turns, nodes and
depth, however the build was split (--jobs J solves J positions at once,
each process with its own tables, about 0.5 GB each): a killed build run
again with the same arguments carries on from its checkpoint (OUT.part).
docs/formats.md.
"""

import os
import signal
import sys
import time

from kalah.cli import write_file
from kalah.errors import KalahError
from kalah.game.rules import NUMBA_SOLVER, find_rules


def add_arguments(parser):
    from kalah.solver.book import DEFAULT_DEPTH, DEFAULT_NODES
    parser.add_argument("--rules", default="kalah(6,4)", help="a Kalah rule set (default kalah(6,4))")
    parser.add_argument("--turns", type=int, required=True,
                        help="the opponent's turns the book answers (extra moves belong to their turn)")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES,
                        help="the solver's node budget per position (default %d)" % DEFAULT_NODES)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help="the search depth where the budget runs out (default %d)" % DEFAULT_DEPTH)
    parser.add_argument("--out", default=None, help="the file to write (default static/data/book-RULES.bin)")
    parser.add_argument("--reuse", default=None, metavar="FILE",
                        help="an earlier book of the same rules whose exact positions (and the others, "
                             "if built with the same --nodes and --depth) are reused")
    parser.add_argument("--jobs", type=int, default=1,
                        help="positions solved at once, one process each (default 1)")


def _entries(path, rules, nodes, depth):
    from kalah.ai import book
    from kalah.solver.book import entries_of
    with open(path, "rb") as handle:
        blob = handle.read()
    if book.Book(blob, path).rules != rules.name:
        raise KalahError("%s is not a book of %s" % (path, rules.name))
    return entries_of(blob, nodes, depth)


def run(args):
    from kalah.ai import book, endgame
    try:
        from kalah import solver
        from kalah.solver.book import TT_BITS, Builder
    except ImportError as error:
        raise KalahError("build-book needs numpy and numba (requirements-dev.txt): %s" % error)
    rules = find_rules(args.rules)
    why = rules.why_not_modelled(NUMBA_SOLVER)
    if why is not None:
        raise KalahError("no opening book for %s: the solver that builds it %s" % (rules.name, why))
    if not 0 <= args.turns <= 20:
        raise KalahError("--turns must be 0..20, not %d" % args.turns)
    if args.nodes < 1 or not 1 <= args.depth <= 60:
        raise KalahError("--nodes must be at least 1 and --depth 1..60")
    if not 1 <= args.jobs <= 64:
        raise KalahError("--jobs must be 1..64, not %d" % args.jobs)
    out = args.out or os.path.join(endgame.DATA_DIR, book.file_name(rules.name))
    known = {}
    if args.reuse:
        known.update(_entries(args.reuse, rules, args.nodes, args.depth))
    checkpoint = out + ".part"
    if os.path.exists(checkpoint):
        resumed = _entries(checkpoint, rules, args.nodes, args.depth)
        print("carrying on from %s (%d positions)" % (checkpoint, len(resumed)), file=sys.stderr)
        known.update(resumed)
    started = time.time()
    if args.jobs == 1:
        one = solver.Solver(rules, tt_bits=TT_BITS, verbose=True)
    else:
        one = None
        solver.cached_table(rules, solver.DEFAULT_TABLE_SEEDS)   # built once here, not in every job
    builder = Builder(rules, args.turns, one, args.nodes, args.depth, known, checkpoint, verbose=True,
                      jobs=args.jobs)
    # killed, stop the jobs too (the checkpoint keeps what they finished)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("build-book: stopped; run it again to carry on"))
    try:
        entries = builder.build()
    finally:
        builder.close()
    blob = builder.encode(entries)
    write_file(out, blob)
    if os.path.exists(checkpoint):
        os.remove(checkpoint)
    exact = sum(1 for values, flags in entries.values() if all(
        flag for value, flag in zip(values, flags) if value is not None))
    print("%s: %d positions (%d exact) to %d turns, %d bytes in %s; %d valued now in %.0f s (%.0f s wall), "
          "%d solver nodes" % (rules.name, len(entries), exact, args.turns, len(blob), out, builder.fresh,
                              builder.seconds, time.time() - started, builder.nodes_used), file=sys.stderr)
    return 0
