"""A tournament in the bot lab page: its games, and its standings and crosstable.

The same `kalah.lab.tournament.Tournament` and seeds as `python -m kalah
tournament`, so the same players give the same standings. Games run
`cores()` at a time, each player in a sandbox of its own, started ahead by
a `SandboxPool`; each finished game goes to the history, and its crosstable
cells link to its replay.
"""

from kalah.rules import SIDE_NAMES
from kalah.web.common.dom import by_id, clear, el
from kalah.web.lab.games import GameRunner


class TournamentRun:
    """Plays a Tournament's games, `cores()` at a time, each player in a fresh
    sandbox of `pool` (see kalah.web.lab.games); the page shows it."""

    def __init__(self, page, specs, tournament, rules, time_limit, pool, parallel):
        self.page = page
        self.specs = specs
        self.tournament = tournament
        self.rules = rules
        self.time_limit = time_limit
        self.pool = pool
        self.parallel = parallel
        self.running = {}       # game id -> GameRunner
        self.paused = False
        self.stopped = False
        self.watched = None     # the game whose board is shown

    def fill(self):
        if self.paused or self.stopped:
            return
        for game in self.tournament.pending():
            if len(self.running) >= self.parallel:
                break
            self.tournament.start(game["id"])
            runner = GameRunner([self.pool.take(), self.pool.take()],
                                [self.specs[game["south"]], self.specs[game["north"]]], self.rules,
                                self.time_limit, game["seeds"], on_move=self._moved, on_end=self._ended)
            runner.tournament_game = game
            self.running[game["id"]] = runner
            runner.start()
        # The next games' sandboxes start while these games play.
        self.pool.fill(2 * min(self.parallel, len(self.tournament.pending())))
        self.page.show_tournament(self)

    def _moved(self, runner, report):
        # GameLink's "display board": follow one running game at a time.
        if self.watched is None or self.watched.game.is_over() or self.watched.stopped:
            self.watched = runner
        if runner is self.watched:
            self.page.show_tournament_board(runner)

    def _ended(self, runner):
        game = runner.tournament_game
        self.running.pop(game["id"], None)
        if self.stopped:
            return
        failure = runtime_failure(runner.clients)
        if failure is not None:
            # Not the players' fault: no result, and no point going on.
            self.tournament.unstart(game["id"])
            self.stop()
            by_id("t-message").textContent = "The tournament stopped: %s." % failure
            return
        result = runner.game.as_dict()
        result["key"] = self.page.store_game(runner.game, {"source": "lab-tournament", "system": self.tournament.system,
                                                           "game": game["id"] + 1, "round": game["round"],
                                                           "seed": self.tournament.seed})
        self.tournament.record(game["id"], result)
        self.fill()
        self.page.show_tournament(self)

    def pause(self, paused):
        self.paused = paused
        if not paused:
            self.fill()
        self.page.show_tournament(self)

    def stop(self):
        self.stopped = True
        for game_id in list(self.running):
            runner = self.running.pop(game_id)
            runner.stop()
            self.tournament.unstart(game_id)
        self.page.show_tournament(self)

    def finished(self):
        return self.tournament.finished()


def runtime_failure(clients):
    """Why the page could not hand the runtime to a sandbox (told by the page, not a bot), or None."""
    for client in clients:
        if client is not None and client.runtime_failure is not None:
            return client.runtime_failure
    return None


def render_standings(tournament):
    table = by_id("standings")
    table.hidden = False
    byes = ", ".join("%s (round %d)" % (tournament.names[player], r) for r, player in tournament.byes)
    by_id("byes").textContent = (". Byes: " + byes) if byes else ""
    body = table.querySelector("tbody")
    clear(body)
    for row in tournament.standings():
        cells = [el("td", str(row["rank"])), el("th", row["name"], attrs={"scope": "row"})]
        for key in ("games", "wins", "draws", "losses", "forfeits", "points", "seeds"):
            cells.append(el("td", str(row[key])))
        body.appendChild(el("tr", children=cells))


def render_crosstable(tournament):
    table = by_id("crosstable")
    table.hidden = False
    order = [row["player"] for row in tournament.standings()]
    names = tournament.names
    head = table.querySelector("thead")
    clear(head)
    top = el("tr", children=[el("th", "", attrs={"scope": "col"})])
    for k in range(len(order)):
        top.appendChild(el("th", "#%d" % (k + 1), attrs={"scope": "col", "title": names[order[k]]}))
    head.appendChild(top)
    body = table.querySelector("tbody")
    clear(body)
    cells = tournament.crosstable()
    for k, i in enumerate(order):
        row = el("tr", children=[el("th", "#%d %s" % (k + 1, names[i]), attrs={"scope": "row"})])
        for j in order:
            cell = el("td")
            if i == j:
                cell.textContent = "—"
                cell.className = "self"
            for result in cells[i][j]:
                key = tournament.results[result["game"]].get("key")
                letter = "F" if result["forfeit"] else result["result"]
                text = "%s %s" % (letter, result["score"])
                label = "%s against %s, game %d as %s: %s" % (
                    names[i], names[j], result["game"] + 1, SIDE_NAMES[result["side"]],
                    {"W": "won", "D": "drew", "L": "lost"}[result["result"]] + " " + result["score"])
                if result["forfeit"]:
                    label += " by forfeit (%s)" % result["forfeit"]
                if key:
                    node = el("a", text, cls="r-" + letter,
                              attrs={"href": "./replay.html#l=%s" % key, "aria-label": label, "title": label})
                else:
                    node = el("span", text, cls="r-" + letter, attrs={"title": label})
                cell.appendChild(node)
            row.appendChild(cell)
        body.appendChild(row)
