"""Puzzles from your games ask for your moves, never the computer's (issue 36)."""

import json

import pytest

from kalah.study import history_puzzles
from kalah.records.record import Record
from kalah.game.rules import NORTH, SOUTH
from scripts.harness.random_games import random_game

GAME = random_game(7)


def record_with(south, north):
    meta = {}
    if south is not None:
        meta["south_player"] = south
    if north is not None:
        meta["north_player"] = north
    return Record(GAME.rules, GAME.moves, meta=meta)


@pytest.mark.parametrize("south,north,sides", [
    ("human", "level3", {SOUTH}),
    ("level5", "human", {NORTH}),
    ("human", "human", {SOUTH, NORTH}),
    (None, None, {SOUTH, NORTH}),      # an imported game: who played is not known
    ("level1", "greedy", set()),       # the computers' own game
])
def test_only_positions_before_a_persons_move_are_candidates(south, north, sides):
    record = record_with(south, north)
    assert history_puzzles.players_sides(record) == sides
    found = set(board.turn for board, ply in history_puzzles.candidate_boards(record))
    everyone = set(board.turn for board, ply in history_puzzles.candidate_boards(record_with(None, None)))
    assert everyone == {SOUTH, NORTH}   # the game gives candidates to both sides
    assert found == sides


def test_the_first_versions_cache_is_checked_again_without_a_word():
    old = json.dumps({"format": history_puzzles.CACHE_FORMAT, "version": 1,
                      "games": {"g1": {"fingerprint": "x", "rules": "kalah(6,4)", "puzzles": []}}})
    found, problem = history_puzzles.YourPuzzles.from_text(old)
    assert found.games == {} and problem is None
