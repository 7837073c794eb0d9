"""The analysis panel of the play page: hints on request, and the review of a game.

Hints: while switched on, the value of every legal move for the side to
move, from the computer's search in the worker, with "exact" where the
search proved the value to the end of the game; until the worker answers,
the page's own first estimate (kalah/web/common/estimate.py). Values are the mover's
final margin in seeds (their store minus the opponent's at the end) with
best play from both sides.

Review: once the game is over, the review every page that shows a game shares
(kalah/web/common/review_panel.py); its "study this position" is this panel's link.

    view = attach(play_page)   # listens to the page's game changes

The panel asks the worker short questions (one position at a time), and
cancels them when the game moves on, so the computer's own move never
waits long behind them.
"""

from kalah.study.analysis_link import study_link
from kalah.game.notation import move_text, signed
from kalah.i18n import _, side_word
from kalah.web.common import worker_client
from kalah.web.common.dom import by_id, clear, el, listen
from kalah.web.common.estimate import FirstEstimate
from kalah.web.common.review_panel import ReviewPanel

ANALYSE = "kalah.ai.worker_api:analyse"
HINT_SECONDS = 1.0


class AnalysisView:
    """The panel in `container` (<section id="analysis">)."""

    def __init__(self, container, client=None):
        self.client = client or worker_client.shared()
        self.session = None
        self.hints_on = False
        self.hint_call = None
        self.estimate = FirstEstimate(self._show_estimate)   # the hint's values until the worker's
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

        self.review = ReviewPanel(container, self.client, self.study)

        listen(self.hint_button, "click", lambda event: self.toggle_hints())

    # -- the page's game ----------------------------------------------------
    def changed(self, session, change=None, report=None):
        """The play page's listener: a new game, a move, an undo... (the first call: change None)."""
        self.session = session
        self.study.setAttribute("href", "./" + study_link(session.board))
        self._drop_hint()
        if change is not None or self.review.board is None:
            self.review.offer(session.board, session.players)   # a review was of the game as it stood
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


def attach(page, container_id="analysis"):
    """Build the panel in the page's <section id="analysis"> and follow its games."""
    view = AnalysisView(by_id(container_id))
    page.add_listener(view.changed)
    if page.session is not None:
        view.changed(page.session, None, None)
    return view
