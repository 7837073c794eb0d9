"""analysis.html: set up any position, see every legal move's value and the best line, play on.

The board is a study: every move played goes into a tree of moves and
variations (kalah/study/move_tree.py; walked by study_moves.py). The whole study
is in the link (`analysis.html#position=P`, P a position text of
docs/formats.md, and `&moves=T&at=A` once it has moves: kalah/study/analysis.py),
so it can be shared or put in a course page. The first values come from the page itself
(kalah/web/common/estimate.py: the book or a short search), not waiting for the worker
(kalah.ai.analysis_board), whose values replace them: the first at once (the opening book, a
proof or a short search), then, one short call after another, proofs until every value is
exact. Each answer of the current position shows as it comes; a move, an edit or a new link
drops the calls still waiting.

For pages and tests outside, the board element (#board) carries
`data-position` (the position shown) and, once its values are known,
`data-values`: a JSON object keyed as `python -m kalah solve --position P
--json` keys its "values" (each legal move's house, "0" for the pie swap),
each {"value": V, "exact": true|false}, V the mover's final margin in
seeds; `data-values-position` names the position those values are of, and
`data-values-source` "page" (the page's estimate) or "worker".
"""

from pyscript import document, window

from kalah.study.analysis import study_from_fragment
from kalah.study.analysis_link import study_fragment
from kalah.library.fragments import is_link
from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import SOUTH
from kalah.i18n import _, side_word, translated
from kalah.study.move_tree import StudyTree, path_text
from kalah.web.analysis.board_edit import BoardEdit
from kalah.web.analysis.game_graph import GameGraph
from kalah.web.common import computer, worker_client
from kalah.web.common.board_view import BoardView
from kalah.web.analysis.editor import PositionEditor
from kalah.web.analysis.study_moves import StudyMoves
from kalah.web.analysis.line_view import LineView
from kalah.web.analysis.position_values import PositionValues
from kalah.web.analysis.words import computer_choices, player_words
from kalah.web.common.dom import bring_into_view, by_id, el, listen, page_ready
from kalah.web.common.files import copy_to_clipboard
from kalah.web.common.house_click import why_not

COMPUTER_SECONDS = 1.0
DEFAULT_LEVEL = "level3"


