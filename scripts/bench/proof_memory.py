#!/usr/bin/env python3
"""Bytes per entry of the proof table (kalah.ai.proof) under CPython, measured with tracemalloc.

    .venv/bin/python -m scripts.bench.proof_memory [--variants base,...] [--size N] [--peak-nodes N]

Proves the first 37-40 seed position of scripts/bench/proof_bands.py (which
fills any table of up to a million entries) until the table holds `--size`
entries (default: the variant's own table_size, full just before it makes
room), then divides the memory tracemalloc counts since the proof began by
the entries: keys, values and the dict's own arrays. With `--peak-nodes`,
also the peak memory of a proof of that many nodes from an empty table
(the table fills and makes room again and again; CPython's dict grows its
arrays when it runs out of slots, at a power of two over three times the
live entries, so the peak can lie past the first fill).
"""

import argparse
import gc
import tracemalloc

from kalah.ai import endgame
from kalah.game.rules import find_rules
from scripts.bench.accuracy import seeded_band
from scripts.bench.proof_bands import south_pits, variant


class Full(Exception):
    pass


def traced(board, prover, stop):
    """(bytes held after, peak bytes) by tracemalloc of `prover` proving `board` until `stop()` (asked at each poll)."""
    def poll():
        if stop():
            raise Full

    prover.poll = poll
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    try:
        prover.best(south_pits(board), board.legal_moves)
    except Full:
        pass
    gc.collect()
    used, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return used - before, top - before


def per_entry(board, prover_class, size=None):
    """(entries, bytes per entry) of `prover_class`'s table filled to `size` (its table_size) entries."""
    table = endgame.table_for(board.rules)
    prover = prover_class(board.rules, table) if size is None else prover_class(board.rules, table, table_size=size)
    size = prover.table_size
    tt = prover.tt
    # A poll comes every 256 nodes: stop before room is made.
    used, _ = traced(board, prover, lambda: len(tt) >= size - 300)
    return len(tt), used / len(tt)


def peak(board, prover_class, nodes):
    """The peak MB tracemalloc counts over a proof of `nodes` nodes (or to its end)."""
    prover = prover_class(board.rules, endgame.table_for(board.rules))
    _, top = traced(board, prover, lambda: prover.nodes > nodes)
    return top / 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="base", help="as proof_bands.py's: names or git:REV")
    parser.add_argument("--size", type=int, default=None, help="entries (default: the variant's table_size)")
    parser.add_argument("--peak-nodes", type=int, default=0, help="also the peak over a proof of N nodes")
    args = parser.parse_args()
    rules = find_rules("kalah(6,4)")
    board = seeded_band(rules.name, 37, 40, 1, 1)[0]
    for name in args.variants.split(","):
        entries, size = per_entry(board, variant(name), args.size)
        print("%s: %s entries, %.0f bytes an entry, %.1f MB" % (
            name, "{:,}".format(entries), size, entries * size / 1e6), flush=True)
        if args.peak_nodes:
            print("%s: peak %.1f MB over %s nodes" % (name, peak(board, variant(name), args.peak_nodes),
                                                    "{:,}".format(args.peak_nodes)), flush=True)


if __name__ == "__main__":
    main()
