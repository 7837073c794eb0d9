"""`python -m kalah solve`: the exact value of a position under perfect play.

    python -m kalah solve --rules kalah(4,3) --json
    {"value": V, "best": [houses], "values": {"1": V1, ...}}

V is the mover's final store minus the opponent's, all seeds counted.
With the pie rule, the swap appears as move "0" when it is offered.
"""

import json
import time

from kalah.cli.bestmove import add_position_arguments, board_from_args


def add_arguments(parser):
    add_position_arguments(parser)
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def run(args):
    from kalah.ai.solve import solve
    board = board_from_args(args)
    started = time.time()
    result = solve(board)
    values = {str(move): value for move, value in sorted(result["values"].items())}
    if args.json:
        print(json.dumps({"value": result["value"], "best": result["best"], "values": values}))
    else:
        print("%s: value %+d, best %s (%.1f s)" % (
            board.position(), result["value"], ", ".join(str(m) for m in result["best"]),
            time.time() - started))
        for move, value in values.items():
            print("  %s: %+d" % (move, value))
    return 0
