"""Building the exact opening book (read by kalah.ai.book).

For each side in turn as the book's side: every position reachable from the
start within `plies` turns in which the book's side has played only optimal
moves and the other side anything. A ply is a whole turn: extra moves do
not count, on either side. So the book always plays its side's whole turn
(with one ply the computer's first turn, extra moves and all, comes from
the book while the page's interpreter is still starting), and with two
plies it answers every first turn of the opponent, including the opening
that ends in the store and moves again. Each position gets the exact value
of every move (so hints and the review can use the positions where the
opponent moved too). Positions are keyed by their houses, so
transpositions and the two sides share records.
"""

import sys
import time

import numpy as np

from kalah.ai import book as book_format
from kalah.rules import find_rules
from kalah.solver import Solver, core


def build(rules, plies, solver=None, verbose=False, known=None):
    """{rank: [value or None per house]} of the book for `rules`, to `plies` turns.

    known: entries already proven (an earlier book of the same rules), reused
    as they are: values are exact, so the result is the same either way."""
    rules = find_rules(rules)
    solver = solver or Solver(rules, verbose=False)
    m = rules.houses
    entries = {}
    known = known or {}
    seen = {}
    started = time.time()

    def values_of(houses):
        key = book_format.rank(houses)
        if key not in entries and key in known:
            entries[key] = known[key]
        elif key not in entries:
            found = solver.house_values(houses)
            entries[key] = [found.get(house + 1) for house in range(m)]
            if verbose and len(entries) % 100 == 0:
                print("  %d positions, %.0f s, %d nodes" % (len(entries), time.time() - started, solver.nodes),
                      file=sys.stderr, flush=True)
        return entries[key]

    def walk(houses, book_moves, plies_left):
        mine, theirs = sum(houses[:m]), sum(houses[m:])
        if plies_left == 0 or not mine or not theirs:
            return
        key = (tuple(houses), book_moves)
        if seen.get(key, -1) >= plies_left:
            return
        seen[key] = plies_left
        values = values_of(houses)
        best = max(value for value in values if value is not None)
        h = np.array(houses, np.int64)
        out = np.zeros(2 * m, np.int64)
        turned = np.zeros(2 * m, np.int64)
        for house in range(m):
            if values[house] is None or (book_moves and values[house] != best):
                continue
            gain, kind = core.play(h, house, rules.empty_capture, out)
            if kind == core.EXTRA:   # the same turn goes on: no ply is spent
                walk([int(x) for x in out], book_moves, plies_left)
            elif kind == core.TURN:
                core.turn_round(out, turned)
                walk([int(x) for x in turned], not book_moves, plies_left - 1)

    start = [rules.seeds] * (2 * m)
    walk(start, True, plies)    # the book's side moves first
    walk(start, False, plies)   # the book's side moves second
    return entries


def entries_of(blob):
    """{rank: [value or None per house]} read back from a book file's bytes."""
    found = book_format.Book(blob)
    entries = {}
    for i in range(len(found)):
        at = found.start + i * found.record + book_format.KEY_BYTES
        entries[found.key_at(i)] = [None if byte == 0 else byte - 128 for byte in blob[at:at + found.houses]]
    return entries


def build_bytes(rules, plies, solver=None, verbose=False, known=None):
    rules = find_rules(rules)
    entries = build(rules, plies, solver, verbose, known)
    return book_format.encode(rules.name, rules.houses, plies, entries)
