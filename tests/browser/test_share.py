"""Share links and correspondence play between two browsers (contexts share nothing)."""

import random

from kalah.errors import KalahError
from kalah.library.fragments import is_link
from kalah.library.links import correspondence_fragment, error_text, parse_fragment, share_fragment
from kalah.records import compact, pgn
from kalah.records.record import Record
from scripts.harness.random_games import random_game


def finished_game(seed=21):
    return random_game(seed, south="Ann", north="Bob")


NO_GAME = ("No game to show yet: open one from the History page, paste a link or a record below, "
           "or start a game by link with a friend.")


def expected_message(fragment):
    """The replay page's message for a fragment (as the browser wrote it in the URL): its reason, or none."""
    try:
        parse_fragment(fragment)
    except KalahError as error:
        return "This link cannot be opened: %s." % error_text(error)
    return ""


def moves_shown(page):
    return page.locator("#moves .move").all_inner_texts()


def test_a_copied_share_link_shows_the_same_replay_in_a_fresh_browser(page, new_context, site_url,
                                                                      wait_for_python_ready):
    record = finished_game()
    page.goto(site_url + "replay.html#" + share_fragment(record, 17))
    wait_for_python_ready(page)
    page.focus("#viewer")
    page.keyboard.press("f")
    page.click("#copy-link")
    link = page.input_value("#copied-text")
    assert link.startswith(site_url + "replay.html#g=k1.") and link.endswith("&p=17&o=n")
    assert len(link) - len(site_url) < 120

    fresh = new_context().new_page()
    fresh.goto(link)
    wait_for_python_ready(fresh)
    assert fresh.input_value("#ply-slider") == "17"
    assert moves_shown(fresh) == moves_shown(page)
    assert fresh.inner_text("#board") == page.inner_text("#board")
    assert fresh.evaluate("localStorage.length") == 0        # nothing stored until asked
    with fresh.expect_download() as download:
        fresh.click("#export-pgn")
    assert pgn.read(open(download.value.path(), encoding="utf-8").read()).moves == record.moves
    fresh.click("#copy-embed")
    code = fresh.input_value("#copied-text")
    assert code.startswith('<iframe src="%sembed.html#g=k1.' % site_url)
    assert 'loading="lazy"' in code and 'sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"' in code
    assert 'title="Kalah game: Ann vs Bob"' in code
    fresh.click("#keep")
    assert "in your history now" in fresh.inner_text("#message")
    assert fresh.evaluate("localStorage.length") == 2        # the schema mark and the game


# A link whose message no sample gives: each sample is read from it, so a changed message proves
# the page read the sample. (Clearing the fragment no longer resets the page: issue 36, an empty or
# anchor-only fragment leaves what the page shows alone.)
RESET = "g=reset"
STAYS = " The game shown stays."   # what a bad link's message adds while a game is shown


def test_damaged_and_hostile_fragments_give_a_message_and_a_working_page(page, site_url, wait_for_python_ready,
                                                                        after_page_timers):
    good = share_fragment(finished_game(), 3)
    rng = random.Random(5)
    samples = ["g=k1.K64.s%3Cimg%20src=x%20onerror=alert(1)%3E.m3", "g=k9.K64.m3", "g=k1.K64.m36&p=99",
               "l=<script>", "g=" + good[2:40], "i=x&g=" + good[2:]]
    for _ in range(24):
        chars = list(good)
        for _ in range(3):
            chars[rng.randrange(len(chars))] = rng.choice("<>\"'&=%#.~_-x9")
        samples.append("".join(chars))
    page.goto(site_url + "replay.html")
    wait_for_python_ready(page)
    page.evaluate("window.pwned = 0")
    reset_message = expected_message("#" + RESET)
    for fragment in samples:
        page.evaluate("(f) => { location.hash = f; }", RESET)
        page.wait_for_function("(texts) => texts.includes(document.querySelector('#message').textContent)",
                               arg=[reset_message, reset_message + STAYS])
        before = page.inner_text("#message")
        showing = page.evaluate("!document.querySelector('#replay').hidden")   # a game the bad link keeps
        page.evaluate("(f) => { location.hash = f; }", fragment)
        written = page.evaluate("location.hash")
        if is_link(written[1:]):
            page.wait_for_function("(text) => document.querySelector('#message').textContent !== text", arg=before)
            expected = expected_message(written)
            assert page.inner_text("#message") == (expected + STAYS if expected and showing else expected), fragment
        else:   # damaged into an in-page anchor (no key=value): the page leaves what it shows alone
            after_page_timers(page, 0)
            assert page.inner_text("#message") == before, fragment
        assert page.locator("main img, main script, main b").count() == 0
        assert page.evaluate("document.body.dataset.ready") == "1"
    assert page.evaluate("window.pwned") == 0
    page.evaluate("(f) => { location.hash = f; }", good)
    page.wait_for_function("!document.querySelector('#replay').hidden && document.querySelector('#ply-slider').value === '3'")


