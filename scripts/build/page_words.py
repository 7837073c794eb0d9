"""Each page's own words in each language, put in by the page's head before its first paint (issue 40).

A page in another language than English is kept unseen (html.i18n-pending) until its words are
in, so that no English flashes. Waiting for the page's Python to put them in (MicroPython started,
the whole catalog read, every marked element translated through the FFI) made a French or Arabic
page's first paint 2-2.7x the English one's (docs/performance.md). So this step writes, for
each page and language, the few words its HTML holds, static/i18n/<lang>/<page>.json:

- "marked": {English: translation} of the page's data-i18n texts and data-i18n-attr values
  (scripts/build/marked_text.py reads them, as the catalogs' extraction does);
- "board": for a page whose first board is in its HTML (the play page), {English: translation}
  of every text and attribute of that board drawn in the language, down to its `data-view`,
  so that the page's Python takes the board as it is instead of drawing it again.

The head fetches the file as it chooses the language (scripts/build/pages.py, language_script),
and PUT_WORDS, at the end of the body, puts the words in as text (textContent, attribute
values: never HTML) and shows the page. kalah/web/common/page_language.py then translates only
what the head has not (the file did not load: offline and never kept), and the page's Python
only what it draws.
"""

import json
import os

from kalah import i18n
from scripts.build.marked_text import COMPILED, compiled_path, marked_messages

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Every language the head can choose but English, whose page is as written: the pseudo-language too.
LANGUAGES = tuple(code for code in i18n.CODES if code != i18n.SOURCE) + (i18n.PSEUDO,)


def words_path(bundle_name, language):
    """static/i18n/fr/play.json: the play page's words in French."""
    return "%s/%s/%s.json" % (COMPILED, language, bundle_name)


def catalog_messages(language):
    """The compiled catalog's messages (scripts/build/i18n.py writes it): {English: translation or plural forms}."""
    with open(os.path.join(ROOT, compiled_path(language)), encoding="utf-8") as handle:
        return i18n.load(handle.read()).messages


def marked_words(page_html, messages):
    """{English: translation} of the page's marked text that its language translates."""
    words = {}
    for _line, message in marked_messages(page_html):
        translation = messages.get(message)
        if isinstance(translation, str) and translation and translation != message:
            words[message] = translation
    return words


def board_words(english, translated, words=None):
    """{English: translation} of every text and attribute value that differs between the same board
    drawn in English and in a language (kalah/web/common/board_markup.py's trees)."""
    words = {} if words is None else words
    (tag, attributes, children), (other_tag, other_attributes, other_children) = english, translated
    names = [name for name, _value in attributes]
    texts = isinstance(children, str), isinstance(other_children, str)
    if tag != other_tag or names != [name for name, _value in other_attributes] or texts[0] != texts[1] or (
            not texts[0] and len(children) != len(other_children)):
        raise SystemExit("page_words.py: the first board has another shape in another language (<%s>, <%s>): "
                         "its words cannot be put in by the head" % (tag, other_tag))
    pairs = [(value, other) for (_name, value), (_other_name, other) in zip(attributes, other_attributes)]
    if isinstance(children, str):
        pairs.append((children, other_children))
    else:
        for child, other_child in zip(children, other_children):
            board_words(child, other_child, words)
    for text, other in pairs:
        if text != other:
            if words.setdefault(text, other) != other:
                raise SystemExit("page_words.py: %r is %r and %r on the same first board" % (text, words[text], other))
    return words


def in_language(language, messages, draw):
    """What draw() returns with `language`'s catalog active (under CPython, as the page's Python would draw it)."""
    i18n.activate(i18n.Catalog(language, messages))
    try:
        return draw()
    finally:
        i18n.activate(i18n.ENGLISH)


def words_text(page_html, language, first_board=None):
    """The page's words file in `language`; first_board() draws the page's first board's tree, if it has one."""
    messages = catalog_messages(language)
    words = {"marked": marked_words(page_html, messages), "board": {}}
    if first_board is not None:
        words["board"] = board_words(first_board(), in_language(language, messages, first_board))
    return json.dumps(words, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


# At the end of the body, before the page's Python: once the words file is in (the head's
# window.kalahWords, null when it did not load), each marked element's text and each marked
# attribute is looked up as written (whitespace collapsed, as the catalogs key them), each text
# and attribute of a board drawn before Python ([data-view]) as it is; only own keys and text
# values are read (an attribute "constructor" is no word). A file not of this shape (damaged,
# or a cache's) is left alone, for page_language.py to put the words in. data-words="in" tells
# page_language.py they are in.
PUT_WORDS = (
    "<script>window.kalahWords && kalahWords.then((words) => {"
    "if (!words || !(words.marked instanceof Object) || !(words.board instanceof Object)) return;"
    "const say = (table, text) =>"
    " Object.hasOwn(table, text) && typeof table[text] === \"string\" ? table[text] : null;"
    "const marked = (text) => say(words.marked, text.trim().split(/\\s+/).join(\" \"));"
    "for (const element of document.querySelectorAll(\"[data-i18n]\")) {"
    " const text = marked(element.textContent); if (text) element.textContent = text; }"
    "for (const element of document.querySelectorAll(\"[data-i18n-attr]\"))"
    " for (const name of element.getAttribute(\"data-i18n-attr\").split(\" \")) {"
    "  const text = element.hasAttribute(name) && marked(element.getAttribute(name));"
    "  if (text) element.setAttribute(name, text); }"
    "for (const element of document.querySelectorAll(\"[data-view], [data-view] *\")) {"
    " for (const attribute of element.attributes) {"
    "  const text = say(words.board, attribute.value); if (text) attribute.value = text; }"
    " for (const node of element.childNodes) { const text = node.nodeType === Node.TEXT_NODE && say(words.board, node.data);"
    "  if (text) node.data = text; } }"
    "const root = document.documentElement; root.dataset.words = \"in\"; root.classList.remove(\"i18n-pending\");"
    "});</script>")
