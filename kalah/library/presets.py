"""Preset-game links: a game's setup in the play page's URL fragment.

A course page or a friend links straight into a game:

    index.html#rules=kalah(6,3)&south=person&north=level3

Keys (each at most once, any order; all optional but a fragment is never empty):

    rules=NAME      any name kalah.game.rules.find_rules accepts, options included:
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

from kalah.ai import player_registry
from kalah.errors import N_, KalahError, Reason
from kalah.library.fragments import clip, read_fields
from kalah.game.rules import NORTH, SOUTH, find_rules

PERSON = "person"      # in links; the page's player name for a person is "human"
HUMAN = "human"
# The computer players a link can name (kalah.ai.player_registry); Perfect is offered beside level 8.
REFERENCE_PLAYERS = player_registry.REFERENCE_NAMES
LEVELS = player_registry.LEVEL_NAMES
PERFECT = player_registry.PERFECT
LINK_PLAYERS = (PERSON,) + LEVELS + (PERFECT,) + REFERENCE_PLAYERS
SPEEDS = ("fast", "normal", "slow")
SIDES = ("south", "north")
KEYS = ("rules", "south", "north", "first", "speed")
MAX_PRESET = 300
GAME_SETUP = Reason(N_("game setup"))   # what a preset link holds, as its reasons name it
DEFAULT_RULES = "kalah(6,4)"
DEFAULT_PLAYERS = (HUMAN, "level3")  # a first visit: you (South) against a friendly computer


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


def link_player(name):
    """The page's player name for a link's: 'person' -> 'human', 'level3' -> 'level3'."""
    word = name.strip().lower()
    if word == HUMAN:
        word = PERSON
    if word not in LINK_PLAYERS:
        raise KalahError(N_("unknown player '%(name)s' (use %(players)s)"), name=clip(name),
                         players="%s, level1..level8, %s, %s" % (PERSON, PERFECT, ", ".join(REFERENCE_PLAYERS)))
    return HUMAN if word == PERSON else word


def player_word(player):
    """The link's word for a page player name ('human' -> 'person')."""
    return PERSON if player == HUMAN else player


def parse_preset(fragment):
    """The Preset a fragment (with or without its '#') describes; KalahError says what is wrong."""
    fields = read_fields(fragment, KEYS, GAME_SETUP, MAX_PRESET)
    # Every setting is checked, so that one message names every mistake, not only the first.
    problems = []

    def checked(read, *args):
        try:
            return read(*args)
        except KalahError as error:
            problems.append(error)
            return None

    rules = checked(_link_rules, fields.get("rules", DEFAULT_RULES))
    players = (checked(link_player, fields.get("south", PERSON)),
               checked(link_player, fields.get("north", DEFAULT_PLAYERS[1])))
    first = fields.get("first", "south").lower()
    if first not in SIDES:
        problems.append(Reason(N_("first= must be south or north, not '%(value)s'"), value=clip(first)))
    speed = fields.get("speed", "normal").lower()
    if speed not in SPEEDS:
        problems.append(Reason(N_("speed= must be %(speeds)s, not '%(value)s'"), speeds=", ".join(SPEEDS),
                               value=clip(speed)))
    if problems:
        reason = problems[-1]
        for problem in reversed(problems[:-1]):
            reason = Reason(N_("%(problem)s; and %(more)s"), problem=problem, more=reason)
        raise KalahError(reason)
    return Preset(rules, players, SOUTH if first == "south" else NORTH, speed)


def _link_rules(name):
    if not name:
        raise KalahError(N_("rules= names no rule set (e.g. rules=kalah(6,4))"))
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
