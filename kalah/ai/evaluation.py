"""A learned evaluation for Kalah(6,4), with or without the empty capture: what the store difference misses.

The search's plain evaluation at the horizon is the store difference. This
one adds a guess of the seeds the mover will still store minus the
opponent's, fitted to exact values (kalah.solver.train_evaluation: the
numba solver and the endgame table on positions from games). Features of a
position turned so that the mover is South (pits[0:6] the mover's houses,
pits[7:13] the opponent's; the stores do not matter):

- the seeds in each of the 12 houses (12 weights);
- the largest capture each side has now (the seeds it would store; 2);
- a constant (having the move);
- which count each house holds, 0 to CAP seeds (CAP and more share the
  last): a table of 12 x (CAP + 1) weights. It learns what one house's
  count means beyond its seeds: that it ends in the own store, that an
  empty house can capture or be captured into, that a house is about to
  overflow to the other row. A straight line per house misses those.

A position's value is one table entry per house plus the two captures, so
the table costs no more than the straight line it refines. Plain Python
that MicroPython runs too. Weights are integers in 1/ONE seeds; `value`
returns quarter seeds, the search's unit. Each rule set it applies to has
weights of its own (TRAINED), on the same features; `value_for` gives the
search the function for its rule set.
"""

from kalah.game.rules import find_rules

ONE = 64
M = 6
CAP = 12
TABLE_AT = 2 * M + 3   # WEIGHTS' index of the count table: after the houses, captures and move
# Fitted by `python -m kalah.solver.train_evaluation --seed 2 --positions 20000 --ridge 10`:
# 20,000 positions with 2-36 seeds in the houses. On 12,000 others (`--seed 1 --positions
# 12000`, unseen by this fit) the mean error of the final margin is 3.51 seeds; 6.13 with the
# store difference alone, 4.53 with the straight lines per house alone, fitted on those very
# positions (the weights before this table; docs/performance-log.md).
WEIGHTS = (
    10, 5, 12, 26, 35, 49, 6, -9, -10, -26, -27, -43, 59, -19, 39,   # seeds per house, captures, the move
    -272, -62, 31, 107, 143, 211, 244, -41, -40, -96, -104, -104, 23,   # own house 1 holds 0..12+
    -245, -36, 65, 106, 197, 281, -17, -39, -140, -106, -120, -28, 122,   # own house 2 holds 0..12+
    -153, 33, 91, 142, 248, -75, -35, -138, -156, -124, -21, 47, 181,   # own house 3 holds 0..12+
    -12, 142, 141, 199, -100, -119, -171, -188, -106, -89, 69, 116, 157,   # own house 4 holds 0..12+
    90, 185, 214, -66, -124, -183, -189, -133, -54, 5, 6, 115, 172,   # own house 5 holds 0..12+
    138, 178, -28, -58, -95, -85, -75, -63, -20, 21, 15, 53, 59,   # own house 6 holds 0..12+
    233, 73, -36, -94, -117, -206, -96, 91, 103, 7, -9, 113, -24,   # their house 1 holds 0..12+
    165, -20, -96, -130, -184, -105, 50, 112, 148, 141, 68, 59, -170,   # their house 2 holds 0..12+
    120, -64, -99, -140, -121, 60, 66, 163, 182, 163, 77, -117, -250,   # their house 3 holds 0..12+
    4, -129, -144, -127, 43, 105, 185, 187, 185, 46, -32, -90, -196,   # their house 4 holds 0..12+
    -55, -172, -144, 37, 95, 136, 192, 170, 81, 1, -62, -126, -112,   # their house 5 holds 0..12+
    -116, -170, 15, 69, 117, 104, 118, 64, 30, -39, -3, -91, -56,   # their house 6 holds 0..12+
)


# Kalah(6,4) with the empty capture (a last seed in an empty own house captures even
# when the facing house is empty): the same features, fitted by `python -m
# kalah.solver.train_evaluation --rules "kalah(6,4)+empty-capture" --seed 2 --positions 20000
# --ridge 10` on 20,000 positions with 2-36 seeds. On the 4,000 of them the fit left out, the
# mean error of the final margin is 3.78 seeds; 6.83 with the store difference alone.
WEIGHTS_EMPTY_CAPTURE = (
    6, 4, 12, 23, 30, 46, 8, 4, 0, -16, -13, -32, 61, -21, -13,   # seeds per house, captures, the move
    -279, -96, 5, 95, 156, 233, 240, -51, -73, -70, -73, -101, -1,   # own house 1 holds 0..12+
    -257, -43, 57, 141, 171, 250, -1, -70, -128, -174, -54, 3, 92,   # own house 2 holds 0..12+
    -140, 13, 99, 148, 231, -69, -141, -89, -142, -123, -46, 51, 194,   # own house 3 holds 0..12+
    -40, 91, 142, 229, -76, -114, -139, -167, -140, -36, 23, 62, 152,   # own house 4 holds 0..12+
    74, 171, 212, -64, -115, -151, -203, -216, -87, 6, 60, 117, 182,   # own house 5 holds 0..12+
    133, 209, -32, -84, -108, -97, -123, -122, -43, 12, 42, 91, 110,   # own house 6 holds 0..12+
    222, 75, -27, -85, -136, -255, -111, 121, 28, -8, 59, 103, 0,   # their house 1 holds 0..12+
    200, 33, -89, -146, -214, -124, 31, 108, 124, 153, 81, -87, -84,   # their house 2 holds 0..12+
    128, -35, -109, -176, -158, 24, 106, 93, 161, 160, 76, -117, -167,   # their house 3 holds 0..12+
    18, -103, -169, -143, 46, 92, 107, 174, 160, 105, -9, -45, -248,   # their house 4 holds 0..12+
    -55, -166, -139, -1, 77, 79, 186, 234, 109, 0, -59, -80, -201,   # their house 5 holds 0..12+
    -104, -167, 13, 71, 99, 110, 98, 96, 46, -39, -71, -89, -79,   # their house 6 holds 0..12+
)

