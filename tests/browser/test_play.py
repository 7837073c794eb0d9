"""The play page in chromium: whole games by mouse and by keyboard, checked
against the engine after every move; illegal clicks; reload; undo and redo.

Animations are off (reduced motion), so each click's result is drawn at once.
"""

import pytest

from kalah.game.rules import NORTH, SOUTH
from tests.browser.play_driver import (TWO_PEOPLE, assert_page_shows, house_selector, present, random_moves,
                                       read_board, start_game)


@pytest.fixture
def browser_context_args(browser_context_args):
    # No service worker here: its offline precache (Pyodide included) is test_offline.py's subject.
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


@pytest.fixture
def play_page(page, site_url, wait_for_python_ready):
    page.goto(site_url + TWO_PEOPLE)
    wait_for_python_ready(page)
    return page


GAMES = [
    # (panel choices, seed of the random moves)
    ({"family": "kalah", "houses": 6, "seeds": 4}, 1),
    ({"family": "kalah", "houses": 3, "seeds": 3, "first": "north"}, 2),
    ({"family": "owari"}, 3),
    ({"family": "oware"}, 4),
]


@pytest.mark.parametrize("choices,seed", GAMES, ids=["kalah(6,4)", "kalah(3,3)-north-first", "owari", "oware"])
def test_a_whole_game_between_two_people_by_clicking(play_page, save_screenshot, choices, seed):
    page = play_page
    board = start_game(page, **choices)
    assert_page_shows(page, board)
    choose = random_moves(board, seed)
    while not board.is_game_over():
        move = choose()
        side = board.turn
        report = board.push(move)
        page.click(house_selector(side, move))
        assert_page_shows(page, board, report)
    outcome = board.outcome()
    status = read_board(page)["status"]
    assert status.startswith("Game over.")
    assert status.endswith("Final score: South %d, North %d." % outcome.scores)
    assert read_board(page)["legal"] == []
    save_screenshot(page, "game-over")


def test_a_keyboard_only_game_reaches_the_end(play_page):
    page = play_page
    from kalah import Board
    board = Board("kalah(6,4)")
    # Tab from the top of the page into the board: one tab stop, on a playable house.
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('kb-house')"):
            break
    focused = lambda: page.evaluate("[+document.activeElement.dataset.side, +document.activeElement.dataset.house]")  # noqa: E731
    assert focused()[0] == SOUTH
    choose = random_moves(board, 7)
    while not board.is_game_over():
        side, move = board.turn, choose()
        for _ in range(20):
            at_side, at_house = focused()
            if at_side != side:
                page.keyboard.press("ArrowDown" if side == SOUTH else "ArrowUp")
            elif at_house == move:
                break
            else:
                # South's row reads 1..m left to right, North's m..1.
                right = (move > at_house) == (side == SOUTH)
                page.keyboard.press("ArrowRight" if right else "ArrowLeft")
        assert focused() == [side, move]
        report = board.push(move)
        page.keyboard.press("Enter" if len(board.move_stack) % 2 else " ")
        assert_page_shows(page, board, report)
    assert read_board(page)["status"].startswith("Game over.")


def test_clicking_an_empty_or_an_opponents_house_changes_nothing_and_says_why(play_page):
    page = play_page
    from kalah import Board
    board = Board("kalah(6,4)")
    page.click(house_selector(NORTH, 4), force=True)  # aria-disabled, yet a person can click it
    assert read_board(page)["message"] == "It is South's turn: house d belongs to North."
    assert_page_shows(page, board)

    board.push(3)  # ends in the store: South again, with house C empty
    page.click(house_selector(SOUTH, 3))
    page.click(house_selector(SOUTH, 3), force=True)
    assert read_board(page)["message"] == "House C is empty: choose a house with seeds."
    assert_page_shows(page, board)
    assert page.get_attribute(house_selector(SOUTH, 3), "aria-disabled") == "true"
    assert page.get_attribute(house_selector(SOUTH, 3), "aria-label") == "your house C, 0 seeds, last move"

    page.click("#flip")  # North's row at the bottom, read 1..m from the left
    assert page.eval_on_selector_all("#board .kb-row-bottom .kb-house", "bs => bs.map(b => b.dataset.side + b.dataset.house)") == [
        "11", "12", "13", "14", "15", "16"]
    assert_page_shows(page, board)


def test_reload_keeps_the_game_and_undo_redo_step_through_it(play_page, wait_for_python_ready):
    page = play_page
    board = start_game(page, family="kalah", houses=4, seeds=3, options=("empty-capture",))
    choose = random_moves(board, 11)
    for _ in range(6):
        side, move = board.turn, choose()
        board.push(move)
        page.click(house_selector(side, move))
    assert_page_shows(page, board)

    page.reload()
    wait_for_python_ready(page)
    assert page.inner_text("#rules-name") == board.rules.name
    assert_page_shows(page, board)

    played = list(board.move_stack)
    board.pop()
    board.pop()
    page.click("#undo")
    page.click("#undo")
    assert_page_shows(page, board)
    assert read_board(page)["message"].startswith("Took back")
    page.click("#redo")
    board.push(played[-2])
    assert_page_shows(page, board)
    page.reload()  # the undone state is what is saved
    wait_for_python_ready(page)
    assert_page_shows(page, board)


def test_the_pie_rule_offers_a_swap_once_and_the_players_exchange_seats(play_page):
    page = play_page
    board = start_game(page, family="kalah", houses=3, seeds=3, options=("pie",))
    assert page.is_hidden("#swap")
    board.push(1)  # A: 3 seeds end in the store, South again
    page.click(house_selector(SOUTH, 1))
    assert page.is_hidden("#swap")
    board.push(2)
    page.click(house_selector(SOUTH, 2))
    assert_page_shows(page, board)
    assert read_board(page)["status"] == "North to move (may swap sides: pie rule)."
    page.click("#swap")
    report = board.push(0)
    assert_page_shows(page, board, report)
    assert page.is_hidden("#swap")
    assert read_board(page)["message"].startswith("North swaps (pie rule)")


def test_two_computers_play_to_the_end_while_watched_and_pause(play_page, after_page_timers):
    # The reference players run on the page itself: no Pyodide worker needed.
    page = play_page
    page.click("#new-game > summary")
    page.wait_for_function(present("option.computer[value=random]", "!e.disabled"))
    start_game(page, family="kalah", houses=3, seeds=2, south="random", north="first")
    page.click("#pause")  # speed "normal": 0.7 s between moves
    assert page.inner_text("#pause") == "Go on"
    assert page.get_attribute("#pause", "aria-pressed") == "true"
    page.wait_for_function(present("#board", "!e.classList.contains('kb-animating')"))  # the move in progress ends
    paused = read_board(page)
    after_page_timers(page, 700)   # the next move's timer, normal speed (computer_turn.WATCH_PAUSE_MS)
    assert read_board(page)["houses"] == paused["houses"]
    page.click("#pause")
    page.wait_for_function("document.getElementById('status').classList.contains('over')", timeout=60_000)
    assert read_board(page)["status"].startswith("Game over.")
    assert page.is_disabled("#pause") and page.is_disabled("#undo")
