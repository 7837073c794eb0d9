# Attack 5c: hold more than the 512 MB of one player: three children of 428 MB each (the
# old limit was per process), then threads that share one address space.
# Plays 99 if more than 512 MB were held at once. Twin: FIRST_LEGAL.
import os
import threading
import time

held = []
children = 0
for _ in range(3):
    try:
        pid = os.fork()
    except OSError:
        break
    if pid == 0:
        block = bytearray(428 * 1024 * 1024)
        time.sleep(30)
        os._exit(0)
    children += 1


def _hold():
    try:
        held.append(bytearray(200 * 1024 * 1024))
    except MemoryError:
        pass


for _ in range(4):
    try:
        thread = threading.Thread(target=_hold)
        thread.start()
        thread.join()
    except RuntimeError:
        break


def select_move(board, lookahead):
    return 99 if children or len(held) * 200 > 512 else board.legal_moves()[0]
