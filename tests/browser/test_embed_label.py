"""The embed's label at a phone's 344 px (issue 36): the result at the end of the game is read whole,
wrapped, never cut, and the embed still fits its frame."""

import pytest

from kalah.library.links import embed_fragment
from kalah.web.common.embed_code import EMBED_HEIGHT
from scripts.harness.random_games import random_game

LABEL = """() => { const l = document.getElementById('ply-label'), root = document.documentElement;
    return {text: l.textContent, cut: l.scrollWidth > l.clientWidth || l.scrollHeight > l.clientHeight + 1,
            bottom: l.getBoundingClientRect().bottom, fits: root.scrollHeight <= root.clientHeight,
            height: innerHeight}; }"""


@pytest.mark.parametrize("width", [344, 300])
def test_the_embeds_label_shows_the_result_whole(new_context, site_url, wait_for_python_ready, width):
    record = random_game(5, south="Ann Marie-Louise Dubois-Fontaine", north="Computer (level 8)")
    context = new_context(viewport={"width": width, "height": EMBED_HEIGHT}, service_workers="block")
    page = context.new_page()
    page.goto(site_url + "embed.html#" + embed_fragment(record))
    wait_for_python_ready(page)
    label = page.evaluate(LABEL)
    outcome = record.board().outcome().describe()
    assert label["text"].endswith(". " + outcome), label
    assert not label["cut"] and label["fits"] and label["bottom"] <= label["height"], label
