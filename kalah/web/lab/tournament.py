"""A tournament in the bot lab page: its games, and its standings and crosstable.

The same `kalah.lab.tournament.Tournament` and seeds as `python -m kalah
tournament`, so the same players give the same standings. Games run
`cores()` at a time, each player in a sandbox of its own, started ahead by
a `SandboxPool`; each finished game goes to the history, and its crosstable
cells link to its replay.
"""

from pyscript import document, window

from kalah.errors import KalahError
from kalah.lab.exports import game_meta
from kalah.lab.tournament import SWISS, Tournament
from kalah.i18n import _, N_, ngettext, side_word, translated
from kalah.web.common.board_view import BoardView
from kalah.web.common.dom import Timer, by_id, clear, el, listen, show_message
from kalah.web.lab.games import GameRunner, seconds_text
from kalah.web.lab.kept_tournaments import GAMES_SOURCE, KeptTournaments
from kalah.web.lab.lab_words import reason_text
from kalah.web.lab.settings import number

BOARD_MS = 250           # a tournament's board is redrawn at most this often


def cores():
    count = window.navigator.hardwareConcurrency
    try:
        count = int(count)
    except (TypeError, ValueError):
        count = 2
    return max(1, min(count, 16))


class TournamentRun:
    """Plays a Tournament's games, `cores()` at a time, each player in a fresh
    sandbox of `pool` (see kalah.web.lab.games); it reports through its callbacks."""

    def __init__(self, specs, tournament, rules, time_limit, pool, parallel, on_change, on_board, store_game,
                 on_result):
        self.on_change = on_change      # on_change(run): its progress changed
        self.on_result = on_result      # on_result(run): a game ended, its result recorded
        self.on_board = on_board        # on_board(runner): a move in the game to show
        self.store_game = store_game    # store_game(game, meta): its key in the history, or None
        self.specs = specs
        self.tournament = tournament
        self.rules = rules
        self.time_limit = time_limit
        self.pool = pool
        self.parallel = parallel
        self.running = {}       # game id -> GameRunner
        self.games = {}         # game id -> the finished LabGame
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
        self.on_change(self)

    def _moved(self, runner, report):
        # GameLink's "display board": follow one running game at a time.
        if self.watched is None or self.watched.game.is_over() or self.watched.stopped:
            self.watched = runner
        if runner is self.watched:
            self.on_board(runner)

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
            by_id("t-message").textContent = _("The tournament stopped: %(reason)s.") % {"reason": failure}
            return
        result = runner.game.as_dict()
        result["key"] = self.store_game(runner.game, game_meta(self.tournament, game, GAMES_SOURCE))
        self.tournament.record(game["id"], result)
        self.games[game["id"]] = runner.game
        self.on_result(self)
        self.fill()
        self.on_change(self)

    def pause(self, paused):
        self.paused = paused
        if not paused:
            self.fill()
        self.on_change(self)

    def stop(self):
        self.stopped = True
        for game_id in list(self.running):
            runner = self.running.pop(game_id)
            runner.stop()
            self.tournament.unstart(game_id)
        self.on_change(self)

    def finished(self):
        return self.tournament.finished()


