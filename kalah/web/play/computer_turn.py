"""The computer's turn on the play page: when it moves, what it says while it thinks, and
what happens when it cannot.

    turn = ComputerTurn(thinking, watching, on_move, on_cannot, on_loaded)
    turn.session = session    # the game it plays in (the page sets it for each new game)
    turn.schedule()           # after every change: moves if it is a computer's turn
    turn.cancel()             # undo, new game, leaving the page

It reports through its callbacks only: on_move(move) plays the computer's move,
on_cannot(message) makes the game wait with the reason (a computer that cannot
start never decides a game), on_loaded() runs once the computer's module is
here or could not load. The module itself (kalah.web.common.computer) comes
with the play page's later modules (kalah/web/play/later.py).
"""

from pyscript import window

from kalah.i18n import _
from kalah.web.common import game_setup
from kalah.web.common.dom import Timer
from kalah.web.play import later

SPEED_SECONDS = dict(game_setup.SPEEDS)
WATCH_PAUSE_MS = {"fast": 150, "normal": 700, "slow": 1500}  # between two computers' moves


class ComputerTurn:
    def __init__(self, thinking, watching, on_move, on_cannot, on_loaded):
        self.thinking = thinking      # the line that says who is thinking
        self._watching = watching     # watching(): True while the board still draws a move
        self._on_move = on_move
        self._on_cannot = on_cannot
        self._on_loaded = on_loaded
        self.session = None
        self.module = None            # the kalah.web.common.computer module once imported
        self.failed = None            # why it could not be imported
        self.problem = None           # why the computer could not move: the game waits
        self.request = None           # the pending computer move
        self.speed = "normal"
        self.paused = False           # computer against computer, stopped by the player
        self._timer = Timer(self._turn)

    def busy(self):
        return self._timer.pending or self.request is not None

    def unavailable(self):
        """Why no computer can play now (its module could not load), or None."""
        return self.failed if self.module is None else None

    def load(self):
        if self.module is not None or self.failed is not None:
            return
        try:
            from kalah.web.common import computer
            self.module = computer
        except Exception as error:
            self.failed = "the computer player could not load (%s)" % error
        self._on_loaded()
        self.schedule()  # first, so that an opening-book move is not kept behind the worker
        if self.session is not None and game_setup.needs_worker(self.session.players):
            self.preload(self.session.board)

    def preload(self, board=None):
        if self.module is not None:
            try:
                self.module.preload(board)
            except Exception as error:
                window.console.warn("computer preload failed: %s" % error)

    def schedule(self):
        session = self.session
        if session is None or not session.computer_to_move() or self.request is not None:
            return
        if self.problem:
            return  # the game waits for Retry
        if self.module is None:
            if self.failed:
                self._cannot(self.failed)
            return  # load() schedules it once loaded
        if session.only_computers() and self.paused:
            return
        pause = WATCH_PAUSE_MS[self.speed] if session.only_computers() else 0
        self._timer.start(pause)

    def toggle_pause(self):
        """Computer against computer: stop after the move in progress, or go on."""
        self.paused = not self.paused
        if self.paused:
            self._timer.stop()
        else:
            self.schedule()
        return self.paused

    def _turn(self):
        session = self.session
        if session is None or not session.computer_to_move() or self.request is not None:
            return
        if self._watching() and session.only_computers():
            return  # watched: the next move waits for this one to be seen
        board = session.board
        player = session.player_to_move()
        self.thinking.textContent = _("%(player)s is thinking\u2026") % {"player": session.seat_names(_)[board.turn]}
        expected = session

        def done(move):
            if self.session is not expected:
                return
            answer = getattr(self.request, "answer", None)
            self.request = None
            self.thinking.textContent = ""
            self._on_move(move)
            # Perfect says when its move is not proven (until the next move is asked for).
            note = game_setup.proof_note(player, answer)
            if note:
                self.thinking.textContent = note

        def failed(message):
            if self.session is not expected:
                return
            self.request = None
            self._cannot(message)

        try:
            request = self.module.request_move(board, player, SPEED_SECONDS[self.speed],
                                               self._progress, done, failed)
        except Exception as error:
            failed(str(error))
            return
        # A worker known to have failed answers within request_move: nothing is pending then.
        self.request = request if request.is_pending() else None

    def _cannot(self, message):
        """The game waits with the reason: a computer that cannot start never decides a game."""
        self.problem = message
        self.thinking.textContent = ""
        self._on_cannot(message)

    def retry(self):
        """Try again after a failure; False when the module must be fetched again first
        (load() then schedules the move)."""
        self.problem = None
        if self.module is None and self.failed:
            self.failed = None
            later.load(self.load)
            return False
        if self.module is not None:
            self.module.retry()
        self.schedule()
        return True

    def _progress(self, info):
        if info.get("loading"):
            self.thinking.textContent = _("Starting the computer player\u2026")
        else:
            text = game_setup.thinking_text(info)
            if text:
                self.thinking.textContent = text

    def cancel(self):
        self._timer.stop()
        if self.request is not None:
            self.request.cancel()
            self.request = None
        self.thinking.textContent = ""
