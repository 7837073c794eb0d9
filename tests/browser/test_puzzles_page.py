"""The puzzles page: a puzzle failed then solved, themed links, bad links and a damaged record."""

import json

import pytest

from kalah.study.puzzle_maker import shipped
from kalah.game.notation import move_text
from kalah.game.rules import SIDE_NAMES

HOUSE = ".kb-house[data-side='%d'][data-house='%d']"


def a_puzzle_with_a_refuted_wrong_move(rules="kalah(6,4)"):
    """A one-move puzzle (played-out ones: test_puzzles_played_out.py)."""
    for puzzle in [p for p in shipped(rules).puzzles if p.moves == 1]:
        for wrong, line in sorted(puzzle.refutations.items()):
            if len(line) >= 2:
                return puzzle, wrong
    raise AssertionError("no puzzle has a refutation of two moves")


def open_puzzles(page, url, wait_for_python_ready):
    page.goto(url)
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle]")


def solve(page, puzzle):
    """Play every move of the puzzle's solution, each once the page asks for it."""
    board = puzzle.board()
    solver = board.turn
    asked = 0
    for move in puzzle.line:
        if board.turn == solver:
            page.wait_for_selector("#puzzle[data-step='%d']" % asked)
            page.click(HOUSE % (solver, move))
            asked += 1
        board.push(move)
    page.wait_for_selector("#puzzle[data-answer='right']")


def stored_record(page):
    return json.loads(page.evaluate("localStorage.getItem('kalah.puzzles')"))


def test_a_puzzle_failed_shows_the_refutation_and_counts_only_the_first_answer(page, site_url,
                                                                               wait_for_python_ready):
    puzzle, wrong = a_puzzle_with_a_refuted_wrong_move()
    board = puzzle.board()
    open_puzzles(page, site_url + "puzzles.html#id=" + puzzle.id, wait_for_python_ready)
    assert page.get_attribute("#puzzle", "data-puzzle") == puzzle.id
    assert page.get_attribute("#board", "data-position") == puzzle.position
    assert page.inner_text("#prompt") == "%s to move: find the best move." % SIDE_NAMES[board.turn]
    assert page.get_attribute("#link-study", "href") == "./analysis.html#position=" + puzzle.position
    assert page.is_visible("#link-puzzle") and page.is_visible("#link-study")

    page.click(HOUSE % (board.turn, wrong))
    page.wait_for_selector("#puzzle[data-answer='wrong']")
    played, best = move_text(board.turn, wrong), move_text(board.turn, puzzle.best)
    verdict = page.inner_text("#verdict")
    assert verdict.startswith("Not the best: %s ends %+d with best play, and %s ends %+d." % (
        played, puzzle.values[wrong], best, puzzle.value))
    after = board.copy()
    after.push(wrong)
    first_reply = "%s %s" % (SIDE_NAMES[after.turn], move_text(after.turn, puzzle.refutations[wrong][0]))
    assert page.inner_text("#line").startswith("After %s: %s, then " % (played, first_reply))
    assert stored_record(page)["results"] == {puzzle.id: 0}
    assert "solved 0 of 1 tried" in page.inner_text("#record")

    page.click("#retry")
    page.wait_for_selector("#puzzle:not([data-answer])")
    page.click(HOUSE % (board.turn, puzzle.best))
    page.wait_for_selector("#puzzle[data-answer='right']")
    assert page.inner_text("#verdict").startswith("Right! %s ends %+d" % (best, puzzle.value))
    record = stored_record(page)
    assert record["results"] == {puzzle.id: 0} and record["streak"] == 0   # a second try moves nothing

    page.reload()
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle]")
    assert page.get_attribute("#puzzle", "data-puzzle") == puzzle.id
    assert "missed before" in page.inner_text("#about")


def test_a_rule_set_chosen_while_the_first_set_loads_is_not_undone_when_that_set_comes(
        page, site_url, wait_for_python_ready, after_page_timers):
    held, holding = [], [True]
    page.route("**/static/data/puzzles-kalah6-4.json",
               lambda route: held.append(route) if holding else route.continue_())
    page.goto(site_url + "puzzles.html")
    wait_for_python_ready(page)
    page.select_option("#pick-rules", "kalah(4,3)")
    page.wait_for_selector("#puzzle[data-puzzle]")
    shown = page.get_attribute("#puzzle", "data-puzzle")
    solve(page, shipped("kalah(4,3)").by_id(shown))
    holding.clear()
    with page.expect_request_finished(lambda request: request.url.endswith("puzzles-kalah6-4.json")):
        for route in held:
            route.continue_()
    after_page_timers(page, 0)
    # Kalah(6,4)'s set came last, for a choice no longer made: the puzzle solved and the page stay.
    assert [page.get_attribute("#puzzle", name) for name in ("data-puzzle", "data-answer")] == [shown, "right"]
    assert page.is_hidden("#status") and page.input_value("#pick-rules") == "kalah(4,3)"


