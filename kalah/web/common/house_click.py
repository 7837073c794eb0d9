"""Why a click on a house sowed nothing: the play page and the analysis board say it in the same
words. Pure Python (CPython tests check every sentence), and apart from game_setup.py, so that
the analysis board, which has no new-game choices, does not carry them.

    reason = why_not(board, side, house)   # None: the move is legal
"""

from kalah.errors import KalahError
from kalah.i18n import _, side_word, translated
from kalah.game.notation import house_letter


def why_not(board, side, house):
    """Why playing `side`'s `house` now changes nothing, or None if it is legal."""
    if board.turn is None:
        return _("The game is over: start a new game to play again.")
    letter = house_letter(side, house)
    if side != board.turn:
        return _("It is %(side)s's turn: house %(letter)s belongs to %(owner)s.") % {
            "side": side_word(board.turn), "letter": letter, "owner": side_word(side)}
    if board.is_legal(house):
        return None
    if board.pits[board.rules.house_index(side, house)] == 0:
        return _("House %(letter)s is empty: choose a house with seeds.") % {"letter": letter}
    try:
        board.check_move(house)
    except KalahError as error:
        return _("House %(letter)s cannot be played now: %(reason)s.") % {
            "letter": letter, "reason": translated(error.params.get("reason", error))}
    return None
