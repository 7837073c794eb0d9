"""The numba solver's own sowing (kalah.solver.core.play) against kalah.game.rules, move by move.

The solver keeps its own copy of Kalah's sowing, compiled; the rule sets it takes are those
that declare kalah.game.rules.NUMBA_SOLVER. For every such rule set (each family and combination
of options, of several sizes), seeded random games are played with kalah.game.rules, and at every
position each legal move is played by both: the same houses after it, the same seeds
stored, the same extra turn or end of game.
"""

import itertools
import random

import pytest

from kalah.game.rules import FAMILIES, MAX_HOUSES, NUMBA_SOLVER, SOUTH

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from kalah.solver import core  # noqa: E402 (after the skips: it needs numpy)

SIZES = [(houses, seeds) for houses in range(1, MAX_HOUSES + 1) for seeds in (1, 2, 3, 4, 6, 13)]
GAMES = 3


def modelled_rule_sets():
    """Every rule set of every size in SIZES that declares the numba solver models it."""
    found = []
    for family in FAMILIES:
        for count in range(len(family.allowed_options) + 1):
            for options in itertools.combinations(family.allowed_options, count):
                for houses, seeds in SIZES:
                    rules = family(houses, seeds, options)
                    if rules.modelled_by(NUMBA_SOLVER):
                        found.append(rules)
    return found


RULE_SETS = modelled_rule_sets()


def test_the_solver_models_plain_kalah_and_empty_capture_only():
    assert sorted(set((rules.family, rules.options) for rules in RULE_SETS)) == [
        ("kalah", ()), ("kalah", ("empty-capture",))]


def mover_first(pits, side, m):
    """The 2m house counts with the mover's row first, and the mover's store minus the other's."""
    if side != SOUTH:
        pits = pits[m + 1:] + pits[:m + 1]
    return pits[:m] + pits[m + 1:2 * m + 1], pits[m] - pits[2 * m + 1]


def check_every_move(rules, pits, side, out):
    m = rules.houses
    houses, diff = mover_first(pits, side, m)
    h = np.array(houses, np.int64)
    for house in rules.legal_moves(pits, side):
        after = list(pits)
        next_side, _ = rules.play(after, side, house)
        expected_houses, expected_diff = mover_first(after, side, m)
        expected_kind = core.OVER if next_side is None else core.EXTRA if next_side == side else core.TURN
        gain, kind = core.play(h, house - 1, rules.empty_capture, out)
        where = "%s, %s to move at %s, house %d" % (rules.name, "SN"[side], pits, house)
        assert (int(kind), int(gain)) == (expected_kind, expected_diff - diff), where
        if kind != core.OVER:   # after the end the solver keeps no houses (all swept)
            assert list(out) == expected_houses, where


@pytest.mark.parametrize("rules", RULE_SETS, ids=str)
def test_the_solvers_sowing_is_the_rules_sowing_move_by_move(rules):
    rng = random.Random(rules.name)
    out = np.zeros(2 * rules.houses, np.int64)
    positions = 0
    for _ in range(GAMES):
        pits, side = rules.initial_pits(), SOUTH
        while side is not None:
            check_every_move(rules, pits, side, out)
            positions += 1
            side, _ = rules.play(pits, side, rng.choice(rules.legal_moves(pits, side)))
    assert positions >= GAMES
