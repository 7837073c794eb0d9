"""The offline solver: exact values of Kalah positions, compiled by numba.

    >>> from kalah import Board
    >>> from kalah.solver import Solver
    >>> solver = Solver("kalah(4,2)", table_seeds=-1, tt_bits=16)   # no endgame table, a small table
    >>> solver.move_values(Board("kalah(4,2)"))
    {1: -12, 2: -10, 3: 4, 4: 6}

`Solver("kalah(6,4)")`, on its default 20-seed endgame table, proves the
start position's move values in minutes (the opening book holds them).

`Solver` keeps its transposition table between calls, so the positions of
an opening book share their work. The endgame table it stands on (every
position with at most `table_seeds` seeds in the houses) is built on first
use and cached in the user's cache folder (`cache_dir()`), since 20 seeds
take 226 MB; the first `table_seeds` that the shipped file covers are read
from it rather than solved again. Plain Kalah and `empty-capture` only
(not gamelink, not the pie rule's first turn): `supports(rules)`.
"""

import os
import sys
import time

import numpy as np

from kalah.errors import KalahError
from kalah.game.rules import NORTH, NUMBA_SOLVER, find_rules
from kalah.solver import core

DEFAULT_TABLE_SEEDS = 20
DEFAULT_TT_BITS = 25          # 32 M entries, 11 bytes each


def supports(rules):
    """Whether the solver plays this rule set, as the rule set declares (kalah.game.rules.NUMBA_SOLVER):
    Kalah, with or without empty capture."""
    return find_rules(rules).modelled_by(NUMBA_SOLVER)


def _require(rules):
    find_rules(rules).require(NUMBA_SOLVER, "the numba solver (kalah.solver)")


def cache_dir():
    """Where built tables are kept: $KALAH_CACHE, else $XDG_CACHE_HOME/kalah, else ~/.cache/kalah."""
    if os.environ.get("KALAH_CACHE"):
        return os.environ["KALAH_CACHE"]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "kalah")


def _log(message):
    print(message, file=sys.stderr, flush=True)


def table_size(houses, seeds):
    """Positions with at most `seeds` seeds in 2*houses houses."""
    n = 2 * houses
    return int(core.binomials(seeds + n, n)[seeds + n, n])


def build_table(rules, seeds, start=None, verbose=False):
    """The endgame table (uint8 array, value + 128) of every position with <= seeds seeds.

    `start`, a smaller table's bytes (a prefix: ranks agree), is kept and
    only the larger seed counts are solved.
    """
    rules = find_rules(rules)
    _require(rules)
    m = rules.houses
    binom = core.binomials(seeds + 2 * m + 2, 2 * m + 1)
    table = np.zeros(table_size(m, seeds), np.uint8)
    done = -1
    if start is not None and len(start):
        start = np.frombuffer(bytes(start), np.uint8)
        while done < seeds and table_size(m, done + 1) <= len(start):
            done += 1
        table[:table_size(m, done)] = start[:table_size(m, done)]
    started = time.time()
    for count in range(done + 1, seeds + 1):
        core.fill_table(table, m, count, count, rules.empty_capture, binom)
        if verbose:
            _log("  endgame %s: up to %d seeds, %d positions, %.1f s" % (
                rules.name, count, table_size(m, count), time.time() - started))
    return table


def cached_table(rules, seeds, verbose=True):
    """The table for `rules` up to `seeds`, from the cache folder or built (and cached) now."""
    from kalah.ai import endgame
    rules = find_rules(rules)
    key = endgame.db_key(rules)
    path = os.path.join(cache_dir(), "endgame-%s-%d.u8" % (key.replace("+", "-"), seeds))
    size = table_size(rules.houses, seeds)
    if os.path.exists(path) and os.path.getsize(path) == size:
        return np.fromfile(path, np.uint8)
    if verbose:
        _log("building the %d-seed endgame table for %s (cached in %s) ..." % (seeds, rules.name, path))
    shipped = endgame.table_for(rules)
    start = shipped.data if shipped is not None and shipped.seeds <= seeds else None
    table = build_table(rules, seeds, start, verbose)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    table.tofile(path + ".tmp")
    os.replace(path + ".tmp", path)
    return table


def board_houses(board):
    """(houses with the mover's row first, store difference for the mover) of a Board."""
    m = board.rules.houses
    pits = list(board.pits)
    if board.turn == NORTH:
        pits = pits[m + 1:] + pits[:m + 1]
    return pits[:m] + pits[m + 1:2 * m + 1], pits[m] - pits[2 * m + 1]


def solver_for(rules, houses_seeds, verbose=True, solvers=None):
    """A Solver sized for a position with `houses_seeds` seeds in the houses.

    Up to 30 seeds the shipped endgame table (or none, for sizes without
    one) is enough (seconds, nothing to build); beyond, the DEFAULT_TABLE_SEEDS table from the cache folder,
    built there the first time (minutes). `solvers`, a dict, keeps them
    for the next call.
    """
    from kalah.ai import endgame
    rules = find_rules(rules)
    key = (rules.name, houses_seeds <= 30)
    if solvers is not None and key in solvers:
        return solvers[key]
    shipped = endgame.table_for(rules)
    if houses_seeds > 30:
        made = Solver(rules, DEFAULT_TABLE_SEEDS, verbose=verbose)
    elif shipped is None:  # small boards: no table to build or cache
        made = Solver(rules, -1, verbose=False)
    else:
        made = Solver(rules, shipped.seeds, table=np.frombuffer(bytes(shipped.data), np.uint8), verbose=False)
    if solvers is not None:
        solvers[key] = made
    return made


