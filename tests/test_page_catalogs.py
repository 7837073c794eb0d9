"""Each page's own catalog (static/i18n/<lang>/<page>.catalog.json, scripts/build/i18n.py), the one
its head fetches: it holds every message the page can say, found here again from the page's files
themselves (each module its Python can import, its HTML, the scripts every page runs), and no other."""

import json
import os

import pytest
from babel.messages.extract import extract_from_file

from kalah import i18n
from scripts.build import i18n as build
from scripts.build import pages
from scripts.build.marked_text import marked_messages, page_catalog_path

LANGUAGES = [code for code in i18n.CODES if code != i18n.SOURCE] + [i18n.PSEUDO]


def marked_in(page):
    """Every message marked in a file the page runs or shows, extracted from each file."""
    found = set()
    for source in pages.page_files(page) + [build.PAGE_WRITER]:
        for _line, message, _comments, _context in extract_from_file(
                "python", os.path.join(build.ROOT, source), keywords=build.KEYWORDS):
            found.add(message if isinstance(message, str) else message[0])
    for script in build.SCRIPTS:
        for _line, message, _comments, _context in extract_from_file(
                "javascript", os.path.join(build.ROOT, script), keywords=build.SCRIPT_KEYWORDS):
            found.add(message if isinstance(message, str) else message[0])
    found.update(message for _line, message in marked_messages(build.read(page.file)))
    return found


@pytest.fixture(scope="module")
def marked():
    return {page.bundle_name: marked_in(page) for page in pages.PAGES}


def messages(path):
    return json.loads(build.read(path))["messages"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", pages.PAGES, ids=[page.bundle_name for page in pages.PAGES])
def test_a_page_s_catalog_holds_every_message_its_files_mark_and_no_other(page, language, marked):
    whole = messages(build.compiled_path(language))
    cut = messages(page_catalog_path(page.bundle_name, language))
    assert sorted(set(cut) ^ (marked[page.bundle_name] & set(whole))) == []
    assert all(cut[english] == whole[english] for english in cut)
    if language == i18n.PSEUDO:   # holds every message: none is missing from a page's
        assert marked[page.bundle_name] <= set(cut)


def test_a_page_s_catalog_is_a_cut_of_its_language_s():
    """The embed says none of the lab's, the rules lessons' or the history's words; the play page
    (its later bundle too: saving, the computer, the analysis panel) not the lab's."""
    lab_only = "Browser storage is full: export your player (.py) so as not to lose it."
    whole = messages(build.compiled_path("fr"))
    embed = messages(page_catalog_path("embed", "fr"))
    play = messages(page_catalog_path("play", "fr"))
    assert "Undo" in play and "%(player)s sows %(pit)s (%(seeds)s)." in embed
    assert lab_only in whole and lab_only not in play and lab_only not in embed
    assert len(embed) < len(whole) / 3 and len(play) < len(whole) / 2
