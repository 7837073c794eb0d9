# Attack 7: an exception whose text clears the screen, retitles the window, moves the cursor,
# hides the rest and rewrites the line. The referee's output must show these escaped.
# Twin: RAISES (the same exception with plain text).
def select_move(board, lookahead):
    raise ValueError("\x1b[2J\x1b]0;pwned\x07\x1b[10;10H\x1b[8mhidden\rgone\x9b31m")
