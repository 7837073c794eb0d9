"""The analysis board (analysis.html): the editor and its link, values equal to `solve --json`, bad links."""
import json

from playwright.sync_api import expect

from kalah import Board
from tests.browser.play_driver import house_selector
from tests.engine.test_analysis import HELD_OUT

START = "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"


def values_of(page, position, exact=True):
    """The board's data-values once they are of `position` (and all exact, with `exact`)."""
    page.wait_for_function(
        """([position, exact]) => {
             const board = document.getElementById('board');
             if (board.dataset.valuesPosition !== position || !board.dataset.values) return false;
             return !exact || Object.values(JSON.parse(board.dataset.values)).every(v => v.exact);
           }""", arg=[position, exact])
    return json.loads(page.get_attribute("#board", "data-values"))


def test_the_editor_builds_a_position_and_its_link_round_trips(page, site_url, wait_for_python_ready):
    page.goto(site_url + "analysis.html")
    wait_for_python_ready(page)
    assert page.get_attribute("#board", "data-position") == START
    # One seed out of South's house A: not a position yet, and the editor says what to do.
    page.click('#pits button[aria-label="One seed less in South\'s house A"]')
    expect(page.locator("#editor-message")).to_have_text(
        "Not a position yet: the board holds 47 seeds and kalah(6,4) has 48: add 1 seed.")
    # Typed into North's store, North to move.
    page.fill("#pit-13", "1")
    page.dispatch_event("#pit-13", "change")
    page.select_option("#side", "N")
    wanted = "kalah(6,4)/3,4,4,4,4,4,0,4,4,4,4,4,4,1/N"
    expect(page.locator("#board")).to_have_attribute("data-position", wanted)
    expect(page.locator("#editor-message")).to_have_text("")
    assert page.input_value("#position-text") == wanted
    link = page.input_value("#link")
    assert link == site_url + "analysis.html#position=" + wanted
    assert page.evaluate("location.hash") == "#position=" + wanted
    values_of(page, wanted, exact=False)

    # The link opens the same position, in the board and in the editor.
    other = page.context.new_page()
    other.goto(link)
    wait_for_python_ready(other)
    assert other.get_attribute("#board", "data-position") == wanted
    assert other.input_value("#pit-0") == "3" and other.input_value("#pit-13") == "1"
    assert other.input_value("#side") == "N"
    # A position typed as text opens too, rule set and all.
    other.fill("#position-text", HELD_OUT[1][0])
    other.click("#position-open")
    expect(other.locator("#board")).to_have_attribute("data-position", HELD_OUT[1][0])
    assert other.input_value("#rules") == "kalah(6,4)+empty-capture"


def test_values_equal_solve_json_on_held_out_positions(page, site_url, wait_for_python_ready):
    page.goto(site_url + "analysis.html#position=" + START)
    wait_for_python_ready(page)
    # The start position is in the opening book: exact at once.
    assert values_of(page, START) == dict(
        (move, {"value": value, "exact": True}) for move, value in
        {"1": -14, "2": -10, "3": 8, "4": -2, "5": -8, "6": 4}.items())
    for position, solved in HELD_OUT:
        page.goto(site_url + "analysis.html#position=" + position)
        wait_for_python_ready(page)
        assert values_of(page, position) == dict(
            (move, {"value": value, "exact": True}) for move, value in solved["values"].items()), position
        expect(page.locator("#line")).to_contain_text("(proven)")


def test_playing_on_by_hand_updates_the_link_and_take_back_returns(page, site_url, wait_for_python_ready):
    position = HELD_OUT[2][0]   # North to move
    page.goto(site_url + "analysis.html#position=" + position)
    wait_for_python_ready(page)
    values_of(page, position)
    page.click(house_selector(1, 6))
    expect(page.locator("#board")).not_to_have_attribute("data-position", position)
    after = page.get_attribute("#board", "data-position")
    # The link: the study's start, its moves and the move looked at (docs/formats.md).
    assert page.evaluate("location.hash") == "#position=%s&moves=6&at=6" % position
    values_of(page, after)
    page.click("#back")
    expect(page.locator("#board")).to_have_attribute("data-position", position)
    assert values_of(page, position) == dict(
        (move, {"value": value, "exact": True}) for move, value in HELD_OUT[2][1]["values"].items())


