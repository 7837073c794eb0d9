#!/usr/bin/env python3
"""Self-play between settings of the search, at a fixed node budget per move.

Used to tune the evaluation and the search (docs/performance-log.md, "Computer players"):
each opening (a few random plies) is played twice, each setting taking
each side, so the openings' luck cancels out.

    python3 -m scripts.bench.selfplay --rules "kalah(6,4)" --nodes 8000 --openings 20 \
        "row_weight=0" "row_weight=1"
    .venv/bin/python -m scripts.bench.selfplay --level8 --nodes 30000 --openings 30 --plies 4 \
        "extend_extra_turns=0" "extend_extra_turns=1"

--level8: both search as level 8 does, with the shipped endgame table and
the proofs it allows (else neither, as the earlier tuning runs were made).
"""

import argparse


from kalah import Board
from kalah.ai.reference import Rng
from kalah.ai import endgame
from kalah.ai.search import Search
from scripts.bench import search_settings


def openings(rules, count, plies, seed):
    rng = Rng(seed)
    result = []
    while len(result) < count:
        board = Board(rules)
        for _ in range(plies):
            if board.turn is None:
                break
            moves = board.legal_moves
            board.push(moves[rng.randrange(len(moves))])
        if board.turn is not None:
            result.append(list(board.move_stack))
    return result


def play(rules, searchers, opening, nodes):
    """The final store difference South minus North; searchers[side] plays side."""
    board = Board(rules)
    for move in opening:
        board.push(move)
    while board.turn is not None:
        analysis = searchers[board.turn].analyse(board, None, max_nodes=nodes, all_values=False)
        board.push(analysis.move)
    south, north = board.scores()
    return south - north


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--rules", default="kalah(6,4)")
    parser.add_argument("--nodes", type=int, default=8000)
    parser.add_argument("--openings", type=int, default=20)
    parser.add_argument("--plies", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level8", action="store_true", help="the endgame table and its proofs, as level 8")
    args = parser.parse_args()
    board = Board(args.rules)
    table = endgame.table_for(board.rules) if args.level8 else None
    a = Search(board.rules, endgame=table, **search_settings.keywords(args.a))
    b = Search(board.rules, endgame=table, **search_settings.keywords(args.b))
    score = [0, 0, 0]  # A wins, B wins, draws
    margin = 0
    for opening in openings(args.rules, args.openings, args.plies, args.seed):
        for a_side in (0, 1):
            diff = play(args.rules, (a, b) if a_side == 0 else (b, a), opening, args.nodes)
            diff = diff if a_side == 0 else -diff
            margin += diff
            score[0 if diff > 0 else 1 if diff < 0 else 2] += 1
    games = sum(score)
    print("%s vs %s on %s, %d nodes/move: A %d, B %d, draws %d; A's mean margin %+.2f; A scores %.1f%%" % (
        args.a, args.b, args.rules, args.nodes, score[0], score[1], score[2], margin / games,
        100.0 * (score[0] + 0.5 * score[2]) / games))


if __name__ == "__main__":
    main()
