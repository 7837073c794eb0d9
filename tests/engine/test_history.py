"""The history model over a plain dict store: saving, loading, corruption, quota, merge, stats."""

import json
import random

import pytest

from kalah import Board, KalahError
from kalah.library.history import ASIDE_PREFIX, GAME_PREFIX, LEGACY_KEY, SCHEMA_KEY, History, StorageFull
from kalah.library.history_import import read_import
from kalah.records import compact, pgn
from kalah.records.record import Record
from scripts.harness.random_games import random_game as play   # a game of random moves


class FullStore(dict):
    """A store that refuses writes beyond `limit` characters, like a full localStorage."""

    def __init__(self, limit):
        dict.__init__(self)
        self.limit = limit

    def __setitem__(self, key, value):
        used = sum(len(k) + len(v) for k, v in self.items() if k != key)
        if used + len(key) + len(value) > self.limit:
            raise StorageFull("browser storage is full")
        dict.__setitem__(self, key, value)


def test_a_saved_game_loads_back_with_its_facts():
    store = {}
    record = play(1, south="Ann", north="Computer level 3", date="2026-11-22", meta={"id": "g1"})
    assert History(store).save(record, now=1000, writer="tab1") == "g1"

    entry = History(store).get("g1")
    assert entry.record == record
    assert (entry.south, entry.north, entry.rules, entry.date) == ("Ann", "Computer level 3", "kalah(6,4)", "2026-11-22")
    assert entry.moves == len(record.moves)
    assert entry.status == "finished"
    assert entry.result == record.outcome().result()
    assert store[SCHEMA_KEY] == "2"
    assert set(store) == {SCHEMA_KEY, GAME_PREFIX + "g1"}


def test_unfinished_game_is_kept_after_every_move_under_one_key():
    store = {}
    history = History(store)
    for plies in range(1, 6):
        history.save(play(2, plies, meta={"id": "live"}), now=plies, writer="tab1")
    assert [k for k in store if k.startswith(GAME_PREFIX)] == [GAME_PREFIX + "live"]
    entry = History(store).get("live")
    assert entry.status == "unfinished" and entry.moves == 5 and entry.result == "unfinished"


def test_a_corrupted_entry_is_set_aside_and_reported_while_the_others_load():
    store = {}
    history = History(store)
    history.save(play(1, meta={"id": "a"}))
    history.save(play(2, meta={"id": "b"}))
    store[GAME_PREFIX + "b"] = store[GAME_PREFIX + "b"][:-20]          # truncated JSON
    store[GAME_PREFIX + "c"] = json.dumps({"v": 2, "id": "c", "record": {"rules": "kalah(6,4)", "moves": [9]}})
    store[GAME_PREFIX + "d"] = json.dumps({"v": 99, "id": "d"})

    reloaded = History(store)
    assert list(reloaded.entries) == ["a"]
    assert sorted(p[0] for p in reloaded.problems) == [ASIDE_PREFIX + "b", ASIDE_PREFIX + "c", ASIDE_PREFIX + "d"]
    assert "newer version" in dict(reloaded.problems)[ASIDE_PREFIX + "d"]
    assert "move 1 is 9" in dict(reloaded.problems)[ASIDE_PREFIX + "c"]
    # Set aside, not lost; still reported on the next load; discarding forgets it.
    assert store[ASIDE_PREFIX + "c"].startswith('{"v": 2')
    again = History(store)
    assert len(again.problems) == 3
    again.discard_problem(ASIDE_PREFIX + "c")
    assert ASIDE_PREFIX + "c" not in store and len(History(store).problems) == 2


def test_a_full_store_refuses_the_write_and_keeps_what_was_saved():
    first = play(1, meta={"id": "kept"})
    store = FullStore(limit=len(json.dumps(first.to_dict())) + 300)
    history = History(store)
    history.save(first)
    before = dict(store)
    with pytest.raises(StorageFull):
        history.save(play(3, meta={"id": "big"}))
    assert dict(store) == before
    assert list(History(store).entries) == ["kept"]