class TournamentPanel:
    """The page's tournament section: entrants, options, the command line that plays the same
    tournament, and the run's progress, board and tables. settings() gives the lab's
    (rules, time limit, delay, show board); source_of(name) a saved player's code;
    store_game(game, meta) keeps a finished game and gives its history key (or None); `store` is
    the browser's storage, where tournaments are kept (kept_tournaments)."""

    def __init__(self, settings, source_of, store_game, pool, store):
        self._settings = settings
        self._source_of = source_of
        self._store_game = store_game
        self._pool = pool
        self.run = None
        self._view = None
        self._board_runner = None
        self._board_timer = Timer(self.draw_board)
        listen(by_id("t-start"), "click", self.start)
        listen(by_id("t-pause"), "click", self.pause)
        listen(by_id("t-stop"), "click", self.stop)
        listen(by_id("t-continue"), "click", self.carry_on)
        for node_id in ("entrants", "system", "swiss-rounds", "tournament-seed"):
            listen(by_id(node_id), "change", self.update_command)
        self.kept = KeptTournaments(store, self.playing, self.show_saved, self.say)

    def playing(self):
        """A tournament is being played (not stopped, not finished)."""
        return self.run is not None and not self.run.stopped and not self.run.finished()

    def say(self, text, problem=False):
        show_message(by_id("t-message"), text, problem, again=True)

    def entrant_specs(self):
        specs = []
        for node in by_id("entrants").querySelectorAll("input"):
            if not node.checked:
                continue
            kind, name = str(node.value).split(":", 1)
            if kind == "ai":
                specs.append({"name": name, "ai": name})
            else:
                specs.append({"name": name, "source": self._source_of(name)})
        return specs

    def tournament_options(self):
        system = str(by_id("system").value)
        rounds = None
        text = str(by_id("swiss-rounds").value).strip()
        if system == SWISS and text:
            rounds = int(number(text, _("Swiss rounds"), 1, 30))
        seed = int(number(str(by_id("tournament-seed").value) or "1", _("The random seed"), 0, 999999))
        return system, rounds, seed

    def update_command(self, event=None):
        """The command line that plays the same tournament (same players, seed, settings)."""
        try:
            rules, time_limit, delay_ms, show = self._settings()
            system, rounds, seed = self.tournament_options()
        except KalahError:
            return
        files, ours = [], []
        for spec in self.entrant_specs():
            if spec.get("ai"):
                ours.append(spec["ai"])
            else:
                files.append(spec["name"] + ".py")
        words = ["python -m kalah tournament"] + files
        if ours:
            words.append("--players " + ",".join(ours))
        words.append("--rounds " + system)
        if rounds:
            words.append("--swiss-rounds %d" % rounds)
        words.append("--time %s" % seconds_text(time_limit))
        if rules != "kalah(6,4)":
            words.append("--rules '%s'" % rules)
        if seed != 1:
            words.append("--seed %d" % seed)
        by_id("t-command").textContent = " ".join(words)

    def start(self, event=None):
        message = by_id("t-message")
        try:
            rules, time_limit, delay_ms, show = self._settings()
            system, rounds, seed = self.tournament_options()
            specs = self.entrant_specs()
            tournament = Tournament(specs, system, rounds, seed)
        except KalahError as error:
            message.textContent = _("Cannot start: %(reason)s.") % {"reason": translated(error)}
            return
        if self.run is not None and not self.run.finished():
            self.run.stop()
        message.textContent = ""
        self._play(specs, tournament, rules, time_limit)
        self.kept.begin(tournament, specs, rules, time_limit, self.run.games)
        self.run.fill()

    def _play(self, specs, tournament, rules, time_limit):
        self.run = TournamentRun(specs, tournament, rules, time_limit, self._pool, cores(),
                                 on_change=self.show, on_board=self.show_board,
                                 store_game=self._store_game, on_result=lambda run: self.kept.save())

    def carry_on(self, event=None):
        """Play the rest of the saved tournament shown (stopped, or cut short by a reload), its
        students' players as last saved, with its own rules and time limit."""
        saved = self.kept.unfinished()
        if saved is None or self.playing():
            return
        settings = saved.settings
        specs = []
        for player in settings["players"]:
            if not player["file"]:
                specs.append({"name": player["name"], "ai": player["name"]})
                continue
            try:
                specs.append({"name": player["name"], "source": self._source_of(player["name"])})
            except KeyError:
                self.say(_("Cannot continue: %(player)s is no longer saved in this browser.") % {
                    "player": player["name"]}, True)
                return
        self.say("")
        self._play(specs, saved.tournament, settings["rules"], settings["time"])
        self.run.games.update(saved.games)
        self.kept.carry_on(saved, specs, self.run.games)
        self.run.fill()

    def pause(self, event=None):
        if self.run is not None and not self.run.stopped:
            self.run.pause(not self.run.paused)

    def stop(self, event=None):
        if self.run is not None:
            self.run.stop()

    def show_board(self, runner):
        # Drawn at most every BOARD_MS, so that drawing never slows the games.
        self._board_runner = runner
        if not self._board_timer.pending:
            self._board_timer.start(BOARD_MS)

    def draw_board(self):
        runner = self._board_runner
        if runner is None or not by_id("show-board").checked:
            by_id("t-board-box").hidden = True
            return
        if self._view is None:
            self._view = BoardView(by_id("t-board"))
        game = runner.game
        board = game.board
        by_id("t-board-box").hidden = False
        by_id("t-board-title").textContent = _("Game %(number)d: %(south)s (South) against %(north)s (North), move "
                                               "%(move)d") % {"number": runner.tournament_game["id"] + 1,
                                                              "south": game.names[0], "north": game.names[1],
                                                              "move": board.ply()}
        self._view.render(board.rules, board.pits, board.turn, (),
                          labels=tuple("%s · %s" % (side_word(side), game.names[side]) for side in (0, 1)))

    def show_saved(self, saved, checking):
        """A tournament read back from storage: its tables, and how far it got (`checking`: its
        games' moves are still being replayed); None: hide the one shown."""
        if saved is None:
            by_id("t-progress-text").textContent = _("No tournament shown.")
            by_id("standings").hidden = by_id("crosstable").hidden = True
            by_id("t-continue").disabled = True
            document.body.dataset.tournament = "none"
            return
        tournament = saved.tournament
        done, total = len(tournament.results), tournament.total_games()
        progress = by_id("t-progress")
        progress.max = max(total, 1)
        progress.value = done
        if tournament.finished():
            state = ngettext("Saved tournament of %(date)s: finished, %(count)d game.",
                             "Saved tournament of %(date)s: finished, %(count)d games.", total) % {
                "date": saved.date, "count": total}
        else:
            state = ngettext("Saved tournament of %(date)s: stopped after %(done)d of %(count)d games.",
                             "Saved tournament of %(date)s: stopped after %(done)d of %(count)d games.", total) % {
                "date": saved.date, "done": done, "count": total}
        if checking:
            state += " " + _("Checking its games…")
        by_id("t-progress-text").textContent = state
        by_id("t-continue").disabled = checking or tournament.finished()
        by_id("t-board-box").hidden = True
        document.body.dataset.tournament = "checking" if checking else "saved"
        if checking:
            render_standings(tournament)
            render_crosstable(tournament)

    def show(self, run):
        if run is not self.run or self.kept.shown is None or self.kept.shown.tournament is not run.tournament:
            return
        tournament = run.tournament
        done = len(tournament.results)
        total = tournament.total_games()
        progress = by_id("t-progress")
        progress.max = max(total, 1)
        progress.value = done
        counts = {"done": done, "count": total, "running": len(run.running)}
        # (the English says "games" for one too, as the page always has; other languages take their forms)
        if run.stopped:
            state = ngettext("Stopped after %(done)d of %(count)d games.", "Stopped after %(done)d of %(count)d games.",
                             total) % counts
        elif tournament.finished():
            state = ngettext("Finished: %(count)d games.", "Finished: %(count)d games.", total) % counts
        elif run.paused:
            state = ngettext("Paused after %(done)d of %(count)d games (%(running)d still running).",
                             "Paused after %(done)d of %(count)d games (%(running)d still running).", total) % counts
        else:
            state = ngettext("%(done)d of %(count)d games played, %(running)d running.",
                             "%(done)d of %(count)d games played, %(running)d running.", total) % counts
        if tournament.system == SWISS:
            state += " " + _("Round %(round)d of %(rounds)d.") % {"round": tournament.round,
                                                                   "rounds": tournament.rounds}
        by_id("t-progress-text").textContent = state
        active = not run.stopped and not tournament.finished()
        by_id("t-continue").disabled = True
        by_id("t-pause").disabled = not active
        by_id("t-pause").textContent = _("Resume") if run.paused else _("Pause")
        by_id("t-stop").disabled = not active
        document.body.dataset.tournament = "finished" if tournament.finished() else (
            "stopped" if run.stopped else "running")
        render_standings(tournament)
        render_crosstable(tournament)


