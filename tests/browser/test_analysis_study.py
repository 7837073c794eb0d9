"""The analysis board as a study (issue 36): the move tree (variations, click to go, keys, flip, delete,
promote) and the whole study in the link, which a teacher's link reopens."""
import pytest
from playwright.sync_api import expect

from kalah import Board
from tests.browser.play_driver import house_selector

START = Board().position()
MOVES = "#moves button[data-path]"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def board_after(*moves):
    board = Board()
    for move in moves:
        board.push(move)
    return board.position()


def open_analysis(page, site_url, wait_for_python_ready, fragment):
    page.goto(site_url + "analysis.html" + fragment)
    wait_for_python_ready(page)


def tree_shown(page):
    """The moves as drawn: (path, text, current) each, in the page's order, and the parentheses."""
    return page.evaluate("""() => ({
        moves: [...document.querySelectorAll('#moves button[data-path]')].map(
            b => [b.dataset.path, b.textContent, b.getAttribute('aria-current') === 'true']),
        variations: document.querySelectorAll('#moves .variation').length})""")


def shows(page, position, fragment):
    expect(page.locator("#board")).to_have_attribute("data-position", position)
    page.wait_for_function("location.hash === %r" % fragment)


def test_moves_make_a_tree_walked_by_clicks_and_keys(page, site_url, wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + START)
    expect(page.locator("#moves")).to_have_text("No moves yet: play one on the board.")
    page.click(house_selector(0, 3))        # C: an extra turn
    page.click(house_selector(0, 6))        # F
    shows(page, board_after(3, 6), "#position=%s&moves=36&at=36" % START)
    page.click("#back")
    shows(page, board_after(3), "#position=%s&moves=36&at=3" % START)
    page.click(house_selector(0, 5))        # E instead of F: a variation
    shows(page, board_after(3, 5), "#position=%s&moves=36(5)&at=35" % START)
    assert tree_shown(page) == {"moves": [["3", "C", False], ["36", "F", False], ["35", "E", True]],
                                "variations": 1}
    # Playing the move already there follows it.
    page.click("#back")
    page.click(house_selector(0, 6))
    shows(page, board_after(3, 6), "#position=%s&moves=36(5)&at=36" % START)
    assert len(tree_shown(page)["moves"]) == 3

    # Click a move; the keys, with the focus off the board and the fields.
    page.click("#moves button[data-path='35']")
    shows(page, board_after(3, 5), "#position=%s&moves=36(5)&at=35" % START)
    page.locator("#moves-title").click()
    page.keyboard.press("Home")
    shows(page, START, "#position=%s&moves=36(5)&at=" % START)
    assert page.is_disabled("#back") and page.is_enabled("#forward")
    page.keyboard.press("ArrowRight")
    shows(page, board_after(3), "#position=%s&moves=36(5)&at=3" % START)
    page.keyboard.press("End")
    shows(page, board_after(3, 6), "#position=%s&moves=36(5)&at=36" % START)
    assert page.is_disabled("#forward")
    page.keyboard.press("ArrowLeft")
    shows(page, board_after(3), "#position=%s&moves=36(5)&at=3" % START)


def test_f_flips_the_board(page, site_url, wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + START)
    top_row = "document.querySelector('#board .kb-house').dataset.side"
    assert page.evaluate(top_row) == "1"            # North's row on top
    page.locator("#moves-title").click()
    page.keyboard.press("f")
    page.wait_for_function(top_row + " === '0'")    # South's on top
    page.click("#flip")
    page.wait_for_function(top_row + " === '1'")
    # On the board too, where the arrows move between houses.
    page.focus(house_selector(0, 1))
    page.keyboard.press("f")
    page.wait_for_function(top_row + " === '0'")
    page.keyboard.press("f")
    page.wait_for_function(top_row + " === '1'")
    # Typing "f" in a field types it, and flips nothing.
    page.fill("#position-text", "")
    page.locator("#position-text").press("f")
    assert page.input_value("#position-text") == "f" and page.evaluate(top_row) == "1"


