"""Rule sets: how seeds are sown and captured, and when a game ends.

A rule set is a small object with named hooks (`legal_moves`, `play`,
`termination`, `game_over`, ...) that work on a plain list of pit counts,
laid out as in docs/rules.md (the rules in words):

    [South houses 1..m, South store, North houses 1..m, North store]

Sides are the integers SOUTH = 0 and NORTH = 1. Owari and Oware have no
stores on the sowing path: their store places hold each player's captured
seeds. Rule sets are immutable and shared; `find_rules` looks one up by name
(`kalah(6,3)+empty-capture`, `owari+limit200`: docs/formats.md).

The hooks are written for speed as well as clarity, because the search calls
`play` millions of times: sowing follows a precomputed order of pits for each
origin, and whole laps are added at once.
"""

from kalah.errors import N_, KalahError

SOUTH = 0
NORTH = 1
SIDE_LETTERS = "SN"
SIDE_NAMES = ("South", "North")

MAX_HOUSES = 8
MAX_SEEDS = 64
MIN_LIMIT = 10       # plies without a capture (Owari, Oware): the '+limitN' setting
MAX_LIMIT = 10000
SWAP = 0  # the pie rule's swap, the one move that is not a house

# How a game can end (Outcome.termination).
NORMAL = "normal"          # Kalah: a row is empty and the seeds are swept
SCORE = "score"            # Owari/Oware: a score reached the target
NO_FEED = "no-feed"        # Oware: the mover cannot give the empty side seeds
MOVE_LIMIT = "move-limit"  # Owari/Oware: too many plies without a capture
FORFEIT = "forfeit"        # a bot's invalid move, error or timeout

# The computer's tools that model only some rule sets. Each tool's values are true for a
# rule set only where its own code plays that rule set's game, so each rule set family and
# each option below declares the tools that model it (`Rules.modelled_by`); a family or an
# option that does not name a tool is refused by it (tests/ai/test_rule_models.py).
ENDGAME_TABLE = "endgame-table"  # kalah.ai.endgame's tables, ranked by the seeds in the houses:
#                                  those never grow, and they alone decide the rest of the game
#                                  (not the stores, nor a move clock)
OPENING_BOOK = "opening-book"    # kalah.ai.book: ranked as the table is, and read from the first
#                                  turn on, so it also needs the first turn's rule (no swap)
PROOF = "proof"                  # kalah.ai.proof: the table's fact on the search's nodes
NUMBA_SOLVER = "numba-solver"    # kalah.solver.core's own sowing: Kalah's, into the mover's store
#                                  only, the extra turn, the capture (with or without empty-capture)
TOOLS = (ENDGAME_TABLE, OPENING_BOOK, PROOF, NUMBA_SOLVER)


class Option:
    """A rule set option (the `+word` of a name) and what it changes for the computer.

    models: the TOOLS whose values stay true with this option, because their own
    code plays it. first_turn_only: the option changes nothing once the first turn
    is played (the pie rule), so what depends on the later game ignores it
    (`Rules.after_first_turn`).
    """

    def __init__(self, name, aliases=(), models=(), first_turn_only=False):
        self.name = name
        self.aliases = tuple(aliases)
        self.models = frozenset(models)
        self.first_turn_only = first_turn_only

    def __repr__(self):
        return "<Option %s>" % self.name


# Every option, in the order names list them.
OPTIONS = dict((option.name, option) for option in (
    Option("empty-capture", ("emptycapture", "empty_capture", "empty"),
           models=(ENDGAME_TABLE, OPENING_BOOK, PROOF, NUMBA_SOLVER)),
    Option("gamelink", ("game-link",), models=(ENDGAME_TABLE, OPENING_BOOK, PROOF)),
    # The numba solver does not play the swap, so it takes no pie rule set at all; a book,
    # read from the first turn on, would value the first player's moves without it.
    Option("pie", ("pie-rule", "swap"), models=(ENDGAME_TABLE, PROOF), first_turn_only=True),
))
OPTION_NAMES = tuple(OPTIONS)


def option_named(word):
    """The Option a name's `+word` means (its name or an alias), or None."""
    for option in OPTIONS.values():
        if word == option.name or word in option.aliases:
            return option
    return None


def other(side):
    return 1 - side


