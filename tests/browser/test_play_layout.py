"""The play page from a 360-pixel phone to a desktop, light and dark:
screenshots kept in test-artifacts/screenshots/, and the layout rules checked
(nothing wider than the screen, tap targets of 44 px, sides told apart by more
than colour)."""

import pytest

from tests.browser.play_driver import TWO_PEOPLE, house_selector, random_moves, start_game

# Each width is one page start, shot in the light and the dark scheme.
WIDTHS = (360, 1280)

LAYOUT = """() => {
  const houses = [...document.querySelectorAll('#board .kb-house')].map(b => b.getBoundingClientRect());
  const targets = [...document.querySelectorAll('button:not([hidden]), select, summary, .site-header nav a')]
    .filter(e => e.offsetParent !== null).map(e => [e.id || e.textContent.trim().slice(0, 20), e.getBoundingClientRect()]);
  return {
    pageWidth: document.documentElement.scrollWidth,
    smallestHouse: Math.min(...houses.map(r => Math.min(r.width, r.height))),
    smallTargets: targets.filter(([_, r]) => r.height < 44 || r.width < 44).map(([name]) => name),
    southEdge: getComputedStyle(document.querySelector('#board .kb-house.kb-s')).borderTopStyle,
    northEdge: getComputedStyle(document.querySelector('#board .kb-house.kb-n')).borderTopStyle,
  };
}"""


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


@pytest.mark.parametrize("width", WIDTHS, ids=[f"{w}px" for w in WIDTHS])
def test_screenshots_and_layout(page, site_url, wait_for_python_ready, save_screenshot, width):
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    # Eight houses is the widest board: it must still fit a phone.
    board = start_game(page, family="kalah", houses=8, seeds=5)
    choose = random_moves(board, 5)
    for _ in range(9):
        side, move = board.turn, choose()
        board.push(move)
        page.click(house_selector(side, move))
    layout = page.evaluate(LAYOUT)
    assert layout["pageWidth"] <= width
    assert layout["smallestHouse"] >= 44
    assert layout["smallTargets"] == []
    assert layout["southEdge"] != layout["northEdge"]
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        save_screenshot(page, f"{width}-{scheme}")
    page.click("#new-game > summary")
    assert page.evaluate(LAYOUT)["pageWidth"] <= width
    save_screenshot(page, f"{width}-dark-panel")
