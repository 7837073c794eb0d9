"""The book for any opening: every position of the first `plies` plies, built in parts that resume.

The positions are those reachable from the start in at most `plies` plies
by any moves of either side (an extra move is a ply of its own), keyed as
the opening book keys them (kalah.ai.book: the houses, the mover's row
first). A position first reached at ply `plies` is a *leaf*: its moves'
values are proven by the solver (Solver.house_values_within, within
`nodes` nodes a position, else its `depth` search, marked not exact). Every
other position's values follow from its children's by negamax, at no cost,
when the parts are merged: a move's value is exact where its child's every
value is.

The leaves, sorted by key, are cut into parts of `part_size`; a part is
built by a new Solver that keeps its transposition table from one leaf to
the next (neighbours in key order share much of their trees), so a part's
bytes depend only on (rules, plies, part_size, nodes, depth, part) and are
the same on any machine and in any order of parts. Each finished part is a
small book file of its leaves (`part-NNN.bin` in the rule set's folder,
written atomically), so a killed build loses only the part it was on and
a later run, on any machine, builds the missing parts only. `merge` makes
the shipped book from the parts built so far: their leaves and every
position whose children are all known; a position of a part not yet built
is simply not in it, and the search answers there.

Layers: the leaves past the main build's budget make every position above
them inexact too, up to the start. A *layer* is a shallower book of the
same kind at a larger budget (`layer_folder`: FOLDER/layers/plies-P-nodes-N,
its parts built and resumed as the main book's are): its leaves, a few
plies from the start, are proven directly, which costs far less than
proving every deep leaf below them. `merge_folder` merges each layer built
under the main book's folder, then takes its exact values over the main
book's, move by move, before the main book's negamax: so what a layer
proves reaches the positions above it too.
"""

import os
import sys
import time

from kalah.ai import book as book_format
from kalah.output import write_file
from kalah.errors import KalahError
from kalah.game.rules import find_rules
from kalah.solver import core
from kalah.solver.book import DEFAULT_DEPTH, TT_BITS, play_house

DEFAULT_PART_SIZE = 500
LAYERS = "layers"   # the main book's subfolder of layers (below)
MERGED = "opening.bin"   # the book --merge writes in the main book's folder, the one the site reads


def part_file(part):
    return "part-%03d.bin" % part


def positions(rules, plies):
    """{houses: the first ply it is reached at} of every position within `plies` plies (games not over)."""
    rules = find_rules(rules)
    m = rules.houses
    start = tuple([rules.seeds] * (2 * m))
    depth = {start: 0}
    layer = [start]
    for ply in range(1, plies + 1):
        following = []
        for houses in layer:
            for house in range(m):
                if not houses[house]:
                    continue
                _, kind, after = play_house(houses, house, rules.empty_capture)
                if kind != core.OVER and after not in depth:
                    depth[after] = ply
                    following.append(after)
        layer = following
    return depth


def leaves(rules, plies):
    """The positions first reached at ply `plies`, in key order: the ones the parts prove."""
    return sorted((houses for houses, ply in positions(rules, plies).items() if ply == plies), key=book_format.rank)


def part_count(leaf_count, part_size):
    return (leaf_count + part_size - 1) // part_size


def entry_of(values, exact, m):
    """The book's (values, exact) lists, house by house, from {house: value} and {house: exact}."""
    return [values.get(house + 1) for house in range(m)], [exact.get(house + 1, False) for house in range(m)]


