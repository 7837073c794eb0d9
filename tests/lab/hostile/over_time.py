# Attack 4: fool its own process's deadline (no timer signal, `passed()` always False) and
# think for 0.4 s of CPU at a 0.2 s limit: the old referee, trusting the bot's own clock,
# accepted such moves. (GameLink's interface: one call a move.) Twin: LOOPS.
import signal
import time

from kalah.lab import loader

loader.Deadline.passed = lambda self: False


def algorithm(game):
    for name in ("SIGALRM", "SIGPROF", "SIGVTALRM"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    end = time.process_time() + 0.4
    while time.process_time() < end:
        pass
    row = game.getBoard()[1]
    return str(next(house for house in range(1, 7) if row[house]))
