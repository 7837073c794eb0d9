"""The pages in the reader's language (issue 40; docs/translating.md): a link's lang=, the
browser's languages, the menu remembered; Arabic mirrors the page but not the board; the
pseudo-language (every message wrapped, longer, accented) leaves no English and no text
overflowing its box at 360 px."""

import pytest
from playwright.sync_api import expect

from kalah.library.links import share_fragment
from kalah.game.board import Board
from kalah.records.record import Record
from kalah.game.rules import find_rules
from scripts.harness import lab_page
from tests.browser.play_driver import TWO_PEOPLE

# Visible text that is the same in every language: the game's and rule sets' names, house
# letters, counts, marks, the rule set's code.
SAME_EVERYWHERE = ("Kalah", "kalah(6,4)", "Owari", "Oware", "Oware abapa", "Relay Kalaha", "Français", "English", "Español",
                   "Português", "Deutsch")

UNTRANSLATED = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const element = node.parentElement;
    if (!/[A-Za-z]{2}/.test(text) || element.closest("option, script, noscript, template, select")) continue;
    if (!element.checkVisibility() || SAME.includes(text) || text.includes("[")) continue;
    found.push(text);
  }
  return found;
}""".replace("SAME", repr(list(SAME_EVERYWHERE)))

# Text boxes whose text does not fit: wider than the page, or clipped inside their own box (but
# where the page clips on purpose, with an ellipsis: a long player's name; and what is kept off
# screen for screen readers: the skip link until focused, the menu's label).
OVERFLOWING = """() => {
  const found = [];
  for (const element of document.querySelectorAll("[data-i18n], button, label, legend, summary, h1, h2, p, a")) {
    if (!element.checkVisibility() || element.closest(".skip, .visually-hidden")) continue;
    if (getComputedStyle(element).textOverflow === "ellipsis") continue;
    const box = element.getBoundingClientRect();
    if (box.left < -1 || box.right > innerWidth + 1 || element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== "visible")
      found.push(element.id || element.tagName + ": " + element.textContent.trim().slice(0, 40));
  }
  if (document.documentElement.scrollWidth > innerWidth) found.push("the page scrolls sideways");
  return found;
}"""


def pit_places(board="#board"):
    """A script: each pit of `board` and its left edge, the same in Arabic as in English (the page
    mirrors, the board keeps its sowing order)."""
    return """() => [...document.querySelectorAll('%s .kb-house, %s .kb-store')].map(
        (pit) => [pit.dataset.index || pit.className, Math.round(pit.getBoundingClientRect().x)])""" % (board, board)


def one_move_link(language=None):
    board = Board(find_rules("kalah(6,4)"))
    board.push(3)
    fragment = share_fragment(Record.from_board(board))
    return fragment + ("&lang=" + language if language else "")


def open_page(context, site_url, address, wait_for_python_ready):
    page = context.new_page()
    page.goto(site_url + address)
    wait_for_python_ready(page)
    return page


def test_lang_in_a_link_shows_the_play_page_in_french(new_context, site_url, wait_for_python_ready, save_screenshot):
    page = open_page(new_context(locale="en-US"), site_url, "index.html#lang=fr", wait_for_python_ready)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir, document.title]") == [
        "fr", "", "Kalah — jouer contre l'ordinateur ou un ami"]
    assert page.inner_text("#undo") == "Annuler" and page.inner_text(".site-header nav a >> nth=0") == "Jouer"
    assert page.inner_text("#status") == "Sud au trait."
    assert page.inner_text("#preset-error") == ""   # lang= alone is no game setup to refuse
    assert page.get_attribute(".kb-house.kb-s >> nth=0", "aria-label") == "votre case A, 4 graines"
    assert page.inner_text(".kb-caption-top .kb-name") == "Nord · Ordinateur (niveau 3)"
    assert page.input_value("#language") == "fr"
    page.click('.kb-house[data-side="0"][data-house="3"]')
    page.wait_for_function("document.getElementById('message').textContent.includes('rejoue')")
    assert page.inner_text("#message").startswith(
        "Sud sème la case C (4 graines). La dernière graine est tombée dans le grenier de Sud : Sud rejoue.")
    save_screenshot(page, "fr")
    # The share link holds the game, not the language: it opens in its reader's language.
    page.click("#share")
    page.wait_for_function("document.getElementById('copy-text').value.includes('#g=')")
    assert "lang=" not in page.input_value("#copy-text")


def test_the_browser_s_language_first_then_the_menu_s_choice_kept(new_context, site_url, wait_for_python_ready):
    context = new_context(locale="es-ES")
    page = open_page(context, site_url, TWO_PEOPLE, wait_for_python_ready)
    assert page.inner_text("#undo") == "Deshacer"
    with page.expect_navigation():   # the page opens again in the language chosen
        page.select_option("#language", "de")
    wait_for_python_ready(page)
    assert page.evaluate("document.documentElement.lang") == "de"
    assert page.inner_text("#undo") == "Rückgängig"
    assert page.evaluate("localStorage.getItem('kalah-language')") == "de"
    again = open_page(context, site_url, "history.html", wait_for_python_ready)
    assert again.inner_text(".site-header nav a >> nth=3") == "Verlauf"
    # A link's language wins over the choice; an unknown one is ignored.
    assert open_page(context, site_url, TWO_PEOPLE + "&lang=pt", wait_for_python_ready).inner_text("#undo") == "Desfazer"
    assert open_page(context, site_url, TWO_PEOPLE + "&lang=tlh", wait_for_python_ready).inner_text("#undo") == "Rückgängig"


def test_english_stays_as_written_and_fetches_no_catalog(new_context, site_url, wait_for_python_ready):
    context = new_context(locale="en-GB")
    requested = []
    context.on("request", lambda request: requested.append(request.url))
    page = open_page(context, site_url, TWO_PEOPLE, wait_for_python_ready)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.className]") == ["en", ""]
    assert page.inner_text("#undo") == "Undo"
    assert not [url for url in requested if "/static/i18n/" in url]


def test_a_french_link_opens_the_same_game_as_an_english_one(new_context, site_url, wait_for_python_ready):
    english = open_page(new_context(locale="en-US"), site_url, "replay.html#" + one_move_link("fr"),
                        wait_for_python_ready)
    plain = open_page(new_context(locale="en-US"), site_url, "replay.html#" + one_move_link(), wait_for_python_ready)
    position = "document.querySelector('[data-position]').dataset.position"
    assert english.evaluate(position) == plain.evaluate(position) == "kalah(6,4)/4,4,0,5,5,5,1,4,4,4,4,4,4,0/S"
    assert english.evaluate("document.documentElement.lang") == "fr"   # the link's language: its words
    assert english.inner_text(".site-header nav a >> nth=0") == "Jouer"


def in_arabic(address):
    return address + ("&" if "#" in address else "#") + "lang=ar"


def the_play_page_mirrors_and_plays_in_arabic(english, arabic):
    assert arabic.evaluate(OVERFLOWING) == []   # the skip link off the right, not widening the page leftwards
    # The page itself mirrors: the site's name on the right, the controls from the right.
    name = "document.querySelector('.site-header h1').getBoundingClientRect().x"
    assert arabic.evaluate(name) > english.evaluate(name)
    arabic.click('.kb-house[data-side="0"][data-house="3"]')
    arabic.wait_for_function("document.getElementById('message').textContent.includes('يبذر')")
    assert arabic.inner_text("#message").startswith("الجنوب يبذر الحفرة C (4 بذور).")


def the_analysis_board_s_title_in_arabic(english, arabic):
    assert arabic.inner_text("h2") == "لوحة التحليل"
    assert arabic.evaluate(OVERFLOWING) == []


# Arabic mirrors the page but not the board: South's A..F stay left to right, as sown.
@pytest.mark.parametrize("width", (360, 1280), ids=["360px", "1280px"])
@pytest.mark.parametrize("address, then", [(TWO_PEOPLE, the_play_page_mirrors_and_plays_in_arabic),
                                           ("analysis.html", the_analysis_board_s_title_in_arabic)],
                         ids=["play", "analysis"])
def test_arabic_mirrors_the_page_but_the_board_keeps_its_order(new_context, site_url, wait_for_python_ready,
                                                                save_screenshot, address, then, width):
    boxes = pit_places()
    viewport = {"width": width, "height": 900}
    english = open_page(new_context(viewport=viewport), site_url, address, wait_for_python_ready)
    arabic = open_page(new_context(viewport=viewport), site_url, in_arabic(address), wait_for_python_ready)
    assert arabic.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["ar", "rtl"]
    assert arabic.evaluate(boxes) == english.evaluate(boxes)   # South's A..F left to right, as sown
    assert arabic.inner_text('#board .kb-house[data-index="0"] .kb-letter') == "A"
    then(english, arabic)
    save_screenshot(arabic, "ar-%d" % width)


def test_the_pseudo_language_leaves_no_english_and_nothing_overflows_at_360(new_context, site_url,
                                                                          wait_for_python_ready, save_screenshot):
    context = new_context(viewport={"width": 360, "height": 740})
    page = open_page(context, site_url, "index.html#lang=qps", wait_for_python_ready)
    page.click("#new-game summary")
    page.click('.kb-house[data-side="0"][data-house="1"]')
    expect(page.locator("#message")).to_contain_text("[", timeout=90_000)   # says what it shows when it fails
    assert page.evaluate(UNTRANSLATED) == []
    assert page.evaluate(OVERFLOWING) == []
    save_screenshot(page, "qps-play")
    embed = open_page(context, site_url, "embed.html#" + one_move_link("qps"), wait_for_python_ready)
    assert embed.evaluate("document.documentElement.lang") == "qps"
    assert embed.inner_text("#ply-label").startswith("[")   # the replay viewer's words too
    assert embed.evaluate(UNTRANSLATED) == []
    assert embed.evaluate(OVERFLOWING) == []


def test_the_embed_code_given_carries_the_page_s_language(new_context, site_url, wait_for_python_ready):
    # One house of one seed a side, two quick computers: the game ends at the first move.
    page = open_page(new_context(locale="en-US"), site_url,
                     "index.html#rules=kalah(1,1)&south=first&north=first&speed=fast&lang=es", wait_for_python_ready)
    page.wait_for_selector("#game-over:not([hidden])")
    page.click("#embed-end")
    page.wait_for_function("document.getElementById('copy-text').value.includes('<iframe')")
    code = page.input_value("#copy-text")
    assert "/embed.html#g=" in code
    assert '&amp;lang=es" title="Partida de Kalah: Ordenador (first legal house) contra Ordenador (first legal house)"' in code


def import_two_games(page):
    """A finished game (kalah(2,1): Ann wins 3-1 in two moves) and an unfinished one, pasted in."""
    from kalah.records import pgn
    games = [Record("kalah(2,1)", [2, 1], south="Ann", north="Bob"), Record("kalah(6,4)", [3], south="Ann", north="Cy")]
    page.fill("#paste", "\n\n".join(pgn.write(record) for record in games))
    page.click("#import-paste")
    page.wait_for_function("document.body.dataset.import === 'done'")


def test_the_history_page_in_french(new_context, site_url, wait_for_python_ready):
    page = open_page(new_context(locale="en-US"), site_url, "history.html#lang=fr", wait_for_python_ready)
    assert page.evaluate("document.title") == "Kalah — historique"
    assert page.inner_text("#count") == "Aucune partie enregistrée pour l'instant : jouez-en une sur la page Jouer."
    import_two_games(page)
    assert page.inner_text("#message") == "Importé depuis le texte collé : 2 nouvelles, 0 mises à jour, 0 déjà présentes."
    assert page.inner_text("#count") == "2 parties affichées sur 2 enregistrées."
    assert page.inner_text("#col-moves button") == "Coups"
    results = page.eval_on_selector_all("#games-body td[data-label='Résultat']", "cells => cells.map((c) => c.textContent)")
    assert sorted(results) == ["Ann a gagné 3-1", "en cours"]
    assert page.inner_text("#ranking-body tr >> nth=0").split("\t")[1] == "Ann"
    page.click("#games-body tr:has-text('Cy') [data-delete]")
    assert page.inner_text("#message") == "Partie Ann – Cy supprimée. Annuler la fait revenir."
    page.click("#undo")
    assert page.inner_text("#message") == "La partie est revenue."
    # The export stays language-neutral: the records' own words.
    with page.expect_download() as download:
        page.click("#export")
    exported = open(download.value.path(), encoding="utf-8").read()
    assert '"unfinished"' in exported or "unfinished" in exported
    assert "en cours" not in exported and "gagné" not in exported
    assert page.inner_text("#message") == "2 parties exportées dans kalah-history.json."


def test_the_history_page_in_the_pseudo_language_at_360(new_context, site_url, wait_for_python_ready,
                                                          save_screenshot):
    page = open_page(new_context(viewport={"width": 360, "height": 740}), site_url, "history.html#lang=qps",
                     wait_for_python_ready)
    assert page.evaluate(UNTRANSLATED) == []
    import_two_games(page)
    # The games' own data (dates, rule sets, players' names) is the same in every language.
    data = page.eval_on_selector_all("#games-body td:not([data-label]):not(.actions), #games-body td:nth-child(-n+3), "
                                     "#ranking-body td", "cells => cells.map((cell) => cell.textContent.trim())")
    assert [text for text in page.evaluate(UNTRANSLATED) if text not in data] == []
    assert page.evaluate(OVERFLOWING) == []
    save_screenshot(page, "qps-history")


def test_the_history_page_in_arabic_at_360_mirrors_and_nothing_overflows(new_context, site_url,
                                                                         wait_for_python_ready):
    page = open_page(new_context(viewport={"width": 360, "height": 740}), site_url, "history.html#lang=ar",
                     wait_for_python_ready)
    import_two_games(page)
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.inner_text("#count") == "معروض 2 من 2 لعبتين محفوظتين."
    assert page.evaluate(OVERFLOWING) == []


def rules_house(lesson, side, house):
    return "section[data-lesson='%s'] .kb-house[data-side='%d'][data-house='%d']" % (lesson, side, house)


def rules_result(page, lesson):
    return page.inner_text("section[data-lesson='%s'] .rule-result" % lesson)


def test_the_rules_page_and_its_try_it_feedback_in_french(new_context, site_url, wait_for_python_ready):
    page = open_page(new_context(locale="en-US"), site_url, "rules.html#lang=fr", wait_for_python_ready)
    assert page.evaluate("document.title") == "Kalah — les règles"
    assert page.inner_text("h2") == "Les règles"
    assert page.inner_text("#capture summary") == (
        "Capture. Votre dernière graine dans une de vos cases vides, face à des graines : les deux vont dans "
        "votre grenier. À vous : capturez.")
    page.click(rules_house("capture", 0, 2), force=True)   # South's house B is empty there
    assert rules_result(page, "capture") == "La case B est vide : choisissez une case avec des graines."
    page.click(rules_house("capture", 1, 3), force=True)   # North's house: South is to move
    assert rules_result(page, "capture") == "Ici, c'est au tour de Sud : jouez une case de Sud."
    page.click(rules_house("capture", 0, 1))
    page.wait_for_function("document.querySelector('#capture').dataset.outcome === 'right'")
    said = rules_result(page, "capture")
    assert said.startswith("Sud sème la case A (1 graine).") and said.endswith("C'est le coup demandé : il a capturé.")
    page.click(rules_house("extra-turn", 0, 1))
    page.wait_for_function("document.querySelector('#extra-turn').dataset.outcome === 'wrong'")
    assert rules_result(page, "extra-turn").endswith(
        "Pas celui-ci : la dernière graine doit tomber pile dans votre grenier : une case qui en est éloignée "
        "d'autant de trous qu'elle a de graines.")
    assert page.inner_text("#extra-turn .rule-reset") == "Recommencer"


def test_the_rules_page_in_arabic_keeps_each_board_s_order(new_context, site_url, wait_for_python_ready):
    boxes = pit_places("#capture")
    viewport = {"width": 360, "height": 740}
    english = open_page(new_context(viewport=viewport), site_url, "rules.html", wait_for_python_ready)
    arabic = open_page(new_context(viewport=viewport), site_url, "rules.html#lang=ar", wait_for_python_ready)
    assert arabic.evaluate("document.documentElement.dir") == "rtl"
    assert arabic.inner_text("h2") == "القواعد"
    for page in (english, arabic):
        page.evaluate("document.querySelector('#capture').scrollIntoView()")
    assert arabic.evaluate(boxes) == english.evaluate(boxes)   # South's A..D left to right, as sown
    assert arabic.inner_text("#capture .kb-house[data-index='0'] .kb-letter") == "A"
    assert arabic.evaluate(OVERFLOWING) == []


def test_the_rules_page_in_the_pseudo_language_at_360(new_context, site_url, wait_for_python_ready, save_screenshot):
    page = open_page(new_context(viewport={"width": 360, "height": 740}), site_url, "rules.html#lang=qps",
                     wait_for_python_ready)
    page.evaluate("document.querySelectorAll('details').forEach((details) => { details.open = true; })")
    page.click(rules_house("capture", 0, 1))
    page.wait_for_function("document.querySelector('#capture').dataset.outcome === 'right'")
    page.click(rules_house("extra-turn", 0, 1))
    page.wait_for_function("document.querySelector('#extra-turn').dataset.outcome === 'wrong'")
    assert rules_result(page, "extra-turn").startswith("[")
    assert page.evaluate(UNTRANSLATED) == []
    assert page.evaluate(OVERFLOWING) == []
    save_screenshot(page, "qps-rules")


ANALYSIS_START = "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"


def analysis_values_proven(page):
    """Waits until every value of the position shown is proven; South's margin then."""
    page.wait_for_function("""() => {
        const board = document.getElementById('board');
        return board.dataset.values && board.dataset.valuesPosition === board.dataset.position
            && Object.values(JSON.parse(board.dataset.values)).every((value) => value.exact)
            && document.getElementById('eval-bar').dataset.margin !== undefined
            && !document.getElementById('values-status').textContent.includes('\u2026');
    }""")
    return int(page.get_attribute("#eval-bar", "data-margin"))