class Plan:
    """One rule set's book to `plies`: its leaves, their parts, and the build's arguments."""

    def __init__(self, rules, plies, part_size=DEFAULT_PART_SIZE, nodes=10 ** 7, depth=DEFAULT_DEPTH,
                 table_seeds=None, tt_bits=TT_BITS):
        from kalah.solver import DEFAULT_TABLE_SEEDS
        self.rules = find_rules(rules)
        if plies < 1 or part_size < 1 or nodes < 1 or depth < 1:
            raise KalahError("the plies, the part size, the node budget and the depth must be at least 1")
        self.plies, self.part_size, self.nodes, self.depth = plies, part_size, nodes, depth
        self.table_seeds = DEFAULT_TABLE_SEEDS if table_seeds is None else table_seeds
        self.tt_bits = tt_bits
        self.leaves = leaves(self.rules, plies)
        self.parts = part_count(len(self.leaves), part_size)

    def header(self, part):
        """What a part's file says of the build, checked before the part is reused."""
        return {"plies": self.plies, "part": part, "parts": self.parts, "part_size": self.part_size,
                "nodes": self.nodes, "depth": self.depth, "table_seeds": self.table_seeds,
                "tt_bits": self.tt_bits}

    def part_leaves(self, part):
        if not 0 <= part < self.parts:
            raise KalahError("part %d is not one of the %d parts (0..%d)" % (part, self.parts, self.parts - 1))
        return self.leaves[part * self.part_size:(part + 1) * self.part_size]

    def new_solver(self):
        from kalah.solver import Solver
        return Solver(self.rules, self.table_seeds, tt_bits=self.tt_bits, verbose=False)

    def build_part(self, part, solver=None, progress=None):
        """The part's file bytes: its leaves' values, proven from a fresh transposition table."""
        solver = solver or self.new_solver()
        solver.forget()
        m = self.rules.houses
        entries = {}
        for done, houses in enumerate(self.part_leaves(part)):
            values, exact = solver.house_values_within(list(houses), self.nodes, self.depth, fresh=False)
            entries[book_format.rank(houses)] = entry_of(values, exact, m)
            if progress is not None:
                progress(done + 1)
        return book_format.encode(self.rules.name, m, None, entries, extra=self.header(part))

    def read_part(self, blob, where):
        """The entries of a part file built with this plan's arguments; a KalahError otherwise."""
        found = book_format.Book(blob, where)
        if found.rules != self.rules.name:
            raise KalahError("%s is a part of the book of %s, not of %s" % (where, found.rules, self.rules.name))
        wanted = self.header(found.extra.get("part"))
        if any(found.extra.get(key) != value for key, value in wanted.items()):
            raise KalahError("%s was built with other arguments (%s, not %s): move it away to rebuild it" % (
                where, _arguments(found.extra), _arguments(wanted)))
        leaves = set(book_format.rank(houses) for houses in self.part_leaves(found.extra["part"]))
        entries = _entries(found)
        if set(entries) != leaves:
            raise KalahError("%s does not hold its part's %d positions" % (where, len(leaves)))
        return entries

    def merge(self, parts_entries, proven=None):
        """{rank: (values, exact)} of every position the built parts decide: their leaves, and each
        position of fewer plies whose children are all known (negamax over the positions).

        proven: {rank: (values, exact)} of layers (proven_by_layers): their exact values are
        taken over this book's, move by move, before the positions above use them."""
        m = self.rules.houses
        known = {}
        for entries in parts_entries:
            known.update(entries)
        proven = proven or {}
        memo = {}

        def value_of(houses):
            """(value for the mover, exact) of a position in the book, or None while a part is missing."""
            key = book_format.rank(houses)
            if key not in memo:
                entry = known.get(key)
                if entry is None and key not in leaf_keys:
                    entry = moves_of(houses)
                if key in proven:
                    entry = overlaid(entry, proven[key])
                if entry is not None:
                    known[key] = entry
                memo[key] = None if entry is None else _best(entry)
            return memo[key]

        def moves_of(houses):
            values, exact = {}, {}
            for house in range(m):
                if not houses[house]:
                    continue
                gain, kind, after = play_house(houses, house, self.rules.empty_capture)
                if kind == core.OVER:
                    values[house + 1], exact[house + 1] = gain, True
                    continue
                child = value_of(after)
                if child is None:
                    return None
                sign = 1 if kind == core.EXTRA else -1
                values[house + 1], exact[house + 1] = gain + sign * child[0], child[1]
            return entry_of(values, exact, m)

        leaf_keys = set(book_format.rank(houses) for houses in self.leaves)
        for houses in sorted(positions(self.rules, self.plies - 1), key=book_format.rank):
            value_of(houses)
        return known

    def encode_book(self, entries, parts_built):
        extra = {"plies": self.plies, "parts": self.parts, "parts_built": parts_built, "nodes": self.nodes,
                 "depth": self.depth}
        return book_format.encode(self.rules.name, self.rules.houses, None, entries,
                                  partial=parts_built < self.parts, extra=extra)


