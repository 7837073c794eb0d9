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
from kalah.game.rules import find_rules
from kalah.solver import DEFAULT_TABLE_SEEDS, Solver, core

# The shipped books' budget and depth (docs/performance-log.md).
DEFAULT_NODES = 200000
DEFAULT_DEPTH = 14
CHECKPOINT_EVERY = 20
# The transposition table's size is part of the build's arguments: the
# nodes a proof takes, and so which values are exact, depend on it.
TT_BITS = 23


def play_house(houses, house, empty_capture):
    """(gain, kind, houses after the move for whoever moves next) for a 0-based house.

    gain: the seeds the mover stored minus the opponent's (core.play)."""
    h = np.array(houses, np.int64)
    out = np.zeros(len(houses), np.int64)
    after = np.zeros(len(houses), np.int64)
    gain, kind = core.play(h, house, empty_capture, out)
    core.next_position(out, kind, after)
    return int(gain), kind, tuple(int(x) for x in after)


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
            _, kind, after = play_house(h, house, empty_capture)
            if kind == core.TURN:
                found.add(after)
            elif kind == core.EXTRA and after not in seen:
                seen.add(after)
                stack.append(after)
    return sorted(found)


class Builder:
    """The book of one rule set to `turns`, with its entries {rank: (values, exact)} so far.

    jobs > 1 values each level's positions in that many processes, each
    with its own Solver like `solver` (its endgame table and transposition
    table's size): the same entries, as a position's values depend on it alone.
    """

    def __init__(self, rules, turns, solver=None, nodes=DEFAULT_NODES, depth=DEFAULT_DEPTH, known=None,
                 checkpoint=None, verbose=False, jobs=1):
        self.rules = find_rules(rules)
        if nodes < 1 or depth < 1:
            raise KalahError("the node budget and the depth must be at least 1")
        if jobs < 1:
            raise KalahError("the build needs at least 1 job")
        self.turns, self.nodes, self.depth, self.jobs = turns, nodes, depth, jobs
        self._solver = solver
        self.known = dict(known or {})
        self.checkpoint = checkpoint
        self.verbose = verbose
        self.entries = {}
        self.levels_done = -1   # the last level whose every position is valued
        self.fresh = 0          # positions valued (not reused) in this run
        self.seconds = 0.0      # solving time, summed over the jobs
        self.nodes_used = 0
        self.started = time.time()
        self._pool = None

    def solver_spec(self):
        """(table_seeds, tt_bits) of this build's solvers: those of `solver`, else the defaults."""
        if self._solver is None:
            return DEFAULT_TABLE_SEEDS, TT_BITS
        return self._solver.table_seeds, self._solver.tt_bits

    @property
    def solver(self):
        if self._solver is None:
            table_seeds, tt_bits = self.solver_spec()
            self._solver = Solver(self.rules, table_seeds, tt_bits=tt_bits, verbose=False)
        return self._solver

    def values_of(self, houses):
        key = book_format.rank(houses)
        if key not in self.entries:
            if key in self.known:
                self.entries[key] = self.known[key]
            else:
                self.store(key, *value_position(self.solver, houses, self.nodes, self.depth))
        return self.entries[key]

    def store(self, key, entry, seconds, nodes):
        """A position valued in this run: kept, counted, and checkpointed every CHECKPOINT_EVERY."""
        self.entries[key] = entry
        self.seconds += seconds
        self.nodes_used += nodes
        self.fresh += 1
        if self.fresh % CHECKPOINT_EVERY == 0:
            self.save_checkpoint()

    def lookup(self, houses):
        """A position's (values, exact) if this run or an earlier one valued it, else None."""
        key = book_format.rank(houses)
        return self.entries.get(key) or self.known.get(key)

    def walk_turn(self, houses, values_of):
        """The book side's whole turn from houses, each move the best of values_of(position).

        (TURN, the position the opponent moves from, seen from its side),
        (OVER, None), or where values_of gives None, (None, that position)."""
        h = tuple(houses)
        while True:
            found = values_of(h)
            if found is None:
                return None, h
            move = book_format.best_move(dict((i + 1, v) for i, v in enumerate(found[0]) if v is not None))
            _, kind, h = play_house(h, move - 1, self.rules.empty_capture)
            if kind == core.OVER:
                return kind, None
            if kind == core.TURN:
                return kind, h

    def book_turn(self, houses):
        """Value the book side's positions along its whole turn from houses; the position it ends in."""
        return self.walk_turn(houses, self.values_of)[1]

    def value_ahead(self, frontier):
        """Value the positions the book side's turns from `frontier` pass through, in `jobs` processes.

        In rounds: walk each turn as far as it is valued, value the positions
        where the walks stopped side by side, walk again (a turn's next
        position follows from the move just valued)."""
        while True:
            missing = set()
            for houses in frontier:
                kind, stop = self.walk_turn(houses, self.lookup)
                if kind is None:
                    missing.add(stop)
            if not missing:
                return
            for houses, entry, seconds, nodes in self.pool().imap_unordered(_value_in_worker, sorted(missing)):
                self.store(book_format.rank(houses), entry, seconds, nodes)

    def pool(self):
        if self._pool is None:
            import multiprocessing
            # spawn, not fork: a worker compiles its own numba functions and loads its own tables
            context = multiprocessing.get_context("spawn")
            spec = (self.rules.name,) + self.solver_spec() + (self.nodes, self.depth)
            self._pool = context.Pool(self.jobs, _start_worker, spec)
        return self._pool

    def close(self):
        if self._pool is not None:
            self._pool.terminate()
            self._pool = None

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
            if self.jobs > 1:
                self.value_ahead(frontier)
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
            what, len(self.entries), self.fresh, time.time() - self.started, self.nodes_used),
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


def value_position(solver, houses, nodes, depth):
    """((values, exact) of every house, None where empty; seconds; nodes) of a position, by house_values_within."""
    started = time.time()
    before = solver.nodes
    values, exact = solver.house_values_within(list(houses), nodes, depth)
    m = len(houses) // 2
    entry = ([values.get(house + 1) for house in range(m)], [exact.get(house + 1, False) for house in range(m)])
    return entry, time.time() - started, solver.nodes - before


_worker = None   # (solver, nodes, depth) in a worker process of Builder.pool


def _start_worker(rules, table_seeds, tt_bits, nodes, depth):
    global _worker
    _worker = (Solver(rules, table_seeds, tt_bits=tt_bits, verbose=False), nodes, depth)


def _value_in_worker(houses):
    solver, nodes, depth = _worker
    return (houses,) + value_position(solver, houses, nodes, depth)


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
                checkpoint=None, verbose=False, jobs=1):
    """The book file's bytes (the same for the same rules, turns, nodes and depth, and any jobs)."""
    builder = Builder(rules, turns, solver, nodes, depth, known, checkpoint, verbose, jobs)
    try:
        return builder.encode(builder.build())
    finally:
        builder.close()
