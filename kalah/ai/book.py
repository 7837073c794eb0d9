"""The opening book: every move's value in the positions near the start.

    >>> from kalah import Board
    >>> book = book_for("kalah(6,4)")     # static/data/book-kalah6-4.bin; a page calls `load`
    >>> board = Board("kalah(6,4)")
    >>> book.move_values(board.pits, board.turn)   # {house: the mover's final margin}, None outside
    {1: -14, 2: -10, 3: 8, 4: -2, 5: -8, 6: 4}
    >>> book.lookup(board.pits, board.turn)[1][3]  # ({house: margin}, {house: exact}) or None
    True

Built offline by `python -m kalah build-book` (kalah.solver.book): a value
is exact where the solver proved it within the build's node budget, else
a deep fixed-depth search's, and marked not exact. Read here, by the page's
MicroPython as well as by the worker and the command line, so this module
imports only what MicroPython has. Format (docs/formats.md): a magic line,
a JSON header line, then one fixed-size record per position sorted by key:
the position's rank (the houses with the mover's row first, ranked as
kalah.ai.endgame ranks them; the stores do not matter for the future) in
KEY_BYTES bytes big-endian, one byte per house, value + 128 (0 for an
empty house), and (version 2) the exact flags, one bit per house (bit 0
house 1), in (houses + 7) // 8 bytes. Version 1 files have no flags: every
value is exact. A value is the seeds the mover will still store minus the
opponent's after that move; adding today's store difference gives the
final margin.
"""

import json

from kalah.errors import KalahError
from kalah.game.rules import OPENING_BOOK, find_rules

MAGIC_V1 = b"KALAH-BOOK 1\n"   # every value exact, no flags
MAGIC = b"KALAH-BOOK 2\n"
KEY_BYTES = 6
# The rule sets with a book in static/data (python -m kalah build-book).
SHIPPED = ("kalah(6,4)", "kalah(6,4)+empty-capture")


def best_move(values):
    """The move the book plays: the best value, the lowest house among equals."""
    best = None
    for move in sorted(values):
        if best is None or values[move] > values[best]:
            best = move
    return best


def file_name(rules_name):
    """static/data's file for a rule set's book: kalah(6,4)+empty-capture -> book-kalah6-4-empty-capture.bin."""
    text = rules_name.replace("(", "").replace(")", "").replace(",", "-").replace("+", "-")
    return "book-%s.bin" % text


def folder_name(rules_name):
    """static/data/book's folder for a rule set's book for any opening and its parts: kalah6-4-empty-capture."""
    return file_name(rules_name)[len("book-"):-len(".bin")]


def opening_file(rules_name):
    """static/data's path of the book for any opening (kalah.solver.opening merges its parts into it)."""
    return "book/%s/opening.bin" % folder_name(rules_name)


def rank(houses):
    """The combinatorial rank of house counts (mover's row first); kalah.ai.endgame's index."""
    n = len(houses)
    left = 0
    at = 0
    for j in range(n - 1):
        left += houses[j]
        at += _binomial(left + j, j + 1)
    return _binomial(left + houses[n - 1] + n - 1, n) + at


def _binomial(n, k):
    if k < 0 or k > n:
        return 0
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