def test_the_analysis_board_in_french(new_context, site_url, wait_for_python_ready):
    page = open_page(new_context(locale="en-US"), site_url,
                     "analysis.html#position=%s&lang=fr" % ANALYSIS_START, wait_for_python_ready)
    assert page.evaluate("[document.documentElement.lang, document.title]") == ["fr", "Kalah — plateau d'analyse"]
    assert page.inner_text("h2") == "Plateau d'analyse"
    assert page.inner_text("#edit-board") == "Modifier le plateau"
    assert page.inner_text("#moves") == "Aucun coup pour l'instant : jouez-en un sur le plateau."
    margin = analysis_values_proven(page)
    assert page.inner_text("#values-status") == (
        "Sud au trait. Une valeur est l'écart final de Sud en graines, les deux camps jouant au mieux : "
        "toutes prouvées exactes.")
    assert page.get_attribute("#eval-bar", "aria-valuetext") == "%s mène de %d graines (prouvé)" % (
        "Sud" if margin > 0 else "Nord", abs(margin))
    assert page.inner_text("#values li >> nth=0").endswith(" exact")
    page.click('.kb-house[data-side="1"][data-house="3"]', force=True)   # North's house: South is to move
    assert page.inner_text("#message") == "C'est au tour de Sud : la case c appartient à Nord."
    page.click('.kb-house[data-side="0"][data-house="3"]')
    page.wait_for_selector("#moves button[aria-current]")
    assert page.get_attribute("#moves button >> nth=0", "aria-label") == "Sud C, coup 1"
    assert page.inner_text("#moves button >> nth=0") == "C"   # the moves' notation is the same in every language
    # The editor: one seed out of South's house A is no position yet, and it says what to do.
    page.click('#pits button[aria-label="Une graine de moins dans la case A de Sud"]')
    assert page.inner_text("#editor-message") == (
        "Pas encore une position : le plateau a 47 graines et kalah(6,4) en a 48 : ajoutez 1 graine.")
    assert page.inner_text("#values-status") == "Les valeurs viendront une fois la position complète."
    page.click("#start-position")
    page.wait_for_function("document.getElementById('link').value.includes('#position=')")
    assert "lang=" not in page.input_value("#link")   # the study's link holds no language


