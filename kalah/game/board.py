"""The board: a position, the moves played to reach it, push and pop.

    >>> from kalah import Board
    >>> board = Board("kalah(6,4)")
    >>> board.legal_moves
    [1, 2, 3, 4, 5, 6]
    >>> report = board.push(3)        # ends in the store: South moves again
    >>> board.turn == SOUTH
    True
    >>> board.pop()
    3

A position is the pits, the side to move, the plies since the last capture
(Owari and Oware end after too many) and the pie rule's state; its text form
round-trips through `Board.position()` and `Board.from_position()`.
"""

from kalah.errors import N_, SIDES, KalahError, Reason
from kalah.game.rules import (DEFAULT_RULES, FORFEIT, MOVE_LIMIT, NORTH, SIDE_LETTERS,
                         SIDE_NAMES, SOUTH, SWAP, find_rules)
from kalah.game import notation
from kalah.input_guards import MAX_POSITION, check_text

# The pie rule's state, part of a position.
PIE_OFF = 0        # no pie rule, or its moment has passed
PIE_PENDING = 1    # the first player's first turn is still going on
PIE_OFFERED = 2    # the second player may swap now


class Outcome:
    """How a game ended: final scores, winner (SOUTH, NORTH or None) and why."""

    def __init__(self, scores, winner, termination, forfeit_by=None, reason=None, move=None):
        self.scores = tuple(scores)
        self.winner = winner
        self.termination = termination
        self.forfeit_by = forfeit_by
        self.reason = reason
        self.move = move  # the index of the forfeiting move in the record

    @classmethod
    def from_scores(cls, scores, termination):
        south, north = scores
        winner = SOUTH if south > north else NORTH if north > south else None
        return cls(scores, winner, termination)

    def result(self):
        """The final seed counts as text, e.g. '38-10'."""
        return "%d-%d" % self.scores

    def score_text(self):
        """The final score for people, the winner's first: 'North wins 32-16' reads '32-16'.

        `result()` keeps the record's South-North order ('16-32')."""
        south, north = self.scores
        return "%d-%d" % ((north, south) if self.winner == NORTH else (south, north))

    def describe(self):
        """A sentence for players, e.g. 'South wins 38-10.' (the winner's score first)"""
        if self.termination == FORFEIT:
            return "%s forfeits (%s); %s wins." % (
                SIDE_NAMES[self.forfeit_by], self.reason, SIDE_NAMES[self.winner])
        if self.winner is None:
            return "Draw, %s." % self.score_text()
        return "%s wins %s." % (SIDE_NAMES[self.winner], self.score_text())

    def __eq__(self, other):
        return isinstance(other, Outcome) and self.__dict__ == other.__dict__

    def __repr__(self):
        return "<Outcome %s %s %s>" % (self.result(), self.termination,
                                      "draw" if self.winner is None else SIDE_LETTERS[self.winner])


class MoveReport:
    """What one move did, for narration and animation.

    `events` is the list of tuples the rule set traced: ("sow", origin, path),
    ("capture", side, pits, count), ("extra", side), ("pass", side),
    ("grand-slam", side), ("relay-cap", side, lifts), ("sweep", side, count),
    and ("swap", side) for the pie rule.
    """

    def __init__(self, side, move, events, turn, outcome):
        self.side = side
        self.move = move
        self.events = events
        self.turn = turn          # the side to move after it, None if over
        self.outcome = outcome

    @property
    def captured(self):
        return sum(e[3] for e in self.events if e[0] == "capture")

    @property
    def extra_turn(self):
        return any(e[0] == "extra" for e in self.events) and self.turn == self.side

    @property
    def passed(self):
        """The side that had to pass after this move, or None."""
        for event in self.events:
            if event[0] == "pass":
                return event[1]
        return None


