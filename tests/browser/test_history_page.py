"""History in the browser: a game played is saved after every move, resumes on reload, is listed, opens in
the viewer; a corrupted entry and a full localStorage lose nothing already saved."""

import json

import pytest

TWO_PEOPLE = "index.html#rules=kalah(6,4)&south=person&north=person"  # a preset link: two people share the board


SOUTH_HOUSE = ".kb-house[data-side='0'][data-house='%d']"
# The play page's later modules, storage among them (kalah/web/play/later.py): held back, the page
# plays before they are here, as it does in its first second.
LATER = "**/static/mpy/bundles/later.mpy"
STORED = """Object.keys(localStorage).filter(k => k.startsWith('kalah.game.')).sort()
            .map(k => JSON.parse(localStorage.getItem(k)).record)"""
DRAFT = "JSON.parse(sessionStorage.getItem('kalah.draft'))"


@pytest.fixture
def browser_context_args(browser_context_args):
    # No service worker: it would answer the play page's requests itself, past page.route's holds.
    return {**browser_context_args, "service_workers": "block"}


def imported(page, action):
    """Does `action` (a paste's click, a file chosen, a drop) and returns once its import has ended:
    an import goes on in later tasks once it has taken 12 ms (kalah/web/history/importing.py),
    as a small one can on a busy machine, and until then the message says "Importing from ..."."""
    page.evaluate("document.body.removeAttribute('data-import')")
    action()
    page.wait_for_function("['done', 'failed'].includes(document.body.dataset.import)")


def pits(page):
    return page.eval_on_selector_all(".kb-house", "bs => bs.map(b => b.dataset.count).join(',')")


def play(page, house):
    page.click(SOUTH_HOUSE % house)
    page.wait_for_function("!document.querySelector('#board').classList.contains('kb-animating')")


def play_two_moves(page):
    play(page, 3)   # ends in the store: South again
    play(page, 6)


def test_a_game_played_is_in_the_history_resumes_on_reload_and_opens_in_the_viewer(page, site_url,
                                                                                      wait_for_python_ready):
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    play_two_moves(page)
    before = pits(page)
    page.reload()
    wait_for_python_ready(page)
    assert pits(page) == before

    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    assert page.locator("#games-body tr").count() == 1
    row = page.inner_text("#games-body tr")
    assert "kalah(6,4)" in row and "unfinished" in row
    page.click("#games-body a")
    wait_for_python_ready(page)
    assert page.eval_on_selector("#ply-slider", "e => e.value") == "2"
    assert [m for m in page.locator("#moves .move").all_inner_texts()] == ["C", "F"]


def test_a_returning_visit_s_controls_wait_until_its_game_is_back(page, site_url, wait_for_python_ready):
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    play_two_moves(page)
    before = pits(page)
    held, holding = [], [True]
    page.route(LATER, lambda route: held.append(route) if holding else route.continue_())
    page.reload()
    # The language menu is enabled just before the page's main() runs, in the same turn (an
    # English page awaits nothing there): the page now waits for storage's files, held here.
    page.wait_for_function("!document.getElementById('language').disabled")
    controls = "[...document.querySelectorAll('[data-needs-python]')].filter(n => !n.disabled).map(n => n.id)"
    assert page.evaluate(controls) == ["language"]   # no click can find the game missing
    holding.clear()
    for route in held:
        route.continue_()
    wait_for_python_ready(page)
    assert pits(page) == before
    assert page.inner_text("#message").startswith("Your game is back where you left it.")
    assert [page.is_enabled("#undo"), page.is_enabled("#redo")] == [True, False]


def test_moves_made_before_storage_is_here_survive_a_reload_and_reach_the_history(page, site_url,
                                                                                   wait_for_python_ready):
    page.route(LATER, lambda route: None)   # never answered on this load
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    play_two_moves(page)
    before = pits(page)
    assert page.evaluate(DRAFT)["moves"] == [3, 6]   # kept in this tab at once, as a JSON record
    assert page.evaluate(STORED) == []
    page.unroute(LATER)
    page.reload()
    wait_for_python_ready(page)
    assert pits(page) == before
    assert page.inner_text("#message").startswith("Your game is back where you left it.")
    page.wait_for_function("sessionStorage.getItem('kalah.draft') === null")
    [record] = page.evaluate(STORED)
    assert record["moves"] == [3, 6] and "abandoned" not in record["meta"]
    # A damaged draft is dropped, and the history's copy of the tab's game resumes.
    page.evaluate("""sessionStorage.setItem('kalah.draft', '{"rules": "chess", "moves": [3]}')""")
    page.reload()
    wait_for_python_ready(page)
    assert pits(page) == before and page.evaluate("sessionStorage.getItem('kalah.draft')") is None


