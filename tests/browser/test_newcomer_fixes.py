"""What a newcomer hit (issue 24), each checked where it was seen: on a 360 px phone
unless it concerns every width.

The narration of the game's end is read whole, right under the board; the end
is green only for a win; resigning asks first and says "You resigned" rather
than a forfeit score; the last game's share box goes with it; the replay's
label names the turn its move list numbers, and its keys work from the start;
a bad preset link names every bad setting; the offline download says its size
and asks first on a metered connection; 9-12 seeds and the lab's import control
fit a phone.
"""

import pytest

from kalah.library.links import share_fragment
from kalah import Board
from kalah.game.rules import NORTH, SOUTH
from tests.browser.play_driver import start_game
from test_replay import finished_game, ply_of

POSITION = "document.getElementById('board').dataset.position"
HOUSE = '#board .kb-house[data-side="{side}"][data-house="{house}"]'
GREEN = "rgb(29, 111, 66)"  # --last in the light scheme: the colour of a win
PHONE = {"width": 360, "height": 740}
IN_VIEW = """(id) => { const r = document.getElementById(id).getBoundingClientRect();
                       return r.top >= 0 && r.bottom <= innerHeight; }"""


def open_play(context, site_url, fragment, wait_for_python_ready):
    page = context.new_page()
    page.goto(site_url + "index.html" + fragment)
    wait_for_python_ready(page)
    return page


def test_on_a_phone_resigning_asks_first_and_the_end_is_read_whole_under_the_board_not_in_green(
        new_context, site_url, wait_for_python_ready, save_screenshot):
    context = new_context(viewport=PHONE, reduced_motion="reduce", service_workers="block")
    page = open_play(context, site_url, "#rules=kalah(6,4)&south=person&north=first", wait_for_python_ready)
    start = page.evaluate(POSITION)
    page.click("#resign")
    assert page.inner_text("#resign") == "Really resign?"
    assert page.evaluate(POSITION) == start and page.is_hidden("#game-over")
    page.click("#resign")
    page.wait_for_function(f"{POSITION}.endsWith('/-')")
    assert page.inner_text("#result") == "You resigned: Computer (first legal house) wins."
    assert page.inner_text("#resign") == "Resign"
    colours = page.evaluate("""() => [getComputedStyle(document.getElementById('status')).color,
                                      getComputedStyle(document.getElementById('game-over')).borderTopColor]""")
    assert GREEN not in colours
    # The whole narration, final score included: no box that scrolls inside itself. In view with the
    # board, the result and "Play again" right under it (issue 36), the narration after them.
    page.evaluate("document.getElementById('game').scrollIntoView(true)")
    message = page.evaluate("""() => { const m = document.getElementById('message');
        return [m.textContent, m.scrollHeight <= m.clientHeight + 1]; }""")
    assert message == ["Game over. South forfeits (resigned); North wins. Final score: South 0, North 48.", True]
    assert page.evaluate(IN_VIEW, "result") and page.evaluate(IN_VIEW, "play-again")
    save_screenshot(page, "resigned")
    # A game over is over: no undo (issue 36).
    assert page.is_disabled("#undo")


