"""The bot lab page: the forfeit rule in the browser, the editor, and a
tournament that gives the same standings as the command line.

Players run in Pyodide workers; the first game of a page waits for Pyodide
to start (a few seconds), so each test plays few, quick games.
"""

from playwright.sync_api import expect

from scripts.harness import lab_page
from tests.lab.bots import CRASH, FIRST, LOOP, RIGHTMOST, SEVEN, STUCK_IN_C

GAME_MS = 90_000
TOURNAMENT_MS = 240_000


# For games whose players all answer at once: a limit no starved sandbox on a busy machine
# reaches, so that only the outcome under test can decide the game.
HONEST_LIMIT = "5"


def open_lab(page, site_url, wait_for_python_ready):
    page.goto(site_url + "lab.html")
    wait_for_python_ready(page)


def play(page, source, opponent="ai:random", time_limit="0.3", name="bot"):
    lab_page.start_game(page, source, name, opponent, time_limit)


def wait_end(page):
    return lab_page.game_status(page, GAME_MS)


def test_an_endless_loop_forfeits_on_time_and_the_page_answers_meanwhile(page, site_url, wait_for_python_ready,
                                                                       save_screenshot):
    open_lab(page, site_url, wait_for_python_ready)
    # The worst case first: one C call that nothing inside the worker can interrupt.
    play(page, STUCK_IN_C, name="stuck", time_limit="2")
    # Wait until the player is really thinking (the worker has started).
    page.wait_for_function("/to move/.test(document.getElementById('game-status').textContent)", timeout=GAME_MS)
    page.click("#save")          # the page keeps answering while the player's worker is stuck
    page.wait_for_function("/Saved stuck/.test(document.getElementById('player-message').textContent)")
    assert not page.is_disabled("#stop")        # answered while the stuck player's game still ran
    assert page.inner_text("#saved").strip() == "stuck"
    assert wait_end(page) == ("stuck (South) - random (North): South forfeits (time: no move within the "
                              "time limit of 2 s; the player was stopped); North wins.")
    assert page.inner_text("#forfeit-reason").startswith("stuck forfeits: no move within the time limit of 2 s")
    save_screenshot(page)
    # A Python loop is stopped by the work budget counted inside the worker (the worker goes on).
    play(page, LOOP, name="looper")
    assert wait_end(page) == ("looper (South) - random (North): South forfeits (time: no move within its "
                              "work budget of 150,000 units (the time limit of 0.3 s)); North wins.")
    # The stuck worker was ended and restarted: the next game plays normally.
    play(page, RIGHTMOST, opponent="ai:first", name="right", time_limit=HONEST_LIMIT)
    assert wait_end(page) == "right (South) - first (North): South wins 38-10."


def test_an_exception_a_seven_and_an_empty_house_forfeit_with_the_reason_shown(page, site_url, wait_for_python_ready,
                                                                             save_screenshot):
    open_lab(page, site_url, wait_for_python_ready)
    play(page, CRASH, name="crash")
    assert wait_end(page) == ("crash (South) - random (North): South forfeits (error: raised KeyError: "
                              "'missing'); North wins.")
    traceback = page.inner_text("#forfeit-traceback")
    assert 'File "<crash>", line 4, in select_move' in traceback
    assert traceback.rstrip().endswith("KeyError: 'missing'")
    assert page.is_visible("#forfeit-traceback")
    assert page.inner_text("#gutter .num.error-line") == "4"       # the line that raised, in the editor
    save_screenshot(page)

    play(page, SEVEN, name="seven")
    assert "South forfeits (invalid: returned '7': houses are 1..6)" in wait_end(page)
    assert not page.is_visible("#forfeit-traceback")

    # House 3 ends in the store (another turn), then house 3 is empty.
    play(page, "def algorithm(game):\n    return '3'\n", name="three")
    assert "South forfeits (invalid: returned '3': house 3 is empty)" in wait_end(page)
    # Every game went to the history, with a replay link.
    assert page.get_attribute("#game-replay", "href").startswith("./replay.html#l=")


