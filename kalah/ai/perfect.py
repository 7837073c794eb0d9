"""The Perfect level: a move it has proven, wherever a proof can be had.

    >>> from kalah import Board
    >>> from kalah.ai import perfect
    >>> board = Board(position="kalah(6,4)/0,0,0,1,2,1,20,1,0,2,1,0,0,20/S")
    >>> analysis = perfect.analyse(board, time_limit=1.0)
    >>> analysis.move, analysis.exact, analysis.why_not
    (5, True, None)

Level 8 gives a proof 30% of its second; Perfect gives it as long as the
proof takes, up to CAP_SECONDS, because a player asking for perfect play
(or reviewing a game) would rather wait than lose a seed. A Kalah position
with at most PROOF_SEEDS seeds in the houses (more than level 8's
search.PROOF_SEEDS: Perfect has the time) is proven by
kalah.ai.proof on the search's own tables (so what one move proves speeds
up the next); the opening book answers its positions at once, exactly.
Elsewhere (more seeds, the pie rule's first turn, rules without proofs)
or past the cap, it plays level 8's search for `time_limit` seconds and
says why the move is not proven (`why_not`). The cap counts that search
too: no move takes longer than CAP_SECONDS.

With `max_nodes` the budgets are counted in nodes instead of seconds: the
proof gets up to `proof_nodes` (CAP_NODES: the cap's nodes in the browser),
the search `max_nodes`. A busy machine then changes how long a move takes,
never which move it is (python -m kalah bestmove --nodes).

Progress while proving: {"proving": True, "nodes": n} as the proof starts
and every REPORT_EVERY seconds, so a page can show "Proving… 1.2 M positions".
"""

import time

from kalah.ai import search
from kalah.ai.proof import Prover
from kalah.game.rules import NORTH

CAP_SECONDS = 30.0
# The cap in proof nodes: 30 s at the browser's 110,000 proof nodes a second (docs/ai.md,
# "Perfect"; scripts/bench/proof_bands.py measures the bands at this cap).
CAP_NODES = 3300000
# Proofs are tried up to this many seeds in the houses. Chosen by scripts/bench/proof_bands.py
# (docs/ai.md, "Perfect"): most positions of 37-40 seeds are proven within the cap's nodes, and
# the rest fall back to the search all the same; above 40 few are.
PROOF_SEEDS = 40
REPORT_EVERY = 0.25
NOT_IN_REACH = "more than %d seeds in the houses" % PROOF_SEEDS
NO_PROOF = "proofs cover Kalah rules, once no swap is to come"
PAST_CAP = "the proof did not finish within %g s"
PAST_CAP_NODES = "the proof did not finish within %d nodes"


def analyse(board, time_limit=1.0, progress=None, should_stop=None, cap=CAP_SECONDS,
            max_nodes=None, proof_nodes=CAP_NODES):
    """An Analysis of `board` whose move is proven where it can be (exact=True, why_not=None).

    Otherwise the search's Analysis after `time_limit` seconds (or `max_nodes` nodes), with
    `why_not` saying why no proof stands behind it. With `max_nodes`, `time_limit` and `cap`
    are backstops only (None: none)."""
    found = search.book_analysis(board, exact_only=True)
    if found is not None:
        found.why_not = None
        return found
    start = time.time()
    searcher = search.searcher(board.rules)
    by_nodes = max_nodes is not None
    search_seconds = time_limit if cap is None else cap if time_limit is None else min(time_limit, cap)
    proof_seconds = None if cap is None else cap - (0 if by_nodes else search_seconds)
    prover = _prover(searcher)
    why_not = _out_of_reach(searcher, board, prover)
    if why_not is None:
        pits = tuple(board.pits)
        if board.turn == NORTH:
            pits = search.rotate(pits, board.rules.houses)

        def report(nodes):
            if progress is not None:
                progress({"proving": True, "nodes": nodes})
        proven = searcher.prove(pits, board.legal_moves, start, proof_seconds, should_stop,
                                proof_nodes if by_nodes else None, False, report, REPORT_EVERY, prover)
        if isinstance(proven, search.Analysis):
            proven.why_not = None
            if progress is not None:
                progress({"proving": False, "nodes": proven.nodes, "move": proven.move,
                          "value": proven.value, "exact": True})
            return proven
        if should_stop is not None and should_stop():
            why_not = "stopped"
        elif by_nodes and (cap is None or proven >= proof_nodes):
            why_not = PAST_CAP_NODES % proof_nodes
        else:
            why_not = PAST_CAP % cap
    result = searcher.analyse(board, search_seconds, progress, should_stop, all_values=False,
                              max_nodes=max_nodes, prove_first=False)
    # The search may still prove its move (near the end of the game).
    result.why_not = None if result.exact else why_not
    result.seconds = time.time() - start
    return result


_provers = {}   # rule set name -> a Prover without an endgame table (one rule set at a time)


def _prover(searcher):
    """The search's prover, else one without an endgame table where the rules allow proofs
    (Kalah boards other than six houses ship no table: Perfect proves there all the same)."""
    if searcher.prover is not None or not Prover.applies(searcher.rules):
        return searcher.prover
    name = searcher.rules.name
    if name not in _provers:
        _provers.clear()
        _provers[name] = Prover(searcher.rules, None)
    return _provers[name]


def _out_of_reach(searcher, board, prover):
    """Why no proof is tried in this position, or None when one is."""
    if searcher.can_prove(board, prover, PROOF_SEEDS):
        return None
    if prover is None:
        return NO_PROOF
    if board.rules.houses_seeds(board.pits) > PROOF_SEEDS:
        return NOT_IN_REACH
    return NO_PROOF
