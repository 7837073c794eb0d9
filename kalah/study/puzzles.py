"""Puzzles: "find the best move" positions whose answers are proven.

    >>> from kalah.study import puzzles
    >>> from kalah.study.puzzle_maker import shipped
    >>> found = shipped("kalah(6,4)")                # the set in static/data/
    >>> first = found.puzzles[0]
    >>> first.id, first.best, first.value
    ('kalah6-4-0001', 6, -8)
    >>> first.check(6), first.check(1)
    (True, False)

A puzzle file is one JSON object (docs/formats.md, "Puzzle sets"):
{"format": "kalah-puzzles", "version": 1, "rules": R, "puzzles": [...]}, each
puzzle {"id", "position", "best", "value", "second", "values", "themes",
"difficulty", "rating", "found", "refutations", "source"}, and where the proof
shows a forced line, "line" (the whole solution, the opponent's replies
included) and "steps" (each later move's values and refutations). Every value is the
mover's final margin with perfect play (stores counted, as `python -m kalah
solve` gives it), proven by the numba solver when the set was built
(`python -m kalah build-puzzles`). The best move beats every other move by
at least MIN_MARGIN seeds, so exactly one answer is right.

Plain Python that MicroPython runs too: the puzzles page reads the same file
with this module.
"""

import json

from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.library.fragments import read_fields
from kalah.game.rules import find_rules
from kalah.i18n import N_, _

FORMAT = "kalah-puzzles"
VERSION = 1
MIN_MARGIN = 2
# In the order a puzzle lists them; a puzzle has at least one.
THEMES = ("opening", "capture", "extra-turn", "endgame", "middle-game")
# The names people read (marked N_: the puzzles page says them in its language, `_(THEME_NAMES[t])`;
# the command line and the links keep the English and the keys).
THEME_NAMES = {"opening": N_("Opening"), "capture": N_("Capture"), "extra-turn": N_("Extra turn"),
               "endgame": N_("Endgame"), "middle-game": N_("Middle game")}
DIFFICULTIES = (1, 2, 3, 4, 5)
DIFFICULTY_NAMES = {1: N_("easy"), 2: N_("fair"), 3: N_("tricky"), 4: N_("hard"), 5: N_("very hard")}
# Seeds in the houses that make a kalah(6,4) position an opening or an endgame (the bands
# of scripts/bench/accuracy.py: endgame 0-22, middle 23-36, opening 37+ of its 48 seeds);
# smaller boards scale them to their own seeds (theme_bands).
ENDGAME_SEEDS = 22
OPENING_SEEDS = 37
BANDS_SEEDS = 48
MAX_BYTES = 4 * 1024 * 1024
# The rule sets a set is shipped for (static/data/), the first the default; the small
# boards are those the rules page teaches with.
SHIPPED_RULES = ("kalah(6,4)", "kalah(6,4)+empty-capture", "kalah(6,3)", "kalah(4,3)")
# The rule sets whose stored games give puzzles ("From your games": kalah/study/history_puzzles.py),
# where the endgame table makes the proofs seconds in the worker.
YOUR_GAMES_RULES = SHIPPED_RULES[:2]
LINK_KEYS = ("set", "rules", "id", "theme", "difficulty", "mode", "seconds")
# How puzzles are played: one at a time, a streak (one wrong answer ends it) or a timed run.
MODES = ("practice", "streak", "timed")
MODE_NAMES = {"practice": N_("One at a time"), "streak": N_("Streak"), "timed": N_("Timed run")}
TIMED_SECONDS = 180              # a timed run's length unless a link's seconds= says otherwise
MIN_SECONDS, MAX_SECONDS = 10, 3600
RUN_START_RATING = 1000          # a run's first puzzle; each solved one asks RUN_RATING_STEP more
RUN_RATING_STEP = 50
# The sets a link can name: the shipped ones (no set= in the link) and the player's own,
# found in their stored games (kalah/study/history_puzzles.py); a "-you-" id is one of those.
SETS = ("shipped", "yours")
MAX_LINK = 200
START_RATING = 1200
RATING_K = 32
# A puzzle's rating: EASIEST_RATING when all LEVELS computer levels find it, RATING_PER_LEVEL more
# for each that misses it (rating_of).
EASIEST_RATING = 1000
RATING_PER_LEVEL = 125
LEVELS = 8
MAX_RESULTS = 5000   # answers kept in storage, the oldest forgotten first


