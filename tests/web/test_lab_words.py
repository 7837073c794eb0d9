"""The lab page's words for a game's end and a forfeit's reason (kalah/web/lab/lab_words.py): the
referee's English as it was where no catalog is active, the reader's language where one is, said
from the forfeit's `why` (kalah/lab/reasons.py), the parts (numbers, a bot's own text) carried
over; a reason without one (stored before it, a bot's own words) shown as it came."""

import pytest

from kalah.errors import Reason
from kalah.lab import reasons
from kalah.lab.game import LabGame
from kalah.web.lab.lab_words import forfeit_text, game_text, reason_text

ENDED = Reason(reasons.SANDBOX_ENDED, detail="it sent more than 256 messages")
# Each reason the page's referee and its players' sandboxes give, and its English as it always was
# (kalah/lab/loader.py, kalah/lab/game.py, kalah/web/lab/games.py, kalah/web/lab/bot_sandbox.py).
REASONS = [
    (Reason(reasons.RAISED, error="KeyError", message="'x'"), "raised KeyError: 'x'"),
    (Reason(reasons.REFUSED, detail="import of 'os'"), "refused: import of 'os'"),
    (Reason(reasons.HOUSE_EMPTY, answer="3", house=3), "returned 3: house 3 is empty"),
    (Reason(reasons.NOT_LEGAL, answer="'x'"), "returned 'x', not a legal move"),
    (Reason(reasons.WORK_BUDGET, units="40,000", limit="1"),
     "no move within its work budget of 40,000 units (the time limit of 1 s)"),
    (Reason(reasons.TIME_LIMIT, limit="2"), "no move within the time limit of 2 s; the player was stopped"),
    (Reason(reasons.LATE_OWN_CLOCK, seconds="3.2", own="0.4", limit="1"),
     "answered after 3.2 s by the referee's clock (0.4 s by its own), past the time limit of 1 s"),
    (Reason(reasons.LATE, seconds="3.2", limit="1"),
     "answered after 3.2 s by the referee's clock, past the time limit of 1 s"),
    (Reason(reasons.CRASHED, detail="MemoryError"), "the player's Python crashed (MemoryError)"),
    (Reason(reasons.SANDBOX_FAILED_BECAUSE, detail=ENDED),
     "the player's sandbox failed: its sandbox was ended: it sent more than 256 messages"),
    (Reason(reasons.SANDBOX_UNCHECKED, error="RecursionError"),
     "the player's sandbox sent an answer the referee could not check (RecursionError)"),
    (Reason(reasons.SANDBOX_SENT, detail=Reason(reasons.NEITHER)),
     "the player's sandbox sent a message that is neither a move nor a forfeit"),
    (Reason(reasons.SANDBOX_UNREADABLE, error="ValueError"),
     "its sandbox sent a message the referee could not read (ValueError)"),
    (Reason(reasons.SANDBOX_OFF_PROTOCOL), "its sandbox sent a message that is not part of the protocol"),
    (Reason(reasons.SANDBOX_CLOSED), "the sandbox was closed"),
    (Reason(reasons.SANDBOX_FAILED), "the player's sandbox failed"),
    (Reason(reasons.GAVE_UP), "gave up"),
    (Reason(reasons.NO_REASON), "no reason given"),
]


def forfeited(reason, kind="error"):
    game = LabGame(("stuck", "random"))
    game.lose(0, kind, reason)
    return game


@pytest.mark.parametrize("reason, english", REASONS)
def test_in_english_a_reason_and_a_game_s_end_are_the_referee_s_own_words(reason, english):
    game = forfeited(reason)
    assert game.forfeit["reason"] == english
    assert reason_text(game.forfeit) == english
    assert game_text(game) == game.describe()


def test_in_french_each_reason_is_translated(french):
    for reason, english in REASONS:
        assert reason_text(forfeited(reason).forfeit) != english, english


def test_in_french_the_parts_are_kept_and_a_failure_s_detail_is_said_too(french):
    assert reason_text(forfeited(REASONS[0][0]).forfeit) == "a levé KeyError : 'x'"
    assert reason_text(forfeited(REASONS[9][0]).forfeit) == (
        "le bac à sable du joueur a échoué : son bac à sable a été fermé : it sent more than 256 messages")
    game = forfeited(Reason(reasons.TIME_LIMIT, limit="2"), "time")
    assert game_text(game) == ("stuck (Sud) - random (Nord) : Sud perd par forfait (temps : aucun coup dans le temps "
                               "maximal de 2 s ; le joueur a été arrêté) ; Nord gagne.")
    assert forfeit_text("stuck", game.forfeit) == (
        "stuck perd par forfait : aucun coup dans le temps maximal de 2 s ; le joueur a été arrêté (temps).")


def test_a_reason_without_its_data_is_shown_as_it_came(french):
    # A student's bot's own words, and a result stored before forfeits carried their `why`.
    assert reason_text(forfeited("I give up!\n<b>bold</b>").forfeit) == "I give up!\n<b>bold</b>"
    assert reason_text({"kind": "error", "reason": "raised KeyError: 'x'"}) == "raised KeyError: 'x'"