def test_schema_1_history_blob_is_migrated_to_one_key_per_game():
    old = [dict(play(1, meta={"id": "old1"}).to_dict(), saved=5), dict(play(2).to_dict(), saved=6), {"moves": "x"}]
    store = {LEGACY_KEY: json.dumps(old)}
    history = History(store)
    assert LEGACY_KEY not in store
    assert "old1" in history.entries and len(history.entries) == 2
    assert history.get("old1").saved == 5
    assert len(history.problems) == 1 and "old history" in history.problems[0][1]
    assert store[SCHEMA_KEY] == "2"


def test_two_tabs_never_overwrite_each_others_game():
    store = {}
    tab1, tab2 = History(store), History(store)
    base = play(4, 6, meta={"id": "g"})
    tab1.save(base, writer="t1")
    # Tab 2 resumed the same game and played on: it continues, so it may write.
    ahead = play(4, 8, meta={"id": "g"})
    assert tab2.save(ahead, writer="t2") == "g"
    # Tab 1 plays a different move from its older position: saved as a new game.
    branch = Record(base.rules, base.moves + [m for m in Board(position=base.board().position()).legal_moves
                                              if m != ahead.moves[6]][:1], meta={"id": "g"})
    new_id = tab1.save(branch, writer="t1")
    assert new_id != "g" and branch.meta["id"] == new_id
    reloaded = History(store)
    assert reloaded.get("g").record.moves == ahead.moves
    assert reloaded.get(new_id).record.moves == branch.moves


def test_the_same_tab_may_take_moves_back():
    store = {}
    history = History(store)
    history.save(play(5, 10, meta={"id": "g"}), writer="t1")
    history.save(play(5, 7, meta={"id": "g"}), writer="t1")
    assert History(store).get("g").moves == 7


def test_a_game_undone_to_its_start_leaves_no_entry_and_comes_back_on_redo():
    store = {}
    history = History(store)
    history.save(play(5, 3, meta={"id": "g"}), writer="t1")
    assert history.save(play(5, 0, meta={"id": "g"}), writer="t1") == "g"
    assert History(store).entries == {} and not any(key.startswith(GAME_PREFIX) for key in store)
    history.save(play(5, 1, meta={"id": "g"}), writer="t1")
    assert History(store).get("g").moves == 1


def test_an_empty_game_never_removes_another_tabs_game():
    store = {}
    History(store).save(play(5, 3, meta={"id": "g"}), writer="t1")
    History(store).save(play(5, 0, meta={"id": "g"}), writer="t2")
    assert History(store).get("g").moves == 3


def test_delete_and_undo():
    store = {}
    history = History(store)
    history.save(play(1, meta={"id": "a"}))
    entry = history.delete("a")
    assert History(store).entries == {}
    history.restore(entry)
    assert History(store).get("a").record == entry.record
    with pytest.raises(KalahError, match="no saved game zz"):
        history.delete("zz")


def test_export_then_import_merges_without_duplicates():
    store = {}
    history = History(store)
    for seed in range(4):
        history.save(play(seed, meta={"id": "g%d" % seed}), now=seed)
    exported = history.export_json()

    other = History({})
    other.save(play(0, meta={"id": "g0"}))
    other.save(play(9, 5, meta={"id": "g3"}))    # a different game under a held id
    assert other.merge(read_import(exported)) == (3, 0, 1)
    assert len(other.entries) == 5
    assert other.merge(read_import(exported)) == (0, 0, 4)
    assert len(other.entries) == 5


def test_merge_replaces_a_game_by_its_continuation_only():
    history = History({})
    history.save(play(6, 10, meta={"id": "g"}))
    assert history.merge(read_import(play(6, 12, meta={"id": "g"}).to_json())) == (0, 1, 0)
    assert history.get("g").moves == 12
    assert history.merge(read_import(play(6, 8, meta={"id": "g"}).to_json())) == (0, 0, 1)
    assert history.get("g").moves == 12


