"""The analysis panel of the play page: hints on request, and the review of a game.

Hints: while switched on, the value of every legal move for the side to
move, from the computer's search in the worker, with "exact" where the
search proved the value to the end of the game; until the worker answers,
the page's own first estimate (kalah/web/common/estimate.py). Values are the mover's
final margin in seeds (their store minus the opponent's at the end) with
best play from both sides.

Review: after a game, every position is searched in turn; a move that gave
value away is marked, as Lichess marks inaccuracies, mistakes and blunders
(kalah.ai.worker_api.classify), with the better move. A chart shows the
value for South over the game; a click on it, or on a move in the list,
shows the position before that move. Each side's accuracy (the share of its
moves within 0, 1 and 2 seeds of the best, kalah.study.review) is a table; the
marked moves are listed apart, and picking one plays the better move on the
board.

    view = attach(play_page)   # listens to the page's game changes

The panel asks the worker short questions (one position at a time), and
cancels them when the game moves on, so the computer's own move never
waits long behind them.
"""

from kalah.study.analysis_link import position_link, study_link
from kalah.game.board import Board
from kalah.game.notation import move_text, signed
from kalah.i18n import N_, _, ngettext, seeds_text, side_word
from kalah.study.review import WITHIN, accuracy, accuracy_cell, marked_plies
from kalah.game.rules import SIDE_NAMES, SOUTH
from kalah.web.common import worker_client
from kalah.web.common.board_view import BoardView
from kalah.web.common.chart_view import ChartView
from kalah.web.common.dom import by_id, clear, el, listen
from kalah.web.play.mistake_lessons import MistakeLessons
from kalah.web.common.estimate import FirstEstimate

ANALYSE = "kalah.ai.worker_api:analyse"
REVIEW_MOVE = "kalah.ai.worker_api:review_move"
HINT_SECONDS = 1.0
REVIEW_SECONDS = 0.3   # a position; a 50-move game takes about 20 s
MARK_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
MARK_ORDER = ("inaccuracy", "mistake", "blunder")
# Each mark's name in the move list (after its sign), and in a sentence about the move.
MARK_NAMES = {"inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"), "blunder": N_("blunder")}
MARK_SENTENCES = {
    "inaccuracy": N_("An inaccuracy: %(player)s gave away %(seeds)s; the best was %(best)s (%(value)s)."),
    "mistake": N_("A mistake: %(player)s gave away %(seeds)s; the best was %(best)s (%(value)s)."),
    "blunder": N_("A blunder: %(player)s gave away %(seeds)s; the best was %(best)s (%(value)s)."),
}

# The review's lists and table: each mistake's line by its mark, each accuracy column's heading.
MISTAKE_LINES = {
    "inaccuracy": N_("Move %(number)d, %(side)s %(move)s: an inaccuracy, %(seeds)s given away; better %(best)s"),
    "mistake": N_("Move %(number)d, %(side)s %(move)s: a mistake, %(seeds)s given away; better %(best)s"),
    "blunder": N_("Move %(number)d, %(side)s %(move)s: a blunder, %(seeds)s given away; better %(best)s"),
}
WITHIN_HEADINGS = {0: N_("Best move"), 1: N_("Within 1 seed"), 2: N_("Within 2 seeds")}


def mark_count(count, mark):
    """'1 inaccuracy', '0 mistakes', '2 blunders', in the page's language (its plural forms)."""
    if mark == "inaccuracy":
        text = ngettext("%(count)d inaccuracy", "%(count)d inaccuracies", count)
    elif mark == "mistake":
        text = ngettext("%(count)d mistake", "%(count)d mistakes", count)
    else:
        text = ngettext("%(count)d blunder", "%(count)d blunders", count)
    return text % {"count": count}


