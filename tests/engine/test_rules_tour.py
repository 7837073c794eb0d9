"""kalah.study.rules_tour, the rules page's "try it" positions: each has exactly one move that shows its
rule, that move gives the named event, every other move says why it is not it, and a refused
move says why and changes nothing; the same answers under the page's MicroPython."""

import pytest

from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import SWAP
from kalah.study.rules_tour import GOALS, LESSONS, find_lesson, reached, try_move
from tests.micropython.runner import needs_micropython, run_cpython, run_micropython

# Every rule the page teaches, by the rule set its board plays.
RULE_SETS = {"sowing": "kalah(4,3)", "skip-store": "kalah(4,3)", "extra-turn": "kalah(4,3)",
             "capture": "kalah(4,3)", "empty-capture": "kalah(4,3)+empty-capture", "end": "kalah(4,3)",
             "pie": "kalah(4,3)+pie", "gamelink": "kalah(4,3)+gamelink", "owari": "owari(4,3)",
             "oware": "oware(4,3)", "relay": "relay-kalaha(4,3)"}


def test_every_rule_has_a_lesson_on_its_rule_set():
    assert dict((lesson.name, Board(position=lesson.position).rules.name) for lesson in LESSONS) == RULE_SETS


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_exactly_one_legal_move_shows_the_rule_and_it_is_the_answer(lesson):
    board = Board(position=lesson.position)
    shown = []
    for move in board.legal_moves:
        after = board.copy()
        if reached(lesson, after.rules, after.push(move)):
            shown.append(move)
    assert shown == [lesson.answer]


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_the_answer_is_right_and_says_so_and_every_other_move_says_why_not(lesson):
    verdict = try_move(lesson, lesson.answer)
    assert verdict.right and verdict.sentences[-1] == "That is the move asked for: %s." % GOALS[lesson.goal][0]
    assert verdict.board.position() != lesson.position
    for move in Board(position=lesson.position).legal_moves:
        if move != lesson.answer:
            verdict = try_move(lesson, move)
            assert not verdict.right
            assert verdict.sentences[-1] == "Not this one: " + lesson.miss


def test_what_the_capture_lesson_says_move_by_move():
    capture = find_lesson("capture")
    assert try_move(capture, 1).sentences == [
        "South sows house A (1 seed).", "South captures 5 seeds from house B and house c.",
        "That is the move asked for: it captured."]
    assert try_move(capture, 4).sentences == [
        "South sows house D (1 seed).", "The last seed fell in South's store: South moves again.",
        "Not this one: the last seed must land in an empty house of yours with seeds in the house facing it."]
    assert [event[0] for event in try_move(find_lesson("end"), 1).report.events] == ["sow", "capture", "sweep"]
    assert [event[0] for event in try_move(find_lesson("pie"), SWAP).report.events] == ["swap"]


@pytest.mark.parametrize("move, side, said", [
    (2, None, "House B is empty: pick a house with seeds."),
    (3, 1, "It is South's turn here: play one of South's houses."),
    (9, None, "9 is not a house (1..4)."),
    (SWAP, None, "0 is not a house (1..4)."),   # no pie rule in this rule set: a swap is no move
])
def test_a_refused_move_says_why_and_plays_nothing(move, side, said):
    verdict = try_move(find_lesson("capture"), move, side)
    assert (verdict.board, verdict.report, verdict.right, verdict.sentences) == (None, None, False, [said])


def test_an_unknown_lesson_is_named_with_the_known_ones():
    with pytest.raises(KalahError, match="no rule lesson 'nope'; known: sowing, skip-store"):
        find_lesson("nope")


SCRIPT = r'''
from kalah.game.board import Board
from kalah.study.rules_tour import LESSONS, try_move
for lesson in LESSONS:
    for move in Board(position=lesson.position).legal_moves + [9]:
        verdict = try_move(lesson, move)
        print(lesson.name, move, verdict.right, verdict.board and verdict.board.position(), verdict.sentences)
'''


@needs_micropython
def test_every_lesson_and_move_is_judged_the_same_under_micropython():
    expected = run_cpython(SCRIPT)
    assert expected.count("\n") > 40
    assert run_micropython(SCRIPT).splitlines() == expected.splitlines()
