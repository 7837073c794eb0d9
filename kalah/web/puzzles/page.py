"""The puzzles page (puzzles.html): find the best move, with proven answers.

The puzzles and their checks are kalah/study/puzzles.py; this module draws a
puzzle, takes the player's move, and keeps their record in localStorage.
The page's fragment is a puzzles link (`#rules=kalah(6,4)&theme=capture`,
`#id=kalah6-4-0012`): a teacher links one puzzle or a themed set, and the
fragment follows the puzzle on screen so that a reload keeps it.
"""

from pyscript import window

from kalah.study import puzzles
from kalah.study.analysis_link import study_link
from kalah.errors import KalahError
from kalah.library.fragments import is_link
from kalah.game.notation import move_text, signed
from kalah.game.rules import SIDE_NAMES
from kalah.web.common import storage
from kalah.web.common.board_view import BoardView
from kalah.web.common.dom import bring_into_view, by_id, el, listen, page_ready, proxy, show_message
from kalah.web.puzzles.your_puzzles import YourGames

PROGRESS_KEY = "kalah.puzzles"


def line_text(board, moves):
    """'North b, then North e, then South C': moves played from `board` (a copy is used)."""
    board = board.copy()
    words = []
    for move in moves:
        words.append("%s %s" % (SIDE_NAMES[board.turn], move_text(board.turn, move)))
        board.push(move)
    return ", then ".join(words)


def moves_text(count):
    return "1 move" if count == 1 else "%d moves" % count


def second_of(step):
    """The best value among a step's other moves."""
    return max(value for move, value in step.values.items() if move != step.best)


def open_store():
    """(localStorage as a store, the saved record's text); (None, None) where the browser blocks
    storage (a course page's frame on another site, say): the page then keeps the record in memory."""
    try:
        store = storage.local_store()
        return store, store.get(PROGRESS_KEY)
    except Exception:   # a SecurityError from JS: there is nothing to read
        return None, None


