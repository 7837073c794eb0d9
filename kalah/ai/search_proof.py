"""kalah.ai.search's proofs: whether the search tries one first, and the proof itself.

A mixin of kalah.ai.search.Search (its prover, nodes, poll...), in a module of
its own so that the search stays short.
"""

import time

from kalah.game.rules import SWAP
from kalah.ai.search_values import POLL_EVERY, Analysis, Stop


class Proving:
    """Search's can_prove and prove."""

    def can_prove(self, board, prover=None, seeds=None):
        """Whether a proof is tried here: a Kalah position with at most `seeds` seeds in the
        houses and no pie rule to come, with `prover`, else the search's own (which needs the
        endgame table loaded: without one a proof costs more than level 8's share of a move)."""
        seeds = self.PROOF_SEEDS if seeds is None else seeds
        if (prover or self.prover) is None or board.turn is None or SWAP in board.legal_moves:
            return False
        if "pie" in board.position().split("/")[3:]:
            return False
        m = self.m
        return self.total - board.pits[m] - board.pits[m + m + 1] <= seeds

    def prove(self, pits, moves, start, seconds, should_stop, max_nodes, all_values, report=None,
              report_every=0.25, prover=None):
        """An exact Analysis (depth 0) from a proof within `seconds` from `start` (None: no limit).

        Otherwise the nodes it spent. report(nodes), when given, is called as
        the proof starts and then every `report_every` seconds. `prover`: one
        to use instead of the search's own."""
        prover = prover or self.prover
        counted = prover.nodes
        clock = [time.time() + report_every]

        def poll():
            self.nodes = prover.nodes - counted
            if report is not None and time.time() >= clock[0]:
                clock[0] = time.time() + report_every
                report(self.nodes)
            self.poll()
        self.nodes = 0
        self.next_poll = POLL_EVERY
        self.deadline = None if seconds is None else start + seconds
        self.max_nodes = max_nodes
        self.should_stop = should_stop
        prover.poll = poll
        if report is not None:
            report(0)
        try:
            move, future = prover.best(pits, moves, all_values)
        except (Stop, RecursionError):
            return prover.nodes - counted
        finally:
            prover.poll = None
            self.nodes = 0
        m = self.m
        diff = pits[m] - pits[m + m + 1]
        values = dict((move, diff + value) for move, value in future.items())
        return Analysis(move, values[move], True, 0, prover.nodes - counted, values,
                        dict((move, True) for move in values), time.time() - start)