def test_the_analysis_board_in_the_pseudo_language_at_360(new_context, site_url, wait_for_python_ready,
                                                          save_screenshot):
    page = open_page(new_context(viewport={"width": 360, "height": 740}), site_url,
                     "analysis.html#position=%s&lang=qps" % ANALYSIS_START, wait_for_python_ready)
    analysis_values_proven(page)
    page.click('.kb-house[data-side="0"][data-house="3"]')
    page.wait_for_selector("#moves button[aria-current]")
    analysis_values_proven(page)
    page.click("#graph-main")
    page.wait_for_selector("#graph[data-graph]")
    page.click("#edit-board")
    assert page.evaluate(UNTRANSLATED) == []
    assert page.evaluate(OVERFLOWING) == []
    save_screenshot(page, "qps-analysis")


def the_replay_page_shares_and_keeps_in_french(page):
    assert page.evaluate("document.title") == "Kalah — revoir une partie"
    assert page.get_attribute("#moves button[data-ply='1']", "aria-label") == "coup 1, Sud C"
    page.click("#first")
    assert page.inner_text("#ply-label") == "Début (1 coup)"
    page.click("#copy-link")
    assert page.inner_text("#message") == "Lien copié (il est aussi dans la zone ci-dessous, à copier à la main)."
    assert "lang=" not in page.input_value("#copied-text")   # a share link opens in its reader's language
    page.click("#copy-embed")   # the embed code carries the page's language, as the play page's does
    assert page.inner_text("#message").startswith("Code d'intégration copié")
    assert ('&amp;lang=fr" title="Partie de Kalah : Personne (Sud) contre Personne (Nord)"'
            in page.input_value("#copied-text"))
    page.click("#keep")
    assert page.inner_text("#message") == "La partie est maintenant dans votre historique."


