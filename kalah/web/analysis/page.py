"""analysis.html: set up any position, see every legal move's value and the best line, play on.

The position is in the link (`analysis.html#position=P`, P a position text
of docs/formats.md, kalah/analysis.py), so it can be shared or put in a
course page. The values come from the computer's worker
(kalah.ai.analysis_board): the first at once (the opening book, a proof or
a short search), then, one short call after another, proofs until every
value is exact. Each answer of the current position shows as it comes; a
move, an edit or a new link drops the calls still waiting.

For pages and tests outside, the board element (#board) carries
`data-position` (the position shown) and, once its values are known,
`data-values`: a JSON object keyed as `python -m kalah solve --position P
--json` keys its "values" (each legal move's house, "0" for the pie swap),
each {"value": V, "exact": true|false}, V the mover's final margin in
seeds; `data-values-position` names the position those values are of.
"""

import json

from pyscript import document, window

from kalah.analysis import analysis_fragment, board_from_fragment, count_from_text, edited_board, pit_name
from kalah.board import Board
from kalah.errors import KalahError
from kalah.notation import move_text
from kalah.rules import NORTH, SIDE_NAMES, SOUTH, find_rules
from kalah.web.common import computer, worker_client
from kalah.web.common.board_view import BoardView
from kalah.web.common.dom import by_id, clear, closest, el, listen
from kalah.web.common.files import copy_to_clipboard
from kalah.web.common.game_setup import why_not

VALUES = "kalah.ai.analysis_board:values"
PROVE = "kalah.ai.analysis_board:prove"
LINE = "kalah.ai.analysis_board:line"
FIRST_SECONDS = 0.5    # the first values: a short search (or the book, or a quick proof)
PROVE_SECONDS = 2.0    # a round of proofs; short, so that a stale one is dropped soon
MAX_ROUNDS = 60        # about two minutes of proofs a position, then the values stay as they are
LINE_PLIES = 10
LINE_SECONDS = 1.0     # the first line; once every value is exact, the proven line may take longer
PROVEN_LINE_SECONDS = 3.0
COMPUTER_SECONDS = 1.0
# Offered in the rule set field; any name kalah.rules.find_rules reads is accepted.
RULE_NAMES = ("kalah(6,4)", "kalah(6,4)+empty-capture", "kalah(6,3)", "kalah(6,5)", "kalah(6,6)",
              "kalah(4,3)", "kalah(6,4)+pie", "kalah(6,4)+gamelink", "relay-kalaha", "owari", "oware")


def signed(value):
    return "+%d" % value if value > 0 else "%d" % value


def line_text(board, moves):
    """The best line in letters, a turn's moves joined with '-' as in the records: "F-A d E"."""
    board = board.copy()
    text, last = "", None
    for move in moves:
        if board.is_game_over() or not board.is_legal(move):
            break
        side = board.turn
        board.push(move)
        text += ("" if not text else "-" if side == last else " ") + move_text(side, move)
        last = side
    return text


