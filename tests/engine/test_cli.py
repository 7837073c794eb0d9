"""The command line, run as a user runs it: `python -m kalah ...` in a subprocess."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def kalah(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "kalah"] + list(args), cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_replay_json_exact():
    done = kalah("replay", "--rules", "kalah(6,4)", "--moves", "3,6,4", "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout) == {
        "rules": "kalah(6,4)",
        "boards": [[4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0],
                   [4, 4, 0, 5, 5, 0, 2, 5, 5, 5, 5, 4, 4, 0],
                   [5, 5, 0, 5, 5, 0, 2, 5, 5, 5, 0, 5, 5, 1]],
        "to_move": ["S", "N", "S"],
        "final": None}


def test_replay_letters_are_the_same_moves():
    numbers = kalah("replay", "--moves", "3,6,4", "--json")
    letters = kalah("replay", "--moves", "C F d", "--json")
    assert letters.returncode == 0 and letters.stdout == numbers.stdout


def test_replay_json_ends_with_the_board_after_the_sweep():
    done = kalah("replay", "--rules", "kalah(1,1)", "--moves", "1", "--json")
    assert json.loads(done.stdout) == {"rules": "kalah(1,1)", "boards": [[0, 1, 0, 1]],
                                       "to_move": [None], "final": [1, 1]}


def test_replay_owari_store_places_hold_captures():
    done = kalah("replay", "--rules", "owari", "--moves", "1", "--json")
    assert json.loads(done.stdout)["boards"] == [[0, 5, 5, 5, 5, 4, 0, 4, 4, 4, 4, 4, 4, 0]]


def test_replay_illegal_move_exits_2_with_one_line_on_stderr_and_nothing_on_stdout():
    done = kalah("replay", "--moves", "3,6,4,1,4", "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == "python -m kalah replay: move 5: house 4 of North is empty\n"
    for moves, message in (("7", "move 1: '7' is not a house: houses are 1..6"),
                           ("0", "move 1: '0' is not a house: houses are 1..6"),
                           ("pass", "move 1: 'pass' is not a move"),
                           ("3,,6", "move 2: '' is not a move")):
        done = kalah("replay", "--moves", moves, "--json")
        assert done.returncode == 2 and done.stdout == "" and message in done.stderr
        assert done.stderr.count("\n") == 1


def test_replay_unknown_rules_exit_2():
    done = kalah("replay", "--rules", "chess", "--moves", "3")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("python -m kalah replay: unknown rule set 'chess'; known: kalah(6,4)")


def test_replay_forfeit_json():
    done = kalah("replay", "--moves", "3,6,4,1,4", "--forfeit", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["forfeit"] == {"by": "N", "move": 4, "reason": "house 4 of North is empty"}
    assert data["to_move"] == ["S", "N", "S", "N", None]
    # every seed left in both rows goes to the winner's store
    assert data["boards"][-2] == [0, 6, 1, 6, 6, 0, 8, 0, 5, 5, 0, 5, 5, 1]
    assert data["boards"][-1] == [0, 0, 0, 0, 0, 0, 47, 0, 0, 0, 0, 0, 0, 1]
    assert data["final"] == [47, 1]
    assert len(data["boards"]) == 5


def test_replay_forfeit_on_any_token_that_is_not_a_legal_house():
    for token, reason, final in (
            ("0", "'0' is not a house: houses are 1..6", [0, 48]),
            ("7", "'7' is not a house: houses are 1..6", [0, 48]),
            ("foo", "'foo' is not a move: give a house number 1..6 or a letter A..F", [0, 48]),
            ("3,3", "house 3 of South is empty", [1, 47])):
        data = json.loads(kalah("replay", "--moves", token, "--forfeit", "--json").stdout)
        assert data["forfeit"] == {"by": "S", "move": token.count(","), "reason": reason}
        assert data["final"] == final


def test_replay_moves_after_the_end_are_an_error():
    done = kalah("replay", "--moves", "0,3", "--forfeit", "--json")
    assert done.returncode == 2 and done.stdout == ""
    assert "move 2 ('3'): the game is over" in done.stderr
    done = kalah("replay", "--rules", "kalah(1,1)", "--moves", "1,1")
    assert done.returncode == 2 and "move 2 ('1'): the game is over" in done.stderr


def test_replay_text_output():
    done = kalah("replay", "--moves", "3,6")
    assert done.returncode == 0
    assert done.stdout.startswith(
        "kalah(6,4)\n"
        "  1. South C: South sows house C (4 seeds). The last seed fell in South's store: South moves again.\n"
        "  2. South F: South sows house F (5 seeds).\n")


def test_show_a_compact_record_and_a_position():
    done = kalah("show", "k1.K64.sAda.m36")
    assert done.returncode == 0
    assert "South: Ada" in done.stdout and "Moves: C-F" in done.stdout
    assert "kalah(6,4)/4,4,0,5,5,0,2,5,5,5,5,4,4,0/N" in done.stdout
    done = kalah("show", "kalah(6,4)/0,0,0,0,0,0,21,0,0,0,0,0,0,27/-")
    assert done.returncode == 0 and done.stdout.rstrip().endswith("North wins 27-21.")
    done = kalah("show", "k1.K64.m33")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "python -m kalah show: compact record: move 2: house 3 of South is empty\n"


def test_play_two_people_from_stdin():
    done = kalah("play", stdin="C\nF\nx\nundo\nF\nd\nquit\n")
    assert done.returncode == 0
    out = done.stdout
    assert "South sows house C (4 seeds). The last seed fell in South's store: South moves again." in out
    assert "'x' is not a house: North's houses are a..f (type help for help)" in out
    assert "Taken back." in out
    assert out.rstrip().endswith("Record: k1.K64.m364")


def test_play_ends_at_end_of_input_with_the_record():
    done = kalah("play", "--rules", "kalah(1,1)", stdin="1\n")
    assert done.returncode == 0
    assert done.stdout.rstrip().endswith("Draw, 1-1.\nRecord: k1.K11.m1")


def test_unknown_command():
    done = kalah("fly")
    assert done.returncode == 2 and done.stdout == "" and "unknown command 'fly'" in done.stderr


def test_show_reads_record_files_in_every_form(tmp_path):
    from kalah.records import compact, pgn
    from kalah.records.record import Record
    record = Record("kalah(6,4)", [3, 6, 4, 1], south="Ada", north="Bob")
    for name, text in (("game.json", record.to_json()), ("game.pgn", pgn.write(record)),
                       ("game.txt", compact.write(record))):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        done = kalah("show", str(path), "--ply", "2")
        assert done.returncode == 0, done.stderr
        assert "South: Ada, North: Bob" in done.stdout and "Moves: C-F d A" in done.stdout
        assert "Position at ply 2: kalah(6,4)/4,4,0,5,5,0,2,5,5,5,5,4,4,0/N" in done.stdout
    done = kalah("show", "k1.K64.m36", "--ply", "3")
    assert done.returncode == 2 and "--ply 3: the record has 2 moves" in done.stderr


def test_play_against_a_computer_player():
    done = kalah("play", "--human", "S", "--opponent", "first", "--time", "0.1", stdin="C\nF\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "You play South; the computer (first) plays North." in done.stdout
    assert "North sows house a (5 seeds)." in done.stdout
    done = kalah("play", "--human", "N", "--opponent", "nobody")
    assert done.returncode == 2 and done.stdout == "" and "nobody" in done.stderr


def test_replay_pie_swap_as_0_or_swap():
    for moves in ("1,5,0,2", "A,E,swap,b"):
        data = json.loads(kalah("replay", "--rules", "kalah(6,6)+pie", "--moves", moves, "--json").stdout)
        assert data["to_move"] == ["S", "N", "N", "S"]
        assert data["boards"][2] == data["boards"][1] == [0, 7, 7, 7, 0, 8, 2, 7, 7, 7, 7, 7, 6, 0]
    done = kalah("replay", "--rules", "kalah(6,6)+pie", "--moves", "0")
    assert done.returncode == 2 and "move 1: South cannot swap now" in done.stderr


def test_replay_from_a_start_position_takes_its_rule_set():
    start = "owari/0,0,0,0,1,5,20,0,0,0,0,0,1,21/N"
    done = kalah("replay", "--start", start, "--moves", "f", "--json")
    assert json.loads(done.stdout) == {"rules": "owari", "boards": [[1, 0, 0, 0, 1, 5, 20, 0, 0, 0, 0, 0, 0, 21]],
                                       "to_move": ["S"], "final": None}
    done = kalah("replay", "--rules", "oware", "--start", start, "--moves", "f")
    assert done.returncode == 2 and done.stderr == "python -m kalah replay: position is for owari, not oware\n"
