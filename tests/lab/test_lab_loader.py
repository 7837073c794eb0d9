import pytest
from kalah import Board
from kalah.lab.loader import BotForfeit, BotLoadError, load_bot_file

from tests.lab.bots import CRASH, EMPTY_HOUSE, FIRST, LOOP, RIGHTMOST, SEVEN


def test_detects_each_interface():
    assert load_bot_file(RIGHTMOST, name="r").interface == "select_move"
    assert load_bot_file(FIRST, name="f").interface == "algorithm"
    assert load_bot_file(FIRST, name="f").choose(Board(), 1.0) == 1
    assert load_bot_file(RIGHTMOST, name="r").choose(Board(), 1.0) == 6


def test_loads_a_file_by_path(tmp_path):
    path = tmp_path / "ada.py"
    path.write_text(RIGHTMOST)
    player = load_bot_file(str(path))
    assert player.name == "ada"
    with pytest.raises(BotLoadError) as error:
        load_bot_file(str(tmp_path / "missing.py"))
    assert "cannot read the file" in str(error.value)


def test_a_syntax_error_says_its_line():
    with pytest.raises(BotLoadError) as error:
        load_bot_file("def select_move(board, lookahead):\n    return (1\n\nx = 2\n", name="ada")
    assert error.value.line == 2
    assert str(error.value).startswith("<ada>: line 2")


def test_an_error_while_loading_says_its_line():
    with pytest.raises(BotLoadError) as error:
        load_bot_file("import math\nTABLE = math.sqrt(-1)\n", name="ada")
    assert error.value.line == 2
    assert str(error.value) == "<ada>: line 2: ValueError: math domain error"


def test_a_file_needs_exactly_one_interface():
    with pytest.raises(BotLoadError) as error:
        load_bot_file("def choose(board):\n    return 1\n", name="ada")
    assert "neither select_move(board, lookahead) nor algorithm(game)" in str(error.value)
    with pytest.raises(BotLoadError) as error:
        load_bot_file(RIGHTMOST + FIRST, name="ada")
    assert "defines both" in str(error.value)


def forfeit_of(source, board=None, time_limit=0.2):
    with pytest.raises(BotForfeit) as error:
        load_bot_file(source, name="bot").choose(board or Board(), time_limit)
    return error.value


def test_an_exception_forfeits_with_its_traceback():
    forfeit = forfeit_of(CRASH)
    assert forfeit.kind == "error"
    assert forfeit.reason == "raised KeyError: 'missing'"
    assert forfeit.traceback.startswith("Traceback (most recent call last):\n  File \"<bot>\", line 4, in select_move")
    assert forfeit.traceback.rstrip().endswith("KeyError: 'missing'")


def test_seven_and_an_empty_house_forfeit():
    assert (forfeit_of(SEVEN).kind, forfeit_of(SEVEN).reason) == ("invalid", "returned '7': houses are 1..6")
    board = Board()
    board.push(3)                              # South again, house 3 empty
    forfeit = forfeit_of(EMPTY_HOUSE, board)
    assert (forfeit.kind, forfeit.reason) == ("invalid", "returned 3: house 3 is empty")


def test_an_endless_loop_forfeits_on_time():
    forfeit = forfeit_of(LOOP, time_limit=0.1)
    assert (forfeit.kind, forfeit.reason) == ("time", "no move within its work budget of 50,000 units (the time limit of 0.1 s)")


def test_lookahead_protocol_plays_the_last_answer_in_time():
    # Lookahead 3 works past the budget (a Python loop: counted, whatever the machine's speed).
    source = (
        "def select_move(board, lookahead):\n"
        "    if lookahead == 3:\n"
        "        while True:\n"
        "            pass\n"
        "    return lookahead\n")
    heard = []
    move = load_bot_file(source, name="deep").choose(Board(), 0.3, progress=lambda info: heard.append((info["depth"], info["move"])))
    assert move == 2
    assert heard == [(1, 1), (2, 2)]


def test_lookahead_protocol_stops_when_deeper_calls_take_no_longer():
    source = "calls = []\ndef select_move(board, lookahead):\n    calls.append(lookahead)\n    return 1\n"
    player = load_bot_file(source, name="quick")
    assert player.choose(Board(), 5.0) == 1
    assert player.function.__globals__["calls"] == [1, 2, 3, 4]


def test_lookahead_protocol_goes_deeper_while_deeper_takes_longer():
    # Each loop turn is two units of work (its two line events): lookahead L does 5,000 x 2^L.
    source = ("calls = []\n"
              "def select_move(board, lookahead):\n"
              "    calls.append(lookahead)\n"
              "    for _ in range(2500 * 2 ** lookahead):\n"
              "        pass\n"
              "    return 1 + lookahead\n")
    player = load_bot_file(source, name="deepening")
    heard = []
    assert player.choose(Board(), 0.5, progress=lambda info: heard.append(info["depth"])) == 5
    assert heard == [1, 2, 3, 4]                         # 150,000 units of the 250,000
    assert player.function.__globals__["calls"] == [1, 2, 3, 4, 5]   # 5 (160,000 more) was stopped