def test_the_share_box_of_the_last_game_goes_when_the_next_begins(new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce", service_workers="block")
    page = open_play(context, site_url, "#rules=kalah(6,4)&south=person&north=person", wait_for_python_ready)
    page.click(HOUSE.format(side=SOUTH, house=1))
    page.wait_for_function(f"{POSITION}.endsWith('/N')")
    page.click("#share")
    page.wait_for_function("document.getElementById('copy-text').value.includes('replay.html#g=')")
    assert page.is_visible("#copy-box")
    start_game(page, south="human", north="human")
    assert page.is_hidden("#copy-box") and page.input_value("#copy-text") == ""
    # The same after the end of a game and "Play again".
    page.click("#resign")
    page.click("#resign")
    page.click("#embed-end")
    page.wait_for_function("document.getElementById('copy-text').value.startsWith('<iframe')")
    page.click("#play-again")
    page.wait_for_function(f"!{POSITION}.endsWith('/-')")
    assert page.is_hidden("#copy-box") and page.input_value("#copy-text") == ""


def test_the_replay_label_names_the_turn_the_move_list_numbers_and_keys_work_from_the_start(
        page, site_url, wait_for_python_ready):
    record = finished_game(seed=3)
    turns = record.turns()
    # A move late in the game, after extra turns: its turn number is below its move number.
    number, turn = next((n + 1, t) for n, t in reversed(list(enumerate(turns))) if t["first"] + 1 > n + 1)
    ply = turn["first"] + 1
    page.goto(site_url + "replay.html#" + share_fragment(record, ply))
    wait_for_python_ready(page)
    label = page.inner_text("#ply-label")
    assert label.startswith("Turn %d, move %d of %d: " % (number, ply, len(record.moves))), label
    item = page.locator("#moves li", has=page.locator(f"[data-ply='{ply}']")).inner_text()
    assert item.startswith("%d. " % number)
    # Nothing focused yet: the arrow keys step at once.
    assert page.evaluate("document.activeElement === document.body")
    page.keyboard.press("ArrowLeft")
    assert ply_of(page) == ply - 1
    page.keyboard.press("ArrowRight")
    assert ply_of(page) == ply


def test_a_bad_preset_link_names_the_bad_rule_set_and_the_bad_player(new_context, site_url, wait_for_python_ready):
    context = new_context(service_workers="block")
    page = open_play(context, site_url, "#rules=nonsense&south=x", wait_for_python_ready)
    problem = page.inner_text("#preset-error")
    assert "unknown rule set 'nonsense'" in problem and "unknown player 'x'" in problem, problem


METERED = """Object.defineProperty(navigator, 'connection', {configurable: true,
    value: {saveData: true, type: 'cellular', effectiveType: '3g', addEventListener() {}}});"""
REGISTERED = "navigator.serviceWorker.getRegistration().then(r => !!r)"


def test_on_a_metered_connection_the_offline_download_waits_for_a_yes(new_context, site_url,
                                                                     wait_for_python_ready):
    context = new_context()
    context.add_init_script(METERED)
    page = open_play(context, site_url, "", wait_for_python_ready)
    page.wait_for_selector("#offline-notice button")
    assert "metered" in page.inner_text("#offline-notice")
    assert page.inner_text("#offline-notice button") == "Keep for offline use (about 33 MB)"
    assert page.evaluate(REGISTERED) is False
    page.click("#offline-notice button")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
    page.wait_for_function("document.getElementById('offline-notice').textContent.startsWith('Saved')")
    assert page.evaluate("localStorage.getItem('kalah-offline')") == "yes"
    # Remembered: the next visit says nothing more.
    page.reload()
    wait_for_python_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    assert page.locator("#offline-notice").count() == 0


def test_on_a_first_visit_the_offline_download_says_its_size_and_can_be_stopped(new_context, site_url,
                                                                              wait_for_python_ready):
    context = new_context()
    page = open_play(context, site_url, "", wait_for_python_ready)
    page.wait_for_selector("#offline-notice button")
    assert "about 33 MB" in page.inner_text("#offline-notice")
    page.wait_for_function("document.getElementById('offline-notice').textContent.startsWith('Saved')")
    page.click("#offline-notice button")   # Remove
    page.wait_for_function("document.getElementById('offline-notice').textContent.startsWith('Offline use is off')")
    assert page.evaluate(REGISTERED) is False
    assert page.evaluate("caches.keys().then(names => names.filter(n => n.startsWith('kalah-')).length)") == 0
    assert page.evaluate("localStorage.getItem('kalah-offline')") == "no"


OVERLAPS = """() => [...document.querySelectorAll('#board .kb-house')].filter(house => {
    const count = house.querySelector('.kb-count');
    if (!count) return false;
    const c = count.getBoundingClientRect();
    return [...house.querySelectorAll('.kb-seed')].some(seed => { const s = seed.getBoundingClientRect();
        return s.left < c.right && c.left < s.right && s.top < c.bottom && c.top < s.bottom; });
}).map(house => house.dataset.side + ':' + house.dataset.house)"""


@pytest.mark.parametrize("width", (320, 360), ids=["320px", "360px"])
@pytest.mark.parametrize("seeds", (9, 12))
def test_on_a_phone_the_count_of_a_full_house_stays_clear_of_its_stones(new_context, site_url,
                                                                        wait_for_python_ready, width, seeds):
    context = new_context(viewport={"width": width, "height": 740}, reduced_motion="reduce",
                          service_workers="block")
    page = open_play(context, site_url, f"#rules=kalah(6,{seeds})&south=person&north=person",
                     wait_for_python_ready)
    assert page.evaluate("document.querySelectorAll('#board .kb-count').length") == 12
    assert page.evaluate(OVERLAPS) == []
    # 10 and 11 seeds, after a move.
    page.click(HOUSE.format(side=SOUTH, house=1))
    page.wait_for_function(f"{POSITION}.endsWith('/N')")
    assert page.evaluate(OVERLAPS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", (320, 360), ids=["320px", "360px"])
def test_on_a_phone_the_labs_import_control_is_whole(new_context, site_url, wait_for_python_ready, width):
    context = new_context(viewport={"width": width, "height": 740}, service_workers="block")
    page = context.new_page()
    page.goto(site_url + "lab.html")
    wait_for_python_ready(page)
    # Chromium draws "Choose File No file chosen" inside the input's box: a box narrower than
    # the same input at its own width cuts that text ("No \u2026en").
    fits = page.evaluate("""() => { const input = document.getElementById('import'), label = input.closest('label');
        const probe = document.createElement('input');
        probe.type = 'file';
        probe.style.cssText = 'position: absolute; width: auto; visibility: hidden';
        document.body.append(probe);
        const natural = probe.getBoundingClientRect().width;
        probe.remove();
        const i = input.getBoundingClientRect(), l = label.getBoundingClientRect();
        return {wholeText: i.width >= natural - 0.5, inLabel: i.left >= l.left - 0.5 && i.right <= l.right + 0.5,
                onScreen: l.left >= 0 && l.right <= innerWidth};
    }""")
    assert fits == {"wholeText": True, "inLabel": True, "onScreen": True}


def notes(report):
    """What static/js/sound.js plays for a move: a note per seed sown, one per capture or sweep,
    two for an extra turn."""
    seeds = sum(len(event[2]) for event in report.events if event[0] == "sow")
    takes = sum(1 for event in report.events if event[0] in ("capture", "sweep"))
    return seeds + takes + (2 if report.extra_turn else 0)


PLAYED = "window.kalahSound.played"
DRAWN = "!document.getElementById('board').classList.contains('kb-animating')"


def test_sound_is_off_until_one_click_then_heard_per_seed_capture_and_extra_turn_and_remembered(
        new_context, site_url, wait_for_python_ready):
    context = new_context(service_workers="block")
    page = open_play(context, site_url, "#rules=kalah(6,4)&south=person&north=person", wait_for_python_ready)
    assert page.get_attribute("#sound", "aria-pressed") == "false" and page.inner_text("#sound") == "Sound off"
    board = Board("kalah(6,4)")
    board.push(3)   # ends in South's store: an extra turn, heard only once the sound is on
    page.click(HOUSE.format(side=SOUTH, house=3))
    page.wait_for_function(f"{POSITION} === {board.position()!r} && document.getElementById('message').textContent")
    assert page.evaluate(PLAYED) == 0   # off: not a note, and no audio context made
    page.click("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "true" and page.inner_text("#sound") == "Sound on"
    assert page.evaluate(PLAYED) == 1   # the click's own tick
    assert page.evaluate("localStorage.getItem('kalah-sound')") == "on"

    page.reload()
    wait_for_python_ready(page)
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    expected, kinds = 0, set()
    for move in (1, 4, 2, 1):   # an extra turn and a capture among them
        side = board.turn
        report = board.push(move)
        expected += notes(report)
        kinds |= {"extra"} if report.extra_turn else {"capture"} if report.captured else set()
        page.click(HOUSE.format(side=side, house=move))
        # Drawn to its end: a click during the sowing would skip the rest of it, and its sounds.
        page.wait_for_function(f"{POSITION} === {board.position()!r} && {DRAWN}")
    assert kinds == {"extra", "capture"}
    page.wait_for_function(f"{PLAYED} === {expected}")
    page.click("#sound")
    assert page.evaluate("localStorage.getItem('kalah-sound')") == "off"


def test_where_a_level_is_chosen_the_page_says_how_strong_it_is(new_context, site_url, wait_for_python_ready):
    from kalah.web.common.game_setup import LEVEL_STRENGTH
    context = new_context(service_workers="block")
    page = open_play(context, site_url, "", wait_for_python_ready)
    page.click("#new-game > summary")
    shown = page.eval_on_selector_all('select[name="north"] option.computer',
                                      "os => Object.fromEntries(os.map(o => [o.value, o.textContent]))")
    for level, (word, rating, beats) in LEVEL_STRENGTH.items():
        assert shown[level] == "Computer, level %s \u2014 %s, %s (rating %d)" % (level[5:], word, beats, rating)
    assert shown["level3"] == ("Computer, level 3 \u2014 beginner, beats every reference player"
                               " (57% against greedy) (rating 645)")
