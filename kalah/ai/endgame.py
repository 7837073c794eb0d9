"""The Kalah endgame database: the exact value of every position with few seeds left.

In Kalah the seeds left in the houses never grow, and what happens next
depends only on them (not on the stores, nor on the initial n). So a table
over the seeds in houses, for the side to move, holds the whole future:
value = (seeds the mover will still store) - (seeds the opponent will).
The mover's final margin is then the store difference now plus that value.

Positions are indexed combinatorially: the 2m house counts (mover's row
first) with k seeds in all are a composition of k, ranked in colex order
of its bar positions, after the C(k+2m-1, 2m) positions with fewer seeds.
One byte per position holds value + 128.

One table per rule variant (the capture rule and gamelink change values),
keyed like "kalah6" or "kalah6+empty-capture"; the pie rule does not
matter once a game is under way. Files are a header line and the zlib
compressed bytes. `load` registers a table from a path or from bytes (the
browser fetches the file and hands over the bytes).
"""

import json
import os
import zlib

from kalah.errors import KalahError
from kalah.game.rules import ENDGAME_TABLE, find_rules

MAGIC = b"KALAH-ENDGAME 1\n"
UNKNOWN = 0  # a stored byte is value + 128, never 0 for |value| < 128
DATA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "static", "data")


# The tables in static/data (python -m kalah build-endgame): the worker asks the site for no other
# (a kalah(4,3) game would otherwise request a missing file at every move).
SHIPPED = ("kalah6", "kalah6+empty-capture")


def db_key(rules):
    """The name of the table that serves `rules`, or None when none can: a table holds
    only where the houses alone decide the rest of the game, as the rule set declares
    (kalah.game.rules.ENDGAME_TABLE); the pie rule, over after the first turn, does not count."""
    rules = find_rules(rules)
    if not rules.modelled_by(ENDGAME_TABLE):
        return None
    later = rules.after_first_turn()
    return "%s%d" % (later.family, later.houses) + "".join("+" + o for o in later.options)


def file_name(key):
    return "endgame-%s.bin" % key.replace("+", "-")


def binomials(n_max, k_max):
    """C[k][n] for 0 <= k <= k_max, 0 <= n <= n_max."""
    table = [[0] * (n_max + 1) for _ in range(k_max + 1)]
    for n in range(n_max + 1):
        table[0][n] = 1
        for k in range(1, min(n, k_max) + 1):
            table[k][n] = table[k - 1][n - 1] + table[k][n - 1]
    return table


class Table:
    """Values of all positions with at most `seeds` seeds in the houses."""

    def __init__(self, key, houses, seeds, data=None):
        self.key = key
        self.m = houses
        self.seeds = seeds
        n = 2 * houses
        binom = binomials(seeds + n, n)
        # bars[j][x]: the colex term of the j-th bar at position x.
        self.bars = [binom[j + 1] for j in range(n - 1)]
        self.offset = [binom[n][k + n - 1] if k else 0 for k in range(seeds + 2)]
        self.size = self.offset[seeds + 1]
        if data is None:
            data = bytearray(self.size)
        if len(data) != self.size:
            raise KalahError("endgame table %s: %d bytes, expected %d" % (key, len(data), self.size))
        self.data = data

    def index(self, pits):
        """The index of a position (South to move; the stores are ignored)."""
        m = self.m
        bars = self.bars
        at = 0
        left = 0
        j = 0
        for count in pits[:m]:
            left += count
            at += bars[j][left + j]
            j += 1
        for count in pits[m + 1:m + m]:
            left += count
            at += bars[j][left + j]
            j += 1
        return self.offset[left + pits[m + m]] + at

    def value(self, pits):
        """Seeds the mover will still store minus those the opponent will, with perfect play."""
        return self.data[self.index(pits)] - 128

    def memory(self):
        return len(self.data)

    # -- files ---------------------------------------------------------------
    def to_bytes(self):
        header = json.dumps({"key": self.key, "houses": self.m, "seeds": self.seeds,
                             "positions": self.size}, sort_keys=True).encode()
        return MAGIC + header + b"\n" + zlib.compress(bytes(self.data), 9)

    @classmethod
    def from_bytes(cls, blob, where="endgame table"):
        if not blob.startswith(MAGIC):
            raise KalahError("%s: not a Kalah endgame table (bad header)" % where)
        end = blob.index(b"\n", len(MAGIC))
        try:
            header = json.loads(blob[len(MAGIC):end].decode())
            data = zlib.decompress(blob[end + 1:])  # bytes: read-only, no second copy
            return cls(header["key"], header["houses"], header["seeds"], data)
        except (ValueError, KeyError, zlib.error) as error:
            raise KalahError("%s: damaged (%s)" % (where, error))


