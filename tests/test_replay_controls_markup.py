"""The replay controls are written once (scripts/build/replay_controls.py) and carried by every
page that replays a game, each with the controls its row of PAGES names, in that order."""

import re

import pytest

from scripts.build import pages, replay_controls
from tests.web.test_play_config import ROOT

REPLAYING = {page.file: page for page in pages.PAGES if page.controls}


def control_ids(html):
    """The ids of the controls in the page's group of replay controls, in their order."""
    group = re.search(r"<div class=\"replay-controls\".*?</div>", html).group(0)
    return re.findall(r'<(?:button|select|a)\b[^>]*?\bid="([^"]+)"', group, re.S)


def test_the_replay_and_the_embed_carry_the_generated_controls():
    assert sorted(REPLAYING) == ["embed.html", "replay.html"]
    replay, embed = ((ROOT / name).read_text(encoding="utf-8") for name in ("replay.html", "embed.html"))
    assert control_ids(replay) == ["first", "prev", "play", "next", "last", "sow", "flip", "speed"]
    assert control_ids(embed) == ["first", "prev", "play", "next", "last", "flip", "open-tab"]
    for html in (replay, embed):
        assert html.count("<!-- generated: replay controls, by scripts/build/pages.py -->") == 1
        assert html.count('id="ply-slider"') == 1


def test_a_control_the_table_does_not_have_gets_a_message_naming_it():
    with pytest.raises(SystemExit, match=r"replay.html names no replay control 'rewind' \(there are: first, prev, "):
        replay_controls.controls_lines(("first", "rewind"), "replay.html")
