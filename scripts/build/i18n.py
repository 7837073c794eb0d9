"""The message catalogs: extract, update, compile (Babel; run with the project's .venv).

    .venv/bin/python -m scripts.build.i18n           (from the top folder, after editing a message)

1. Extract every message into locale/kalah.pot: the Python sources' `_()`, `gettext()`,
   `ngettext()` and `N_()` calls (kalah/**/*.py), and the pages' HTML, where an element with a
   `data-i18n` attribute is one message (its text, whitespace collapsed) and `data-i18n-attr`
   names attributes whose values are messages (`data-i18n-attr="title aria-label"`).
2. Update each language's locale/<lang>/LC_MESSAGES/kalah.po from it (translations kept; a new
   message is added empty, a gone one is dropped: translators work on these files, docs/translating.md).
3. Compile each .po into static/i18n/<lang>.json, {"language", "messages": {English: translation or
   [plural forms]}}: the whole language, which the pages' build step reads (scripts/build/page_words.py)
   and kalah/i18n load() reads under CPython. Untranslated and fuzzy messages are left out (the page
   shows the English). Also the pseudo-language qps.json, every message wrapped in brackets,
   accented and about 40% longer, for the tests' layout checks.
4. Cut from each a catalog per page, static/i18n/<lang>/<page>.catalog.json, the one its head
   fetches: the messages found at a place the page can say them from (page_sources: every module
   its Python can import, its HTML, the scripts every page runs), the same form. A whole catalog
   cost each translated page 65-89 kB and, read by MicroPython, 17-31 ms of its own Python
   (docs/performance.md); the play page's is about a third of it, the embed's a fifth.

The output depends only on the sources and the .po files (no dates): tests/test_i18n_catalogs.py
fails when a written file differs from what this step writes now.
"""

import glob
import io
import json
import os
import re
import sys

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po

from kalah.i18n import CODES, PSEUDO, SOURCE
from kalah.i18n.plurals import PLURAL_COUNTS
from scripts.build import pages
from scripts.build.marked_text import compiled_path, marked_messages, page_catalog_path

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TEMPLATE = "locale/kalah.pot"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None}
TRANSLATOR_COMMENTS = ("Translators:",)
# The pages whose text is marked (docs/translating.md).
HTML_PAGES = ("index.html", "embed.html", "history.html", "rules.html", "analysis.html", "replay.html",
              "puzzles.html", "lab.html")
SCRIPTS = ("static/js/offline.js", "static/js/start-guard.js")   # scripts whose words are marked: t("..."), sized("..."), N_("...")
SCRIPT_KEYWORDS = {"t": None, "N_": None, "sized": None}
PAGE_WRITER = "scripts/build/pages.py"   # writes every page's head and header: its messages are every page's
WIDTH = 100


def po_path(language):
    return "locale/%s/LC_MESSAGES/kalah.po" % language


# ---- extraction -------------------------------------------------------------------------------

def html_messages(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return marked_messages(handle.read())


def python_sources():
    sources = glob.glob(os.path.join(ROOT, "kalah", "**", "*.py"), recursive=True)
    sources.append(os.path.join(ROOT, "scripts", "build", "pages.py"))
    return sorted(os.path.relpath(path, ROOT).replace(os.sep, "/") for path in sources)


def template():
    """Every marked message, in a Catalog (locations sorted, so the .pot is the same each time)."""
    catalog = Catalog(project="Kalah in the browser", version="1", fuzzy=False, creation_date=_FIXED_DATE,
                      revision_date=_FIXED_DATE, header_comment="# The messages of Kalah in the browser, "
                      "extracted by scripts/build/i18n.py: do not edit (docs/translating.md).")
    for source in python_sources():
        for line, message, comments, context in extract_from_file(
                "python", os.path.join(ROOT, source), keywords=KEYWORDS, comment_tags=TRANSLATOR_COMMENTS,
                strip_comment_tags=True):
            if isinstance(message, tuple) and len(message) == 1:
                message = message[0]
            catalog.add(message, locations=[(source, line)], auto_comments=comments, context=context,
                        flags=("python-format",) if _formatted(message) else ())
    for script in SCRIPTS:
        for line, message, comments, context in extract_from_file(
                "javascript", os.path.join(ROOT, script), keywords=SCRIPT_KEYWORDS):
            catalog.add(message, locations=[(script, line)], auto_comments=comments,
                        flags=("python-format",) if _formatted(message) else ())
    for page in HTML_PAGES:
        for line, message in html_messages(page):
            added = catalog.add(message, locations=[(page, line)])
            added.flags.discard("python-format")   # shown as it is: Babel takes "64% of" for "% o"
    return catalog


def _formatted(message):
    texts = message if isinstance(message, tuple) else (message,)
    return any(PLACEHOLDER.search(text) for text in texts)


# %(name)s, %d, %s: what a translation must keep (tests/test_i18n_catalogs.py).
PLACEHOLDER = re.compile(r"%(?:\(\w+\))?[-+ 0#]*\d*(?:\.\d+)?[sdiouxXeEfFgGcr]")


def placeholders(text):
    return sorted(PLACEHOLDER.findall(text))


import datetime   # noqa: E402  (only for the fixed date below)
_FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


# ---- the .po files ----------------------------------------------------------------------------

def po_text(catalog, **options):
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, sort_output=False, omit_header=False, **options)
    text = out.getvalue().decode("utf-8")
    # Babel writes the run's date into the header whatever the catalog says: keep the files the same.
    return re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text)