def test_delete_a_line_and_promote_a_variation(page, site_url, wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=%s&moves=3(12)6(5)&at=35" % START)
    shows(page, board_after(3, 5), "#position=%s&moves=3(12)6(5)&at=35" % START)
    assert tree_shown(page)["moves"] == [["3", "C", False], ["1", "A", False], ["12", "b", False],
                                         ["36", "F", False], ["35", "E", True]]
    assert page.is_enabled("#promote-line")
    page.click("#promote-line")
    shows(page, board_after(3, 5), "#position=%s&moves=3(12)5(6)&at=35" % START)
    assert page.is_disabled("#promote-line")
    page.click("#delete-move")
    shows(page, board_after(3), "#position=%s&moves=3(12)6&at=3" % START)
    page.click("#moves button[data-path='12']")
    page.click("#promote-line")
    page.click("#delete-move")
    shows(page, board_after(1), "#position=%s&moves=1(36)&at=1" % START)
    page.click("#delete-move")
    shows(page, START, "#position=%s&moves=36&at=" % START)
    assert page.is_disabled("#delete-move")


def test_a_teachers_link_reopens_the_same_tree_and_move(page, site_url, wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + START)
    for move in (3, 6):
        page.click(house_selector(0, move))
    page.click("#back")
    page.click(house_selector(0, 1))
    shows(page, board_after(3, 1), "#position=%s&moves=36(1)&at=31" % START)
    link = page.input_value("#link")
    assert link == site_url + "analysis.html#position=%s&moves=36(1)&at=31" % START
    drawn = tree_shown(page)
    other = page.context.new_page()
    open_analysis(other, site_url, wait_for_python_ready, link[len(site_url + "analysis.html"):])
    expect(other.locator("#board")).to_have_attribute("data-position", board_after(3, 1))
    assert tree_shown(other) == drawn and other.input_value("#link") == link


def test_a_bad_moves_field_says_what_is_wrong_and_opens_the_position(page, site_url, wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=%s&moves=33&at=3" % START)
    expect(page.locator("#message")).to_have_text(
        "This link's moves cannot be opened: the moves, character 2 ('3' after 3): house 3 of South is empty. "
        "Its position is shown without them.")
    assert page.get_attribute("#board", "data-position") == START
    assert page.input_value("#link") == site_url + "analysis.html#position=" + START
    # The address keeps the link as it came, to be read and mended.
    assert page.evaluate("location.hash") == "#position=%s&moves=33&at=3" % START
    # A link with markup in its moves shows it as text, never as HTML.
    open_analysis(page, site_url, wait_for_python_ready, "#position=%s&moves=3%%3Cb%%3E" % START)
    expect(page.locator("#message")).to_have_text(
        "This link's moves cannot be opened: the moves, character 2: '<' is not a house number or a "
        "parenthesis. Its position is shown without them.")
    assert page.locator("#message b").count() == 0


def test_the_best_line_is_clickable_and_previewed_and_the_bar_shows_south_s_side(page, site_url,
                                                                                  wait_for_python_ready):
    from tests.engine.test_analysis import HELD_OUT
    position = HELD_OUT[2][0]   # North to move; North's best is +14, proven
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + position)
    expect(page.locator("#line .line-note")).to_have_text(" (proven)", timeout=120_000)
    expect(page.locator("#eval-bar")).to_have_attribute("data-margin", "-14")
    assert page.get_attribute("#eval-bar", "aria-valuetext") == "North ahead by 14 seeds (proven)"
    assert page.inner_text("#eval-text") == "North ahead by 14 seeds (proven)"
    assert page.evaluate("document.querySelector('#eval-bar .eval-south').style.width") == "20.8%"   # 50 + 50 x -14 / 24
    moves = [int(ply) for ply in page.evaluate(
        "[...document.querySelectorAll('#line button[data-ply]')].map(b => b.dataset.ply)")]
    assert moves == list(range(1, len(moves) + 1)) and len(moves) >= 2
    line = page.evaluate("window.line = [...document.querySelectorAll('#line button')].map(b => b.textContent)")
    board = Board.from_position(position)
    first = board.copy()
    first.push(HELD_OUT[2][1]["best"][0])
    # Hover: the board previews the position after the move; the position shown stays in data-position.
    page.hover("#line button[data-ply='1']")
    expect(page.locator("#board")).to_have_attribute("data-preview", first.position())
    assert page.get_attribute("#board", "data-position") == position
    page.hover("#moves-title")
    page.wait_for_function("!document.getElementById('board').hasAttribute('data-preview')")
    # Focus previews too.
    page.focus("#line button[data-ply='1']")
    expect(page.locator("#board")).to_have_attribute("data-preview", first.position())
    # A click plays the line up to that move into the study.
    page.click("#line button[data-ply='2']")
    expect(page.locator("#board")).not_to_have_attribute("data-position", position)
    shown = page.get_attribute("#board", "data-position")
    fields = dict(part.split("=", 1) for part in page.evaluate("location.hash")[1:].split("&"))
    assert fields["moves"] == fields["at"] and len(fields["at"]) == 2 and fields["at"][0] == "6"
    for move in fields["at"]:
        board.push(int(move))
    assert board.position() == shown and line[0] == "f"
    assert [text for _, text, _ in tree_shown(page)["moves"]] == line[:2]


def test_edit_mode_edits_houses_and_stores_by_clicks_the_board_live_at_every_edit(page, site_url,
                                                                                   wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + START)
    page.click("#edit-board")
    assert page.get_attribute("#edit-board", "aria-pressed") == "true" and page.is_visible("#edit-tools")
    page.click(house_selector(0, 1))          # one seed more in South's house A: not a move
    expect(page.locator(house_selector(0, 1))).to_have_attribute("data-count", "5")
    wrong = "Not a position yet: the board holds 49 seeds and kalah(6,4) has 48: take away 1 seed."
    expect(page.locator("#editor-message")).to_have_text(wrong)
    assert page.inner_text("#message") == wrong
    assert page.get_attribute("#board", "data-position") is None and page.input_value("#link") == ""
    page.check("input[name='edit-tool'][value='take']")
    page.click(house_selector(1, 6))          # one seed less in North's house f
    expect(page.locator("#board")).to_have_attribute("data-position", "kalah(6,4)/5,4,4,4,4,4,0,4,4,4,4,4,3,0/S")
    assert page.inner_text("#editor-message") == ""
    # A store, set to a number; then the side to move.
    page.check("input[name='edit-tool'][value='set']")
    page.fill("#edit-count", "3")
    page.click("#board .kb-store.kb-n")
    expect(page.locator("#editor-message")).to_have_text(
        "Not a position yet: the board holds 51 seeds and kalah(6,4) has 48: take away 3 seeds.")
    expect(page.locator("#board .kb-store.kb-n")).to_have_attribute("data-count", "3")
    page.fill("#edit-count", "2")
    page.click(house_selector(0, 1))
    page.fill("#edit-count", "")               # emptied: no number to set
    page.click(house_selector(0, 2))
    expect(page.locator("#editor-message")).to_have_text("Set to: '' is not a number of seeds (0 to 999).")
    assert page.input_value("#pit-1") == "4"   # nothing changed
    page.click("#edit-turn")
    wanted = "kalah(6,4)/2,4,4,4,4,4,0,4,4,4,4,4,3,3/N"
    expect(page.locator("#board")).to_have_attribute("data-position", wanted)
    assert page.evaluate("location.hash") == "#position=" + wanted
    assert tree_shown(page)["moves"] == []   # every click edited; none played
    # Out of edit mode, a click plays again.
    page.click("#edit-board")
    assert page.is_hidden("#edit-tools") and page.inner_text("#message") == ""
    page.click(house_selector(1, 1))
    expect(page.locator("#board")).not_to_have_attribute("data-position", wanted)
    assert len(tree_shown(page)["moves"]) == 1


def test_play_on_against_perfect_puts_its_replies_in_the_study(page, site_url, wait_for_python_ready):
    from kalah.ai import player_registry
    from kalah.ai.solve import solve
    from tests.engine.test_analysis import HELD_OUT
    position = HELD_OUT[0][0]   # South to move
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + position)
    # Every level of the registry, and Perfect.
    assert page.evaluate("[...document.querySelectorAll('#computer-level option')].map(o => o.value)") == list(
        player_registry.LEVEL_NAMES) + ["perfect"]
    assert page.input_value("#computer-level") == "level3"
    page.select_option("#computer-level", "perfect")
    page.select_option("#computer-side", "N")
    page.click(house_selector(0, 1))
    # Perfect answers as North until South is to move again (or the game is over).
    page.wait_for_function("""(start) => {
        const shown = document.getElementById('board').dataset.position;
        return shown && shown !== start && !shown.endsWith('/N') && location.hash.includes('&at=');
    }""", arg=position, timeout=120_000)
    fields = dict(part.split("=", 1) for part in page.evaluate("location.hash")[1:].split("&"))
    assert fields["position"] == position and fields["moves"] == fields["at"] and fields["at"][0] == "1"
    assert len(fields["at"]) >= 2
    board = Board.from_position(position)
    for move in map(int, fields["at"]):
        if board.turn == 1:   # North: Perfect's reply, a proven best move
            assert move in solve(board)["best"], (board.position(), move)
        board.push(move)
    assert board.position() == page.get_attribute("#board", "data-position")
    moves = tree_shown(page)["moves"]
    assert [path for path, _, _ in moves] == [fields["at"][:n] for n in range(1, len(fields["at"]) + 1)]
    assert moves[-1][2] and any(text.islower() for _, text, _ in moves)   # North's moves are lower case


