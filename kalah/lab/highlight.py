"""Python syntax highlighting for the lab's editor: source -> classed pieces.

    >>> highlight("def f(x):  # go")[0]
    [('kw', 'def'), ('', ' '), ('fn', 'f'), ('', '(x):  '), ('com', '# go')]

One list of (class, text) pieces per line; classes: kw (keyword), fn (name
being defined), str (strings, also across lines for triple quotes), com
(comment), num (number), bi (builtin), '' (the rest). Joining a line's texts
gives the line back exactly, so the pieces can be drawn under a textarea.
MicroPython-safe (the page highlights as the student types).
"""

KEYWORDS = ("False None True and as assert async await break class continue def del elif else "
            "except finally for from global if import in is lambda nonlocal not or pass raise "
            "return try while with yield").split()
BUILTINS = ("abs all any bool dict enumerate float int isinstance len list max min print range "
            "reversed round set sorted str sum tuple zip self").split()


def _word_char(c):
    return c.isalpha() or c.isdigit() or c == "_"


_cache = {}        # (open quote, line) -> (pieces, open quote after it)
CACHE_LINES = 4000


def highlight(source):
    """Typing changes one line: the others come from the cache, so the page's
    editor stays quick under MicroPython even for long files."""
    lines = []
    open_quote = None          # the triple quote a string left open at the line's end
    if len(_cache) > CACHE_LINES:
        _cache.clear()
    for line in source.split("\n"):
        key = (open_quote, line)
        known = _cache.get(key)
        if known is None:
            known = _cache[key] = _line(line, open_quote)
        lines.append(known[0])
        open_quote = known[1]
    return lines


def _line(line, open_quote):
    pieces = []
    i = 0
    n = len(line)
    defining = False

    def add(cls, text):
        if not text:
            return
        if pieces and pieces[-1][0] == cls:
            pieces[-1] = (cls, pieces[-1][1] + text)
        else:
            pieces.append((cls, text))

    if open_quote is not None:
        end = line.find(open_quote)
        if end < 0:
            add("str", line)
            return pieces, open_quote
        add("str", line[:end + 3])
        i = end + 3
        open_quote = None
    while i < n:
        c = line[i]
        if c == "#":
            add("com", line[i:])
            break
        if c == '"' or c == "'":
            triple = line[i:i + 3]
            if triple == c * 3:
                end = line.find(triple, i + 3)
                if end < 0:
                    add("str", line[i:])
                    return pieces, triple
                add("str", line[i:end + 3])
                i = end + 3
                continue
            j = i + 1
            while j < n and line[j] != c:
                j += 2 if line[j] == "\\" else 1
            add("str", line[i:j + 1])
            i = j + 1
            continue
        if c.isdigit():
            j = i
            while j < n and (_word_char(line[j]) or line[j] == "."):
                j += 1
            add("num", line[i:j])
            i = j
            continue
        if _word_char(c):
            j = i
            while j < n and _word_char(line[j]):
                j += 1
            word = line[i:j]
            if defining:
                add("fn", word)
                defining = False
            elif word in KEYWORDS:
                add("kw", word)
                defining = word in ("def", "class")
            elif word in BUILTINS:
                add("bi", word)
            else:
                add("", word)
            i = j
            continue
        add("", c)
        i += 1
    return pieces, open_quote