def read_catalog(path, language=None):
    with open(os.path.join(ROOT, path), "rb") as handle:
        return read_po(handle, locale=language, abort_invalid=True)


def updated(language, pot):
    """The language's .po after `pot`'s messages: its translations kept, new messages empty."""
    path = po_path(language)
    if os.path.exists(os.path.join(ROOT, path)):
        catalog = read_catalog(path, language)
    else:
        catalog = Catalog(locale=language, project="Kalah in the browser", version="1", fuzzy=False)
    catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.header_comment = "# %s messages of Kalah in the browser (docs/translating.md)." % language
    catalog.creation_date = catalog.revision_date = _FIXED_DATE
    return catalog


# ---- compiling --------------------------------------------------------------------------------

def compiled(messages):
    """{English: translation, or [plural forms]} of a catalog's translated messages (Babel's Message)."""
    table = {}
    for message in messages:
        if not message.id or message.fuzzy:
            continue
        if message.pluralizable:
            forms = list(message.string)
            if all(forms):
                table[message.id[0]] = forms
        elif message.string:
            table[message.id] = message.string
    return table


def json_text(language, messages):
    return json.dumps({"language": language, "messages": messages}, ensure_ascii=False,
                      sort_keys=True, separators=(",", ":")) + "\n"


_ACCENTS = dict(zip("aeiouyAEIOUYcnsz", "áéîõüýÁÉÎÕÜÝçñšž"))


def pseudo(text):
    """'[Úndó ~~]': accented, about 40% longer, placeholders kept, so an untranslated message or a
    box too narrow shows in the tests."""
    parts = PLACEHOLDER.split(text)
    marks = PLACEHOLDER.findall(text)
    out = []
    for index, part in enumerate(parts):
        out.append("".join(_ACCENTS.get(ch, ch) for ch in part))
        if index < len(marks):
            out.append(marks[index])
    # Words of tildes, so that a long message still wraps as real words do.
    padding = " ".join(["~~~~"] * ((len(text) * 2 + 24) // 25)) if len(text) > 10 else "~" * max(1, (len(text) * 2 + 4) // 5)
    return "[" + "".join(out) + " " + padding + "]"


def pseudo_compiled(messages):
    """The same as compiled(), in the pseudo-language: every message of the template."""
    table = {}
    for message in messages:
        if not message.id:
            continue
        if message.pluralizable:
            table[message.id[0]] = [pseudo(message.id[0]), pseudo(message.id[1])]
        else:
            table[message.id] = pseudo(message.id)
    return table


# ---- each page's catalog ----------------------------------------------------------------------

def page_sources(page):
    """Every file a message the page can say is marked in: each module its Python can import (its
    config's bundle and, for the play page, what it fetches later), its HTML (translated by its
    Python when the head's words did not load), the scripts every page runs and the step that writes
    every page's head. A message reaches a page's Python only through a module it imports: the
    workers send it English text (the lab's referee's sentences are matched by kalah/web/lab/lab_words.py)."""
    return set(pages.page_files(page)) | {page.file, PAGE_WRITER} | set(SCRIPTS)


def said_on(page, messages):
    """The messages marked at a place in page_sources(page)."""
    sources = page_sources(page)
    return [message for message in messages if any(path in sources for path, _line in message.locations)]


def page_catalogs(language, messages, compile_messages):
    """{static/i18n/<language>/<page>.catalog.json: its text} for every page."""
    return {page_catalog_path(page.bundle_name, language):
            json_text(language, compile_messages(said_on(page, messages))) for page in pages.PAGES}


# ---- the files --------------------------------------------------------------------------------

def generated():
    """{path under ROOT: its text} for the template, every .po, every compiled catalog and every page's."""
    pot = template()
    texts = {TEMPLATE: po_text(pot)}
    for language in CODES:
        if language == SOURCE:
            continue
        catalog = updated(language, pot)
        texts[po_path(language)] = po_text(catalog, ignore_obsolete=True)
        texts[compiled_path(language)] = json_text(language, compiled(catalog))
        texts.update(page_catalogs(language, list(catalog), compiled))
    texts[compiled_path(PSEUDO)] = json_text(PSEUDO, pseudo_compiled(pot))
    texts.update(page_catalogs(PSEUDO, list(pot), pseudo_compiled))
    return texts


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8", newline="") as handle:
        return handle.read()


def stale(texts=None):
    texts = generated() if texts is None else texts
    return sorted(path for path, text in texts.items()
                  if not os.path.exists(os.path.join(ROOT, path)) or read(path) != text)


def main():
    texts = generated()
    written = stale(texts)
    for path in written:
        full = os.path.join(ROOT, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8", newline="") as handle:
            handle.write(texts[path])
    print("i18n: %d messages, %s" % (len(template()), "wrote " + ", ".join(written) if written
                                      else "every file up to date"))


if __name__ == "__main__":
    sys.exit(main())
