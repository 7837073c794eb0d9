"""Game records: the exact text of each form, and clear errors on bad input."""

import json
import random

import pytest

from kalah import NORTH, SOUTH, Board, KalahError
from kalah.records import compact, pgn
from kalah.records.record import Record


def played(rules, moves, **kwargs):
    board = Board(rules, **kwargs)
    for move in moves:
        board.push(move)
    return board


def test_compact_form_of_a_short_game():
    record = Record.from_board(played("kalah(6,4)", [3, 6, 4]), south="Ada Lovelace", north="Bob")
    assert compact.write(record) == "k1.K64.sAda~Lovelace.nBob.m364"
    assert compact.read("k1.K64.sAda~Lovelace.nBob.m364") == record
    assert compact.read("#k1.K64.sAda~Lovelace.nBob.m364") == record


def test_compact_rule_codes_and_options():
    for rules, code in (("kalah(6,3)+empty-capture", "K63e"), ("kalah(6,3)+gamelink", "K63g"),
                        ("kalah(6,6)+pie", "K66p"), ("owari", "W64"), ("oware", "A64"),
                        ("relay-kalaha", "R64"), ("kalah(8,12)+empty-capture+pie", "K812ep"),
                        ("owari+limit200", "W64l200"), ("oware(5,3)+pie+limit10", "A53pl10")):
        record = Record(rules, [])
        assert compact.write(record) == "k1.%s.m" % code
        assert compact.read(compact.write(record)).rules == record.rules


def test_a_typical_60_move_game_fits_in_90_characters():
    rng = random.Random(7)
    lengths = []
    for _ in range(200):
        board = Board()
        while board.turn is not None:
            board.push(rng.choice(board.legal_moves))
        record = Record.from_board(board)
        lengths.append((len(record.moves), len(compact.write(record))))
    for moves, length in lengths:
        assert length == moves + 8  # 'k1.K64.m' and a digit a move
    assert all(length <= 90 for moves, length in lengths if moves <= 81)


def test_names_are_escaped_to_url_safe_characters():
    record = Record("kalah", [3], south='<img src=x onerror="alert(1)">', north="Zoë & 李")
    text = compact.write(record)
    assert text == ("k1.K64.s_3Cimg~src_3Dx~onerror_3D_22alert_281_29_22_3E"
                       ".nZo_C3_AB~_26~_E6_9D_8E.m3")
    assert compact.read(text) == record


def test_start_position_and_first_player_are_kept():
    board = played("kalah(6,4)", [], first=NORTH)
    record = Record.from_board(board)
    assert record.start == "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/N"
    assert compact.write(record) == "k1.K64.p4-4-4-4-4-4-0-4-4-4-4-4-4-0-N.m"
    board = Board(position="owari/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S/c12")
    board.push(2)
    record = Record.from_board(board)
    assert compact.write(record) == "k1.W64.p4-4-4-4-4-4-0-4-4-4-4-4-4-0-S-c12.m2"
    assert compact.read(compact.write(record)).board().clock == 13
    # the initial position is not a start position
    assert Record.from_board(played("kalah(6,4)", [3])).start is None


def test_json_form():
    board = played("kalah(6,4)", [3, 1])
    board.forfeit(reason="house 1 of North is empty", move="a")
    record = Record.from_board(board, south="Ada", date="2026-11-22", meta={"id": "g1", "north": "computer:5"})
    assert record.to_dict() == {
        "format": "kalah-record", "version": 1, "rules": "kalah(6,4)", "moves": [3, 1],
        "south": "Ada", "date": "2026-11-22",
        "forfeit": {"by": "N", "move": 2, "reason": "house 1 of North is empty", "token": "a"},
        "meta": {"id": "g1", "north": "computer:5"}}
    assert Record.from_json(record.to_json()) == record
    assert record.outcome().describe() == "North forfeits (house 1 of North is empty); South wins."
    assert record.outcome().scores == (48, 0)


def test_pgn_form():
    board = played("kalah(6,4)", [3, 6, 4, 1])
    record = Record.from_board(board, south="Ada", north='Bob "the bot"', date="2026-11-22")
    assert pgn.write(record) == (
        '[Variant "kalah(6,4)"]\n'
        '[South "Ada"]\n'
        '[North "Bob \\"the bot\\""]\n'
        '[Date "2026-11-22"]\n'
        '[Result "*"]\n'
        '\n'
        '1. C-F d 2. A *\n')
    assert pgn.read(pgn.write(record)) == record


def test_pgn_of_a_finished_game_and_of_a_north_first_game():
    board = Board(position="kalah(6,4)/0,0,0,0,0,1,20,1,2,3,4,5,6,6/S")
    board.push(6)
    text = pgn.write(Record.from_board(board))
    assert '[Result "21-27"]' in text and '[Termination "normal"]' in text
    assert '[Position "kalah(6,4)/0,0,0,0,0,1,20,1,2,3,4,5,6,6/S"]' in text
    assert text.endswith("1. F 21-27\n")
    board = played("kalah(6,4)", [3, 6, 3], first=NORTH)
    assert pgn.write(Record.from_board(board)).endswith("1... c-f 2. C *\n")


def test_pgn_reader_accepts_comments_numbers_glued_and_numbers_as_moves_are_letters():
    text = '[Variant "kalah"]\n\n1.C-F {a good start} d ; rest of line\n2. A *\n'
    assert pgn.read(text).moves == [3, 6, 4, 1]