def play_turn(page):
    """Click the first legal house until the link to send appears; return it."""
    for _ in range(30):
        link = page.input_value("#corr-link")
        if link:
            return link
        page.click("#board .kb-house:not([aria-disabled='true'])")
    raise AssertionError("no link after 30 moves")


def test_two_browsers_play_a_game_to_the_end_by_links(new_context, site_url, wait_for_python_ready):
    south, north = new_context().new_page(), new_context().new_page()
    start = site_url + "replay.html#" + correspondence_fragment(Record("kalah(3,2)", [], "Ann", "Bob"), "corr1")
    south.goto(start)
    wait_for_python_ready(south)
    assert "Ann (South) to move" in south.inner_text("#corr-status")
    first_link = link = play_turn(south)
    players = [north, south]
    turns = 1
    opened = set()
    while True:
        receiver = players[0]
        if receiver not in opened:
            receiver.goto(link)
            wait_for_python_ready(receiver)
            opened.add(receiver)
        else:
            receiver.goto(link)   # same page: only the fragment changes, and its handler runs later
            receiver.wait_for_function("""(l) => location.href === l && (
                document.getElementById('corr-link').value === ''
                || document.getElementById('corr-status').textContent.startsWith('The game is over'))""", arg=link)
        status = receiver.inner_text("#corr-status")
        if status.startswith("The game is over"):
            break
        assert "to move" in status, status
        link = play_turn(receiver)
        turns += 1
        players.reverse()
        assert turns < 40
    assert turns >= 2
    final = compact.read(link.split("g=", 1)[1].split("&", 1)[0])
    assert final.outcome() is not None
    # Each side keeps the game once, under its id; an old link is refused as stale.
    for browser in (south, north):
        assert browser.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kalah.game.'))") == ["kalah.game.corr1"]
    south.goto(first_link)
    south.wait_for_function("document.querySelector('#message').textContent.includes('stale')")
    # A hand-edited link is refused with its reason.
    tampered = link.replace("&t=s&", "&t=n&") if "&t=s&" in link else link.replace("&t=n&", "&t=s&")
    north.goto(tampered)
    north.wait_for_function("document.querySelector('#message').textContent.includes('changed after it was made')")


def test_a_game_by_link_starts_from_the_form_and_gives_the_link_to_send(page, site_url, wait_for_python_ready):
    page.goto(site_url + "replay.html")
    wait_for_python_ready(page)
    page.fill("#corr-you", "Ann")
    page.fill("#corr-friend", "<i>Bob</i>")
    page.select_option("#corr-rules", "kalah(6,4)")
    page.click("#corr-start")
    assert "Ann (South) to move" in page.inner_text("#corr-status")
    page.click("#board .kb-house[data-side='0'][data-house='1']")   # one move, the turn passes
    link = page.input_value("#corr-link")
    assert "replay.html#g=k1.K64.sAnn.n_3Ci_3EBob_3C_2Fi_3E.m1&i=" in link and "&t=n&n=1&h=" in link
    assert page.evaluate("location.href") == link
    assert "<i>Bob</i>" in page.inner_text("#corr-status") and page.locator("main i:not(.kb-seed)").count() == 0


def test_a_reload_in_the_middle_of_a_turn_carries_on(page, site_url, wait_for_python_ready):
    page.goto(site_url + "replay.html#" + correspondence_fragment(Record("kalah(6,4)", [], "Ann", "Bob"), "corr2"))
    wait_for_python_ready(page)
    page.click("#board .kb-house[data-side='0'][data-house='3']")   # ends in the store: Ann moves again
    assert "Extra turn" in page.inner_text("#corr-status")
    page.reload()
    wait_for_python_ready(page)
    assert "Ann (South) to move" in page.inner_text("#corr-status")
    page.click("#board .kb-house[data-side='0'][data-house='1']")
    assert "&t=n&n=2&" in page.input_value("#corr-link")
    page.reload()
    wait_for_python_ready(page)
    assert "waiting for their link" in page.inner_text("#corr-status")


def test_the_pie_rule_swap_is_played_by_link(page, site_url, wait_for_python_ready):
    page.goto(site_url + "replay.html#" + correspondence_fragment(Record("kalah(6,4)+pie", [1], "Ann", "Bob"), "pie1"))
    wait_for_python_ready(page)
    assert "Bob (North) to move" in page.inner_text("#corr-status")
    page.click("#corr-swap")
    link = page.input_value("#corr-link")
    assert "&n=2&" in link and "m10&" in link and "&t=n&" in link
    assert "Copy this link to Ann" in page.inner_text("#corr-status")
