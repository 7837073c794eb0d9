"""kalah.ai.search's values and results: quarter seeds, the Analysis it answers, its Stop.

A module of its own so that kalah.ai.search (which names them all) stays short.
"""

SCALE = 4                  # values inside the search are in quarter seeds
POLL_EVERY = 256           # the search reads the clock every 256 nodes (well under 1 ms)...


class Stop(Exception):
    """Raised inside the search when time is up or the caller asked to stop."""


class Analysis:
    """The result of `analyse`: the best move, its value and every move's value."""

    def __init__(self, move, value, exact, depth, nodes, values, exact_values, seconds):
        self.move = move
        self.value = value
        self.exact = exact
        self.depth = depth
        self.nodes = nodes
        self.values = values              # {move: value}, SWAP included when offered
        self.exact_values = exact_values  # {move: True when that value is exact}
        self.seconds = seconds

    def as_dict(self):
        return {"move": self.move, "value": self.value, "exact": self.exact,
                "depth": self.depth, "nodes": self.nodes}

    def __repr__(self):
        return "<Analysis move=%s value=%s exact=%s depth=%d nodes=%d>" % (
            self.move, self.value, self.exact, self.depth, self.nodes)


def to_seeds(value):
    """A search value (quarter seeds) in seeds: an int when whole."""
    return value // SCALE if value % SCALE == 0 else value / SCALE


def rotate(pits, m):
    """The same position seen from the other side (the other side's row first)."""
    return pits[m + 1:] + pits[:m + 1]
