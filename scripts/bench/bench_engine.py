#!/usr/bin/env python3
"""Engine speed under CPython: random playouts and moves applied per second.

    python3 -m scripts.bench.bench_engine              a table, every rule set
    python3 -m scripts.bench.bench_engine --json       the same as JSON
    python3 -m scripts.bench.bench_engine --rules oware --seconds 3
    python3 -m scripts.bench.bench_engine --micropython     CPython against the page's MicroPython

For each rule set:
- playouts/s: random games from the start to the end on the hot path the
  search uses (rules.legal_moves and rules.play on a plain list, no trace);
- moves/s (play): rules.play on a copy of the pits, replaying the positions
  and moves of those games;
- moves/s (push): Board.push with its events, outcome and undo stack, the API
  the page and the command line use: the baseline of the same run, so the
  ratio column says what the hot path gains over it on this machine.
Rates are per second of this process's CPU time; on a busy machine they
still drop (shared caches, frequency), so compare figures of one run.
"""

import argparse
import json
import os
import random
import sys
import time


from kalah import Board, find_rules

RULES = ("kalah(6,4)", "kalah(6,3)+empty-capture", "kalah(6,3)+gamelink", "kalah(6,6)+pie",
         "owari", "oware", "relay-kalaha")


def random_playout(rules, rng):
    """One random game on the hot path; returns the number of moves played."""
    pits = rules.initial_pits()
    side = 0
    plies = 0
    clock = 0
    limit = rules.move_limit
    while side is not None:
        moves = rules.legal_moves(pits, side)
        side, captured = rules.play(pits, side, moves[rng.randrange(len(moves))])
        plies += 1
        if limit:
            clock = 0 if captured else clock + 1
            if clock >= limit and side is not None:
                break
    return plies


def timed(seconds, step):
    """Call step() until `seconds` of this process's CPU time pass; return
    (calls, units counted, CPU seconds). CPU time, not wall time, so that
    other work on a shared machine slows the figures less."""
    calls = units = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        units += step()
        calls += 1
        now = time.process_time()
        if now >= deadline:
            return calls, units, now - start


def sample_positions(name, rng, games=50):
    """(pits, side, move) of every move of some random games."""
    rules = find_rules(name)
    samples = []
    for _ in range(games):
        board = Board(name)
        while board.turn is not None:
            move = rng.choice(board.legal_moves)
            if move:
                samples.append((list(board.pits), board.turn, move))
            board.push(move)
    return rules, samples


def bench(name, seconds, seed=1):
    rng = random.Random(seed)
    rules = find_rules(name)
    games, plies, elapsed = timed(seconds, lambda: random_playout(rules, rng))
    result = {"rules": rules.name, "playouts_per_s": games / elapsed,
              "plies_per_playout": plies / games}

    rules, samples = sample_positions(name, rng)
    play = rules.play

    def replay_play():
        for pits, side, move in samples:
            play(pits[:], side, move)
        return len(samples)
    _, moves, elapsed = timed(seconds, replay_play)
    result["play_moves_per_s"] = moves / elapsed

    def replay_push():
        count = 0
        board = Board(name)
        while board.turn is not None:
            moves = board.legal_moves
            board.push(moves[rng.randrange(len(moves))])
            count += 1
        return count
    _, moves, elapsed = timed(seconds, replay_push)
    result["push_moves_per_s"] = moves / elapsed
    result["play_over_push"] = result["play_moves_per_s"] / result["push_moves_per_s"]
    return result


# The same playouts as a script for any Python: the --micropython comparison
# runs it under CPython and under the page's MicroPython (node) in the same
# run, and times each by the CPU time of its process (a run of no games
# measures the start-up, which is taken off).
PORTABLE_PLAYOUTS = """
from kalah import find_rules

state = [12345]

def below(n):
    # small numbers only: MicroPython allocates ints past 2**30 on the heap
    state[0] = (state[0] * 75 + 74) % 65537
    return state[0] % n

rules = find_rules(RULES_NAME)
plies = 0
for game in range(GAMES):
    pits = rules.initial_pits()
    side = 0
    clock_plies = 0
    while side is not None:
        moves = rules.legal_moves(pits, side)
        side, captured = rules.play(pits, side, moves[below(len(moves))])
        plies += 1
        if rules.move_limit:
            clock_plies = 0 if captured else clock_plies + 1
            if clock_plies >= rules.move_limit:
                break
print(plies)
"""


