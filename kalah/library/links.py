"""Links that carry a whole game in the URL fragment (nothing is ever sent to a server).

A fragment is `key=value` pairs joined by `&`, in the characters of the
compact record ([A-Za-z0-9._~-]) plus `=` and `&`:

    g=k1...         the game: the compact record of kalah/records/compact.py
    l=g12ab         or: a game of this browser's history, by id (history page links)
    p=12            the ply shown (0 = start; default: the end)
    o=n             orientation: the board seen from North (default: South)

Correspondence play (a game between two devices, sent back and forth) adds

    i=ab12          the game's id, so each device keeps one entry per game
    t=n             whose turn it is (s or n)
    n=23            how many moves the game holds
    h=x7k2q9        a checksum of g, i, t and n: a link edited by hand is refused

Embed parameters (embed.html): a=1 autoplay, s=2 speed (0.25..8 times
normal), c=0 hide the controls, th=dark|light (default: the host's).

Every malformed or hostile fragment raises KalahError saying what was wrong;
a fragment never reaches the page as HTML.
"""

from kalah.errors import N_, SIDES, KalahError, Reason
from kalah.i18n import without_language
from kalah.input_guards import MAX_LINK, check_text
from kalah.records.identity import short_hash, valid_id
from kalah.records import compact
from kalah.game.rules import NORTH, SOUTH

MAX_FRAGMENT = MAX_LINK
SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-"
KEYS = ("g", "l", "p", "o", "i", "t", "n", "h", "a", "s", "c", "th")
THEMES = ("auto", "light", "dark")
MIN_SPEED = 0.25
MAX_SPEED = 8.0
SIDE_CODES = "sn"


class Link:
    """What a fragment says: the game and how to show it."""

    def __init__(self, record, ply=None, orientation=SOUTH, game_id=None, turn=None, moves=None,
                 checksum=None, autoplay=False, speed=1.0, controls=True, theme="auto"):
        self.record = record
        self.ply = ply                  # None: the end of the game
        self.orientation = orientation
        self.game_id = game_id          # correspondence links only
        self.turn = turn
        self.moves = moves
        self.checksum = checksum
        self.autoplay = autoplay
        self.speed = speed
        self.controls = controls
        self.theme = theme
        self.local_id = None            # a game of this browser's history (record: None)

    @property
    def is_correspondence(self):
        return self.game_id is not None

    def shown_ply(self):
        return len(self.record.moves) if self.ply is None else self.ply


def _split(fragment):
    check_text(fragment, "the link", MAX_FRAGMENT)
    fragment = without_language(fragment)
    if fragment.startswith("#"):
        fragment = fragment[1:]
    if not fragment:
        raise KalahError(N_("the link holds no game (its part after '#' is empty)"))
    for ch in fragment:
        if ch not in SAFE and ch not in "=&":
            raise KalahError(N_("the link holds a character that no Kalah link has (%(character)s); it may have "
                                "been cut or changed on the way"), character=_describe_char(ch))
    fields = {}
    for part in fragment.split("&"):
        if not part:
            continue
        if "=" not in part:
            raise KalahError(N_("the link's part '%(part)s' has no '=' (parts are key=value)"), part=_clip(part))
        key, value = part.split("=", 1)
        if key not in KEYS:
            raise KalahError(N_("the link has an unknown part '%(part)s' (known: %(known)s)"), part=_clip(key),
                             known=", ".join(KEYS))
        if key in fields:
            raise KalahError(N_("the link gives '%(part)s' twice"), part=key)
        fields[key] = value
    return fields


# The link's parts as its reasons name them ("the link's ply must be 0..40, not 41").
PLY = Reason(N_("ply"))
ORIENTATION = Reason(N_("orientation"))


def _describe_char(ch):
    code = ord(ch)
    if 32 < code < 127:
        return "'%s'" % ch
    return Reason(N_("character U+%(code)04X"), code=code)


def _clip(text, length=20):
    return text if len(text) <= length else text[:length] + "..."


def _int(value, what, low, high):
    if not value.isdigit() or len(value) > 6:
        raise KalahError(N_("the link's %(what)s must be a whole number, not '%(value)s'"), what=what,
                         value=_clip(value))
    number = int(value)
    if not low <= number <= high:
        raise KalahError(N_("the link's %(what)s must be %(low)d..%(high)d, not %(value)d"), what=what, low=low,
                         high=high, value=number)
    return number


def _flag(value, what):
    if value not in ("0", "1"):
        raise KalahError(N_("the link's %(what)s must be 0 or 1, not '%(value)s'"), what=what, value=_clip(value))
    return value == "1"


