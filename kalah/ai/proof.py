"""Exact values by proof: MTD(f) over the seeds in the houses, for the browser's search.

The heuristic search (kalah.ai.search) looks a fixed depth ahead and guesses
at its horizon. Once a few dozen seeds are left, a proof is often cheaper:
the offline solver (kalah.solver.core) proves most middle-game positions of
Kalah(6,4) in 50 thousand to 2 million nodes, where iterative deepening
needs millions more to become exact. This is the same algorithm in plain
Python, from the search's own pits, so it runs under Pyodide:

- In Kalah the future depends only on the seeds in the houses, so a node
  is its houses with both stores emptied and its value is what the mover
  will still store minus what the opponent will. One table entry then
  serves every position with those houses, whatever the stores hold.
- No depth and no evaluation: an entry holds a lower and an upper bound
  that stay true forever, and MTD(f) drives the search with null windows.
- Below the endgame table's size the table answers at once.
- Moves are ordered as the solver orders them: the table's move, extra
  turns nearest the store, then by what the move stores; moves that store
  alike by a history of the cutoffs that move made elsewhere.
- A node is the bytes of its houses and an entry one int, not tuples: 131
  bytes an entry under CPython instead of 279 (tracemalloc,
  scripts/bench/proof_memory.py), so the table holds 340,000 entries in
  less memory than 200,000 took.

A Prover calls its `poll` every POLL_EVERY nodes; the caller's poll raises
when time is up. A proof is all or nothing: the caller then falls back to
the heuristic search.
"""

from kalah.game.rules import PROOF, SWAP

POLL_EVERY = 256
ETC_SEEDS = 6
# The default table: ~80 bytes an entry's key and value, plus the dict's arrays, which hold
# 349,525 entries in 2**19 slots (10 MB; make_room keeps them there). So 340,000 entries: a
# 3.3 M-node proof peaks at 45 MB, where 200,000 tuple entries peaked at 69 MB
# (scripts/bench/proof_memory.py --peak-nodes 3300000).
TABLE_SIZE = 340000
# An entry packs its bounds and move into one int: low << LOW_SHIFT | (high + HIGH_OFFSET) << 8
# | move. One small int costs 32 bytes where a tuple of three costs 144.
LOW_SHIFT = 24
HIGH_OFFSET = 1 << 15
# Sort keys of the moves (children): game over, extra turn, the rest; within the rest, the
# seeds stored times GAIN, plus the history (below GAIN unless a proof runs for hours, and
# then only the order changes).
OVER, EXTRA, TURN, GAIN = 3 << 50, 2 << 50, 1 << 50, 1 << 40


