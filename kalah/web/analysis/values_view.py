"""The analysis board's values as the page shows them: the board's data-values and the list.

    view = ValuesView(board_box, values_list)
    exact = view.show(board, position, values, source="worker")   # "page": the page's first estimate
    view.clear()

`values` is {house text: {"value", "exact"}} (kalah.ai.first_values.values_answer's);
the board carries it as data-values (the form kalah/web/analysis/page.py's docstring
gives), with data-values-position and data-values-source.
"""

import json

from kalah.game.notation import move_text, signed
from kalah.i18n import _
from kalah.web.common.dom import clear, el


class ValuesView:
    def __init__(self, board_box, values_list):
        self.board_box = board_box
        self.values_list = values_list

    def clear(self):
        for name in ("data-values", "data-values-position", "data-values-source"):
            self.board_box.removeAttribute(name)
        clear(self.values_list)

    def show(self, board, position, values, source):
        """Show `values` of `position` (board's side to move); returns how many are exact."""
        side = board.turn
        keys = sorted(values, key=int)
        shown = dict((key, {"value": values[key]["value"], "exact": values[key]["exact"] is True}) for key in keys)
        self.board_box.setAttribute("data-values", json.dumps(shown))
        self.board_box.setAttribute("data-values-position", position)
        self.board_box.setAttribute("data-values-source", source)
        clear(self.values_list)
        best = max(entry["value"] for entry in shown.values()) if shown else None
        # The status line names the guesses' word ("search" is the computer's estimate).
        guess = _("estimate") if source == "page" else _("search")
        exact = 0
        for key in keys:
            entry = shown[key]
            exact += entry["exact"]
            how = _("exact") if entry["exact"] else guess
            text = "%s %s %s" % (move_text(side, int(key)), signed(entry["value"]), how)
            cls = "value" + (" best" if entry["value"] == best else "") + ("" if entry["exact"] else " guess")
            self.values_list.appendChild(el("li", text, cls=cls, attrs={"data-move": key}))
        return exact