# A one-move game by a link with lang=: the page in that language (Arabic: mirrored), the replay
# viewer's label, buttons and the board's captions too; then what the page alone does.
@pytest.mark.parametrize("address, language, direction, texts, then", [
    ("replay.html", "fr", "", {"h2": "Revoir", "#ply-label": "Tour 1, coup 1 sur 1 : Sud C", "#moves .turn-side": "1. Sud",
                               "#play": "Jouer", "#sow": "Semer graine par graine",
                               ".kb-caption-bottom .kb-name": "Sud \u00b7 Personne"},
     the_replay_page_shares_and_keeps_in_french),
    ("embed.html", "ar", "rtl", {"#ply-label": "الدور 1، النقلة 1 من 1: الجنوب C", "#play": "العب",
                                 ".kb-caption-bottom .kb-name": "الجنوب \u00b7 شخص"}, None),
], ids=["replay-fr", "embed-ar"])
def test_a_replayed_game_in_the_link_s_language(new_context, site_url, wait_for_python_ready, address, language,
                                                direction, texts, then):
    page = open_page(new_context(locale="en-US"), site_url, "%s#%s" % (address, one_move_link(language)),
                     wait_for_python_ready)
    assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == [language, direction]
    assert {selector: page.inner_text(selector) for selector in texts} == texts
    if then:
        then(page)


