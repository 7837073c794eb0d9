"""The engine's and the library's reasons in the page's language (issue 40): a bad link, a refused
preset and a refused import say why in French on a French page, inside the page's French sentence
(kalah.i18n.translated), and the page that cannot start says so in French (start-guard.js). The
same reasons in English on the command line: tests/engine/test_error_reasons.py."""

import pytest

KNOWN = "kalah(6,4), kalah(6,3)+empty-capture, kalah(6,3)+gamelink, kalah(6,6)+pie, owari, oware, relay-kalaha"


def open_page(context, site_url, address, wait_for_python_ready):
    page = context.new_page()
    page.goto(site_url + address)
    wait_for_python_ready(page)
    return page


def test_an_embed_s_bad_link_says_why_in_french(new_context, site_url, wait_for_python_ready):
    page = open_page(new_context(locale="en-US"), site_url, "embed.html#g=zzz&lang=fr", wait_for_python_ready)
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert page.inner_text("#message") == (
        "Ce cadre ne peut pas afficher sa partie : la partie du lien est illisible : enregistrement compact : "
        "il doit commencer par 'k1.', pas 'zzz'.")


def test_a_refused_preset_link_names_every_mistake_in_french(new_context, site_url, wait_for_python_ready):
    page = open_page(new_context(locale="en-US"), site_url, "index.html#rules=chess&first=west&lang=fr",
                     wait_for_python_ready)
    page.wait_for_function("document.getElementById('preset-error').textContent !== ''")
    assert page.inner_text("#preset-error") == (
        "La partie de ce lien ne peut pas commencer : règles inconnues 'chess' ; connues : %s ; et first= doit "
        "être south ou north, pas 'west'. Voici une nouvelle partie à la place." % KNOWN)


def test_a_refused_import_says_the_illegal_move_in_french(new_context, site_url, wait_for_python_ready):
    page = open_page(new_context(locale="fr-FR"), site_url, "history.html", wait_for_python_ready)
    page.fill("#paste", '[Variant "kalah(6,4)"]\n1. C z *')
    page.click("#import-paste")
    page.wait_for_function("document.getElementById('message').classList.contains('problem')")
    assert page.inner_text("#message") == (
        "Rien n'a été importé depuis le texte collé : PGN ligne 2 : coup 2 : 'z' n'est pas une case : les cases "
        "de Sud sont A..F. Votre historique est inchangé.")


@pytest.mark.allow_console_errors   # the refused bundle logs a network error
def test_a_page_that_cannot_start_says_so_in_french(page, site_url):
    page.route("**/static/mpy/bundles/rules.mpy", lambda route: route.abort())
    page.goto(site_url + "rules.html#lang=fr")
    page.wait_for_function("document.body.dataset.ready === 'error'")
    page.wait_for_function("document.getElementById('status').textContent.startsWith('La page')")
    said = page.inner_text("#status")
    start, again = "La page n'a pas pu démarrer : ", (" Rechargez la page pour réessayer ; si l'échec persiste, "
                                                      "votre navigateur est peut-être trop ancien pour ce site.")
    assert said.startswith(start) and said.endswith(again), said
    # The refused bundle fails the page's fetch and then its Python: either is said, the error as it is.
    assert said[len(start):-len(again)] in ("TypeError: Failed to fetch",
                                            "son code Python a échoué (détails ci-dessous).")


def test_an_unreadable_saved_game_is_reported_in_french(new_context, site_url, wait_for_python_ready):
    context = new_context(locale="fr-FR")
    # A saved game from a newer version of the site, stored before the page starts (not on about:blank).
    context.add_init_script("""if (location.protocol.startsWith("http") && !localStorage.getItem('kalah.aside.d'))
        localStorage.setItem('kalah.game.d', '{"v": 99, "id": "d"}');""")
    page = open_page(context, site_url, "history.html", wait_for_python_ready)
    page.wait_for_function("!document.getElementById('problems-box').hidden")
    assert page.evaluate("[...document.querySelectorAll('#problems li')].map((item) => item.firstChild.textContent)") == [
        "la partie enregistrée d est illisible (une partie enregistrée vient d'une version plus récente du site "
        "(schéma 99 ; cette page lit 2)) ; elle a été mise de côté "]


LOADS_NOT = "def select_move(board, lookahead):\n    return (\n"


def test_the_lab_says_a_load_error_and_a_forfeit_in_french(new_context, site_url, wait_for_python_ready):
    """The referee's reasons (kalah/lab/reasons.py) reach the lab page as data and are said in its
    language: the editor's check of a file that does not load, and that player's forfeit."""
    from tests.browser.test_lab import play
    page = open_page(new_context(locale="en-US"), site_url, "lab.html#lang=fr", wait_for_python_ready)
    play(page, LOADS_NOT, name="ada", time_limit="5")
    page.wait_for_function("document.getElementById('stop').disabled && document.getElementById('game-status')"
                           ".textContent.includes('ada (')", timeout=90_000)
    assert page.inner_text("#forfeit-reason") == (
        "ada perd par forfait : n'a pas pu être chargé : <ada> : ligne 2, colonne 12 : '(' was never closed "
        "(erreur).")
    page.wait_for_function("document.getElementById('code-error').textContent !== ''", timeout=90_000)
    assert page.inner_text("#code-error") == "<ada> : ligne 2, colonne 12 : '(' was never closed"
