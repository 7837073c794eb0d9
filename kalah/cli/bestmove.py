"""`python -m kalah bestmove`: the computer's move in a position.

    python -m kalah bestmove --rules kalah(6,4) --moves 3,6 --time 1 --json
    {"move": 2, "value": 3, "exact": false, "depth": 14, "nodes": 123456}
    python -m kalah bestmove --position P --player perfect --json
    {"move": 4, "value": 2, "exact": true, "depth": 0, "nodes": 81234}

With --player perfect (kalah.ai.perfect) the move is proven wherever a
proof can be had (at most 40 seeds in the houses, up to 30 s): "exact" is
then true; elsewhere --time is its search's time.

With --nodes N the search stops after N nodes instead of a time, so the move
is the same on any machine, however busy (each run starts from empty tables);
Perfect's proof then gets up to --proof-nodes (default 3,300,000: its 30 s
cap in the browser). --time, when given beside --nodes, is a backstop only.

    python -m kalah bestmove --moves 4,4,6 --nodes 118000 --json
"""

import json

from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import DEFAULT_RULES, find_rules


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
    parser.add_argument("--time", type=float, default=None, help="seconds to think (default 1; with --nodes, none)")
    parser.add_argument("--nodes", type=int, default=None,
                        help="nodes to search instead of a time: the same move on any machine")
    parser.add_argument("--proof-nodes", type=int, default=None,
                        help="with --player perfect and --nodes: proof nodes at most (default: its 30 s cap in the browser's nodes)")
    parser.add_argument("--depth", type=int, default=None, help="stop at this depth")
    parser.add_argument("--player", default="level8", choices=("level8", "perfect"),
                        help="level8 (default) or perfect: a proven move where it can (up to 30 s)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args):
    from kalah.ai.search import analyse
    if args.time is not None and not args.time > 0:
        raise KalahError("--time must be a positive number of seconds, not %s" % args.time)
    if args.nodes is not None and args.nodes < 1:
        raise KalahError("--nodes must be at least 1, not %d" % args.nodes)
    if args.proof_nodes is not None and (args.nodes is None or args.player != "perfect"):
        raise KalahError("--proof-nodes goes with --player perfect and --nodes")
    if args.proof_nodes is not None and args.proof_nodes < 1:
        raise KalahError("--proof-nodes must be at least 1, not %d" % args.proof_nodes)
    seconds = args.time if args.time is not None or args.nodes is not None else 1.0
    if args.depth is not None and args.depth < 1:
        raise KalahError("--depth must be at least 1, not %d" % args.depth)
    board = board_from_args(args)
    if args.player == "perfect":
        if args.depth is not None:
            raise KalahError("--depth does not go with --player perfect (it searches until proven)")
        from kalah.ai import perfect
        if args.nodes is None:
            analysis = perfect.analyse(board, seconds)
        else:   # no cap in seconds: the nodes decide, whatever the machine's load
            analysis = perfect.analyse(board, seconds, cap=None, max_nodes=args.nodes,
                                       proof_nodes=args.proof_nodes or perfect.CAP_NODES)
    else:
        # Without --depth the opening book answers where it proved every value (depth 0, exact).
        analysis = analyse(board, seconds, max_depth=args.depth, all_values=False, max_nodes=args.nodes)
    if args.json:
        print(json.dumps(analysis.as_dict()))
    else:
        why_not = getattr(analysis, "why_not", None)
        print("%s: move %s, value %+g%s, depth %d, %d nodes" % (
            board.position(), analysis.move, analysis.value,
            " (exact)" if analysis.exact else " (not proven: %s)" % why_not if why_not else "",
            analysis.depth, analysis.nodes))
    return 0
