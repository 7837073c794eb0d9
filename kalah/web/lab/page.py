"""The bot lab page (lab.html): write a player, try it, run tournaments.

The page's Python (MicroPython) is the referee: it holds the games and the
tournament. Every player runs in a sandbox of its own, for one game only:
its own Pyodide in a worker inside a sandboxed iframe with an opaque origin
and no network (`kalah.web.lab.bot_sandbox`, static/js/bot-sandbox.js), asked
one move at a time (`kalah.web.lab.games.GameRunner`). Inside the sandbox a
bot's own deadline stops it at the move time limit; a bot the deadline
cannot reach is stopped here: past the limit plus SLACK_MS its sandbox is
closed and the bot forfeits on time. The page never waits on a player.

The modules of the page, by concern: lab_players (names and the saved
players), lab_editor (the code editor), lab_games (one game),
lab_tournament (tournaments and their tables), this module (the page's
settings, the try-game, storage of games, wiring).

The editor's text is kept under DRAFT_KEY as the student types, so a reload
loses nothing. A finished try-game that cannot be stored (browser storage
full) stays in the tab, listed under the game with the message.
"""

import json

from pyscript import document, window

from kalah.errors import KalahError
from kalah.history import StorageFull
from kalah.rules import SIDE_NAMES, SOUTH, find_rules
from kalah.notation import house_letter
from kalah.lab.tournament import SWISS, Tournament
from kalah.web.common.board_view import BoardView
from kalah.web.lab.bot_sandbox import SandboxClient, SandboxPool
from kalah.web.common.dom import Timer, by_id, clear, el, listen, missing, proxy, show_message
from kalah.web.lab.editor import Editor, error_line
from kalah.web.lab.games import GameRunner, seconds_text
from kalah.web.lab.players import LEVELS, MAX_NAME, MAX_SOURCE, REFERENCE, PlayerShelf, valid_name
from kalah.web.lab.tournament import TournamentRun, render_crosstable, render_standings

DRAFT_KEY = "kalah.lab.draft"
SETTINGS_KEY = "kalah.lab.settings"
TEMPLATES = ("select_move", "algorithm")
CHECK_DELAY_MS = 700     # the editor checks the code this long after the last key
BOARD_MS = 250           # a tournament's board is redrawn at most this often


def rules_name(houses, seeds):
    return find_rules("kalah(%d,%d)" % (houses, seeds)).name


def cores():
    count = window.navigator.hardwareConcurrency
    try:
        count = int(count)
    except (TypeError, ValueError):
        count = 2
    return max(1, min(count, 16))


