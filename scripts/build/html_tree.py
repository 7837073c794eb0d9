"""A tree of kalah/web/common/board_markup.py, (tag, attributes, children), as HTML text: the build
step's (scripts/build/pages.py writes the play page's first board with it). Pages build elements
from the tree instead (kalah/web/common/dom.py's build), so this stays out of their bundles."""


def to_html(tree):
    """The tree as HTML text, every text and attribute escaped."""
    tag, attributes, children = tree
    text = "<%s%s>" % (tag, "".join(' %s="%s"' % (name, _escape(value)) for name, value in attributes))
    if isinstance(children, str):
        return text + _escape(children) + "</%s>" % tag
    return text + "".join(to_html(child) for child in children) + "</%s>" % tag


def _escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
