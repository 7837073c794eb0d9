"""The bot lab page (lab.html) driven as a teacher does, from a Playwright page: a player's game,
a tournament set up and played, and the same tournament run by the command line. The lab's
browser tests (tests/browser/test_lab*.py) check them and scripts/bench/measure_lab_fairness.py
measures them, driven the same way."""

import contextlib
import io
import json
import os

# The standings' columns, as the page's table shows them and as the command line's --json names them.
STANDING_KEYS = ("rank", "name", "games", "wins", "draws", "losses", "forfeits", "points", "seeds")
# A table's rows as the page shows them: [[each cell's text]].
ROWS = "rows => rows.map(r => Array.from(r.children).map(c => c.textContent))"
COMMAND = "python -m kalah tournament "   # how the page's command (#t-command) begins
GAME_ENDED = ("document.getElementById('stop').disabled && "
              "/wins|Draw|forfeits/.test(document.getElementById('game-status').textContent)")

# Run in the page once it is ready: window.kalahStarts then collects how each sandbox's Python
# started, from its worker's "ready" ("snapshot", or "afresh" where the snapshot could not be used).
WATCH_STARTS = """(() => {
    const create = window.kalahBotSandbox.create;
    window.kalahStarts = [];
    window.kalahBotSandbox.create = (onMessage, options) => create((text, source, ms) => {
        const message = source === "worker" ? JSON.parse(text) : null;
        if (message?.type === "ready") window.kalahStarts.push(message.started);
        return onMessage(text, source, ms);
    }, options);
})()"""


def start_game(page, source, name, opponent, time_limit):
    """Starts a game of the player `source`, named `name`, against `opponent` ("ai:random",
    "saved:right"), with no delay between moves: it has started when this returns (the page's
    handler runs within the click)."""
    page.fill("#player-name", name)
    page.fill("#code", source)
    page.fill("#time-limit", time_limit)
    page.fill("#move-delay", "0")
    page.select_option("#opponent", opponent)
    page.eval_on_selector("#game-status", "node => { node.textContent = '' }")
    page.click("#play")


def game_status(page, timeout):
    """Once the game is over: what the page says of it."""
    page.wait_for_function(GAME_ENDED, timeout=timeout)
    return page.inner_text("#game-status")


def set_up(page, players, computers, time_limit, seed=None):
    """Saves each of `players` ({name: source}), enters them and the computer players named in
    `computers` ("greedy", ...), with the time limit and, if given, the seed; returns the page's
    command for that tournament (#t-command)."""
    for name, source in players.items():
        page.fill("#player-name", name)
        page.fill("#code", source)
        page.click("#save")
    page.fill("#time-limit", time_limit)
    for value in ["saved:" + name for name in players] + ["ai:" + name for name in computers]:
        page.check("#entrants input[value='%s']" % value)
    if seed is not None:
        page.fill("#tournament-seed", str(seed))
        page.dispatch_event("#tournament-seed", "change")
    return page.inner_text("#t-command")


def wait_finished(page, timeout):
    page.wait_for_function("document.body.dataset.tournament === 'finished'", timeout=timeout)


def standings(page):
    return page.eval_on_selector_all("#standings tbody tr", ROWS)


def kept_forfeits(page):
    """The forfeits in the tournaments the page keeps: [(the forfeiting player's name, kind, reason)]."""
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('kalah.lab.tournament.'))"
                         ".map(k => localStorage.getItem(k))")
    return [(game["names"][game["forfeit"]["side"]], game["forfeit"]["kind"], game["forfeit"]["reason"])
            for text in kept for game in json.loads(text).get("games", {}).values() if game.get("forfeit")]


def command_line(command, players, folder, *more):
    """What the command line prints for the page's `command` ("python -m kalah tournament right.py
    --players first ...") followed by the words `more`: each of its NAME.py the source players[NAME],
    written into `folder`. A failing command raises."""
    from kalah.cli import tournament as cli
    if not command.startswith(COMMAND):
        raise ValueError("not a tournament's command: %r" % command)
    words = []
    for word in command[len(COMMAND):].split():
        if word.endswith(".py"):
            word = os.path.join(folder, word)
            with open(word, "w", encoding="utf-8") as handle:
                handle.write(players[os.path.basename(word)[:-len(".py")]])
        words.append(word)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = cli.main(words + list(more))
    if status != 0:
        raise RuntimeError("%s%s: exit status %d" % (COMMAND, " ".join(words + list(more)), status))
    return out.getvalue()


def command_line_standings(command, players, folder):
    """The command line's standings for the page's `command`, as the page's table shows them."""
    table = json.loads(command_line(command, players, folder, "--json", "--quiet"))["standings"]
    return [[str(row[key]) for key in STANDING_KEYS] for row in table]