def test_the_replay_page_in_the_pseudo_language_at_360(new_context, site_url, wait_for_python_ready, save_screenshot):
    page = open_page(new_context(viewport={"width": 360, "height": 740}), site_url,
                     "replay.html#" + one_move_link("qps"), wait_for_python_ready)
    assert page.inner_text("#ply-label").startswith("[")
    page.click("#copy-link")
    assert page.evaluate(UNTRANSLATED) == []
    assert page.evaluate(OVERFLOWING) == []
    save_screenshot(page, "qps-replay")
    start = open_page(page.context, site_url, "replay.html#lang=qps", wait_for_python_ready)   # no game: the start
    assert start.evaluate(UNTRANSLATED) == []
    assert start.evaluate(OVERFLOWING) == []


def a_one_move_puzzle_with_a_refutation():
    from tests.browser.test_puzzles_page import a_puzzle_with_a_refuted_wrong_move
    return a_puzzle_with_a_refuted_wrong_move()


PUZZLE_HOUSE = ".kb-house[data-side='%d'][data-house='%d']"


def test_the_puzzles_page_in_french_keeps_its_language_from_puzzle_to_puzzle(new_context, site_url,
                                                                            wait_for_python_ready):
    from kalah.game.notation import move_text
    puzzle, wrong = a_one_move_puzzle_with_a_refutation()
    board = puzzle.board()
    side, other = ("Sud", "Nord") if board.turn == 0 else ("Nord", "Sud")
    page = open_page(new_context(locale="en-US"), site_url, "puzzles.html#id=%s&lang=fr" % puzzle.id,
                     wait_for_python_ready)
    page.wait_for_selector("#puzzle[data-puzzle]")
    assert page.evaluate("document.title") == "Kalah — problèmes"
    assert page.inner_text("#prompt") == "%s au trait : trouvez le meilleur coup." % side
    assert page.inner_text("#solution") == "Voir la réponse"
    themes = page.eval_on_selector_all("#pick-theme option", "options => options.map((o) => o.textContent)")
    assert themes == ["Tous les thèmes", "Ouverture", "Capture", "Tour supplémentaire", "Finale", "Milieu de partie"]
    assert page.inner_text("#pick-mode option >> nth=1") == "Série"
    page.click(PUZZLE_HOUSE % (board.turn, wrong))
    page.wait_for_selector("#puzzle[data-answer='wrong']")
    played, best = move_text(board.turn, wrong), move_text(board.turn, puzzle.best)
    assert page.inner_text("#verdict").startswith(
        "Pas le meilleur : %s finit à %+d avec le meilleur jeu, et %s finit à %+d. Classement " % (
            played, puzzle.values[wrong], best, puzzle.value))
    reply = move_text(1 - board.turn, puzzle.refutations[wrong][0])
    assert page.inner_text("#line").startswith("Après %s : %s %s, puis " % (played, other, reply))
    assert page.inner_text("#record").endswith("· 0 résolu sur 1 tenté")
    # The links the page gives stay language-neutral; its own address keeps the course's language.
    assert page.get_attribute("#link-puzzle", "href") == "./puzzles.html#rules=kalah(6,4)&id=" + puzzle.id
    page.click("#next")
    page.wait_for_function("document.querySelector('#puzzle').dataset.puzzle !== %r" % puzzle.id)
    assert page.evaluate("location.hash").endswith("&lang=fr")
    page.reload()
    wait_for_python_ready(page)
    assert page.inner_text("#next") == "Problème suivant"


