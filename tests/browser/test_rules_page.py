"""rules.html (issue 24, "rules you can try"): every rule's live board is drawn from its lesson's
position text by the engine, in the place the text kept for it; in each "try it" the move asked
for gives the named event and any other move says why it is not it; Reset puts the position
back; the text reads before Python starts; at 360 px the page is short enough to read on a
phone; nothing is fetched off the site; the boards work offline once visited."""

import re

import pytest

from kalah.game.board import Board
from kalah.game.rules import SWAP
from kalah.study.rules_tour import LESSONS
from tests.browser.async_wait import wait_for_async

# The MoveReport event each goal shows (kalah/study/rules_tour.py GOALS); "sow" goals are judged by
# where the seeds went.
GOAL_EVENTS = {"north-row": "sow", "skip": "sow", "extra": "extra", "capture": "capture",
               "sweep": "sweep", "swap": "swap", "opponent-store": "sow", "relay-capture": "capture"}
PHONE_HEIGHT_LIMIT = 2900   # px at 360 px wide: under half the page of text before (6,077 px)


def section(name):
    return "section[data-lesson='%s']" % name


def house(name, side, number):
    return "%s .kb-house[data-side='%d'][data-house='%d']" % (section(name), side, number)


def drawn_pits(page, name):
    """The counts the board shows, in the engine's pit order."""
    return page.evaluate("""(sel) => {
        const board = document.querySelector(sel + ' .rule-board');
        const houses = [...board.querySelectorAll('.kb-house')].map(b => [+b.dataset.index, +b.dataset.count]);
        const stores = [...board.querySelectorAll('.kb-store')].map(s => [s.classList.contains('kb-s') ? 's' : 'n', +s.dataset.count]);
        return {houses, stores};
    }""", section(name))


def play(page, lesson, move):
    board = Board(position=lesson.position)
    if move == SWAP:
        page.click(section(lesson.name) + " .rule-swap")
    else:
        page.click(house(lesson.name, board.turn, move))
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.outcome", arg=section(lesson.name))
    return page.get_attribute(section(lesson.name), "data-outcome")


def test_the_text_reads_before_python_and_each_rule_board_is_drawn_from_its_position(
        page, site_url, wait_for_python_ready):
    page.route("**/static/mpy/bundles/rules.mpy", lambda route: None)  # held: Python cannot start yet
    page.goto(site_url + "rules.html", wait_until="domcontentloaded")
    assert page.inner_text("h2") == "The rules"
    assert "Your last seed in your own store: you move again." in page.inner_text("#extra-turn")
    assert page.locator(".kb-house").count() == 0
    text_only = page.evaluate("document.documentElement.scrollHeight")
    page.unroute("**/static/mpy/bundles/rules.mpy")
    page.reload()
    wait_for_python_ready(page)
    assert page.evaluate("document.documentElement.scrollHeight") == text_only   # the boards' places were kept
    names = page.eval_on_selector_all("section[data-lesson]", "ss => ss.map(s => s.dataset.lesson)")
    assert names == [lesson.name for lesson in LESSONS]
    for lesson in LESSONS:
        board = Board(position=lesson.position)
        assert page.get_attribute(section(lesson.name) + " .rule-board", "data-position") == lesson.position
        drawn = drawn_pits(page, lesson.name)
        assert sorted(drawn["houses"]) == [[i, board.pits[i]] for i in range(len(board.pits))
                                           if not board.rules.is_store(i)]
        south, north = board.rules.stores
        assert sorted(drawn["stores"]) == [["n", board.pits[north]], ["s", board.pits[south]]]
        enabled = page.eval_on_selector_all(
            section(lesson.name) + " .kb-house:not([aria-disabled])",
            "bs => bs.map(b => [+b.dataset.side, +b.dataset.house])")
        assert sorted(enabled) == sorted([board.turn, m] for m in board.legal_moves if m != SWAP)


