"""Puzzles from the player's own games: found by the shipped sets' rule, kept per game, and
`python -m kalah puzzles --from-history FILE` prints them as the shipped set is printed."""

import json
import os
import subprocess
import sys

from kalah.study import history_puzzles, puzzles
from kalah.study.puzzle_maker import ExactValues, game_puzzles
from kalah.ai import endgame
from kalah.study.puzzle_maker import shipped
from kalah.library.history import Entry, History
from kalah.records.record import Record
from kalah.game.rules import find_rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The position of shipped puzzle kalah6-4-0001, reached in one of the player's games.
KNOWN = "kalah(6,4)/10,0,1,0,0,0,27,0,0,0,0,1,1,8/N"
WITH_PUZZLE = Record("kalah(6,4)", [6], south="Ann", north="Bob", start=KNOWN)
OPENING = Record("kalah(6,4)", [3, 1, 2], south="Ann", north="Bob")   # never 22 seeds or fewer


def kalah(*args):
    return subprocess.run([sys.executable, "-m", "kalah", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def found_in(record, gid="g1"):
    rules = find_rules(record.rules)
    return game_puzzles(record, gid, ExactValues(), endgame.table_for(rules))


def test_a_known_position_gives_the_shipped_puzzle_again():
    found = found_in(WITH_PUZZLE, "game-1")
    expected = shipped("kalah(6,4)").by_id("kalah6-4-0001").as_dict()
    assert len(found) == 1
    puzzle = found[0]
    assert puzzle["id"] == "kalah6-4-you-%s-1" % history_puzzles.short_hash("game-1")
    for key in ("position", "best", "value", "second", "values", "themes", "difficulty", "rating", "found",
                "refutations"):
        assert puzzle[key] == expected[key], key
    assert puzzle["source"] == "your game Ann v Bob, move 1"


def test_a_game_without_a_qualifying_position_gives_none():
    assert list(history_puzzles.candidate_boards(OPENING)) == []
    assert found_in(OPENING) == []
    # Other rule sets give none (no endgame table and no shipped set to compare with).
    assert found_in(Record("kalah(4,3)", [1, 2])) == []
    assert history_puzzles.usable_rules("oware") is None


def test_the_kept_set_checks_only_new_or_grown_games_and_forgets_deleted_ones():
    store = {}
    history = History(store)
    history.save(WITH_PUZZLE, now=1)
    history.save(OPENING, now=2)
    entries = list(History(store).entries.values())
    kept = history_puzzles.YourPuzzles()
    assert len(kept.todo(entries)) == 2
    for entry in entries:
        kept.add(entry, found_in(entry.record, entry.id))
    again, problem = history_puzzles.YourPuzzles.from_text(kept.to_text())
    assert problem is None and again.todo(entries) == []
    assert [p.position for p in again.puzzle_set("kalah(6,4)").puzzles] == [KNOWN]
    assert len(again.puzzle_set("kalah(6,4)+empty-capture")) == 0
    grown = Entry(Record("kalah(6,4)", [3, 1, 2, 4], south="Ann", north="Bob"))
    grown.id = entries[1].id if entries[1].record.moves == [3, 1, 2] else entries[0].id
    assert again.todo([grown]) == [grown]
    assert again.forget_missing([grown]) is True and again.count() == 0


def test_damaged_kept_puzzles_are_checked_again_and_say_so():
    kept = history_puzzles.YourPuzzles()
    entry = Entry(WITH_PUZZLE)
    kept.add(entry, found_in(WITH_PUZZLE, entry.id))
    data = json.loads(kept.to_text())
    data["games"]["bad"] = {"fingerprint": "x", "rules": "kalah(6,4)", "puzzles": [{"id": "<b>"}]}
    read, problem = history_puzzles.YourPuzzles.from_text(json.dumps(data))
    assert problem == "The puzzles of 1 of your games could not be read; those games are checked again."
    assert list(read.games) == [entry.id]
    read, problem = history_puzzles.YourPuzzles.from_text("{not json")
    assert read.games == {} and problem.startswith("The puzzles found in your games could not be read")


def test_a_link_names_the_set_from_your_games():
    choice = puzzles.parse_link("set=yours")
    assert choice.set_name == "yours" and puzzles.format_link(choice) == "set=yours&rules=kalah(6,4)"
    pid = history_puzzles.puzzle_id("kalah(6,4)+empty-capture", "g1", 12)
    choice = puzzles.parse_link("id=" + pid)
    assert (choice.set_name, choice.rules.name, choice.pid) == ("yours", "kalah(6,4)+empty-capture", pid)
    assert len(history_puzzles.puzzle_id("kalah(6,4)+empty-capture", "x" * 40, 999)) <= 40


def test_the_command_prints_the_puzzles_of_a_history_file(tmp_path):
    history = {}
    History(history).save(WITH_PUZZLE, now=1)
    History(history).save(OPENING, now=2)
    History(history).save(Record("kalah(4,3)", [1]), now=3)
    path = tmp_path / "history.json"
    path.write_text(History(history).export_json(), encoding="utf-8")
    run = kalah("puzzles", "--from-history", str(path), "--json")
    assert run.returncode == 0, run.stderr
    printed = json.loads(run.stdout)
    expected = shipped("kalah(6,4)").by_id("kalah6-4-0001").as_dict()
    assert [p["position"] for p in printed] == [KNOWN]
    assert set(printed[0]) == set(expected)
    assert {k: v for k, v in printed[0].items() if k not in ("id", "source")} == \
        {k: v for k, v in expected.items() if k not in ("id", "source")}
    assert run.stderr == ("1 game(s) of other rule sets give no puzzles "
                          "(puzzles come from kalah(6,4) and kalah(6,4)+empty-capture games)\n")

    path.write_text(WITH_PUZZLE.to_json(), encoding="utf-8")   # one record is a file too
    run = kalah("puzzles", "--from-history", str(path), "--rules", "kalah(6,4)+empty-capture", "--json")
    assert run.returncode == 0 and json.loads(run.stdout) == []


def test_the_command_refuses_a_bad_history_file_in_one_line(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "kalah-history", "games": [{"v": 2, "record": ', encoding="utf-8")
    run = kalah("puzzles", "--from-history", str(path), "--json")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.startswith("python -m kalah puzzles: %s: " % path) and run.stderr.count("\n") == 1
    run = kalah("puzzles", "--from-history", str(tmp_path / "missing.json"))
    assert run.returncode == 2
    assert run.stderr == "python -m kalah puzzles: %s: there is no such file or folder\n" % (tmp_path / "missing.json")


def test_a_puzzle_of_your_game_is_played_out_as_the_shipped_one_and_older_kept_sets_are_checked_again():
    # The position of shipped puzzle kalah6-4-0009 (a forced line of 3 moves of South), in a game
    # of a person (South) against the computer.
    start = "kalah(6,4)/0,0,1,1,0,5,6,0,3,0,0,1,1,30/S"
    record = Record("kalah(6,4)", [4, 6, 5, 3], south="Ann", start=start,
                    meta={"south_player": "human", "north_player": "level3"})
    found = found_in(record, "game-9")
    with open(os.path.join(endgame.DATA_DIR, puzzles.file_name(find_rules("kalah(6,4)"))), encoding="utf-8") as handle:
        expected = [item for item in json.load(handle)["puzzles"] if item["id"] == "kalah6-4-0009"][0]
    assert [puzzle["position"] for puzzle in found][:1] == [start]
    for key in ("best", "line", "steps", "difficulty", "rating", "found", "refutations"):
        assert found[0][key] == expected[key], key
    assert found[0]["line"] == [4, 6, 5, 3]
    # A set kept before puzzles were played out (version 2) is checked again, without a word.
    old = json.dumps({"format": history_puzzles.CACHE_FORMAT, "version": 2, "games": {}})
    kept, problem = history_puzzles.YourPuzzles.from_text(old)
    assert kept.games == {} and problem is None
