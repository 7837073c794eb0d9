"""The embed code the play page and the replay viewer hand out, sized to fit.

The frame's size is declared in the snippet itself (course platforms strip
scripts, so the height message of embed.html cannot resize a pasted frame):
kalah.library.links holds it (EMBED_WIDTH, EMBED_HEIGHT), with the one writer of the snippet.
The frame's address carries the page's language (&lang=fr): a course page's frame shows the
game in the course's language whatever the student's browser says (docs/translating.md).
"""

from kalah.i18n import LINK_KEY, SOURCE, active_language
from kalah.library.links import EMBED_HEIGHT, EMBED_WIDTH, embed_code


def embed_snippet(url, title):
    """The snippet of an embed.html address (its fragment without lang=) and the frame's title."""
    if active_language() != SOURCE:
        url += "&%s=%s" % (LINK_KEY, active_language())
    return embed_code(url, title, EMBED_WIDTH, EMBED_HEIGHT)