class Prover:
    """Exact values of Kalah positions (South to move, stores ignored); keep it to reuse its table."""

    def __init__(self, rules, endgame, table_size=TABLE_SIZE):
        rules.require(PROOF, "a proof (kalah.ai.proof)")
        self.rules = rules
        self.m = rules.houses
        self.play = rules.play
        self.endgame = endgame
        self.endgame_seeds = endgame.seeds if endgame is not None else -1
        self.table_size = table_size
        # The enhanced transposition cutoff costs a probe per child: worth it
        # only well above the endgame table, where a cutoff saves a large subtree.
        self.etc_seeds = self.endgame_seeds + ETC_SEEDS
        self.tt = {}
        # A node as bytes: hashed once and three times smaller than a tuple; a tuple only
        # where a house could hold more than a byte's 255 seeds.
        self.key = bytes if 2 * self.m * rules.seeds < 256 else tuple
        # The history heuristic: what cutoffs a move of each house made, by the seeds in
        # that house (the house and its count decide where the sowing ends), weighted by
        # the seeds in the houses squared (a cutoff high up saves more).
        self.stride = 2 * self.m * rules.seeds + 1
        self.history = [0] * ((self.m + 1) * self.stride)
        self.nodes = 0
        self.next_poll = POLL_EVERY
        self.poll = None   # called every POLL_EVERY nodes; raises to end the proof

    @staticmethod
    def applies(rules):
        """Whether proofs hold for `rules`, as the rule set declares (kalah.game.rules.PROOF): where
        stored seeds never come back and no move clock counts, so the houses are the node."""
        return rules.modelled_by(PROOF)

    def houses(self, pits):
        """The node of a position: its pits with both stores emptied."""
        m = self.m
        node = list(pits)
        node[m] = node[m + m + 1] = 0
        return self.key(node)

    # -- the proof -------------------------------------------------------------
    def value(self, node, alpha, beta):
        """The mover's future margin at `node` within (alpha, beta), fail-soft."""
        seeds = sum(node)
        if seeds <= self.endgame_seeds:
            return self.endgame.value(node)
        self.nodes += 1
        if self.nodes >= self.next_poll:
            self.next_poll = self.nodes + POLL_EVERY
            if self.poll is not None:
                self.poll()
        tt = self.tt
        entry = tt.get(node)
        tt_move = 0
        low, high = -seeds, seeds   # the seeds left bound the future margin
        if entry is not None:
            low = entry >> LOW_SHIFT
            high = ((entry >> 8) & 0xFFFF) - HIGH_OFFSET
            tt_move = entry & 255
        if low >= beta:
            return low
        if high <= alpha or low == high:
            return high
        a = alpha if alpha > low else low
        b = beta if beta < high else high
        window_low, window_high = a, b

        best, best_move = -1000, 0
        if tt_move:
            # The table's move first, before playing the others: it often
            # ends the node alone.
            best = self.move_value_in(node, tt_move, a, b)
            best_move = tt_move
            if best > a:
                a = best
        if best < b:
            children = self.children(node, tt_move, b if seeds > self.etc_seeds else None)
            if type(children) is int:
                return children   # an enhanced transposition cutoff
            for _, house, gain, next_side, child in children:
                if next_side is None:
                    value = gain
                elif next_side == 0:
                    value = gain + self.value(child, a - gain, b - gain)
                else:
                    value = gain - self.value(child, gain - b, gain - a)
                if value > best:
                    best, best_move = value, house
                    if value > a:
                        a = value
                        if a >= b:
                            self.history[house * self.stride + node[house - 1]] += seeds * seeds
                            break

        # Keep what was proven together with what the entry knew before.
        if best < window_high:   # every move was searched: the value is at most best
            high = min(high, best)
        if best > window_low:    # the best move was proven at least best
            low = max(low, best)
        if len(tt) >= self.table_size:
            self.make_room()
        tt[node] = (low << LOW_SHIFT) | ((high + HIGH_OFFSET) << 8) | best_move
        return best

    def make_room(self):
        """Free about half the full table: the entries of the fewest seeds go.

        An entry is worth the subtree it saves, which grows with the seeds in
        its houses, and a long proof keeps coming back to the large ones.
        Emptying the whole table (as before) made a 37-seed position take
        2.9 M nodes instead of 1.3 M (scripts/bench/proof_bands.py)."""
        tt = self.tt
        per_count = {}   # entries by seeds in the houses (no Counter: MicroPython lacks it)
        for node in tt:
            count = sum(node)
            per_count[count] = per_count.get(count, 0) + 1
        cut, kept = -1, 0   # entries with at most `cut` seeds go
        for count in sorted(per_count, reverse=True):
            kept += per_count[count]
            if kept > len(tt) // 2:
                cut = count
                break
        # A new dict of the entries kept, then copied back into the same dict (the callers
        # hold it). Deleting in place leaves the freed slots used until an insert finds the
        # arrays full, and CPython then sizes them for three times the live entries: up to
        # 2**20 slots (21 MB). The copy is sized for the half kept, so the table stays
        # within 2**19 slots (10 MB) as it fills again. No list of (seeds, node) pairs
        # either: at 340,000 entries that took 24 MB at the table's largest.
        kept = {node: entry for node, entry in tt.items() if sum(node) > cut}
        tt.clear()
        tt.update(kept)

    def move_value_in(self, node, house, a, b):
        """The mover's future margin after `house`, searched within (a, b)."""
        m = self.m
        m2 = m + m + 1
        child = list(node)
        next_side = self.play(child, 0, house)[0]
        gain = child[m] - child[m2]
        if next_side is None:
            return gain
        child[m] = child[m2] = 0
        if next_side == 0:
            return gain + self.value(self.key(child), a - gain, b - gain)
        return gain - self.value(self.key(child[m + 1:] + child[:m + 1]), gain - b, gain - a)

    def children(self, node, skip, beta=None):
        """(score, house, gain, next_side, child node) of every move but `skip`, best first.

        Ordered as the solver orders them: extra turns nearest the store,
        then by what the move stores (captures first), then by the history
        (Kalah(6,4) at 37-40 seeds: 7 of 10 proven within 3.3 M nodes
        instead of 6, fewer nodes on 5 of the 6 both prove; see
        docs/performance-log.md). With `beta`, a child
        whose table entry already proves a value >= beta (the enhanced
        transposition cutoff) is returned instead: that value, an int."""
        m = self.m
        tt = self.tt
        key = self.key
        history = self.history
        stride = self.stride
        m2 = m + m + 1
        play = self.play
        children = []
        for house in range(1, m + 1):
            if not node[house - 1] or house == skip:
                continue
            child = list(node)
            next_side = play(child, 0, house)[0]
            gain = child[m] - child[m2]
            if next_side is None:
                children.append((OVER + gain, house, gain, None, None))
                continue
            child[m] = child[m2] = 0
            if next_side == 0:
                child = key(child)
                children.append((EXTRA + house, house, gain, 0, child))
                if beta is not None:
                    entry = tt.get(child)
                    if entry is not None and gain + (entry >> LOW_SHIFT) >= beta:
                        return gain + (entry >> LOW_SHIFT)
            else:
                child = key(child[m + 1:] + child[:m + 1])
                children.append((TURN + gain * GAIN + history[house * stride + node[house - 1]],
                                 house, gain, 1, child))
                if beta is not None:
                    entry = tt.get(child)
                    if entry is not None and gain - ((entry >> 8 & 0xFFFF) - HIGH_OFFSET) >= beta:
                        return gain - ((entry >> 8 & 0xFFFF) - HIGH_OFFSET)
        children.sort(reverse=True)
        return children

    def mtdf(self, node, guess=0):
        """The exact future margin at `node`: null-window searches converging from `guess`."""
        seeds = sum(node)
        low, high = -seeds, seeds
        value = max(low, min(high, guess))
        while low < high:
            beta = value + 1 if value == low else value
            value = self.value(node, beta - 1, beta)
            if value < beta:
                high = value
            else:
                low = value
        return value

    # -- the root ----------------------------------------------------------------
    def child(self, pits, move):
        """(gain, next_side, node) of playing `move` from `pits` (South to move)."""
        m = self.m
        child = list(pits)
        next_side = self.play(child, 0, move)[0]
        gain = child[m] - child[m + m + 1] - (pits[m] - pits[m + m + 1])
        if next_side is None:
            return gain, None, None
        child[m] = child[m + m + 1] = 0
        if next_side == 0:
            return gain, 0, self.key(child)
        return gain, 1, self.key(child[m + 1:] + child[:m + 1])

    def move_value(self, pits, move, guess=0):
        """The mover's exact future margin after playing `move` from `pits`."""
        gain, next_side, node = self.child(pits, move)
        if next_side is None:
            return gain
        if next_side == 0:
            return gain + self.mtdf(node, guess - gain)
        return gain - self.mtdf(node, gain - guess)

    def at_least(self, pits, move, bound):
        """Whether playing `move` from `pits` keeps a future margin of at least `bound`."""
        gain, next_side, node = self.child(pits, move)
        if next_side is None:
            return gain >= bound
        if next_side == 0:
            return gain + self.value(node, bound - gain - 1, bound - gain) >= bound
        return gain - self.value(node, gain - bound, gain - bound + 1) >= bound

    def best(self, pits, moves, all_values=False):
        """(best move, {move: future margin}) for the mover of `pits`, proven.

        Without all_values only the best move's value is proven: the root's
        value first, then a move that keeps it: the table's move at the root
        first, which the last null-window pass searched, so its subtree is in
        the table and it costs next to nothing; then the others in `moves`
        order. Proving that a worse move falls short is what costs: trying
        the moves in `moves` order took 1.17 M nodes in all on a 36-seed
        position whose value took 0.60 M (docs/performance-log.md)."""
        if SWAP in moves:
            raise ValueError("a proof does not play the pie rule's swap")
        if all_values:
            values = {}
            for move in moves:
                values[move] = self.move_value(pits, move, max(values.values()) if values else 0)
            best = max(moves, key=lambda move: (values[move], -moves.index(move)))
            return best, values
        node = self.houses(pits)
        value = self.mtdf(node)
        entry = self.tt.get(node)
        first = entry & 255 if entry is not None else 0
        for move in ([first] if first in moves else []) + [move for move in moves if move != first]:
            if self.at_least(pits, move, value):
                return move, {move: value}
        raise AssertionError("no move keeps the proven value %d" % value)