class Rules:
    """The hooks every rule set provides; subclasses override a few."""

    family = ""
    title = ""
    aliases = ()
    default_size = (6, 4)
    show_size = True          # print "(m,n)" in the name even for the default
    allowed_options = ("pie",)
    move_limit = None         # plies without a capture that end the game
    models = frozenset()      # the TOOLS that model this family's game (with no option)

    def __init__(self, houses=None, seeds=None, options=(), move_limit=None):
        m, n = self.default_size
        houses = m if houses is None else houses
        seeds = n if seeds is None else seeds
        if not 1 <= houses <= MAX_HOUSES:
            raise KalahError(N_("%(rules)s: houses must be 1..%(most)d, not %(houses)d"), rules=self.family,
                             most=MAX_HOUSES, houses=houses)
        if not 1 <= seeds <= MAX_SEEDS:
            raise KalahError(N_("%(rules)s: seeds must be 1..%(most)d, not %(seeds)d"), rules=self.family,
                             most=MAX_SEEDS, seeds=seeds)
        for option in options:
            if option not in self.allowed_options:
                raise KalahError(N_("%(rules)s does not take the option '%(option)s' (it takes: %(options)s)"),
                                 rules=self.family, option=option, options=", ".join(self.allowed_options) or "none")
        if move_limit is not None:
            if self.move_limit is None:
                raise KalahError(N_("%(rules)s has no move limit to set"), rules=self.family)
            if not MIN_LIMIT <= move_limit <= MAX_LIMIT:
                raise KalahError(N_("%(rules)s: the move limit must be %(least)d..%(most)d plies, not %(limit)d"),
                                 rules=self.family, least=MIN_LIMIT, most=MAX_LIMIT, limit=move_limit)
            self.move_limit = move_limit
        self.houses = houses
        self.seeds = seeds
        self.options = tuple(o for o in OPTIONS if o in options)
        self.pie = "pie" in self.options
        self.size = 2 * houses + 2
        self.stores = (houses, 2 * houses + 1)
        self.total = 2 * houses * seeds
        self.name = self._format_name()
        self._orders = [self._sowing_orders(SOUTH), self._sowing_orders(NORTH)]

    # -- names -----------------------------------------------------------
    def _format_name(self):
        name = self.family
        if self.show_size or (self.houses, self.seeds) != self.default_size:
            name += "(%d,%d)" % (self.houses, self.seeds)
        for option in self.options:
            name += "+" + option
        if self.move_limit != type(self).move_limit:
            name += "+limit%d" % self.move_limit
        return name

    def __repr__(self):
        return "<Rules %s>" % self.name

    # -- what the computer's tools model ------------------------------------
    def modelled_by(self, tool):
        """Whether `tool` (one of TOOLS) models this rule set: its family and every option say so."""
        return self.why_not_modelled(tool) is None

    def why_not_modelled(self, tool):
        """Why `tool` does not model this rule set, or None when it does: words that follow
        the tool's name in a message ("does not model the option 'gamelink'")."""
        if tool not in TOOLS:
            raise KalahError(N_("unknown tool '%(tool)s' (tools: %(tools)s)"), tool=tool, tools=", ".join(TOOLS))
        if tool not in self.models:
            return "models only %s, not %s" % (
                " and ".join(family.title for family in FAMILIES if tool in family.models), self.title)
        for name in self.options:
            if tool not in OPTIONS[name].models:
                return "does not model the option '%s'" % name
        return None

    def require(self, tool, who):
        """Raise KalahError unless `tool` models this rule set; `who` names the tool in the message."""
        why = self.why_not_modelled(tool)
        if why is not None:
            raise KalahError("%s cannot value %s: it %s" % (who, self.name, why))

    def after_first_turn(self):
        """The rule set whose game is this one's once the first turn is played: the same
        without the options that change only the first turn (the pie rule)."""
        kept = [name for name in self.options if not OPTIONS[name].first_turn_only]
        if len(kept) == len(self.options):
            return self
        limit = None if self.move_limit == type(self).move_limit else self.move_limit
        if limit is None:
            return type(self)(self.houses, self.seeds, kept)
        return type(self)(self.houses, self.seeds, kept, move_limit=limit)

    def __str__(self):
        return self.name

    def __eq__(self, other_rules):
        return isinstance(other_rules, Rules) and other_rules.name == self.name

    def __ne__(self, other_rules):
        return not self == other_rules

    def __hash__(self):
        return hash(self.name)

    # -- geometry --------------------------------------------------------
    def house_index(self, side, house):
        """The list index of a side's house (1..m)."""
        return side * (self.houses + 1) + house - 1

    def owner(self, index):
        """The side that owns a pit index (houses and stores alike)."""
        return SOUTH if index <= self.houses else NORTH

    def is_store(self, index):
        return index == self.houses or index == 2 * self.houses + 1

    def facing(self, index):
        """The house across the board: South house i faces North house m+1-i."""
        return 2 * self.houses - index

    def row(self, pits, side):
        start = side * (self.houses + 1)
        return pits[start:start + self.houses]

    def houses_seeds(self, pits):
        """The seeds in both rows' houses (the stores left out): the count the endgame
        table, the proof and the solver size their work by."""
        m = self.houses
        return sum(pits) - pits[m] - pits[2 * m + 1]

    def initial_pits(self):
        row = [self.seeds] * self.houses
        return row + [0] + row + [0]

    def _ring(self, side):
        """Pit indices in sowing order, starting at South house 1."""
        skipped = self.stores[other(side)]
        return [i for i in range(self.size) if i != skipped]

    def _sowing_orders(self, side):
        """For each origin house (either row), the pits its seeds go to, in order.

        A lap ends with the origin itself unless the rule set skips it.
        """
        ring = self._ring(side)
        orders = [None] * self.size
        for origin in range(self.size):
            if self.is_store(origin):
                continue
            at = ring.index(origin)
            order = ring[at + 1:] + ring[:at + 1]
            if self.skips_origin():
                order.pop()
            orders[origin] = order
        return orders

    def skips_origin(self):
        return False

    # -- moves -----------------------------------------------------------
    def legal_moves(self, pits, side):
        """The houses (1..m) the side may play; empty when it cannot move."""
        start = side * (self.houses + 1)
        return [h + 1 for h in range(self.houses) if pits[start + h]]

    def sowing_path(self, side, origin, seeds):
        """The pits that `seeds` seeds lifted from `origin` fall into, in order."""
        order = self._orders[side][origin]
        return [order[i % len(order)] for i in range(seeds)]

    def sow(self, pits, side, origin, trace=None):
        """Lift the origin and sow its seeds; return the pit of the last seed."""
        order = self._orders[side][origin]
        seeds = pits[origin]
        pits[origin] = 0
        if trace is not None:
            trace.append(("sow", origin, self.sowing_path(side, origin, seeds)))
        length = len(order)
        if seeds < length:  # the usual case: less than a lap
            for pit in order[:seeds]:
                pits[pit] += 1
            return order[seeds - 1]
        laps, rest = divmod(seeds, length)
        for pit in order:
            pits[pit] += laps
        for pit in order[:rest]:
            pits[pit] += 1
        return order[(seeds - 1) % length]

    def play(self, pits, side, house, trace=None):
        """Play one house of `side` on `pits` in place (the move must be legal).

        Returns (next_side, captured): next_side is the side to move next, or
        None once the game is over (with the end-of-game sweep applied);
        captured is the number of seeds captured by the move.
        If `trace` is a list, events describing the move are appended to it.
        """
        raise NotImplementedError

    def sweep(self, pits, trace=None):
        """End of game: each side adds the seeds on its own row to its store."""
        m = self.houses
        for side in (SOUTH, NORTH):
            start = side * (m + 1)
            left = sum(pits[start:start + m])
            if left:
                for i in range(start, start + m):
                    pits[i] = 0
                pits[start + m] += left
                if trace is not None:
                    trace.append(("sweep", side, left))

    def termination(self, pits):
        """How a game that `play` just ended, ended."""
        return NORMAL

    def game_over(self, pits):
        """Whether a game at these pits is over (checks position texts).

        Kalah: a row is empty (rule 5)."""
        m = self.houses
        return not any(pits[0:m]) or not any(pits[m + 1:2 * m + 1])

    def houses_empty(self, pits):
        m = self.houses
        return not any(pits[0:m]) and not any(pits[m + 1:2 * m + 1])


