"""The play page (index.html): the board, the new-game panel, turns, undo/redo.

Start-up stays lean: the engine, the board view and storage load with the
page; the computer player's module is imported only after the board is
playable, and its runtime (Pyodide in a worker) starts only when a computer
plays or is chosen in the panel.

Other parts hook in with `PAGE.add_listener(listener)`: listener(session,
change, report) runs after every change ("new", "move", "undo", "redo",
"resign") with the GameSession (its `board`). The analysis panel lives in
<section id="analysis">.
"""

from pyscript import document, window

from kalah.errors import KalahError
from kalah.notation import move_text
from kalah.rules import NORTH, SIDE_NAMES, SOUTH, SWAP
from kalah.web import game_setup
from kalah.web.board_view import BoardView
from kalah.web.dom import Timer, by_id, clear, el, listen
from kalah.narration import describe_move
from kalah.web.game_setup import HUMAN, turn_text, why_not
from kalah.web.session import GameSession

try:
    from kalah.web import storage
except ImportError as error:  # the page still plays; reload-resume needs it
    storage = None
    window.console.warn("storage unavailable: %s" % error)

SPEED_SECONDS = dict(game_setup.SPEEDS)
AFTER_FIRST_PAINT_MS = 150  # extras (computer, analysis panel) wait until the board is on screen
WATCH_PAUSE_MS = {"fast": 150, "normal": 700, "slow": 1500}  # between two computers' moves


