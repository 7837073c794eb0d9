"""`python -m kalah show RECORD_OR_POSITION`: print the board.

The argument is a position text (kalah(6,4)/4,4,...,0/S), a compact record
(k1...), a link whose fragment holds one (...#g=k1...), a JSON or PGN record,
or a file holding any of these. `--ply N` shows the board after N moves.
"""

import os

from kalah.board import Board
from kalah.cli import board_lines
from kalah.errors import KalahError
from kalah.records import COMPACT_VERSION, Record
from kalah.rules import SIDE_NAMES

MAX_FILE = 1 << 20


def add_arguments(parser):
    parser.add_argument("what", metavar="RECORD_OR_POSITION",
                        help="a position text, a compact record (k1...), a share link, JSON or PGN, "
                             "or a file holding one")
    parser.add_argument("--ply", type=int, default=None, metavar="N",
                        help="show the board after N moves of a record (default: the end)")


def read_text(what):
    """The text itself, or the content of the file it names."""
    if "\n" not in what and len(what) < 4096 and os.path.isfile(what):
        if os.path.getsize(what) > MAX_FILE:
            raise KalahError("%s: the file is larger than 1 MB" % what)
        try:
            with open(what, encoding="utf-8") as handle:
                return handle.read()
        except (OSError, UnicodeError) as error:
            raise KalahError("%s: cannot read it (%s)" % (what, error))
    return what


def parse(text):
    """A Record or a Board from any of the forms `show` accepts."""
    stripped = text.strip()
    if stripped.startswith("{"):
        return Record.from_json(stripped)
    if stripped.startswith("["):
        return Record.from_pgn(stripped)
    if "#" in stripped:  # a link: the record is the fragment's g= field
        fragment = stripped[stripped.index("#") + 1:]
        for field in fragment.split("&"):
            if field.startswith("g="):
                return Record.from_compact(field[2:])
        if fragment.startswith(COMPACT_VERSION[0]):
            return Record.from_compact(fragment)
        raise KalahError("the link holds no game record (no g= in its fragment)")
    if stripped[:1] == "k" and "." in stripped[:4] and "/" not in stripped:
        return Record.from_compact(stripped)
    if "/" in stripped:
        return Board(position=stripped)
    raise KalahError("'%s' is not a position, a record or a file" % stripped[:40])


def run(args):
    item = parse(read_text(args.what))
    lines = []
    if isinstance(item, Record):
        record = item
        board = record.board()
        if args.ply is not None:
            if not 0 <= args.ply <= len(record.moves):
                raise KalahError("--ply %d: the record has %d moves" % (args.ply, len(record.moves)))
            while board.ply() > args.ply:
                board.pop()
        lines.append(record.rules)
        names = []
        for side, name in enumerate((record.south, record.north)):
            if name is not None:
                names.append("%s: %s" % (SIDE_NAMES[side], name))
        if names:
            lines.append(", ".join(names))
        if record.date:
            lines.append("Date: %s" % record.date)
        moves = " ".join(turn["text"] for turn in record.turns())
        lines.append("Moves: %s" % (moves or "none"))
        lines.append("Position at ply %d: %s" % (len(board.moves_played()), board.position()))
    else:
        board = item
        lines.append(board.position())
    lines.extend(board_lines(board))
    print("\n".join(lines))
    return 0
