"""The rules page's "try it" positions: for each rule, a position, the move that shows it and
how to tell whether a move did.

Pure data and logic over kalah.game.board (no browser), so the same code judges a move under
CPython (tests) and MicroPython (rules.html's page, kalah/web/rules/page.py):

    >>> lesson = find_lesson("capture")
    >>> verdict = try_move(lesson, 1)
    >>> verdict.right, verdict.sentences[-1]
    (True, 'That is the move asked for: it captured.')

Every board is Kalah-sized down to four houses a side, so that it fits a phone beside its
stores; the rules are the same at any size. Each position has exactly one move that shows its
rule (tests/engine/test_rules_tour.py plays every legal move to keep it so).
"""

from kalah.game.board import Board
from kalah.errors import KalahError
from kalah.game.narration import describe_move, pit_name
from kalah.game.rules import NORTH, SWAP
from kalah.i18n import N_, _, side_word


class Lesson:
    """One rule's board: `position` (a position text), `answer` (the house 1..m of the side to
    move, or SWAP), `goal` (the name of what the answer makes happen, see GOALS) and `miss` (why
    another move is not it, marked with N_ and said in the page's language). What the reader is
    asked to do is rules.html's text, readable before any Python runs."""

    def __init__(self, name, position, answer, goal, miss):
        self.name = name
        self.position = position
        self.answer = answer
        self.goal = goal
        self.miss = miss


def _sow_paths(report):
    return [event[2] for event in report.events if event[0] == "sow"]


def _last_in_north_row(rules, report):
    paths = _sow_paths(report)
    last = paths[-1][-1] if paths and paths[-1] else None
    return last is not None and not rules.is_store(last) and rules.owner(last) == NORTH


def _wrapped_past_north_store(rules, report):
    """The seeds went on from North's last house: into South's row, North's store skipped."""
    last_house = rules.house_index(NORTH, rules.houses)
    for path in _sow_paths(report):
        for k in range(len(path) - 1):
            if path[k] == last_house and path[k + 1] != rules.stores[NORTH]:
                return True
    return False


def _seed_in_north_store(rules, report):
    return any(rules.stores[NORTH] in path for path in _sow_paths(report))


def _has(kind):
    return lambda rules, report: any(event[0] == kind for event in report.events)


def _relay_capture(rules, report):
    return len(_sow_paths(report)) > 1 and _has("capture")(rules, report)


# goal name -> (what it says when reached, whether a MoveReport reached it)
GOALS = {
    "north-row": (N_("its last seed landed on North's row"), _last_in_north_row),
    "skip": (N_("its seeds went past North's store, skipping it, into your own row"), _wrapped_past_north_store),
    "extra": (N_("it earned an extra turn"), lambda rules, report: report.extra_turn),
    "capture": (N_("it captured"), _has("capture")),
    "sweep": (N_("it ended the game"), _has("sweep")),
    "swap": (N_("you swapped sides"), _has("swap")),
    "opponent-store": (N_("a seed fell in North's store"), _seed_in_north_store),
    "relay-capture": (N_("the relay ended in a capture"), _relay_capture),
}