def test_a_syntax_error_is_shown_at_its_line(page, site_url, wait_for_python_ready):
    open_lab(page, site_url, wait_for_python_ready)
    page.fill("#code", "def select_move(board, lookahead):\n    return (1\n\nx = 2\n")
    page.wait_for_function("document.getElementById('code-error').textContent !== ''", timeout=GAME_MS)
    assert page.inner_text("#code-error").startswith("<my_player>: line 2")
    assert page.inner_text("#gutter .num.error-line") == "2"
    assert page.get_attribute("#code", "aria-invalid") == "true"
    page.fill("#code", RIGHTMOST)
    page.wait_for_function("document.getElementById('code-error').textContent === ''", timeout=GAME_MS)
    assert page.locator("#gutter .num.error-line").count() == 0


def test_players_are_kept_across_reloads_and_exported_as_py(page, site_url, wait_for_python_ready, tmp_path):
    open_lab(page, site_url, wait_for_python_ready)
    page.fill("#player-name", "ada")
    page.fill("#code", RIGHTMOST)
    page.click("#save")
    page.fill("#player-name", "random")
    page.click("#save")
    assert page.inner_text("#player-message") == ("Not saved: 'random' is the name of one of our players: "
                                                  "choose another.")
    # Until the page's Python has put the draft back, nothing can be typed over it.
    held, holding = [], [True]
    page.route("**/static/mpy/bundles/lab.mpy", lambda route: held.append(route) if holding else route.continue_())
    page.reload()
    page.wait_for_function("document.readyState === 'complete'")
    assert [page.is_disabled("#code"), page.is_disabled("#player-name")] == [True, True]
    holding.clear()
    for route in held:
        route.continue_()
    wait_for_python_ready(page)
    assert page.input_value("#code") == RIGHTMOST          # the draft survives the reload
    assert [page.is_enabled("#code"), page.is_enabled("#player-name")] == [True, True]
    page.select_option("#saved", "ada")
    with page.expect_download() as download:
        page.click("#export")
    path = tmp_path / "out.py"
    download.value.save_as(path)
    assert download.value.suggested_filename == "random.py"     # the name in the editor's field
    assert path.read_text() == RIGHTMOST
    source = tmp_path / "imported.py"
    source.write_text(FIRST)
    page.fill("#code", RIGHTMOST + "# work not saved\n")
    # Each import's question is waited for, then answered (its file is read in the background).
    with page.expect_event("dialog") as asked:
        page.set_input_files("#import", str(source))
    assert "Its changes are not saved" in asked.value.message
    asked.value.dismiss()
    expect(page.locator("#import")).to_have_value("")
    assert page.input_value("#code") == RIGHTMOST + "# work not saved\n"     # kept
    with page.expect_event("dialog") as asked:
        page.set_input_files("#import", str(source))
    asked.value.accept()
    expect(page.locator("#player-name")).to_have_value("imported")
    assert page.input_value("#code") == FIRST


def test_the_page_and_the_command_line_give_the_same_standings(page, site_url, wait_for_python_ready, tmp_path,
                                                               save_screenshot):
    open_lab(page, site_url, wait_for_python_ready)
    players = {"right": RIGHTMOST, "first_bot": FIRST}
    # Three entrants, six games: random's moves follow the seed, which the command line must be given.
    command = lab_page.set_up(page, players, ("random",), HONEST_LIMIT, seed=7)
    assert command == ("python -m kalah tournament first_bot.py right.py --players random "
                       "--rounds robin --time 5 --seed 7")
    page.click("#t-start")
    lab_page.wait_finished(page, TOURNAMENT_MS)
    rows = lab_page.standings(page)
    save_screenshot(page)
    assert page.inner_text("#t-progress-text") == "Finished: 6 games."
    assert page.inner_text("#t-board-title").startswith("Game ")      # a running game was shown
    link = page.get_attribute("#crosstable tbody a", "href")
    assert link.startswith("./replay.html#l=")
    assert rows == lab_page.command_line_standings(command, players, tmp_path)


