"""analysis.html: set up any position, see every legal move's value and the best line, play on.

The position is in the link (`analysis.html#position=P`, P a position text
of docs/formats.md, kalah/analysis.py), so it can be shared or put in a
course page. The first values come from the page itself (kalah/web/common/estimate.py:
the book or a short search), not waiting for the worker (kalah.ai.analysis_board), whose
values replace them: the first at once (the opening book, a proof or a short search), then,
one short call after another, proofs until every value is exact. Each answer of the current
position shows as it comes; a move, an edit or a new link drops the calls still waiting.

For pages and tests outside, the board element (#board) carries
`data-position` (the position shown) and, once its values are known,
`data-values`: a JSON object keyed as `python -m kalah solve --position P
--json` keys its "values" (each legal move's house, "0" for the pie swap),
each {"value": V, "exact": true|false}, V the mover's final margin in
seeds; `data-values-position` names the position those values are of, and
`data-values-source` "page" (the page's estimate) or "worker".
"""

from pyscript import document, window

from kalah.analysis import board_from_fragment
from kalah.analysis_link import analysis_fragment
from kalah.fragments import is_link
from kalah.board import Board
from kalah.errors import KalahError
from kalah.rules import SIDE_NAMES
from kalah.web.common import computer, worker_client
from kalah.web.common.board_view import BoardView
from kalah.web.common.estimate import FirstEstimate
from kalah.web.analysis.editor import PositionEditor
from kalah.web.analysis.values_view import ValuesView
from kalah.web.analysis.words import estimate_words, line_words, values_words
from kalah.web.common.dom import bring_into_view, by_id, listen, missing, page_ready
from kalah.web.common.files import copy_to_clipboard
from kalah.web.common.house_click import why_not

VALUES = "kalah.ai.analysis_board:values"
PROVE = "kalah.ai.analysis_board:prove"
LINE = "kalah.ai.analysis_board:line"
FIRST_SECONDS = 0.5    # the first values: a short search (or the book, or a quick proof)
PROVE_SECONDS = 2.0    # a round of proofs; short, so that a stale one is dropped soon
MAX_ROUNDS = 60        # about two minutes of proofs a position, then "Keep proving" gives as much again
LINE_PLIES = 10
LINE_SECONDS = 1.0     # the first line; once every value is exact, the proven line may take longer
PROVEN_LINE_SECONDS = 3.0
COMPUTER_SECONDS = 1.0


def proof_rounds():
    """The proofs' budget in rounds: MAX_ROUNDS, unless a test shortened it (window.kalahProofRounds)
    to reach the budget's end in seconds."""
    value = getattr(window, "kalahProofRounds", None)
    return MAX_ROUNDS if missing(value) else int(value)