LESSONS = (
    Lesson("sowing", "kalah(4,3)/2,3,3,1,0,3,3,3,3,3/S", 3, "north-row",
           N_("count the seeds: one in each pit that follows, counter-clockwise, your store included.")),
    Lesson("skip-store", "kalah(4,3)/1,1,1,7,0,2,2,2,2,6/S", 4, "skip",
           N_("only a house with enough seeds reaches round past North's store.")),
    Lesson("extra-turn", "kalah(4,3)/3,3,3,3,0,3,3,3,3,0/S", 2, "extra",
           N_("the last seed must fall exactly in your store: a house as many pits away as it has seeds.")),
    Lesson("capture", "kalah(4,3)/1,0,2,1,3,3,3,4,3,4/S", 1, "capture",
           N_("the last seed must land in an empty house of yours with seeds in the house facing it.")),
    Lesson("empty-capture", "kalah(4,3)+empty-capture/1,0,2,1,4,4,4,0,4,4/S", 1, "capture",
           N_("the last seed must land in an empty house of yours (here the house facing it may be empty).")),
    Lesson("end", "kalah(4,3)/1,0,1,2,8,0,0,5,0,7/S", 1, "sweep",
           N_("North still has seeds on its row, so the game goes on.")),
    Lesson("pie", "kalah(4,3)+pie/0,1,5,5,1,3,3,3,3,0/N/swap", SWAP, "swap",
           N_("a sowing keeps your seat, and the offer is gone: it comes only now.")),
    Lesson("gamelink", "kalah(4,3)+gamelink/1,1,1,7,0,2,2,2,2,6/S", 4, "opponent-store",
           N_("only a house with enough seeds reaches North's store.")),
    Lesson("owari", "owari(4,3)/1,0,0,3,6,1,1,2,4,6/S", 4, "capture",
           N_("no house that held exactly one seed got a second one.")),
    Lesson("oware", "oware(4,3)/0,0,1,2,5,1,2,4,4,5/S", 4, "capture",
           N_("the last seed must make a house on North's row hold 2 or 3.")),
    Lesson("relay", "relay-kalaha(4,3)/3,3,3,3,0,3,3,3,3,0/S", 4, "relay-capture",
           N_("the relay must end in an empty house of yours with seeds facing it.")),
)


def find_lesson(name):
    for lesson in LESSONS:
        if lesson.name == name:
            return lesson
    raise KalahError("no rule lesson '%s'; known: %s" % (str(name)[:40], ", ".join(l.name for l in LESSONS)))


class Verdict:
    """What a move did: `board` after it (None when the move was refused), `report`, `right`
    (whether it was the move asked for) and `sentences` to show."""

    def __init__(self, board, report, right, sentences):
        self.board = board
        self.report = report
        self.right = right
        self.sentences = sentences


def reached(lesson, rules, report):
    """Whether a move's MoveReport made the lesson's rule happen."""
    return GOALS[lesson.goal][1](rules, report)


def try_move(lesson, move, side=None):
    """Play `move` (a house of the side to move, or SWAP) from the lesson's position.

    side: the side whose house was clicked, when it is not the side to move the move is refused
    with a sentence saying whose turn it is. A refused or illegal move gives a Verdict with
    board None and the engine's reason.
    """
    board = Board(position=lesson.position)
    if side is not None and side != board.turn:
        return Verdict(None, None, False, [_("It is %(side)s's turn here: play one of %(side)s's houses.") % {
            "side": side_word(board.turn)}])
    if move != SWAP and move in range(1, board.rules.houses + 1) and \
            board.pits[board.rules.house_index(board.turn, move)] == 0:
        where = pit_name(board.rules, board.rules.house_index(board.turn, move))
        return Verdict(None, None, False, [_sentence(_("%(pit)s is empty: pick a house with seeds") % {"pit": where})])
    try:
        report = board.push(move)
    except KalahError as error:
        return Verdict(None, None, False, [_reason(error)])
    sentences = describe_move(board.rules, report)
    said = GOALS[lesson.goal][0]
    if reached(lesson, board.rules, report):
        sentences.append(_("That is the move asked for: %(goal)s.") % {"goal": _(said)})
        return Verdict(board, report, True, sentences)
    sentences.append(_("Not this one: %(why)s") % {"why": _(lesson.miss)})
    return Verdict(board, report, False, sentences)


def _reason(error):
    """The engine's message without its 'move 1: ' prefix, as a sentence."""
    text = str(error)
    if text.startswith("move ") and ": " in text:
        text = text[text.index(": ") + 2:]
    return _sentence(text)


def _sentence(text):
    return text[:1].upper() + text[1:] + "."


def answers(lesson):
    """Every legal move of the lesson's position that reaches its goal (tests keep it [answer])."""
    board = Board(position=lesson.position)
    found = []
    for move in board.legal_moves:
        if try_move(lesson, move).right:
            found.append(move)
    return found
