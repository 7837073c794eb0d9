"""The play page (index.html): the board, the new-game panel, turns, undo/redo.

A first visit plays at once: you (South) against the computer at level 3,
with one line saying what to do. A preset link (kalah/library/presets.py,
`index.html#rules=kalah(6,3)&south=person&north=level3`) starts its game
instead; a reload resumes the tab's game.

Start-up stays lean: the engine, the board view and the presets load with
the page; storage (and the history and records behind it) only when there
is a game to resume or a move to save, the computer player's module after
the board is playable, and its runtime (Pyodide in a worker) only when a
computer plays or is chosen in the panel.

A computer that cannot start never decides a game: the game waits with the
reason and a Retry button, and nothing is scored.

Its parts, each reporting back through callbacks: turns.py (moves, undo,
redo, resigning), new_game.py (the new-game panel), preset_link.py (the
page's link), computer_turn.py (the computer's moves), drawing.py
(everything around the board), saving.py (saving and resuming), sharing.py
(links and embed code, loaded later), analysis_view.py (hints and review,
loaded later).

Other parts hook in with `PAGE.add_listener(listener)`: listener(session,
change, report) runs after every change ("new", "move", "undo", "redo",
"resign") with the GameSession (its `board`). The analysis panel lives in
<section id="analysis">.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from kalah.i18n import _
from kalah.library.presets import Preset
from kalah.game.rules import NORTH, SOUTH
from kalah.web.common import game_setup
from kalah.web.common.board_view import BoardView
from kalah.web.common.dom import Timer, by_id, listen, page_ready, show_message
from kalah.web.play import later
from kalah.web.play.computer_turn import ComputerTurn
from kalah.web.play.drawing import draw_controls, draw_game, show_problem
from kalah.web.play.new_game import NewGamePanel
from kalah.web.play.preset_link import linked_preset
from kalah.web.play.saving import GameSaver, anything_stored
from kalah.web.play.session import GameSession
from kalah.web.play.turns import Turns, sound, turn_sentence

AFTER_FIRST_PAINT_MS = 150  # extras (computer, analysis panel) wait until the board is on screen


class PlayPage:
    def __init__(self):
        self.view = BoardView(by_id("board"), on_house=lambda side, house: self.turns.house_chosen(side, house))
        self.view.on_step = sound
        self.message = by_id("message")
        self.listeners = []
        self.session = None
        self.orientation = SOUTH
        self.saver = GameSaver()
        self.computer = ComputerTurn(by_id("thinking"), lambda: self.view.animating,
                                     lambda move: self.turns.play(move), self._computer_cannot, self._computer_loaded)
        self.turns = Turns(self.view, self.computer, self.say, self.save, self.refresh)
        self._import_timer = Timer(self._after_first_paint)
        self._analysis_timer = Timer(_attach_analysis)
        self.panel = NewGamePanel(self._shown_game, self.computer.unavailable, self._start_from_panel,
                                  self._players_changed)
        self._wire_controls()

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
    def start(self, on_ready):
        """A preset link's game, else the game this tab was playing, else you against level 3;
        on_ready() once the board shows it. A fragment that is no link (the skip link's
        `#board`) is left alone; a bad link says why and loses nothing: the stored game resumes."""
        preset = linked_preset(game_on=False)
        if preset is not None:
            self.open_preset(preset)
        elif anything_stored():  # maybe a game to resume: storage's files first
            later.load(lambda: self._resume_or_new(on_ready))
            return
        else:
            self.begin(self._session_from(Preset()))
        self._shown(on_ready)

    def _shown(self, on_ready):
        """The game is on the board: the controls work from now on (a returning visit's, once storage's files came)."""
        for node in document.querySelectorAll("[data-needs-python]"):
            node.disabled = False
        draw_controls(self.session, self.computer.paused)
        on_ready()
        self._load_extras()

    def _load_extras(self):
        """The computer's modules wait for the first paint, unless the computer opens the game:
        then its first move (from the opening book, on this page) is what the person waits for,
        and they are fetched at once."""
        if self.session.computer_to_move():
            later.load(self._later_loaded)
        else:
            self._import_timer.start(AFTER_FIRST_PAINT_MS)

    def _resume_or_new(self, on_ready):
        if self.session is None:   # else a link followed while storage's files came: its game stays
            session, problem = self.saver.resume()
            if problem:
                self.say(problem)
            if session is not None:
                self.begin(session, save=False)
                self.say(_("Your game is back where you left it.") + " " + turn_sentence(self.session))
            else:
                self.begin(self._session_from(Preset()))
        self._shown(on_ready)

    def open_preset(self, preset):
        """Start the game a preset link describes. Opened during a game, the message line says
        the new game, not the last move of the old one."""
        self.computer.speed = preset.speed
        during_a_game = self.session is not None
        self.panel.show(preset, self.session.names if during_a_game else None)
        self.saver.new_game()
        self.begin(self._session_from(preset))
        if during_a_game:
            self._say_new_game()

    def _say_new_game(self):
        self.say(_("New game: %(game)s.") % {"game": game_setup.rules_title(self.session.board.rules)} + " " +
                 turn_sentence(self.session))

    def _session_from(self, preset, names=(None, None)):
        return GameSession(preset.rules, preset.players, first=preset.first, names=names)

    def begin(self, session, save=True):
        self.computer.cancel()
        self.computer.paused = False
        self.computer.problem = None
        self.session = session
        self.computer.session = session
        self.turns.session = session
        # The last game's share link or embed code would point at the old game.
        by_id("copy-box").hidden = True
        by_id("copy-text").value = ""
        session.add_listener(self._changed)
        human = session.human_seat()
        if human is not None:
            self.orientation = human
        elif not session.has_computer():
            self.orientation = SOUTH
        self.refresh()
        if save:
            self.save()
        session.started()
        if game_setup.needs_worker(session.players) and self.computer.module is not None:
            self.computer.preload(session.board)
        self.computer.schedule()

    def current_preset(self):
        session = self.session
        return Preset(session.board.rules, session.players, session.first, self.computer.speed)

    def _shown_game(self):
        return None if self.session is None else (self.current_preset(), self.session.names)

    def _start_from_panel(self, preset, names):
        self.computer.speed = preset.speed
        self.saver.new_game()
        self.panel.close()
        self.begin(self._session_from(preset, names))
        self._say_new_game()
        self._bring_game_into_view()
        self.view.focus()

    def _players_changed(self, players):
        if game_setup.needs_worker(players):
            self.computer.preload()

    def _bring_game_into_view(self):
        """Phones: the board and the status line on screen, not the panel the player left."""
        game = by_id("game")
        box = game.getBoundingClientRect()
        if box.top < 0 or box.top > window.innerHeight / 3:
            game.scrollIntoView(True)

    def save(self):
        self.saver.save(self.session)

    def flip(self):
        self.orientation = 1 - self.orientation
        self.refresh()

    # -- after the game -------------------------------------------------------
    def play_again(self, swap_sides=False):
        old = self.session
        players = old.players
        names = old.names
        if swap_sides:
            players = (players[NORTH], players[SOUTH])
            names = (names[NORTH], names[SOUTH])
        preset = Preset(old.board.rules, players, old.first, self.computer.speed)
        self.saver.new_game()
        self.begin(self._session_from(preset, names))
        self._say_new_game()
        self._bring_game_into_view()
        self.view.focus()

    def review(self):
        start = document.getElementById("review-start")
        if start is not None and str(start) not in ("null", "undefined") and not start.disabled:
            by_id("analysis").scrollIntoView(True)
            start.click()
            return
        later.load(lambda: window.location.assign(_sharing().share_url(self.session, self.orientation)))

    def copy(self, what, text_of):
        """Once the later modules are here: copy text_of(the sharing module) to the clipboard."""
        def copy():
            text = text_of(_sharing())
            if text is not None:
                _sharing().copy(text, what)
                self.say("%s copied." % what)
        later.load(copy)

    def copy_share(self):
        self.copy(_("Share link"), lambda sharing: sharing.share_url(self.session, self.orientation))

    def copy_embed(self):
        self.copy(_("Embed code"), lambda sharing: sharing.embed_code(self.session, self.orientation))

    def copy_setup(self):
        def url(sharing):
            preset = self.panel.setup_preset()
            return None if preset is None else sharing.setup_url(preset)
        self.copy(_("Link to this setup"), url)

    # -- drawing --------------------------------------------------------------
    def refresh(self):
        draw_game(self.view, self.session, self.orientation, self.computer.paused, self.computer.problem)

    def _show_problem(self):
        show_problem(self.session, self.computer.problem)

    def say(self, text):
        """The polite live region: what a move did, or why nothing happened."""
        show_message(self.message, text)

    # -- the computer -----------------------------------------------------
    def _after_first_paint(self):
        later.load(self._later_loaded)

    def _later_loaded(self):
        self.saver.flush(self.session)
        self.computer.load()
        # The analysis panel after the computer's first move, when the computer opens.
        self._analysis_timer.start(AFTER_FIRST_PAINT_MS if self.computer.busy() else 0)

    def _computer_loaded(self):
        self.panel.label_computer_options()

    def _computer_cannot(self, message):
        self._show_problem()
        self.say(_("The computer could not move: %(why)s. Retry when you are ready.") % {"why": message})

    def retry_computer(self):
        self.computer.problem = None
        self._show_problem()
        if self.computer.retry():
            self.say(_("Trying again\u2026"))

    def toggle_pause(self):
        """Computer against computer: stop after the move in progress, or go on."""
        if self.computer.toggle_pause():
            self.say(_("Paused: the computers stop after the move in progress."))
        else:
            self.say(_("Going on."))
        self.refresh()

    # -- the buttons -------------------------------------------------------
    def _wire_controls(self):
        listen(by_id("undo"), "click", lambda event: self.turns.undo())
        listen(by_id("redo"), "click", lambda event: self.turns.redo())
        listen(by_id("flip"), "click", lambda event: self.flip())
        listen(by_id("swap"), "click", lambda event: self.turns.swap())
        listen(by_id("resign"), "click", lambda event: self.turns.resign())
        listen(by_id("pause"), "click", lambda event: self.toggle_pause())
        listen(by_id("share"), "click", lambda event: self.copy_share())
        listen(by_id("retry"), "click", lambda event: self.retry_computer())
        listen(by_id("play-again"), "click", lambda event: self.play_again())
        listen(by_id("swap-sides"), "click", lambda event: self.play_again(swap_sides=True))
        listen(by_id("review"), "click", lambda event: self.review())
        listen(by_id("share-end"), "click", lambda event: self.copy_share())
        listen(by_id("embed-end"), "click", lambda event: self.copy_embed())
        listen(by_id("copy-setup"), "click", lambda event: self.copy_setup())
        listen(document.defaultView, "hashchange", self._hash_changed)
        listen(document.defaultView, "pagehide", lambda event: self.computer.cancel())
        # Back from the back/forward cache, where pagehide had stopped the computer: it goes on.
        listen(document.defaultView, "pageshow", lambda event: event.persisted and self.computer.schedule())

    def _hash_changed(self, event):
        preset = linked_preset(game_on=True)
        if preset is not None:
            self.open_preset(preset)


def _sharing():
    """The sharing module (one of the later modules: call once later.load() is done)."""
    from kalah.web.play import sharing
    return sharing


PAGE = None


def main():
    """Start the page; returns a JS Promise settled once the board shows its game (the page's
    script awaits it, so that PyScript's py:all-done comes after a resumed game is back)."""
    global PAGE
    PAGE = PlayPage()
    settle = []
    promise = window.Promise.new(create_proxy(lambda resolve, reject: settle.append(resolve)))

    def ready():
        page_ready(loaded=False)
        settle[0](None)

    PAGE.start(ready)
    return promise


_analysis_attached = []


def _attach_analysis():
    """After the board is painted and the later modules are here (PlayPage._later_loaded)."""
    if _analysis_attached:
        return
    _analysis_attached.append(True)
    try:  # the analysis panel (hints, review) is extra: the game plays without it
        from kalah.web.play import analysis_view
        analysis_view.attach(PAGE)
    except Exception as error:
        window.console.warn("analysis panel unavailable: %s" % error)