def test_a_bad_link_says_what_is_wrong_and_shows_the_start_position(page, site_url, wait_for_python_ready):
    page.goto(site_url + "analysis.html#position=kalah(6,4)/4,4/S")
    wait_for_python_ready(page)
    expect(page.locator("#message")).to_have_text(
        "This link's position cannot be opened: position 'kalah(6,4)/4,4/S': kalah(6,4) has 14 pits, not 2. "
        "The start position of kalah(6,4) is shown instead.")
    assert page.get_attribute("#board", "data-position") == START
    page.goto(site_url + "analysis.html#rules=nonsense")
    page.reload()
    wait_for_python_ready(page)
    expect(page.locator("#message")).to_contain_text("the link has an unknown part 'rules'")
    page.goto(site_url + "analysis.html#position=chess/1,2/S")
    page.reload()
    wait_for_python_ready(page)
    expect(page.locator("#message")).to_contain_text("unknown rule set 'chess'")


def test_the_play_page_the_replay_viewer_and_the_history_link_to_the_position(page, site_url, wait_for_python_ready):
    from kalah.library.links import share_fragment
    from kalah.records import pgn
    from kalah.records.record import Record
    page.goto(site_url + "index.html")
    wait_for_python_ready(page)
    expect(page.locator("#study-link")).to_have_attribute("href", "./analysis.html#position=" + START)

    # The replay viewer: the position shown; at the end of a game, the position before its last move.
    record = Record("kalah(6,4)", [3, 6, 1], south="Ann", north="Bo")
    after_two = Board()
    for move in (3, 6):
        after_two.push(move)
    page.goto(site_url + "replay.html#" + share_fragment(record, 2))
    wait_for_python_ready(page)
    expect(page.locator("#study-link")).to_have_attribute("href", "./analysis.html#position=" + after_two.position())
    page.click("#study-link")
    wait_for_python_ready(page)
    expect(page.locator("#board")).to_have_attribute("data-position", after_two.position())

    # The history: a game's last position.
    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    page.fill("#paste", pgn.write(record))
    page.click("#import-paste")
    page.click("#games-body [data-study]")
    wait_for_python_ready(page)
    after_three = after_two.copy()
    after_three.push(1)
    expect(page.locator("#board")).to_have_attribute("data-position", after_three.position())


def test_a_middle_game_position_shows_search_values_first_and_turns_exact(page, site_url, wait_for_python_ready):
    position = "kalah(6,4)/0,0,2,10,5,5,4,1,0,2,6,0,1,12/S"   # 32 seeds in the houses
    page.goto(site_url + "analysis.html")
    wait_for_python_ready(page)
    # Every data-values the board carries, in order.
    page.evaluate("""() => {
        window.seen = [];
        new MutationObserver(() => {
            const board = document.getElementById('board');
            if (board.dataset.values) window.seen.push([board.dataset.valuesPosition, board.dataset.values]);
        }).observe(document.getElementById('board'), {attributes: true, attributeFilter: ['data-values']});
    }""")
    page.fill("#position-text", position)
    page.press("#position-text", "Enter")
    assert values_of(page, position) == dict(   # kalah.ai.solve's values (solve --json without numba)
        (move, {"value": value, "exact": True}) for move, value in {"3": -26, "4": -20, "5": -16, "6": -12}.items())
    seen = [json.loads(values) for shown, values in page.evaluate("window.seen") if shown == position]
    assert not all(entry["exact"] for entry in seen[0].values())   # the search's values came first
    assert set(seen[0]) == {"3", "4", "5", "6"}
    expect(page.locator("#values-status")).to_contain_text("all proven exact")


def test_play_on_against_a_level(page, site_url, wait_for_python_ready):
    page.goto(site_url + "analysis.html#position=" + HELD_OUT[0][0])   # South to move
    wait_for_python_ready(page)
    page.select_option("#computer-side", "N")
    page.select_option("#computer-level", "level1")
    page.click(house_selector(0, 1))
    # The computer answers as North until South is to move again.
    page.wait_for_function("""() => {
        const p = document.getElementById('board').dataset.position.split('/');
        return p[2] !== 'N' && document.getElementById('board').dataset.position !== %s;
    }""" % json.dumps(HELD_OUT[0][0]))
    # The computer's replies are in the study's moves: the link's line leads to the position shown.
    fields = dict(part.split("=", 1) for part in page.evaluate("location.hash")[1:].split("&"))
    assert fields["position"] == HELD_OUT[0][0] and fields["moves"] == fields["at"]
    assert fields["moves"].startswith("1") and len(fields["moves"]) >= 2
    board = Board.from_position(HELD_OUT[0][0])
    for move in fields["at"]:
        board.push(int(move))
    assert board.position() == page.get_attribute("#board", "data-position")