class AnalysisPage:
    def __init__(self):
        self.client = worker_client.shared()
        # <body data-worker="ready"> once the worker answers calls: scripts/bench/measure_analysis.py
        # splits the time to the first values there.
        self.client.on_ready = lambda timings: document.body.setAttribute("data-worker", "ready")
        self.board = Board()   # the position shown: the study's (self.study.tree) at the move looked at
        self.orientation = SOUTH             # the side drawn at the bottom ("f" flips)
        self.request = None      # the computer's pending move
        self.editing = False     # the board shows the editor's counts, not yet a position
        self.board_box = by_id("board")
        self.view = BoardView(self.board_box, on_house=self.house_clicked)
        self.message = by_id("message")
        self.line = LineView(by_id("line"), self.play_line, self.preview)
        self.values = PositionValues(self.client, self.board_box, self.line, self.computer_to_move)
        self.computer_side = by_id("computer-side")
        self.computer_level = by_id("computer-level")
        for name, label in computer_choices():
            self.computer_level.appendChild(el("option", label, attrs={"value": name}))
        self.computer_level.value = DEFAULT_LEVEL
        self.link = by_id("link")
        self.editor = PositionEditor(self.board.rules, self.edited, self.incomplete, self.open)
        self.study = StudyMoves(self.looked_at, self.write_link, self.flip, lambda: not self.editing,
                                self.computer_to_move)
        self.board_edit = BoardEdit(self.board_box, self.editor, self.edit_toggled, self.say)
        self.graph = GameGraph(self.client, self.graph_selected, lambda: self.graph.start(self.study.tree))
        listen(self.computer_side, "change", lambda event: self.computer_turn())
        listen(self.computer_level, "change", lambda event: self.computer_turn())
        listen(by_id("start-position"), "click", lambda event: self.start_position())
        listen(by_id("copy-link"), "click", lambda event: self.copy_link())
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
            tree, problem = study_from_fragment(fragment)
        except KalahError as error:
            if first:
                self.open(Board(), write_address=False)
            instead = (_("The start position of kalah(6,4) is shown instead.") if first
                       else _("The position shown stays."))
            cannot = _("This link's position cannot be opened: %(why)s.") % {"why": translated(error)}
            self.message.textContent = cannot + " " + instead
            bring_into_view(self.message)
            return
        self.open(tree.start, tree=tree, write_address=problem is None)
        if tree.size:
            self.graph.start(tree)   # a game's or a study's link: the main line's graph
        if problem is not None:
            self.message.textContent = _("This link's moves cannot be opened: %(why)s. Its position is shown without "
                                         "them.") % {"why": problem}
            bring_into_view(self.message)

    def open(self, board, write_address=True, tree=None):
        """Show `board` and analyse it: a new study from it (or `tree`, a study read from a link)."""
        self.stop_computer()
        self.graph.hide()
        self.study.reset(StudyTree(board) if tree is None else tree)
        self.board = self.study.tree.board()
        self.editor.rules = board.rules
        self.message.textContent = ""
        self.editor.say("")
        self.shown()
        self.write_link(write_address)
        self.editor.fill(self.board)

    def start_position(self):
        self.open(Board(self.editor.rules))

    def edited(self, board):
        """The editor holds a position a game can be in: show it, analysed (a new study from it)."""
        self.stop_computer()
        self.graph.hide()
        self.study.reset(StudyTree(board))
        self.board = self.study.tree.board()
        self.shown()
        self.write_link()

    def incomplete(self, rules, pits, turn):
        """The editor holds no position a game can be in (the editor says why): the board still
        shows the counts as typed, with no move, no values and no link until it is one."""
        self.stop_computer()
        self.drop_calls()
        self.editing = True
        if pits is not None:
            self.draw(rules, pits, turn, ())
        self.board_box.removeAttribute("data-position")
        self.study.disable()
        self.link.value = ""
        by_id("copy-status").textContent = ""
        self.values.say(_("The values come once the position is complete."))

    # -- the board and its values ---------------------------------------------
    def shown(self):
        """Draw the position and ask for its values (and the computer's move when it is to play)."""
        board = self.board
        self.editing = False
        self.draw(board.rules, board.pits, board.turn, board.legal_moves, board.position())
        self.study.show()
        self.graph.mark(self.study.tree)
        self.ask()
        self.computer_turn()

    def draw(self, rules, pits, turn, legal, position=None):
        """The board as the page shows it: turned as chosen; in edit mode every house takes a click
        (none is marked disabled, for assistive technology too)."""
        self.view.render(rules, pits, turn, legal, orientation=self.orientation, position=position)
        self.board_edit.enable_houses()

    def write_link(self, write_address=True):
        """The link field names the position shown, always; the address too, unless it holds a link
        the user may want to read (a bad one) or an in-page anchor."""
        tree = self.study.tree
        fragment = "#" + study_fragment(tree.start, tree.text(), path_text(tree.path))
        if write_address:
            window.history.replaceState(None, "", fragment)
        self.link.value = str(window.location.href).split("#")[0] + fragment
        by_id("copy-status").textContent = ""

    def drop_calls(self):
        self.values.drop(self.board)

    def ask(self):
        self.values.ask(self.board)

    def play_line(self, moves):
        """A move of the best line was clicked: the line up to it goes into the study, shown there."""
        if self.editing:
            return
        try:
            for move in moves:
                self.study.tree.play(move)
        except KalahError as error:
            self.message.textContent = _("This line cannot be added: %(why)s.") % {"why": translated(error)}
        self.looked_at()

    def preview(self, moves):
        """The position after `moves` on the board, the study unchanged (None: the position shown
        again). The board's data-position stays the position shown; data-preview names the other."""
        board = self.board
        if moves is not None:
            board = board.copy()
            for move in moves:
                board.push(move)
            self.board_box.setAttribute("data-preview", board.position())
        else:
            self.board_box.removeAttribute("data-preview")
        self.board_box.classList.toggle("previewing", moves is not None)
        self.draw(board.rules, board.pits, board.turn, board.legal_moves if moves is None else ())

    # -- editing on the board, playing on -----------------------------------------
    def say(self, text):
        self.message.textContent = text

    def edit_toggled(self, words):
        """Edit mode went on or off: the board drawn again (every house takes a click in edit mode,
        else the legal ones), and what it means said."""
        self.flip(turn=False)
        self.say(words)

    def house_clicked(self, side, house):
        board = self.board
        if self.board_edit.active:
            self.board_edit.house(side, house)
            return
        if self.editing:
            self.message.textContent = _("Complete the position in the editor first.") + " " + str(
                self.editor.message.textContent)
            return
        if board.is_game_over():
            self.message.textContent = _("The game is over in this position: set up another or take back.")
            return
        if self.computer_to_move():
            self.message.textContent = _("The computer plays %(side)s here: wait for its move.") % {
                "side": side_word(board.turn)}
            return
        reason = why_not(board, side, house)
        if reason is not None:
            self.message.textContent = reason
            return
        self.play(house)

    def play(self, move):
        """Play `move` into the study (the move there, else a new line) and look at it, sown."""
        self.message.textContent = ""
        try:
            self.study.tree.play(move)
        except KalahError as error:
            self.message.textContent = _("This move cannot be added: %(why)s.") % {"why": translated(error)}
            return
        report = self.board.push(move)
        self.drop_calls()
        self.view.animate(report, lambda: None)
        self.shown()
        self.write_link()
        self.editor.fill(self.board)

    def graph_selected(self, ply):
        """A click on the game graph: the main line's move `ply`."""
        self.study.go(self.study.tree.mainline()[:ply])

    def looked_at(self):
        """The study looks at another of its moves: show it."""
        self.stop_computer()
        self.message.textContent = ""
        self.board = self.study.tree.board()
        self.shown()
        self.write_link()
        self.editor.fill(self.board)

    def flip(self, turn=True):
        """The board turned (or, with turn=False, drawn again as it is)."""
        if turn:
            self.orientation = 1 - self.orientation
        if self.editing:
            self.editor.edited()
        else:
            board = self.board
            self.draw(board.rules, board.pits, board.turn, board.legal_moves, board.position())

    def computer_to_move(self, board=None):
        side = str(self.computer_side.value)
        turn = (self.board if board is None else board).turn
        return turn is not None and side == "SN"[turn]

    def stop_computer(self):
        if self.request is not None:
            self.request.cancel()
            self.request = None

    def computer_turn(self):
        """Ask the computer for its move when it plays the side to move."""
        if not self.computer_to_move() or (self.request is not None and self.request.is_pending()):
            return
        level = str(self.computer_level.value)
        self.message.textContent = _("%(player)s is thinking\u2026") % {"player": player_words(level)}
        board = self.board
        position = board.position()

        def done(move):
            self.request = None
            if self.board.position() == position:
                self.play(move)

        def failed(message):
            self.request = None
            self.message.textContent = _("The computer could not move: %(why)s") % {"why": message}
        self.request = computer.request_move(board, level, COMPUTER_SECONDS, on_done=done, on_error=failed)

    def copy_link(self):
        self.link.select()
        copy_to_clipboard(str(self.link.value))
        by_id("copy-status").textContent = _("Link copied (it is selected above, to copy by hand if not).")


PAGE = None


def main():
    global PAGE
    PAGE = AnalysisPage()
    by_id("analysis-board").hidden = False
    PAGE.open_hash(first=True)
    page_ready()
