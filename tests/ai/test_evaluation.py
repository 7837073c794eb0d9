"""The learned evaluation (kalah.ai.evaluation) and the search with it."""

from kalah import Board
from kalah.ai import endgame, evaluation
from kalah.ai.reference import Rng
from kalah.ai.search import Search, rotate
from kalah.game.rules import find_rules

# Hand-checked: South's 4 in house 1 lands in its empty house 5 facing North's 6
# (a capture of 7; house 2's 1 lands in empty house 3 facing 1: 2). North's 1 in
# its house 4 lands in its empty house 5 facing South's 1 (2).
POSITION = "kalah(6,4)/4,1,0,3,0,2,5,5,6,7,1,0,9,5/S"
HOUSES = [4, 1, 0, 3, 0, 2, 5, 6, 7, 1, 0, 9]   # the mover's row first
FEATURES = HOUSES + [
    7, 2,   # largest capture now: the mover's, the opponent's
    1]      # having the move


def counts(houses):
    """The count table's features: per house, a 1 in the column of its count (CAP and more: CAP)."""
    row = evaluation.CAP + 1
    found = [0] * (len(houses) * row)
    for house, seeds in enumerate(houses):
        found[house * row + min(seeds, evaluation.CAP)] = 1
    return found


def weighted(pits):
    return sum(w * f for w, f in zip(evaluation.WEIGHTS, evaluation.features(pits))) >> 4


def test_features_of_hand_checked_positions():
    assert evaluation.features(Board(position=POSITION).pits) == FEATURES + counts(HOUSES)
    # Four seeds everywhere: no capture.
    assert evaluation.features(Board("kalah(6,4)").pits) == [4] * 12 + [0, 0, 1] + counts([4] * 12)
    # A house of CAP seeds or more is in the table's last column.
    crowded = [13, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12, 0]
    assert evaluation.features(crowded)[15:15 + evaluation.CAP + 1] == [0] * evaluation.CAP + [1]
    assert len(evaluation.features(crowded)) == len(evaluation.WEIGHTS) == 15 + 12 * (evaluation.CAP + 1)


def test_north_to_move_is_valued_as_the_position_turned():
    north = Board(position="kalah(6,4)/5,6,7,1,0,9,5,4,1,0,3,0,2,5/N")
    assert evaluation.features(rotate(tuple(north.pits), 6)) == FEATURES + counts(HOUSES)
    assert evaluation.value(north.pits, True) == evaluation.value(Board(position=POSITION).pits)


def test_the_fast_value_is_the_weighted_sum_of_the_features():
    rng = Rng(5)
    for _ in range(20000):
        top = [2, 4, 8, 16, 30][rng.randrange(5)]
        pits = [rng.randrange(top) for _ in range(14)]
        assert evaluation.value(pits) == weighted(pits), pits
        assert evaluation.value(pits, True) == weighted(rotate(pits, 6)), pits


def test_it_applies_to_the_kalah_6_4_games_it_was_fitted_on_only():
    assert [evaluation.applies(find_rules(name)) for name in
            ("kalah(6,4)", "kalah(6,4)+pie", "kalah(6,4)+empty-capture", "kalah(6,4)+empty-capture+pie",
             "kalah(6,6)", "kalah(4,3)", "kalah(6,4)+gamelink", "oware")] == [
        True, True, True, True, False, False, False, False]
    assert Search(find_rules("kalah(4,3)"), evaluation=1).evaluate is None
    assert Search(find_rules("kalah(6,4)+pie"), evaluation=1).evaluate is evaluation.value


def test_the_empty_capture_value_is_the_weighted_sum_of_its_own_weights():
    value = evaluation.value_for(find_rules("kalah(6,4)+empty-capture"))
    assert value is not evaluation.value
    rng = Rng(7)
    for _ in range(2000):
        pits = [rng.randrange([2, 8, 30][rng.randrange(3)]) for _ in range(14)]
        assert value(pits) == sum(
            w * f for w, f in zip(evaluation.WEIGHTS_EMPTY_CAPTURE, evaluation.features(pits))) >> 4, pits
        assert value(pits, True) == sum(w * f for w, f in zip(
            evaluation.WEIGHTS_EMPTY_CAPTURE, evaluation.features(rotate(pits, 6)))) >> 4, pits


def test_the_search_with_the_evaluation_still_finds_the_proven_values():
    rules = find_rules("kalah(6,4)")
    table = endgame.table_for(rules)
    rng = Rng(3)
    checked = 0
    while checked < 6:
        board = Board(rules)
        while board.turn is not None and sum(board.pits) - board.pits[6] - board.pits[13] > 22:
            moves = board.legal_moves
            board.push(moves[rng.randrange(len(moves))])
        if board.turn is None:
            continue
        plain = Search(rules, endgame=table, evaluation=0).analyse(board, None, prove_first=False)
        learned = Search(rules, endgame=table, evaluation=1)
        assert learned.evaluate is not None
        found = learned.analyse(board, None, prove_first=False)
        assert plain.exact and found.exact
        assert found.values == plain.values, board.position()
        checked += 1
