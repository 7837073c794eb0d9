"""The endgame database agrees with exhaustive search; files round-trip."""

import pytest

from kalah import Board, KalahError
from kalah.ai import endgame
from kalah.ai.reference import Rng
from kalah.ai.search import Search
from kalah.ai.solve import brute_force


@pytest.fixture(autouse=True)
def no_shipped_tables():
    endgame.unload()
    yield
    endgame.unload()


def test_the_index_numbers_every_position_once():
    table = endgame.Table("kalah2", 2, 7)
    seen = set()
    for seeds in range(8):
        for houses in endgame.compositions(seeds, 4):
            seen.add(table.index(houses[:2] + [0] + houses[2:] + [0]))
    assert seen == set(range(table.size))
    assert table.size == 330  # C(7 + 4, 4)


def sample_positions(rules, table, count, seed):
    """Positions with at most table.seeds seeds in houses, the rest in the stores."""
    rng = Rng(seed)
    rules = Board(rules).rules
    m = rules.houses
    found = []
    while len(found) < count:
        left = 1 + rng.randrange(table.seeds)
        houses = [0] * (2 * m)
        for _ in range(left):
            houses[rng.randrange(2 * m)] += 1
        if not any(houses[:m]) or not any(houses[m:]):
            continue
        south_store = rng.randrange(rules.total - left + 1)
        pits = houses[:m] + [south_store] + houses[m:] + [rules.total - left - south_store]
        found.append(pits)
    return found


@pytest.mark.parametrize("rules", ["kalah(3,3)", "kalah(3,3)+empty-capture", "kalah(3,3)+gamelink",
                                   "kalah(4,2)", "kalah(6,4)"])
def test_the_table_agrees_with_exhaustive_search(rules):
    seeds = 7 if rules.startswith("kalah(6") else 9
    table = endgame.build(rules, seeds)
    m = table.m
    for pits in sample_positions(rules, table, 40, seed=seeds + len(rules)):
        for side in (0, 1):
            board = Board(position="%s/%s/%s" % (Board(rules).rules.name, ",".join(map(str, pits)), "SN"[side]))
            mover = pits if side == 0 else pits[m + 1:] + pits[:m + 1]
            expected = brute_force(board)
            assert mover[m] - mover[2 * m + 1] + table.value(mover) == expected, board.position()


def test_the_search_is_exact_at_once_with_the_table():
    table = endgame.build("kalah(6,4)", 6)
    board = Board(position="kalah(6,4)/1,0,0,2,0,0,20,0,1,0,0,2,0,22/S")
    proving = Search(Board().rules, endgame=table)
    analysis = proving.analyse(board, time_limit=None)
    assert analysis.exact and analysis.depth == 0 and analysis.nodes == 0   # the proof reads the table
    assert analysis.value == brute_force(board)
    searching = Search(Board().rules, endgame=table)
    searching.prover = None
    analysis = searching.analyse(board, time_limit=None)
    assert analysis.exact and analysis.depth == 1
    assert analysis.value == brute_force(board)


def test_a_table_round_trips_through_bytes_and_loads_for_the_right_rules():
    table = endgame.build("kalah(3,3)", 5)
    blob = table.to_bytes()
    loaded = endgame.load("kalah(3,5)", blob)  # any n: only the seeds left matter
    assert loaded.data == table.data and loaded.seeds == 5
    assert endgame.table_for("kalah(3,1)") is loaded
    assert endgame.table_for("kalah(3,3)+empty-capture") is None


def test_loading_a_table_for_other_rules_or_a_damaged_file_says_so(tmp_path):
    blob = endgame.build("kalah(3,3)", 4).to_bytes()
    with pytest.raises(KalahError, match="is for kalah3, not for kalah\\(3,3\\)\\+empty-capture"):
        endgame.load("kalah(3,3)+empty-capture", blob)
    with pytest.raises(KalahError, match="not a Kalah endgame table"):
        endgame.load("kalah(3,3)", b"hello")
    with pytest.raises(KalahError, match="damaged"):
        endgame.load("kalah(3,3)", blob[:-10])
    with pytest.raises(KalahError, match="cannot read endgame table"):
        endgame.load("kalah(3,3)", str(tmp_path / "missing.bin"))
    with pytest.raises(KalahError, match="only Kalah"):
        endgame.build("owari", 3)


def test_db_keys_ignore_the_initial_seeds_and_the_pie_rule():
    assert endgame.db_key("kalah(6,4)") == endgame.db_key("kalah(6,6)+pie") == "kalah6"
    assert endgame.db_key("kalah(6,3)+empty-capture") == "kalah6+empty-capture"
    assert endgame.db_key("oware") is None and endgame.db_key("relay-kalaha") is None


def test_the_shipped_kalah6_table_agrees_with_search_without_it():
    import os
    path = os.path.join(endgame.DATA_DIR, endgame.file_name("kalah6"))
    if not os.path.exists(path):
        pytest.skip("no shipped table")
    table = endgame.load("kalah(6,4)", path)
    rules = Board().rules
    for pits in sample_positions("kalah(6,4)", table, 4, seed=11):
        left = 48 - pits[6] - pits[13]
        if left > 10:
            continue  # keep the search without the table quick
        board = Board(position="kalah(6,4)/%s/S" % ",".join(map(str, pits)))
        analysis = Search(rules).analyse(board, time_limit=None)
        assert analysis.exact
        assert analysis.value == pits[6] - pits[13] + table.value(pits)
