"""`python -m kalah build-book`: the exact opening book of a Kalah rule set.

    python -m kalah build-book --rules kalah(6,4) --plies 2 [--reuse static/data/book-kalah6-4.bin]
    (writes static/data/book-kalah6-4.bin)

Every position within --plies turns of the start (a side's extra moves
belong to its turn) in which the book's side (either) has played only
optimal moves, with the exact value of every move,
proven by the numba solver (kalah.solver; it builds or loads its 20-seed
endgame table from the cache folder first). The file is the same bytes
for the same rules and plies (docs/formats.md).
"""

import os
import sys
import time

from kalah.cli import write_file
from kalah.errors import KalahError
from kalah.rules import find_rules


def add_arguments(parser):
    parser.add_argument("--rules", default="kalah(6,4)", help="a Kalah rule set (default kalah(6,4))")
    parser.add_argument("--plies", type=int, required=True, help="turns from the start the book covers (extra moves belong to their turn)")
    parser.add_argument("--out", default=None, help="the file to write (default static/data/book-RULES.bin)")
    parser.add_argument("--reuse", default=None, metavar="FILE",
                        help="an earlier book of the same rules whose proven positions are reused (same result, sooner)")


def run(args):
    from kalah.ai import book, endgame
    try:
        from kalah import solver
        from kalah.solver.book import build_bytes
    except ImportError as error:
        raise KalahError("build-book needs numpy and numba (requirements-dev.txt): %s" % error)
    rules = find_rules(args.rules)
    if not solver.supports(rules):
        raise KalahError("no opening book for %s: the solver plays Kalah with or without empty capture" % rules.name)
    if not 0 <= args.plies <= 40:
        raise KalahError("--plies must be 0..40, not %d" % args.plies)
    out = args.out or os.path.join(endgame.DATA_DIR, book.file_name(rules.name))
    known = None
    if args.reuse:
        from kalah.solver.book import entries_of
        with open(args.reuse, "rb") as handle:
            blob = handle.read()
        if book.Book(blob, args.reuse).rules != rules.name:
            raise KalahError("%s is not a book of %s" % (args.reuse, rules.name))
        known = entries_of(blob)
    started = time.time()
    blob = build_bytes(rules, args.plies, solver.Solver(rules, verbose=True), verbose=True, known=known)
    write_file(out, blob)
    print("%s: %d positions to %d plies, %d bytes in %s, %.0f s" % (
        rules.name, len(book.Book(blob)), args.plies, len(blob), out, time.time() - started), file=sys.stderr)
    return 0
