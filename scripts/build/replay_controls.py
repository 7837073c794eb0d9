"""The replay controls (step, play, jump, flip, the move slider), written once for the pages that
show a game move by move: replay.html and embed.html.

scripts/build/pages.py writes them into each such page between its `generated: replay controls`
markers, with the controls its row of PAGES names, in that order (the order is the tab order).
kalah/web/replay/viewer.py wires each control by its id, and only those the page has; its keys
(arrows, Home and End, f, space) work on the whole viewer, whichever controls it shows.
"""

# Every viewer steps, plays and jumps; a page adds the others it has.
STEPS = ("first", "prev", "play", "next", "last")

# Each control's markup, by its id.
CONTROLS = {
    "first": '<button type="button" id="first" aria-label="Start" title="Start (Home)" '
             'data-i18n-attr="aria-label title">|&#x25C0;</button>',
    "prev": '<button type="button" id="prev" aria-label="Back one move" title="Back (left arrow)" '
            'data-i18n-attr="aria-label title">&#x25C0;</button>',
    "play": '<button type="button" id="play" aria-pressed="false" title="Play or pause (space)" '
            'data-i18n-attr="title" data-i18n>Play</button>',
    "next": '<button type="button" id="next" aria-label="Forward one move" title="Forward (right arrow)" '
            'data-i18n-attr="aria-label title">&#x25B6;</button>',
    "last": '<button type="button" id="last" aria-label="End" title="End (End)" '
            'data-i18n-attr="aria-label title">&#x25B6;|</button>',
    "sow": '<button type="button" id="sow" title="Show the next move one seed at a time" data-i18n-attr="title" '
           'data-i18n>Sow seed by seed</button>',
    "flip": '<button type="button" id="flip" title="Flip the board (f)" data-i18n-attr="title" data-i18n>Flip</button>',
    "speed": '<label><span data-i18n>Speed</span> <select id="speed">'
             '<option value="0.5" data-i18n>Slow</option><option value="1" selected data-i18n>Normal</option>'
             '<option value="2" data-i18n>Fast</option><option value="4" data-i18n>Very fast</option></select></label>',
    # The embed stores nothing (a course page is another site, whose storage the browser blocks or
    # partitions): this opens the game on the site's replay page, where it can be kept.
    "open-tab": '<a id="open-tab" class="open-tab" href="./replay.html" target="_blank" rel="noopener" '
                'aria-label="Open this game in a new tab, to keep it" title="Open in a new tab (to keep the game)" '
                'data-i18n-attr="aria-label title">&#x2197;</a>',
}


def controls_lines(names, page="a page"):
    """Two lines: the controls' group holding `names`, then the move slider. Compact, as the pages'
    heads are (scripts/build/pages.py): the pages carry no copy anyone edits, and the group is a
    flex box, where the white space between its controls showed nothing."""
    unknown = [name for name in names if name not in CONTROLS]
    if unknown:
        raise SystemExit("pages.py: %s names no replay control %s (there are: %s)"
                         % (page, ", ".join(map(repr, unknown)), ", ".join(CONTROLS)))
    return ['<div class="replay-controls" role="group" aria-label="Replay controls" data-i18n-attr="aria-label">'
            '%s</div>' % "".join(CONTROLS[name] for name in names),
            '<label class="slider-label"><span id="ply-label" aria-live="polite" data-i18n>Move 0</span>'
            '<input type="range" id="ply-slider" min="0" max="0" value="0" aria-label="Move shown" '
            'data-i18n-attr="aria-label"></label>']
