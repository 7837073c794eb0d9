"""The analysis board's study as the user walks it: the move tree (kalah/study/move_tree.py, drawn by
tree_view.py), Back and Forward, the keys, delete and promote, and the board's flip.

    moves = StudyMoves(on_moved, on_changed, on_flip, can_walk, skip_back)
    moves.reset(StudyTree(board))   # a new study (or one read from a link)
    moves.show()                    # the tree and the buttons as the study stands
    # on_moved(): another move is looked at (moves.tree.path), to show
    # on_changed(): the tree changed, not the move looked at (the link follows)
    # on_flip(): "f" or the Flip button
    # can_walk(): False while the board shows no position (the editor's counts)
    # skip_back(board): True where Back goes on past (a position the computer would answer)
"""

from kalah.game.board import Board
from kalah.study.move_tree import StudyTree
from kalah.web.analysis.tree_view import TreeView
from kalah.web.common.dom import by_id, closest, listen


class StudyMoves:
    def __init__(self, on_moved, on_changed, on_flip, can_walk, skip_back):
        self.tree = StudyTree(Board())
        self._on_moved = on_moved
        self._on_changed = on_changed
        self._on_flip = on_flip
        self._can_walk = can_walk
        self._skip_back = skip_back
        self.view = TreeView(by_id("moves"), self.go)
        self.back_button = by_id("back")
        self.forward_button = by_id("forward")
        self.delete_button = by_id("delete-move")
        self.promote_button = by_id("promote-line")
        listen(self.back_button, "click", lambda event: self.take_back())
        listen(self.forward_button, "click", lambda event: self.walk(self.tree.forward))
        listen(by_id("flip"), "click", lambda event: on_flip())
        listen(self.delete_button, "click", lambda event: self.delete_move())
        listen(self.promote_button, "click", lambda event: self.promote_line())
        listen(by_id("moves").ownerDocument, "keydown", self.key)

    def reset(self, tree):
        self.tree = tree

    def show(self):
        tree = self.tree
        self.view.render(tree)
        self.back_button.disabled = not tree.path
        self.forward_button.disabled = not tree.node(tree.path).children
        self.delete_button.disabled = not tree.path
        self.promote_button.disabled = tree.is_main(tree.path)

    def disable(self):
        """No walking while the board shows no position."""
        for button in (self.back_button, self.forward_button, self.delete_button, self.promote_button):
            button.disabled = True

    def go(self, path):
        """A move of the study was clicked: look at it."""
        if self._can_walk():
            self.tree.go(path)
            self._on_moved()

    def walk(self, step):
        """A step through the study (tree.forward, home, end): shown when it moved."""
        if not self._can_walk():
            return
        path = self.tree.path
        step()
        if self.tree.path != path:
            self._on_moved()

    def take_back(self):
        """One move back; past the computer's moves when it plays on, to a position where a person
        moves, not one the computer would answer at once."""
        tree = self.tree
        if not self._can_walk() or not tree.back():
            return
        while tree.path and self._skip_back(tree.board()):
            tree.back()
        self._on_moved()

    def delete_move(self):
        """Delete the move looked at and what follows it; look at the move before it."""
        tree = self.tree
        if self._can_walk() and tree.path:
            tree.delete(tree.path)
            self._on_moved()

    def promote_line(self):
        """The line looked at becomes the main line."""
        if self._can_walk():
            self.tree.promote(self.tree.path)
            self.show()
            self._on_changed()

    def key(self, event):
        """Left/Right a move back and on, Home/End the start and the line's end, f flips; not while
        typing in a field, and only f on the board, whose houses take the arrows, Home and End."""
        if event.ctrlKey or event.altKey or event.metaKey:
            return
        if closest(event.target, "input, select, textarea") is not None:
            return
        if str(event.key) != "f" and closest(event.target, ".kb-house") is not None:
            return
        steps = {"ArrowLeft": self.take_back, "ArrowRight": lambda: self.walk(self.tree.forward),
                 "Home": lambda: self.walk(self.tree.home), "End": lambda: self.walk(self.tree.end),
                 "f": self._on_flip}
        action = steps.get(str(event.key))
        if action is not None:
            event.preventDefault()
            action()
