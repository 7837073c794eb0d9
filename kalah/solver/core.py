"""The offline Kalah solver's inner loops, written once as plain Python.

Every function here is plain Python over numpy arrays; `jit` compiles it
with numba (LLVM) when numba is installed, and leaves it as Python when it
is not (or when NUMBA_DISABLE_JIT=1, which the tests use to check that the
compiled and the plain code give the same values). Why numba: the code stays
Python that reads like the rest of `kalah`, the compiler is a pip package
(no C toolchain, no extension module in the repository), and it is 50-100x
faster than CPython here, which turns the proof of Kalah(6,4) from days into
minutes. The browser never imports this package: it has `kalah.ai.search`.

A position is the 2m house counts, the side to move's row first (as in
`kalah.ai.search`, which keeps the mover as South); the stores do not
matter for the future, so a value is the seeds the mover will still store
minus those the opponent will, with perfect play. Positions are ranked
combinatorially exactly as `kalah.ai.endgame.Table.index` ranks them, so
the rank is both the endgame table's index and the transposition key.
"""

import numpy as np

try:
    from numba import njit as _njit

    def jit(function):
        return _njit(cache=True)(function)

    def jit_recursive(function):
        # Not cached: numba's on-disk cache of recursive functions can load
        # broken code (it crashed here after two processes compiled at once).
        return _njit(function)
except ImportError:  # plain Python: the same code, slowly
    def jit(function):
        return function

    jit_recursive = jit

MAX_PLY = 1024        # deeper than any game: a move that stores nothing lowers the seeds' distance to the stores
UNKNOWN = 0           # a table byte is value + 128; 0 is never a value
TURN, EXTRA, OVER = 0, 1, 2
# The enhanced transposition cutoff costs a table probe per child: worth it
# only well above the endgame table, where a cutoff saves a large subtree.
ETC_SEEDS = 6


@jit
def binomials(n_max, k_max):
    """binom[n, k] = C(n, k) for n <= n_max, k <= k_max (int64)."""
    binom = np.zeros((n_max + 1, k_max + 1), np.int64)
    for n in range(n_max + 1):
        binom[n, 0] = 1
        for k in range(1, min(n, k_max) + 1):
            binom[n, k] = binom[n - 1, k - 1] + binom[n - 1, k]
    return binom


@jit
def rank(h, binom):
    """The position's index: all positions with fewer seeds, then colex order.

    The same number as kalah.ai.endgame.Table.index (the stores left out).
    """
    n = h.shape[0]
    left = 0
    at = 0
    for j in range(n - 1):
        left += h[j]
        at += binom[left + j, j + 1]
    seeds = left + h[n - 1]
    return binom[seeds + n - 1, n] + at


@jit
def play(h, house, empty_capture, out):
    """Play `house` (0-based, the mover's row) from h into out.

    Returns (gain, kind): gain is the seeds the mover stored minus those the
    opponent stored (the end-of-game sweep included); kind is TURN (the
    opponent moves next, out not yet turned round), EXTRA or OVER.
    """
    n = h.shape[0]
    m = n // 2
    ring = n + 1              # the mover's houses, the mover's store, the opponent's houses
    for i in range(n):
        out[i] = h[i]
    seeds = out[house]
    out[house] = 0
    gain = 0
    at = house
    for _ in range(seeds):
        at += 1
        if at == ring:
            at = 0
        if at < m:
            out[at] += 1
        elif at == m:
            gain += 1
        else:
            out[at - 1] += 1
    kind = TURN
    if at == m:
        kind = EXTRA
    elif at < m and out[at] == 1:
        facing = n - 1 - at
        if out[facing] > 0 or empty_capture:
            gain += out[facing] + 1
            out[facing] = 0
            out[at] = 0
    mine, theirs = row_sums(out)
    if mine == 0 or theirs == 0:
        gain += mine - theirs
        for i in range(n):
            out[i] = 0
        kind = OVER
    return gain, kind


@jit
def row_sums(h):
    """(seeds in the mover's houses, seeds in the other side's houses)."""
    m = h.shape[0] // 2
    mine = 0
    theirs = 0
    for i in range(m):
        mine += h[i]
        theirs += h[m + i]
    return mine, theirs


@jit
def turn_round(h, out):
    """The same houses seen from the other side (the other row first)."""
    n = h.shape[0]
    m = n // 2
    for i in range(m):
        out[i] = h[m + i]
        out[m + i] = h[i]


@jit
def next_position(after, kind, out):
    """The houses after a move as the next mover sees them: turned round after TURN, as they are after EXTRA."""
    if kind == TURN:
        turn_round(after, out)
    else:
        for i in range(after.shape[0]):
            out[i] = after[i]