def test_a_searching_player_gives_the_same_standings_in_the_page_and_on_the_command_line(
        page, site_url, wait_for_python_ready, tmp_path):
    # Issue 37: the template deepens until its work budget is spent (counted in the page's Pyodide
    # as in the command line's CPython), not until a clock runs out, so its games should be the same.
    import pathlib
    template = (pathlib.Path(__file__).resolve().parents[2] / "kalah" / "lab" / "templates" / "select_move.py").read_text()
    open_lab(page, site_url, wait_for_python_ready)
    players = {"template": template}
    command = lab_page.set_up(page, players, ("greedy", "random"), "0.2", seed=7)
    assert command == "python -m kalah tournament template.py --players random,greedy --rounds robin --time 0.2 --seed 7"
    page.click("#t-start")
    lab_page.wait_finished(page, TOURNAMENT_MS)
    rows = lab_page.standings(page)
    expected = lab_page.command_line_standings(command, players, tmp_path)
    assert rows == expected, lab_page.kept_forfeits(page)
    assert all(row[6] == "0" for row in rows)          # no forfeit on either side


# Thinks past the wall ceiling at its first move (about 6 s of wall time at a limit of 1 s, whose
# ceiling is 4 s; 256,000 units of work of its 500,000, reported as they pass), then plays as FIRST.
# Mostly asleep, it has no more time than the page's sampler explains (kalah.web.lab.move_clock):
# idle, the first move's 5 s more for loading; busy, the ceiling stretched by the slowdown.
SLOW_THINKER = """
import time

thought = []


def think():
    total = 0
    for i in range(60):
        total += i
    return total


def algorithm(game):
    if not thought:
        for _ in range(2000):
            think()
            time.sleep(0.003)
        thought.append(True)
    row = game.getBoard()[1]
    for house in range(1, len(row) - 1):
        if row[house]:
            return str(house)
"""

# Works (counted and reported), then sleeps: nothing counts a sleep.
WORKS_THEN_SLEEPS = SLOW_THINKER.replace("            time.sleep(0.003)\n", "").replace(
    "        thought.append(True)\n", "        time.sleep(60)\n")


def test_a_player_computing_past_the_wall_ceiling_plays_and_a_sleeper_forfeits(page, site_url, wait_for_python_ready):
    # Issue 37: the page's referee waits past the ceiling as long as the machine's measured slowdown
    # explains, and stops a player that reports nothing one ceiling after its last report.
    open_lab(page, site_url, wait_for_python_ready)
    play(page, FIRST, opponent="ai:first", name="thinker", time_limit="1")
    quick = wait_end(page)
    assert "forfeits" not in quick
    play(page, SLOW_THINKER, opponent="ai:first", name="thinker", time_limit="1")
    assert wait_end(page) == quick
    play(page, WORKS_THEN_SLEEPS, opponent="ai:first", name="sleepy", time_limit="1")
    assert wait_end(page) == ("sleepy (South) - first (North): South forfeits (time: no move within the time "
                              "limit of 1 s; the player was stopped); North wins.")


def test_a_person_plays_against_the_player_with_the_board(page, site_url, wait_for_python_ready):
    open_lab(page, site_url, wait_for_python_ready)
    page.fill("#player-name", "right")
    page.fill("#code", RIGHTMOST)
    page.select_option("#seat", "1")                 # the player is North, the person South
    page.select_option("#opponent", "person")
    page.fill("#move-delay", "0")
    page.click("#play")
    page.wait_for_function("/Your move/.test(document.getElementById('game-status').textContent)")
    page.click("#board [aria-label^='your house A,']")         # 4 seeds: B, C, D, E; North's turn
    # North answers f: its store, then South's A, B, C; then it is the person's turn again.
    page.wait_for_function(
        """selector => /Your move/.test(document.getElementById('game-status').textContent)
                       && !document.querySelector(selector).getAttribute('aria-label').includes(', 0 seeds')""",
        arg="#board [aria-label^=\"North's store\"]", timeout=GAME_MS)
    assert page.get_attribute("#board [aria-label^='your house A,']", "aria-label") == "your house A, 1 seed"
    page.click("#board [aria-label^=\"North's house f\"]", force=True)  # not the person's row: said, not played
    assert page.inner_text("#game-message") == "That house is not yours: play a house on the South row."
    assert page.get_attribute("#board [aria-label^=\"North's house f\"]", "aria-label") == \
        "North's house f, 0 seeds, last move"


