# Issue 37, 1: take over another process of the sandbox. bubblewrap's init (pid 1) ran as the
# player's uid and was dumpable: a bot opened /proc/1/mem for writing and put its own code
# there, a process with no memory or CPU limit that the referee did not charge.
# Plays 99 if it could open any other process's memory for writing. Twin: FIRST_LEGAL.
import os

others = [int(name) for name in os.listdir("/proc") if name.isdigit() and int(name) != os.getpid()]
opened = []
for pid in others:
    try:
        os.close(os.open("/proc/%d/mem" % pid, os.O_RDWR))
        opened.append(pid)
    except OSError:
        pass


def select_move(board, lookahead):
    return 99 if opened else board.legal_moves()[0]
