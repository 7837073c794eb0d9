"""Tournaments: the standings of known players, computed by hand, and Swiss pairings."""

import json

from kalah.cli import tournament as cli
from kalah.lab.runner import play_tournament
from kalah.lab.tournament import SWISS, Tournament, format_crosstable, format_standings

from tests.lab.bots import CRASH, FIRST, RIGHTMOST, SEVEN, spec

# By hand. crash raises and seven returns "7" at their first move: the
# opponent takes all 48 seeds, the forfeiter keeps its empty store. right
# beats first 38-10 from either side (the engine plays those two games).
#   right: 6 wins: 38 + 38 + 4 x 48 = 268 seeds, 12 points
#   first: beats crash and seven twice (4 x 48) + 2 x 10 = 212 seeds, 8 points
#   crash, seven: each wins only the game the other forfeits first: 48 seeds, 2 points
EXPECTED = [
    # rank, name, games, wins, draws, losses, forfeits, points, seeds
    (1, "right", 6, 6, 0, 0, 0, 12, 268),
    (2, "first", 6, 4, 0, 2, 0, 8, 212),
    (3, "crash", 6, 1, 0, 5, 5, 2, 48),
    (3, "seven", 6, 1, 0, 5, 5, 2, 48),
]
KEYS = ("rank", "name", "games", "wins", "draws", "losses", "forfeits", "points", "seeds")
FOUR = [spec("right", RIGHTMOST), spec("first", FIRST), spec("crash", CRASH), spec("seven", SEVEN)]


def table(rows):
    return [tuple(row[k] for k in KEYS) for row in rows]


def test_round_robin_among_four_known_players_gives_the_hand_computed_standings():
    tournament = Tournament(FOUR)
    play_tournament(tournament, FOUR, time_limit=0.5, jobs=2, isolate=False)
    assert tournament.finished()
    assert table(tournament.standings()) == EXPECTED
    assert format_standings(tournament).splitlines()[1] == "   1  right      6    6    0    0    0     12    268"
    cells = tournament.crosstable()
    assert [(c["result"], c["score"], c["side"]) for c in cells[0][1]] == [("W", "38-10", 0), ("W", "38-10", 1)]
    assert [c["forfeit"] for c in cells[2][0]] == ["raised KeyError: 'missing'"] * 2
    assert format_crosstable(tournament).splitlines()[3] == "#3 crash FF    FF    x     FW   "


def test_swiss_pairs_similar_standings_without_rematches():
    tournament = Tournament(FOUR, system=SWISS, rounds=2)
    assert [(g["south"], g["north"]) for g in tournament.pending()] == [(0, 1), (1, 0), (2, 3), (3, 2)]
    play_tournament(tournament, FOUR, time_limit=0.5, isolate=False)
    # After round 1: right 4 points, crash 2 and seven 2 (48 seeds each, crash entered first), first 0.
    round2 = [(g["south"], g["north"]) for g in tournament.games if g["round"] == 2]
    assert round2 == [(0, 2), (2, 0), (3, 1), (1, 3)]
    assert [row["name"] for row in tournament.standings()] == ["right", "first", "crash", "seven"]


def test_swiss_with_an_odd_field_gives_the_lowest_a_bye():
    tournament = Tournament(["a", "b", "c"], system=SWISS, rounds=2)
    assert tournament.byes == [(1, 2)]
    for game in tournament.pending():
        tournament.record(game["id"], {"scores": [30, 18], "winner": 0})
    # a and b split 30-18 each way: 4 points and 48 seeds each; c has the bye's 2 points.
    assert tournament.byes == [(1, 2), (2, 1)]
    assert [(g["south"], g["north"]) for g in tournament.pending()] == [(0, 2), (2, 0)]


def test_the_command_line_prints_the_same_standings_and_writes_the_records(tmp_path, capsys):
    paths = []
    for player in FOUR:
        path = tmp_path / (player["name"] + ".py")
        path.write_text(player["source"])
        paths.append(str(path))
    out = tmp_path / "out"
    assert cli.main(paths + ["--time", "0.5", "--out", str(out), "--json", "--quiet"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert table(printed["standings"]) == EXPECTED
    assert sorted(p.name for p in out.iterdir())[:2] == ["game-001-right-vs-first.json", "game-001-right-vs-first.pgn"]
    record = json.loads((out / "game-003-right-vs-crash.json").read_text())
    assert record["forfeit"]["by"] == "N"
    assert record["forfeit"]["reason"] == "error: raised KeyError: 'missing'"
    assert "line 4, in select_move" in record["meta"]["traceback"]
    assert (out / "standings.txt").read_text().startswith("rank  player")


def test_the_command_line_reports_a_broken_file_before_starting(tmp_path, capsys):
    path = tmp_path / "broken.py"
    path.write_text("def select_move(board, lookahead)\n    return 1\n")
    assert cli.main([str(path), str(path)]) == 2
    assert capsys.readouterr().err.startswith("python -m kalah tournament: %s: line 1" % path)