def portable_playouts(name, games, micropython):
    """(plies, CPU seconds) of PORTABLE_PLAYOUTS with `games` games, start-up included."""
    import resource
    import subprocess
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    code = PORTABLE_PLAYOUTS.replace("RULES_NAME", repr(name)).replace("GAMES", str(games))
    if micropython:
        command = ["node", os.path.join(root, "tests", "micropython", "run.mjs")]
    else:
        command = [sys.executable, "-c", code]  # -c imports from the working folder: root
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, input=code if micropython else None, capture_output=True,
                          text=True, cwd=root, timeout=900)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit("bench_engine: %s failed: %s" % (command[0], done.stderr.strip()))
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return int(done.stdout.split()[0]), cpu


def compare_micropython(names, seconds):
    rows = []
    for name in names:
        rules = find_rules(name)
        rate = bench(name, 0.3)["playouts_per_s"]
        games = max(1, int(rate * seconds / 20))  # MicroPython is 5-20x slower
        row = {"rules": rules.name, "games": games}
        for host, micropython in (("cpython", False), ("micropython", True)):
            _, idle = portable_playouts(name, 0, micropython)
            plies, cpu = portable_playouts(name, games, micropython)
            work = max(cpu - idle, 1e-6)
            row[host + "_playouts_per_s"] = games / work
            row[host + "_moves_per_s"] = plies / work
        row["cpython_over_micropython"] = row["cpython_moves_per_s"] / row["micropython_moves_per_s"]
        rows.append(row)
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", action="append", help="a rule set (repeatable; default: all)")
    parser.add_argument("--seconds", type=float, default=1.0, help="time per measurement (default 1)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--micropython", action="store_true",
                        help="compare CPython with the page's MicroPython (node, node_modules) "
                             "on the same playout script (CPU time of each process)")
    args = parser.parse_args(argv)
    if args.micropython:
        rows = compare_micropython(args.rules or RULES, args.seconds)
        if args.json:
            print(json.dumps({"python": sys.version.split()[0], "micropython": rows}, indent=2))
            return 0
        print("%-26s %12s %12s %14s %14s %8s" % ("rules", "CPython g/s", "MicroPy g/s", "CPython mv/s",
                                              "MicroPy mv/s", "ratio"))
        for r in rows:
            print("%-26s %12.0f %12.0f %14.0f %14.0f %7.1fx" % (
                r["rules"], r["cpython_playouts_per_s"], r["micropython_playouts_per_s"],
                r["cpython_moves_per_s"], r["micropython_moves_per_s"], r["cpython_over_micropython"]))
        return 0
    results = [bench(name, args.seconds) for name in (args.rules or RULES)]
    if args.json:
        print(json.dumps({"python": sys.version.split()[0], "results": results}, indent=2))
        return 0
    header = ("rules", "playouts/s", "plies/game", "play moves/s", "push moves/s", "play/push")
    rows = [(r["rules"], "%.0f" % r["playouts_per_s"], "%.1f" % r["plies_per_playout"],
             "%.0f" % r["play_moves_per_s"], "%.0f" % r["push_moves_per_s"], "%.1fx" % r["play_over_push"])
            for r in results]
    widths = [max(len(row[i]) for row in rows + [header]) for i in range(len(header))]
    print("CPython %s" % sys.version.split()[0])
    for row in [header] + rows:
        print("  ".join(cell + " " * (width - len(cell)) if i == 0 else " " * (width - len(cell)) + cell
                        for i, (cell, width) in enumerate(zip(row, widths))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
