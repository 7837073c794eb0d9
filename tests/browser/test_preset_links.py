"""Preset-game links on the play page: every form starts its game at once, the
board's data-position follows every move, a bad preset is refused with the
reason and the page plays the default game, and the new-game panel copies a
link to its setup."""

import pytest

from kalah import Board
from kalah.ai import reference
from kalah.game.rules import NORTH, SIDE_LETTERS, SOUTH
from tests.browser.reference_game import play_against_first

POSITION = "document.getElementById('board').dataset.position"
HOUSE = '#board .kb-house[data-side="{side}"][data-house="{house}"]'
TIMEOUT = 120_000  # Pyodide's first start on a loaded machine


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def open_play(page, site_url, fragment, wait_for_python_ready):
    page.goto(site_url + "index.html" + fragment)
    wait_for_python_ready(page)


def shown(page):
    return page.evaluate("""() => ({
        position: document.getElementById('board').dataset.position,
        title: document.getElementById('game-title').textContent,
        rules: document.getElementById('rules-name').textContent,
        captions: [...document.querySelectorAll('#board .kb-caption .kb-name')].map(n => n.textContent),
        problem: document.getElementById('preset-error').textContent,
        hint: document.getElementById('hint').textContent,
        hash: location.hash,
    })""")


FORMS = [
    # (fragment, rules, first, caption of South, caption of North)
    ("#rules=kalah(6,3)&south=person&north=level3", "kalah(6,3)", SOUTH, "Person", "Computer (level 3)"),
    ("#rules=kalah(4,3)+empty-capture+pie&south=person&north=person", "kalah(4,3)+empty-capture+pie", SOUTH,
     "Person", "Person"),
    ("#rules=owari&north=level8", "owari", SOUTH, "Person", "Computer (level 8)"),
    ("#rules=oware+limit200&south=person&north=greedy&first=north&speed=fast", "oware+limit200", NORTH,
     "Person", "Computer (greedy (best single move))"),
    ("#rules=relay-kalaha&south=person&north=rightmost", "relay-kalaha", SOUTH, "Person",
     "Computer (rightmost house)"),
    ("#rules=KALAH%286%2C5%29%2Bgamelink&south=human&north=level1", "kalah(6,5)+gamelink", SOUTH, "Person",
     "Computer (level 1)"),
]


@pytest.mark.parametrize("fragment,rules,first,south,north", FORMS, ids=[f[1] for f in FORMS])
def test_every_preset_form_starts_its_game_at_once(page, site_url, wait_for_python_ready,
                                                   fragment, rules, first, south, north):
    open_play(page, site_url, fragment, wait_for_python_ready)
    board = Board(rules, first=first)
    if first == NORTH:  # the computer (greedy) opens at once: wait for the person's turn after it
        greedy = reference.get("greedy")
        while board.turn == NORTH:
            board.push(greedy.choose(board))
        page.wait_for_function("side => (%s || '').split('/')[2] === side" % POSITION, arg=SIDE_LETTERS[SOUTH])
    view = shown(page)
    assert view["problem"] == ""
    assert view["rules"] == board.rules.name
    assert view["position"] == board.position()
    captions = dict(zip(("top", "bottom"), view["captions"]))
    assert sorted(view["captions"]) == sorted(["South \u00b7 " + south, "North \u00b7 " + north])
    assert captions["bottom"].startswith("South")  # the person's row is at the bottom
    assert view["hash"] == ""  # a reload resumes this game rather than restarting it


def test_the_computer_as_south_moves_first_at_once(page, site_url, wait_for_python_ready):
    open_play(page, site_url, "#rules=kalah(6,4)&south=level8&north=person", wait_for_python_ready)
    # South's move (two, when the first ends in its store) is played with no click: North to move.
    page.wait_for_function(f"{POSITION}.endsWith('/N')", timeout=TIMEOUT)
    board = Board(position=page.evaluate(POSITION))
    assert board.turn == NORTH and board.scores() != (0, 0) or board.pits != Board().pits
    # The person (North) sits at the bottom and is told so.
    assert shown(page)["hint"] == "You play North (bottom row): click a house to sow its seeds."
    assert page.evaluate("document.querySelector('#board .kb-caption-bottom').classList.contains('kb-n')")


def test_data_position_follows_every_move_against_a_reference_player(page, site_url, wait_for_python_ready):
    open_play(page, site_url, "#rules=kalah(3,3)&south=person&north=first", wait_for_python_ready)
    play_against_first(page, "kalah(3,3)", SOUTH)
    assert page.is_visible("#game-over")


@pytest.mark.parametrize("fragment,reason", [
    ("#rules=chess&south=person", "unknown rule set 'chess'"),
    ("#rules=kalah(6,4)&south=level9", "unknown player 'level9'"),
    ("#rules=kalah(6,4)&colour=%3Cb%3Ered", "unknown setting 'colour'"),
    ("#south=<img src=x onerror=alert(1)>", "unknown player '<img src=x onerror=a...'"),
])
def test_a_bad_preset_is_refused_with_the_reason_and_the_default_game_plays(
        page, site_url, wait_for_python_ready, fragment, reason):
    open_play(page, site_url, fragment, wait_for_python_ready)
    view = shown(page)
    assert reason in view["problem"]
    assert view["problem"].startswith("This link's game cannot start: ")
    assert page.locator("#preset-error img, #preset-error b").count() == 0
    assert view["position"] == Board("kalah(6,4)").position()
    assert view["captions"] == ["North \u00b7 Computer (level 3)", "South \u00b7 Person"]
    page.click(HOUSE.format(side=SOUTH, house=3))  # ends in the store: South plays on
    page.wait_for_function(f"{POSITION}.endsWith('/S') && {POSITION} !== {view['position']!r}")


def test_the_panel_copies_a_link_to_its_setup_which_starts_that_game(page, site_url, wait_for_python_ready):
    open_play(page, site_url, "", wait_for_python_ready)
    page.click("#new-game > summary")
    page.check('#family-choices input[value="kalah"]')
    page.select_option('select[name="houses"]', "5")
    page.select_option('select[name="seeds"]', "3")
    page.check('input[name="option"][value="pie"]')
    page.select_option('select[name="south"]', "random")
    page.select_option('select[name="north"]', "human")
    page.click("#copy-setup")
    page.wait_for_function("document.getElementById('copy-text').value !== ''")
    link = page.input_value("#copy-text")
    assert link == site_url + "index.html#rules=kalah(5,3)+pie&south=random&north=person"
    # Shown selected, to copy by hand when the clipboard is refused.
    assert page.evaluate("document.activeElement.id") == "copy-text"
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [
        0, len(link)]
    page.goto(link)   # the same page: only the fragment changes, and its handler runs later
    wait_for_python_ready(page)
    page.wait_for_function("document.getElementById('rules-name').textContent === 'kalah(5,3)+pie'")
    view = shown(page)
    assert view["rules"] == "kalah(5,3)+pie"
    assert sorted(view["captions"]) == ["North \u00b7 Person", "South \u00b7 Computer (random moves)"]
