"""Words for what happened: each move's sentences and the result.

One place for narration, shared by the page's live region, the replay viewer
and the command line (`play`, `replay`). Plain Python that runs under
MicroPython too.
"""

from kalah.game.notation import house_letter
from kalah.game.rules import MOVE_LIMIT, NO_FEED, SIDE_NAMES


def pit_name(rules, index):
    """'house C', 'house d' or 'South's store' for a pit index."""
    side = rules.owner(index)
    if rules.is_store(index):
        return "%s's store" % SIDE_NAMES[side]
    house = index - side * (rules.houses + 1) + 1
    return "house " + house_letter(side, house)


def _seeds(count):
    return "1 seed" if count == 1 else "%d seeds" % count


def _joined(words):
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def describe_move(rules, report):
    """Sentences saying what a move did (a MoveReport), in order, ending with the result."""
    side = report.side
    name = SIDE_NAMES[side]
    sentences = []
    lifts = 0
    for event in report.events:
        kind = event[0]
        if kind == "sow":
            lifts += 1
            if lifts == 1:
                sentences.append("%s sows %s (%s)." % (name, pit_name(rules, event[1]), _seeds(len(event[2]))))
        elif kind == "capture":
            taken = event[2]
            if len(taken) == 2 and event[3] == 1:
                # Kalah's capture names the last seed's house and the one facing it; one seed in
                # all means that house was empty (the empty-capture option): nothing came from it.
                taken = taken[:1]
            pits = [pit_name(rules, pit) for pit in taken]
            sentences.append("%s captures %s from %s." % (name, _seeds(event[3]), _joined(pits)))
        elif kind == "extra":
            sentences.append("The last seed fell in %s's store: %s moves again." % (name, name))
        elif kind == "pass":
            passer = SIDE_NAMES[event[1]]
            sentences.append("%s has no seeds and passes: %s moves again." % (passer, SIDE_NAMES[1 - event[1]]))
        elif kind == "grand-slam":
            sentences.append("That would take every seed on %s's row (a grand slam), so nothing is captured."
                             % SIDE_NAMES[1 - side])
        elif kind == "relay-cap":
            sentences.append("The relay stopped after %d lifts; the turn passes." % event[2])
        elif kind == "sweep":
            sentences.append("%s adds the %s left on their row to their store." % (SIDE_NAMES[event[1]], _seeds(event[2])))
        elif kind == "swap":
            sentences.append("%s swaps (pie rule): the players exchange seats, and the player now "
                             "sitting North moves." % name)
    if lifts > 1:
        sentences.insert(1, "The sowing relayed: %d lifts in this turn." % lifts)
    if report.outcome is not None:
        sentences.append(describe_outcome(report.outcome))
    return sentences


def describe_outcome(outcome):
    """The result with the final scores, and why the game ended when that is not plain."""
    why = ""
    if outcome.termination == MOVE_LIMIT:
        why = "No capture for too long: the game ends and each side keeps the seeds on its row. "
    elif outcome.termination == NO_FEED:
        why = "No move can give the empty side seeds: the mover takes the seeds left. "
    return "Game over. " + why + outcome.describe() + " Final score: South %d, North %d." % outcome.scores
