"""What every reader checks before it reads text from a link, a file or storage.

Size caps (the message names the cap), binary content (named by its
signature when it is a known kind of file), and JSON: its syntax errors with
line and column, and a nesting depth that no record needs.

Pure Python for CPython and the page's MicroPython. Linear under both: a
MicroPython string is UTF-8, so `text[i]` and `len(text)` walk it from the
start; these checks only use whole-string operations (len once, `in`,
startswith, split, slices at the start).
"""

import json

from kalah.errors import N_, KalahError, Reason

MAX_LINK = 8000          # characters in a link's fragment
MAX_POSITION = 1000      # characters in a position text
MAX_RECORD = 2000000     # characters in one record (JSON, compact or PGN-like): 100,000 moves fit
MAX_IMPORT = 5000000     # characters in a history file or pasted text (browser storage holds ~5 MB)
MAX_STORED = MAX_RECORD  # characters in one stored history entry
MAX_LAB_PLAYERS = 5000000  # characters in the lab's saved players
MAX_DEPTH = 32           # levels of JSON nesting (a history file needs 6)

# What CPython raises on deep nesting; MicroPython's json parses any depth
# without recursion and has no RecursionError.
_RECURSION = getattr(__import__("builtins"), "RecursionError", RuntimeError)

# (start of the text as decoded with replacement characters, what it is)
SIGNATURES = (
    ("\ufffdPNG", N_("a PNG image")),
    ("GIF8", N_("a GIF image")),
    ("%PDF-", N_("a PDF document")),
    ("PK\x03\x04", N_("a ZIP archive")),
    ("\x1f\ufffd", N_("a gzip archive")),
    ("\x7fELF", N_("a program")),
)

# The units of a size too big to read, and a JSON error with no more to say (MicroPython's).
CHARACTERS = N_("characters")
BYTES = N_("bytes")
SYNTAX_ERROR = N_("syntax error")


def grouped(number):
    """1234567 -> '1,234,567' (MicroPython's format has no ',')."""
    digits = str(number)
    groups = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return ",".join(groups)


def too_long(what, size, cap, unit=CHARACTERS):
    """The KalahError for an input over its cap; `what` is 'the record', 'the file', ... (text, or
    a Reason for the pages to translate), `unit` CHARACTERS or BYTES."""
    named = str(what)
    template = (N_("%(what)s are %(size)s %(unit)s; the most this site reads is %(most)s")
                if named.endswith("s") and not named.endswith("ss") else
                N_("%(what)s is %(size)s %(unit)s; the most this site reads is %(most)s"))
    return KalahError(template, what=what, size=grouped(size), unit=Reason(unit), most=grouped(cap))


def check_text(value, what, cap, where=None):
    """`value` as text no longer than `cap`; KalahError otherwise.

    `what` names it in the message ('the record'); `where` prefixes it
    ('PGN: ...'). Returns the length (computed once: it is linear in MicroPython).
    """
    problem = None
    if not isinstance(value, str):
        problem = KalahError(N_("%(what)s must be text, not %(type)s"), what=what, type=_type_name(value))
    elif len(value) > cap:
        problem = too_long(what, len(value), cap)
    if problem is None:
        return len(value)
    if where is None:
        raise problem
    raise KalahError(N_("%(where)s: %(reason)s"), where=where, reason=problem)


BOM = "\ufeff"


def without_bom(text):
    """`text` without a leading UTF-8 byte-order mark (Windows editors write one; it
    means nothing in a record), so that no reader trips over an invisible character.
    Bytes (a piece of a file the JSON splitter cut) pass as they are."""
    return text[1:] if isinstance(text, str) and text.startswith(BOM) else text


def check_encodable(text, what):
    """KalahError naming the first lone surrogate in `text` (JavaScript text can hold
    one; CPython cannot encode it). MicroPython's text is always UTF-8: a no-op there."""
    try:
        text.encode("utf-8")
    except UnicodeError as error:
        raise KalahError(N_("%(what)s is not valid text: a lone surrogate (%(code)s) at character %(at)d"),
                         what=what, code="\\u%04x" % ord(text[error.start]), at=error.start + 1)


def binary_kind(text):
    """What a text that is not text looks like ('a PNG image', 'binary data, not text'), or None."""
    head = text[:16]
    for start, kind in SIGNATURES:
        if head.startswith(start):
            return kind
    if head.startswith("\ufffd\ufffd\ufffd") and ("JFIF" in head or "Exif" in head):
        return N_("a JPEG image")
    if head.startswith("RIFF") and "WEBP" in head:
        return N_("a WebP image")
    if "\x00" in text:
        return N_("binary data, not text")
    return None


def check_not_binary(text, message):
    """KalahError '<message>: it looks like a PNG image' when the text is a binary file."""
    kind = binary_kind(text)
    if kind is not None:
        raise KalahError(N_("%(what)s: it looks like %(kind)s"), what=message, kind=Reason(kind))


def load_json(text):
    """The value of a JSON text; KalahError 'not valid JSON: <reason> at line L column C'
    or 'the JSON is nested more than 32 levels deep; ...'. The size is the caller's to check."""
    try:
        data = json.loads(without_bom(text))
    except _RECURSION:
        raise too_deep()
    except ValueError as error:
        raise KalahError(N_("not valid JSON: %(reason)s"), reason=json_error_text(error))
    check_depth(data)
    return data


def json_error_text(error):
    """CPython says what and where; MicroPython only 'syntax error in JSON'."""
    message = getattr(error, "msg", None)
    line = getattr(error, "lineno", None)
    if message is not None and line is not None:
        return "%s at line %d column %d" % (message, line, error.colno)
    text = str(error.args[0]) if error.args else SYNTAX_ERROR
    return Reason(SYNTAX_ERROR) if text in (SYNTAX_ERROR, "syntax error in JSON") else text


def too_deep():
    return KalahError(N_("the JSON is nested more than %(depth)d levels deep; the most this site reads is "
                         "%(most)d"), depth=MAX_DEPTH, most=MAX_DEPTH)


def check_depth(data, limit=MAX_DEPTH):
    """KalahError when lists and dicts nest deeper than `limit` (iterative: no recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            raise too_deep()
        for child in children:
            if isinstance(child, (dict, list)):
                stack.append((child, depth + 1))


def _type_name(value):
    return {bytes: "bytes", bytearray: "bytes", list: "a list", dict: "an object", int: "a number",
            float: "a number", bool: "true/false"}.get(type(value), "nothing" if value is None
                                                       else type(value).__name__)
