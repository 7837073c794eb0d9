# Attack 2: answer on the raw protocol pipe, fill its own input pipe through /proc/self/fd
# (the referee's next message then finds no room) and stop reading. Forfeits on time at its
# second move, as its twin does. Twin: SLEEPS_AT_SECOND_MOVE.
import fcntl
import json
import os
import time


def _pipes(mode):
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        try:
            if (os.readlink("/proc/self/fd/%d" % fd).startswith("pipe:")
                    and fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == mode):
                yield fd
        except OSError:
            pass


def select_move(board, lookahead):
    answer = (json.dumps({"move": board.legal_moves()[0]}) + "\n").encode()
    for fd in list(_pipes(os.O_WRONLY)):
        os.write(fd, answer)
    for fd in list(_pipes(os.O_RDONLY)):
        try:
            writer = os.open("/proc/self/fd/%d" % fd, os.O_WRONLY | os.O_NONBLOCK)
            while True:
                os.write(writer, b"x" * 65536)
        except OSError:       # EAGAIN: full
            pass
    while True:
        time.sleep(1)