def test_import_reads_pgn_compact_and_json_and_says_what_is_wrong():
    record = play(7, south="Ann")
    assert read_import(pgn.write(record))[0].record == pgn.read(pgn.write(record))
    assert len(read_import(pgn.write(record) + "\n" + pgn.write(play(8)))) == 2
    assert read_import(compact.write(record))[0].record.moves == record.moves
    assert read_import("[%s]" % record.to_json())[0].record == record
    for text, message in [("", "nothing to import"), ("{oops", "not valid JSON"),
                          ('{"format": "kalah-history", "schema": 7, "games": []}', "newer version"),
                          ('{"format": "kalah-history", "schema": 2, "games": [{"v": 2}]}', "game 1 of the file"),
                          ("[1, 2]", "game 1 of the file"),
                          ("hello there", "PGN")]:
        with pytest.raises(KalahError, match=message):
            read_import(text)


def test_listing_sorts_and_filters():
    history = History({})
    history.save(play(1, south="Ann", north="Bob", date="2026-01-02", meta={"id": "a"}))
    history.save(play(2, 5, south="Cy", north="Ann", date="2026-01-03", meta={"id": "b"}))
    history.save(play(3, south="Bob", north="Dee", date="2026-01-01", meta={"id": "c"}))
    assert [e.id for e in history.listing()] == ["b", "a", "c"]
    assert [e.id for e in history.listing(sort="date", descending=False)] == ["c", "a", "b"]
    assert [e.id for e in history.listing(sort="moves", descending=False)][0] == "b"
    assert [e.id for e in history.listing(player="ann")] == ["b", "a"]
    assert [e.id for e in history.listing(status="unfinished")] == ["b"]
    with pytest.raises(KalahError, match="cannot sort by 'colour'"):
        history.listing(sort="colour")


def test_statistics_and_ranking_count_finished_games():
    history = History({})
    games = [(1, "Ann", "Bob"), (2, "Ann", "Bob"), (3, "Bob", "Ann"), (4, "Cy", "Ann")]
    for seed, south, north in games:
        history.save(play(seed, south=south, north=north, meta={"id": "g%d" % seed}))
    history.save(play(5, 4, south="Ann", north="Zed", meta={"id": "open"}))   # unfinished: not counted
    expected = {}
    for seed, south, north in games:
        winner = play(seed).outcome().winner
        for side, name in ((0, south), (1, north)):
            w, d, l = expected.get(name, (0, 0, 0))
            expected[name] = (w + (winner == side), d + (winner is None), l + (winner not in (None, side)))
    stats = history.statistics()
    assert {n: (s.wins, s.draws, s.losses) for n, s in stats.items()} == expected
    assert stats["Ann"].games == 4
    ranking = history.ranking()
    ratios = [s.ratio() for s in ranking]
    assert ratios == sorted(ratios, reverse=True)
    assert "Zed" not in stats


def test_an_import_that_fills_the_store_keeps_what_fitted_and_says_so():
    games = [play(seed, meta={"id": "g%d" % seed}) for seed in range(6)]
    one = len(json.dumps(games[0].to_dict())) + 200
    store = FullStore(limit=3 * one)
    history = History(store)
    with pytest.raises(StorageFull, match="games were imported before it filled up"):
        history.merge(read_import(json.dumps([g.to_dict() for g in games])))
    kept = History(store)
    assert 1 <= len(kept.entries) < 6
    assert all(kept.get(gid).record == history.get(gid).record for gid in kept.entries)