def test_a_game_s_link_shows_its_graph_and_a_click_on_it_goes_to_that_move(page, site_url,
                                                                           wait_for_python_ready):
    import json
    from kalah.study.analysis_link import game_study_link
    moves = (3, 6, 2, 5, 1)
    game = Board()
    for move in moves:
        game.push(move)
    link = game_study_link(game)
    assert link == "analysis.html#position=%s&moves=36251&at=36251" % START
    open_analysis(page, site_url, wait_for_python_ready, link[len("analysis.html"):])
    shows(page, game.position(), "#" + link.split("#")[1])
    page.wait_for_selector("#graph[data-graph]", timeout=120_000)
    values = json.loads(page.get_attribute("#graph", "data-graph"))
    assert len(values) == len(moves) + 1 and all(isinstance(value, int) for value in values)
    assert values[0] == 8   # the start: the opening book's proven value, South's side
    assert page.inner_text("#graph-status") == "The value after each move of the main line, South's side (seeds)."
    # A click on the chart at the second move goes there.
    page.locator("#graph-chart svg").scroll_into_view_if_needed()
    box = page.locator("#graph-chart svg").bounding_box()
    fraction = (8 + (600 - 16) * 2 / len(moves)) / 600   # chart_view's PAD_X 8 of WIDTH 600
    page.mouse.click(box["x"] + box["width"] * fraction, box["y"] + box["height"] / 2)
    shows(page, board_after(3, 6), "#position=%s&moves=36251&at=36" % START)
    # Any study's main line, on request; a new position hides the graph.
    page.click("#moves button[data-path='36']")
    page.click(house_selector(1, 1))   # a variation: the main line stays 36251
    # Valued again: the main line's values, which may already be back when the click returns (the
    # book and the worker's table answer at once; a busy run once saw them before it looked).
    page.click("#graph-main")
    page.wait_for_selector("#graph[data-graph]", timeout=120_000)
    assert len(json.loads(page.get_attribute("#graph", "data-graph"))) == len(moves) + 1
    page.fill("#position-text", START)
    page.press("#position-text", "Enter")
    expect(page.locator("#graph")).to_be_hidden()


