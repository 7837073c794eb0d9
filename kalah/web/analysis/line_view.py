"""The analysis board's best line, each move a button (a click plays the line up to it into the
study; hovering or focusing it previews that position on the board), and the evaluation bar.

    line = LineView(by_id("line"), on_play, on_preview)
    line.render(board, [6, 1, 4], exact=False, proven=1)
    # on_play(moves): the line's moves up to the one clicked, from the position shown
    # on_preview(moves): show the position after them; on_preview(None): the position shown again
    bar = EvaluationBar(by_id("eval-bar"), by_id("eval-text"))
    bar.show(board, values)     # South's side of the best value shown; no values: an empty bar
"""

from kalah.i18n import _
from kalah.web.analysis.words import bar_share, evaluation, evaluation_words, line_note, line_steps
from kalah.web.common.dom import clear, closest, el, listen


class LineView:
    def __init__(self, container, on_play, on_preview):
        self.container = container
        self._on_play = on_play
        self._on_preview = on_preview
        self.moves = []
        self._previewing = False
        listen(container, "click", self._clicked)
        listen(container, "mouseover", self._entered)
        listen(container, "focusin", self._entered)
        listen(container, "mouseout", self._left)
        listen(container, "focusout", self._left)

    def render(self, board, moves, exact, proven):
        self.clear()
        steps = line_steps(board, moves)
        self.moves = [move for move, _text, _separator in steps]
        for index in range(len(steps)):
            move, text, separator = steps[index]
            if separator:
                self.container.appendChild(el("span", separator, cls="separator"))
            self.container.appendChild(el("button", text, cls="line-move", attrs={
                "type": "button", "data-ply": str(index + 1),
                "aria-label": _("%(move)s: play the line to here") % {"move": text}}))
        if steps:
            # The note is in the page's language, the line left to right: the note keeps its own direction.
            note = el("span", " " + line_note(exact, proven), cls="line-note", attrs={"dir": "auto"})
            self.container.appendChild(note)

    def clear(self):
        """No line (another position is shown): any preview ends."""
        if self._previewing:
            self._previewing = False
            self._on_preview(None)
        self.moves = []
        clear(self.container)

    def _moves_of(self, event):
        button = closest(event.target, "button[data-ply]")
        return None if button is None else self.moves[:int(button.getAttribute("data-ply"))]

    def _clicked(self, event):
        moves = self._moves_of(event)
        if moves:
            self._previewing = False
            self._on_play(moves)

    def _entered(self, event):
        moves = self._moves_of(event)
        if moves:
            self._previewing = True
            self._on_preview(moves)

    def _left(self, event):
        if self._previewing and self._moves_of(event):
            self._previewing = False
            self._on_preview(None)


class EvaluationBar:
    """South's share of a bar (role="meter"), from the best value shown, with its words for
    screen readers and beside it."""

    def __init__(self, bar, words):
        self.bar = bar
        self.words = words
        self.fill = bar.querySelector(".eval-south")

    def show(self, board, values):
        total = str(board.rules.total)
        self.bar.setAttribute("aria-valuemin", "-" + total)
        self.bar.setAttribute("aria-valuemax", total)
        found = evaluation(board, values)
        if found is None:
            self.bar.removeAttribute("data-margin")
            self.bar.setAttribute("aria-valuenow", "0")
            self.bar.setAttribute("aria-valuetext", _("No value yet"))
            self.fill.style.width = "50%"
            self.words.textContent = ""
            return
        margin, exact = found
        words = evaluation_words(margin, exact)
        self.bar.setAttribute("data-margin", str(margin))
        self.bar.setAttribute("aria-valuenow", str(margin))
        self.bar.setAttribute("aria-valuetext", words)
        self.bar.classList.toggle("guess", not exact)
        self.fill.style.width = "%.1f%%" % bar_share(margin)
        self.words.textContent = words