def test_a_thousand_damaged_import_files_raise_only_kalah_error():
    history = History({})
    for seed in range(2):
        history.save(play(seed, 20, south="Ann <b>", meta={"id": "g%d" % seed}))
    texts = [history.export_json(), pgn.write(play(3)), play(4).to_json(), compact.write(play(5))]
    rng = random.Random(7)
    junk = '{}[]",:0123456789.-eE \n\\"nulltruefalse[Variant "x"]kK<>\u00e9'
    refused = 0
    for _ in range(1000):
        text = rng.choice(texts)
        for _ in range(rng.randrange(1, 4)):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + "".join(rng.choice(junk) for _ in range(rng.randrange(0, 4))) + text[at + rng.randrange(0, 4):]
        try:
            entries = read_import(text)
        except KalahError as error:
            refused += 1
            assert str(error)
            continue
        History({}).merge(entries)
    assert refused > 300


def test_a_long_history_lists_from_summaries_and_replays_a_game_only_when_used():
    store = {}
    history = History(store)
    for seed in range(5):
        history.save(play(seed, south="Ann", meta={"id": "g%d" % seed}))
    # A record whose moves no longer replay, with its summary intact: listed, refused when opened.
    data = json.loads(store[GAME_PREFIX + "g4"])
    data["record"]["moves"][0] = 7
    store[GAME_PREFIX + "g4"] = json.dumps(data)
    reloaded = History(store)
    assert all(entry._record is None for entry in reloaded.entries.values())
    assert [e.id for e in reloaded.listing(sort="date")] and len(reloaded.ranking()) == 2
    assert reloaded.get("g1").record == history.get("g1").record
    with pytest.raises(KalahError, match="move 1"):
        reloaded.get("g4").record
    # A summary that does not fit its record is set aside at once.
    data["summary"]["moves"] = 3
    store[GAME_PREFIX + "g4"] = json.dumps(data)
    assert "g4" not in History(store).entries


def test_a_game_left_for_a_new_one_is_abandoned_until_played_on():
    store = {}
    history = History(store)
    record = play(8, 6, meta={"id": "g"})
    history.save(record, writer="t1")
    history.mark_abandoned("g")
    assert History(store).get("g").status == "abandoned"
    assert History(store).listing(status="unfinished") == []
    resumed = History(store).get("g").record
    resumed.meta.pop("abandoned")
    History(store).save(resumed, writer="t1")
    assert History(store).get("g").status == "unfinished"


def test_players_are_named_by_the_record_or_meta_or_as_computer_levels():
    from kalah.records.identity import player_name
    record = play(1, 4, meta={"south_player": "level5", "north_player": "human", "north_name": " Zoë "})
    assert (player_name(record, 0), player_name(record, 1)) == ("Computer (level 5)", "Zoë")
    record = play(1, 4, south="Ann", meta={"south_player": "random"})
    assert (player_name(record, 0), player_name(record, 1)) == ("Ann", "Person (North)")
    assert player_name(play(1, 4, meta={"south_player": "random"}), 0) == "Computer (random)"
    assert player_name(record, 1, seat=False) == "Person"


def test_saving_needs_no_load_of_the_other_games():
    store = {}
    History(store).save(play(1, meta={"id": "a"}))
    store[GAME_PREFIX + "junk"] = "{"
    writer = History(store, load=False)
    assert writer.entries == {} and writer.problems == []
    writer.save(play(2, 5, meta={"id": "b"}), writer="t")
    writer.mark_abandoned("b")
    assert History(store).get("b").status == "abandoned" and History(store).get("a") is not None


def test_an_import_replaces_a_stored_copy_that_no_longer_replays():
    store = {}
    History(store).save(play(1, meta={"id": "g"}))
    data = json.loads(store[GAME_PREFIX + "g"])
    data["record"]["moves"][0] = 7
    store[GAME_PREFIX + "g"] = json.dumps(data)
    history = History(store)
    assert history.merge(read_import(play(1, meta={"id": "g"}).to_json())) == (0, 1, 0)
    assert History(store).get("g").record == play(1, meta={"id": "g"})