class PlayPage:
    def __init__(self):
        self.view = BoardView(by_id("board"), on_house=self.house_chosen)
        self.status = by_id("status")
        self.message = by_id("message")
        self.thinking = by_id("thinking")
        self.form = by_id("new-game-form")
        self.panel = by_id("new-game")
        self.listeners = []
        self.session = None
        self.orientation = SOUTH
        self.computer = None          # the kalah.web.computer module once imported
        self.computer_failed = None   # why it could not be imported
        self.request = None           # the pending computer move
        self.speed = "normal"
        self.paused = False           # computer against computer, stopped by the player
        self._computer_timer = Timer(self._computer_turn)
        self._import_timer = Timer(self._import_computer)
        self._panel_filled = False    # the panel's choices are made when it first opens
        self._wire_controls()
        self._panel_toggled()         # opened before Python was ready

    # -- hooks for other parts --------------------------------------------
    def add_listener(self, listener):
        self.listeners.append(listener)

    def _changed(self, session, change, report):
        for listener in self.listeners:
            try:
                listener(session, change, report)
            except Exception as error:  # a broken panel must not stop the game
                window.console.warn("listener failed: %s" % error)

    # -- games --------------------------------------------------------------
    def start(self):
        """Resume the game this tab was playing, else a new Kalah(6,4) between people."""
        session = None
        if storage is not None:
            try:
                record = storage.resume_game()
                if record is not None:
                    session = GameSession.from_record(record)
            except Exception as error:  # a damaged record must not stop the page
                self.say("The saved game could not be resumed (%s); a new game starts." % error)
        resumed = session is not None
        if session is None:
            session = GameSession()
        self.begin(session, save=not resumed)
        if resumed:
            self.say("Your game is back where you left it. " + turn_text(session.board, session.players))
        self._import_timer.start(AFTER_FIRST_PAINT_MS)

    def begin(self, session, save=True):
        self.cancel_computer()
        self.paused = False
        self.session = session
        session.add_listener(self._changed)
        human = session.human_seat()
        if human is not None:
            self.orientation = human
        self.refresh()
        if save:
            self.save()
        session.started()
        self._schedule_computer()

    def new_game_from_form(self):
        form = self.form
        try:
            family = form.elements["family"].value
            options = [box.value for box in form.querySelectorAll("input[name=option]:checked")]
            limit = None
            if not by_id("limit-choices").disabled:
                text = str(form.elements["limit"].value).strip()
                if not text.isdigit():
                    raise KalahError("the move limit must be a whole number of plies, not '%s'" % text[:20])
                limit = int(text)
            rules = game_setup.rules_from_choices(
                family, int(form.elements["houses"].value), int(form.elements["seeds"].value), options, limit)
            players = (form.elements["south"].value, form.elements["north"].value)
            for player in players:
                if game_setup.is_computer(player) and self.computer is None:
                    raise KalahError("the computer is not available yet: %s" % (
                        self.computer_failed or "it is still loading, try again in a moment"))
            first = NORTH if form.elements["first"].value == "north" else SOUTH
            session = GameSession(rules, players, first=first)
        except (KalahError, ValueError) as error:
            by_id("new-game-error").textContent = "Cannot start this game: %s." % error
            return
        by_id("new-game-error").textContent = ""
        self.speed = form.elements["speed"].value
        if storage is not None:
            storage.forget_tab_game()
        self.panel.open = False
        self.begin(session)
        self.say("New game: %s. %s" % (rules.name, turn_text(session.board, session.players)))
        self.view.focus()

    def save(self):
        if storage is None:
            return
        try:
            problem = storage.save_game(self.session.to_record())
        except Exception as error:  # never lose the game on the board over storage
            problem = "The game could not be saved (%s)." % error
        if problem:
            by_id("storage-message").textContent = problem

    # -- moves --------------------------------------------------------------
    def house_chosen(self, side, house):
        session = self.session
        if session is None:
            return
        board = session.board
        if board.turn is not None and session.computer_to_move():
            self.say("Please wait: it is the computer's turn (%s)." % SIDE_NAMES[board.turn])
            return
        reason = why_not(board, side, house)
        if reason is not None:
            self.say(reason)
            return
        self.play(house)

    def play(self, move):
        report = self.session.play(move)
        self.save()
        self.view.animate(report, lambda: self.after_move(report))

    def after_move(self, report):
        self.refresh()
        self.say(" ".join(describe_move(self.session.board.rules, report)) + self._next_turn_sentence())
        self._schedule_computer()

    def _next_turn_sentence(self):
        board = self.session.board
        if board.turn is None:
            return ""
        return " " + turn_text(board, self.session.players)

    def undo(self):
        self.cancel_computer()
        if self.view.animating:
            return
        batch = self.session.undo()
        if batch:
            self.save()
            self.refresh()
            self.say("Took back %s. %s" % (self._moves_words(batch), turn_text(self.session.board, self.session.players)))
        self._schedule_computer()

    def redo(self):
        self.cancel_computer()
        batch = self.session.redo_stack[-1] if self.session.redo_stack else None
        if batch is None:
            return
        self.session.redo()
        self.save()
        self.refresh()
        self.say("Played again %s. %s" % (self._moves_words(batch), turn_text(self.session.board, self.session.players)))
        self._schedule_computer()

    def _moves_words(self, batch):
        words = []
        for side, move in batch:
            words.append("%s's resignation" % SIDE_NAMES[side] if move is None
                         else "%s %s" % (SIDE_NAMES[side], move_text(side, move)))
        return ", ".join(words)

    def swap(self):
        if self.session.board.can_swap and not self.session.computer_to_move():
            self.play(SWAP)

    def resign(self):
        session = self.session
        if session.board.turn is None or session.computer_to_move():
            return
        self.cancel_computer()
        outcome = session.resign()
        self.save()
        self.refresh()
        self.say(game_setup.describe_outcome(outcome))

    def flip(self):
        self.orientation = 1 - self.orientation
        self.refresh()

    # -- drawing --------------------------------------------------------------
    def refresh(self):
        session = self.session
        board = session.board
        you = session.human_seat()
        if you is None and not session.has_computer():
            you = board.turn
        self.view.render(board.rules, board.pits, board.turn, board.legal_moves,
                         last_move=session.last_move(), orientation=self.orientation,
                         labels=game_setup.seat_labels(session.players, board.swapped), you=you)
        self.status.textContent = turn_text(board, session.players)
        self.status.className = "status" + (" over" if board.turn is None else "")
        by_id("rules-name").textContent = board.rules.name
        people_turn = board.turn is not None and not session.computer_to_move()
        self._enable("undo", session.can_undo())
        self._enable("redo", session.can_redo())
        self._enable("resign", people_turn)
        swap = by_id("swap")
        swap.hidden = not (board.can_swap and people_turn)
        pause = by_id("pause")
        pause.hidden = not session.only_computers()
        pause.disabled = board.turn is None
        pause.textContent = "Go on" if self.paused else "Pause"
        pause.setAttribute("aria-pressed", "true" if self.paused else "false")

    def _enable(self, button_id, enabled):
        by_id(button_id).disabled = not enabled

    def say(self, text):
        """The polite live region: what a move did, or why nothing happened."""
        self.message.textContent = text

    # -- the computer -----------------------------------------------------
    def _import_computer(self):
        if self.computer is not None or self.computer_failed is not None:
            return
        try:
            from kalah.web import computer
            self.computer = computer
        except Exception as error:
            self.computer_failed = "the computer player could not load (%s)" % error
        self._label_computer_options()
        if self.session is not None and self.session.has_computer():
            self._preload()
        self._schedule_computer()

    def _preload(self):
        if self.computer is not None:
            try:
                self.computer.preload()
            except Exception as error:
                window.console.warn("computer preload failed: %s" % error)

    def _label_computer_options(self):
        if not self._panel_filled:
            return
        for option in self.form.querySelectorAll("option.computer"):
            title = game_setup.player_title(option.value)
            if self.computer is None:
                option.textContent = title + (" (unavailable)" if self.computer_failed else " (loading)")
                option.disabled = True
            else:
                option.textContent = title
                option.disabled = False

    def _schedule_computer(self):
        session = self.session
        if session is None or not session.computer_to_move() or self.request is not None:
            return
        if self.computer is None:
            self.thinking.textContent = ("The computer cannot play: %s." % self.computer_failed
                                         if self.computer_failed else "The computer is loading\u2026")
            return
        if session.only_computers() and self.paused:
            return
        pause = WATCH_PAUSE_MS[self.speed] if session.only_computers() else 0
        self._computer_timer.start(pause)

    def toggle_pause(self):
        """Computer against computer: stop after the move in progress, or go on."""
        self.paused = not self.paused
        if self.paused:
            self._computer_timer.stop()
            self.say("Paused: the computers stop after the move in progress.")
        else:
            self.say("Going on.")
            self._schedule_computer()
        self.refresh()

    def _computer_turn(self):
        session = self.session
        if session is None or not session.computer_to_move() or self.request is not None or self.view.animating:
            return
        board = session.board
        player = session.player_to_move()
        self.thinking.textContent = "%s is thinking\u2026" % game_setup.player_title(player)
        expected = session

        def done(move):
            if self.session is not expected:
                return
            self.request = None
            self.thinking.textContent = ""
            self.play(move)

        def failed(message):
            if self.session is not expected:
                return
            self.request = None
            self.thinking.textContent = ""
            session.resign(reason="the computer could not move: %s" % message)
            self.save()
            self.refresh()
            self.say(game_setup.describe_outcome(session.board.outcome()))

        try:
            self.request = self.computer.request_move(board, player, SPEED_SECONDS[self.speed],
                                                      self._progress, done, failed)
        except Exception as error:
            failed(str(error))

    def _progress(self, info):
        if info.get("loading"):
            self.thinking.textContent = "Starting the computer player (a few seconds the first time)\u2026"
        elif "depth" in info:
            self.thinking.textContent = "Thinking\u2026 depth %s" % info["depth"]

    def cancel_computer(self):
        self._computer_timer.stop()
        if self.request is not None:
            self.request.cancel()
            self.request = None
        self.thinking.textContent = ""

    # -- the panel and the buttons -----------------------------------------
    def _panel_toggled(self, *args):
        if self.panel.open and not self._panel_filled:
            self._fill_panel()

    def _fill_panel(self):
        self._panel_filled = True
        form = self.form
        families = by_id("family-choices")
        clear(families)
        for family, title in game_setup.family_choices():
            box = el("input", attrs={"type": "radio", "name": "family", "value": family})
            if family == "kalah":
                box.checked = True
            families.appendChild(el("label", cls="choice", children=[box, el("span", " " + title)]))
        self._fill_select(form.elements["houses"], [(str(n), str(n)) for n in game_setup.HOUSE_CHOICES], "6")
        self._fill_select(form.elements["seeds"], [(str(n), str(n)) for n in game_setup.SEED_CHOICES], "4")
        for seat in ("south", "north"):
            select = form.elements[seat]
            clear(select)
            select.appendChild(el("option", "Person", attrs={"value": HUMAN}))
            group = el("optgroup", attrs={"label": "Computer"})
            for name in game_setup.COMPUTER_PLAYERS:
                group.appendChild(el("option", game_setup.player_title(name),
                                     cls="computer", attrs={"value": name}))
            select.appendChild(group)
        self._label_computer_options()
        self._fill_select(form.elements["speed"], [(name, "%s (%g s a move)" % (name, seconds))
                                                   for name, seconds in game_setup.SPEEDS], "normal")
        self._family_changed()

    def _fill_select(self, select, choices, selected):
        clear(select)
        for value, text in choices:
            option = el("option", text, attrs={"value": value})
            if value == selected:
                option.selected = True
            select.appendChild(option)

    def _family_changed(self, *args):
        family = self.form.elements["family"].value
        sized = game_setup.takes_size(family)
        by_id("size-choices").disabled = not sized
        limit = game_setup.default_move_limit(family)
        by_id("limit-choices").disabled = limit is None
        if limit is not None and not str(self.form.elements["limit"].value).strip():
            self.form.elements["limit"].value = str(limit)
        allowed = game_setup.family_options(family)
        for box in self.form.querySelectorAll("input[name=option]"):
            box.disabled = box.value not in allowed
            if box.disabled:
                box.checked = False

    def _player_changed(self, *args):
        form = self.form
        if game_setup.is_computer(form.elements["south"].value) or game_setup.is_computer(form.elements["north"].value):
            self._preload()

    def _wire_controls(self):
        listen(self.panel, "toggle", self._panel_toggled)
        listen(self.form, "submit", self._submit)
        listen(by_id("family-choices"), "change", self._family_changed)
        listen(self.form.elements["south"], "change", self._player_changed)
        listen(self.form.elements["north"], "change", self._player_changed)
        listen(by_id("undo"), "click", lambda event: self.undo())
        listen(by_id("redo"), "click", lambda event: self.redo())
        listen(by_id("flip"), "click", lambda event: self.flip())
        listen(by_id("swap"), "click", lambda event: self.swap())
        listen(by_id("resign"), "click", lambda event: self.resign())
        listen(by_id("pause"), "click", lambda event: self.toggle_pause())
        listen(document.defaultView, "pagehide", lambda event: self.cancel_computer())

    def _submit(self, event):
        event.preventDefault()
        self.new_game_from_form()


PAGE = None


def main():
    global PAGE
    PAGE = PlayPage()
    for node in document.querySelectorAll("[data-needs-python]"):
        node.disabled = False
    PAGE.start()
    document.body.dataset.ready = "1"
    # After the board is painted: the analysis panel is extra, the game plays without it.
    global _ANALYSIS_TIMER
    _ANALYSIS_TIMER = Timer(_attach_analysis)
    _ANALYSIS_TIMER.start(AFTER_FIRST_PAINT_MS)


_ANALYSIS_TIMER = None


def _attach_analysis():
    try:  # the analysis panel (hints, review) is extra: the game plays without it
        from kalah.web import analysis_view
        analysis_view.attach(PAGE)
    except Exception as error:
        window.console.warn("analysis panel unavailable: %s" % error)
