"""The analysis board's edit mode: a click or tap on any house or store edits the position (a seed
more, a seed less, or a number), through the position editor (editor.py), which says what is
wrong; "Other side to move" switches the turn.

    edit = BoardEdit(board_box, editor, on_toggled)
    edit.active                 # clicks edit, not play
    edit.house(side, house)     # the board's house click, in edit mode
    edit.enable_houses()        # after drawing: every house takes a click
    # on_toggled(words): edit mode went on or off; words: what to say by the board
"""

from kalah.i18n import N_, _
from kalah.web.common.dom import by_id, closest, listen

WORDS = N_("Edit mode: a click on a house or a store changes its seeds; "
           "an edit starts a new study from the position edited.")


class BoardEdit:
    def __init__(self, board_box, editor, on_toggled, on_said):
        self.active = False
        self.board_box = board_box
        self.editor = editor
        self._on_toggled = on_toggled
        self._on_said = on_said
        self.button = by_id("edit-board")
        self.tools = by_id("edit-tools")
        self.count = by_id("edit-count")
        listen(self.button, "click", lambda event: self.toggle())
        listen(by_id("edit-turn"), "click", lambda event: editor.switch_side())
        listen(board_box, "click", self._store_clicked)

    def toggle(self):
        self.active = not self.active
        self.button.setAttribute("aria-pressed", "true" if self.active else "false")
        self.tools.hidden = not self.active
        self.board_box.classList.toggle("edit-mode", self.active)
        self._on_toggled(_(WORDS) if self.active else "")

    def enable_houses(self):
        """In edit mode every house takes a click: none is marked disabled (for assistive
        technology too)."""
        if self.active:
            for house in self.board_box.querySelectorAll(".kb-house[aria-disabled]"):
                house.removeAttribute("aria-disabled")

    def house(self, side, house):
        self._edit(self.editor.rules.house_index(side, house))

    def _store_clicked(self, event):
        store = closest(event.target, ".kb-store")
        if store is not None and self.active:
            self._edit(self.editor.rules.stores[1 if store.classList.contains("kb-n") else 0])

    def _edit(self, index):
        """The tool chosen (a seed more, a seed less, or a number) on pit `index`."""
        tool = str(self.tools.querySelector("input[name='edit-tool']:checked").value)
        if tool == "set":
            self.editor.set_seeds(index, str(self.count.value))
        else:
            self.editor.add_seeds(index, 1 if tool == "add" else -1)
        # What the editor says (how many seeds to add or take away) shows by the board too.
        self._on_said(str(self.editor.message.textContent) or _(WORDS))
