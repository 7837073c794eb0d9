"""The embed inside a course page: a sandboxed iframe, height posted to the host, nothing stored."""


from kalah.library.links import embed_fragment
from scripts.harness.random_games import random_game
from tests.browser.course_page import HEIGHT_LISTENER

HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Course page</title>
<link rel="icon" href="data:,"></head><body>
<h1>Week 3: Kalah openings</h1>
<iframe id="frame" src="%s" title="Kalah game" width="420" height="200" loading="lazy"
  sandbox="allow-scripts allow-same-origin" style="border:0;max-width:100%%"></iframe>
""" + HEIGHT_LISTENER + """
<p style="height: 2000px">Scroll me.</p>
</body></html>"""


def game(seed=11):
    return random_game(seed, south="Ann", north="<b>Bob</b>")


def open_host(page, site_url, fragment):
    page.route(site_url + "course-page.html", lambda route: route.fulfill(
        status=200, content_type="text/html", body=HOST % ("embed.html#" + fragment)))
    page.goto(site_url + "course-page.html")
    page.wait_for_function("window.heights.length > 0")
    return page.frame_locator("#frame")


def test_the_embed_plays_in_a_sandboxed_frame_and_fits_its_height(page, site_url, save_screenshot):
    record = game()
    frame = open_host(page, site_url, embed_fragment(record, ply=4, theme="dark"))
    height = page.evaluate("window.heights[window.heights.length - 1]")
    assert 150 < height < 900
    assert page.eval_on_selector("#frame", "f => f.height") == str(height)
    assert frame.locator("#ply-slider").input_value() == "4"
    assert frame.locator("#board b").count() == 0 and "<b>Bob</b>" in frame.locator("#board").inner_text()
    assert frame.locator("html.forced-theme").count() == 1

    # Keys step the replay only while the embed has the focus; the host keeps its own keys.
    frame.locator("#viewer").focus()
    page.keyboard.press("ArrowRight")
    assert frame.locator("#ply-slider").input_value() == "5"
    page.evaluate("document.activeElement.blur()")   # the focus is back on the host page
    page.keyboard.press("ArrowRight")
    assert frame.locator("#ply-slider").input_value() == "5"
    # Nothing written to storage by the embed.
    frame_handle = page.frame(url=lambda url: "embed.html" in url)
    assert frame_handle.evaluate("localStorage.length + sessionStorage.length") == 0
    save_screenshot(page)


def test_embed_options_autoplay_and_hidden_controls(page, site_url):
    record = game(12)
    frame = open_host(page, site_url, embed_fragment(record, ply=0, autoplay=True, speed=8.0, controls=False))
    frame.locator("body.no-controls").wait_for(state="attached")
    assert not frame.locator(".replay-controls").is_visible()
    frame_handle = page.frame(url=lambda url: "embed.html" in url)
    frame_handle.wait_for_function("Number(document.querySelector('#ply-slider').value) >= 2")


def test_a_broken_embed_link_says_so_inside_the_frame(page, site_url):
    frame = open_host(page, site_url, "g=k1.K64.m9&p=x")
    assert "This embed cannot show its game" in frame.locator("#message").inner_text()
    assert frame.locator("#status").inner_text() == "This game cannot be shown."


def test_a_broken_embed_link_is_explained_whole_on_a_phone(page, site_url):
    # A long reason once ended at three lines on a 360 px phone, and the heading still said "Loading".
    page.set_viewport_size({"width": 360, "height": 640})
    frame = open_host(page, site_url, "rules=kalah(6,4)&moves=3,6,2")
    message = frame.locator("#message")
    assert message.inner_text().endswith("it may have been cut or changed on the way.")
    assert message.evaluate("m => m.scrollHeight <= m.clientHeight")
    assert frame.locator("#status").inner_text() == "This game cannot be shown."
