"""The engine's and the library's reasons in the reader's language (issue 40): a KalahError keeps
its English text (str(error): the command line, records, every test) and its template and
parameters, which kalah.i18n.translated renders from the page's catalog, data left as it is.
Every raising site a player or teacher meets is marked, and every marked template is translated."""

import ast
import glob
import json
import os
import subprocess
import sys

import pytest

from kalah import i18n
from kalah.errors import N_, KalahError, Reason
from kalah.game.board import Board
from kalah.library.history import ASIDE_PREFIX, GAME_PREFIX, History, StorageFull
from kalah.library.history_import import read_import
from kalah.library.links import parse_fragment
from kalah.library.presets import parse_preset
from kalah.web.common.house_click import why_not

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Oware's feeding rule: North has no seeds, and South's house F feeds it, so house A is refused.
MUST_FEED = "oware/1,0,0,0,0,1,23,0,0,0,0,0,0,23/S"


def raised(action):
    with pytest.raises(KalahError) as caught:
        action()
    return caught.value


def test_an_illegal_move_in_english_as_before_and_french_on_a_page(french):
    error = raised(lambda: Board(position=MUST_FEED).push(1))
    assert str(error) == ("move 1: house 1 of South does not give the opponent seeds, and a move that "
                          "feeds them exists")
    assert error.args == (str(error),)
    assert i18n.translated(error) == ("coup 1 : la case 1 de Sud ne donne pas de graines à l'adversaire, "
                                      "alors qu'un coup qui le nourrit existe")
    # What a click on that house says on the play page and the analysis board:
    assert why_not(Board(position=MUST_FEED), 0, 1) == (
        "La case A ne peut pas être jouée maintenant : la case 1 de Sud ne donne pas de graines à "
        "l'adversaire, alors qu'un coup qui le nourrit existe.")


def test_data_in_a_reason_is_shown_as_it_is_never_translated(french):
    error = raised(lambda: Board().push("South"))   # a typed move that is a side's name
    assert str(error) == "move 1: 'South' is not a move: give a house number 1..6 or a letter A..F"
    assert i18n.translated(error) == "coup 1 : 'South' n'est pas un coup : donnez un numéro de case 1..6 ou une lettre A..F"
    marked = raised(lambda: parse_fragment("#g=<b>x</b>"))
    assert "<b>" not in i18n.translated(marked) and "'<'" in i18n.translated(marked)


def test_a_bad_link_a_refused_import_and_a_full_storage_french(french):
    cases = [
        (lambda: parse_fragment("#g=zzz"),
         "the link's game cannot be read: compact record: it must start with 'k1.', not 'zzz'",
         "la partie du lien est illisible : enregistrement compact : il doit commencer par 'k1.', pas 'zzz'"),
        (lambda: read_import('{"format": "kalah-history", "schema": 99, "games": []}'),
         "this history file is from a newer version of the site (schema 99; this page reads 2)",
         "ce fichier d'historique vient d'une version plus récente du site (schéma 99 ; cette page lit 2)"),
        (lambda: read_import("\ufffdPNG\r\n\x1a\n"),
         "this file is not a game record or history export: it looks like a PNG image",
         "ce fichier n'est ni un enregistrement de partie ni un export d'historique : on dirait une image PNG"),
        (lambda: read_import('[Variant "kalah(6,4)"]\n1. C z *'),
         "PGN line 2: move 2: 'z' is not a house: South's houses are A..F",
         "PGN ligne 2 : coup 2 : 'z' n'est pas une case : les cases de Sud sont A..F"),
        (lambda: parse_preset("#rules=chess&first=west"),
         "unknown rule set 'chess'; known: kalah(6,4), kalah(6,3)+empty-capture, kalah(6,3)+gamelink, "
         "kalah(6,6)+pie, owari, oware, relay-kalaha; and first= must be south or north, not 'west'",
         "règles inconnues 'chess' ; connues : kalah(6,4), kalah(6,3)+empty-capture, kalah(6,3)+gamelink, "
         "kalah(6,6)+pie, owari, oware, relay-kalaha ; et first= doit être south ou north, pas 'west'"),
    ]
    for action, english, french in cases:
        error = raised(action)
        assert (str(error), i18n.translated(error)) == (english, french)
    full = StorageFull(N_("browser storage is full"))
    assert (str(full), i18n.translated(full)) == ("browser storage is full", "le stockage du navigateur est plein")


def test_an_unreadable_saved_game_is_reported_french_and_kept_in_english(french):
    store = {GAME_PREFIX + "d": json.dumps({"v": 99, "id": "d"}),
             GAME_PREFIX + "e": json.dumps({"v": 2, "id": "e", "record": {"rules": "kalah(6,4)", "moves": [9]}})}
    history = History(store)
    assert history.problems == [
        (ASIDE_PREFIX + "d", "saved game d could not be read (a saved game is from a newer version of the site "
                             "(schema 99; this page reads 2)); it was set aside"),
        (ASIDE_PREFIX + "e", "saved game e could not be read (record: move 1 is 9, not a house 1..8 "
                             "or 0 (swap)); it was set aside")]
    assert [(key, i18n.translated(reason)) for key, reason in history.problem_reasons()] == [
        (ASIDE_PREFIX + "d", "la partie enregistrée d est illisible (une partie enregistrée vient d'une version "
                             "plus récente du site (schéma 99 ; cette page lit 2)) ; elle a été mise de côté"),
        (ASIDE_PREFIX + "e", "la partie enregistrée e est illisible (enregistrement : le "
                             "coup 1 est 9, pas une case 1..8 ni 0 (échange)) ; elle a été mise de côté")]


