"""Pure helpers of the play page: the new-game choices and the words it says.

No browser here, so CPython tests check every sentence the page shows.

    rules = rules_from_choices("kalah", 6, 4, ["pie"])     # a kalah.Rules
    describe_move(rules, report, ("South", "North"))       # sentences for the live region
    why_not(board, side, house)                             # why a click did nothing
"""

from kalah.errors import KalahError
from kalah.notation import house_letter
from kalah.rules import FAMILIES, MOVE_LIMIT, NO_FEED, NORTH, SIDE_NAMES, SOUTH, find_rules

HUMAN = "human"
REFERENCE_PLAYERS = ("random", "first", "rightmost", "greedy")
LEVELS = tuple("level%d" % level for level in range(1, 9))
COMPUTER_PLAYERS = LEVELS + REFERENCE_PLAYERS
PLAYER_NAMES = (HUMAN,) + COMPUTER_PLAYERS
REFERENCE_TITLES = {
    "random": "random moves",
    "first": "first legal house",
    "rightmost": "rightmost house",
    "greedy": "greedy (best single move)",
}
SEED_CHOICES = tuple(range(1, 13))
HOUSE_CHOICES = tuple(range(1, 9))
# Seconds a computer player may think per move, by watching speed.
SPEEDS = (("fast", 0.3), ("normal", 1.0), ("slow", 3.0))


def family_choices():
    """(family, title) for every rule set family, in the registry's order."""
    return [(family.family, family.title) for family in FAMILIES]


def family_class(name):
    for family in FAMILIES:
        if family.family == name:
            return family
    raise KalahError("unknown rule set family '%s'" % name)


def takes_size(family):
    """True when houses and seeds can be chosen (they are part of the name)."""
    return family_class(family).show_size


def family_options(family):
    """The option switches this family takes (names as in kalah.rules)."""
    return family_class(family).allowed_options


def default_move_limit(family):
    """Plies without a capture that end the game, or None if the family has no such limit."""
    return family_class(family).move_limit


def rules_name(family, houses=None, seeds=None, options=(), move_limit=None):
    """The find_rules name for a choice; sizes, options and limits a family does not take are dropped."""
    cls = family_class(family)
    name = cls.family
    if cls.show_size and houses is not None and seeds is not None:
        name += "(%d,%d)" % (houses, seeds)
    for option in options:
        if option in cls.allowed_options:
            name += "+" + option
    if cls.move_limit is not None and move_limit is not None and move_limit != cls.move_limit:
        name += "+limit%d" % move_limit
    return name


def rules_from_choices(family, houses=None, seeds=None, options=(), move_limit=None):
    """The Rules for a new-game choice; KalahError says what was wrong."""
    return find_rules(rules_name(family, houses, seeds, options, move_limit))


def player_title(name):
    """'Person', 'Computer, level 5', 'Computer, random moves'."""
    if name == HUMAN:
        return "Person"
    if name in LEVELS:
        return "Computer, level %s" % name[5:]
    if name in REFERENCE_TITLES:
        return "Computer, " + REFERENCE_TITLES[name]
    raise KalahError("unknown player '%s' (known: %s)" % (name, ", ".join(PLAYER_NAMES)))


def is_computer(name):
    return name != HUMAN


def seat_labels(players, swapped=False):
    """Captions for the (South, North) seats, e.g. ('South · Person', 'North · Computer, level 3').

    players are the (first seat South, first seat North) players; after the
    pie rule's swap they have exchanged seats.
    """
    labels = []
    for seat in (SOUTH, NORTH):
        player = players[1 - seat if swapped else seat]
        labels.append("%s \u00b7 %s" % (SIDE_NAMES[seat], player_title(player)))
    return tuple(labels)


def pit_name(rules, index):
    """'house C', 'house d' or 'South's store' for a pit index."""
    side = rules.owner(index)
    if rules.is_store(index):
        return "%s's store" % SIDE_NAMES[side]
    house = index - side * (rules.houses + 1) + 1
    return "house " + house_letter(side, house)


def _seeds(count):
    return "1 seed" if count == 1 else "%d seeds" % count


def _joined(words):
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def describe_move(rules, report):
    """Sentences saying what a move did (a MoveReport), in order, ending with the result."""
    side = report.side
    name = SIDE_NAMES[side]
    sentences = []
    lifts = 0
    for event in report.events:
        kind = event[0]
        if kind == "sow":
            lifts += 1
            if lifts == 1:
                sentences.append("%s sows %s (%s)." % (name, pit_name(rules, event[1]), _seeds(len(event[2]))))
        elif kind == "capture":
            pits = [pit_name(rules, pit) for pit in event[2]]
            sentences.append("%s captures %s from %s." % (name, _seeds(event[3]), _joined(pits)))
        elif kind == "extra":
            sentences.append("The last seed fell in %s's store: %s moves again." % (name, name))
        elif kind == "pass":
            passer = SIDE_NAMES[event[1]]
            sentences.append("%s has no seeds and passes: %s moves again." % (passer, SIDE_NAMES[1 - event[1]]))
        elif kind == "grand-slam":
            sentences.append("That would take every seed on %s's row (a grand slam), so nothing is captured."
                             % SIDE_NAMES[1 - side])
        elif kind == "relay-cap":
            sentences.append("The relay stopped after %d lifts; the turn passes." % event[2])
        elif kind == "sweep":
            sentences.append("%s adds the %s left on their row to their store." % (SIDE_NAMES[event[1]], _seeds(event[2])))
        elif kind == "swap":
            sentences.append("%s swaps (pie rule): the players exchange seats, and the player now "
                             "sitting North moves." % name)
    if lifts > 1:
        sentences.insert(1, "The sowing relayed: %d lifts in this turn." % lifts)
    if report.outcome is not None:
        sentences.append(describe_outcome(report.outcome))
    return sentences


def describe_outcome(outcome):
    """The result with the final scores, and why the game ended when that is not plain."""
    why = ""
    if outcome.termination == MOVE_LIMIT:
        why = "No capture for too long: the game ends and each side keeps the seeds on its row. "
    elif outcome.termination == NO_FEED:
        why = "No move can give the empty side seeds: the mover takes the seeds left. "
    return "Game over. " + why + outcome.describe() + " Final score: South %d, North %d." % outcome.scores


def turn_text(board, players=None):
    """The status line: whose turn it is, or the result."""
    if board.turn is None:
        return describe_outcome(board.outcome())
    text = "%s to move" % SIDE_NAMES[board.turn]
    if board.can_swap:
        text += " (may swap sides: pie rule)"
    if players is not None:
        player = players[1 - board.turn if board.swapped else board.turn]
        if is_computer(player):
            text += " \u2014 %s" % player_title(player)
    return text + "."


def why_not(board, side, house):
    """Why playing `side`'s `house` now changes nothing, or None if it is legal."""
    if board.turn is None:
        return "The game is over: start a new game to play again."
    letter = house_letter(side, house)
    if side != board.turn:
        return "It is %s's turn: house %s belongs to %s." % (SIDE_NAMES[board.turn], letter, SIDE_NAMES[side])
    if board.is_legal(house):
        return None
    if board.pits[board.rules.house_index(side, house)] == 0:
        return "House %s is empty: choose a house with seeds." % letter
    try:
        board.check_move(house)
    except KalahError as error:
        reason = str(error)
        reason = reason.split(": ", 1)[1] if reason.startswith("move ") else reason
        return "House %s cannot be played now: %s." % (letter, reason)
    return None

