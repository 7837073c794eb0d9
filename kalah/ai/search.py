"""The search: iterative deepening negamax with alpha-beta and a transposition table.

Alpha-beta as principal variation search (the first move with the full
window, the others with a null window, re-searched when they beat it);
moves ordered by the table's move, extra turns, captures (Kalah), then history.

As in sunfish, the position is turned so that the side to move is always
South: a position is a tuple of 2m+2 counts whose first row and first store
belong to the mover. An extra turn keeps the orientation (and the sign: the
same side moves again, so the value is not negated); a change of turn rotates
the tuple and negates. Every rule set is symmetric between the sides, so one
transposition table entry serves both orientations.

Values are in seeds, from the mover's point of view: the final store
difference for exact values, the store difference now at the horizon (plus,
with EVALUATION on, kalah.ai.evaluation's learned guess of the seeds still
to be stored), after QUIESCENCE plies of extra turns and captures where they
may change the move (kalah.ai.quiescence).
Three things make a value exact without reaching the end of the game:
- the seeds still in play bound the final difference: it lies within
  [diff - left, diff + left], which cuts whole subtrees near the end;
- the endgame database (Kalah) gives the exact value once few seeds are left;
- a transposition table entry proven without any horizon is kept at depth
  EXACT and trusted at any depth.
A search result is exact when no horizon evaluation went into it.

Without a depth limit, a Kalah position with at most PROOF_SEEDS seeds in
the houses is first proven (kalah.ai.proof) if that takes at most
PROOF_SHARE of the time: a proof beats any horizon in the middle game.
"""

import gc
import time

from kalah.ai import evaluation
from kalah.ai.proof import Prover
from kalah.ai.quiescence import Quiescence
from kalah.ai.search_proof import Proving
# The search's values and results (kept in a module of their own for its length; their names stay here).
from kalah.ai.search_values import POLL_EVERY, SCALE, Analysis, Stop, rotate, to_seeds  # noqa: F401
from kalah.errors import KalahError
from kalah.game.rules import NORTH, SWAP, Rules

INF = 10 ** 6
EXACT = 1000               # the depth of a table entry proven to the end of the game
LOWER, UPPER, BOTH = 1, 2, 3
CALLER_POLL = 8            # should_stop() every 8th clock read (POLL_EVERY nodes): the page's costs a message round
DEADLINE_MARGIN = 0.005    # stop this much early: unwinding and answering take a few ms
MAX_DEPTH = 200
DEFAULT_TABLE_SIZE = 200000  # entries, about 260 bytes each: the table stays under 55 MB
# The evaluation at the horizon, in quarter seeds: the store difference, plus
# ROW_WEIGHT per seed more on the mover's row than on the opponent's (those
# seeds are closer to being the mover's). Tuned by self-play (docs/performance-log.md, "Computer players").
ROW_WEIGHT = 0
# 1: add kalah.ai.evaluation's learned guess of the seeds still to be stored
# (Kalah(6,4), with or without the empty capture: evaluation.TRAINED); 0: the store difference alone. Kept on: it won
# self-play at fixed nodes and raised the opening's accuracy at 0.6 s
# (docs/performance-log.md, "A learned evaluation").
EVALUATION = 1
# Without a depth limit (level 8, hints, analysis) an extra turn costs no depth: fewer
# seeds lost at 60,000-250,000 nodes a move, at the same CPU per node (docs/performance-log.md,
# "Extra turns at no depth"). Depth-limited levels count every ply, as their strengths were
# measured, and so does a rule set with a move limit (its depth bounds the plies to it).
EXTEND_EXTRA_TURNS = True
# Kalah: captures are searched right after extra turns, the largest first (as the
# solver orders them); 15% fewer nodes to depth 12 on the held-out opening positions
# (docs/performance-log.md, "Captures first").
ORDER_CAPTURES = True
# With at most PROOF_SEEDS seeds in the houses, a search without a depth
# limit first tries to prove the position (kalah.ai.proof) in PROOF_SHARE of
# its time, and searches heuristically with the rest when the proof does not
# finish. Chosen by scripts/bench/accuracy.py (docs/performance-log.md).
PROOF_SEEDS = 36
PROOF_SHARE = 0.3
# Quiescence at the horizon: the side to move there may first play up to QUIESCENCE
# extra turns or captures (Kalah) when its evaluation does not already settle the
# move (0: none). Fewer seeds lost on the held-out positions of 23-48 seeds at 60,000,
# 118,000 and 250,000 nodes a move (docs/performance-log.md, "Quiescence at the horizon").
QUIESCENCE = 1


