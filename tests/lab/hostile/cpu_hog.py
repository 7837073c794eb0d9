# Fairness: burns CPU in every thread it can start, on its own turn and the opponent's, so the
# honest players beside it (and in the other game running at the same time) share the cores
# with it. Twin: LOOPS.
import threading


def _burn():
    while True:
        pass


for _ in range(16):
    try:
        threading.Thread(target=_burn, daemon=True).start()
    except RuntimeError:      # its thread limit
        break


def select_move(board, lookahead):
    while True:
        try:
            _burn()
        except BaseException:
            pass