# -- the endgame table ---------------------------------------------------------
@jit_recursive
def table_value(ply, boards, table, empty_capture, binom):
    """The value of boards[ply] from the table, solving it first if it is missing.

    Used while building: positions with fewer seeds are all known; a child
    with as many seeds (no seed stored) is solved here, recursively. Those
    chains end, since such a move carries seeds toward the stores.
    """
    h = boards[ply]
    at = rank(h, binom)
    if table[at] != UNKNOWN:
        return np.int64(table[at]) - 128
    n = h.shape[0]
    m = n // 2
    mine, theirs = row_sums(h)
    if mine == 0 or theirs == 0:
        best = mine - theirs
    else:
        best = -1000
        child = boards[ply + 1]
        scratch = boards[ply + 2]
        for house in range(m):
            if h[house] == 0:
                continue
            gain, kind = play(h, house, empty_capture, scratch)
            value = gain
            if kind == EXTRA:
                for i in range(n):
                    child[i] = scratch[i]
                value += table_value(ply + 1, boards, table, empty_capture, binom)
            elif kind == TURN:
                turn_round(scratch, child)
                value -= table_value(ply + 1, boards, table, empty_capture, binom)
            if value > best:
                best = value
    table[at] = best + 128
    return best


@jit_recursive
def fill_table(table, houses, seeds_from, seeds_to, empty_capture, binom):
    """Solve every position with seeds_from..seeds_to seeds in the houses, in rank order."""
    n = 2 * houses
    boards = np.zeros((MAX_PLY, n), np.int64)
    bars = np.zeros(n - 1, np.int64)
    for seeds in range(seeds_from, seeds_to + 1):
        for j in range(n - 1):
            bars[j] = j
        for _ in range(binom[seeds + n - 1, n - 1]):
            h = boards[0]
            previous = -1
            for j in range(n - 1):
                h[j] = bars[j] - previous - 1
                previous = bars[j]
            h[n - 1] = seeds + n - 2 - previous
            table_value(0, boards, table, empty_capture, binom)
            # The next set of bar positions in colex order.
            j = 0
            while j < n - 2 and bars[j] + 1 == bars[j + 1]:
                bars[j] = j
                j += 1
            bars[j] += 1
    return 0


# -- the search ------------------------------------------------------------------
@jit
def move_score(house, gain, kind):
    """Move ordering: moves that end the game, extra turns (nearest the store
    first), captures and other gains, then the rest (higher first)."""
    if kind == OVER:
        return 3000 + gain
    if kind == EXTRA:
        return 2000 + house
    return 100 + gain * 10 + house


@jit
def sort_moves(row, moves):
    """Sort row[:moves], highest first (insertion sort: at most m of them)."""
    for i in range(1, moves):
        item = row[i]
        j = i - 1
        while j >= 0 and row[j] < item:
            row[j + 1] = row[j]
            j -= 1
        row[j + 1] = item


@jit_recursive
def negamax(ply, alpha, beta, boards, kids, gains, kinds, order,
            keys, lows, highs, best_moves, table, table_seeds, empty_capture, binom, counts):
    """The exact value of boards[ply] within (alpha, beta), fail-soft.

    counts: [nodes, node budget (0: none), 1 once the budget ran out]; past
    the budget every call returns 0 at once and stores nothing, so the
    transposition table keeps only proven bounds.

    No depth, no evaluation: every value is proven to the end of the game or
    to the endgame table, so a transposition entry holds a lower and an upper
    bound that stay true forever. MTD(f) drives it with null windows.
    """
    h = boards[ply]
    n = h.shape[0]
    m = n // 2
    seeds = 0
    for i in range(n):
        seeds += h[i]
    key = rank(h, binom)
    if seeds <= table_seeds:
        return np.int64(table[key]) - 128
    counts[0] += 1
    if counts[1] > 0 and counts[0] > counts[1]:
        counts[2] = 1         # over the node budget: give up, storing nothing from here on
        return 0
    slot = key % keys.shape[0]
    low = -seeds
    high = seeds
    tt_move = -1
    if keys[slot] == key:
        low = np.int64(lows[slot])
        high = np.int64(highs[slot])
        tt_move = best_moves[slot]
        if low >= beta:
            return low
        if high <= alpha or low == high:
            return high
    a = max(alpha, low)
    b = min(beta, high)
    window_low = a
    window_high = b

    # The children, and the enhanced transposition cutoff: a child whose
    # stored bound already refutes this window ends the search here.
    child = boards[ply + 1]
    etc = seeds > table_seeds + ETC_SEEDS
    moves = 0
    for house in range(m):
        if h[house] == 0:
            continue
        gain, kind = play(h, house, empty_capture, kids[ply, house])
        gains[ply, house] = gain
        kinds[ply, house] = kind
        if kind == OVER:
            if gain >= b:
                return gain
        else:
            if etc:
                next_position(kids[ply, house], kind, child)
                child_key = rank(child, binom)
                child_slot = child_key % keys.shape[0]
                if keys[child_slot] == child_key:
                    if kind == TURN and gain - highs[child_slot] >= b:
                        return gain - np.int64(highs[child_slot])
                    if kind == EXTRA and gain + lows[child_slot] >= b:
                        return gain + np.int64(lows[child_slot])
        score = move_score(house, gain, kind)
        if house == tt_move:
            score = 10000
        order[ply, moves] = score * 16 + house
        moves += 1
    sort_moves(order[ply], moves)

    best = -1000
    best_move = -1
    for i in range(moves):
        house = order[ply, i] % 16
        gain = gains[ply, house]
        kind = kinds[ply, house]
        if kind == OVER:
            value = gain
        elif kind == EXTRA:
            next_position(kids[ply, house], kind, child)
            value = gain + negamax(ply + 1, a - gain, b - gain, boards, kids, gains, kinds, order, keys,
                                   lows, highs, best_moves, table, table_seeds, empty_capture, binom, counts)
        else:
            next_position(kids[ply, house], kind, child)
            value = gain - negamax(ply + 1, gain - b, gain - a, boards, kids, gains, kinds, order, keys,
                                   lows, highs, best_moves, table, table_seeds, empty_capture, binom, counts)
        if counts[2]:
            return 0
        if value > best:
            best = value
            best_move = house
            if value > a:
                a = value
                if a >= b:
                    break

    # Store what was proven, kept together with what the entry knew before.
    if keys[slot] != key:
        keys[slot] = key
        low = -seeds
        high = seeds
    if best < window_high:    # no cutoff: every move was searched, the value is at most best
        high = min(high, best)
    if best > window_low:     # the best move's value was proven at least best
        low = max(low, best)
    lows[slot] = low
    highs[slot] = high
    best_moves[slot] = best_move
    return best


