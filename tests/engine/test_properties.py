"""Property tests: conservation, undo, round trips and termination, on every rule set."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kalah import Board, KalahError, find_rules
from kalah.game.board import parse_position
from kalah.records import compact, pgn
from kalah.records.record import Record

FAMILIES = ("kalah", "relay-kalaha", "owari", "oware")
OPTIONS = ("", "+empty-capture", "+gamelink", "+pie", "+empty-capture+gamelink+pie")


@st.composite
def rule_names(draw):
    family = draw(st.sampled_from(FAMILIES))
    houses = draw(st.integers(1, 8))
    seeds = draw(st.integers(1, 12))
    name = "%s(%d,%d)" % (family, houses, seeds)
    if family == "kalah":
        name += draw(st.sampled_from(OPTIONS))
    elif family == "relay-kalaha":
        name += draw(st.sampled_from(("", "+pie")))
    else:
        name += draw(st.sampled_from(("", "+pie", "+limit10", "+pie+limit250")))
    return name


def random_game(name, seed, limit=None):
    """A random legal game; returns the board and the seeds total checked each move."""
    rng = random.Random(seed)
    board = Board(name)
    total = sum(board.pits)
    while board.turn is not None and (limit is None or board.ply() < limit):
        move = rng.choice(board.legal_moves)
        board.push(move)
        assert sum(board.pits) == total
        assert min(board.pits) >= 0
    return board


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(rule_names(), st.integers(0, 10 ** 6))
def test_random_games_conserve_seeds_and_end(name, seed):
    board = random_game(name, seed)
    outcome = board.outcome()
    assert board.turn is None and outcome is not None
    assert outcome.scores == board.scores()
    south, north = outcome.scores
    assert outcome.winner == (0 if south > north else 1 if north > south else None)
    # a long game would mean the limits do not work
    assert board.ply() < 5000


@SETTINGS
@given(rule_names(), st.integers(0, 10 ** 6), st.integers(0, 60))
def test_push_then_pop_restores_the_position_exactly(name, seed, plies):
    board = random_game(name, seed, plies)
    if board.turn is None:
        board.pop()
    before = (board.position(), board.pits, board.turn, board.clock, list(board.move_stack))
    for move in board.legal_moves:
        board.push(move)
        board.pop()
        assert (board.position(), board.pits, board.turn, board.clock, list(board.move_stack)) == before
    board.forfeit(reason="test")
    board.pop()
    assert board.position() == before[0] and board.outcome() is None


@SETTINGS
@given(rule_names(), st.integers(0, 10 ** 6), st.integers(0, 80))
def test_positions_round_trip(name, seed, plies):
    board = random_game(name, seed, plies)
    text = board.position()
    again = Board(position=text)
    assert again.position() == text
    assert again.pits == board.pits and again.turn == board.turn and again.legal_moves == board.legal_moves
    assert format(parse_position(text)[0]) == find_rules(name).name


names = st.one_of(st.none(), st.text(max_size=30))


@SETTINGS
@given(rule_names(), st.integers(0, 10 ** 6), st.integers(0, 400), names, names,
       st.one_of(st.none(), st.sampled_from(["2026-11-22", "2026-11-22T03:00:00Z"])),
       st.booleans(), st.integers(0, 30))
def test_records_round_trip_in_every_form(name, seed, plies, south, north, date, forfeit, start_plies):
    start_board = random_game(name, seed + 1, start_plies)
    if start_board.turn is None:
        start_board.pop()
    board = Board(name, position=start_board.position()) if start_plies % 3 == 0 else Board(name)
    rng = random.Random(seed)
    while board.turn is not None and board.ply() < plies:
        board.push(rng.choice(board.legal_moves))
    if forfeit and board.turn is not None:
        board.forfeit(reason="a 'reason' with \"quotes\" \\ and <b>html</b>", move="x y")
    record = Record.from_board(board, south=south, north=north, date=date, meta={"id": "g1"})
    assert record.board().position() == board.position()
    assert Record.from_json(record.to_json()) == record
    text = compact.write(record)
    assert all(c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~-" for c in text)
    again = compact.read(text)
    again.meta = record.meta  # meta is kept in JSON only
    assert again == record
    again = pgn.read(pgn.write(record))
    again.meta = record.meta
    assert again == record


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_hostile_text_never_raises_anything_but_kalah_error(text):
    for reader in (compact.read, Record.from_json, pgn.read, Board.from_position,
                   find_rules):
        try:
            reader(text)
        except KalahError:
            pass
    board = Board()
    try:
        board.push(text)
    except KalahError:
        assert board.ply() == 0


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="k1.KRWAegpsndfrtm0123456789_~-xZ", max_size=60))
def test_hostile_compact_records_raise_kalah_error(text):
    try:
        compact.read("k1." + text)
    except KalahError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                    lambda children: st.lists(children, max_size=3) | st.dictionaries(
                        st.sampled_from(["rules", "moves", "south", "forfeit", "by", "move", "meta", "start"]),
                        children, max_size=4), max_leaves=10))
def test_hostile_json_records_raise_kalah_error(data):
    try:
        Record.from_dict(data)
    except KalahError:
        pass
    try:
        Record.from_dict({"rules": "kalah", "moves": data})
    except KalahError:
        pass
