"""The analysis board's link under the page's MicroPython (issue 37 item 9): its length is capped
before anything is decoded, and %-escapes decode in linear time (a 120 KB link once held the page
for 19 s: `text[i]` walks a UTF-8 string from its start). The same ratio check as
test_reader_speed_micropython.py: a text ten times longer may cost at most 5x as much per
character (linear code: about 1-2x; the old quadratic decoder: about 10x). No wall-clock budget."""

from tests.micropython.runner import needs_micropython, run_micropython

SCRIPT = r'''
import time
from kalah.study.analysis import board_from_fragment
from kalah.errors import KalahError
from kalah.library.fragments import unescape

try:
    board_from_fragment("#position=kalah(6,4)/" + "%34%2C" * 20000 + "\u00e9")
except KalahError as error:
    print(error)
print(board_from_fragment("#position=kalah%286%2C4%29/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S").position())

def cost(size, tries=5):
    text = "%34%2C" * size + "\u00e9"
    best = None
    for _ in range(tries):
        start = time.ticks_us()
        unescape(text)
        spent = time.ticks_diff(time.ticks_us(), start)
        best = spent if best is None else min(best, spent)
    return best

print(cost(400), cost(4000))
'''


@needs_micropython
def test_a_long_link_is_refused_before_decoding_and_escapes_decode_in_linear_time():
    lines = run_micropython(SCRIPT, timeout=600).splitlines()
    assert lines[0] == "the link is 120,022 characters; the most this site reads is 8,000"
    assert lines[1] == "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"
    small, large = (int(value) for value in lines[2].split())
    assert large <= 5 * 10 * max(small, 1), (small, large)
