"""Pure helpers of the play page: the new-game choices and the words it says.

No browser here, so CPython tests check every sentence the page shows.

    rules = rules_from_choices("kalah", 6, 4, ["pie"])     # a kalah.Rules

(Why a click on a house did nothing: house_click.py.)
"""

from kalah.ai import player_registry
from kalah.errors import KalahError
from kalah.i18n import N_, _, side_word
from kalah.game.narration import describe_outcome
from kalah.game.rules import FAMILIES, FORFEIT, NORTH, SOUTH, find_rules

from kalah.library.presets import HUMAN, LEVELS, PERFECT, REFERENCE_PLAYERS

COMPUTER_PLAYERS = LEVELS + (PERFECT,) + REFERENCE_PLAYERS
PLAYER_NAMES = (HUMAN,) + COMPUTER_PLAYERS
REFERENCE_TITLES = player_registry.TITLES
LEVEL_STRENGTH = player_registry.LEVEL_STRENGTH
REFERENCE_RATINGS = player_registry.REFERENCE_RATINGS
SEED_CHOICES = tuple(range(1, 13))
HOUSE_CHOICES = tuple(range(1, 9))
# Seconds a computer player may think per move, by watching speed.
SPEEDS = ((N_("fast"), 0.3), (N_("normal"), 1.0), (N_("slow"), 3.0))


def family_choices():
    """(family, title) for every rule set family, in the registry's order."""
    return [(family.family, family.title) for family in FAMILIES]


def family_class(name):
    for family in FAMILIES:
        if family.family == name:
            return family
    raise KalahError(N_("unknown rule set family '%(name)s'"), name=name)


def takes_size(family):
    """True when houses and seeds can be chosen (they are part of the name)."""
    return family_class(family).show_size


def family_options(family):
    """The option switches this family takes (names as in kalah.game.rules)."""
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


OPTION_TITLES = {"empty-capture": N_("empty capture"), "gamelink": N_("GameLink sowing"), "pie": N_("pie rule")}


def rules_title(rules):
    """The game's name for people: 'Kalah, 6 houses \u00d7 4 seeds, pie rule', 'Owari'."""
    title = rules.title
    if rules.show_size or (rules.houses, rules.seeds) != rules.default_size:
        title += _(", ") + _("%(houses)d houses \u00d7 %(seeds)d seeds") % {"houses": rules.houses, "seeds": rules.seeds}
    for option in rules.options:
        title += _(", ") + (_(OPTION_TITLES[option]) if option in OPTION_TITLES else option)
    return title


LEVEL_NAME = N_("Computer (level %(level)s)")
PLAYER_NAME = N_("Computer (%(player)s)")


def seat_name(player, chosen=None, words=N_):
    """What to call a seat's player: the name a person chose, 'Computer (level 3)', or None
    for a person without a name (the page then says 'South' or 'North'). In English, as the
    records and links keep it; seat_title says it in the page's language."""
    if chosen:
        return chosen
    if player == HUMAN:
        return None
    if player in LEVELS:
        return words(LEVEL_NAME) % {"level": player[5:]}
    return words(PLAYER_NAME) % {"player": REFERENCE_TITLES.get(player, player)}


def seat_title(player, chosen=None):
    """seat_name in the page's language, for the page's own words (never for a record)."""
    return seat_name(player, chosen, _)


def clean_name(text, limit=40):
    """A name typed by a player, trimmed to one line of at most `limit` characters ('' when blank)."""
    text = " ".join(str(text).split())
    return text[:limit]


def how_to_play(board, players, orientation=SOUTH):
    """The one line that says what to do, for the person at the board."""
    if board.turn is None:
        return _("The game is over: play again, swap sides, or review it.")
    people = [seat for seat in (SOUTH, NORTH) if not is_computer(players[seat])]
    if not people:
        return _("Two computers play: watch, pause, or start a new game.")
    if len(people) == 1:
        seat = people[0]
        if board.swapped:
            seat = 1 - seat
        if seat == orientation:
            return _("You play %(side)s (bottom row): click a house to sow its seeds.") % {"side": side_word(seat)}
        return _("You play %(side)s (top row): click a house to sow its seeds.") % {"side": side_word(seat)}
    return _("Two people share this board: on your turn, click a house of your row to sow its seeds.")


