"""Why a click on a house sowed nothing: the play page and the analysis board say it in the same
words. Pure Python (CPython tests check every sentence), and apart from game_setup.py, so that
the analysis board, which has no new-game choices, does not carry them.

    reason = why_not(board, side, house)   # None: the move is legal
"""

from kalah.errors import KalahError
from kalah.game.notation import house_letter
from kalah.game.rules import SIDE_NAMES


def why_not(board, side, house):
    """Why playing `side`'s `house` now changes nothing, or None if it is legal."""
    if board.turn is None:
        return "The game is over: start a new game to play again."
    letter = house_letter(side, house)
    if side != board.turn:
        return "It is %s's turn: house %s belongs to %s." % (SIDE_NAMES[board.turn], letter, SIDE_NAMES[side])
    if board.is_legal(house):
        return None
    if board.pits[board.rules.house_index(side, house)] == 0:
        return "House %s is empty: choose a house with seeds." % letter
    try:
        board.check_move(house)
    except KalahError as error:
        reason = str(error)
        reason = reason.split(": ", 1)[1] if reason.startswith("move ") else reason
        return "House %s cannot be played now: %s." % (letter, reason)
    return None