def overlaid(entry, layer):
    """A position's book entry with the layer's exact values taken over it, move by move (either may be None)."""
    if entry is None or layer is None:
        return layer or entry
    values, exact = list(entry[0]), list(entry[1])
    for house, flag in enumerate(layer[1]):
        if flag and layer[0][house] is not None:
            values[house], exact[house] = layer[0][house], True
    return values, exact


def _best(entry):
    """(the mover's best value, whether it is proven) of a book entry: exact when every move's value is."""
    values, exact = entry
    played = [(value, flag) for value, flag in zip(values, exact) if value is not None]
    return max(value for value, _ in played), all(flag for _, flag in played)


def _entries(found):
    entries = {}
    for i in range(len(found)):
        values, exact = found.record_at(i)
        entries[found.key_at(i)] = entry_of(values, exact, found.houses)
    return entries


def _arguments(header):
    return ", ".join("%s %s" % (key, header.get(key)) for key in ("plies", "part_size", "nodes", "depth",
                                                                   "table_seeds", "tt_bits"))


def _log(message):
    print(message, file=sys.stderr, flush=True)


def built_parts(plan, folder):
    """{part: entries} of the parts already in `folder` (each checked against the plan)."""
    found = {}
    for part in range(plan.parts):
        path = os.path.join(folder, part_file(part))
        if os.path.exists(path):
            with open(path, "rb") as handle:
                found[part] = plan.read_part(handle.read(), path)
    return found


def build_parts(plan, folder, parts, jobs=1, verbose=True):
    """Build the listed parts missing from `folder` (each written when it is done); their numbers."""
    os.makedirs(folder, exist_ok=True)
    done = built_parts(plan, folder)
    missing = [part for part in parts if part not in done]
    if verbose:
        _log("%s to %d plies: %d leaves in %d parts of %d; %d built, %d of the %d asked to build" % (
            plan.rules.name, plan.plies, len(plan.leaves), plan.parts, plan.part_size, len(done),
            len(missing), len(parts)))
    started = time.time()
    if jobs == 1:
        solver = plan.new_solver() if missing else None
        results = (_build_one(plan, folder, part, solver, verbose) for part in missing)
    else:
        import multiprocessing
        # spawn, not fork: a worker compiles its own numba functions and loads its own tables
        pool = multiprocessing.get_context("spawn").Pool(jobs, _start_worker, (plan,))
        results = pool.imap_unordered(_build_in_worker, [(folder, part, verbose) for part in missing])
    finished = []
    try:
        for part, seconds in results:
            finished.append(part)
            if verbose:
                _log("part %d done in %.0f s; %d of %d parts built, %.0f s so far" % (
                    part, seconds, len(done) + len(finished), plan.parts, time.time() - started))
    finally:
        if jobs > 1:
            pool.terminate()
    return finished


def _build_one(plan, folder, part, solver, verbose):
    started = time.time()
    count = len(plan.part_leaves(part))

    def progress(done):
        if verbose and (done % 50 == 0 or done == count):
            _log("  part %d: %d of %d positions, %.0f s" % (part, done, count, time.time() - started))

    blob = plan.build_part(part, solver, progress)
    write_file(os.path.join(folder, part_file(part)), blob)
    return part, time.time() - started


_worker = None   # (plan, solver) in a worker process of build_parts


def _start_worker(plan):
    global _worker
    _worker = (plan, plan.new_solver())


