"""`python -m kalah build-book`: the opening book of a Kalah rule set, along the computer's lines.

    python -m kalah build-book --rules kalah(6,4) --turns 2 [--nodes N] [--depth D] [--reuse FILE] [--jobs J]
    (writes static/data/book-kalah6-4.bin; progress in static/data/book-kalah6-4.bin.part)
    python -m kalah build-book --rules kalah(6,4) --plies 6 --nodes N [--parts 0..9] [--part-size S]
                               [--jobs J] [--merge] [--status]
    (the book for any opening: its parts in static/data/book/kalah6-4/, merged into opening.bin there)

With --plies, the book for any opening (kalah.solver.opening): every
position within --plies plies of the start, by any moves of either side,
built in numbered parts; the parts asked for (--parts A..B, default all)
that are not built yet are built and each written when done, so a killed
build run again loses only the parts it was on. --merge then writes the
book of the parts built so far (opening.bin), which answers their positions
and every position whose children they decide (--merge without --parts
builds nothing first); --status prints how far the build is, as JSON, and
builds nothing. --layer builds a layer instead: a shallower book at a larger
--nodes (say --plies 3 --nodes 1000000000), in parts of its own under the
main book's folder (layers/plies-P-nodes-N/); the main book's --merge takes
every layer's exact values over its own, so that they reach the positions
above them.

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

from kalah.output import write_file
from kalah.errors import KalahError
from kalah.game.rules import NUMBA_SOLVER, find_rules


def add_arguments(parser):
    from kalah.solver.book import DEFAULT_DEPTH, DEFAULT_NODES
    from kalah.solver.opening import DEFAULT_PART_SIZE
    parser.add_argument("--rules", default="kalah(6,4)", help="a Kalah rule set (default kalah(6,4))")
    depth = parser.add_mutually_exclusive_group(required=True)
    depth.add_argument("--turns", type=int,
                       help="the opponent's turns the book answers along the computer's lines "
                            "(extra moves belong to their turn)")
    depth.add_argument("--plies", type=int,
                       help="the book for any opening: every position within this many plies "
                            "(each extra move a ply), built in parts")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES,
                        help="the solver's node budget per position (default %d)" % DEFAULT_NODES)
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help="the search depth where the budget runs out (default %d)" % DEFAULT_DEPTH)
    parser.add_argument("--out", default=None, help="the file to write (default static/data/book-RULES.bin)")
    parser.add_argument("--reuse", default=None, metavar="FILE",
                        help="an earlier book of the same rules whose exact positions (and the others, "
                             "if built with the same --nodes and --depth) are reused")
    parser.add_argument("--jobs", type=int, default=1,
                        help="positions (--plies: parts) solved at once, one process each (default 1)")
    parser.add_argument("--parts", default=None, metavar="A..B",
                        help="with --plies: the parts to build, A..B or A (default all); built ones are kept")
    parser.add_argument("--part-size", type=int, default=None,
                        help="with --plies: positions a part (default %d)" % DEFAULT_PART_SIZE)
    parser.add_argument("--folder", default=None,
                        help="with --plies: the parts' folder (default static/data/book/RULES)")
    parser.add_argument("--merge", action="store_true",
                        help="with --plies: write the book of the parts built so far (FOLDER/opening.bin); "
                             "alone, without --parts, it builds nothing")
    parser.add_argument("--status", action="store_true",
                        help="with --plies: print the build's progress as JSON and build nothing")
    parser.add_argument("--layer", action="store_true",
                        help="with --plies: build a layer, a shallower book at a larger --nodes whose exact "
                             "values --merge takes over the main book's (its parts in FOLDER/layers/)")


def _entries(path, rules, nodes, depth):
    from kalah.ai import book
    from kalah.solver.book import entries_of
    with open(path, "rb") as handle:
        blob = handle.read()
    if book.Book(blob, path).rules != rules.name:
        raise KalahError("%s is not a book of %s" % (path, rules.name))
    return entries_of(blob, nodes, depth)


def parse_parts(text, count):
    """The part numbers of "A..B" (inclusive) or "A", each 0..count-1; all of them for None."""
    if text is None:
        return list(range(count))
    first, dots, last = text.partition("..")
    try:
        first = int(first)
        last = int(last) if dots else first
    except ValueError:
        raise KalahError("--parts must be A..B or A (part numbers), not %r" % text)
    if not 0 <= first <= last < count:
        raise KalahError("--parts %s: this build has parts 0..%d" % (text, count - 1))
    return list(range(first, last + 1))


def run_opening(args, rules):
    """--plies: build the missing parts of the book for any opening, then merge them if asked."""
    import json
    from kalah.ai import book, endgame
    from kalah.solver import cached_table, opening
    if not 1 <= args.plies <= 12:
        raise KalahError("--plies must be 1..12, not %d" % args.plies)
    if args.part_size is not None and not 1 <= args.part_size <= 10 ** 6:
        raise KalahError("--part-size must be 1..1000000, not %d" % args.part_size)
    plan = opening.Plan(rules, args.plies, args.part_size or opening.DEFAULT_PART_SIZE, args.nodes, args.depth)
    folder = args.folder or os.path.join(endgame.DATA_DIR, "book", book.folder_name(rules.name))
    if args.layer:
        if args.merge:
            raise KalahError("--merge goes with the main book's --plies and --nodes, not with --layer: "
                             "it takes in every layer built under its folder")
        folder = opening.layer_folder(folder, args.plies, args.nodes)
    parts = parse_parts(args.parts, plan.parts)
    if args.status:
        print(json.dumps(opening.summary(plan, folder, layers=not args.layer), sort_keys=True))
        return 0
    if args.jobs > 1:
        cached_table(rules, plan.table_seeds)   # built once here, not in every job
    # killed, stop the jobs too (the parts written so far are kept)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("build-book: stopped; run it again to carry on"))
    if not args.merge or args.parts is not None:   # --merge alone builds nothing
        opening.build_parts(plan, folder, parts, args.jobs)
    if args.merge:
        out = os.path.join(folder, opening.MERGED)
        positions, exact, built, size = opening.merge_folder(plan, folder, out)
        print("%s: %d positions (%d exact) of %d plies from %d of %d parts, %d bytes in %s" % (
            rules.name, positions, exact, args.plies, built, plan.parts, size, out), file=sys.stderr)
    return 0


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
    if args.nodes < 1 or not 1 <= args.depth <= 60:
        raise KalahError("--nodes must be at least 1 and --depth 1..60")
    if not 1 <= args.jobs <= 64:
        raise KalahError("--jobs must be 1..64, not %d" % args.jobs)
    if args.plies is not None:
        return run_opening(args, rules)
    if args.parts or args.part_size or args.folder or args.merge or args.status or args.layer:
        raise KalahError("--parts, --part-size, --folder, --merge, --status and --layer go with --plies")
    if not 0 <= args.turns <= 20:
        raise KalahError("--turns must be 0..20, not %d" % args.turns)
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