def evaluation_for(rules):
    """The learned evaluation's function for `rules`, or None where it was not fitted."""
    return evaluation.value_for(rules)


class Search(Quiescence, Proving):
    """One rule set's searcher; keep it between moves to reuse its table."""

    PROOF_SEEDS = PROOF_SEEDS   # Proving.can_prove's default

    def __init__(self, rules, table_size=DEFAULT_TABLE_SIZE, endgame=None,
                 row_weight=None, extend_extra_turns=None, evaluation=None, order_captures=None):
        # None: the module's setting as it is now, so that a benchmark may switch it
        # (scripts/bench/accuracy.py --variants, depth_nodes.py --set).
        self.rules = rules
        self.row_weight = ROW_WEIGHT if row_weight is None else row_weight
        use = EVALUATION if evaluation is None else evaluation
        self.evaluate = evaluation_for(rules) if use else None
        self.extend_extra_turns = EXTEND_EXTRA_TURNS if extend_extra_turns is None else extend_extra_turns
        self.extending = False   # this search's: set by analyse
        self.m = rules.houses
        self.total = rules.total
        self.play = rules.play
        self.legal_moves = rules.legal_moves
        self.table_size = table_size
        self.tt = {}
        self.history = [0] * (self.m + 1)
        self.endgame = endgame
        self.endgame_seeds = endgame.seeds if endgame is not None else -1
        self.nodes = 0
        self.next_poll = POLL_EVERY
        self.polls = 0
        self.horizon = 0
        self.deadline = None
        self.max_nodes = None
        self.should_stop = None
        self.pie_pending = False
        # For move ordering: sowing s seeds from house index i ends in the
        # own store when (s - 1) % length == position of the store (read from
        # the rule set's precomputed sowing orders, so every variant agrees).
        m = self.m
        orders = rules._orders[0]
        self.store_at = [-2] + [orders[i].index(m) if m in orders[i] else -1 for i in range(m)]
        self.ring = [1] + [len(orders[i]) for i in range(m)]
        self.houses = list(range(1, m + 1))
        # Rule sets that keep the base hook: any non-empty house is legal.
        self.plain_moves = type(rules).legal_moves is Rules.legal_moves
        # Kalah's capture: the last seed in an empty own house takes the opposite house.
        captures = ORDER_CAPTURES if order_captures is None else order_captures
        self.order_captures = captures and rules.family == "kalah"
        # Proofs need the endgame table (below it, the search's own nodes would be too many).
        self.prover = Prover(rules, endgame) if endgame is not None and Prover.applies(rules) else None
        self.quiescence = QUIESCENCE
        # For quiescence: tactic[house][seeds] is 1 when sowing them from the house ends in
        # the own store, 2 when it ends in the own row without a lap (Kalah: maybe a capture).
        self.houses_down = self.houses[::-1]
        self.tactic = [[1 if seeds and (seeds - 1) % self.ring[house] == self.store_at[house]
                        else 2 if seeds and self.order_captures and house - 1 + seeds < m else 0
                        for seeds in range(self.total + 1)] for house in range(m + 1)]

    # -- the recursive search ------------------------------------------------
    def negamax(self, pits, depth, alpha, beta):
        """The value of `pits` (South to move) within the window (alpha, beta).

        Fail-soft: a value <= alpha is an upper bound, >= beta a lower bound.
        Children at the horizon are scored here without a call of their own,
        since most nodes are leaves.
        """
        m = self.m
        m2 = m + m + 1
        total = self.total
        mine = pits[m]
        theirs = pits[m2]
        left = total - mine - theirs
        endgame_seeds = self.endgame_seeds
        if left <= endgame_seeds:
            return (mine - theirs + self.endgame.value(pits)) * SCALE
        diff = (mine - theirs) * SCALE
        if diff - left * SCALE >= beta:
            return diff - left * SCALE
        if diff + left * SCALE <= alpha:
            return diff + left * SCALE
        tt = self.tt
        entry = tt.get(pits)
        tt_move = 0
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth and (e_flag == BOTH or (e_flag == LOWER and e_value >= beta)
                                     or (e_flag == UPPER and e_value <= alpha)):
                if e_depth < EXACT:
                    self.horizon += 1
                return e_value
        if depth <= 0:
            # The evaluation, then (QUIESCENCE > 0) the mover's extra turns and captures.
            return self.quiesce(pits, alpha, beta, self.quiescence)
        self.nodes += 1
        if self.nodes >= self.next_poll:
            self.poll()

        horizon = self.horizon
        play = self.play
        row_weight = self.row_weight
        evaluate = self.evaluate
        extend = self.extending
        quiescence = self.quiescence
        best, best_move = -INF, 0
        a = alpha
        for house in self.ordered_moves(pits, tt_move):
            child = list(pits)
            next_side = play(child, 0, house)[0]
            if next_side is None:
                value = (child[m] - child[m2]) * SCALE
            elif next_side == 0 and extend:
                value = self.negamax(tuple(child), depth, a, beta)
            elif depth == 1:
                # The horizon: the store difference (and a share of the seeds
                # on each row), or the database's exact value. Inline, as in
                # Quiescence.tactics's last ply: change both.
                self.nodes += 1
                value = (child[m] - child[m2]) * SCALE
                seeds_left = total - child[m] - child[m2]
                if seeds_left <= endgame_seeds:
                    if next_side == 0:
                        value += self.endgame.value(child) * SCALE
                    else:
                        value -= self.endgame.value(child[m + 1:] + child[:m + 1]) * SCALE
                else:
                    self.horizon += 1
                    if row_weight:
                        value += row_weight * (2 * sum(child[:m]) - seeds_left)
                    if evaluate is not None:
                        value += evaluate(child) if next_side == 0 else -evaluate(child, True)
                    # Quiescence where the evaluation alone does not settle the move: the
                    # side to move there may still do better by an extra turn or a capture.
                    if quiescence:
                        if next_side == 0:
                            if value < beta:
                                value = self.tactics(tuple(child), value, a, beta, quiescence)
                        elif value > a:
                            value = -self.tactics(tuple(child[m + 1:] + child[:m + 1]), -value, -beta, -a,
                                                  quiescence)
            elif best == -INF:
                if next_side == 0:
                    value = self.negamax(tuple(child), depth - 1, a, beta)
                else:
                    value = -self.negamax(tuple(child[m + 1:] + child[:m + 1]), depth - 1, -beta, -a)
            else:
                # Principal variation search: prove the move worse with a null window.
                child = tuple(child) if next_side == 0 else tuple(child[m + 1:] + child[:m + 1])
                if next_side == 0:
                    value = self.negamax(child, depth - 1, a, a + 1)
                    if a < value < beta:
                        value = self.negamax(child, depth - 1, value, beta)
                else:
                    value = -self.negamax(child, depth - 1, -a - 1, -a)
                    if a < value < beta:
                        value = -self.negamax(child, depth - 1, -beta, -value)
            if value > best:
                best, best_move = value, house
                if value > a:
                    a = value
                    if value >= beta:
                        self.history[house] += depth * depth
                        break
        flag = LOWER if best >= beta else UPPER if best <= alpha else BOTH
        if len(tt) >= self.table_size:
            tt.clear()
        tt[pits] = (EXACT if self.horizon == horizon else depth, best, flag, best_move)
        return best

    def ordered_moves(self, pits, tt_move):
        """The table's move, then extra-turn moves (nearest the store first), then (Kalah)
        captures, the most seeds taken first, then by history."""
        if self.plain_moves:
            moves = [house for house in self.houses if pits[house - 1]]
        else:
            moves = self.legal_moves(pits, 0)
        if len(moves) < 2:
            return moves
        history = self.history
        store_at, ring = self.store_at, self.ring
        m, facing, captures = self.m, 2 * self.m, self.order_captures
        scored = []
        for house in moves:
            seeds = pits[house - 1]
            landing = house - 1 + seeds   # a capture within the own row, without a lap (most of them)
            if house == tt_move:
                score = 1 << 30
            elif (seeds - 1) % ring[house] == store_at[house]:
                score = (1 << 29) + house
            elif captures and landing < m and not pits[landing] and pits[facing - landing]:
                score = (1 << 28) + pits[facing - landing]
            else:
                score = history[house]
            scored.append((score, house))
        scored.sort(reverse=True)
        return [house for _, house in scored]

    def poll(self):
        self.next_poll = self.nodes + POLL_EVERY
        self.polls += 1
        if self.deadline is not None and time.time() >= self.deadline:
            raise Stop()
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise Stop()
        if self.should_stop is not None and not self.polls % CALLER_POLL and self.should_stop():
            raise Stop()

    # -- the root ------------------------------------------------------------
    def child_value(self, pits, move, depth, alpha, beta):
        """The value for the mover of playing `move` (SWAP included) from `pits`."""
        m = self.m
        if self.pie_pending:
            return self.pie_value(pits, move, depth)
        if move == SWAP:
            # The players exchange seats: the swapper now owns the other side.
            return -self.negamax(pits, depth, -beta, -alpha)
        child = list(pits)
        next_side = self.play(child, 0, move)[0]
        if next_side is None:
            return (child[m] - child[m + m + 1]) * SCALE
        if next_side == 0:
            return self.negamax(tuple(child), depth - 1, alpha, beta)
        return -self.negamax(tuple(child[m + 1:] + child[:m + 1]), depth - 1, -beta, -alpha)

    def pie_value(self, pits, move, depth):
        """A move of the first player's first turn, when the opponent may swap after it.

        When the turn passes, the opponent takes the better of their value v
        and the swap's -v, so the mover gets -|v|; an extra turn keeps the
        offer pending. Full windows: only the game's first turn comes here.
        """
        m = self.m
        child = list(pits)
        next_side = self.play(child, 0, move)[0]
        if next_side is None:
            return (child[m] - child[m + m + 1]) * SCALE
        if next_side == 0:
            if depth <= 1:
                self.horizon += 1
                return (child[m] - child[m + m + 1]) * SCALE
            child = tuple(child)
            return max(self.pie_value(child, reply, depth - 1) for reply in self.legal_moves(child, 0))
        return -abs(self.negamax(tuple(child[m + 1:] + child[:m + 1]), depth - 1, -INF, INF))

    def search_root(self, pits, moves, depth, all_values):
        """One iteration: (values, exact flags) for the moves, best first in `moves` order.

        With all_values, every move gets its true value at this depth (a full
        window each); otherwise moves after the first are searched only to
        show they are worse, so their values are upper bounds.
        """
        values, exact = {}, {}
        self.partial = (values, exact)  # what is known if time runs out mid-iteration
        alpha = -INF
        for move in moves:
            horizon = self.horizon
            window = -INF if all_values else alpha
            value = self.child_value(pits, move, depth, window, INF)
            values[move] = value
            exact[move] = self.horizon == horizon and value > window
            if value > alpha:
                alpha = value
        return values, exact

    def analyse(self, board, time_limit=1.0, progress=None, should_stop=None,
                max_depth=None, all_values=True, max_nodes=None, prove_first=True, extend=None):
        """Iterative deepening from `board` until time, depth, nodes or an exact value.

        prove_first=False skips the proof a search without a depth limit
        tries first (the Perfect level has tried its own, longer one).
        extend: whether extra turns cost no depth; None: the searcher's
        extend_extra_turns, without a depth limit only (see EXTEND_EXTRA_TURNS)."""
        # The search makes no reference cycles; a full collection over the
        # table's tuples could take tens of ms past the deadline.
        collecting = gc.isenabled()
        gc.disable()
        try:
            if extend is None:
                extend = self.extend_extra_turns and max_depth is None
            self.extending = extend and not self.rules.move_limit
            return self._analyse(board, time_limit, progress, should_stop, max_depth, all_values, max_nodes,
                                 prove_first)
        finally:
            if collecting:
                gc.enable()

    def _analyse(self, board, time_limit, progress, should_stop, max_depth, all_values, max_nodes, prove_first):
        if board.turn is None:
            raise KalahError("the game is over: there is nothing to analyse")
        if board.rules != self.rules:
            raise KalahError("this search is for %s, not %s" % (self.rules.name, board.rules.name))
        start = time.time()
        pits = tuple(board.pits)
        if board.turn == NORTH:
            pits = rotate(pits, self.m)
        moves = board.legal_moves
        # The pie rule's offer is still to come during the first player's first turn.
        self.pie_pending = "pie" in board.position().split("/")[3:]
        proof_nodes = 0
        if max_depth is None and prove_first and self.can_prove(board):
            proven = self.prove(pits, moves, start, None if time_limit is None else time_limit * PROOF_SHARE,
                                should_stop, None if max_nodes is None else int(max_nodes * PROOF_SHARE),
                                all_values)
            if isinstance(proven, Analysis):
                if progress is not None:
                    progress({"depth": proven.depth, "value": proven.value, "move": proven.move,
                              "nodes": proven.nodes, "exact": True})
                return proven
            proof_nodes = proven   # the nodes of the unfinished proof count against the budget
            if max_nodes is not None:
                max_nodes = max(1, max_nodes - proof_nodes)
        max_depth = MAX_DEPTH if max_depth is None else max_depth
        if self.rules.move_limit:
            # No game can hit the move limit before this many plies, so the
            # search is exact up to there; beyond, the horizon takes over.
            max_depth = max(1, min(max_depth, self.rules.move_limit - board.clock))
        self.nodes = 0
        self.next_poll = POLL_EVERY
        self.history = [0] * (self.m + 1)
        self.should_stop = None   # the first depth always completes
        self.deadline = None
        self.max_nodes = None
        result = None
        depth = 0
        try:
            while depth < max_depth:
                depth += 1
                self.horizon = 0
                values, exact = self.search_root(pits, moves, depth, all_values)
                best = max(moves, key=lambda move: (values[move], -moves.index(move)))
                done = self.horizon == 0 or all(exact.values())
                seeds = dict((move, to_seeds(value)) for move, value in values.items())
                result = Analysis(best, seeds[best], exact[best], depth, self.nodes,
                                  seeds, exact, time.time() - start)
                if progress is not None:
                    progress({"depth": depth, "value": seeds[best], "move": best,
                              "nodes": self.nodes, "exact": exact[best]})
                if done:
                    break
                # Search the best moves first next time; the first iteration
                # always completes, so a move is always found.
                moves = sorted(moves, key=lambda move: -values[move])
                self.should_stop = should_stop
                self.max_nodes = max_nodes
                if max_nodes is not None and self.nodes >= max_nodes:
                    break
                if should_stop is not None and should_stop():
                    break
                if time_limit is not None:
                    self.deadline = start + time_limit - DEADLINE_MARGIN
                    # The next depth takes several times this one: do not
                    # start what has no chance to search the first move.
                    if time.time() - start >= time_limit * 0.7:
                        break
        except Stop:
            values, exact = self.partial
            if result is not None and not all_values and moves[0] in values:
                # The previous best was searched one deeper; a move that
                # proved better than it in this unfinished depth is better.
                best = max(values, key=lambda move: (values[move], move == moves[0]))
                if values[best] > values[moves[0]] or best == moves[0]:
                    result.move = best
                    result.value = to_seeds(values[best])
                    result.exact = exact[best]
        result.nodes = self.nodes + proof_nodes
        result.seconds = time.time() - start
        return result

