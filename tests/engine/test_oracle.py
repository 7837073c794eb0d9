"""The engine against an oracle: a slow, literal reading of docs/rules.md.

The oracle sows one seed at a time and checks each rule as the text words
it, with no precomputed orders or whole laps; random games of every rule set
and size must agree with the engine's fast `legal_moves` and `play` on every
move. It exists only here, as a second opinion on the engine.
"""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from kalah import find_rules


def row(pits, m, side):
    return list(range(side * (m + 1), side * (m + 1) + m))


def store(m, side):
    return m if side == 0 else 2 * m + 1


def sow_one_by_one(pits, m, side, origin, skip):
    """Lift `origin` and sow one seed per pit, counter-clockwise, past `skip`."""
    seeds = pits[origin]
    pits[origin] = 0
    pos = origin
    while seeds:
        pos = (pos + 1) % (2 * m + 2)
        if pos in skip:
            continue
        pits[pos] += 1
        seeds -= 1
    return pos


def sweep(pits, m):
    for side in (0, 1):
        for i in row(pits, m, side):
            pits[store(m, side)] += pits[i]
            pits[i] = 0


def kalah_capture(pits, m, side, last, empty_capture):
    if last in row(pits, m, side) and pits[last] == 1:
        facing = 2 * m - last
        if pits[facing] > 0 or empty_capture:
            pits[store(m, side)] += pits[facing] + 1
            pits[last] = pits[facing] = 0


def a_row_is_empty(pits, m):
    return not any(pits[i] for i in row(pits, m, 0)) or not any(pits[i] for i in row(pits, m, 1))


def kalah_play(rules, pits, side, house):
    m = rules.houses
    skip = () if rules.gamelink else (store(m, 1 - side),)
    last = sow_one_by_one(pits, m, side, row(pits, m, side)[house - 1], skip)
    kalah_capture(pits, m, side, last, rules.empty_capture)
    if a_row_is_empty(pits, m):
        sweep(pits, m)
        return None
    return side if last == store(m, side) else 1 - side


def relay_play(rules, pits, side, house):
    m = rules.houses
    origin = row(pits, m, side)[house - 1]
    lifts = 0
    while True:
        last = sow_one_by_one(pits, m, side, origin, (store(m, 1 - side),))
        lifts += 1
        if last in (m, 2 * m + 1):
            break
        if pits[last] == 1:
            kalah_capture(pits, m, side, last, False)
            break
        if lifts == 1000:
            break
        origin = last
    if a_row_is_empty(pits, m):
        sweep(pits, m)
        return None
    return 1 - side


def owari_play(rules, pits, side, house):
    m = rules.houses
    origin = row(pits, m, side)[house - 1]
    before = list(pits)
    sow_one_by_one(pits, m, side, origin, (m, 2 * m + 1, origin))
    for i in row(pits, m, 0) + row(pits, m, 1):
        if i != origin and before[i] == 1 and pits[i] >= 2:
            pits[store(m, side)] += pits[i]
            pits[i] = 0
    if pits[store(m, side)] >= rules.total // 2:
        return None
    if any(pits[i] for i in row(pits, m, 1 - side)):
        return 1 - side
    return side  # the opponent has no stones and passes


def oware_sow(pits, m, side, house):
    origin = row(pits, m, side)[house - 1]
    return sow_one_by_one(pits, m, side, origin, (m, 2 * m + 1, origin))


def oware_legal(rules, pits, side):
    m = rules.houses
    moves = [h for h in range(1, m + 1) if pits[row(pits, m, side)[h - 1]]]
    if any(pits[i] for i in row(pits, m, 1 - side)):
        return moves
    feeding = []
    for h in moves:
        after = list(pits)
        oware_sow(after, m, side, h)
        if any(after[i] for i in row(after, m, 1 - side)):
            feeding.append(h)
    return feeding


def oware_play(rules, pits, side, house):
    m = rules.houses
    last = oware_sow(pits, m, side, house)
    opponent_row = row(pits, m, 1 - side)
    taken = []
    pos = last
    while pos in opponent_row and pits[pos] in (2, 3):
        taken.append(pos)
        pos -= 1
    if taken and sum(pits[i] for i in taken) < sum(pits[i] for i in opponent_row):
        for i in taken:
            pits[store(m, side)] += pits[i]
            pits[i] = 0
    if pits[store(m, side)] > rules.total // 2:
        return None
    if not oware_legal(rules, pits, 1 - side):
        sweep(pits, m)
        return None
    return 1 - side


ORACLE = {"kalah": kalah_play, "relay-kalaha": relay_play, "owari": owari_play, "oware": oware_play}


def oracle_legal(rules, pits, side):
    if rules.family == "oware":
        return oware_legal(rules, pits, side)
    m = rules.houses
    return [h for h in range(1, m + 1) if pits[row(pits, m, side)[h - 1]]]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["kalah", "kalah+empty-capture", "kalah+gamelink", "kalah+empty-capture+gamelink",
                        "relay-kalaha", "owari", "oware"]),
       st.integers(1, 8), st.integers(1, 12), st.integers(0, 10 ** 9))
def test_engine_agrees_with_the_oracle_on_random_games(family, houses, seeds, seed):
    head, _, options = family.partition("+")
    rules = find_rules("%s(%d,%d)%s" % (head, houses, seeds, "+" + options if options else ""))
    rng = random.Random(seed)
    pits = rules.initial_pits()
    side = rng.randrange(2)
    for _ in range(300):  # Owari and Oware end by the Board's move limit; not needed here
        legal = rules.legal_moves(pits, side)
        assert legal == oracle_legal(rules, pits, side), (pits, side)
        house = rng.choice(legal)
        fast, slow = list(pits), list(pits)
        next_side, captured = rules.play(fast, side, house)
        assert (fast, next_side) == (slow, ORACLE[rules.family](rules, slow, side, house)), (pits, side, house)
        assert sum(fast) == rules.total
        if next_side is None:
            return
        pits, side = fast, next_side


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["kalah", "relay-kalaha", "owari", "oware"]), st.integers(0, 10 ** 9))
def test_engine_agrees_with_the_oracle_on_random_positions_with_laps(family, seed):
    rules = find_rules(family)
    rng = random.Random(seed)
    houses = [i for i in range(rules.size) if i not in rules.stores]
    pits = [0] * rules.size
    for _ in range(rules.total):  # lumpy boards: big houses that lap
        pits[rng.choice(houses[:3] + houses)] += 1
    side = rng.randrange(2)
    legal = rules.legal_moves(pits, side)
    assert legal == oracle_legal(rules, pits, side)
    for house in legal:
        fast, slow = list(pits), list(pits)
        next_side, _ = rules.play(fast, side, house)
        assert (fast, next_side) == (slow, ORACLE[rules.family](rules, slow, side, house)), (pits, side, house)
