"""The replay viewer: a share link opens the same moment, Lichess keys step only while it has focus."""


from kalah.library.links import share_fragment
from scripts.harness.random_games import random_game
from kalah.records import pgn
from kalah.records.record import Record


def finished_game(seed=3, **names):
    return random_game(seed, **names)


def ply_of(page):
    return int(page.eval_on_selector("#ply-slider", "e => e.value"))


def test_a_share_link_opens_at_its_ply_and_keys_step_while_the_viewer_has_focus(page, site_url, wait_for_python_ready,
                                                                                  save_screenshot):
    record = finished_game(south="Ann", north='<img src=x onerror="window.pwned=1">')
    total = len(record.moves)
    page.goto(site_url + "replay.html#" + share_fragment(record, 10))
    wait_for_python_ready(page)
    assert ply_of(page) == 10
    # The hostile name is text, never an element.
    assert page.locator("#board img").count() == 0
    assert '<img src=x onerror="window.pwned=1">' in page.inner_text("#board")
    assert page.evaluate("window.pwned") is None

    page.focus("#viewer")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert ply_of(page) == 12
    assert page.evaluate("location.hash").endswith("&p=12")
    page.keyboard.press("ArrowLeft")
    assert ply_of(page) == 11
    page.keyboard.press("End")
    assert ply_of(page) == total
    page.keyboard.press("ArrowUp")
    assert ply_of(page) == 0
    page.keyboard.press("ArrowDown")
    assert ply_of(page) == total
    page.keyboard.press("f")
    assert "o=n" in page.evaluate("location.hash")
    # Clicking a move in the list jumps there; the move list shows captures as +N.
    page.click("#moves [data-ply='5']")
    assert ply_of(page) == 5
    labels = page.locator("#moves .move").all_inner_texts()
    assert len(labels) == total
    assert any("+" in label for label in labels)
    # Clicking the chart's left edge jumps to the start.
    box = page.locator("#chart svg").bounding_box()
    page.mouse.click(box["x"] + 2, box["y"] + box["height"] / 2)
    assert ply_of(page) == 0
    page.click("#moves [data-ply='5']")
    # Keys do nothing once the focus is outside the viewer (the host page keeps its scrolling).
    page.focus("#copy-link")
    page.keyboard.press("ArrowRight")
    assert ply_of(page) == 5
    save_screenshot(page)


def test_autoplay_and_the_seed_by_seed_step(page, site_url, wait_for_python_ready, after_page_timers):
    record = finished_game(seed=4)
    page.goto(site_url + "replay.html#" + share_fragment(record, 0))
    wait_for_python_ready(page)
    page.select_option("#speed", "4")
    page.focus("#viewer")
    page.keyboard.press(" ")
    page.wait_for_function("Number(document.querySelector('#ply-slider').value) >= 2")
    page.keyboard.press(" ")
    stopped = ply_of(page)
    after_page_timers(page, 1200 // 4)   # the viewer's timer: a ply each BASE_DELAY_MS / speed
    assert ply_of(page) == stopped
    page.click("#sow")
    page.wait_for_function("Number(document.querySelector('#ply-slider').value) == %d" % (stopped + 1))


def test_a_malformed_link_says_why_and_the_page_still_works(page, site_url, wait_for_python_ready):
    page.goto(site_url + "replay.html#g=k1.K64.s%3Cb%3Ehi%3C/b%3E.m3")
    wait_for_python_ready(page)
    assert "This link cannot be opened" in page.inner_text("#message")
    assert page.locator("#message b").count() == 0
    record = finished_game(seed=5)
    page.fill("#paste", pgn.write(record))
    page.click("#open-paste")
    page.wait_for_function("!document.querySelector('#replay').hidden")
    assert ply_of(page) == len(record.moves)


def test_continue_from_here_opens_a_new_game_at_that_move_on_the_play_page(page, site_url, wait_for_python_ready):
    record = finished_game(seed=6, south="Ann", north="Bob")
    page.goto(site_url + "replay.html#" + share_fragment(record, 9))
    wait_for_python_ready(page)
    shown = page.eval_on_selector_all(".kb-house", "bs => bs.map(b => b.dataset.index + ':' + b.dataset.count).sort()")
    page.select_option("#continue-opponent", "person")
    page.click("#continue")
    page.wait_for_url("**/index.html")
    wait_for_python_ready(page)
    on_play_page = page.eval_on_selector_all(".kb-house",
                                             "bs => bs.map(b => b.dataset.index + ':' + b.dataset.count).sort()")
    assert on_play_page == shown
    games = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kalah.game.'))")
    assert len(games) == 1   # the new game only; the shared game was not stored
