"""The game on the play page: a Board, who plays each seat, undo and redo.

Pure Python (no browser), so CPython tests drive it directly. Other parts
hook in through listeners, called after every change with the session and
what happened ("new", "move", "undo", "redo", "resign"):

    session = GameSession("kalah(6,4)", players=("human", "level5"))
    session.add_listener(lambda session, change, report: ...)
    report = session.play(3)

Players are named as in kalah.ai.players ("human", "level1".."level8",
"random", ...) and belong to the seats they started in; after the pie rule's
swap they have exchanged seats (`player_at(seat)` follows that).
"""

from kalah.game.board import Board
from kalah.records.record import Record
from kalah.i18n import N_, SIDE_WORDS
from kalah.game.rules import NORTH, SOUTH
from kalah.web.common.game_setup import HUMAN, PLAYER_NAMES, is_computer, seat_labels, seat_name


def sides_of(board):
    """The side that made each move of board's game (taking them back on a copy)."""
    copy = board.copy()
    sides = []
    while copy.move_stack:
        copy.pop()
        sides.append(copy.turn)
    sides.reverse()
    return sides


class GameSession:
    def __init__(self, rules="kalah(6,4)", players=(HUMAN, HUMAN), first=SOUTH, board=None,
                 sides=None, meta=None, names=None):
        for player in players:
            if player not in PLAYER_NAMES:
                raise ValueError("unknown player '%s'" % player)
        self.board = board if board is not None else Board(rules, first=first)
        self.players = tuple(players)
        self.sides = list(sides) if sides is not None else []  # who played each move
        # Who moved first (for "play again"): a resumed game tells by its first move.
        self.first = first if board is None else (self.sides[0] if self.sides else (board.turn or SOUTH))
        self.redo_stack = []  # batches of moves taken back, the latest last
        self.meta = meta if meta is not None else {}
        self.meta["south_player"] = self.players[SOUTH]
        self.meta["north_player"] = self.players[NORTH]
        for key, name in zip(("south_name", "north_name"), names or (None, None)):
            if name:
                self.meta[key] = name
        self.listeners = []
        self.last_report = None

    @classmethod
    def from_record(cls, record):
        """The session a saved Record continues; KalahError if it does not replay."""
        meta = dict(record.meta)
        players = (meta.get("south_player", HUMAN), meta.get("north_player", HUMAN))
        if players[0] not in PLAYER_NAMES or players[1] not in PLAYER_NAMES:
            players = (HUMAN, HUMAN)
        board = record.board()
        return cls(board.rules, players, board=board, sides=sides_of(board), meta=meta)

    def to_record(self):
        return Record.from_board(self.board, meta=self.meta)

    @property
    def names(self):
        """The names people chose for the first seats (South, North), None where they chose none."""
        return (self.meta.get("south_name") or None, self.meta.get("north_name") or None)

    def view(self, orientation=SOUTH):
        """BoardView.render's arguments for this game seen with `orientation` at the bottom (the
        play page's board; scripts/build/pages.py writes the first game's into index.html)."""
        board = self.board
        you = self.human_seat()
        if you is None and not self.has_computer():
            you = board.turn
        # On the computer's turn no house is offered, so the keyboard focus stays in the person's row.
        legal = () if self.computer_to_move() else board.legal_moves
        return {"rules": board.rules, "pits": board.pits, "turn": board.turn, "legal": legal,
                "last_move": self.last_move(), "orientation": orientation,
                "labels": seat_labels(self.players, board.swapped, self.names), "you": you}

    def seat_names(self, words=N_):
        """What to call the players now at (South, North): a chosen name, 'Computer (level 3)',
        else the seat ('South'); in English (records, links), or with words=_ in the page's language."""
        names = []
        for seat in (SOUTH, NORTH):
            first_seat = 1 - seat if self.board.swapped else seat
            names.append(seat_name(self.players[first_seat], self.names[first_seat], words)
                         or words(SIDE_WORDS[seat]))
        return tuple(names)

    def has_moves(self):
        return bool(self.board.move_stack)

    # -- listeners -------------------------------------------------------
    def add_listener(self, listener):
        """listener(session, change, report) after every change; report is a MoveReport or None."""
        self.listeners.append(listener)

    def _notify(self, change, report=None):
        for listener in self.listeners:
            listener(self, change, report)

    def started(self):
        """Tell the listeners a new (or resumed) game is on the board."""
        self._notify("new")

    # -- who plays -------------------------------------------------------
    def player_at(self, seat):
        return self.players[1 - seat if self.board.swapped else seat]

    def player_to_move(self):
        if self.board.turn is None:
            return None
        return self.player_at(self.board.turn)

    def computer_to_move(self):
        player = self.player_to_move()
        return player is not None and is_computer(player)

    def has_computer(self):
        return is_computer(self.players[0]) or is_computer(self.players[1])

    def only_computers(self):
        return is_computer(self.players[0]) and is_computer(self.players[1])

    def human_seat(self):
        """The seat of the one person playing a computer, else None."""
        if self.has_computer() and not self.only_computers():
            return NORTH if is_computer(self.player_at(SOUTH)) else SOUTH
        return None

    def last_move(self):
        """(side, move) of the last move played, or None."""
        if not self.sides:
            return None
        return self.sides[-1], self.board.move_stack[-1]

    # -- moves -----------------------------------------------------------
    def play(self, move):
        """Play a move of the side to move (KalahError if illegal); returns its MoveReport."""
        side = self.board.turn
        report = self.board.push(move)
        self.sides.append(side)
        self._clear_redo()
        self.last_report = report
        self._notify("move", report)
        return report

    def resign(self, reason="resigned"):
        """The side to move gives up (or its computer failed): the forfeit rule ends the game."""
        side = self.board.turn
        self.board.forfeit(side, reason=reason)
        self.sides.append(side)
        self._clear_redo()
        self.last_report = None
        self._notify("resign")
        return self.board.outcome()

    def _clear_redo(self):
        self.redo_stack = []

    def _undo_batch(self):
        """The moves one undo takes back: one between people, back to the person's turn otherwise."""
        # A game over is over (a resignation included): play again or review it, no take-backs.
        if self.only_computers() or not self.board.move_stack or self.board.turn is None:
            return 0
        if not self.has_computer():
            return 1
        # Take back to the latest position where the person was to move.
        for count in range(1, len(self.sides) + 1):
            side = self.sides[-count]
            if not is_computer(self.player_at_move(len(self.sides) - count, side)):
                return count
        return 0

    def player_at_move(self, index, side):
        """The player who made move `index` from `side` (the swap happens at a known move)."""
        return self.players[1 - side if self._swap_index() < index else side]

    def _swap_index(self):
        for index in range(len(self.board.move_stack)):
            if self.board.move_stack[index] == 0:
                return index
        return len(self.board.move_stack)

    def can_undo(self):
        return self._undo_batch() > 0

    def can_redo(self):
        return bool(self.redo_stack) and not self.only_computers()

    def undo(self):
        """Take back one move (or back to the person's last turn); returns the moves taken back."""
        count = self._undo_batch()
        if not count:
            return []
        batch = []
        for _ in range(count):
            batch.append((self.sides.pop(), self.board.pop()))
        batch.reverse()
        self.redo_stack.append(batch)
        self.last_report = None
        self._notify("undo")
        return batch

    def redo(self):
        """Play again the moves the last undo took back; returns the last MoveReport."""
        if not self.redo_stack:
            return None
        batch = self.redo_stack.pop()
        report = None
        for side, move in batch:
            report = self.board.push(move)
            self.sides.append(side)
        self.last_report = report
        self._notify("redo", report)
        return report
