"""A learned evaluation for Kalah(6,4): what the store difference misses.

The search's plain evaluation at the horizon is the store difference. This
one adds a linear guess of the seeds the mover will still store minus the
opponent's, fitted to exact values (kalah.solver.train_evaluation: the
numba solver and the endgame table on positions from games). Features of a
position turned so that the mover is South (pits[0:6] the mover's houses,
pits[7:13] the opponent's; the stores do not matter):

- the seeds in each of the 12 houses (12 weights);
- the moves that end in the own store (extra turns), for each side;
- the largest capture each side has now (the seeds it would store);
- the empty houses on each row;
- a constant (having the move).

Plain Python that MicroPython runs too. Weights are integers in 1/ONE
seeds; `value` returns quarter seeds, the search's unit.
"""

ONE = 64
M = 6
# Fitted by `python -m kalah.solver.train_evaluation --seed 1 --positions 12000`: 12,000
# positions with 2-36 seeds in the houses; on the 2,400 held out, the mean error of the
# final margin falls from 6.00 seeds (store difference alone) to 4.52 (docs/performance.md).
WEIGHTS = (51, 29, 18, 10, 6, 11, -24, -22, -4, 3, 8, -4, 98, -40, 72, -26, -119, 126, -104)


def applies(rules):
    """Whether the weights were fitted (and measured) for this rule set: Kalah(6,4), the
    pie rule or not; not empty capture, GameLink or other seed counts, whose values differ."""
    return (rules.family == "kalah" and rules.houses == M and rules.seeds == 4
            and not rules.gamelink and not rules.empty_capture)


def features(pits):
    """The features of `pits` (mover first, 14 counts), in WEIGHTS' order."""
    own = [pits[i] for i in range(M)]
    theirs = [pits[M + 1 + i] for i in range(M)]
    return own + theirs + [
        sum(1 for i in range(M) if own[i] == M - i),
        sum(1 for i in range(M) if theirs[i] == M - i),
        best_capture(pits, 0),
        best_capture(pits, M + 1),
        own.count(0),
        theirs.count(0),
        1,
    ]


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


def _house_tables(first, extra, empty):
    """Per house of a row, its share of the value for each seed count (0..48): its own
    weight per seed, plus the extra-turn and empty-house weights where they apply."""
    return [[WEIGHTS[first + i] * s + (extra if s == M - i else 0) + (empty if not s else 0)
             for s in range(8 * M + 1)] for i in range(M)]


OWN = _house_tables(0, WEIGHTS[12], WEIGHTS[16])
THEIRS = _house_tables(M, WEIGHTS[13], WEIGHTS[17])


def value(pits, north=False, own=OWN, theirs=THEIRS, catch=WEIGHTS[14], caught=WEIGHTS[15],
          move=WEIGHTS[18]):
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