def test_a_puzzle_streak_in_german_counts_in_german(new_context, site_url, wait_for_python_ready):
    page = open_page(new_context(locale="de-DE"), site_url, "puzzles.html#rules=kalah(4,3)&mode=streak",
                     wait_for_python_ready)
    page.wait_for_selector("#puzzle[data-puzzle]")
    assert page.inner_text("#run-count") == "Serie: 0 gelöst · Bestwert 0"
    assert page.inner_text("#record") == "Wertung 1200 · Serie 0 (Bestwert 0) · 0 von 0 versuchten gelöst"


def test_the_puzzles_page_in_the_pseudo_language_at_360(new_context, site_url, wait_for_python_ready,
                                                        save_screenshot):
    puzzle, wrong = a_one_move_puzzle_with_a_refutation()
    board = puzzle.board()
    page = open_page(new_context(viewport={"width": 360, "height": 740}), site_url,
                     "puzzles.html#id=%s&lang=qps" % puzzle.id, wait_for_python_ready)
    page.wait_for_selector("#puzzle[data-puzzle]")
    page.click(PUZZLE_HOUSE % (board.turn, wrong))
    page.wait_for_selector("#puzzle[data-answer='wrong']")
    assert page.inner_text("#verdict").startswith("[")
    assert page.evaluate(UNTRANSLATED) == []
    assert page.evaluate(OVERFLOWING) == []
    save_screenshot(page, "qps-puzzles")
    # A timed run and the set from your games (with no saved games: it says so).
    page.goto(site_url + "puzzles.html#set=yours&rules=kalah(6,4)&mode=timed&lang=qps")
    wait_for_python_ready(page)
    page.wait_for_selector("#yours[data-state='done']")
    assert page.inner_text("#yours-status").startswith("[")
    assert page.evaluate(UNTRANSLATED) == []
    assert page.evaluate(OVERFLOWING) == []


