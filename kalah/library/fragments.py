"""The key=value fragments of the site's links (`#rules=owari&north=level5`): reading their
fields, decoding percent-escapes, and quoting a bad part in a message, clipped. Apart from
kalah/library/presets.py, so that what reads other links (the analysis board's, the puzzles') does not
carry the preset games. Pure Python, MicroPython-safe.

    fields = read_fields("#rules=owari", ("rules", "south"), "game setup", 300)   # {'rules': 'owari'}
"""

from kalah.errors import N_, KalahError
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
            raise KalahError(N_("the link has a broken %%-escape near '%(text)s'"), text=clip("%" + code))
        value = int(code, 16)
        if value < 32 or value > 126:
            raise KalahError(N_("the link holds a character no game setup has (%(escape)s)"), escape="%" + code)
        out.append(chr(value))
        out.append(part[2:])
    return "".join(out)


def clip(text, length=20):
    return text if len(text) <= length else text[:length] + "..."


def read_fields(fragment, keys, what, limit):
    """{key: value} of a fragment `key=value&...` (with or without its '#'), each key one of
    `keys` at most once, percent-escapes decoded; KalahError names what is wrong, calling the
    fragment's content `what` (a Reason, Reason(N_("game setup")), for the pages to translate)."""
    if not isinstance(fragment, str):
        raise KalahError(N_("a %(what)s link must be text"), what=what)
    fragment = without_language(fragment)
    if fragment.startswith("#"):
        fragment = fragment[1:]
    if not fragment:
        raise KalahError(N_("the link holds no %(what)s (its part after '#' is empty)"), what=what)
    if len(fragment) > limit:
        raise KalahError(N_("the %(what)s is too long (%(length)d characters; at most %(limit)d)"), what=what,
                         length=len(fragment), limit=limit)
    fields = {}
    for part in fragment.split("&"):
        if not part:
            continue
        if "=" not in part:
            raise KalahError(N_("'%(part)s' is not key=value (keys: %(keys)s)"), part=clip(unescape(part)),
                             keys=", ".join(keys))
        key, value = part.split("=", 1)
        key = unescape(key).strip().lower()
        if key not in keys:
            raise KalahError(N_("unknown setting '%(key)s' (known: %(keys)s)"), key=clip(key), keys=", ".join(keys))
        if key in fields:
            raise KalahError(N_("the setting '%(key)s' is given twice"), key=key)
        fields[key] = unescape(value).strip()
    if not fields:
        raise KalahError(N_("the link holds no %(what)s"), what=what)
    return fields
