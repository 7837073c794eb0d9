"""The pages' marked text, read from their HTML, and where the compiled catalogs are: what both
build steps need (scripts/build/i18n.py extracts the messages; scripts/build/page_words.py writes
each page's words per language), in a module with no Babel, since scripts/build/pages.py runs
under any python3.

An element with a `data-i18n` attribute is one message (its text, whitespace collapsed), and
`data-i18n-attr` names attributes whose values are messages (`data-i18n-attr="title aria-label"`).
"""

import html.parser

from kalah.i18n import collapse

COMPILED = "static/i18n"


def compiled_path(language):
    """Where a language's compiled catalog is: static/i18n/fr.json."""
    return "%s/%s.json" % (COMPILED, language)


def page_catalog_path(bundle_name, language):
    """Where a page's own catalog is, what its head fetches: static/i18n/fr/play.catalog.json."""
    return "%s/%s/%s.catalog.json" % (COMPILED, language, bundle_name)


class MarkedText(html.parser.HTMLParser):
    """The messages of an HTML page: (line, message) for each data-i18n element and data-i18n-attr value."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found = []
        self._open = []   # [tag, line, text so far] of each open data-i18n element

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        line = self.getpos()[0]
        for name in (attributes.get("data-i18n-attr") or "").split():
            if attributes.get(name):
                self.found.append((line, collapse(attributes[name])))
        if "data-i18n" in attributes:
            self._open.append([tag, line, []])

    def handle_data(self, data):
        for element in self._open:
            element[2].append(data)

    def handle_endtag(self, tag):
        if self._open and self._open[-1][0] == tag:
            _tag, line, text = self._open.pop()
            if collapse("".join(text)):
                self.found.append((line, collapse("".join(text))))


def marked_messages(text):
    """[(line, message)] of an HTML page's text."""
    parser = MarkedText()
    parser.feed(text)
    parser.close()
    return parser.found
