"""A game's review, on any page that shows a game: the play page's analysis panel and the replay.

The worker values every move in turn (kalah.ai.worker_api:review_move, REVIEW_SECONDS a position),
a progress bar and a line saying how far; the page never waits for it. When all are in: each
side's accuracy (a table), the marked moves (each a button that shows the position and plays the
better move on the board), a chart of the value for South, the moves, and "learn from your
mistakes" (mistake_lessons.py). What it says is kalah.study.review's `Review`.

    panel = ReviewPanel(container, client, study_link)   # the <a> it points at the position picked
    panel = ReviewPanel(container, client)               # its own link, under its board
    panel.offer(board, players)     # the game to review (None: none); stops a review of another game
    panel.start()                   # also the "Review the game" button

`finished_only` (the play page) offers the review once the game is over; the replay reviews a
game as far as it went, and says first what a review shows (`intro`).
"""

from kalah.game.notation import move_text
from kalah.game.rules import SOUTH
from kalah.i18n import N_, _, ngettext, side_word
from kalah.study.analysis_link import position_link
from kalah.study.review import WITHIN, Review, accuracy, accuracy_cell, marked_plies
from kalah.web.common.board_view import BoardView
from kalah.web.common.chart_view import ChartView
from kalah.web.common.dom import clear, el, listen
from kalah.web.common.mistake_lessons import MistakeLessons

REVIEW_MOVE = "kalah.ai.worker_api:review_move"
# A position's budget is nodes, so that a review gives the same marks on every machine, busy or
# not: 50,000 nodes are about 0.3 s in chromium's worker (177 k nodes/s, docs/performance.md), so
# a 50-move game takes about 20 s. The time is only a backstop, for a very slow device.
REVIEW_NODES = 50000
REVIEW_SECONDS = 3
WITHIN_HEADINGS = {0: N_("Best move"), 1: N_("Within 1 seed"), 2: N_("Within 2 seeds")}


