"""What the puzzles page says of moves and answers (pure Python: CPython-tested)."""

from kalah.game.notation import move_text, signed
from kalah.game.rules import SIDE_NAMES


def line_text(board, moves):
    """'North b, then North e, then South C': moves played from `board` (a copy is used)."""
    board = board.copy()
    words = []
    for move in moves:
        words.append("%s %s" % (SIDE_NAMES[board.turn], move_text(board.turn, move)))
        board.push(move)
    return ", then ".join(words)


def moves_text(count):
    return "1 move" if count == 1 else "%d moves" % count


def second_of(step):
    """The best value among a step's other moves."""
    return max(value for move, value in step.values.items() if move != step.best)


def after(board, moves):
    """A copy of `board` with `moves` played."""
    after = board.copy()
    for move in moves:
        after.push(move)
    return after


def change_text(change):
    """' Rating +12.' after an answer that moved the rating, else ''."""
    return " Rating %s." % signed(change) if change else ""
