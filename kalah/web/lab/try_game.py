"""The bot lab's try-game: the player in the editor against itself, a person, a reference
player, a level or a saved player, on the page's board, one move at a time.

    TryGame(settings, editor, source_of, store_game, pool)
    # settings(): the lab's (rules, time limit, delay ms, show board), or KalahError
    # editor: the code editor (its text is the player; a forfeit's line is marked in it)
    # source_of(name): a saved player's code
    # store_game(game, meta): the finished game's key in the history, or None (storage full)

A finished game that cannot be stored stays in the tab, listed with a download.
"""

from kalah.errors import KalahError
from kalah.game.notation import house_letter
from kalah.game.rules import SOUTH
from kalah.i18n import _, ngettext, side_word, translated
from kalah.web.common.board_view import BoardView
from kalah.web.common.dom import by_id, el, listen
from kalah.web.lab.editor import error_line
from kalah.web.lab.games import GameRunner
from kalah.web.lab.lab_words import forfeit_text, game_text, to_move_text


class TryGame:
    def __init__(self, settings, editor, source_of, store_game, pool):
        self._settings = settings
        self._editor = editor
        self._source_of = source_of
        self._store_game = store_game
        self._pool = pool
        self.board_view = BoardView(by_id("board"), on_house=self.house_clicked)
        self.unsaved = []        # games the history could not store (kept in this tab)
        self.runner = None
        self.person_side = None
        self.show_board = False
        listen(by_id("play"), "click", self.start)
        listen(by_id("stop"), "click", self.stop)

    def my_spec(self):
        name = str(by_id("player-name").value).strip() or "my_player"
        return {"name": name, "source": self._editor.text}

    def opponent_spec(self, mine):
        value = str(by_id("opponent").value)
        if value == "itself":
            return {"name": mine["name"] + " (2)", "source": mine["source"]}
        if value == "person":
            return None
        kind, name = value.split(":", 1)
        if kind == "ai":
            return {"name": name, "ai": name}
        return {"name": name, "source": self._source_of(name)}

    def start(self, event=None):
        try:
            rules, time_limit, delay_ms, show = self._settings()
        except KalahError as error:
            by_id("game-status").textContent = _("Cannot start: %(reason)s.") % {"reason": translated(error)}
            return
        if self.runner is not None:
            self.runner.stop()
        mine = self.my_spec()
        other = self.opponent_spec(mine)
        seat = int(by_id("seat").value)
        specs = [mine, other] if seat == SOUTH else [other, mine]
        self.person_side = None if other is not None else 1 - seat
        self.show_board = show or self.person_side is not None
        clients = [self._pool.take() if spec is not None else None for spec in specs]
        self.runner = GameRunner(clients, specs, rules, time_limit, (1, 2), delay_ms, on_move=self.try_moved,
                                 on_end=self.try_ended, on_wait=self.person_turn,
                                 on_ready=lambda runner, side: self.try_ready())
        self._pool.fill(2)     # the next game's players start meanwhile
        by_id("forfeit").hidden = True
        by_id("game-replay").hidden = True
        by_id("game-message").textContent = ""
        by_id("board").hidden = not self.show_board
        by_id("stop").disabled = False
        self.render_try()
        if not all(client.is_ready() for client in clients if client is not None):
            by_id("game-status").textContent = _("Starting Python for the players (a few seconds)…")
        else:
            self.try_ready()
        self.runner.start()

    def try_ready(self, timings=None):
        runner = self.runner
        if runner is not None and not runner.stopped and not runner.game.is_over():
            side = runner.game.turn
            by_id("game-status").textContent = to_move_text(runner.game.names[side], side)

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
            labels = tuple("%s · %s" % (side_word(side), runner.game.names[side]) for side in (0, 1))
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
            text = to_move_text(name, side)
            if report is not None:
                parts = {"player": game.names[report.side], "house": house_letter(report.side, report.move),
                         "depth": runner.depth}
                if not runner.depth or runner.specs[report.side] is None:
                    played = _("%(player)s played %(house)s.") % parts
                elif runner.specs[report.side].get("source"):   # a student's player: its lookahead
                    played = _("%(player)s played %(house)s (lookahead %(depth)d).") % parts
                else:
                    played = _("%(player)s played %(house)s (depth %(depth)d).") % parts
                text = played + " " + text
            by_id("game-status").textContent = text

    def person_turn(self, runner, side):
        if runner is not self.runner:
            return
        self.render_try()
        by_id("game-status").textContent = _("Your move (%(side)s): click a house.") % {"side": side_word(side)}
        self.board_view.focus()

    def house_clicked(self, side, house):
        runner = self.runner
        if runner is None or not runner.waiting_for_person():
            by_id("game-message").textContent = _("Wait for your turn.") if runner else _("Start a game first.")
            return
        if side != runner.game.turn:
            by_id("game-message").textContent = _("That house is not yours: play a house on the %(side)s row.") % {
                "side": side_word(runner.game.turn)}
            return
        try:
            runner.person_move(house)
            by_id("game-message").textContent = ""
        except KalahError as error:
            by_id("game-message").textContent = translated(error)

    def try_ended(self, runner):
        if runner is not self.runner:
            return
        by_id("stop").disabled = True
        game = runner.game
        self.render_try()
        by_id("game-status").textContent = game_text(game)
        if game.forfeit:
            forfeit = game.forfeit
            by_id("forfeit").hidden = False
            by_id("forfeit-reason").textContent = forfeit_text(game.names[forfeit["side"]], forfeit)
            trace = by_id("forfeit-traceback")
            trace.textContent = forfeit.get("traceback") or ""
            trace.hidden = not forfeit.get("traceback")
            line = error_line(forfeit.get("traceback"), game.names[forfeit["side"]])
            if line is not None and runner.specs[forfeit["side"]] is not None \
                    and runner.specs[forfeit["side"]].get("source") == self._editor.text:
                self._editor.mark_error(line, "run")     # the editor's code raised: show where
        key = self._store_game(game, {"source": "lab"})
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
        by_id("unsaved-message").textContent = ngettext(
            "Browser storage is full, so this game is not stored in the history: it is kept in this tab only until "
            "you leave the page. Download it, or delete old games on the History page.",
            "Browser storage is full, so these games are not stored in the history: they are kept in this tab only "
            "until you leave the page. Download them, or delete old games on the History page.", count)
        button = el("button", _("Download (.json)"), attrs={"type": "button"})
        number = count
        listen(button, "click", lambda event: self.download_unsaved(number - 1))
        by_id("unsaved-games").appendChild(el("li", children=[
            el("span", "%s " % game_text(game)), button]))

    def download_unsaved(self, index):
        from kalah.web.common.files import download
        download(self.unsaved[index].to_json() + "\n", "application/json", "lab-game-%d.json" % (index + 1))

    def stop(self, event=None):
        if self.runner is not None and not self.runner.game.is_over():
            self.runner.stop()
            by_id("game-status").textContent = _("Game stopped.")
        by_id("stop").disabled = True
