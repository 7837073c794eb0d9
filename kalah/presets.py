"""Preset-game links: a game's setup in the play page's URL fragment.

A course page or a friend links straight into a game:

    index.html#rules=kalah(6,3)&south=person&north=level3

Keys (each at most once, any order; all optional but a fragment is never empty):

    rules=NAME      any name kalah.rules.find_rules accepts, options included:
                    kalah(6,4), kalah(6,3)+empty-capture+pie, owari, oware+limit200
                    (default kalah(6,4))
    south=PLAYER    person, level1..level8, perfect, or a reference player: random,
    north=PLAYER    first, rightmost, greedy (default: South person, North level3)
    first=SIDE      south or north: who moves first (default south)
    speed=SPEED     fast, normal or slow: the computer's time a move (default normal)

Percent-escapes (%28 for "(") are decoded, so a link that went through a
mail program still opens. Every malformed preset raises KalahError saying
what was wrong; nothing here touches the page (pure Python, MicroPython-safe).

    preset = parse_preset("#rules=owari&north=level5")
    preset.rules.name, preset.players   # 'owari', ('human', 'level5')
    format_preset(preset)               # 'rules=owari&south=person&north=level5'
"""

from kalah.errors import KalahError
from kalah.rules import NORTH, SOUTH, find_rules

PERSON = "person"      # in links; the page's player name for a person is "human"
HUMAN = "human"
REFERENCE_PLAYERS = ("random", "first", "rightmost", "greedy")
LEVELS = tuple("level%d" % level for level in range(1, 9))
PERFECT = "perfect"    # proven moves (kalah.ai.perfect), offered beside level 8
LINK_PLAYERS = (PERSON,) + LEVELS + (PERFECT,) + REFERENCE_PLAYERS
SPEEDS = ("fast", "normal", "slow")
SIDES = ("south", "north")
KEYS = ("rules", "south", "north", "first", "speed")
MAX_PRESET = 300
DEFAULT_RULES = "kalah(6,4)"
DEFAULT_PLAYERS = (HUMAN, "level3")  # a first visit: you (South) against a friendly computer
HEX = "0123456789abcdefABCDEF"


class Preset:
    """A game's setup: rules (a kalah Rules), players (South, North) as the page names them
    ("human", "level3", "greedy"...), who moves first, the computer's speed."""

    def __init__(self, rules=DEFAULT_RULES, players=DEFAULT_PLAYERS, first=SOUTH, speed="normal"):
        self.rules = find_rules(rules)
        self.players = tuple(players)
        self.first = first
        self.speed = speed

    def __eq__(self, other):
        return (isinstance(other, Preset) and self.rules.name == other.rules.name
                and self.players == other.players and self.first == other.first and self.speed == other.speed)

    def __ne__(self, other):
        return not self == other

    def __repr__(self):
        return "Preset(%r)" % format_preset(self)


def _unescape(text):
    """Decode %XX escapes (ASCII only: no rule set or player name needs more)."""
    if "%" not in text:
        return text
    out = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "%":
            code = text[i + 1:i + 3]
            if len(code) != 2 or code[0] not in HEX or code[1] not in HEX:
                raise KalahError("the link has a broken %%-escape near '%s'" % _clip(text[i:i + 3]))
            value = int(code, 16)
            if value < 32 or value > 126:
                raise KalahError("the link holds a character no game setup has (%%%s)" % code)
            out.append(chr(value))
            i += 3
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _clip(text, length=20):
    return text if len(text) <= length else text[:length] + "..."


def link_player(name):
    """The page's player name for a link's: 'person' -> 'human', 'level3' -> 'level3'."""
    word = name.strip().lower()
    if word == HUMAN:
        word = PERSON
    if word not in LINK_PLAYERS:
        raise KalahError("unknown player '%s' (use %s, level1..level8, %s, %s)"
                         % (_clip(name), PERSON, PERFECT, ", ".join(REFERENCE_PLAYERS)))
    return HUMAN if word == PERSON else word


def player_word(player):
    """The link's word for a page player name ('human' -> 'person')."""
    return PERSON if player == HUMAN else player


def is_preset(fragment):
    """True when a fragment holds something to read as a preset (not empty, not just '#')."""
    return isinstance(fragment, str) and fragment not in ("", "#")


def read_fields(fragment, keys, what, limit):
    """{key: value} of a fragment `key=value&...` (with or without its '#'), each key one of
    `keys` at most once, percent-escapes decoded; KalahError names what is wrong, calling the
    fragment's content `what` ("game setup")."""
    if not isinstance(fragment, str):
        raise KalahError("a %s link must be text" % what)
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
            raise KalahError("'%s' is not key=value (keys: %s)" % (_clip(_unescape(part)), ", ".join(keys)))
        key, value = part.split("=", 1)
        key = _unescape(key).strip().lower()
        if key not in keys:
            raise KalahError("unknown setting '%s' (known: %s)" % (_clip(key), ", ".join(keys)))
        if key in fields:
            raise KalahError("the setting '%s' is given twice" % key)
        fields[key] = _unescape(value).strip()
    if not fields:
        raise KalahError("the link holds no %s" % what)
    return fields


def parse_preset(fragment):
    """The Preset a fragment (with or without its '#') describes; KalahError says what is wrong."""
    fields = read_fields(fragment, KEYS, "game setup", MAX_PRESET)
    # Every setting is checked, so that one message names every mistake, not only the first.
    problems = []

    def checked(read, *args):
        try:
            return read(*args)
        except KalahError as error:
            problems.append(str(error))
            return None

    rules = checked(_link_rules, fields.get("rules", DEFAULT_RULES))
    players = (checked(link_player, fields.get("south", PERSON)),
               checked(link_player, fields.get("north", DEFAULT_PLAYERS[1])))
    first = fields.get("first", "south").lower()
    if first not in SIDES:
        problems.append("first= must be south or north, not '%s'" % _clip(first))
    speed = fields.get("speed", "normal").lower()
    if speed not in SPEEDS:
        problems.append("speed= must be %s, not '%s'" % (", ".join(SPEEDS), _clip(speed)))
    if problems:
        raise KalahError("; and ".join(problems))
    return Preset(rules, players, SOUTH if first == "south" else NORTH, speed)


def _link_rules(name):
    if not name:
        raise KalahError("rules= names no rule set (e.g. rules=kalah(6,4))")
    return find_rules(name)


def format_preset(preset):
    """The fragment (without '#') for a Preset; parse_preset reads it back to an equal Preset."""
    parts = ["rules=" + preset.rules.name,
             "south=" + player_word(preset.players[SOUTH]),
             "north=" + player_word(preset.players[NORTH])]
    if preset.first == NORTH:
        parts.append("first=north")
    if preset.speed != "normal":
        parts.append("speed=" + preset.speed)
    return "&".join(parts)
