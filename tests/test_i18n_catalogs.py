"""The message catalogs (kalah/i18n, locale/, static/i18n/; docs/translating.md): built as
scripts/build/i18n.py builds them now, every shipped one complete, its plural forms those of its
language and its placeholders those of the English; the runtime's gettext and ngettext; and the
links' lang=, which every reader accepts and ignores."""

import gettext
import json

import pytest

from kalah import i18n
from kalah.game.board import Board
from kalah.i18n.plurals import PLURAL_COUNTS, PLURAL_RULES
from kalah.i18n import seeds_text
from kalah.game.narration import describe_move
from kalah.game.rules import find_rules
from scripts.build import i18n as build

SHIPPED = [code for code in i18n.CODES if code != i18n.SOURCE]
COUNTS = list(range(0, 2001)) + [1000000, 2000000, 1000001, 3000000, 10 ** 9]


@pytest.fixture(scope="module")
def pot():
    return build.template()


def test_the_template_catalogs_and_compiled_files_are_what_the_build_writes_now():
    stale = build.stale()
    assert not stale, "%s differ from what scripts/build/i18n.py writes: run it" % ", ".join(stale)


@pytest.mark.parametrize("language", SHIPPED)
def test_every_shipped_catalog_translates_every_message(language, pot):
    catalog = build.read_catalog(build.po_path(language), language)
    wanted = {message.id if isinstance(message.id, str) else message.id[0] for message in pot if message.id}
    done = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        forms = list(message.string) if message.pluralizable else [message.string]
        if all(forms):
            done[message.id if isinstance(message.id, str) else message.id[0]] = forms
    assert sorted(wanted - set(done)) == []
    assert json.loads(build.read(build.compiled_path(language)))["messages"].keys() == wanted


@pytest.mark.parametrize("language", SHIPPED)
def test_each_catalog_s_plural_forms_are_its_language_s_and_the_runtime_agrees(language):
    catalog = build.read_catalog(build.po_path(language), language)
    header = dict(line.split(": ", 1) for line in catalog.mime_headers and
                  ["%s: %s" % pair for pair in catalog.mime_headers])["Plural-Forms"]
    count, expression = header.split(";", 1)
    assert count.strip() == "nplurals=%d" % PLURAL_COUNTS[language]
    header_rule = gettext.c2py(expression.strip().rstrip(";")[len("plural="):])
    assert [PLURAL_RULES[language](n) for n in COUNTS] == [header_rule(n) for n in COUNTS]
    assert set(header_rule(n) for n in COUNTS) == set(range(PLURAL_COUNTS[language]))   # each form is used
    for message in catalog:
        if message.id and message.pluralizable:
            assert len(message.string) == PLURAL_COUNTS[language] and all(message.string), message.id


def test_arabic_has_its_six_forms():
    assert [PLURAL_RULES["ar"](n) for n in (0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111)] == [
        0, 1, 2, 3, 3, 4, 4, 5, 5, 5, 3, 4]


@pytest.mark.parametrize("language", SHIPPED + [i18n.PSEUDO])
def test_every_translation_keeps_the_english_placeholders(language, pot):
    # Only Python's messages are formatted (%(name)s); the pages' text is shown as it is ("64 % des").
    formatted = {message.id if isinstance(message.id, str) else message.id[0]
                 for message in pot if message.id and "python-format" in message.flags}
    messages = json.loads(build.read(build.compiled_path(language)))["messages"]
    assert formatted <= set(messages)
    for english, translated in ((english, messages[english]) for english in formatted):
        for form in (translated if isinstance(translated, list) else [translated]):
            assert build.placeholders(form) == build.placeholders(english), (language, english, form)


def test_the_pseudo_language_wraps_every_message_longer_and_accented(pot):
    messages = json.loads(build.read(build.compiled_path(i18n.PSEUDO)))["messages"]
    assert len(messages) == len([message for message in pot if message.id])
    assert messages["Undo"] == "[Üñdõ ~~]"
    assert all(len(form) >= 1.4 * len(english) for english, text in messages.items()
               for form in (text if isinstance(text, list) else [text])[:1])


