"""The play page (index.html): the board, the new-game panel, turns, undo/redo.

A first visit plays at once: you (South) against the computer at level 3,
with one line saying what to do. A preset link (kalah/presets.py,
`index.html#rules=kalah(6,3)&south=person&north=level3`) starts its game
instead; a reload resumes the tab's game.

Start-up stays lean: the engine, the board view and the presets load with
the page; storage (and the history and records behind it) only when there
is a game to resume or a move to save, the computer player's module after
the board is playable, and its runtime (Pyodide in a worker) only when a
computer plays or is chosen in the panel.

A computer that cannot start never decides a game: the game waits with the
reason and a Retry button, and nothing is scored.

Other parts hook in with `PAGE.add_listener(listener)`: listener(session,
change, report) runs after every change ("new", "move", "undo", "redo",
"resign") with the GameSession (its `board`). The analysis panel lives in
<section id="analysis">.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from kalah.errors import KalahError
from kalah.notation import move_text
from kalah.presets import Preset, format_preset, is_preset, parse_preset
from kalah.rules import NORTH, SIDE_NAMES, SOUTH, SWAP
from kalah.web import game_setup, later
from kalah.web.board_view import BoardView
from kalah.web.dom import Timer, by_id, clear, el, listen
from kalah.narration import describe_move
from kalah.web.game_setup import HUMAN, turn_text, why_not
from kalah.web.session import GameSession

SPEED_SECONDS = dict(game_setup.SPEEDS)
AFTER_FIRST_PAINT_MS = 150  # extras (computer, analysis panel) wait until the board is on screen
WATCH_PAUSE_MS = {"fast": 150, "normal": 700, "slow": 1500}  # between two computers' moves
STORAGE_PREFIX = "kalah."  # every key the site writes starts so (kalah/history.py, storage.py)

_storage = None         # kalah.web.storage once imported (False: it could not load)


def storage():
    """kalah.web.storage once its files are here (kalah/web/later.py), else None."""
    global _storage
    if _storage is None and later.loaded():
        try:
            from kalah.web import storage as module
            _storage = module
        except ImportError as error:  # the page still plays; saving and resuming need it
            _storage = False
            window.console.warn("storage unavailable: %s" % error)
    return _storage or None


def anything_stored():
    """True when this browser holds a game this tab could resume (checked without Python imports)."""
    try:
        for area in (window.sessionStorage, window.localStorage):
            for i in range(area.length):
                if str(area.key(i)).startswith(STORAGE_PREFIX):
                    return True
    except Exception:  # storage blocked (privacy settings): nothing to resume
        return False
    return False


def site_base():
    href = str(window.location.href).split("#")[0]
    return href[:href.rfind("/") + 1]


class PlayPage:
    def __init__(self):
        self.view = BoardView(by_id("board"), on_house=self.house_chosen)
        self.view.on_step = _sound
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
        self.computer_problem = None  # why the computer could not move: the game waits
        self.request = None           # the pending computer move
        self.speed = "normal"
        self.paused = False           # computer against computer, stopped by the player
        self._computer_timer = Timer(self._computer_turn)
        self._import_timer = Timer(self._after_first_paint)
        self._analysis_timer = Timer(_attach_analysis)
        self._panel_filled = False    # the panel's choices are made when it first opens
        self._save_pending = False    # a move made before storage's files were here
        self._told = None             # (session, ply, side, sentences): the turn the message tells
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
    def start(self, on_ready):
        """A preset link's game, else the game this tab was playing, else you against level 3;
        on_ready() once the board shows it."""
        fragment = str(window.location.hash)
        if is_preset(fragment):
            self.open_preset(fragment)
        elif anything_stored():  # maybe a game to resume: storage's files first
            later.load(lambda: self._resume_or_new(on_ready))
            return
        else:
            self.begin(self._session_from(Preset()))
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
        session = self._resumed()
        if session is not None:
            self.begin(session, save=False)
            self.say("Your game is back where you left it. " + self.turn_sentence())
        else:
            self.begin(self._session_from(Preset()))
        on_ready()
        self._load_extras()

    def _resumed(self):
        if storage() is None:
            return None
        try:
            record = storage().resume_game()
            if record is not None:
                return GameSession.from_record(record)
        except Exception as error:  # a damaged record must not stop the page
            self.say("The saved game could not be resumed (%s); a new game starts." % error)
        return None

    def open_preset(self, fragment):
        """Start the game a preset link describes; a bad one is refused with the reason."""
        by_id("preset-error").textContent = ""
        try:
            preset = parse_preset(fragment)
        except KalahError as error:
            by_id("preset-error").textContent = (
                "This link's game cannot start: %s. Here is a new game instead." % error)
            preset = Preset()
        # The link did its work: a reload now resumes this game rather than restarting it.
        window.history.replaceState(None, "", str(window.location.href).split("#")[0])
        self.speed = preset.speed
        if self._panel_filled:
            self._show_choices(preset)
        self.forget_tab_game()
        self.begin(self._session_from(preset))

    def _session_from(self, preset, names=(None, None)):
        return GameSession(preset.rules, preset.players, first=preset.first, names=names)

    def begin(self, session, save=True):
        self.cancel_computer()
        self.paused = False
        self.computer_problem = None
        self.session = session
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
        if game_setup.needs_worker(session.players) and self.computer is not None:
            self._preload(session.board)
        self._schedule_computer()

    def current_preset(self):
        session = self.session
        return Preset(session.board.rules, session.players, session.first, self.speed)

    def new_game_from_form(self):
        try:
            preset, names = self._form_choices()
            for player in preset.players:
                if game_setup.is_computer(player) and self.computer is None and self.computer_failed:
                    raise KalahError("the computer is not available: %s" % self.computer_failed)
        except (KalahError, ValueError) as error:
            by_id("new-game-error").textContent = "Cannot start this game: %s." % error
            return
        by_id("new-game-error").textContent = ""
        self.speed = preset.speed
        self.forget_tab_game()
        self.panel.open = False
        self.begin(self._session_from(preset, names))
        self.say("New game: %s. %s" % (game_setup.rules_title(preset.rules), self.turn_sentence()))
        self._bring_game_into_view()
        self.view.focus()

    def _form_choices(self):
        """(Preset, (South's name, North's name)) from the new-game panel; KalahError if wrong."""
        form = self.form
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
        players = (str(form.elements["south"].value), str(form.elements["north"].value))
        first = NORTH if form.elements["first"].value == "north" else SOUTH
        names = []
        for seat, player in zip(("south", "north"), players):
            name = game_setup.clean_name(form.elements[seat + "_name"].value)
            names.append(name if name and player == HUMAN else None)
        return Preset(rules, players, first, str(form.elements["speed"].value)), tuple(names)

    def _bring_game_into_view(self):
        """Phones: the board and the status line on screen, not the panel the player left."""
        game = by_id("game")
        box = game.getBoundingClientRect()
        if box.top < 0 or box.top > window.innerHeight / 3:
            game.scrollIntoView(True)

    def forget_tab_game(self):
        if anything_stored():
            later.load(lambda: storage() and storage().forget_tab_game())

    def save(self):
        """Keep the game in the history; a game with no move yet is not worth an entry."""
        session = self.session
        if not session.has_moves() and "id" not in session.meta:
            return
        if not later.loaded() and later.failure() is None:
            self._save_pending = True  # saved as soon as storage's files are here
            return
        if storage() is None:
            return
        try:
            problem = storage().save_game(session.to_record())
        except Exception as error:  # never lose the game on the board over storage
            problem = "The game could not be saved (%s)." % error
        by_id("storage-message").textContent = problem or ""

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
        """Play a move in the game at once (data-position tells it); the view shows it seed by seed.

        The game runs ahead of the view: the computer starts on its reply while the
        sowing is drawn (an opening-book reply is there at once), and its move waits
        in the view's queue. Computer against computer waits for the view instead,
        so that the game can be watched.
        """
        session = self.session
        report = session.play(move)
        ply = len(session.board.move_stack)
        self.save()
        self.view.set_position(session.board.position())
        self.view.animate(report, lambda: self._move_shown(session, ply, report))
        if not session.only_computers():
            self._schedule_computer()

    def _move_shown(self, session, ply, report):
        """A move's sowing has been drawn: say what it did (with the rest of that side's turn
        before it: an extra turn is one turn); once the view has caught up, draw the game."""
        if session is not self.session:
            return  # a new game began meanwhile
        words = describe_move(session.board.rules, report)
        told = self._told
        if told is not None and told[0] is session and told[1] == ply - 1 and told[2] == report.side:
            words = told[3] + words
        self._told = (session, ply, report.side, words)
        if report.extra_turn:
            _sound("extra", 1)
        if self.view.animating:
            self.say(" ".join(words))  # more moves are still being drawn
            return
        self.refresh()
        self.say(" ".join(words) + self._next_turn_sentence())
        self._schedule_computer()

    def turn_sentence(self):
        session = self.session
        return turn_text(session.board, session.players, session.names)

    def _next_turn_sentence(self):
        if self.session.board.turn is None:
            return ""
        return " " + self.turn_sentence()

    def undo(self):
        self.cancel_computer()
        if self.view.animating:
            return
        batch = self.session.undo()
        if batch:
            self.computer_problem = None
            self.save()
            self.refresh()
            self.say("Took back %s. %s" % (self._moves_words(batch), self.turn_sentence()))
        self._schedule_computer()

    def redo(self):
        self.cancel_computer()
        batch = self.session.redo_stack[-1] if self.session.redo_stack else None
        if batch is None:
            return
        self.session.redo()
        self.save()
        self.refresh()
        self.say("Played again %s. %s" % (self._moves_words(batch), self.turn_sentence()))
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
        """The first click asks, the second (while the button asks) resigns; anything else
        that redraws the game (a move, undo, a new game) takes the question back."""
        session = self.session
        if session.board.turn is None or session.computer_to_move():
            return
        button = by_id("resign")
        if button.dataset.confirm != "1":
            button.dataset.confirm = "1"
            button.textContent = "Really resign?"
            self.say("Click “Really resign?” to give up this game; anything else goes on playing.")
            return
        self.cancel_computer()
        outcome = session.resign()
        self.save()
        self.refresh()
        self.say(game_setup.describe_outcome(outcome))

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
        preset = Preset(old.board.rules, players, old.first, self.speed)
        self.forget_tab_game()
        self.begin(self._session_from(preset, names))
        self.say("New game: %s. %s" % (game_setup.rules_title(preset.rules), self.turn_sentence()))
        self._bring_game_into_view()
        self.view.focus()

    def review(self):
        start = document.getElementById("review-start")
        if start is not None and str(start) not in ("null", "undefined") and not start.disabled:
            by_id("analysis").scrollIntoView(True)
            start.click()
            return
        later.load(lambda: window.location.assign(self.share_url()))

    def shared_record(self):
        """The game as a link carries it: the players' names, not this browser's ids."""
        from kalah.records import Record
        session = self.session
        record = session.to_record()
        names = [game_setup.seat_name(player, name) for player, name in zip(session.players, session.names)]
        return Record(record.rules, record.moves, names[SOUTH], names[NORTH], record.start, record.date,
                      record.forfeit)

    def share_url(self):
        from kalah.links import share_fragment
        return site_base() + "replay.html#" + share_fragment(self.shared_record(), None, self.orientation)

    def embed_snippet(self):
        from kalah.links import embed_fragment
        from kalah.web.embed_code import embed_snippet
        record = self.shared_record()
        url = site_base() + "embed.html#" + embed_fragment(record, None, self.orientation)
        names = self.session.seat_names()
        return embed_snippet(url, "Kalah game: %s vs %s" % names)

    def copy(self, text, what):
        """Copy to the clipboard, and show the text selected in case the browser refused."""
        from kalah.web.files import copy_to_clipboard
        box = by_id("copy-box")
        box.hidden = False
        by_id("copy-what").textContent = what + " (copied; if not, copy it from here)"
        field = by_id("copy-text")
        field.value = text
        field.focus()
        field.select()
        copy_to_clipboard(text)
        self.say("%s copied." % what)

    def copy_share(self):
        later.load(lambda: self.copy(self.share_url(), "Share link"))

    def copy_embed(self):
        later.load(lambda: self.copy(self.embed_snippet(), "Embed code"))

    def copy_setup(self):
        later.load(self._copy_setup)

    def _copy_setup(self):
        try:
            preset, _ = self._form_choices()
        except (KalahError, ValueError) as error:
            by_id("new-game-error").textContent = "Cannot make a link to this setup: %s." % error
            return
        by_id("new-game-error").textContent = ""
        self.copy(site_base() + "index.html#" + format_preset(preset), "Link to this setup")

    # -- drawing --------------------------------------------------------------
    def refresh(self):
        session = self.session
        board = session.board
        self.view.render(position=board.position(), **session.view(self.orientation))
        self.status.textContent = self.turn_sentence()
        outcome = board.outcome()
        kind = "" if outcome is None else " over " + game_setup.result_kind(outcome, session.human_seat())
        self.status.className = "status" + kind
        by_id("game-over").className = "game-over" + kind
        by_id("game").className = "game" + (" over" if outcome is not None else "")
        by_id("game-title").textContent = game_setup.rules_title(board.rules)
        by_id("rules-name").textContent = board.rules.name
        by_id("hint").textContent = game_setup.how_to_play(board, session.players, self.orientation)
        people_turn = board.turn is not None and not session.computer_to_move()
        self._enable("undo", session.can_undo())
        self._enable("redo", session.can_redo())
        self._enable("resign", people_turn)
        resign = by_id("resign")
        resign.dataset.confirm = ""
        resign.textContent = "Resign"
        swap = by_id("swap")
        swap.hidden = not (board.can_swap and people_turn)
        pause = by_id("pause")
        pause.hidden = not session.only_computers()
        pause.disabled = board.turn is None
        pause.textContent = "Go on" if self.paused else "Pause"
        pause.setAttribute("aria-pressed", "true" if self.paused else "false")
        self._show_end()
        self._show_problem()

    def _show_end(self):
        board = self.session.board
        box = by_id("game-over")
        if board.turn is None:
            by_id("result").textContent = game_setup.result_headline(
                board.outcome(), self.session.seat_names(), self.session.human_seat())
            box.hidden = False
        else:
            box.hidden = True

    def _show_problem(self):
        box = by_id("computer-problem")
        if self.computer_problem and self.session.computer_to_move():
            by_id("computer-reason").textContent = "The computer could not move: %s." % self.computer_problem
            box.hidden = False
        else:
            box.hidden = True

    def _enable(self, button_id, enabled):
        by_id(button_id).disabled = not enabled

    def say(self, text):
        """The polite live region: what a move did, or why nothing happened."""
        self.message.textContent = text

    # -- the computer -----------------------------------------------------
    def _after_first_paint(self):
        later.load(self._later_loaded)

    def _later_loaded(self):
        if self._save_pending:
            self._save_pending = False
            self.save()
        self._import_computer()
        # The analysis panel after the computer's first move, when the computer opens.
        busy = self._computer_timer.pending or self.request is not None
        self._analysis_timer.start(AFTER_FIRST_PAINT_MS if busy else 0)

    def _import_computer(self):
        if self.computer is not None or self.computer_failed is not None:
            return
        try:
            from kalah.web import computer
            self.computer = computer
        except Exception as error:
            self.computer_failed = "the computer player could not load (%s)" % error
        self._label_computer_options()
        self._schedule_computer()  # first, so that an opening-book move is not kept behind the worker
        if self.session is not None and game_setup.needs_worker(self.session.players):
            self._preload(self.session.board)

    def _preload(self, board=None):
        if self.computer is not None:
            try:
                self.computer.preload(board)
            except Exception as error:
                window.console.warn("computer preload failed: %s" % error)

    def _label_computer_options(self):
        if not self._panel_filled:
            return
        for option in self.form.querySelectorAll("option.computer"):
            title = game_setup.player_title(option.value)
            if self.computer_failed:
                option.textContent = title + " (unavailable)"
                option.disabled = True
            else:
                option.textContent = title
                option.disabled = False

    def _schedule_computer(self):
        session = self.session
        if session is None or not session.computer_to_move() or self.request is not None:
            return
        if self.computer_problem:
            return  # the game waits for Retry
        if self.computer is None:
            if self.computer_failed:
                self._computer_cannot(self.computer_failed)
            return  # _import_computer schedules it once loaded
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
        if session is None or not session.computer_to_move() or self.request is not None:
            return
        if self.view.animating and session.only_computers():
            return  # watched: the next move waits for this one to be seen
        board = session.board
        player = session.player_to_move()
        self.thinking.textContent = "%s is thinking\u2026" % session.seat_names()[board.turn]
        expected = session

        def done(move):
            if self.session is not expected:
                return
            answer = getattr(self.request, "answer", None)
            self.request = None
            self.thinking.textContent = ""
            self.play(move)
            # Perfect says when its move is not proven (until the next move is asked for).
            note = game_setup.proof_note(player, answer)
            if note:
                self.thinking.textContent = note

        def failed(message):
            if self.session is not expected:
                return
            self.request = None
            self._computer_cannot(message)

        try:
            request = self.computer.request_move(board, player, SPEED_SECONDS[self.speed],
                                                 self._progress, done, failed)
        except Exception as error:
            failed(str(error))
            return
        # A worker known to have failed answers within request_move: nothing is pending then.
        self.request = request if request.is_pending() else None

    def _computer_cannot(self, message):
        """The game waits with the reason: a computer that cannot start never decides a game."""
        self.computer_problem = message
        self.thinking.textContent = ""
        self._show_problem()
        self.say("The computer could not move: %s. Retry when you are ready." % message)

    def retry_computer(self):
        self.computer_problem = None
        self._show_problem()
        if self.computer is None and self.computer_failed:
            self.computer_failed = None
            later.load(self._import_computer)
            return
        if self.computer is not None:
            self.computer.retry()
        self.say("Trying again\u2026")
        self._schedule_computer()

    def _progress(self, info):
        if info.get("loading"):
            self.thinking.textContent = "Starting the computer player\u2026"
        else:
            text = game_setup.thinking_text(info)
            if text:
                self.thinking.textContent = text

    def cancel_computer(self):
        self._computer_timer.stop()
        if self.request is not None:
            self.request.cancel()
            self.request = None
        self.thinking.textContent = ""

    # -- the panel and the buttons -----------------------------------------
    def _summary_clicked(self, *args):
        if not self._panel_filled:
            self._fill_panel()

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
        self._show_choices(self.current_preset() if self.session is not None else Preset())

    def _show_choices(self, preset):
        """Set the panel to a game's setup (the one on the board, or a preset's)."""
        form = self.form
        rules = preset.rules
        for box in form.querySelectorAll("input[name=family]"):
            box.checked = box.value == rules.family
        form.elements["houses"].value = str(rules.houses)
        form.elements["seeds"].value = str(rules.seeds)
        self._family_changed()
        for box in form.querySelectorAll("input[name=option]"):
            box.checked = (not box.disabled) and box.value in rules.options
        form.elements["south"].value = preset.players[SOUTH]
        form.elements["north"].value = preset.players[NORTH]
        form.elements["first"].value = "north" if preset.first == NORTH else "south"
        form.elements["speed"].value = preset.speed
        if self.session is not None:
            for seat, name in zip(("south", "north"), self.session.names):
                form.elements[seat + "_name"].value = name or ""

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
        if game_setup.needs_worker((str(form.elements["south"].value), str(form.elements["north"].value))):
            self._preload()

    def _wire_controls(self):
        listen(self.panel, "toggle", self._panel_toggled)
        # The choices are made on the click itself, before the (later) toggle event.
        listen(self.panel.querySelector("summary"), "click", self._summary_clicked)
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
        listen(by_id("share"), "click", lambda event: self.copy_share())
        listen(by_id("retry"), "click", lambda event: self.retry_computer())
        listen(by_id("play-again"), "click", lambda event: self.play_again())
        listen(by_id("swap-sides"), "click", lambda event: self.play_again(swap_sides=True))
        listen(by_id("review"), "click", lambda event: self.review())
        listen(by_id("share-end"), "click", lambda event: self.copy_share())
        listen(by_id("embed-end"), "click", lambda event: self.copy_embed())
        listen(by_id("copy-setup"), "click", lambda event: self.copy_setup())
        listen(document.defaultView, "hashchange", self._hash_changed)
        listen(document.defaultView, "pagehide", lambda event: self.cancel_computer())

    def _hash_changed(self, event):
        fragment = str(window.location.hash)
        if is_preset(fragment):
            self.open_preset(fragment)

    def _submit(self, event):
        event.preventDefault()
        self.new_game_from_form()


def _sound(kind, count):
    """static/js/sound.js's notes (it does nothing while the sound is off)."""
    try:
        window.kalahSound.play(kind, count)
    except Exception:  # sound.js did not load: the game is silent, nothing else changes
        pass


PAGE = None


def main():
    """Start the page; returns a JS Promise settled once the board shows its game (the page's
    script awaits it, so that PyScript's py:all-done comes after a resumed game is back)."""
    global PAGE
    PAGE = PlayPage()
    for node in document.querySelectorAll("[data-needs-python]"):
        node.disabled = False
    settle = []
    promise = window.Promise.new(create_proxy(lambda resolve, reject: settle.append(resolve)))

    def ready():
        document.body.dataset.ready = "1"
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
        from kalah.web import analysis_view
        analysis_view.attach(PAGE)
    except Exception as error:
        window.console.warn("analysis panel unavailable: %s" % error)
