"""What the lab page says of a game, in the page's language (pure Python: CPython-tested).

The referee's words for a game's end and a forfeit's reason are English in what is kept: the
game's record, the tournament's CSV, the command line (kalah.lab, kalah/web/lab/games.py). The page
says them again here in the reader's language, as the history page's result_text does. A reason is
matched against the referee's sentences below, its parts (numbers, a type's name, a player's own
error text) carried over as they are; a reason none matches, a student's bot's own words among
them, is shown as it came (as text).
"""

import re

from kalah.game.board import FORFEIT
from kalah.i18n import N_, _, side_word

# A forfeit's kinds (kalah.lab.game.KINDS), as the page says them.
FORFEIT_KINDS = {"time": N_("time"), "error": N_("error"), "invalid": N_("invalid")}

# (the referee's English sentence as a pattern, the names of its parts, the message saying it).
# MicroPython's re has no named groups: the parts are numbered, named here in order. A part named
# "detail" may itself be a known reason (a sandbox's failure says why).
REASONS = tuple((re.compile(pattern), names, message) for pattern, names, message in (
    (r"raised (\w+): (.*)$", ("error", "message"), N_("raised %(error)s: %(message)s")),
    (r"refused: (.*)$", ("detail",), N_("refused: %(detail)s")),
    (r"returned (.*): house (\d+) is empty$", ("answer", "house"), N_("returned %(answer)s: house %(house)s is empty")),
    (r"returned (.*), not a legal move$", ("answer",), N_("returned %(answer)s, not a legal move")),
    (r"no move within its work budget of (\S+) units \(the time limit of (\S+) s\)$", ("units", "limit"),
     N_("no move within its work budget of %(units)s units (the time limit of %(limit)s s)")),
    (r"no move within the time limit of (\S+) s; the player was stopped$", ("limit",),
     N_("no move within the time limit of %(limit)s s; the player was stopped")),
    (r"answered after (\S+) s by the referee's clock \((\S+) s by its own\), past the time limit of (\S+) s$",
     ("seconds", "own", "limit"),
     N_("answered after %(seconds)s s by the referee's clock (%(own)s s by its own), past the time limit of "
        "%(limit)s s")),
    (r"answered after (\S+) s by the referee's clock, past the time limit of (\S+) s$", ("seconds", "limit"),
     N_("answered after %(seconds)s s by the referee's clock, past the time limit of %(limit)s s")),
    (r"the player's Python crashed \((.*)\)$", ("detail",), N_("the player's Python crashed (%(detail)s)")),
    (r"the player's sandbox failed: (.*)$", ("detail",), N_("the player's sandbox failed: %(detail)s")),
    (r"the player's sandbox sent an answer the referee could not check \((\w+)\)$", ("error",),
     N_("the player's sandbox sent an answer the referee could not check (%(error)s)")),
    (r"the player's sandbox sent (.*)$", ("detail",), N_("the player's sandbox sent %(detail)s")),
    (r"its sandbox was ended: (.*)$", ("detail",), N_("its sandbox was ended: %(detail)s")),
    (r"its sandbox sent a message the referee could not read \((\w+)\)$", ("error",),
     N_("its sandbox sent a message the referee could not read (%(error)s)")),
    (r"its sandbox sent a message that is not part of the protocol$", (),
     N_("its sandbox sent a message that is not part of the protocol")),
    (r"the sandbox was closed$", (), N_("the sandbox was closed")),
    (r"the player's sandbox failed$", (), N_("the player's sandbox failed")),
    (r"gave up$", (), N_("gave up")),
    (r"no reason given$", (), N_("no reason given")),
))


def reason_text(reason):
    """A forfeit's reason in the page's language (the same English where no catalog is active)."""
    for pattern, names, message in REASONS:
        found = pattern.match(reason)
        if found:
            parts = {}
            for index, name in enumerate(names):
                part = found.group(index + 1)
                parts[name] = reason_text(part) if name == "detail" else part
            return _(message) % parts
    return reason


def kind_text(kind):
    return _(FORFEIT_KINDS[kind]) if kind in FORFEIT_KINDS else kind


def forfeit_text(name, forfeit):
    """'stuck forfeits: no move within the time limit of 2 s; the player was stopped (time).'"""
    return _("%(player)s forfeits: %(reason)s (%(kind)s).") % {
        "player": name, "reason": reason_text(forfeit["reason"]), "kind": kind_text(forfeit["kind"])}


def outcome_text(game):
    """How a lab game ended, as Outcome.describe says it: 'South forfeits (time: ...); North wins.'"""
    outcome = game.board.outcome()
    if outcome.termination == FORFEIT:
        forfeit = game.forfeit
        reason = outcome.reason
        if forfeit:
            reason = _("%(kind)s: %(reason)s") % {"kind": kind_text(forfeit["kind"]),
                                                  "reason": reason_text(forfeit["reason"])}
        return _("%(loser)s forfeits (%(reason)s); %(winner)s wins.") % {
            "loser": side_word(outcome.forfeit_by), "reason": reason, "winner": side_word(outcome.winner)}
    if outcome.winner is None:
        return _("Draw, %(score)s.") % {"score": outcome.score_text()}
    return _("%(winner)s wins %(score)s.") % {"winner": side_word(outcome.winner), "score": outcome.score_text()}


def game_text(game):
    """'stuck (South) - random (North): South forfeits (...); North wins.' (LabGame.describe, in words)."""
    return _("%(south)s (South) - %(north)s (North): %(result)s") % {
        "south": game.names[0], "north": game.names[1], "result": outcome_text(game)}


def to_move_text(name, side):
    return _("%(player)s (%(side)s) to move.") % {"player": name, "side": side_word(side)}
