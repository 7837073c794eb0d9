"""`python -m kalah show RECORD_OR_POSITION`: print the board.

The argument is a position text (kalah(6,4)/4,4,...,0/S), a compact record
(k1...), a link whose fragment holds one (...#g=k1...), a JSON or PGN record,
or a file holding any of these. `--ply N` shows the board after N moves.
"""

import os

from kalah.cli import board_lines, field, read_capped
from kalah.errors import KalahError
from kalah.input_guards import MAX_RECORD, check_not_binary
from kalah.records.detect import parse_any
from kalah.records.record import Record
from kalah.game.rules import SIDE_NAMES

MAX_FILE = MAX_RECORD  # bytes: at least as many characters


def add_arguments(parser):
    parser.add_argument("what", metavar="RECORD_OR_POSITION",
                        help="a position text, a compact record (k1...), a share link, JSON or PGN, "
                             "or a file holding one")
    parser.add_argument("--ply", type=int, default=None, metavar="N",
                        help="show the board after N moves of a record (default: the end)")


def read_text(what):
    """The text itself, or the content of the file it names (its path, the first part of any error)."""
    if "\n" in what or len(what) >= 4096 or not os.path.exists(what):
        return what
    data = read_capped(what, MAX_FILE)
    try:
        check_not_binary(data.decode("utf-8", "replace"), "this file is not a game record")
        return data.decode("utf-8")
    except UnicodeError:
        raise KalahError("%s: the file is not UTF-8 text" % what)
    except KalahError as error:
        raise KalahError("%s: %s" % (what, error))


def run(args):
    text = read_text(args.what)
    try:
        item = parse_any(text)
    except KalahError as error:
        if text is args.what:
            raise
        raise KalahError("%s: %s" % (args.what, error))
    lines = []
    if isinstance(item, Record):
        record = item
        board = record.board()
        if args.ply is not None:
            if not 0 <= args.ply <= len(record.moves):
                raise KalahError("--ply %d: the record has %d moves" % (args.ply, len(record.moves)))
            while board.ply() > args.ply:
                board.pop()
        lines.append(field(record.rules))
        names = []
        for side, name in enumerate((record.south, record.north)):
            if name is not None:
                names.append("%s: %s" % (SIDE_NAMES[side], field(name)))
        if names:
            lines.append(", ".join(names))
        if record.date:
            lines.append("Date: %s" % field(record.date))
        moves = " ".join(turn["text"] for turn in record.turns())
        lines.append("Moves: %s" % (moves or "none"))
        lines.append("Position at ply %d: %s" % (len(board.moves_played()), board.position()))
    else:
        board = item
        lines.append(board.position())
    lines.extend(board_lines(board))
    print("\n".join(lines))
    return 0
