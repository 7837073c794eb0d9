"""The two student interfaces, as thin views over a `kalah.Board`.

Students write one of two functions (from the two course systems the project grew from):

- ``select_move(board, lookahead) -> house`` (the Haskell assignment): `board`
  is a `KalahaBoard` seen from the side to move, with the assignment's names
  (`turn`, `ponds_A`, `bank_A`, `ponds_B`, `bank_B`, `legal_move`,
  `no_of_pebbles`, `pick_n_distribute`) and a few Python helpers;
- ``algorithm(game) -> "1".."6"`` (the GameLink platform): `game` is a
  `GameLinkGame` whose `getBoard()` returns the 2 x (m+2) array of that
  platform, always from the mover's seat.

Both views reuse the engine for every rule (no sowing here) and run under
CPython, Pyodide and MicroPython.
"""

from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.rules import NORTH, SOUTH, SWAP
from kalah.lab import reasons

PLAYER_A = "Player_A"   # South, who moves first
PLAYER_B = "Player_B"   # North
FINISHED = "Finished"
TURN_NAMES = (PLAYER_A, PLAYER_B)


class KalahaBoard:
    """A position for `select_move`, named as in the Haskell assignment.

    Player A is South, player B is North. Ponds are numbered 1..m from each
    owner's left, so pond m is next to the owner's bank. The lists are copies:
    changing them does not change the game.

        >>> board = KalahaBoard(Board("kalah(6,4)"))
        >>> board.turn, board.ponds_A, board.bank_A
        ('Player_A', [4, 4, 4, 4, 4, 4], 0)
        >>> board.pick_n_distribute(3).bank_A     # ends in the bank
        1
    """

    def __init__(self, board):
        # A fresh board from the position, so that copies made while searching
        # do not carry the whole game's move stack.
        if board.move_stack:
            board = Board.from_position(board.position())
        self._board = board
        rules = board.rules
        pits = board.pits
        m = rules.houses
        self.houses = m
        self.turn = FINISHED if board.turn is None else TURN_NAMES[board.turn]
        self.ponds_A = list(pits[0:m])
        self.bank_A = pits[m]
        self.ponds_B = list(pits[m + 1:2 * m + 1])
        self.bank_B = pits[2 * m + 1]

    # -- seen from the side to move -------------------------------------
    @property
    def my_ponds(self):
        return self.ponds_B if self.turn == PLAYER_B else self.ponds_A

    @property
    def my_bank(self):
        return self.bank_B if self.turn == PLAYER_B else self.bank_A

    @property
    def their_ponds(self):
        return self.ponds_A if self.turn == PLAYER_B else self.ponds_B

    @property
    def their_bank(self):
        return self.bank_A if self.turn == PLAYER_B else self.bank_B

    def is_finished(self):
        return self.turn == FINISHED

    # -- the assignment's helpers ----------------------------------------
    def legal_moves(self):
        """The ponds (1..m) the side to move may play."""
        return [move for move in self._board.legal_moves if move != SWAP]

    def legal_move(self, pond):
        return pond in self.legal_moves()

    def no_of_pebbles(self, pond):
        """The pebbles in pond 1..m of the side to move."""
        if not isinstance(pond, int) or not 1 <= pond <= self.houses:
            raise KalahError("no_of_pebbles: %r is not a pond (1..%d)" % (pond, self.houses))
        return self.my_ponds[pond - 1]

    def pick_n_distribute(self, pond):
        """The board after the side to move plays `pond` (all rules applied).

        The turn of the new board says who moves next (the same player after
        an extra turn), or 'Finished'. An illegal pond raises KalahError.
        """
        after = self._board.copy()
        after.push(pond)
        return KalahaBoard(after)

    play = pick_n_distribute

    def kalah_board(self):
        """The engine's Board of this position (a copy)."""
        return self._board.copy()

    def __repr__(self):
        return "KalahaBoard(turn=%s, ponds_A=%r, bank_A=%d, ponds_B=%r, bank_B=%d)" % (
            self.turn, self.ponds_A, self.bank_A, self.ponds_B, self.bank_B)


class GameLinkGame:
    """The `game` object of the GameLink platform.

    `getBoard()` returns the 2 x (m+2) array of that platform, seen from the
    side to move:

        row 0: [their store, their house m, ..., their house 1, 0]
        row 1: [0, my house 1, ..., my house m, my store]

    Column 0 of row 1 and column m+1 of row 0 are the platform's empty buffers.
    """

    def __init__(self, board):
        self._board = board
        self.houses = board.rules.houses

    def getBoard(self):
        board = self._board
        m = self.houses
        me = board.turn if board.turn is not None else SOUTH
        pits = board.pits
        mine = list(pits[me * (m + 1):me * (m + 1) + m])
        theirs = list(pits[(1 - me) * (m + 1):(1 - me) * (m + 1) + m])
        theirs.reverse()
        stores = board.rules.stores
        return [[pits[stores[1 - me]]] + theirs + [0],
                [0] + mine + [pits[stores[me]]]]

    def getHouses(self):
        return self.houses


def parse_answer(answer, houses):
    """The house (1..m) a bot's answer names, or raise KalahError saying why not.

    A number 1..m, as an int or as a string of digits ("3", the GameLink form).
    Whether the house holds seeds is the board's check.
    """
    value = answer
    if isinstance(answer, str):
        text = answer.strip()
        if not text.isdigit():
            raise KalahError(reasons.NOT_A_HOUSE_NUMBER, answer=repr(answer), houses=houses)
        value = int(text)
    elif isinstance(answer, bool) or not isinstance(answer, int):
        raise KalahError(reasons.NOT_A_HOUSE_NUMBER, answer=repr(answer), houses=houses)
    if not 1 <= value <= houses:
        raise KalahError(reasons.NOT_A_HOUSE, answer=repr(answer), houses=houses)
    return value