class Solver:
    """Exact values for one rule set; keep it to reuse its transposition table."""

    def __init__(self, rules, table_seeds=DEFAULT_TABLE_SEEDS, tt_bits=DEFAULT_TT_BITS, table=None,
                 verbose=False):
        self.rules = find_rules(rules)
        _require(self.rules)
        self.m = m = self.rules.houses
        n = 2 * m
        if table is None:
            table = cached_table(self.rules, table_seeds, verbose) if table_seeds >= 0 else np.zeros(1, np.uint8)
        self.table = table
        self.table_seeds = table_seeds
        self.tt_bits = tt_bits
        self.verbose = verbose
        total = max(self.rules.total, table_seeds)
        self.binom = core.binomials(total + n + 2, n + 1)
        if self.binom[total + n - 1, n] >= 2 ** 62:
            raise KalahError("%s has too many positions for the solver's keys" % self.rules.name)
        size = (1 << tt_bits) - 1
        self.keys = np.full(size, -1, np.int64)
        self.lows = np.zeros(size, np.int8)
        self.highs = np.zeros(size, np.int8)
        self.best_moves = np.zeros(size, np.int8)
        self.boards = np.zeros((core.MAX_PLY, n), np.int64)
        self.kids = np.zeros((core.MAX_PLY, m, n), np.int64)
        self.gains = np.zeros((core.MAX_PLY, m), np.int64)
        self.kinds = np.zeros((core.MAX_PLY, m), np.int64)
        self.order = np.zeros((core.MAX_PLY, m), np.int64)
        self.counts = np.zeros(3, np.int64)   # nodes, node budget (0: none), budget ran out

    @property
    def nodes(self):
        return int(self.counts[0])

    def value(self, houses, guess=0):
        """Seeds the mover will still store minus the opponent's, for these houses (mover first)."""
        if len(houses) != 2 * self.m:
            raise KalahError("expected %d house counts, got %d" % (2 * self.m, len(houses)))
        mine, theirs = sum(houses[:self.m]), sum(houses[self.m:])
        if not mine or not theirs:
            return mine - theirs
        self.boards[0, :] = houses
        return int(core.mtdf(0, guess, self.boards, self.kids, self.gains, self.kinds, self.order,
                             self.keys, self.lows, self.highs, self.best_moves, self.table,
                             self.table_seeds, self.rules.empty_capture, self.binom, self.counts))

    def house_values(self, houses):
        """{house 1..m: the future margin for the mover after playing it}."""
        m = self.m
        h = np.array(houses, np.int64)
        out = np.zeros(2 * m, np.int64)
        turned = np.zeros(2 * m, np.int64)
        values = {}
        started = time.time()
        for house in range(m):
            if not h[house]:
                continue
            gain, kind = core.play(h, house, self.rules.empty_capture, out)
            if kind == core.OVER:
                values[house + 1] = int(gain)
            elif kind == core.EXTRA:
                values[house + 1] = int(gain) + self.value(list(out))
            else:
                core.turn_round(out, turned)
                values[house + 1] = int(gain) - self.value(list(turned))
            if self.verbose and time.time() - started > 2:
                _log("  house %d: %+d (%d nodes, %.1f s so far)" % (
                    house + 1, values[house + 1], self.nodes, time.time() - started))
        return values

    def forget(self):
        """Empty the transposition table: what follows no longer depends on what came before."""
        self.keys.fill(-1)

    def house_values_within(self, houses, nodes, depth, fresh=True):
        """({house: value}, {house: exact}) proving within `nodes` nodes, else a `depth` search.

        The moves are proven in house order from an empty transposition
        table until the position's nodes run out; the move being proven then
        and those after it are valued by alpha-beta to `depth` moves (not
        exact). Nodes, not seconds, and an empty table: the same answer
        on any machine, whatever was solved before. fresh=False keeps the
        table from the calls before: the answer is then the same for the
        same sequence of calls from a new Solver (kalah.solver.opening's parts).
        """
        m = self.m
        h = np.array(houses, np.int64)
        out = np.zeros(2 * m, np.int64)
        child = np.zeros(2 * m, np.int64)
        values, exact = {}, {}
        if fresh:
            self.forget()
        spent = self.nodes
        self.counts[0] = 0
        self.counts[1] = nodes
        self.counts[2] = 0
        try:
            for house in range(m):
                if not h[house]:
                    continue
                gain, kind = core.play(h, house, self.rules.empty_capture, out)
                if kind == core.OVER:
                    values[house + 1], exact[house + 1] = int(gain), True
                    continue
                sign = 1 if kind == core.EXTRA else -1
                core.next_position(out, kind, child)
                if not self.counts[2]:
                    found = self.value(list(child))
                    if not self.counts[2]:
                        values[house + 1], exact[house + 1] = int(gain) + sign * found, True
                        continue
                self.boards[0, :] = child
                found = core.deep_value(0, depth - 1, -1000, 1000, self.boards, self.kids, self.gains,
                                        self.kinds, self.order, self.table, self.table_seeds,
                                        self.rules.empty_capture, self.binom, self.counts)
                values[house + 1], exact[house + 1] = int(gain) + sign * int(found), False
        finally:
            used = int(self.counts[0])
            self.counts[1] = 0
            self.counts[2] = 0
            self.counts[0] = spent + used
        return values, exact

    def move_values(self, board):
        """{move: the mover's final margin with perfect play after it}, stores counted."""
        if board.rules != self.rules:
            raise KalahError("this solver is for %s, not %s" % (self.rules.name, board.rules.name))
        if board.turn is None:
            raise KalahError("the game is over: there is nothing to solve")
        houses, diff = board_houses(board)
        return dict((move, diff + value) for move, value in self.house_values(houses).items())
