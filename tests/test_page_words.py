"""Each page's words per language, which its head puts in before the first paint
(scripts/build/page_words.py, issue 40)."""

import json

import pytest

from kalah import i18n
from scripts.build import page_words, pages

PAGE_HTML = ('<title data-i18n>Kalah game</title><p data-i18n>  Undo\n  </p><p data-i18n>Not in the catalog</p>'
             '<nav aria-label="Site" data-i18n-attr="aria-label title"></nav>')


def test_the_marked_words_are_those_the_language_translates():
    messages = {"Kalah game": "Partie de Kalah", "Undo": "Annuler", "Site": "Site",
                "%(count)d seed": ["%(count)d graine", "%(count)d graines"]}
    assert page_words.marked_words(PAGE_HTML, messages) == {"Kalah game": "Partie de Kalah", "Undo": "Annuler"}


def test_the_board_s_words_are_every_text_and_attribute_that_differs():
    english = ("div", (("class", "kb"), ("aria-label", "Board")), (("span", (), "to move"), ("span", (), "A")))
    french = ("div", (("class", "kb"), ("aria-label", "Plateau")), (("span", (), "au trait"), ("span", (), "A")))
    assert page_words.board_words(english, french) == {"Board": "Plateau", "to move": "au trait"}


@pytest.mark.parametrize("translated", [
    ("div", (("class", "kb"),), (("b", (), "au trait"),)),           # another element
    ("div", (("class", "kb"), ("title", "x")), (("span", (), "au trait"),)),   # another attribute
    ("div", (("class", "kb"),), (("span", (), "au trait"), ("span", (), "A"))),   # another child
    ("div", (("class", "kb"),), "au trait"),                           # text for elements
], ids=["tag", "attribute", "children", "text"])
def test_a_board_of_another_shape_in_another_language_is_refused(translated):
    english = ("div", (("class", "kb"),), (("span", (), "to move"),))
    with pytest.raises(SystemExit, match="another shape"):
        page_words.board_words(english, translated)


def test_one_english_text_with_two_translations_on_a_board_is_refused():
    english = ("div", (), (("span", (), "North"), ("span", (), "North")))
    translated = ("div", (), (("span", (), "Nord"), ("span", (), "le Nord")))
    with pytest.raises(SystemExit, match="'North' is 'Nord' and 'le Nord'"):
        page_words.board_words(english, translated)


def test_the_play_page_s_french_words_hold_its_first_board_in_french():
    words = json.loads(pages.generated()[page_words.words_path("play", "fr")])
    assert words["marked"]["Undo"] == "Annuler" and words["marked"]["Play"] == "Jouer"
    assert words["board"]["North · Computer (level 3)"] == "Nord · Ordinateur (niveau 3)"
    assert words["board"]["your house A, 4 seeds"] == "votre case A, 4 graines"
    english_view = [key for key in words["board"] if key.startswith("10:kalah(6,4)")]
    assert [words["board"][key][-4:] for key in english_view] == ["2:fr"]   # the view key says its language
    assert i18n.active_language() == i18n.SOURCE   # the build put English back
