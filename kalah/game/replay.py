"""Moves played from a start, board after board: `python -m kalah replay`'s game.

    >>> replay = Replay("kalah(6,4)").play(split_moves("3,6,4"))
    >>> replay.to_json()["to_move"]
    ['S', 'N', 'S']

`split_moves` reads a move list (commas and spaces separate moves; an empty
token between two commas is a move too, an illegal one). `Replay.play`
plays the tokens, an illegal one raising KalahError, or with `forfeit`
ending the game by the forfeit rule of docs/rules.md; `to_json()` is the
command's JSON (its doc gives the fields).
"""

from kalah.game.board import Board
from kalah.errors import N_, KalahError
from kalah.game.rules import SIDE_LETTERS


def split_moves(text):
    """The tokens of a move list: commas and spaces separate them."""
    text = text.replace(",", " , ").strip()
    tokens = []
    current = None
    for word in text.split():
        if word == ",":
            tokens.append("" if current is None else current)
            current = None
        elif current is None:
            current = word
        else:  # two words without a comma between: two moves
            tokens.append(current)
            current = word
    if current is not None:
        tokens.append(current)
    while tokens and tokens[-1] == "":  # a trailing comma
        tokens.pop()
    return tokens


class Replay:
    """The moves played on a board, and what each did."""

    def __init__(self, rules, start=None):
        self.board = Board(rules, position=start)
        self.boards = []
        self.to_move = []
        self.reports = []
        self.forfeit = None   # (side, index, reason)

    def play(self, tokens, forfeit=False):
        board = self.board
        for index, token in enumerate(tokens):
            if board.turn is None:
                raise KalahError(N_("move %(number)d ('%(move)s'): the game is over"), number=index + 1,
                                 move=token[:20])
            try:
                report = board.push(token)
            except KalahError as error:
                if not forfeit:
                    raise
                reason = _without_move_number(str(error))
                side = board.turn
                board.forfeit(side, reason, token)
                self.forfeit = (side, index, reason)
                report = None
            self.reports.append(report)
            self.boards.append(list(board.pits))
            self.to_move.append(None if board.turn is None else SIDE_LETTERS[board.turn])
        return self

    def to_json(self):
        outcome = self.board.outcome()
        data = {"rules": self.board.rules.name, "boards": self.boards, "to_move": self.to_move,
                "final": None if outcome is None else list(outcome.scores)}
        if self.forfeit is not None:
            side, index, reason = self.forfeit
            data["forfeit"] = {"by": SIDE_LETTERS[side], "move": index, "reason": reason}
        return data


def _without_move_number(text):
    if text.startswith("move ") and ": " in text:
        return text[text.index(": ") + 2:]
    return text