def _side(value, what):
    if value not in ("s", "n"):
        raise KalahError(N_("the link's %(what)s must be s (South) or n (North), not '%(value)s'"), what=what,
                         value=_clip(value))
    return SIDE_CODES.index(value)


def _speed(value):
    try:
        speed = float(value)
    except ValueError:
        raise KalahError(N_("the link's speed must be a number, not '%(value)s'"), value=_clip(value))
    if not MIN_SPEED <= speed <= MAX_SPEED:
        raise KalahError(N_("the link's speed must be %(low)s..%(high)s, not '%(value)s'"), low=MIN_SPEED,
                         high=MAX_SPEED, value=_clip(value))
    return speed


def parse_fragment(fragment):
    """The Link a fragment describes; KalahError with the reason when it is not one."""
    fields = _split(fragment)
    if "l" in fields and "g" not in fields:
        if not valid_id(fields["l"]):
            raise KalahError(N_("the link's game id is not valid"))
        link = Link(None)
        link.local_id = fields["l"]
        if "p" in fields:
            link.ply = _int(fields["p"], PLY, 0, 100000)
        if "o" in fields:
            link.orientation = _side(fields["o"], ORIENTATION)
        return link
    if "g" not in fields:
        raise KalahError(N_("the link holds no game (no 'g=' part)"))
    try:
        record = compact.read(fields["g"])
    except KalahError as error:
        raise KalahError(N_("the link's game cannot be read: %(reason)s"), reason=error)
    total = len(record.moves)
    link = Link(record)
    if "p" in fields:
        link.ply = _int(fields["p"], PLY, 0, total)
    if "o" in fields:
        link.orientation = _side(fields["o"], ORIENTATION)
    if "a" in fields:
        link.autoplay = _flag(fields["a"], Reason(N_("autoplay")))
    if "c" in fields:
        link.controls = _flag(fields["c"], Reason(N_("controls switch")))
    if "s" in fields:
        link.speed = _speed(fields["s"])
    if "th" in fields:
        if fields["th"] not in THEMES:
            raise KalahError(N_("the link's theme must be one of %(themes)s, not '%(value)s'"),
                             themes=", ".join(THEMES), value=_clip(fields["th"]))
        link.theme = fields["th"]
    correspondence = [k for k in ("i", "t", "n", "h") if k in fields]
    if correspondence:
        _read_correspondence(link, fields, correspondence)
    return link


def _read_correspondence(link, fields, present):
    missing = [k for k in ("i", "t", "n", "h") if k not in present]
    if missing:
        raise KalahError(N_("this correspondence link is incomplete (it lacks %(parts)s); ask for the link again"),
                         parts=", ".join("'%s='" % k for k in missing))
    if not valid_id(fields["i"]):
        raise KalahError(N_("the link's game id is not valid"))
    link.game_id = fields["i"]
    link.turn = _side(fields["t"], Reason(N_("side to move")))
    link.moves = _int(fields["n"], Reason(N_("move count")), 0, 100000)
    link.checksum = fields["h"]
    if fields["h"] != correspondence_checksum(fields["g"], fields["i"], fields["t"], fields["n"]):
        raise KalahError(N_("this link was changed after it was made (its checksum does not match); "
                            "ask your opponent to send it again"))
    if link.moves != len(link.record.moves):
        raise KalahError(N_("this link says %(said)d moves were played but holds %(held)d; it was changed or cut"),
                         said=link.moves, held=len(link.record.moves))
    board = link.record.board()
    if board.turn is not None and board.turn != link.turn:
        raise KalahError(N_("this link says %(said)s is to move, but it is %(side)s's turn in its game"),
                         said=SIDES[link.turn], side=SIDES[board.turn])


def correspondence_checksum(game, game_id, turn_code, moves_text):
    return short_hash("kalah-correspondence|%s|%s|%s|%s" % (game, game_id, turn_code, moves_text), 6)


def error_text(error):
    return str(error.args[0]) if error.args else str(error)


# -- making links ------------------------------------------------------------
def share_fragment(record, ply=None, orientation=SOUTH):
    """The fragment of a replay link: the whole game, the ply shown, the orientation."""
    parts = ["g=" + compact.write(record)]
    if ply is not None and ply != len(record.moves):
        parts.append("p=%d" % ply)
    if orientation == NORTH:
        parts.append("o=n")
    return "&".join(parts)


