"""The bot lab's code editor: a textarea over a highlighted copy of its text,
with line numbers and the error line marked (from a check or a traceback)."""

from pyscript import document

from kalah.lab.highlight import highlight
from kalah.web.common.dom import Timer, by_id, el, listen

HIGHLIGHT_DELAY_MS = 30


class Editor:
    """A textarea over a highlighted copy of its text, with line numbers."""

    def __init__(self, on_change):
        self.area = by_id("code")
        self.overlay = by_id("highlight")
        self.gutter = by_id("gutter")
        self.on_change = on_change
        self.error_line = None
        self.error_from = None
        self.escaped = False
        self._pieces = []        # the highlighted lines drawn, and their nodes
        self._nodes = []
        self._numbers = []       # the gutter's line numbers
        self._marked = None      # the nodes showing the error line
        self._timer = Timer(self.render)
        listen(self.area, "input", self._input)
        listen(self.area, "scroll", self._scroll)
        listen(self.area, "keydown", self._key)

    @property
    def text(self):
        return str(self.area.value)

    def set_text(self, text):
        self.area.value = text
        self.error_line = None
        self.error_from = None
        self.render()

    def _input(self, event):
        if self.error_from == "run":
            self.error_line = None      # the code that raised has changed
        self._timer.start(HIGHLIGHT_DELAY_MS)
        self.on_change()

    def _scroll(self, event=None):
        self.overlay.scrollTop = self.area.scrollTop
        self.overlay.scrollLeft = self.area.scrollLeft
        self.gutter.scrollTop = self.area.scrollTop

    def _key(self, event):
        # Tab indents; Esc then Tab leaves the editor (no keyboard trap).
        if event.key == "Escape":
            self.escaped = True
            return
        if event.key == "Tab" and not self.escaped and not event.shiftKey:
            event.preventDefault()
            start = int(self.area.selectionStart)
            end = int(self.area.selectionEnd)
            text = self.text
            self.area.value = text[:start] + "    " + text[end:]
            self.area.selectionStart = start + 4
            self.area.selectionEnd = start + 4
            self._input(None)
            return
        self.escaped = False

    def mark_error(self, line, source="check"):
        """Show `line` as the error line; source: "check" (it does not load)
        or "run" (it raised while playing; a later check leaves that mark)."""
        if line is None and source == "check" and self.error_from == "run":
            return
        self.error_line = line
        self.error_from = source
        self.render()

    def render(self):
        """Redraw the lines that changed since the last time (typing changes one)."""
        lines = highlight(self.text)
        old = self._pieces
        nodes = self._nodes
        start = 0
        while start < len(old) and start < len(lines) and old[start] == lines[start]:
            start += 1
        end_old, end_new = len(old), len(lines)
        while end_old > start and end_new > start and old[end_old - 1] == lines[end_new - 1]:
            end_old -= 1
            end_new -= 1
        after = nodes[end_old] if end_old < len(nodes) else None
        for node in nodes[start:end_old]:
            node.remove()
        fresh = [self._line_node(pieces) for pieces in lines[start:end_new]]
        for node in fresh:
            if after is None:
                self.overlay.appendChild(node)
            else:
                self.overlay.insertBefore(node, after)
        self._nodes = nodes[:start] + fresh + nodes[end_old:]
        self._pieces = lines
        while len(self._numbers) < len(lines):
            mark = el("span", str(len(self._numbers) + 1), cls="num")
            self.gutter.appendChild(mark)
            self._numbers.append(mark)
        while len(self._numbers) > len(lines):
            self._numbers.pop().remove()
        self._show_error()
        self._scroll()

    def _line_node(self, pieces):
        row = el("span", cls="line")
        for cls, text in pieces:
            row.appendChild(el("span", text, cls="t-" + cls) if cls else document.createTextNode(text))
        row.appendChild(document.createTextNode("\n"))
        return row

    def _show_error(self):
        if self._marked is not None:
            for node in self._marked:
                node.classList.remove("error-line")
            self._marked = None
        line = self.error_line
        if line is not None and 1 <= line <= len(self._nodes):
            self._marked = [self._nodes[line - 1], self._numbers[line - 1]]
            for node in self._marked:
                node.classList.add("error-line")


def error_line(traceback_text, name):
    """The line of the last frame in the bot's own file ("<name>") of a traceback."""
    if not traceback_text:
        return None
    marker = 'File "<%s>", line ' % name
    at = traceback_text.rfind(marker)
    if at < 0:
        return None
    digits = ""
    for c in traceback_text[at + len(marker):]:
        if not c.isdigit():
            break
        digits += c
    return int(digits) if digits else None