class ReviewPanel:
    """The review's button, progress and results, appended to `container`."""

    def __init__(self, container, client, study_link=None, finished_only=True, label=N_("Review the game"),
                 intro=None):
        self.client = client
        self.intro = intro       # what the status says of a review not started, if anything
        own_link = study_link is None
        self.study = el("a", _("Study this position on the analysis board"), cls="study-link",
                        attrs={"id": "review-study-link", "href": "./analysis.html"}) if own_link else study_link
        self.finished_only = finished_only
        self.board = None        # the game offered (its board after the last move)
        self.players = None
        self.review = None       # a Review while one runs or is shown
        self.call = None         # the worker call under way
        self.button = el("button", _(label), cls="review-start",
                         attrs={"type": "button", "id": "review-start", "disabled": "disabled"})
        self.status = el("p", cls="review-status", attrs={"id": "review-status", "aria-live": "polite"})
        self.progress = el("progress", attrs={"id": "review-progress", "max": "1", "value": "0",
                                              "aria-label": _("Review progress")})
        self.progress.hidden = True
        self.summary = el("p", cls="review-summary", attrs={"id": "review-summary"})
        self.accuracy = el("table", cls="review-accuracy", attrs={"id": "review-accuracy"})
        self.mistakes = el("ol", cls="review-mistakes", attrs={"id": "review-mistakes",
                                                               "aria-labelledby": "review-mistakes-title"})
        chart_box = el("div", cls="review-chart", attrs={"id": "review-chart"})
        self.move_list = el("ol", cls="review-list", attrs={"id": "review-moves"})
        self.caption = el("p", cls="review-caption", attrs={"id": "review-caption", "aria-live": "polite"})
        board_box = el("div", cls="review-board board-area", attrs={"id": "review-board"})
        self.body = el("div", cls="review-body", children=[
            self.summary, self.accuracy,
            el("h3", _("Mistakes"), attrs={"id": "review-mistakes-title"}), self.mistakes,
            chart_box, self.caption, board_box] + ([el("p", children=[self.study])] if own_link else []) + [
            self.move_list])
        self.body.hidden = True
        container.appendChild(el("div", cls="review", children=[
            self.button, self.progress, self.status, self.body]))
        self.chart = ChartView(chart_box, on_select=self.select)
        self.board_view = BoardView(board_box, on_house=lambda side, house: self.lessons.house(side, house))
        self.lessons = MistakeLessons(self.body, self.board_view, self.client)
        listen(self.button, "click", lambda event: self.start())

    # -- the game ------------------------------------------------------------------
    def offer(self, board, players):
        """The game to review now: a Board with its moves (None: no game), and its (South, North)
        players (kalah.study.review.people_sides). A review of another game stops."""
        if self.review is not None:
            self._stop()
        self.board, self.players = board, players
        moves = board.moves_played() if board is not None else []
        over = board is not None and board.is_game_over()
        self.button.disabled = not moves or (self.finished_only and not over)
        if self.finished_only and board is not None and not over:
            self.status.textContent = _("A review is possible once the game is over.")
        else:
            self.status.textContent = _(self.intro) if self.intro and moves else ""

    def start(self):
        if self.board is None or self.review is not None or not self.board.moves_played():
            return
        self.review = Review(self.board, self.board.moves_played())
        self.button.disabled = True
        self.body.hidden = True
        clear(self.move_list)
        self.progress.hidden = False
        self.progress.max = len(self.review.moves)
        self.progress.value = 0
        self._next()

    def _next(self):
        review = self.review
        done = len(review.results)
        if done == len(review.moves):
            self._done()
            return
        self.status.textContent = (_("Starting the computer\u2026") if not self.client.is_ready()
                                   else _("Reviewing move %(move)d of %(moves)d\u2026") % {
                                       "move": done + 1, "moves": len(review.moves)})
        self.call = self.client.call(
            REVIEW_MOVE, {"position": review.positions[done], "move": review.moves[done], "nodes": REVIEW_NODES,
                          "time": REVIEW_SECONDS},
            lambda answer: self._reviewed(review, answer), on_error=lambda message: self._failed(review, message))

    def _reviewed(self, review, answer):
        if review is not self.review:
            return
        self.call = None
        review.results.append(answer)
        self.progress.value = len(review.results)
        self._next()

    def _failed(self, review, message):
        if review is not self.review:
            return
        self.review = self.call = None
        self.progress.hidden = True
        self.status.textContent = _("The review stopped: %(why)s") % {"why": message}
        self.button.disabled = False

    def _stop(self):
        self.review = None
        if self.call is not None:
            self.client.cancel(self.call, stop=False)
            self.call = None
        self.progress.hidden = True
        self.body.hidden = True
        clear(self.move_list)
        self.lessons.stop()
        self.status.textContent = ""

    # -- the results ------------------------------------------------------------------
    def _done(self):
        review = self.review
        self.progress.hidden = True
        self.status.textContent = ngettext(
            "Review of %(count)d move, each against the computer's best move there. Values: South's final "
            "margin in seeds with best play from both sides; pick a move or a point of the chart "
            "to see its position.",
            "Review of %(count)d moves, each against the computer's best move there. Values: South's final "
            "margin in seeds with best play from both sides; pick a move or a point of the chart "
            "to see its position.", len(review.moves)) % {"count": len(review.moves)}
        self.summary.textContent = review.summary()
        self._show_accuracy(review)
        self._list_mistakes(review)
        clear(self.move_list)
        for ply, result in enumerate(review.results):
            button = el("button", review.describe(ply), cls="review-move",
                        attrs={"type": "button", "data-ply": ply, "data-side": result["side"],
                               "data-loss": result["loss"]})
            if result.get("mark"):
                button.classList.add("mark-" + result["mark"])
            listen(button, "click", lambda event, ply=ply: self.select(ply))
            self.move_list.appendChild(el("li", children=[button]))
        self.body.hidden = False
        self.select(0)
        self.lessons.start(review, self.players)

    def _show_accuracy(self, review):
        """Each side's accuracy as a table (a caption, a header a column, a row a side)."""
        table = self.accuracy
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
        clear(self.mistakes)
        plies = marked_plies(review.results)
        if not plies:
            self.mistakes.appendChild(el("li", _("No move gave a seed away against the computer's best.")))
        for ply in plies:
            button = el("button", review.mistake_line(ply), cls="review-mistake mark-" + review.results[ply]["mark"],
                        attrs={"type": "button", "data-ply": ply})
            listen(button, "click", lambda event, ply=ply: self.preview_better(ply))
            self.mistakes.appendChild(el("li", children=[button]))

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
        self.caption.textContent = "%s %s" % (review.caption(ply), _("On the board: the better move, %(move)s.") % {
            "move": "%s %s" % (side_word(side), move_text(side, result["best"]))})
        for item in self.mistakes.querySelectorAll("button.review-mistake"):
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
        for item in self.move_list.querySelectorAll("button.review-move"):
            current = item.getAttribute("data-ply") == str(ply)
            item.classList.toggle("current", current)
            if current:
                item.setAttribute("aria-current", "step")
            else:
                item.removeAttribute("aria-current")
        self.caption.textContent = review.caption(ply)
        # "Study this position" follows the move picked: the board before it, or the final board.
        self.study.setAttribute("href", "./" + position_link(board))