class Kalah(Rules):
    """Kalah(m, n): sow into the own store, extra turn there, capture opposite."""

    family = "kalah"
    title = "Kalah"
    aliases = ("kalaha", "mancala")
    allowed_options = ("empty-capture", "gamelink", "pie")
    # Kalah's seeds, once stored, stay stored and nothing counts moves: the houses
    # decide the rest of the game; kalah.solver.core plays its sowing.
    models = frozenset((ENDGAME_TABLE, OPENING_BOOK, PROOF, NUMBA_SOLVER))

    def __init__(self, houses=None, seeds=None, options=()):
        self.empty_capture = "empty-capture" in options
        self.gamelink = "gamelink" in options
        Rules.__init__(self, houses, seeds, options)

    def _ring(self, side):
        if self.gamelink:  # GameLink sows into the opponent's store too
            return list(range(self.size))
        return Rules._ring(self, side)

    def play(self, pits, side, house, trace=None):
        m = self.houses
        own = side * (m + 1)
        last = self.sow(pits, side, own + house - 1, trace)
        captured = 0
        if last == own + m:  # the own store
            next_side = side
            if trace is not None:
                trace.append(("extra", side))
        else:
            next_side = 1 - side
            if pits[last] == 1 and own <= last < own + m:
                captured = self._capture(pits, side, last, trace)
        if not any(pits[0:m]) or not any(pits[m + 1:2 * m + 1]):
            self.sweep(pits, trace)
            return None, captured
        return next_side, captured

    def _capture(self, pits, side, last, trace):
        """Rule 4: the last seed in an own house that was empty."""
        m = self.houses
        own = side * (m + 1)
        if pits[last] != 1 or not own <= last < own + m:
            return 0
        facing = 2 * m - last
        if not pits[facing] and not self.empty_capture:
            return 0
        captured = pits[facing] + 1
        pits[self.stores[side]] += captured
        pits[last] = 0
        pits[facing] = 0
        if trace is not None:
            trace.append(("capture", side, [last, facing], captured))
        return captured


