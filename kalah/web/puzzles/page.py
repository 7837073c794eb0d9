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
        listen(by_id("retry"), "click", lambda event: self.show(self.puzzle))
        listen(by_id("solution"), "click", lambda event: self.give_up())
        listen(by_id("next"), "click", lambda event: self.next())
        # addEventListener called through pyscript's `window` loses its `this` under MicroPython.
        window.onhashchange = proxy(lambda event: self.hash_changed())
        if problem:
            self.say(problem, True)
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
                                     int(difficulty) if difficulty else None, by_id("pick-set").value)
        self._show_choice()
        self.load(self.choice.rules.name, lambda found: self.next())

    def next(self):
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
        self.answered = False
        board = puzzle.board()
        section = by_id("puzzle")
        self._shown(True)
        section.setAttribute("data-puzzle", puzzle.id)
        section.removeAttribute("data-answer")
        mover = SIDE_NAMES[board.turn]
        by_id("prompt").textContent = "%s to move: find the best move." % mover
        seen = "" if not self.progress.answered(puzzle) else (
            " · solved before" if self.progress.results[puzzle.id] else " · missed before")
        by_id("about").textContent = "Puzzle %s · %s · %s · rating %d%s%s" % (
            puzzle.id, " / ".join(puzzles.THEME_NAMES[t] for t in puzzle.themes),
            puzzles.DIFFICULTY_NAMES[puzzle.difficulty], puzzle.rating, seen,
            " · from " + puzzle.source if self.choice.set_name == "yours" else "")
        self.view.render(board.rules, board.pits, board.turn, board.legal_moves, orientation=board.turn,
                         you=board.turn, position=board.position())
        self._verdict("", None)
        by_id("line").textContent = ""
        by_id("retry").hidden = True
        by_id("solution").hidden = False
        self.choice = puzzles.Choice(puzzle.rules.name, puzzle.id, self.choice.theme, self.choice.difficulty,
                                     self.choice.set_name)
        self._show_choice()
        self._draw_links()

    def _shown(self, shown):
        """The puzzle, and the links to it and its position, shown or hidden together."""
        by_id("puzzle").hidden = not shown
        by_id("puzzle-links").hidden = not shown

    def _verdict(self, text, right):
        node = by_id("verdict")
        node.textContent = text
        node.className = "verdict" if right is None else ("verdict right" if right else "verdict wrong")

    def chosen(self, side, house):
        puzzle = self.puzzle
        if puzzle is None:
            return
        board = puzzle.board()
        if self.answered:
            self._verdict("Press Try again to play this puzzle once more, or Next puzzle.", None)
            return
        if side != board.turn or house not in board.legal_moves:
            self._verdict("Choose one of %s's houses with seeds in it." % SIDE_NAMES[board.turn], None)
            return
        self.answer(board, house)

    def answer(self, board, move):
        puzzle = self.puzzle
        right = puzzle.check(move)
        self.answered = True
        change = self.progress.record(puzzle, right)
        self._save()
        best = move_text(board.turn, puzzle.best)
        played = move_text(board.turn, move)
        if right:
            self._verdict("Right! %s ends %s with best play on both sides; the next best move ends %s." % (
                best, signed(puzzle.value), signed(puzzle.second)) + self._change_text(change), True)
            by_id("line").textContent = ""
        else:
            self._verdict("Not the best: %s ends %s with best play, and %s ends %s." % (
                played, signed(puzzle.values[move]), best, signed(puzzle.value)) + self._change_text(change), False)
            line = puzzle.refutations.get(move, [])
            after = board.copy()
            after.push(move)
            by_id("line").textContent = ("After %s: %s." % (played, line_text(after, line)) if line and
                                         after.turn is not None else "")
        after = board.copy()
        after.push(move)
        self.view.render(after.rules, after.pits, after.turn, (), last_move=(board.turn, move),
                         orientation=board.turn, you=board.turn, position=after.position())
        section = by_id("puzzle")
        section.setAttribute("data-answer", "right" if right else "wrong")
        by_id("retry").hidden = right   # a puzzle solved is done: Next puzzle
        by_id("solution").hidden = right
        self._draw_record()

    def _change_text(self, change):
        return " Rating %s." % signed(change) if change else ""

    def give_up(self):
        puzzle = self.puzzle
        if puzzle is None:
            return
        board = puzzle.board()
        self.progress.record(puzzle, False)
        self._save()
        self.answered = True
        by_id("puzzle").setAttribute("data-answer", "shown")
        self._verdict("The answer: %s, which ends %s with best play; the next best move ends %s." % (
            move_text(board.turn, puzzle.best), signed(puzzle.value), signed(puzzle.second)), None)
        by_id("retry").hidden = False
        by_id("solution").hidden = True
        self._draw_record()

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
                                                    choice.set_name))
        by_id("link-puzzle").setAttribute("href", "./puzzles.html#" + one)
        by_id("link-set").setAttribute("href", "./puzzles.html#" + themed)
        by_id("link-study").setAttribute("href", "./" + study_link(self.puzzle.board()))
        self.written_hash = "#" + puzzles.format_link(choice)
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
