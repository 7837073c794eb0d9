"""rules.html on a 360 px phone (issue 36): each house's count is drawn beside its stones (on the
letter's line), never over them, and the boards' kept places still match the drawn boards."""

import pytest

APART = """() => [...document.querySelectorAll('.rule-board .kb-house')].filter(h => {
    const c = h.querySelector('.kb-count').getBoundingClientRect();
    return [...h.querySelectorAll('.kb-seed')].some(seed => { const s = seed.getBoundingClientRect();
        return c.bottom > s.top + 0.5 && c.top < s.bottom - 0.5 && c.right > s.left + 0.5 && c.left < s.right - 0.5; });
}).length"""


@pytest.mark.parametrize("width", [360, 320])
def test_the_counts_are_not_drawn_over_the_stones(new_context, site_url, wait_for_python_ready, width):
    context = new_context(viewport={"width": width, "height": 740}, service_workers="block")
    page = context.new_page()
    page.goto(site_url + "rules.html")
    wait_for_python_ready(page)
    page.wait_for_selector(".rule-board .kb-house")
    assert page.evaluate("document.querySelectorAll('.rule-board .kb-house').length") >= 40
    assert page.evaluate(APART) == 0
    heights = page.evaluate("""() => [...document.querySelectorAll('.rule-board')].map(b =>
        [b.getBoundingClientRect().height, parseFloat(getComputedStyle(b).minHeight)])""")
    assert all(abs(drawn - kept) < 1 for drawn, kept in heights), heights
