"""`python -m kalah bestmove`: the computer's move in a position.

    python -m kalah bestmove --rules kalah(6,4) --moves 3,6 --time 1 --json
    {"move": 2, "value": 3, "exact": false, "depth": 14, "nodes": 123456}
"""

import json

from kalah.board import Board
from kalah.errors import KalahError
from kalah.rules import DEFAULT_RULES, find_rules


def add_position_arguments(parser):
    """--rules, --moves, --position: shared by bestmove and solve."""
    parser.add_argument("--rules", default=DEFAULT_RULES, help="rule set, e.g. kalah(6,4)+empty-capture")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--moves", default="", help="moves from the start, e.g. 3,6,b or '3 6 b'")
    where.add_argument("--position", help="a position text, e.g. kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S")


def board_from_args(args):
    """The Board the arguments describe; KalahError says what is wrong."""
    if args.position:
        board = Board(position=args.position)
        if args.rules != DEFAULT_RULES and board.rules != find_rules(args.rules):
            raise KalahError("the position is for %s, not %s" % (board.rules.name, args.rules))
    else:
        board = Board(args.rules)
        for token in args.moves.replace(",", " ").split():
            board.push(token)
    if board.turn is None:
        raise KalahError("the game is over in that position: there is no move to find")
    return board


def add_arguments(parser):
    add_position_arguments(parser)
    parser.add_argument("--time", type=float, default=1.0, help="seconds to think (default 1)")
    parser.add_argument("--depth", type=int, default=None, help="stop at this depth")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args):
    from kalah.ai.search import analyse
    if not args.time > 0:
        raise KalahError("--time must be a positive number of seconds, not %s" % args.time)
    if args.depth is not None and args.depth < 1:
        raise KalahError("--depth must be at least 1, not %d" % args.depth)
    board = board_from_args(args)
    # Without --depth the opening book answers where it can (exact, depth 0).
    analysis = analyse(board, args.time, max_depth=args.depth, all_values=False)
    if args.json:
        print(json.dumps(analysis.as_dict()))
    else:
        print("%s: move %s, value %+d%s, depth %d, %d nodes" % (
            board.position(), analysis.move, analysis.value,
            " (exact)" if analysis.exact else "", analysis.depth, analysis.nodes))
    return 0
