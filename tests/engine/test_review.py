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
