"""The analysis board's proofs count what a reader can check (issue 36): "Proving the rest… 2 of 6
moves proven", the moves proven being those the list marks exact, never rounds of proofs."""

import json
import re

import pytest

from tests.browser.test_analysis_board_36 import open_analysis

# 36 seeds in the houses: the first values prove none of the 6 moves, and each round of proofs
# proves more of them (in CPython: 0, 1, 2, 2, 3, 4 after rounds 1-5).
POSITION = "kalah(6,4)/2,0,2,1,2,10,5,8,3,2,3,1,2,7/N"
PROGRESS = re.compile("Proving the rest\u2026 (\\d+) of (\\d+) moves? proven\\.$")
PAUSED = re.compile("Proving paused at the end of its time, (\\d+) of (\\d+) moves? proven: keep proving\\?$")


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "reduced_motion": "reduce", "service_workers": "block"}


def test_the_proofs_progress_is_the_moves_proven_of_the_moves_to_value(page, site_url, wait_for_python_ready):
    page.add_init_script("window.kalahProofRounds = 4")   # about 8 s of proofs, then Keep proving
    # Every status the page writes, with the moves the board's data-values has exact at that moment.
    page.add_init_script("""window.kalahStatuses = [];
        document.addEventListener('DOMContentLoaded', () => {
          const status = document.getElementById('values-status');
          new MutationObserver(() => {
            const values = JSON.parse(document.getElementById('board').dataset.values || '{}');
            const entries = Object.values(values);
            window.kalahStatuses.push([status.textContent, entries.filter(e => e.exact).length, entries.length]);
          }).observe(status, {childList: true, characterData: true, subtree: true});
        });""")
    open_analysis(page, site_url, wait_for_python_ready, "#position=" + POSITION)
    page.wait_for_function("!document.getElementById('keep-proving').hidden || "
                           "document.getElementById('values-status').textContent.endsWith('all proven exact.')",
                           timeout=240_000)
    statuses = page.evaluate("window.kalahStatuses")
    counted = [(PROGRESS.search(text), exact, total) for text, exact, total in statuses]
    counted = [(int(found.group(1)), int(found.group(2)), exact, total) for found, exact, total in counted if found]
    assert counted, statuses
    for said, of, exact, total in counted:
        assert (said, of) == (exact, total)   # the count is the list's: moves marked exact of all
    assert not any("round" in text for text, _, _ in statuses)
    final = page.inner_text("#values-status")
    values = json.loads(page.get_attribute("#board", "data-values"))
    exact = sum(entry["exact"] for entry in values.values())
    if exact < len(values):
        paused = PAUSED.search(final)
        assert paused and (int(paused.group(1)), int(paused.group(2))) == (exact, len(values)), final
        assert page.get_attribute("#values-status", "data-proof-rounds") == "4"
