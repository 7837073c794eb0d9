# Attack 4: fool its own process's count (issue 37: the work budget is counted in the player's own
# interpreter, whose classes it can patch): nothing counts its moves, and it thinks for 0.4 s of
# CPU at a 0.2 s limit. The old referee, trusting the bot's own clock, accepted such moves; the
# referee's CPU clock stops them. (GameLink's interface: one call a move.) Twin: LOOPS.
import time

from kalah.lab import work

work.WorkBudget.__enter__ = lambda self: self
work.WorkBudget.__exit__ = lambda self, *exc: False
work.WorkBudget.passed = lambda self: False


def algorithm(game):
    end = time.process_time() + 0.4
    while time.process_time() < end:
        pass
    row = game.getBoard()[1]
    return str(next(house for house in range(1, 7) if row[house]))
