"""The analysis board's words (kalah/web/analysis/words.py): a proof never stops without saying so."""

from kalah import Board
from kalah.web.analysis.words import estimate_words, line_words, values_words

HEAD = "South to move. A value is South's final margin in seeds with best play from both sides: "


def test_the_values_say_how_the_proofs_stand():
    assert values_words("South", 5, 5, 12, 3, 60, False) == HEAD + "all proven exact."
    partly = HEAD + "2 of 5 proven exact; \u201csearch\u201d is the computer's estimate (depth 12). "
    assert values_words("South", 2, 5, 12, 3, 60, False) == partly + "Proving the rest\u2026"
    assert values_words("South", 2, 5, 12, 60, 60, False) == (
        partly + "The rest is not proven within the budget (60 rounds of proofs): keep proving?")
    assert values_words("South", 2, 5, 12, 1, 1, False).endswith("(1 round of proofs): keep proving?")
    assert values_words("South", 2, 5, 12, 3, 60, True) == partly


def test_the_line_says_how_far_it_is_proven():
    board = Board()
    assert line_words(board, [3, 6], True, 2) == "C-F (proven)"
    assert line_words(board, [3, 6, 2], False, 1) == "C-F b (the first move proven; the rest as far as the computer sees)"
    assert line_words(board, [3], False, 0) == "C (as far as the computer sees)"
    assert line_words(board, [], False, 0) == ""


def test_the_pages_first_estimate_says_where_it_comes_from():
    assert estimate_words("South", 0, 4, 6, "search") == (
        HEAD + "a first estimate by a depth 6 search on this page (0 of 4 proven exact); "
        "the computer refines it\u2026")
    assert estimate_words("South", 3, 5, 0, "book") == (
        HEAD + "a first estimate from the opening book (3 of 5 proven exact); the computer refines it\u2026")
    assert estimate_words("South", 5, 5, 0, "book") == HEAD + "all proven exact."
