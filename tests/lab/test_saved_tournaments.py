"""The lab's tournaments kept in browser storage (kalah.lab.saved_tournaments), on a dict store:
read back to the same standings and games, bad or foreign entries set aside and reported."""

import json

import pytest

from kalah.errors import KalahError
from kalah.library.history import StorageFull
from kalah.lab.exports import games_file, standings_csv, tournament_records
from kalah.lab.runner import play_tournament
from kalah.lab.saved_tournaments import ASIDE_PREFIX, PREFIX, TournamentShelf, label, settings_of
from kalah.lab.tournament import SWISS, Tournament

from tests.lab.bots import CRASH, FIRST, RIGHTMOST, SEVEN, spec
from tests.micropython.runner import needs_micropython, run_cpython, run_micropython

FOUR = [spec("right", RIGHTMOST), spec("first", FIRST), spec("crash", CRASH), spec("seven", SEVEN)]
# Seconds a move: far past what these players need, so that none forfeits on time on a busy machine
# (at 0.5 s one did once, and the game the damage tests change was then another).
LIMIT = 10


def played(system="robin", rounds=None):
    tournament = Tournament(FOUR, system, rounds, seed=5)
    games = play_tournament(tournament, FOUR, time_limit=LIMIT, jobs=2, isolate=False)
    for game_id in games:
        tournament.results[game_id]["key"] = "g%d" % game_id      # its game in the history
    return tournament, games


def saved_store(tournament, games, entry_id="t1"):
    store = {}
    shelf = TournamentShelf(store)
    shelf.save(entry_id, 1000, "2026-11-27 08:05", settings_of(tournament, FOUR, "kalah(6,4)", LIMIT), tournament,
               games)
    return store


class FullStore(dict):
    def __setitem__(self, key, value):
        raise StorageFull("browser storage is full")


@pytest.mark.parametrize("system, rounds", [("robin", None), (SWISS, 2)])
def test_a_saved_tournament_reads_back_to_the_same_standings_games_and_exports(system, rounds):
    tournament, games = played(system, rounds)
    store = saved_store(tournament, games)
    assert list(store) == [PREFIX + "t1"]
    shelf = TournamentShelf(store)
    shelf.load()
    assert shelf.problems == [] and shelf.newest_first() == ["t1"]
    assert label(shelf.entries["t1"]) == "2026-11-27 08:05 · %s · 4 players · %d games" % (
        "round robin" if system == "robin" else "Swiss", len(games))
    saved = shelf.open("t1")
    assert saved.tournament.standings() == tournament.standings()
    assert saved.tournament.games == tournament.games
    assert [saved.tournament.results[i]["key"] for i in sorted(games)] == ["g%d" % i for i in sorted(games)]
    assert standings_csv(saved.tournament, saved.specs()) == standings_csv(tournament, FOUR)
    # The games file is the one the command line writes, but for the traceback, which the history keeps.
    records = tournament_records(saved.tournament, saved.games, "lab-tournament")
    expected = tournament_records(tournament, games, "lab-tournament")
    for record in expected:
        record.meta.pop("traceback", None)
    assert games_file(records) == games_file(expected)


def test_an_unfinished_tournament_reads_back_with_its_games_still_to_play():
    tournament, games = played()
    for game_id in (9, 10, 11):
        del games[game_id]
        del tournament.results[game_id]
    saved = TournamentShelf(saved_store(tournament, games))
    saved.load()
    restored = saved.open("t1").tournament
    assert sorted(restored.results) == list(range(9)) and not restored.finished()
    assert [g["id"] for g in restored.pending()] == [9, 10, 11]


def damaged(change):
    tournament, games = played()
    store = saved_store(tournament, games)
    data = json.loads(store[PREFIX + "t1"])
    change(data)
    store[PREFIX + "t1"] = json.dumps(data)
    return store


def test_a_game_whose_stored_scores_contradict_its_moves_sets_the_tournament_aside_when_opened():
    store = damaged(lambda data: data["games"]["2"].update(scores=[0, 48]))   # crash "won" against right
    text = store[PREFIX + "t1"]
    shelf = TournamentShelf(store)
    shelf.load()
    with pytest.raises(KalahError) as error:
        shelf.open("t1")
    assert str(error.value) == ("the saved tournament t1 could not be read (a game result whose scores do not "
                                "follow from its moves); it was kept under kalah.lab.tournament-aside.t1")
    assert store == {ASIDE_PREFIX + "t1": text}       # kept as it was, never lost
    assert shelf.entries == {}
    shelf.load()
    assert shelf.problems == ["a saved tournament that could not be read is kept under kalah.lab.tournament-aside.t1"]


def test_a_stored_history_key_that_is_not_an_id_links_to_nothing():
    store = damaged(lambda data: data["games"]["1"].update(key='x" onclick="alert(1)'))
    shelf = TournamentShelf(store)
    shelf.load()
    results = shelf.open("t1").tournament.results
    assert (results[0]["key"], results[1]["key"], results[2]["key"]) == ("g0", None, "g2")


def test_a_game_that_is_not_the_pairings_game_is_refused():
    store = damaged(lambda data: data["games"]["0"].update(names=["first", "right"]))
    shelf = TournamentShelf(store)
    shelf.load()
    with pytest.raises(KalahError) as error:
        shelf.open("t1")
    assert "(game 1 is not right - first as its pairings say)" in str(error.value)


