"""history.html's paste box takes the site's own share link, embed link and embed code (issue 36),
and the replay page's paste box opens embed code as it opens a link."""

import pytest

from kalah.library.links import embed_code, embed_fragment, share_fragment
from test_replay import finished_game, ply_of


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "block"}


def pasted_forms(site_url, record):
    embed = site_url + "embed.html#" + embed_fragment(record, autoplay=True)
    return {"share link": site_url + "replay.html#" + share_fragment(record, 6),
            "embed link": embed,
            "embed code": embed_code(embed, "Ann v Bob")}


@pytest.mark.parametrize("form", ["share link", "embed link", "embed code"])
def test_the_history_imports_a_pasted_link(page, site_url, wait_for_python_ready, form):
    record = finished_game(seed=5, south="Ann", north="Bob")
    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    page.fill("#paste", pasted_forms(site_url, record)[form])
    page.click("#import-paste")
    page.wait_for_function("document.body.dataset.import === 'done'")
    assert page.inner_text("#message") == "Imported from the pasted text: 1 new, 0 updated, 0 already here."
    assert page.locator("#games-body tr").count() == 1
    assert "Ann" in page.inner_text("#games-body tr") and "Bob" in page.inner_text("#games-body tr")


def test_the_replay_opens_pasted_embed_code(page, site_url, wait_for_python_ready):
    record = finished_game(seed=5)
    page.goto(site_url + "replay.html")
    wait_for_python_ready(page)
    page.fill("#paste", pasted_forms(site_url, record)["embed code"])
    page.click("#open-paste")
    page.wait_for_function("!document.querySelector('#replay').hidden")
    assert ply_of(page) == len(record.moves)
    assert page.inner_text("#message") == ""
