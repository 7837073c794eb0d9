"""The analysis board's link, written: the one part of kalah/study/analysis.py that the pages linking
to the analysis board need (the play page, the replay viewer, the history, the puzzles), apart
so that they do not carry its reader and editor. Pure Python, MicroPython-safe.

    analysis_fragment(board)   # 'position=kalah(6,4)/.../S'
    position_link(board)       # 'analysis.html#position=...': this very position
    study_link(board)          # the same, for a game's position to study (an ended game: before its end)
"""

KEY = "position"


def analysis_fragment(board):
    """The fragment (without '#') of the link that opens `board`'s position."""
    return KEY + "=" + board.position()


def position_link(board):
    """The analysis page's address (relative to the site) for `board` as it is, an ended game's
    final board included (the review's "study this position" at the end of the game)."""
    return "analysis.html#" + analysis_fragment(board)


def study_link(board):
    """The analysis page's address (relative to the site) for a game's `board`: its position while
    the game goes on, else the position before the move that ended it (an ended game has no move
    to value). The play page, the replay viewer and the history link here."""
    board = board.copy()
    while board.is_game_over() and board.move_stack:
        board.pop()
    return position_link(board)
