"""Issue 37: the same tournament with the same seed gives the same standings on an idle machine
and beside CPU hogs, because a move's limit is counted work (kalah.lab.work), not time; and
issue 39: our searching players too, at a node budget (--nodes).

The lab's two templates search (select_move deepens until its budget runs out) and play our
reference players through `python -m kalah tournament`, every player sandboxed: with the old
clock, the depth the template reached, and so its moves, followed the machine's load.
"""

import json
import os
import pathlib
import subprocess
import sys

import pytest

from kalah.lab.sandbox import sandbox_problem

ROOT = pathlib.Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "kalah" / "lab" / "templates"
HOG = "while True:\n    pass\n"
KEYS = ("rank", "name", "games", "wins", "draws", "losses", "forfeits", "points", "seeds")

pytestmark = pytest.mark.skipif(sandbox_problem() is not None, reason="bubblewrap does not run here")


def tournament(folder, files=("select_move", "algorithm"), options=("--players", "greedy,random,rightmost")):
    folder.mkdir()
    for name in files:
        (folder / (name + ".py")).write_text((TEMPLATES / (name + ".py")).read_text())
    done = subprocess.run([sys.executable, "-m", "kalah", "tournament", *(name + ".py" for name in files),
                           *options, "--time", "0.2", "--seed", "7", "--json", "--jobs", "2"],
                          cwd=folder, env=dict(os.environ, PYTHONPATH=str(ROOT)), capture_output=True, timeout=900)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    result = json.loads(done.stdout)
    games = [(game["south"], game["north"], game["seeds"], game["result"]) for game in result["games"]]
    return [tuple(row[key] for key in KEYS) for row in result["standings"]], games


def idle_and_busy(play):
    """play() on this machine, then again beside a CPU hog on every core twice over."""
    idle = play("idle")
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(2 * (os.cpu_count() or 1))]
    try:
        return idle, play("busy")
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def test_the_same_standings_idle_and_beside_cpu_hogs(tmp_path):
    idle, busy = idle_and_busy(lambda name: tournament(tmp_path / name))
    assert busy == idle


def test_our_searching_players_at_a_node_budget_play_the_same_tournament_beside_cpu_hogs(tmp_path):
    # By the clock, how deep levels 5 and 8 search follows the load; by nodes it cannot.
    options = ("--players", "level5,level8", "--nodes", "4000", "--rules", "kalah(4,3)")
    idle, busy = idle_and_busy(lambda name: tournament(tmp_path / name, ("select_move",), options))
    assert busy == idle
    standings, games = idle
    assert [row[1] for row in sorted(standings, key=lambda row: row[1])] == ["level5", "level8", "select_move"]
    assert len(games) == 6 and all(game[3]["forfeit"] is None for game in games)
    assert not any(row[6] for row in idle[0])        # no forfeit, idle or busy
