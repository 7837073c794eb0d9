"""The referee's reasons as one fact in one place (kalah/lab/reasons.py, issue 40): each forfeit and
load error keeps its English (the command line, records, the CSV) and the same reason as data
(`why`), which the lab page says in its language; what arrives from a player, a file or storage
is trusted only as one of the referee's own templates; every template is in every catalog."""

import ast
import glob
import json
import os

import pytest

from babel.messages.pofile import read_po

from kalah import i18n
from kalah.errors import Reason
from kalah.game.board import Board
from kalah.lab import reasons, worker_api
from kalah.lab.game import LabGame, plain_reply
from kalah.errors import KalahError
from kalah.lab.saved_tournaments import checked, kept_game
from kalah.lab.seats import InProcessSeat
from kalah.lab.tournament import Tournament
from kalah.web.lab.lab_words import forfeit_text, game_text, load_error_text, reason_text
from tests.micropython.runner import needs_micropython, run_cpython, run_micropython

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAB = os.path.join(ROOT, "kalah", "lab")
CRASH = "def select_move(board, lookahead):\n    return {}['missing']\n"


def forfeit_of(source, time_limit=0.2):
    """The referee's forfeit of a bot that loses its first move, as the page's worker sends it."""
    reply = InProcessSeat({"name": "ada", "source": source}, None, time_limit).ask(Board())
    game = LabGame(("ada", "bob"))
    game.answer(plain_reply(json.loads(json.dumps(reply)), 6))
    return game


def test_every_reason_template_of_the_lab_is_translated_in_every_catalog():
    for path in sorted(glob.glob(os.path.join(ROOT, "locale", "*", "LC_MESSAGES", "kalah.po"))):
        with open(path, encoding="utf-8") as handle:
            catalog = read_po(handle)
        missing = [template for template in reasons.TEMPLATES
                   if catalog.get(template) is None or not catalog.get(template).string
                   or catalog.get(template).fuzzy]
        assert missing == [], path
    assert len(reasons.TEMPLATES) > 60


def test_the_lab_marks_its_reasons_only_in_kalah_lab_reasons():
    """No template is written anywhere else in kalah/lab: one place for each reason."""
    elsewhere = []
    for path in sorted(glob.glob(os.path.join(LAB, "*.py"))):
        if path.endswith("reasons.py"):
            continue
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("N_", "_"):
                elsewhere.append("%s:%d" % (os.path.basename(path), node.lineno))
    assert elsewhere == []


def test_a_bot_s_forfeit_carries_its_english_and_the_same_reason_as_data():
    game = forfeit_of(CRASH)
    assert game.forfeit["reason"] == "raised KeyError: 'missing'"
    assert game.forfeit["why"] == {"template": reasons.RAISED, "params": {"error": "KeyError", "message": "'missing'"}}
    assert game.describe() == "ada (South) - bob (North): South forfeits (error: raised KeyError: 'missing'); North wins."


def test_a_forfeit_and_a_load_error_in_french(french):
    game = forfeit_of(CRASH)
    assert forfeit_text("ada", game.forfeit) == "ada perd par forfait : a levé KeyError : 'missing' (erreur)."
    unloaded = forfeit_of("x = (\n")
    assert unloaded.forfeit["reason"] == "could not be loaded: <ada>: line 1, column 5: '(' was never closed"
    assert forfeit_text("ada", unloaded.forfeit) == (
        "ada perd par forfait : n'a pas pu être chargé : <ada> : ligne 1, colonne 5 : '(' was never closed (erreur).")
    checked_code = worker_api.check({"source": "x = 1\n", "name": "ada"})
    assert checked_code["message"] == ("<ada> defines neither select_move(board, lookahead) nor algorithm(game): a "
                                       "player needs one of them")
    assert load_error_text(checked_code) == ("<ada> ne définit ni select_move(board, lookahead) ni algorithm(game) : "
                                             "un joueur a besoin de l'une des deux")


def test_an_answer_that_is_no_house_is_said_in_french_and_no_reason_holds_an_exception(french):
    game = forfeit_of("def algorithm(game):\n    return 'x'\n")
    assert game.forfeit["reason"] == "returned 'x', which is not a house number 1..6"
    assert reason_text(game.forfeit) == "a renvoyé 'x', qui n'est pas un numéro de case 1..6"
    # A reason wraps reasons, never the exception that said it: its traceback would keep every frame
    # (and a seat's process) alive until the collector ran, maybe inside a counted move.
    error = InProcessSeat({"name": "ada", "source": "x = (\n"}, None, 0.2).error[1]
    assert type(error) is Reason and type(error.params["error"]) is Reason


def test_the_page_s_referee_reasons_in_french(french):
    game = LabGame(("stuck", "random"))
    game.lose(0, "time", Reason(reasons.TIME_LIMIT, limit="2"))
    assert game.forfeit["reason"] == "no move within the time limit of 2 s; the player was stopped"
    assert game_text(game) == ("stuck (Sud) - random (Nord) : Sud perd par forfait (temps : aucun coup dans le temps "
                               "maximal de 2 s ; le joueur a été arrêté) ; Nord gagne.")
    failed = LabGame(("a", "b"))
    failed.lose(0, "error", Reason(reasons.SANDBOX_FAILED_BECAUSE,
                                   detail=Reason(reasons.SANDBOX_ENDED, detail="it sent more than 256 messages")))
    assert failed.forfeit["reason"] == ("the player's sandbox failed: its sandbox was ended: it sent more than 256 "
                                        "messages")
    assert reason_text(failed.forfeit) == ("le bac à sable du joueur a échoué : son bac à sable a été fermé : it sent "
                                           "more than 256 messages")


