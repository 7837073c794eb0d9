"""Bad input on the command line: exit status 2 and one line on stderr, never a traceback.

Every subcommand is given files that are missing, directories, binary,
huge or nested thousands of levels deep, bad positions and bad options.
"""

import os
import subprocess
import sys

import pytest

from kalah import input_guards

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06\x00\x00\x00"


def kalah(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "kalah"] + list(args), cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=300)


def assert_one_line_error(done, command, message=None):
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.endswith("\n"), done.stderr
    assert done.stderr.startswith("python -m kalah %s: " % command), done.stderr
    if message is not None:
        assert done.stderr == "python -m kalah %s: %s\n" % (command, message)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad")
    paths = {"folder": str(folder), "missing": str(folder / "nothing-here.json")}

    def write(name, data):
        path = folder / name
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        paths[name] = str(path)

    write("deep.json", "[" * 100000 + "]" * 100000)
    write("deep-meta.json", '{"rules": "kalah", "moves": [3], "meta": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}")
    write("image.png", PNG)
    write("huge.pgn", '[Variant "kalah"]\n[South "' + "a" * (input_guards.MAX_RECORD + 10) + '"]\n\n*\n')
    write("latin1.pgn", '[Variant "kalah"]\n[South "Zo\xeb"]\n\n1. C *\n'.encode("latin-1"))
    write("bad.json", '{"rules": "kalah", "moves": [3,]}')
    write("player.py", "def select_move(board, lookahead):\n    return board.legal_moves()[0]\n")
    write("broken.py", "def select_move(board, lookahead:\n")
    write("binary.py", b"def select_move(board, lookahead):\n    return 1\x00\x00\n")
    write("latin1.py", "# Zo\xeb\ndef select_move(board, lookahead):\n    return 1\n".encode("latin-1"))
    return paths


def test_show_a_file_nested_100000_levels_deep_prints_one_line(files):
    assert_one_line_error(kalah("show", files["deep.json"]), "show",
                          "%s: JSON record: the JSON is nested more than 32 levels deep; "
                          "the most this site reads is 32" % files["deep.json"])


@pytest.mark.parametrize("name, message", [
    ("deep-meta.json", "JSON record: the JSON is nested more than 32 levels deep"),
    ("image.png", "this file is not a game record: it looks like a PNG image"),
    ("huge.pgn", "the file is %s bytes; the most this site reads is 2,000,000" % "{:,}".format(
        input_guards.MAX_RECORD + 42)),
    ("latin1.pgn", "the file is not UTF-8 text"),
    ("bad.json", "JSON record: not valid JSON: Expecting value at line 1 column 32"),
    ("folder", "it is a folder, not a file"),
])
def test_show_names_what_is_wrong_with_a_file(files, name, message):
    done = kalah("show", files[name])
    assert_one_line_error(done, "show")
    assert message in done.stderr


@pytest.mark.parametrize("args, message", [
    (["show", "nothing-here.json"], "'nothing-here.json' is not a position, a record or a file"),
    (["show", "kalah(6,4)/4,4/S"], "position 'kalah(6,4)/4,4/S': kalah(6,4) has 14 pits, not 2"),
    (["show", "k1.K64.m36", "--ply", "x"], "argument --ply: invalid int value: 'x'"),
    (["show"], "the following arguments are required: RECORD_OR_POSITION"),
    (["show", "k1.K64.m3", "--colour", "red"], "unrecognized arguments: --colour red"),
    (["replay", "--moves", "3", "--start", "[" * 5000], None),
    (["replay", "--rules", "kalah(6,4)" * 1000, "--moves", "3"], None),
    (["replay", "--moves", "3" * 100000], None),
    (["replay"], "the following arguments are required: --moves"),
    (["play", "--level", "9"], None),
    (["play", "--start", "nonsense/1/S"], None),
    (["bestmove", "--position", "kalah(6,4)/x/S"], None),
    (["bestmove", "--moves", "3,3"], None),
    (["bestmove", "--time", "-1"], None),
    (["solve", "--rules", "chess"], None),
    (["match", "level1", "nobody"], None),
    (["match", "level1", "level2", "--games", "-3"], None),
    (["build-endgame", "--rules", "owari", "--seeds", "3"], None),
    (["build-endgame", "--seeds", "-1"], None),
    (["tournament", "--players", "level1,nobody"], None),
    (["tournament", "--time", "0", "--players", "level1,level2"], None),
])
def test_every_subcommand_answers_bad_input_with_one_line(args, message):
    done = kalah(*args)
    assert_one_line_error(done, args[0])
    if message is not None:
        assert message in done.stderr


@pytest.mark.parametrize("name", ["missing", "folder", "image.png", "broken.py", "binary.py", "latin1.py",
                                  "deep.json"])
def test_tournament_and_match_refuse_a_bad_player_file_with_one_line(files, name):
    for args in (["tournament", files[name], files["player.py"]], ["match", files[name], "level1"]):
        done = kalah(*args, "--time", "0.05")
        assert_one_line_error(done, args[0])


def test_tournament_refuses_an_output_folder_that_is_a_file(files):
    done = kalah("tournament", "--players", "first,rightmost", "--time", "0.05", "--quiet",
                 "--out", files["player.py"])
    assert_one_line_error(done, "tournament")


# Issue 37, 8: /dev/zero was read to 5.2 GB then a MemoryError traceback; a FIFO blocked forever;
# a 300 MB file was read whole before the cap's message.
@pytest.mark.parametrize("command", [["puzzles", "--from-history"], ["show"]])
def test_a_device_or_a_pipe_is_refused_at_once(tmp_path, command):
    assert_one_line_error(kalah(*command, "/dev/zero"), command[0], "/dev/zero: it is a device, not a file")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)            # no writer ever opens it: reading it would wait forever
    assert_one_line_error(kalah(*command, str(fifo)), command[0], "%s: it is a pipe (FIFO), not a file" % fifo)


def test_a_history_file_over_its_cap_is_refused_after_reading_the_cap(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(300 * 1000 * 1000)       # sparse: 300 MB on paper, no disk used
    done = kalah("puzzles", "--from-history", str(path))
    assert_one_line_error(done, "puzzles", "%s: the file is 300,000,000 bytes; the most this site reads is "
                                           "20,000,000" % path)
