"""The embed code the play page and the replay viewer hand out, sized to fit.

The frame's size is declared in the snippet itself (course platforms strip
scripts, so the height message of embed.html cannot resize a pasted frame):
kalah.library.links holds it (EMBED_WIDTH, EMBED_HEIGHT), with the one writer of the snippet.
"""

from kalah.library.links import EMBED_HEIGHT, EMBED_WIDTH, embed_code


def embed_snippet(url, title):
    return embed_code(url, title, EMBED_WIDTH, EMBED_HEIGHT)
