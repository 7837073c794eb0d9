"""The analysis board's moves: the study's tree (kalah/study/move_tree.py) as buttons, each variation in
parentheses after the move it replaces, the move looked at marked; a click goes there.

    view = TreeView(by_id("moves"), on_go)   # on_go(path): a move was clicked
    view.render(tree)
"""

from kalah.game.notation import move_text
from kalah.i18n import _, side_word
from kalah.study.move_tree import path_text
from kalah.web.common.dom import clear, closest, el, listen


class TreeView:
    def __init__(self, container, on_go):
        self.container = container
        self._on_go = on_go
        listen(container, "click", self._clicked)

    def _clicked(self, event):
        button = closest(event.target, "button[data-path]")
        if button is not None:
            path = str(button.getAttribute("data-path"))
            self._on_go(tuple(int(char) for char in path))

    def render(self, tree):
        """Every move of `tree`; the move looked at has aria-current="true"."""
        box = self.container
        clear(box)
        current = path_text(tree.path)
        if not tree.root.children:
            box.appendChild(el("span", _("No moves yet: play one on the board."), cls="no-moves"))
            return
        # What is left to draw, last first: (node, its path, the element its continuation goes in).
        # A variation's element is placed when its move is drawn, so the order of the work does not
        # change the order on the page.
        todo = [(tree.root, "", box)]
        while todo:
            node, path, where = todo.pop()
            if not node.children:
                continue
            main = node.children[0]
            where.appendChild(self._button(main, path + str(main.move), current))
            for other in node.children[1:]:
                line = el("span", cls="variation")
                line.appendChild(self._button(other, path + str(other.move), current))
                where.appendChild(line)
                todo.append((other, path + str(other.move), line))
            todo.append((main, path + str(main.move), where))

    def _button(self, node, path, current):
        text = move_text(node.side, node.move)
        attrs = {"type": "button", "data-path": path,
                 "aria-label": _("%(side)s %(move)s, move %(ply)d") % {
                     "side": side_word(node.side), "move": text, "ply": len(path)}}
        if path == current:
            attrs["aria-current"] = "true"
        return el("button", text, cls="move north" if node.side else "move", attrs=attrs)