# -- the page ------------------------------------------------------------------------
class LabPage:
    def __init__(self):
        from kalah.web.common import storage
        self.storage = storage
        self.store = storage.local_store()
        self.shelf = PlayerShelf(self.store)
        self.history = None
        self.editor = Editor(self.code_changed)
        self.checker = None
        self.check_timer = Timer(self.check_code)
        self.check_serial = 0
        self.draft_timer = Timer(self.save_draft)
        self.board_view = BoardView(by_id("board"), on_house=self.house_clicked)
        self.pool = SandboxPool()
        self.unsaved = []        # try-games the history could not store (kept in this tab)
        self.runner = None
        self.tournament_view = None
        self.board_runner = None
        self.board_timer = Timer(self.draw_tournament_board)
        self.run = None
        self.fill_settings()
        self.fill_players()
        self.wire()
        self.restore_draft()
        if self.shelf.problem:
            self.player_message(self.shelf.problem, problem=True)
        self.update_command()

    # -- small helpers -----------------------------------------------------
    def player_message(self, text, problem=False):
        show_message(by_id("player-message"), text, problem)

    def template(self, kind):
        with open("kalah/lab/templates/%s.py" % kind) as handle:
            return handle.read()

    # -- settings ------------------------------------------------------------
    def fill_settings(self):
        seeds, houses = by_id("seeds"), by_id("houses")
        for n in range(1, 13):
            seeds.appendChild(el("option", str(n), attrs={"value": n}))
        for m in range(1, 9):
            houses.appendChild(el("option", str(m), attrs={"value": m}))
        saved = {}
        text = self.store.get(SETTINGS_KEY)
        if text:
            try:
                saved = json.loads(text)
            except ValueError:
                saved = {}
        if not isinstance(saved, dict):
            saved = {}
        # Stored settings are checked like any input: out of range means the default.
        seeds.value = str(saved["seeds"] if saved.get("seeds") in range(1, 13) else 4)
        houses.value = str(saved["houses"] if saved.get("houses") in range(1, 9) else 6)
        for key, node in (("time", "time-limit"), ("delay", "move-delay")):
            if isinstance(saved.get(key), (int, float)):
                by_id(node).value = str(saved[key])
        if saved.get("show") is False:
            by_id("show-board").checked = False

    def settings(self):
        """(rules name, time limit s, delay ms, show board), or KalahError."""
        try:
            rules = rules_name(int(by_id("houses").value), int(by_id("seeds").value))
        except ValueError:
            raise KalahError("choose the houses and the seeds")
        time_limit = _number(by_id("time-limit").value, "The move time limit", 0.05, 60)
        delay = _number(by_id("move-delay").value, "The move delay", 0, 10)
        return rules, time_limit, int(delay * 1000), bool(by_id("show-board").checked)

    def settings_changed(self, event=None):
        node = by_id("settings-error")
        try:
            rules, time_limit, delay_ms, show = self.settings()
        except KalahError as error:
            node.textContent = str(error)
            return
        node.textContent = ""
        data = {"seeds": int(by_id("seeds").value), "houses": int(by_id("houses").value),
                "time": time_limit, "delay": delay_ms / 1000, "show": show}
        try:
            self.store[SETTINGS_KEY] = json.dumps(data)
        except StorageFull:
            pass
        self.update_command()

    # -- the players' lists ----------------------------------------------------
    def fill_players(self):
        saved = by_id("saved")
        clear(saved)
        names = self.shelf.names()
        if not names:
            saved.appendChild(el("option", "(none yet)", attrs={"value": ""}))
        for name in names:
            saved.appendChild(el("option", name, attrs={"value": name}))
        opponent = by_id("opponent")
        chosen = str(opponent.value) if opponent.value else "itself"
        clear(opponent)
        opponent.appendChild(el("option", "Itself", attrs={"value": "itself"}))
        opponent.appendChild(el("option", "A person (you click the houses)", attrs={"value": "person"}))
        group = el("optgroup", attrs={"label": "Reference players"})
        for name in REFERENCE:
            group.appendChild(el("option", _reference_label(name), attrs={"value": "ai:" + name}))
        opponent.appendChild(group)
        group = el("optgroup", attrs={"label": "Our computer levels"})
        for name in LEVELS:
            group.appendChild(el("option", "Level " + name[5:], attrs={"value": "ai:" + name}))
        opponent.appendChild(group)
        if names:
            group = el("optgroup", attrs={"label": "Saved players"})
            for name in names:
                group.appendChild(el("option", name, attrs={"value": "saved:" + name}))
            opponent.appendChild(group)
        opponent.value = chosen
        if not opponent.value:
            opponent.value = "itself"
        self.fill_entrants()

    def fill_entrants(self):
        box = by_id("entrants")
        checked = {}
        for node in box.querySelectorAll("input"):
            checked[str(node.value)] = bool(node.checked)
        for node in box.querySelectorAll(".entrant-group"):
            node.remove()
        groups = (("Saved players", ["saved:" + n for n in self.shelf.names()]),
                  ("Reference players", ["ai:" + n for n in REFERENCE]),
                  ("Our levels", ["ai:" + n for n in LEVELS]))
        for title, values in groups:
            if not values:
                continue
            group = el("div", cls="entrant-group", attrs={"role": "group", "aria-label": title})
            group.appendChild(el("span", title, cls="group-title"))
            for value in values:
                name = value.split(":", 1)[1]
                box_input = el("input", attrs={"type": "checkbox", "value": value, "name": "entrant"})
                box_input.checked = checked.get(value, False)
                label = el("label", cls="choice", children=[box_input])
                label.appendChild(document.createTextNode(" " + name))
                group.appendChild(label)
            box.appendChild(group)

    # -- editing, saving, files -----------------------------------------------------
    def restore_draft(self):
        text = self.store.get(DRAFT_KEY)
        draft = None
        if text:
            try:
                draft = json.loads(text)
            except ValueError:
                draft = None
        if isinstance(draft, dict) and isinstance(draft.get("source"), str):
            by_id("player-name").value = str(draft.get("name") or "my_player")[:MAX_NAME]
            self.editor.set_text(draft["source"])
        else:
            self.editor.set_text(self.template("select_move"))
        self.check_timer.start(10)

    def save_draft(self):
        try:
            self.store[DRAFT_KEY] = json.dumps({"name": str(by_id("player-name").value), "source": self.editor.text})
        except StorageFull:
            self.player_message("Browser storage is full: export your player (.py) so as not to lose it.", True)

    def code_changed(self):
        self.draft_timer.start(300)
        self.check_timer.start(CHECK_DELAY_MS)

    def check_code(self):
        """Ask a worker to compile the code; show an error at its line."""
        if self.checker is None or self.checker.failure is not None:
            self.checker = SandboxClient()
        self.check_serial += 1
        serial = self.check_serial
        source = self.editor.text
        name = str(by_id("player-name").value).strip() or "bot"

        def checked(data):
            if serial != self.check_serial:
                return   # the code changed meanwhile
            if data.get("ok"):
                show_message(by_id("code-error"), "")
                self.editor.mark_error(None)
                by_id("code").removeAttribute("aria-invalid")
            else:
                show_message(by_id("code-error"), data.get("message") or "the code does not load")
                self.editor.mark_error(data.get("line"))
                by_id("code").setAttribute("aria-invalid", "true")

        def failed(message):
            by_id("code-error").textContent = "The code could not be checked: %s" % message

        if self.checker.busy():
            # A file that loops while loading must not hold the checker: a new sandbox.
            self.checker.terminate()
            self.checker = SandboxClient()
        self.checker.call("kalah.lab.worker_api:check", {"source": source, "name": name}, checked, None, failed)

    def save_player(self, event=None):
        try:
            name = valid_name(str(by_id("player-name").value))
            source = self.editor.text
            if len(source) > MAX_SOURCE:
                raise KalahError("the file is longer than %d characters" % MAX_SOURCE)
            self.shelf.save(name, source)
        except KalahError as error:
            self.player_message("Not saved: %s." % error, True)
            return
        except StorageFull:
            self.player_message("Not saved: browser storage is full. Export the player (.py) or delete old games "
                                "on the History page.", True)
            return
        by_id("player-name").value = name
        self.fill_players()
        by_id("saved").value = name
        self.player_message("Saved %s in this browser." % name)

    def keeps_unsaved_work(self, what):
        """False when the editor holds work that is neither saved nor a template
        and the student does not want `what` to replace it."""
        text = self.editor.text
        name = str(by_id("player-name").value).strip()
        if not text.strip() or text in [self.template(kind) for kind in TEMPLATES]:
            return True
        if name in self.shelf.players and self.shelf.source(name) == text:
            return True
        return bool(window.confirm("Replace the code in the editor with %s? Its changes are not saved: "
                                   "Cancel, then Save or Export them to keep them." % what))

    def open_player(self, event=None):
        name = str(by_id("saved").value)
        if not name:
            self.player_message("No saved player to open yet: write one and press Save.", True)
            return
        if not self.keeps_unsaved_work(name):
            return
        self.editor.set_text(self.shelf.source(name))
        by_id("player-name").value = name
        self.save_draft()
        self.check_timer.start(10)
        self.player_message("Opened %s." % name)

    def delete_player(self, event=None):
        name = str(by_id("saved").value)
        if not name:
            return
        if not window.confirm("Delete the saved player %s? Export it first to keep a copy." % name):
            return
        try:
            self.shelf.delete(name)
        except StorageFull:
            self.player_message("Could not delete: browser storage refused the change.", True)
            return
        self.fill_players()
        self.player_message("Deleted %s; the editor still holds its code." % name)

    def new_from_template(self, kind):
        if not self.keeps_unsaved_work("the %s template" % kind):
            return
        self.editor.set_text(self.template(kind))
        self.save_draft()
        self.check_timer.start(10)
        self.player_message("A new player from the %s template." % kind)

    def export_player(self, event=None):
        from kalah.web.common.files import download
        name = str(by_id("player-name").value).strip() or "player"
        safe = "".join(c if (c.isalpha() or c.isdigit() or c in "_-") else "_" for c in name)
        download(self.editor.text, "text/x-python", safe + ".py")
        self.player_message("Exported %s.py." % safe)

    def import_player(self, event):
        files = event.target.files
        if missing(files) or files.length == 0:
            return
        handle = files.item(0)
        file_name = str(handle.name)
        if int(handle.size) > MAX_SOURCE:
            self.player_message("%s is too large for a player (more than %d characters)." % (file_name, MAX_SOURCE), True)
            return

        def loaded(text):
            text = str(text)
            event.target.value = ""
            if "\x00" in text:
                self.player_message("%s is not a text file." % file_name, True)
                return
            if not self.keeps_unsaved_work(file_name):
                return
            self.editor.set_text(text.replace("\r\n", "\n"))
            stem = file_name[:-3] if file_name.endswith(".py") else file_name
            by_id("player-name").value = stem[:MAX_NAME]
            self.save_draft()
            self.check_timer.start(10)
            self.player_message("Imported %s: press Save to keep it under its name." % file_name)

        handle.text().then(proxy(loaded))

    # -- trying a player ---------------------------------------------------------------
    def my_spec(self):
        name = str(by_id("player-name").value).strip() or "my_player"
        return {"name": name, "source": self.editor.text}

    def opponent_spec(self, mine):
        value = str(by_id("opponent").value)
        if value == "itself":
            return {"name": mine["name"] + " (2)", "source": mine["source"]}
        if value == "person":
            return None
        kind, name = value.split(":", 1)
        if kind == "ai":
            return {"name": name, "ai": name}
        return {"name": name, "source": self.shelf.source(name)}

    def play(self, event=None):
        try:
            rules, time_limit, delay_ms, show = self.settings()
        except KalahError as error:
            by_id("game-status").textContent = "Cannot start: %s." % error
            return
        if self.runner is not None:
            self.runner.stop()
        mine = self.my_spec()
        other = self.opponent_spec(mine)
        seat = int(by_id("seat").value)
        specs = [mine, other] if seat == SOUTH else [other, mine]
        self.person_side = None if other is not None else 1 - seat
        self.show_board = show or self.person_side is not None
        clients = [self.pool.take() if spec is not None else None for spec in specs]
        self.runner = GameRunner(clients, specs, rules, time_limit, (1, 2), delay_ms, on_move=self.try_moved,
                                 on_end=self.try_ended, on_wait=self.person_turn,
                                 on_ready=lambda runner, side: self.try_ready())
        self.pool.fill(2)     # the next game's players start meanwhile
        by_id("forfeit").hidden = True
        by_id("game-replay").hidden = True
        by_id("game-message").textContent = ""
        by_id("board").hidden = not self.show_board
        by_id("stop").disabled = False
        self.render_try()
        if not all(client.is_ready() for client in clients if client is not None):
            by_id("game-status").textContent = "Starting Python for the players (a few seconds)…"
        else:
            self.try_ready()
        self.runner.start()

    def try_ready(self, timings=None):
        runner = self.runner
        if runner is not None and not runner.stopped and not runner.game.is_over():
            side = runner.game.turn
            by_id("game-status").textContent = "%s (%s) to move." % (runner.game.names[side], SIDE_NAMES[side])

    def render_try(self, report=None):
        runner = self.runner
        board = runner.game.board
        if self.show_board:
            legal = board.legal_moves if runner.waiting_for_person() else ()
            last = None
            if board.ply() and not board.forfeited():
                last = (1 - board.turn if board.turn is not None else None, board.move_stack[-1])
                if report is not None:
                    last = (report.side, report.move)
            labels = ("South · %s" % runner.game.names[0], "North · %s" % runner.game.names[1])
            self.board_view.render(board.rules, board.pits, board.turn, legal,
                                   last if last and last[0] is not None else None, labels=labels,
                                   you=self.person_side)

    def try_moved(self, runner, report):
        if runner is not self.runner:
            return
        self.render_try(report)
        game = runner.game
        if not game.is_over():
            side = game.turn
            name = game.names[side]
            text = "%s (%s) to move." % (name, SIDE_NAMES[side])
            if report is not None:
                played = "%s played %s" % (game.names[report.side], house_letter(report.side, report.move))
                if runner.depth and runner.specs[report.side] is not None:
                    played += " (lookahead %d)" % runner.depth if runner.specs[report.side].get("source") \
                        else " (depth %d)" % runner.depth
                text = played + ". " + text
            by_id("game-status").textContent = text

    def person_turn(self, runner, side):
        if runner is not self.runner:
            return
        self.render_try()
        by_id("game-status").textContent = "Your move (%s): click a house." % SIDE_NAMES[side]
        self.board_view.focus()

    def house_clicked(self, side, house):
        runner = self.runner
        if runner is None or not runner.waiting_for_person():
            by_id("game-message").textContent = "Wait for your turn." if runner else "Start a game first."
            return
        if side != runner.game.turn:
            by_id("game-message").textContent = "That house is not yours: play a house on the %s row." % (
                SIDE_NAMES[runner.game.turn])
            return
        try:
            runner.person_move(house)
            by_id("game-message").textContent = ""
        except KalahError as error:
            by_id("game-message").textContent = str(error)

    def try_ended(self, runner):
        if runner is not self.runner:
            return
        by_id("stop").disabled = True
        game = runner.game
        self.render_try()
        by_id("game-status").textContent = game.describe()
        if game.forfeit:
            forfeit = game.forfeit
            by_id("forfeit").hidden = False
            by_id("forfeit-reason").textContent = "%s forfeits: %s (%s)." % (
                game.names[forfeit["side"]], forfeit["reason"], forfeit["kind"])
            trace = by_id("forfeit-traceback")
            trace.textContent = forfeit.get("traceback") or ""
            trace.hidden = not forfeit.get("traceback")
            line = error_line(forfeit.get("traceback"), game.names[forfeit["side"]])
            if line is not None and runner.specs[forfeit["side"]] is not None \
                    and runner.specs[forfeit["side"]].get("source") == self.editor.text:
                self.editor.mark_error(line, "run")     # the editor's code raised: show where
        key = self.store_game(game, {"source": "lab"})
        if key:
            link = by_id("game-replay")
            link.href = "./replay.html#l=%s" % key
            link.hidden = False
        else:
            self.keep_in_tab(game)

    def keep_in_tab(self, game):
        """A try-game the history could not store: kept here, listed with the
        message next to it and a download, so that it is not lost."""
        record = game.record({"source": "lab"})
        self.unsaved.append(record)
        by_id("unsaved").hidden = False
        count = len(self.unsaved)
        by_id("unsaved-message").textContent = (
            "Browser storage is full, so %s not stored in the history: %s kept in this tab only until you "
            "leave the page. Download %s, or delete old games on the History page." % (
                "this game is" if count == 1 else "these %d games are" % count,
                "it is" if count == 1 else "they are", "it" if count == 1 else "them"))
        button = el("button", "Download (.json)", attrs={"type": "button"})
        number = count
        listen(button, "click", lambda event: self.download_unsaved(number - 1))
        by_id("unsaved-games").appendChild(el("li", children=[
            el("span", "%s " % game.describe()), button]))

    def download_unsaved(self, index):
        from kalah.web.common.files import download
        download(self.unsaved[index].to_json() + "\n", "application/json", "lab-game-%d.json" % (index + 1))

    def stop_game(self, event=None):
        if self.runner is not None and not self.runner.game.is_over():
            self.runner.stop()
            by_id("game-status").textContent = "Game stopped."
        by_id("stop").disabled = True

    # -- history ------------------------------------------------------------------------
    def store_game(self, game, meta):
        """Save a finished game in the history; its id, or None when storage is full."""
        record = game.record(meta)
        record.meta["id"] = self.storage.new_game_id()
        record.meta["date"] = self.storage.iso_now()
        try:
            if self.history is None:
                self.history = self.storage.open_history()
            return self.history.save(record, self.storage.now_ms(), self.storage.tab_token())
        except StorageFull:
            if meta.get("source") == "lab-tournament":
                by_id("t-message").textContent = ("Browser storage is full: games are no longer stored in the "
                                                  "history. Delete old games on the History page.")
            return None

    # -- tournaments --------------------------------------------------------------------
    def entrant_specs(self):
        specs = []
        for node in by_id("entrants").querySelectorAll("input"):
            if not node.checked:
                continue
            kind, name = str(node.value).split(":", 1)
            if kind == "ai":
                specs.append({"name": name, "ai": name})
            else:
                specs.append({"name": name, "source": self.shelf.source(name)})
        return specs

    def tournament_options(self):
        system = str(by_id("system").value)
        rounds = None
        text = str(by_id("swiss-rounds").value).strip()
        if system == SWISS and text:
            rounds = int(_number(text, "Swiss rounds", 1, 30))
        seed = int(_number(str(by_id("tournament-seed").value) or "1", "The random seed", 0, 999999))
        return system, rounds, seed

    def update_command(self, event=None):
        """The command line that plays the same tournament (same players, seed, settings)."""
        try:
            rules, time_limit, delay_ms, show = self.settings()
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

    def start_tournament(self, event=None):
        message = by_id("t-message")
        try:
            rules, time_limit, delay_ms, show = self.settings()
            system, rounds, seed = self.tournament_options()
            specs = self.entrant_specs()
            tournament = Tournament(specs, system, rounds, seed)
        except KalahError as error:
            message.textContent = "Cannot start: %s." % error
            return
        if self.run is not None and not self.run.finished():
            self.run.stop()
        message.textContent = ""
        self.run = TournamentRun(self, specs, tournament, rules, time_limit, self.pool, cores())
        self.run.fill()

    def pause_tournament(self, event=None):
        if self.run is not None and not self.run.stopped:
            self.run.pause(not self.run.paused)

    def stop_tournament(self, event=None):
        if self.run is not None:
            self.run.stop()

    def show_tournament_board(self, runner):
        # Drawn at most every BOARD_MS, so that drawing never slows the games.
        self.board_runner = runner
        if not self.board_timer.pending:
            self.board_timer.start(BOARD_MS)

    def draw_tournament_board(self):
        runner = self.board_runner
        if runner is None or not by_id("show-board").checked:
            by_id("t-board-box").hidden = True
            return
        if self.tournament_view is None:
            self.tournament_view = BoardView(by_id("t-board"))
        game = runner.game
        board = game.board
        by_id("t-board-box").hidden = False
        by_id("t-board-title").textContent = "Game %d: %s (South) against %s (North), move %d" % (
            runner.tournament_game["id"] + 1, game.names[0], game.names[1], board.ply())
        self.tournament_view.render(board.rules, board.pits, board.turn, (),
                                    labels=("South · %s" % game.names[0], "North · %s" % game.names[1]))

    def show_tournament(self, run):
        if run is not self.run:
            return
        tournament = run.tournament
        done = len(tournament.results)
        total = tournament.total_games()
        progress = by_id("t-progress")
        progress.max = max(total, 1)
        progress.value = done
        if run.stopped:
            state = "Stopped after %d of %d games." % (done, total)
        elif tournament.finished():
            state = "Finished: %d games." % total
        elif run.paused:
            state = "Paused after %d of %d games (%d still running)." % (done, total, len(run.running))
        else:
            state = "%d of %d games played, %d running." % (done, total, len(run.running))
        if tournament.system == SWISS:
            state += " Round %d of %d." % (tournament.round, tournament.rounds)
        by_id("t-progress-text").textContent = state
        active = not run.stopped and not tournament.finished()
        by_id("t-pause").disabled = not active
        by_id("t-pause").textContent = "Resume" if run.paused else "Pause"
        by_id("t-stop").disabled = not active
        document.body.dataset.tournament = "finished" if tournament.finished() else (
            "stopped" if run.stopped else "running")
        render_standings(tournament)
        render_crosstable(tournament)

    # -- wiring ----------------------------------------------------------------------------
    def wire(self):
        listen(by_id("save"), "click", self.save_player)
        listen(by_id("open"), "click", self.open_player)
        listen(by_id("delete"), "click", self.delete_player)
        listen(by_id("export"), "click", self.export_player)
        listen(by_id("import"), "change", self.import_player)
        for kind in TEMPLATES:
            listen(by_id("template-" + kind), "click", self._template_handler(kind))
        listen(by_id("player-name"), "input", lambda event: self.code_changed())
        # A reload or a closed tab within the draft timer's delay keeps the latest edit too.
        listen(document.defaultView, "pagehide", lambda event: self.save_draft())
        listen(by_id("settings"), "change", self.settings_changed)
        listen(by_id("settings"), "input", self.settings_changed)
        listen(by_id("play"), "click", self.play)
        listen(by_id("stop"), "click", self.stop_game)
        listen(by_id("t-start"), "click", self.start_tournament)
        listen(by_id("t-pause"), "click", self.pause_tournament)
        listen(by_id("t-stop"), "click", self.stop_tournament)
        for node_id in ("entrants", "system", "swiss-rounds", "tournament-seed"):
            listen(by_id(node_id), "change", self.update_command)
        for node in document.querySelectorAll("[data-needs-python]"):
            node.disabled = False

    def _template_handler(self, kind):
        return lambda event: self.new_from_template(kind)


def _reference_label(name):
    return {"random": "Random", "first": "First legal house", "rightmost": "Right-most legal house (the reference player)",
            "greedy": "Greedy (most seeds now)"}[name]


def _number(text, what, low, high):
    try:
        value = float(str(text).strip())
    except ValueError:
        raise KalahError("%s must be a number" % what)
    if not low <= value <= high:
        raise KalahError("%s must be between %g and %g" % (what, low, high))
    return value


PAGE = None


def main():
    global PAGE
    PAGE = LabPage()
    status = by_id("status")
    status.textContent = "Lab ready."
    status.hidden = True
    document.body.dataset.ready = "1"
