"""The analysis board's game graph: the value after each move of the study's main line, South's side
(the best value there, as the evaluation bar shows it), drawn by common/chart_view.py as it comes
in; a click on the chart goes to that move. Shown when the board opens a study's or a game's link
with moves, and on request ("Graph the main line").

    graph = GameGraph(client, on_select)    # on_select(ply): look at the main line's move `ply`
    graph.start(tree)                       # value tree.mainline(), one position after another
    graph.mark(tree)                        # the marker at the move looked at, when on the main line
"""

import json

from kalah.i18n import _
from kalah.web.analysis.words import evaluation
from kalah.web.common.chart_view import ChartView
from kalah.web.common.dom import by_id, listen

VALUES = "kalah.ai.analysis_board:values"
SECONDS = 0.3   # a position: a 40-move game in about 12 s of the worker's time, between its other calls


class GameGraph:
    def __init__(self, client, on_select, on_request):
        # on_request(): "Graph the main line" was pressed
        self.client = client
        self.box = by_id("graph")
        self.status = by_id("graph-status")
        self.chart = ChartView(by_id("graph-chart"), on_select=on_select)
        self.boards = []      # the main line's boards, the start first
        self.values = []      # South's margin after each ply (None: not known yet)
        self.marked = 0       # the ply the chart's marker is at
        self.call_id = None
        listen(by_id("graph-main"), "click", lambda event: on_request())

    def start(self, tree):
        """Value every position of the tree's main line (the values shown so far are dropped)."""
        self.stop()
        line = tree.mainline()
        board = tree.start.copy()
        self.boards = [board.copy()]
        for move in line:
            board.push(move)
            self.boards.append(board.copy())
        self.values = [None] * len(self.boards)
        self.box.hidden = False
        self.box.removeAttribute("data-graph")
        self.marked = len(tree.path) if tree.is_main(tree.path) else 0
        self.draw()
        self.next()

    def hide(self):
        """A new study: no graph until asked for."""
        self.stop()
        self.box.hidden = True

    def stop(self):
        if self.call_id is not None:
            self.client.cancel(self.call_id, stop=False)
            self.call_id = None

    def next(self):
        """Value the first position not valued yet; once all are, say so (data-graph: the values)."""
        self.call_id = None
        for ply in range(len(self.values)):
            if self.values[ply] is None:
                board = self.boards[ply]
                if board.is_game_over():
                    self.values[ply] = evaluation(board, {})[0]
                    continue
                self.status.textContent = _("Valuing the main line: %(done)d of %(count)d positions\u2026") % {
                    "done": ply, "count": len(self.values)}
                self.call_id = self.client.call(
                    VALUES, {"position": board.position(), "time": SECONDS, "tables": False},
                    lambda answer, ply=ply: self.got(ply, answer), on_error=self.failed)
                return
        self.status.textContent = _("The value after each move of the main line, South's side (seeds).")
        self.box.setAttribute("data-graph", json.dumps(self.values))
        self.draw()

    def got(self, ply, answer):
        found = evaluation(self.boards[ply], answer.get("values") or {})
        # Whole seeds: a search stopped at the learned evaluation gives a fraction (5.75 was seen under load).
        self.values[ply] = 0 if found is None else int(round(found[0]))
        self.draw()
        self.next()

    def failed(self, message):
        self.call_id = None
        self.status.textContent = _("The graph stopped: %(why)s") % {"why": message}

    def draw(self):
        self.chart.render([{"name": _("Value for South (seeds)"), "values": self.values, "cls": "value"}],
                          current_ply=self.marked)

    def mark(self, tree):
        """The chart's marker at the move looked at when it is on the main line, else at the start."""
        if self.box.hidden:
            return
        self.marked = len(tree.path) if tree.is_main(tree.path) else 0
        self.chart.mark(self.marked)