@pytest.mark.allow_console_errors   # the refused request logs a network error
def test_a_set_that_cannot_be_fetched_says_so(page, site_url, wait_for_python_ready):
    page.route("**/static/data/puzzles-kalah6-4.json", lambda route: route.abort())
    page.goto(site_url + "puzzles.html")
    wait_for_python_ready(page)
    page.wait_for_function("document.getElementById('status').classList.contains('error')")
    assert page.inner_text("#status") == ("The kalah(6,4) puzzles could not be loaded "
                                          "(static/data/puzzles-kalah6-4.json). Check the connection and reload.")


def test_a_themed_link_keeps_to_its_theme_and_difficulty(page, site_url, wait_for_python_ready):
    open_puzzles(page, site_url + "puzzles.html#rules=kalah(6,4)%2Bempty-capture&theme=capture&difficulty=2",
                 wait_for_python_ready)
    found = shipped("kalah(6,4)+empty-capture")
    wanted = set(p.id for p in found.select("capture", 2))
    seen = []
    for _ in range(3):
        shown = page.get_attribute("#puzzle", "data-puzzle")
        assert shown in wanted and shown not in seen
        seen.append(shown)
        solve(page, found.by_id(shown))
        page.click("#next")
        page.wait_for_function("id => document.querySelector('#puzzle').dataset.puzzle !== id", arg=shown)
    assert stored_record(page)["streak"] == 3
    assert page.input_value("#pick-theme") == "capture" and page.input_value("#pick-difficulty") == "2"
    link = page.get_attribute("#link-set", "href")
    assert link == "./puzzles.html#rules=kalah(6,4)+empty-capture&theme=capture&difficulty=2"


def test_a_bad_link_says_what_is_wrong_and_a_damaged_record_starts_again(page, site_url,
                                                                        wait_for_python_ready):
    open_puzzles(page, site_url + "puzzles.html", wait_for_python_ready)
    page.evaluate("localStorage.setItem('kalah.puzzles', '{\"rating\": \"<b>x</b>\"}')")
    open_fresh(page, site_url + "puzzles.html#rules=nonsense&theme=capture")
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle]")
    message = page.inner_text("#message")
    assert "unknown rule set 'nonsense'" in message
    assert page.locator("#message b").count() == 0
    assert page.get_attribute("#puzzle", "data-puzzle").startswith("kalah6-4-0")
    assert "Rating 1200 · streak 0 (best 0) · solved 0 of 0 tried" == page.inner_text("#record")


# -- "From your games" --------------------------------------------------------
# A position of a shipped puzzle (kalah6-4-0001) played in one of the player's
# own games: checking the history must find it again, with the same answer.
KNOWN = "kalah(6,4)/10,0,1,0,0,0,27,0,0,0,0,1,1,8/N"


def stored_games(*records):
    """localStorage items of these games, written by the history's own code (kalah/library/history.py)."""
    from kalah.library.history import History
    store = {}
    history = History(store)
    for record in records:
        history.save(record, now=1)
    return store


def open_fresh(page, url):
    """A new load of `url`, never a fragment change in the page already open: that page may still be
    starting, and its first writing of its own link (replaceState) would land after the new fragment."""
    page.goto("about:blank")
    page.goto(url)


def seed_storage(page, site_url, items):
    page.goto(site_url + "puzzles.html")
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", items)


def open_yours(page, site_url, wait_for_python_ready):
    open_fresh(page, site_url + "puzzles.html#set=yours")
    wait_for_python_ready(page)
    page.wait_for_selector("#yours[data-state='done']", timeout=240_000)