def correspondence_fragment(record, game_id, orientation=None):
    """The link to send after your move: the game, whose turn, and a checksum."""
    if not valid_id(game_id):
        raise KalahError(N_("a correspondence game needs an id of letters, digits, '-' or '_'"))
    board = record.board()
    game = compact.write(record)
    turn = board.turn if board.turn is not None else SOUTH
    turn_code = SIDE_CODES[turn]
    moves_text = str(len(record.moves))
    parts = ["g=" + game, "i=" + game_id, "t=" + turn_code, "n=" + moves_text,
             "h=" + correspondence_checksum(game, game_id, turn_code, moves_text)]
    if orientation is not None:
        parts.append("o=" + SIDE_CODES[orientation])
    return "&".join(parts)


def embed_fragment(record, ply=None, orientation=SOUTH, autoplay=False, speed=1.0, controls=True,
                   theme="auto"):
    parts = [share_fragment(record, ply, orientation)]
    if autoplay:
        parts.append("a=1")
    if speed != 1.0:
        if not MIN_SPEED <= speed <= MAX_SPEED:
            raise KalahError(N_("speed must be %(low)s..%(high)s"), low=MIN_SPEED, high=MAX_SPEED)
        parts.append("s=" + _number_text(speed))
    if not controls:
        parts.append("c=0")
    if theme != "auto":
        if theme not in THEMES:
            raise KalahError(N_("theme must be one of %(themes)s"), themes=", ".join(THEMES))
        parts.append("th=" + theme)
    return "&".join(parts)


def _number_text(value):
    text = "%.2f" % value
    return text.rstrip("0").rstrip(".")


def check_against_held(link, held):
    """Refuse a correspondence link that is older than, or not part of, the game held for its id.

    `held` is the Record this browser keeps for link.game_id, or None.
    Returns True when the link brings new moves, False when it is the same
    position as the one held.
    """
    if held is None:
        return True
    mine = list(held.moves)
    theirs = list(link.record.moves)
    same_start = held.rules == link.record.rules and (held.start or "") == (link.record.start or "")
    if same_start and theirs[:len(mine)] == mine:
        return len(theirs) > len(mine)
    if same_start and mine[:len(theirs)] == theirs:
        raise KalahError(N_("this link is stale: it shows move %(theirs)d, and you already hold this game at move "
                            "%(mine)d; open the newest link your opponent sent"), theirs=len(theirs), mine=len(mine))
    raise KalahError(N_("this link does not continue the game you hold under the same id (they differ from move "
                        "%(number)d); it was changed or belongs to another game"),
                     number=_first_difference(mine, theirs) + 1)


def _first_difference(a, b):
    for i in range(min(len(a), len(b))):
        if a[i] != b[i]:
            return i
    return min(len(a), len(b))


def link_fragment(text):
    """The fragment (without '#') of a pasted share or embed link (`.../replay.html#g=k1...&p=6`,
    `embed.html#g=...`) or of the embed code this site gives (`<iframe src="...#g=..." ...>`);
    None when `text` is neither, so that the caller reads it as a record."""
    text = text.strip()
    if text[:7].lower() == "<iframe":
        start = text.find('src="')
        end = text.find('"', start + 5) if start >= 0 else -1
        if end < 0:
            raise KalahError(N_("this embed code has no src=\"...\" address"))
        text = unescape_attribute(text[start + 5:end])
    if "#" not in text or " " in text or "\n" in text:
        return None
    return text[text.index("#") + 1:]


def unescape_attribute(text):
    """The inverse of escape_attribute (what an iframe's src holds, as this site writes it)."""
    return (text.replace("&#39;", "'").replace("&gt;", ">").replace("&lt;", "<")
            .replace("&quot;", '"').replace("&amp;", "&"))


def escape_attribute(text):
    return (text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
            .replace(">", "&gt;").replace("'", "&#39;"))


# The size the embed is laid out for: EMBED_HEIGHT covers its tallest layout, at its narrowest
# width (a 360 px phone); static/css/replay.css keeps it within that at every width from 300 px
# to EMBED_WIDTH (tests/browser/test_embed_fit.py).
EMBED_WIDTH = 480
EMBED_HEIGHT = 340


def embed_code(embed_url, title, width=EMBED_WIDTH, height=EMBED_HEIGHT):
    """The iframe snippet a teacher pastes into a course page (Canvas, Moodle), sized to fit.
    Its popups may leave the sandbox: the embed's "open in a new tab" link is where a reader
    keeps the game."""
    return ('<iframe src="%s" title="%s" width="%d" height="%d" loading="lazy" '
            'sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox" '
            'style="border:0;max-width:100%%"></iframe>'
            % (escape_attribute(embed_url), escape_attribute(title), width, height))
