"""What the lab page says of a game, in the page's language (pure Python: CPython-tested).

What is kept stays English: the game's record, the tournament's CSV, the command line. A forfeit's
reason is said from its `why`, the referee's reason as data (kalah.lab.reasons), through the
page's catalog (kalah.i18n.translated), its parts (numbers, a type's name, a player's own error
text) as they are; a forfeit without one (a result stored before it had one, a bot's own words)
is shown as it came, as text. Here is only how the page puts those into its sentences.
"""

from kalah.game.board import FORFEIT
from kalah.i18n import N_, _, side_word, translated
from kalah.lab.reasons import stated

# A forfeit's kinds (kalah.lab.game.KINDS), as the page says them.
FORFEIT_KINDS = {"time": N_("time"), "error": N_("error"), "invalid": N_("invalid")}


def reason_text(forfeit):
    """A forfeit's reason ({"reason", "why"}) in the page's language."""
    return translated(stated(forfeit.get("why"), forfeit.get("reason")))


def load_error_text(checked):
    """Why a player's code does not load (the worker's check: {"message", "why"}), in the page's language."""
    return translated(stated(checked.get("why"), checked.get("message")))


def kind_text(kind):
    return _(FORFEIT_KINDS[kind]) if kind in FORFEIT_KINDS else kind


def forfeit_text(name, forfeit):
    """'stuck forfeits: no move within the time limit of 2 s; the player was stopped (time).'"""
    return _("%(player)s forfeits: %(reason)s (%(kind)s).") % {
        "player": name, "reason": reason_text(forfeit), "kind": kind_text(forfeit["kind"])}


def outcome_text(game):
    """How a lab game ended, as Outcome.describe says it: 'South forfeits (time: ...); North wins.'"""
    outcome = game.board.outcome()
    if outcome.termination == FORFEIT:
        forfeit = game.forfeit
        reason = outcome.reason
        if forfeit:
            reason = _("%(kind)s: %(reason)s") % {"kind": kind_text(forfeit["kind"]), "reason": reason_text(forfeit)}
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
