"""The values of the position the analysis board shows, as they come: the page's own first
estimate (kalah/web/common/estimate.py), then the worker's (kalah.ai.analysis_board) first values,
its best line, and round after round of proofs until every value is exact, the budget ends
("Keep proving") or the user stops them ("Stop"); the status counts the moves proven.

    values = PositionValues(client, board_box, line_view, computer_to_move)
    values.ask(board)     # a new position: drops what was asked for the one before
    values.drop(board)    # nothing asked any more, nothing shown

Each answer is shown only while its position is still the one asked about.
"""

from pyscript import window

from kalah.i18n import _, side_word
from kalah.web.analysis.line_view import EvaluationBar
from kalah.web.analysis.values_view import ValuesView
from kalah.web.analysis.words import estimate_words, values_words
from kalah.web.common.dom import by_id, listen, missing
from kalah.web.common.estimate import FirstEstimate

VALUES = "kalah.ai.analysis_board:values"
PROVE = "kalah.ai.analysis_board:prove"
LINE = "kalah.ai.analysis_board:line"
FIRST_SECONDS = 0.5    # the first values: a short search (or the book, or a quick proof)
PROVE_SECONDS = 2.0    # a round of proofs; short, so that a stale one is dropped soon
MAX_ROUNDS = 60        # about two minutes of proofs a position, then "Keep proving" gives as much again
LINE_PLIES = 10
LINE_SECONDS = 1.0     # the first line; once every value is exact, the proven line may take longer
PROVEN_LINE_SECONDS = 3.0


def proof_rounds():
    """The proofs' budget in rounds: MAX_ROUNDS, unless a test shortened it (window.kalahProofRounds)
    to reach the budget's end in seconds."""
    value = getattr(window, "kalahProofRounds", None)
    return MAX_ROUNDS if missing(value) else int(value)


