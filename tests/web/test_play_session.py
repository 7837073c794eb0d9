"""The play page's pure parts under CPython: new-game choices, the sentences
it shows, and the game session (undo/redo with people and with a computer,
the pie rule's seats, resuming from a record)."""

import pytest

from kalah import Board, KalahError
from kalah.records.record import Record
from kalah.game.rules import NORTH, SOUTH, SWAP
from kalah.web.common import game_setup
from kalah.game.narration import describe_move
from kalah.web.common.game_setup import rules_from_choices, turn_text
from kalah.web.common.house_click import why_not
from kalah.web.play.session import GameSession, sides_of
from tests.micropython.runner import needs_micropython, run_micropython


def test_choices_name_the_rule_sets_of_the_registry():
    assert [f for f, _ in game_setup.family_choices()] == ["kalah", "owari", "oware", "relay-kalaha"]
    assert rules_from_choices("kalah", 3, 3, ["pie", "empty-capture"]).name == "kalah(3,3)+empty-capture+pie"
    # Sizes and options a family does not take are dropped, not errors.
    assert rules_from_choices("owari", 3, 3, ["gamelink", "pie"]).name == "owari+pie"
    assert rules_from_choices("relay-kalaha", 6, 4, ["empty-capture"]).name == "relay-kalaha"
    assert game_setup.takes_size("kalah") and not game_setup.takes_size("oware")
    assert rules_from_choices("oware", move_limit=100).name == "oware"
    assert rules_from_choices("owari", move_limit=200).name == "owari+limit200"
    assert rules_from_choices("kalah", 6, 4, move_limit=200).name == "kalah(6,4)"
    with pytest.raises(KalahError, match="the move limit must be"):
        rules_from_choices("oware", move_limit=3)
    with pytest.raises(KalahError, match="unknown rule set family 'chess'"):
        rules_from_choices("chess")
    with pytest.raises(KalahError, match="houses must be 1..8, not 9"):
        rules_from_choices("kalah", 9, 4)


def test_every_level_has_a_measured_strength():
    # The table scripts/bench/ratings.py prints: a word, a rating, and what the level beats or loses to.
    assert sorted(game_setup.LEVEL_STRENGTH) == sorted(game_setup.LEVELS)
    for word, rating, beats in game_setup.LEVEL_STRENGTH.values():
        assert word and isinstance(rating, int)
        assert beats.startswith(("beats ", "loses to ")), beats
    # The strongest level is rated above every reference player.
    top = game_setup.LEVEL_STRENGTH["level8"][1]
    assert top > max(game_setup.REFERENCE_RATINGS.values())


def test_player_titles():
    assert game_setup.player_title("human") == "Person"
    word, rating, beats = game_setup.LEVEL_STRENGTH["level5"]
    assert game_setup.player_title("level5") == "Computer, level 5 \u2014 %s, %s (rating %d)" % (word, beats, rating)
    assert game_setup.player_title("greedy") == "Computer, greedy (best single move)"
    assert game_setup.seat_labels(("human", "level2")) == ("South \u00b7 Person", "North \u00b7 Computer (level 2)")
    assert game_setup.seat_labels(("human", "level2"), swapped=True) == ("South \u00b7 Computer (level 2)", "North \u00b7 Person")
    assert game_setup.seat_labels(("human", "greedy"), names=("Ann", None)) == (
        "South \u00b7 Ann", "North \u00b7 Computer (greedy (best single move))")


def test_perfect_is_offered_beside_level_8_and_runs_in_the_worker():
    players = game_setup.COMPUTER_PLAYERS
    assert players.index("perfect") == players.index("level8") + 1
    assert game_setup.player_title("perfect") == "Computer, perfect play"
    assert game_setup.seat_labels(("human", "perfect"))[1] == "North \u00b7 Computer (perfect play)"
    assert game_setup.needs_worker(("human", "perfect"))


def test_the_thinking_line_shows_the_depth_or_the_positions_proven():
    text = game_setup.thinking_text
    assert text({"depth": 12, "value": 3, "exact": False}) == "Thinking\u2026 depth 12"
    assert text({"proving": True, "nodes": 0}) == "Proving\u2026 0 positions"
    assert text({"proving": True, "nodes": 35210}) == "Proving\u2026 35 k positions"
    assert text({"proving": True, "nodes": 1234567}) == "Proving\u2026 1.2 M positions"
    assert text({"proving": False, "nodes": 9, "exact": True}) is None