_tables = {}
_tried = set()


def load(rules, path_or_bytes):
    """Read a table for `rules` from a file path or bytes (or take a Table); later searches use it."""
    rules = find_rules(rules)
    if isinstance(path_or_bytes, Table):
        table, where = path_or_bytes, "endgame table"
    elif isinstance(path_or_bytes, str):
        where = path_or_bytes
        try:
            with open(path_or_bytes, "rb") as handle:
                table = Table.from_bytes(handle.read(), where)
        except OSError as error:
            raise KalahError("cannot read endgame table %s: %s" % (path_or_bytes, error))
    else:
        where = "endgame table"
        table = Table.from_bytes(bytes(path_or_bytes), where)
    rules.require(ENDGAME_TABLE, "an endgame table")
    key = db_key(rules)
    if table.key != key or table.m != rules.houses:
        raise KalahError("%s is for %s, not for %s" % (where, table.key, rules.name))
    _tables[key] = table
    return table


def unload(rules=None):
    """Forget loaded tables (all, or the one for `rules`)."""
    if rules is None:
        _tables.clear()
        _tried.clear()
    else:
        key = db_key(rules)
        _tables.pop(key, None)
        _tried.discard(key)


def loaded():
    """The keys of the tables in memory."""
    return sorted(_tables)


def unload_others(rules):
    """Forget every loaded table but the one for `rules`; the keys forgotten.

    The worker keeps one table in memory (30 MB with 16 seeds), as it keeps
    one rule set's search table."""
    keep = db_key(rules)
    dropped = [key for key in _tables if key != keep]
    for key in dropped:
        del _tables[key]
        _tried.discard(key)
    return dropped


def table_for(rules):
    """The loaded table for `rules`, loading the shipped file on first use if there is one."""
    key = db_key(rules)
    if key is None:
        return None
    if key not in _tables and key not in _tried:
        _tried.add(key)
        path = os.path.join(DATA_DIR, file_name(key))
        if os.path.exists(path):
            load(rules, path)
    return _tables.get(key)


# -- building ----------------------------------------------------------------
def compositions(total, parts):
    """Every list of `parts` counts summing to `total`."""
    if parts == 1:
        yield [total]
        return
    for first in range(total, -1, -1):
        for rest in compositions(total - first, parts - 1):
            yield [first] + rest


def build(rules, seeds, progress=None):
    """Solve every position with at most `seeds` seeds in the houses."""
    import sys
    rules = find_rules(rules)
    rules.require(ENDGAME_TABLE, "an endgame table")
    key = db_key(rules)
    m = rules.houses
    table = Table(key, m, seeds)
    data, index, play = table.data, table.index, rules.play
    south_store, north_store = m, 2 * m + 1
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20 * seeds * m + 1000))

    def solve(pits):
        at = index(pits)
        stored = data[at]
        if stored != UNKNOWN:
            return stored - 128
        best = -128
        for house in rules.legal_moves(pits, 0):
            child = list(pits)
            next_side = play(child, 0, house)[0]
            gain = child[south_store] - child[north_store]
            if next_side is not None:
                child[south_store] = child[north_store] = 0
                if next_side == 0:
                    gain += solve(child)
                else:
                    gain -= solve(child[m + 1:] + child[:m + 1])
            if gain > best:
                best = gain
        data[at] = best + 128
        return best

    for left in range(seeds + 1):
        for houses in compositions(left, 2 * m):
            pits = houses[:m] + [0] + houses[m:] + [0]
            if not any(houses[:m]) or not any(houses[m:]):
                # A row is empty: the game is over, each side sweeps its own row.
                data[index(pits)] = sum(houses[:m]) - sum(houses[m:]) + 128
            else:
                solve(pits)
        if progress is not None:
            progress(left)
    return table