def runtime_failure(clients):
    """Why the page could not hand the runtime to a sandbox (told by the page, not a bot), or None."""
    for client in clients:
        if client is not None and client.runtime_failure is not None:
            return client.runtime_failure
    return None


def render_standings(tournament):
    table = by_id("standings")
    table.hidden = False
    byes = ", ".join(_("%(player)s (round %(round)d)") % {"player": tournament.names[player], "round": r}
                     for r, player in tournament.byes)
    by_id("byes").textContent = (". " + _("Byes: %(players)s") % {"players": byes}) if byes else ""
    body = table.querySelector("tbody")
    clear(body)
    for row in tournament.standings():
        cells = [el("td", str(row["rank"])), el("th", row["name"], attrs={"scope": "row"})]
        for key in ("games", "wins", "draws", "losses", "forfeits", "points", "seeds"):
            cells.append(el("td", str(row[key])))
        body.appendChild(el("tr", children=cells))


# A crosstable cell's description, by its result (W, D, L): the letters stay (the CSV's too).
RESULT_LABELS = {"W": N_("%(player)s against %(opponent)s, game %(game)d as %(side)s: won %(score)s"),
                 "D": N_("%(player)s against %(opponent)s, game %(game)d as %(side)s: drew %(score)s"),
                 "L": N_("%(player)s against %(opponent)s, game %(game)d as %(side)s: lost %(score)s")}


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
                label = _(RESULT_LABELS[result["result"]]) % {
                    "player": names[i], "opponent": names[j], "game": result["game"] + 1,
                    "side": side_word(result["side"]), "score": result["score"]}
                if result["forfeit"]:
                    label += " " + _("by forfeit (%(reason)s)") % {
                        "reason": reason_text({"reason": result["forfeit"], "why": result["why"]})}
                if key:
                    node = el("a", text, cls="r-" + letter,
                              attrs={"href": "./replay.html#l=%s" % key, "aria-label": label, "title": label})
                else:
                    node = el("span", text, cls="r-" + letter, attrs={"title": label})
                cell.appendChild(node)
            row.appendChild(cell)
        body.appendChild(row)