def set_key(rules):
    """'kalah6-4', 'kalah6-4-empty-capture': the start of a set's file name and of its ids."""
    name = find_rules(rules).name
    return name.replace("kalah(", "kalah").replace(",", "-").replace(")", "").replace("+", "-")


def file_name(rules):
    """'puzzles-kalah6-4.json', 'puzzles-kalah6-4-empty-capture.json'."""
    return "puzzles-" + set_key(rules) + ".json"


def houses_seeds(board):
    """The seeds in the houses of `board` (kalah.game.rules.Rules.houses_seeds)."""
    return board.rules.houses_seeds(board.pits)


def theme_bands(rules):
    """(endgame, opening): a position with at most `endgame` seeds in the houses is an endgame,
    one with `opening` or more an opening; kalah(6,4)'s 22 and 37, in proportion on other boards
    (kalah(4,3): 11 and 19), so that a small board's puzzles are not all endgames."""
    seeds = 2 * rules.houses * rules.seeds
    return seeds * ENDGAME_SEEDS // BANDS_SEEDS, -(-seeds * OPENING_SEEDS // BANDS_SEEDS)


def difficulty_of(found):
    """1 (easy) .. 5 (very hard) from how many of levels 1-8 find the move (0..8, expected)."""
    if found >= 7:
        return 1
    if found >= 5.5:
        return 2
    if found >= 4:
        return 3
    if found >= 2.5:
        return 4
    return 5


def rating_of(found):
    """A puzzle's rating: 1000 when every level finds it, 2000 when none does (one scale for every set)."""
    return int(round(EASIEST_RATING + RATING_PER_LEVEL * (LEVELS - found)))


