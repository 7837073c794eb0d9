"""The puzzles page (puzzles.html): find the best move, with proven answers.

The puzzles and their checks are kalah/study/puzzles.py; this module draws a
puzzle, takes the player's move, and keeps their record in localStorage.
The page's fragment is a puzzles link (`#rules=kalah(6,4)&theme=capture`,
`#id=kalah6-4-0012`): a teacher links one puzzle or a themed set, and the
fragment follows the puzzle on screen so that a reload keeps it.
"""

from pyscript import window

from kalah.study import puzzles
from kalah.errors import KalahError
from kalah.library.fragments import is_link
from kalah.game.notation import move_text, signed
from kalah.i18n import _, side_word, translated
from kalah.web.common.board_view import BoardView
from kalah.web.common.dom import bring_into_view, by_id, listen, page_ready, proxy, show_message
from kalah.web.puzzles.pickers import draw_links, fill_pickers, kept_language, picked, show_choice
from kalah.web.puzzles.record import NOT_SAVED, draw_record, open_store, save
from kalah.web.puzzles.runs import Runs
from kalah.web.puzzles.sets import PuzzleSets
from kalah.web.puzzles.words import about_text, after, change_text, line_text, prompt_text, second_of
from kalah.web.puzzles.your_puzzles import YourGames

