"""The play page's fragment: a preset link (kalah/library/presets.py) starts its game; an in-page anchor
(the skip link's `#board`) is left alone; a bad link is refused by the board, with the reason,
and loses nothing (issue 36: links never lose work)."""

from pyscript import window

from kalah.errors import KalahError
from kalah.i18n import _, translated
from kalah.library.fragments import is_link
from kalah.library.presets import parse_preset
from kalah.web.common.dom import bring_into_view, by_id
from kalah.web.play.saving import anything_stored


def linked_preset(game_on):
    """The Preset of the page's link, or None: no link there, or a bad one, said by the board
    (`game_on`: a game is on the board, and goes on). A link read is taken off the address, so
    that a reload resumes its game rather than reading the link again."""
    fragment = str(window.location.hash)
    if not is_link(fragment):
        return None
    problem = by_id("preset-error")
    problem.textContent = ""
    try:
        preset = parse_preset(fragment)
    except KalahError as error:
        said = [_("This link's game cannot start: %(reason)s.") % {"reason": translated(error)}]
        if game_on:
            said.append(_("Your game goes on."))
        elif not anything_stored():   # else the stored game resumes, and the message line says so
            said.append(_("Here is a new game instead."))
        problem.textContent = " ".join(said)
        bring_into_view(problem)
        preset = None
    window.history.replaceState(None, "", str(window.location.href).split("#")[0])
    return preset