def result_headline(outcome, names, you=None):
    """Who won, the winner's score first: 'You win 30-18!', 'Ann wins 30-18.', 'Draw, 24-24.'

    names: what to call (South, North); you: the seat of the one person playing a computer.
    """
    scores = outcome.scores
    winner = outcome.winner
    if outcome.termination == FORFEIT and outcome.reason == "resigned":
        # The forfeit rule's score (every seed to the winner) would read as if the game was played out.
        if you == outcome.forfeit_by:
            return _("You resigned: %(winner)s wins.") % {"winner": names[winner]}
        if you == winner:
            return _("%(loser)s resigned: you win!") % {"loser": names[outcome.forfeit_by]}
        return _("%(loser)s resigned: %(winner)s wins.") % {"loser": names[outcome.forfeit_by], "winner": names[winner]}
    if outcome.winner is None:
        return _("Draw, %(score)s.") % {"score": "%d-%d" % scores}
    score = "%d-%d" % (scores[winner], scores[1 - winner])
    if you is not None:
        if winner == you:
            return _("You win %(score)s!") % {"score": score}
        return _("You lose %(score)s.") % {"score": "%d-%d" % (scores[you], scores[winner])}
    return _("%(winner)s wins %(score)s.") % {"winner": names[winner], "score": score}


def result_kind(outcome, you=None):
    """'win' or 'loss' for the one person playing a computer, else 'draw' or 'end': the end of
    game's colour (green only for a win)."""
    if outcome.winner is None:
        return "draw"
    if you is None:
        return "end"
    return "win" if outcome.winner == you else "loss"


def level_strength(name):
    """'beginner, beats random, loses to greedy (rating 420)': LEVEL_STRENGTH in words."""
    word, rating, beats = LEVEL_STRENGTH[name]
    return _("%(strength)s, %(results)s (rating %(rating)d)") % {"strength": _(word), "results": _(beats),
                                                                  "rating": rating}


def player_title(name):
    """'Person', 'Computer, level 3 \u2014 beginner, beats random, loses to greedy (rating 420)',
    'Computer, random moves'."""
    if name == HUMAN:
        return _("Person")
    if name in LEVELS:
        return _("Computer, level %(level)s \u2014 %(strength)s") % {"level": name[5:], "strength": level_strength(name)}
    if name in REFERENCE_TITLES:
        return _("Computer, %(player)s") % {"player": _(REFERENCE_TITLES[name])}
    raise KalahError(N_("unknown player '%(name)s' (known: %(known)s)"), name=name, known=", ".join(PLAYER_NAMES))


def is_computer(name):
    return name != HUMAN


def needs_worker(players):
    """True when a level plays: the search runs in the Pyodide worker, worth starting early.
    (The reference players answer at once on the page's thread.)"""
    return any(player in LEVELS or player == PERFECT for player in players)


def seat_labels(players, swapped=False, names=(None, None)):
    """Captions for the (South, North) seats, e.g. ('South \u00b7 Ann', 'North \u00b7 Computer (level 3)').

    players (and the names people chose) are the first seat South's and
    North's; after the pie rule's swap they have exchanged seats.
    """
    labels = []
    for seat in (SOUTH, NORTH):
        first_seat = 1 - seat if swapped else seat
        name = seat_title(players[first_seat], names[first_seat]) or _("Person")
        labels.append("%s \u00b7 %s" % (side_word(seat), name))
    return tuple(labels)


def turn_text(board, players=None, names=(None, None)):
    """The status line: whose turn it is ('South to move \u2014 Ann.'), or the result."""
    if board.turn is None:
        return describe_outcome(board.outcome())
    text = _("%(side)s to move") % {"side": side_word(board.turn)}
    if board.can_swap:
        text += " " + _("(may swap sides: pie rule)")
    if players is not None:
        first_seat = 1 - board.turn if board.swapped else board.turn
        name = seat_title(players[first_seat], names[first_seat])
        if name:
            text += " \u2014 %s" % name
    return text + "."


def thinking_text(info):
    """The thinking line for a search's progress report, or None when it says nothing new.

    'Thinking… depth 12' while a level deepens; 'Proving… 1.2 M positions'
    while the Perfect level proves its move (kalah.ai.perfect)."""
    if info.get("proving"):
        return _("Proving\u2026 %(count)s positions") % {"count": count_text(info.get("nodes", 0))}
    if "depth" in info:
        return _("Thinking\u2026 depth %(depth)s") % {"depth": info["depth"]}
    return None


def count_text(count):
    """A count as a person reads it at a glance: 800, 35 k, 1.2 M."""
    if count < 1000:
        return "%d" % count
    if count < 1000000:
        return "%d k" % (count // 1000)
    return "%.1f M" % (count / 1000000)


def proof_note(player, answer):
    """What to say after the Perfect level's move that is not proven, else None."""
    if player != PERFECT or not isinstance(answer, dict) or answer.get("exact"):
        return None
    why_not = answer.get("why_not")
    if not why_not or not isinstance(why_not, str):
        return None
    return _("Perfect's last move is not proven (%(why)s): it played its best search.") % {"why": why_not}
