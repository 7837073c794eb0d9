"""The analysis board's move tree (kalah/study/move_tree.py) and the study in its link (kalah/study/analysis.py):
worked examples with exact texts, and properties over random trees (every line legal, delete and
promote keep the other lines, the link's text reads back to the same tree)."""
import contextlib
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kalah import Board, KalahError
from kalah.study.analysis import study_from_fragment
from kalah.study.analysis_link import study_fragment
from kalah.study import move_tree
from kalah.study.move_tree import MAX_NODES, StudyTree, path_text
from tests.micropython.runner import needs_micropython, run_micropython

START = Board().position()


def example():
    """C d, with e instead of d, and A b instead of C: '3(12)6(5)'."""
    tree = StudyTree(Board())
    for path in ((3, 6), (3, 5), (1, 2)):
        tree.home()
        for move in path:
            tree.play(move)
    return tree


def test_a_move_other_than_the_one_there_makes_a_variation():
    tree = example()
    assert tree.text() == "3(12)6(5)"
    assert tree.lines() == [(3, 6), (3, 5), (1, 2)]
    assert tree.mainline() == (3, 6) and tree.path == (1, 2)
    # The move already there is followed, not doubled.
    tree.home()
    tree.play(3)
    tree.play(6)
    assert tree.size == 5 and tree.text() == "3(12)6(5)"
    assert tree.board().position() == "kalah(6,4)/4,4,0,5,5,0,2,5,5,5,5,4,4,0/N"


def test_keys_walk_the_tree():
    tree = example()
    tree.go((3, 5))
    assert tree.back() and tree.path == (3,)
    assert tree.forward() and tree.path == (3, 6)   # the main continuation
    assert not tree.forward()
    tree.home()
    assert tree.path == () and not tree.back()
    tree.end()
    assert tree.path == (3, 6)
    with pytest.raises(KalahError, match="^the study has no move 34 there$"):
        tree.go((3, 4))


def test_delete_and_promote():
    tree = example()
    tree.go((3, 5))
    tree.promote((3, 5))
    assert tree.text() == "3(12)5(6)" and tree.mainline() == (3, 5)
    tree.promote((1, 2))
    assert tree.text() == "1(35(6))2"
    tree.delete((3,))
    assert tree.text() == "12" and tree.path == () and tree.size == 2
    with pytest.raises(KalahError, match="^the start position cannot be deleted$"):
        tree.delete(())


def test_an_illegal_move_is_refused_and_changes_nothing():
    tree = example()
    tree.go((3,))
    with pytest.raises(KalahError, match="house 3 of South is empty"):
        tree.play(3)
    assert tree.text() == "3(12)6(5)" and tree.path == (3,)


def test_the_study_link_round_trips_and_keeps_the_plain_position_link():
    tree = example()
    tree.go((3, 5))
    fragment = study_fragment(tree.start, tree.text(), path_text(tree.path))
    assert fragment == "position=" + START + "&moves=3(12)6(5)&at=35"
    again, problem = study_from_fragment("#" + fragment)
    assert problem is None and again.text() == tree.text() and again.path == (3, 5)
    # The contract: a position alone is written and read as before.
    assert study_fragment(Board(), "", "") == "position=" + START
    alone, problem = study_from_fragment("#position=" + START)
    assert problem is None and alone.text() == "" and alone.path == ()
    # Escaped as a mail program may send it.
    escaped, _ = study_from_fragment("#position=" + START + "&moves=36%285%29&at=3")
    assert escaped.text() == "36(5)" and escaped.path == (3,)


@pytest.mark.parametrize("moves, at, message", [
    ("33", "", "the moves, character 2 ('3' after 3): house 3 of South is empty"),
    ("3(", "", "the moves: 1 variation is not closed with ')'"),
    ("3)", "", "the moves, character 2: ')' closes no variation"),
    ("(3", "", "the moves, character 1: '(' opens a variation, so it comes after a move"),
    ("3()", "", "the moves, character 3: ')' closes an empty variation"),
    ("3(3)", "", "the moves, character 3: the move 3 is given twice in one place"),
    ("9", "", "the moves, character 1 ('9' after the start): 9 is not a house (1..6)"),
    ("3<b>", "", "the moves, character 2: '<' is not a house number or a parenthesis"),
    ("36", "4", "the study has no move 4 there"),
    ("36", "3x", "the move looked at ('3x') is not a line of house numbers"),
    ("3" + "(1)" * 40, "", "the moves, character 6: the move 1 is given twice in one place"),
])
def test_a_bad_moves_field_says_what_is_wrong_and_the_position_still_opens(moves, at, message):
    tree, problem = study_from_fragment("#position=%s&moves=%s&at=%s" % (START, moves, at))
    assert problem == message
    assert tree.start.position() == START and tree.text() == "" and tree.path == ()


def nested(depth):
    """A tree whose variations nest `depth` deep: at each level two moves, the second's line going on."""
    tree = StudyTree(Board("kalah(8,12)"))
    for _ in range(depth):
        first, second = tree.board().legal_moves[-2:]
        tree.play(first)
        tree.back()
        tree.play(second)
    return tree


