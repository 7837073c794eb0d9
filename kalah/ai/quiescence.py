"""Quiescence at the search's horizon (kalah.ai.search.QUIESCENCE).

The store difference and the learned evaluation at the horizon miss an extra
turn or a capture the side to move is just about to make. Where the
evaluation does not already settle a move, the side to move there may first
play such moves, up to a few plies of them (only those: the search cannot
explode), or stand on the evaluation. A mixin of kalah.ai.search.Search
(its attributes: m, total, play, evaluate, endgame, tactic...).
"""

from kalah.ai.search_values import SCALE


class Quiescence:
    """Search's quiesce and tactics."""

    def quiesce(self, pits, alpha, beta, plies):
        """The value of `pits` (South to move) at the horizon: the evaluation, or better for
        the mover by an extra turn or a capture it has now, searched up to `plies` such moves deep."""
        m = self.m
        m2 = m + m + 1
        mine = pits[m]
        theirs = pits[m2]
        left = self.total - mine - theirs
        endgame_seeds = self.endgame_seeds
        if left <= endgame_seeds:
            return (mine - theirs + self.endgame.value(pits)) * SCALE
        self.horizon += 1
        evaluate, row_weight = self.evaluate, self.row_weight
        best = (mine - theirs) * SCALE
        if row_weight:
            best += row_weight * (2 * sum(pits[:m]) - left)
        if evaluate is not None:
            best += evaluate(pits)
        if best >= beta or plies <= 0:
            return best
        return self.tactics(pits, best, alpha, beta, plies)

    def tactics(self, pits, best, alpha, beta, plies):
        """quiesce's search of the mover's extra turns and captures when its evaluation
        (`best`, below beta) does not already end it."""
        m = self.m
        m2 = m + m + 1
        endgame_seeds = self.endgame_seeds
        evaluate, row_weight = self.evaluate, self.row_weight
        # The mover's extra turns (nearest the store first), then captures (the most taken first).
        tactic, facing = self.tactic, 2 * m
        extra, captures = [], []
        for house in self.houses_down:
            seeds = pits[house - 1]
            kind = tactic[house][seeds]
            if kind == 1:
                extra.append(house)
            elif kind == 2:
                landing = house - 1 + seeds
                if not pits[landing] and pits[facing - landing]:
                    captures.append((pits[facing - landing], house))
        if not extra and not captures:
            return best
        if len(captures) > 1:
            captures.sort(reverse=True)
        moves = extra + [house for _, house in captures]
        if not self.plain_moves:
            legal = self.legal_moves(pits, 0)
            moves = [house for house in moves if house in legal]
        if best > alpha:
            alpha = best
        play, total, last = self.play, self.total, plies <= 1
        for house in moves:
            child = list(pits)
            next_side = play(child, 0, house)[0]
            self.nodes += 1
            if next_side is None:
                value = (child[m] - child[m2]) * SCALE
            elif last:
                # The last ply: the child's evaluation, inline (no call, no turned tuple). The same
                # lines as Search.negamax's horizon (depth == 1), kept inline in both on purpose:
                # most nodes are leaves, and a shared method would cost a call at each. Change both.
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
            elif next_side == 0:
                value = self.quiesce(tuple(child), alpha, beta, plies - 1)
            else:
                value = -self.quiesce(tuple(child[m + 1:] + child[:m + 1]), -beta, -alpha, plies - 1)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if value >= beta:
                        break
        return best