def test_a_reason_without_a_translation_and_a_finished_text_show_the_english():
    i18n.activate(i18n.Catalog("fr", {}))
    try:
        error = raised(lambda: Board(position=MUST_FEED).push(1))
        assert i18n.translated(error) == str(error)
        assert i18n.translated(KalahError("50% of %s stays as written")) == "50% of %s stays as written"
        assert i18n.translated(ValueError("not ours")) == "not ours"
    finally:
        i18n.activate(i18n.ENGLISH)


def test_a_translation_that_cannot_be_filled_shows_the_english():
    error = raised(lambda: Board(position=MUST_FEED).push(1))
    i18n.activate(i18n.Catalog("fr", {"%(where)s: %(reason)s": "%(lieu)s : %(reason)s"}))   # a lost placeholder
    try:
        assert i18n.translated(error) == str(error)
        made_up = KalahError(N_("%(where)s: %(reason)s"), where="here", reason="why")
        made_up.params = {"where": "here"}   # a hostile error's parts changed after it was made
        assert i18n.translated(made_up) == "here: why"
    finally:
        i18n.activate(i18n.ENGLISH)


def test_a_reason_built_beforehand_is_raised_whole():
    reason = Reason(N_("%(where)s: %(reason)s"), where=Reason(N_("move %(number)d"), number=3),
                    reason=Reason(N_("the game is over")))
    error = KalahError(reason)
    assert (str(error), error.template, error.params) == ("move 3: the game is over", reason.template, reason.params)


@pytest.mark.parametrize("arguments, said", [
    (["replay", "--start", MUST_FEED, "--moves", "A"],
     "python -m kalah replay: move 1: house 1 of South does not give the opponent seeds, and a move that feeds "
     "them exists"),
    (["show", "#g=zzz"], "python -m kalah show: compact record: it must start with 'k1.', not 'zzz'"),
], ids=["illegal move", "bad link"])
def test_the_command_line_says_the_same_reasons_in_english(arguments, said):
    done = subprocess.run([sys.executable, "-m", "kalah"] + arguments, capture_output=True, text=True,
                          cwd=ROOT, timeout=120, env=dict(os.environ, LANG="fr_FR.UTF-8", LANGUAGE="fr"))
    assert (done.returncode, done.stdout, done.stderr.strip()) == (2, "", said)


# ---- every raising site marked, every template translated ---------------------------------------

# The exceptions that carry a reason (KalahError and its subclasses) and the Reasons built for them.
RAISERS = ("KalahError", "StorageFull", "Reason", "BotLoadError", "BotForfeit")
# Where a player or a teacher meets the reasons: the game, records, links, the history and its
# import, storage, and the pages that show them (the play, history and embed pages' own raises).
SHOWN_ON_PAGES = ("kalah/errors.py", "kalah/input_guards.py", "kalah/game/", "kalah/records/", "kalah/library/",
                  "kalah/web/common/", "kalah/web/play/", "kalah/web/history/", "kalah/web/embed/")
# Functions there whose raise passes a finished English text on purpose (module, function).
STAYS_ENGLISH = {
    # A JSON error inside one game of an export, placed in the whole file by rewriting its text.
    ("kalah/library/history_import.py", "item"),
    # Which of the computer's tools cannot value a rule set: the tools' names and the why are English.
    ("kalah/game/rules.py", "require"),
}
# Functions there that return a Reason for a raise to carry (module, function).
REASON_BUILDERS = {("kalah/records/pgn.py", "at")}


def raising_sites():
    """(module, function, line, first argument) of every call to a raiser in the package."""
    for path in sorted(glob.glob(os.path.join(ROOT, "kalah", "**", "*.py"), recursive=True)):
        module = os.path.relpath(path, ROOT).replace(os.sep, "/")
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        functions = [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if name in RAISERS:
                inside = [f for f in functions if f.lineno <= node.lineno <= f.end_lineno]
                function = max(inside, key=lambda f: f.lineno).name if inside else None
                yield module, function, node.lineno, node.args[0]


def marked_template(argument):
    """The literal of N_("..."), or None."""
    if (isinstance(argument, ast.Call) and isinstance(argument.func, ast.Name) and argument.func.id == "N_"
            and len(argument.args) == 1 and isinstance(argument.args[0], ast.Constant)):
        return argument.args[0].value
    return None


def test_every_raising_site_a_page_shows_is_marked_for_the_catalogs():
    unmarked = []
    for module, function, line, argument in raising_sites():
        if not module.startswith(SHOWN_ON_PAGES) or marked_template(argument) is not None:
            continue
        if isinstance(argument, ast.Name):   # a template chosen above, or a Reason built beforehand
            continue
        called = argument.func.id if isinstance(argument, ast.Call) and isinstance(argument.func, ast.Name) else None
        if (module, called) not in REASON_BUILDERS and (module, function) not in STAYS_ENGLISH:
            unmarked.append("%s:%d" % (module, line))
    assert unmarked == []


def test_every_marked_template_is_in_every_catalog():
    templates = set(marked_template(argument) for _module, _function, _line, argument in raising_sites()) - {None}
    assert len(templates) > 190
    for language in [code for code in i18n.CODES if code != i18n.SOURCE]:
        with open(os.path.join(ROOT, "static", "i18n", language + ".json"), encoding="utf-8") as handle:
            messages = json.load(handle)["messages"]
        assert sorted(templates - set(messages)) == [], language
