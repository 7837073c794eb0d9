"""The analysis board's link, written: the one part of kalah/study/analysis.py that the pages linking
to the analysis board need (the play page, the replay viewer, the history, the puzzles), apart
so that they do not carry its reader and editor. Pure Python, MicroPython-safe.

    analysis_fragment(board)   # 'position=kalah(6,4)/.../S'
    position_link(board)       # 'analysis.html#position=...': this very position
    study_link(board)          # the same, for a game's position to study (an ended game: before its end)
    study_fragment(start, "36(5)41", "35")   # a study: 'position=...&moves=36(5)41&at=35'
    game_study_link(board)     # a game as a study: its start, its moves, at the position shown
"""

KEY = "position"     # the position (a study's start)
MOVES_KEY = "moves"  # a study's moves and variations (kalah.study.move_tree's text)
AT_KEY = "at"        # the move looked at: the moves from the start to it, as digits
KEYS = (KEY, MOVES_KEY, AT_KEY)


def analysis_fragment(board):
    """The fragment (without '#') of the link that opens `board`'s position."""
    return KEY + "=" + board.position()


def study_fragment(start, moves, at):
    """The fragment of a study: its start Board, its moves (kalah.study.move_tree's text) and the path
    of the move looked at (digits); with no moves, exactly `analysis_fragment(start)`."""
    return _study(start.position(), moves, at)


def game_study_link(board):
    """The analysis page's address for a game's `board` as a study: the game's start, its moves as
    the main line, looking at the position shown (its move_stack's end), so that the board draws
    the game's graph and a click goes to any move."""
    moves = "".join(str(move) for move in board.move_stack)
    return "analysis.html#" + _study(board.start_position(), moves, moves)


def _study(position, moves, at):
    fragment = KEY + "=" + position
    if not moves:
        return fragment
    return "%s&%s=%s&%s=%s" % (fragment, MOVES_KEY, moves, AT_KEY, at)


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
