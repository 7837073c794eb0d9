#!/usr/bin/env python3
"""Perfect's proofs by band of seeds in the houses, at a fixed node budget, on seeded positions.

    .venv/bin/python -m scripts.bench.proof_bands [--bands 0-30,31-36,37-40,41-48] [--positions 10]
                                            [--seed 1] [--cap 3300000] [--variants base,...] [--json]

The positions are a fixed set, the same on any machine and under any load:
scripts/bench/accuracy.py's seeded_band (each from its own game, opened by
two seeded random plies and played on by level 5 at a fixed depth, stopped
at a target count of seeds drawn evenly within the band; positions the
opening book proves are left out: Perfect answers them at once).

Each position is proven from an empty proof table (kalah.ai.proof, the
shipped endgame table), as Perfect proves, until `--cap` nodes: 3,300,000
is Perfect's 30 s cap at the browser's 110,000 proof nodes a second on a
quiet machine. Reported per band: how many were proven within the cap, the
median nodes (past the cap counts as past it), and the CPU seconds of this
process (time.process_time, which the machine's load stretches far less
than wall time). Node counts hold on any machine.

`--variants` names provers to compare on the same positions
in one run: VARIANTS below, or `git:REV`, the prover of kalah/ai/proof.py
as it was at git revision REV (`git:490be3b` is the proof of 2026-11-27,
with tuples for nodes and entries and no history); every variant's proven
value is checked against the first's, so a faster variant cannot be a
wrong one.
"""

import argparse
import functools
import json
import subprocess
import time
import types

from kalah.ai import endgame, search
from kalah.ai.proof import Prover
from kalah.game.rules import NORTH, find_rules
from scripts.bench.accuracy import seeded_band



class EmptyWhenFull(Prover):
    """A full table emptied whole, as before 2026-11-27 (it now keeps its larger entries)."""

    def make_room(self):
        self.tt.clear()


class Bisect(Prover):
    """Tried 2026-11-28, not kept: MTD(f)'s null windows halfway between the bounds proven so far
    (a binary search on the value), instead of at the last value. More nodes: a window far
    from the value is not refuted cheaply here."""

    def mtdf(self, node, guess=0):
        seeds = sum(node)
        low, high = -seeds, seeds
        beta = max(low + 1, min(high, guess))
        while low < high:
            value = self.value(node, beta - 1, beta)
            if value < beta:
                high = value
            else:
                low = value
            beta = max(low + 1, (low + high + 1) // 2)
        return low


def etc_above(offset):
    """The proof with enhanced transposition cutoffs from `offset` seeds above the endgame table."""
    class Etc(Prover):
        def __init__(self, rules, endgame, table_size=None):
            Prover.__init__(self, rules, endgame, *(() if table_size is None else (table_size,)))
            self.etc_seeds = self.endgame_seeds + offset
    return Etc


# Provers to compare (--variants); "base" is Perfect's as shipped.
VARIANTS = {
    "base": Prover,
    "empty-when-full": EmptyWhenFull,
    "bisect": Bisect,
    "etc3": etc_above(3),
    "etc9": etc_above(9),
}


@functools.lru_cache(maxsize=None)   # one class a name: read and compiled once
def variant(name):
    """The Prover class a --variants name stands for: a VARIANTS key or `git:REV`."""
    if not name.startswith("git:"):
        return VARIANTS[name]
    rev = name[len("git:"):]
    # An older prover read from the repository's history rather than kept as a copy beside
    # today's: any two revisions compare on the same positions in one process.
    source = subprocess.run(["git", "show", rev + ":kalah/ai/proof.py"], capture_output=True,
                            text=True, check=True).stdout
    module = types.ModuleType("proof_at_" + rev)
    exec(compile(source, "kalah/ai/proof.py@" + rev, "exec"), module.__dict__)
    return module.Prover


class Capped(Exception):
    pass


def parse_bands(text):
    """[(low, high)] of "0-30,31-36"."""
    bands = []
    for part in text.split(","):
        low, high = part.split("-")
        bands.append((int(low), int(high)))
    return bands


def south_pits(board):
    """`board`'s pits as the prover takes them: the mover's side first."""
    pits = tuple(board.pits)
    return search.rotate(pits, board.rules.houses) if board.turn == NORTH else pits


def prove(board, cap, prover_class):
    """(nodes, value, CPU seconds) of proving `board`'s best move from an empty table; nodes None past cap."""
    pits = south_pits(board)
    prover = prover_class(board.rules, endgame.table_for(board.rules))

    def poll():
        if prover.nodes > cap:
            raise Capped

    prover.poll = poll
    started = time.process_time()
    try:
        _, values = prover.best(pits, board.legal_moves)
    except Capped:
        return None, None, time.process_time() - started
    return prover.nodes, max(values.values()), time.process_time() - started


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--bands", default="0-30,31-36,37-40,41-48")
    parser.add_argument("--positions", type=int, default=10, help="positions a band")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cap", type=int, default=3300000, help="proof nodes a position at most")
    parser.add_argument("--variants", default="base", help="names of VARIANTS to compare (%s) or git:REV" % ",".join(VARIANTS))
    parser.add_argument("--verbose", action="store_true", help="each position's nodes as it goes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = find_rules(args.rules)
    names = args.variants.split(",")
    result = {"rules": rules.name, "cap": args.cap, "seed": args.seed, "bands": {}}
    for low, high in parse_bands(args.bands):
        boards = seeded_band(rules.name, low, high, args.positions, args.seed)
        band = result["bands"]["%d-%d" % (low, high)] = {}
        for name in names:
            runs = []
            for board in boards:
                nodes, value, cpu = prove(board, args.cap, variant(name))
                runs.append((nodes, value, cpu))
                if args.verbose:
                    print("%s %s %s nodes %s value %s cpu %.1f s" % (
                        name, board.position(), rules.houses_seeds(board.pits), nodes, value, cpu), flush=True)
            band[name] = {
                "proven": sum(1 for nodes, _, _ in runs if nodes is not None), "positions": len(runs),
                "median_nodes": median(nodes if nodes is not None else args.cap + 1 for nodes, _, _ in runs),
                "total_nodes": sum(nodes if nodes is not None else args.cap for nodes, _, _ in runs),
                "cpu_s": round(sum(cpu for _, _, cpu in runs), 1),
                "values": [value for _, value, _ in runs]}
        first = band[names[0]]["values"]
        for name in names[1:]:
            for mine, theirs in zip(band[name]["values"], first):
                if None not in (mine, theirs) and mine != theirs:
                    raise SystemExit("variant %s proved another value than %s" % (name, names[0]))
        for name in names:
            del band[name]["values"]
        if not args.json:
            for name in names:
                row = band[name]
                print("%s %d-%d seeds: %d/%d proven within %s nodes; median %s nodes; total %s nodes; "
                      "%.1f CPU s" % (name, low, high, row["proven"], row["positions"], "{:,}".format(args.cap),
                                      "past the cap" if row["median_nodes"] > args.cap
                                      else "{:,}".format(row["median_nodes"]),
                                      "{:,}".format(row["total_nodes"]), row["cpu_s"]), flush=True)
    if args.json:
        print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
