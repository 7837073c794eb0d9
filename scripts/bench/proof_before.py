"""The proof as it was on 2026-11-27 (kalah.ai.proof before issue 39's second pass), to compare.

Nodes as tuples of the houses, an entry a tuple (low, high, move), 200,000
entries, moves ordered without a history. scripts/bench/proof_bands.py
--variants base,before measures the shipped proof against it, and
scripts/bench/proof_memory.py --variants base,before their memory.
"""

from kalah.game.rules import PROOF, SWAP

POLL_EVERY = 256
ETC_SEEDS = 6


class Prover:
    """Exact values of Kalah positions (South to move, stores ignored), as on 2026-11-27."""

    def __init__(self, rules, endgame, table_size=200000):
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
        return tuple(node)

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
            low, high, tt_move = entry
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
                            break

        # Keep what was proven together with what the entry knew before.
        if best < window_high:   # every move was searched: the value is at most best
            high = min(high, best)
        if best > window_low:    # the best move was proven at least best
            low = max(low, best)
        if len(tt) >= self.table_size:
            self.make_room()
        tt[node] = (low, high, best_move)
        return best

    def make_room(self):
        """Free about half the full table: the entries of the fewest seeds go.

        An entry is worth the subtree it saves, which grows with the seeds in
        its houses, and a long proof keeps coming back to the large ones.
        Emptying the whole table (as before) made a 37-seed position take
        2.9 M nodes instead of 1.3 M (scripts/bench/proof_bands.py)."""
        tt = self.tt
        seeds = [(sum(node), node) for node in tt]
        per_count = {}
        for count, _ in seeds:
            per_count[count] = per_count.get(count, 0) + 1
        cut, kept = -1, 0   # entries with at most `cut` seeds go
        for count in sorted(per_count, reverse=True):
            kept += per_count[count]
            if kept > len(tt) // 2:
                cut = count
                break
        for count, node in seeds:
            if count <= cut:
                del tt[node]

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
            return gain + self.value(tuple(child), a - gain, b - gain)
        return gain - self.value(tuple(child[m + 1:] + child[:m + 1]), gain - b, gain - a)

    def children(self, node, skip, beta=None):
        """(score, house, gain, next_side, child node) of every move but `skip`, best first.

        Ordered as the solver orders them: extra turns nearest the store,
        then by what the move stores (captures first). With `beta`, a child
        whose table entry already proves a value >= beta (the enhanced
        transposition cutoff) is returned instead: that value, an int."""
        m = self.m
        tt = self.tt
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
                children.append((3000 + gain, house, gain, None, None))
                continue
            child[m] = child[m2] = 0
            if next_side == 0:
                child = tuple(child)
                children.append((2000 + house, house, gain, 0, child))
                if beta is not None:
                    entry = tt.get(child)
                    if entry is not None and gain + entry[0] >= beta:
                        return gain + entry[0]
            else:
                child = tuple(child[m + 1:] + child[:m + 1])
                children.append((100 + gain * 10 + house, house, gain, 1, child))
                if beta is not None:
                    entry = tt.get(child)
                    if entry is not None and gain - entry[1] >= beta:
                        return gain - entry[1]
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
            return gain, 0, tuple(child)
        return gain, 1, tuple(child[m + 1:] + child[:m + 1])

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
        value first, then the first move (in `moves` order) that keeps it."""
        if SWAP in moves:
            raise ValueError("a proof does not play the pie rule's swap")
        if all_values:
            values = {}
            for move in moves:
                values[move] = self.move_value(pits, move, max(values.values()) if values else 0)
            best = max(moves, key=lambda move: (values[move], -moves.index(move)))
            return best, values
        value = self.mtdf(self.houses(pits))
        for move in moves:
            if self.at_least(pits, move, value):
                return move, {move: value}
        raise AssertionError("no move keeps the proven value %d" % value)
