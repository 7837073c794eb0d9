"""Preset-game links (kalah/library/presets.py): every form, every refusal, and a round trip."""

import pytest
from hypothesis import given, strategies as st

from kalah.errors import KalahError
from kalah.library.presets import LINK_PLAYERS, Preset, format_preset, link_player, parse_preset
from kalah.game.rules import NORTH, SOUTH, known_names
from tests.micropython.runner import needs_micropython, run_micropython


def test_the_issue_example_reads_as_that_game():
    preset = parse_preset("#rules=kalah(6,3)&south=person&north=level3")
    assert preset.rules.name == "kalah(6,3)"
    assert preset.players == ("human", "level3")
    assert preset.first == SOUTH and preset.speed == "normal"


def test_defaults_are_a_person_against_level3_on_kalah_6_4():
    assert parse_preset("south=person") == Preset("kalah(6,4)", ("human", "level3"))
    assert parse_preset("rules=owari") == Preset("owari", ("human", "level3"))


@pytest.mark.parametrize("fragment,rules,players,first,speed", [
    ("rules=kalah(6,4)&south=level8&north=person", "kalah(6,4)", ("level8", "human"), SOUTH, "normal"),
    ("rules=kalah(6,4)&south=person&north=perfect", "kalah(6,4)", ("human", "perfect"), SOUTH, "normal"),
    ("rules=kalah(6,3)+empty-capture+pie&south=greedy&north=random", "kalah(6,3)+empty-capture+pie",
     ("greedy", "random"), SOUTH, "normal"),
    ("rules=oware&south=first&north=rightmost&first=north&speed=fast", "oware", ("first", "rightmost"), NORTH, "fast"),
    ("north=level1&rules=relay-kalaha&speed=slow", "relay-kalaha", ("human", "level1"), SOUTH, "slow"),
    ("rules=KALAH%286%2C5%29&south=Person&north=human", "kalah(6,5)", ("human", "human"), SOUTH, "normal"),
    ("rules=kalah(4,3)+gamelink&", "kalah(4,3)+gamelink", ("human", "level3"), SOUTH, "normal"),
])
def test_every_form(fragment, rules, players, first, speed):
    assert parse_preset(fragment) == Preset(rules, players, first, speed)


@pytest.mark.parametrize("fragment,message", [
    ("", "holds no game setup"),
    ("#", "holds no game setup"),
    ("&&", "holds no game setup"),
    ("rules=chess", "unknown rule set 'chess'"),
    ("rules=kalah(6,x)", "whole numbers"),
    ("rules=", "names no rule set"),
    ("south=level9", "unknown player 'level9'"),
    ("north=<b>", "unknown player '<b>'"),
    ("colour=red", "unknown setting 'colour'"),
    ("rules=owari&rules=oware", "given twice"),
    ("first=east", "first= must be south or north"),
    ("speed=warp", "speed= must be fast, normal, slow"),
    ("south", "'south' is not key=value"),
    ("rules=kalah%2", "broken %-escape"),
    ("rules=kalah%00", "no game setup has (%00)"),
    ("rules=" + "k" * 400, "too long"),
    # Every bad setting is named, not only the first.
    ("rules=nonsense&south=x", "unknown rule set 'nonsense'; known: "),
    ("rules=nonsense&south=x", "; and unknown player 'x'"),
    ("first=east&speed=warp", "first= must be south or north, not 'east'; and speed= must be"),
])
def test_a_bad_preset_is_refused_with_the_reason(fragment, message):
    with pytest.raises(KalahError) as error:
        parse_preset(fragment)
    assert message in str(error.value)


def test_a_person_is_called_person_in_links():
    assert link_player("person") == "human"
    assert format_preset(Preset("kalah(6,4)", ("human", "level8"))) == "rules=kalah(6,4)&south=person&north=level8"


RULES = known_names() + ["kalah(1,1)", "kalah(8,12)+empty-capture+gamelink+pie", "owari+limit50"]
PLAYERS = [link_player(word) for word in LINK_PLAYERS]


@given(st.sampled_from(RULES), st.sampled_from(PLAYERS), st.sampled_from(PLAYERS),
       st.sampled_from([SOUTH, NORTH]), st.sampled_from(["fast", "normal", "slow"]))
def test_format_then_parse_gives_the_same_preset(rules, south, north, first, speed):
    preset = Preset(rules, (south, north), first, speed)
    text = format_preset(preset)
    assert parse_preset(text) == preset
    assert parse_preset("#" + text) == preset
    assert format_preset(parse_preset(text)) == text


@given(st.text(max_size=60))
def test_any_text_is_a_preset_or_a_kalah_error(text):
    try:
        parse_preset(text)
    except KalahError:
        pass


@needs_micropython
def test_presets_run_under_micropython():
    code = ("from kalah.library.presets import parse_preset, format_preset\n"
            "p = parse_preset('#rules=kalah(6,3)%2Bpie&south=level8&north=person&first=north')\n"
            "print(format_preset(p))\n"
            "try:\n    parse_preset('south=level9')\nexcept ValueError as e:\n    print(e)\n")
    assert run_micropython(code).splitlines() == [
        "rules=kalah(6,3)+pie&south=level8&north=person&first=north",
        "unknown player 'level9' (use person, level1..level8, perfect, random, first, rightmost, greedy)"]