def test_a_puzzle_from_your_games_is_found_failed_and_solved(page, site_url, wait_for_python_ready):
    from kalah.records.record import Record
    record = Record("kalah(6,4)", [6], south="Ann", north="Bob", start=KNOWN)
    items = stored_games(record)
    broken = '{"v": 2, "id": "broken", "record": {"rules"'
    items["kalah.game.broken"] = broken
    seed_storage(page, site_url, items)
    open_yours(page, site_url, wait_for_python_ready)
    page.wait_for_selector("#puzzle[data-puzzle]")
    pid = page.get_attribute("#puzzle", "data-puzzle")
    assert pid.startswith("kalah6-4-you-") and pid.endswith("-1")
    assert page.get_attribute("#board", "data-position") == KNOWN
    status = page.inner_text("#yours-status")
    assert status.startswith("1 puzzle from your 1 saved game. Skipped: a saved game (broken) could not be read")
    # The damaged game is kept, set aside as the history page does, never deleted.
    assert page.evaluate("localStorage.getItem('kalah.aside.broken')") == broken
    assert "from your game Ann v Bob, move 1" in page.inner_text("#about")
    assert page.input_value("#pick-set") == "yours"
    assert page.get_attribute("#link-set", "href") == "./puzzles.html#set=yours&rules=kalah(6,4)"

    page.click(HOUSE % (1, 5))
    page.wait_for_selector("#puzzle[data-answer='wrong']")
    assert page.inner_text("#verdict").startswith("Not the best: e ends -30 with best play, and f ends -8.")
    assert page.inner_text("#line").startswith("After e: South C, then North f")
    page.click("#retry")
    page.wait_for_selector("#puzzle:not([data-answer])")
    page.click(HOUSE % (1, 6))
    page.wait_for_selector("#puzzle[data-answer='right']")
    assert stored_record(page)["results"] == {pid: 0}
    kept = json.loads(page.evaluate("localStorage.getItem('kalah.puzzles.yours')"))
    assert [p["id"] for game in kept["games"].values() for p in game["puzzles"]] == [pid]

    # A later visit uses what was kept: no worker is started for games already checked.
    workers = []
    page.on("request", lambda request: workers.append(request.url) if "pyodide-worker" in request.url else None)
    open_fresh(page, site_url + "puzzles.html#id=" + pid)
    wait_for_python_ready(page)
    page.wait_for_selector("#puzzle[data-puzzle='%s']" % pid)
    assert "missed before" in page.inner_text("#about")
    page.wait_for_selector("#yours[data-state='done']")
    assert workers == []


def test_your_games_without_puzzles_say_so(page, site_url, wait_for_python_ready):
    from kalah.records.record import Record
    seed_storage(page, site_url, {})
    open_yours(page, site_url, wait_for_python_ready)
    assert page.inner_text("#yours-status") == "You have no saved games in this browser yet."
    assert page.inner_text("#message").startswith("Play a game (Play, above), then come back")
    assert page.inner_text("main").count("no saved games") == 1   # said once, in the box of your games
    assert page.is_hidden("#puzzle")
    # No puzzle shown: no link to it or its position, only to the set.
    assert page.is_hidden("#link-puzzle") and page.is_hidden("#link-study") and page.is_visible("#link-set")

    # An opening of three moves never reaches 22 seeds: checked, and no puzzle.
    seed_storage(page, site_url, stored_games(Record("kalah(6,4)", [3, 1, 2], south="Ann", north="Bob")))
    open_yours(page, site_url, wait_for_python_ready)
    assert page.inner_text("#yours-status") == "0 puzzles from your 1 saved game."
    assert page.inner_text("#message").startswith("No puzzle in your kalah(6,4) games yet")
    assert page.is_hidden("#puzzle")


def test_checking_your_games_can_be_stopped_and_goes_on_later(page, site_url, wait_for_python_ready):
    from kalah.records.record import Record
    seed_storage(page, site_url, stored_games(Record("kalah(6,4)", [6], south="Ann", north="Bob", start=KNOWN)))
    # The worker's script is held back (never answered) until the check is stopped, so the
    # check is surely still running when Stop is pressed, however fast the machine.
    held = []
    page.context.route("**/pyodide-worker.js", lambda route: held.append(route))
    open_fresh(page, site_url + "puzzles.html#set=yours")
    wait_for_python_ready(page)
    page.wait_for_function("document.querySelector('#yours').dataset.state === 'checking'")
    assert page.inner_text("#yours-status") == "Checking game 1 of 1… (the solver starts first: a few seconds)"
    page.click("#yours-stop")
    page.wait_for_selector("#yours[data-state='done']")
    assert page.inner_text("#yours-status").startswith("Stopped after 0 of 1 games.")
    assert page.is_hidden("#puzzle")
    page.context.unroute("**/pyodide-worker.js")
    page.click("#yours-check")
    page.wait_for_selector("#yours[data-state='done']", timeout=240_000)
    page.wait_for_selector("#puzzle[data-puzzle]")
    assert page.inner_text("#yours-status") == "1 puzzle from your 1 saved game."


def test_your_games_on_a_small_board_say_where_its_puzzles_are(page, site_url, wait_for_python_ready):
    seed_storage(page, site_url, {})
    open_fresh(page, site_url + "puzzles.html#set=yours&rules=kalah(4,3)")
    wait_for_python_ready(page)
    page.wait_for_selector("#yours[data-state='done']", timeout=240_000)
    page.wait_for_function("() => document.getElementById('message').textContent !== ''")
    assert page.inner_text("#message") == (
        "Puzzles from your games come from your kalah(6,4) and kalah(6,4)+empty-capture games only; "
        "for kalah(4,3), choose the computer's games.")