class PositionValues:
    def __init__(self, client, board_box, line_view, computer_to_move):
        self.client = client
        self.board_box = board_box
        self.line = line_view
        self.computer_to_move = computer_to_move
        self.board = None        # the position asked about
        self.calls = []          # worker calls for it
        self.estimate = FirstEstimate(self.got_estimate)   # the page's own first values
        self.rounds = 0
        self.round_budget = MAX_ROUNDS
        self.depth = None        # the search's depth of the values shown (the proofs' answers have none)
        self.values = {}
        self.line_exact = False
        self.line_proven_asked = False
        self.proof_call = None   # the round of proofs under way
        self.stopped = False     # the proofs were stopped by the user (Keep proving goes on)
        self.status = by_id("values-status")
        self.view = ValuesView(board_box, by_id("values"))
        self.bar = EvaluationBar(by_id("eval-bar"), by_id("eval-text"))
        self.keep_proving_button = by_id("keep-proving")
        listen(self.keep_proving_button, "click", lambda event: self.keep_proving())
        self.stop_proving_button = by_id("stop-proving")
        listen(self.stop_proving_button, "click", lambda event: self.stop_proving())

    def say(self, text):
        self.status.textContent = text

    def drop(self, board):
        """Drop every call under way and what was shown (the bar shows `board` with no value)."""
        self.estimate.stop()
        for call_id in self.calls:
            self.client.cancel(call_id, stop=False)
        self.calls = []
        self.view.clear()
        self.line.clear()
        self.bar.show(board, {})

    def call(self, name, args, on_result):
        position = self.board.position()

        def answered(answer):
            if self.board.position() == position:
                on_result(position, answer)

        def failed(message):
            if self.board.position() == position:
                self.status.textContent = _("No values: %(why)s") % {"why": message}
        call_id = self.client.call(name, args, answered, on_error=failed)
        self.calls.append(call_id)
        return call_id

    def ask(self, board):
        self.drop(board)
        self.board = board
        if board.is_game_over():
            south, north = board.scores()
            self.status.textContent = _("The game is over there: South %(south)d, North %(north)d. "
                                        "No move to value.") % {"south": south, "north": north}
            self.board_box.setAttribute("data-values", "{}")
            self.board_box.setAttribute("data-values-position", board.position())
            return
        self._count_rounds(0)
        self.round_budget = proof_rounds()
        self.stopped = False
        self.depth = None
        self.keep_proving_button.hidden = True
        self.stop_proving_button.hidden = True
        self.line_exact = False
        self.line_proven_asked = False
        self.status.textContent = (_("Starting the computer\u2026") if not self.client.is_ready()
                                   else _("Valuing %(side)s's moves\u2026") % {"side": side_word(board.turn)})
        self.estimate.start(board)   # first: the worker's start then takes the cores
        # The first values do not wait for the endgame table's download: the proofs after them load it.
        self.call(VALUES, {"position": board.position(), "time": FIRST_SECONDS, "tables": False}, self.got_values)

    def got_estimate(self, answer, source):
        """The page's own first values (`source` "book" or "search"), until the worker's come."""
        self.show(self.board.position(), answer["values"], answer["depth"], estimate=source)

    def got_values(self, position, answer):
        self.estimate.stop()
        values = answer.get("values") or {}
        self.depth = answer.get("depth") or self.depth
        self.values = values
        self.show(position, values, self.depth)
        complete = bool(answer.get("complete"))
        if self.rounds == 0 or (complete and not self.line_exact and not self.line_proven_asked):
            self.line_proven_asked = complete
            self.call(LINE, {"position": position, "plies": LINE_PLIES, "values": values,
                             "time": PROVEN_LINE_SECONDS if complete else LINE_SECONDS}, self.got_line)
        if complete or self.rounds >= self.round_budget or self.computer_to_move():
            return
        self.prove(position, values)

    def prove(self, position, values):
        self._count_rounds(self.rounds + 1)
        self.proof_call = self.call(PROVE, {"position": position, "time": PROVE_SECONDS, "values": values,
                                            "round": self.rounds}, self.got_values)

    def _count_rounds(self, rounds):
        """The rounds of proofs asked for this position. The status counts moves proven, not
        rounds; the rounds stay beside it (data-proof-rounds), for a test to see proofs go on
        while no move is proven yet."""
        self.rounds = rounds
        self.status.setAttribute("data-proof-rounds", str(rounds))

    def stop_proving(self):
        """The Stop button: the round under way is dropped, the values shown stay, and the status
        says so (Keep proving goes on from them)."""
        if self.proof_call is not None:
            self.client.cancel(self.proof_call, stop=False)
            self.proof_call = None
        self.stopped = True
        self.round_budget = self.rounds
        self.show(self.board.position(), self.values, self.depth)

    def keep_proving(self):
        """Another budget of proofs, from the values shown."""
        self.keep_proving_button.hidden = True
        self.stopped = False
        self.round_budget = self.rounds + proof_rounds()
        self.show(self.board.position(), self.values, self.depth)
        self.prove(self.board.position(), self.values)

    def show(self, position, values, depth, estimate=None):
        """The values shown, the bar and the status line; `estimate`: the page's own ("book" or "search")."""
        side = side_word(self.board.turn)
        exact = self.view.show(self.board, position, values, "page" if estimate else "worker")
        self.bar.show(self.board, values)
        out_of_budget = exact < len(values) and self.rounds >= self.round_budget
        self.keep_proving_button.hidden = not out_of_budget or self.computer_to_move()
        self.stop_proving_button.hidden = (estimate is not None or exact == len(values) or out_of_budget
                                           or self.computer_to_move())
        self.status.textContent = (
            estimate_words(side, exact, len(values), depth, estimate) if estimate else
            values_words(side, exact, len(values), depth, self.rounds, self.round_budget, self.computer_to_move(),
                         self.stopped))

    def got_line(self, position, answer):
        moves = answer.get("line") or []
        proven = answer.get("proven") or 0
        self.line_exact = bool(answer.get("exact"))
        self.line.render(self.board, moves, self.line_exact, proven)
