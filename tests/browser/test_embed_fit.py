"""The embed code as a teacher pastes it: a course page on another site (a second
local origin, no script of its own) shows the whole embed at the width the code
declares and on a 360 px phone, with nothing clipped and nothing to scroll inside
the frame; the embed tells its host the position shown."""


import pytest

from kalah import Board
from kalah.library.links import embed_fragment, share_fragment
from kalah.web.common.embed_code import EMBED_HEIGHT, EMBED_WIDTH, embed_snippet
from scripts.harness.random_games import random_game

COURSE_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Week 3</title>
<link rel="icon" href="data:,"></head><body>
<h1>Week 3: Kalah openings</h1>
%s
<p>Questions for next week.</p>
</body></html>"""

# In the frame: does its document scroll, and is every control and the board inside it?
FIT = """() => {
  const root = document.documentElement;
  const outside = [...document.querySelectorAll('button, input, #board, #ply-label, #open-tab')]
    .filter((e) => e.offsetParent !== null)
    .map((e) => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
    .filter(([_, r]) => r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
    .map(([name, r]) => `${name}: ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
  return {scrollHeight: root.scrollHeight, clientHeight: root.clientHeight,
          scrollWidth: root.scrollWidth, clientWidth: root.clientWidth,
          width: innerWidth, height: innerHeight, outside,
          position: document.getElementById('board').dataset.position};
}"""


def long_game(rules, seed):
    return random_game(seed, rules=rules, south="Ann Marie-Louise Dubois-Fontaine", north="Computer (level 8)")


@pytest.mark.parametrize("width", [360, 1280])
@pytest.mark.parametrize("rules,ply", [("kalah(6,4)", 7), ("kalah(8,12)", 3), ("oware", None)])
def test_the_pasted_embed_fits_with_nothing_clipped(new_context, site_url, second_origin, save_screenshot,
                                                     width, rules, ply):
    host_url, host_root = second_origin
    record = long_game(rules, 5)
    snippet = embed_snippet(site_url + "embed.html#" + embed_fragment(record, ply=ply), "Kalah game")
    assert f'width="{EMBED_WIDTH}" height="{EMBED_HEIGHT}"' in snippet
    (host_root / "course.html").write_text(COURSE_PAGE % snippet, encoding="utf-8")

    page = new_context(viewport={"width": width, "height": 900}).new_page()
    page.goto(host_url + "course.html")
    page.wait_for_function("""() => { const f = document.querySelector('iframe');
        return f && f.getBoundingClientRect().height > 0; }""")
    frame = page.frame_locator("iframe")
    frame.locator("body[data-ready='1']").wait_for(state="attached")
    embed = page.frame(url=lambda url: url.startswith(site_url + "embed.html"))
    fit = embed.evaluate(FIT)
    assert fit["width"] == min(EMBED_WIDTH, width - 16)  # max-width: 100% of the host's column
    assert fit["height"] == EMBED_HEIGHT
    assert fit["scrollHeight"] <= fit["clientHeight"], fit
    assert fit["scrollWidth"] <= fit["clientWidth"], fit
    assert fit["outside"] == []
    shown = len(record.moves) if ply is None else ply
    board = Board(rules) if record.start is None else Board(position=record.start)
    for move in record.moves[:shown]:
        board.push(move)
    assert fit["position"] == board.position()
    save_screenshot(page, f"{rules}-{width}")


def test_the_embed_posts_the_position_it_shows_to_its_host(new_context, site_url, second_origin):
    host_url, host_root = second_origin
    record = long_game("kalah(6,4)", 6)
    snippet = embed_snippet(site_url + "embed.html#" + embed_fragment(record, ply=2), "Kalah game")
    listener = """<script>window.positions = [];
      addEventListener('message', (e) => { if (e.data && e.data.type === 'kalah-embed-position')
        window.positions.push([e.data.ply, e.data.position]); });</script>"""
    (host_root / "course.html").write_text(COURSE_PAGE % (listener + snippet), encoding="utf-8")
    page = new_context().new_page()
    page.goto(host_url + "course.html")
    page.wait_for_function("window.positions.length > 0")
    board = Board("kalah(6,4)")
    board.push(record.moves[0])
    board.push(record.moves[1])
    assert page.evaluate("window.positions[window.positions.length - 1]") == [2, board.position()]
    page.frame_locator("iframe").locator("#viewer").focus()
    page.keyboard.press("ArrowRight")
    board.push(record.moves[2])
    page.wait_for_function("(p) => window.positions.some(([ply, position]) => position === p)", arg=board.position())


def test_the_embed_opens_its_game_on_the_site_in_a_new_tab(new_context, site_url, second_origin):
    # The embed stores nothing (its storage is another site's, blocked or partitioned): its link
    # opens the game, at the move shown, on the site's own replay page, where it can be kept.
    host_url, host_root = second_origin
    record = long_game("kalah(6,4)", 7)
    snippet = embed_snippet(site_url + "embed.html#" + embed_fragment(record, ply=2), "Kalah game")
    (host_root / "course.html").write_text(COURSE_PAGE % snippet, encoding="utf-8")
    context = new_context()
    page = context.new_page()
    page.goto(host_url + "course.html")
    frame = page.frame_locator("iframe")
    frame.locator("body[data-ready='1']").wait_for(state="attached")
    link = frame.locator("#open-tab")
    assert (link.get_attribute("target"), link.get_attribute("rel")) == ("_blank", "noopener")
    frame.locator("#next").click()
    with context.expect_page() as opened:
        link.click()
    tab = opened.value
    tab.wait_for_function("document.body && document.body.dataset.ready === '1'")
    assert tab.url == site_url + "replay.html#" + share_fragment(record, 3)
    assert tab.locator("#ply-slider").input_value() == "3"
    assert tab.evaluate("window.opener") is None
