# Attack 3: one protocol line of 60 KB nested 30,000 deep (json.loads raises RecursionError).
# Twin: INVALID (its own forfeit on its first move).
import fcntl
import os


def select_move(board, lookahead):
    line = b"[" * 30000 + b"]" * 30000 + b"\n"
    for name in os.listdir("/proc/self/fd"):
        try:
            fd = int(name)
            if fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_WRONLY:
                os.write(fd, line)
        except OSError:
            pass
    return board.legal_moves()[0]
