"""Every computer player by name: the reference players and levels 1 to 8.

    >>> from kalah import Board
    >>> from kalah.ai import players
    >>> board = Board("kalah(6,4)")
    >>> bot = players.get("level3", seed=1)
    >>> bot.choose(board, time_limit=1.0) in board.legal_moves    # a move of board.turn
    True

A level searches to a small depth and then picks among the moves by a
softmax over their values: the lower the level, the shallower the search
and the higher the temperature (in seeds), so weaker levels make the
mistakes a person makes (missing a capture two moves ahead, preferring an
obvious gain) at a controlled rate rather than random blunders. Level 8
searches to the time limit and always plays the best move. "perfect"
(kalah.ai.perfect) plays a move it has proven wherever it can, thinking as
long as the proof takes (up to 30 s).
"""

import math

from kalah.ai import reference
from kalah.ai.player_registry import LEVEL_NAMES, NAMES as REGISTERED, PERFECT
from kalah.ai.reference import Player, Rng
from kalah.ai.search import analyse
from kalah.errors import KalahError

# Levels 1 to 8 (kalah.ai.player_registry.LEVEL_NAMES), in order: (depth limit or None for
# the time limit, temperature in seeds, share of the time limit)
LEVELS = dict(zip(LEVEL_NAMES, (
    (1, 3.0, 0.2),
    (2, 2.0, 0.2),
    (2, 1.0, 0.3),
    (3, 0.6, 0.3),
    (4, 0.35, 0.4),
    (5, 0.25, 0.5),
    (8, 0.0, 0.6),
    (None, 0.0, 1.0),
)))
NAMES = list(REGISTERED)   # every player `get` makes: the registry's


class SearchPlayer(Player):
    """A level: a search of limited depth, then a softmax choice over move values."""

    def __init__(self, name, depth, temperature, time_share, seed=None):
        self.name = name
        self.depth = depth
        self.temperature = temperature
        self.time_share = time_share
        self.rng = Rng(seed)

    def choose(self, board, time_limit=1.0, progress=None, should_stop=None, max_nodes=None):
        """A move; `max_nodes`, like the time limit, is the budget of the strongest level, of
        which this level takes its share (scripts/bench/ratings.py plays at a fixed node budget, so that
        its ratings do not depend on the machine's load)."""
        if board.turn is None:
            raise KalahError("the game is over: there is no move to choose")
        moves = board.legal_moves
        if len(moves) == 1:
            return moves[0]
        noisy = self.temperature > 0
        seconds = None if time_limit is None else time_limit * self.time_share
        analysis = analyse(board, seconds, progress, should_stop,
                           max_depth=self.depth, all_values=noisy,
                           max_nodes=None if max_nodes is None else max(1, int(max_nodes * self.time_share)))
        if not noisy:
            return analysis.move
        return self.pick(analysis.values)

    def pick(self, values):
        """A move drawn with probability proportional to exp(value / temperature)."""
        best = max(values.values())
        weights = [(math.exp((value - best) / self.temperature), move)
                   for move, value in sorted(values.items())]
        draw = self.rng.random() * sum(weight for weight, _ in weights)
        for weight, move in weights:
            draw -= weight
            if draw < 0:
                return move
        return weights[-1][1]


class PerfectPlayer(Player):
    """Proven moves (kalah.ai.perfect); time_limit is the search's where no proof can be had."""

    name = PERFECT

    def choose(self, board, time_limit=1.0, progress=None, should_stop=None, max_nodes=None):
        from kalah.ai import perfect
        if board.turn is None:
            raise KalahError("the game is over: there is no move to choose")
        moves = board.legal_moves
        if len(moves) == 1:
            return moves[0]
        if max_nodes is None:
            return perfect.analyse(board, time_limit, progress, should_stop).move
        # By nodes: the proof gets its cap in nodes, not in seconds, so the move is the machine's own.
        return perfect.analyse(board, time_limit, progress, should_stop, cap=None, max_nodes=max_nodes).move


def get(name, seed=None):
    """The player called `name` (see NAMES); `seed` fixes its random choices."""
    if name in LEVELS:
        depth, temperature, share = LEVELS[name]
        return SearchPlayer(name, depth, temperature, share, seed)
    if name == PERFECT:
        return PerfectPlayer()
    if name in reference.REFERENCE:
        return reference.get(name, seed)
    raise KalahError("unknown player '%s' (known: %s)" % (name, ", ".join(NAMES)))
