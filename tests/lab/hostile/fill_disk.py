# Attack 5a: write 600 MB anywhere it can (the old sandbox's root was a tmpfs without a cap).
# Plays 99 (its own forfeit) if more than the 16 MB scratch space took its writes. Twin: FIRST_LEGAL.
import os

written = 0
for folder in ("/", "/tmp", "/dev/shm", "/dev", "/sandbox", "/sandbox/kalah"):
    for number in range(40):
        try:
            with open(os.path.join(folder, "fill-%d" % number), "wb") as handle:
                for _ in range(15):
                    handle.write(b"x" * 1024 * 1024)
                    written += 1024 * 1024
        except OSError:
            break


def select_move(board, lookahead):
    return 99 if written > 17 * 1024 * 1024 else board.legal_moves()[0]
