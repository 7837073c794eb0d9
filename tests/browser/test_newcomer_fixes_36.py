"""What a newcomer hit (issue 36), each checked where it was seen: a preset opened during a game
says the new game, not the old one's last move; no undo once a game is over; "Try again" goes
once a puzzle is solved."""

import pytest

from kalah import Board
from kalah.study.puzzle_maker import shipped
from kalah.game.rules import SOUTH
from tests.browser.play_driver import TWO_PEOPLE, house_selector

POSITION = "document.getElementById('board').dataset.position"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def test_a_preset_opened_during_a_game_clears_the_old_narration(page, site_url, wait_for_python_ready):
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=first")
    wait_for_python_ready(page)
    page.click(house_selector(SOUTH, 1))
    page.wait_for_function(f"{POSITION}.endsWith('/S') && /North sows/.test(document.getElementById('message').textContent)")
    page.evaluate("location.hash = '#rules=kalah(4,3)&south=person&north=person'")
    page.wait_for_function(f"{POSITION} === {Board('kalah(4,3)').position()!r}")
    page.wait_for_function("!document.querySelector('#board').classList.contains('kb-animating')")
    assert page.inner_text("#message") == "New game: Kalah, 4 houses \u00d7 3 seeds. South to move."


def test_no_undo_once_the_game_is_over(page, site_url, wait_for_python_ready):
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=person")
    wait_for_python_ready(page)
    page.click(house_selector(SOUTH, 1))
    page.wait_for_function(f"{POSITION}.endsWith('/N')")
    assert page.is_enabled("#undo")
    page.click("#resign")
    page.click("#resign")
    page.wait_for_function(f"{POSITION}.endsWith('/-')")
    assert page.is_disabled("#undo")


def test_try_again_goes_once_the_puzzle_is_solved(page, site_url, wait_for_python_ready):
    puzzle = shipped("kalah(6,4)").puzzles[0]
    board = puzzle.board()
    page.goto(site_url + "puzzles.html#id=" + puzzle.id)
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % puzzle.id)
    page.click(".kb-house[data-side='%d'][data-house='%d']" % (board.turn, puzzle.best))
    page.wait_for_selector("#puzzle[data-answer='right']")
    assert page.is_hidden("#retry") and page.is_hidden("#solution") and page.is_visible("#next")


SOUTH_AGAIN = """() => { const p = document.getElementById('board').dataset.position;
    return (p.endsWith('/S') || p.endsWith('/-')) && !document.querySelector('#board').classList.contains('kb-animating'); }"""


def test_against_the_computer_in_kalah_4_3_no_request_fails(new_context, site_url, wait_for_python_ready):
    """Only files that ship are asked for: no 404 (issue 36: endgame-kalah4.bin, twice a move)."""
    context = new_context()
    failed, data = [], []
    context.on("response", lambda response: response.status >= 400 and failed.append(response.url))
    context.on("request", lambda request: "/static/data/" in request.url and data.append(request.url))
    page = context.new_page()
    page.goto(site_url + "index.html#rules=kalah(4,3)&south=person&north=level4&speed=fast")
    wait_for_python_ready(page)
    answers = 0
    while answers < 2:   # two moves of the computer (level 4 searches in the worker)
        page.wait_for_function(SOUTH_AGAIN, timeout=120_000)
        if page.evaluate(f"{POSITION}.endsWith('/-')"):
            break
        before = page.evaluate(POSITION)
        page.click("#board button.kb-house[data-side='0']:not([aria-disabled='true'])")
        page.wait_for_function(f"{POSITION} !== {before!r}")
        page.wait_for_function(SOUTH_AGAIN, timeout=120_000)
        answers += "North" in page.inner_text("#message")
    assert answers == 2
    assert failed == [] and [url for url in data if "endgame" in url] == []


def test_the_rule_set_radios_keep_their_heading_and_group_name(page, site_url, wait_for_python_ready):
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    page.click("#new-game summary")
    page.wait_for_selector("#family-choices input[name=family]")
    assert page.inner_text("#family-choices legend") == "Rule set"
    group = page.get_by_role("group", name="Rule set")
    assert group.get_by_role("radio").count() == page.locator("input[name=family]").count() >= 3


FIRST_SCREEN = """(id) => { const r = document.getElementById(id).getBoundingClientRect();
                            return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"""


def test_on_a_phone_the_result_and_play_again_are_on_the_first_screen(new_context, site_url,
                                                                      wait_for_python_ready, save_screenshot):
    context = new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=greedy")
    wait_for_python_ready(page)
    while not page.evaluate(f"{POSITION}.endsWith('/-')"):
        page.wait_for_function(SOUTH_AGAIN)
        if page.evaluate(f"{POSITION}.endsWith('/S')"):
            page.click("#board button.kb-house[data-side='0']:not([aria-disabled='true'])")
            page.wait_for_function(f"!{POSITION}.endsWith('/S') || document.getElementById('message').textContent !== ''")
    page.wait_for_selector("#game-over:not([hidden])")
    page.evaluate("window.scrollTo(0, 0)")
    assert page.inner_text("#result").startswith("You lose ")
    assert page.evaluate(FIRST_SCREEN, "result") and page.evaluate(FIRST_SCREEN, "play-again")
    save_screenshot(page, "end-360")


def test_the_level_scale_and_the_puzzle_rating_scale_are_explained(page, site_url, wait_for_python_ready):
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    page.click("#new-game summary")
    players = page.inner_text("#new-game fieldset:has(select[name=north])")
    assert "random moves are 0" in players and "100 points more scores about 64%" in players
    assert "Puzzle ratings are a scale of their own." in players
    page.goto(site_url + "puzzles.html")
    wait_for_python_ready(page)
    record = page.inner_text("section[aria-labelledby=record-title]")
    assert "Puzzle ratings run from 1000 (every computer level finds the answer) to 2000 (none does)." in record
    assert "starts at 1200" in record