def test_a_draft_left_behind_is_listed_by_the_history_page(page, site_url, wait_for_python_ready):
    page.route(LATER, lambda route: None)
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    play_two_moves(page)
    page.goto(site_url + "history.html")   # left in its first second: the draft is all there is
    wait_for_python_ready(page)
    assert page.locator("#games-body tr").count() == 1
    assert page.evaluate("sessionStorage.getItem('kalah.draft')") is None
    [record] = page.evaluate(STORED)
    assert record["moves"] == [3, 6]


def test_a_new_game_before_storage_is_here_keeps_the_old_one_in_the_history(page, site_url,
                                                                            wait_for_python_ready):
    held = []
    page.route(LATER, lambda route: held.append(route))
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    play(page, 1)
    page.evaluate("location.hash = '#rules=kalah(4,3)&south=person&north=person'")
    page.wait_for_function("document.getElementById('rules-name').textContent === 'kalah(4,3)'")
    play(page, 1)
    assert page.evaluate(DRAFT)["rules"] == "kalah(4,3)"
    before = pits(page)
    for route in held:
        route.continue_()
    page.unroute(LATER)
    page.wait_for_function("sessionStorage.getItem('kalah.draft') === null")
    new, old = sorted(page.evaluate(STORED), key=lambda record: record["rules"])
    assert (old["rules"], old["moves"], old["meta"].get("abandoned")) == ("kalah(6,4)", [1], True)
    assert (new["rules"], new["moves"], new["meta"].get("abandoned")) == ("kalah(4,3)", [1], None)
    page.reload()   # the new game is this tab's
    wait_for_python_ready(page)
    assert page.inner_text("#rules-name") == "kalah(4,3)" and pits(page) == before


def test_delete_with_undo_and_import_without_duplicates(page, site_url, wait_for_python_ready, tmp_path):
    from kalah.records import pgn
    from kalah.records.record import Record
    record = Record("kalah(6,4)", [3, 6, 1], south="Ann", north="<img src=x onerror=alert(1)>")
    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    page.fill("#paste", pgn.write(record))
    imported(page, lambda: page.click("#import-paste"))
    assert "1 new" in page.inner_text("#message")
    assert page.locator("#games-body img").count() == 0
    assert "<img src=x onerror=alert(1)>" in page.inner_text("#games-body")
    assert page.input_value("#paste") == ""
    page.fill("#paste", pgn.write(record))
    imported(page, lambda: page.click("#import-paste"))
    assert "0 new, 0 updated, 1 already here" in page.inner_text("#message")
    assert page.locator("#games-body tr").count() == 1
    page.click("#games-body [data-delete]")
    assert page.locator("#games-body tr").count() == 0
    page.click("#undo")
    assert page.locator("#games-body tr").count() == 1
    page.fill("#paste", "[Variant \"kalah(6,4)\"]\n\n1. G *")
    imported(page, lambda: page.click("#import-paste"))
    assert page.inner_text("#message").startswith("Nothing was imported from the pasted text: PGN line 3")
    # A sample of damaged files and pastes: a message each time, never an element from their content.
    rng = __import__("random").Random(3)
    texts = [pgn.write(record), record.to_json(), '{"format": "kalah-history", "schema": 2, "games": [%s]}'
             % record.to_json()]
    for _ in range(15):
        text = rng.choice(texts)
        at = rng.randrange(len(text))
        text = text[:at] + rng.choice(['<img src=x onerror=alert(1)>', '"', "]", "{", "\n[Result", "<b>x</b>"]) + text[at + 3:]
        page.fill("#paste", text)
        imported(page, lambda: page.click("#import-paste"))
        assert page.inner_text("#message")
        assert page.locator("main img, main b").count() == 0
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "kalah-history", "schema": 2, "games": [{"v": 2, "record": {"rules": "x"}}]}')
    imported(page, lambda: page.set_input_files("#import-file", str(bad)))
    assert "game 1 of the file" in page.inner_text("#message")
    # A file dropped on the drop zone.
    other = Record("kalah(6,4)", [1, 2], south="Dee")
    drop = page.evaluate_handle("""(text) => {
        const data = new DataTransfer();
        data.items.add(new File([text], "dropped.txt", {type: "text/plain"}));
        return data;
    }""", pgn.write(other))
    imported(page, lambda: page.dispatch_event("#drop", "drop", {"dataTransfer": drop}))
    assert "Imported from dropped.txt: 1 new" in page.inner_text("#message")
    assert "Dee" in page.inner_text("#games-body")
    # Sorting by a column, then the other way; filtering by a player.
    page.click("[data-sort='moves']")
    assert page.get_attribute("#col-moves", "aria-sort") == "descending"
    moves = [int(n) for n in page.locator("#games-body td.num").all_inner_texts()]
    assert moves == sorted(moves, reverse=True) and 2 in moves
    page.click("[data-sort='moves']")
    assert page.get_attribute("#col-moves", "aria-sort") == "ascending"
    assert [int(n) for n in page.locator("#games-body td.num").all_inner_texts()] == sorted(moves)
    page.fill("#filter-player", "dee")
    assert page.locator("#games-body tr").count() == 1 and "Dee" in page.inner_text("#games-body")


