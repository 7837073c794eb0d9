"""Words for what happened: each move's sentences and the result.

One place for narration, shared by the page's live region, the replay viewer
and the command line (`play`, `replay`). Plain Python that runs under
MicroPython too.
"""

from kalah.i18n import _, seeds_text, side_word
from kalah.game.notation import house_letter
from kalah.game.rules import FORFEIT, MOVE_LIMIT, NO_FEED


def pit_name(rules, index):
    """'house C', 'house d' or 'South's store' for a pit index."""
    side = rules.owner(index)
    if rules.is_store(index):
        return _("%(side)s's store") % {"side": side_word(side)}
    house = index - side * (rules.houses + 1) + 1
    return _("house %(letter)s") % {"letter": house_letter(side, house)}


def _joined(words):
    if len(words) <= 1:
        return "".join(words)
    return _("%(list)s and %(last)s") % {"list": _(", ").join(words[:-1]), "last": words[-1]}


def describe_move(rules, report):
    """Sentences saying what a move did (a MoveReport), in order, ending with the result."""
    side = report.side
    name = side_word(side)
    sentences = []
    lifts = 0
    for event in report.events:
        kind = event[0]
        if kind == "sow":
            lifts += 1
            if lifts == 1:
                sentences.append(_("%(player)s sows %(pit)s (%(seeds)s).") % {
                    "player": name, "pit": pit_name(rules, event[1]), "seeds": seeds_text(len(event[2]))})
        elif kind == "capture":
            taken = event[2]
            if len(taken) == 2 and event[3] == 1:
                # Kalah's capture names the last seed's house and the one facing it; one seed in
                # all means that house was empty (the empty-capture option): nothing came from it.
                taken = taken[:1]
            pits = [pit_name(rules, pit) for pit in taken]
            sentences.append(_("%(player)s captures %(seeds)s from %(pits)s.") % {
                "player": name, "seeds": seeds_text(event[3]), "pits": _joined(pits)})
        elif kind == "extra":
            sentences.append(_("The last seed fell in %(player)s's store: %(player)s moves again.") % {"player": name})
        elif kind == "pass":
            sentences.append(_("%(player)s has no seeds and passes: %(other)s moves again.") % {
                "player": side_word(event[1]), "other": side_word(1 - event[1])})
        elif kind == "grand-slam":
            sentences.append(_("That would take every seed on %(side)s's row (a grand slam), so nothing is "
                               "captured.") % {"side": side_word(1 - side)})
        elif kind == "relay-cap":
            sentences.append(_("The relay stopped after %(lifts)d lifts; the turn passes.") % {"lifts": event[2]})
        elif kind == "sweep":
            sentences.append(_("%(player)s adds the %(seeds)s left on their row to their store.") % {
                "player": side_word(event[1]), "seeds": seeds_text(event[2])})
        elif kind == "swap":
            sentences.append(_("%(player)s swaps (pie rule): the players exchange seats, and the player now "
                               "sitting North moves.") % {"player": name})
    if lifts > 1:
        sentences.insert(1, _("The sowing relayed: %(lifts)d lifts in this turn.") % {"lifts": lifts})
    if report.outcome is not None:
        sentences.append(describe_outcome(report.outcome))
    return sentences


def describe_outcome(outcome):
    """The result with the final scores, and why the game ended when that is not plain."""
    why = ""
    if outcome.termination == MOVE_LIMIT:
        why = _("No capture for too long: the game ends and each side keeps the seeds on its row.") + " "
    elif outcome.termination == NO_FEED:
        why = _("No move can give the empty side seeds: the mover takes the seeds left.") + " "
    return (_("Game over.") + " " + why + outcome_text(outcome) + " " +
            _("Final score: South %(south)d, North %(north)d.") % {"south": outcome.scores[0],
                                                                  "north": outcome.scores[1]})


def outcome_text(outcome):
    """Outcome.describe() in the page's language: 'South wins 38-10.' (the winner's score first)."""
    if outcome.termination == FORFEIT:
        return _("%(loser)s forfeits (%(reason)s); %(winner)s wins.") % {
            "loser": side_word(outcome.forfeit_by), "reason": outcome.reason, "winner": side_word(outcome.winner)}
    if outcome.winner is None:
        return _("Draw, %(score)s.") % {"score": outcome.score_text()}
    return _("%(winner)s wins %(score)s.") % {"winner": side_word(outcome.winner), "score": outcome.score_text()}