def test_variations_nest_at_most_32_deep():
    text = nested(32).text()
    assert text.count("(") == 32 and StudyTree.read(Board("kalah(8,12)"), text).text() == text
    deeper = nested(33).text()
    with pytest.raises(KalahError, match="^the moves, character %d: variations nest more than 32 deep$"
                       % (deeper.rindex("(") + 1)):
        StudyTree.read(Board("kalah(8,12)"), deeper)
    with pytest.raises(KalahError, match="^the link gives its part 'moves' twice$"):
        study_from_fragment("#position=%s&moves=3&moves=1" % START)


def test_a_study_holds_at_most_max_nodes_moves(monkeypatch):
    assert MAX_NODES == 1000   # a link of 1000 moves and their parentheses stays under MAX_LINK (8000)
    tree = example()   # grown before the cap: 5 moves
    monkeypatch.setattr(move_tree, "MAX_NODES", 3)
    tree.go((1, 2))
    with pytest.raises(KalahError, match="^a study holds at most 3 moves: delete a line first$"):
        tree.play(3)
    assert tree.path == (1, 2) and tree.size == 5
    with pytest.raises(KalahError, match="^the moves hold more than 3 moves$"):
        StudyTree.read(Board(), tree.text())
    assert StudyTree.read(Board(), "36(5)").size == 3


# -- properties -------------------------------------------------------------
RULES = st.sampled_from(["kalah(6,4)", "kalah(4,3)", "kalah(6,4)+pie", "owari"])
STEPS = st.lists(st.tuples(st.sampled_from(["play", "back", "home", "delete", "promote", "go"]),
                           st.integers(0, 10_000)), max_size=60)


def grown(rules, steps):
    """A tree grown by random steps: legal moves played, walks, deletes and promotions."""
    tree = StudyTree(Board(rules))
    for action, pick in steps:
        if action == "play":
            board = tree.board()
            if not board.is_game_over():
                moves = board.legal_moves
                tree.play(moves[pick % len(moves)])
        elif action == "back":
            tree.back()
        elif action == "home":
            tree.home()
        else:
            lines = tree.lines()
            if not lines:
                continue
            line = lines[pick % len(lines)]
            path = line[:1 + pick % len(line)]
            if action == "go":
                tree.go(path)
            elif action == "delete":
                tree.delete(path)
            else:
                tree.promote(path)
    return tree


@settings(max_examples=150, deadline=None)
@given(RULES, STEPS)
def test_every_line_stays_legal_and_the_text_reads_back(rules, steps):
    tree = grown(rules, steps)
    for line in tree.lines():
        tree.board(line)   # KalahError if a move were illegal
    assert tree.size == len(set(line[:n] for line in tree.lines() for n in range(1, len(line) + 1)))
    tree.node(tree.path)
    again = StudyTree.read(Board(rules), tree.text(), path_text(tree.path))
    assert again.text() == tree.text() and again.lines() == tree.lines() and again.path == tree.path


@settings(max_examples=150, deadline=None)
@given(RULES, STEPS, st.integers(0, 10_000), st.booleans())
def test_delete_and_promote_keep_the_other_lines(rules, steps, pick, delete):
    tree = grown(rules, steps)
    lines = tree.lines()
    if not lines:
        return
    line = lines[pick % len(lines)]
    path = line[:1 + pick % len(line)]
    if delete:
        tree.delete(path)
        kept = [other for other in lines if other[:len(path)] != path]
        # Lines that ran through the deleted move end just before it, unless another goes on there.
        cut = path[:-1]
        if cut and not any(other[:len(cut)] == cut for other in kept):
            kept.append(cut)
        assert sorted(tree.lines()) == sorted(kept)
        assert tree.path[:len(path)] != path
    else:
        tree.promote(path)
        assert sorted(tree.lines()) == sorted(lines)
        assert tree.mainline()[:len(path)] == path and tree.is_main(path)


@needs_micropython
def test_the_tree_and_its_link_run_under_micropython_as_under_cpython():
    code = (
        "from kalah.study.analysis import study_from_fragment\n"
        "from kalah.study.analysis_link import study_fragment\n"
        "from kalah.study.move_tree import path_text\n"
        "tree, problem = study_from_fragment('#position=kalah%286%2C4%29/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"
        "&moves=3(12)6(5)&at=35')\n"
        "tree.promote(tree.path)\n"
        "tree.back()\n"
        "tree.play(1)\n"
        "print(study_fragment(tree.start, tree.text(), path_text(tree.path)), problem)\n"
        "tree.delete((3, 5))\n"
        "print(tree.text(), tree.lines(), tree.board().position())\n"
        "print(study_from_fragment('#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S&moves=3(1')[1])\n")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code, {})
    assert printed.getvalue().splitlines()[0] == (
        "position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S&moves=3(12)5(6)(1)&at=31 None")
    assert run_micropython(code) == printed.getvalue()


def test_a_game_s_study_link_opens_its_moves_as_the_main_line_at_the_position_shown():
    from kalah.study.analysis_link import game_study_link
    game = Board.from_position("kalah(6,4)/4,4,0,5,5,0,2,5,5,5,5,4,4,0/N")
    for move in (1, 2):
        game.push(move)
    link = game_study_link(game)
    assert link == "analysis.html#position=kalah(6,4)/4,4,0,5,5,0,2,5,5,5,5,4,4,0/N&moves=12&at=12"
    tree, problem = study_from_fragment(link.split("#")[1])
    assert problem is None and tree.mainline() == (1, 2) and tree.board().position() == game.position()
    assert game_study_link(Board()) == "analysis.html#position=" + START