@jit_recursive
def mtdf(ply, guess, boards, kids, gains, kinds, order,
         keys, lows, highs, best_moves, table, table_seeds, empty_capture, binom, counts):
    """The exact value of boards[ply] by null-window searches converging from `guess`."""
    h = boards[ply]
    seeds = 0
    for i in range(h.shape[0]):
        seeds += h[i]
    low = -seeds
    high = seeds
    value = guess
    while low < high:
        beta = value + 1 if value == low else value
        value = negamax(ply, beta - 1, beta, boards, kids, gains, kinds, order,
                        keys, lows, highs, best_moves, table, table_seeds, empty_capture, binom, counts)
        if counts[2]:
            return 0          # the node budget ran out: no value (the caller checks counts[2])
        if value < beta:
            high = value
        else:
            low = value
    return value


@jit_recursive
def deep_value(ply, depth, alpha, beta, boards, kids, gains, kinds, order, table, table_seeds,
               empty_capture, binom, counts):
    """The value of boards[ply] by alpha-beta to a fixed `depth` (moves, extra moves too), fail-soft.

    Where the proof runs out of budget: the horizon's evaluation is 0 more
    for either side (the store difference so far, which the gains carry),
    the endgame table gives exact values below `table_seeds`. No
    transposition table and a fixed depth: the same value whatever was
    searched before, so a book built with it is the same bytes every time.
    """
    h = boards[ply]
    n = h.shape[0]
    m = n // 2
    seeds = 0
    for i in range(n):
        seeds += h[i]
    if seeds <= table_seeds:
        return np.int64(table[rank(h, binom)]) - 128
    if depth == 0:
        return 0
    counts[0] += 1
    child = boards[ply + 1]
    moves = 0
    for house in range(m):
        if h[house] == 0:
            continue
        gain, kind = play(h, house, empty_capture, kids[ply, house])
        gains[ply, house] = gain
        kinds[ply, house] = kind
        order[ply, moves] = move_score(house, gain, kind) * 16 + house
        moves += 1
    sort_moves(order[ply], moves)
    best = -1000
    a = alpha
    for i in range(moves):
        house = order[ply, i] % 16
        gain = gains[ply, house]
        kind = kinds[ply, house]
        if kind == OVER:
            value = gain
        elif kind == EXTRA:
            next_position(kids[ply, house], kind, child)
            value = gain + deep_value(ply + 1, depth - 1, a - gain, beta - gain, boards, kids, gains, kinds,
                                      order, table, table_seeds, empty_capture, binom, counts)
        else:
            next_position(kids[ply, house], kind, child)
            value = gain - deep_value(ply + 1, depth - 1, gain - beta, gain - a, boards, kids, gains, kinds,
                                      order, table, table_seeds, empty_capture, binom, counts)
        if value > best:
            best = value
            if value > a:
                a = value
                if a >= beta:
                    break
    return best