class PuzzlesPage:
    def __init__(self):
        self.store, text = open_store()
        self.progress, problem = puzzles.Progress.from_text(text)
        self.sets = PuzzleSets()
        self.choice = puzzles.Choice()
        self.puzzle = None
        self.attempt = None     # the puzzle shown, played answer by answer (kalah.study.puzzles.Attempt)
        self.runs = Runs(self.progress, self._save, self.next, self._run_ended)   # a streak or a timed run
        self.answered = False   # this showing of the puzzle has been answered (or given up)
        self.said_empty = False  # the message says the set from your games is empty
        self.written_hash = None  # the fragment this page wrote last
        self.view = BoardView(by_id("board"), on_house=self.chosen)
        self.yours = YourGames(self.store, self._yours_changed)
        fill_pickers()
        listen(by_id("pick-set"), "change", lambda event: self.pick())
        listen(by_id("pick-rules"), "change", lambda event: self.pick())
        listen(by_id("pick-theme"), "change", lambda event: self.pick())
        listen(by_id("pick-difficulty"), "change", lambda event: self.pick())
        listen(by_id("pick-mode"), "change", lambda event: self.pick())
        listen(by_id("run-again"), "click", lambda event: self.start_run())
        listen(by_id("retry"), "click", lambda event: self.retry())
        listen(by_id("solution"), "click", lambda event: self.give_up())
        listen(by_id("next"), "click", lambda event: self.next())
        # addEventListener called through pyscript's `window` loses its `this` under MicroPython.
        window.onhashchange = proxy(lambda event: self.hash_changed())
        if problem:
            self.say(problem, True)
        by_id("rating-scale").textContent = puzzles.rating_scale_text()
        self._draw_record()

    # -- what to show ----------------------------------------------------------
    def say(self, text, problem=False):
        show_message(by_id("message"), text, problem)

    def open(self, fragment, first=True):
        """A link's choice, else (at the `first` opening) the default set; an in-page anchor (the skip
        link's `#puzzle`) changes nothing, a bad link says why by the puzzle and keeps it."""
        if is_link(fragment):
            try:
                self.choice = puzzles.parse_link(fragment)
            except KalahError as error:
                self.say((_("This puzzles link could not be read: %(reason)s. Here are the %(rules)s puzzles "
                            "instead.") if first else _("This puzzles link could not be read: %(reason)s. The "
                                                        "puzzle shown stays.")) % {
                    "reason": translated(error), "rules": puzzles.SHIPPED_RULES[0]}, True)
                bring_into_view(by_id("message"))
                if not first:
                    return
        elif not first:
            return
        show_choice(self.choice, self.yours)
        self.load(self.choice.rules.name, self._first)

    def hash_changed(self):
        """A new link in the open tab (the page's own replaceState fires no hashchange)."""
        if str(window.location.hash) != self.written_hash:
            self.written_hash = str(window.location.hash)
            self.open(self.written_hash, first=False)

    def _first(self, found):
        if self.choice.mode != puzzles.MODES[0]:
            self.start_run()
            return
        if self.runs.run is not None:
            self.runs.leave()
        if self.choice.pid is not None:
            try:
                self.show(found.by_id(self.choice.pid))
                return
            except KalahError as error:
                self.say(_("%(reason)s. Here is another puzzle.") % {"reason": translated(error)}, True)
        self.next()

    def load(self, name, then):
        """The rule set's puzzles (fetched once), then `then(PuzzleSet)`: not if another rule set
        was chosen while they came (PuzzleSets.load)."""
        if self.choice.set_name == "yours":   # found in this browser's games, not fetched
            by_id("status").hidden = True
            then(self.yours.puzzle_set(name))
            return
        self.sets.load(name, then, self.fail, wanted=lambda: self.choice.rules.name == name)

    def fail(self, text):
        status = by_id("status")
        status.textContent = text
        status.className = "status error"
        status.hidden = False
        self._shown(False)

    def candidates(self):
        if self.choice.set_name == "yours":
            return self.yours.puzzle_set(self.choice.rules.name).select(self.choice.theme, self.choice.difficulty)
        found = self.sets.loaded(self.choice.rules.name)
        if found is None:
            return []
        return found.select(self.choice.theme, self.choice.difficulty)

    def pick(self):
        """The pickers changed: the next puzzle of the new choice."""
        self.choice = picked(self.choice)
        show_choice(self.choice, self.yours)
        self.load(self.choice.rules.name, lambda found: self._first(found))

    def next(self):
        if self.runs.run is not None:
            if self.runs.run.over:
                return
            chosen = self.runs.run.next_puzzle(self.candidates())
            if chosen is None:
                self.runs.end(_("You have met every puzzle of this choice."))
            else:
                self.show(chosen)
            return
        chosen = self.progress.next_puzzle(self.candidates(), self.puzzle.id if self.puzzle else None)
        if chosen is None:
            self._shown(False)
            if self.choice.set_name == "yours":
                narrowed = self.choice.theme is not None or self.choice.difficulty is not None
                self.say(self.yours.empty_text(self.choice.rules.name, narrowed))
                self.said_empty = True
                return
            self.say(_("No puzzle has this theme and difficulty: choose another."), True)
            return
        if self.said_empty:   # the set from your games has puzzles now
            self.said_empty = False
            self.say("")
        self.show(chosen)

    # -- one puzzle ------------------------------------------------------------
    def show(self, puzzle):
        self.puzzle = puzzle
        self.attempt = puzzles.Attempt(puzzle)
        self.answered = False
        board = puzzle.board()
        section = by_id("puzzle")
        self._shown(True)
        section.setAttribute("data-puzzle", puzzle.id)
        seen = self.progress.results[puzzle.id] if self.progress.answered(puzzle) else None
        by_id("about").textContent = about_text(puzzle, seen, self.choice.set_name == "yours")
        self._verdict("", None)
        self._ask()
        self.choice = puzzles.Choice(puzzle.rules.name, puzzle.id, self.choice.theme, self.choice.difficulty,
                                     self.choice.set_name, self.choice.mode, self.choice.seconds)
        show_choice(self.choice, self.yours)
        self._draw_links()
        # In a run: no second try, and the next puzzle comes once this one is answered.
        by_id("next").hidden = self.runs.run is not None

    def _ask(self):
        """The position the attempt stands at, its mover's houses to choose from: the start, the move
        after the opponent's reply, or the move a wrong answer missed ("Try again")."""
        board = self.attempt.board
        section = by_id("puzzle")
        section.removeAttribute("data-answer")
        section.setAttribute("data-step", str(self.attempt.index))
        self.answered = False
        by_id("prompt").textContent = prompt_text(board.turn, self.attempt.index, self.puzzle.moves)
        self._draw(board, board.legal_moves)
        by_id("line").textContent = ""
        by_id("retry").hidden = True
        by_id("solution").hidden = False

    def _draw(self, board, legal=(), last_move=None):
        solver = self.attempt.solver
        self.view.render(board.rules, board.pits, board.turn, legal, last_move=last_move,
                         orientation=solver, you=solver, position=board.position())

    def _play(self, board, moves, then):
        """Sow `moves` from `board` (which the view shows) one after another, each drawn when its
        seeds have landed (the sowing is the pause between them), then call then()."""
        if not moves:
            then()
            return
        board = board.copy()
        side = board.turn
        report = board.push(moves[0])

        def landed():
            # Drawn first: the view animates a move from the position it shows.
            self._draw(board, (), (side, moves[0]))
            self._play(board, moves[1:], then)
        self.view.animate(report, landed)

    def _shown(self, shown):
        """The puzzle, and the links to it and its position, shown or hidden together."""
        by_id("puzzle").hidden = not shown
        by_id("puzzle-links").hidden = not shown

    def _verdict(self, text, right):
        node = by_id("verdict")
        node.textContent = text
        node.className = "verdict" if right is None else ("verdict right" if right else "verdict wrong")

    def chosen(self, side, house):
        if self.puzzle is None:
            return
        board = self.attempt.board
        if self.view.animating:   # a reply is still being sown: a click only hurries it
            return
        if self.runs.run is not None and self.runs.run.over:
            self._verdict(_("This run is over: start a new run, or choose One at a time."), None)
            return
        if self.answered:
            self._verdict(_("Press Try again to play this puzzle once more, or Next puzzle."), None)
            return
        if side != board.turn or house not in board.legal_moves:
            self._verdict(_("Choose one of %(side)s's houses with seeds in it.") % {"side": side_word(board.turn)},
                          None)
            return
        self.answer(house)

    def answer(self, move):
        puzzle, attempt = self.puzzle, self.attempt
        board = attempt.board.copy()
        step = attempt.step
        verdict, moves = attempt.answer(move)
        best = move_text(board.turn, step.best)
        played = move_text(board.turn, move)
        section = by_id("puzzle")
        if verdict == puzzles.RIGHT:
            self._verdict(_("Right: %(move)s. Best reply: %(line)s. Your move again.") % {
                "move": played, "line": line_text(after(board, moves[:1]), moves[1:])}
                if len(moves) > 1 else _("Right: %(move)s, and it is your move again.") % {"move": played}, True)
            self._play(board, moves, self._ask)
            return
        self.answered = True
        change = self.progress.record(puzzle, verdict == puzzles.SOLVED)
        self._save()
        then = self.runs.answered(verdict == puzzles.SOLVED)
        if verdict == puzzles.SOLVED:
            self._verdict(_("Right! %(move)s ends %(value)s with best play on both sides; the next best move ends "
                            "%(second)s.") % {"move": best, "value": signed(puzzle.value),
                                              "second": signed(second_of(step))} + change_text(change), True)
            section.setAttribute("data-answer", "right")
            by_id("retry").hidden = True   # a puzzle solved is done: Next puzzle
            by_id("solution").hidden = True
        else:
            self._verdict(_("Not the best: %(move)s ends %(value)s with best play, and %(best)s ends %(best_value)s.")
                          % {"move": played, "value": signed(step.values[move]), "best": best,
                             "best_value": signed(step.values[step.best])} + change_text(change), False)
            reply_board = after(board, moves[:1])
            by_id("line").textContent = (_("After %(move)s: %(line)s.") % {
                "move": played, "line": line_text(reply_board, moves[1:])}
                if len(moves) > 1 and reply_board.turn is not None else "")
            # The refutation is played on the board; Try again puts the position back.
            section.setAttribute("data-answer", "wrong")
            by_id("retry").hidden = self.runs.run is not None
            by_id("solution").hidden = self.runs.run is not None
        self._play(board, moves, then)
        self._draw_record()

    def retry(self):
        """The position where the answer was missed (or the answer shown), to find the move again."""
        if self.puzzle is not None:
            self._ask()

    def give_up(self):
        """The rest of the solution played on the board; a miss on the record."""
        puzzle, attempt = self.puzzle, self.attempt
        if puzzle is None:
            return
        board = attempt.board.copy()
        if self.answered and by_id("puzzle").getAttribute("data-answer") != "wrong":
            return
        # From the position asked (a wrong answer's refutation, or a reply still being sown, makes way).
        self._draw(board)
        self.progress.record(puzzle, False)
        self._save()
        self.answered = True
        then = self.runs.answered(False)
        by_id("puzzle").setAttribute("data-answer", "shown")
        rest = puzzle.line[attempt.played:]
        step = attempt.step
        self._verdict(_("The answer: %(move)s, which ends %(value)s with best play; the next best move ends "
                        "%(second)s.") % {"move": move_text(board.turn, step.best),
                                          "value": signed(step.values[step.best]), "second": signed(second_of(step))},
                      None)
        by_id("line").textContent = (_("The whole solution from here: %(line)s.") % {"line": line_text(board, rest)}
                                     if len(rest) > 1 else "")
        by_id("retry").hidden = self.runs.run is not None
        by_id("solution").hidden = True
        self._play(board, rest, then)
        self._draw_record()

    # -- a streak or a timed run (kalah/web/puzzles/runs.py) ----------------------
    def start_run(self):
        self.runs.start(self.choice.mode, self.choice.seconds)
        self.next()
        self.runs.tick()

    def _run_ended(self):
        self.answered = True   # the board takes no more answers in this run
        self._draw_record()

    # -- the record and the links ---------------------------------------------
    def _save(self):
        if not save(self.store, self.progress):
            self.say(_(NOT_SAVED), True)

    def _draw_record(self):
        draw_record(self.progress)

    def _draw_links(self):
        self.written_hash = draw_links(self.choice, self.puzzle, self.runs.run is not None) + kept_language(
            str(window.location.hash))
        window.history.replaceState(None, "", self.written_hash)

    def _yours_changed(self):
        """The set from your games grew or its check ended: show a puzzle if none is shown."""
        if self.choice.set_name == "yours" and (self.puzzle is None or by_id("puzzle").hidden):
            self.next()


PAGE = None


def main():
    global PAGE
    PAGE = PuzzlesPage()
    PAGE.open(str(window.location.hash))
    # The page's Python has run; the puzzles arrive with their fetch, and the
    # puzzle section then carries data-puzzle (what tests wait on).
    page_ready(loaded=False)
