"""The analysis board's defects of issue 36: the board follows the editor at every edit, "Copy link"
answers, the depth label stays, a proof that ends at its budget says so and can go on, and a
120 KB link is refused at once (issue 37 item 9)."""

import pytest
from playwright.sync_api import expect

from kalah import Board

START = Board().position()
HOUSE = "#board .kb-house[data-side='%d'][data-house='%d']"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def open_analysis(page, site_url, wait_for_python_ready, fragment=""):
    page.goto(site_url + "analysis.html" + fragment)
    wait_for_python_ready(page)


def test_the_board_follows_the_editor_even_when_the_total_is_wrong(page, site_url, wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + START)
    page.click('#pits button[aria-label="One seed less in South\'s house A"]')
    expect(page.locator("#editor-message")).to_have_text(
        "Not a position yet: the board holds 47 seeds and kalah(6,4) has 48: add 1 seed.")
    # Drawn all the same: house A holds 3; not a position yet, so no data-position, no link, no values.
    expect(page.locator(HOUSE % (0, 1))).to_have_attribute("data-count", "3")
    assert page.get_attribute("#board", "data-position") is None
    assert page.input_value("#link") == "" and page.is_disabled("#back")
    page.fill("#pit-12", "9")
    page.dispatch_event("#pit-12", "change")
    expect(page.locator(HOUSE % (1, 6))).to_have_attribute("data-count", "9")
    page.click(HOUSE % (0, 2), force=True)
    assert page.inner_text("#message").startswith(
        "Complete the position in the editor first. Not a position yet: the board holds 52 seeds")
    page.fill("#pit-12", "5")
    page.dispatch_event("#pit-12", "change")
    wanted = "kalah(6,4)/3,4,4,4,4,4,0,4,4,4,4,4,5,0/S"
    expect(page.locator("#board")).to_have_attribute("data-position", wanted)
    assert page.input_value("#link") == site_url + "analysis.html#position=" + wanted


def test_copy_link_says_it_copied(page, site_url, wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + START)
    assert page.inner_text("#copy-status") == ""
    page.click("#copy-link")
    assert page.inner_text("#copy-status") == "Link copied (it is selected above, to copy by hand if not)."
    assert page.is_visible("#copy-status")


def test_a_proof_that_ends_at_its_budget_says_so_keeps_its_depth_and_can_go_on(page, site_url,
                                                                                wait_for_python_ready):
    page.add_init_script("window.kalahProofRounds = 1")   # one round of proofs, not two minutes
    position = Board("kalah(6,6)").position()   # 72 seeds: no book, no proof in a few seconds
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + position)
    page.wait_for_selector("#keep-proving:not([hidden])", timeout=180_000)
    status = page.inner_text("#values-status")
    assert "(depth " in status, status
    assert status.endswith("Proving paused at the end of its time, 0 of 6 moves proven: keep proving?"), status
    page.click("#keep-proving")
    assert page.is_hidden("#keep-proving")
    assert page.inner_text("#values-status").endswith("Proving the rest\u2026 0 of 6 moves proven.")
    assert page.get_attribute("#values-status", "data-proof-rounds") == "2"
    page.wait_for_selector("#keep-proving:not([hidden])", timeout=180_000)
    assert "(depth " in page.inner_text("#values-status")
    assert page.inner_text("#values-status").endswith("Proving paused at the end of its time, 0 of 6 moves "
                                                      "proven: keep proving?")


def test_a_120_kb_link_is_refused_at_once(page, site_url, wait_for_python_ready):
    open_analysis(page, site_url, wait_for_python_ready, "#position=kalah(6,4)/" + "%34%2C" * 20000)
    expect(page.locator("#message")).to_have_text(
        "This link's position cannot be opened: the link is 120,021 characters; the most this site reads is "
        "8,000. The start position of kalah(6,4) is shown instead.")
    assert page.get_attribute("#board", "data-position") == START
