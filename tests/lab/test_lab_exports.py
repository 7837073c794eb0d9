"""A tournament's exports: the standings as CSV for a gradebook, the games as one file that the
history's import reads, the same from the command line as from the page (kalah.lab.exports)."""

import csv
import io

import pytest

from kalah.cli import tournament as cli
from kalah.library.history_import import read_import
from kalah.lab.exports import standings_csv
from kalah.lab.tournament import Tournament

from tests.lab.bots import CRASH, FIRST, RIGHTMOST, SEVEN, spec

FOUR = [spec("right", RIGHTMOST), spec("first", FIRST), spec("crash", CRASH), spec("seven", SEVEN)]
CSV_HEAD = "rank,name,file,points,games,wins,draws,losses,forfeits,forfeit reasons,seeds\r\n"


def test_hostile_names_and_reasons_are_quoted_defused_and_kept_on_one_line():
    specs = [{"name": "=HYPERLINK(\"http://x\",\"a\")", "source": ""}, {"name": "@SUM(1)", "source": ""},
             {"name": "greedy", "ai": "greedy"}, {"name": " +1", "filename": "bots/ +1.py", "source": ""}]
    tournament = Tournament(specs)
    for game in tournament.pending():
        forfeit = None
        if game["south"] == 1:       # @SUM forfeits every game it plays South, with a forged line
            forfeit = {"side": 0, "kind": "error", "reason": "raised ValueError: x\r\n4,evil,,99"}
        tournament.record(game["id"], {"scores": [0, 48] if forfeit else [24, 24],
                                       "winner": 1 if forfeit else None, "forfeit": forfeit})
    text = standings_csv(tournament, specs)
    assert text == CSV_HEAD + (
        '1,"\'=HYPERLINK(""http://x"",""a"")","\'=HYPERLINK(""http://x"",""a"").py",7,6,1,5,0,0,"",168\r\n'
        '1,"greedy","",7,6,1,5,0,0,"",168\r\n'
        '1,"\' +1","\' +1.py",7,6,1,5,0,0,"",168\r\n'
        '4,"\'@SUM(1)","\'@SUM(1).py",3,6,0,3,3,3,'
        '"game 2: error: raised ValueError: x  4,evil,,99; game 7: error: raised ValueError: x  4,evil,,99; '
        'game 9: error: raised ValueError: x  4,evil,,99",72\r\n')
    # A spreadsheet's reader sees exactly one row per entrant, with each field whole.
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert [len(row) for row in rows] == [11] * 5
    assert [row[1] for row in rows[1:]] == ["'=HYPERLINK(\"http://x\",\"a\")", "greedy", "' +1", "'@SUM(1)"]


@pytest.mark.parametrize("name, cell", [("-1", '"\'-1"'), ("a-1", '"a-1"'), ("\t=1", '"\' =1"'), ("", '""')])
def test_a_field_is_defused_only_when_a_spreadsheet_would_read_a_formula(name, cell):
    from kalah.lab.exports import csv_field
    assert csv_field(name) == cell


def test_the_command_line_writes_the_csv_and_a_games_file_the_history_imports(tmp_path, capsys):
    paths = []
    for player in FOUR:
        path = tmp_path / (player["name"] + ".py")
        path.write_text(player["source"])
        paths.append(str(path))
    grades, games = tmp_path / "grades.csv", tmp_path / "games.json"
    assert cli.main(paths + ["--time", "0.5", "--csv", str(grades), "--games", str(games), "--quiet"]) == 0
    capsys.readouterr()
    crash_reasons = "; ".join("game %d: error: raised KeyError: 'missing'" % n for n in (3, 4, 7, 8, 11))
    seven_reasons = "; ".join("game %d: invalid: returned '7': houses are 1..6" % n for n in (5, 6, 9, 10, 12))
    assert grades.read_bytes().decode() == CSV_HEAD + (
        '1,"right","right.py",12,6,6,0,0,0,"",268\r\n'
        '2,"first","first.py",8,6,4,0,2,0,"",212\r\n'
        '3,"crash","crash.py",2,6,1,0,5,5,"%s",48\r\n'
        '3,"seven","seven.py",2,6,1,0,5,5,"%s",48\r\n' % (crash_reasons, seven_reasons))
    entries = read_import(games.read_text())
    assert [(e.south, e.north, e.result_text()) for e in entries[:3]] == [
        ("right", "first", "right won 38-10"), ("first", "right", "right won 38-10"),
        ("right", "crash", "right won 48-0")]
    assert len(entries) == 12
    record = entries[2].record
    assert record.forfeit["reason"] == "error: raised KeyError: 'missing'"
    assert record.meta["source"] == "tournament" and record.meta["game"] == 3
    assert "line 4, in select_move" in record.meta["traceback"]


def test_an_export_path_that_cannot_be_written_is_refused_before_any_game(tmp_path, capsys):
    path = tmp_path / "right.py"
    path.write_text(RIGHTMOST)
    assert cli.main([str(path), "--players", "first", "--csv", str(tmp_path / "no" / "grades.csv")]) == 2
    assert capsys.readouterr().err == "python -m kalah tournament: --csv %s: no folder %s to write it in\n" % (
        tmp_path / "no" / "grades.csv", tmp_path / "no")
    assert cli.main([str(path), "--players", "first", "--games", str(tmp_path)]) == 2
    assert capsys.readouterr().err == "python -m kalah tournament: --games %s: a folder, not a file\n" % tmp_path