def test_proofs_show_their_progress_and_a_stop_button_stops_them(page, site_url, wait_for_python_ready):
    page.add_init_script("window.kalahProofRounds = 100")
    position = Board("kalah(6,6)").position()   # 72 seeds: no proof ends in a few rounds
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + position)
    page.wait_for_function("document.getElementById('values-status').dataset.proofRounds === '1'",
                           timeout=180_000)
    # The progress a reader understands: moves proven of the moves to value (none of 6 here).
    assert page.inner_text("#values-status").endswith("Proving the rest\u2026 0 of 6 moves proven.")
    assert page.is_visible("#stop-proving") and page.is_hidden("#keep-proving")
    page.click("#stop-proving")
    assert page.inner_text("#values-status").endswith("Proving stopped with 0 of 6 moves proven: keep proving?")
    assert page.is_hidden("#stop-proving") and page.is_visible("#keep-proving")
    rounds = int(page.get_attribute("#values-status", "data-proof-rounds"))
    page.click("#keep-proving")
    assert page.is_hidden("#keep-proving") and page.is_visible("#stop-proving")
    assert page.inner_text("#values-status").endswith("Proving the rest\u2026 0 of 6 moves proven.")
    page.wait_for_function("""(wanted) => document.getElementById('values-status').dataset.proofRounds === wanted""",
                           arg=str(rounds + 1), timeout=180_000)
