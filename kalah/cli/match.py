"""`python -m kalah match A B`: play two players against each other.

    python -m kalah match level8 greedy --rules kalah(6,4) --games 10 --time 0.5 --json
    {"games": 10, "wins": [10, 0], "draws": 0, "seeds": [400, 80]}

A and B are computer players (random, first, rightmost, greedy, level1..level8)
or paths to a student's Python file (the bot lab's interfaces, run in their
own sandboxed process with the forfeit rule; see kalah.lab.sandbox). The players take South in turn, A first,
so with an odd number of games A plays South once more than B.

With --nodes N the computer players search N nodes a move instead of a time
(each level its share, as of the time): the same games on any machine,
however busy. A player file still plays by the time rule (--time, default 1;
its work budget is the same on any machine too).

    python -m kalah match level8 perfect --games 2 --nodes 118000 --json
"""

import json

from kalah.cli import field
from kalah.errors import KalahError
from kalah.lab.player_files import check_files, player_spec
from kalah.lab.runner import play_match
from kalah.game.rules import DEFAULT_RULES, find_rules


def add_arguments(parser):
    parser.add_argument("a", help="a player name or a path to a player file")
    parser.add_argument("b", help="a player name or a path to a player file")
    parser.add_argument("--rules", default=DEFAULT_RULES, help="rule set (default %s)" % DEFAULT_RULES)
    parser.add_argument("--games", type=int, default=2, help="number of games (default 2)")
    parser.add_argument("--time", type=float, default=None,
                        help="seconds per move (default 1; with --nodes, a player file's only)")
    parser.add_argument("--nodes", type=int, default=None,
                        help="search nodes per move instead of a time, for computer players: the same games anywhere")
    parser.add_argument("--seed", type=int, default=0, help="seed for the players' random choices")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--trust-bots", action="store_true",
                        help="run player files without the bubblewrap sandbox (only files you trust)")


def run(args):
    rules = find_rules(args.rules)
    if args.games < 1:
        raise KalahError("--games must be at least 1, not %d" % args.games)
    if args.time is not None and not args.time > 0:
        raise KalahError("--time must be a positive number of seconds, not %s" % args.time)
    if args.nodes is not None and args.nodes < 1:
        raise KalahError("--nodes must be at least 1, not %d" % args.nodes)
    a, b = player_spec(args.a), player_spec(args.b)
    files = "source" in a or "source" in b
    # By nodes, computer players take no time limit (--time is then a backstop), but a player file always does.
    seconds = args.time if args.time is not None or (args.nodes is not None and not files) else 1.0
    from kalah.lab.sandbox import require_sandbox
    sandbox = require_sandbox([a, b], args.trust_bots)
    check_files([a, b], sandbox)   # a broken file stops the match before it starts, with its error

    def tell(game, a_side, outcome):
        if not args.json:
            print("game %d: %s is %s: %s" % (game + 1, field(args.a), "South" if a_side == 0 else "North",
                                            field(outcome.describe())))

    summary = play_match(a, b, rules, args.games, seconds, args.seed, tell, sandbox, args.nodes)
    if args.json:
        print(json.dumps(summary))
    else:
        print("%s %d, %s %d, draws %d; seeds %d-%d" % (field(args.a), summary["wins"][0], field(args.b),
                                                     summary["wins"][1], summary["draws"], *summary["seeds"]))
    return 0
