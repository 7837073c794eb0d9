"""`python -m kalah replay`: play moves from the start and print the boards.

    python -m kalah replay --rules kalah(6,4) --moves 3,6,4 --json

With --json it prints one object:
    {"rules": NAME, "boards": [the 2m+2 list after each move], "to_move":
     ["S" | "N" after each move, null once the game is over], "final":
     [south, north] once the game is over, else null}
After the move that ends the game, the board is the one after the
end-of-game sweep. An illegal move exits with status 2 and one line on
stderr, nothing on stdout. With --forfeit, a token that is not a legal house
of the side to move (an empty house, 0, m+1, a word) ends the game by the
forfeit rule instead: its board is the one after the forfeit, and the JSON
adds "forfeit": {"by": "S" | "N", "move": its index in --moves, "reason"}.
A move after the end of the game (by the rules or by a forfeit) is an error
in both modes: nobody is there to play it.
"""

import json

from kalah.game import narration
from kalah.cli import board_lines
from kalah.game.notation import move_text
from kalah.game.replay import Replay, split_moves
from kalah.game.rules import DEFAULT_RULES, SIDE_NAMES


def add_arguments(parser):
    parser.add_argument("--rules", default=None,
                        help="the rule set, e.g. kalah(6,4), kalah(6,3)+empty-capture, owari, oware, "
                             "relay-kalaha (default %s, or the --start position's)" % DEFAULT_RULES)
    parser.add_argument("--moves", required=True,
                        help="the moves from the start, separated by commas or spaces: house numbers "
                             "(3,6,4), letters (C,F,d: A..H South, a..h North) or swap")
    parser.add_argument("--start", metavar="POSITION",
                        help="start from this position text instead of the initial one")
    parser.add_argument("--forfeit", action="store_true",
                        help="a move that is not a legal house ends the game by the forfeit rule")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def describe_move(rules, number, report):
    """'  3. South C: South sows house C (4 seeds). ...' for the text replay."""
    return "%3d. %s %s: %s" % (number, SIDE_NAMES[report.side], move_text(report.side, report.move),
                               " ".join(narration.describe_move(rules, report)))


def run(args):
    replay = Replay(args.rules, args.start).play(split_moves(args.moves), args.forfeit)
    if args.json:
        print(json.dumps(replay.to_json()))
        return 0
    board = replay.board
    lines = [board.rules.name]
    for number, report in enumerate(replay.reports):
        if report is not None:
            lines.append(describe_move(board.rules, number + 1, report))
    lines.extend(board_lines(board))
    print("\n".join(lines))
    return 0
