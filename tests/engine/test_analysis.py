"""The analysis board's link and editor (kalah/study/analysis.py) and its worker calls (kalah/ai/analysis_board.py)."""
import pytest

from kalah import Board, KalahError, find_rules
from kalah.ai import analysis_board
from kalah.study.analysis import board_from_fragment, count_from_text, edited_board, pit_name
from kalah.study.analysis_link import analysis_fragment
from tests.micropython.runner import needs_micropython, run_micropython

# Held out: made by random play (tests/engine/test_analysis.py's numbers are those of
# `python -m kalah solve --position P --json`, checked by the slow test below).
HELD_OUT = (
    ("kalah(6,4)/1,3,9,2,4,0,11,0,0,1,0,0,1,16/S",
     {"value": -6, "best": [1, 4, 5], "values": {"1": -6, "2": -8, "3": -8, "4": -6, "5": -6}}),
    ("kalah(6,4)+empty-capture/1,0,0,0,2,0,12,1,1,2,0,10,3,16/S",
     {"value": 2, "best": [1, 5], "values": {"1": 2, "5": 2}}),
    ("kalah(6,4)/1,3,1,0,1,0,11,1,1,0,1,3,1,24/N",
     {"value": 14, "best": [6], "values": {"1": 8, "2": 10, "4": 6, "5": 12, "6": 14}}),
)


def test_a_link_round_trips_the_position_rule_set_and_all():
    board = Board.from_position("kalah(6,6)+pie/0,7,7,7,0,8,2,7,7,7,7,7,6,0/N/swap")
    fragment = analysis_fragment(board)
    assert fragment == "position=kalah(6,6)+pie/0,7,7,7,0,8,2,7,7,7,7,7,6,0/N/swap"
    assert board_from_fragment("#" + fragment).position() == board.position()
    # As a mail program may send it on.
    assert board_from_fragment("#position=kalah%286%2C4%29/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S").position() == \
        "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"


@pytest.mark.parametrize("fragment, message", [
    ("#", "the link holds no position (its part after '#' is empty); e.g. "
          "#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"),
    ("#rules=nonsense&south=x", "the link has an unknown part 'rules' (an analysis link is "
                                "#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S)"),
    ("#position=", "the link's position is empty; e.g. #position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"),
    ("#position=kalah(6,4)/4,4/S", "position 'kalah(6,4)/4,4/S': kalah(6,4) has 14 pits, not 2"),
    ("#position=kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,1/S",
     "position 'kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,1/S': the pits hold 49 seeds, kalah(6,4) has 48"),
    ("#position=%zz", "the link has a broken %-escape near '%zz'"),
])
def test_a_bad_link_says_what_is_wrong(fragment, message):
    with pytest.raises(KalahError) as caught:
        board_from_fragment(fragment)
    assert str(caught.value) == message


def test_the_editor_says_how_many_seeds_to_add_or_take_away():
    rules = find_rules("kalah(6,4)")
    pits = [4] * 6 + [0] + [4] * 6 + [0]
    pits[0] = 3
    with pytest.raises(KalahError, match="^the board holds 47 seeds and kalah\\(6,4\\) has 48: add 1 seed$"):
        edited_board(rules, pits, 0)
    pits[13] = 3
    with pytest.raises(KalahError, match="take away 2 seeds$"):
        edited_board(rules, pits, 0)
    pits[13] = 1
    assert edited_board(rules, pits, 1).position() == "kalah(6,4)/3,4,4,4,4,4,0,4,4,4,4,4,4,1/N"
    # A row left empty ends the game: the side to move is '-' whatever was chosen.
    over = [0] * 6 + [24] + [4] * 6 + [0]
    assert edited_board(rules, over, 0).position() == "kalah(6,4)/0,0,0,0,0,0,24,4,4,4,4,4,4,0/-"
    assert pit_name(rules, 2) == "South's house C" and pit_name(rules, 13) == "North's store"
    assert pit_name(rules, 7) == "North's house a"
    with pytest.raises(KalahError, match="^North's store: 'x' is not a number of seeds \\(0 to 999\\)$"):
        count_from_text("x", "North's store")


@pytest.mark.parametrize("position, solved", HELD_OUT)
def test_the_worker_values_turn_exact_and_equal_solve(position, solved):
    answer = analysis_board.values({"position": position, "time": 0.5})
    rounds = 0
    while not answer["complete"] and rounds < 20:
        rounds += 1
        answer = analysis_board.prove({"position": position, "time": 2.0, "values": answer["values"],
                                       "round": rounds})
    assert answer["values"] == dict((move, {"value": value, "exact": True})
                                    for move, value in solved["values"].items())
    line = analysis_board.line({"position": position, "plies": 6, "time": 2.0})
    assert line["exact"] and line["line"][0] in solved["best"]


def test_proofs_finish_a_middle_game_position_a_move_at_a_time():
    # 32 seeds in the houses: a short search first, then proof rounds, each keeping the last answer's values.
    position = "kalah(6,4)/0,0,2,10,5,5,4,1,0,2,6,0,1,12/S"
    first = analysis_board.values({"position": position, "time": 0.05})
    assert set(first["values"]) == {"3", "4", "5", "6"}
    answer, rounds = first, 0
    # Rounds of 1 s of wall time: under load each does less, so wait for the condition, not a count.
    while not answer["complete"] and rounds < 300:
        rounds += 1
        answer = analysis_board.prove({"position": position, "time": 1.0, "values": answer["values"], "round": rounds})
    assert answer["complete"]
    assert answer["values"] == dict((move, {"value": value, "exact": True}) for move, value in
                                    {"3": -26, "4": -20, "5": -16, "6": -12}.items())  # kalah.ai.solve, as solve without numba
    # The line starts with the move the exact values call best, proven best.
    line = analysis_board.line({"position": position, "plies": 6, "time": 2.0, "values": answer["values"]})
    assert line["line"][0] == 6 and line["proven"] >= 1
    guess = analysis_board.line({"position": position, "plies": 2, "time": 0.2, "values": first["values"]})
    assert guess["proven"] == 0 or first["complete"]


@pytest.mark.parametrize("position, solved", HELD_OUT)
def test_the_held_out_values_are_those_of_solve(position, solved):
    from kalah.cli.solve import exact_values
    values = exact_values(Board.from_position(position))
    assert dict((str(move), value) for move, value in values.items()) == solved["values"]


@needs_micropython
def test_the_link_and_the_editor_run_under_micropython():
    code = (
        "from kalah.study.analysis import board_from_fragment, edited_board\n"
        "from kalah.study.analysis_link import study_link\n"
        "from kalah.game.rules import find_rules\n"
        "board = board_from_fragment('#position=kalah%286%2C4%29/1,3,9,2,4,0,11,0,0,1,0,0,1,16/S')\n"
        "print(study_link(board))\n"
        "try:\n"
        "    edited_board(find_rules('kalah(6,4)'), [3] + [4] * 5 + [0] + [4] * 6 + [0], 0)\n"
        "except Exception as error:\n"
        "    print(error)\n")
    assert run_micropython(code) == (
        "analysis.html#position=kalah(6,4)/1,3,9,2,4,0,11,0,0,1,0,0,1,16/S\n"
        "the board holds 47 seeds and kalah(6,4) has 48: add 1 seed\n")