def test_perfects_move_that_is_not_proven_says_why():
    note = game_setup.proof_note
    assert note("perfect", {"exact": False, "why_not": "more than 36 seeds in the houses"}) == (
        "Perfect's last move is not proven (more than 36 seeds in the houses): it played its best search.")
    assert note("perfect", {"exact": True, "why_not": None}) is None
    assert note("perfect", {"exact": True, "book": True}) is None
    assert note("level8", {"exact": False, "why_not": "x"}) is None
    assert note("perfect", None) is None


@needs_micropython
def test_the_thinking_words_run_under_micropython():
    code = ("from kalah.web.common import game_setup as g\n"
            "print(g.thinking_text({'proving': True, 'nodes': 1234567}))\n"
            "print(g.proof_note('perfect', {'exact': False, 'why_not': 'x'}))\n")
    assert run_micropython(code).splitlines() == [
        "Proving\u2026 1.2 M positions", "Perfect's last move is not proven (x): it played its best search."]


def test_the_first_visit_words():
    board = Board("kalah(6,4)")
    assert game_setup.rules_title(board.rules) == "Kalah, 6 houses \u00d7 4 seeds"
    assert game_setup.rules_title(Board("kalah(6,3)+empty-capture+pie").rules) == (
        "Kalah, 6 houses \u00d7 3 seeds, empty capture, pie rule")
    assert game_setup.rules_title(Board("oware").rules) == "Oware abapa"
    assert game_setup.how_to_play(board, ("human", "level3")) == (
        "You play South (bottom row): click a house to sow its seeds.")
    assert game_setup.how_to_play(board, ("level3", "human"), NORTH) == (
        "You play North (bottom row): click a house to sow its seeds.")
    assert turn_text(board, ("human", "level3")) == "South to move."
    assert turn_text(board, ("human", "level3"), ("Ann", None)) == "South to move \u2014 Ann."
    board.push(1)
    assert turn_text(board, ("human", "level3")) == "North to move \u2014 Computer (level 3)."
    assert game_setup.clean_name("  Ann \n  Lee ") == "Ann Lee"


def test_the_result_puts_the_winners_score_first():
    won = Board(position="kalah(6,4)/0,0,0,0,0,0,19,0,0,0,0,0,0,29/-").outcome()
    assert game_setup.result_headline(won, ("Ann", "Computer (level 3)")) == "Computer (level 3) wins 29-19."
    assert game_setup.result_headline(won, ("Ann", "Computer (level 3)"), you=SOUTH) == "You lose 19-29."
    assert game_setup.result_headline(won, ("Ann", "Computer (level 3)"), you=NORTH) == "You win 29-19!"
    draw = Board(position="kalah(6,4)/0,0,0,0,0,0,24,0,0,0,0,0,0,24/-").outcome()
    assert game_setup.result_headline(draw, ("South", "North")) == "Draw, 24-24."
    assert [game_setup.result_kind(won, you) for you in (SOUTH, NORTH, None)] == ["loss", "win", "end"]
    assert game_setup.result_kind(draw, SOUTH) == "draw"


def test_a_resignation_says_who_resigned_not_the_forfeit_score():
    board = Board("kalah(6,4)")
    board.forfeit(SOUTH, reason="resigned")
    names = ("Ann", "Computer (level 3)")
    assert game_setup.result_headline(board.outcome(), names, you=SOUTH) == "You resigned: Computer (level 3) wins."
    assert game_setup.result_headline(board.outcome(), names, you=NORTH) == "Ann resigned: you win!"
    assert game_setup.result_headline(board.outcome(), names) == "Ann resigned: Computer (level 3) wins."


def test_a_session_keeps_the_names_people_chose():
    session = GameSession("kalah(6,4)", ("human", "level3"), names=("Ann", None))
    assert session.meta["south_name"] == "Ann" and "north_name" not in session.meta
    assert session.seat_names() == ("Ann", "Computer (level 3)")
    assert not session.has_moves()
    session.play(3)
    again = GameSession.from_record(session.to_record())
    assert again.names == ("Ann", None) and again.first == SOUTH


def test_computer_players_are_those_the_ai_package_knows():
    players = pytest.importorskip("kalah.ai.players")
    known = getattr(players, "PLAYER_NAMES", None) or getattr(players, "NAMES", None)
    if known is None:
        pytest.skip("kalah.ai.players names its players differently")
    assert set(game_setup.COMPUTER_PLAYERS) <= set(known)


