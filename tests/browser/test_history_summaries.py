"""Issue 37 (10) on the history page: a stored summary that contradicts its own moves ("mallory won
48-0") is checked against the moves in slices after the page is drawn, corrected, said in the
problems box, and the ranking drawn again from the truth; dismissing the note keeps the game."""

import json

from kalah.library.history import GAME_PREFIX, History
from scripts.harness.random_games import random_game


def forged_store():
    """localStorage's entries for two games: bob's honest win over carol, and mallory's loss to bob
    whose summary was edited to say that mallory won 48-0."""
    store = {}
    history = History(store)
    honest = next(seed for seed in range(100) if random_game(seed).board().outcome().winner == 0)
    history.save(random_game(honest, south="bob", north="carol", meta={"id": "honest"}))
    history.save(random_game(honest, south="bob", north="mallory", meta={"id": "forged"}))
    data = json.loads(store[GAME_PREFIX + "forged"])
    data["summary"].update(result="0-48", winner=1)
    store[GAME_PREFIX + "forged"] = json.dumps(data)
    return {key: value for key, value in store.items() if key.startswith(GAME_PREFIX)}


def test_a_lying_summary_is_corrected_and_the_ranking_drawn_from_the_moves(page, site_url, wait_for_python_ready):
    page.goto(site_url + "history.html")
    wait_for_python_ready(page)
    page.evaluate("entries => { for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v); }",
                  forged_store())
    page.reload()
    wait_for_python_ready(page)
    page.wait_for_function("document.getElementById('problems').textContent.includes('corrected')")
    problem = page.inner_text("#problems li")
    assert problem.startswith("saved game forged: its stored summary said 'mallory won 48-0' but its moves give 'bob won ")
    names = page.eval_on_selector_all("#ranking-body tr", "rows => rows.map(r => r.cells[1].textContent)")
    assert names[0] == "bob" and names[-1] == "mallory", names
    assert page.inner_text("#problems li button") == "Dismiss"
    page.click("#problems li button")
    assert page.inner_text("#message") == "The note was dismissed."
    assert page.locator("#games-body tr").count() == 2            # the game stays
    stored = json.loads(page.evaluate("localStorage.getItem('kalah.game.forged')"))
    assert stored["summary"]["winner"] == 0                        # written back corrected
