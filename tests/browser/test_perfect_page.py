"""The Perfect level in the play page: a preset game against it, its progress while it proves
("Proving… 35 k positions") with the page answering clicks meanwhile, and the note when a move
is not proven (more than 40 seeds in the houses). The conftest's guards apply (no request off the
site, no console error)."""

import re

import pytest

from kalah import Board
from kalah.ai import perfect, players
from kalah.game.rules import NORTH, SOUTH
from tests.browser.play_driver import without_books

TIMEOUT = 120_000   # ms: Pyodide's start on a loaded 2-core machine, or a proof of up to 30 s
POSITION = "document.getElementById('board').dataset.position"
# Every text the thinking line and the message line show, in order: a proof can end between two
# of the test's looks, and the move's narration then replaces the message.
RECORD_THINKING = """
window.__thinking = [];
window.__messages = [];
new MutationObserver(() => {
  for (const [id, shown] of [['thinking', window.__thinking], ['message', window.__messages]]) {
    const line = document.getElementById(id);
    const text = line ? line.textContent : '';
    if (shown[shown.length - 1] !== text) shown.push(text);
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""
PROVING = re.compile("^Proving\u2026 (\\d+|\\d+ k|\\d+\\.\\d M) positions$")
TOLD_TO_WAIT = "window.__messages.some(m => m.includes(\"it is the computer's turn\"))"
NOT_PROVEN = "Perfect's last move is not proven (%s): it played its best search." % perfect.NOT_IN_REACH
SOUTH_TO_PLAY = ("(() => { const p = %s; return p.endsWith('/S') || "
                 "document.getElementById('status').classList.contains('over'); })()" % POSITION)


def proven_without_note(shown):
    """Whether one of Perfect's turns ended with the thinking line cleared: a proven move leaves no
    note, an unproven one the note instead (both set in the task that plays the move, so the record
    holds one or the other). A turn runs from its thinking to that end; a quick proof may show no
    "Proving…" line at all (a busy machine's long attempt at 37-40 seeds is often followed by such
    quick ones below that band), so any of its thinking lines starts it."""
    thinking = False
    for text in shown:
        if text == NOT_PROVEN:
            thinking = False
        elif text == "":
            if thinking:
                return True
        elif "is thinking" in text or text.startswith(("Thinking", "Proving")):
            thinking = True
    return False


GAMES = 3   # a game may end before all is seen (see play_one_game): the next game plays on
GREEDY = players.get("greedy")   # South: the most seeds stored each turn, so the fewest left in the houses


def play_one_game(page, seen):
    """Play South's greedy moves until the game ends or everything is `seen` (a proof's progress,
    a proven reply, a click answered while Perfect thought, the note of an unproven move); what each
    of Perfect's turns showed, for a failure's message."""
    turns = []
    # On a busy machine the proofs of 37-40 seeds can run to the 30 s cap, and the first proven reply
    # then comes a few moves later, below that band; the first proofs within reach may end before
    # they show progress; and a game whose proven moves are all quick may show none at all.
    while True:
        page.wait_for_function(SOUTH_TO_PLAY, timeout=TIMEOUT)
        shown = page.evaluate("window.__thinking")
        seen["progress"] = seen["progress"] or any(PROVING.match(text) for text in shown)
        seen["note"] = seen["note"] or NOT_PROVEN in shown   # its first replies: 41+ seeds in the houses
        # Within reach of a proof (40 seeds or fewer; on a machine loaded enough to hit the 30 s cap,
        # the next, smaller position is tried). A turn can begin above 40 seeds and prove its last
        # moves, or end the game, so the thinking line's record tells.
        seen["proven"] = seen["proven"] or proven_without_note(shown)
        board = Board(position=page.evaluate(POSITION))
        if board.turn is None or all(seen.values()):
            return turns
        # The person plays greedily, leaving the fewest seeds in the houses, so the game soon comes under
        # 41 seeds (playing the first house with seeds, it came to 40 and a proof that ran to the 30 s
        # cap: 60 s a test, against 9-14 s).
        page.click('#board .kb-house[data-side="%d"][data-house="%d"]' % (SOUTH, GREEDY.choose(board)))
        page.wait_for_function("p => %s !== p" % POSITION, arg=board.position(), timeout=TIMEOUT)
        after = Board(position=page.evaluate(POSITION))
        if after.turn != NORTH:
            continue
        turns.append("North to move, %d seeds in the houses, after %d lines" % (
            after.rules.houses_seeds(after.pits), len(page.evaluate("window.__thinking"))))
        # While Perfect thinks (a proof or a search), the page still answers: a click on South's
        # row says to wait. Made at once, on each of its turns until answered so (before: only
        # once "Proving" showed, and a busy run's game ended with no such click landing in time).
        if not seen["told"]:
            house = next(h for h in range(1, 7) if after.pits[h - 1]) if any(after.pits[:6]) else 1
            page.evaluate("window.__messages = []")
            # force: a house of the side not to move is aria-disabled, which Playwright would wait out
            page.click('#board .kb-house[data-side="%d"][data-house="%d"]' % (SOUTH, house), force=True)
            # Perfect may move before the click lands: then the click is South's move, not a wait.
            # So: the message, or the position moved on.
            page.wait_for_function("(p) => %s || %s !== p" % (TOLD_TO_WAIT, POSITION),
                                   arg=after.position(), timeout=TIMEOUT)
            seen["told"] = page.evaluate(TOLD_TO_WAIT)


@pytest.mark.timeout(900)   # games that may run to their end, with proofs of up to 30 s a move when busy
def test_a_preset_game_against_perfect_shows_its_proofs_and_says_which_moves_are_not_proven(
        new_context, site_url, wait_for_python_ready):
    context = new_context(reduced_motion="reduce", service_workers="block")
    context.add_init_script(RECORD_THINKING)
    without_books(context)     # the shipped books prove North's first turns: this game needs Perfect's proofs
    seen = {"progress": False, "note": False, "proven": False, "told": False}
    games = []
    for _ in range(GAMES):
        page = context.new_page()
        page.goto(site_url + "index.html#rules=kalah(6,4)&south=person&north=perfect&speed=fast")
        wait_for_python_ready(page)
        captions = page.eval_on_selector_all("#board .kb-caption .kb-name", "ns => ns.map(n => n.textContent)")
        assert sorted(captions) == ["North \u00b7 Computer (perfect play)", "South \u00b7 Person"]
        assert page.evaluate(POSITION) == Board("kalah(6,4)").position()   # a new game, not the last one
        turns = play_one_game(page, seen)
        games.append("\n".join(turns + ["the thinking line showed:"] + page.evaluate("window.__thinking")))
        page.close()
        if all(seen.values()):
            break
    # A proof's progress; the note on an unproven move (no book, 41+ seeds); a proven move (no note);
    # a click while Perfect thought, answered.
    assert all(seen.values()), "%s after %d games:\n%s" % (seen, len(games), "\n\n".join(games))