def test_sentences_for_an_extra_turn_and_a_capture():
    board = Board("kalah(6,4)")
    rules = board.rules
    assert describe_move(rules, board.push(3)) == [
        "South sows house C (4 seeds).",
        "The last seed fell in South's store: South moves again."]
    board = Board(position="kalah(6,4)/1,0,4,4,4,4,7,4,4,4,4,4,4,0/S")
    assert describe_move(rules, board.push(1)) == [
        "South sows house A (1 seed).", "South captures 5 seeds from house B and house e."]
    assert turn_text(board) == "North to move."


def test_sentences_for_the_end_of_a_game():
    board = Board(position="kalah(6,4)/0,0,0,0,0,1,20,0,0,0,0,0,3,24/S")
    sentences = describe_move(board.rules, board.push(6))
    assert sentences == [
        "South sows house F (1 seed).",
        "The last seed fell in South's store: South moves again.",
        "North adds the 3 seeds left on their row to their store.",
        "Game over. North wins 27-21. Final score: South 21, North 27."]


def test_why_a_click_does_nothing():
    board = Board("kalah(6,4)")
    assert why_not(board, NORTH, 4) == "It is South's turn: house d belongs to North."
    assert why_not(board, SOUTH, 3) is None
    board.push(3)
    assert why_not(board, SOUTH, 3) == "House C is empty: choose a house with seeds."
    oware = Board(position="oware/0,0,0,0,1,3,20,0,0,0,0,0,0,24/S")
    assert why_not(oware, SOUTH, 5) == ("House E cannot be played now: house 5 of South does not give "
                                        "the opponent seeds, and a move that feeds them exists.")


def test_undo_and_redo_between_people_step_one_move():
    session = GameSession("kalah(6,4)")
    changes = []
    session.add_listener(lambda s, change, report: changes.append(change))
    session.play(3)
    session.play(6)
    assert session.last_move() == (SOUTH, 6)
    assert session.undo() == [(SOUTH, 6)]
    assert session.board.move_stack == [3]
    assert session.redo() is not None
    assert session.board.move_stack == [3, 6]
    assert not session.can_redo()
    assert changes == ["move", "move", "undo", "redo"]


def test_undo_against_the_computer_goes_back_to_the_persons_turn():
    session = GameSession("kalah(6,4)", players=("human", "level3"))
    session.play(1)      # South (person), then North (computer) twice
    session.play(3)
    session.play(1)
    assert session.player_to_move() == "human"
    assert session.undo() == [(SOUTH, 1), (NORTH, 3), (NORTH, 1)]
    assert session.board.move_stack == [] and not session.can_undo()
    watched = GameSession("kalah(6,4)", players=("level1", "level2"))
    watched.play(1)
    assert not watched.can_undo()


def test_the_pie_rule_swaps_who_plays_each_seat():
    session = GameSession("kalah(6,4)+pie", players=("human", "level4"))
    session.play(1)
    assert session.board.can_swap and session.player_to_move() == "level4"
    session.play(SWAP)
    assert session.player_at(NORTH) == "human" and session.player_at(SOUTH) == "level4"
    assert session.human_seat() == NORTH
    assert session.player_to_move() == "human"  # the seat North moves on, now the person's


def test_a_saved_record_resumes_with_players_and_sides():
    session = GameSession("kalah(4,3)", players=("human", "greedy"))
    for move in (1, 2, 4):
        session.play(move)
    record = Record.from_json(session.to_record().to_json())
    resumed = GameSession.from_record(record)
    assert resumed.board.position() == session.board.position()
    assert resumed.players == ("human", "greedy")
    assert resumed.sides == session.sides == sides_of(session.board)


def test_a_game_over_takes_no_undo_a_resignation_included():
    session = GameSession("oware")
    session.play(6)
    outcome = session.resign()
    assert outcome.describe() == "North forfeits (resigned); South wins."
    assert not session.can_undo() and session.undo() == []
    assert session.board.outcome() == outcome
    ended = GameSession("kalah(1,1)")
    ended.play(1)   # South's one seed to its store, North's row empty: over
    assert ended.board.turn is None
    assert not ended.can_undo() and ended.undo() == [] and ended.board.move_stack == [1]


def test_levels_5_to_7_each_say_something_of_their_own():
    said = [game_setup.LEVEL_STRENGTH["level%d" % n][2] for n in (5, 6, 7)]
    assert len(set(said)) == 3, said
    assert said == ["beats every reference player and level 4 (62%)",
                    "beats every reference player and level 5 (57%)",
                    "beats every reference player; even with level 6 (50%)"]