def test_english_is_the_messages_as_written_with_no_catalog():
    assert i18n.active_language() == "en"
    assert seeds_text(1) == "1 seed" and seeds_text(0) == "0 seeds"
    board = Board(find_rules("kalah(6,4)"))
    assert describe_move(board.rules, board.push(3)) == ["South sows house C (4 seeds).",
                                                          "The last seed fell in South's store: South moves again."]


def test_french_narration_and_plurals(french):
    assert [seeds_text(n) for n in (0, 1, 2, 1000000)] == ["0 graine", "1 graine", "2 graines", "1000000 de graines"]
    board = Board(find_rules("kalah(6,4)"))
    assert describe_move(board.rules, board.push(3)) == [
        "Sud sème la case C (4 graines).", "La dernière graine est tombée dans le grenier de Sud : Sud rejoue."]
    assert i18n.gettext("not a message") == "not a message"   # a message the catalog lacks stays English


def test_the_rules_tour_s_feedback_in_french(french):
    from kalah.game.rules import SWAP
    from kalah.study.rules_tour import find_lesson, try_move
    capture = find_lesson("capture")
    assert try_move(capture, 1).sentences[-1] == "C'est le coup demandé : il a capturé."
    assert try_move(capture, 3).sentences[-1] == (
        "Pas celui-ci : la dernière graine doit tomber dans une de vos cases vides, face à une case qui a des graines.")
    assert try_move(capture, 2).sentences == ["La case B est vide : choisissez une case avec des graines."]
    assert try_move(capture, 2, side=1).sentences == ["Ici, c'est au tour de Sud : jouez une case de Sud."]
    assert try_move(find_lesson("pie"), SWAP).sentences[-1] == "C'est le coup demandé : vous avez changé de camp."


def test_the_rules_tour_s_feedback_in_english_as_written():
    from kalah.study.rules_tour import find_lesson, try_move
    assert try_move(find_lesson("capture"), 2, side=1).sentences == [
        "It is South's turn here: play one of South's houses."]
    assert try_move(find_lesson("capture"), 2).sentences == ["House B is empty: pick a house with seeds."]


def test_a_catalog_that_is_not_one_is_refused_with_the_reason():
    for text, reason in (("{", "not JSON"), ("[]", "no language"), ('{"language": "fr"}', "no messages")):
        with pytest.raises(i18n.CatalogError, match=reason):
            i18n.load(text)


# ---- lang= in the links: accepted by every reader, whatever its value, and changing nothing ----

@pytest.mark.parametrize("language", ["fr", "ar", "xx", "", "<b>"])
def test_a_share_link_s_lang_changes_nothing_in_the_game(language):
    from kalah.library.links import parse_fragment, share_fragment
    from kalah.records.record import Record
    board = Board(find_rules("kalah(6,4)"))
    board.push(3)
    fragment = "#" + share_fragment(Record.from_board(board))
    plain = parse_fragment(fragment)
    with_language = parse_fragment(fragment + "&lang=" + language)
    assert with_language.record.to_json() == plain.record.to_json()
    assert parse_fragment("#lang=%s&" % language + fragment[1:]).record.to_json() == plain.record.to_json()


def test_preset_puzzle_and_analysis_links_accept_lang():
    from kalah.study.analysis import board_from_fragment
    from kalah.library.presets import parse_preset
    from kalah.study.puzzles import parse_link
    assert parse_preset("#rules=owari&north=level5&lang=fr").rules.name == parse_preset(
        "#rules=owari&north=level5").rules.name
    assert vars(parse_link("#lang=de&rules=kalah(6,4)")) == vars(parse_link("#rules=kalah(6,4)"))
    position = "kalah(6,4)/4,4,4,4,4,4,0,4,4,4,4,4,4,0/S"
    assert board_from_fragment("#position=%s&lang=ar" % position).position() == position
    # What else a link holds is still checked: lang= excuses nothing.
    from kalah.errors import KalahError
    with pytest.raises(KalahError, match="unknown setting 'colour'"):
        parse_preset("#rules=owari&lang=fr&colour=red")
