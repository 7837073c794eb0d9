"""The analysis board's position editor: the rule set, the side to move, every pit's count
(a field with - and + each), and the position as text.

    editor = PositionEditor(on_position, on_incomplete, on_open)
    editor.fill(board)          # show a board's position in the fields
    # on_position(board): the fields hold a position a game can be in (edited by hand)
    # on_incomplete(rules, pits, turn): they do not (yet): the reason is shown in the editor;
    #     pits: the counts as typed (drawn all the same), None while a field holds no number
    # on_open(board): a position text was opened
    editor.add_seeds(index, 1); editor.set_seeds(index, "7"); editor.switch_side()   # the board's edit mode
"""

from kalah.study.analysis import MAX_COUNT, count_from_text, edited_board, pit_letter, pit_name
from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import NORTH, SOUTH, find_rules
from kalah.i18n import _, side_word, translated
from kalah.web.common.dom import by_id, clear, closest, el, listen

# Offered in the rule set field; any name kalah.game.rules.find_rules reads is accepted.
RULE_NAMES = ("kalah(6,4)", "kalah(6,4)+empty-capture", "kalah(6,3)", "kalah(6,5)", "kalah(6,6)",
              "kalah(4,3)", "kalah(6,4)+pie", "kalah(6,4)+gamelink", "relay-kalaha", "owari", "oware")


class PositionEditor:
    def __init__(self, rules, on_position, on_incomplete, on_open):
        self.rules = rules       # the rule set being edited
        self._on_position = on_position
        self._on_incomplete = on_incomplete
        self._on_open = on_open
        self.rules_input = by_id("rules")
        self.side_select = by_id("side")
        self.pits_box = by_id("pits")
        self.message = by_id("editor-message")
        self.position_text = by_id("position-text")
        self.pit_inputs = []
        names = by_id("rule-names")
        for name in RULE_NAMES:
            names.appendChild(el("option", attrs={"value": name}))
        listen(self.rules_input, "change", lambda event: self.rules_changed())
        listen(self.side_select, "change", lambda event: self.edited())
        listen(self.pits_box, "click", self.pit_button)
        listen(self.pits_box, "change", lambda event: self.edited())
        listen(by_id("position-open"), "click", lambda event: self.open_text())
        listen(self.position_text, "keydown", self.position_key)

    def say(self, text):
        self.message.textContent = text

    def open_text(self):
        try:
            board = Board.from_position(str(self.position_text.value).strip())
        except KalahError as error:
            self.say(_("This position cannot be opened: %(why)s.") % {"why": translated(error)})
            return
        self._on_open(board)

    def position_key(self, event):
        if event.key == "Enter":
            self.open_text()

    def fill(self, board):
        """Put the board's position into the editor's fields."""
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
            cells = [el("span", side_word(side), cls="row-name")]
            for index in indices:
                name = pit_name(rules, index)
                field = el("input", attrs={"type": "text", "inputmode": "numeric", "id": "pit-%d" % index,
                                           "aria-label": name, "size": "3", "maxlength": "3"})
                self.pit_inputs[index] = field
                less = el("button", "\u2212", attrs={"type": "button", "data-pit": index, "data-delta": "-1",
                                                      "aria-label": _("One seed less in %(pit)s") % {"pit": name}})
                more = el("button", "+", attrs={"type": "button", "data-pit": index, "data-delta": "1",
                                                 "aria-label": _("One seed more in %(pit)s") % {"pit": name}})
                short = pit_letter(rules, index) or _("store")
                cells.append(el("span", cls="pit store" if index in rules.stores else "pit", children=[
                    el("span", short, cls="pit-name"), field, el("span", cls="pit-buttons", children=[less, more])]))
            self.pits_box.appendChild(el("div", cls="pit-row", children=cells))

    def pit_button(self, event):
        button = closest(event.target, "button[data-pit]")
        if button is None:
            return
        self.add_seeds(int(button.getAttribute("data-pit")), int(button.getAttribute("data-delta")))

    def add_seeds(self, index, delta):
        """One seed more (delta 1) or less (-1) in pit `index` (a field that holds no number counts
        as 0; never below 0 nor above MAX_COUNT), then the position edited."""
        field = self.pit_inputs[index]
        try:
            count = count_from_text(field.value, "")
        except KalahError:
            count = 0
        field.value = str(min(MAX_COUNT, max(0, count + delta)))
        self.edited()

    def set_seeds(self, index, text):
        """Pit `index` holds the number `text` says (the board's edit mode's "set to"); a text that
        is no number is said, and nothing changes."""
        try:
            count = count_from_text(text, _("Set to"))
        except KalahError as error:
            self.say("%s." % translated(error))
            return False
        self.pit_inputs[index].value = str(count)
        self.edited()
        return True

    def switch_side(self):
        """The other side to move."""
        self.side_select.value = "S" if str(self.side_select.value) == "N" else "N"
        self.edited()

    def rules_changed(self):
        text = str(self.rules_input.value).strip()
        try:
            rules = find_rules(text)
        except KalahError as error:
            self.say(_("Rule set: %(why)s.") % {"why": translated(error)})
            return
        self.rules = rules
        self.build_pits(rules)
        pits = self.edited_pits()
        if pits is None or len(pits) != rules.size or sum(pits) != rules.total:
            for index, count in enumerate(rules.initial_pits()):
                self.pit_inputs[index].value = str(count)
        self.edited()

    def edited_pits(self):
        try:
            return [count_from_text(field.value, pit_name(self.rules, index))
                    for index, field in enumerate(self.pit_inputs)]
        except KalahError:
            return None

    def edited(self):
        """The editor's fields changed: show their position, analysed once it is one a game can be in."""
        rules = self.rules
        turn = NORTH if str(self.side_select.value) == "N" else SOUTH
        pits = None
        try:
            pits = [count_from_text(field.value, pit_name(rules, index)) for index, field in enumerate(self.pit_inputs)]
            board = edited_board(rules, pits, turn)
        except KalahError as error:
            self.say(_("Not a position yet: %(why)s.") % {"why": translated(error)})
            self._on_incomplete(rules, pits, turn)
            return
        self.say("")
        self._on_position(board)
        self.position_text.value = board.position()