def test_spread_sorted_sorts_as_sorted_does_in_either_direction():
    from kalah.library.history import spread_sorted
    rng = random.Random(5)
    for count in (0, 1, 2, 3, 10, 97, 1500):
        rows = [(rng.randrange(20), n) for n in range(count)]
        for data in (rows, sorted(rows), sorted(rows, reverse=True)):
            for descending in (False, True):
                assert spread_sorted(data, lambda r: r, descending) == sorted(data, reverse=descending)


def test_unreadable_games_of_a_schema_1_history_are_kept_aside_before_its_key_goes():
    # Issue 37 (10): they were reported, the old key deleted and nothing kept.
    broken = [{"moves": "x"}, {"rules": "kalah(6,4)", "moves": [7]}]
    old = [dict(play(1, meta={"id": "old1"}).to_dict(), saved=5)] + broken
    store = {LEGACY_KEY: json.dumps(old)}
    history = History(store)
    assert LEGACY_KEY not in store and list(history.entries) == ["old1"]
    assert [json.loads(store[ASIDE_PREFIX + "legacy-%d" % n]) for n in (2, 3)] == broken
    assert [(key, message.split(" (")[0], message.split("); ")[1]) for key, message in history.problems] == [
        (ASIDE_PREFIX + "legacy-2", "game 2 of the old history could not be read",
         "it was set aside as kalah.aside.legacy-2"),
        (ASIDE_PREFIX + "legacy-3", "game 3 of the old history could not be read",
         "it was set aside as kalah.aside.legacy-3")]
    # Listed again as set aside on the next load, until discarded.
    assert [key for key, _ in History(store).problems] == [ASIDE_PREFIX + "legacy-2", ASIDE_PREFIX + "legacy-3"]


def test_a_schema_1_history_is_kept_whole_when_there_is_no_room_to_set_a_game_aside():
    old = [dict(play(1, meta={"id": "old1"}).to_dict(), saved=5), {"moves": "x" * 400}]
    text = json.dumps(old)
    migrated = {LEGACY_KEY: text}
    History(migrated)
    # Room for the old history and its readable game, not for the unreadable one aside.
    store = FullStore(limit=sum(len(k) + len(v) for k, v in migrated.items() if not k.startswith(ASIDE_PREFIX))
                      + len(text) + 100)
    dict.__setitem__(store, LEGACY_KEY, text)
    history = History(store)
    assert store[LEGACY_KEY] == text                 # nothing lost
    assert history.problems == [(LEGACY_KEY, "game 2 of the old history could not be read (JSON record: 'rules' "
                                 "and 'moves' are required); no room to set it aside: the old history is kept as it was "
                                 "under kalah.history")]


def test_a_stored_summary_that_contradicts_its_moves_is_corrected_and_reported():
    # Issue 37 (10): "mallory won 48-0" stood in the ranking, from a summary alone.
    store = {}
    History(store).save(play(4, south="bob", north="mallory", meta={"id": "g"}))
    honest = History(store).get("g")
    data = json.loads(store[GAME_PREFIX + "g"])
    data["summary"].update(result="0-48", winner=1)
    store[GAME_PREFIX + "g"] = json.dumps(data)
    history = History(store)
    assert history.check_summaries(limit=0) == 1
    assert history.check_summaries() == 0
    entry = history.get("g")
    assert (entry.result, entry.winner) == (honest.result, honest.winner)
    assert history.problems == [("note:" + GAME_PREFIX + "g", "saved game g: its stored summary said 'mallory won "
                                 "48-0' but its moves give '%s'; corrected" % honest.result_text())]
    assert History(store).get("g").summary() == honest.summary()      # written back
    # The report is a note: discarding it keeps the game.
    history.discard_problem(history.problems[0][0])
    assert history.problems == [] and History(store).get("g").summary() == honest.summary()
