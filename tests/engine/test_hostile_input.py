"""Every reader answers any input (nested, huge, binary, of the wrong type) with KalahError only.

The readers: share links, the three record forms (JSON, compact, PGN-like),
position text, history import, stored history entries and the bot lab's
saved players. Their size caps are named in their messages.
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalah import KalahError
from kalah import input_guards
from kalah.game.board import parse_position
from kalah.library.history import GAME_PREFIX, History
from kalah.library.history_import import read_import
from kalah.lab.saved_players import read_players
from kalah.library.links import parse_fragment
from kalah.records import compact, pgn
from kalah.records.record import Record


def stored_history(text):
    """A store holding one entry: History sets it aside and says why, or loads it; it never raises."""
    history = History({GAME_PREFIX + "x": text})
    if history.problems:
        assert not history.entries and len(history.problems) == 1
        assert history.problems[0][1].startswith("saved game x could not be read (")
        raise KalahError(history.problems[0][1])


def lab_players(text):
    read_players(text)


READERS = {
    "link": parse_fragment,
    "JSON record": Record.from_json,
    "record object": Record.from_dict,
    "compact record": compact.read,
    "PGN": pgn.read,
    "position": parse_position,
    "history import": read_import,
    "stored history entry": stored_history,
    "lab's saved players": lab_players,
}


def nested(depth, kind):
    if kind == "list":
        return "[" * depth + "]" * depth
    if kind == "object":
        return '{"a": ' * depth + "1" + "}" * depth
    if kind == "record meta":
        return '{"rules": "kalah", "moves": [3], "meta": ' + nested(depth, "object") + "}"
    if kind == "history export":
        return '{"format": "kalah-history", "schema": 2, "games": [' + nested(depth, "list") + "]}"
    return '{"v": 2, "id": "x", "saved": 1, "writer": "", "record": ' + nested(depth, "record meta") + "}"


NESTINGS = ("list", "object", "record meta", "history export", "stored entry")


@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("kind", NESTINGS)
def test_deeply_nested_json_is_refused_with_a_message(reader, kind):
    for depth in (1000, 100000):
        with pytest.raises(KalahError) as error:
            READERS[reader](nested(depth, kind))
        assert str(error.value)


@pytest.mark.parametrize("text", [nested(1000, "list"), nested(5000, "record meta")])
def test_the_json_readers_say_the_nesting_is_too_deep(text):
    for reader in (Record.from_json, read_import):
        with pytest.raises(KalahError, match="nested more than 32 levels deep; the most this site reads is 32"):
            reader(text)


def test_a_record_object_nested_below_the_cap_still_reads():
    record = Record.from_json('{"rules": "kalah", "moves": [3], "meta": %s}' % nested(20, "object"))
    assert record.moves == [3]


@pytest.mark.parametrize("reader, cap, message", [
    (Record.from_json, input_guards.MAX_RECORD, "JSON record: the record is 2,000,001 characters; "
                                                "the most this site reads is 2,000,000"),
    (compact.read, input_guards.MAX_RECORD, "compact record: the record is 2,000,001 characters; "
                                                   "the most this site reads is 2,000,000"),
    (pgn.read, input_guards.MAX_RECORD, "PGN: the record is 2,000,001 characters; "
                                               "the most this site reads is 2,000,000"),
    (parse_position, input_guards.MAX_POSITION, "the position is 1,001 characters; "
                                                "the most this site reads is 1,000"),
    (parse_fragment, input_guards.MAX_LINK, "the link is 8,001 characters; the most this site reads is 8,000"),
    (read_import, input_guards.MAX_IMPORT, "the file is 5,000,001 characters; "
                                           "the most this site reads is 5,000,000"),
    (read_players, input_guards.MAX_LAB_PLAYERS, "the saved players are 5,000,001 characters; "
                                                 "the most this site reads is 5,000,000"),
])
def test_an_oversized_input_is_refused_with_a_message_naming_the_cap(reader, cap, message):
    with pytest.raises(KalahError) as error:
        reader("k" * (cap + 1))
    assert str(error.value) == message


def test_thousands_are_grouped_in_cap_messages():
    assert input_guards.grouped(0) == "0"
    assert input_guards.grouped(999) == "999"
    assert input_guards.grouped(1000) == "1,000"
    assert input_guards.grouped(2000000) == "2,000,000"


PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10".decode("utf-8", "replace")


@pytest.mark.parametrize("text, kind", [
    (PNG, "a PNG image"),
    (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00".decode("utf-8", "replace"), "a JPEG image"),
    ("GIF89a\x01\x00", "a GIF image"),
    ("%PDF-1.7\n%\ufffd\ufffd", "a PDF document"),
    ("PK\x03\x04\x14\x00", "a ZIP archive"),
    ("[Variant \"kalah\"]\n\x00\x01\x02", "binary data, not text"),
])
def test_a_binary_file_is_called_what_it_is(text, kind):
    with pytest.raises(KalahError) as error:
        read_import(text)
    assert str(error.value) == "this file is not a game record or history export: it looks like " + kind


@pytest.mark.parametrize("text, message", [
    ('{"rules": "kalah", "moves": [3,]}', "not valid JSON: Expecting value at line 1 column 32"),
    ('{"format": "kalah-history", "schema": 2,\n "games": [}', "not valid JSON: Expecting value at line 2 column 12"),
    ('{"format": "kalah-history", "games": []}', "the history file has no schema number"),
    ('{"format": "kalah-history", "schema": "two", "games": []}', "the history file's schema must be a number, not 'two'"),
    ('{"format": "kalah-history", "schema": 9, "games": []}',
     "this history file is from a newer version of the site (schema 9; this page reads 2)"),
])
def test_import_errors_name_the_real_problem(text, message):
    with pytest.raises(KalahError) as error:
        read_import(text)
    assert str(error.value) == message


@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("value", [None, 7, 1.5, [], {}, b"k1.K64.m3", ["k1.K64.m3"]])
def test_a_value_of_the_wrong_type_is_refused_with_a_message(reader, value):
    if reader == "stored history entry":
        value = json.dumps(value) if not isinstance(value, bytes) else value.decode()
    if reader == "record object" and value == {}:
        value = None
    with pytest.raises(KalahError) as error:
        READERS[reader](value)
    assert str(error.value)


# -- property: nested and oversized inputs of every kind ----------------------------------------------

def _sized(text, size):
    return (text * (size // max(1, len(text)) + 1))[:size]


VALID = ["k1.K64.sAda.m3641", '{"rules": "kalah", "moves": [3, 6]}', '[Variant "kalah"]\n\n1. C-F *',
         "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S", "g=k1.K64.m36&p=1"]

hostile_texts = st.one_of(
    st.builds(nested, st.integers(1, 3000), st.sampled_from(NESTINGS)),
    st.builds(lambda piece, size: _sized(piece, size), st.sampled_from(VALID + ["[", "{", "\\", "_", "~", "-"]),
              st.sampled_from([0, 1, 7999, 8001, 1001, 10 ** 5, 2 * 10 ** 6 + 1])),
    st.builds(lambda valid, cut, junk: valid[:cut] + junk, st.sampled_from(VALID), st.integers(0, 40),
              st.text(max_size=40)),
    st.binary(max_size=300).map(lambda data: data.decode("utf-8", "replace")),
    st.builds(lambda tag, size: '[Variant "kalah"]\n[South "%s"]\n\n1. C *' % (tag * size),
              st.sampled_from(["a", "\\\\", "\\u00e9", "\\", '"']), st.integers(0, 3000)),
    st.builds(lambda name, size: "k1.K64.s%s.m3" % (name * size), st.sampled_from(["a", "_C3_A9", "~", "_"]),
              st.integers(0, 3000)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.data_too_large])
@given(st.sampled_from(sorted(READERS)), hostile_texts)
def test_nested_and_oversized_inputs_raise_only_kalah_error(reader, text):
    try:
        READERS[reader](text)
    except KalahError as error:
        assert str(error)
