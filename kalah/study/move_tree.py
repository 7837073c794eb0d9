"""A study's moves as a tree: a main line and its variations from one start position, and the move
being looked at (pure Python, MicroPython-safe; the analysis board's model).

    tree = StudyTree(Board())
    tree.play(3); tree.play(6)      # the main line: C d
    tree.back(); tree.play(5)       # another move than the one there: a variation, C (e)
    tree.path                       # (3, 5): the moves from the start to the move looked at
    tree.board()                    # the Board there
    tree.promote((3, 5))            # that variation becomes the main line
    tree.delete((3, 6))             # and the other line is gone
    StudyTree.read(start, tree.text(), "35")   # the same tree and move again, from a link

A node is named by its path, the moves from the start (one move leads to one position, so two
children of a node never share a move). The first child is the main continuation, the others
its variations. `text()` writes the tree as the links carry it, house numbers as the compact
records do (one digit a move, 0 the pie rule's swap) and each variation in parentheses after
the move it replaces, as PGN does: "36(5)41" is C d A a with e instead of d after C.
"""

from kalah.errors import KalahError
from kalah.i18n import _, ngettext, translated
from kalah.library.fragments import clip

MAX_NODES = 1000   # moves one study holds: its link stays under the site's cap (kalah.input_guards.MAX_LINK)
MAX_NESTING = 32   # variations within variations
DIGITS = "0123456789"


class Node:
    """One move of the tree and what follows it (children[0] the main continuation)."""

    def __init__(self, move, parent, side=None):
        self.move = move
        self.parent = parent
        self.side = side        # who played it (SOUTH, NORTH): how the move is written
        self.children = []

    def child(self, move):
        for child in self.children:
            if child.move == move:
                return child
        return None


