"""The reference players of the seed assignments: random, first, rightmost, greedy.

They are the yardsticks the search is measured against, and cheap enough
for a page to run on its main thread, so this module imports nothing
MicroPython lacks (no `random.Random`, no itertools): `Rng` is a tiny
seeded generator that gives the same games on every host.
"""

from kalah.ai.player_registry import REFERENCE_NAMES
from kalah.errors import KalahError
from kalah.game.rules import SWAP


class Rng:
    """xorshift32: small, seedable, identical under CPython and MicroPython."""

    def __init__(self, seed=None):
        if seed is None:
            seed = _fresh_seed()
        self.state = (int(seed) * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def random(self):
        """A float in [0, 1)."""
        return self.next() / 4294967296.0

    def randrange(self, n):
        return self.next() % n


def _fresh_seed():
    try:
        import time
        return int(time.time() * 1000003) ^ id(object())
    except Exception:  # a host without a clock still plays
        return 12345


def _check(board):
    if board.turn is None:
        raise KalahError("the game is over: there is no move to choose")


def _houses(board):
    """The legal houses, without the pie rule's swap."""
    return [move for move in board.legal_moves if move != SWAP]


class Player:
    """A computer player: `choose(board)` returns a legal move of board.turn.

    Its budget is `time_limit` seconds, or `max_nodes` search nodes when given (the time is then
    a backstop, None for none); a player that does not search ignores both."""

    name = ""

    def choose(self, board, time_limit=1.0, progress=None, should_stop=None, max_nodes=None):
        raise NotImplementedError

    def __repr__(self):
        return "<Player %s>" % self.name


def _report(progress, move, value=0):
    if progress is not None:
        progress({"depth": 1, "value": value, "move": move, "nodes": 1, "exact": False})


class RandomPlayer(Player):
    """Any legal move, the swap included, with equal chances."""

    name = "random"

    def __init__(self, seed=None):
        self.rng = Rng(seed)

    def choose(self, board, time_limit=1.0, progress=None, should_stop=None, max_nodes=None):
        _check(board)
        moves = board.legal_moves
        move = moves[self.rng.randrange(len(moves))]
        _report(progress, move)
        return move


class FirstPlayer(Player):
    """The lowest legal house (house 1 is farthest from the own store)."""

    name = "first"

    def choose(self, board, time_limit=1.0, progress=None, should_stop=None, max_nodes=None):
        _check(board)
        move = _houses(board)[0]
        _report(progress, move)
        return move


class RightmostPlayer(Player):
    """The highest legal house, nearest the own store: the Haskell assignment's reference."""

    name = "rightmost"

    def choose(self, board, time_limit=1.0, progress=None, should_stop=None, max_nodes=None):
        _check(board)
        move = _houses(board)[-1]
        _report(progress, move)
        return move


def turn_gain(rules, pits, side, house):
    """Seeds `side` stores by playing `house` and then, on extra turns, the best follow-up.

    A turn ends when the side to move changes or the game ends; the sweep
    at the end of a game counts as gained.
    """
    after = list(pits)
    store = rules.stores[side]
    before = after[store]
    next_side, _ = rules.play(after, side, house)
    gain = after[store] - before
    if next_side == side:
        gain += max(turn_gain(rules, after, side, h) for h in rules.legal_moves(after, side))
    return gain


class GreedyPlayer(Player):
    """The house that stores the most seeds this turn, extra turns followed.

    Ties go to the highest house, so an extra-turn move is played before
    the houses it would disturb.
    """

    name = "greedy"

    def choose(self, board, time_limit=1.0, progress=None, should_stop=None, max_nodes=None):
        _check(board)
        best, best_gain = None, -1
        for house in _houses(board):
            gain = turn_gain(board.rules, board.pits, board.turn, house)
            if gain >= best_gain:
                best, best_gain = house, gain
        _report(progress, best, best_gain)
        return best


_CLASSES = {"random": RandomPlayer, "first": FirstPlayer, "rightmost": RightmostPlayer, "greedy": GreedyPlayer}
REFERENCE = dict((name, _CLASSES[name]) for name in REFERENCE_NAMES)   # kalah.ai.player_registry's


def get(name, seed=None):
    """A reference player by name (random, first, rightmost, greedy)."""
    if name not in REFERENCE:
        raise KalahError("unknown reference player '%s' (known: %s)" % (name, ", ".join(REFERENCE_NAMES)))
    if name == "random":
        return RandomPlayer(seed)
    return REFERENCE[name]()
