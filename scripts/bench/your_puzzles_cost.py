#!/usr/bin/env python3
"""What playing out the puzzles of your games costs, in CPython: the same games' puzzles found one
move only and played out (kalah.study.puzzle_maker.with_line), their count by length and the seconds.

    .venv/bin/python -m scripts.bench.your_puzzles_cost [--games 40] [--seed 1] [--mode "played out"]

The games are seeded kalah(6,4) games of a person (South: half its moves the rightmost house, half
a random one) against level 3, as stored by the play page (meta south_player "human"). Each mode
starts from a fresh prover; --mode runs one of them, for a process of its own each (a later mode
in the same process finds the endgame table already read).
"""

import argparse
import random
import time

from kalah.ai import endgame
from kalah.game.board import Board
from kalah.game.rules import find_rules
from kalah.records.record import Record
from kalah.study import puzzle_maker

MODES = {"one move": lambda puzzle, prover, table: puzzle, "played out": puzzle_maker.with_line}


def games(count, seed):
    rng = random.Random(seed)
    records = []
    for _ in range(count):
        board = Board("kalah(6,4)")
        while not board.is_game_over():
            moves = board.legal_moves
            board.push(max(moves) if rng.random() < 0.5 else rng.choice(moves))
        records.append(Record("kalah(6,4)", board.moves_played(),
                              meta={"south_player": "human", "north_player": "level3"}))
    return records


def measure(records, line):
    """(puzzles, {moves asked: count}, seconds) with `line` as puzzle_maker's with_line."""
    kept = puzzle_maker.with_line
    puzzle_maker.with_line = line
    try:
        prover, table = puzzle_maker.ExactValues(), endgame.table_for(find_rules("kalah(6,4)"))
        start = time.perf_counter()
        found = [puzzle for index, record in enumerate(records)
                 for puzzle in puzzle_maker.game_puzzles(record, "g%d" % index, prover, table)]
        seconds = time.perf_counter() - start
    finally:
        puzzle_maker.with_line = kept
    lengths = {}
    for puzzle in found:
        asked = 1 + len(puzzle.get("steps") or [])
        lengths[asked] = lengths.get(asked, 0) + 1
    return len(found), dict(sorted(lengths.items())), seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mode", choices=sorted(MODES), help="one mode only (default: both)")
    options = parser.parse_args()
    records = games(options.games, options.seed)
    for name in ([options.mode] if options.mode else ["one move", "played out"]):
        count, lengths, seconds = measure(records, MODES[name])
        print("%-10s %d games: %d puzzles, by moves asked %s, %.1f s" % (name, len(records), count, lengths, seconds))


if __name__ == "__main__":
    main()
