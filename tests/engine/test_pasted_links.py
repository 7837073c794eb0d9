"""The site's own share and embed links, and its embed code, read as the games they hold (issue 36:
history.html's paste box refused them)."""

import pytest

from kalah.errors import KalahError
from kalah.library.history_import import read_import
from kalah.library.links import embed_code, embed_fragment, link_fragment, share_fragment
from scripts.harness.random_games import random_game

RECORD = random_game(3, south="Ann", north="Bob")
SHARE = "https://example.org/kalah/replay.html#" + share_fragment(RECORD, 6)
EMBED = "https://example.org/kalah/embed.html#" + embed_fragment(RECORD, autoplay=True, speed=2.0)


@pytest.mark.parametrize("text", [SHARE, EMBED, embed_code(EMBED, "Ann v Bob"), "  %s\n" % SHARE],
                         ids=["share link", "embed link", "embed code", "share link with spaces"])
def test_a_link_or_embed_code_imports_its_game(text):
    entries = read_import(text)
    assert [entry.record.moves for entry in entries] == [RECORD.moves]
    assert entries[0].record.south == "Ann" and entries[0].record.north == "Bob"


def test_the_fragment_of_embed_code_is_its_address_unescaped():
    assert link_fragment(embed_code(EMBED, "x")) == EMBED.split("#", 1)[1]
    assert "&amp;" in embed_code(EMBED, "x")


@pytest.mark.parametrize("text,problem", [
    ("https://example.org/replay.html#l=g12ab", "this link opens a game of the history of the browser"),
    ("https://example.org/replay.html#g=k1.nonsense", "the link's game cannot be read"),
    ('<iframe title="x"></iframe>', 'this embed code has no src="..." address'),
])
def test_a_bad_link_says_what_is_wrong(text, problem):
    with pytest.raises(KalahError) as error:
        read_import(text)
    assert str(error.value).startswith(problem), str(error.value)


def test_records_are_not_taken_for_links():
    assert link_fragment("k1.K64.m3") is None
    assert link_fragment('[Variant "kalah(6,4)"]\n\n1. C #') is None
