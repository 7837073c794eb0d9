"""The computer and the network: after one visit the computer plays offline (the
worker fetches Pyodide with plain GETs, which the service worker answers from its
cache), and a computer that cannot start never decides a game: the game waits with
the reason and a Retry button, nothing is scored, and Retry plays on once it can."""

import json

import pytest

from kalah import Board
from kalah.game.rules import NORTH, SOUTH

POSITION = "document.getElementById('board').dataset.position"
HOUSE = '#board .kb-house[data-side="{side}"][data-house="{house}"]'
TIMEOUT = 180_000  # Pyodide's start on a loaded 2-core machine
# Level 4: levels 1-3 play their first moves on the page while the worker starts.
AGAINST_LEVEL4 = "index.html#rules=kalah(6,4)&south=person&north=level4&speed=fast"
SAVED_RECORDS = """Object.keys(localStorage).filter(k => k.startsWith('kalah.game.'))
    .map(k => JSON.parse(localStorage.getItem(k)).record)"""


def test_after_one_visit_the_computer_plays_offline(new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce")
    page = context.new_page()
    page.goto(site_url + "index.html")
    wait_for_python_ready(page)
    # Installed (precache done, Pyodide included) and in control of this page.
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT)

    context.set_offline(True)
    page.reload()  # offline, from the cache alone
    wait_for_python_ready(page)
    page.goto(site_url + AGAINST_LEVEL4)  # the same page: a preset link opened in it
    page.wait_for_function("document.querySelector('#board .kb-caption-top .kb-name').textContent"
                           " === 'North \u00b7 Computer (level 4)'")
    page.click(HOUSE.format(side=SOUTH, house=1))  # A: 4 seeds to B..E, North to move
    after = Board("kalah(6,4)")
    after.push(1)
    page.wait_for_function(f"{POSITION} !== {after.position()!r} && {POSITION}.endsWith('/S')", timeout=TIMEOUT)
    assert page.is_hidden("#computer-problem")
    assert "North sows" in page.inner_text("#message")


@pytest.mark.allow_console_errors  # the browser logs the refused runtime files
@pytest.mark.parametrize("files,refuse,why", [
    ("**/static/vendor/pyodide/pyodide.asm.wasm", "404", "pyodide.asm.wasm answered 404"),
    ("**/static/vendor/pyodide/python_stdlib.zip", "abort", "python_stdlib.zip could not be fetched"),
    ("**/static/vendor/pyodide/**", "404", "the computer's worker could not start"),
    # The kalah modules' archive (scripts/build/compile_pyodide_modules.mjs): missing or not a zip.
    ("**/static/pyc/kalah.zip", "404", "kalah.zip answered 404 (is the site set up? run scripts/setup.sh)"),
    ("**/static/pyc/kalah.zip", "corrupt", "kalah.zip could not be unpacked (run scripts/setup.sh)"),
], ids=["wasm-404", "stdlib-aborted", "all-404", "modules-404", "modules-corrupt"])
def test_a_computer_that_cannot_start_makes_the_game_wait_and_scores_nothing(new_context, site_url,
                                                                           wait_for_python_ready,
                                                                           files, refuse, why):
    context = new_context(reduced_motion="reduce", service_workers="block")

    def refuse_runtime(route):
        if refuse == "404":
            route.fulfill(status=404, body="missing")
        elif refuse == "corrupt":
            route.fulfill(status=200, body="not a zip archive", content_type="application/zip")
        else:
            route.abort()

    context.route(files, refuse_runtime)
    page = context.new_page()
    page.goto(site_url + AGAINST_LEVEL4)
    wait_for_python_ready(page)
    page.click(HOUSE.format(side=SOUTH, house=1))
    page.wait_for_selector("#computer-problem", state="visible", timeout=TIMEOUT)
    reason = page.inner_text("#computer-reason")
    assert reason.startswith("The computer could not move: ") and why in reason
    assert page.is_visible("#retry")
    # The game waits: North to move, no result, nothing scored.
    assert page.evaluate(POSITION).endswith("/N")
    assert page.inner_text("#status").startswith("North to move")
    assert page.is_hidden("#game-over")
    records = page.evaluate(SAVED_RECORDS)
    assert len(records) == 1 and records[0]["moves"] == [1] and "forfeit" not in records[0]

    page.click("#retry")  # still refused: the same reason, still waiting
    page.wait_for_selector("#computer-problem", state="visible", timeout=TIMEOUT)
    assert page.evaluate(POSITION).endswith("/N")

    context.unroute(files)
    page.click("#retry")  # the runtime is back: the computer moves
    page.wait_for_function(f"{POSITION}.endsWith('/S')", timeout=TIMEOUT)
    assert page.is_hidden("#computer-problem")
    history = page.evaluate(SAVED_RECORDS)
    assert len(history) == 1 and len(history[0]["moves"]) >= 2 and "forfeit" not in history[0]