def _build_in_worker(job):
    folder, part, verbose = job
    plan, solver = _worker
    return _build_one(plan, folder, part, solver, verbose)


def layer_folder(folder, plies, nodes):
    """Where a layer of `plies` plies at `nodes` nodes a leaf keeps its parts, under the main book's folder."""
    return os.path.join(folder, LAYERS, "plies-%d-nodes-%d" % (plies, nodes))


def layers_in(rules, folder):
    """[(plan, its folder)] of the layers with parts under the main book's `folder`, each plan
    read from its first part's header (the other parts are checked against it as they are read)."""
    root = os.path.join(folder, LAYERS)
    found = []
    for name in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        where = os.path.join(root, name)
        names = sorted(entry for entry in os.listdir(where) if entry.startswith("part-"))
        if not names:
            continue
        path = os.path.join(where, names[0])
        with open(path, "rb") as handle:
            header = book_format.Book(handle.read(), path).extra
        try:
            plan = Plan(rules, header["plies"], header["part_size"], header["nodes"], header["depth"],
                        header["table_seeds"], header["tt_bits"])
        except (KeyError, TypeError):
            raise KalahError("%s is not a part of a book for any opening (its header lacks the build's arguments)"
                             % path)
        found.append((plan, where))
    return found


def proven_by_layers(plan, folder):
    """{rank: (values, exact)}: the exact values of every layer under `folder` (layers_in), merged."""
    proven = {}
    for layer, where in layers_in(plan.rules, folder):
        if layer.plies >= plan.plies:
            raise KalahError("%s: a layer must have fewer plies than the book's %d" % (where, plan.plies))
        built = built_parts(layer, where)
        for key, entry in layer.merge(built[part] for part in sorted(built)).items():
            proven[key] = overlaid(proven.get(key), entry)
    return proven


def merge_folder(plan, folder, out):
    """Write the book of the parts built so far to `out`, its layers' exact values taken over its own;
    (positions, exact positions, parts built, bytes)."""
    built = built_parts(plan, folder)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    entries = plan.merge((built[part] for part in sorted(built)), proven_by_layers(plan, folder))
    blob = plan.encode_book(entries, len(built))
    write_file(out, blob)
    exact = sum(1 for entry in entries.values() if _best(entry)[1])
    return len(entries), exact, len(built), len(blob)


def summary(plan, folder, layers=True):
    """A JSON-ready account of the folder's parts (built, positions, exact share), and its layers';
    for the main book, what its merged book (FOLDER/opening.bin, if there) proves at each ply."""
    built = built_parts(plan, folder)
    positions_done = sum(len(entries) for entries in built.values())
    exact = sum(1 for entries in built.values() for entry in entries.values() if _best(entry)[1])
    account = {"rules": plan.rules.name, "plies": plan.plies, "parts": plan.parts, "parts_built": len(built),
               "leaves": len(plan.leaves), "leaves_built": positions_done, "leaves_exact": exact}
    if layers:
        account["layers"] = [dict(summary(layer, where, False), nodes=layer.nodes)
                             for layer, where in layers_in(plan.rules, folder)]
        merged = os.path.join(folder, MERGED)
        if os.path.exists(merged):
            with open(merged, "rb") as handle:
                account["merged_exact_by_ply"] = exact_by_ply(plan, book_format.Book(handle.read(), merged))
    return account


def exact_by_ply(plan, found):
    """[[exact, positions] at each ply 0..plies] of a merged book `found` (kalah.ai.book.Book): a
    position counts as exact when every move's value is (level 8 then answers from it at once);
    one the book does not hold (its part not built yet) does not."""
    counts = [[0, 0] for _ in range(plan.plies + 1)]
    entries = _entries(found)
    for houses, ply in positions(plan.rules, plan.plies).items():
        entry = entries.get(book_format.rank(houses))
        counts[ply][0] += 1 if entry is not None and _best(entry)[1] else 0
        counts[ply][1] += 1
    return counts
