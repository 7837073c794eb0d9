"""What the referee's clock costs a move: one sandboxed player asked 1,000 times.

    .venv/bin/python -m scripts.bench.measure_referee [OTHER_ROOT ...]

Prints, per move, the wall time, the referee's CPU time and the player's CPU
time (its processes, read from /proc), and per seat started (20 of them: the
sandbox, its filter and its cgroup made, the player loaded, the seat closed
and its cgroup removed) the wall time and the referee's CPU time, for this checkout and for each
OTHER_ROOT (another checkout of the project, e.g. the previous referee:
`git archive COMMIT | tar -x -C /tmp/old`), alternating, twice, so that
their ratios come from the same minutes of a busy machine. CPU times move
far less with the load than wall times.
"""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MOVES = 1000
SEATS = 20

CHILD = r'''
import sys, time
sys.path.insert(0, sys.argv[1])
from kalah.game.board import Board
from kalah.lab.seats import SandboxSeat
sys.path.insert(0, sys.argv[2])
from kalah.lab import process_tree
spec = {"name": "right", "source": "def select_move(board, lookahead):\n    return board.legal_moves()[-1]\n"}
seat = SandboxSeat(spec, None, 1.0, True)
seat.wait_ready()
tree = process_tree.ProcessTree(seat.process.pid)
tree.rescan()
board = Board()
board.push(3)
board.push(1)
moves = int(sys.argv[3])
wall, cpu, player = time.perf_counter(), time.process_time(), tree.cpu_seconds()
for _ in range(moves):
    assert seat.ask(board) == {"move": 6}
print("%.2f %.3f %.3f" % ((time.perf_counter() - wall) / moves * 1000, (time.process_time() - cpu) / moves * 1000,
                          (tree.cpu_seconds() - player) / moves * 1000))
seat.close()
wall, cpu = time.perf_counter(), time.process_time()
for _ in range(SEATS):
    seat = SandboxSeat(spec, None, 1.0, True)
    seat.wait_ready()
    seat.close()
print("%.1f %.2f" % ((time.perf_counter() - wall) / SEATS * 1000, (time.process_time() - cpu) / SEATS * 1000))
'''


def measure(root):
    # process_tree comes from this checkout: an older one may not have it.
    here = os.path.join(ROOT, "kalah", "lab")
    child = CHILD.replace("from kalah.lab import process_tree", "import process_tree").replace(
        "SEATS", str(SEATS))
    done = subprocess.run([sys.executable, "-c", child, root, here, str(MOVES)],
                          capture_output=True, text=True, timeout=600)
    if done.returncode:
        raise SystemExit(done.stderr)
    return [float(x) for x in done.stdout.split()]


def main():
    roots = [ROOT] + sys.argv[1:]
    for _ in range(2):
        base = None
        for root in roots:
            figures = measure(root)
            base = base or figures
            wall, referee, player, start_wall, start_cpu = figures
            print("%-30s a move: wall %6.2f ms (%4.2fx)  referee CPU %5.3f ms (%4.2fx)  player CPU %5.3f ms "
                  "(%4.2fx); a seat: wall %5.0f ms (%4.2fx)  referee CPU %5.2f ms (%4.2fx)" % (
                      root[-30:], wall, wall / base[0], referee, referee / base[1], player, player / base[2],
                      start_wall, start_wall / base[3], start_cpu, start_cpu / base[4]))


if __name__ == "__main__":
    main()