def test_turns_join_extra_turns_and_count_captures():
    record = Record("kalah(6,4)", [3, 6, 4, 1])
    turns = record.turns()
    assert [(t["side"], t["text"], t["first"], t["moves"]) for t in turns] == [
        (SOUTH, "C-F", 0, [3, 6]), (NORTH, "d", 2, [4]), (SOUTH, "A", 3, [1])]
    record = Record("kalah(6,3)", [1], start="kalah(6,3)/2,3,0,3,3,3,4,3,3,3,2,3,3,1/S")
    assert record.turns() == [{"side": SOUTH, "first": 0, "moves": [1], "captures": [3], "text": "A"}]


def test_pie_swap_is_a_turn_of_its_own():
    record = Record("kalah(6,6)+pie", [1, 5, 0, 2])
    assert [t["text"] for t in record.turns()] == ["A-E", "swap", "b"]
    assert pgn.read(pgn.write(record)) == record
    assert compact.write(record) == "k1.K66p.m1502"


@pytest.mark.parametrize("text, message", [
    ("k9.K64.m3", "compact record: unknown version 'k9' (this reader knows k1)"),
    ("hello", "compact record: it must start with 'k1.', not 'hello'"),
    ("k1.K64.m39", "compact record, field 3: move 2 is '9', not a digit 0..8"),
    ("k1.K64.m37", "compact record: move 2: 7 is not a house (1..6)"),
    ("k1.K64.m35", None),
    ("k1.K64.m33", "compact record: move 2: house 3 of South is empty"),
    ("k1.X64.m3", "compact record: rule set 'X64': expected a family letter"),
    ("k1.K64.sA_4.m3", "compact record, field 3: '_' must be followed by two hex digits"),
    ("k1.K64.s_FF.m3", "compact record, field 3: the escaped bytes are not UTF-8 text"),
    ("k1.K64.m3.m4", "compact record, field 4: field 'm' appears twice"),
    ("k1.K64.x1.m3", "compact record, field 3: unknown field 'x1'"),
    ("k1.K64.sAda", "compact record: the moves field 'm' is missing"),
    ("k1.K94.m", "compact record: rule set 'K94': expected a family letter"),
    ("k1.K6123.m", "compact record: rule set 'K6123': the seeds must be 1 or 2 digits"),
    ("k1.K64.p4-4.m", "compact record, field 3: a position needs 14 pit counts"),
    ("k1.K64.rwhy.m3", "compact record: a forfeit reason or token without the forfeit field 'f'"),
    ("k1.K64.fX.m3", "compact record, field 3: the side must be S or N, not 'X'"),
])
def test_compact_errors_say_what_and_where(text, message):
    if message is None:
        compact.read(text)
        return
    with pytest.raises(KalahError) as error:
        compact.read(text)
    assert str(error.value).startswith(message)


@pytest.mark.parametrize("text, message", [
    ("[1,2]", "JSON record: expected an object"),
    ("{", "JSON record: not valid JSON"),
    ('{"rules": "kalah", "moves": [3, 3]}', "JSON record: move 2: house 3 of South is empty"),
    ('{"rules": "chess", "moves": []}', "unknown rule set 'chess'; known: kalah(6,4)"),
    ('{"rules": "kalah", "moves": [1e400]}', "record: move 1 is inf"),
    ('{"rules": "kalah", "moves": [99999999999999999999999]}', "record: move 1 is 99999999999999999999999"),
    ('{"rules": "kalah", "moves": [], "version": 2}', "JSON record: unknown version 2"),
    ('{"rules": "kalah", "moves": [], "colour": 1}', "JSON record: unknown field 'colour'"),
    ('{"rules": "kalah", "moves": [], "south": 7}', "record: South's name must be text, not int"),
    ('{"rules": "kalah", "moves": [3], "forfeit": {"by": "S", "move": 0}}',
     "record: forfeit: 'move' must be 1, the index after the last move, not 0"),
])
def test_json_errors_say_what_and_where(text, message):
    with pytest.raises(KalahError) as error:
        Record.from_json(text)
    assert str(error.value).startswith(message)


@pytest.mark.parametrize("text, message", [
    ('1. C *', "PGN: the Variant tag is missing"),
    ('[Variant "kalah"]\n\n1. C-C *', "PGN line 3: move 2: house 3 of South is empty"),
    ('[Variant "kalah"]\n[Variant "owari"]', "PGN line 2: the tag Variant appears twice"),
    ('[Variant "kalah"\n', "PGN line 1: a tag must end with ']'"),
    ('[Variant kalah]\n', "PGN line 1: the value of Variant must be in double quotes"),
    ('[Variant "checkers"]\n', "PGN line 1: unknown rule set 'checkers'"),
    ('[Variant "kalah"]\n[Result "38-10"]\n\n1. C *', "PGN: the Result tag says 38-10, but the moves give *"),
    ('[Variant "kalah"]\n\n1. C 2. x', "PGN line 3: move 2: 'x' is not a house: South's houses are A..F"),
    ('[Variant "kalah"]\n\n1. C * D', "PGN line 3: 'D' after the result"),
    ('[Variant "kalah"]\n\n1. C {never closed', "PGN line 3: a comment '{' without '}'"),
    ('[Variant "kalah"]\n[Position "kalah/1,2/S"]\n', "PGN line 2: position 'kalah/1,2/S': kalah(6,4) has 14 pits"),
])
def test_pgn_errors_say_what_and_where(text, message):
    with pytest.raises(KalahError) as error:
        pgn.read(text)
    assert str(error.value).startswith(message)


def test_record_board_reports_the_bad_move():
    with pytest.raises(KalahError, match="^move 5: house 4 of North is empty$"):
        Record("kalah(6,4)", [3, 6, 4, 1, 4]).board()
    assert json.loads(Record("kalah", [3]).to_json())["rules"] == "kalah(6,4)"