# The rule sets the weights were fitted (and measured) on, each with its weights.
TRAINED = {"kalah(6,4)": WEIGHTS, "kalah(6,4)+empty-capture": WEIGHTS_EMPTY_CAPTURE}


def weights_for(rules):
    """The weights fitted for this rule set's game, once the first turn is played (the pie rule
    or not), else None. Elsewhere (GameLink, other sizes, an option the rules do not declare
    first-turn-only) values differ, and the search falls back to its plain evaluation, the
    store difference (kalah.ai.search.evaluation_for)."""
    game = rules.after_first_turn()
    for name, weights in TRAINED.items():
        if game == find_rules(name):
            return weights
    return None


def applies(rules):
    """Whether weights were fitted for this rule set's game (weights_for)."""
    return weights_for(rules) is not None


def features(pits):
    """The features of `pits` (mover first, 14 counts), in WEIGHTS' order."""
    houses = [pits[i] for i in range(M)] + [pits[M + 1 + i] for i in range(M)]
    counts = [0] * (2 * M * (CAP + 1))
    for i, seeds in enumerate(houses):
        counts[i * (CAP + 1) + min(seeds, CAP)] = 1
    return houses + [best_capture(pits, 0), best_capture(pits, M + 1), 1] + counts


def best_capture(pits, first):
    """The seeds the side whose houses start at `first` would store by its best capture now
    (the opposite house's seeds and the sowing's last one); 0 when it has none."""
    best = 0
    for i in range(first, first + M):
        landing = i + pits[i]
        if pits[i] and landing < first + M and not pits[landing]:
            facing = pits[2 * M - landing]
            if facing and facing + 1 > best:
                best = facing + 1
    return best


def _house_tables(weights, first):
    """Per house of a row (`first`: 0 the mover's, M the opponent's), its share of the value
    for each seed count (0..48): its weight per seed plus its table entry for that count."""
    return [[weights[first + i] * s + weights[TABLE_AT + (first + i) * (CAP + 1) + min(s, CAP)]
             for s in range(8 * M + 1)] for i in range(M)]


def valuer(weights):
    """The fast evaluation (`value` below) with these weights: their tables as its defaults."""
    def valued(pits, north=False, own=_house_tables(weights, 0), theirs=_house_tables(weights, M),
               catch=weights[2 * M], caught=weights[2 * M + 1], move=weights[2 * M + 2]):
        return value(pits, north, own, theirs, catch, caught, move)
    return valued


def value_for(rules):
    """The evaluation function for `rules`, or None where no weights were fitted (weights_for)."""
    weights = weights_for(rules)
    if weights is None:
        return None
    return value if weights is WEIGHTS else valuer(weights)


OWN = _house_tables(WEIGHTS, 0)
THEIRS = _house_tables(WEIGHTS, M)


def value(pits, north=False, own=OWN, theirs=THEIRS, catch=WEIGHTS[2 * M], caught=WEIGHTS[2 * M + 1],
          move=WEIGHTS[2 * M + 2]):
    """WEIGHTS · features(pits) in quarter seeds (the search's unit): 4 / ONE = 1/16.

    north: value `pits` for North, as if turned. The same sum as `features`
    gives, unrolled for speed (most of the search's nodes are evaluated
    here): a table lookup per house, and the captures written out per
    landing house (a capture needs an empty own house; the facing house is
    12 - its index). Tests check that the two agree.
    """
    if north:
        g, h, i, j, k, l, _, a, b, c, d, e, f, _ = pits
    else:
        a, b, c, d, e, f, _, g, h, i, j, k, l, _ = pits
    o, t = own, theirs
    v = (o[0][a] + o[1][b] + o[2][c] + o[3][d] + o[4][e] + o[5][f]
         + t[0][g] + t[1][h] + t[2][i] + t[3][j] + t[4][k] + t[5][l] + move)
    # The mover's largest capture: the most facing seeds its last seed can take,
    # landing in an empty house of its own row (it stores them and that seed).
    best = 0
    if not f and g > best and (e == 1 or d == 2 or c == 3 or b == 4 or a == 5):
        best = g
    if not e and h > best and (d == 1 or c == 2 or b == 3 or a == 4):
        best = h
    if not d and i > best and (c == 1 or b == 2 or a == 3):
        best = i
    if not c and j > best and (b == 1 or a == 2):
        best = j
    if not b and k > best and a == 1:
        best = k
    # The opponent's, on its row.
    worst = 0
    if not l and a > worst and (k == 1 or j == 2 or i == 3 or h == 4 or g == 5):
        worst = a
    if not k and b > worst and (j == 1 or i == 2 or h == 3 or g == 4):
        worst = b
    if not j and c > worst and (i == 1 or h == 2 or g == 3):
        worst = c
    if not i and d > worst and (h == 1 or g == 2):
        worst = d
    if not h and e > worst and g == 1:
        worst = e
    if best:
        v += catch * (best + 1)
    if worst:
        v += caught * (worst + 1)
    return v >> 4
