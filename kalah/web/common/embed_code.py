"""The embed code the play page and the replay viewer hand out, sized to fit.

The frame's size is declared in the snippet itself (course platforms strip
scripts, so the height message of embed.html cannot resize a pasted frame):
EMBED_HEIGHT covers the embed's tallest layout, which is at its narrowest
width (a 360 px phone); static/css/replay.css keeps the embed within it at
every width from 300 px to EMBED_WIDTH (tests/browser/test_embed_fit.py).
"""

from kalah.links import embed_code

EMBED_WIDTH = 480
EMBED_HEIGHT = 340


def embed_snippet(url, title):
    return embed_code(url, title, EMBED_WIDTH, EMBED_HEIGHT)