class Book:
    """One rule set's book, read from its file's bytes.

    `blob` is bytes, or in the page a JS Uint8Array: copying a large JS
    array into MicroPython goes byte by byte (seconds for a few hundred kB),
    so the book reads the few bytes a lookup needs by index instead.
    """

    def __init__(self, blob, where="opening book"):
        size = len(blob) if isinstance(blob, (bytes, bytearray)) else blob.length
        head = bytearray()
        lines = 0
        while len(head) < min(size, 4096) and lines < 2:
            byte = blob[len(head)]
            head.append(byte)
            if byte == 10:
                lines += 1
        head = bytes(head)
        magic = head[:len(MAGIC)]
        if magic not in (MAGIC, MAGIC_V1) or lines < 2:
            raise KalahError("%s: not a Kalah opening book (bad header)" % where)
        try:
            header = json.loads(head[len(MAGIC):-1].decode())
            self.rules = header["rules"]
            self.houses = int(header["houses"])
            self.count = int(header["positions"])
            # Version 1 counted plies (half turns); version 2 counts the opponent's turns.
            self.turns = header["turns"] if magic == MAGIC else None
            self.plies = header.get("plies")
            self.nodes = header.get("nodes")    # the build's node budget per position
            self.depth = header.get("depth")    # its search depth where that ran out
            self.partial = bool(header.get("partial"))   # a checkpoint: `turns` whole levels, part of the next
            self.extra = header   # every field, those of the book for any opening too (kalah.solver.opening)
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise KalahError("%s: damaged header (%s)" % (where, error))
        if not 1 <= self.houses <= 16 or self.count < 0:
            raise KalahError("%s: damaged header (%d houses, %d positions)" % (where, self.houses, self.count))
        self.flag_bytes = (self.houses + 7) // 8 if magic == MAGIC else 0
        self.record = KEY_BYTES + self.houses + self.flag_bytes
        self.data = blob
        self.start = len(head)
        if size - self.start != self.count * self.record:
            raise KalahError("%s: %d bytes of records, expected %d" % (
                where, size - self.start, self.count * self.record))

    def __len__(self):
        return self.count

    def key_at(self, i):
        at = self.start + i * self.record
        data = self.data
        key = 0
        for j in range(KEY_BYTES):
            key = key * 256 + data[at + j]
        return key

    def find(self, houses):
        """The record number of houses (mover's row first), or -1 outside the book."""
        key = rank(houses)
        low, high = 0, self.count
        while low < high:  # binary search over the sorted keys
            middle = (low + high) // 2
            if self.key_at(middle) < key:
                low = middle + 1
            else:
                high = middle
        if low == self.count or self.key_at(low) != key:
            return -1
        return low

    def record_at(self, i):
        """({house: future margin for the mover}, {house: exact}) of record i."""
        at = self.start + i * self.record + KEY_BYTES
        data = self.data
        values, exact = {}, {}
        for house in range(self.houses):
            byte = data[at + house]
            if byte:
                values[house + 1] = byte - 128
                if self.flag_bytes:
                    exact[house + 1] = bool(data[at + self.houses + house // 8] >> (house % 8) & 1)
                else:
                    exact[house + 1] = True
        return values, exact

    def house_values(self, houses):
        """{house: future margin for the mover} for houses (mover's row first), or None."""
        i = self.find(houses)
        return None if i < 0 else self.record_at(i)[0]

    def lookup(self, pits, side):
        """({house: the mover's final margin}, {house: exact}), or None outside the book.

        pits: the board's 2m+2 counts (South houses, store, North houses,
        store); side: 0 South, 1 North to move.
        """
        m = self.houses
        if len(pits) != 2 * m + 2:
            return None
        if side:
            houses = list(pits[m + 1:2 * m + 1]) + list(pits[:m])
            diff = pits[2 * m + 1] - pits[m]
        else:
            houses = list(pits[:m]) + list(pits[m + 1:2 * m + 1])
            diff = pits[m] - pits[2 * m + 1]
        i = self.find(houses)
        if i < 0:
            return None
        values, exact = self.record_at(i)
        result = {}
        for house in values:
            result[house] = values[house] + diff
        return result, exact

    def move_values(self, pits, side):
        """{house: the mover's final margin}, or None outside the book (`lookup` says which are exact)."""
        found = self.lookup(pits, side)
        return None if found is None else found[0]


def encode(rules_name, houses, turns, entries, nodes=None, depth=None, partial=False, extra=None):
    """The file's bytes for {rank: ([value or None per house], [exact per house])}.

    Sorted by key and with a canonical header, so a rebuilt file is the
    same bytes. partial: a build's checkpoint, which holds the `turns`
    whole levels and part of the next (or a book for any opening with parts
    still to build). extra: more header fields (the book for any opening's plies and parts).
    """
    header = {"rules": rules_name, "houses": houses, "turns": turns, "positions": len(entries)}
    if partial:
        header["partial"] = True
    if nodes is not None:
        header["nodes"] = nodes
        header["depth"] = depth
    header.update(extra or {})
    body = bytearray()
    for key in sorted(entries):
        values, exact = entries[key]
        body += key.to_bytes(KEY_BYTES, "big")
        body += bytes(0 if value is None else value + 128 for value in values)
        flags = 0
        for house in range(houses):
            if values[house] is not None and exact[house]:
                flags |= 1 << house
        body += flags.to_bytes((houses + 7) // 8, "little")
    return MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + bytes(body)


_books = {}      # rule set -> the book along the computer's lines (file_name)
_openings = {}   # rule set -> the book for any opening (opening_file)


def _checked(rules_name, blob, where):
    """A rule set's book read from its bytes: refused for a rule set without books, or another's book.

    A book ranks positions by their houses, as the endgame table does, from the first turn
    on: only a rule set that declares kalah.game.rules.OPENING_BOOK can have one."""
    find_rules(rules_name).require(OPENING_BOOK, "an opening book")
    book = Book(blob, where)
    if book.rules != rules_name:
        raise KalahError("%s is the book of %s, not of %s" % (where, book.rules, rules_name))
    return book


def load(rules_name, blob):
    """Register the book along the computer's lines for a rule set (by name) from its bytes; returns it."""
    _books[rules_name] = _checked(rules_name, blob, file_name(rules_name))
    return _books[rules_name]


def load_opening(rules_name, blob):
    """Register the book for any opening for a rule set from its bytes; returns it."""
    _openings[rules_name] = _checked(rules_name, blob, opening_file(rules_name))
    return _openings[rules_name]


def loaded(rules_name):
    """The registered book for this rule set, or None."""
    return _books.get(rules_name)


def _shipped(rules_name, books, path, loader):
    """A shipped book read from static/data on first use (CPython); None if there is none."""
    if rules_name in books:
        return books[rules_name]
    books[rules_name] = None
    if rules_name not in SHIPPED:
        return None
    try:
        import os
        here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        with open(os.path.join(here, "static", "data", path), "rb") as handle:
            blob = handle.read()
    except (ImportError, AttributeError, OSError):
        return None
    return loader(rules_name, blob)


def book_for(rules_name):
    """The book along the computer's lines for a rule set, read from static/data on first use
    (CPython); None if there is none.

    In the browser the page and the worker fetch the file and call `load`.
    """
    return _shipped(rules_name, _books, file_name(rules_name), load)


def opening_for(rules_name):
    """The book for any opening for a rule set, read from static/data on first use (CPython), or None."""
    return _shipped(rules_name, _openings, opening_file(rules_name), load_opening)


def lookup(rules_name, pits, side):
    """The books' ({house: final margin}, {house: exact}) for a position, or None outside them all.

    The first answer whose every value is proven, else the first answer: the
    book along the computer's lines, then the book for any opening (a
    position of one of its parts not built yet is outside it)."""
    first = None
    for found in (book_for(rules_name), opening_for(rules_name)):
        entry = found.lookup(pits, side) if found is not None else None
        if entry and entry[0]:
            if all(entry[1].values()):
                return entry
            first = first or entry
    return first
