# Attack 4: switch off its own process's deadline and think for 0.4 s of CPU at a 0.1 s limit
# (the old referee, trusting the bot's clock, accepted such moves). Twin: LOOPS.
import signal
import time


def select_move(board, lookahead):
    for name in ("SIGALRM", "SIGPROF", "SIGVTALRM"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    end = time.process_time() + 0.4
    while time.process_time() < end:
        pass
    return board.legal_moves()[0]
