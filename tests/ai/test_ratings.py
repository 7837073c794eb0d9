"""scripts/bench/ratings.py: the node budget each level takes, the rating fit and the sentence the
play page shows beside a level (kalah/web/common/game_setup.py LEVEL_STRENGTH)."""

from kalah import Board
from kalah.ai import players
from kalah.ai.search import POLL_EVERY
from scripts.bench import ratings



def test_a_level_takes_its_share_of_the_node_budget():
    board = Board("kalah(6,4)")
    for move in (1, 2, 6, 5):   # out of the opening book, too many seeds for a proof
        board.push(move)
    for name, budget in (("level8", 3000), ("level6", 1500)):   # level 6: half the time, half the nodes
        counted = []
        players.get(name, seed=1).choose(board, time_limit=60.0, max_nodes=3000,
                                         progress=lambda info: counted.append(info["nodes"]))
        # The budget is read every POLL_EVERY nodes; level 6 may finish its depth before it.
        assert counted and max(counted) <= budget + POLL_EVERY, (name, counted)


def test_the_fit_orders_players_by_their_results_and_keeps_a_clean_sweep_finite():
    results = {("a", "b"): (3.0, 10), ("b", "c"): (2.0, 10), ("a", "c"): (0.0, 10)}
    rated = ratings.fit(["a", "b", "c"], results, rounds=500)
    assert rated["a"] == 0 and 0 < rated["b"] < rated["c"] < 2000


def test_the_sentence_names_the_strongest_reference_beaten_and_the_weakest_not():
    names = ratings.REFERENCE_NAMES
    rated = dict(zip(names, (0, 40, 280, 520)))
    results = {("random", "level1"): (1.0, 10), ("first", "level1"): (5.0, 10),
               ("rightmost", "level1"): (7.0, 10), ("greedy", "level1"): (9.0, 10)}
    assert ratings.sentence(results, rated, "level1") == "beats random, loses to rightmost house"
    sweep = dict((key, (3.0, 10)) for key in results)
    assert ratings.sentence(sweep, rated, "level1") == "beats every reference player (70% against greedy)"
