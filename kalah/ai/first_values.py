"""First values on the page's own thread, while the computer's worker starts.

The Pyodide worker takes seconds to start cold; the page's MicroPython is
running already and searches too (some 8x slower than the worker, but a
shallow search is a good first estimate). So the analysis board and the play
page's hint first show the opening book's values or a short search's,
worked out here, and the worker's values replace them when they come.

    answer = book_values(board, book)         # None outside the book
    answer = estimate(board, 0.04)            # a search slice; call again to go deeper
        -> {"values": {"3": {"value": 8, "exact": True}, ...}, "depth": 6, "complete": False}

The answer has the shape of the worker's (kalah.ai.analysis_board, which
shapes its own with `values_answer`): each legal move's house ("0" for the
pie swap) and the mover's final margin in seeds, exact where proven (the
book, or a search that saw the end of the game). Each `estimate` is one
slice of at most about `seconds`: the page stays free between slices, and
the search's table, kept between them, takes the next one deeper. No
endgame table here (11 MB; the worker loads it) and so no proofs.
"""

from kalah.ai.search import Search

# Entries of the page's search table: a few slices fill a few thousand, and MicroPython's
# heap is the page's (the worker's table holds search.DEFAULT_TABLE_SIZE).
TABLE_SIZE = 20000

_searches = {}   # rule set name -> its Search, one rule set at a time


def values_answer(values, exact, depth=0):
    """{"values": {house text: {"value", "exact"}}, "depth", "complete"} from {move: value} and {move: exact}."""
    shown = dict((str(move), {"value": values[move], "exact": bool(exact.get(move))})
                 for move in sorted(values))
    return {"values": shown, "depth": depth, "complete": all(entry["exact"] for entry in shown.values())}


def book_values(board, book):
    """The opening book's values of the position (depth 0), or None outside it (or without a book)."""
    entry = book.lookup(board.pits, board.turn) if book is not None else None
    if not entry or not entry[0]:
        return None
    values, exact = entry
    return values_answer(values, exact)


def estimate(board, seconds, max_depth=None):
    """Every legal move's value by a search of about `seconds` (its first depth always completes).

    The search's table is kept for the rule set, so a second call on the same
    position starts where the first ended and goes deeper in the same time."""
    name = board.rules.name
    search = _searches.get(name)
    if search is None:
        _searches.clear()
        search = _searches[name] = Search(board.rules, table_size=TABLE_SIZE)
    analysis = search.analyse(board, seconds, max_depth=max_depth)
    return values_answer(analysis.values, analysis.exact_values, analysis.depth)