def test_a_refused_call_and_a_tournament_that_cannot_start_in_french(french):
    game = forfeit_of("import sys\ndef select_move(board, lookahead):\n    sys.settrace(None)\n    return 1\n")
    assert game.forfeit["reason"] == ("refused: sys.settrace is not allowed in a player (its work is counted), nor "
                                      "is going on past its work budget")
    assert reason_text(game.forfeit) == ("refusé : sys.settrace n'est pas permis dans un joueur (son travail est "
                                         "compté), ni continuer au-delà de son budget de travail")
    with pytest.raises(KalahError) as caught:
        Tournament([{"name": "ada"}, {"name": "ada"}])
    assert str(caught.value) == "two players are named 'ada': give each a different name"
    assert i18n.translated(caught.value) == "deux joueurs s'appellent 'ada' : donnez à chacun un nom différent"


def test_a_stored_forfeit_without_why_and_a_bot_s_own_words_show_as_they_came(french):
    assert reason_text({"reason": "no move within the time limit of 2 s; the player was stopped"}) == (
        "no move within the time limit of 2 s; the player was stopped")
    assert reason_text({"reason": "I give up!\n<b>bold</b>", "why": None}) == "I give up!\n<b>bold</b>"
    assert reason_text({}) == "aucune raison donnée"


@pytest.mark.parametrize("why", [
    {"template": "%(x)s", "params": {"x": "made up"}},                               # not the referee's
    {"template": reasons.RAISED, "params": {"error": "KeyError"}},                   # does not fill it
    {"template": reasons.RAISED, "params": {"error": ["KeyError"], "message": "x"}},  # not plain data
    {"template": reasons.RAISED, "params": {"error": "E", "message": "x" * 5000}},    # too long
    {"template": reasons.REFUSED, "params": {"detail": {"template": "%(x)s", "params": {"x": 1}}}},
    "raised KeyError: 'x'", None, [reasons.GAVE_UP],
])
def test_a_forged_why_from_a_player_is_dropped_and_its_english_shown_as_it_came(why):
    reply = plain_reply({"forfeit": {"kind": "error", "reason": "my words", "why": why}}, 6)
    assert reply["forfeit"]["reason"] == "my words" and reply["forfeit"]["why"] is None


def test_a_why_nested_past_its_depth_is_dropped():
    why = {"template": reasons.GAVE_UP, "params": {}}
    for _ in range(reasons.MAX_DEPTH + 1):
        why = {"template": reasons.REFUSED, "params": {"detail": why}}
    assert reasons.read(why) is None


def test_the_referee_says_a_player_s_why_in_its_own_english():
    """A player that sends a known template with a reason that says another thing: the record's
    English is the referee's rendering of the data it checked, the same fact the page shows."""
    why = {"template": reasons.HOUSE_EMPTY, "params": {"answer": "3", "house": 3}}
    reply = plain_reply({"forfeit": {"kind": "invalid", "reason": "forged text", "why": why}}, 6)
    assert reply["forfeit"]["reason"] == "returned 3: house 3 is empty"
    assert reply["forfeit"]["why"] == why


def test_a_stored_game_keeps_its_why_and_one_stored_before_it_still_reads():
    game = forfeit_of(CRASH)
    stored = kept_game(game, "g1")
    assert stored["forfeit"]["why"] == game.forfeit["why"]
    assert checked(0, json.loads(json.dumps(stored)), "kalah(6,4)").forfeit == game.forfeit | {"traceback": None}
    old = dict(stored, forfeit=dict((k, v) for k, v in stored["forfeit"].items() if k != "why"))
    replayed = checked(0, old, "kalah(6,4)")
    assert (replayed.forfeit["reason"], replayed.forfeit["why"]) == ("raised KeyError: 'missing'", None)


MICROPYTHON_CODE = """
from kalah.lab import reasons
from kalah.lab.game import LabGame, plain_reply
why = {"template": reasons.SANDBOX_FAILED_BECAUSE,
       "params": {"detail": {"template": reasons.SANDBOX_ENDED, "params": {"detail": "it sent too much"}}}}
reply = plain_reply({"forfeit": {"kind": "error", "reason": "x", "why": why}}, 6)
game = LabGame(("a", "b"))
game.answer(reply)
print(game.forfeit["reason"])
print(sorted(reasons.TEMPLATES) == sorted(set(reasons.TEMPLATES)), len(reasons.TEMPLATES))
print(reasons.read({"template": "%(x)s", "params": {"x": 1}}))
"""


@needs_micropython
def test_micropython_reads_and_says_a_reason_as_cpython_does():
    ours = run_micropython(MICROPYTHON_CODE)
    assert ours == run_cpython(MICROPYTHON_CODE)
    assert ours.splitlines()[0] == "the player's sandbox failed: its sandbox was ended: it sent too much"