class AnalysisPage:
    def __init__(self):
        self.client = worker_client.shared()
        # <body data-worker="ready"> once the worker answers calls: scripts/bench/measure_analysis.py
        # splits the time to the first values there.
        self.client.on_ready = lambda timings: document.body.setAttribute("data-worker", "ready")
        self.board = Board()
        self.calls = []          # worker calls for the position shown
        self.estimate = FirstEstimate(self.got_estimate)   # the page's own first values
        self.rounds = 0
        self.round_budget = MAX_ROUNDS
        self.depth = None        # the search's depth of the values shown (the proofs' answers have none)
        self.values = {}
        self.line_exact = False
        self.line_proven_asked = False
        self.request = None      # the computer's pending move
        self.editing = False     # the board shows the editor's counts, not yet a position
        self.board_box = by_id("board")
        self.view = BoardView(self.board_box, on_house=self.house_clicked)
        self.message = by_id("message")
        self.values_status = by_id("values-status")
        self.values_view = ValuesView(self.board_box, by_id("values"))
        self.line = by_id("line")
        self.back_button = by_id("back")
        self.computer_side = by_id("computer-side")
        self.computer_level = by_id("computer-level")
        self.link = by_id("link")
        self.editor = PositionEditor(self.board.rules, self.edited, self.incomplete, self.open)
        listen(self.back_button, "click", lambda event: self.take_back())
        listen(self.computer_side, "change", lambda event: self.computer_turn())
        listen(self.computer_level, "change", lambda event: self.computer_turn())
        listen(by_id("start-position"), "click", lambda event: self.start_position())
        listen(by_id("copy-link"), "click", lambda event: self.copy_link())
        self.keep_proving_button = by_id("keep-proving")
        listen(self.keep_proving_button, "click", lambda event: self.keep_proving())
        listen(document.defaultView, "hashchange", lambda event: self.open_hash())

    # -- opening positions ---------------------------------------------------
    def open_hash(self, first=False):
        """The link's position. A fragment that is no link (the skip link's `#board`) leaves the
        board alone; a bad link says why, by the board, and keeps the position shown (at the
        `first` opening, the start position)."""
        fragment = str(window.location.hash)
        if not is_link(fragment):
            if first:
                self.open(Board(), write_address=False)
            return
        try:
            board = board_from_fragment(fragment)
        except KalahError as error:
            if first:
                self.open(Board(), write_address=False)
            instead = ("The start position of kalah(6,4) is shown instead." if first
                       else "The position shown stays.")
            self.message.textContent = "This link's position cannot be opened: %s. %s" % (error, instead)
            bring_into_view(self.message)
            return
        self.open(board)

    def open(self, board, write_address=True):
        """Show `board` and analyse it."""
        self.stop_computer()
        self.board = board
        self.editor.rules = board.rules
        self.message.textContent = ""
        self.editor.say("")
        self.shown()
        self.write_link(write_address)
        self.editor.fill(board)

    def start_position(self):
        self.open(Board(self.editor.rules))

    def edited(self, board):
        """The editor holds a position a game can be in: show it, analysed."""
        self.stop_computer()
        self.board = board
        self.shown()
        self.write_link()

    def incomplete(self, rules, pits, turn):
        """The editor holds no position a game can be in (the editor says why): the board still
        shows the counts as typed, with no move, no values and no link until it is one."""
        self.stop_computer()
        self.drop_calls()
        self.editing = True
        if pits is not None:
            self.view.render(rules, pits, turn, ())
        self.board_box.removeAttribute("data-position")
        self.back_button.disabled = True
        self.link.value = ""
        by_id("copy-status").textContent = ""
        self.values_status.textContent = "The values come once the position is complete."

    # -- the board and its values ---------------------------------------------
    def shown(self):
        """Draw the position and ask for its values (and the computer's move when it is to play)."""
        board = self.board
        self.editing = False
        self.view.render(board.rules, board.pits, board.turn, board.legal_moves, position=board.position())
        self.back_button.disabled = not board.move_stack
        self.ask()
        self.computer_turn()

    def write_link(self, write_address=True):
        """The link field names the position shown, always; the address too, unless it holds a link
        the user may want to read (a bad one) or an in-page anchor."""
        fragment = "#" + analysis_fragment(self.board)
        if write_address:
            window.history.replaceState(None, "", fragment)
        self.link.value = str(window.location.href).split("#")[0] + fragment
        by_id("copy-status").textContent = ""

    def drop_calls(self):
        self.estimate.stop()
        for call_id in self.calls:
            self.client.cancel(call_id, stop=False)
        self.calls = []
        self.values_view.clear()
        self.line.textContent = ""

    def call(self, name, args, on_result):
        position = self.board.position()

        def answered(answer):
            if self.board.position() == position:
                on_result(position, answer)

        def failed(message):
            if self.board.position() == position:
                self.values_status.textContent = "No values: %s" % message
        self.calls.append(self.client.call(name, args, answered, on_error=failed))

    def ask(self):
        self.drop_calls()
        board = self.board
        if board.is_game_over():
            south, north = board.scores()
            self.values_status.textContent = "The game is over there: South %d, North %d. No move to value." % (south, north)
            self.board_box.setAttribute("data-values", "{}")
            self.board_box.setAttribute("data-values-position", board.position())
            return
        self.rounds = 0
        self.round_budget = proof_rounds()
        self.depth = None
        self.keep_proving_button.hidden = True
        self.line_exact = False
        self.line_proven_asked = False
        self.values_status.textContent = ("Starting the computer\u2026" if not self.client.is_ready()
                                          else "Valuing %s's moves\u2026" % SIDE_NAMES[board.turn])
        self.estimate.start(board)   # first: the worker's start then takes the cores
        # The first values do not wait for the endgame table's download: the proofs after them load it.
        self.call(VALUES, {"position": board.position(), "time": FIRST_SECONDS, "tables": False}, self.got_values)

    def got_estimate(self, answer, source):
        """The page's own first values (`source` "book" or "search"), until the worker's come."""
        self.show_values(self.board.position(), answer["values"], answer["depth"], estimate=source)

    def got_values(self, position, answer):
        self.estimate.stop()
        values = answer.get("values") or {}
        self.depth = answer.get("depth") or self.depth
        self.values = values
        self.show_values(position, values, self.depth)
        complete = bool(answer.get("complete"))
        if self.rounds == 0 or (complete and not self.line_exact and not self.line_proven_asked):
            self.line_proven_asked = complete
            self.call(LINE, {"position": position, "plies": LINE_PLIES, "values": values,
                             "time": PROVEN_LINE_SECONDS if complete else LINE_SECONDS}, self.got_line)
        if complete or self.rounds >= self.round_budget or self.computer_to_move():
            return
        self.prove(position, values)

    def prove(self, position, values):
        self.rounds += 1
        self.call(PROVE, {"position": position, "time": PROVE_SECONDS, "values": values, "round": self.rounds},
                  self.got_values)

    def keep_proving(self):
        """Another budget of proofs, from the values shown."""
        self.keep_proving_button.hidden = True
        self.round_budget = self.rounds + proof_rounds()
        self.show_values(self.board.position(), self.values, self.depth)
        self.prove(self.board.position(), self.values)

    def show_values(self, position, values, depth, estimate=None):
        """The values shown and the status line; `estimate`: the page's own ("book" or "search")."""
        side = SIDE_NAMES[self.board.turn]
        exact = self.values_view.show(self.board, position, values, "page" if estimate else "worker")
        out_of_budget = exact < len(values) and self.rounds >= self.round_budget
        self.keep_proving_button.hidden = not out_of_budget or self.computer_to_move()
        self.values_status.textContent = (
            estimate_words(side, exact, len(values), depth, estimate) if estimate else
            values_words(side, exact, len(values), depth, self.rounds, self.round_budget, self.computer_to_move()))

    def got_line(self, position, answer):
        moves = answer.get("line") or []
        proven = answer.get("proven") or 0
        self.line_exact = bool(answer.get("exact"))
        self.line.textContent = line_words(self.board, moves, self.line_exact, proven)

    # -- playing on ----------------------------------------------------------
    def house_clicked(self, side, house):
        board = self.board
        if self.editing:
            self.message.textContent = "Complete the position in the editor first. %s" % (
                self.editor.message.textContent)
            return
        if board.is_game_over():
            self.message.textContent = "The game is over in this position: set up another or take back."
            return
        if self.computer_to_move():
            self.message.textContent = "The computer plays %s here: wait for its move." % SIDE_NAMES[board.turn]
            return
        reason = why_not(board, side, house)
        if reason is not None:
            self.message.textContent = reason
            return
        self.play(house)

    def play(self, move):
        board = self.board
        self.message.textContent = ""
        report = board.push(move)
        self.drop_calls()
        self.view.animate(report, lambda: None)
        self.shown()
        self.write_link()
        self.editor.fill(self.board)

    def take_back(self):
        board = self.board
        self.stop_computer()
        if not board.move_stack:
            return
        board.pop()
        # Back to a position where a person moves, not one the computer would answer at once.
        while board.move_stack and self.computer_to_move():
            board.pop()
        self.shown()
        self.write_link()
        self.editor.fill(self.board)

    def computer_to_move(self):
        side = str(self.computer_side.value)
        turn = self.board.turn
        return turn is not None and side == "SN"[turn]

    def stop_computer(self):
        if self.request is not None:
            self.request.cancel()
            self.request = None

    def computer_turn(self):
        """Ask the computer for its move when it plays the side to move."""
        if not self.computer_to_move() or (self.request is not None and self.request.is_pending()):
            return
        level = "level%s" % self.computer_level.value
        self.message.textContent = "Level %s is thinking\u2026" % self.computer_level.value
        board = self.board
        position = board.position()

        def done(move):
            self.request = None
            if self.board.position() == position:
                self.play(move)

        def failed(message):
            self.request = None
            self.message.textContent = "The computer could not move: %s" % message
        self.request = computer.request_move(board, level, COMPUTER_SECONDS, on_done=done, on_error=failed)

    def copy_link(self):
        self.link.select()
        copy_to_clipboard(str(self.link.value))
        by_id("copy-status").textContent = "Link copied (it is selected above, to copy by hand if not)."


PAGE = None


def main():
    global PAGE
    PAGE = AnalysisPage()
    by_id("analysis-board").hidden = False
    PAGE.open_hash(first=True)
    page_ready()