class RelayKalah(Kalah):
    """Relay Kalaha: a last seed in an occupied house lifts it and sows on."""

    family = "relay-kalaha"
    title = "Relay Kalaha"
    aliases = ("relay", "kalaha-relay", "relay-kalah")
    show_size = False
    allowed_options = ("pie",)
    max_lifts = 1000
    models = frozenset()   # the relay's sowing is none of the tools' own (only the search plays it)

    def play(self, pits, side, house, trace=None):
        m = self.houses
        origin = side * (m + 1) + house - 1
        lifts = 0
        captured = 0
        while True:
            last = self.sow(pits, side, origin, trace)
            lifts += 1
            if self.is_store(last):
                break  # this house rule gives no extra turn
            if pits[last] == 1:
                captured = self._capture(pits, side, last, trace)
                break
            if lifts >= self.max_lifts:
                if trace is not None:
                    trace.append(("relay-cap", side, lifts))
                break
            origin = last
        if not any(pits[0:m]) or not any(pits[m + 1:2 * m + 1]):
            self.sweep(pits, trace)
            return None, captured
        return 1 - side, captured


class CapturingRules(Rules):
    """Games with no stores on the sowing path (Owari, Oware).

    The store places hold each player's captured seeds, laps skip the origin,
    and a game that goes on too long without a capture ends at a move limit.
    """

    show_size = False
    move_limit = 100

    def _ring(self, side):
        return [i for i in range(self.size) if not self.is_store(i)]

    def skips_origin(self):
        return True


class Owari(CapturingRules):
    """Owari (Imperial College, 2003): capture every bowl that went from 1 to 2+."""

    family = "owari"
    title = "Owari"
    aliases = ("owari-imperial",)

    def target(self):
        return self.total // 2

    def play(self, pits, side, house, trace=None):
        m = self.houses
        origin = side * (m + 1) + house - 1
        seeds = pits[origin]
        before = list(pits)
        self.sow(pits, side, origin, trace)
        order = self._orders[side][origin]
        taken = [pit for pit in order[:seeds] if before[pit] == 1]
        captured = 0
        if taken:
            for pit in taken:
                captured += pits[pit]
                pits[pit] = 0
            pits[self.stores[side]] += captured
            if trace is not None:
                trace.append(("capture", side, taken, captured))
        if pits[self.stores[side]] >= self.target():
            return None, captured
        return self._next_side(pits, side, trace), captured

    def _next_side(self, pits, side, trace):
        """A player with no stones passes; one who can move must."""
        m = self.houses
        opponent = 1 - side
        start = opponent * (m + 1)
        if any(pits[start:start + m]):
            return opponent
        if trace is not None:
            trace.append(("pass", opponent))
        return side

    def termination(self, pits):
        # play ends an Owari game only by the score, which only one side can
        # reach; a finished position text without that (24-24 included)
        # ended at the move limit, its rows swept
        m = self.houses
        if (pits[m] >= self.target()) != (pits[2 * m + 1] >= self.target()):
            return SCORE
        return MOVE_LIMIT

    def game_over(self, pits):
        m = self.houses
        return max(pits[m], pits[2 * m + 1]) >= self.target() or self.houses_empty(pits)