class Board:
    """A game in progress: the rule set, the current position and the moves."""

    def __init__(self, rules=None, position=None, first=SOUTH):
        if position is not None:
            state = parse_position(position)
            if rules is not None and find_rules(rules) != state[0]:
                raise KalahError(N_("position is for %(rules)s, not %(asked)s"), rules=state[0].name,
                                 asked=find_rules(rules).name)
            self.rules = state[0]
            self._state = state[1:]
        else:
            self.rules = find_rules(DEFAULT_RULES if rules is None else rules)
            if first not in (SOUTH, NORTH) or isinstance(first, bool):
                raise KalahError(N_("the first player must be South or North"))
            pie = PIE_PENDING if self.rules.pie else PIE_OFF
            self._state = (tuple(self.rules.initial_pits()), first, 0, pie, False, None)
        self._start = self._state
        self._stack = []          # (move, state before it)
        self.move_stack = []      # moves as played: houses, SWAP

    @classmethod
    def from_position(cls, text):
        return cls(position=text)

    # -- the position ----------------------------------------------------
    @property
    def pits(self):
        """The 2m+2 counts of docs/rules.md, as a tuple."""
        return self._state[0]

    @property
    def turn(self):
        """SOUTH or NORTH to move, None once the game is over."""
        return self._state[1]

    @property
    def clock(self):
        """Plies since the last capture (Owari and Oware stop at a limit)."""
        return self._state[2]

    @property
    def swapped(self):
        """True once the pie rule's swap was played: the players exchanged seats."""
        return self._state[4]

    @property
    def can_swap(self):
        return self._state[3] == PIE_OFFERED and self.turn is not None

    @property
    def legal_moves(self):
        """The houses the side to move may play (1..m), and SWAP when offered."""
        if self.turn is None:
            return []
        moves = self.rules.legal_moves(self.pits, self.turn)
        if self.can_swap:
            moves.append(SWAP)
        return moves

    def is_legal(self, move):
        return move in self.legal_moves

    def is_game_over(self):
        return self.turn is None

    def outcome(self):
        """The Outcome once the game is over, else None."""
        return self._state[5]

    def scores(self):
        """The seeds each side has stored (or captured) so far."""
        south, north = self.rules.stores
        return self.pits[south], self.pits[north]

    def ply(self):
        return len(self.move_stack)

    def copy(self):
        board = Board(self.rules)
        board._state = self._state
        board._start = self._start
        board._stack = list(self._stack)
        board.move_stack = list(self.move_stack)
        return board

    def start_position(self):
        """The position text the game started from."""
        return format_position(self.rules, *self._start[:5])

    def position(self):
        """The position as text: 'RULES/PITS/SIDE[/c12][/pie|swap|swapped]'."""
        return format_position(self.rules, *self._state[:5])

    def __str__(self):
        return notation.board_diagram(self.rules, self.pits, self.turn)

    def __repr__(self):
        return "<Board %s>" % self.position()

    # -- moves -------------------------------------------------------------
    def parse_move(self, text):
        """A move of the side to move from text: '3', 'C' or 'c', 'swap'."""
        if self.turn is None:
            raise KalahError(N_("the game is over"))
        return notation.parse_move(self.rules, self.turn, text)

    def check_move(self, move):
        """Raise KalahError saying why `move` is not legal now: 'move 3: house 2 of South is
        empty', whose `reason` parameter is the why alone (what a click on a house shows)."""
        reason = self._why_illegal(move)
        if reason is not None:
            raise self._at_this_move(reason)

    def _at_this_move(self, reason):
        return KalahError(N_("%(where)s: %(reason)s"), where=Reason(
            N_("move %(number)d"), number=len(self.move_stack) + 1), reason=reason)

    def _why_illegal(self, move):
        """The Reason `move` is not legal now, or None. As many lines run for a legal move as ran
        before reasons were kept (no closing `return None`): a student's bot pays its work budget by
        the line, in the engine too (tests/lab/test_work_count.py)."""
        side = self.turn
        if side is None:
            return Reason(N_("the game is over"))
        if move == SWAP and isinstance(move, int) and not isinstance(move, bool) and self.rules.pie:
            if not self.can_swap:
                return Reason(N_("%(side)s cannot swap now (the pie rule offers it once, after the first turn)"),
                              side=SIDES[side])
            return None
        m = self.rules.houses
        if not isinstance(move, int) or isinstance(move, bool) or not 1 <= move <= m:
            return Reason(N_("%(move)s is not a house (1..%(houses)d)"), move=_shown(move), houses=m)
        if move not in self.rules.legal_moves(self.pits, side):
            if self.pits[self.rules.house_index(side, move)] == 0:
                return Reason(N_("house %(house)d of %(side)s is empty"), house=move, side=SIDES[side])
            return Reason(N_("house %(house)d of %(side)s does not give the opponent seeds, and a move that "
                             "feeds them exists"), house=move, side=SIDES[side])

    def push(self, move):
        """Play a move of the side to move; return its MoveReport.

        An illegal move raises KalahError and leaves the board as it was.
        """
        if isinstance(move, str):
            try:
                move = self.parse_move(move)
            except KalahError as error:
                raise self._at_this_move(error)
        reason = self._why_illegal(move)   # check_move's test, one call less on the replays' hot path
        if reason is not None:
            raise self._at_this_move(reason)
        pits, side, clock, pie, swapped, _ = self._state
        rules = self.rules
        events = []
        outcome = None
        if move == SWAP:
            events.append(("swap", side))
            state = (pits, side, clock, PIE_OFF, not swapped, None)
            turn = side
        else:
            after = list(pits)
            turn, captured = rules.play(after, side, move, events)
            # Only rule sets with a move limit keep the clock.
            clock = 0 if captured or not rules.move_limit else clock + 1
            if turn is not None and rules.move_limit and clock >= rules.move_limit:
                rules.sweep(after, events)
                turn = None
                outcome = Outcome.from_scores(self._scores_of(after), MOVE_LIMIT)
            elif turn is None:
                outcome = Outcome.from_scores(self._scores_of(after), rules.termination(after))
            pie = self._next_pie(pie, side, turn)
            state = (tuple(after), turn, clock, pie, swapped, outcome)
        self._stack.append(self._state)
        self.move_stack.append(move)
        self._state = state
        return MoveReport(side, move, events, turn, outcome)

    def _next_pie(self, pie, side, turn):
        if pie == PIE_PENDING and turn is not None and turn != side:
            return PIE_OFFERED
        if pie == PIE_OFFERED:
            return PIE_OFF
        return pie

    def _scores_of(self, pits):
        south, north = self.rules.stores
        return pits[south], pits[north]

    def pop(self):
        """Take back the last move (or forfeit) and return it."""
        if not self._stack:
            raise KalahError(N_("no move to take back"))
        self._state = self._stack.pop()
        return self.move_stack.pop()

    def forfeit(self, side=None, reason="invalid move", move=None):
        """End the game by the forfeit rule: `side` (default: the side to move) loses.

        Every seed left in both rows goes to the winner's store, and the winner
        is declared whatever the stores hold. `move` is the offending input,
        kept for the record. Undo with pop().
        """
        if self.turn is None:
            raise KalahError(N_("the game is over"))
        side = self.turn if side is None else side
        if side not in (SOUTH, NORTH) or isinstance(side, bool):
            raise KalahError(N_("the side that forfeits must be South (0) or North (1), not %(side)s"),
                             side=_shown(side))
        winner = 1 - side
        pits = list(self.pits)
        m = self.rules.houses
        left = sum(pits[0:m]) + sum(pits[m + 1:2 * m + 1])
        for i in list(range(0, m)) + list(range(m + 1, 2 * m + 1)):
            pits[i] = 0
        pits[self.rules.stores[winner]] += left
        outcome = Outcome(self._scores_of(pits), winner, FORFEIT, forfeit_by=side,
                          reason=reason, move=len(self.move_stack))
        self._stack.append(self._state)
        self.move_stack.append(move)
        self._state = (tuple(pits), None, self.clock, PIE_OFF, self.swapped, outcome)
        return outcome

    def forfeited(self):
        return self.outcome() is not None and self.outcome().termination == FORFEIT

    def moves_played(self):
        """The moves, without a trailing forfeit marker."""
        if self.forfeited():
            return self.move_stack[:-1]
        return list(self.move_stack)


