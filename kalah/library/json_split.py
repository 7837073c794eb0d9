"""Cut a long JSON list of objects into one text per object, a little at a time.

A history file is one JSON value holding thousands of games. Parsing it in
one `json.loads` call holds the page for as long as that takes (150 ms for
850 kB under the page's MicroPython); cut into one text per game, each part
parses in well under a millisecond and the page can yield between them.

`JsonSplitter(text)` finds the objects that are elements of the outermost
list: the top-level value's, when it is a list, or any list that is a member
of the top-level object (`{"games": [{...}, {...}]}`). Its `steps()`
generator does the work in small steps; afterwards `skeleton` is the text
with each such object replaced by `{"i": N}` and `items[N]` the object's
text, as bytes (json.loads reads bytes). Nesting deeper than MAX_DEPTH is
refused before anything is parsed.

It works on the UTF-8 bytes, where finding and slicing cost nothing per
position (a MicroPython str walks from its start for both), and it only
looks at the bytes outside strings byte by byte. A text it cannot follow
(unbalanced brackets, an unterminated string) sets `malformed` to what is
wrong and where: the caller then parses the whole text to get the parser's
own message, and uses this one where the parser gives no place (MicroPython).
"""

from kalah.errors import N_, Reason
from kalah.input_guards import MAX_DEPTH, too_deep

_BACKSLASH = 92
_OPEN_LIST, _CLOSE_LIST, _OPEN_OBJECT, _CLOSE_OBJECT = 91, 93, 123, 125
_STEP = 64  # strings passed between two yields


class JsonSplitter:
    def __init__(self, text, max_depth=MAX_DEPTH):
        self.data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        self.max_depth = max_depth
        self.items = []        # bytes of each object cut out
        self.starts = []       # its byte offset in the text
        self.skeleton = None   # bytes: the text with each item replaced by {"i": N}
        self.malformed = None  # what is wrong and where: (reason, byte offset)
        self.scanned = 0       # bytes scanned so far, for progress

    def steps(self):
        """Scan the text; yields now and then. Raises KalahError when nested too deeply."""
        data = self.data
        end = len(data)
        stack = []            # the open brackets: _OPEN_LIST or _OPEN_OBJECT
        item_start = -1
        pos = 0
        strings = 0
        while pos < end:
            quote = data.find(b'"', pos)
            stop = end if quote < 0 else quote
            for offset in range(pos, stop):
                if offset & 0x3FFF == 0 and offset > pos:  # long stretches without strings
                    self.scanned = offset
                    yield
                byte = data[offset]
                if byte == _OPEN_LIST or byte == _OPEN_OBJECT:
                    if byte == _OPEN_OBJECT and item_start < 0 and self._cuts(stack):
                        item_start = offset
                    stack.append(byte)
                    if len(stack) > self.max_depth:
                        raise too_deep()
                elif byte == _CLOSE_LIST or byte == _CLOSE_OBJECT:
                    if not stack or stack.pop() != byte - 2:  # ']' is '[' + 2, '}' is '{' + 2
                        self.malformed = (Reason(N_("'%(character)s' closes nothing open"), character=chr(byte)), offset)
                        return
                    if byte == _CLOSE_OBJECT and item_start >= 0 and self._cuts(stack):
                        self.items.append(data[item_start:offset + 1])
                        self.starts.append(item_start)
                        item_start = -1
            if quote < 0:
                break
            pos = self._string_end(data, quote + 1)
            if pos < 0:
                self.malformed = (Reason(N_("a string is not closed")), quote)
                return
            strings += 1
            if strings % _STEP == 0:
                self.scanned = pos
                yield
        if stack:
            self.malformed = (Reason(N_("a '%(character)s' is not closed"), character=chr(stack[-1])), end)
            return
        self.scanned = end
        yield  # the skeleton is a pass over every item: a step of its own
        self.skeleton = self._skeleton()

    @staticmethod
    def _cuts(stack):
        """An object opening here is an element of the outermost list."""
        return ((len(stack) == 1 and stack[0] == _OPEN_LIST) or
                (len(stack) == 2 and stack[0] == _OPEN_OBJECT and stack[1] == _OPEN_LIST))

    @staticmethod
    def _string_end(data, pos):
        """The offset after the quote that closes the string starting at `pos`, or -1."""
        while True:
            quote = data.find(b'"', pos)
            if quote < 0:
                return -1
            backslashes = 0
            while data[quote - 1 - backslashes] == _BACKSLASH:
                backslashes += 1
            if backslashes % 2 == 0:
                return quote + 1
            pos = quote + 1

    def _skeleton(self):
        parts = []
        last = 0
        for number, start in enumerate(self.starts):
            parts.append(self.data[last:start])
            parts.append(('{"i": %d}' % number).encode())
            last = start + len(self.items[number])
        parts.append(self.data[last:])
        return b"".join(parts)

    def position(self, offset):
        """(line, column) of a byte offset, both from 1 (the column counts bytes)."""
        line = self.data.count(b"\n", 0, offset) + 1
        return line, offset - (self.data.rfind(b"\n", 0, offset) + 1) + 1