class StudyTree:
    def __init__(self, start):
        self.start = start.copy()   # the Board the study starts from (its own moves, if any, are kept)
        self.root = Node(None, None)
        self.path = ()              # the moves from the start to the move looked at
        self.size = 0               # moves in the tree

    # -- reading a node ----------------------------------------------------
    def node(self, path):
        """The node at `path`; KalahError when the tree has no such line."""
        node = self.root
        for move in path:
            node = node.child(move)
            if node is None:
                raise KalahError(_("the study has no move %(path)s there") % {"path": path_text(path)})
        return node

    def board(self, path=None):
        """The Board after the moves of `path` (the move looked at by default)."""
        board = self.start.copy()
        for move in self.path if path is None else path:
            board.push(move)
        return board

    def mainline(self, path=()):
        """The moves from the start, through `path`, then each main continuation to its end."""
        moves = list(path)
        node = self.node(path)
        while node.children:
            node = node.children[0]
            moves.append(node.move)
        return tuple(moves)

    def lines(self):
        """Every line from the start to a last move, main line first (what delete and promote keep)."""
        found = []
        stack = [(self.root, ())]
        while stack:
            node, path = stack.pop()
            if not node.children and path:
                found.append(path)
            for child in reversed(node.children):
                stack.append((child, path + (child.move,)))
        return found

    def is_main(self, path):
        """True when every move of `path` is its parent's main continuation."""
        node = self.root
        for move in path:
            if not node.children or node.children[0].move != move:
                return False
            node = node.children[0]
        return True

    # -- changing it -------------------------------------------------------
    def play(self, move):
        """Play `move` after the move looked at and look at it: the move already there, else a new
        line (a variation when the position already has a continuation). KalahError if illegal."""
        node = self.node(self.path)
        if node.child(move) is None:
            board = self.board()
            board.check_move(move)
            if self.size >= MAX_NODES:
                raise KalahError(_("a study holds at most %(count)d moves: delete a line first") % {"count": MAX_NODES})
            node.children.append(Node(move, node, board.turn))
            self.size += 1
        self.path = self.path + (move,)

    def go(self, path):
        """Look at the move at `path` (KalahError if the tree has no such line)."""
        path = tuple(path)
        self.node(path)
        self.path = path

    def back(self):
        """One move back; False at the start."""
        if not self.path:
            return False
        self.path = self.path[:-1]
        return True

    def forward(self):
        """One move on, along the main continuation; False at a line's end."""
        node = self.node(self.path)
        if not node.children:
            return False
        self.path = self.path + (node.children[0].move,)
        return True

    def home(self):
        self.path = ()

    def end(self):
        """To the end of the line looked at (its main continuation)."""
        self.path = self.mainline(self.path)

    def delete(self, path):
        """Remove the move at `path` and all that follows it; when it was looked at, look at the
        move before it."""
        path = tuple(path)
        if not path:
            raise KalahError(_("the start position cannot be deleted"))
        node = self.node(path)
        node.parent.children.remove(node)
        self.size -= count_nodes(node)
        if self.path[:len(path)] == path:
            self.path = path[:-1]

    def promote(self, path):
        """Make the line through `path` the main line: each of its moves its parent's first child."""
        node = self.node(tuple(path))
        while node.parent is not None:
            siblings = node.parent.children
            siblings.remove(node)
            siblings.insert(0, node)
            node = node.parent

    # -- as text -------------------------------------------------------------
    def text(self):
        """The tree as the links write it ("36(5)41"); empty when it has no move."""
        out = []
        # What is left to write, last first: a node's continuation, or text as it is.
        todo = [self.root]
        while todo:
            item = todo.pop()
            if isinstance(item, str):
                out.append(item)
                continue
            if not item.children:
                continue
            main = item.children[0]
            out.append(str(main.move))
            todo.append(main)
            for other in reversed(item.children[1:]):
                todo.extend((")", other, "(" + str(other.move)))
        return "".join(out)

    @classmethod
    def read(cls, start, text, at=""):
        """The tree of `text` (as `text()` writes it) from the Board `start`, looking at the move of
        the path `at` (its moves as digits, "" the start). KalahError says what is wrong: an
        illegal move (which, and where), a broken parenthesis, too many moves."""
        tree = cls(start)
        board = tree.start.copy()
        ply = len(board.move_stack)   # the start's own moves stay under the tree's
        node, last = tree.root, None
        stack = []   # at each "(": (node, last) to go on from after its ")"
        for index in range(len(text)):
            char = text[index]
            where = _("the moves, character %(index)d") % {"index": index + 1}
            if char in DIGITS:
                move = int(char)
                if node.child(move) is not None:
                    raise KalahError(_("%(where)s: the move %(move)s is given twice in one place") % {
                        "where": where, "move": char})
                try:
                    board.check_move(move)
                except KalahError as error:
                    raise KalahError(_("%(where)s ('%(move)s' after %(path)s): %(why)s") % {
                        "where": where, "move": char, "path": path_text(board.move_stack[ply:]) or _("the start"),
                        "why": strip_where(error)})
                if tree.size >= MAX_NODES:
                    raise KalahError(_("the moves hold more than %(count)d moves") % {"count": MAX_NODES})
                last = Node(move, node, board.turn)
                board.push(move)
                node.children.append(last)
                tree.size += 1
                node = last
            elif char == "(":
                if last is None:
                    raise KalahError(_("%(where)s: '(' opens a variation, so it comes after a move") % {"where": where})
                if len(stack) >= MAX_NESTING:
                    raise KalahError(_("%(where)s: variations nest more than %(count)d deep") % {
                        "where": where, "count": MAX_NESTING})
                stack.append((last, len(board.move_stack)))
                board.pop()
                node, last = last.parent, None
            elif char == ")":
                if not stack or last is None:
                    raise KalahError((_("%(where)s: ')' closes no variation") if not stack
                                      else _("%(where)s: ')' closes an empty variation")) % {"where": where})
                last, depth = stack.pop()
                while len(board.move_stack) >= depth:
                    board.pop()
                board.push(last.move)
                node = last
            else:
                raise KalahError(_("%(where)s: '%(char)s' is not a house number or a parenthesis") % {
                    "where": where, "char": clip(char)})
        if stack:
            raise KalahError(ngettext("the moves: %(count)d variation is not closed with ')'",
                                      "the moves: %(count)d variations are not closed with ')'",
                                      len(stack)) % {"count": len(stack)})
        tree.go(path_from_text(at))
        return tree


def count_nodes(node):
    count = 0
    stack = [node]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children)
    return count


def strip_where(error):
    """A Board's 'move 3: house 2 of South is empty' without its 'move 3: ' (the tree says where), in
    the page's language: Board.check_move keeps the why alone as its `reason`."""
    reason = error.params.get("reason")
    return translated(reason if reason is not None else error)


def path_text(path):
    """A path as the links write it: its moves as digits ("35")."""
    return "".join(str(move) for move in path)


def path_from_text(text):
    """The path of its digits; KalahError for anything else."""
    if len(text) > MAX_NODES or not all(char in DIGITS for char in text):
        raise KalahError(_("the move looked at ('%(text)s') is not a line of house numbers") % {"text": clip(text)})
    return tuple(int(char) for char in text)
