"""`python -m kalah play`: play in the terminal.

    python -m kalah play                          two people at one keyboard
    python -m kalah play --human S --level 4      you (South) against the computer
    python -m kalah play --rules oware --human N --opponent greedy --time 2

Type a house as a number (3) or a letter of your row (C for South, c for
North), `swap` for the pie rule's swap, `undo` to take back a move (against
the computer: back to your previous turn), `record` for the game so far,
`help`, `quit`. Reads standard input, so a game can be fed from a file.
"""

import sys

from kalah.ai import player_registry
from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.narration import describe_move
from kalah.game.notation import board_diagram
from kalah.records import compact
from kalah.records.record import Record
from kalah.game.rules import DEFAULT_RULES, NORTH, SIDE_NAMES, SOUTH

HELP = """Moves: a house number 1..{m} or a letter of your row ({south} for South, {north} for North){swap}.
Commands: undo (take back), board (show it again), record (the game so far), help, quit."""


def add_arguments(parser):
    parser.add_argument("--rules", default=None,
                        help="the rule set (default %s, or the --start position's)" % DEFAULT_RULES)
    parser.add_argument("--start", metavar="POSITION", help="start from this position text")
    parser.add_argument("--human", choices=("S", "N", "s", "n"), default=None,
                        help="play this side against the computer (default: two people)")
    parser.add_argument("--level", type=int, choices=range(1, 9), default=None, metavar="1..8",
                        help="the computer's level, 1 (weakest) to 8 (default 4 with --human)")
    parser.add_argument("--opponent", default=None, metavar="NAME",
                        help="the computer player by name: " + ", ".join(player_registry.NAMES))
    parser.add_argument("--time", type=float, default=1.0, metavar="SECONDS",
                        help="the computer's time per move (default 1)")
    parser.add_argument("--seed", type=int, default=None, help="the computer's random seed")


def computer_player(args):
    """(the computer's side, its player) or (None, None) for two people."""
    if args.human is None and args.level is None and args.opponent is None:
        return None, None
    if args.level is not None and args.opponent is not None:
        raise KalahError("give --level or --opponent, not both")
    if not args.time > 0 or args.time > 3600:
        raise KalahError("--time must be more than 0 and at most 3600 seconds")
    name = args.opponent or "level%d" % (args.level or 4)
    try:
        from kalah.ai import players
    except ImportError:
        raise KalahError("computer players are not available yet (the kalah.ai package is missing); "
                         "play without --human/--level/--opponent for two people")
    player = players.get(name, seed=args.seed)
    human = SOUTH if args.human is None or args.human.upper() == "S" else NORTH
    return 1 - human, player


class Game:
    def __init__(self, args, out, read_line):
        self.board = Board(args.rules, position=args.start)
        self.computer, self.player = computer_player(args)
        self.time = args.time
        self.out = out
        self.read_line = read_line
        self.sides = []   # the side that played each move, for undo

    def say(self, text=""):
        self.out.write(text + "\n")
        self.out.flush()

    def show(self):
        self.say()
        # against the computer, the person's own row is at the bottom
        bottom = NORTH if self.computer == SOUTH else SOUTH
        self.say(board_diagram(self.board.rules, self.board.pits, self.board.turn, bottom))

    def help_text(self):
        m = self.board.rules.houses
        return HELP.format(m=m, south="A..%s" % "ABCDEFGH"[m - 1], north="a..%s" % "abcdefgh"[m - 1],
                           swap=", or swap when the pie rule offers it" if self.board.rules.pie else "")

    def record(self):
        return Record.from_board(self.board)

    def push(self, move):
        side = self.board.turn
        report = self.board.push(move)
        self.sides.append(side)
        self.say(" ".join(describe_move(self.board.rules, report)))

    def undo(self):
        if not self.sides:
            self.say("Nothing to take back.")
            return
        human_moves = 0
        while self.sides:
            side = self.sides.pop()
            self.board.pop()
            if side != self.computer:
                human_moves += 1
            if self.computer is None or (human_moves and self.board.turn != self.computer):
                break
        self.say("Taken back.")

    def finish(self):
        outcome = self.board.outcome()
        if outcome is not None:
            self.say(outcome.describe())
        self.say("Record: %s" % compact.write(self.record()))
        return 0

    def run(self):
        rules = self.board.rules
        self.say("%s. %s" % (rules.name, self.help_text()))
        if self.computer is not None:
            self.say("You play %s; the computer (%s) plays %s." % (
                SIDE_NAMES[1 - self.computer], getattr(self.player, "name", "computer"), SIDE_NAMES[self.computer]))
        self.show()
        while self.board.turn is not None:
            side = self.board.turn
            if side == self.computer:
                move = self.player.choose(self.board.copy(), self.time)
                self.push(move)
                self.show()
                continue
            line = self.read_line("%s to move> " % SIDE_NAMES[side])
            if line is None:
                self.say()
                return self.finish()
            command = line.strip().lower()
            if not command:
                continue
            if command in ("quit", "q", "exit"):
                return self.finish()
            if command in ("help", "h", "?"):
                self.say(self.help_text())
            elif command in ("undo", "u", "takeback"):
                self.undo()
                self.show()
            elif command in ("board", "b"):
                self.show()
            elif command in ("record", "r", "moves"):
                record = self.record()
                self.say("Moves: %s" % (" ".join(t["text"] for t in record.turns()) or "none"))
                self.say("Record: %s" % compact.write(record))
            else:
                try:
                    self.push(self.board.parse_move(line))
                except KalahError as error:
                    self.say("%s (type help for help)" % error)
                    continue
                self.show()
        return self.finish()


def run(args):
    interactive = sys.stdin.isatty()
    if hasattr(sys.stdin, "reconfigure"):  # bytes that are not text become '?'-like marks, not a crash
        sys.stdin.reconfigure(errors="replace")

    def read_line(prompt):
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            return None
        if not interactive:  # echo fed input, so a transcript reads like a session
            sys.stdout.write(line if line.endswith("\n") else line + "\n")
        return line

    return Game(args, sys.stdout, read_line).run()