_searchers = {}


def searcher(rules):
    """The shared Search for a rule set (its table persists between moves)."""
    from kalah.ai import endgame
    table = endgame.table_for(rules)
    search = _searchers.get(rules.name)
    if search is None or search.endgame is not table:
        search = Search(rules, endgame=table)
        _searchers[rules.name] = search
    return search


def book_analysis(board, exact_only=False):
    """The opening book's Analysis of the position (its `book` True), or None outside the book.

    Values the book's build could not prove are its deep search's: their
    exact_values flags (and `exact`, for the book's move) are False;
    exact_only: None unless every value is proven."""
    from kalah.ai import book
    entry = book.lookup(board.rules.name, board.pits, board.turn)
    if entry is None:
        return None
    values, exact = entry
    if exact_only and not all(exact.values()):
        return None
    move = book.best_move(values)
    result = Analysis(move, values[move], exact[move], 0, 0, values, exact, 0.0)
    result.book = True
    return result


def analyse(board, time_limit=1.0, progress=None, should_stop=None, max_depth=None, all_values=True,
            max_nodes=None):
    """Analyse the position of `board` for about `time_limit` seconds.

    Returns an Analysis: move, value, exact, depth, nodes and `values`, the
    value of every legal move (SWAP too when offered) for the side to move,
    in seeds. `progress(info)` is called after each completed depth with
    {"depth", "value", "move", "nodes", "exact"}; `should_stop()` is polled
    every 2048 nodes and ends the search (the last completed depth stands).
    The first depth always completes, whatever the time limit.
    Without a depth limit, a position where the opening book proved every
    move's value is answered from the book at once (depth 0, no nodes).
    Where the book holds its build's deep search instead, the search runs:
    it finds the best move more often (docs/performance-log.md, "The book's
    unproven values against level 8's search").
    """
    if max_depth is None and board.turn is not None:
        found = book_analysis(board, exact_only=True)
        if found is not None:
            return found
    return searcher(board.rules).analyse(board, time_limit, progress, should_stop,
                                         max_depth, all_values, max_nodes)