def rating_scale_text():
    """What a rating means and how it moves, as puzzles.html explains it (from the numbers used), in
    the page's language."""
    return _("Puzzle ratings run from %(easiest)d (every computer level finds the answer) to %(hardest)d "
             "(none does). A puzzle's rating is %(easiest)d plus %(step)d for each of the computer's "
             "%(levels)d levels that would miss it, and a puzzle of several moves is found only by finding "
             "every move. It is one scale for every rule set, the small boards included. Yours starts at "
             "%(start)d and moves only on a puzzle's first answer (in a streak or a timed run too), as an Elo "
             "rating does: a solve gains %(k)d x (1 - E) and a miss loses %(k)d x E, where "
             "E = 1 / (1 + 10^((puzzle - yours) / 400)) is the score expected of you against that puzzle; "
             "so a puzzle rated as you are moves you %(half)d either way, and a harder one gains more. It is "
             "not the computer levels' scale (there, random moves are 0). It is kept in this browser only.") % {
        "easiest": EASIEST_RATING, "hardest": EASIEST_RATING + RATING_PER_LEVEL * LEVELS,
        "step": RATING_PER_LEVEL, "levels": LEVELS, "start": START_RATING, "k": RATING_K, "half": RATING_K // 2}


def _int(value, what):
    if type(value) is not int:
        raise KalahError("%s must be a whole number, not %r" % (what, value))
    return value


def _read_values(values, board, where):
    """{move: value} of a JSON object giving every legal move of `board` its value."""
    if type(values) is not dict:
        raise KalahError("%s: values must be an object of move values" % where)
    legal = [str(move) for move in board.legal_moves]
    read = {}
    for key, value in values.items():
        if key not in legal:
            raise KalahError("%s: %r is not a legal move there" % (where, key))
        read[int(key)] = _int(value, "%s: the value of move %s" % (where, key))
    if sorted(read) != sorted(board.legal_moves):
        raise KalahError("%s: values must give every legal move" % where)
    return read


def _read_refutations(refutations, board, best, where):
    """{wrong move: the best play after it} of a JSON object."""
    if type(refutations) is not dict:
        raise KalahError("%s: refutations must be an object" % where)
    legal = [str(move) for move in board.legal_moves]
    read = {}
    for key, line in refutations.items():
        if key not in legal or int(key) == best:
            raise KalahError("%s: a refutation of %r, which is not a wrong move" % (where, key))
        if type(line) is not list or [move for move in line if type(move) is not int]:
            raise KalahError("%s: the refutation of %s must be a list of moves" % (where, key))
        read[int(key)] = line
    return read


class Step:
    """One move the solver must find: its one right answer, every move's value, the refutations."""

    def __init__(self, best, values, refutations):
        self.best = best
        self.values = values
        self.refutations = refutations


def _read_line(data, board, puzzle, where):
    """The puzzle's whole solution (house numbers, the opponent's replies included) and a Step
    for each of the solver's moves in it. A one-move puzzle has no "line" field: [best], one Step.

    A longer line is the proof's forced line: after each of the solver's moves the opponent
    plays its best reply (or the solver moves again after an extra turn), and each later
    move of the solver is, as the first, the one move that beats every other by MIN_MARGIN
    seeds ("steps": its values and refutations, one entry a later move); it ends on one."""
    first = Step(puzzle.best, puzzle.values, puzzle.refutations)
    line = data.get("line")
    steps = data.get("steps")
    if line is None and steps is None:
        return [puzzle.best], [first]
    if type(line) is not list or len(line) < 2 or [move for move in line if type(move) is not int]:
        raise KalahError("%s: line must be a list of two or more moves" % where)
    if line[0] != puzzle.best:
        raise KalahError("%s: its line must start with the best move" % where)
    if type(steps) is not list:
        raise KalahError("%s: a puzzle with a line must have its later steps" % where)
    solver = board.turn
    board = board.copy()
    board.push(line[0])
    found = [first]
    by_solver = True
    for index, move in enumerate(line[1:]):
        if board.turn is None or move not in board.legal_moves:
            raise KalahError("%s: move %d of its line (%d) is not legal there" % (where, index + 2, move))
        if board.turn == solver:
            if len(found) > len(steps) or type(steps[len(found) - 1]) is not dict:
                raise KalahError("%s: its steps must give each later move of the solver" % where)
            step = steps[len(found) - 1]
            at = "%s, move %d of its line" % (where, index + 2)
            values = _read_values(step.get("values"), board, at)
            others = [value for other, value in values.items() if other != move]
            if not others or values[move] - max(others) < MIN_MARGIN:
                raise KalahError("%s: it must beat every other move by %d seeds" % (at, MIN_MARGIN))
            found.append(Step(move, values, _read_refutations(step.get("refutations"), board, move, at)))
        by_solver = board.turn == solver
        board.push(move)
    if len(found) != len(steps) + 1:
        raise KalahError("%s: its steps must give each later move of the solver" % where)
    if not by_solver:
        raise KalahError("%s: its line must end with a move of the solver" % where)
    return line, found


class Puzzle:
    """One position, its proven move values and what a solver needs to check an answer."""

    def __init__(self, data, rules):
        if type(data) is not dict:
            raise KalahError("a puzzle must be a JSON object")
        pid = data.get("id")
        if type(pid) is not str or not pid or len(pid) > 40:
            raise KalahError("a puzzle has no valid id")
        where = "puzzle %s" % pid
        self.id = pid
        position = data.get("position")
        if type(position) is not str:
            raise KalahError("%s: position must be a position text" % where)
        try:
            board = Board.from_position(position)
        except KalahError as error:
            raise KalahError("%s: %s" % (where, error))
        if board.rules != rules:
            raise KalahError("%s: its position is %s, not %s" % (where, board.rules.name, rules.name))
        if board.turn is None:
            raise KalahError("%s: the game is over in its position" % where)
        self.position = position
        self.rules = rules
        self.values = _read_values(data.get("values"), board, where)
        self.best = _int(data.get("best"), "%s: best" % where)
        self.value = _int(data.get("value"), "%s: value" % where)
        self.second = _int(data.get("second"), "%s: second" % where)
        others = [v for move, v in self.values.items() if move != self.best]
        if self.values.get(self.best) != self.value or not others or max(others) != self.second:
            raise KalahError("%s: best, value and second do not agree with values" % where)
        if self.value - self.second < MIN_MARGIN:
            raise KalahError("%s: the best move must beat every other by %d seeds" % (where, MIN_MARGIN))
        themes = data.get("themes")
        if type(themes) is not list or not themes or [t for t in themes if t not in THEMES]:
            raise KalahError("%s: themes must be a list of %s" % (where, ", ".join(THEMES)))
        self.themes = themes
        self.difficulty = _int(data.get("difficulty"), "%s: difficulty" % where)
        if self.difficulty not in DIFFICULTIES:
            raise KalahError("%s: difficulty must be 1..5" % where)
        self.rating = _int(data.get("rating"), "%s: rating" % where)
        found = data.get("found")
        if type(found) not in (int, float) or not 0 <= found <= 8:
            raise KalahError("%s: found must be a number 0..8" % where)
        self.found = found
        self.refutations = _read_refutations(data.get("refutations"), board, self.best, where)
        self.source = str(data.get("source", ""))
        self.line, self.steps = _read_line(data, board, self, where)

    @property
    def theme(self):
        """The puzzle's first theme, the one it is filed under."""
        return self.themes[0]

    def board(self):
        return Board.from_position(self.position)

    @property
    def moves(self):
        """How many moves the solver makes: 1, or more where the proof shows a forced line."""
        return len(self.steps)

    def check(self, move):
        """Whether `move` (a house number) is the answer."""
        return move == self.best

    def line_after(self, move):
        """The wrong move then its refutation: the moves of the best play that follows."""
        return [move] + self.refutations.get(move, [])

    def as_dict(self):
        """The fields `python -m kalah puzzles --json` prints for each puzzle."""
        found = {"id": self.id, "position": self.position, "best": self.best, "value": self.value,
                "second": self.second, "values": dict((str(m), v) for m, v in sorted(self.values.items())),
                "theme": self.theme, "themes": list(self.themes), "difficulty": self.difficulty,
                "rating": self.rating, "found": self.found,
                "refutations": dict((str(m), list(line)) for m, line in sorted(self.refutations.items())),
                "source": self.source}
        if len(self.line) > 1:   # the contract: a longer puzzle adds its whole solution
            found["line"] = list(self.line)
        return found


RIGHT, SOLVED, WRONG = "right", "solved", "wrong"


class Attempt:
    """One play through a puzzle, answer by answer (the page draws what `answer` returns).

    `board` is the position the solver is asked about now; a wrong answer leaves it as it
    was, so "Try again" asks the same move again."""

    def __init__(self, puzzle):
        self.puzzle = puzzle
        self.board = puzzle.board()
        self.solver = self.board.turn
        self.played = 0   # moves of the line on the board
        self.index = 0    # the solver's move asked now: 0 for the first, 1 for the second, ...

    @property
    def step(self):
        """The Step asked now."""
        return self.puzzle.steps[self.index]

    def answer(self, move):
        """(RIGHT, moves): the answer and the opponent's replies, now on `board`; (SOLVED, moves): the
        same for the last answer; (WRONG, moves): the answer and its refutation, which `board` does
        not keep."""
        step = self.step
        if move != step.best:
            return WRONG, [move] + step.refutations.get(move, [])
        line = self.puzzle.line
        moves = [move]
        self.board.push(move)
        self.played += 1
        while self.played < len(line) and self.board.turn != self.solver:
            moves.append(line[self.played])
            self.board.push(line[self.played])
            self.played += 1
        if self.played == len(line):
            return SOLVED, moves
        self.index += 1
        return RIGHT, moves


class PuzzleSet:
    """A rule set's puzzles, read from the JSON text of a puzzle file."""

    def __init__(self, text, where="the puzzle file"):
        if len(text) > MAX_BYTES:
            raise KalahError("%s is over %d bytes" % (where, MAX_BYTES))
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise KalahError("%s is not JSON: %s" % (where, error))
        if type(data) is not dict or data.get("format") != FORMAT:
            raise KalahError("%s is not a puzzle set (format %r)" % (where, FORMAT))
        if data.get("version") != VERSION:
            raise KalahError("%s is version %r of the format; this reads version %d" % (
                where, data.get("version"), VERSION))
        self.rules = find_rules(str(data.get("rules")))
        items = data.get("puzzles")
        if type(items) is not list:
            raise KalahError("%s has no list of puzzles" % where)
        self.puzzles = [Puzzle(item, self.rules) for item in items]
        self._by_id = dict((puzzle.id, puzzle) for puzzle in self.puzzles)
        if len(self._by_id) != len(self.puzzles):
            raise KalahError("%s has two puzzles with the same id" % where)

    def __len__(self):
        return len(self.puzzles)

    def by_id(self, pid):
        puzzle = self._by_id.get(pid)
        if puzzle is None:
            raise KalahError("there is no puzzle %r in the %s set" % (pid, self.rules.name))
        return puzzle

    def select(self, theme=None, difficulty=None):
        """The puzzles of a theme and/or difficulty, in the set's order."""
        if theme is not None and theme not in THEMES:
            raise KalahError("unknown theme %r; themes: %s" % (theme, ", ".join(THEMES)))
        if difficulty is not None and difficulty not in DIFFICULTIES:
            raise KalahError("difficulty must be 1..5, not %r" % (difficulty,))
        return [p for p in self.puzzles
                if (theme is None or theme in p.themes) and (difficulty is None or p.difficulty == difficulty)]

    def counts(self):
        """{(theme, difficulty): count}, a puzzle counted under each of its themes."""
        counts = {}
        for puzzle in self.puzzles:
            for theme in puzzle.themes:
                key = (theme, puzzle.difficulty)
                counts[key] = counts.get(key, 0) + 1
        return counts


def dumps(rules, puzzles):
    """The puzzle file's text: one puzzle a line, keys sorted, so a build is the same bytes."""
    head = '{"format": "%s", "version": %d, "rules": %s, "puzzles": [\n' % (
        FORMAT, VERSION, json.dumps(find_rules(rules).name))
    lines = [json.dumps(p, sort_keys=True, separators=(",", ":")) for p in puzzles]
    return head + ",\n".join(lines) + "\n]}\n"


class Choice:
    """What a puzzles link asks for: a rule set's puzzles, one of them, or a theme and difficulty,
    played one at a time or in a run (a streak, a timed run of `seconds`)."""

    def __init__(self, rules=SHIPPED_RULES[0], pid=None, theme=None, difficulty=None, set_name=SETS[0],
                 mode=MODES[0], seconds=TIMED_SECONDS):
        self.set_name = set_name
        self.rules = find_rules(rules)
        self.pid = pid
        self.theme = theme
        self.difficulty = difficulty
        self.mode = mode
        self.seconds = seconds

    def __eq__(self, other):
        return (isinstance(other, Choice) and self.set_name == other.set_name
                and self.rules == other.rules and self.pid == other.pid
                and self.theme == other.theme and self.difficulty == other.difficulty
                and self.mode == other.mode and self.seconds == other.seconds)

    def __repr__(self):
        return "Choice(%r)" % format_link(self)


def _shipped_rules(name):
    try:
        rules = find_rules(name)
    except KalahError as error:
        raise KalahError("rules=: %s" % error)
    if rules.name not in SHIPPED_RULES:
        raise KalahError("there are no puzzles for %s (puzzles: %s)" % (rules.name, ", ".join(SHIPPED_RULES)))
    return rules


def parse_link(fragment):
    """The Choice of a puzzles.html fragment, e.g. 'rules=kalah(6,4)&theme=capture&difficulty=2',
    'id=kalah6-4-0012' (the id names its rule set) or 'set=yours' (the puzzles from the player's
    own games); KalahError says what is wrong."""
    fields = read_fields(fragment, LINK_KEYS, "puzzle choice", MAX_LINK)
    set_name = fields.get("set") or SETS[0]
    if set_name not in SETS:
        raise KalahError("unknown set '%s' (sets: %s)" % (set_name[:40], ", ".join(SETS)))
    pid = fields.get("id") or None
    if pid is not None and "-you-" in pid:
        set_name = "yours"
    rules = _shipped_rules(fields["rules"]) if "rules" in fields else None
    if pid is not None:
        # The longest key first: 'kalah6-4-empty-capture-0001' is not a kalah(6,4) id.
        owners = [name for name in sorted(SHIPPED_RULES, key=lambda n: -len(set_key(n)))
                  if pid.startswith(set_key(name) + "-")]
        if not owners:
            raise KalahError("'%s' is not a puzzle id (ids look like %s-0001)" % (pid[:40], set_key(SHIPPED_RULES[0])))
        if rules is not None and rules.name != owners[0]:
            raise KalahError("puzzle %s is a puzzle of %s, not of %s" % (pid, owners[0], rules.name))
        rules = find_rules(owners[0])
    theme = fields.get("theme") or None
    if theme is not None and theme not in THEMES:
        raise KalahError("unknown theme '%s' (themes: %s)" % (theme[:40], ", ".join(THEMES)))
    difficulty = fields.get("difficulty") or None
    if difficulty is not None:
        if difficulty not in [str(d) for d in DIFFICULTIES]:
            raise KalahError("difficulty= must be 1..5, not '%s'" % difficulty[:40])
        difficulty = int(difficulty)
    mode = fields.get("mode") or MODES[0]
    if mode not in MODES:
        raise KalahError("unknown mode '%s' (modes: %s)" % (mode[:40], ", ".join(MODES)))
    seconds = fields.get("seconds") or None
    if seconds is not None:
        if mode != "timed":
            raise KalahError("seconds= is the length of a timed run (mode=timed)")
        # ASCII digits only: CPython's isdigit() and int() take other scripts' digits, MicroPython's not.
        whole = 0 < len(seconds) <= 4 and all(c in "0123456789" for c in seconds)
        if not whole or not MIN_SECONDS <= int(seconds) <= MAX_SECONDS:
            raise KalahError("seconds= must be a whole number %d..%d, not '%s'" % (
                MIN_SECONDS, MAX_SECONDS, seconds[:40]))
        seconds = int(seconds)
    return Choice(rules or SHIPPED_RULES[0], pid, theme, difficulty, set_name, mode, seconds or TIMED_SECONDS)


def format_link(choice):
    """The fragment (without '#') of a Choice; parse_link reads it back to an equal Choice."""
    parts = [] if choice.set_name == SETS[0] else ["set=" + choice.set_name]
    parts.append("rules=" + choice.rules.name)
    if choice.pid is not None:
        parts.append("id=" + choice.pid)
    if choice.theme is not None:
        parts.append("theme=" + choice.theme)
    if choice.difficulty is not None:
        parts.append("difficulty=%d" % choice.difficulty)
    if choice.mode != MODES[0]:
        parts.append("mode=" + choice.mode)
    if choice.mode == "timed" and choice.seconds != TIMED_SECONDS:
        parts.append("seconds=%d" % choice.seconds)
    return "&".join(parts)


class Run:
    """A streak (one wrong answer ends it) or a timed run (solve as many as you can before the
    clock ends it; a wrong answer only moves on). Each next puzzle is one not yet met in the run
    whose rating is nearest RUN_START_RATING + RUN_RATING_STEP for each solved so far, so a run
    starts easy and climbs (the set's order breaks ties)."""

    def __init__(self, mode, seconds=TIMED_SECONDS):
        self.mode = mode
        self.seconds = seconds
        self.solved = 0
        self.missed = 0
        self.seen = []
        self.over = False

    def next_puzzle(self, candidates):
        target = RUN_START_RATING + RUN_RATING_STEP * self.solved
        fresh = [p for p in candidates if p.id not in self.seen]
        if not fresh:
            return None
        chosen = fresh[0]
        for puzzle in fresh:
            if abs(puzzle.rating - target) < abs(chosen.rating - target):
                chosen = puzzle
        self.seen.append(chosen.id)
        return chosen

    def answered(self, solved):
        """Count an answer; a streak is over at its first miss."""
        if solved:
            self.solved += 1
        else:
            self.missed += 1
            if self.mode == "streak":
                self.over = True

    def time_left(self, elapsed):
        """Whole seconds left after `elapsed` seconds (a timed run ends at 0)."""
        return max(0, self.seconds - int(elapsed))


def clock_text(seconds):
    """'3:00', '0:07'."""
    return "%d:%02d" % (seconds // 60, seconds % 60)


def expected_score(rating, against):
    return 1.0 / (1.0 + 10 ** ((against - rating) / 400.0))


class Progress:
    """A player's puzzle record: rating, streak, best streak and each puzzle's first answer.

    Only a puzzle's first answer moves the rating (Elo against the puzzle's
    rating); trying it again or asking for the answer changes nothing more."""

    def __init__(self, rating=START_RATING, streak=0, best=0, results=None, best_runs=None):
        self.rating = rating
        self.streak = streak
        self.best = best
        self.results = results if results is not None else {}   # id -> 1 solved, 0 failed
        self.best_runs = best_runs if best_runs is not None else {}   # mode -> most solved in a run

    @classmethod
    def from_text(cls, text):
        """The Progress stored as `text`; a fresh one (and a reason) when it cannot be read."""
        if text is None:
            return cls(), None
        try:
            data = json.loads(text)
            rating, streak, best, results = data["rating"], data["streak"], data["best"], data["results"]
            numbers = [rating, streak, best] + list(results.values())
            if [n for n in numbers if type(n) is not int] or [k for k in results if type(k) is not str]:
                raise ValueError("not whole numbers")
            if not 0 <= rating <= 4000 or streak < 0 or best < 0 or [v for v in results.values() if v not in (0, 1)]:
                raise ValueError("out of range")
            # Records from before runs have no "runs".
            runs = data.get("runs", {})
            if type(runs) is not dict or [m for m in runs if m not in MODES[1:]] or [
                    n for n in runs.values() if type(n) is not int or n < 0]:
                raise ValueError("runs")
            return cls(rating, streak, best, results, runs), None
        except Exception:   # any damage: start again rather than break the page
            return cls(), _("Your saved puzzle record could not be read, so it starts again.")

    def to_text(self):
        return json.dumps({"rating": self.rating, "streak": self.streak, "best": self.best,
                           "results": self.results, "runs": self.best_runs})

    def run_ended(self, run):
        """Keep a run's count when it is the mode's best; whether it was (a new best)."""
        if run.solved > self.best_runs.get(run.mode, 0):
            self.best_runs[run.mode] = run.solved
            return True
        return False

    def answered(self, puzzle):
        return puzzle.id in self.results

    def record(self, puzzle, solved):
        """Count a first answer; returns the rating change (0 for a puzzle answered before)."""
        if puzzle.id in self.results:
            return 0
        if len(self.results) >= MAX_RESULTS:
            for key in list(self.results)[:len(self.results) - MAX_RESULTS + 1]:
                del self.results[key]
        self.results[puzzle.id] = 1 if solved else 0
        change = int(round(RATING_K * ((1 if solved else 0) - expected_score(self.rating, puzzle.rating))))
        self.rating = max(0, min(4000, self.rating + change))
        self.streak = self.streak + 1 if solved else 0
        self.best = max(self.best, self.streak)
        return change

    def next_puzzle(self, candidates, after=None):
        """The unanswered candidate whose rating is nearest the player's (the set's order breaks
        ties); when all are answered, the one after `after` (or the first)."""
        fresh = [p for p in candidates if p.id not in self.results]
        if fresh:
            best = fresh[0]
            for puzzle in fresh:
                if abs(puzzle.rating - self.rating) < abs(best.rating - self.rating):
                    best = puzzle
            return best
        if not candidates:
            return None
        ids = [p.id for p in candidates]
        index = ids.index(after) + 1 if after in ids else 0
        return candidates[index % len(candidates)]
