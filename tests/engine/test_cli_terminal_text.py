"""Issue 25, item 7: text from students' files and records reaches the terminal escaped,
and the readers raise only KalahError (lone surrogates and byte-order marks named)."""

import json
import os
import subprocess
import sys

import pytest

from kalah.cli import terminal_safe
from kalah.errors import KalahError
from kalah.library.history_import import read_import

from tests.engine.test_cli import ROOT

RECORD = {"format": "kalah-record", "version": 1, "rules": "kalah(6,4)", "moves": [1],
          "south": "\x1b]0;pwned\x07ann", "north": "bob\x1b[8m\rhidden\x9b2J\u202eevil"}


def kalah(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "kalah"] + list(args), cwd=cwd, capture_output=True,
                          env=dict(os.environ, PYTHONPATH=ROOT), timeout=120)


def test_terminal_safe_escapes_control_characters_and_keeps_newlines_tabs_and_letters():
    assert terminal_safe("a\x1b[2Jb\n\tc\r\x00\x7f\x9b\u202e\ud800 é ☃") == (
        "a\\x1b[2Jb\n\tc\\x0d\\x00\\x7f\\x9b\\u202e\\ud800 é ☃")
    assert terminal_safe(terminal_safe("\x1b")) == "\\x1b"


def test_show_prints_the_names_of_a_record_escaped(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD))
    done = kalah("show", str(path))
    assert done.returncode == 0, done.stderr
    assert b"South: \\x1b]0;pwned\\x07ann, North: bob\\x1b[8m\\x0dhidden\\x9b2J\\u202eevil\n" in done.stdout
    assert not any(byte in done.stdout for byte in (b"\x1b", b"\x07", b"\r", b"\xc2\x9b", b"\xe2\x80\xae"))


def test_an_error_quoting_a_file_name_with_escape_codes_is_escaped(tmp_path):
    name = "\x1b[2Jbot.py"
    (tmp_path / name).write_text("def select_move(board, lookahead)\n")
    done = kalah("match", name, "first", "--trust-bots", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.decode().startswith("python -m kalah match: \\x1b[2Jbot.py: line 1")
    assert b"\x1b" not in done.stderr


def test_a_bom_at_the_start_of_a_record_or_player_file_is_read(tmp_path):
    assert len(read_import("\ufeff" + json.dumps(dict(RECORD, south="ann", north="bob")))) == 1
    assert len(read_import('\ufeff[Variant "kalah(6,4)"]\n1. A')) == 1
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(dict(RECORD, south="ann", north="bob")).encode())
    assert kalah("show", str(path)).returncode == 0
    from kalah.lab.player_files import read_player_file
    player = tmp_path / "bom.py"
    player.write_bytes(b"\xef\xbb\xbfdef select_move(board, lookahead):\n    return 1\n")
    assert read_player_file(str(player))["source"].startswith("def select_move")


@pytest.mark.parametrize("text", ['{"south": "\ud800", "rules": "kalah(6,4)", "moves": [1]}',
                                  '{"format": "x", "\udfff": 1}', '[Variant "kalah(6,4)"]\n[South "\ud800"]\n1. A'])
def test_read_import_names_a_lone_surrogate(text):
    with pytest.raises(KalahError) as caught:
        read_import(text)
    assert "is not valid text: a lone surrogate (\\ud" in str(caught.value)


def test_a_player_file_that_is_not_utf8_says_where(tmp_path):
    from kalah.lab.player_files import read_player_file
    path = tmp_path / "latin.py"
    path.write_bytes(b"# caf\xe9\n")
    with pytest.raises(KalahError) as caught:
        read_player_file(str(path))
    assert str(caught.value) == "%s: the file is not UTF-8 text (byte 5)" % path


def test_one_line_escapes_newlines_and_tabs_too():
    assert terminal_safe("a\nb\tc\r\x1b\u2028", one_line=True) == "a\\x0ab\\x09c\\x0d\\x1b\\u2028"


def test_show_prints_names_with_newlines_on_their_own_line(tmp_path):
    # Issue 37, 6: names that held a newline printed a forged line under the real ones.
    path = tmp_path / "game.json"
    path.write_text(json.dumps(dict(RECORD, south="ann\nSouth wins 48-0.", north="bob\n\nNorth: eve")))
    done = kalah("show", str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.decode().split("\n")
    assert lines[:3] == ["kalah(6,4)", "South: ann\\x0aSouth wins 48-0., North: bob\\x0a\\x0aNorth: eve",
                         "Moves: A"]
    # A forfeit's reason, printed as the game's result.
    path.write_text(json.dumps(dict(RECORD, forfeit={"by": "N", "move": 1, "reason": "time\nNorth wins 48-0."})))
    done = kalah("show", str(path))
    assert done.stdout.decode().endswith("\nNorth forfeits (time\\x0aNorth wins 48-0.); South wins.\n")
