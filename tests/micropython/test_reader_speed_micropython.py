"""The readers take time linear in their input under the page's MicroPython.

MicroPython strings are UTF-8: `text[i]` and `len(text)` walk from the
start, so a loop indexing a string is quadratic there while CPython stays
linear (a 1 MB PGN tag once took about 40 minutes in the page). Each check
compares a large input with one ten times smaller, parsed in the same run
(best of five tries): the large one may cost at most 5x as much per
character. Linear code gives about 1-2x (the heap grows), quadratic code 10x;
a 3x bound failed once at 3.7x with both cores busy, so the bound sits
between the two, at 5x. No wall-clock budget: the ratio holds on a loaded
machine.
"""

from tests.micropython.runner import needs_micropython, run_micropython

SCRIPT = r'''
import time
from kalah.errors import KalahError
from kalah.records import compact, pgn
from kalah.records.record import Record

def cost(read, text, tries=5):
    best = None
    message = None
    for _ in range(tries):
        start = time.ticks_us()
        try:
            read(text)
        except KalahError as error:
            message = str(error)
        spent = time.ticks_diff(time.ticks_us(), start)
        best = spent if best is None else min(best, spent)
    return best, message

def tag_record(size):
    # every escape the tag reader knows, repeated to `size` characters of tag value
    piece = 'ab\\"c\\\\d\\u00e9f '
    return '[Variant "kalah"]\n[South "%s"]\n\n*\n' % (piece * (size // len(piece)))

def moves_record(count):
    # a Kalah game that ends after a few dozen moves, then moves to the 100,000 the reader takes:
    # every move is read and checked before the replay says where the game ended
    return "k1.K64.m" + ("3641" * count)[:count]

def json_record(count):
    return '{"rules": "kalah(6,4)", "moves": [%s]}' % ", ".join(["1"] * count)

for name, read, make, small in (("tag", pgn.read, tag_record, 100000),
                                ("compact", compact.read, moves_record, 10000),
                                ("json", Record.from_json, json_record, 10000)):
    small_cost, small_message = cost(read, make(small))
    large_cost, large_message = cost(read, make(small * 10))
    print(name, small_cost, large_cost, large_message)
'''


@needs_micropython
def test_a_1_mb_tag_and_a_100000_move_record_read_in_linear_time_under_micropython():
    lines = run_micropython(SCRIPT, timeout=900).splitlines()
    assert len(lines) == 3
    for line in lines:
        name, small, large, message = line.split(" ", 3)
        ratio = int(large) / max(1, int(small))
        assert ratio <= 5 * 10, "%s: 10x the input cost %.1fx the time" % (name, ratio)
        assert message.startswith({"tag": "PGN: record: South's name is longer than 200 characters",
                                   "compact": "compact record: move ",
                                   "json": "JSON record: move "}[name]), line