class PuzzlesPage:
    def __init__(self):
        self.store, text = open_store()
        self.progress, problem = puzzles.Progress.from_text(text)
        self.sets = {}          # rules name -> PuzzleSet, or a message why it could not load
        self.choice = puzzles.Choice()
        self.puzzle = None
        self.attempt = None     # the puzzle shown, played answer by answer (kalah.study.puzzles.Attempt)
        self.run = None         # a streak or a timed run under way (kalah.study.puzzles.Run)
        self.run_started = 0    # when the timed run started (ms, the browser's clock)
        self.clock = None       # the timed run's interval
        self.answered = False   # this showing of the puzzle has been answered (or given up)
        self.said_empty = False  # the message says the set from your games is empty
        self.written_hash = None  # the fragment this page wrote last
        self.view = BoardView(by_id("board"), on_house=self.chosen)
        self.yours = YourGames(self.store, self._yours_changed)
        self._fill_pickers()
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

    def _fill_pickers(self):
        rules = by_id("pick-rules")
        for name in puzzles.SHIPPED_RULES:
            rules.append(el("option", name, attrs={"value": name}))
        themes = by_id("pick-theme")
        for theme in puzzles.THEMES:
            themes.append(el("option", puzzles.THEME_NAMES[theme], attrs={"value": theme}))
        modes = by_id("pick-mode")
        for mode in puzzles.MODES:
            modes.append(el("option", puzzles.MODE_NAMES[mode], attrs={"value": mode}))
        levels = by_id("pick-difficulty")
        for difficulty in puzzles.DIFFICULTIES:
            levels.append(el("option", "%d · %s" % (difficulty, puzzles.DIFFICULTY_NAMES[difficulty]),
                             attrs={"value": str(difficulty)}))

    def _show_choice(self):
        by_id("pick-set").value = self.choice.set_name
        self.yours.show(self.choice.set_name == "yours")
        by_id("pick-rules").value = self.choice.rules.name
        by_id("pick-theme").value = self.choice.theme or ""
        by_id("pick-difficulty").value = "" if self.choice.difficulty is None else str(self.choice.difficulty)
        by_id("pick-mode").value = self.choice.mode

    def open(self, fragment, first=True):
        """A link's choice, else (at the `first` opening) the default set; an in-page anchor (the skip
        link's `#puzzle`) changes nothing, a bad link says why by the puzzle and keeps it."""
        if is_link(fragment):
            try:
                self.choice = puzzles.parse_link(fragment)
            except KalahError as error:
                self.say("This puzzles link could not be read: %s. %s" % (
                    error, "Here are the %s puzzles instead." % puzzles.SHIPPED_RULES[0] if first
                    else "The puzzle shown stays."), True)
                bring_into_view(by_id("message"))
                if not first:
                    return
        elif not first:
            return
        self._show_choice()
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
        if self.run is not None:
            self._leave_run()
        if self.choice.pid is not None:
            try:
                self.show(found.by_id(self.choice.pid))
                return
            except KalahError as error:
                self.say("%s. Here is another puzzle." % error, True)
        self.next()

    def load(self, name, then):
        """Fetch the rule set's puzzles once, then call `then(PuzzleSet)`."""
        if self.choice.set_name == "yours":   # found in this browser's games, not fetched
            by_id("status").hidden = True
            then(self.yours.puzzle_set(name))
            return
        found = self.sets.get(name)
        if found is not None:
            if isinstance(found, str):
                self.fail(found)
            else:
                then(found)
            return
        by_id("status").textContent = "Loading the puzzles…"
        by_id("status").hidden = False
        url = "static/data/" + puzzles.file_name(name)

        def failed(*_):
            self.sets[name] = "The %s puzzles could not be loaded (%s). Check the connection and reload." % (
                name, url)
            self.fail(self.sets[name])

        def got_text(text):
            try:
                found = puzzles.PuzzleSet(str(text), url)
            except KalahError as error:
                self.sets[name] = "The %s puzzles are damaged: %s" % (name, error)
                self.fail(self.sets[name])
                return
            self.sets[name] = found
            by_id("status").hidden = True
            then(found)

        def got_response(response):
            if not response.ok:
                failed()
                return
            response.text().then(proxy(got_text), proxy(failed))

        window.fetch(url).then(proxy(got_response), proxy(failed))

    def fail(self, text):
        status = by_id("status")
        status.textContent = text
        status.className = "status error"
        status.hidden = False
        self._shown(False)

    def candidates(self):
        if self.choice.set_name == "yours":
            return self.yours.puzzle_set(self.choice.rules.name).select(self.choice.theme, self.choice.difficulty)
        found = self.sets.get(self.choice.rules.name)
        if found is None or isinstance(found, str):
            return []
        return found.select(self.choice.theme, self.choice.difficulty)

    def pick(self):
        """The pickers changed: the next puzzle of the new choice."""
        theme = by_id("pick-theme").value or None
        difficulty = by_id("pick-difficulty").value
        self.choice = puzzles.Choice(by_id("pick-rules").value, None, theme,
                                     int(difficulty) if difficulty else None, by_id("pick-set").value,
                                     by_id("pick-mode").value, self.choice.seconds)
        self._show_choice()
        self.load(self.choice.rules.name, lambda found: self._first(found))

    def next(self):
        if self.run is not None:
            if self.run.over:
                return
            chosen = self.run.next_puzzle(self.candidates())
            if chosen is None:
                self.end_run("You have met every puzzle of this choice.")
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
            self.say("No puzzle has this theme and difficulty: choose another.", True)
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
        seen = "" if not self.progress.answered(puzzle) else (
            " · solved before" if self.progress.results[puzzle.id] else " · missed before")
        by_id("about").textContent = "Puzzle %s · %s · %s · %s · rating %d%s%s" % (
            puzzle.id, " / ".join(puzzles.THEME_NAMES[t] for t in puzzle.themes),
            puzzles.DIFFICULTY_NAMES[puzzle.difficulty], moves_text(puzzle.moves), puzzle.rating, seen,
            " · from " + puzzle.source if self.choice.set_name == "yours" else "")
        self._verdict("", None)
        self._ask()
        self.choice = puzzles.Choice(puzzle.rules.name, puzzle.id, self.choice.theme, self.choice.difficulty,
                                     self.choice.set_name, self.choice.mode, self.choice.seconds)
        self._show_choice()
        self._draw_links()
        # In a run: no second try, and the next puzzle comes once this one is answered.
        by_id("next").hidden = self.run is not None

    def _ask(self):
        """The position the attempt stands at, its mover's houses to choose from: the start, the move
        after the opponent's reply, or the move a wrong answer missed ("Try again")."""
        board = self.attempt.board
        section = by_id("puzzle")
        section.removeAttribute("data-answer")
        section.setAttribute("data-step", str(self.attempt.index))
        self.answered = False
        mover = SIDE_NAMES[board.turn]
        by_id("prompt").textContent = "%s to move: find the best move%s." % (
            mover, "" if self.puzzle.moves == 1 else " (move %d of %d)" % (self.attempt.index + 1,
                                                                          self.puzzle.moves))
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
        if self.run is not None and self.run.over:
            self._verdict("This run is over: start a new run, or choose One at a time.", None)
            return
        if self.answered:
            self._verdict("Press Try again to play this puzzle once more, or Next puzzle.", None)
            return
        if side != board.turn or house not in board.legal_moves:
            self._verdict("Choose one of %s's houses with seeds in it." % SIDE_NAMES[board.turn], None)
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
            self._verdict("Right: %s. Best reply: %s. Your move again." % (
                played, line_text(self._after(board, moves[:1]), moves[1:]))
                if len(moves) > 1 else "Right: %s, and it is your move again." % played, True)
            self._play(board, moves, self._ask)
            return
        self.answered = True
        change = self.progress.record(puzzle, verdict == puzzles.SOLVED)
        self._save()
        then = self._run_answered(verdict == puzzles.SOLVED)
        if verdict == puzzles.SOLVED:
            self._verdict("Right! %s ends %s with best play on both sides; the next best move ends %s." % (
                best, signed(puzzle.value), signed(second_of(step))) + self._change_text(change), True)
            section.setAttribute("data-answer", "right")
            by_id("retry").hidden = True   # a puzzle solved is done: Next puzzle
            by_id("solution").hidden = True
        else:
            self._verdict("Not the best: %s ends %s with best play, and %s ends %s." % (
                played, signed(step.values[move]), best, signed(step.values[step.best]))
                + self._change_text(change), False)
            after = self._after(board, moves[:1])
            by_id("line").textContent = ("After %s: %s." % (played, line_text(after, moves[1:]))
                                         if len(moves) > 1 and after.turn is not None else "")
            # The refutation is played on the board; Try again puts the position back.
            section.setAttribute("data-answer", "wrong")
            by_id("retry").hidden = self.run is not None
            by_id("solution").hidden = self.run is not None
        self._play(board, moves, then)
        self._draw_record()

    def _after(self, board, moves):
        after = board.copy()
        for move in moves:
            after.push(move)
        return after

    def retry(self):
        """The position where the answer was missed (or the answer shown), to find the move again."""
        if self.puzzle is not None:
            self._ask()

    def _change_text(self, change):
        return " Rating %s." % signed(change) if change else ""

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
        then = self._run_answered(False)
        by_id("puzzle").setAttribute("data-answer", "shown")
        rest = puzzle.line[attempt.played:]
        step = attempt.step
        self._verdict("The answer: %s, which ends %s with best play; the next best move ends %s." % (
            move_text(board.turn, step.best), signed(step.values[step.best]), signed(second_of(step))), None)
        by_id("line").textContent = ("The whole solution from here: %s." % line_text(board, rest)
                                     if len(rest) > 1 else "")
        by_id("retry").hidden = self.run is not None
        by_id("solution").hidden = True
        self._play(board, rest, then)
        self._draw_record()

    # -- a streak or a timed run -------------------------------------------------
    def start_run(self):
        """A new run of the chosen mode: the clock (timed) starts with its first puzzle."""
        self._stop_clock()
        self.run = puzzles.Run(self.choice.mode, self.choice.seconds)
        by_id("run").hidden = False
        by_id("run-again").hidden = True
        by_id("run").setAttribute("data-state", "running")
        if self.run.mode == "timed":
            self.run_started = float(window.Date.now())
            by_id("clock").hidden = False
            self.clock = window.setInterval(proxy(lambda *_: self._tick()), 250)
        else:
            by_id("clock").hidden = True
        self._draw_run()
        self.next()
        self._tick()

    def _run_answered(self, solved):
        """Count the answer in the run; what to do once the board has shown it."""
        run = self.run
        if run is None or run.over:
            return lambda: None
        run.answered(solved)
        self._draw_run()
        if run.over:
            self.end_run("")
            return lambda: None
        if run.mode == "timed":   # the clock runs: straight on to the next puzzle
            return self.next
        by_id("next").hidden = False   # a streak goes on when the player is ready
        return lambda: None

    def _tick(self):
        run = self.run
        if run is None or run.over or run.mode != "timed":
            return
        left = run.time_left((float(window.Date.now()) - self.run_started) / 1000)
        clock = by_id("clock")
        text = puzzles.clock_text(left)
        if str(clock.textContent) != text:
            clock.textContent = text
        if left == 0:
            self.end_run("Time is up.")

    def end_run(self, why):
        run = self.run
        run.over = True
        self._stop_clock()
        best = self.progress.run_ended(run)
        self._save()
        self.answered = True   # the board takes no more answers in this run
        by_id("run").setAttribute("data-state", "over")
        by_id("run-again").hidden = False
        by_id("next").hidden = True
        by_id("retry").hidden = True
        by_id("solution").hidden = True
        self._draw_run(why + (" " if why else "") + "%s over: %d solved%s." % (
            "Streak" if run.mode == "streak" else "Run", run.solved, " (a new best)" if best else ""))
        self._draw_record()

    def _stop_clock(self):
        if self.clock is not None:
            window.clearInterval(self.clock)
            self.clock = None

    def _draw_run(self, text=None):
        run = self.run
        node = by_id("run-count")
        node.textContent = text or "%s: %d solved%s · best %d" % (
            puzzles.MODE_NAMES[run.mode], run.solved,
            ", %d missed" % run.missed if run.mode == "timed" else "", self.progress.best_runs.get(run.mode, 0))
        by_id("run").setAttribute("data-solved", str(run.solved))

    def _leave_run(self):
        """Back to one puzzle at a time."""
        self._stop_clock()
        self.run = None
        by_id("run").hidden = True
        by_id("next").hidden = False

    # -- the record and the links ---------------------------------------------
    def _save(self):
        try:
            if self.store is None:
                raise storage.StorageFull("no storage")
            self.store[PROGRESS_KEY] = self.progress.to_text()
        except storage.StorageFull:   # the record lives on in this tab
            self.say("Your puzzle record could not be saved in this browser (its storage is full "
                     "or blocked); it is kept while this page is open.", True)

    def _draw_record(self):
        results = self.progress.results
        solved = len([v for v in results.values() if v])
        by_id("record").textContent = "Rating %d · streak %d (best %d) · solved %d of %d tried" % (
            self.progress.rating, self.progress.streak, self.progress.best, solved, len(results))

    def _draw_links(self):
        choice = self.choice
        one = puzzles.format_link(puzzles.Choice(choice.rules.name, choice.pid, set_name=choice.set_name))
        themed = puzzles.format_link(puzzles.Choice(choice.rules.name, None, choice.theme, choice.difficulty,
                                                    choice.set_name, choice.mode, choice.seconds))
        by_id("link-puzzle").setAttribute("href", "./puzzles.html#" + one)
        by_id("link-set").setAttribute("href", "./puzzles.html#" + themed)
        by_id("link-study").setAttribute("href", "./" + study_link(self.puzzle.board()))
        # A run's link starts a new run (a reload too), not at the puzzle it had come to.
        self.written_hash = "#" + (themed if self.run is not None else puzzles.format_link(choice))
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
