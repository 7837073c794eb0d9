"""Issue 37: the same tournament with the same seed gives the same standings on an idle machine
and beside CPU hogs, because a move's limit is counted work (kalah.lab.work), not time.

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


def tournament(folder):
    folder.mkdir()
    for name in ("select_move", "algorithm"):
        (folder / (name + ".py")).write_text((TEMPLATES / (name + ".py")).read_text())
    done = subprocess.run([sys.executable, "-m", "kalah", "tournament", "select_move.py", "algorithm.py",
                           "--players", "greedy,random,rightmost", "--time", "0.2", "--seed", "7", "--json",
                           "--jobs", "2"], cwd=folder, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                          capture_output=True, timeout=900)
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    result = json.loads(done.stdout)
    games = [(game["south"], game["north"], game["seeds"], game["result"]) for game in result["games"]]
    return [tuple(row[key] for key in KEYS) for row in result["standings"]], games


def test_the_same_standings_idle_and_beside_cpu_hogs(tmp_path):
    idle = tournament(tmp_path / "idle")
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(2 * (os.cpu_count() or 1))]
    try:
        busy = tournament(tmp_path / "busy")
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    assert busy == idle
    assert not any(row[6] for row in idle[0])        # no forfeit, idle or busy