def play_in_the_lab(page, source, name, opponent="ai:random"):
    """A game of the player `source` against `opponent`, to its end (in any language: the board's state)."""
    lab_page.start_game(page, source, name, opponent, "5")
    page.wait_for_function("document.getElementById('stop').disabled && document.getElementById('game-status')"
                           ".textContent.includes('%s (')" % name, timeout=90_000)


def test_the_lab_in_french_says_the_game_the_forfeit_and_the_tournament_in_french(new_context, site_url,
                                                                                  wait_for_python_ready):
    from tests.lab.bots import CRASH
    page = open_page(new_context(locale="en-US"), site_url, "lab.html#lang=fr", wait_for_python_ready)
    assert page.evaluate("document.title") == "Kalah — labo de bots"
    assert page.inner_text("#t-progress-text") == "Pas encore de tournoi."
    assert page.inner_text("#opponent option[value='ai:random']") == "Au hasard"
    assert page.inner_text("#standings th >> nth=0") == "Rang"
    play_in_the_lab(page, CRASH, "crash")
    assert page.inner_text("#game-status") == (
        "crash (Sud) - random (Nord) : Sud perd par forfait (erreur : a levé KeyError : 'missing') ; Nord gagne.")
    assert page.inner_text("#forfeit-reason") == "crash perd par forfait : a levé KeyError : 'missing' (erreur)."
    # The student's traceback is shown as it came.
    assert page.inner_text("#forfeit-traceback").rstrip().endswith("KeyError: 'missing'")
    for value in ("ai:first", "ai:rightmost"):
        page.check("#entrants input[value='%s']" % value)
    page.click("#t-start")
    page.wait_for_function("document.body.dataset.tournament === 'finished'", timeout=240_000)
    assert page.inner_text("#t-progress-text") == "Terminé : 2 parties."
    label = page.get_attribute("#crosstable tbody a >> nth=0", "title")
    assert " contre " in label and ", partie " in label and (": gagnée " in label or ": perdue " in label)
    assert page.inner_text("#t-saved option >> nth=0").endswith(" · toutes rondes · 2 joueurs · 2 parties")