def _shown(value):
    """A short, safe picture of a bad input for a message."""
    text = repr(value)
    return text if len(text) <= 20 else text[:20] + "..."


def format_position(rules, pits, turn, clock=0, pie=PIE_OFF, swapped=False):
    fields = [rules.name, ",".join(str(p) for p in pits), "-" if turn is None else SIDE_LETTERS[turn]]
    if clock:
        fields.append("c%d" % clock)
    if pie == PIE_PENDING:
        fields.append("pie")
    elif pie == PIE_OFFERED:
        fields.append("swap")
    if swapped:
        fields.append("swapped")
    return "/".join(fields)


def _is_count(text):
    return 0 < len(text) <= 6 and all(c in "0123456789" for c in text)


# How a reason names a position text: "the position is ... characters", "position '...': ...".
THE_POSITION = Reason(N_("the position"))
AT_POSITION = N_("position '%(position)s'")


def _at(at):
    return Reason(AT_POSITION, **at)


def parse_position(text):
    """(rules, pits, turn, clock, pie, swapped, outcome) from position text."""
    check_text(text, THE_POSITION, MAX_POSITION)
    shown = text if len(text) <= 80 else text[:80] + "..."
    at = {"position": shown}   # made into a Reason (_at) only when a reason is raised
    fields = text.strip().split("/")
    if len(fields) < 3:
        raise KalahError(N_("%(where)s: expected RULES/PITS/SIDE, e.g. %(example)s"), where=_at(at),
                         example="kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S")
    try:
        rules = find_rules(fields[0])
    except KalahError as error:
        raise KalahError(N_("%(where)s: %(reason)s"), where=_at(at), reason=error)
    words = fields[1].split(",")
    if not all(_is_count(p.strip()) for p in words):
        raise KalahError(N_("%(where)s: pits must be whole numbers (0 or more) separated by commas"), where=_at(at))
    pits = tuple(int(p) for p in words)
    if len(pits) != rules.size:
        raise KalahError(N_("%(where)s: %(rules)s has %(size)d pits, not %(count)d"), where=_at(at), rules=rules.name,
                         size=rules.size, count=len(pits))
    if sum(pits) != rules.total:
        raise KalahError(N_("%(where)s: the pits hold %(count)d seeds, %(rules)s has %(total)d"), where=_at(at),
                         count=sum(pits), rules=rules.name, total=rules.total)
    side = fields[2].strip().upper()
    if side not in ("S", "N", "-"):
        raise KalahError(N_("%(where)s: the side to move must be S, N or - (over), not '%(side)s'"), where=_at(at),
                         side=fields[2][:20])
    turn = None if side == "-" else SIDE_LETTERS.index(side)
    clock, pie, swapped = 0, PIE_OFF, False
    for token in fields[3:]:
        if token.startswith("c") and _is_count(token[1:]) and rules.move_limit:
            clock = int(token[1:])
            if clock >= rules.move_limit and turn is not None:
                raise KalahError(N_("%(where)s: %(clock)d plies without a capture reach the limit of %(limit)d, "
                                    "so the game is over"), where=_at(at), clock=clock, limit=rules.move_limit)
        elif token == "pie" and rules.pie:
            pie = PIE_PENDING
        elif token == "swap" and rules.pie:
            pie = PIE_OFFERED
        elif token == "swapped" and rules.pie:
            swapped = True
        else:
            raise KalahError(N_("%(where)s: unknown field '%(field)s'"), where=_at(at), field=token[:20])
    if turn is None and not rules.game_over(list(pits)):
        raise KalahError(N_("%(where)s: the side to move is '-' (game over), but the game goes on there"),
                         where=_at(at))
    if turn is not None and rules.game_over(list(pits)):
        raise KalahError(N_("%(where)s: the game is over there, so the side to move must be '-'"), where=_at(at))
    outcome = None
    if turn is None:
        south, north = rules.stores
        outcome = Outcome.from_scores((pits[south], pits[north]), rules.termination(list(pits)))
    elif not rules.legal_moves(list(pits), turn):
        raise KalahError(N_("%(where)s: %(side)s is to move but has no legal move"), where=_at(at), side=SIDES[turn])
    return rules, pits, turn, clock, pie, swapped, outcome