def test_a_tournament_can_be_paused_resumed_and_stopped(page, site_url, wait_for_python_ready, after_page_timers):
    open_lab(page, site_url, wait_for_python_ready)
    slow = "import time\ndef algorithm(game):\n    time.sleep(0.1)\n    row = game.getBoard()[1]\n" \
           "    return str(max(h for h in range(1, len(row) - 1) if row[h]))\n"
    # Two slow players, so that every game sleeps: the games left after Resume cannot all end
    # before Stop (with a quick game among them, two could end together first).
    for name in ("slow", "slow2"):
        page.fill("#player-name", name)
        page.fill("#code", slow)
        page.click("#save")
        page.wait_for_selector("#entrants input[value='saved:%s']" % name, state="attached")
    for value in ("saved:slow", "saved:slow2", "ai:first"):
        page.check("#entrants input[value='%s']" % value)
    page.click("#t-start")
    page.wait_for_function("/^[1-9]\\d* of 6 games played/.test(document.getElementById('t-progress-text').textContent)",
                           timeout=GAME_MS)
    page.click("#t-pause")
    assert page.inner_text("#t-pause") == "Resume"
    page.wait_for_function("/Paused after \\d of 6 games \\(0 still running\\)/.test("
                           "document.getElementById('t-progress-text').textContent)", timeout=GAME_MS)
    paused = page.inner_text("#t-progress-text")
    # With no game running only the page's own timers could start one (a tournament's games
    # start as others end, or on Resume): those set for up to 1.5 s have run and changed nothing.
    after_page_timers(page, 1500)
    assert page.inner_text("#t-progress-text") == paused      # no game starts while paused
    done = int(paused.split()[2])
    page.click("#t-pause")
    page.wait_for_function("parseInt(document.getElementById('t-progress').value) > %d" % done, timeout=GAME_MS)
    page.click("#t-stop")
    assert page.inner_text("#t-progress-text").startswith("Stopped after")
    assert page.is_disabled("#t-pause") and page.is_disabled("#t-stop")
    assert page.evaluate("document.body.dataset.tournament") == "stopped"


def test_the_lab_fits_a_phone(browser, site_url, wait_for_python_ready, new_context, save_screenshot):
    context = new_context(viewport={"width": 360, "height": 740}, color_scheme="dark")
    page = context.new_page()
    open_lab(page, site_url, wait_for_python_ready)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    save_screenshot(page)


def test_damaged_saved_players_are_set_aside_with_a_message(page, site_url, wait_for_python_ready):
    # The top window only: the players' sandboxed frames have no localStorage.
    page.add_init_script("if (window === window.top) localStorage.setItem('kalah.lab.players', '{not json')")
    open_lab(page, site_url, wait_for_python_ready)
    assert page.inner_text("#player-message").startswith("The saved players could not be read")
    assert page.evaluate("localStorage.getItem('kalah.lab.players.bad')") == "{not json"
    assert page.inner_text("#saved").strip() == "(none yet)"


def test_a_game_finished_while_storage_is_full_is_kept_in_the_tab(page, site_url, wait_for_python_ready, tmp_path):
    # Storage refuses every new game (the top window only: the sandboxes have none).
    page.add_init_script("""if (window === window.top) {
        const setItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function (key, value) {
            if (String(key).startsWith('kalah.game.')) throw new DOMException('full', 'QuotaExceededError');
            return setItem.call(this, key, value);
        };
    }""")
    open_lab(page, site_url, wait_for_python_ready)
    play(page, RIGHTMOST, opponent="ai:first", name="right", time_limit=HONEST_LIMIT)
    assert wait_end(page) == "right (South) - first (North): South wins 38-10."
    assert page.is_hidden("#game-replay")
    assert page.inner_text("#unsaved-message") == (
        "Browser storage is full, so this game is not stored in the history: it is kept in this tab only until "
        "you leave the page. Download it, or delete old games on the History page.")
    assert page.inner_text("#unsaved-games li span") == "right (South) - first (North): South wins 38-10. "
    with page.expect_download() as download:
        page.click("#unsaved-games li button")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    from kalah.records.record import Record
    record = Record.from_json(path.read_text())
    assert (record.south, record.north, record.board().outcome().scores) == ("right", "first", (38, 10))
