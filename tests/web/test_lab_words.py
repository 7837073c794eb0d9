"""The lab page's words for a game's end and a forfeit's reason (kalah/web/lab/lab_words.py): the
referee's English as it was where no catalog is active, the reader's language where one is, the
parts (numbers, a bot's own text) carried over; a reason the page does not know shown as it came."""

import pytest

from kalah.lab.game import LabGame
from kalah.web.lab.lab_words import forfeit_text, game_text, reason_text

# Each sentence the referee says, as the sources build it (kalah/lab/game.py, kalah/lab/loader.py,
# kalah/web/lab/games.py, kalah/web/lab/bot_sandbox.py).
REASONS = [
    "raised KeyError: 'x'",
    "refused: import of 'os'",
    "returned 3: house 3 is empty",
    "returned 'x', not a legal move",
    "no move within its work budget of 40000 units (the time limit of 1 s)",
    "no move within the time limit of 2 s; the player was stopped",
    "answered after 3.2 s by the referee's clock (0.4 s by its own), past the time limit of 1 s",
    "answered after 3.2 s by the referee's clock, past the time limit of 1 s",
    "the player's Python crashed (MemoryError)",
    "the player's sandbox failed: its sandbox was ended: it sent more than 256 messages",
    "the player's sandbox sent an answer the referee could not check (RecursionError)",
    "the player's sandbox sent a move that is not a whole number",
    "its sandbox sent a message the referee could not read (ValueError)",
    "its sandbox sent a message that is not part of the protocol",
    "the sandbox was closed",
    "the player's sandbox failed",
    "gave up",
    "no reason given",
]


def forfeited(reason, kind="error"):
    game = LabGame(("stuck", "random"))
    game.lose(0, kind, reason)
    return game


@pytest.mark.parametrize("reason", REASONS)
def test_in_english_a_reason_and_a_game_s_end_are_the_referee_s_own_words(reason):
    assert reason_text(reason) == reason
    game = forfeited(reason)
    assert game_text(game) == game.describe()


def test_in_french_each_known_reason_is_translated(french):
    for reason in REASONS:
        assert reason_text(reason) != reason, reason


def test_in_french_the_parts_are_kept_and_a_failure_s_detail_is_said_too(french):
    assert reason_text("raised KeyError: 'x'") == "a levé KeyError : 'x'"
    assert reason_text("the player's sandbox failed: its sandbox was ended: it sent more than 256 messages") == (
        "le bac à sable du joueur a échoué : son bac à sable a été fermé : it sent more than 256 messages")
    game = forfeited("no move within the time limit of 2 s; the player was stopped", "time")
    assert game_text(game) == ("stuck (Sud) - random (Nord) : Sud perd par forfait (temps : aucun coup dans le temps "
                               "maximal de 2 s ; le joueur a été arrêté) ; Nord gagne.")
    assert forfeit_text("stuck", game.forfeit) == (
        "stuck perd par forfait : aucun coup dans le temps maximal de 2 s ; le joueur a été arrêté (temps).")


def test_a_reason_the_page_does_not_know_is_shown_as_it_came(french):
    # A student's bot's own words, and a sentence the referee may say one day.
    assert reason_text("I give up!\n<b>bold</b>") == "I give up!\n<b>bold</b>"
    assert reason_text("raised KeyError: 'x'\nsecond line") == "raised KeyError: 'x'\nsecond line"