class AnalysisPage:
    def __init__(self):
        self.client = worker_client.shared()
        # <body data-worker="ready"> once the worker answers calls: scripts/measure_analysis.py
        # splits the time to the first values there.
        self.client.on_ready = lambda timings: document.body.setAttribute("data-worker", "ready")
        self.board = Board()
        self.calls = []          # worker calls for the position shown
        self.rounds = 0
        self.line_exact = False
        self.line_proven_asked = False
        self.request = None      # the computer's pending move
        self.edit_rules = self.board.rules
        self.board_box = by_id("board")
        self.view = BoardView(self.board_box, on_house=self.house_clicked)
        self.message = by_id("message")
        self.values_status = by_id("values-status")
        self.values_list = by_id("values")
        self.line = by_id("line")
        self.back_button = by_id("back")
        self.computer_side = by_id("computer-side")
        self.computer_level = by_id("computer-level")
        self.rules_input = by_id("rules")
        self.side_select = by_id("side")
        self.pits_box = by_id("pits")
        self.editor_message = by_id("editor-message")
        self.position_text = by_id("position-text")
        self.link = by_id("link")
        self.pit_inputs = []
        names = by_id("rule-names")
        for name in RULE_NAMES:
            names.appendChild(el("option", attrs={"value": name}))
        listen(self.back_button, "click", lambda event: self.take_back())
        listen(self.computer_side, "change", lambda event: self.computer_turn())
        listen(self.computer_level, "change", lambda event: self.computer_turn())
        listen(self.rules_input, "change", lambda event: self.rules_changed())
        listen(self.side_select, "change", lambda event: self.edited())
        listen(self.pits_box, "click", self.pit_button)
        listen(self.pits_box, "change", lambda event: self.edited())
        listen(by_id("start-position"), "click", lambda event: self.start_position())
        listen(by_id("position-open"), "click", lambda event: self.open_text())
        listen(self.position_text, "keydown", self.position_key)
        listen(by_id("copy-link"), "click", lambda event: self.copy_link())
        listen(document.defaultView, "hashchange", lambda event: self.open_hash())

    # -- opening positions ---------------------------------------------------
    def open_hash(self):
        """The link's position; a bad link says why and shows the start position."""
        fragment = str(window.location.hash)
        if not fragment or fragment == "#":
            self.open(Board())
            return
        try:
            board = board_from_fragment(fragment)
        except KalahError as error:
            self.open(Board(), write_link=False)
            self.message.textContent = ("This link's position cannot be opened: %s. "
                                        "The start position of kalah(6,4) is shown instead." % error)
            return
        self.open(board)

    def open(self, board, write_link=True):
        """Show `board` and analyse it."""
        self.stop_computer()
        self.board = board
        self.edit_rules = board.rules
        self.message.textContent = ""
        self.editor_message.textContent = ""
        self.shown()
        if write_link:
            self.write_link()
        self.fill_editor()

    def start_position(self):
        self.open(Board(self.edit_rules))

    def open_text(self):
        try:
            board = Board.from_position(str(self.position_text.value).strip())
        except KalahError as error:
            self.editor_message.textContent = "This position cannot be opened: %s." % error
            return
        self.open(board)

    def position_key(self, event):
        if event.key == "Enter":
            self.open_text()

    # -- the editor ----------------------------------------------------------
    def fill_editor(self):
        """Put the board's position into the editor's fields."""
        board = self.board
        self.rules_input.value = board.rules.name
        self.side_select.value = "N" if board.turn == NORTH else "S"
        self.build_pits(board.rules)
        for index, field in enumerate(self.pit_inputs):
            field.value = str(board.pits[index])
        self.position_text.value = board.position()

    def build_pits(self, rules):
        """One field with - and + a pit: North's row first, as the board shows it."""
        if len(self.pit_inputs) == rules.size:
            return
        clear(self.pits_box)
        self.pit_inputs = [None] * rules.size
        m = rules.houses
        rows = ((NORTH, [rules.stores[NORTH]] + [rules.house_index(NORTH, h) for h in range(m, 0, -1)]),
                (SOUTH, [rules.house_index(SOUTH, h) for h in range(1, m + 1)] + [rules.stores[SOUTH]]))
        for side, indices in rows:
            cells = [el("span", SIDE_NAMES[side], cls="row-name")]
            for index in indices:
                name = pit_name(rules, index)
                field = el("input", attrs={"type": "text", "inputmode": "numeric", "id": "pit-%d" % index,
                                           "aria-label": name, "size": "3", "maxlength": "3"})
                self.pit_inputs[index] = field
                less = el("button", "\u2212", attrs={"type": "button", "data-pit": index, "data-delta": "-1",
                                                      "aria-label": "One seed less in " + name})
                more = el("button", "+", attrs={"type": "button", "data-pit": index, "data-delta": "1",
                                                 "aria-label": "One seed more in " + name})
                short = name.split(" ")[-1] if index not in rules.stores else "store"
                cells.append(el("span", cls="pit store" if index in rules.stores else "pit", children=[
                    el("span", short, cls="pit-name"), field, el("span", cls="pit-buttons", children=[less, more])]))
            self.pits_box.appendChild(el("div", cls="pit-row", children=cells))

    def pit_button(self, event):
        button = closest(event.target, "button[data-pit]")
        if button is None:
            return
        field = self.pit_inputs[int(button.getAttribute("data-pit"))]
        try:
            count = count_from_text(field.value, "")
        except KalahError:
            count = 0
        field.value = str(max(0, count + int(button.getAttribute("data-delta"))))
        self.edited()

    def rules_changed(self):
        text = str(self.rules_input.value).strip()
        try:
            rules = find_rules(text)
        except KalahError as error:
            self.editor_message.textContent = "Rule set: %s." % error
            return
        self.edit_rules = rules
        self.build_pits(rules)
        pits = self.edited_pits()
        if pits is None or len(pits) != rules.size or sum(pits) != rules.total:
            for index, count in enumerate(rules.initial_pits()):
                self.pit_inputs[index].value = str(count)
        self.edited()

    def edited_pits(self):
        try:
            return [count_from_text(field.value, pit_name(self.edit_rules, index))
                    for index, field in enumerate(self.pit_inputs)]
        except KalahError:
            return None

    def edited(self):
        """The editor's fields changed: show their position, analysed once it is one a game can be in."""
        rules = self.edit_rules
        turn = NORTH if str(self.side_select.value) == "N" else SOUTH
        try:
            pits = [count_from_text(field.value, pit_name(rules, index)) for index, field in enumerate(self.pit_inputs)]
            board = edited_board(rules, pits, turn)
        except KalahError as error:
            self.stop_computer()
            self.drop_calls()
            self.editor_message.textContent = "Not a position yet: %s." % error
            self.values_status.textContent = "The values come once the position is complete."
            return
        self.editor_message.textContent = ""
        self.stop_computer()
        self.board = board
        self.shown()
        self.write_link()
        self.position_text.value = board.position()

    # -- the board and its values ---------------------------------------------
    def shown(self):
        """Draw the position and ask for its values (and the computer's move when it is to play)."""
        board = self.board
        self.view.render(board.rules, board.pits, board.turn, board.legal_moves, position=board.position())
        self.back_button.disabled = not board.move_stack
        self.ask()
        self.computer_turn()

    def write_link(self):
        fragment = analysis_fragment(self.board)
        window.history.replaceState(None, "", "#" + fragment)
        self.link.value = str(window.location.href)

    def drop_calls(self):
        for call_id in self.calls:
            self.client.cancel(call_id, stop=False)
        self.calls = []
        self.board_box.removeAttribute("data-values")
        self.board_box.removeAttribute("data-values-position")
        clear(self.values_list)
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
        self.line_exact = False
        self.line_proven_asked = False
        self.values_status.textContent = ("Starting the computer\u2026" if not self.client.is_ready()
                                          else "Valuing %s's moves\u2026" % SIDE_NAMES[board.turn])
        # The first values do not wait for the endgame table's download: the proofs after them load it.
        self.call(VALUES, {"position": board.position(), "time": FIRST_SECONDS, "tables": False}, self.got_values)

    def got_values(self, position, answer):
        values = answer.get("values") or {}
        self.show_values(position, values, answer.get("depth"))
        complete = bool(answer.get("complete"))
        if self.rounds == 0 or (complete and not self.line_exact and not self.line_proven_asked):
            self.line_proven_asked = complete
            self.call(LINE, {"position": position, "plies": LINE_PLIES, "values": values,
                             "time": PROVEN_LINE_SECONDS if complete else LINE_SECONDS}, self.got_line)
        if complete or self.rounds >= MAX_ROUNDS or self.computer_to_move():
            return
        self.rounds += 1
        self.call(PROVE, {"position": position, "time": PROVE_SECONDS, "values": values, "round": self.rounds},
                  self.got_values)

    def show_values(self, position, values, depth):
        board = self.board
        side = board.turn
        keys = sorted(values, key=int)
        shown = dict((key, {"value": values[key]["value"], "exact": values[key]["exact"] is True}) for key in keys)
        self.board_box.setAttribute("data-values", json.dumps(shown))
        self.board_box.setAttribute("data-values-position", position)
        clear(self.values_list)
        best = max(entry["value"] for entry in shown.values()) if shown else None
        exact = 0
        for key in keys:
            entry = shown[key]
            exact += entry["exact"]
            text = "%s %s %s" % (move_text(side, int(key)), signed(entry["value"]),
                                 "exact" if entry["exact"] else "search")
            cls = "value" + (" best" if entry["value"] == best else "") + ("" if entry["exact"] else " guess")
            self.values_list.appendChild(el("li", text, cls=cls, attrs={"data-move": key}))
        words = "%s to move. A value is %s's final margin in seeds with best play from both sides: " % (
            SIDE_NAMES[side], SIDE_NAMES[side])
        if exact == len(keys):
            words += "all proven exact."
        else:
            words += "%d of %d proven exact; \u201csearch\u201d is the computer's estimate%s. " % (
                exact, len(keys), " (depth %s)" % depth if depth else "")
            words += ("Proving the rest\u2026" if self.rounds < MAX_ROUNDS and not self.computer_to_move()
                      else "")
        self.values_status.textContent = words

    def got_line(self, position, answer):
        moves = answer.get("line") or []
        proven = answer.get("proven") or 0
        self.line_exact = bool(answer.get("exact"))
        text = line_text(self.board, moves)
        if not text:
            words = ""
        elif self.line_exact:
            words = " (proven)"
        elif proven:
            words = " (the first %s proven; the rest as far as the computer sees)" % (
                "move" if proven == 1 else "%d moves" % proven)
        else:
            words = " (as far as the computer sees)"
        self.line.textContent = text + words

    # -- playing on ----------------------------------------------------------
    def house_clicked(self, side, house):
        board = self.board
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
        self.fill_editor()

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
        self.fill_editor()

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


PAGE = None


def main():
    global PAGE
    PAGE = AnalysisPage()
    by_id("status").hidden = True
    by_id("analysis-board").hidden = False
    PAGE.open_hash()
    document.body.dataset.ready = "1"