def test_each_try_it_names_the_event_of_the_right_move_and_says_why_a_wrong_one_is_not_it(
        new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce")   # moves land at once: many moves, one test
    page = context.new_page()
    page.goto(site_url + "rules.html")
    wait_for_python_ready(page)
    for lesson in LESSONS:
        where = section(lesson.name)
        assert play(page, lesson, lesson.answer) == "right"
        assert GOAL_EVENTS[lesson.goal] in page.get_attribute(where, "data-events").split(",")
        assert "That is the move asked for" in page.inner_text(where + " .rule-result")
        page.click(where + " .rule-reset")
        assert page.get_attribute(where, "data-outcome") is None
        assert page.get_attribute(where + " .rule-board", "data-position") == lesson.position

        wrong = [m for m in Board(position=lesson.position).legal_moves if m != lesson.answer][0]
        assert play(page, lesson, wrong) == "wrong"
        assert page.inner_text(where + " .rule-result").endswith("Not this one: " + lesson.miss)
        page.click(where + " .rule-reset")
        assert page.get_attribute(where + " .rule-board", "data-position") == lesson.position


def test_a_refused_click_says_why_and_keeps_the_position(page, site_url, wait_for_python_ready):
    page.goto(site_url + "rules.html")
    wait_for_python_ready(page)
    where = section("capture")
    page.click(house("capture", 0, 2), force=True)   # South's house B is empty there (aria-disabled)
    assert page.inner_text(where + " .rule-result") == "House B is empty: pick a house with seeds."
    page.click(house("capture", 1, 3), force=True)   # North's house: South is to move
    assert page.inner_text(where + " .rule-result") == "It is South's turn here: play one of South's houses."
    assert page.get_attribute(where, "data-outcome") is None
    # The move animates seed by seed, then says what happened.
    page.click(house("capture", 0, 1))
    page.wait_for_function("(sel) => document.querySelector(sel).dataset.outcome === 'right'", arg=where)
    assert page.inner_text(where + " .rule-result").startswith("South sows house A (1 seed). South captures 5 seeds")


def test_at_360_px_the_page_is_short_and_asks_nothing_outside_the_site(new_context, site_url,
                                                                       wait_for_python_ready):
    context = new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    # When the boards are bound (data-ready), beside when the text was first painted: a figure, not a test.
    page.add_init_script("""new MutationObserver((_, observer) => {
        if (document.body && document.body.dataset.ready) { window.readyAt = performance.now(); observer.disconnect(); }
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});""")
    page.goto(site_url + "rules.html")
    wait_for_python_ready(page)
    height = page.evaluate("document.documentElement.scrollHeight")
    painted, ready = page.evaluate("""() => [performance.getEntriesByName('first-contentful-paint')[0].startTime,
                                             window.readyAt]""")
    print("rules.html at 360 px: %d px high; text painted at %d ms, boards bound at %d ms" % (height, painted, ready))
    assert height < PHONE_HEIGHT_LIMIT
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    smallest = page.evaluate("""() => [...document.querySelectorAll('.kb-house, .rule-after button, .rule-swap')]
        .filter(b => !b.hidden).map(b => b.getBoundingClientRect())
        .reduce((m, r) => [Math.min(m[0], r.width), Math.min(m[1], r.height)], [1e9, 1e9])""")
    assert smallest[0] >= 44 and smallest[1] >= 44   # every house and button a 44 px target
    assert asked and all(url.startswith(site_url) or re.match(r"(data|blob):", url) for url in asked)


CACHED = """async (paths) => {
    const name = (await caches.keys()).find(n => n.startsWith('kalah-'));
    if (!name) return false;
    const cached = (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname);
    return paths.every(p => cached.includes(p));
}"""


def test_once_visited_the_boards_work_offline(new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url + "rules.html")
    wait_for_python_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    wait_for_async(page, CACHED, ["/rules.html", "/rules.toml", "/static/mpy/bundles/rules.mpy", "/static/css/rules.css"])
    context.set_offline(True)
    page.reload()
    wait_for_python_ready(page)
    extra = next(lesson for lesson in LESSONS if lesson.name == "extra-turn")
    assert play(page, extra, extra.answer) == "right"


@pytest.mark.allow_console_errors   # the refused bundle logs a network error
def test_when_the_boards_cannot_start_the_page_says_so_and_the_text_stays(page, site_url):
    page.route("**/static/mpy/bundles/rules.mpy", lambda route: route.abort())
    page.goto(site_url + "rules.html")
    page.wait_for_function("document.body.dataset.ready === 'error'")
    assert page.inner_text("#status").startswith("The page could not start")
    assert "Your last seed in your own store: you move again." in page.inner_text("#extra-turn")