class AnalysisView:
    """The panel in `container` (<section id="analysis">)."""

    def __init__(self, container, client=None):
        self.client = client or worker_client.shared()
        self.session = None
        self.hints_on = False
        self.hint_call = None
        self.estimate = FirstEstimate(self._show_estimate)   # the hint's values until the worker's
        self.review = None       # a Review while one runs or is shown
        clear(container)
        container.appendChild(el("h2", _("Analysis")))

        self.hint_button = el("button", _("Show move values"), cls="hint-toggle",
                              attrs={"type": "button", "id": "hints-toggle", "aria-pressed": "false"})
        self.hint_status = el("p", cls="hint-status", attrs={"id": "hints-status", "aria-live": "polite"})
        self.hint_list = el("ul", cls="hint-list", attrs={"id": "hints"})
        self.study = el("a", _("Study this position on the analysis board"), cls="study-link",
                        attrs={"id": "study-link", "href": "./analysis.html"})
        container.appendChild(el("div", cls="hints", children=[
            self.hint_button, self.hint_status, self.hint_list, self.study]))

        self.review_button = el("button", _("Review the game"), cls="review-start",
                                attrs={"type": "button", "id": "review-start", "disabled": "disabled"})
        self.review_status = el("p", cls="review-status", attrs={"id": "review-status", "aria-live": "polite"})
        self.review_progress = el("progress", attrs={"id": "review-progress", "max": "1", "value": "0",
                                                     "aria-label": _("Review progress")})
        self.review_progress.hidden = True
        self.review_summary = el("p", cls="review-summary", attrs={"id": "review-summary"})
        self.review_accuracy = el("table", cls="review-accuracy", attrs={"id": "review-accuracy"})
        self.review_mistakes = el("ol", cls="review-mistakes", attrs={"id": "review-mistakes",
                                                                      "aria-labelledby": "review-mistakes-title"})
        chart_box = el("div", cls="review-chart", attrs={"id": "review-chart"})
        self.review_list = el("ol", cls="review-list", attrs={"id": "review-moves"})
        self.review_caption = el("p", cls="review-caption", attrs={"id": "review-caption", "aria-live": "polite"})
        board_box = el("div", cls="review-board board-area", attrs={"id": "review-board"})
        self.review_body = el("div", cls="review-body", children=[
            self.review_summary, self.review_accuracy,
            el("h3", "Mistakes", attrs={"id": "review-mistakes-title"}), self.review_mistakes,
            chart_box, self.review_caption, board_box, self.review_list])
        self.review_body.hidden = True
        container.appendChild(el("div", cls="review", children=[
            self.review_button, self.review_progress, self.review_status, self.review_body]))
        self.chart = ChartView(chart_box, on_select=self.select)
        self.board_view = BoardView(board_box, on_house=lambda side, house: self.lessons.house(side, house))
        self.lessons = MistakeLessons(self.review_body, self.board_view, self.client)

        listen(self.hint_button, "click", lambda event: self.toggle_hints())
        listen(self.review_button, "click", lambda event: self.start_review())

    # -- the page's game ----------------------------------------------------
    def changed(self, session, change=None, report=None):
        """The play page's listener: a new game, a move, an undo..."""
        self.session = session
        self.study.setAttribute("href", "./" + study_link(session.board))
        self._drop_hint()
        if self.review is not None and change is not None:
            self._stop_review()  # the review was of the game as it stood
        board = session.board
        over = board.is_game_over()
        self.review_button.disabled = not (over and board.moves_played()) or self.review is not None
        if not over and self.review is None:
            self.review_status.textContent = _("A review is possible once the game is over.")
        elif over and self.review is None:
            self.review_status.textContent = ""
        if self.hints_on:
            self._ask_hint()

    # -- hints ----------------------------------------------------------------
    def toggle_hints(self):
        self.hints_on = not self.hints_on
        self.hint_button.setAttribute("aria-pressed", "true" if self.hints_on else "false")
        self.hint_button.textContent = _("Hide move values") if self.hints_on else _("Show move values")
        if self.hints_on:
            self._ask_hint()
        else:
            self._drop_hint()
            self.hint_status.textContent = ""

    def _drop_hint(self):
        self.estimate.stop()
        if self.hint_call is not None:
            self.client.cancel(self.hint_call, stop=False)
            self.hint_call = None
        clear(self.hint_list)

    def _ask_hint(self):
        session = self.session
        if session is None:
            return
        board = session.board
        if board.is_game_over():
            self.hint_status.textContent = _("The game is over: no move to value.")
            return
        if session.computer_to_move():
            self.hint_status.textContent = _("Move values show when a person is to move.")
            return
        side = board.turn
        position = board.position()
        self.hint_status.textContent = (_("Starting the computer\u2026") if not self.client.is_ready()
                                        else _("Valuing %(side)s's moves\u2026") % {"side": side_word(side)})
        self.estimate.start(board)   # first: the worker's start then takes the cores
        self.hint_call = self.client.call(
            ANALYSE, {"position": position, "time": HINT_SECONDS},
            lambda answer: self._show_hint(position, side, answer),
            on_progress=lambda info: self._hint_progress(side, info),
            on_error=self._hint_failed)

    def _show_estimate(self, answer, source):
        """The page's own values (`source` "book" or "search") in the worker answer's form."""
        values = answer["values"]
        board = self.session.board
        self._list_hint(board.position(), board.turn, {
            "values": dict((key, entry["value"]) for key, entry in values.items()),
            "exact_values": dict((key, entry["exact"]) for key, entry in values.items()),
            "depth": answer["depth"], "exact": answer["complete"], "book": source == "book" and answer["complete"],
            "estimate": not answer["complete"]})

    def _hint_progress(self, side, info):
        if "depth" in info:
            self.hint_status.textContent = _("Valuing %(side)s's moves\u2026 depth %(depth)s") % {
                "side": side_word(side), "depth": info["depth"]}

    def _hint_failed(self, message):
        self.hint_call = None
        self.estimate.stop()
        self.hint_status.textContent = _("No move values: %(why)s") % {"why": message}

    def _show_hint(self, position, side, answer):
        self.hint_call = None
        self.estimate.stop()
        self._list_hint(position, side, answer)

    def _list_hint(self, position, side, answer):
        if self.session is None or self.session.board.position() != position:
            return  # the game moved on meanwhile
        clear(self.hint_list)
        values = answer.get("values") or {}
        exact = answer.get("exact_values") or {}
        best = max(values.values()) if values else None
        for move in sorted(int(key) for key in values):
            value = values[str(move)]
            text = "%s %s" % (move_text(side, move), signed(value))
            if exact.get(str(move)):
                text += " " + _("exact")
            cls = "hint best" if value == best else "hint"
            self.hint_list.appendChild(el("li", text, cls=cls, attrs={"data-move": move}))
        depth = answer.get("depth")
        words = {"side": side_word(side), "depth": depth}
        if answer.get("book"):   # only where the book proved every value (search.analyse)
            text = _("%(side)s to move. Each move's value: %(side)s's final margin in seeds with best play "
                     "from the opening book (proved to the end of the game).")
        elif answer.get("exact"):
            text = _("%(side)s to move. Each move's value: %(side)s's final margin in seeds with best play "
                     "(proved to the end of the game).")
        elif answer.get("estimate"):
            text = _("%(side)s to move. Each move's value: %(side)s's final margin in seeds with best play, "
                     "a first estimate on this page (depth %(depth)s); the computer refines it\u2026 "
                     "\u201cexact\u201d: proved to the end.")
        else:
            text = _("%(side)s to move. Each move's value: %(side)s's final margin in seeds with best play "
                     "as far as the computer sees (depth %(depth)s); \u201cexact\u201d: proved to the end.")
        self.hint_status.textContent = text % words

    # -- review -----------------------------------------------------------------
    def start_review(self):
        session = self.session
        if session is None or self.review is not None:
            return
        board = session.board
        moves = board.moves_played()
        if not moves:
            return
        self.review = Review(board, moves)
        self.review_button.disabled = True
        self.review_body.hidden = True
        clear(self.review_list)
        self.review_progress.hidden = False
        self.review_progress.max = len(moves)
        self.review_progress.value = 0
        self._review_next()

    def _review_next(self):
        review = self.review
        done = len(review.results)
        if done == len(review.moves):
            self._review_done()
            return
        self.review_status.textContent = (_("Starting the computer\u2026") if not self.client.is_ready()
                                          else _("Reviewing move %(move)d of %(moves)d\u2026") % {
                                              "move": done + 1, "moves": len(review.moves)})
        review.call = self.client.call(
            REVIEW_MOVE, {"position": review.positions[done], "move": review.moves[done], "time": REVIEW_SECONDS},
            lambda answer: self._reviewed(review, answer), on_error=lambda message: self._review_failed(review, message))

    def _reviewed(self, review, answer):
        if review is not self.review:
            return
        review.call = None
        review.results.append(answer)
        self.review_progress.value = len(review.results)
        self._review_next()

    def _review_failed(self, review, message):
        if review is not self.review:
            return
        self.review = None
        self.review_progress.hidden = True
        self.review_status.textContent = _("The review stopped: %(why)s") % {"why": message}
        self.review_button.disabled = False

    def _stop_review(self):
        review, self.review = self.review, None
        if review.call is not None:
            self.client.cancel(review.call, stop=False)
        self.review_progress.hidden = True
        self.review_body.hidden = True
        clear(self.review_list)
        self.lessons.stop()
        self.review_status.textContent = ""

    def _review_done(self):
        review = self.review
        self.review_progress.hidden = True
        self.review_status.textContent = ngettext(
            "Review of %(count)d move, each against the computer's best move there. Values: South's final "
            "margin in seeds with best play from both sides; pick a move or a point of the chart "
            "to see its position.",
            "Review of %(count)d moves, each against the computer's best move there. Values: South's final "
            "margin in seeds with best play from both sides; pick a move or a point of the chart "
            "to see its position.", len(review.moves)) % {"count": len(review.moves)}
        self.review_summary.textContent = review.summary()
        self._show_accuracy(review)
        self._list_mistakes(review)
        clear(self.review_list)
        for ply, result in enumerate(review.results):
            button = el("button", review.describe(ply), cls="review-move",
                        attrs={"type": "button", "data-ply": ply, "data-side": result["side"],
                               "data-loss": result["loss"]})
            if result.get("mark"):
                button.classList.add("mark-" + result["mark"])
            listen(button, "click", lambda event, ply=ply: self.select(ply))
            self.review_list.appendChild(el("li", children=[button]))
        self.review_body.hidden = False
        self.select(0)
        self.lessons.start(review, self.session.players)

    def _show_accuracy(self, review):
        """Each side's accuracy as a table (a caption, a header a column, a row a side)."""
        table = self.review_accuracy
        clear(table)
        table.appendChild(el("caption", _("Accuracy: the share of each side's moves within 0, 1 and 2 seeds "
                                          "of the best move")))
        table.appendChild(el("thead", children=[el("tr", children=[el("th", _("Side"), attrs={"scope": "col"})] + [
            el("th", _(WITHIN_HEADINGS[margin]), attrs={"scope": "col"}) for margin in WITHIN])]))
        body = el("tbody")
        shares = accuracy(review.results)
        for side in (SOUTH, 1 - SOUTH):
            if side not in shares:
                continue
            moves, counts = shares[side]
            row = el("tr", attrs={"data-side": side}, children=[el("th", side_word(side), attrs={"scope": "row"})])
            for index, margin in enumerate(WITHIN):
                row.appendChild(el("td", accuracy_cell(counts[index], moves), attrs={"data-within": margin}))
            body.appendChild(row)
        table.appendChild(body)

    def _list_mistakes(self, review):
        """The marked moves, each a button that shows the position and plays the better move there."""
        clear(self.review_mistakes)
        plies = marked_plies(review.results)
        if not plies:
            self.review_mistakes.appendChild(el("li", "No move gave a seed away against the computer's best."))
        for ply in plies:
            button = el("button", review.mistake_line(ply), cls="review-mistake mark-" + review.results[ply]["mark"],
                        attrs={"type": "button", "data-ply": ply})
            listen(button, "click", lambda event, ply=ply: self.preview_better(ply))
            self.review_mistakes.appendChild(el("li", children=[button]))

    def preview_better(self, ply):
        """The position before marked move `ply`, then its better move played on the board; the study
        link keeps the position before the move, to study there."""
        self.select(ply)
        review = self.review
        result = review.results[ply]
        side = review.sides[ply]
        board = review.board_at(ply)
        report = board.push(result["best"])
        after = board.position()
        self.board_view.set_position(after)
        self.review_caption.textContent = "%s On the board: the better move, %s %s." % (
            review.caption(ply), SIDE_NAMES[side], move_text(side, result["best"]))
        for item in self.review_mistakes.querySelectorAll("button.review-mistake"):
            if item.getAttribute("data-ply") == str(ply):
                item.setAttribute("aria-current", "step")
            else:
                item.removeAttribute("aria-current")
        self.board_view.animate(report, lambda: self.board_view.render(
            board.rules, board.pits, board.turn, (), last_move=(side, result["best"]), position=after))

    def select(self, ply):
        """Show the position before move `ply` (after the last move: the end)."""
        review = self.review
        if review is None or len(review.results) != len(review.moves):
            return
        ply = max(0, min(ply, len(review.moves)))
        self.lessons.left()   # the board shows the game again: a puzzle waits for "Try again"
        self.chart.render([{"name": _("Value for South (seeds)"), "values": review.series(), "cls": "value"}],
                          current_ply=ply)
        board = review.board_at(ply)
        last = review.last_move(ply)
        self.board_view.render(board.rules, board.pits, board.turn, (), last_move=last, position=board.position())
        for item in self.review_list.querySelectorAll("button.review-move"):
            current = item.getAttribute("data-ply") == str(ply)
            item.classList.toggle("current", current)
            if current:
                item.setAttribute("aria-current", "step")
            else:
                item.removeAttribute("aria-current")
        self.review_caption.textContent = review.caption(ply)
        # "Study this position" follows the move picked: the board before it, or the final board.
        self.study.setAttribute("href", "./" + position_link(board))


