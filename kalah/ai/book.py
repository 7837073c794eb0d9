"""The exact opening book: every move's value in the positions near the start.

    >>> book = Book(open("static/data/book-kalah6-4.bin", "rb").read())
    >>> book.move_values(pits, side)      # {house: final margin for the mover} or None

Built offline by `python -m kalah build-book` from the solver's proofs
(kalah.solver.book); read here, by the page's MicroPython as well as by the
worker and the command line, so this module imports only what MicroPython
has. Format (docs/formats.md): a magic line, a JSON header line, then one
fixed-size record per position sorted by key: the position's rank (the
houses with the mover's row first, ranked as kalah.ai.endgame ranks them;
the stores do not matter for the future) in KEY_BYTES bytes big-endian,
then one byte per house, value + 128 (0 for an empty house). A value is
the seeds the mover will still store minus the opponent's after that move
with perfect play; adding today's store difference gives the final margin.
"""

import json

from kalah.errors import KalahError

MAGIC = b"KALAH-BOOK 1\n"
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
        if not head.startswith(MAGIC) or lines < 2:
            raise KalahError("%s: not a Kalah opening book (bad header)" % where)
        try:
            header = json.loads(head[len(MAGIC):-1].decode())
            self.rules = header["rules"]
            self.houses = header["houses"]
            self.plies = header["plies"]
            self.count = header["positions"]
        except (ValueError, KeyError) as error:
            raise KalahError("%s: damaged header (%s)" % (where, error))
        self.record = KEY_BYTES + self.houses
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

    def house_values(self, houses):
        """{house: future margin for the mover} for houses (mover's row first), or None."""
        key = rank(houses)
        low, high = 0, self.count
        while low < high:  # binary search over the sorted keys
            middle = (low + high) // 2
            if self.key_at(middle) < key:
                low = middle + 1
            else:
                high = middle
        if low == self.count or self.key_at(low) != key:
            return None
        at = self.start + low * self.record + KEY_BYTES
        values = {}
        for house in range(self.houses):
            byte = self.data[at + house]
            if byte:
                values[house + 1] = byte - 128
        return values

    def move_values(self, pits, side):
        """{house: the mover's final margin with perfect play}, or None outside the book.

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
        values = self.house_values(houses)
        if values is None:
            return None
        result = {}
        for house in values:
            result[house] = values[house] + diff
        return result


def encode(rules_name, houses, plies, entries):
    """The file's bytes for {rank: [value or None per house]} (sorted, so rebuilt files are identical)."""
    header = json.dumps({"rules": rules_name, "houses": houses, "plies": plies,
                         "positions": len(entries)}, sort_keys=True).encode()
    body = bytearray()
    for key in sorted(entries):
        body += key.to_bytes(KEY_BYTES, "big")
        body += bytes(0 if value is None else value + 128 for value in entries[key])
    return MAGIC + header + b"\n" + bytes(body)


_books = {}


def load(rules_name, blob):
    """Register the book for a rule set (by name) from its bytes; returns it."""
    book = Book(blob, file_name(rules_name))
    if book.rules != rules_name:
        raise KalahError("%s is the book of %s, not of %s" % (file_name(rules_name), book.rules, rules_name))
    _books[rules_name] = book
    return book


def loaded(rules_name):
    """The registered book for this rule set, or None."""
    return _books.get(rules_name)


def book_for(rules_name):
    """The book for a rule set, read from static/data on first use (CPython); None if there is none.

    In the browser the page and the worker fetch the file and call `load`.
    """
    if rules_name in _books:
        return _books[rules_name]
    _books[rules_name] = None
    if rules_name not in SHIPPED:
        return None
    try:
        import os
        here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        path = os.path.join(here, "static", "data", file_name(rules_name))
        with open(path, "rb") as handle:
            blob = handle.read()
    except (ImportError, AttributeError, OSError):
        return None
    return load(rules_name, blob)
