# Issue 37, 7: module code that ignores the loader's SIGPROF and runs 8 s of CPU when loaded:
# the 5 s load rule, kept by the player's own process only, let it load with no error.
# The command must stop with the file's load error. (No twin: a broken file stops it.)
import signal
import sys
import time

signal.signal(signal.SIGPROF, signal.SIG_IGN)
sys._getframe().f_trace = None      # issue 37: its own frame's lines uncounted; no call below
end = time.process_time() + 8
while time.process_time() < end:
    pass


def select_move(board, lookahead):
    return board.legal_moves()[0]
