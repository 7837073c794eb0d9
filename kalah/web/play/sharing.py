"""Sharing the play page's game: a replay link, embed code, a link to a setup, shown in the
copy box. Imported with the page's later modules (kalah/web/play/later.py), when first used.

    copy(share_url(session, orientation), "Share link")
"""

from kalah.i18n import _
from kalah.library.links import embed_fragment, share_fragment
from kalah.library.presets import format_preset
from kalah.records.record import Record
from kalah.game.rules import NORTH, SOUTH
from kalah.web.common import game_setup
from kalah.web.common.dom import by_id, site_base
from kalah.web.common.embed_code import embed_snippet
from kalah.web.common.files import copy_to_clipboard


def shared_record(session):
    """The game as a link carries it: the players' names, not this browser's ids."""
    record = session.to_record()
    names = [game_setup.seat_name(player, name) for player, name in zip(session.players, session.names)]
    return Record(record.rules, record.moves, names[SOUTH], names[NORTH], record.start, record.date,
                  record.forfeit)


def share_url(session, orientation):
    return site_base() + "replay.html#" + share_fragment(shared_record(session), None, orientation)


def embed_code(session, orientation):
    url = site_base() + "embed.html#" + embed_fragment(shared_record(session), None, orientation)
    south, north = session.seat_names(_)
    return embed_snippet(url, _("Kalah game: %(south)s vs %(north)s") % {"south": south, "north": north})


def setup_url(preset):
    return site_base() + "index.html#" + format_preset(preset)


def copy(text, what):
    """Copy to the clipboard, and show the text selected in case the browser refused."""
    box = by_id("copy-box")
    box.hidden = False
    by_id("copy-what").textContent = what + " (copied; if not, copy it from here)"
    field = by_id("copy-text")
    field.value = text
    field.focus()
    field.select()
    copy_to_clipboard(text)
