"""The play page in Firefox and WebKit: start, a whole game by clicks and one by keys, each move
checked against the engine (the same checks as tests/browser/test_play.py)."""

import json
import time
from urllib.parse import urlencode

import pytest

from kalah import Board
from kalah.game.rules import SOUTH
from tests.browser.play_driver import READ_BOARD, expected_view, house_selector, random_moves
from tests.browser.test_play_layout import LAYOUT

TWO_PEOPLE = "index.html#rules=kalah(4,3)&south=person&north=person"


def read_board(engine):
    return engine.run(f"return ({READ_BOARD})();")


def wait_shows(engine, board):
    """Wait until the page's board, legal houses and status are the engine's (animations may run)."""
    want = expected_view(board)
    deadline = time.monotonic() + 60
    while True:
        shown = read_board(engine)
        if all(shown[key] == want[key] for key in ("houses", "stores", "legal", "status")):
            return shown
        assert time.monotonic() < deadline, f"after {board.move_stack}: shows {shown}, want {want}"
        time.sleep(0.05)


def open_two_people(engine, site):
    started = time.monotonic()
    engine.goto(site + TWO_PEOPLE)
    engine.wait_ready()
    ready = time.monotonic() - started
    engine.wait(f"document.getElementById('rules-name').textContent === {json.dumps('kalah(4,3)')}")
    return ready


def test_a_whole_game_by_clicks(engine, engine_site):
    open_two_people(engine, engine_site)
    board = Board("kalah(4,3)")
    wait_shows(engine, board)
    choose = random_moves(board, 5)
    while not board.is_game_over():
        side, move = board.turn, choose()
        board.push(move)
        engine.click(house_selector(side, move))
        wait_shows(engine, board)
    assert read_board(engine)["status"].startswith("Game over.")


def test_a_whole_game_by_keys(engine, engine_site):
    open_two_people(engine, engine_site)
    board = Board("kalah(4,3)")
    wait_shows(engine, board)
    # Focus the board's tab stop as a reader's first Tab into it would.
    engine.run("document.querySelector('#board .kb-house[tabindex=\"0\"]').focus(); return 1;")
    focused = lambda: engine.run("return [+document.activeElement.dataset.side, +document.activeElement.dataset.house];")  # noqa: E731
    choose = random_moves(board, 8)
    while not board.is_game_over():
        side, move = board.turn, choose()
        for _ in range(20):
            at_side, at_house = focused()
            if at_side != side:
                engine.keys("ArrowDown" if side == SOUTH else "ArrowUp")
            elif at_house == move:
                break
            else:
                right = (move > at_house) == (side == SOUTH)
                engine.keys("ArrowRight" if right else "ArrowLeft")
        assert focused() == [side, move]
        board.push(move)
        engine.keys("Enter" if len(board.move_stack) % 2 else "Space")
        wait_shows(engine, board)
    assert read_board(engine)["status"].startswith("Game over.")


@pytest.mark.parametrize("width", [360, 1280])
def test_the_layout_rules_hold_with_the_new_game_panel_open(engine, engine_site, width):
    # tests/browser/test_play_layout.py's rules: nothing wider than the screen, 44 px tap targets.
    # The page in a frame of that width (conftest.FRAME_HOST): a window may not shrink to a phone's.
    engine.goto(engine_site + "__kalah_frame.html?" + urlencode({"width": width, "src": TWO_PEOPLE}))
    engine.frame("#frame")
    engine.wait_ready()
    engine.wait(f"document.getElementById('rules-name').textContent === {json.dumps('kalah(4,3)')}")
    assert engine.run("return innerWidth;") == width
    engine.click("#new-game > summary")
    engine.wait("document.querySelector('#new-game').open && document.querySelector('select[name=houses]')")
    layout = engine.run(f"return ({LAYOUT})();")
    assert layout["pageWidth"] <= width
    assert layout["smallTargets"] == []
    engine.frame(None)
