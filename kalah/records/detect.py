"""Any text that names a game or a position: which form it is in, read as that form.

    >>> parse_any("kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S").position()
    'kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S'

A position text gives a Board; a compact record (k1...), a link whose
fragment holds one (...#g=k1...), a JSON or a PGN record give a Record
(`python -m kalah show` takes all of these). Anything else, or a malformed
one, raises KalahError.
"""

from kalah.game.board import Board
from kalah.errors import N_, KalahError
from kalah.input_guards import without_bom
from kalah.records import compact, pgn
from kalah.records.compact import COMPACT_VERSION
from kalah.records.record import Record


def parse_any(text):
    """A Record or a Board from any of the forms `show` accepts."""
    stripped = without_bom(text).strip()
    if stripped.startswith("[") and stripped[1:2].isalpha():  # [Variant "..."]
        return pgn.read(stripped)
    if stripped[:1] in ("{", "["):
        return Record.from_json(stripped)
    if "#" in stripped:  # a link: the record is the fragment's g= field
        fragment = stripped[stripped.index("#") + 1:]
        for field in fragment.split("&"):
            if field.startswith("g="):
                return compact.read(field[2:])
        if fragment.startswith(COMPACT_VERSION[0]):
            return compact.read(fragment)
        raise KalahError(N_("the link holds no game record (no g= in its fragment)"))
    if stripped[:1] == "k" and "." in stripped[:4] and "/" not in stripped:
        return compact.read(stripped)
    if "/" in stripped:
        return Board(position=stripped)
    raise KalahError(N_("'%(text)s' is not a position, a record or a file"), text=stripped[:40])
