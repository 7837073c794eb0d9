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
shows the position before that move.

    view = attach(play_page)   # listens to the page's game changes

The panel asks the worker short questions (one position at a time), and
cancels them when the game moves on, so the computer's own move never
waits long behind them.
"""

from kalah.analysis_link import position_link, study_link
from kalah.board import Board
from kalah.notation import move_text, signed
from kalah.rules import SIDE_NAMES, SOUTH
from kalah.web.common import worker_client
from kalah.web.common.board_view import BoardView
from kalah.web.common.chart_view import ChartView
from kalah.web.common.dom import by_id, clear, el, listen
from kalah.web.common.estimate import FirstEstimate

ANALYSE = "kalah.ai.worker_api:analyse"
REVIEW_MOVE = "kalah.ai.worker_api:review_move"
HINT_SECONDS = 1.0
REVIEW_SECONDS = 0.3   # a position; a 50-move game takes about 20 s
MARK_SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
MARK_ORDER = ("inaccuracy", "mistake", "blunder")


PLURALS = {"inaccuracy": "inaccuracies"}


def capitalized(text):
    return text[:1].upper() + text[1:]


def with_article(word):
    """'an inaccuracy', 'a mistake', 'a blunder'."""
    return ("an " if word[:1] in "aeiou" else "a ") + word


def plural(count, word):
    return "%d %s" % (count, word if count == 1 else PLURALS.get(word, word + "s"))


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
        container.appendChild(el("h2", "Analysis"))

        self.hint_button = el("button", "Show move values", cls="hint-toggle",
                              attrs={"type": "button", "id": "hints-toggle", "aria-pressed": "false"})
        self.hint_status = el("p", cls="hint-status", attrs={"id": "hints-status", "aria-live": "polite"})
        self.hint_list = el("ul", cls="hint-list", attrs={"id": "hints"})
        self.study = el("a", "Study this position on the analysis board", cls="study-link",
                        attrs={"id": "study-link", "href": "./analysis.html"})
        container.appendChild(el("div", cls="hints", children=[
            self.hint_button, self.hint_status, self.hint_list, self.study]))

        self.review_button = el("button", "Review the game", cls="review-start",
                                attrs={"type": "button", "id": "review-start", "disabled": "disabled"})
        self.review_status = el("p", cls="review-status", attrs={"id": "review-status", "aria-live": "polite"})
        self.review_progress = el("progress", attrs={"id": "review-progress", "max": "1", "value": "0",
                                                     "aria-label": "Review progress"})
        self.review_progress.hidden = True
        self.review_summary = el("p", cls="review-summary", attrs={"id": "review-summary"})
        chart_box = el("div", cls="review-chart", attrs={"id": "review-chart"})
        self.review_list = el("ol", cls="review-list", attrs={"id": "review-moves"})
        self.review_caption = el("p", cls="review-caption", attrs={"id": "review-caption", "aria-live": "polite"})
        board_box = el("div", cls="review-board board-area", attrs={"id": "review-board"})
        self.review_body = el("div", cls="review-body", children=[
            self.review_summary, chart_box, self.review_caption, board_box, self.review_list])
        self.review_body.hidden = True
        container.appendChild(el("div", cls="review", children=[
            self.review_button, self.review_progress, self.review_status, self.review_body]))
        self.chart = ChartView(chart_box, on_select=self.select)
        self.board_view = BoardView(board_box)

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
            self.review_status.textContent = "A review is possible once the game is over."
        elif over and self.review is None:
            self.review_status.textContent = ""
        if self.hints_on:
            self._ask_hint()

    # -- hints ----------------------------------------------------------------
    def toggle_hints(self):
        self.hints_on = not self.hints_on
        self.hint_button.setAttribute("aria-pressed", "true" if self.hints_on else "false")
        self.hint_button.textContent = "Hide move values" if self.hints_on else "Show move values"
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
            self.hint_status.textContent = "The game is over: no move to value."
            return
        if session.computer_to_move():
            self.hint_status.textContent = "Move values show when a person is to move."
            return
        side = board.turn
        position = board.position()
        self.hint_status.textContent = ("Starting the computer\u2026" if not self.client.is_ready()
                                        else "Valuing %s's moves\u2026" % SIDE_NAMES[side])
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
            self.hint_status.textContent = "Valuing %s's moves\u2026 depth %s" % (SIDE_NAMES[side], info["depth"])

    def _hint_failed(self, message):
        self.hint_call = None
        self.estimate.stop()
        self.hint_status.textContent = "No move values: %s" % message

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
                text += " exact"
            cls = "hint best" if value == best else "hint"
            self.hint_list.appendChild(el("li", text, cls=cls, attrs={"data-move": move}))
        depth = answer.get("depth")
        if answer.get("book"):   # only where the book proved every value (search.analyse)
            how = " from the opening book (proved to the end of the game)"
        elif answer.get("exact"):
            how = " (proved to the end of the game)"
        elif answer.get("estimate"):
            how = (", a first estimate on this page (depth %s); the computer refines it\u2026 "
                   "\u201cexact\u201d: proved to the end" % depth)
        else:
            how = " as far as the computer sees (depth %s); \u201cexact\u201d: proved to the end" % depth
        self.hint_status.textContent = (
            "%s to move. Each move's value: %s's final margin in seeds with best play%s."
            % (SIDE_NAMES[side], SIDE_NAMES[side], how))

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
        self.review_status.textContent = ("Starting the computer\u2026" if not self.client.is_ready()
                                          else "Reviewing move %d of %d\u2026" % (done + 1, len(review.moves)))
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
        self.review_status.textContent = "The review stopped: %s" % message
        self.review_button.disabled = False

    def _stop_review(self):
        review, self.review = self.review, None
        if review.call is not None:
            self.client.cancel(review.call, stop=False)
        self.review_progress.hidden = True
        self.review_body.hidden = True
        clear(self.review_list)
        self.review_status.textContent = ""

    def _review_done(self):
        review = self.review
        self.review_progress.hidden = True
        self.review_status.textContent = (
            "Review of %s, each against the computer's best move there. Values: South's final "
            "margin in seeds with best play from both sides; pick a move or a point of the chart "
            "to see its position." % plural(len(review.moves), "move"))
        self.review_summary.textContent = review.summary()
        clear(self.review_list)
        for ply, result in enumerate(review.results):
            button = el("button", review.describe(ply), cls="review-move",
                        attrs={"type": "button", "data-ply": ply})
            if result.get("mark"):
                button.classList.add("mark-" + result["mark"])
            listen(button, "click", lambda event, ply=ply: self.select(ply))
            self.review_list.appendChild(el("li", children=[button]))
        self.review_body.hidden = False
        self.select(0)

    def select(self, ply):
        """Show the position before move `ply` (after the last move: the end)."""
        review = self.review
        if review is None or len(review.results) != len(review.moves):
            return
        ply = max(0, min(ply, len(review.moves)))
        self.chart.render([{"name": "Value for South (seeds)", "values": review.series(), "cls": "value"}],
                          current_ply=ply)
        board = review.board_at(ply)
        last = review.last_move(ply)
        self.board_view.render(board.rules, board.pits, board.turn, (), last_move=last)
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
        text = "%d. %s %s %s" % (ply + 1, SIDE_NAMES[side], move_text(side, result["move"]),
                                 signed(self.for_south(ply, result["played_value"])))
        mark = result.get("mark")
        if mark:
            text += "%s %s (best %s %s)" % (MARK_SIGNS[mark], mark, move_text(side, result["best"]),
                                             signed(self.for_south(ply, result["best_value"])))
        return text

    def caption(self, ply):
        if ply >= len(self.moves):
            if self.final is None:
                return "The position after the last move."
            return "The end: South %d, North %d." % self.final
        result = self.results[ply]
        side = self.sides[ply]
        text = "Move %d: %s played %s; value for South after it: %s" % (
            ply + 1, SIDE_NAMES[side], move_text(side, result["move"]),
            signed(self.for_south(ply, result["played_value"])))
        if result.get("mark"):
            text += ". %s: %s gave away %s; the best was %s (%s)." % (
                capitalized(with_article(result["mark"])), SIDE_NAMES[side], plural(result["loss"], "seed"),
                move_text(side, result["best"]), signed(self.for_south(ply, result["best_value"])))
        else:
            text += "; no better move found."
        return text

    def summary(self):
        """Marks per side, e.g. 'South: 1 inaccuracy, 0 mistakes, 0 blunders. North: ...'."""
        parts = []
        for side in (SOUTH, 1 - SOUTH):
            counts = dict((mark, 0) for mark in MARK_ORDER)
            for ply, result in enumerate(self.results):
                if self.sides[ply] == side and result.get("mark"):
                    counts[result["mark"]] += 1
            parts.append("%s: %s." % (SIDE_NAMES[side], ", ".join(
                plural(counts[mark], mark) for mark in MARK_ORDER)))
        return " ".join(parts)


def attach(page, container_id="analysis"):
    """Build the panel in the page's <section id="analysis"> and follow its games."""
    view = AnalysisView(by_id(container_id))
    page.add_listener(view.changed)
    if page.session is not None:
        view.changed(page.session, None, None)
    return view
