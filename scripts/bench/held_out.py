#!/usr/bin/env python3
"""The held-out positions of scripts/bench/accuracy.py, with every move's exact value, made once and kept.

    nice -n 19 .venv/bin/python -m scripts.bench.held_out [--worker 0/2]   # solve what is missing
    .venv/bin/python -m scripts.bench.held_out --status
    nice -n 19 .venv/bin/python -m scripts.bench.held_out --kept tuning [--worker 0/2]

accuracy.py --held-out scores level 8 on `--positions` positions in each band
of seeds in the houses (seeded_band: the same on any machine). Their exact
values took the numba solver up to half an hour a position above 36 seeds
under load, so an accuracy run depended on the solver finishing. They are
solved once here and kept in HELD_OUT (positions in band order, each with
its seeds in the houses and {move: exact final margin for the mover}), so
that a run at a fixed node budget needs no solver and gives the same figure
on any machine, at any load.

The positions are drawn once (the file keeps them: seeded_band leaves out
what the opening book proves, and the book grows); then each run solves the
positions still without values, in order of seeds, saving after each one.
`--worker K/N` takes every N-th position from the K-th, so that N processes
share the work; they write the one file under a lock, re-reading it first
(`--largest-first` runs a share from its other end).
Kill it at any time: a run of the same command carries on.

--kept NAME makes and solves another of the sets in KEPT instead:
- tuning (seed 2, up to 45 seeds, so that no position takes the solver an
  hour, and none of the held-out set's): other positions of the same kind,
  on which a change to the search is tried and tuned; the held-out set then
  says whether what was tuned holds on positions it never saw;
- empty-capture: the same for Kalah(6,4) with the empty capture, level 8's
  other rule set with a book and an endgame table;
- empty-capture-tuning: that rule set's tuning set (seed 2, none of the
  empty-capture set's positions), as tuning is the held-out set's.
"""

import argparse
import fcntl
import json
import os
import tempfile
import time

from kalah.cli.solve import exact_values
from kalah.study.puzzles import houses_seeds

HERE = os.path.dirname(os.path.abspath(__file__))
HELD_OUT = os.path.join(HERE, "held_out_values.json")
RULES = "kalah(6,4)"
SEED = 1
PER_BAND = 40
MAX_SEEDS = 48
TUNING = os.path.join(HERE, "tuning_values.json")
EMPTY_CAPTURE = os.path.join(HERE, "empty_capture_values.json")
EMPTY_CAPTURE_TUNING = os.path.join(HERE, "empty_capture_tuning_values.json")
# Each kept set: its file, rules, seed and most seeds in the houses, and the set whose
# positions it leaves out (None: none).
KEPT = {
    "held-out": (HELD_OUT, RULES, SEED, MAX_SEEDS, None),
    "tuning": (TUNING, RULES, 2, 45, "held-out"),
    "empty-capture": (EMPTY_CAPTURE, RULES + "+empty-capture", 1, 45, None),
    "empty-capture-tuning": (EMPTY_CAPTURE_TUNING, RULES + "+empty-capture", 2, 45, "empty-capture"),
}


def is_kept(path):
    """Whether path is a file of this module's format (one of the KEPT sets)."""
    try:
        return isinstance(read(path).get("positions"), list)
    except (OSError, ValueError, AttributeError):
        return False


def read(path=HELD_OUT):
    """The file's content: {"rules", "seed", "made", "positions": [{"position", "seeds", "values"}]}."""
    with open(path) as stored:
        return json.load(stored)


def exact_values_of(path=HELD_OUT):
    """{position: {move: exact value}} of the positions solved so far."""
    return dict((entry["position"], dict((int(move), value) for move, value in entry["values"].items()))
                for entry in read(path)["positions"] if entry["values"] is not None)


def boards(path=HELD_OUT):
    """The held-out positions as Boards, in the file's order (band by band)."""
    from kalah import Board
    return [Board.from_position(entry["position"]) for entry in read(path)["positions"]]


