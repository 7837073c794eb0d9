"""Building the opening book (read by kalah.ai.book) along the computer's own lines.

For each side S in turn as the book's side (moving first, then second):
every position where S is to move, reached by S playing its book move and
the opponent any move, down to `turns` turns of the opponent. A turn is
a whole turn: a side's extra moves belong to it, so the book plays S's
whole turn (extra moves and all) and answers every reply, the ones that
end in the store and move again included. The build goes level by level
(all positions after the opponent's k-th turn before the (k+1)-th), so a
partial build covers whole levels.

Each position gets every move's value: proven by the solver within `nodes`
nodes (exact), else valued by its alpha-beta search to `depth` moves and
marked not exact (Solver.house_values_within); the book move is the best
of those values. A position's values depend only on the position and
(nodes, depth), never on what was built before, so the file is the same
bytes however the build was split: the checkpoint (OUT.part, a book of
what is done so far, written atomically every CHECKPOINT_EVERY positions)
lets a killed build carry on where it stopped. Positions are keyed by
their houses, so transpositions and the two sides share records.
"""

import os
import sys
import time

import numpy as np

from kalah.ai import book as book_format
from kalah.errors import KalahError
from kalah.rules import find_rules
from kalah.solver import Solver, core

# The shipped books' budget and depth (docs/performance.md).
DEFAULT_NODES = 200000
DEFAULT_DEPTH = 14
CHECKPOINT_EVERY = 20
# The transposition table's size is part of the build's arguments: the
# nodes a proof takes, and so which values are exact, depend on it.
TT_BITS = 23


def _play(houses, house, empty_capture):
    """(kind, houses after the move for whoever moves next) for a 0-based house."""
    h = np.array(houses, np.int64)
    out = np.zeros(len(houses), np.int64)
    after = np.zeros(len(houses), np.int64)
    _, kind = core.play(h, house, empty_capture, out)
    core.next_position(out, kind, after)
    return kind, tuple(int(x) for x in after)


def replies(houses, empty_capture):
    """The positions after every whole turn of the mover (extra moves too), seen by the other side.

    Sorted, so the build's order, and its checkpoints, are the same every time.
    """
    m = len(houses) // 2
    found = set()
    stack = [tuple(houses)]
    seen = set(stack)
    while stack:
        h = stack.pop()
        for house in range(m):
            if not h[house]:
                continue
            kind, after = _play(h, house, empty_capture)
            if kind == core.TURN:
                found.add(after)
            elif kind == core.EXTRA and after not in seen:
                seen.add(after)
                stack.append(after)
    return sorted(found)


class Builder:
    """The book of one rule set to `turns`, with its entries {rank: (values, exact)} so far."""

    def __init__(self, rules, turns, solver=None, nodes=DEFAULT_NODES, depth=DEFAULT_DEPTH, known=None,
                 checkpoint=None, verbose=False):
        self.rules = find_rules(rules)
        if nodes < 1 or depth < 1:
            raise KalahError("the node budget and the depth must be at least 1")
        self.turns, self.nodes, self.depth = turns, nodes, depth
        self.solver = solver or Solver(self.rules, tt_bits=TT_BITS, verbose=False)
        self.known = dict(known or {})
        self.checkpoint = checkpoint
        self.verbose = verbose
        self.entries = {}
        self.levels_done = -1   # the last level whose every position is valued
        self.fresh = 0          # positions valued (not reused) in this run
        self.seconds = 0.0
        self.started = time.time()

    def values_of(self, houses):
        key = book_format.rank(houses)
        if key not in self.entries:
            if key in self.known:
                self.entries[key] = self.known[key]
            else:
                started = time.time()
                values, exact = self.solver.house_values_within(list(houses), self.nodes, self.depth)
                self.seconds += time.time() - started
                m = self.rules.houses
                self.entries[key] = ([values.get(house + 1) for house in range(m)],
                                     [exact.get(house + 1, False) for house in range(m)])
                self.fresh += 1
                if self.fresh % CHECKPOINT_EVERY == 0:
                    self.save_checkpoint()
        return self.entries[key]

    def book_turn(self, houses):
        """Value the book side's positions along its whole turn from houses; the position it ends in."""
        h = tuple(houses)
        while True:
            values, _ = self.values_of(h)
            move = book_format.best_move(dict((i + 1, v) for i, v in enumerate(values) if v is not None))
            kind, h = _play(h, move - 1, self.rules.empty_capture)
            if kind == core.OVER:
                return None
            if kind == core.TURN:     # the opponent's move, seen from its side
                return h

    def build(self):
        """{rank: (values, exact)} of the whole book, level by level."""
        rules = self.rules
        m = rules.houses
        start = tuple([rules.seeds] * (2 * m))
        first = [start]                                  # the book's side moves first
        second = replies(start, rules.empty_capture)     # ... or second
        level = 0
        frontier = first
        while True:
            following = set()
            for houses in frontier:
                after = self.book_turn(houses)
                if after is not None and level < self.turns:
                    following.update(replies(after, rules.empty_capture))
            if self.verbose:
                self.log("level %d: %d positions to move from" % (level, len(frontier)))
            self.levels_done = level
            level += 1
            if level > self.turns:
                break
            if level == 1:
                following.update(second)
            frontier = sorted(following)
        return self.entries

    def log(self, what):
        print("  %s; %d positions (%d valued now), %.0f s, %d nodes" % (
            what, len(self.entries), self.fresh, time.time() - self.started, self.solver.nodes),
            file=sys.stderr, flush=True)

    def encode(self, entries=None, partial=False):
        return book_format.encode(self.rules.name, self.rules.houses, self.levels_done if partial else self.turns,
                                  self.entries if entries is None else entries, self.nodes, self.depth, partial)

    def save_checkpoint(self):
        """The book so far, marked partial (its `turns`: the whole levels done), written atomically."""
        if self.checkpoint is None:
            return
        with open(self.checkpoint + ".tmp", "wb") as handle:
            handle.write(self.encode(partial=True))
        os.replace(self.checkpoint + ".tmp", self.checkpoint)
        if self.verbose:
            self.log("checkpoint")


def entries_of(blob, nodes=None, depth=None):
    """{rank: (values, exact)} of a book file's bytes worth reusing in a build with (nodes, depth).

    Exact entries always (an exact value is the same whoever proved it);
    the others only from a book built with the same nodes and depth, which
    would value them the same again.
    """
    found = book_format.Book(blob)
    same = found.nodes == nodes and found.depth == depth
    entries = {}
    for i in range(len(found)):
        values, exact = found.record_at(i)
        if not same and not all(exact.values()):
            continue
        entries[found.key_at(i)] = ([values.get(house + 1) for house in range(found.houses)],
                                    [exact.get(house + 1, False) for house in range(found.houses)])
    return entries


def build_bytes(rules, turns, solver=None, nodes=DEFAULT_NODES, depth=DEFAULT_DEPTH, known=None,
                checkpoint=None, verbose=False):
    """The book file's bytes (the same for the same rules, turns, nodes and depth)."""
    builder = Builder(rules, turns, solver, nodes, depth, known, checkpoint, verbose)
    return builder.encode(builder.build())