def test_the_lab_in_the_pseudo_language_at_360(new_context, site_url, wait_for_python_ready, save_screenshot):
    from tests.lab.bots import CRASH
    page = open_page(new_context(viewport={"width": 360, "height": 740}), site_url, "lab.html#lang=qps",
                     wait_for_python_ready)
    play_in_the_lab(page, CRASH, "crash")
    assert page.inner_text("#forfeit-reason").startswith("[")
    # The student's code, its traceback, the players' names and the command line are the same in every language.
    data = page.eval_on_selector_all("#highlight, #forfeit-traceback, #t-command, #entrants label", """nodes => {
        const texts = [];
        for (const node of nodes) {
          const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
          for (let text = walker.nextNode(); text; text = walker.nextNode()) texts.push(text.textContent.trim());
        }
        return texts;
      }""")
    assert [text for text in page.evaluate(UNTRANSLATED) if text not in data] == []
    assert page.evaluate(OVERFLOWING) == []
    save_screenshot(page, "qps-lab")


def test_the_puzzles_page_in_arabic_at_360_keeps_the_board_s_order(new_context, site_url, wait_for_python_ready):
    boxes = pit_places()
    puzzle, _wrong = a_one_move_puzzle_with_a_refutation()
    viewport = {"width": 360, "height": 740}
    pages = [open_page(new_context(viewport=viewport), site_url, "puzzles.html#id=%s%s" % (puzzle.id, language),
                       wait_for_python_ready) for language in ("", "&lang=ar")]
    for page in pages:
        page.wait_for_selector("#puzzle[data-puzzle]")
        page.evaluate("document.querySelector('#board').scrollIntoView()")
    english, arabic = pages
    assert arabic.evaluate("document.documentElement.dir") == "rtl"
    assert arabic.inner_text("#next") == "اللغز التالي"
    assert arabic.evaluate(boxes) == english.evaluate(boxes)   # the board as sown, in every language
    assert arabic.evaluate(OVERFLOWING) == []
