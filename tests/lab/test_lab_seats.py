"""The wire protocol between the referee and a player's process: what the referee reads and writes."""

import os

import pytest

from kalah.lab.pipes import ProtocolError, Stuck, read_answer, write_all


def test_a_line_nested_too_deeply_or_not_json_is_a_protocol_error_not_a_crash():
    for line, reason in ((b"[" * 30000 + b"]" * 30000, "a line that is nested too deeply"),
                         (b"\xff\xfe", "a line that is not JSON"), (b'{"move": 1', "a line that is not JSON")):
        with pytest.raises(ProtocolError) as caught:
            read_answer(line, 6)
        assert str(caught.value) == reason


def test_write_all_never_blocks_on_a_reader_that_does_not_read():
    reader, writer = os.pipe()
    os.set_blocking(writer, False)
    try:
        data = b"x" * (1024 * 1024)
        left = write_all(writer, data, 0, partial=True)       # what the pipe takes now, at once
        assert 0 < len(left) < len(data)
        with pytest.raises(Stuck):
            write_all(writer, bytes(left), 0.05)
        os.close(reader)
        with pytest.raises(EOFError):                          # the reader is gone
            write_all(writer, b"y", 0.05)
    finally:
        os.close(writer)
        try:
            os.close(reader)
        except OSError:
            pass
