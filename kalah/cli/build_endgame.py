"""`python -m kalah build-endgame`: solve every Kalah position with few seeds left.

    python -m kalah build-endgame --rules kalah(6,4) --seeds 16
    (writes static/data/endgame-kalah6.bin)

The table depends on the number of houses and on the capture rule and
gamelink options, not on the initial seeds: kalah(6,4) and kalah(6,6) share
it. The search loads the shipped file on first use.
"""

import os
import sys
import time

from kalah.output import write_file
from kalah.errors import KalahError
from kalah.game.rules import ENDGAME_TABLE, find_rules


def add_arguments(parser):
    parser.add_argument("--rules", default="kalah(6,4)", help="a Kalah rule set (default kalah(6,4))")
    parser.add_argument("--seeds", type=int, required=True, help="solve positions with up to this many seeds in houses")
    parser.add_argument("--out", default=None, help="the file to write (default static/data/endgame-KEY.bin)")


def run(args):
    from kalah.ai import endgame
    rules = find_rules(args.rules)
    why = rules.why_not_modelled(ENDGAME_TABLE)
    if why is not None:
        raise KalahError("no endgame table for %s: the table %s" % (rules.name, why))
    key = endgame.db_key(rules)
    if not 0 <= args.seeds <= 30:
        raise KalahError("--seeds must be 0..30, not %d" % args.seeds)
    out = args.out or os.path.join(endgame.DATA_DIR, endgame.file_name(key))
    started = time.time()

    def progress(seeds):
        print("  up to %d seeds: %.0f s" % (seeds, time.time() - started), file=sys.stderr, flush=True)

    table = build_fastest(rules, args.seeds, progress)
    blob = table.to_bytes()
    directory = os.path.dirname(out)
    if directory:
        os.makedirs(directory, exist_ok=True)
    write_file(out, blob)
    print("%s: %d positions (up to %d seeds) in %.0f s; %d bytes in memory, %d in %s" % (
        key, table.size, args.seeds, time.time() - started, table.memory(), len(blob), out))
    return 0


def build_fastest(rules, seeds, progress=None):
    """kalah.ai.endgame.build's table, by the numba solver where it is installed (the
    same bytes, 100x sooner: it reports on stderr itself), else by `build`."""
    from kalah.ai import endgame
    from kalah.cli.solve import numba_solver
    solver = numba_solver(rules)
    if solver is None:
        return endgame.build(rules, seeds, progress)
    data = solver.build_table(rules, seeds, verbose=True)
    return endgame.Table(endgame.db_key(rules), rules.houses, seeds, bytearray(data.tobytes()))