def test_a_corrupted_entry_and_a_full_storage_lose_nothing_saved(page, site_url, wait_for_python_ready):
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    play_two_moves(page)
    # Stored once the later modules are here (a draft in this tab until then).
    page.wait_for_function("Object.keys(localStorage).some(k => k.startsWith('kalah.game.'))")
    saved = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kalah.game.'))")
    assert len(saved) == 1
    # A second game, then damage it by hand.
    page.evaluate("""localStorage.setItem('kalah.game.broken', '{"v": 2, "id": "broken", "record": {"rules"')""")
    # Fill the rest of localStorage to its quota.
    page.evaluate("""() => {
        let chunk = 'x'.repeat(1 << 20), i = 0;
        while (chunk.length > 0) {
            try { localStorage.setItem('f' + (i++), chunk); } catch (e) { chunk = chunk.slice(0, chunk.length >> 1); }
        }
    }""")
    for _ in range(12):   # each move makes the saved game a few characters longer
        side = page.evaluate("document.querySelector('.kb-caption.kb-to-move').classList.contains('kb-s') ? 0 : 1")
        page.click(".kb-house[data-side='%d']:not([data-count='0'])" % side)
        page.wait_for_function("!document.querySelector('#board').classList.contains('kb-animating')")
        if page.inner_text("#storage-message"):
            break
    assert "storage is full" in page.inner_text("#storage-message")
    after_full = pits(page)
    page.reload()
    wait_for_python_ready(page)
    assert pits(page) == after_full   # the game in play survived (kept in this tab)

    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    assert page.locator("#games-body tr").count() == 1
    assert "broken could not be read" in page.inner_text("#problems")
    stored = page.evaluate("localStorage.getItem(%s)" % json.dumps(saved[0]))
    # Still there, with every move that fitted before the storage filled up.
    assert json.loads(stored)["record"]["moves"][:2] == [3, 6]


def test_two_tabs_playing_at_once_do_not_overwrite_each_others_game(page, context, site_url, wait_for_python_ready):
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    play_two_moves(page)                       # C, F: North to move
    other = context.new_page()                 # a second tab: same localStorage, its own sessionStorage
    other.goto(site_url + "index.html")
    wait_for_python_ready(other)               # it resumes the latest unfinished game
    other.click(".kb-house[data-side='1'][data-house='1']")
    other.wait_for_function("!document.querySelector('#board').classList.contains('kb-animating')")
    page.click(".kb-house[data-side='1'][data-house='2']")   # the first tab plays another move
    page.wait_for_function("!document.querySelector('#board').classList.contains('kb-animating')")
    saved = page.evaluate("""Object.keys(localStorage).filter(k => k.startsWith('kalah.game.'))
        .map(k => JSON.parse(localStorage.getItem(k)).record.moves.join(',')).sort()""")
    assert saved == ["3,6,1", "3,6,2"]
