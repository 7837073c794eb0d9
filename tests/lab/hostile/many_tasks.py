# Attack 5b: 300 processes and 300 threads (the old sandbox had no count limit).
# Plays 99 if any process or more than 8 threads started. Twin: FIRST_LEGAL.
import os
import threading
import time

forks = 0
for _ in range(300):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        time.sleep(30)
        os._exit(0)
    forks += 1
threads = 0
for _ in range(300):
    try:
        threading.Thread(target=time.sleep, args=(30,), daemon=True).start()
    except RuntimeError:
        break
    threads += 1


def select_move(board, lookahead):
    return 99 if forks or threads >= 8 else board.legal_moves()[0]
