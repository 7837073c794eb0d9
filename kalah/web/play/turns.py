"""The moves of the play page's game: a click on a house, a move played (the computer's
too), undo and redo, the pie rule's swap, resigning; the message line says what each did.

    turns = Turns(view, computer, say, on_save, on_draw)
    turns.session = session      # the game on the board (the page sets it for each new game)
    # say(text): the message line; on_save(): keep the game; on_draw(): draw it as it is now

The game runs ahead of the board view, which draws each move seed by seed.
"""

from pyscript import window

from kalah.i18n import _
from kalah.game.narration import describe_move, side_word
from kalah.game.notation import move_text
from kalah.game.rules import SWAP
from kalah.web.common import game_setup
from kalah.web.common.dom import by_id
from kalah.web.common.game_setup import turn_text
from kalah.web.common.house_click import why_not


def turn_sentence(session):
    return turn_text(session.board, session.players, session.names)


def moves_words(batch):
    """The moves an undo or a redo took back or played again, in words."""
    return ", ".join("%s %s" % (side_word(side), move_text(side, move)) for side, move in batch)


def sound(kind, count):
    """static/js/sound.js's notes (it does nothing while the sound is off)."""
    try:
        window.kalahSound.play(kind, count)
    except Exception:  # sound.js did not load: the game is silent, nothing else changes
        pass


class Turns:
    def __init__(self, view, computer, say, on_save, on_draw):
        self.view = view
        self.computer = computer
        self.say = say
        self._on_save = on_save
        self._on_draw = on_draw
        self.session = None
        self._told = None             # (session, ply, side, sentences): the turn the message tells

    def house_chosen(self, side, house):
        session = self.session
        if session is None:
            return
        board = session.board
        if board.turn is not None and session.computer_to_move():
            self.say(_("Please wait: it is the computer's turn (%(side)s).") % {"side": side_word(board.turn)})
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
        self._on_save()
        self.view.set_position(session.board.position())
        self.view.animate(report, lambda: self._move_shown(session, ply, report))
        if not session.only_computers():
            self.computer.schedule()

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
            sound("extra", 1)
        if self.view.animating:
            self.say(" ".join(words))  # more moves are still being drawn
            return
        self._on_draw()
        self.say(" ".join(words) + self._next_turn_sentence())
        self.computer.schedule()

    def _next_turn_sentence(self):
        if self.session.board.turn is None:
            return ""
        return " " + turn_sentence(self.session)

    def undo(self):
        self.computer.cancel()
        if self.view.animating:
            return
        batch = self.session.undo()
        if batch:
            self.computer.problem = None
            self._on_save()
            self._on_draw()
            self.say(_("Took back %(moves)s.") % {"moves": moves_words(batch)} + " " + turn_sentence(self.session))
        self.computer.schedule()

    def redo(self):
        self.computer.cancel()
        batch = self.session.redo_stack[-1] if self.session.redo_stack else None
        if batch is None:
            return
        self.session.redo()
        self._on_save()
        self._on_draw()
        self.say(_("Played again %(moves)s.") % {"moves": moves_words(batch)} + " " + turn_sentence(self.session))
        self.computer.schedule()

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
            button.textContent = _("Really resign?")
            self.say(_("Click “Really resign?” to give up this game; anything else goes on playing."))
            return
        self.computer.cancel()
        outcome = session.resign()
        self._on_save()
        self._on_draw()
        self.say(game_setup.describe_outcome(outcome))