class Review:
    """A game under review: its positions and, one by one, the worker's answers."""

    def __init__(self, board, moves):
        self.rules = board.rules
        self.start = board.start_position()
        self.moves = list(moves)
        self.final = board.scores() if board.is_game_over() else None
        replay = Board(position=self.start)
        self.positions = []
        self.sides = []
        for move in self.moves:
            self.positions.append(replay.position())
            self.sides.append(replay.turn)
            replay.push(move)
        self.results = []
        self.call = None

    def series(self):
        """South's value before each move, then the final margin."""
        values = [result["south_value"] for result in self.results]
        if self.final is not None:
            values.append(self.final[0] - self.final[1])
        return values

    def board_at(self, ply):
        board = Board(position=self.start)
        for move in self.moves[:ply]:
            board.push(move)
        return board

    def last_move(self, ply):
        if ply == 0:
            return None
        return self.sides[ply - 1], self.moves[ply - 1]

    def for_south(self, ply, value):
        """A value of the mover at `ply` as South's value, as the chart shows it."""
        return value if self.sides[ply] == SOUTH else -value

    def describe(self, ply):
        """One line of the move list, e.g. '12. South C +3? mistake (best E +7)'.

        Values are South's, like the chart (as Lichess shows White's).
        """
        result = self.results[ply]
        side = self.sides[ply]
        text = "%d. %s %s %s" % (ply + 1, side_word(side), move_text(side, result["move"]),
                                 signed(self.for_south(ply, result["played_value"])))
        mark = result.get("mark")
        if mark:
            text += "%s %s " % (MARK_SIGNS[mark], _(MARK_NAMES[mark])) + _("(best %(move)s %(value)s)") % {
                "move": move_text(side, result["best"]), "value": signed(self.for_south(ply, result["best_value"]))}
        return text

    def mistake_line(self, ply):
        """One line of the list of mistakes, e.g. 'Move 12, South C: a mistake, 3 seeds given away; better E'."""
        result = self.results[ply]
        side = self.sides[ply]
        return _(MISTAKE_LINES[result["mark"]]) % {
            "number": ply + 1, "side": side_word(side), "move": move_text(side, result["move"]),
            "seeds": seeds_text(result["loss"]), "best": move_text(side, result["best"])}

    def caption(self, ply):
        if ply >= len(self.moves):
            if self.final is None:
                return _("The position after the last move.")
            return _("The end: South %(south)d, North %(north)d.") % {"south": self.final[0], "north": self.final[1]}
        result = self.results[ply]
        side = self.sides[ply]
        text = _("Move %(move)d: %(player)s played %(played)s; value for South after it: %(value)s") % {
            "move": ply + 1, "player": side_word(side), "played": move_text(side, result["move"]),
            "value": signed(self.for_south(ply, result["played_value"]))}
        if result.get("mark"):
            text += ". " + _(MARK_SENTENCES[result["mark"]]) % {
                "player": side_word(side), "seeds": seeds_text(result["loss"]),
                "best": move_text(side, result["best"]), "value": signed(self.for_south(ply, result["best_value"]))}
        else:
            text += _("; no better move found.")
        return text

    def summary(self):
        """Marks per side, e.g. 'South: 1 inaccuracy, 0 mistakes, 0 blunders. North: ...'."""
        parts = []
        for side in (SOUTH, 1 - SOUTH):
            counts = dict((mark, 0) for mark in MARK_ORDER)
            for ply, result in enumerate(self.results):
                if self.sides[ply] == side and result.get("mark"):
                    counts[result["mark"]] += 1
            parts.append("%s: %s." % (side_word(side), _(", ").join(
                mark_count(counts[mark], mark) for mark in MARK_ORDER)))
        return " ".join(parts)


def attach(page, container_id="analysis"):
    """Build the panel in the page's <section id="analysis"> and follow its games."""
    view = AnalysisView(by_id(container_id))
    page.add_listener(view.changed)
    if page.session is not None:
        view.changed(page.session, None, None)
    return view
