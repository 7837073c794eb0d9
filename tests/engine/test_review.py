"""kalah.study.review: each side's accuracy from the review's answers, and the marked moves."""

from kalah.study.review import accuracy, accuracy_cell, marked_plies, people_sides, percent


def answer(side, loss, mark=None):
    return {"side": side, "move": 1, "best": 2, "loss": loss, "mark": mark}


def test_accuracy_counts_each_sides_moves_within_0_1_and_2_seeds_of_the_best():
    results = [answer(0, 0), answer(1, 4, "mistake"), answer(0, 1), answer(0, 2), answer(1, 0),
               answer(0, 7, "blunder"), answer(1, 1)]
    assert accuracy(results) == {0: (4, [1, 2, 3]), 1: (3, [1, 2, 2])}
    assert accuracy([]) == {}
    assert accuracy([answer(1, 0)]) == {1: (1, [1, 1, 1])}


def test_shares_are_whole_percentages_with_halves_rounded_up():
    assert [percent(count, 12) for count in (0, 7, 9, 12)] == [0, 58, 75, 100]
    assert percent(1, 8) == 13 and percent(1, 3) == 33 and percent(2, 3) == 67
    assert percent(0, 0) == 0
    assert accuracy_cell(7, 12) == "58% (7 of 12)"


def test_marked_plies_of_both_sides_or_of_one():
    results = [answer(0, 0), answer(1, 4, "mistake"), answer(0, 1, "inaccuracy"), answer(1, 9, "blunder")]
    assert marked_plies(results) == [1, 2, 3]
    assert marked_plies(results, side=0) == [2]
    assert marked_plies(results, side=1) == [1, 3]


def test_people_sides_are_the_sides_no_computer_played():
    assert people_sides(("human", "level3")) == [0]
    assert people_sides(("greedy", "human")) == [1]
    assert people_sides(("human", "human")) == [0, 1]
    assert people_sides((None, None)) == [0, 1]
    assert people_sides(("level1", "perfect")) == []


def test_a_review_says_each_mistake_the_summary_and_the_values_for_south_as_every_page_shows_them():
    from kalah import Board
    from kalah.study.review import Review
    board = Board("kalah(4,3)")
    for move in (1, 4):
        board.push(move)
    review = Review(board, board.moves_played())
    assert review.positions == ["kalah(4,3)/3,3,3,3,0,3,3,3,3,0/S", "kalah(4,3)/0,4,4,4,0,3,3,3,3,0/N"]
    assert review.sides == [0, 1] and review.final is None
    review.results = [
        {"side": 0, "move": 1, "best": 2, "best_value": 6, "played_value": 3, "loss": 3, "mark": "mistake",
         "south_value": 6},
        {"side": 1, "move": 4, "best": 4, "best_value": -3, "played_value": -3, "loss": 0, "mark": None,
         "south_value": 3}]
    assert review.mistake_line(0) == "Move 1, South A: a mistake, 3 seeds given away; better B"
    assert review.describe(0) == "1. South A +3? mistake (best B +6)"
    assert review.describe(1) == "2. North d +3"
    assert review.summary() == ("South: 0 inaccuracies, 1 mistake, 0 blunders. "
                                "North: 0 inaccuracies, 0 mistakes, 0 blunders.")
    assert review.series() == [6, 3]
    assert review.caption(2) == "The position after the last move."
    assert review.board_at(1).position() == review.positions[1]
