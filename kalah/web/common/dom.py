"""Tiny DOM helpers shared by every page (MicroPython and Pyodide alike).

Text only ever goes in through `textContent` and attributes, never as HTML,
so nothing from a link, a file or storage can inject markup.

    from kalah.web.common.dom import el, by_id, listen
    button = el("button", "Undo", cls="undo", attrs={"type": "button"})
    listen(button, "click", lambda event: ...)
"""

from pyscript import document, window
from pyscript.ffi import create_proxy, is_none, to_js

# Proxies handed to JS must outlive the call that made them; keep them here
# (pages make a fixed, small number of listeners, so this does not grow).
_kept = []


def by_id(element_id):
    """The element with this id; raises LookupError when the page lacks it."""
    node = document.getElementById(element_id)
    if is_none(node):
        raise LookupError("the page has no element #%s" % element_id)
    return node


def el(tag, text=None, cls=None, attrs=None, children=()):
    """A new element with optional text, class, attributes and children."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if attrs:
        for name in attrs:
            node.setAttribute(name, str(attrs[name]))
    if text is not None:
        node.textContent = str(text)
    if children:
        node.append(*children)  # one call into JS, not one a child
    return node


def build(tree):
    """The element a tree describes: (tag, attributes as (name, value) pairs, children as trees or
    one text), as kalah/web/common/board_markup.py makes them."""
    tag, attributes, children = tree
    node = document.createElement(tag)
    for name, value in attributes:
        if name == "class":
            node.className = value
        else:
            node.setAttribute(name, value)
    if isinstance(children, str):
        node.textContent = children
    elif children:
        node.append(*[build(child) for child in children])  # one call into JS, not one a child
    return node


def clear(node):
    """Remove every child of node."""
    node.replaceChildren()


def show_message(node, text, problem=False, again=False):
    """Every page's message line: text (written only when it changed, since a live region
    announces every write, unless `again`: the answer to a button pressed again, such as the
    lab's Save, is written and announced each time), marked as a problem or not (its other
    classes stay)."""
    text = str(text)
    if again or str(node.textContent) != text:
        node.textContent = text
    node.classList.toggle("problem", bool(problem))


def bring_into_view(node):
    """Scroll `node` into view only as far as needed (a bad link's message, said where the user
    looks, not above the first screen)."""
    node.scrollIntoView(to_js({"block": "nearest"}))


def proxy(func):
    """A JS-callable proxy of func that stays alive for the page's lifetime."""
    handler = create_proxy(func)
    _kept.append(handler)
    return handler


def listen(node, event, func, capture=False):
    """node.addEventListener(event, func) with a kept proxy; returns the proxy."""
    handler = proxy(func)
    node.addEventListener(event, handler, capture)
    return handler


def missing(value):
    """True for Python None, JS null and JS undefined."""
    return is_none(value) or str(value) == "undefined"


def closest(node, selector):
    """node.closest(selector), or None when nothing matches (or node is not an element)."""
    if missing(node) or missing(getattr(node, "closest", None)):
        return None
    found = node.closest(selector)
    return None if missing(found) else found


def page_ready(loaded=True):
    """The page's Python has drawn it: <body data-ready="1"> says so (static/js/start-guard.js
    takes a page whose script ended without it for one that failed, and the tests wait for it);
    with `loaded`, the page's loading line (#status) goes too."""
    if loaded:
        by_id("status").hidden = True
    document.body.dataset.ready = "1"


def site_base():
    """The site's address (ending in '/') as this page sees it: where the other pages are."""
    href = str(window.location.href).split("#")[0]
    return href[:href.rfind("/") + 1]


def prefers_reduced_motion():
    query = window.matchMedia("(prefers-reduced-motion: reduce)")
    return bool(query.matches)


class Timer:
    """One reusable timer around one callable: start(ms) (re)schedules it, stop() cancels.

    One proxy serves every call, so an animation of hundreds of steps makes
    no new JS objects.
    """

    def __init__(self, func):
        self._func = func
        self._handler = proxy(self._fire)
        self._id = None

    def _fire(self, *args):
        self._id = None
        self._func()

    def start(self, ms=0):
        self.stop()
        self._id = window.setTimeout(self._handler, ms)

    def stop(self):
        if self._id is not None:
            window.clearTimeout(self._id)
            self._id = None

    @property
    def pending(self):
        return self._id is not None