class Oware(CapturingRules):
    """Oware abapa: capture 2s and 3s back along the opponent's row; feed them."""

    family = "oware"
    title = "Oware abapa"
    aliases = ("oware-abapa", "abapa", "awale", "awari", "ayo")

    def target(self):
        return self.total // 2 + 1  # more than half wins at once

    def legal_moves(self, pits, side):
        m = self.houses
        start = side * (m + 1)
        moves = [h + 1 for h in range(m) if pits[start + h]]
        opponent = (1 - side) * (m + 1)
        if any(pits[opponent:opponent + m]):
            return moves
        # Must feed: house h reaches the opponent's row with m - h + 1 seeds.
        return [h for h in moves if pits[start + h - 1] > m - h]

    def play(self, pits, side, house, trace=None):
        m = self.houses
        last = self.sow(pits, side, side * (m + 1) + house - 1, trace)
        opponent = 1 - side
        start = opponent * (m + 1)
        taken = []
        pit = last
        while start <= pit < start + m and pits[pit] in (2, 3):
            taken.append(pit)
            pit -= 1
        captured = 0
        if taken:
            captured = sum(pits[p] for p in taken)
            if captured == sum(pits[start:start + m]):
                captured = 0  # a grand slam is legal but captures nothing
                if trace is not None:
                    trace.append(("grand-slam", side))
            else:
                for p in taken:
                    pits[p] = 0
                pits[self.stores[side]] += captured
                if trace is not None:
                    trace.append(("capture", side, taken, captured))
        if pits[self.stores[side]] >= self.target():
            return None, captured
        if not self.legal_moves(pits, opponent):
            self.sweep(pits, trace)
            return None, captured
        return opponent, captured

    def termination(self, pits):
        # The no-feed end sweeps every row; a score end leaves seeds on the
        # loser's row, since a grand slam captures nothing.
        if self.houses_empty(pits):
            return NO_FEED
        return SCORE

    def game_over(self, pits):
        m = self.houses
        return max(pits[m], pits[2 * m + 1]) >= self.target() or self.houses_empty(pits)


FAMILIES = (Kalah, Owari, Oware, RelayKalah)
DEFAULT_RULES = "kalah(6,4)"


def _family(word):
    for family in FAMILIES:
        if word == family.family or word in family.aliases:
            return family
    return None


def known_names():
    """One example name per family, for messages and menus."""
    return ["kalah(6,4)", "kalah(6,3)+empty-capture", "kalah(6,3)+gamelink",
            "kalah(6,6)+pie", "owari", "oware", "relay-kalaha"]


def _parse_size(text, name):
    inside = text[1:-1].split(",")
    if not (text.startswith("(") and text.endswith(")")) or len(inside) != 2:
        raise KalahError(N_("rule set '%(name)s': the size must be written (houses,seeds), e.g. kalah(6,4)"),
                         name=name)
    try:
        return int(inside[0].strip()), int(inside[1].strip())
    except ValueError:
        raise KalahError(N_("rule set '%(name)s': houses and seeds must be whole numbers"), name=name)


_cache = {}


def find_rules(name=DEFAULT_RULES):
    """The rule set with this name or alias, e.g. 'kalah(6,3)+empty-capture'.

    Names are case-insensitive; spaces are ignored. An unknown name raises
    KalahError listing the rule sets that exist.
    """
    if isinstance(name, Rules):
        return name
    if not isinstance(name, str):
        raise KalahError(N_("a rule set name must be text, not %(type)s"), type=type(name).__name__)
    if len(name) > 80:
        raise KalahError(N_("unknown rule set '%(name)s'; known: %(known)s"), name=name[:40] + "...",
                         known=", ".join(known_names()))
    key = name.strip().lower().replace(" ", "")
    if key in _cache:
        return _cache[key]
    parts = key.split("+")
    head = parts[0]
    size = None
    if "(" in head:
        at = head.index("(")
        size = _parse_size(head[at:], name)
        head = head[:at]
    family = _family(head)
    if family is None:
        raise KalahError(N_("unknown rule set '%(name)s'; known: %(known)s"), name=name, known=", ".join(known_names()))
    options = []
    limit = None
    for word in parts[1:]:
        if word.startswith("limit") and family.move_limit is not None:
            digits = word[5:].lstrip("=")
            if not digits or len(digits) > 6 or not all(c in "0123456789" for c in digits):
                raise KalahError(N_("rule set '%(name)s': the move limit is written limitN, e.g. %(example)s"),
                                 name=name, example=family.family + "+limit200")
            limit = int(digits)
            continue
        option = option_named(word)
        if option is None:
            raise KalahError(N_("rule set '%(name)s': unknown option '%(option)s' (options: %(options)s)"), name=name,
                             option=word, options=", ".join(OPTIONS))
        options.append(option.name)
    houses, seeds = size or (None, None)
    if limit is None:
        rules = family(houses, seeds, options)
    else:
        rules = family(houses, seeds, options, move_limit=limit)
    _cache[key] = rules
    return rules