def draw(path, rules=RULES, seed=SEED, count=PER_BAND, max_seeds=MAX_SEEDS, exclude=(), unseen="held-out"):
    """Write the file with the positions of seeded_band in every band of accuracy.BANDS, none
    solved yet, leaving out the positions named in `exclude` (those of the kept set `unseen`)."""
    from scripts.bench.accuracy import BANDS, seeded_band
    positions = []
    for low, high, _ in BANDS:
        for board in seeded_band(rules, low, min(high, max_seeds), count, seed, exclude):
            positions.append({"position": board.position(), "seeds": houses_seeds(board), "values": None})
    made = ("scripts.bench.accuracy.seeded_band(%r, band, %d, seed=%d) for the bands %s, max %d seeds%s; "
            "values: kalah.cli.solve.exact_values (the opening book where it proves every value, else "
            "the numba solver on its 20-seed endgame table above 30 seeds)" % (
                rules, count, seed, ", ".join("%d-%d" % (low, min(high, max_seeds)) for low, high, _ in BANDS),
                max_seeds, ", leaving out the %s set's positions" % unseen if exclude else ""))
    content = {"rules": rules, "seed": seed, "made": made, "positions": positions}
    _write(path, content)


def _write(path, content):
    with open(path + ".tmp", "w") as out:
        json.dump(content, out, indent=0, sort_keys=True)
        out.write("\n")
    os.replace(path + ".tmp", path)


def record(path, position, values, seconds):
    """Store one position's values, under a lock, re-reading the file (another worker may have written)."""
    # The lock lives outside the repository (the same name for every worker on this machine).
    with open(os.path.join(tempfile.gettempdir(), os.path.basename(path) + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        content = read(path)
        for entry in content["positions"]:
            if entry["position"] == position:
                entry["values"] = dict((str(move), value) for move, value in sorted(values.items()))
                entry["solve_seconds"] = round(seconds, 1)
        _write(path, content)


def solve_missing(path, worker, workers, largest_first=False):
    from kalah import Board
    solvers = {}
    entries = read(path)["positions"]
    mine = [entry for index, entry in enumerate(entries) if index % workers == worker]
    for entry in sorted(mine, key=lambda entry: entry["seeds"], reverse=largest_first):
        if entry["position"] in exact_values_of(path):
            continue
        started = time.time()
        values = exact_values(Board.from_position(entry["position"]), solvers)
        seconds = time.time() - started
        record(path, entry["position"], values, seconds)
        print("%s (%d seeds): %s in %.0f s" % (entry["position"], entry["seeds"], values, seconds), flush=True)


def status(path):
    entries = read(path)["positions"]
    from scripts.bench.accuracy import BANDS
    for low, high, name in BANDS:
        band = [entry for entry in entries if low <= entry["seeds"] <= high]
        solved = [entry for entry in band if entry["values"] is not None]
        print("%s: %d positions, %d solved" % (name, len(band), len(solved)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kept", default="held-out", choices=sorted(KEPT),
                        help="which set (default: %(default)s)")
    parser.add_argument("--file", default=None, help="another file for it than KEPT's")
    parser.add_argument("--worker", default="0/1", metavar="K/N")
    parser.add_argument("--status", action="store_true")
    parser.add_argument("--largest-first", action="store_true",
                        help="the most seeds first: a second worker on the same share meets the first halfway")
    args = parser.parse_args()
    path, rules, seed, max_seeds, unseen = KEPT[args.kept]
    args.file = args.file or path
    if not os.path.exists(args.file):
        # None of the positions of the set this one leaves out: that set must stay unseen.
        exclude = set(entry["position"] for entry in read(KEPT[unseen][0])["positions"]) if unseen else ()
        draw(args.file, rules, seed, PER_BAND, max_seeds, exclude, unseen)
    if args.status:
        status(args.file)
        return
    worker, workers = (int(part) for part in args.worker.split("/"))
    solve_missing(args.file, worker, workers, args.largest_first)
    status(args.file)


if __name__ == "__main__":
    main()
