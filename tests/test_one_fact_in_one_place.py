"""Facts that several layers need are kept once and read by the others.

The computer players (names, kinds, titles, strengths) are kalah.ai.player_registry's: the
command line's players, preset links, the play page's choices and computer, and the lab's
players all read it. The bot time rule's wall-clock ceiling is kalah.lab.game.wall_ceiling:
the command line's referee (kalah.lab.seats, seconds) and the page's (kalah.web.lab.games,
milliseconds) both read it.
"""

import json
import pathlib
import subprocess
import sys

from kalah.library import presets
from kalah.ai import player_registry, players
from kalah.lab import game, seats

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The page modules import pyscript; a stub lets CPython read their lists (in a process of its own,
# so that no other test sees the stub).
PAGE_LISTS = r"""
import json, sys, types

class Anything(types.ModuleType):
    def __getattr__(self, name):
        return lambda *args, **kwargs: None

sys.modules["pyscript"] = Anything("pyscript")
sys.modules["pyscript.ffi"] = Anything("pyscript.ffi")
from kalah.web.common import computer, game_setup
from kalah.web.lab import games, players
runner = games.GameRunner.__new__(games.GameRunner)
runner.time_limit, runner.asked = 0.7, [1, 2]
runner.game = types.SimpleNamespace(turn=1)
later = runner.patience_ms()
runner.game.turn = 0
first = runner.patience_ms()
print(json.dumps({"computer": list(computer.PLAYER_NAMES), "reference": list(computer.REFERENCE_PLAYERS),
                  "choices": list(game_setup.COMPUTER_PLAYERS), "titles": game_setup.REFERENCE_TITLES,
                  "strength": game_setup.LEVEL_STRENGTH, "lab": list(players.OURS),
                  "patience": [later, first, games.FIRST_CALL_MS]}))
"""


def page_lists():
    run = subprocess.run([sys.executable, "-c", PAGE_LISTS], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_every_list_of_computer_players_is_the_registry():
    names = player_registry.NAMES
    assert names == player_registry.REFERENCE_NAMES + player_registry.LEVEL_NAMES + (player_registry.PERFECT,)
    assert players.NAMES == list(names)
    for name in names:   # each name makes a player of its kind
        made = players.get(name, seed=1)
        assert made.name == name
        kind = player_registry.kind_of(name)
        assert isinstance(made, {player_registry.LEVEL: players.SearchPlayer,
                                 player_registry.PERFECT: players.PerfectPlayer}.get(kind, players.Player))
    assert player_registry.kind_of("human") is None
    assert set(presets.LINK_PLAYERS) == set(names) | {presets.PERSON}
    assert sorted(player_registry.LEVEL_STRENGTH) == sorted(player_registry.LEVEL_NAMES)
    assert set(player_registry.TITLES) == set(player_registry.REFERENCE_NAMES) | {player_registry.PERFECT}
    pages = page_lists()
    assert pages["computer"] == list(names) and pages["reference"] == list(player_registry.REFERENCE_NAMES)
    assert sorted(pages["choices"]) == sorted(names)
    assert pages["titles"] == player_registry.TITLES
    assert pages["strength"] == json.loads(json.dumps(player_registry.LEVEL_STRENGTH))
    assert pages["lab"] == list(player_registry.REFERENCE_NAMES + player_registry.LEVEL_NAMES)


def test_the_page_and_the_command_line_time_a_move_by_one_rule():
    assert game.wall_ceiling(0.7) == 3 * 0.7 + 1 and game.wall_ceiling(2) == 7
    assert seats.wall_ceiling is game.wall_ceiling
    later, first, first_call = page_lists()["patience"]
    assert later == 3100   # 3.1 s, not truncated to 3099 ms
    assert first == later + first_call


def test_the_lab_page_states_the_time_rule_the_referee_applies():
    text = (ROOT / "kalah/web/lab/page.py").read_text(encoding="utf-8")
    assert "past the limit plus SLACK_MS" not in text
    assert "3 x the limit\n+ 1 s (`kalah.lab.game.wall_ceiling`)" in text