@pytest.mark.parametrize("text, reason", [
    ("{not json", "not valid JSON: "),
    ("[1, 2]", "it is not a JSON object"),
    ('{"v": 1, "id": "other", "date": "", "settings": {}, "games": {}}', "its id does not fit its key"),
    ('{"v": 1, "id": "t1", "date": "<b>", "settings": {}, "games": {}}', "its date is not a date such as 2026"),
    ('{"v": "1"}', "it has no version this page reads"),
    ('{"v": 1, "id": "t1", "date": "2026-11-27", "settings": {"players": [{"name": 3}]}, "games": {}}',
     "its players are not a list of {name, file}"),
    (json.dumps({"v": 1, "id": "t1", "date": "2026-11-27", "games": {}, "settings": {
        "system": "robin", "rounds": 1, "seed": 1, "rules": "kalah(6,4)", "time": 1,
        "players": [{"name": "p%d" % i, "file": ""} for i in range(5000)]}}),
     "it has 5000 players; the lab plays at most 300"),
])
def test_foreign_or_broken_entries_are_set_aside_and_reported_and_the_others_load(text, reason):
    tournament, games = played()
    store = saved_store(tournament, games, "t2")
    store[PREFIX + "t1"] = text
    shelf = TournamentShelf(store)
    shelf.load()
    assert list(shelf.entries) == ["t2"]
    assert len(shelf.problems) == 1
    assert shelf.problems[0].startswith("the saved tournament t1 could not be read (" + reason)
    assert shelf.problems[0].endswith("); it was kept under kalah.lab.tournament-aside.t1")
    assert store[ASIDE_PREFIX + "t1"] == text and PREFIX + "t1" not in store


def test_an_entry_from_a_newer_version_is_left_where_it_is():
    store = {PREFIX + "t9": '{"v": 2, "anything": "new"}'}
    shelf = TournamentShelf(store)
    shelf.load()
    assert shelf.problems == ["the saved tournament kalah.lab.tournament.t9 is from a newer version of the site "
                              "(version 2; this page reads 1): left as it is"]
    assert store == {PREFIX + "t9": '{"v": 2, "anything": "new"}'}


def test_with_no_room_to_set_it_aside_a_bad_entry_stays_where_it_is():
    store = FullStore({PREFIX + "t1": "{not json"})
    shelf = TournamentShelf(store)
    shelf.load()
    assert shelf.problems[0].endswith("; no room to move it aside: it stays under kalah.lab.tournament.t1")
    assert dict(store) == {PREFIX + "t1": "{not json"}


def test_old_tournaments_are_deleted_one_or_all_and_other_keys_stay():
    tournament, games = played()
    store = saved_store(tournament, games, "t1")
    store.update(saved_store(tournament, games, "t2"))
    store[ASIDE_PREFIX + "t0"] = "{bad"
    store["kalah.lab.players"] = "{}"
    shelf = TournamentShelf(store)
    shelf.load()
    shelf.delete("t1")
    assert sorted(store) == ["kalah.lab.players", ASIDE_PREFIX + "t0", PREFIX + "t2"]
    assert shelf.delete_all() == 2
    assert list(store) == ["kalah.lab.players"] and shelf.entries == {}


# The page's MicroPython saves a Swiss tournament with a forfeit and a bye, reads it back and
# exports it: the same text as CPython (the records' meta in another key order: MicroPython's
# dicts keep none).
MICROPYTHON_CODE = """
from kalah.lab.game import LabGame
from kalah.lab.tournament import Tournament
from kalah.lab.saved_tournaments import TournamentShelf, settings_of
from kalah.lab.exports import games_file, standings_csv, tournament_records

specs = [{"name": "=a", "source": ""}, {"name": "b", "source": ""}, {"name": "greedy", "ai": "greedy"}]
t = Tournament(specs, "swiss", 2, 3)
games = {}
while not t.finished():
    for g in t.pending():
        game = LabGame((t.names[g["south"]], t.names[g["north"]]))
        game.answer({"move": 3})
        game.answer({"move": 7})
        games[g["id"]] = game
        t.start(g["id"])
        t.record(g["id"], game.as_dict())
store = {}
TournamentShelf(store).save("t1", 5, "2026-11-27 08:05", settings_of(t, specs, "kalah(6,4)", 1.0), t, games)
shelf = TournamentShelf(store)
shelf.load()
saved = shelf.open("t1")
print(saved.tournament.byes, shelf.problems)
print(standings_csv(saved.tournament, saved.specs()))
print("----")
print(games_file(tournament_records(saved.tournament, saved.games, "lab-tournament")))
"""


@needs_micropython
def test_micropython_saves_reads_and_exports_as_cpython_does():
    ours, theirs = run_micropython(MICROPYTHON_CODE).split("----"), run_cpython(MICROPYTHON_CODE).split("----")
    assert ours[0] == theirs[0]
    assert json.loads(ours[1]) == json.loads(theirs[1])
    assert len(json.loads(ours[1])) == 4


def test_saved_after_every_game_the_entry_is_the_whole_tournament_so_far():
    tournament, games = played()
    store = {}
    shelf = TournamentShelf(store)
    settings = settings_of(tournament, FOUR, "kalah(6,4)", LIMIT)
    so_far = {}
    for game_id in sorted(games):
        so_far[game_id] = games[game_id]
        shelf.save("t1", game_id, "2026-11-27 08:05", settings, tournament, so_far)
        data = json.loads(store[PREFIX + "t1"])
        assert (data["saved"], sorted(data["games"], key=int)) == (game_id, [str(i) for i in range(game_id + 1)])
    assert json.loads(store[PREFIX + "t1"]) == json.loads(saved_store(tournament, games)[PREFIX + "t1"]) | {
        "saved": 11}
