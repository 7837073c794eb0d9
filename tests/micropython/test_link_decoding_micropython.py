"""The analysis board's link under the page's MicroPython (issue 37 item 9): its length is capped
before anything is decoded, and %-escapes decode in linear time (a 120 KB link once held the page
for 19 s: `text[i]` walks a UTF-8 string from its start). A ratio check, as in
test_reader_speed_micropython.py: a text ten times longer may cost at most 5x as much per
character (linear code: about 1-2x; the old quadratic decoder: about 10x). No wall-clock budget."""

from tests.micropython.runner import needs_micropython, run_micropython

SCRIPT = r'''
import gc
import time
from kalah.study.analysis import board_from_fragment
from kalah.errors import KalahError
from kalah.library.fragments import unescape

try:
    board_from_fragment("#position=kalah(6,4)/" + "%34%2C" * 20000 + "\u00e9")
except KalahError as error:
    print(error)
print(board_from_fragment("#position=kalah%286%2C4%29/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S").position())

def cost(text, repeat):
    gc.collect()
    start = time.ticks_us()
    for _ in range(repeat):
        unescape(text)
    return time.ticks_diff(time.ticks_us(), start)

# Ten decodings of a text against one of a text ten times longer: the same work if decoding is
# linear, so both last about as long and a busy machine's time slices fall on both alike (a short
# small reading fitted in one slice while the long one was cut up: 2 ms against 244 ms once, with
# both cores busy). In turns, the best of five each.
small, large = "%34%2C" * 400 + "\u00e9", "%34%2C" * 4000 + "\u00e9"
best = [None, None]
for _ in range(5):
    for index, (text, repeat) in enumerate(((small, 10), (large, 1))):
        spent = cost(text, repeat)
        best[index] = spent if best[index] is None else min(best[index], spent)
print(best[0], best[1])
'''


@needs_micropython
def test_a_long_link_is_refused_before_decoding_and_escapes_decode_in_linear_time():
    lines = run_micropython(SCRIPT, timeout=600).splitlines()
    assert lines[0] == "the link is 120,022 characters; the most this site reads is 8,000"
    assert lines[1] == "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"
    small, large = (int(value) for value in lines[2].split())
    assert large <= 5 * max(small, 1), (small, large)   # linear: about 1x; the old quadratic decoder: 10x
