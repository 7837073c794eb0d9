"""Drive the play page (index.html) from a test and check it against the engine.

The engine runs here under CPython: it chooses the moves (seeded) and says
what the page must show after each one.
"""

import json
import random

from kalah import Board
from kalah.ai import book
from kalah.game.rules import NORTH, SOUTH
from kalah.game.narration import describe_move
from kalah.web.common.game_setup import turn_text

# One call reads everything the checks need from the DOM.
READ_BOARD = """() => {
  const houses = {}, legal = [];
  for (const b of document.querySelectorAll('#board .kb-house')) {
    const key = b.dataset.side + ':' + b.dataset.house;
    houses[key] = Number(b.dataset.count);
    if (b.getAttribute('aria-disabled') !== 'true') legal.push(key);
  }
  const stores = [Number(document.querySelector('#board .kb-store.kb-s').dataset.count),
                  Number(document.querySelector('#board .kb-store.kb-n').dataset.count)];
  return {houses, legal: legal.sort(), stores,
          status: document.getElementById('status').textContent,
          message: document.getElementById('message').textContent};
}"""


# A game between two people: the page starts no computer (a first visit's game against level 3
# starts its Pyodide worker at once, about 4 s of chromium's CPU), for tests of anything else.
TWO_PEOPLE = "index.html#rules=kalah(6,4)&south=person&north=person"


def serve_books(context, blob, rules="kalah(6,4)"):
    """Serve `blob` in place of both of a rule set's books: the computer's lines and the book for
    any opening (either answers the first replies of a game from the start)."""
    for name in (book.file_name(rules), book.opening_file(rules)):
        context.route("**/static/data/" + name, lambda route: route.fulfill(body=blob))


def without_books(context, rules="kalah(6,4)"):
    """Serve both books empty: the shipped ones answer the computer's first replies at once, from
    any opening, and the tests that use this need it to think, or to prove."""
    serve_books(context, book.encode(rules, 6, 0, {}), rules)


def present(selector, condition):
    """A JS condition for wait_for_function on an element that may not exist yet: false until it
    exists, then `condition` on it as `e` (never a read of null while the page is still building)."""
    return "(e => e !== null && (%s))(document.querySelector(%s))" % (condition, json.dumps(selector))


def house_selector(side, house):
    return f'#board .kb-house[data-side="{side}"][data-house="{house}"]'


def read_board(page):
    return page.evaluate(READ_BOARD)


def expected_view(board):
    rules = board.rules
    houses = {}
    for side in (SOUTH, NORTH):
        for house in range(1, rules.houses + 1):
            houses[f"{side}:{house}"] = board.pits[rules.house_index(side, house)]
    legal = sorted(f"{board.turn}:{h}" for h in board.legal_moves if h) if board.turn is not None else []
    return {"houses": houses, "legal": legal, "stores": list(board.scores()), "status": turn_text(board)}


def assert_page_shows(page, board, report=None):
    """The DOM board, status line and narration match the engine's board."""
    shown = read_board(page)
    want = expected_view(board)
    where = f"after {board.move_stack} ({board.position()})"
    assert shown["houses"] == want["houses"], where
    assert shown["stores"] == want["stores"], where
    assert shown["legal"] == want["legal"], where
    assert shown["status"] == want["status"], where
    if report is not None:
        for sentence in describe_move(board.rules, report):
            assert sentence in shown["message"], where


def start_game(page, family="kalah", houses=None, seeds=None, options=(), south="human", north="human",
               first="south", south_name=None, speed=None):
    """Fill the new-game panel (a name and the speed: as they are unless given) and start; returns
    the engine Board for that game."""
    panel = page.locator("#new-game")
    if not panel.evaluate("d => d.open"):
        page.click("#new-game > summary")
    page.check(f'#family-choices input[value="{family}"]')
    if houses is not None:
        page.select_option('select[name="houses"]', str(houses))
        page.select_option('select[name="seeds"]', str(seeds))
    for box in page.locator('input[name="option"]').all():
        if box.is_enabled():
            box.set_checked(box.get_attribute("value") in options)
    page.select_option('select[name="south"]', south)
    page.select_option('select[name="north"]', north)
    page.select_option('select[name="first"]', first)
    if south_name is not None:
        page.fill('input[name="south_name"]', south_name)
    if speed is not None:
        page.select_option('select[name="speed"]', speed)
    page.click('#new-game-form button[type="submit"]')
    name = family + (f"({houses},{seeds})" if houses is not None else "") + "".join("+" + o for o in options)
    board = Board(name, first=NORTH if first == "north" else SOUTH)
    page.wait_for_function("n => document.getElementById('rules-name').textContent === n", arg=board.rules.name)
    return board


def random_moves(board, seed):
    """A chooser of seeded random legal moves (swap excluded)."""
    chooser = random.Random(seed)

    def choose():
        return chooser.choice([move for move in board.legal_moves if move])

    return choose
