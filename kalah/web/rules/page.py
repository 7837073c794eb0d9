"""rules.html: a live board for every rule, where the reader makes the move the text asks for.

The page's text is static HTML, readable before Python starts; this module binds each
`<section data-lesson="NAME">` (NAME a kalah.study.rules_tour lesson) once MicroPython runs: it draws
the lesson's position into the section's `.rule-board` with the shared BoardView, plays the
clicked move in the engine (kalah.study.rules_tour.try_move), animates it, and says in `.rule-result`
what happened and whether it was the move asked for. `.rule-reset`, shown once a move was
played, puts the position back;
the pie rule's section has a `.rule-swap` button, the one move that is not a house.

The section carries data-outcome ("right" or "wrong") and data-events (the MoveReport's event
kinds, comma-separated) after a move, for tests and styles.
"""

from kalah.game.board import Board
from kalah.game.rules import SWAP
from kalah.i18n import _
from kalah.study.rules_tour import find_lesson, try_move
from kalah.web.common.board_view import BoardView
from kalah.web.common.dom import document, listen, page_ready


class TryIt:
    """One section's board, its result line and its buttons."""

    def __init__(self, section):
        self.section = section
        self.lesson = find_lesson(section.dataset.lesson)
        self.result = section.querySelector(".rule-result")
        self.view = BoardView(section.querySelector(".rule-board"), on_house=self.clicked)
        self.swap = section.querySelector(".rule-swap")
        self.played = False
        self.reset_button = section.querySelector(".rule-reset")
        listen(self.reset_button, "click", lambda event: self.reset())
        if self.swap is not None:
            listen(self.swap, "click", lambda event: self.play(SWAP, None))
        self.reset()

    def reset(self):
        board = Board(position=self.lesson.position)
        self.played = False
        self.reset_button.hidden = True
        self.show(board)
        self.result.textContent = ""
        self.section.removeAttribute("data-outcome")
        self.section.removeAttribute("data-events")

    def show(self, board, last_move=None, live=True):
        legal = board.legal_moves if live else ()
        self.view.render(board.rules, board.pits, board.turn, legal, last_move=last_move,
                         position=board.position())
        if self.swap is not None:
            self.swap.disabled = not (live and board.can_swap)

    def clicked(self, side, house):
        self.play(house, side)

    def play(self, move, side):
        if self.played:
            self.result.textContent = _("Press Reset to try again.")
            return
        verdict = try_move(self.lesson, move, side)
        if verdict.board is None:  # refused: the position stays, the reader tries another house
            self.result.textContent = " ".join(verdict.sentences)
            return
        self.played = True
        self.reset_button.hidden = False
        report = verdict.report
        self.section.setAttribute("data-events", ",".join(event[0] for event in report.events))
        last = None if move == SWAP else (report.side, move)

        def done():
            self.show(verdict.board, last_move=last, live=False)
            self.result.textContent = " ".join(verdict.sentences)
            self.section.setAttribute("data-outcome", "right" if verdict.right else "wrong")

        if self.swap is not None:
            self.swap.disabled = True
        self.view.animate(report, done)


PAGE = []


def main():
    # Every board before returning, not one a task: static/js/start-guard.js takes a page whose
    # script has ended without data-ready for one that failed.
    for section in document.querySelectorAll("section[data-lesson]"):
        PAGE.append(TryIt(section))
    page_ready(loaded=False)
