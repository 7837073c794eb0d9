"""The key=value fragments of the site's links (`#rules=owari&north=level5`): reading their
fields, decoding percent-escapes, and quoting a bad part in a message, clipped. Apart from
kalah/library/presets.py, so that what reads other links (the analysis board's, the puzzles') does not
carry the preset games. Pure Python, MicroPython-safe.

    fields = read_fields("#rules=owari", ("rules", "south"), "game setup", 300)   # {'rules': 'owari'}
"""

from kalah.errors import KalahError
from kalah.i18n import without_language

HEX = "0123456789abcdefABCDEF"


def is_link(fragment):
    """True when a page's fragment is a link for the page to open: it holds key=value fields
    (`#position=...`, `#g=...`, `#id=...`). False for no fragment and for an in-page anchor
    such as the skip link's `#board`: a page leaves what it shows alone for those (issue 36)."""
    return isinstance(fragment, str) and "=" in without_language(fragment)


def unescape(text):
    """Decode %XX escapes (ASCII only: no rule set or player name needs more). Linear under
    MicroPython too, where a string is UTF-8 and `text[i]` walks it from the start: the text is
    split at its '%' signs, never indexed (a 120 KB link took 19 s that way)."""
    if "%" not in text:
        return text
    parts = text.split("%")
    out = [parts[0]]
    for part in parts[1:]:
        code = part[:2]
        if len(code) != 2 or code[0] not in HEX or code[1] not in HEX:
            raise KalahError("the link has a broken %%-escape near '%s'" % clip("%" + code))
        value = int(code, 16)
        if value < 32 or value > 126:
            raise KalahError("the link holds a character no game setup has (%%%s)" % code)
        out.append(chr(value))
        out.append(part[2:])
    return "".join(out)


def clip(text, length=20):
    return text if len(text) <= length else text[:length] + "..."


def read_fields(fragment, keys, what, limit):
    """{key: value} of a fragment `key=value&...` (with or without its '#'), each key one of
    `keys` at most once, percent-escapes decoded; KalahError names what is wrong, calling the
    fragment's content `what` ("game setup")."""
    if not isinstance(fragment, str):
        raise KalahError("a %s link must be text" % what)
    fragment = without_language(fragment)
    if fragment.startswith("#"):
        fragment = fragment[1:]
    if not fragment:
        raise KalahError("the link holds no %s (its part after '#' is empty)" % what)
    if len(fragment) > limit:
        raise KalahError("the %s is too long (%d characters; at most %d)" % (what, len(fragment), limit))
    fields = {}
    for part in fragment.split("&"):
        if not part:
            continue
        if "=" not in part:
            raise KalahError("'%s' is not key=value (keys: %s)" % (clip(unescape(part)), ", ".join(keys)))
        key, value = part.split("=", 1)
        key = unescape(key).strip().lower()
        if key not in keys:
            raise KalahError("unknown setting '%s' (known: %s)" % (clip(key), ", ".join(keys)))
        if key in fields:
            raise KalahError("the setting '%s' is given twice" % key)
        fields[key] = unescape(value).strip()
    if not fields:
        raise KalahError("the link holds no %s" % what)
    return fields
