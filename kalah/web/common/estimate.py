"""A position's first values, worked out on the page while the computer's worker starts.

    estimate = FirstEstimate(on_values)   # on_values(answer, source) each time it knows more
    estimate.start(board)                 # a position (the last one's estimate is dropped); its first
                                          # values before it returns, unless the book is on its way
    estimate.stop()                       # the worker's values came

`answer` has the worker's shape (kalah.ai.first_values); `source` is "book"
or "search". Search slices on the page's thread, each of about SLICE_SECONDS
with PAUSE_MS between them, so that the page answers clicks and the worker's
start keeps a core, until the values are exact or the slices have had
BUDGET_SECONDS (by then the worker's values are near, and deeper); but the
opening book's values where the rule set ships one and the position is in it
(the slices do not wait for the book's download). The first values come
within `start`: drawn with the board, and before the worker (started after
it) takes the cores to compile its runtime.
"""

from pyscript import window

from kalah.ai import first_values
from kalah.web.common import computer
from kalah.web.common.dom import Timer

SLICE_SECONDS = 0.03   # one slice: with the search's overshoot, under the 50 ms of a long task
PAUSE_MS = 30
BUDGET_SECONDS = 1.5


class FirstEstimate:
    """The page's estimates, one position at a time: `start(board)` drops the last one's."""

    def __init__(self, on_values):
        self.on_values = on_values
        self.board = None
        self.spent = 0.0
        self.depth = 0
        self.timer = Timer(self._slice)

    def start(self, board):
        self.stop()
        board = self.board = board.copy()
        self.spent, self.depth = 0.0, 0
        name = board.rules.name
        if not self._from_book(board, computer.loaded_book(name)):
            if name in computer.SHIPPED_BOOKS and computer.loaded_book(name) is None:
                computer.with_book(name, lambda book: self._from_book(board, book))
            self._slice()

    def stop(self):
        self.board = None
        self.timer.stop()

    def _from_book(self, board, book):
        """Show the book's values if it has the position; whether it had."""
        answer = first_values.book_values(board, book) if self.board is board else None
        if answer is None:   # no book, not in it, or stopped (another position since)
            return False
        # The book's values were proven or searched far deeper than a page can.
        self.stop()
        self.on_values(answer, "book")
        return True

    def _slice(self):
        board = self.board
        if board is None:
            return
        started = window.performance.now()
        answer = first_values.estimate(board, SLICE_SECONDS)
        self.spent += (window.performance.now() - started) / 1000
        if answer["depth"] > self.depth:
            self.depth = answer["depth"]
            self.on_values(answer, "search")
        if self.board is board and not answer["complete"] and self.spent < BUDGET_SECONDS:
            self.timer.start(PAUSE_MS)
