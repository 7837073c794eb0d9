"""Every computer player in one place: its name, its kind, what it is called and how strong it is.

    >>> from kalah.ai import player_registry
    >>> player_registry.NAMES[:5]
    ('random', 'first', 'rightmost', 'greedy', 'level1')
    >>> player_registry.kind_of("level3"), player_registry.TITLES["greedy"]
    ('level', 'greedy (best single move)')

The command line, the pages (the play page's choices and its computer, the
lab's players), preset links and the lab read these lists; kalah.ai.players
makes the players they name (kalah.ai.reference the reference ones). Plain
data (its words marked for the catalogs, translated where shown: docs/translating.md), so that a
page lists the players without loading the search.
"""

from kalah.errors import N_

# The kinds of computer player.
REFERENCE = "reference"   # the seed assignments' yardsticks (kalah.ai.reference): quick enough for
#                           the page's own thread
LEVEL = "level"           # a search of limited depth and a softmax over its values (kalah.ai.players)
PERFECT = "perfect"       # proven moves (kalah.ai.perfect); also the one player of this kind

REFERENCE_NAMES = ("random", "first", "rightmost", "greedy")
LEVEL_NAMES = ("level1", "level2", "level3", "level4", "level5", "level6", "level7", "level8")
NAMES = REFERENCE_NAMES + LEVEL_NAMES + (PERFECT,)

# What the pages call the players that are not levels (a level is called by its number and strength).
TITLES = {
    PERFECT: N_("perfect play"),
    "random": N_("random moves"),
    "first": N_("first legal house"),
    "rightmost": N_("rightmost house"),
    "greedy": N_("greedy (best single move)"),
}

# How strong each level is, on one Elo-style scale with the reference players (random = 0),
# shown where a level is chosen. Measured, not guessed: `scripts/bench/ratings.py` plays the round
# robin and prints this table (docs/performance-log.md, "Computer players": the command and every figure);
# paste its output here when a level changes. name: (word, rating, what it beats). Levels 5-7 beat
# greedy alike (80%): they say how they did against the level below (its "each level against the
# next" line), so that each says something of its own.
LEVEL_STRENGTH = {  # scripts/bench/ratings.py --games 20 --nodes 100000 (the count-table evaluation)
    "level1": (N_("first steps"), 358, N_("beats rightmost house, loses to greedy")),
    "level2": (N_("novice"), 556, N_("beats every reference player (55% against greedy)")),
    "level3": (N_("beginner"), 645, N_("beats every reference player (57% against greedy)")),
    "level4": (N_("casual"), 771, N_("beats every reference player (88% against greedy)")),
    "level5": (N_("club player"), 828, N_("beats every reference player and level 4 (62%)")),
    "level6": (N_("strong"), 908, N_("beats every reference player and level 5 (57%)")),
    "level7": (N_("expert"), 939, N_("beats every reference player; even with level 6 (50%)")),
    "level8": (N_("master"), 995, N_("beats every reference player (98% against greedy)")),
}
REFERENCE_RATINGS = {"random": 0, "first": -24, "rightmost": 154, "greedy": 558}  # the same run's


def kind_of(name):
    """REFERENCE, LEVEL or PERFECT for a computer player's name; None for any other name."""
    if name in REFERENCE_NAMES:
        return REFERENCE
    if name in LEVEL_NAMES:
        return LEVEL
    if name == PERFECT:
        return PERFECT
    return None
