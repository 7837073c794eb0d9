"""The analysis board's words (kalah/web/analysis/words.py): a proof never stops without saying so."""

import pytest

from kalah import Board
from kalah.web.analysis.words import estimate_words, line_words, values_words

HEAD = "South to move. A value is South's final margin in seeds with best play from both sides: "


def test_the_values_say_how_the_proofs_stand():
    assert values_words("South", 5, 5, 12, 3, 60, False) == HEAD + "all proven exact."
    estimate = HEAD + "\u201csearch\u201d is the computer's estimate (depth 12). "
    # The proofs' progress counts moves proven of the moves to value, never rounds.
    assert values_words("South", 2, 5, 12, 0, 60, False) == estimate + "Proving the rest\u2026 2 of 5 moves proven."
    assert values_words("South", 3, 5, 12, 3, 60, False) == estimate + "Proving the rest\u2026 3 of 5 moves proven."
    assert values_words("South", 0, 1, None, 3, 60, False) == (
        HEAD + "\u201csearch\u201d is the computer's estimate. Proving the rest\u2026 0 of 1 move proven.")
    assert values_words("South", 2, 5, 12, 3, 3, False, stopped=True) == (
        estimate + "Proving stopped with 2 of 5 moves proven: keep proving?")
    assert values_words("South", 5, 5, 12, 3, 3, False, stopped=True) == HEAD + "all proven exact."
    assert values_words("South", 2, 5, 12, 60, 60, False) == (
        estimate + "Proving paused at the end of its time, 2 of 5 moves proven: keep proving?")
    # While the computer is to move, no proof runs: the count alone.
    assert values_words("South", 2, 5, 12, 3, 60, True) == (
        HEAD + "2 of 5 proven exact; \u201csearch\u201d is the computer's estimate (depth 12). ")


def test_the_line_says_how_far_it_is_proven():
    board = Board()
    assert line_words(board, [3, 6], True, 2) == "C-F (proven)"
    assert line_words(board, [3, 6, 2], False, 1) == "C-F b (the first move proven; the rest as far as the computer sees)"
    assert line_words(board, [3], False, 0) == "C (as far as the computer sees)"
    assert line_words(board, [], False, 0) == ""


def test_the_line_s_steps_are_its_moves_as_written():
    from kalah.web.analysis.words import line_steps
    assert line_steps(Board(), [3, 6, 2, 9]) == [(3, "C", ""), (6, "F", "-"), (2, "b", " ")]


def test_the_evaluation_bar_is_south_s_view_in_words_too():
    from kalah.web.analysis.words import bar_share, evaluation, evaluation_words
    board = Board.from_position("kalah(6,4)/4,4,0,5,5,0,2,5,5,5,5,4,4,0/N")   # North to move
    values = {"1": {"value": -3, "exact": False}, "2": {"value": 5, "exact": True}}
    assert evaluation(board, values) == (-5, True)    # North's best, +5, is South's -5
    assert evaluation(Board(), {}) is None
    over = Board.from_position("kalah(6,4)/0,0,0,0,0,0,29,0,0,0,0,0,0,19/-")
    assert evaluation(over, {}) == (10, True)
    assert evaluation_words(-5, True) == "North ahead by 5 seeds (proven)"
    assert evaluation_words(1, False) == "South ahead by 1 seed (the computer's estimate)"
    assert evaluation_words(0, True) == "Even (proven)"
    assert (bar_share(0), bar_share(10), bar_share(-10)) == (50, 75, 25)
    assert 99 < bar_share(1000) < 100


def test_the_computer_choices_are_the_registry_s_levels_and_perfect():
    from kalah.ai import player_registry
    from kalah.web.analysis.words import computer_choices, player_words
    choices = computer_choices()
    assert [name for name, _ in choices] == list(player_registry.LEVEL_NAMES) + ["perfect"]
    assert choices[0] == ("level1", "Level 1 (first steps)")
    assert choices[-1] == ("perfect", "Perfect (perfect play)")
    assert (player_words("level8"), player_words("perfect")) == ("Level 8", "Perfect")
def test_the_pages_first_estimate_says_where_it_comes_from():
    assert estimate_words("South", 0, 4, 6, "search") == (
        HEAD + "a first estimate by a depth 6 search on this page (0 of 4 proven exact); "
        "the computer refines it\u2026")
    assert estimate_words("South", 3, 5, 0, "book") == (
        HEAD + "a first estimate from the opening book (3 of 5 proven exact); the computer refines it\u2026")
    assert estimate_words("South", 5, 5, 0, "book") == HEAD + "all proven exact."


def test_the_words_and_the_study_s_reasons_in_french(french):
    from kalah.errors import KalahError
    from kalah.game.rules import find_rules
    from kalah.i18n import side_word
    from kalah.study.analysis import edited_board, pit_name
    from kalah.study.move_tree import StudyTree
    from kalah.web.analysis.words import evaluation_words, line_note
    assert values_words(side_word(0), 2, 5, 12, 3, 60, False) == (
        "Sud au trait. Une valeur est l'écart final de Sud en graines, les deux camps jouant au mieux : "
        "« recherche » est l'estimation de l'ordinateur (profondeur 12). "
        "Preuve du reste… 2 coups sur 5 prouvés.")
    assert evaluation_words(-5, True) == "Nord mène de 5 graines (prouvé)"
    assert line_note(False, 3) == "(les 3 premiers coups prouvés ; la suite aussi loin que voit l'ordinateur)"
    rules = find_rules("kalah(6,4)")
    assert pit_name(rules, 0) == "la case A de Sud" and pit_name(rules, 13) == "le grenier de Nord"
    with pytest.raises(KalahError) as error:
        edited_board(rules, [3] + list(rules.initial_pits())[1:], 0)
    assert str(error.value) == "le plateau a 47 graines et kalah(6,4) en a 48 : ajoutez 1 graine"
    with pytest.raises(KalahError) as error:
        StudyTree.read(Board(), "3x")
    assert str(error.value) == "les coups, caractère 2 : « x » n'est ni un numéro de case ni une parenthèse"
